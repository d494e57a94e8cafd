/* gutf8conv-kernel-utf16.c: the portable UTF-8 <-> UTF-16 paths
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The scalar UCS-4 loops do the UTF-8 side; these only turn their values
 * into 16-bit units and back, a block at a time, so that the grammar and
 * the profiles' limits live in one place.  Every kernel points at these
 * until it has UTF-16 paths of its own; the rules are the UCS-4 ones
 * (gutf8conv-kernel.h), with 2-byte units and a pair written whole.
 */

#include "config.h"

#include "gutf8conv-kernel.h"
#include "gutf8conv-kernel-units.h"

/* Values per block: small enough for the stack. */
#define BLOCK 256

/* @flags for the UCS-4 loop, whose values stay in this machine's order. */
static inline guint
host_order (guint flags)
{
  return (flags & ~GUTF8CONV_KERNEL_BIG_ENDIAN) |
         (G_BYTE_ORDER == G_BIG_ENDIAN ? GUTF8CONV_KERNEL_BIG_ENDIAN : 0);
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
  const guint ucs4_flags = host_order (flags);
  gsize ip = 0, op = 0;

  for (;;)
    {
      guint32 values[BLOCK];
      gsize room = (out_len - op) / 2, used, n;

      if (room == 0 || ip == in_len)
        break;
      /* At most as many values as units fit; a pair may still not. */
      n = gutf8conv_kernel_scalar_decode (in + ip, in_len - ip, (guint8 *) values,
                                          MIN (room, BLOCK) * 4, ucs4_flags, &used) / 4;
      for (gsize k = 0; k < n; k++)
        {
          guint32 c = values[k];

          /* Pairs take two units: the block may not fit after all. */
          if (out_len - op < (c >= 0x10000 ? 4u : 2u))
            {
              *in_used = ip;
              return op;
            }
          op += store_utf16 (out + op, c, big_endian);
          ip += utf8_form_length (c);
        }
      /* A short block: the decoder stopped at something it leaves to the
       * state machine. */
      if (n < MIN (room, BLOCK))
        break;
    }
  *in_used = ip;
  return op;
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
  const guint ucs4_flags = host_order (flags);
  gsize ip = 0, op = 0;

  for (;;)
    {
      guint32 values[BLOCK];
      guint8 sizes[BLOCK];
      gsize n = 0, p = ip, used, written;

      /* Units into values, a pair joined; a lone surrogate passes, for the
       * encoder to stop at; a pair cut by the end of @in stays. */
      while (n < BLOCK && in_len - p >= 2)
        {
          guint32 c = load_u16 (in + p, big_endian);

          sizes[n] = 2;
          if (IS_HIGH_SURROGATE (c))
            {
              guint32 low;

              if (in_len - p < 4)
                break;
              low = load_u16 (in + p + 2, big_endian);
              if (IS_LOW_SURROGATE (low))
                {
                  c = surrogate_join (c, low);
                  sizes[n] = 4;
                }
            }
          values[n++] = c;
          p += sizes[n - 1];
        }
      if (n == 0)
        break;
      written = gutf8conv_kernel_scalar_encode ((const guint8 *) values, n * 4, out + op,
                                                out_len - op, ucs4_flags, &used);
      op += written;
      for (gsize k = 0; k < used / 4; k++)
        ip += sizes[k];
      if (used / 4 < n || n < BLOCK)
        break;
    }
  *in_used = ip;
  return op;
}
