/* gutf8conv-kernel-generic-runs.h: runs of one character length, written once
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Text of one length only (Cyrillic, CJK, emoji) needs none of the
 * general decoder's work of finding where each character ends: from a
 * character boundary, two-byte text is one character a 16-bit lane,
 * three- and four-byte text one character a lane of three or four byte
 * planes (the first, second, ... byte of each character).  Each step
 * validates its characters on their own (leads, continuations, overlong
 * forms, surrogates, range: the behaviour guide's decoding table), forms
 * the code points by shifts and inserts, and stores them as UCS-4 or
 * UTF-16 in either byte order; the first step that does not pass stops
 * the run at its start, a character boundary, where the kernel's general
 * loop goes on.  See the behaviour guide, section `kernels`.
 *
 * The including file defines first, beside the block vocabulary of
 * gutf8conv-kernel-generic-block.h (gk_vec, GK_BLOCK, gk_loadu,
 * gk_storeu, gk_set1, gk_and, gk_or, gk_andnot, gk_cmpeq, gk_ge_u8):
 *   gr_vec16                                a vector of 16-bit lanes
 *   gr_vec16 gr_as16 (gk_vec x);  gk_vec gr_as8 (gr_vec16 x);  (free)
 *   gr_vec16 gr16_set1 (guint16 c), gr16_and (a, b), gr16_cmpeq (a, b);
 *   gr_vec16 gr16_test (gr_vec16 a, gr_vec16 b);   lanes where a & b != 0
 *   gr16_srli (v, n), gr16_sli (a, b, n)           (macros: n an immediate)
 *   gr8_srli (v, n), gr8_sli (a, b, n)             per byte
 *        sli: (b << n) | (a & ((1 << n) - 1)), the insert of Advanced SIMD
 *   gk_vec   gr8_le (gk_vec a, gk_vec b);          unsigned a <= b
 *   gk_vec   gr8_sub (gk_vec a, gk_vec b);
 *   gk_vec   gr8_is_cont (gk_vec x, gk_vec c);     x is 80..BF (c: gr_cont_const ())
 *   gk_vec   gr_cont_const (void);
 *   gboolean gr8_all (gk_vec ok), gr16_all (gr_vec16 ok);  every lane set
 *   gk_vec   gr8_zip_lo (a, b), gr8_zip_hi (a, b); gr_vec16 gr16_zip_lo (a, b), gr16_zip_hi (a, b);
 *        interleave the low (high) halves, a's lane first
 *   gk_vec   gr8_swap16 (gk_vec x);                each 16-bit lane's bytes swapped
 *   void     gr_store_ucs4 (guint8 *o, gr_vec16 v, gboolean big_endian);
 *        four units formed little-endian to @o in the order asked for;
 *        by gk_storeu() where the kernel defines instead the macro
 *        gr8_swap32 (x), each 32-bit lane's bytes reversed
 *   void     gr_load_planes3 (const guint8 *p, gk_vec *b0, gk_vec *b1, gk_vec *b2);
 *   void     gr_load_planes4 (const guint8 *p, gk_vec *b0, gk_vec *b1, gk_vec *b2, gk_vec *b3);
 *        3 (4) GK_BLOCK bytes at @p as planes: b0 every third (fourth) byte from the first, ...
 *   gr_keep (v)                                    where a constant is made, keeps
 *                                                  it in a register (or nothing)
 * and may override, by defining the macro to its own function:
 *   GR_STORE_PAIRS (o, h_hi, h_lo, l_hi, l_lo, big_endian)
 *        GK_BLOCK surrogate pairs from the byte planes of their units;
 *        by default interleaved by zips
 * and may define GR_PLANES_CONTEXT, a declaration that the three- and
 * four-byte runs make before their loop (the constants its
 * gr_load_planes3() and gr_load_planes4() use, made once)
 * A kernel whose general loop after a run costs more than a run's step
 * (x86: its decode16 goes through a block of values) defines
 *   GR_HAVE_FIRST_FAIL
 *   guint    gr8_first_fail (gk_vec ok), gr16_first_fail (gr_vec16 ok);
 *        the first lane of @ok not set (a step that does not pass has one)
 *   gk_mask  gk_cont_mask (gk_vec b);              as the fast phase's
 * and a run's last step then converts its characters before the first
 * that does not pass (each lane is validated on its own), so that the run
 * stops exactly before it.
 *
 * It gives gr_run(), a run's loop by the end mask of the blocks before,
 * with gr_run_count() and gr_run_due(), its entry test; and with
 * GR_HAVE_FIRST_FAIL, gr_runs(), runs by their first block and the few
 * ASCII bytes between them, one run after another (decode16's GK16_RUNS,
 * and where the end masks of gutf8conv-kernel-generic-ends.h find a run,
 * in a kernel with GR_HAVE_FIRST_FAIL).
 */

#pragma once

#include "gutf8conv-kernel-units.h"

/* The blocks in a row, each ending characters every second, third or
 * fourth lane, that start a run: fewer lets words and spaces (Russian,
 * Arabic, Hindi) start runs that fail at once. */
#define GR_RUN_BLOCKS 3

/* How many blocks in a row end their characters periodically, @run
 * before a block whose end mask has the halves @m_lo and @m_hi. */
GUTF8CONV_KERNEL_INLINE guint
gr_run_count (guint run,
              guint m_lo,
              guint m_hi)
{
  /* For the low half of a block's end mask (bit i: a character ends at
   * byte i), what the high half is when the block's characters end every
   * second, third or fourth lane (0, which no valid block has,
   * otherwise). */
  static const guint8 run_hi[256] = {
    [0x55] = 0x55, [0xAA] = 0xAA,
    [0x49] = 0x92, [0x92] = 0x24, [0x24] = 0x49,
    [0x11] = 0x11, [0x22] = 0x22, [0x44] = 0x44, [0x88] = 0x88,
  };

  return run_hi[m_lo] == m_hi ? run + 1 : 0;
}

GUTF8CONV_KERNEL_INLINE gboolean gr_run_due (guint run) { return run >= GR_RUN_BLOCKS; }

#ifdef gr8_swap32
GUTF8CONV_KERNEL_INLINE void
gr_store_ucs4 (guint8         *o,
               gr_vec16        v,
               const gboolean  big_endian)
{
  gk_storeu (o, big_endian ? gr8_swap32 (gr_as8 (v)) : gr_as8 (v));
}
#endif

/* GK_BLOCK / 2 units (16-bit lanes @u, zero high halves) to @o, as
 * UCS-4 or with @utf16 as they are. */
GUTF8CONV_KERNEL_INLINE void
gr_store8_16 (guint8         *o,
              gr_vec16        u,
              gr_vec16        z,
              const gboolean  utf16,
              const gboolean  big_endian)
{
  if (utf16)
    {
      gk_storeu (o, big_endian ? gr8_swap16 (gr_as8 (u)) : gr_as8 (u));
      return;
    }
  gr_store_ucs4 (o, gr16_zip_lo (u, z), big_endian);
  gr_store_ucs4 (o + GK_BLOCK, gr16_zip_hi (u, z), big_endian);
}

/* GK_BLOCK units below U+10000, by their high and low bytes, to @o, as
 * UCS-4 or with @utf16 UTF-16. */
GUTF8CONV_KERNEL_INLINE void
gr_store_hl (guint8         *o,
             gk_vec          hi,
             gk_vec          lo,
             gr_vec16        z,
             const gboolean  utf16,
             const gboolean  big_endian)
{
  if (utf16)
    {
      gk_vec first = big_endian ? hi : lo, second = big_endian ? lo : hi;

      gk_storeu (o, gr8_zip_lo (first, second));
      gk_storeu (o + GK_BLOCK, gr8_zip_hi (first, second));
    }
  else
    {
      gr_vec16 z0 = gr_as16 (gr8_zip_lo (lo, hi));
      gr_vec16 z1 = gr_as16 (gr8_zip_hi (lo, hi));

      gr_store_ucs4 (o, gr16_zip_lo (z0, z), big_endian);
      gr_store_ucs4 (o + GK_BLOCK, gr16_zip_hi (z0, z), big_endian);
      gr_store_ucs4 (o + 2 * GK_BLOCK, gr16_zip_lo (z1, z), big_endian);
      gr_store_ucs4 (o + 3 * GK_BLOCK, gr16_zip_hi (z1, z), big_endian);
    }
}

/* GK_BLOCK / 2 units from their low, middle and high bytes (the low or,
 * with @hi, the high halves of @b0, @b1, @b2) as UCS-4 at @o: 2 GK_BLOCK
 * bytes. */
GUTF8CONV_KERNEL_INLINE void
gr_store_ucs4_planes8 (guint8         *o,
                       gk_vec          b0,
                       gk_vec          b1,
                       gk_vec          b2,
                       const gboolean  hi,
                       const gboolean  big_endian)
{
  const gk_vec zero = gk_set1 (0);
  gr_vec16 u01 = gr_as16 (hi ? gr8_zip_hi (b0, b1) : gr8_zip_lo (b0, b1));
  gr_vec16 u2 = gr_as16 (hi ? gr8_zip_hi (b2, zero) : gr8_zip_lo (b2, zero));

  gr_store_ucs4 (o, gr16_zip_lo (u01, u2), big_endian);
  gr_store_ucs4 (o + GK_BLOCK, gr16_zip_hi (u01, u2), big_endian);
}

#ifndef GR_STORE_PAIRS
/* GK_BLOCK surrogate pairs, by the high and low bytes of their high
 * (@h_hi, @h_lo) and low (@l_hi, @l_lo) units, to @o. */
GUTF8CONV_KERNEL_INLINE void
gr_store_pairs (guint8         *o,
                gk_vec          h_hi,
                gk_vec          h_lo,
                gk_vec          l_hi,
                gk_vec          l_lo,
                const gboolean  big_endian)
{
  gk_vec h1 = big_endian ? h_hi : h_lo, h2 = big_endian ? h_lo : h_hi;
  gk_vec l1 = big_endian ? l_hi : l_lo, l2 = big_endian ? l_lo : l_hi;
  gr_vec16 h = gr_as16 (gr8_zip_lo (h1, h2)), l = gr_as16 (gr8_zip_lo (l1, l2));

  gk_storeu (o, gr_as8 (gr16_zip_lo (h, l)));
  gk_storeu (o + GK_BLOCK, gr_as8 (gr16_zip_hi (h, l)));
  h = gr_as16 (gr8_zip_hi (h1, h2));
  l = gr_as16 (gr8_zip_hi (l1, l2));
  gk_storeu (o + 2 * GK_BLOCK, gr_as8 (gr16_zip_lo (h, l)));
  gk_storeu (o + 3 * GK_BLOCK, gr_as8 (gr16_zip_hi (h, l)));
}
#define GR_STORE_PAIRS gr_store_pairs
#endif

/* Two-byte characters only, from a character boundary @p: GK_BLOCK
 * bytes a step, each 16-bit lane one character, which one test
 * validates (lead C2..DF, then a continuation).  Returns where it
 * stopped (a character boundary); reads below @lim and writes at most
 * twice what it reads. */
GUTF8CONV_KERNEL_INLINE const guint8 *
gr_run2 (const guint8    *p,
         const guint8    *lim,
         guint8         **op,
         const gboolean   utf16,
         const gboolean   big_endian)
{
  gr_vec16 form = gr16_set1 (0xC0E0), want = gr16_set1 (0x80C0);
  gr_vec16 big = gr16_set1 (0x001E), low5 = gr16_set1 (0x1F), z = gr16_set1 (0);
  guint8 *o = *op;

  gr_keep (form);
  gr_keep (want);
  gr_keep (big);
  gr_keep (low5);
  gr_keep (z);
  while (lim - p >= GK_BLOCK)
    {
      gr_vec16 u = gr_as16 (gk_loadu (p));
      gr_vec16 ok = gr16_and (gr16_cmpeq (gr16_and (u, form), want), gr16_test (u, big));

      guint n = GK_BLOCK / 2;

      if (!gr16_all (ok))
        {
#ifdef GR_HAVE_FIRST_FAIL
          n = gr16_first_fail (ok);
#else
          break;
#endif
        }
      /* (lead & 0x1F) << 6 | (continuation & 0x3F) */
      gr_store8_16 (o, gr16_sli (gr16_srli (u, 8), gr16_and (u, low5), 6), z, utf16, big_endian);
      p += 2 * n;
      o += (utf16 ? 2 : 4) * n;
      if (n < GK_BLOCK / 2)
        break;
    }
  *op = o;
  return p;
}

/* Three-byte characters only, from a character boundary @p: 3 GK_BLOCK
 * bytes a step, as lead and continuation planes, which the test
 * validates (lead E0..EF, two continuations, no overlong form, no
 * surrogate). */
GUTF8CONV_KERNEL_INLINE const guint8 *
gr_run3 (const guint8    *p,
         const guint8    *lim,
         guint8         **op,
         const gboolean   utf16,
         const gboolean   big_endian)
{
  gk_vec lead = gk_set1 (0x0E), min_hi = gk_set1 (0x08), sur = gk_set1 (0xD8);
  gk_vec sur_mask = gk_set1 (0xF8), cont = gr_cont_const ();
  gr_vec16 z = gr16_set1 (0);
  guint8 *o = *op;

  gr_keep (lead);
  gr_keep (min_hi);
  gr_keep (sur);
  gr_keep (sur_mask);
  gr_keep (cont);
  gr_keep (z);
#ifdef GR_PLANES_CONTEXT
  GR_PLANES_CONTEXT;
#endif
  while (lim - p >= 3 * GK_BLOCK)
    {
      gk_vec b0, b1, b2, hi, lo, ok;
      guint n = GK_BLOCK;

      gr_load_planes3 (p, &b0, &b1, &b2);
      /* The code points' high and low bytes. */
      hi = gr8_sli (gr8_srli (b1, 2), b0, 4);
      lo = gr8_sli (b2, b1, 6);
      ok = gk_and (gk_cmpeq (gr8_srli (b0, 4), lead), gk_and (gr8_is_cont (b1, cont), gr8_is_cont (b2, cont)));
      ok = gk_and (ok, gk_ge_u8 (hi, min_hi));
      ok = gk_andnot (gk_cmpeq (gk_and (hi, sur_mask), sur), ok);
      if (!gr8_all (ok))
        {
#ifdef GR_HAVE_FIRST_FAIL
          n = gr8_first_fail (ok);
#else
          break;
#endif
        }
      gr_store_hl (o, hi, lo, z, utf16, big_endian);
      p += 3 * n;
      o += (utf16 ? 2 : 4) * n;
      if (n < GK_BLOCK)
        break;
    }
  *op = o;
  return p;
}

/* Four-byte characters only, from a character boundary @p: 4 GK_BLOCK
 * bytes a step, as planes, which the test validates (lead F0..F7, three
 * continuations, U+10000 to U+10FFFF); with @utf16 each a pair. */
GUTF8CONV_KERNEL_INLINE const guint8 *
gr_run4 (const guint8    *p,
         const guint8    *lim,
         guint8         **op,
         const gboolean   utf16,
         const gboolean   big_endian)
{
  gk_vec lead = gk_set1 (0x1E), low3 = gk_set1 (0x07), one = gk_set1 (1);
  gk_vec max_plane = gk_set1 (0x0F), cont = gr_cont_const ();
  /* The surrogate pairs' (with @utf16): made in the loop, GCC 12 stores
   * them on the stack again every step on POWER. */
  gk_vec pair_hi = gk_set1 (0xD8), pair_lo = gk_set1 (0x37);
  guint8 *o = *op;

  gr_keep (lead);
  gr_keep (low3);
  gr_keep (one);
  gr_keep (max_plane);
  gr_keep (cont);
  if (utf16)
    {
      gr_keep (pair_hi);
      gr_keep (pair_lo);
    }
#ifdef GR_PLANES_CONTEXT
  GR_PLANES_CONTEXT;
#endif
  while (lim - p >= 4 * GK_BLOCK)
    {
      gk_vec t0, t1, t2, t3, b2, b1, b0, plane, ok;
      guint n = GK_BLOCK;

      gr_load_planes4 (p, &t0, &t1, &t2, &t3);
      /* The code points' three bytes, high to low. */
      b2 = gr8_sli (gr8_srli (t1, 4), gk_and (t0, low3), 2);
      b1 = gr8_sli (gr8_srli (t2, 2), t1, 4);
      b0 = gr8_sli (t3, t2, 6);
      plane = gr8_sub (b2, one);
      ok = gk_and (gk_cmpeq (gr8_srli (t0, 3), lead), gr8_le (plane, max_plane));
      ok = gk_and (ok, gk_and (gr8_is_cont (t1, cont), gk_and (gr8_is_cont (t2, cont), gr8_is_cont (t3, cont))));
      if (!gr8_all (ok))
        {
#ifdef GR_HAVE_FIRST_FAIL
          n = gr8_first_fail (ok);
#else
          break;
#endif
        }
      if (utf16)
        {
          /* High unit D800 | (value - 10000) >> 10: D8 | plane >> 2, then
           * plane << 6 | b1 >> 2; low unit DC | (b1 & 3), then b0.
           * (0x37 << 2 is 0xDC, over the two low bits of b1.) */
          GR_STORE_PAIRS (o, gk_or (gr8_srli (plane, 2), pair_hi), gr8_sli (gr8_srli (b1, 2), plane, 6),
                          gr8_sli (b1, pair_lo, 2), b0, big_endian);
        }
      else
        {
          gr_store_ucs4_planes8 (o, b0, b1, b2, FALSE, big_endian);
          gr_store_ucs4_planes8 (o + 2 * GK_BLOCK, b0, b1, b2, TRUE, big_endian);
        }
      p += 4 * n;
      o += 4 * n;
      if (n < GK_BLOCK)
        break;
    }
  *op = o;
  return p;
}

/* Each run for each output and byte order, in functions of their own:
 * inlined into a kernel's block loop, GCC gives their loops' constants
 * the stack. */
#define GR_RUN_VARIANT(run, suffix, utf16, big_endian) \
  static __attribute__((noinline)) const guint8 * \
  run##_##suffix (const guint8 *p, const guint8 *lim, guint8 **op) \
  { \
    return run (p, lim, op, utf16, big_endian); \
  }
#define GR_RUN_VARIANTS(run) \
  GR_RUN_VARIANT (run, le, FALSE, FALSE) \
  GR_RUN_VARIANT (run, be, FALSE, TRUE) \
  GR_RUN_VARIANT (run, le16, TRUE, FALSE) \
  GR_RUN_VARIANT (run, be16, TRUE, TRUE)
GR_RUN_VARIANTS (gr_run2)
GR_RUN_VARIANTS (gr_run3)
GR_RUN_VARIANTS (gr_run4)
#define GR_RUN_OF(run, utf16, big_endian) \
  ((utf16) ? ((big_endian) ? run##_be16 : run##_le16) : ((big_endian) ? run##_be : run##_le))

/* The run the blocks before announce by @m_lo, the low half of the last
 * one's end mask (as gr_run_count() tests it), from @p, a character boundary, to
 * units of @unit bytes (2: UTF-16), reading below @lim: up to its first
 * step that does not pass.  Returns where that stopped, a character
 * boundary (@p if nowhere). */
GUTF8CONV_KERNEL_INLINE const guint8 *
gr_run (const guint      m_lo,
        const guint8    *p,
        const guint8    *lim,
        guint8         **po,
        const gboolean   bmp_only,
        const gboolean   big_endian,
        const guint      unit)
{
  const gboolean utf16 = unit == 2;

  if (m_lo == 0x55 || m_lo == 0xAA)
    return GR_RUN_OF (gr_run2, utf16, big_endian) (p, lim, po);
  if ((m_lo >> 4) != (m_lo & 0x0F))
    return GR_RUN_OF (gr_run3, utf16, big_endian) (p, lim, po);
  if (!bmp_only)
    return GR_RUN_OF (gr_run4, utf16, big_endian) (p, lim, po);
  return p;
}

#ifdef GR_HAVE_FIRST_FAIL
/* The starts of characters of two, three or four bytes from bit 0. */
static const guint64 gr_starts[3] = { 0x5555555555555555u, 0x9249249249249249u, 0x1111111111111111u };

/* The bytes of the block at @p that start a character. */
GUTF8CONV_KERNEL_INLINE gk_mask gr_block_starts (const guint8 *p) { return ~gk_cont_mask (gk_loadu (p)) & GK_ALL; }

/* ASCII bytes between two runs that gr_runs() takes itself: more is
 * ASCII text, the kernel's ASCII step's. */
#define GR_GAP 8

/* Runs from the character boundary *@pp, each chosen by its first lead,
 * to units of @unit bytes, with up to GR_GAP ASCII bytes between two
 * (Chinese lines, emoji between spaces), as long as each run takes a
 * whole step at least; advances *@pp and *@po (never past @end and
 * @oend: to UCS-4 the caller leaves four bytes of room for each byte to
 * @end, as the ASCII between runs writes), stopping at a character
 * boundary.  It may take nothing.  The
 * first run is tried only where the characters of its first step all
 * start every second, third or fourth byte (gk_cont_mask ()): text of
 * mixed lengths (Hindi, with spaces) fails that test, not a whole step. */
GUTF8CONV_KERNEL_INLINE void
gr_runs_loop (const guint8   **pp,
              const guint8    *end,
              guint8         **po,
              const guint8    *oend,
              const gboolean   bmp_only,
              const gboolean   big_endian,
              const guint      unit)
{
  const guint8 *p = *pp;
  guint8 *o = *po;
  gboolean in_run = TRUE;
  guint len = 2 + (*p >= 0xE0) + (*p >= 0xF0);

  /* The first step's other blocks (gr_runs() tested the first): block
   * j's characters start where j GK_BLOCK + i is a multiple of len. */
  for (guint j = 1; j < (len == 2 ? 1 : len); j++)
    {
      guint shift = (len - (j * GK_BLOCK) % len) % len;

      if (gr_block_starts (p + j * GK_BLOCK) != ((gk_mask) (gr_starts[len - 2] << shift) & GK_ALL))
        return;
    }
  while (end - p >= 4 * GK_BLOCK)
    {
      /* A run writes at most twice what it reads. */
      const guint8 *lim = p + MIN ((gsize) (end - p), (gsize) (oend - o) / 2);
      const guint8 *q;
      guint c = *p;

      if (c < 0x80)
        {
          guint n = 0;

          while (n < GR_GAP && p[n] < 0x80)
            n++;
          if (n == GR_GAP)
            break;
          for (guint i = 0; i < n; i++)
            {
              if (unit == 2)
                store_u16 (o + 2 * i, p[i], big_endian);
              else
                store_u32 (o + 4 * i, p[i], big_endian);
            }
          p += n;
          o += unit * n;
          continue;
        }
      if (c < 0xC2 || lim - p < 4 * GK_BLOCK)
        break;
      len = 2 + (c >= 0xE0) + (c >= 0xF0);
      if (len == 4)
        {
          if (bmp_only)
            break;
          q = GR_RUN_OF (gr_run4, unit == 2, big_endian) (p, lim, &o);
        }
      else if (len == 3)
        q = GR_RUN_OF (gr_run3, unit == 2, big_endian) (p, lim, &o);
      else
        q = GR_RUN_OF (gr_run2, unit == 2, big_endian) (p, lim, &o);
      in_run = (gsize) (q - p) >= (len == 2 ? 1 : len) * GK_BLOCK;
      p = q;
      if (!in_run)
        break;
    }
  *pp = p;
  *po = o;
}

/* gr_runs_loop() for each output and byte order, in functions of their
 * own: a kernel's loop inlines only the test of the first byte. */
#define GR_RUNS_VARIANT(suffix, unit, big_endian) \
  static __attribute__((noinline)) void \
  gr_runs_##suffix (const guint8 **pp, const guint8 *end, guint8 **po, const guint8 *oend, const gboolean bmp_only) \
  { \
    gr_runs_loop (pp, end, po, oend, bmp_only, big_endian, unit); \
  }
GR_RUNS_VARIANT (le, 4, FALSE)
GR_RUNS_VARIANT (be, 4, TRUE)
GR_RUNS_VARIANT (le16, 2, FALSE)
GR_RUNS_VARIANT (be16, 2, TRUE)

/* gr_runs_loop() where the first block is all characters of the length
 * of its first (most calls from a kernel's general loop are not). */
GUTF8CONV_KERNEL_INLINE void
gr_runs (const guint8   **pp,
         const guint8    *end,
         guint8         **po,
         const guint8    *oend,
         const gboolean   bmp_only,
         const gboolean   big_endian,
         const guint      unit)
{
  guint c;

  if (end - *pp < 4 * GK_BLOCK || (c = **pp) < 0xC2 ||
      gr_block_starts (*pp) != ((gk_mask) gr_starts[(c >= 0xE0) + (c >= 0xF0)] & GK_ALL))
    return;
  GR_RUN_OF (gr_runs, unit == 2, big_endian) (pp, end, po, oend, bmp_only);
}
#endif
