/* gutf8conv-kernel-generic-load-rest.h: the last bytes of an input in a 16-byte vector, written once
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * For the padded rest of gutf8conv-kernel-generic-padded.h, in kernels
 * with a byte lookup (ssse3 and avx2's pshufb, NEON's TBL): the bytes up
 * to the end of the input in a register, zeros after, read by loads that
 * stay inside the input.  A block copied to the stack by stores of other
 * sizes than its loads would wait for them (no store forwarding across
 * stores): built in a register, it is stored once, whole.
 *
 * The including file defines first, on a 16-byte vector gk_rest_vec:
 *   gk_rest_vec gk_rest_load16 (const guint8 *p);   16 bytes
 *   gk_rest_vec gk_rest_load8 (const guint8 *p);    8 bytes, zeros above
 *   gk_rest_vec gk_rest_word (guint32 w);           @w in the first 4 bytes, zeros above
 *   gk_rest_vec gk_rest_lookup (gk_rest_vec v, gk_rest_vec i);
 *       byte i[k] of @v at each k, a zero where i[k] is 0x80
 *   gk_rest_vec gk_rest_or (gk_rest_vec a, gk_rest_vec b);
 */

#pragma once

/* Lookup indices: 0x80 (a zero) but for 0..7 at 16..23.  Loaded from
 * 16 + k - s, they move the bytes of a load at s to k. */
static const guint8 gk_load_rest_shift[32] = {
  0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
  0, 1, 2, 3, 4, 5, 6, 7, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
};

/* The @n bytes at @p (1..16), zeros after; reads only them. */
GUTF8CONV_KERNEL_INLINE gk_rest_vec
gk_load_rest16 (const guint8 *p,
                gsize         n)
{
  gk_rest_vec lo, hi;
  guint32 w;
  gsize s;

  if (n == 16)
    return gk_rest_load16 (p);
  if (n >= 8)
    {
      /* The 8 bytes at 0 and at n - 8, the second moved there. */
      lo = gk_rest_load8 (p);
      hi = gk_rest_load8 (p + n - 8);
      s = n - 8;
    }
  else if (n >= 4)
    {
      memcpy (&w, p, 4);
      lo = gk_rest_word (w);
      memcpy (&w, p + n - 4, 4);
      hi = gk_rest_word (w);
      s = n - 4;
    }
  else
    return gk_rest_word (p[0] | (guint32) p[n / 2] << (8 * (n / 2)) | (guint32) p[n - 1] << (8 * (n - 1)));
  /* Bytes of @hi past its load are zeros: indices 4..7 of a 4-byte load
   * give them too. */
  return gk_rest_or (lo, gk_rest_lookup (hi, gk_rest_load16 (gk_load_rest_shift + 16 - s)));
}
