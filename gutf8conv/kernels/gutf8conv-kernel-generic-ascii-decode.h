/* gutf8conv-kernel-generic-ascii-decode.h: UTF-8 -> UCS-4 or UTF-16 by ASCII blocks and the scalar kernel, written once
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The decoders of a kernel with no block transcoding (no byte shuffle):
 * ASCII widened a block at a time, every other block handed to the
 * scalar kernel's decoder of the same unit, which stops where it must.
 * See the behaviour guide, section `kernels`.
 *
 * The including file includes gutf8conv-kernel-generic-block.h first
 * (its vector operations) and defines:
 *   void gk_widen_units (const guint8 *p, gk_vec b, guint8 *o, guint unit, gboolean big_endian);
 *        the GK_BLOCK ASCII bytes @b (at @p) as units of @unit bytes
 *        (4: UCS-4, 2: UTF-16): unit * GK_BLOCK bytes at @o
 */

#pragma once

/* UTF-8 -> units of @unit bytes (GUtf8ConvDecodeFunc's arguments; 4:
 * UCS-4, 2: UTF-16): ASCII blocks widened, any other block, @block bytes
 * of input from it, the scalar kernel's (enough to amortise the call),
 * the rest after the last whole block the scalar kernel's. */
GUTF8CONV_KERNEL_INLINE gsize
gk_ascii_decode (const guint8   *in,
                 gsize           in_len,
                 guint8         *out,
                 gsize           out_len,
                 const guint     flags,
                 gsize          *in_used,
                 const gsize     block,
                 const guint     unit)
{
  const GUtf8ConvDecodeFunc scalar = unit == 2 ? gutf8conv_kernel_scalar_decode16 : gutf8conv_kernel_scalar_decode;
  const gboolean big_endian = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;
  const guint8 *p = in, *end = in + in_len;
  guint8 *o = out, *oend = out + out_len;

  while (end - p >= GK_BLOCK)
    {
      gk_vec b = gk_loadu (p);

      if (gk_movemask (b) == 0 && (gsize) (oend - o) >= unit * GK_BLOCK)
        {
          gk_widen_units (p, b, o, unit, big_endian);
          p += GK_BLOCK;
          o += unit * GK_BLOCK;
          continue;
        }

      if (!gutf8conv_kernel_scalar_block (scalar, &p, end, &o, oend, block, GUTF8CONV_KERNEL_SEQ_SLACK, flags))
        return gutf8conv_kernel_stop (in, p, out, o, in_used);
    }

  return gutf8conv_kernel_scalar_rest (scalar, in, p, end, out, o, oend, flags, in_used);
}

/* A kernel's entry point @name to units of @unit bytes
 * (GUtf8ConvDecodeFunc) of gk_ascii_decode() with @block.  Input of at
 * most a block, a stream's small chunk, before the loop's prologue (in
 * @name_wide): shorter than a block it is all the scalar kernel's (as the
 * scalar rest would take it); a block the loop would widen, all ASCII
 * with room for it, widened here; any other block the scalar kernel's
 * whole, as the loop hands it over. */
#define GK_ASCII_DECODE_ENTRY_POINT(name, block, unit) \
  GUTF8CONV_KERNEL_INLINE gsize \
  name##_impl (const guint8 *in, gsize in_len, guint8 *out, gsize out_len, const guint flags, gsize *in_used) \
  { \
    return gk_ascii_decode (in, in_len, out, out_len, flags, in_used, block, unit); \
  } \
  \
  __attribute__((noinline)) GUTF8CONV_KERNEL_ENTRY_POINT (name##_wide, name##_impl, \
                                                          GUTF8CONV_KERNEL_BIG_ENDIAN | GUTF8CONV_KERNEL_BMP_ONLY) \
  \
  static gsize \
  name (const guint8 *in, \
        gsize         in_len, \
        guint8       *out, \
        gsize         out_len, \
        guint         flags, \
        gsize        *in_used) \
  { \
    if (in_len > GK_BLOCK) \
      return name##_wide (in, in_len, out, out_len, flags, in_used); \
    if (in_len == GK_BLOCK && out_len >= (unit) * GK_BLOCK) \
      { \
        gk_vec b = gk_loadu (in); \
        \
        if (gk_movemask (b) == 0) \
          { \
            gk_widen_units (in, b, out, (unit), (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0); \
            *in_used = GK_BLOCK; \
            return (unit) * GK_BLOCK; \
          } \
      } \
    return (unit) == 2 ? gutf8conv_kernel_scalar_decode16 (in, in_len, out, out_len, flags, in_used) \
                       : gutf8conv_kernel_scalar_decode (in, in_len, out, out_len, flags, in_used); \
  }
