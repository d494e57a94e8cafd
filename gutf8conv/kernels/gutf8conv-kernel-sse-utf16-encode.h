/* gutf8conv-kernel-sse-utf16-encode.h: UTF-16 -> UTF-8 for the 16-byte x86 kernels
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The operations of gutf8conv-kernel-generic-utf16-encode.h on eight
 * units, for the sse2 and ssse3 kernels, and their encode16 entry point.
 * With SSSE3 (and the SSE4.1 the ssse3 kernel also has) the bytes are
 * packed by gutf8conv_enc3_shuffle; SSE2 has no byte shuffle, so it
 * stores each unit's dword shifted to its first byte and steps by its
 * length.  The including file has included gutf8conv-kernel-generic.h
 * and the tables.
 */

#pragma once

#ifdef __SSE4_1__
#include <smmintrin.h>
#else
#include <emmintrin.h>
#endif

#define GE16_UNITS 8
#define GE16_BITS 2
#ifdef __SSSE3__
#define GE16_STORE_SLACK 12
#else
#define GE16_STORE_SLACK 3
#endif
typedef __m128i ge16_vec;

GUTF8CONV_KERNEL_INLINE ge16_vec
ge16_load (const guint8 *p,
           gboolean      big_endian)
{
  ge16_vec v = _mm_loadu_si128 ((const __m128i *) p);

  if (big_endian)
#ifdef __SSSE3__
    v = _mm_shuffle_epi8 (v, _mm_setr_epi8 (1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14));
#else
    v = _mm_or_si128 (_mm_slli_epi16 (v, 8), _mm_srli_epi16 (v, 8));
#endif
  return v;
}

GUTF8CONV_KERNEL_INLINE ge16_vec ge16_set1 (guint16 c)               { return _mm_set1_epi16 ((short) c); }
GUTF8CONV_KERNEL_INLINE ge16_vec ge16_and (ge16_vec a, ge16_vec b)   { return _mm_and_si128 (a, b); }
GUTF8CONV_KERNEL_INLINE ge16_vec ge16_or (ge16_vec a, ge16_vec b)    { return _mm_or_si128 (a, b); }
GUTF8CONV_KERNEL_INLINE ge16_vec ge16_xor (ge16_vec a, ge16_vec b)   { return _mm_xor_si128 (a, b); }
GUTF8CONV_KERNEL_INLINE ge16_vec ge16_add (ge16_vec a, ge16_vec b)   { return _mm_add_epi16 (a, b); }
GUTF8CONV_KERNEL_INLINE ge16_vec ge16_cmpeq (ge16_vec a, ge16_vec b) { return _mm_cmpeq_epi16 (a, b); }
GUTF8CONV_KERNEL_INLINE ge16_vec ge16_prev (ge16_vec v)              { return _mm_slli_si128 (v, 2); }
#define ge16_srli(v, n) _mm_srli_epi16 ((v), (n))
#define ge16_slli(v, n) _mm_slli_epi16 ((v), (n))
GUTF8CONV_KERNEL_INLINE guint64  ge16_mask (ge16_vec m)              { return (guint32) _mm_movemask_epi8 (m); }

GUTF8CONV_KERNEL_INLINE ge16_vec
ge16_blend (ge16_vec a,
            ge16_vec b,
            ge16_vec m)
{
#ifdef __SSE4_1__
  return _mm_blendv_epi8 (a, b, m);
#else
  return _mm_or_si128 (_mm_andnot_si128 (m, a), _mm_and_si128 (m, b));
#endif
}

GUTF8CONV_KERNEL_INLINE gboolean
ge16_none (ge16_vec v)
{
#ifdef __SSE4_1__
  return _mm_testz_si128 (v, v);
#else
  return _mm_movemask_epi8 (_mm_cmpeq_epi8 (v, _mm_setzero_si128 ())) == 0xFFFF;
#endif
}

#ifdef __SSE4_1__
#define GE16_HAVE_NONE_AND 1
GUTF8CONV_KERNEL_INLINE gboolean
ge16_none_and (ge16_vec a,
               ge16_vec b)
{
  return _mm_testz_si128 (a, b);
}
#endif

GUTF8CONV_KERNEL_INLINE guint8 *
ge16_store_ascii (guint8   *o,
                  ge16_vec  v)
{
  _mm_storel_epi64 ((__m128i *) o, _mm_packus_epi16 (v, v));
  return o + 8;
}

#define GE16_HAVE_STORE_ASCII2 1
GUTF8CONV_KERNEL_INLINE guint8 *
ge16_store_ascii2 (guint8   *o,
                   ge16_vec  v0,
                   ge16_vec  v1)
{
  _mm_storeu_si128 ((__m128i *) o, _mm_packus_epi16 (v0, v1));
  return o + 16;
}

GUTF8CONV_KERNEL_INLINE guint8 *
ge16_store_utf8 (guint8   *o,
                 ge16_vec  hi,
                 ge16_vec  lo,
                 ge16_vec  ascii,
                 ge16_vec  short_)
{
  __m128i d_lo = _mm_unpacklo_epi16 (hi, lo), d_hi = _mm_unpackhi_epi16 (hi, lo);
#ifdef __SSSE3__
  /* The table index of units 0-3 in the low byte, 4-7 in the next: bits
   * 0-3 "at least two bytes", 4-7 "three bytes"; one scalar complement
   * of the two masks. */
  guint64 k = (guint) _mm_movemask_epi8 (_mm_shuffle_epi8 (_mm_packs_epi16 (ascii, short_),
                                                           _mm_setr_epi8 (0, 1, 2, 3, 8, 9, 10, 11,
                                                                          4, 5, 6, 7, 12, 13, 14, 15))) ^ 0xFFFF;

  d_lo = _mm_shuffle_epi8 (d_lo, _mm_load_si128 ((const __m128i *) gutf8conv_enc3_shuffle[k & 0xFF]));
  d_hi = _mm_shuffle_epi8 (d_hi, _mm_load_si128 ((const __m128i *) gutf8conv_enc3_shuffle[k >> 8]));
  _mm_storeu_si128 ((__m128i *) o, d_lo);
  o += 4 + __builtin_popcountll (k & 0xFF);
  _mm_storeu_si128 ((__m128i *) o, d_hi);
  return o + 4 + __builtin_popcountll (k >> 8);
#else
  guint32 d[8];
  guint a = ~(guint) _mm_movemask_epi8 (_mm_packs_epi16 (ascii, ascii)) & 0xFF;
  guint m = ~(guint) _mm_movemask_epi8 (_mm_packs_epi16 (short_, short_)) & 0xFF;

  _mm_storeu_si128 ((__m128i *) d, d_lo);
  _mm_storeu_si128 ((__m128i *) (d + 4), d_hi);
  for (guint i = 0; i < 8; i++)
    {
      guint ai = (a >> i) & 1, mi = (m >> i) & 1;
      /* From byte 0 (three bytes), 1 (two) or 3 (ASCII): little-endian
       * dwords, as every x86 machine has them. */
      guint32 w = d[i] >> (8 * (mi ? 0 : 3 - 2 * ai));

      memcpy (o, &w, 4);
      o += 1 + ai + mi;
    }
  return o;
#endif
}

GUTF8CONV_KERNEL_INLINE guint8 *
ge16_store_two (guint8   *o,
                ge16_vec  t,
                ge16_vec  ascii)
{
  guint m = (guint) _mm_movemask_epi8 (_mm_packs_epi16 (ascii, ascii)) & 0xFF;
#ifdef __SSSE3__
  _mm_storeu_si128 ((__m128i *) o, _mm_shuffle_epi8 (t, _mm_load_si128 ((const __m128i *) gutf8conv_enc2_shuffle[m])));
  return o + 16 - __builtin_popcount (m);
#else
  guint16 u[8];

  _mm_storeu_si128 ((__m128i *) u, t);
  for (guint i = 0; i < 8; i++)
    {
      memcpy (o, &u[i], 2);
      o += 2 - ((m >> i) & 1);
    }
  return o;
#endif
}

GUTF8CONV_KERNEL_INLINE guint8 *
ge16_store_three (guint8   *o,
                  ge16_vec  hi,
                  ge16_vec  lo)
{
  __m128i d_lo = _mm_unpacklo_epi16 (hi, lo), d_hi = _mm_unpackhi_epi16 (hi, lo);
#ifdef __SSSE3__
  const __m128i keep3 = _mm_setr_epi8 (0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);

  _mm_storeu_si128 ((__m128i *) o, _mm_shuffle_epi8 (d_lo, keep3));
  _mm_storeu_si128 ((__m128i *) (o + 12), _mm_shuffle_epi8 (d_hi, keep3));
#else
  guint32 d[8];

  _mm_storeu_si128 ((__m128i *) d, d_lo);
  _mm_storeu_si128 ((__m128i *) (d + 4), d_hi);
  for (guint i = 0; i < 8; i++)
    memcpy (o + 3 * i, &d[i], 4);
#endif
  return o + 24;
}

#include "gutf8conv-kernel-generic-utf16-encode.h"
