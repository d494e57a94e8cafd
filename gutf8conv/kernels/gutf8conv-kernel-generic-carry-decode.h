/* gutf8conv-kernel-generic-carry-decode.h: the fast phase over the byte-compare carry test, written once
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * gk_decode_fast() of gutf8conv-kernel-generic-decode.h for a kernel
 * whose fast loop validates with the byte compares of
 * gutf8conv-kernel-generic-block.h (gk_block_valid_carry(), the test of
 * gk_validate_fast(), whose loop this is, converting).  See the behaviour
 * guide, section `kernels`.
 *
 * The including file defines first, beside what
 * gutf8conv-kernel-generic-decode.h asks for:
 *   guint8 *gk_decode_leads (const GkContext *ctx, gk_vec b, gk_vec next, gk_mask leads,
 *                            guint8 *o, gboolean big_endian);
 *        the characters whose lead bytes @leads marks in the block @b,
 *        to @o, the bytes of one that ends past the block those of the
 *        next block @next; the new @o.  It may write up to 4 * GK_BLOCK
 *        bytes from @o: the loop keeps that room.  @ctx: the loop's
 *        constants (gutf8conv-kernel-generic-context.h)
 * A kernel that prefetches the input of ASCII blocks defines
 * GK_HAVE_FAST_PREFETCH and
 *   gboolean gk_fast_prefetching (const guint8 *o, const guint8 *oend);
 *        whether to, into the output window from @o to @oend
 *   void     gk_fast_prefetch (const guint8 *p);
 *        the prefetch, after the ASCII block at @p
 */

#pragma once

#include "gutf8conv-kernel-generic-mend-block.h"

#ifndef GK_HAVE_FAST_PREFETCH
GUTF8CONV_KERNEL_INLINE gboolean gk_fast_prefetching (const guint8 *o G_GNUC_UNUSED, const guint8 *oend G_GNUC_UNUSED) { return FALSE; }
GUTF8CONV_KERNEL_INLINE void     gk_fast_prefetch (const guint8 *p G_GNUC_UNUSED) { }
#endif

/* ASCII blocks from *@pp while the loop below could step them (input
 * for two blocks, room for four blocks' units), each tested by its top
 * bits alone: the loop's step, which also classifies the next block for
 * a character it may carry, costs a run of ASCII half again as many
 * instructions.  Stops at a block that is not ASCII. */
GUTF8CONV_KERNEL_INLINE void
gk_carry_ascii_run (const guint8   **pp,
                    const guint8    *end,
                    guint8         **po,
                    const guint8    *oend,
                    const gboolean   big_endian,
                    const gboolean   prefetch)
{
  const guint8 *p = *pp;
  guint8 *o = *po;
  /* The steps there is input and room for, counted once. */
  const guint8 *stop = p + GK_BLOCK * MIN ((gsize) (end - p) / GK_BLOCK - 1,
                                           (gsize) (oend - o) / (4 * GK_BLOCK));

  while (p < stop)
    {
      gk_vec b = gk_loadu (p);

      if (gk_movemask (b) != 0)
        break;
      gk_widen_block (p, b, o, big_endian);
      if (prefetch)
        gk_fast_prefetch (p);
      p += GK_BLOCK;
      o += 4 * GK_BLOCK;
    }
  *pp = p;
  *po = o;
}

/* The fast phase steps a fixed block, so that no load waits for the
 * previous block's verdict.  A character that crosses into the next
 * block is converted with the block it starts in, its continuation bytes
 * checked against the next block's classes (gk_block_valid_carry()).
 * Stops at a character boundary. */
GUTF8CONV_KERNEL_INLINE void
gk_carry_decode_fast (const guint8   **pp,
                      const guint8    *end,
                      guint8         **po,
                      const guint8    *oend,
                      const gboolean   big_endian,
                      const gboolean   bmp_only,
                      GkMend          *m)
{
  const guint8 *p = *pp;
  guint8 *o = *po;
  const gboolean prefetch = gk_fast_prefetching (o, oend);
  const GkContext ctx = gk_context (bmp_only);
  gk_mask nonascii, l2, carry = 0;
  gboolean utf8 = FALSE;
  gk_vec b;

  if (end - p < 2 * GK_BLOCK || oend - o < 4 * GK_BLOCK)
    return;
  gk_carry_block (p, &b, &nonascii, &l2);
  do
    {
      gk_vec b2;
      gk_mask nonascii2, l2_2;

      gk_carry_block (p + GK_BLOCK, &b2, &nonascii2, &l2_2);
      if (nonascii == 0 && carry == 0)
        {
          gk_widen_block (p, b, o, big_endian);
          if (prefetch)
            gk_fast_prefetch (p);
          o += 4 * GK_BLOCK;
          if (nonascii2 == 0)
            {
              /* ASCII follows: no character is carried into it. */
              p += GK_BLOCK;
              gk_carry_ascii_run (&p, end, &o, oend, big_endian, prefetch);
              if (end - p < 2 * GK_BLOCK || oend - o < 4 * GK_BLOCK)
                break;
              gk_carry_block (p, &b, &nonascii, &l2);
              continue;
            }
        }
      else if (gk_block_valid_carry (b, p, nonascii, l2, nonascii2 & ~l2_2, &carry, bmp_only))
        {
          o = gk_decode_leads (&ctx, b, b2, ~(nonascii & ~l2) & GK_ALL, o, big_endian);
          utf8 = TRUE;
        }
      else if (m == NULL || m->mend == NULL)
        break;
      else
        {
          guint took = gk_mend_block (m, p, b, b2, nonascii, l2, nonascii2 & ~l2_2, &carry, utf8, &o, big_endian, bmp_only);

          if (took < GK_BLOCK)
            {
              p += took;
              break;
            }
        }
      p += GK_BLOCK;
      b = b2;
      nonascii = nonascii2;
      l2 = l2_2;
    }
  while (end - p >= 2 * GK_BLOCK && oend - o >= 4 * GK_BLOCK);
  *pp = p + gk_popcount (carry);
  *po = o;
}
