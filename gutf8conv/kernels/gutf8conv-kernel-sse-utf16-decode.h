/* gutf8conv-kernel-sse-utf16-decode.h: decode16's ASCII step in SSE2
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * For the sse2 and ssse3 kernels, before they include
 * gutf8conv-kernel-generic-utf16-decode.h: the narrowing, sixteen values
 * a step, around the kernel's gk16_sse_pack (__m128i a, __m128i b,
 * big_endian), which packs eight values below U+10000 into units in the
 * order asked; and 32 ASCII bytes widened to units by interleaving with
 * zeros.  Nothing here needs more than SSE2.
 */

#pragma once

#include "gutf8conv-kernel-sse-ops.h"

#define GK16_GROUP 16

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

#define GK16_ASCII 32

GUTF8CONV_KERNEL_INLINE gboolean
gk16_widen_ascii (const guint8   *p,
                  guint8         *o,
                  const gboolean  big_endian)
{
  __m128i b0 = _mm_loadu_si128 ((const __m128i *) p);
  __m128i b1 = _mm_loadu_si128 ((const __m128i *) (p + 16));

  if (_mm_movemask_epi8 (_mm_or_si128 (b0, b1)) != 0)
    return FALSE;
  for (guint h = 0; h < 2; h++)
    {
      __m128i b = h == 0 ? b0 : b1, z = _mm_setzero_si128 ();

      /* Interleaved with zeros: the zero byte first for big-endian. */
      _mm_storeu_si128 ((__m128i *) (o + 32 * h), big_endian ? _mm_unpacklo_epi8 (z, b) : _mm_unpacklo_epi8 (b, z));
      _mm_storeu_si128 ((__m128i *) (o + 32 * h + 16), big_endian ? _mm_unpackhi_epi8 (z, b) : _mm_unpackhi_epi8 (b, z));
    }
  return TRUE;
}
