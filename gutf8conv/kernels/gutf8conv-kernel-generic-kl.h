/* gutf8conv-kernel-generic-kl.h: the nibble-lookup validator, written once
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The block validation of Keiser and Lemire ("Validating UTF-8 in less
 * than one instruction per byte", 2021) that the fast loops of the ssse3,
 * avx2 and neon kernels make.  Each error class is a bit; a byte pair
 * (previous byte, this byte) is in a class when its bit is set in all
 * three tables, indexed by the previous byte's high and low nibble and
 * this byte's high nibble, so three lookups ANDed find every bad pair.
 * Bit 7 (GUTF8CONV_KL_TWO_CONTS) marks a continuation byte after a
 * continuation byte, which is right exactly where the byte two or three
 * back is a three- or four-byte lead: two saturating subtractions find
 * those places and cancel it there.  gen-tables.py derives the tables
 * from the grammar; with @bmp_only, the ones where four-byte leads are
 * errors whatever follows them (no instruction more a block).  See the
 * behaviour guide, section `kernels`.
 *
 * The including file defines first, for its vector `gk_vec` of 16 bytes
 * or of two 16-byte lanes:
 *   gk_vec  gk_set1 (guint8 c);
 *   gk_vec  gk_and (gk_vec a, gk_vec b), gk_or (a, b), gk_xor (a, b);
 *   gk_vec  gk_subs_u8 (gk_vec a, gk_vec b);      unsigned saturating a - b
 *   gk_vec  gk_high_nibble (gk_vec x);            x >> 4, per byte
 *   gk_vec  gk_lookup16 (gk_vec t, gk_vec i);     t[i] per byte (per lane), i < 16
 *   GK_KL_TABLE (list)                            the vector of a table of
 *                                                 gutf8conv-kernel-tables.h, in
 *                                                 each lane: its list macro
 *   gk_prev_bytes (b, prev, n)                    (a macro: n is an immediate)
 *                                                 the block @b moved n bytes
 *                                                 on, the last n of @prev
 *                                                 (the block before) in front
 */

#pragma once

#include "gutf8conv-kernel-tables.h"

/* The three tables, made once before a loop, and the subtrahends that
 * leave bit 7 set exactly on a lead of three bytes (four) or more. */
typedef struct
{
  gk_vec prev_high, prev_low, cur_high;
  gk_vec lead3, lead4;
} GkKlTables;

GUTF8CONV_KERNEL_INLINE GkKlTables
gk_kl_tables (const gboolean bmp_only)
{
  GkKlTables t;

  t.prev_high = GK_KL_TABLE (GUTF8CONV_KL_PREV_HIGH);
  t.prev_low = bmp_only ? GK_KL_TABLE (GUTF8CONV_KL_PREV_LOW_BMP) : GK_KL_TABLE (GUTF8CONV_KL_PREV_LOW);
  t.cur_high = bmp_only ? GK_KL_TABLE (GUTF8CONV_KL_CUR_HIGH_BMP) : GK_KL_TABLE (GUTF8CONV_KL_CUR_HIGH);
  t.lead3 = gk_set1 (0xE0 - 0x80);
  t.lead4 = gk_set1 (0xF0 - 0x80);
  return t;
}

/* The pair classes of block @b whose bytes one before each are @prev1:
 * bit 7 set for a continuation after a continuation, other bits where
 * the pair is wrong. */
GUTF8CONV_KERNEL_INLINE gk_vec
gk_kl_pairs (gk_vec            b,
             gk_vec            prev1,
             const GkKlTables *t)
{
  gk_vec err;

  err = gk_and (gk_lookup16 (t->prev_high, gk_high_nibble (prev1)),
                gk_lookup16 (t->prev_low, gk_and (prev1, gk_set1 (0x0F))));
  return gk_and (err, gk_lookup16 (t->cur_high, gk_high_nibble (b)));
}

/* The pair classes @pairs with bit 7 cancelled where the byte two back
 * (@prev2) is E0.. or three back (@prev3) F0..: a continuation must be
 * there, and has GUTF8CONV_KL_TWO_CONTS.  Non-zero where something is
 * wrong. */
GUTF8CONV_KERNEL_INLINE gk_vec
gk_kl_verdict (gk_vec            pairs,
               gk_vec            prev2,
               gk_vec            prev3,
               const GkKlTables *t)
{
  gk_vec must = gk_or (gk_subs_u8 (prev2, t->lead3), gk_subs_u8 (prev3, t->lead4));

  return gk_xor (pairs, gk_and (must, gk_set1 (0x80)));
}

/* The errors of block @b, whose bytes one, two and three before each are
 * @prev1, @prev2, @prev3 (how those are made is the kernel's: from the
 * block before, or loaded again from memory).  Non-zero where something
 * is wrong. */
GUTF8CONV_KERNEL_INLINE gk_vec
gk_kl_errors (gk_vec            b,
              gk_vec            prev1,
              gk_vec            prev2,
              gk_vec            prev3,
              const GkKlTables *t)
{
  return gk_kl_verdict (gk_kl_pairs (b, prev1, t), prev2, prev3, t);
}

/* gk_kl_errors() of block @b after the block @prev (zero: ASCII, or
 * nothing, before it).  The bytes two and three back are made after the
 * lookups, which keeps the registers of the 16-byte kernels' loops as
 * they were. */
GUTF8CONV_KERNEL_INLINE gk_vec
gk_kl_errors_after (gk_vec            b,
                    gk_vec            prev,
                    const GkKlTables *t)
{
  gk_vec pairs = gk_kl_pairs (b, gk_prev_bytes (b, prev, 1), t);

  return gk_kl_verdict (pairs, gk_prev_bytes (b, prev, 2), gk_prev_bytes (b, prev, 3), t);
}
