/* gutf8conv-kernel-generic-block.h: the byte-compare block test, written once
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The test the careful loops of the 16- and 32-byte kernels make of a
 * block that starts at a character boundary: each lead byte's class by
 * byte compares, the range Unicode Table 3-7 gives the byte after E0, ED,
 * F0 and F4, and one bit-mask identity (the continuation bytes are
 * exactly those the leads announce); then where the block's last whole
 * character ends.  Also the careful validation loop built from it, and
 * the careful loops' byte compares.  See the behaviour guide, section
 * `kernels`.
 *
 * The including file defines first, for its vector of GK_BLOCK (16, 32
 * or 64) bytes `gk_vec` and its mask of GK_BLOCK bits `gk_mask` (an
 * unsigned integer type, bit i for byte i):
 *   gk_vec  gk_loadu (const guint8 *p);
 *   void    gk_storeu (guint8 *p, gk_vec x);
 *   gk_mask gk_movemask (gk_vec x);              bit i: the top bit of byte i
 *   gk_vec  gk_set1 (guint8 c);
 *   gk_vec  gk_or (gk_vec a, gk_vec b), gk_and (a, b);
 *   gk_vec  gk_andnot (gk_vec a, gk_vec b);      ~a & b
 *   gk_vec  gk_cmpeq (gk_vec a, gk_vec b);       0xFF where equal
 *   gk_vec  gk_ge_u8 (gk_vec x, gk_vec c);       0xFF where x >= c, unsigned
 * and includes gutf8conv-kernel-generic.h.  A kernel whose compares give
 * masks defines GK_HAVE_GE_MASK and
 *   gk_mask gk_ge_mask (gk_vec x, guint8 c);     bit i: byte i >= c, unsigned
 * the others get it from gk_ge_u8().  A kernel with a lookup of the
 * range after each lead defines GK_HAVE_BAD_LEADS and
 *   gk_mask gk_bad_leads (gk_vec b, gk_vec n1, gk_mask l2, gk_mask l4, gboolean bmp_only);
 * (the leads of @b whose next byte, in @n1, is out of their range, or
 * that start nothing; @l2, @l4 the bytes from C0 and F0 up); the others
 * get the byte compares of gk_bad_bytes().
 */

#pragma once

#include "gutf8conv-kernel-tables.h"

#ifndef GK_HAVE_GE_MASK
GUTF8CONV_KERNEL_INLINE gk_mask gk_ge_mask (gk_vec x, guint8 c) { return gk_movemask (gk_ge_u8 (x, gk_set1 (c))); }
#endif

/* Every position of a block, as a mask. */
#define GK_ALL ((gk_mask) (~(gk_mask) 0 >> (8 * sizeof (gk_mask) - GK_BLOCK)))

/* The highest bit set in @m (not 0). */
GUTF8CONV_KERNEL_INLINE guint
gk_mask_top (gk_mask m)
{
  return sizeof (gk_mask) > sizeof (guint) ? 63 - __builtin_clzll (m) : 31 - __builtin_clz (m);
}

/* The lowest bit set in @m (not 0). */
GUTF8CONV_KERNEL_INLINE guint
gk_mask_low (gk_mask m)
{
  return sizeof (gk_mask) > sizeof (guint) ? __builtin_ctzll (m) : __builtin_ctz (m);
}

/* The number of bits set in @m. */
GUTF8CONV_KERNEL_INLINE guint
gk_popcount (gk_mask m)
{
  return sizeof (gk_mask) > sizeof (guint) ? __builtin_popcountll (m) : __builtin_popcount (m);
}

/* The leads of two, three and four bytes (every byte from C0, E0, F0 up)
 * and the continuation bytes of a block, one bit a byte. */
typedef struct
{
  gk_mask l2, l3, l4, cont;
} GkLeads;

/* C0, C1, F5..FF start nothing (F0..F4 neither with @bmp_only); E0, ED,
 * F0, F4 narrow the range of the byte after them, which @n1 holds: the
 * lead bytes and bounds gen-tables.py names.  Non-zero at each such byte. */
GUTF8CONV_KERNEL_INLINE gk_vec
gk_bad_bytes (gk_vec         b,
              gk_vec         n1,
              const gboolean bmp_only)
{
  gk_vec bad;

  bad = gk_or (gk_ge_u8 (b, gk_set1 (bmp_only ? GUTF8CONV_LEAD_END_BMP : GUTF8CONV_LEAD_END)),
               gk_cmpeq (gk_and (b, gk_set1 (GUTF8CONV_NO_LEAD_MASK)), gk_set1 (0xC0)));
  bad = gk_or (bad, gk_andnot (gk_ge_u8 (n1, gk_set1 (GUTF8CONV_LEAD3_RAISED_MIN)), gk_cmpeq (b, gk_set1 (GUTF8CONV_LEAD3_RAISED))));
  bad = gk_or (bad, gk_and (gk_ge_u8 (n1, gk_set1 (GUTF8CONV_LEAD3_LOWERED_END)), gk_cmpeq (b, gk_set1 (GUTF8CONV_LEAD3_LOWERED))));
  bad = gk_or (bad, gk_andnot (gk_ge_u8 (n1, gk_set1 (GUTF8CONV_LEAD4_RAISED_MIN)), gk_cmpeq (b, gk_set1 (GUTF8CONV_LEAD4_RAISED))));
  bad = gk_or (bad, gk_and (gk_ge_u8 (n1, gk_set1 (GUTF8CONV_LEAD4_LOWERED_END)), gk_cmpeq (b, gk_set1 (GUTF8CONV_LEAD4_LOWERED))));
  return bad;
}

/* The lead bytes of block @b (its bytes from the second on: @n1) that
 * start nothing or whose next byte is out of their range; also bytes
 * that are no leads, where the kernel's test does not exclude them. */
GUTF8CONV_KERNEL_INLINE gk_mask
gk_bad_mask_n1 (gk_vec          b,
                gk_vec          n1,
                gk_mask         l2,
                gk_mask         l4,
                const gboolean  bmp_only)
{
#ifdef GK_HAVE_BAD_LEADS
  return gk_bad_leads (b, n1, l2, l4, bmp_only);
#else
  (void) l2;
  (void) l4;
  return gk_movemask (gk_bad_bytes (b, n1, bmp_only));
#endif
}

/* The same for block @b at @p, whose next bytes are read from there. */
GUTF8CONV_KERNEL_INLINE gk_mask
gk_bad_mask (gk_vec          b,
             const guint8   *p,
             gk_mask         l2,
             gk_mask         l4,
             const gboolean  bmp_only)
{
  return gk_bad_mask_n1 (b, gk_loadu (p + 1), l2, l4, bmp_only);
}

/* The bytes of a block that its leads announce as continuation bytes. */
GUTF8CONV_KERNEL_INLINE gk_mask
gk_block_expected (const GkLeads *c)
{
  return ((c->l2 << 1) | (c->l3 << 2) | (c->l4 << 3)) & GK_ALL;
}

/* The classes of block @b, which holds something else than ASCII
 * (@nonascii: its top bits), into @c; the bytes where it is wrong as far
 * as it goes (0: valid): bad leads, continuation bytes no lead announces
 * and announced ones that are none.  A character that ends past the
 * block is checked up to its second byte (the block's bytes from the
 * second on, and the byte after it: @n1). */
GUTF8CONV_KERNEL_INLINE gk_mask
gk_block_wrong_n1 (gk_vec          b,
                   gk_vec          n1,
                   gk_mask         nonascii,
                   const gboolean  bmp_only,
                   GkLeads        *c)
{
  c->l2 = gk_ge_mask (b, 0xC0);
  c->l3 = gk_ge_mask (b, 0xE0);
  c->l4 = gk_ge_mask (b, 0xF0);
  c->cont = nonascii & ~c->l2;
  return gk_bad_mask_n1 (b, n1, c->l2, c->l4, bmp_only) | (c->cont ^ gk_block_expected (c));
}

/* gk_block_wrong_n1() for block @b at @p, its next bytes read from
 * there. */
GUTF8CONV_KERNEL_INLINE gk_mask
gk_block_wrong (gk_vec          b,
                const guint8   *p,
                gk_mask         nonascii,
                const gboolean  bmp_only,
                GkLeads        *c)
{
  return gk_block_wrong_n1 (b, gk_loadu (p + 1), nonascii, bmp_only, c);
}

/* gk_block_wrong() as a verdict: whether block @b is valid as far as it
 * goes. */
GUTF8CONV_KERNEL_INLINE gboolean
gk_block_valid (gk_vec          b,
                const guint8   *p,
                gk_mask         nonascii,
                const gboolean  bmp_only,
                GkLeads        *c)
{
  return gk_block_wrong (b, p, nonascii, bmp_only, c) == 0;
}

/* Where a block from a character boundary stops being valid: the start
 * of the character that holds its first wrong byte (@wrong, not 0; the
 * bytes its leads announce as continuations: @expected).  Before the
 * first wrong byte every continuation byte is where a lead announces
 * one, so the last byte up to it that none announces starts that
 * character, and the characters before it are whole and valid: the
 * scalar kernel stops there too (behaviour-errors). */
GUTF8CONV_KERNEL_INLINE guint
gk_valid_prefix (gk_mask expected,
                 gk_mask wrong)
{
  /* Bit 0 is never announced: never empty. */
  return gk_mask_top (~expected & (wrong ^ (wrong - 1)));
}

/* Where the valid block @c ends for its caller: GK_BLOCK, or the start of
 * its last character where that ends past it (the next block's). */
GUTF8CONV_KERNEL_INLINE guint
gk_block_end (const GkLeads *c)
{
  gk_mask lead = ~c->cont & GK_ALL;
  guint k = gk_mask_top (lead);
  guint len = 1 + ((c->l2 >> k) & 1) + ((c->l3 >> k) & 1) + ((c->l4 >> k) & 1);

  return k + len <= GK_BLOCK ? GK_BLOCK : k;
}

/* The lead bytes of the characters that end within the first @consumed
 * bytes of the block (gk_block_end()'s result). */
GUTF8CONV_KERNEL_INLINE gk_mask
gk_block_leads (const GkLeads *c,
                guint          consumed)
{
  gk_mask lead = ~c->cont & GK_ALL;

  return consumed == GK_BLOCK ? lead : lead & (((gk_mask) 1 << consumed) - 1);
}

/* Validation from the character boundary @p to @end, block by block,
 * where a fast loop stopped: a block that fails the test ends the run
 * before its first wrong character; the short rest goes to the scalar
 * validator.  Returns the end of the valid run. */
GUTF8CONV_KERNEL_INLINE const guint8 *
gk_validate_careful (const guint8   *p,
                     const guint8   *end,
                     const gboolean  bmp_only)
{
  const guint flags = bmp_only ? GUTF8CONV_KERNEL_BMP_ONLY : 0;

  /* The byte after a block is read too. */
  while (end - p >= GK_BLOCK + 1)
    {
      gk_vec b = gk_loadu (p);
      gk_mask nonascii = gk_movemask (b), wrong;
      GkLeads c;

      if (nonascii == 0)
        {
          p += GK_BLOCK;
          continue;
        }
      wrong = gk_block_wrong (b, p, nonascii, bmp_only, &c);
      if (wrong != 0)
        return p + gk_valid_prefix (gk_block_expected (&c), wrong);
      p += gk_block_end (&c);
    }
  return p + gutf8conv_kernel_scalar_validate (p, end - p, flags);
}

/* The block at @p of the fast loops, which step a fixed block, and the
 * classes gk_block_valid_carry() takes of it and of the block after it:
 * its top bits and its bytes from C0 up. */
GUTF8CONV_KERNEL_INLINE void
gk_carry_block (const guint8 *p,
                gk_vec       *b,
                gk_mask      *nonascii,
                gk_mask      *l2)
{
  *b = gk_loadu (p);
  *nonascii = gk_movemask (*b);
  *l2 = gk_ge_mask (*b, 0xC0);
}

/* The test of the fast validation loops, which step a fixed block: block
 * @b at @p (@nonascii, @l2: its top bits and bytes from C0 up) is valid,
 * the *@carry continuation bytes at its start (those of a character the
 * block before started) included, and the next block (@cont2: its
 * continuation bytes) has the continuation bytes of a character that
 * crosses into it.  Sets *@carry to those; FALSE where something is
 * wrong, for the careful loop. */
GUTF8CONV_KERNEL_INLINE gboolean
gk_block_valid_carry (gk_vec          b,
                      const guint8   *p,
                      gk_mask         nonascii,
                      gk_mask         l2,
                      gk_mask         cont2,
                      gk_mask        *carry,
                      const gboolean  bmp_only)
{
  gk_mask cont = nonascii & ~l2;
  gk_mask l3 = gk_ge_mask (b, 0xE0);
  gk_mask l4 = gk_ge_mask (b, 0xF0);
  gk_mask carry_out = (l2 >> (GK_BLOCK - 1)) | (l3 >> (GK_BLOCK - 2)) | (l4 >> (GK_BLOCK - 3));

  if (gk_bad_mask (b, p, l2, l4, bmp_only) != 0 ||
      cont != (((l2 << 1) | (l3 << 2) | (l4 << 3) | *carry) & GK_ALL) ||
      (cont2 & carry_out) != carry_out)
    return FALSE;
  *carry = carry_out;
  return TRUE;
}

/* The fast validation loop of a kernel without nibble lookups: from the
 * start of the input @in to @end, a fixed block a step, a character
 * crossing into the next block accepted once the next block has its
 * continuation bytes; when @out is given, stores each block to the same
 * place of @out as it goes (a block that fails is stored too, but not
 * counted in *@stored).  Returns where it stopped, at a character
 * boundary, for the careful loop. */
#ifdef GK_ASCII_STEP_FIRST
/* The kernel asks for the ASCII step to fall through (GCC's block
 * order): avx512, whose ASCII steps are slower with an extra jump, while
 * the others' validation loses its constants' registers that way. */
#define GK_VALIDATE_ASCII_FIRST(x) __builtin_expect ((x), 0)
#else
#define GK_VALIDATE_ASCII_FIRST(x) (x)
#endif

GUTF8CONV_KERNEL_INLINE const guint8 *
gk_validate_fast (const guint8   *in,
                  const guint8   *end,
                  guint8         *out,
                  gsize          *stored,
                  const gboolean  bmp_only)
{
  const guint8 *p = in;
  gk_vec b;
  gk_mask nonascii, l2, carry = 0;

  *stored = 0;
  if (end - p < 2 * GK_BLOCK)
    return p;
  gk_carry_block (p, &b, &nonascii, &l2);
  do
    {
      gk_vec b2;
      gk_mask nonascii2, l2_2;

      gk_carry_block (p + GK_BLOCK, &b2, &nonascii2, &l2_2);
      if (out != NULL)
        gk_storeu (out + (p - in), b);
      if (GK_VALIDATE_ASCII_FIRST (nonascii != 0 || carry != 0) &&
          !gk_block_valid_carry (b, p, nonascii, l2, nonascii2 & ~l2_2, &carry, bmp_only))
        break;
      p += GK_BLOCK;
      *stored = p - in;
      b = b2;
      nonascii = nonascii2;
      l2 = l2_2;
    }
  while (end - p >= 2 * GK_BLOCK);
  return p + gk_popcount (carry);
}

/* A kernel's validating copy @name (GUtf8ConvCopyFunc): its fast loop
 * @validate_fast (gk_validate_fast()'s arguments and result: the
 * generic one, or the kernel's own), which stores as it goes, then the
 * careful loop, whose run is copied after.  And @name_mend
 * (GUtf8ConvCopyMendFunc): where the fast loop stops, the blocks from
 * there spliced in one go each (gk_copy_mend_blocks()) until one passes
 * the test, then the fast loop again; near the input's or the output's
 * end, @name, and where it stops, each sequence mended by gk_mend(), as
 * UTF-8, and the next ones that follow it at once, without a call each
 * (a damaged character is often two or three).  Called, not inlined
 * again: sse2's careful loop inlined here ran two more instructions a
 * block. */
#define GK_COPY_ENTRY_POINT(name, validate_fast) \
  GUTF8CONV_KERNEL_INLINE gsize \
  name##_impl (const guint8   *in, \
               gsize           in_len, \
               guint8         *out, \
               gsize          *stored, \
               const gboolean  bmp_only) \
  { \
    const guint8 *p = validate_fast (in, in + in_len, out, stored, bmp_only); \
    \
    p = gk_validate_careful (p, in + in_len, bmp_only); \
    *stored = MIN (*stored, (gsize) (p - in)); \
    return p - in; \
  } \
  \
  static gsize \
  name (const guint8 *in, \
        gsize         in_len, \
        guint8       *out, \
        gsize         out_len, \
        guint         flags, \
        gsize        *in_used) \
  { \
    GUTF8CONV_KERNEL_COPY_STORING (name##_impl); \
  } \
  \
  /* The fast loop alone, called: inlined, it would cost the plain \
   * copy's loop as the careful one's would. */ \
  static __attribute__((noinline)) const guint8 * \
  name##_fast (const guint8 *in, \
               const guint8 *end, \
               guint8       *out, \
               gsize        *stored) \
  { \
    return validate_fast (in, end, out, stored, FALSE); \
  } \
  \
  GUTF8CONV_KERNEL_INLINE gsize \
  name##_mending (const guint8        *in, \
                  gsize                in_len, \
                  guint8              *out, \
                  gsize                out_len, \
                  const guint          flags G_GNUC_UNUSED, \
                  gsize               *in_used, \
                  GUtf8ConvKernelMend *mend) \
  { \
    const guint8 *p = in, *end = in + in_len; \
    guint8 *o = out, *oend = out + out_len; \
    GkMend m; \
    guint len; \
    \
    gk_mend_init (&m, mend, in); \
    for (;;) \
      { \
        gsize used, stored, n; \
        \
        if (end - p >= GK_COPY_MEND_IN && oend - o >= GK_COPY_MEND_OUT) \
          { \
            /* The fast loop alone: the block it stops at is spliced. */ \
            n = name##_fast (p, p + MIN (end - p, oend - o), o, &stored) - p; \
            stored = MIN (stored, n); \
            if (end - p - n >= GK_COPY_MEND_IN && oend - o - n >= GK_COPY_MEND_OUT) \
              { \
                gk_copy_blocks (o + stored, p + stored, n - stored); \
                p += n; \
                o += n; \
                if (!gk_copy_mend_blocks (&m, &p, end, &o, oend, n >= GK_MEND_SPARSE)) \
                  break; \
                continue; \
              } \
            memcpy (o + stored, p + stored, n - stored); \
            p += n; \
            o += n; \
          } \
        /* (gk_mend_after_plain() here made ssse3 slower on damaged \
         * text: the blocks' loop above was laid out otherwise, \
         * with the same instructions; gk_mend_run() for the mends \
         * below took more instructions in that loop.) */ \
        n = name (p, end - p, o, oend - o, 0, &used); \
        p += n; \
        o += n; \
        if (p == end) \
          break; \
        if ((len = gk_mend (&m, p, end, &o, oend, 1, FALSE)) == 0) \
          break; \
        p += len; \
        while (p < end && *p >= 0x80 && gk_maximal_subpart (p, end) != 0 && \
               (len = gk_mend (&m, p, end, &o, oend, 1, FALSE)) != 0) \
          p += len; \
      } \
    return gutf8conv_kernel_stop (in, p, out, o, in_used); \
  } \
  \
  GUTF8CONV_KERNEL_MEND_ENTRY_POINT (name##_mend, name##_mending, name, 2 * GK_BLOCK)

/* Mending (GUtf8ConvDecodeMendFunc): where the careful loop of a kernel
 * that mends stops, the malformed sequence there is written as the
 * codec's dense loop writes it and the kernel goes on.  @mend is NULL in
 * the plain entry points, which then compile as they did. */
typedef struct
{
  GUtf8ConvKernelMend *mend;
  const guint8        *last;    /* the end of the last mended sequence, or the call's start */
  guint                close;   /* mends in a row within GUTF8CONV_KERNEL_MEND_GAP of the one before */
  gboolean             utf8;    /* a fast loop saw a character of more than one byte */
} GkMend;

GUTF8CONV_KERNEL_INLINE void
gk_mend_init (GkMend              *m,
              GUtf8ConvKernelMend *mend,
              const guint8        *in)
{
  m->mend = mend;
  m->last = in;
  /* The call's start counts as the last of a row: the codec calls after
   * its own loop left malformed input, where a mend within
   * GUTF8CONV_KERNEL_MEND_GAP would only hand each next sequence back
   * and forth. */
  m->close = GUTF8CONV_KERNEL_MEND_CLOSE;
  m->utf8 = FALSE;
}

/* The length of the maximal subpart at @p, which starts no valid
 * sequence (behaviour-errors: the longest prefix of a valid sequence, at
 * least one byte; after a lead, the range Table 3-7 gives its second
 * byte, gutf8conv_lead_bounds, then continuation bytes).  0 where the
 * input's end (@end) cuts it, which is no error yet (the codec holds
 * it), and where @p starts a valid sequence (or ASCII) after all. */
GUTF8CONV_KERNEL_INLINE guint
gk_maximal_subpart (const guint8 *p,
                    const guint8 *end)
{
  guint b = p[0], i = (b - 0xC0) & 0x3F, need, len;

  if (b < 0x80)
    return 0;
  if (b < 0xC0 || gutf8conv_lead_bounds[0][i] > gutf8conv_lead_bounds[1][i])
    return 1;
  if (end - p < 2)
    return 0;
  if (p[1] < gutf8conv_lead_bounds[0][i] || p[1] > gutf8conv_lead_bounds[1][i])
    return 1;
  need = 1 + (b >= 0xE0) + (b >= 0xF0);
  for (len = 2; len <= need && p + len < end && (p[len] & 0xC0) == 0x80; len++)
    ;
  if (len > need || p + len == end)
    return 0;
  return len;
}

/* Whether the text the kernel converted since the last mend (or the
 * call's start), up to 16 bytes of it before @p, holds something else
 * than ASCII: then it is UTF-8, damaged.  Where it does not, the codec's
 * loop for single-byte text read as UTF-8 (Latin-1, windows-1252), which
 * makes the same test, is much faster than a mend a byte. */
GUTF8CONV_KERNEL_INLINE gboolean
gk_mend_after_utf8 (const GkMend *m,
                    const guint8 *p)
{
  const guint8 *from = (gsize) (p - m->last) > 16 ? p - 16 : m->last;
  guint64 a, b;

  if (p - from == 16)
    {
      memcpy (&a, from, 8);
      memcpy (&b, from + 8, 8);
      return ((a | b) & G_GUINT64_CONSTANT (0x8080808080808080)) != 0;
    }
  for (; from < p; from++)
    if (*from >= 0x80)
      return TRUE;
  return FALSE;
}

/* gk_mend() of the maximal subpart at @p, of @len bytes where the
 * caller has it already (gk_maximal_subpart()), else 0. */
GUTF8CONV_KERNEL_INLINE guint
gk_mend_subpart (GkMend         *m,
                 const guint8   *p,
                 const guint8   *end,
                 guint           len,
                 guint8        **po,
                 const guint8   *oend,
                 const guint     unit,
                 const gboolean  big_endian)
{
  static const guint8 replacement[2][4] = { { 0xFD, 0xFF, 0x00, 0x00 }, { 0x00, 0x00, 0xFF, 0xFD } };
  static const guint8 replacement_utf8[3] = { 0xEF, 0xBF, 0xBD };
  const guint room = unit == 1 ? 3 : unit;
  gboolean replace;

  if (m->mend == NULL)
    return 0;
  if (p - m->last >= GUTF8CONV_KERNEL_MEND_GAP)
    m->close = 0;
  else if (++m->close > GUTF8CONV_KERNEL_MEND_CLOSE)
    return 0;
  /* Right after a mend: the same damaged character. */
  if (p != m->last && !m->utf8 && !gk_mend_after_utf8 (m, p))
    return 0;
  replace = m->mend->mode == GUTF8CONV_KERNEL_MEND_REPLACE;
  if (len == 0)
    len = gk_maximal_subpart (p, end);
  if (len == 0 || (replace && (gsize) (oend - *po) < room))
    return 0;
  if (replace && unit == 1)
    memcpy (*po, replacement_utf8, 3);
  else if (replace)
    /* UTF-16's unit is the last two bytes of UCS-4's, big-endian, or
     * the first two. */
    memcpy (*po, replacement[big_endian] + (big_endian ? 4 - unit : 0), unit);
  *po += replace ? room : 0;
  m->mend->n_mended++;
  m->last = p + len;
  return len;
}

/* At @p, the start of the character that holds a block's first wrong
 * byte: its maximal subpart mended, the replacement written to *@po in
 * units of @unit bytes (4: UCS-4, 2: UTF-16) and byte order
 * @big_endian, or as UTF-8 (@unit 1: EF BF BD), and counted.  Returns
 * the subpart's length; 0 where the kernel must stop at @p instead (no
 * mending, a cut sequence, no room for the replacement, errors dense,
 * only ASCII before it). */
GUTF8CONV_KERNEL_INLINE guint
gk_mend (GkMend         *m,
         const guint8   *p,
         const guint8   *end,
         guint8        **po,
         const guint8   *oend,
         const guint     unit,
         const gboolean  big_endian)
{
  return gk_mend_subpart (m, p, end, 0, po, oend, unit, big_endian);
}

/* How a careful decoding loop ended. */
typedef enum
{
  GK_CAREFUL_STOP,     /* for good: the kernel returns */
  GK_CAREFUL_REST,     /* at the short rest of the input, for the scalar kernel */
  GK_CAREFUL_MENDED,   /* after a mend: the fast loop again */
} GkCareful;

/* gk_mend() for a careful loop stopped at *@pp: advances *@pp past what
 * it mended. */
GUTF8CONV_KERNEL_INLINE GkCareful
gk_mend_at (GkMend         *m,
            const guint8  **pp,
            const guint8   *end,
            guint8        **po,
            const guint8   *oend,
            const guint     unit,
            const gboolean  big_endian)
{
  guint len = gk_mend (m, *pp, end, po, oend, unit, big_endian);

  if (len == 0)
    return GK_CAREFUL_STOP;
  *pp += len;
  return GK_CAREFUL_MENDED;
}

/* At *@pp, where a kernel stopped, the malformed sequence there mended
 * (its maximal subpart: @len bytes, or 0 where the caller has not
 * measured it) and those that follow it at once (a damaged character is
 * often two or three), each measured once; advances *@pp past them.
 * FALSE where one of them is not mended: the kernel stops at *@pp
 * (gk_mend()). */
GUTF8CONV_KERNEL_INLINE gboolean
gk_mend_run (GkMend         *m,
             const guint8  **pp,
             guint           len,
             const guint8   *end,
             guint8        **po,
             const guint8   *oend,
             const guint     unit,
             const gboolean  big_endian)
{
  do
    {
      if ((len = gk_mend_subpart (m, *pp, end, len, po, oend, unit, big_endian)) == 0)
        return FALSE;
      *pp += len;
    }
  while (*pp < end && (len = gk_maximal_subpart (*pp, end)) != 0);
  return TRUE;
}

/* The copy's loop that mends a block at a time (gk_copy_mend_blocks())
 * goes on with the blocks after one that passes its test, until
 * GK_MEND_CLEAN pass in a row: the fast loop's start costs more than
 * its test where damage comes every few dozen bytes.  Where the fast
 * loop took GK_MEND_SPARSE bytes or more before it stopped, the damage
 * is sparse, and it goes back to it at the first block that passes.
 * The same distance decides, around a plain loop, whether a loop that
 * mends takes over after a mend (gk_mend_around()), and when decode16's
 * loop that mends hands back to the plain one. */
#define GK_MEND_CLEAN (256 / GK_BLOCK)
#define GK_MEND_SPARSE 1024

/* A kernel's plain entry point @plain (GUtf8ConvDecodeFunc), to units of
 * @unit bytes (1: UTF-8), from *@pp, then, where it stops before the
 * input's end, the malformed sequence there mended and those that
 * follow it at once (gk_mend_run()), without a call of @plain each;
 * *@sparse tells whether @plain went GK_MEND_SPARSE bytes or more
 * before it stopped.  GK_CAREFUL_MENDED after a mend; GK_CAREFUL_STOP at
 * the input's end, or where the kernel stops at *@pp. */
GUTF8CONV_KERNEL_INLINE GkCareful
gk_mend_after_plain (GkMend               *m,
                     GUtf8ConvDecodeFunc   plain,
                     const guint8        **pp,
                     const guint8         *end,
                     guint8              **po,
                     const guint8         *oend,
                     const guint           flags,
                     const guint           unit,
                     gboolean             *sparse)
{
  gsize used, n;

  n = plain (*pp, end - *pp, *po, oend - *po, flags, &used);
  *sparse = used >= GK_MEND_SPARSE;
  /* After sparse damage, fewer units than bytes say the text was UTF-8
   * (as gk16_mend_stop() tells): a mend after ASCII is damaged UTF-8
   * too, cheaper here than through the codec. */
  if (unit > 1 && *sparse && n / unit < used)
    m->utf8 = TRUE;
  *po += n;
  *pp += used;
  if (*pp == end || !gk_mend_run (m, pp, 0, end, po, oend, unit, (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0))
    return GK_CAREFUL_STOP;
  return GK_CAREFUL_MENDED;
}

/* A loop that mends as the GkMend says, of GUtf8ConvDecodeFunc's
 * arguments. */
typedef gsize (*GkMendWithFunc) (const guint8 *in, gsize in_len, guint8 *out, gsize out_len,
                                 guint flags, gsize *in_used, GkMend *m);

/* A kernel's mending entry point (GUtf8ConvDecodeMendFunc's arguments)
 * around its plain one @plain, to units of @unit bytes: @plain and the
 * mends where it stops (gk_mend_after_plain()) in turn; where @with is
 * not NULL, it takes over after a mend while @with_min bytes or more
 * are left, until it returns (a loop that mends as it goes, for dense
 * damage), unless @plain went GK_MEND_SPARSE bytes or more before the
 * mend: that damage is sparse, and @plain, whose code clean text runs
 * fastest, goes on.  Called, not inlined again: clean text, which takes
 * this path whenever the mode could mend, then runs the very code the
 * plain entry point is (a second copy of the loop, with the same
 * instructions, ran slower), and a mend inside the loop, even one that
 * folds away, changes the loop's code. */
GUTF8CONV_KERNEL_INLINE gsize
gk_mend_around (GUtf8ConvDecodeFunc  plain,
                GkMendWithFunc       with,
                const gsize          with_min,
                const guint          unit,
                const guint8        *in,
                gsize                in_len,
                guint8              *out,
                gsize                out_len,
                const guint          flags,
                gsize               *in_used,
                GUtf8ConvKernelMend *mend)
{
  const guint8 *p = in, *end = in + in_len;
  guint8 *o = out, *oend = out + out_len;
  GkMend m;
  gboolean sparse;

  gk_mend_init (&m, mend, in);
  while (gk_mend_after_plain (&m, plain, &p, end, &o, oend, flags, unit, &sparse) == GK_CAREFUL_MENDED)
    if (with != NULL && !sparse && (gsize) (end - p) >= with_min)
      {
        gsize used;

        o += with (p, end - p, o, oend - o, flags, &used, &m);
        p += used;
        if (p == end)
          break;
      }
  return gutf8conv_kernel_stop (in, p, out, o, in_used);
}

/* A kernel's mending entry point @name (GUtf8ConvDecodeMendFunc) around
 * its plain one @plain (gk_mend_around(), with @with and @with_min), to
 * units of @unit bytes. */
#define GK_MEND_AROUND_ENTRY_POINT(name, plain, with, with_min, unit) \
  GUTF8CONV_KERNEL_INLINE gsize \
  name##_mending (const guint8        *in, \
                  gsize                in_len, \
                  guint8              *out, \
                  gsize                out_len, \
                  const guint          flags, \
                  gsize               *in_used, \
                  GUtf8ConvKernelMend *mend) \
  { \
    return gk_mend_around (plain, with, with_min, unit, in, in_len, out, out_len, flags, in_used, mend); \
  } \
  GUTF8CONV_KERNEL_MEND_ENTRY_POINT (name, name##_mending, plain, 1)

/* A block cut into items: its characters and the maximal subparts of
 * its malformed sequences (behaviour-errors), one bit a byte. */
typedef struct
{
  gk_mask starts;     /* where each item starts */
  gk_mask subparts;   /* where each maximal subpart starts */
  gk_mask second;     /* the subparts that take the byte after their lead */
  gk_mask third;      /* those that take the byte after that too */
  gk_mask carry;      /* the next block's bytes that the block's last item takes */
  gk_mask whole;      /* where each character of more than one byte starts */
} GkItems;

/* The items of a block (@c: its classes; @bad: its leads that start
 * nothing or whose next byte is out of range, gk_bad_mask()), by masks
 * alone: a lead starts a character where the continuation bytes it
 * announces follow, else a maximal subpart of itself and those of them
 * that fall in its range; a continuation byte that none of these takes
 * starts a subpart of one byte.  The bytes at the block's start that
 * the block before's last item takes: @carry; the next block's
 * continuation bytes, for the last item: @cont_next. */
GUTF8CONV_KERNEL_INLINE void
gk_block_items (const GkLeads *c,
                gk_mask        bad,
                gk_mask        carry,
                gk_mask        cont_next,
                GkItems       *it)
{
  gk_mask c1 = (c->cont >> 1) | (cont_next << (GK_BLOCK - 1));
  gk_mask c2 = (c->cont >> 2) | (cont_next << (GK_BLOCK - 2));
  gk_mask c3 = (c->cont >> 3) | (cont_next << (GK_BLOCK - 3));
  gk_mask ok = c->l2 & ~bad & c1;
  gk_mask three = ok & c->l3 & ~c->l4 & c2;
  gk_mask four = ok & c->l4 & c2 & c3;
  gk_mask whole = (ok & ~c->l3) | three | four;
  gk_mask one, two;

  it->whole = whole;
  it->second = ok & ~whole;
  /* A lead of three bytes whose third follows is whole. */
  it->third = it->second & c->l4 & c2;
  one = whole | it->second;
  two = three | four | it->third;
  it->starts = ~((one << 1) | (two << 2) | (four << 3) | carry) & GK_ALL;
  it->subparts = it->starts & ~whole & (c->l2 | c->cont);
  it->carry = (one >> (GK_BLOCK - 1)) | (two >> (GK_BLOCK - 2)) | (four >> (GK_BLOCK - 3));
}

/* Where each item of @it that @take marks ends (@c: the block's
 * classes): a character at its lead's length, a maximal subpart after
 * the bytes it takes.  The block's last item may end up to three bytes
 * past it, which a mask of GK_BLOCK bits drops. */
GUTF8CONV_KERNEL_INLINE gk_mask
gk_item_ends (const GkItems *it,
              const GkLeads *c,
              gk_mask        take)
{
  gk_mask one = (it->whole & c->l2 & ~c->l3) | (it->second & ~it->third);
  gk_mask two = (it->whole & c->l3 & ~c->l4) | it->third;

  return (take & ~(it->whole | it->second)) | ((take & one) << 1) | ((take & two) << 2) |
         ((take & it->whole & c->l4) << 3);
}

/* The block of @it at @p: gk_mend()'s rules for each subpart, in
 * order, each one that may be mended counted (@utf8: a character of
 * more than one byte came before them, which the rule for single-byte
 * text then need not look for).  Returns where the kernel must stop
 * instead (the first subpart that may not), or GK_BLOCK. */
GUTF8CONV_KERNEL_INLINE guint
gk_mend_items (GkMend         *m,
               const guint8   *p,
               const GkItems  *it,
               const gboolean  utf8)
{
  gk_mask s = it->subparts;
  guint n, top, close;

  if (s == 0)
    return GK_BLOCK;
  /* Without a branch for each: the subparts after the first are taken as
   * close to the one before (a block of up to 32 bytes holds no gap of
   * GUTF8CONV_KERNEL_MEND_GAP; in a wider one that counts a row longer,
   * never shorter). */
  n = gk_popcount (s);
  close = (p + gk_mask_low (s) - m->last >= GUTF8CONV_KERNEL_MEND_GAP ? 0 : m->close + 1) + n - 1;
  if (G_LIKELY (utf8 && close <= GUTF8CONV_KERNEL_MEND_CLOSE))
    {
      top = gk_mask_top (s);
      m->close = close;
      m->mend->n_mended += n;
      m->last = p + top + 1 + ((it->second >> top) & 1) + ((it->third >> top) & 1);
      return GK_BLOCK;
    }
  for (; s != 0; s &= s - 1)
    {
      guint r = gk_mask_low (s);
      const guint8 *q = p + r;

      if (q - m->last >= GUTF8CONV_KERNEL_MEND_GAP)
        m->close = 0;
      else if (++m->close > GUTF8CONV_KERNEL_MEND_CLOSE)
        return r;
      if (q != m->last && !utf8 && !gk_mend_after_utf8 (m, q))
        return r;
      m->mend->n_mended++;
      m->last = q + 1 + ((it->second >> r) & 1) + ((it->third >> r) & 1);
    }
  return GK_BLOCK;
}

/* @n bytes from @p to @o, a block a store: up to GK_BLOCK - 1 more read
 * and written. */
GUTF8CONV_KERNEL_INLINE void
gk_copy_blocks (guint8       *o,
                const guint8 *p,
                gsize         n)
{
  for (gsize i = 0; i < n; i += GK_BLOCK)
    gk_storeu (o + i, gk_loadu (p + i));
}

/* The input and output gk_copy_mend_blocks() asks for: two blocks read
 * (a block and the next one, for its test and its last item) and a
 * store's slack, and a block each of whose bytes may become three, and a
 * store's slack. */
#define GK_COPY_MEND_IN (3 * GK_BLOCK)
#define GK_COPY_MEND_OUT (4 * GK_BLOCK)

/* Block @b at @p (@nonascii, @l2: its top bits and bytes from C0 up;
 * @cont2: the next block's continuation bytes; *@carry: its first bytes
 * that the block before's last item took, of which *@skip belong to a
 * maximal subpart) copied to *@po as UTF-8 with its subparts mended as
 * gk_mend() would (gk_mend_items()): each one written over by U+FFFD
 * (EF BF BD), or left out, the bytes between them copied a store each.
 * Returns the bytes of the block taken: GK_BLOCK, *@carry and *@skip then
 * set for the next block, or fewer, where the kernel must stop before a
 * subpart that may not be mended. */
GUTF8CONV_KERNEL_INLINE guint
gk_mend_copy_block (GkMend        *m,
                    const guint8  *p,
                    gk_vec         b,
                    gk_mask        nonascii,
                    gk_mask        l2,
                    gk_mask        cont2,
                    gk_mask       *carry,
                    guint         *skip,
                    guint8       **po)
{
  const guint room = m->mend->mode == GUTF8CONV_KERNEL_MEND_REPLACE ? 3 : 0;
  GkLeads c = { l2, gk_ge_mask (b, 0xE0), gk_ge_mask (b, 0xF0), nonascii & ~l2 };
  GkItems it;
  gk_mask fix;
  guint8 *o = *po;
  guint cut, from = *skip;

  gk_block_items (&c, gk_bad_mask (b, p, c.l2, c.l4, FALSE), *carry, cont2, &it);
  m->utf8 = m->utf8 || it.whole != 0;
  cut = gk_mend_items (m, p, &it, m->utf8);
  fix = it.subparts & (cut == GK_BLOCK ? GK_ALL : ((gk_mask) 1 << cut) - 1);
  for (; fix != 0; fix &= fix - 1)
    {
      guint r = gk_mask_low (fix);

      /* (Skipping, the replacement is written over by the next store.) */
      gk_storeu (o, gk_loadu (p + from));
      o += r - from;
      memcpy (o, "\xEF\xBF\xBD", 3);
      o += room;
      from = r + 1 + ((it.second >> r) & 1) + ((it.third >> r) & 1);
    }
  /* The rest of the block, but for a subpart's bytes past it. */
  gk_storeu (o, gk_loadu (p + from));
  *po = o + (cut > from ? cut - from : 0);
  *skip = from > GK_BLOCK ? from - GK_BLOCK : 0;
  *carry = cut == GK_BLOCK ? it.carry : 0;
  return cut;
}

/* From *@pp, the start of a malformed sequence where the copy stopped,
 * when mending, at least GK_COPY_MEND_IN bytes before @end and
 * GK_COPY_MEND_OUT before @oend: each block that fails the test spliced
 * (gk_mend_copy_block()), each that passes copied, until GK_MEND_CLEAN
 * pass in a row (one, where the damage is @sparse), or the input or the
 * room runs short.  TRUE where the copy goes on from *@pp, a character
 * boundary, all before it written to *@po; FALSE where the kernel must
 * stop at *@pp. */
GUTF8CONV_KERNEL_INLINE gboolean
gk_copy_mend_blocks (GkMend         *m,
                     const guint8  **pp,
                     const guint8   *end,
                     guint8        **po,
                     const guint8   *oend,
                     const gboolean  sparse)
{
  const guint8 *p = *pp;
  const guint clean_max = sparse ? 1 : GK_MEND_CLEAN;
  gk_vec b;
  gk_mask nonascii, l2, carry = 0;
  guint skip = 0, clean = 0, n;

  gk_carry_block (p, &b, &nonascii, &l2);
  do
    {
      gk_vec b2;
      gk_mask nonascii2, l2_2, next = carry;

      gk_carry_block (p + GK_BLOCK, &b2, &nonascii2, &l2_2);
      if (gk_block_valid_carry (b, p, nonascii, l2, nonascii2 & ~l2_2, &next, FALSE))
        {
          if (++clean == clean_max)
            break;
          gk_storeu (*po, gk_loadu (p + skip));
          *po += GK_BLOCK - skip;
          carry = next;
          skip = 0;
        }
      else
        {
          guint took = gk_mend_copy_block (m, p, b, nonascii, l2, nonascii2 & ~l2_2, &carry, &skip, po);

          if (took < GK_BLOCK)
            {
              *pp = p + took;
              return FALSE;
            }
          clean = 0;
        }
      p += GK_BLOCK;
      b = b2;
      nonascii = nonascii2;
      l2 = l2_2;
    }
  while (end - p >= GK_COPY_MEND_IN && oend - *po >= GK_COPY_MEND_OUT);
  /* The bytes of this block that the last item took: a character's
   * copied, a subpart's (*@skip of them) left out. */
  n = gk_popcount (carry);
  memcpy (*po, p, 4);
  *po += skip == 0 ? n : 0;
  *pp = p + n;
  return TRUE;
}

/* Which of the 64 bytes at @p are from 80 up, from C0 up and from A0 up,
 * bit i of each mask for byte i: the masks of single-byte text's loop
 * (gutf8conv-kernel-generic-single-byte.h). */
GUTF8CONV_KERNEL_INLINE void
gk_single_byte_masks (const guint8 *p,
                      guint64      *m80,
                      guint64      *mc0,
                      guint64      *ma0)
{
  *m80 = *mc0 = *ma0 = 0;
  for (guint i = 0; i < 64 / GK_BLOCK; i++)
    {
      gk_vec v = gk_loadu (p + GK_BLOCK * i);

      *m80 |= (guint64) gk_movemask (v) << (GK_BLOCK * i);
      *mc0 |= (guint64) gk_movemask (gk_ge_u8 (v, gk_set1 (0xC0))) << (GK_BLOCK * i);
      *ma0 |= (guint64) gk_movemask (gk_ge_u8 (v, gk_set1 (0xA0))) << (GK_BLOCK * i);
    }
}
