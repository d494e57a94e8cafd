/* gutf8conv-kernel-sse-utf16-decode.h: decode16's ASCII step in SSE2
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * For the sse2 and ssse3 kernels, before they include
 * gutf8conv-kernel-generic-utf16-decode.h: 32 ASCII bytes widened
 * to units by interleaving with zeros, which needs nothing past SSE2.
 */

#pragma once

#include "gutf8conv-kernel-sse-ops.h"

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
