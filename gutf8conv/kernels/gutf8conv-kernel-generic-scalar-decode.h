/* gutf8conv-kernel-generic-scalar-decode.h: UTF-8 -> UCS-4 and UTF-16 a character at a time, written once
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The decoder of the scalar kernel and of a kernel with no byte shuffle
 * (sse2): whole sequences from their lead by the generated grammar, a
 * branch on each character's length, and ASCII a step of the kernel's
 * own at a time (a 64-bit word, a vector), tested only from an ASCII
 * byte.  One loop for both unit sizes, so that decode and decode16
 * stop at the same places.  See the behaviour guide, section `kernels`.
 *
 * The including file defines first:
 *   GK_SCALAR_ASCII   the bytes its ASCII step takes (at most 16)
 *   gboolean gk_scalar_ascii (const guint8 *p, guint8 *o, guint unit, gboolean big_endian);
 *        the GK_SCALAR_ASCII bytes at @p (there are that many) as units
 *        of @unit bytes (4: UCS-4, 2: UTF-16) to @o, which has room for
 *        them, if they are all ASCII; FALSE otherwise, having written
 *        nothing
 */

#pragma once

#include <string.h>

#include "gutf8conv-kernel.h"
#include "gutf8conv-kernel-generic.h"
#include "gutf8conv-kernel-tables.h"
#include "gutf8conv-kernel-units.h"

/* Whether @b is a continuation byte (80..BF): as a signed byte, below
 * C0's -64; a compare alone, where a mask needs a copy and an and too. */
#define IS_CONT(b) ((gint8) (b) < (gint8) 0xC0)

/* The character whose lead @c (80 or above) is at @p, with @avail bytes
 * of input from @p: its value in *@value, its length; 0 if it is not a
 * whole valid sequence of the profile (@max_lead, the last four-byte
 * lead it takes).  The grammar is the generated one: the leads from
 * GUTF8CONV_FIRST_LEAD, the range of the byte after a longer lead
 * gutf8conv_lead_bounds (empty after a byte that starts nothing); after
 * a two-byte lead it is every continuation byte, which gen-tables.py
 * checks.  Reads no byte past the sequence its lead announces.  The
 * value is the bytes' sum, each shifted to its place, less their
 * prefixes' sum: the bytes are checked first, so every prefix is
 * exactly there, and no mask is needed. */
GUTF8CONV_KERNEL_INLINE guint
scalar_decode_seq (const guint8 *p,
                   gsize         avail,
                   guint32       c,
                   const guint8  max_lead,
                   guint32      *value)
{
  guint8 lo, hi;

  if (c >= GUTF8CONV_FIRST_LEAD && c < 0xE0)
    {
      if (avail < 2 || !IS_CONT (p[1]))
        return 0;
      *value = (c << 6) + p[1] - ((0xC0 << 6) + 0x80);
      return 2;
    }
  if (c < 0xE0 || c > max_lead || avail < 3)
    return 0;
  lo = gutf8conv_lead_bounds[0][c - 0xC0];
  hi = gutf8conv_lead_bounds[1][c - 0xC0];
  if (p[1] < lo || p[1] > hi || !IS_CONT (p[2]))
    return 0;
  if (c < 0xF0)
    {
      *value = (c << 12) + ((guint32) p[1] << 6) + p[2] - ((0xE0 << 12) + (0x80 << 6) + 0x80);
      return 3;
    }
  if (avail < 4 || !IS_CONT (p[3]))
    return 0;
  *value = (c << 18) + ((guint32) p[1] << 12) + ((guint32) p[2] << 6) + p[3] -
           ((0xF0 << 18) + (0x80 << 12) + (0x80 << 6) + 0x80);
  return 4;
}

/* @c, the value of a whole valid sequence, to @o in units of @unit bytes
 * (4: UCS-4; 2: UTF-16, a pair above U+FFFF); returns the bytes written. */
GUTF8CONV_KERNEL_INLINE guint
scalar_store (guint8         *o,
              guint32         c,
              const guint     unit,
              const gboolean  big_endian)
{
  if (unit == 4)
    {
      store_u32 (o, c, big_endian);
      return 4;
    }
  return store_utf16 (o, c, big_endian);
}

/* One character at *@p (there is input) to *@o, which has room for it;
 * advances both.  FALSE at a sequence that is not whole and valid. */
GUTF8CONV_KERNEL_INLINE gboolean
scalar_decode_one (const guint8   **p,
                   const guint8    *end,
                   guint8         **o,
                   const guint8     max_lead,
                   const guint      unit,
                   const gboolean   big_endian)
{
  guint32 c = (*p)[0];
  guint n = 1;

  if (c >= 0x80 && (n = scalar_decode_seq (*p, end - *p, c, max_lead, &c)) == 0)
    return FALSE;
  *o += scalar_store (*o, c, unit, big_endian);
  *p += n;
  return TRUE;
}

/* UTF-8 to units of @unit bytes (4: UCS-4; 2: UTF-16, where a
 * supplementary character is a pair, written whole or not at all), of
 * GUtf8ConvDecodeFunc's arguments: the one loop of both, so that they
 * stop at the same places. */
GUTF8CONV_KERNEL_INLINE gsize
scalar_decode_impl (const guint8 *in,
                    gsize         in_len,
                    guint8       *out,
                    gsize         out_len,
                    const guint   flags,
                    gsize        *in_used,
                    const guint   unit)
{
  const gboolean big_endian = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;
  const guint8 max_lead = ((flags & GUTF8CONV_KERNEL_BMP_ONLY) ? GUTF8CONV_LEAD_END_BMP : GUTF8CONV_LEAD_END) - 1;
  const guint8 *p = in, *end = in + in_len;
  guint8 *o = out;
  gsize room = out_len / unit;   /* output units that still fit */

  /* Room for a unit per input byte (a pair comes from four bytes): no
   * test of the room per character (a short chunk of a stream is a few
   * characters, each paying it).  Where this loop stops, at a sequence
   * that is not whole and valid, the careful one below would stop too. */
  if (room >= in_len)
    {
      /* Where four bytes and an ASCII step are left, as pointers:
       * compared with p, no length to work out per step. */
      const guint8 *end4 = end - MIN (in_len, 3), *end_ascii = end - MIN (in_len, GK_SCALAR_ASCII - 1);

      /* While a four-byte sequence fits, whole sequences from their
       * lead: the grammar with four bytes at hand, no test of the
       * input's end per byte. */
      while (p < end4)
        {
          guint32 c = p[0];
          guint n = 1;

          if (c < 0x80)
            {
              /* ASCII a step at a time, tested only from an ASCII byte;
               * a run of steps in a loop of its own. */
              if (p < end_ascii && gk_scalar_ascii (p, o, unit, big_endian))
                {
                  do
                    {
                      p += GK_SCALAR_ASCII;
                      o += GK_SCALAR_ASCII * unit;
                    }
                  while (p < end_ascii && gk_scalar_ascii (p, o, unit, big_endian));
                  continue;
                }
            }
          else if ((n = scalar_decode_seq (p, 4, c, max_lead, &c)) == 0)
            return gutf8conv_kernel_stop (in, p, out, o, in_used);
          o += scalar_store (o, c, unit, big_endian);
          p += n;
        }
      while (p < end)
        if (!scalar_decode_one (&p, end, &o, max_lead, unit, big_endian))
          break;
      return gutf8conv_kernel_stop (in, p, out, o, in_used);
    }

  while (p < end && room > 0)
    {
      guint32 c = p[0];
      guint n = 1;

      if (room >= GK_SCALAR_ASCII && (gsize) (end - p) >= GK_SCALAR_ASCII &&
          gk_scalar_ascii (p, o, unit, big_endian))
        {
          p += GK_SCALAR_ASCII;
          o += GK_SCALAR_ASCII * unit;
          room -= GK_SCALAR_ASCII;
          continue;
        }
      if (c >= 0x80 && (n = scalar_decode_seq (p, end - p, c, max_lead, &c)) == 0)
        break;
      /* A pair is written whole or not at all. */
      if (unit == 2 && c >= 0x10000 && room < 2)
        break;
      o += scalar_store (o, c, unit, big_endian);
      room -= unit == 2 && c >= 0x10000 ? 2 : 1;
      p += n;
    }

  *in_used = p - in;
  return o - out;
}

GUTF8CONV_KERNEL_INLINE gsize
scalar_decode_ucs4 (const guint8 *in,
                    gsize         in_len,
                    guint8       *out,
                    gsize         out_len,
                    const guint   flags,
                    gsize        *in_used)
{
  return scalar_decode_impl (in, in_len, out, out_len, flags, in_used, 4);
}

GUTF8CONV_KERNEL_INLINE gsize
scalar_decode_utf16 (const guint8 *in,
                     gsize         in_len,
                     guint8       *out,
                     gsize         out_len,
                     const guint   flags,
                     gsize        *in_used)
{
  return scalar_decode_impl (in, in_len, out, out_len, flags, in_used, 2);
}

/* A kernel's UTF-8 -> UCS-4 and UTF-8 -> UTF-16 entry points, @decode
 * and @decode16 (GUtf8ConvDecodeFunc), each byte order and profile limit
 * compiled on its own: no test of them per character.  @qual: static,
 * or nothing for the scalar kernel's, which the others call. */
#define GK_SCALAR_DECODE_ENTRY_POINTS(qual, decode, decode16) \
  qual gsize \
  decode (const guint8 *in, gsize in_len, guint8 *out, gsize out_len, guint flags, gsize *in_used) \
  { \
    GUTF8CONV_KERNEL_SPECIALISE (scalar_decode_ucs4, GUTF8CONV_KERNEL_BIG_ENDIAN | GUTF8CONV_KERNEL_BMP_ONLY); \
  } \
  \
  qual gsize \
  decode16 (const guint8 *in, gsize in_len, guint8 *out, gsize out_len, guint flags, gsize *in_used) \
  { \
    GUTF8CONV_KERNEL_SPECIALISE (scalar_decode_utf16, GUTF8CONV_KERNEL_BIG_ENDIAN | GUTF8CONV_KERNEL_BMP_ONLY); \
  }
