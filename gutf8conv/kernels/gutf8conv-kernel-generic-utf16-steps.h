/* gutf8conv-kernel-generic-utf16-steps.h: UTF-16 -> UTF-8 sixteen units a step, written once
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * For the kernels whose vectors are GCC's (NEON, VSX: see
 * gutf8conv-kernel-generic-vector.h).  The UTF-16 encoder's loop
 * (gutf8conv-kernel-generic-utf16-encode.h, which this file includes)
 * takes sixteen units a step (GE16_HAVE_STEP), the step chosen by its
 * largest unit: below U+0800, eight units a lookup (gs_encode8_two());
 * three bytes each, three byte planes interleaved (gs_encode16_three());
 * other BMP text, each unit's first two bytes and last byte, four units
 * a lookup (gs_encode8_bmp()); eight surrogate pairs, four a vector and
 * no lookup (gs_encode_pairs4()); anything else, the encoder's blocks.
 * The UCS-4 encoder may take the same steps on its units packed to 16
 * bits.  Their constants (GsEnc) are made once a loop and kept in
 * registers (GE16_HAVE_MORE): GCC would make them again every step.
 *
 * The including file defines first, beside the UTF-16 encoder's
 * operations on `ge16_vec` (eight 16-bit units) and gk_lookup16():
 *   gs32_vec                                 four 32-bit lanes
 *   GsIsa gs_isa (void);  GS_KEEP_ISA (isa)  its own constants for the
 *                                            operations below; a macro
 *                                            keeping them in registers
 *   gs16_sel (m, a, b), gs8_sel, gs32_sel    a where m is set, else b
 *   gs8_sri (a, b, n), gs32_sli (a, b, n)    macros: b >> n into a below
 *                                            its top n bits; b << n into a
 *                                            above its low n bits (and
 *                                            gr16_sli() of the runs)
 *   ge16_vec gs16_min (a, b)
 *   gboolean gs16_all_below (v, c), gs16_all_atleast (v, c), gs16_any_zero (v)
 *   gboolean gs16_ascii (const Ge16Context *c, v)   a macro: all below 0x80
 *                                            (c->not_ascii: 0xFF80 a unit)
 *   gboolean gs16_all (m), gs16_any (m)      of a compare's result
 *   guint gs16_mask8 (const GsIsa *k, m)     of a compare's result: bit i
 *                                            where unit i is set
 *   void gs16_keys (const GsIsa *k, g2, g3, guint *lo, guint *hi);
 *       of two compare results, the sums over units 0-3 and over units
 *       4-7 of (g2_i ? 1 : 0) + (g3_i ? 1 : 0) times 4^(i mod 4): rows of
 *       gutf8conv_pack4_shuffle
 *   guint gs_pop8 (const GsIsa *k, guint x)  the bits set in the byte @x
 *   gk_vec gs8_low (a, b), gs8_high (a, b)   the low (high) bytes of the
 *                                            units of a, then b
 *   void gs_store3 (const GsIsa *k, guint8 *o, gk_vec p0, gk_vec p1, gk_vec p2);
 *       three byte planes interleaved, 48 bytes
 */

#pragma once

/* The steps' constants. */
typedef struct
{
  ge16_vec x7f, x7ff, x3f, x80, xc0, xe0, d800, x3f1f, x80c0;
  gk_vec b3f, b80, be0;
  ge16_vec fc00, halves;
  gs32_vec w_fffff, w_10000, w_3f00, w_3f0000, w_f0;
  const guint8 (*pack8_12)[16], (*pack4)[16], *len4;
  GsIsa isa;
} GsEnc;

#define GS32_SET1(c) ((gs32_vec) { (c), (c), (c), (c) })

GUTF8CONV_KERNEL_INLINE GsEnc
gs_enc (void)
{
  static const guint16 pair_halves[8] = { 0xD800, 0xDC00, 0xD800, 0xDC00, 0xD800, 0xDC00, 0xD800, 0xDC00 };
  GsEnc k = { ge16_set1 (0x7F), ge16_set1 (0x7FF), ge16_set1 (0x3F), ge16_set1 (0x80), ge16_set1 (0xC0),
              ge16_set1 (0xE0), ge16_set1 (0xD800), ge16_set1 (0x3F1F), ge16_set1 (0x80C0),
              gk_set1 (0x3F), gk_set1 (0x80), gk_set1 (0xE0), ge16_set1 (0xFC00),
              ge16_load ((const guint8 *) pair_halves, FALSE), GS32_SET1 (0xFFFFF), GS32_SET1 (0x10000),
              GS32_SET1 (0x3F00), GS32_SET1 (0x3F0000), GS32_SET1 (0x808080F0),
              gutf8conv_pack8_12_shuffle, gutf8conv_pack4_shuffle, gutf8conv_pack4_length, gs_isa () };

  return k;
}

/* Eight units below U+0800 to UTF-8 at @o; returns the new @o.  Writes
 * 16 bytes whatever the length. */
GUTF8CONV_KERNEL_INLINE guint8 *
gs_encode8_two (ge16_vec     u,
                guint8      *o,
                const GsEnc *k)
{
  ge16_vec ascii = (ge16_vec) (u <= k->x7f);
  /* 110xxxxx in the low byte, 10xxxxxx in the high one. */
  ge16_vec form = gr16_sli (ge16_srli (u, 6), u, 8);
  guint key;

  form = gs16_sel (ascii, u, (form & k->x3f1f) | k->x80c0);
  key = gs16_mask8 (&k->isa, ~ascii);
  gk_storeu (o, gk_lookup16 ((gk_vec) form, gk_loadu (k->pack8_12[key])));
  return o + 8 + gs_pop8 (&k->isa, key);
}

/* Sixteen units of three bytes each (@a, @b: U+0800 to U+FFFF, no
 * surrogate), most CJK text: three byte planes; returns the new @o.  An
 * ISA may define its own after this file (GS_HAVE_ENCODE16_THREE). */
#ifdef GS_HAVE_ENCODE16_THREE
GUTF8CONV_KERNEL_INLINE guint8 *gs_encode16_three (ge16_vec a, ge16_vec b, guint8 *o, const GsEnc *k);
#else
GUTF8CONV_KERNEL_INLINE guint8 *
gs_encode16_three (ge16_vec     a,
                   ge16_vec     b,
                   guint8      *o,
                   const GsEnc *k)
{
  gk_vec lo = gs8_low (a, b), hi = gs8_high (a, b);

  gs_store3 (&k->isa, o, gs8_sri (k->be0, hi, 4), gs8_sel (k->b3f, gs8_sri ((gk_vec) (hi << 2), lo, 6), k->b80),
             gs8_sel (k->b3f, lo, k->b80));
  return o + 48;
}
#endif

/* The payloads of the four-byte forms of the values @v, lead first in
 * the low byte, without their markers. */
GUTF8CONV_KERNEL_INLINE gs32_vec
gs_payloads4 (gs32_vec v,
              gs32_vec m3f00,
              gs32_vec m3f0000)
{
  return ((v >> 18) | ((v >> 4) & m3f00)) | (((v << 10) & m3f0000) | ((v << 26) >> 2));
}

/* Whether the sixteen units of @a, @b are eight surrogate pairs, each
 * high unit in an even lane. */
GUTF8CONV_KERNEL_INLINE gboolean
gs_all_pairs16 (ge16_vec     a,
                ge16_vec     b,
                const GsEnc *k)
{
  return gs16_all ((ge16_vec) ((a & k->fc00) == k->halves) & (ge16_vec) ((b & k->fc00) == k->halves));
}

/* Four surrogate pairs (@a, high units in the even lanes) to their
 * four-byte forms at @o; returns the new @o. */
GUTF8CONV_KERNEL_INLINE guint8 *
gs_encode_pairs4 (ge16_vec     a,
                  guint8      *o,
                  const GsEnc *k)
{
  gs32_vec w = (gs32_vec) a;
  /* ((high & 3FF) << 10 | (low & 3FF)) + 10000: the high unit is the
   * low half of each lane (little-endian lanes). */
  gs32_vec v = (gs32_sli (w >> 16, w, 10) & k->w_fffff) + k->w_10000;

  gk_storeu (o, (gk_vec) (gs_payloads4 (v, k->w_3f00, k->w_3f0000) | k->w_f0));
  return o + 16;
}

/* Whether any of the units of @a, @b is a surrogate: u - 0xD800 below
 * 0x800. */
GUTF8CONV_KERNEL_INLINE gboolean
gs_any_surrogate16 (ge16_vec     a,
                    ge16_vec     b,
                    const GsEnc *k)
{
  return gs16_any ((ge16_vec) ((a - k->d800) <= k->x7ff) | (ge16_vec) ((b - k->d800) <= k->x7ff));
}

/* Eight units below U+10000 (no surrogate) to UTF-8 at @o, the new @o:
 * each unit's first two bytes and third byte in 16-bit lanes,
 * interleaved, packed by one lookup a half (16 bytes written at each). */
GUTF8CONV_KERNEL_INLINE guint8 *
gs_encode8_bmp (ge16_vec     u,
                guint8      *o,
                const GsEnc *k)
{
  ge16_vec g2 = (ge16_vec) (u > k->x7f), g3 = (ge16_vec) (u > k->x7ff);
  ge16_vec low6 = gs16_sel (k->x3f, u, k->x80);
  ge16_vec mid = ge16_srli (u, 6);
  ge16_vec first2, first3, first;
  guint key_lo, key_hi;

  /* Two-byte form: 110xxxxx 10xxxxxx; three-byte: 1110xxxx 10xxxxxx
   * (then 10xxxxxx); ASCII the value itself. */
  first2 = gr16_sli (mid | k->xc0, low6, 8);
  first3 = gr16_sli (ge16_srli (u, 12) | k->xe0, gs16_sel (k->x3f, mid, k->x80), 8);
  first = gs16_sel (g2, gs16_sel (g3, first3, first2), u);
  gs16_keys (&k->isa, g2, g3, &key_lo, &key_hi);
  gk_storeu (o, gk_lookup16 ((gk_vec) gr16_zip_lo (first, low6), gk_loadu (k->pack4[key_lo])));
  o += k->len4[key_lo];
  gk_storeu (o, gk_lookup16 ((gk_vec) gr16_zip_hi (first, low6), gk_loadu (k->pack4[key_hi])));
  return o + k->len4[key_hi];
}

/* The loop's step (GE16_HAVE_STEP), its constants kept (GE16_HAVE_MORE):
 * of the pairs' only those loaded from memory (more would not fit). */
#define GE16_HAVE_STEP 1
#define GE16_STEP_UNITS 16
typedef struct { ge16_vec a, b; } ge16_step_vec;
#define GE16_HAVE_MORE 1
typedef GsEnc Ge16More;

GUTF8CONV_KERNEL_INLINE GsEnc
ge16_more (void)
{
  GsEnc k = gs_enc ();

  gr_keep (k.x7f);
  gr_keep (k.x7ff);
  gr_keep (k.x3f);
  gr_keep (k.x80);
  gr_keep (k.xc0);
  gr_keep (k.xe0);
  gr_keep (k.d800);
  gr_keep (k.x3f1f);
  gr_keep (k.x80c0);
  gr_keep (k.b3f);
  gr_keep (k.b80);
  gr_keep (k.be0);
  gr_keep (k.halves);
  gr_keep (k.w_f0);
  GS_KEEP_ISA (k.isa);
  __asm__ ("" : "+r" (k.pack8_12), "+r" (k.pack4), "+r" (k.len4));
  return k;
}

GUTF8CONV_KERNEL_INLINE ge16_step_vec
ge16_step_load (const guint8 *p,
                gboolean      be)
{
  return (ge16_step_vec) { ge16_load (p, be), ge16_load (p + 16, be) };
}

#define ge16_step_ascii(c, v) gs16_all_below ((v).a | (v).b, 0x80)
#define ge16_step_has_nul(c, v) gs16_any_zero (gs16_min ((v).a, (v).b))

GUTF8CONV_KERNEL_INLINE guint8 *
ge16_step_store_ascii (guint8        *o,
                       ge16_step_vec  v)
{
  gk_storeu (o, gs8_low (v.a, v.b));
  return o + 16;
}

#include "gutf8conv-kernel-generic-utf16-encode.h"

/* The ASCII run: a step a test, at most @n steps. */
GUTF8CONV_KERNEL_INLINE gsize
ge16_ascii_run (const Ge16Context  *c G_GNUC_UNUSED,
                const guint8      **pp,
                guint8            **po,
                gsize               n,
                const guint         flags)
{
  const gboolean big_endian = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;
  const guint8 *p = *pp, *stop = p + 2 * GE16_STEP_UNITS * n;
  guint8 *o = *po;

  while (p != stop)
    {
      ge16_vec a = ge16_load (p, big_endian), b = ge16_load (p + 2 * GE16_UNITS, big_endian);

      if (!gs16_ascii (c, a | b) ||
          ((flags & GUTF8CONV_KERNEL_NO_NUL) && gs16_any_zero (gs16_min (a, b))))
        break;
      gk_storeu (o, gs8_low (a, b));
      o += GE16_STEP_UNITS;
      p += 2 * GE16_STEP_UNITS;
    }
  n = (p - *pp) / (2 * GE16_STEP_UNITS);
  *pp = p;
  *po = o;
  return n;
}

GUTF8CONV_KERNEL_INLINE Ge16Result
ge16_encode_step (const Ge16Context  *c,
                  const guint8      **pp,
                  guint8            **po,
                  ge16_step_vec       v,
                  const guint         flags)
{
  const ge16_vec any = v.a | v.b;
  guint8 *o = *po;

  if ((flags & GUTF8CONV_KERNEL_NO_NUL) && ge16_step_has_nul (c, v))
    return GE16_SCALAR;
  if (gs16_all_below (any, 0x800))
    o = gs_encode8_two (v.b, gs_encode8_two (v.a, o, &c->more), &c->more);
  /* (Below D800, CJK and Indic text, no unit is a surrogate.) */
  else if (gs16_all_below (any, 0xD800) || !gs_any_surrogate16 (v.a, v.b, &c->more))
    {
      if (gs16_all_atleast (gs16_min (v.a, v.b), 0x800))
        o = gs_encode16_three (v.a, v.b, o, &c->more);
      else
        o = gs_encode8_bmp (v.b, gs_encode8_bmp (v.a, o, &c->more), &c->more);
    }
  else if (!(flags & GUTF8CONV_KERNEL_BMP_ONLY) && gs_all_pairs16 (v.a, v.b, &c->more))
    o = gs_encode_pairs4 (v.b, gs_encode_pairs4 (v.a, o, &c->more), &c->more);
  else
    {
      const guint8 *q = *pp;
      Ge16Result r = ge16_encode_block (c, pp, po, v.a, flags);

      /* The second block only where the first took all its units (a
       * pair across them is the next step's). */
      if (r != GE16_DONE || *pp != q + 2 * GE16_UNITS)
        return r;
      return ge16_encode_block (c, pp, po, v.b, flags);
    }
  *po = o;
  *pp += 2 * GE16_STEP_UNITS;
  return GE16_DONE;
}
