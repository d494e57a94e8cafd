/* gutf8conv-kernel-scalar.c: the portable kernel
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Plain C that every compiler and CPU runs: ASCII eight bytes at a time,
 * everything else one sequence at a time, its lead bytes and the ranges
 * after them the generated ones (gen-tables.py).
 */

#include "config.h"

#include <string.h>

#include "gutf8conv-kernel.h"
#include "gutf8conv-kernel-generic.h"
#include "gutf8conv-kernel-tables.h"
#include "gutf8conv-kernel-units.h"

/* The eight bytes at @p (there are eight) to @o (it has room for them)
 * if they are all ASCII; FALSE otherwise.  Unlikely: the wide kernels
 * take ASCII themselves and hand this decoder the rest, and the way on
 * after a failed test stays the straight one. */
#define GK_SCALAR_ASCII 8
GUTF8CONV_KERNEL_INLINE gboolean
gk_scalar_ascii (const guint8   *p,
                 guint8         *o,
                 const guint     unit,
                 const gboolean  big_endian)
{
  guint64 w;

  memcpy (&w, p, 8);
  if (G_UNLIKELY ((w & G_GUINT64_CONSTANT (0x8080808080808080)) == 0))
    {
      /* Unrolled: a loop's counter would cost as much as the stores. */
#pragma GCC unroll 8
      for (guint i = 0; i < 8; i++)
        {
          if (unit == 4)
            store_u32 (o + 4 * i, p[i], big_endian);
          else
            store_u16 (o + 2 * i, p[i], big_endian);
        }
      return TRUE;
    }
  return FALSE;
}

#include "gutf8conv-kernel-generic-scalar-decode.h"

GK_SCALAR_DECODE_ENTRY_POINTS (, gutf8conv_kernel_scalar_decode, gutf8conv_kernel_scalar_decode16)

#include "gutf8conv-kernel-generic-scalar-encode.h"

/* Each byte order and flag compiled on its own; its loops on 64-byte
 * boundaries: their speed, with the same instructions, otherwise depends
 * on where the linker happens to put them. */
GUTF8CONV_KERNEL_LOOPS_ALIGNED gsize
gutf8conv_kernel_scalar_encode (const guint8 *in,
                                gsize         in_len,
                                guint8       *out,
                                gsize         out_len,
                                guint         flags,
                                gsize        *in_used)
{
  GUTF8CONV_KERNEL_SPECIALISE (scalar_encode_impl, GUTF8CONV_KERNEL_ALL_FLAGS);
}

/* Whether the four units at @p, two bytes each, are ASCII (and, with
 * @no_nul, none is U+0000): one test of a word, whichever order its
 * bytes are in (a unit's high byte is zero). */
GUTF8CONV_KERNEL_INLINE gboolean
scalar_ascii4_units (const guint8   *p,
                     const gboolean  big_endian,
                     const gboolean  no_nul)
{
  const gboolean swapped = big_endian != (G_BYTE_ORDER == G_BIG_ENDIAN);
  const guint64 not_ascii = swapped ? G_GUINT64_CONSTANT (0x80FF80FF80FF80FF) : G_GUINT64_CONSTANT (0xFF80FF80FF80FF80);
  const guint64 tops = G_GUINT64_CONSTANT (0x8000800080008000);
  guint64 w;

  memcpy (&w, p, 8);
  if ((w & not_ascii) != 0)
    return FALSE;
  /* Each unit is below 0x8000 now (ASCII, or ASCII << 8): adding 0x7FFF
   * sets its top bit unless it is zero, and carries into no other. */
  return !no_nul || ((w + G_GUINT64_CONSTANT (0x7FFF7FFF7FFF7FFF)) & tops) == tops;
}

/* UTF-16 -> UTF-8 (GUtf8ConvEncode16Func's arguments): the rules of the
 * UCS-4 encoder above, a pair taken whole; stops at a lone surrogate, a
 * pair the end of @in cuts, and where the next character does not fit. */
GUTF8CONV_KERNEL_INLINE gsize
scalar_encode16_impl (const guint8 *in,
                      gsize         in_len,
                      guint8       *out,
                      gsize         out_len,
                      const guint   flags,
                      gsize        *in_used)
{
  const gboolean big_endian = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;
  const gboolean bmp_only = (flags & GUTF8CONV_KERNEL_BMP_ONLY) != 0;
  const gboolean no_nul = (flags & GUTF8CONV_KERNEL_NO_NUL) != 0;
  const guint8 *p = in, *end = in + (in_len & ~(gsize) 1);
  guint8 *o = out, *oend = out + out_len;

  while (p < end)
    {
      guint32 c = load_u16 (p, big_endian);

      if (c < 0x80)
        {
          /* ASCII four units at a time, tested only from an ASCII unit. */
          if (end - p >= 8 && oend - o >= 4 && scalar_ascii4_units (p, big_endian, no_nul))
            {
              for (guint i = 0; i < 4; i++)
                o[i] = p[2 * i + (big_endian ? 1 : 0)];
              p += 8;
              o += 4;
              continue;
            }
          if (o >= oend || (no_nul && c == 0))
            break;
          *o++ = c;
          p += 2;
        }
      else if (c < 0x800)
        {
          if (oend - o < 2)
            break;
          o = scalar_put2 (o, c);
          p += 2;
        }
      else if (!IS_SURROGATE (c))
        {
          if (oend - o < 3)
            break;
          o = scalar_put3 (o, c);
          p += 2;
        }
      else
        {
          guint32 low;

          /* A high unit with its low one after it, and room for the
           * four bytes; else a lone unit, or a pair the input cuts. */
          if (bmp_only || !IS_HIGH_SURROGATE (c) || end - p < 4 || oend - o < 4)
            break;
          low = load_u16 (p + 2, big_endian);
          if (!IS_LOW_SURROGATE (low))
            break;
          c = surrogate_join (c, low);
          o = scalar_put4 (o, c);
          p += 4;
        }
    }

  *in_used = p - in;
  return o - out;
}

/* Each byte order and flag compiled on its own. */
gsize
gutf8conv_kernel_scalar_encode16 (const guint8 *in,
                                  gsize         in_len,
                                  guint8       *out,
                                  gsize         out_len,
                                  guint         flags,
                                  gsize        *in_used)
{
  GUTF8CONV_KERNEL_SPECIALISE (scalar_encode16_impl, GUTF8CONV_KERNEL_ALL_FLAGS);
}

gsize
gutf8conv_kernel_scalar_validate (const guint8 *in,
                                  gsize         in_len,
                                  guint         flags)
{
  const guint8 max_lead = ((flags & GUTF8CONV_KERNEL_BMP_ONLY) ? GUTF8CONV_LEAD_END_BMP : GUTF8CONV_LEAD_END) - 1;
  const guint8 *p = in, *end = in + in_len;

  while (p < end)
    {
      guint8 c = p[0];
      guint n;

      if (end - p >= 8)
        {
          guint64 w;

          memcpy (&w, p, 8);
          if ((w & G_GUINT64_CONSTANT (0x8080808080808080)) == 0)
            {
              p += 8;
              continue;
            }
        }

      if (c < 0x80)
        n = 1;
      else if (c >= GUTF8CONV_FIRST_LEAD && c <= 0xDF)
        {
          if (end - p < 2 || (p[1] & 0xC0) != 0x80)
            break;
          n = 2;
        }
      else if (c >= 0xE0 && c <= 0xEF)
        {
          guint8 lo = c == GUTF8CONV_LEAD3_RAISED ? GUTF8CONV_LEAD3_RAISED_MIN : 0x80;
          guint8 hi = c == GUTF8CONV_LEAD3_LOWERED ? GUTF8CONV_LEAD3_LOWERED_END - 1 : 0xBF;

          if (end - p < 3 || p[1] < lo || p[1] > hi || (p[2] & 0xC0) != 0x80)
            break;
          n = 3;
        }
      else if (c >= 0xF0 && c <= max_lead)
        {
          guint8 lo = c == GUTF8CONV_LEAD4_RAISED ? GUTF8CONV_LEAD4_RAISED_MIN : 0x80;
          guint8 hi = c == GUTF8CONV_LEAD4_LOWERED ? GUTF8CONV_LEAD4_LOWERED_END - 1 : 0xBF;

          if (end - p < 4 || p[1] < lo || p[1] > hi ||
              (p[2] & 0xC0) != 0x80 || (p[3] & 0xC0) != 0x80)
            break;
          n = 4;
        }
      else
        break;
      p += n;
    }
  return p - in;
}

gsize
gutf8conv_kernel_copy_validated (GUtf8ConvValidateFunc  validate,
                                 const guint8          *in,
                                 gsize                  in_len,
                                 guint8                *out,
                                 gsize                  out_len,
                                 guint                  flags,
                                 gsize                 *in_used)
{
  gsize limit = MIN (in_len, out_len), done = 0;

  while (done < limit)
    {
      gsize chunk = MIN (limit - done, GUTF8CONV_KERNEL_COPY_CHUNK);
      gsize n = validate (in + done, chunk, flags);

      memcpy (out + done, in + done, n);
      done += n;
      /* A sequence cut by the end of the chunk is read again, whole, from
       * the next one; anything else stops here. */
      if (n == chunk || (n > 0 && done < limit && chunk - n < 4))
        continue;
      break;
    }
  *in_used = done;
  return done;
}

gsize
gutf8conv_kernel_scalar_copy (const guint8 *in,
                              gsize         in_len,
                              guint8       *out,
                              gsize         out_len,
                              guint         flags,
                              gsize        *in_used)
{
  return gutf8conv_kernel_copy_validated (gutf8conv_kernel_scalar_validate, in, in_len,
                                          out, out_len, flags, in_used);
}

/* The single-byte text loop's masks (gutf8conv-kernel-generic-single-byte.h)
 * in portable C: from words of 8 bytes. */

/* The top bits of the 8 bytes of @h, bit i for byte i. */
static inline guint
top_bits8 (guint64 h)
{
  return ((h >> 7) * G_GUINT64_CONSTANT (0x0102040810204080)) >> 56;
}

GUTF8CONV_KERNEL_INLINE void
single_byte_masks (const guint8 *ip,
                   guint64      *m80,
                   guint64      *mc0,
                   guint64      *ma0)
{
  const guint64 high_bits = G_GUINT64_CONSTANT (0x8080808080808080);

  *m80 = *mc0 = *ma0 = 0;
  for (guint j = 0; j < GUTF8CONV_KERNEL_SINGLE_BYTE_BLOCK / 8; j++)
    {
      guint64 w, b7, b6, b5;

      memcpy (&w, ip + 8 * j, 8);
      w = GUINT64_FROM_LE (w);
      /* Bits 7, 6 and 5 of each byte. */
      b7 = top_bits8 (w & high_bits);
      b6 = top_bits8 ((w << 1) & high_bits);
      b5 = top_bits8 ((w << 2) & high_bits);
      *m80 |= b7 << (8 * j);
      *mc0 |= (b7 & b6) << (8 * j);
      *ma0 |= (b7 & (b6 | b5)) << (8 * j);
    }
}

#include "gutf8conv-kernel-generic-single-byte.h"

GK_SINGLE_BYTE_ENTRY_POINT (gutf8conv_kernel_scalar_single_byte)

const GUtf8ConvKernel gutf8conv_kernel_scalar = {
  "scalar",
  gutf8conv_kernel_scalar_decode,
  gutf8conv_kernel_scalar_encode,
  gutf8conv_kernel_scalar_copy,
  gutf8conv_kernel_scalar_decode16, gutf8conv_kernel_scalar_encode16,
  NULL, NULL, NULL, NULL, NULL,
  gutf8conv_kernel_scalar_single_byte,
  gutf8conv_kernel_scalar_decode_dense,
};
