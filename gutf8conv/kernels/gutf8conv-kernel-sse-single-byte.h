/* gutf8conv-kernel-sse-single-byte.h: the single-byte text loop in SSE2
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The two steps gutf8conv-kernel-generic-single-byte.h asks for, in
 * SSE2, x86-64's baseline: every x86 kernel's row names the function
 * this makes, as wider vectors gain nothing on blocks this short.
 */

#pragma once

#include <emmintrin.h>

#include "gutf8conv-kernel-generic.h"

/* movemask gives a bit for each byte's top bit; adding a vector to itself
 * brings bits 6 and 5 to the top. */
GUTF8CONV_KERNEL_INLINE void
single_byte_masks (const guint8 *ip,
                   guint64      *b7,
                   guint64      *b6,
                   guint64      *b5)
{
  *b7 = *b6 = *b5 = 0;
  for (guint i = 0; i < GUTF8CONV_KERNEL_SINGLE_BYTE_BLOCK / 16; i++)
    {
      __m128i v = _mm_loadu_si128 ((const __m128i *) (ip + 16 * i));

      *b7 |= (guint64) (guint) _mm_movemask_epi8 (v) << (16 * i);
      v = _mm_add_epi8 (v, v);
      *b6 |= (guint64) (guint) _mm_movemask_epi8 (v) << (16 * i);
      v = _mm_add_epi8 (v, v);
      *b5 |= (guint64) (guint) _mm_movemask_epi8 (v) << (16 * i);
    }
}

/* REPLACE and ESCAPE put U+FFFD or U+DC00 + the byte in the lanes of the
 * bytes from 80 up; LATIN1 and CP1252 widen the byte. */
GUTF8CONV_KERNEL_INLINE void
single_byte_widen (guint8                  *op,
                   const guint8            *ip,
                   GUtf8ConvKernelByteMode  mode,
                   guint                    unit,
                   gboolean                 big_endian)
{
  const __m128i z = _mm_setzero_si128 ();
  __m128i b = _mm_loadu_si128 ((const __m128i *) ip), hb = z, lo, hi;

  if (mode == GUTF8CONV_KERNEL_BYTE_REPLACE || mode == GUTF8CONV_KERNEL_BYTE_ESCAPE)
    {
      __m128i high = _mm_cmplt_epi8 (b, z);

      if (mode == GUTF8CONV_KERNEL_BYTE_REPLACE)
        {
          b = _mm_or_si128 (_mm_andnot_si128 (high, b), _mm_and_si128 (high, _mm_set1_epi8 ((char) 0xFD)));
          hb = high;
        }
      else
        hb = _mm_and_si128 (high, _mm_set1_epi8 ((char) 0xDC));
    }
  lo = big_endian ? _mm_unpacklo_epi8 (hb, b) : _mm_unpacklo_epi8 (b, hb);
  hi = big_endian ? _mm_unpackhi_epi8 (hb, b) : _mm_unpackhi_epi8 (b, hb);
  if (unit == 2)
    {
      _mm_storeu_si128 ((__m128i *) op, lo);
      _mm_storeu_si128 ((__m128i *) (op + 16), hi);
      return;
    }
  _mm_storeu_si128 ((__m128i *) op, big_endian ? _mm_unpacklo_epi16 (z, lo) : _mm_unpacklo_epi16 (lo, z));
  _mm_storeu_si128 ((__m128i *) (op + 16), big_endian ? _mm_unpackhi_epi16 (z, lo) : _mm_unpackhi_epi16 (lo, z));
  _mm_storeu_si128 ((__m128i *) (op + 32), big_endian ? _mm_unpacklo_epi16 (z, hi) : _mm_unpacklo_epi16 (hi, z));
  _mm_storeu_si128 ((__m128i *) (op + 48), big_endian ? _mm_unpackhi_epi16 (z, hi) : _mm_unpackhi_epi16 (hi, z));
}

#include "gutf8conv-kernel-generic-single-byte.h"
