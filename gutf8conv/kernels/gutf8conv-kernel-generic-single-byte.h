/* gutf8conv-kernel-generic-single-byte.h: single-byte text read as UTF-8
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The block loop of GUtf8ConvSingleByteFunc, written once, over the
 * widening of gutf8conv-kernel-generic-widen.h.  A kernel that includes
 * this header defines before it the one step that differs:
 *
 *   single_byte_masks (ip, &m80, &mc0, &ma0): which of the
 *     GUTF8CONV_KERNEL_SINGLE_BYTE_BLOCK bytes at @ip are from 80 up,
 *     from C0 up, from A0 up, bit i of each mask for byte i (a kernel
 *     with a vector vocabulary names gk_single_byte_masks(), of
 *     gutf8conv-kernel-generic-block.h);
 *
 * and defines its entry point with GK_SINGLE_BYTE_ENTRY_POINT.
 */

#pragma once

#include <string.h>

#include "gutf8conv-kernel-generic.h"
#include "gutf8conv-kernel-generic-widen.h"
#include "gutf8conv-profile-tables.h"

#define SINGLE_BYTE_BLOCK GUTF8CONV_KERNEL_SINGLE_BYTE_BLOCK
G_STATIC_ASSERT (SINGLE_BYTE_BLOCK == 64);   /* the masks are 64-bit words */

static const guint16 single_byte_cp1252[256] = { GUTF8CONV_KEEP_VALUE_CP1252 };
/* By byte: its UTF-8 form in 3 bytes and its length, for LATIN1 and
 * CP1252; U+FFFD's for REPLACE. */
static const guint8 single_byte_utf8[2][256][4] = {
  { GUTF8CONV_KEEP_UTF8_LATIN1 }, { GUTF8CONV_KEEP_UTF8_CP1252 },
};
static const guint8 single_byte_replacement_utf8[4] = { 0xEF, 0xBF, 0xBD, 3 };

/* The number of bits set in @x (x86-64's baseline has no instruction for
 * it, and GCC calls libgcc's for the builtin). */
static inline guint
single_byte_count (guint64 x)
{
#if defined (__x86_64__) && !defined (__POPCNT__)
  x -= (x >> 1) & G_GUINT64_CONSTANT (0x5555555555555555);
  x = (x & G_GUINT64_CONSTANT (0x3333333333333333)) + ((x >> 2) & G_GUINT64_CONSTANT (0x3333333333333333));
  x = (x + (x >> 4)) & G_GUINT64_CONSTANT (0x0F0F0F0F0F0F0F0F);
  return (x * G_GUINT64_CONSTANT (0x0101010101010101)) >> 56;
#else
  return __builtin_popcountll (x);
#endif
}

/* The test of the block at @ip: FALSE where a byte from C0 up comes
 * before one from 80 up (the byte after the block included), or where
 * the block ends a run of more than GUTF8CONV_KERNEL_SINGLE_BYTE_CLEAN
 * without a byte from 80 up (*@n_clean counts them).  Else the block's
 * bytes from 80 up in *@high, those of 80..9F (from 80 up, not from A0) in
 * *@c1, and their number added to *@n_high. */
GUTF8CONV_KERNEL_INLINE gboolean
single_byte_block (const guint8 *ip,
                   guint        *n_clean,
                   guint64      *high,
                   guint64      *c1,
                   guint64      *n_high)
{
  guint64 m80, lead, ma0;

  single_byte_masks (ip, &m80, &lead, &ma0);
  if (((lead << 1) & m80) | ((lead >> (SINGLE_BYTE_BLOCK - 1)) & (ip[SINGLE_BYTE_BLOCK] >> 7)))
    return FALSE;
  /* (A mask: GCC makes a branch of a conditional expression.) */
  *n_clean = (*n_clean + 1) & (0u - (guint) (m80 == 0));
  if (*n_clean > GUTF8CONV_KERNEL_SINGLE_BYTE_CLEAN)
    return FALSE;
  *n_high += single_byte_count (m80);
  *high = m80;
  *c1 = m80 & ~ma0;
  return TRUE;
}

/* Writes CP1252's value over the widened bytes 80..9F of a block (input
 * at @ip, output at @op), bit i of @fix for byte i.  The first three are
 * written with no branch, or, where there are fewer, the block's last
 * byte again (CP1252's value of every byte of the block is what it
 * widens to); more, rare in text, in a loop. */
GUTF8CONV_KERNEL_INLINE void
single_byte_fix (const guint8 *ip,
                 guint8       *op,
                 guint64       fix,
                 guint         unit,
                 gboolean      big_endian)
{
  for (guint k = 0;; k++)
    {
      /* Bit 63 each time: once @fix is empty, the block's last byte (and
       * never __builtin_ctzll (0), a unit past the block). */
      guint i = __builtin_ctzll (fix | G_GUINT64_CONSTANT (1) << (SINGLE_BYTE_BLOCK - 1));

      if (unit == 4)
        store_u32 (op + 4 * i, single_byte_cp1252[ip[i]], big_endian);
      else
        store_u16 (op + 2 * i, single_byte_cp1252[ip[i]], big_endian);
      fix &= fix - 1;
      if (k >= 2 && G_LIKELY (fix == 0))
        break;
    }
}

/* @unit: 4 (UCS-4) or 2 (UTF-16), in byte order @big_endian.  No branch
 * but where the loop ends: single-byte text has a byte from 80 up in a
 * block, or one of 80..9F, as if at random, and a branch on it would be
 * mispredicted about once a block. */
GUTF8CONV_KERNEL_INLINE gsize
single_byte_wide_impl (const guint8             *in,
                       gsize                     in_len,
                       guint8                   *out,
                       gsize                     out_len,
                       guint                     unit,
                       gboolean                  big_endian,
                       GUtf8ConvKernelByteMode   mode,
                       gsize                    *in_used,
                       guint64                  *n_high)
{
  const guint8 *ip = in;
  guint8 *op = out;
  guint n_clean = 0;
  /* The byte after a block is read too. */
  gsize n_blocks = in_len == 0 ? 0 : MIN ((in_len - 1) / SINGLE_BYTE_BLOCK, out_len / (SINGLE_BYTE_BLOCK * unit));

  for (; n_blocks > 0; n_blocks--)
    {
      guint64 high, c1;

      if (!single_byte_block (ip, &n_clean, &high, &c1, n_high))
        break;
      for (guint i = 0; i < SINGLE_BYTE_BLOCK; i += 16)
        {
          GkBytes b;

          memcpy (&b, ip + i, 16);
          gk_widen (op + i * unit, b, mode, unit, big_endian);
        }
      if (mode == GUTF8CONV_KERNEL_BYTE_CP1252)
        single_byte_fix (ip, op, c1, unit, big_endian);
      ip += SINGLE_BYTE_BLOCK;
      op += SINGLE_BYTE_BLOCK * unit;
    }
  *in_used = ip - in;
  return op - out;
}

/* Towards UTF-8: a block is copied whole, then each byte from 80 up, in
 * order, is written as its UTF-8 form (2 or 3 bytes) and the rest of the
 * block copied again after it.  The copies are of a whole block's length
 * (no branch on where the next byte from 80 up is): the input is read up
 * to a block past the block, the output written up to 4 blocks past its
 * start.  A loop over the bytes from 80 up, not branch-free as the wide
 * outputs are: its exit is mispredicted about once a block, far less than
 * a step of the state machine a byte costs. */
GUTF8CONV_KERNEL_INLINE gsize
single_byte_utf8_impl (const guint8             *in,
                       gsize                     in_len,
                       guint8                   *out,
                       gsize                     out_len,
                       GUtf8ConvKernelByteMode   mode,
                       gsize                    *in_used,
                       guint64                  *n_high)
{
  const guint8 (*forms)[4] = single_byte_utf8[mode == GUTF8CONV_KERNEL_BYTE_CP1252];
  const guint8 *ip = in, *iend = in + in_len;
  guint8 *op = out, *oend = out + out_len;
  guint n_clean = 0;

  while (iend - ip > 2 * SINGLE_BYTE_BLOCK && oend - op >= 4 * SINGLE_BYTE_BLOCK)
    {
      guint64 high, c1;
      gsize extra = 0;

      if (!single_byte_block (ip, &n_clean, &high, &c1, n_high))
        break;
      memcpy (op, ip, SINGLE_BYTE_BLOCK);
      for (guint64 h = high; h != 0; h &= h - 1)
        {
          guint i = __builtin_ctzll (h);
          const guint8 *form = mode == GUTF8CONV_KERNEL_BYTE_REPLACE ? single_byte_replacement_utf8 : forms[ip[i]];
          guint8 *d = op + i + extra;

          /* The form's fourth byte (its length) is written over by the
           * copy after it. */
          memcpy (d, form, 4);
          memcpy (d + form[3], ip + i + 1, SINGLE_BYTE_BLOCK);
          extra += form[3] - 1;
        }
      ip += SINGLE_BYTE_BLOCK;
      op += SINGLE_BYTE_BLOCK + extra;
    }
  *in_used = ip - in;
  return op - out;
}

/* single_byte_wide_impl() with the unit, byte order and mode as
 * constants. */
#define GK_SINGLE_BYTE_WIDE(unit) \
  switch (mode) \
    { \
    case GUTF8CONV_KERNEL_BYTE_REPLACE: \
      return be ? single_byte_wide_impl (in, in_len, out, out_len, unit, TRUE, GUTF8CONV_KERNEL_BYTE_REPLACE, in_used, n_high) \
                : single_byte_wide_impl (in, in_len, out, out_len, unit, FALSE, GUTF8CONV_KERNEL_BYTE_REPLACE, in_used, n_high); \
    case GUTF8CONV_KERNEL_BYTE_ESCAPE: \
      return be ? single_byte_wide_impl (in, in_len, out, out_len, unit, TRUE, GUTF8CONV_KERNEL_BYTE_ESCAPE, in_used, n_high) \
                : single_byte_wide_impl (in, in_len, out, out_len, unit, FALSE, GUTF8CONV_KERNEL_BYTE_ESCAPE, in_used, n_high); \
    case GUTF8CONV_KERNEL_BYTE_LATIN1: \
      return be ? single_byte_wide_impl (in, in_len, out, out_len, unit, TRUE, GUTF8CONV_KERNEL_BYTE_LATIN1, in_used, n_high) \
                : single_byte_wide_impl (in, in_len, out, out_len, unit, FALSE, GUTF8CONV_KERNEL_BYTE_LATIN1, in_used, n_high); \
    case GUTF8CONV_KERNEL_BYTE_CP1252: \
      return be ? single_byte_wide_impl (in, in_len, out, out_len, unit, TRUE, GUTF8CONV_KERNEL_BYTE_CP1252, in_used, n_high) \
                : single_byte_wide_impl (in, in_len, out, out_len, unit, FALSE, GUTF8CONV_KERNEL_BYTE_CP1252, in_used, n_high); \
    default: \
      break; \
    }

/* The kernel's GUtf8ConvSingleByteFunc @name, every unit, byte order and
 * mode compiled on its own. */
#define GK_SINGLE_BYTE_ENTRY_POINT(name) \
  gsize \
  name (const guint8            *in, \
        gsize                    in_len, \
        guint8                  *out, \
        gsize                    out_len, \
        guint                    unit, \
        guint                    flags, \
        GUtf8ConvKernelByteMode  mode, \
        gsize                   *in_used, \
        guint64                 *n_high) \
  { \
    const gboolean be = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0; \
    \
    *n_high = 0; \
    if (unit == 4) \
      GK_SINGLE_BYTE_WIDE (4) \
    else if (unit == 2) \
      GK_SINGLE_BYTE_WIDE (2) \
    else if (mode == GUTF8CONV_KERNEL_BYTE_REPLACE) \
      return single_byte_utf8_impl (in, in_len, out, out_len, GUTF8CONV_KERNEL_BYTE_REPLACE, in_used, n_high); \
    else if (mode == GUTF8CONV_KERNEL_BYTE_LATIN1) \
      return single_byte_utf8_impl (in, in_len, out, out_len, GUTF8CONV_KERNEL_BYTE_LATIN1, in_used, n_high); \
    else if (mode == GUTF8CONV_KERNEL_BYTE_CP1252) \
      return single_byte_utf8_impl (in, in_len, out, out_len, GUTF8CONV_KERNEL_BYTE_CP1252, in_used, n_high); \
    /* ESCAPE has no UTF-8 form for its values. */ \
    *in_used = 0; \
    return 0; \
  }
