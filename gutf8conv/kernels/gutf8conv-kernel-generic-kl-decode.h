/* gutf8conv-kernel-generic-kl-decode.h: the fast loops over the nibble-lookup validator, written once
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * gk_decode_fast() of gutf8conv-kernel-generic-decode.h for a kernel
 * whose fast loop validates with the nibble lookups of
 * gutf8conv-kernel-generic-kl.h.  It steps a fixed GK_BLOCK bytes, so that
 * no load waits for the previous block's verdict.  A character that
 * crosses into the next block is converted with the block it starts in,
 * once the next block has been validated (its bytes against the three
 * before them); so the continuation bytes at the start of a block were
 * converted already.  ASCII goes 64 bytes a step with nothing to classify
 * (no character crosses into an ASCII block).  See the behaviour guide,
 * section `kernels`.
 *
 * The including file defines first, beside what
 * gutf8conv-kernel-generic-decode.h asks for:
 *   GK_FAST_IN, GK_FAST_OUT   the input and output room a step needs
 *   gboolean gk_is_ascii (gk_vec x);
 *        no byte of @x has its top bit set
 *   gk_mask  gk_cont_mask (gk_vec b);
 *        the continuation bytes (80..BF) of @b
 *   gboolean gk_kl_valid_at (const GkContext *ctx, const guint8 *p, gk_vec b, gboolean start,
 *                            gboolean bmp_only);
 *        the block @b at @p, a character boundary after ASCII (or, with
 *        @start, after nothing readable), is valid as far as it goes
 *   gboolean gk_kl_valid_next (const GkContext *ctx, const guint8 *p, gk_vec b, gk_vec b2,
 *                              gboolean bmp_only);
 *        the block @b2 at @p + GK_BLOCK, after the block @b, is valid as
 *        far as it goes
 *   guint8  *gk_decode_valid (const GkContext *ctx, const guint8 *p, gk_vec b, gk_mask cont,
 *                             gk_mask cont2, guint8 *o, gboolean big_endian);
 *        the characters of the valid block @b at @p that start in it
 *        (@cont, @cont2: its and the next block's continuation bytes), to @o;
 *        the new @o.  A kernel's choice of transcoding by what the block
 *        holds is made here.
 *
 * Each loop makes the kernel context (gutf8conv-kernel-generic-context.h)
 * once and hands it to those three.
 *
 * The same phase stores 16-bit units for decode16 (the output unit, 4 or
 * 2, is a constant of each loop, folded away).  A kernel whose block
 * steps can store units opts in by defining, beside the above:
 *   GK16_KL
 *   guint8  *gk16_decode_valid (const GkContext *ctx, const guint8 *p, gk_vec b, gk_mask cont,
 *                               gk_mask cont2, guint8 *o, gboolean big_endian);
 *        as gk_decode_valid(), each character a 16-bit unit; NULL,
 *        having stored nothing, where the block holds a four-byte form it
 *        does not make a pair of (the phase stops before the block, at a
 *        character boundary, and decode16's block of values takes it)
 *   gk_vec   gk_widen16 (gk_vec b, guint h, gboolean big_endian);
 *        as gutf8conv-kernel-generic-utf16-decode.h asks (half @h of
 *        the ASCII block @b as units)
 * and a step then needs half of GK_FAST_OUT.  gk16_kl_run() is then its
 * GK16_RUN (gutf8conv-kernel-generic-utf16-decode.h), or, with
 * GK16_KL_DECODE_ENTRY_POINTS, its whole decode16: the phase, a block it
 * stops at to the scalar kernel, the phase again (NEON, VSX).  The others
 * are unchanged.
 *
 * A kernel that transcodes a block by the longest character it holds,
 * in decode and decode16 alike, without those steps, defines instead
 * GK_KL_CLASS, gk_widen16() as above (or GK16_WIDEN_STORE) and
 *   gk_mask  gk_kl_l3 (gk_vec b), gk_kl_l4 (gk_vec b);
 *        the bytes of @b from E0, from F0 up
 *   guint8  *gk_kl_bmp (const guint8 *p, gk_mask leads, guint8 *o, gboolean big_endian,
 *                       gboolean three, gboolean two, guint unit);
 *        the characters of the valid block at @p whose lead bytes @leads
 *        marks, of one and two bytes (with @three, three too; with @three
 *        and not @two, one and three only), as units of @unit bytes at
 *        @o; the new @o
 *   guint8  *gk_kl_all3 (const guint8 *p, gk_mask leads, guint8 *o, gboolean big_endian,
 *                        guint unit);
 *        the same for a block of three-byte characters only
 *   guint8  *gk_kl_four (const guint8 *p, gk_mask leads, gk_mask l4, guint8 *o,
 *                        gboolean big_endian);
 *        the same, as UCS-4, for a block with four-byte leads (@l4)
 * and gk_kl_class_decode_fast() is then its fast phase (in place of
 * gk_kl_decode_fast(), and of gk_decode_valid(), which it need not
 * define), gk16_kl_class_run() the GK16_RUN of its decode16; a step of
 * the latter needs half of GK_FAST_OUT.
 *
 * A kernel whose block step converts the characters that *end* in a
 * block, from what it keeps of the block before (no load of the next),
 * takes the phase's other loop instead by defining GK_KL_ENDS, a type
 * GkKlCarry (what a step keeps of its block for the next), and
 *   GkKlCarry gk_kl_carry (void);
 *        the carry before a block at a character boundary
 *   gboolean gk_kl_ends_ascii (const GkKlCarry *carry, gk_vec b);
 *        @b is ASCII and no character of the block before waits for it
 *   guint8  *gk_decode_ends (const GkContext *ctx, GkKlCarry *carry, gk_vec b, guint8 *o,
 *                            gboolean big_endian, guint unit);
 *        NULL where @b is not valid after the carried block; else the
 *        characters that end in it to @o, as units of @unit bytes (2:
 *        pairs and all), at most @unit bytes for each byte of @b and at
 *        most 16 @unit bytes past @o, and the new @o
 *   guint    gk_kl_tail (const GkKlCarry *carry);
 *        the bytes at the end of the last block converted that begin a
 *        character going on past it
 *   gboolean gk_kl_run_due (const GkKlCarry *carry);
 *   const guint8 *gk_kl_run (const GkKlCarry *carry, const guint8 *p,
 *                            const guint8 *lim, guint8 **po, gboolean bmp_only,
 *                            gboolean big_endian, guint unit);
 *        where the blocks before say a run of one kind of character
 *        follows: from @p, a character boundary, the loop for it
 *        (gr_run() of gutf8conv-kernel-generic-runs.h), reading below
 *        @lim and writing at most twice what it reads; returns where
 *        it stopped, a character boundary
 * and gk_kl_widen()'s operations; where a kernel stores the units of an
 * ASCII block in one go, GK16_WIDEN_STORE (o, b, big_endian).
 *
 * gk_kl_validate_fast(), the fast loop of GK_COPY_ENTRY_POINT
 * (gutf8conv-kernel-generic-block.h), steps GK_STEP bytes (64, or the
 * kernel's own multiple of GK_BLOCK: a wider step costs less a byte on
 * valid text, and more on text with errors, whose failing step is
 * validated to its end) and asks, beside gk_is_ascii() and the context:
 *   gboolean gk_any_set (gk_vec x);
 *        some byte of @x is not zero (one reduction for a whole step)
 *   gk_vec   gk_kl_step_errors (const GkContext *ctx, const guint8 *p, gk_vec b, gk_vec prev,
 *                               guint i, gboolean bmp_only);
 *        the errors (gutf8conv-kernel-generic-kl.h) of the block @b at @p,
 *        block @i of its step, after the block @prev (zeros: nothing
 *        readable, or ASCII, before @p); where @i > 0, @prev is also in
 *        memory before @p
 * A kernel whose validation is the lookups alone (BMP_ONLY's limit in
 * gk_kl_tables()) defines GK_KL_LOOKUPS_ONLY for gk_kl_valid_at(),
 * gk_kl_valid_next() and gk_kl_step_errors() by gk_kl_errors() and
 * gk_any_set(), on the tables GK_KL_CONTEXT_TABLES (ctx, bmp_only)
 * (by default its context's member kl).  The bytes before a block come
 * from the block before (gk_prev_bytes()), or by GK_KL_LOADS from memory
 * again, validated and readable: 1, the next block's; 2, every block's
 * but a step's first too (where the shift moves bytes across lanes).
 */

#pragma once

#include "gutf8conv-kernel-generic-context.h"

#ifdef GK_KL_LOOKUPS_ONLY
#ifndef GK_KL_LOADS
#define GK_KL_LOADS 0
#endif
#ifndef GK_KL_CONTEXT_TABLES
#define GK_KL_CONTEXT_TABLES(ctx, bmp_only) ((ctx)->kl)
#endif

#if GK_KL_LOADS
/* gk_kl_errors() of the block @b at @p, the bytes before it loaded
 * again: one load each where the shift takes a copy and a move. */
GUTF8CONV_KERNEL_INLINE gk_vec
gk_kl_errors_loaded (const guint8     *p,
                     gk_vec            b,
                     const GkKlTables *t)
{
  return gk_kl_errors (b, gk_loadu (p - 1), gk_loadu (p - 2), gk_loadu (p - 3), t);
}
#endif

GUTF8CONV_KERNEL_INLINE gboolean
gk_kl_valid_at (const GkContext *c G_GNUC_UNUSED,
                const guint8    *p G_GNUC_UNUSED,
                gk_vec           b,
                const gboolean   start G_GNUC_UNUSED,
                const gboolean   bmp_only G_GNUC_UNUSED)
{
  const GkKlTables t = GK_KL_CONTEXT_TABLES (c, bmp_only);

#if GK_KL_LOADS >= 2
  if (!start)
    return !gk_any_set (gk_kl_errors_loaded (p, b, &t));
#endif
  return !gk_any_set (gk_kl_errors_after (b, gk_set1 (0), &t));
}

GUTF8CONV_KERNEL_INLINE gboolean
gk_kl_valid_next (const GkContext *c G_GNUC_UNUSED,
                  const guint8    *p G_GNUC_UNUSED,
                  gk_vec           b G_GNUC_UNUSED,
                  gk_vec           b2,
                  const gboolean   bmp_only G_GNUC_UNUSED)
{
  const GkKlTables t = GK_KL_CONTEXT_TABLES (c, bmp_only);

#if GK_KL_LOADS >= 1
  return !gk_any_set (gk_kl_errors_loaded (p + GK_BLOCK, b2, &t));
#else
  return !gk_any_set (gk_kl_errors_after (b2, b, &t));
#endif
}

GUTF8CONV_KERNEL_INLINE gk_vec
gk_kl_step_errors (const GkContext *c G_GNUC_UNUSED,
                   const guint8    *p G_GNUC_UNUSED,
                   gk_vec           b,
                   gk_vec           prev,
                   const guint      i G_GNUC_UNUSED,
                   const gboolean   bmp_only G_GNUC_UNUSED)
{
  const GkKlTables t = GK_KL_CONTEXT_TABLES (c, bmp_only);

#if GK_KL_LOADS >= 2
  if (i > 0)
    return gk_kl_errors_loaded (p, b, &t);
#endif
  return gk_kl_errors_after (b, prev, &t);
}
#endif

/* The output room a step needs, in units of @unit bytes. */
#define GK_KL_FAST_OUT(unit) (GK_FAST_OUT / 4 * (unit))

#ifdef GK_FAST_MENDS
#include "gutf8conv-kernel-generic-mend-block.h"

/* Whether the fast loop mends (@m: its caller's GkMend, or NULL). */
#define GK_KL_MENDING(m) ((m) != NULL && (m)->mend != NULL)

/* From the block *@pb at *@pp, a character boundary, whose characters
 * are not converted yet, where it or the next block fails the test, when mending: each block
 * mended in one go (gk_mend_block()), until one passes the test after
 * the block before.  TRUE where one does: *@pb is that block, at *@pp.
 * FALSE where the kernel must stop, or the input or the output room
 * (@in_last, @out_last: the last places a step may start from) runs
 * short: *@pp is then a character boundary. */
GUTF8CONV_KERNEL_INLINE gboolean
gk_kl_mend_blocks (GkMend           *m,
                   const GkContext  *ctx,
                   const guint8    **pp,
                   gk_vec           *pb,
                   guint8          **po,
                   const guint8     *in_last,
                   const guint8     *out_last,
                   const gboolean    big_endian,
                   const gboolean    bmp_only)
{
  const guint8 *p = *pp;
  gk_vec b = *pb;
  /* What the next block's first bytes belong to, from the last block mended. */
  gk_mask carry = 0;

  for (;;)
    {
      gk_vec b2 = gk_loadu (p + GK_BLOCK);
      gk_mask l2 = gk_ge_mask (b, 0xC0), cont2 = gk_cont_mask (b2);
      guint took = gk_mend_block (m, p, b, b2, gk_movemask (b), l2, cont2, &carry, FALSE, po, big_endian, bmp_only);
      gboolean valid;

      if (took < GK_BLOCK)
        {
          *pp = p + took;
          return FALSE;
        }
      /* The test takes the continuation bytes the next block starts with
       * as a character's of this one: they must be, where a wrong second
       * byte ended a subpart before them. */
      valid = gk_kl_valid_next (ctx, p, b, b2, bmp_only) && carry == (cont2 & ~(cont2 + 1));
      p += GK_BLOCK;
      b = b2;
      if (p > in_last || *po > out_last)
        {
          *pp = p + gk_popcount (carry);
          return FALSE;
        }
      if (valid)
        {
          *pp = p;
          *pb = b;
          return TRUE;
        }
    }
}
#else
#define GK_KL_MENDING(m) FALSE
#define gk_kl_mend_blocks(m, ctx, pp, pb, po, in_last, out_last, big_endian, bmp_only) FALSE
#define gk_kl_mend_after(m, ctx, pp, pb, cont, po, in_last, out_last, big_endian, bmp_only) FALSE
#endif

/* The ASCII block @b at @p as units of @unit bytes at @o. */
GUTF8CONV_KERNEL_INLINE void
gk_kl_widen (const guint8   *p,
             gk_vec          b,
             guint8         *o,
             const gboolean  big_endian,
             const guint     unit G_GNUC_UNUSED)
{
#ifdef GK16_WIDEN_STORE
  if (unit == 2)
    {
      GK16_WIDEN_STORE (o, b, big_endian);
      return;
    }
#elif defined (GK16_KL) || defined (GK_KL_CLASS)
  if (unit == 2)
    {
      gk_storeu (o, gk_widen16 (b, 0, big_endian));
      gk_storeu (o + GK_BLOCK, gk_widen16 (b, 1, big_endian));
      return;
    }
#endif
  gk_widen_block (p, b, o, big_endian);
}

/* A run of ASCII from *@pp: 64 bytes a step. */
GUTF8CONV_KERNEL_INLINE void
gk_decode_ascii_run (const guint8   **pp,
                     const guint8    *end,
                     guint8         **po,
                     const guint8    *oend,
                     const gboolean   big_endian,
                     const guint      unit)
{
  const guint8 *p = *pp;
  guint8 *o = *po;
#ifdef GK_KL_ENDS
  /* The last start of a step, as a number (no object is that close to
   * address 0); the loop's bound on the input keeps the output in its
   * buffer. */
  const guintptr last = (guintptr) end - 64;

  (void) oend;
  while ((guintptr) p <= last)
#else
  /* The last starts of a step the input and the room allow, as numbers
   * as above: a compare each, no difference to take every step. */
  const guintptr in_last = (guintptr) end - (64 + GK_FAST_IN);
  const guintptr out_last = (guintptr) oend - (unit * 64 + GK_KL_FAST_OUT (unit));

  while ((guintptr) p <= in_last && (guintptr) o <= out_last)
#endif
    {
      gk_vec v[64 / GK_BLOCK], any;

#pragma GCC unroll 4
      for (guint i = 0; i < 64 / GK_BLOCK; i++)
        {
          v[i] = gk_loadu (p + GK_BLOCK * i);
          any = i == 0 ? v[i] : gk_or (any, v[i]);
        }
      if (!gk_is_ascii (any))
        break;
#pragma GCC unroll 4
      for (guint i = 0; i < 64 / GK_BLOCK; i++)
        gk_kl_widen (p + GK_BLOCK * i, v[i], o + unit * GK_BLOCK * i, big_endian, unit);
      p += 64;
      o += unit * 64;
    }
  *pp = p;
  *po = o;
}

/* The characters of block @b at *@pp (@cont: its continuation bytes)
 * that end in it, where the next block fails: the careful loop goes on
 * from the last one's end, which the next block's error ends soon (a
 * block less for it to test again). */
GUTF8CONV_KERNEL_INLINE void
gk_decode_before_error (const guint8   **pp,
                        gk_mask          cont,
                        guint8         **po,
                        const gboolean   big_endian)
{
  const guint8 *p = *pp;
  gk_mask starts = ~cont & GK_ALL;
  guint k = gk_mask_top (starts);
  guint len = 1 + (p[k] >= 0xC0) + (p[k] >= 0xE0) + (p[k] >= 0xF0);

  if (k + len > GK_BLOCK)
    starts &= ~((gk_mask) 1 << k);
  else
    k = GK_BLOCK;
  *po = gk_decode_block (p, starts, *po, big_endian);
  *pp = p + k;
}

#ifdef GK_FAST_MENDS
/* From the valid block *@pb at *@pp (@cont: its continuation bytes),
 * where the next block fails the test, when mending: the characters
 * that end in it (gk_decode_before_error()), then gk_kl_mend_blocks()
 * from the first that does not; its result. */
GUTF8CONV_KERNEL_INLINE gboolean
gk_kl_mend_after (GkMend           *m,
                  const GkContext  *ctx,
                  const guint8    **pp,
                  gk_vec           *pb,
                  gk_mask           cont,
                  guint8          **po,
                  const guint8     *in_last,
                  const guint8     *out_last,
                  const gboolean    big_endian,
                  const gboolean    bmp_only)
{
  gk_decode_before_error (pp, cont, po, big_endian);
  if (*pp > in_last || *po > out_last)
    return FALSE;
  *pb = gk_loadu (*pp);
  return gk_kl_mend_blocks (m, ctx, pp, pb, po, in_last, out_last, big_endian, bmp_only);
}
#endif

#ifdef GK_KL_ENDS
#ifdef GK_FAST_MENDS
/* Where the block loop of GK_KL_ENDS steps meets a block that fails,
 * when mending: gk_kl_mend_blocks() from the character boundary *@pp.
 * TRUE where a block passes the test again: *@pp is then its first
 * character.  Reads below @lim, which keeps the output within four
 * bytes a byte read, and 8 * GK_BLOCK from @oend (gk_decode_items()'s
 * stores). */
GUTF8CONV_KERNEL_INLINE gboolean
gk_kl_ends_mend (GkMend           *m,
                 const GkContext  *ctx,
                 const guint8    **pp,
                 const guint8     *lim,
                 guint8          **po,
                 const guint8     *oend,
                 const gboolean    big_endian,
                 const gboolean    bmp_only)
{
  gk_vec b;

  if (lim - *pp < 2 * GK_BLOCK || oend - *po < 8 * GK_BLOCK)
    return FALSE;
  b = gk_loadu (*pp);
  if (!gk_kl_mend_blocks (m, ctx, pp, &b, po, lim - 2 * GK_BLOCK, oend - 8 * GK_BLOCK, big_endian, bmp_only))
    return FALSE;
  /* Its first bytes went with the block before's last character. */
  *pp += gk_mask_low (~gk_cont_mask (b));
  return TRUE;
}
#else
#define gk_kl_ends_mend(m, ctx, pp, lim, po, oend, big_endian, bmp_only) FALSE
#endif

/* The block loop of gk_kl_decode_units() with GK_KL_ENDS steps, from
 * the character boundary *@pp up to @lim: each block validated after the
 * one before and converted, ASCII 64 bytes a step.  Stops at a character
 * boundary: returns TRUE where the kernel asks for its own loop (*@carry
 * says which), FALSE at @lim or a block that fails (that it cannot
 * mend, where @m mends: gk_kl_ends_mend()).  It calls nothing, so that
 * its constants stay in registers. */
GUTF8CONV_KERNEL_INLINE gboolean
gk_kl_ends_blocks (const guint8   **pp,
                   const guint8    *lim,
                   guint8         **po,
                   const guint8    *oend,
                   GkKlCarry       *carry,
                   const gboolean   big_endian,
                   const gboolean   bmp_only,
                   const guint      unit,
                   GkMend          *m)
{
  const guint8 *p = *pp;
  guint8 *o = *po;
  GkContext ctx = gk_context (bmp_only);
  gboolean run = FALSE;

  *carry = gk_kl_carry ();
  while (lim - p >= GK_BLOCK)
    {
      gk_vec b = gk_loadu (p);
      guint8 *next;

      if (gk_kl_ends_ascii (carry, b))
        {
          gk_kl_widen (p, b, o, big_endian, unit);
          p += GK_BLOCK;
          o += unit * GK_BLOCK;
          gk_decode_ascii_run (&p, lim, &o, oend, big_endian, unit);
          *carry = gk_kl_carry ();
          continue;
        }
      next = gk_decode_ends (&ctx, carry, b, o, big_endian, unit);
      if (next == NULL)
        {
          /* From the first character not converted. */
          p -= gk_kl_tail (carry);
          *carry = gk_kl_carry ();
          if (!GK_KL_MENDING (m) || unit != 4 || !gk_kl_ends_mend (m, &ctx, &p, lim, &o, oend, big_endian, bmp_only))
            break;
          continue;
        }
      o = next;
      p += GK_BLOCK;
      if (G_UNLIKELY (gk_kl_run_due (carry)))
        {
          run = TRUE;
          break;
        }
    }
  /* Back to the first character not converted. */
  *pp = p - gk_kl_tail (carry);
  *po = o;
  return run;
}

/* The fast phase from *@pp, a character boundary, to units of @unit
 * bytes, with steps that convert the characters that end in their block
 * (GK_KL_ENDS): the block loop, and the kernel's own loop where it asks.
 * Advances *@pp and *@po over what it converted, stopping at a
 * character boundary. */
GUTF8CONV_KERNEL_INLINE void
gk_kl_decode_units (const guint8   **pp,
                    const guint8    *end,
                    guint8         **po,
                    const guint8    *oend,
                    const gboolean   big_endian,
                    const gboolean   bmp_only,
                    const guint      unit,
                    GkMend          *m)
{
  /* A step writes at most @unit bytes for each byte it reads (at most
   * 16 @unit past the start of its block): this one bound on the input
   * keeps the output in its buffer too. */
  const guint8 *lim = *pp + GK_BLOCK * MIN ((gsize) (end - *pp) / GK_BLOCK, (gsize) (oend - *po) / (GK_BLOCK * unit));
  GkKlCarry carry;

  while (gk_kl_ends_blocks (pp, lim, po, oend, &carry, big_endian, bmp_only, unit, m))
    *pp = gk_kl_run (&carry, *pp, lim, po, bmp_only, big_endian, unit);
}
#elif !defined (GK_KL_CLASS)
/* The fast phase from *@pp, a character boundary, to units of @unit
 * bytes: advances *@pp and *@po over what it converted, stopping at a
 * character boundary. */
GUTF8CONV_KERNEL_INLINE void
gk_kl_decode_units (const guint8   **pp,
                    const guint8    *end,
                    guint8         **po,
                    const guint8    *oend,
                    const gboolean   big_endian,
                    const gboolean   bmp_only,
                    const guint      unit,
                    GkMend          *m)
{
  const guint8 *p = *pp;
  guint8 *o = *po;
  const guint8 *in_last;
  const guint8 *out_last;
  gk_vec b;
  gk_mask cont;
  GkContext ctx;

  if (end - p < GK_FAST_IN || oend - o < GK_KL_FAST_OUT (unit))
    return;
  ctx = gk_context (bmp_only);
  /* The last places a step may start from: one compare each a step. */
  in_last = end - GK_FAST_IN;
  out_last = oend - GK_KL_FAST_OUT (unit);
  b = gk_loadu (p);
  if (!gk_kl_valid_at (&ctx, p, b, TRUE, bmp_only))
    return;
  cont = gk_cont_mask (b);
  do
    {
      gk_vec b2;
      gk_mask cont2;

      if (gk_movemask (b) == 0)
        {
          gk_kl_widen (p, b, o, big_endian, unit);
          o += unit * GK_BLOCK;
          p += GK_BLOCK;
          gk_decode_ascii_run (&p, end, &o, oend, big_endian, unit);
          if (p > in_last || o > out_last)
            break;
          /* At a character boundary, after ASCII. */
          b = gk_loadu (p);
          if (!gk_kl_valid_at (&ctx, p, b, FALSE, bmp_only) &&
              (!GK_KL_MENDING (m) || !gk_kl_mend_blocks (m, &ctx, &p, &b, &o, in_last, out_last, big_endian, bmp_only)))
            break;
          cont = gk_cont_mask (b);
          continue;
        }

      b2 = gk_loadu (p + GK_BLOCK);
      if (G_UNLIKELY (!gk_kl_valid_next (&ctx, p, b, b2, bmp_only)))
        {
          if (GK_KL_MENDING (m) && unit == 4)
            {
              if (!gk_kl_mend_after (m, &ctx, &p, &b, cont, &o, in_last, out_last, big_endian, bmp_only))
                break;
              cont = gk_cont_mask (b);
              continue;
            }
          /* Units: the block is decode16's block of values'. */
          if (unit == 2)
            p += gk_mask_low (~cont);
          else
            gk_decode_before_error (&p, cont, &o, big_endian);
          break;
        }
      cont2 = gk_cont_mask (b2);
#ifdef GK16_KL
      if (unit == 2)
        {
          guint8 *next = gk16_decode_valid (&ctx, p, b, cont, cont2, o, big_endian);

          if (next == NULL)
            {
              p += gk_mask_low (~cont);
              break;
            }
          o = next;
        }
      else
#endif
        o = gk_decode_valid (&ctx, p, b, cont, cont2, o, big_endian);
      p += GK_BLOCK;
      b = b2;
      cont = cont2;
      if (p > in_last || o > out_last)
        {
          p += gk_mask_low (~cont);
          break;
        }
    }
  while (TRUE);
  *pp = p;
  *po = o;
}

#endif

#ifndef GK_KL_CLASS
/* UTF-8 -> UCS-4: the fast phase of gutf8conv-kernel-generic-decode.h. */
GUTF8CONV_KERNEL_INLINE void
gk_kl_decode_fast (const guint8   **pp,
                   const guint8    *end,
                   guint8         **po,
                   const guint8    *oend,
                   const gboolean   big_endian,
                   const gboolean   bmp_only,
                   GkMend          *m)
{
  gk_kl_decode_units (pp, end, po, oend, big_endian, bmp_only, 4, m);
}
#endif

#ifdef GK16_KL
/* UTF-8 -> UTF-16: the same phase storing units, decode16's GK16_RUN. */
GUTF8CONV_KERNEL_INLINE void
gk16_kl_run (const guint8   **pp,
             const guint8    *end,
             guint8         **po,
             const guint8    *oend,
             const gboolean   bmp_only,
             const gboolean   big_endian)
{
  gk_kl_decode_units (pp, end, po, oend, big_endian, bmp_only, 2, NULL);
}
#define GK16_RUN gk16_kl_run

/* decode16 of a kernel with this phase: the phase storing units, a
 * block where it stops to the scalar kernel (which stops exactly at a
 * malformed sequence, cheaper than a block of values would), and the
 * phase again; mending, the plain loop and a mend where it stops, in
 * turn. */
GUTF8CONV_KERNEL_INLINE gsize
gk16_kl_decode16 (const guint8 *in,
                  gsize         in_len,
                  guint8       *out,
                  gsize         out_len,
                  const guint   flags,
                  gsize        *in_used)
{
  const gboolean bmp_only = (flags & GUTF8CONV_KERNEL_BMP_ONLY) != 0;
  const gboolean big_endian = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;
  const guint8 *p = in, *end = in + in_len;
  guint8 *o = out, *oend = out + out_len;

  /* The phase stops short of its bounds only at a block that fails. */
  for (gk16_kl_run (&p, end, &o, oend, bmp_only, big_endian);
       end - p >= 2 * GK_BLOCK && oend - o >= 4 * GK_BLOCK;
       gk16_kl_run (&p, end, &o, oend, bmp_only, big_endian))
    if (!gutf8conv_kernel_scalar_block (gutf8conv_kernel_scalar_decode16, &p, end, &o, oend,
                                        GK_BLOCK, GUTF8CONV_KERNEL_SEQ_SLACK, flags))
      return gutf8conv_kernel_stop (in, p, out, o, in_used);
  return gutf8conv_kernel_scalar_rest (gutf8conv_kernel_scalar_decode16, in, p, end, out, o, oend,
                                       flags, in_used);
}

#define GK16_KL_DECODE_ENTRY_POINTS(name, name_mend) \
  GUTF8CONV_KERNEL_ENTRY_POINT (name, gk16_kl_decode16, GUTF8CONV_KERNEL_BIG_ENDIAN | GUTF8CONV_KERNEL_BMP_ONLY) \
  GK_MEND_AROUND_ENTRY_POINT (name_mend, name, NULL, 0, 2)
#endif

#ifdef GK_KL_CLASS
/* decode16's own loop: the UCS-4 decoder's fast phase (a fixed GK_BLOCK
 * bytes a step, each block checked by the nibble lookups after the one
 * before, a character that crosses into the next block converted with
 * the block it starts in) storing 16-bit units straight, each block by
 * the longest character it holds.  Four-byte forms, errors and short
 * input or room stop it, at a character boundary, for the generic loop's
 * block of values; so does an ASCII block once widened, for the generic
 * ASCII step. */
GUTF8CONV_KERNEL_INLINE void
gk16_kl_class_run (const guint8   **pp,
                   const guint8    *end,
                   guint8         **po,
                   const guint8    *oend,
                   const gboolean   bmp_only,
                   const gboolean   big_endian)
{
  const guint8 *p = *pp;
  guint8 *o = *po;
  const guint8 *in_last;
  const guint8 *out_last;
  GkContext ctx;
  gk_vec b, b2;

  if (end - p < GK_FAST_IN || oend - o < GK_KL_FAST_OUT (2))
    return;
  ctx = gk_context (bmp_only);
  /* The last places a step may start from: one compare each a step. */
  in_last = end - GK_FAST_IN;
  out_last = oend - GK_KL_FAST_OUT (2);
  b = gk_loadu (p);
  if (!gk_kl_valid_at (&ctx, p, b, TRUE, bmp_only))
    return;
  do
    {
      gk_mask lead, l3;

      b2 = gk_loadu (p + GK_BLOCK);
      if (!gk_kl_valid_next (&ctx, p, b, b2, bmp_only))
        break;
      lead = ~gk_cont_mask (b) & GK_ALL;
      l3 = gk_kl_l3 (b);
      if (l3 == 0)
        {
          if (gk_movemask (b) == 0)
            {
              gk_kl_widen (p, b, o, big_endian, 2);
              p += GK_BLOCK;
              o += 2 * GK_BLOCK;
              b = b2;
              break;
            }
          o = gk_kl_bmp (p, lead, o, big_endian, FALSE, TRUE, 2);
        }
      else if (gk_kl_l4 (b) != 0)
        break;
      else if ((lead & ~l3) == 0)
        o = gk_kl_all3 (p, lead, o, big_endian, 2);
      /* No two-byte lead (Indic text among ASCII). */
      else if ((lead & gk_movemask (b) & ~l3) == 0)
        o = gk_kl_bmp (p, lead, o, big_endian, TRUE, FALSE, 2);
      else
        o = gk_kl_bmp (p, lead, o, big_endian, TRUE, TRUE, 2);
      p += GK_BLOCK;
      b = b2;
    }
  while (p <= in_last && o <= out_last);
  /* The continuation bytes at the start of block @b were converted with
   * the block before. */
  *pp = p + gk_mask_low (~gk_cont_mask (b));
  *po = o;
}

/* A short input's one padded block (gk_decode_one_block(), whose
 * output has room for every store): without four-byte characters by
 * the step for blocks of two- and three-byte ones, whose cost does not
 * depend on the number of leads. */
GUTF8CONV_KERNEL_INLINE guint8 *
gk_kl_class_one_block (const guint8   *p,
                       gk_mask         leads,
                       gk_mask         l4,
                       guint8         *o,
                       const gboolean  big_endian)
{
  if ((leads & l4) == 0)
    return gk_kl_bmp (p, leads, o, big_endian, TRUE, TRUE, 4);
  return gk_decode_block (p, leads, o, big_endian);
}
#define GK_DECODE_ONE_BLOCK gk_kl_class_one_block

/* UTF-8 -> UCS-4: the fast phase of gutf8conv-kernel-generic-decode.h
 * by the same steps, with ASCII 64 bytes a step as gk_kl_decode_units()
 * takes it (before the next block's test, which an ASCII block does not
 * need), four-byte forms by gk_kl_four(), and a block with two- and
 * three-byte leads by gk_decode_block() (rare: the step for one and
 * three bytes alone, Indic text's, needs no compare).  Stops at errors
 * (with the characters before them converted) and short input or room,
 * at a character boundary, for the careful loop. */
GUTF8CONV_KERNEL_INLINE void
gk_kl_class_decode_fast (const guint8   **pp,
                         const guint8    *end,
                         guint8         **po,
                         const guint8    *oend,
                         const gboolean   big_endian,
                         const gboolean   bmp_only,
                         GkMend          *m)
{
  const guint8 *p = *pp;
  guint8 *o = *po;
  const guint8 *in_last;
  const guint8 *out_last;
  GkContext ctx;
  gk_vec b, b2;

  if (end - p < GK_FAST_IN || oend - o < GK_KL_FAST_OUT (4))
    return;
  ctx = gk_context (bmp_only);
  in_last = end - GK_FAST_IN;
  out_last = oend - GK_KL_FAST_OUT (4);
  b = gk_loadu (p);
  if (!gk_kl_valid_at (&ctx, p, b, TRUE, bmp_only))
    return;
  do
    {
      gk_mask lead, l3, l4, nonascii = gk_movemask (b);

      if (nonascii == 0)
        {
          gk_kl_widen (p, b, o, big_endian, 4);
          p += GK_BLOCK;
          o += 4 * GK_BLOCK;
          gk_decode_ascii_run (&p, end, &o, oend, big_endian, 4);
          /* At a character boundary, after ASCII. */
          if (p > in_last || o > out_last)
            goto done;
          b = gk_loadu (p);
          if (!gk_kl_valid_at (&ctx, p, b, FALSE, bmp_only) &&
              (!GK_KL_MENDING (m) || !gk_kl_mend_blocks (m, &ctx, &p, &b, &o, in_last, out_last, big_endian, bmp_only)))
            goto done;
          continue;
        }
      b2 = gk_loadu (p + GK_BLOCK);
      if (!gk_kl_valid_next (&ctx, p, b, b2, bmp_only))
        {
          if (GK_KL_MENDING (m))
            {
              if (!gk_kl_mend_after (m, &ctx, &p, &b, gk_cont_mask (b), &o, in_last, out_last, big_endian, bmp_only))
                goto done;
              continue;
            }
          gk_decode_before_error (&p, gk_cont_mask (b), &o, big_endian);
          goto done;
        }
      lead = ~gk_cont_mask (b) & GK_ALL;
      l3 = gk_kl_l3 (b);
      if (l3 == 0)
        o = gk_kl_bmp (p, lead, o, big_endian, FALSE, TRUE, 4);
      else if ((l4 = gk_kl_l4 (b)) != 0)
        o = gk_kl_four (p, lead, l4, o, big_endian);
      else if ((lead & ~l3) == 0)
        o = gk_kl_all3 (p, lead, o, big_endian, 4);
      else if ((lead & nonascii & ~l3) == 0)
        o = gk_kl_bmp (p, lead, o, big_endian, TRUE, FALSE, 4);
      else
        o = gk_decode_block (p, lead, o, big_endian);
      p += GK_BLOCK;
      b = b2;
    }
  while (p <= in_last && o <= out_last);
  /* The continuation bytes at the start of block @b were converted with
   * the block before. */
  p += gk_mask_low (~gk_cont_mask (b));
done:
  *pp = p;
  *po = o;
}
#endif

/* UTF-8 to UTF-8 with the nibble lookups: GK_STEP bytes a step, as
 * GK_STEP_BLOCKS vectors, so that a step of ASCII costs one test and a
 * step of other text one test of its blocks' errors together. */
#ifndef GK_STEP
#define GK_STEP 64
#endif
#define GK_STEP_BLOCKS (GK_STEP / GK_BLOCK)

typedef struct
{
  gk_vec v[GK_STEP_BLOCKS];
} GkStep;

/* The step at @p into @s; returns the OR of its blocks. */
GUTF8CONV_KERNEL_INLINE gk_vec
gk_step_load (const guint8 *p,
              GkStep       *s)
{
  gk_vec any = s->v[0] = gk_loadu (p);

#pragma GCC unroll 4
  for (guint i = 1; i < GK_STEP_BLOCKS; i++)
    {
      s->v[i] = gk_loadu (p + GK_BLOCK * i);
      any = gk_or (any, s->v[i]);
    }
  return any;
}

GUTF8CONV_KERNEL_INLINE void
gk_step_store (guint8       *o,
               const GkStep *s)
{
#pragma GCC unroll 4
  for (guint i = 0; i < GK_STEP_BLOCKS; i++)
    gk_storeu (o + GK_BLOCK * i, s->v[i]);
}

/* The errors of block @i of the step @s at @p, the block @prev before
 * the step (zeros: nothing, or ASCII). */
GUTF8CONV_KERNEL_INLINE gk_vec
gk_step_block_errors (const GkContext *ctx,
                      const guint8    *p,
                      const GkStep    *s,
                      gk_vec           prev,
                      const guint      i,
                      const gboolean   bmp_only)
{
  gk_vec before = i == 0 ? prev : s->v[i == 0 ? 0 : i - 1];

  return gk_kl_step_errors (ctx, p + GK_BLOCK * i, s->v[i], before, i, bmp_only);
}

/* The errors of each block of step @s at @p after the block @prev to
 * @err; returns them ORed: non-zero where something is wrong. */
GUTF8CONV_KERNEL_INLINE gk_vec
gk_step_errors (const GkContext *ctx,
                const guint8    *p,
                const GkStep    *s,
                gk_vec           prev,
                gk_vec           err[GK_STEP_BLOCKS],
                const gboolean   bmp_only)
{
  gk_vec any = err[0] = gk_step_block_errors (ctx, p, s, prev, 0, bmp_only);

#pragma GCC unroll 4
  for (guint i = 1; i < GK_STEP_BLOCKS; i++)
    {
      err[i] = gk_step_block_errors (ctx, p, s, prev, i, bmp_only);
      any = gk_or (any, err[i]);
    }
  return any;
}

/* The first block of the step at @p whose errors @err has; one has. */
GUTF8CONV_KERNEL_INLINE const guint8 *
gk_step_first_error (const guint8 *p,
                     const gk_vec  err[GK_STEP_BLOCKS])
{
  guint i;

#pragma GCC unroll 4
  for (i = 0; i < GK_STEP_BLOCKS - 1; i++)
    if (gk_any_set (err[i]))
      break;
  return p + GK_BLOCK * i;
}

/* How many bytes before @p (valid up to it since @in) start a character
 * that goes on past it. */
GUTF8CONV_KERNEL_INLINE guint
gk_cut_before (const guint8 *in,
               const guint8 *p)
{
  if (p == in)
    return 0;
  return p[-1] >= 0xC0 ? 1 : p[-2] >= 0xE0 ? 2 : p[-3] >= 0xF0 ? 3 : 0;
}

/* ASCII steps from *@pp, two a turn, each stored at *@po: TRUE at a
 * step that is not ASCII, left in @s; FALSE where no step is left that
 * starts at or before @last (@last128: where two do, or NULL). */
GUTF8CONV_KERNEL_INLINE gboolean
gk_step_ascii_run (const guint8 **pp,
                   guint8       **po,
                   const guint8  *last,
                   const guint8  *last128,
                   GkStep        *s)
{
  const guint8 *p = *pp;
  guint8 *o = *po;
  gboolean more = TRUE;

  for (;;)
    {
      if (p > last128)
        {
          more = p <= last && !gk_is_ascii (gk_step_load (p, s));
          if (p <= last && !more)
            {
              gk_step_store (o, s);
              p += GK_STEP;
              o += GK_STEP;
            }
          break;
        }
      if (!gk_is_ascii (gk_step_load (p, s)))
        break;
      gk_step_store (o, s);
      if (!gk_is_ascii (gk_step_load (p + GK_STEP, s)))
        {
          p += GK_STEP;
          o += GK_STEP;
          break;
        }
      gk_step_store (o + GK_STEP, s);
      p += 2 * GK_STEP;
      o += 2 * GK_STEP;
    }
  *pp = p;
  *po = o;
  return more;
}

/* gk_validate_fast() of gutf8conv-kernel-generic-block.h with the nibble
 * lookups, for GK_COPY_ENTRY_POINT: each step stored to the same place
 * of @out once it has passed.  Two loops, so that neither tests what the
 * other knows: a run of ASCII steps needs no lookups and ends no
 * character, a run of other steps needs no test for a character cut by
 * the step before.  A character cut by the end of a step is checked by
 * the next one; where a step fails, the loop stops at its first block
 * that does, before the character cut there.  Returns where it stopped,
 * at a character boundary. */
GUTF8CONV_KERNEL_INLINE const guint8 *
gk_kl_validate_fast (const guint8   *in,
                     const guint8   *end,
                     guint8         *out,
                     gsize          *stored,
                     const gboolean  bmp_only)
{
  const guint8 *p = in, *last, *last128;
  guint8 *o = out;
  GkContext ctx;
  GkStep s;

  *stored = 0;
  if (end - p < GK_STEP)
    return p;
  ctx = gk_context (bmp_only);
  /* The last starts of a step and of two. */
  last = end - GK_STEP;
  last128 = end - p >= 2 * GK_STEP ? end - 2 * GK_STEP : NULL;
  while (gk_step_ascii_run (&p, &o, last, last128, &s))
    {
      gk_vec prev = gk_set1 (0);

      do
        {
          gk_vec err[GK_STEP_BLOCKS];

          if (G_UNLIKELY (gk_any_set (gk_step_errors (&ctx, p, &s, prev, err, bmp_only))))
            {
              /* The careful loop goes on from the block that fails (the
               * step's blocks before it are copied after). */
              *stored = p - in;
              p = gk_step_first_error (p, err);
              return p - gk_cut_before (in, p);
            }
          gk_step_store (o, &s);
          prev = s.v[GK_STEP_BLOCKS - 1];
          p += GK_STEP;
          o += GK_STEP;
          if (p > last)
            goto done;
        }
      while (!gk_is_ascii (gk_step_load (p, &s)));
      /* ASCII does not end a character the step before cut. */
      if (gk_cut_before (in, p) != 0)
        break;
      gk_step_store (o, &s);
      p += GK_STEP;
      o += GK_STEP;
    }
done:
  p -= gk_cut_before (in, p);
  *stored = p - in;
  return p;
}
