/* gutf8conv-kernel-sse-utf16-decode.h: decode16's ASCII step in SSE2
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * For the sse2 and ssse3 kernels, before they include
 * gutf8conv-kernel-generic-utf16-decode.h: sixteen ASCII bytes widened
 * to units by interleaving with zeros, which needs nothing past SSE2.
 */

#pragma once

#include "gutf8conv-kernel-sse-ops.h"

GUTF8CONV_KERNEL_INLINE gboolean
gk16_widen_ascii (const guint8   *p,
                  guint8         *o,
                  const gboolean  big_endian)
{
  __m128i b = _mm_loadu_si128 ((const __m128i *) p);
  __m128i lo, hi;

  if (_mm_movemask_epi8 (b) != 0)
    return FALSE;
  /* Interleaved with zeros: the zero byte first for big-endian. */
  lo = big_endian ? _mm_unpacklo_epi8 (_mm_setzero_si128 (), b) : _mm_unpacklo_epi8 (b, _mm_setzero_si128 ());
  hi = big_endian ? _mm_unpackhi_epi8 (_mm_setzero_si128 (), b) : _mm_unpackhi_epi8 (b, _mm_setzero_si128 ());
  _mm_storeu_si128 ((__m128i *) o, lo);
  _mm_storeu_si128 ((__m128i *) (o + 16), hi);
  return TRUE;
}
