/* gutf8conv-kernel-sse-ops.h: the generic layer's vector operations in SSE2
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * For the sse2 and ssse3 kernels: 16-byte blocks, and SSE2 has every
 * compare the byte-compare block test needs.  The nibble-lookup
 * validator's lookup and previous bytes are SSSE3's: ssse3 adds them.
 */

#pragma once

#include <emmintrin.h>

#include "gutf8conv-kernel-generic.h"

#define GK_BLOCK 16
typedef __m128i gk_vec;
typedef guint32 gk_mask;

GUTF8CONV_KERNEL_INLINE gk_vec  gk_loadu (const guint8 *p)  { return _mm_loadu_si128 ((const __m128i *) p); }
GUTF8CONV_KERNEL_INLINE void    gk_storeu (guint8 *p, gk_vec x) { _mm_storeu_si128 ((__m128i *) p, x); }
GUTF8CONV_KERNEL_INLINE gk_mask gk_movemask (gk_vec x)      { return (guint32) _mm_movemask_epi8 (x); }
GUTF8CONV_KERNEL_INLINE gk_vec  gk_set1 (guint8 c)          { return _mm_set1_epi8 ((char) c); }
GUTF8CONV_KERNEL_INLINE gk_vec  gk_or (gk_vec a, gk_vec b)  { return _mm_or_si128 (a, b); }
GUTF8CONV_KERNEL_INLINE gk_vec  gk_and (gk_vec a, gk_vec b) { return _mm_and_si128 (a, b); }
GUTF8CONV_KERNEL_INLINE gk_vec  gk_andnot (gk_vec a, gk_vec b) { return _mm_andnot_si128 (a, b); }
GUTF8CONV_KERNEL_INLINE gk_vec  gk_xor (gk_vec a, gk_vec b) { return _mm_xor_si128 (a, b); }
GUTF8CONV_KERNEL_INLINE gk_vec  gk_subs_u8 (gk_vec a, gk_vec b) { return _mm_subs_epu8 (a, b); }
/* No shift by byte: by 16-bit lane, the bits from the next byte masked. */
GUTF8CONV_KERNEL_INLINE gk_vec  gk_high_nibble (gk_vec x)   { return _mm_and_si128 (_mm_srli_epi16 (x, 4), _mm_set1_epi8 (0x0F)); }
GUTF8CONV_KERNEL_INLINE gk_vec  gk_cmpeq (gk_vec a, gk_vec b)  { return _mm_cmpeq_epi8 (a, b); }
/* No unsigned byte compare in SSE2: x >= c where max (x, c) is x. */
GUTF8CONV_KERNEL_INLINE gk_vec  gk_ge_u8 (gk_vec x, gk_vec c)  { return _mm_cmpeq_epi8 (_mm_max_epu8 (x, c), x); }

#include "gutf8conv-kernel-generic-block.h"
