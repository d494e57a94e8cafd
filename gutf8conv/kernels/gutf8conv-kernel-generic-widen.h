/* gutf8conv-kernel-generic-widen.h: bytes to UCS-4 or UTF-16 units, for every kernel
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Sixteen bytes widened in GCC's vector types, which every target
 * compiles (as SIMD where it has some, else a lane at a time), with no
 * branch on the bytes: what single-byte text's loop writes
 * (gutf8conv-kernel-generic-single-byte.h), and an ASCII block of the
 * kernels' decoders where a byte shuffle gains nothing.  A kernel's
 * vector of 16 bytes converts to GkBytes as it is.
 */

#pragma once

#include <string.h>

#include "gutf8conv-kernel.h"

/* Sixteen bytes, each a vector's lane at its place in memory on every
 * host: the byte orders of the output are orders of interleaving. */
typedef guint8 GkBytes __attribute__ ((vector_size (16)));
typedef gint8 GkSignedBytes __attribute__ ((vector_size (16)));
typedef guint16 GkPairs __attribute__ ((vector_size (16)));

/* Lanes of @a and @b interleaved, one from each in turn, from the first
 * half of each (@h 0) or the second (1): bytes (GK_ZIP1), or pairs of
 * bytes (GK_ZIP2, by 16-bit lanes, which keep their bytes' places on
 * every host). */
#define GK_ZIP1(a, b, h) \
  __builtin_shufflevector ((a), (b), 8 * h, 8 * h + 16, 8 * h + 1, 8 * h + 17, 8 * h + 2, 8 * h + 18, \
                           8 * h + 3, 8 * h + 19, 8 * h + 4, 8 * h + 20, 8 * h + 5, 8 * h + 21, \
                           8 * h + 6, 8 * h + 22, 8 * h + 7, 8 * h + 23)
#define GK_ZIP2(a, b, h) \
  ((GkBytes) __builtin_shufflevector ((GkPairs) (a), (GkPairs) (b), 4 * h, 4 * h + 8, 4 * h + 1, 4 * h + 9, \
                                      4 * h + 2, 4 * h + 10, 4 * h + 3, 4 * h + 11))

/* Eight UTF-16 units @u, in the output's byte order, at @op: as they
 * are, or for UCS-4 interleaved with zeros in that order. */
GUTF8CONV_KERNEL_INLINE void
gk_widen_put (guint8   *op,
              GkBytes   u,
              guint     unit,
              gboolean  big_endian)
{
  const GkBytes z = { 0 };
  GkBytes w0, w1;

  if (unit == 2)
    {
      memcpy (op, &u, 16);
      return;
    }
  w0 = big_endian ? GK_ZIP2 (z, u, 0) : GK_ZIP2 (u, z, 0);
  w1 = big_endian ? GK_ZIP2 (z, u, 1) : GK_ZIP2 (u, z, 1);
  memcpy (op, &w0, 16);
  memcpy (op + 16, &w1, 16);
}

/* The 16 bytes @b as units of @unit bytes (4 or 2) at @op, in byte
 * order @big_endian: each byte from 80 up is made the low byte @mode
 * writes for it (REPLACE's FD, else itself) and given a high byte
 * (REPLACE's FF, ESCAPE's DC, else 0), the select on each byte's top
 * bit; the two are interleaved in the output's order.  CP1252's 80..9F
 * may be anything: its loop writes them after.  ASCII is LATIN1's. */
GUTF8CONV_KERNEL_INLINE void
gk_widen (guint8                  *op,
          GkBytes                  b,
          GUtf8ConvKernelByteMode  mode,
          guint                    unit,
          gboolean                 big_endian)
{
  GkBytes hb = { 0 }, high = (GkBytes) ((GkSignedBytes) b < 0);

  if (mode == GUTF8CONV_KERNEL_BYTE_REPLACE)
    {
      b = (b & ~high) | (0xFD & high);
      hb = high;
    }
  else if (mode == GUTF8CONV_KERNEL_BYTE_ESCAPE)
    hb = 0xDC & high;
  gk_widen_put (op, big_endian ? GK_ZIP1 (hb, b, 0) : GK_ZIP1 (b, hb, 0), unit, big_endian);
  gk_widen_put (op + 8 * unit, big_endian ? GK_ZIP1 (hb, b, 1) : GK_ZIP1 (b, hb, 1), unit, big_endian);
}
