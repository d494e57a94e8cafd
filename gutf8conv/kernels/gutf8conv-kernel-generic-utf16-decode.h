/* gutf8conv-kernel-generic-utf16-decode.h: UTF-8 -> UTF-16, written once
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A wide kernel's decode16 runs its own UCS-4 decoder (its validation and
 * transcoding, whatever they are) into a block of values on the stack,
 * then narrows the values to 16-bit units a group at a time: the only
 * work UTF-16 adds is that narrowing, so the grammar, the profiles'
 * limits and the validation stay in one place per kernel.  A group with a
 * value above U+FFFF is written by the kernel's pair maker, or where it
 * has none by the scalar store.  The block is sized by the output's room, at two units a value,
 * so that it always fits; near the end of the output, where a pair may
 * not, the scalar kernel's decode16 takes over and
 * places the last pair exactly.
 *
 * The including file defines first:
 *   GK16_GROUP                           values a step narrows
 *   gboolean gk16_narrow (const guint32 *v, guint8 *o, const gboolean big_endian);
 *       stores the GK16_GROUP values at @v (this machine's order, 64-byte
 *       aligned block) as 16-bit units in the order @big_endian gives,
 *       and returns TRUE, when all are below U+10000; else FALSE, having
 *       stored nothing.
 *   gk_vec gk_widen16 (gk_vec b, guint h, const gboolean big_endian);
 *       half @h (0, 1) of the block @b, bytes below 0x100, as 16-bit
 *       units in the order @big_endian gives
 * and, where it has a vector way of making pairs, GK16_PAIRS, the name of
 *   gsize gk16_pairs (const guint32 *v, guint8 *o, const gboolean big_endian);
 *       the same group stored as UTF-16, pairs and all, in 4 * GK16_GROUP
 *       bytes of room; returns the bytes that hold units;
 * and includes gutf8conv-kernel-generic-block.h (its vector operations).
 *
 * A kernel that includes gutf8conv-kernel-generic-block.h and can
 * transcode a block straight to units defines GK16_DIRECT (as 3: the
 * longest form it takes, three bytes), and
 *   gsize gk16_units (gk_vec b, const guint8 *p, const GkLeads *c,
 *                     gk_mask keep, guint8 *o, const gboolean big_endian);
 *       the block @b at @p, valid, of characters of one to three bytes
 *       (@c: its classes; up to GK16_DIRECT bytes), stored as one unit for each byte in @keep (the
 *       leads and ASCII bytes of the characters to convert); may read
 *       @p up to @p + GK_BLOCK + 2 and store 2 * GK_BLOCK bytes at @o;
 *       returns the bytes that hold units.
 * Then blocks of such characters skip the block of values: English with
 * accents, Cyrillic, Arabic, Greek, CJK and Indic text.  It may define
 * GK16_DIRECT_MIXED 1 (blocks with no ASCII byte go to the runs first,
 * which take CJK text faster) and, for blocks with three-byte leads,
 *   gboolean gk16_direct_valid (const guint8 *in, gk_vec b, const guint8 *p,
 *                               gk_mask nonascii, gboolean bmp_only, GkLeads *c);
 *       as GK16_DIRECT_VALID: its own test of the block for
 *       gk_block_valid() and no four-byte form, filling @c's cont
 *       (@in: the input's start, for the bytes before @p)
 * and GK16_LEADS, the name of
 *   void gk16_leads (gk_vec b, gk_mask nonascii, GkLeads *c);
 *       @c's l2 and l3 (bytes from C0 and E0) without gk_ge_mask().
 *
 * A kernel with a loop that stores units defines GK16_RUN (the generic
 * fast phase's, gk16_kl_run() of gutf8conv-kernel-generic-kl-decode.h,
 * where the kernel defines GK16_KL), the name of
 *   void gk16_run (const guint8 **pp, const guint8 *end, guint8 **po,
 *                  const guint8 *oend, gboolean bmp_only, gboolean big_endian);
 *       converts valid input from the character boundary *@pp as far as
 *       it takes it, stopping at a character boundary, and advances *@pp
 *       and *@po (never past @end and @oend); it may take nothing.
 *
 * A kernel with the runs of gutf8conv-kernel-generic-runs.h defines
 * GK16_RUNS: where a block would go to the block of values (neither ASCII
 * nor the kernel's own loop's nor GK16_DIRECT's), gr_runs() tries it
 * first, and the loop starts again after any progress.
 *
 * Mending (GUtf8ConvDecodeMendFunc) is the plain loop up to the first
 * malformed sequence, mended there by gk_mend_at() of
 * gutf8conv-kernel-generic-block.h in 16-bit units, one at a time as the
 * UCS-4 careful loop does; after it, a copy of the loop that mends where
 * its steps or its decoder stop (gk16_mend_block(), a failing block in
 * one go as the UCS-4 fast loops mend it; gk16_mend_stop()),
 * or, with GK16_MEND_VALUES (below), whose blocks of values mend, while
 * the damage is dense (behaviour guide, behaviour-kernel-mend).
 */

#pragma once

#include "gutf8conv-kernel-units.h"

/* A kernel whose fast loops mend (GK_FAST_MENDS) may define
 * GK16_MEND_VALUES: decode16 then mends in a loop of its own while the
 * damage is dense (gk_mend_around()), its blocks of values from the
 * UCS-4 decoder, which mends a block at a time.  Where the kernel's own
 * steps for UTF-16 (GK16_RUN, GK16_DIRECT) are faster than its blocks of
 * values, the loop that mends where they stop costs less. */
#if defined (GK16_MEND_VALUES) && !defined (GK_FAST_MENDS)
#error "GK16_MEND_VALUES needs the fast loops' mending (GK_FAST_MENDS)"
#endif

/* ASCII bytes the ASCII step widens: a block, at least 32. */
#define GK16_ASCII MAX (GK_BLOCK, 32)

/* The @steps (1 or 2) steps of GK16_ASCII bytes at @p as 16-bit units,
 * as far as they are ASCII: returns the steps stored (0 to @steps), the
 * first alone where only it is ASCII. */
GUTF8CONV_KERNEL_INLINE guint
gk16_widen_ascii (const guint8   *p,
                  guint8         *o,
                  const gboolean  big_endian,
                  const guint     steps)
{
  const guint n = GK16_ASCII / GK_BLOCK;
  gk_vec b[2 * GK16_ASCII / GK_BLOCK], any[2];
  guint took;

#pragma GCC unroll 8
  for (guint i = 0; i < steps * n; i++)
    {
      b[i] = gk_loadu (p + GK_BLOCK * i);
      any[i / n] = i % n == 0 ? b[i] : gk_or (any[i / n], b[i]);
    }
  if (steps == 2 && gk_movemask (gk_or (any[0], any[1])) == 0)
    took = 2;
  else if (gk_movemask (any[0]) == 0)
    took = 1;
  else
    return 0;
#pragma GCC unroll 8
  for (guint i = 0; i < took * n; i++)
    for (guint h = 0; h < 2; h++)
      gk_storeu (o + 2 * GK_BLOCK * i + GK_BLOCK * h, gk_widen16 (b[i], h, big_endian));
  return took;
}

/* Values in the block: 1 KiB of stack, enough to amortise a call of the
 * UCS-4 decoder, and short enough that mostly-ASCII text soon returns to
 * the ASCII step (at 1024 values English text went through the decoder
 * for a kilobyte after each accent, half as fast). */
#define GK16_BLOCK 256

/* Below room for this many units, the portable path. */
#define GK16_MIN_ROOM 64

/* The @n values at @v to *@o, a group at a time, as many as fit before
 * @oend; advances *@o and returns the values stored.  The GK16_GROUP
 * values after the @n are zeros (gk16_decode_loop() writes them): a short
 * last group, where the decoder stopped early (at a malformed sequence,
 * or the input's end), is narrowed whole, its zeros stored past the units
 * and not counted, instead of one value at a time. */
GUTF8CONV_KERNEL_INLINE gsize
gk16_store_units (const guint32  *v,
                  gsize           n,
                  guint8        **po,
                  const guint8   *oend,
                  const gboolean  big_endian)
{
  guint8 *o = *po;
  gsize k = 0;

  for (;;)
    {
      gsize stop;

      while (k < n && (gsize) (oend - o) >= 2 * GK16_GROUP &&
             gk16_narrow (v + k, o, big_endian))
        {
          k += GK16_GROUP;
          o += 2 * GK16_GROUP;
        }
      if (k >= n)
        {
          /* The zeros of a short last group: not units. */
          o -= 2 * (k - n);
          k = n;
          break;
        }
#ifdef GK16_PAIRS
      if (n - k >= GK16_GROUP && (gsize) (oend - o) >= 4 * GK16_GROUP)
        {
          o += GK16_PAIRS (v + k, o, big_endian);
          k += GK16_GROUP;
          continue;
        }
#endif
      /* A group with a pair, or the short rest: one value at a time. */
      stop = MIN (n, k + GK16_GROUP);
      for (; k < stop; k++)
        {
          if ((gsize) (oend - o) < (v[k] >= 0x10000 ? 4u : 2u))
            goto full;
          o += store_utf16 (o, v[k], big_endian);
        }
      if (k == n)
        break;
    }
full:
  *po = o;
  return k;
}

#ifdef GK16_DIRECT
#ifndef GK16_DIRECT_MIXED
#define GK16_DIRECT_MIXED 0
#endif

typedef enum
{
  GK16_DIRECT_DONE,    /* a block converted */
  GK16_DIRECT_ASCII,   /* the block is ASCII: the ASCII step's */
  GK16_DIRECT_RUNS,    /* GK16_DIRECT_MIXED: three-byte leads and no ASCII, the runs' first */
  GK16_DIRECT_OTHER,   /* anything else: the decoder's */
} Gk16Direct;

/* One block at *@pp of characters of one to GK16_DIRECT bytes, checked by the
 * generic block test, to units at *@po; nothing done unless DONE.  Short
 * input or room is OTHER, so that the decoder (and the portable path
 * after it) always makes progress. */
GUTF8CONV_KERNEL_INLINE Gk16Direct
gk16_direct (const guint8    *in,
             const guint8   **pp,
             const guint8    *end,
             guint8         **po,
             const guint8    *oend,
             const gboolean   runs_tried,
             const gboolean   bmp_only,
             const gboolean   big_endian)
{
  const guint8 *p = *pp;
  gk_vec b;
  gk_mask nonascii;
  GkLeads c;
  guint consumed;

  (void) in;
  if (end - p < GK_BLOCK + 2 || oend - *po < 2 * GK_BLOCK)
    return GK16_DIRECT_OTHER;
  b = gk_loadu (p);
  nonascii = gk_movemask (b);
  if (nonascii == 0)
    return GK16_DIRECT_ASCII;
#ifdef GK16_LEADS
  GK16_LEADS (b, nonascii, &c);
#else
  c.l2 = gk_ge_mask (b, 0xC0);
  c.l3 = gk_ge_mask (b, 0xE0);
#endif
  if (c.l3 == 0)
    {
      /* Leads of two bytes only: C2..DF take any continuation byte, so
       * the test is that none is C0 or C1 and the continuation bytes are
       * those the leads announce (one past the block is the next
       * block's), without the lead ranges' lookups. */
      c.l4 = 0;
      c.cont = nonascii & ~c.l2;
      if (gk_ge_mask (b, 0xC2) != c.l2 || c.cont != ((c.l2 << 1) & GK_ALL))
        return GK16_DIRECT_OTHER;
    }
  /* Four-byte forms (pairs) are the decoder's.  A kernel that defines
   * GK16_DIRECT_MIXED leaves a block with no ASCII byte to the runs
   * first (CJK text), and takes it after them. */
  else if (GK16_DIRECT_MIXED && !runs_tried && nonascii == GK_ALL)
    return GK16_DIRECT_RUNS;
#ifdef GK16_DIRECT_VALID
  else if (!GK16_DIRECT_VALID (in, b, p, nonascii, bmp_only, &c))
#else
  else if (!gk_block_valid (b, p, nonascii, bmp_only, &c) || c.l4 != 0)
#endif
    return GK16_DIRECT_OTHER;
  /* A character that ends past the block is the next block's: its lead
   * is one of the last two bytes (no four-byte forms here).  Read from
   * the bytes, not from the masks as gk_block_end() does: the next
   * block's load waits on this, and one byte load is a shorter wait than
   * compare, mask move and bit scan. */
  consumed = GK_BLOCK - (p[GK_BLOCK - 1] >= 0xC0) - 2 * (p[GK_BLOCK - 2] >= 0xE0);
  *po += gk16_units (b, p, &c, gk_block_leads (&c, consumed), *po, big_endian);
  *pp = p + consumed;
  return GK16_DIRECT_DONE;
}
#endif

/* What decode16's loop leaves, to the scalar kernel; but where the loop
 * stopped at a malformed sequence, the scalar kernel would only stop
 * there again, after a call that damaged text pays at each one.  Not
 * inlined, so that the loop's code is the same as without the test. */
static __attribute__((noinline)) gsize
gk16_decode_rest (const guint8 *in,
                  const guint8 *p,
                  const guint8 *end,
                  const guint8 *out,
                  guint8       *o,
                  const guint8 *oend,
                  const guint   flags,
                  gsize        *in_used)
{
  if (p < end && gk_maximal_subpart (p, end) != 0)
    return gutf8conv_kernel_stop (in, p, out, o, in_used);
  return gutf8conv_kernel_scalar_rest (gutf8conv_kernel_scalar_decode16, in, p, end, out, o, oend,
                                       flags, in_used);
}

#ifndef GK16_MEND_VALUES
/* Where a loop that mends stopped at *@pp, the malformed sequence there
 * (its maximal subpart: @len bytes) mended, and those that follow it at
 * once; *@utf8_from, *@o_from: where the text converted since the last
 * mend starts, in and out, for gk_mend()'s test of the bytes before
 * (fewer units than bytes: a character of more than one byte).  FALSE
 * where the loop must stop at *@pp instead. */
GUTF8CONV_KERNEL_INLINE gboolean
gk16_mend_stop (GkMend         *m,
                const guint8  **pp,
                guint           len,
                const guint8   *end,
                guint8        **po,
                const guint8   *oend,
                const guint8  **utf8_from,
                guint8        **o_from,
                const gboolean  big_endian)
{
  m->utf8 = m->utf8 || (gsize) (*po - *o_from) / 2 < (gsize) (*pp - *utf8_from);
  if (!gk_mend_run (m, pp, len, end, po, oend, 2, big_endian))
    return FALSE;
  *utf8_from = *pp;
  *o_from = *po;
  return TRUE;
}

#ifdef GK_FAST_MENDS
/* The block at @p, a character boundary, with a malformed sequence in
 * it, mended in one go (gk_mend_block()) after the values before it from
 * @values to @v, and all of them stored as units; *@pp, *@utf8_from and
 * *@o_from after it.  The caller has checked that two blocks of input
 * and four bytes a value and a byte of the block are there.
 * GK_CAREFUL_MENDED, or GK_CAREFUL_STOP where the kernel must stop at
 * *@pp, before a subpart that may not be mended. */
GUTF8CONV_KERNEL_INLINE GkCareful
gk16_mend_in_block (GkMend         *m,
                    const guint8   *p,
                    const guint8  **pp,
                    guint8        **po,
                    const guint8   *oend,
                    guint32        *values,
                    guint8         *v,
                    const guint8  **utf8_from,
                    guint8        **o_from,
                    const gboolean  big_endian)
{
  gk_vec b = gk_loadu (p), b2 = gk_loadu (p + GK_BLOCK);
  gk_mask carry = 0;
  /* A character of more than one byte since the last mend: fewer units
   * and values than bytes. */
  gboolean utf8 = (gsize) (*po - *o_from) / 2 + (gsize) (v - (guint8 *) values) / 4 < (gsize) (p - *utf8_from);
  guint took = gk_mend_block (m, p, b, b2, gk_movemask (b), gk_ge_mask (b, 0xC0), gk_movemask (b2) & ~gk_ge_mask (b2, 0xC0),
                              &carry, utf8, &v, G_BYTE_ORDER == G_BIG_ENDIAN, FALSE);
  gsize n = (v - (guint8 *) values) / 4;

  memset (values + n, 0, GK16_GROUP * sizeof (guint32));
  gk16_store_units (values, n, po, oend, big_endian);
  /* The next block's first bytes that its last item took. */
  *pp = p + took + gk_popcount (carry);
  *utf8_from = *pp;
  *o_from = *po;
  return took == GK_BLOCK ? GK_CAREFUL_MENDED : GK_CAREFUL_STOP;
}
#endif

/* Blocks gk16_mend_block() tests, 32 bytes: ssse3's own steps stop a
 * block of 16 before the one that fails; on avx2 a second block of 32
 * cost more than it saved, and a third on ssse3 too. */
#define GK16_MEND_BLOCKS MAX (32 / GK_BLOCK, 1)

/* In a loop that mends, where its steps left the input at *@pp to the
 * decoder: if one of the GK16_MEND_BLOCKS blocks from there fails the
 * block test, the blocks before it by gk_decode_block() into @values,
 * and it mended in one go (gk16_mend_in_block()), or, near the input's
 * end, its characters before the first wrong one and the malformed
 * sequence there (gk16_mend_stop()); without a call of the decoder,
 * whose start costs more where the damage is that close.
 * GK_CAREFUL_MENDED where the loop goes on from *@pp; GK_CAREFUL_STOP
 * where it must stop at *@pp, malformed; GK_CAREFUL_REST, nothing done,
 * where the blocks are the decoder's. */
GUTF8CONV_KERNEL_INLINE GkCareful
gk16_mend_block (GkMend         *m,
                 const guint8  **pp,
                 const guint8   *end,
                 guint8        **po,
                 const guint8   *oend,
                 guint32        *values,
                 const guint8  **utf8_from,
                 guint8        **o_from,
                 const gboolean  big_endian)
{
  /* Each block's start and the leads of its characters to convert. */
  const guint8 *at[GK16_MEND_BLOCKS + 1];
  gk_mask leads[GK16_MEND_BLOCKS];
  guint8 *v = (guint8 *) values;
  guint i, len;

  /* Room for a pair a value. */
  if ((gsize) (oend - *po) < 4 * GK16_MEND_BLOCKS * GK_BLOCK)
    return GK_CAREFUL_REST;
  at[0] = *pp;
  for (i = 0;; i++)
    {
      const guint8 *p = at[i];
      gk_vec b;
      gk_mask nonascii, wrong;
      GkLeads c;
      guint consumed;

      if (i == GK16_MEND_BLOCKS || end - p < GK_CAREFUL_MIN)
        return GK_CAREFUL_REST;
      b = gk_loadu (p);
      nonascii = gk_movemask (b);
      if (nonascii == 0)
        {
          leads[i] = GK_ALL;
          at[i + 1] = p + GK_BLOCK;
          continue;
        }
      /* (Mending is never BMP_ONLY.) */
      wrong = gk_block_wrong (b, p, nonascii, FALSE, &c);
      consumed = wrong == 0 ? gk_block_end (&c) : gk_valid_prefix (gk_block_expected (&c), wrong);
      leads[i] = gk_block_leads (&c, consumed);
      at[i + 1] = p + consumed;
      if (wrong != 0)
        break;
    }
  for (guint j = 0; j < i; j++)
    if (leads[j] != 0)
      v = gk_decode_block (at[j], leads[j], v, G_BYTE_ORDER == G_BIG_ENDIAN);
#ifdef GK_FAST_MENDS
  if (end - at[i] >= 2 * GK_BLOCK)
    return gk16_mend_in_block (m, at[i], pp, po, oend, values, v, utf8_from, o_from, big_endian);
#endif
  if ((len = gk_maximal_subpart (at[i + 1], end)) == 0)
    return GK_CAREFUL_REST;
  if (leads[i] != 0)
    v = gk_decode_block (at[i], leads[i], v, G_BYTE_ORDER == G_BIG_ENDIAN);
  if (v != (guint8 *) values)
    {
      gsize n = (v - (guint8 *) values) / 4;

      memset (values + n, 0, GK16_GROUP * sizeof (guint32));
      gk16_store_units (values, n, po, oend, big_endian);
      *pp = at[i + 1];
    }
  return gk16_mend_stop (m, pp, len, end, po, oend, utf8_from, o_from, big_endian) ? GK_CAREFUL_MENDED
                                                                                   : GK_CAREFUL_STOP;
}
#endif

#ifdef GK16_MEND_VALUES
/* The block of values of decode16 when it mends: the kernel's UCS-4
 * decoder mending as @m says, which goes on past the malformed sequences
 * it mends, in this machine's order.  Called: inlined, the loop around
 * it would be a second copy. */
static __attribute__((noinline)) gsize
gk16_values_mending (GkMend       *m,
                     const guint8 *in,
                     gsize         in_len,
                     guint8       *out,
                     gsize         out_len,
                     gsize        *in_used)
{
  return gk_decode_mend_with (m, in, in_len, out, out_len,
                              G_BYTE_ORDER == G_BIG_ENDIAN ? GUTF8CONV_KERNEL_BIG_ENDIAN : 0, in_used);
}
#endif

/* ASCII straight to units from *@pp, not through the block of values;
 * the steps the input and the room allow counted once. */
GUTF8CONV_KERNEL_INLINE void
gk16_ascii_steps (const guint8  **pp,
                  const guint8   *end,
                  guint8        **po,
                  const guint8   *oend,
                  const gboolean  big_endian)
{
  const guint8 *p = *pp;
  guint8 *o = *po;
  const guint8 *ascii_stop = p + GK16_ASCII * MIN ((gsize) (end - p) / GK16_ASCII,
                                                   (gsize) (oend - o) / (2 * GK16_ASCII));

#if GK16_ASCII == GK_BLOCK
  /* Two steps a test where a step is one block: a run of ASCII pays the
   * test, the branch and the loop's count once every two blocks, as it
   * does where a step is two. */
  guint took = 2;

  while (ascii_stop - p >= 2 * GK16_ASCII && took == 2)
    {
      took = gk16_widen_ascii (p, o, big_endian, 2);
      p += took * GK16_ASCII;
      o += took * 2 * GK16_ASCII;
    }
  if (p < ascii_stop && took == 2)
    {
      took = gk16_widen_ascii (p, o, big_endian, 1);
      p += took * GK16_ASCII;
      o += took * 2 * GK16_ASCII;
    }
#else
  while (p < ascii_stop && gk16_widen_ascii (p, o, big_endian, 1))
    {
      p += GK16_ASCII;
      o += 2 * GK16_ASCII;
    }
#endif
  *pp = p;
  *po = o;
}

#ifdef GK16_RUN
/* The kernel's own loop (GK16_RUN) from *@pp; FALSE where it takes
 * nothing. */
GUTF8CONV_KERNEL_INLINE gboolean
gk16_run (const guint8  **pp,
          const guint8   *end,
          guint8        **po,
          const guint8   *oend,
          const gboolean  bmp_only,
          const gboolean  big_endian)
{
  const guint8 *start = *pp;

  GK16_RUN (pp, end, po, oend, bmp_only, big_endian);
  return *pp != start;
}
#endif

/* The body of a kernel's decode16 entry point, of the GUtf8ConvDecodeFunc
 * arguments, with the kernel's UCS-4 @decode; where @m is not NULL, it
 * mends as @m says where its steps or its decoder stop, or, where the
 * kernel asks for it (GK16_MEND_VALUES), in its blocks of values
 * (gk16_values_mending()), and returns where the damage is sparse
 * again. */
GUTF8CONV_KERNEL_INLINE gsize
gk16_decode_loop (GUtf8ConvDecodeFunc  decode,
                  const guint8        *in,
                  gsize                in_len,
                  guint8              *out,
                  gsize                out_len,
                  const guint          flags,
                  gsize               *in_used,
                  GkMend              *m)
{
  const gboolean big_endian = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;
#if defined (GK16_DIRECT) || defined (GK16_RUN) || defined (GK16_RUNS)
  const gboolean bmp_only = (flags & GUTF8CONV_KERNEL_BMP_ONLY) != 0;
#endif
  /* The values stay in this machine's order. */
  const guint ucs4_flags = (flags & ~GUTF8CONV_KERNEL_BIG_ENDIAN) |
                           (G_BYTE_ORDER == G_BIG_ENDIAN ? GUTF8CONV_KERNEL_BIG_ENDIAN : 0);
  /* A group of zeros after the values (gk16_store_units()). */
  guint32 values[GK16_BLOCK + GK16_GROUP] __attribute__((aligned (64)));
  const guint8 *p = in, *end = in + in_len;
  /* Where the bytes before are whole characters: gk16_direct() reads
   * them; a mending block of values may stop inside a damaged one. */
  const guint8 *whole = in;
  guint8 *o = out, *oend = out + out_len;
#ifndef GK16_MEND_VALUES
  /* Where the text since the last mend starts (gk16_mend_stop()). */
  const guint8 *utf8_from = in;
  guint8 *o_from = out;
#endif

  (void) m;
  (void) whole;
  while (p < end && (gsize) (oend - o) / 2 >= GK16_MIN_ROOM)
    {
      gsize cap, used, n, k;
      /* Sparse damage again: back to the plain loop (gk_mend_around()),
       * whose code clean text runs fastest. */
      if (m != NULL && p - m->last >= GK_MEND_SPARSE)
        return gutf8conv_kernel_stop (in, p, out, o, in_used);
#ifdef GK16_DIRECT
      Gk16Direct r;
#endif

      gk16_ascii_steps (&p, end, &o, oend, big_endian);
      if (p == end || (gsize) (oend - o) / 2 < GK16_MIN_ROOM)
        break;
#ifdef GK16_RUN
      /* Back to the ASCII step after any progress; the decoder's block
       * of values where the kernel's loop takes nothing. */
      if (gk16_run (&p, end, &o, oend, bmp_only, big_endian))
        continue;
#endif
#ifdef GK16_DIRECT
      /* Back to the ASCII step as soon as a block is ASCII (it takes
       * GK16_ASCII <= GK_BLOCK bytes, so it moves on). */
      while ((r = gk16_direct (whole, &p, end, &o, oend, FALSE, bmp_only, big_endian)) == GK16_DIRECT_DONE)
        ;
      if (r == GK16_DIRECT_ASCII)
        continue;
      if ((gsize) (oend - o) / 2 < GK16_MIN_ROOM)
        break;
#endif
#ifndef GK16_MEND_VALUES
      if (m != NULL)
        {
          GkCareful mr = gk16_mend_block (m, &p, end, &o, oend, values, &utf8_from, &o_from, big_endian);

          if (mr == GK_CAREFUL_STOP)
            break;
          if (mr == GK_CAREFUL_MENDED)
            {
              /* The bytes before are a damaged character's. */
              whole = p;
              continue;
            }
        }
#endif
#ifdef GK16_RUNS
      {
        const guint8 *q = p;
        guint8 *qo = o;

        gr_runs (&q, end, &qo, oend, bmp_only, big_endian, 2);
        if (q != p)
          {
            p = q;
            o = qo;
            continue;
          }
      }
#endif
#if defined (GK16_DIRECT) && GK16_DIRECT_MIXED
      /* The block the runs did not take (Hindi words between spaces). */
      if (r == GK16_DIRECT_RUNS &&
          gk16_direct (whole, &p, end, &o, oend, TRUE, bmp_only, big_endian) == GK16_DIRECT_DONE)
        continue;
#endif
      /* Room for two units a value: a pair each still fits. */
      cap = MIN (GK16_BLOCK, (gsize) (oend - o) / 4);
#ifdef GK16_MEND_VALUES
      if (m != NULL && end - p >= GK_CAREFUL_MIN)
        n = gk16_values_mending (m, p, end - p, (guint8 *) values, cap * 4, &used) / 4;
      else
#endif
        n = decode (p, end - p, (guint8 *) values, cap * 4, ucs4_flags, &used) / 4;
      memset (values + n, 0, GK16_GROUP * sizeof (guint32));
      k = gk16_store_units (values, n, &o, oend, big_endian);
      /* Not all stored (the output is full after all): give back the
       * input of those that were not.  @cap leaves two units a value,
       * so this never runs; by a value's UTF-8 length it would be wrong
       * for a U+FFFD that mended a subpart of one or two bytes.  (An
       * assertion in its place made the loop compile otherwise, slower
       * on avx2's big-endian two-byte text.) */
      for (gsize i = k; i < n; i++)
        used -= utf8_form_length (values[i]);
      p += used;
#ifdef GK16_MEND_VALUES
      /* Within three bytes of a mended sequence: the bytes before may
       * be a damaged character's. */
      if (m != NULL && p - m->last <= 3)
        whole = p;
#endif
      /* Short: the end of the input, or what the decoder leaves to the
       * state machine, where the portable path stops too; or, where
       * the loop mends, a malformed sequence, mended here and the loop
       * gone on with, not started again by gk_mend_around(). */
      if (k < cap)
        {
#ifndef GK16_MEND_VALUES
          guint len;

          if (m != NULL && p < end && (len = gk_maximal_subpart (p, end)) != 0 &&
              gk16_mend_stop (m, &p, len, end, &o, oend, &utf8_from, &o_from, big_endian))
            {
              /* The bytes before are a damaged character's. */
              whole = p;
              continue;
            }
#endif
          break;
        }
    }
  return gk16_decode_rest (in, p, end, out, o, oend, flags, in_used);
}

/* decode16's loop that mends (gk_mend_around()'s @with): in its blocks
 * of values, where the kernel asks for it, else where its decoder stops;
 * called, so that the plain loop keeps its code. */
#define GK16_DECODE_WITH(name, decode) \
  static __attribute__((noinline)) gsize \
  name##_with (const guint8 *in, \
               gsize         in_len, \
               guint8       *out, \
               gsize         out_len, \
               guint         flags, \
               gsize        *in_used, \
               GkMend       *m) \
  { \
    if (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) \
      return gk16_decode_loop (decode, in, in_len, out, out_len, GUTF8CONV_KERNEL_BIG_ENDIAN, in_used, m); \
    return gk16_decode_loop (decode, in, in_len, out, out_len, 0, in_used, m); \
  }
#define GK16_WITH(name) name##_with
#ifdef GK16_MEND_VALUES
#define GK16_WITH_MIN GK_CAREFUL_MIN
#else
#define GK16_WITH_MIN 0
#endif

/* A kernel's decode16 entry points @name (GUtf8ConvDecode16Func) and
 * @name_mend (GUtf8ConvDecodeMendFunc), around its UCS-4 entry point
 * @decode; the first specialised on the byte order (and BMP_ONLY, which
 * it only passes on), with the attributes of its placement where the ISA
 * gives them (GK16_ENTRY_PLACEMENT, defined before this file), the
 * second on the byte order alone, mending around the first
 * (gk_mend_around()). */
#ifndef GK16_ENTRY_PLACEMENT
#define GK16_ENTRY_PLACEMENT
#endif
#define GK16_DECODE_ENTRY_POINTS(name, name_mend, decode) \
  GUTF8CONV_KERNEL_INLINE gsize \
  name##_impl (const guint8 *in, \
               gsize         in_len, \
               guint8       *out, \
               gsize         out_len, \
               const guint   flags, \
               gsize        *in_used) \
  { \
    return gk16_decode_loop (decode, in, in_len, out, out_len, flags, in_used, NULL); \
  } \
  GK16_ENTRY_PLACEMENT GUTF8CONV_KERNEL_ENTRY_POINT (name, name##_impl, GUTF8CONV_KERNEL_BIG_ENDIAN | GUTF8CONV_KERNEL_BMP_ONLY) \
  GK16_DECODE_WITH (name, decode) \
  GK_MEND_AROUND_ENTRY_POINT (name_mend, name, GK16_WITH (name), GK16_WITH_MIN, 2)
