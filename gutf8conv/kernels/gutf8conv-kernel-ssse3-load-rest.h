/* gutf8conv-kernel-ssse3-load-rest.h: the last bytes of an input in a vector
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * For the padded rest of gutf8conv-kernel-generic-padded.h, in the
 * kernels with a byte shuffle (ssse3, avx2): the bytes up to the end of
 * the input in a register, zeros after, read by loads that stay inside
 * the input.  A block copied to the stack by stores of other sizes than
 * its loads would wait for them (no store forwarding across stores):
 * built in a register, it is stored once, whole.
 */

#pragma once

#include <tmmintrin.h>

/* pshufb indices: 0x80 (a zero) but for 0..7 at 16..23.  Loaded from
 * 16 + k - s, they move the bytes of a load at s to k. */
static const guint8 gk_load_rest_shift[32] = {
  0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
  0, 1, 2, 3, 4, 5, 6, 7, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
};

/* The @n bytes at @p (1..16), zeros after; reads only them. */
GUTF8CONV_KERNEL_INLINE __m128i
gk_load_rest16 (const guint8 *p,
                gsize         n)
{
  __m128i lo, hi;
  guint32 w;
  gsize s;

  if (n == 16)
    return _mm_loadu_si128 ((const __m128i *) p);
  if (n >= 8)
    {
      /* The 8 bytes at 0 and at n - 8, the second moved there. */
      lo = _mm_loadl_epi64 ((const __m128i *) p);
      hi = _mm_loadl_epi64 ((const __m128i *) (p + n - 8));
      s = n - 8;
    }
  else if (n >= 4)
    {
      memcpy (&w, p, 4);
      lo = _mm_cvtsi32_si128 ((int) w);
      memcpy (&w, p + n - 4, 4);
      hi = _mm_cvtsi32_si128 ((int) w);
      s = n - 4;
    }
  else
    {
      w = p[0] | (guint32) p[n / 2] << (8 * (n / 2)) | (guint32) p[n - 1] << (8 * (n - 1));
      return _mm_cvtsi32_si128 ((int) w);
    }
  /* Bytes of @hi past its load are zeros: indices 4..7 of a 4-byte load
   * give them too. */
  return _mm_or_si128 (lo, _mm_shuffle_epi8 (hi, _mm_loadu_si128 ((const __m128i *) (gk_load_rest_shift + 16 - s))));
}
