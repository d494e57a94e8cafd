/* gutf8conv-kernel-sse-utf16-decode.h: decode16's ASCII step in SSE2
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * For the sse2 and ssse3 kernels, before they include
 * gutf8conv-kernel-generic-utf16-decode.h: the narrowing, sixteen values
 * a step, around the kernel's gk16_sse_pack (__m128i a, __m128i b,
 * big_endian), which packs eight values below U+10000 into units in the
 * order asked; and gk_widen16(), ASCII bytes widened to units by
 * interleaving with zeros.  Nothing here needs more than SSE2.
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

/* Half @h of the 16 bytes @b as eight 16-bit units: interleaved with
 * zeros, the zero byte first for big-endian. */
GUTF8CONV_KERNEL_INLINE __m128i
gk_widen16 (__m128i b, guint h, const gboolean big_endian)
{
  const __m128i z = _mm_setzero_si128 ();

  if (h == 0)
    return big_endian ? _mm_unpacklo_epi8 (z, b) : _mm_unpacklo_epi8 (b, z);
  return big_endian ? _mm_unpackhi_epi8 (z, b) : _mm_unpackhi_epi8 (b, z);
}
