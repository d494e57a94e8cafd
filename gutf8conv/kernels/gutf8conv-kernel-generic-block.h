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
 * The including file defines first, for its vector of GK_BLOCK (16 or 32)
 * bytes `gk_vec`:
 *   gk_vec  gk_loadu (const guint8 *p);
 *   guint32 gk_movemask (gk_vec x);              bit i: the top bit of byte i
 *   gk_vec  gk_set1 (guint8 c);
 *   gk_vec  gk_or (gk_vec a, gk_vec b), gk_and (a, b);
 *   gk_vec  gk_andnot (gk_vec a, gk_vec b);      ~a & b
 *   gk_vec  gk_cmpeq (gk_vec a, gk_vec b);       0xFF where equal
 *   gk_vec  gk_ge_u8 (gk_vec x, gk_vec c);       0xFF where x >= c, unsigned
 * and includes gutf8conv-kernel-generic.h.
 */

#pragma once

#include "gutf8conv-kernel-tables.h"

/* Every position of a block, as a mask. */
#define GK_ALL ((guint32) ((G_GUINT64_CONSTANT (1) << GK_BLOCK) - 1))

/* The leads of two, three and four bytes (every byte from C0, E0, F0 up)
 * and the continuation bytes of a block, one bit a byte. */
typedef struct
{
  guint32 l2, l3, l4, cont;
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

/* The classes of block @b, which holds something else than ASCII
 * (@nonascii: its top bits), into @c; whether it is valid as far as it
 * goes: a character that ends past it is checked up to its second byte
 * (the byte after the block is read). */
GUTF8CONV_KERNEL_INLINE gboolean
gk_block_valid (gk_vec          b,
                const guint8   *p,
                guint32         nonascii,
                const gboolean  bmp_only,
                GkLeads        *c)
{
  c->l2 = gk_movemask (gk_ge_u8 (b, gk_set1 (0xC0)));
  c->l3 = gk_movemask (gk_ge_u8 (b, gk_set1 (0xE0)));
  c->l4 = gk_movemask (gk_ge_u8 (b, gk_set1 (0xF0)));
  c->cont = nonascii & ~c->l2;
  return gk_movemask (gk_bad_bytes (b, gk_loadu (p + 1), bmp_only)) == 0 &&
         c->cont == (((c->l2 << 1) | (c->l3 << 2) | (c->l4 << 3)) & GK_ALL);
}

/* Where the valid block @c ends for its caller: GK_BLOCK, or the start of
 * its last character where that ends past it (the next block's). */
GUTF8CONV_KERNEL_INLINE guint
gk_block_end (const GkLeads *c)
{
  guint32 lead = ~c->cont & GK_ALL;
  guint k = 31 - __builtin_clz (lead);
  guint len = 1 + ((c->l2 >> k) & 1) + ((c->l3 >> k) & 1) + ((c->l4 >> k) & 1);

  return k + len <= GK_BLOCK ? GK_BLOCK : k;
}

/* The lead bytes of the characters that end within the first @consumed
 * bytes of the block (gk_block_end()'s result). */
GUTF8CONV_KERNEL_INLINE guint32
gk_block_leads (const GkLeads *c,
                guint          consumed)
{
  guint32 lead = ~c->cont & GK_ALL;

  return consumed == GK_BLOCK ? lead : lead & ((1u << consumed) - 1);
}

/* Validation from the character boundary @p to @end, block by block,
 * where a fast loop stopped: a block that fails the test goes to the
 * scalar validator, and the short rest too.  Returns the end of the
 * valid run. */
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
      guint32 nonascii = gk_movemask (b);
      GkLeads c;

      if (nonascii == 0)
        {
          p += GK_BLOCK;
          continue;
        }
      if (!gk_block_valid (b, p, nonascii, bmp_only, &c))
        {
          if (!gutf8conv_kernel_scalar_validate_block (&p, end, GK_BLOCK, flags))
            return p;
          continue;
        }
      p += gk_block_end (&c);
    }
  return p + gutf8conv_kernel_scalar_validate (p, end - p, flags);
}
