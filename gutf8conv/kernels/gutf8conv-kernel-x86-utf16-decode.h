/* gutf8conv-kernel-x86-utf16-decode.h: decode16's steps for the x86 kernels
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What gutf8conv-kernel-generic-utf16-decode.h asks for, at the width of
 * gutf8conv-kernel-x86-width.h: the narrowing, the ASCII widening and,
 * with a byte shuffle below AVX-512 (whose own takes a word compress),
 * the pair maker.
 */

#pragma once

#include "gutf8conv-kernel-x86-width.h"

#if X86_BITS == 512
#define GK16_GROUP 32
#else
#define GK16_GROUP 16
#endif

#if X86_BITS == 128
/* Two vectors of values below U+10000 as eight units.  No unsigned pack
 * in SSE2: values moved into the signed range, packed, moved back. */
GUTF8CONV_KERNEL_INLINE __m128i
gk16_sse_pack (__m128i        a,
               __m128i        b,
               const gboolean big_endian)
{
#ifdef __SSE4_1__
  __m128i w = _mm_packus_epi32 (a, b);
#else
  const __m128i bias = _mm_set1_epi32 (0x8000);
  __m128i w = _mm_packs_epi32 (_mm_sub_epi32 (a, bias), _mm_sub_epi32 (b, bias));

  w = _mm_xor_si128 (w, _mm_set1_epi16 ((short) 0x8000));
#endif
  return big_endian ? x86_swap16 (w) : w;
}

/* Four vectors a group, tested by a movemask: SSE2 has no ptest. */
GUTF8CONV_KERNEL_INLINE gboolean
gk16_narrow (const guint32  *v,
             guint8         *o,
             const gboolean  big_endian)
{
  __m128i d[4], any;

  for (guint i = 0; i < 4; i++)
    d[i] = _mm_load_si128 ((const __m128i *) (v + 4 * i));
  any = _mm_or_si128 (_mm_or_si128 (d[0], d[1]), _mm_or_si128 (d[2], d[3]));
  if (_mm_movemask_epi8 (_mm_cmpeq_epi16 (_mm_and_si128 (any, _mm_set1_epi32 ((int) 0xFFFF0000)),
                                          _mm_setzero_si128 ())) != 0xFFFF)
    return FALSE;
  _mm_storeu_si128 ((__m128i *) o, gk16_sse_pack (d[0], d[1], big_endian));
  _mm_storeu_si128 ((__m128i *) (o + 16), gk16_sse_pack (d[2], d[3], big_endian));
  return TRUE;
}

/* Interleaved with zeros, the zero byte first for big-endian. */
GUTF8CONV_KERNEL_INLINE __m128i
gk_widen16 (__m128i b, guint h, const gboolean big_endian)
{
  const __m128i z = _mm_setzero_si128 ();

  if (h == 0)
    return big_endian ? _mm_unpacklo_epi8 (z, b) : _mm_unpacklo_epi8 (b, z);
  return big_endian ? _mm_unpackhi_epi8 (z, b) : _mm_unpackhi_epi8 (b, z);
}
#else
/* Two vectors a group. */
GUTF8CONV_KERNEL_INLINE gboolean
gk16_narrow (const guint32  *v,
             guint8         *o,
             const gboolean  big_endian)
{
  x86_vec v0 = X86_SI (load) ((const x86_vec *) v);
  x86_vec v1 = X86_SI (load) ((const x86_vec *) (v + X86_BITS / 32));
  x86_vec w;

#if X86_BITS == 512
  if (_mm512_test_epi32_mask (_mm512_or_si512 (v0, v1), _mm512_set1_epi32 ((int) 0xFFFF0000)) != 0)
#else
  if (!_mm256_testz_si256 (_mm256_or_si256 (v0, v1), _mm256_set1_epi32 ((int) 0xFFFF0000)))
#endif
    return FALSE;
  w = x86_pack_units16 (v0, v1);
  if (big_endian)
    w = x86_swap16 (w);
  X86_SI (storeu) ((x86_vec *) o, w);
  return TRUE;
}

GUTF8CONV_KERNEL_INLINE x86_vec
gk_widen16 (x86_vec b, guint h, const gboolean big_endian)
{
  x86_vec w = X86_OP (cvtepu8_epi16) (x86_half (b, h));

  return big_endian ? X86_OP (slli_epi16) (w, 8) : w;
}
#endif

#if defined (__SSSE3__) && X86_BITS < 512
/* Each value's unit, or its pair (high surrogate in the low half), in
 * its dword; four dwords a lane packed by the encoder's table of UTF-8
 * lengths, with lengths 2 and 4: 16 bytes a store, 4 * GK16_GROUP bytes
 * of room in all. */
GUTF8CONV_KERNEL_INLINE gsize
gk16_pairs (const guint32  *v,
            guint8         *o,
            const gboolean  big_endian)
{
  guint8 *start = o;

  for (guint q = 0; q < 512 / X86_BITS; q++)
    {
      x86_vec d = X86_SI (load) ((const x86_vec *) (v + X86_BITS / 32 * q));
      x86_vec sup = X86_OP (cmpgt_epi32) (d, X86_OP (set1_epi32) (0xFFFF));
      x86_vec t = X86_OP (sub_epi32) (d, X86_OP (set1_epi32) (0x10000));
      x86_vec pair = X86_SI (or) (X86_SI (or) (X86_OP (srli_epi32) (t, 10), X86_OP (set1_epi32) ((int) 0xDC00D800)),
                                  X86_OP (slli_epi32) (X86_SI (and) (t, X86_OP (set1_epi32) (0x3FF)), 16));
#if X86_BITS == 256
      guint m = (guint) _mm256_movemask_ps (_mm256_castsi256_ps (sup));
      guint k0 = 0x55 | (gutf8conv_spread4[m & 15] << 1), k1 = 0x55 | (gutf8conv_spread4[m >> 4] << 1);
#else
      guint k0 = 0x55 | (gutf8conv_spread4[_mm_movemask_ps (_mm_castsi128_ps (sup))] << 1);
#endif

      d = X86_OP (blendv_epi8) (d, pair, sup);
      if (big_endian)
        d = x86_swap16 (d);
      d = X86_OP (shuffle_epi8) (d, x86_rows (gutf8conv_pack4_shuffle, k0, k1));
      _mm_storeu_si128 ((__m128i *) o, x86_lane (d, 0));
      o += gutf8conv_pack4_length[k0];
#if X86_BITS == 256
      _mm_storeu_si128 ((__m128i *) o, x86_lane (d, 1));
      o += gutf8conv_pack4_length[k1];
#endif
    }
  return o - start;
}
#define GK16_PAIRS gk16_pairs
#endif
