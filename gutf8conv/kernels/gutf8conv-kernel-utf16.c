/* gutf8conv-kernel-utf16.c: the portable UTF-8 <-> UTF-16 paths
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Plain C, as the scalar kernel: ASCII eight bytes at a time, everything
 * else one sequence (or one unit, or one pair) at a time.  Every kernel
 * points at these until it has UTF-16 paths of its own; the rules are the
 * UCS-4 ones (gutf8conv-kernel.h), with 2-byte units.
 */

#include "config.h"

#include <string.h>

#include "gutf8conv-kernel.h"

static inline void
store_u16 (guint8   *p,
           guint32   v,
           gboolean  big_endian)
{
  guint16 u = big_endian ? GUINT16_TO_BE ((guint16) v) : GUINT16_TO_LE ((guint16) v);

  memcpy (p, &u, 2);
}

static inline guint32
load_u16 (const guint8 *p,
          gboolean      big_endian)
{
  guint16 v;

  memcpy (&v, p, 2);
  return big_endian ? GUINT16_FROM_BE (v) : GUINT16_FROM_LE (v);
}

gsize
gutf8conv_kernel_scalar_decode16 (const guint8 *in,
                                  gsize         in_len,
                                  guint8       *out,
                                  gsize         out_len,
                                  guint         flags,
                                  gsize        *in_used)
{
  const gboolean big_endian = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;
  const guint8 max_lead = (flags & GUTF8CONV_KERNEL_BMP_ONLY) ? 0xEF : 0xF4;
  const guint8 *p = in, *end = in + in_len;
  guint8 *o = out;
  gsize room = out_len / 2;   /* output units that still fit */

  while (p < end && room > 0)
    {
      guint32 c = p[0];
      guint n;

      if (room >= 8 && end - p >= 8)
        {
          guint64 w;

          memcpy (&w, p, 8);
          if ((w & G_GUINT64_CONSTANT (0x8080808080808080)) == 0)
            {
              for (guint i = 0; i < 8; i++)
                store_u16 (o + 2 * i, p[i], big_endian);
              p += 8;
              o += 16;
              room -= 8;
              continue;
            }
        }

      if (c < 0x80)
        n = 1;
      else if (c >= 0xC2 && c <= 0xDF)
        {
          if (end - p < 2 || (p[1] & 0xC0) != 0x80)
            break;
          c = ((c & 0x1F) << 6) | (p[1] & 0x3F);
          n = 2;
        }
      else if (c >= 0xE0 && c <= 0xEF)
        {
          guint8 lo = c == 0xE0 ? 0xA0 : 0x80;
          guint8 hi = c == 0xED ? 0x9F : 0xBF;

          if (end - p < 3 || p[1] < lo || p[1] > hi || (p[2] & 0xC0) != 0x80)
            break;
          c = ((c & 0x0F) << 12) | ((p[1] & 0x3F) << 6) | (p[2] & 0x3F);
          n = 3;
        }
      else if (c >= 0xF0 && c <= max_lead)
        {
          guint8 lo = c == 0xF0 ? 0x90 : 0x80;
          guint8 hi = c == 0xF4 ? 0x8F : 0xBF;

          if (end - p < 4 || p[1] < lo || p[1] > hi ||
              (p[2] & 0xC0) != 0x80 || (p[3] & 0xC0) != 0x80 || room < 2)
            break;
          c = ((c & 0x07) << 18) | ((p[1] & 0x3F) << 12) | ((p[2] & 0x3F) << 6) | (p[3] & 0x3F);
          c -= 0x10000;
          /* The pair, whole. */
          store_u16 (o, 0xD800 + (c >> 10), big_endian);
          store_u16 (o + 2, 0xDC00 + (c & 0x3FF), big_endian);
          o += 4;
          p += 4;
          room -= 2;
          continue;
        }
      else
        break;

      store_u16 (o, c, big_endian);
      o += 2;
      p += n;
      room--;
    }

  *in_used = p - in;
  return o - out;
}

gsize
gutf8conv_kernel_scalar_encode16 (const guint8 *in,
                                  gsize         in_len,
                                  guint8       *out,
                                  gsize         out_len,
                                  guint         flags,
                                  gsize        *in_used)
{
  const gboolean big_endian = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;
  const gboolean bmp_only = (flags & GUTF8CONV_KERNEL_BMP_ONLY) != 0;
  const guint32 min_value = (flags & GUTF8CONV_KERNEL_NO_NUL) ? 1 : 0;
  const guint8 *p = in, *end = in + (in_len & ~(gsize) 1);
  guint8 *o = out, *oend = out + out_len;

  while (p < end)
    {
      guint32 c = load_u16 (p, big_endian);

      if (c < 0x80)
        {
          if (o >= oend || c < min_value)
            break;
          *o++ = c;
        }
      else if (c < 0x800)
        {
          if (oend - o < 2)
            break;
          o[0] = 0xC0 | (c >> 6);
          o[1] = 0x80 | (c & 0x3F);
          o += 2;
        }
      else if (c < 0xD800 || c > 0xDFFF)
        {
          if (oend - o < 3)
            break;
          o[0] = 0xE0 | (c >> 12);
          o[1] = 0x80 | ((c >> 6) & 0x3F);
          o[2] = 0x80 | (c & 0x3F);
          o += 3;
        }
      else
        {
          guint32 low;

          /* A whole pair, or stop: a lone unit, a pair cut by the end of
           * @in, and CESU-8's six-byte form are the state machine's. */
          if (bmp_only || c > 0xDBFF || end - p < 4 || oend - o < 4)
            break;
          low = load_u16 (p + 2, big_endian);
          if (low < 0xDC00 || low > 0xDFFF)
            break;
          c = 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00);
          o[0] = 0xF0 | (c >> 18);
          o[1] = 0x80 | ((c >> 12) & 0x3F);
          o[2] = 0x80 | ((c >> 6) & 0x3F);
          o[3] = 0x80 | (c & 0x3F);
          o += 4;
          p += 2;
        }
      p += 2;
    }

  *in_used = p - in;
  return o - out;
}
