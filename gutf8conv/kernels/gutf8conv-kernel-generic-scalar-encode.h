/* gutf8conv-kernel-generic-scalar-encode.h: UCS-4 -> UTF-8 a unit at a time, written once
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The UCS-4 encoder of the scalar kernel and of a kernel with no byte
 * shuffle (sse2): a branch on each unit's UTF-8 length, and, where the
 * kernel has one, ASCII a step of its own at a time (a vector), tested
 * only from an ASCII unit.  Also the UTF-8 forms both scalar encoders
 * write.  See the behaviour guide, section `kernels`.
 *
 * The including file may define first:
 *   GK_SCALAR_ENCODE_ASCII   the units its ASCII step takes
 *   gboolean gk_scalar_encode_ascii (const guint8 *p, guint8 *o, gboolean big_endian, gboolean no_nul);
 *        the GK_SCALAR_ENCODE_ASCII units at @p (there are that many) to
 *        @o, which has room for them, if they are all ASCII (and, with
 *        @no_nul, none is U+0000); FALSE otherwise, having written nothing
 */

#pragma once

#include "gutf8conv-kernel.h"
#include "gutf8conv-kernel-generic.h"
#include "gutf8conv-kernel-units.h"

/* The UTF-8 forms of two, three and four bytes of @c, at @o (which has
 * room for them); each returns the new @o.  Both encoders write them. */
GUTF8CONV_KERNEL_INLINE guint8 *
scalar_put2 (guint8 *o, guint32 c)
{
  o[0] = 0xC0 | (c >> 6);
  o[1] = 0x80 | (c & 0x3F);
  return o + 2;
}

GUTF8CONV_KERNEL_INLINE guint8 *
scalar_put3 (guint8 *o, guint32 c)
{
  o[0] = 0xE0 | (c >> 12);
  o[1] = 0x80 | ((c >> 6) & 0x3F);
  o[2] = 0x80 | (c & 0x3F);
  return o + 3;
}

GUTF8CONV_KERNEL_INLINE guint8 *
scalar_put4 (guint8 *o, guint32 c)
{
  o[0] = 0xF0 | (c >> 18);
  o[1] = 0x80 | ((c >> 12) & 0x3F);
  o[2] = 0x80 | ((c >> 6) & 0x3F);
  o[3] = 0x80 | (c & 0x3F);
  return o + 4;
}

/* UCS-4 -> UTF-8, of GUtf8ConvEncodeFunc's arguments: stops at a value
 * the profile does not take, a surrogate, and where the next character
 * does not fit. */
GUTF8CONV_KERNEL_INLINE gsize
scalar_encode_impl (const guint8 *in,
                    gsize         in_len,
                    guint8       *out,
                    gsize         out_len,
                    const guint   flags,
                    gsize        *in_used)
{
  const gboolean big_endian = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;
  const guint32 max_value = (flags & GUTF8CONV_KERNEL_BMP_ONLY) ? 0xFFFF : 0x10FFFF;
  const guint32 min_value = (flags & GUTF8CONV_KERNEL_NO_NUL) ? 1 : 0;
  const guint8 *p = in, *end = in + (in_len & ~(gsize) 3);
  guint8 *o = out, *oend = out + out_len;
#ifdef GK_SCALAR_ENCODE_ASCII
  const gboolean no_nul = (flags & GUTF8CONV_KERNEL_NO_NUL) != 0;
#endif

  while (p < end)
    {
      guint32 c = load_u32 (p, big_endian);

      if (c < 0x80)
        {
#ifdef GK_SCALAR_ENCODE_ASCII
          /* ASCII a step at a time, tested only from an ASCII unit; a
           * run of steps in a loop of its own. */
          if ((gsize) (end - p) >= 4 * GK_SCALAR_ENCODE_ASCII && (gsize) (oend - o) >= GK_SCALAR_ENCODE_ASCII &&
              gk_scalar_encode_ascii (p, o, big_endian, no_nul))
            {
              do
                {
                  p += 4 * GK_SCALAR_ENCODE_ASCII;
                  o += GK_SCALAR_ENCODE_ASCII;
                }
              while ((gsize) (end - p) >= 4 * GK_SCALAR_ENCODE_ASCII && (gsize) (oend - o) >= GK_SCALAR_ENCODE_ASCII &&
                     gk_scalar_encode_ascii (p, o, big_endian, no_nul));
              continue;
            }
#endif
          if (o >= oend || c < min_value)
            break;
          *o++ = c;
        }
      else if (c < 0x800)
        {
          if (oend - o < 2)
            break;
          o = scalar_put2 (o, c);
        }
      else if (c < 0x10000)
        {
          if ((c >= 0xD800 && c <= 0xDFFF) || oend - o < 3)
            break;
          o = scalar_put3 (o, c);
        }
      else if (c <= max_value)
        {
          if (oend - o < 4)
            break;
          o = scalar_put4 (o, c);
        }
      else
        break;
      p += 4;
    }

  *in_used = p - in;
  return o - out;
}

