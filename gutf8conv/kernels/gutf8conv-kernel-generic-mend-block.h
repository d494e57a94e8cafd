/* gutf8conv-kernel-generic-mend-block.h: a fast loop's block mended in one go, written once
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Where a fast decoding loop that steps a fixed block meets a malformed
 * sequence and its caller mends (GkMend), the block is cut into items
 * (gk_block_items()), each subpart mended as gk_mend() would, and the
 * block's characters and replacements written in one go; the loop goes
 * on with the next block, without its careful loop or the codec.  See
 * the behaviour guide, section `kernels`.
 *
 * The including file defines first, beside gutf8conv-kernel-generic-block.h:
 *   guint8 *gk_decode_block (const guint8 *p, gk_mask leads, guint8 *o, gboolean big_endian);
 *        as gutf8conv-kernel-generic-padded.h asks, reading past the
 *        block the bytes of a character that ends in the next
 *        (GK_DECODE_READ at least GK_BLOCK + 3)
 * or, where it reads that character from the next block's vector,
 * GK_HAVE_DECODE_ITEMS and
 *   guint8 *gk_decode_items (const guint8 *p, gk_vec b, gk_vec b2, gk_mask leads, gk_mask ends,
 *                            guint8 *o, gboolean big_endian);
 *        the same for block @b at @p, the next block @b2; @ends marks
 *        where each item ends (gk_item_ends()), for a kernel that places
 *        values by their ends (its mask GK_BLOCK + 3 bits wide or more,
 *        for the last item's end past the block).
 */

#pragma once

#ifndef GK_HAVE_DECODE_ITEMS
G_STATIC_ASSERT (GK_DECODE_READ >= GK_BLOCK + 3);
#define gk_decode_items(p, b, b2, leads, ends, o, big_endian) gk_decode_block ((p), (leads), (o), (big_endian))
#endif

/* Block @b at @p (@carry: its first bytes, which the block before's last
 * item took, converted with it; @utf8: whether the caller saw a
 * character of more than one byte before it), with malformed sequences, when
 * mending: its items, the next block @b2 read for the last one, to *@po
 * as UCS-4, the subparts mended as gk_mend() would (gk_mend_items(),
 * the block's own characters of more than one byte counting as UTF-8
 * before each one too).  Returns the bytes of the block taken: GK_BLOCK,
 * *@carry then set for the next block, or fewer, where the kernel must
 * stop before a subpart that may not be mended. */
GUTF8CONV_KERNEL_INLINE guint
gk_mend_block (GkMend         *m,
               const guint8   *p,
               gk_vec          b,
               gk_vec          b2,
               gk_mask         nonascii,
               gk_mask         l2,
               gk_mask         cont2,
               gk_mask        *carry,
               const gboolean  utf8,
               guint8        **po,
               const gboolean  big_endian,
               const gboolean  bmp_only)
{
  static const guint8 replacement[2][4] = { { 0xFD, 0xFF, 0x00, 0x00 }, { 0x00, 0x00, 0xFF, 0xFD } };
  const gboolean replace = m->mend->mode == GUTF8CONV_KERNEL_MEND_REPLACE;
  GkLeads c = { l2, gk_ge_mask (b, 0xE0), gk_ge_mask (b, 0xF0), nonascii & ~l2 };
  gk_mask below, fix, take;
  GkItems it;
  guint8 *o = *po;
  guint cut;

  (void) b2;
  gk_block_items (&c, gk_bad_mask (b, p, c.l2, c.l4, bmp_only), *carry,
                  cont2, &it);
  m->utf8 = m->utf8 || utf8 || it.whole != 0;
  cut = gk_mend_items (m, p, &it, m->utf8);
  below = cut == GK_BLOCK ? GK_ALL : ((gk_mask) 1 << cut) - 1;
  fix = it.subparts & below;
  /* A subpart's lead decodes to a value of no use, written over. */
  take = it.starts & below & ~(replace ? 0 : fix);
  *po = gk_decode_items (p, b, b2, take, gk_item_ends (&it, &c, take), o, big_endian);
  if (replace && fix != 0)
    {
      /* The first two without a branch: where there is no second, the
       * first is written twice. */
      gk_mask second = fix & (fix - 1);
      gk_mask two = second != 0 ? second : fix;

      memcpy (o + 4 * gk_popcount (take & ((fix & -fix) - 1)), replacement[big_endian], 4);
      memcpy (o + 4 * gk_popcount (take & ((two & -two) - 1)), replacement[big_endian], 4);
      for (fix = second & (second - 1); fix != 0; fix &= fix - 1)
        memcpy (o + 4 * gk_popcount (take & ((fix & -fix) - 1)), replacement[big_endian], 4);
    }
  *carry = cut == GK_BLOCK ? it.carry : 0;
  return cut;
}
