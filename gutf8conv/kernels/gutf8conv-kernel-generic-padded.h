/* gutf8conv-kernel-generic-padded.h: a decoder's short rest in padded blocks
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The input a wide decoder's careful loop cannot load (all of a short
 * input, or the rest after its loops) is copied into a zeroed buffer on
 * the stack and decoded there a block at a time, with the byte-compare
 * test of gutf8conv-kernel-generic-block.h, instead of by the scalar
 * kernel one character at a time: a small chunk of a stream costs one
 * block test.  The zeros after the input are ASCII, so a character the
 * end of the input cuts fails the test (its lead announces a
 * continuation byte that is 00, or its second byte is out of range) and
 * the block ends before it, where the scalar kernel stops too; no lead
 * past the input is counted, so nothing of the padding is converted.
 * See the behaviour guide, section `kernels`.
 *
 * The including file includes gutf8conv-kernel-generic-block.h first and
 * defines:
 *   GK_REST_MAX        more than the longest input it hands over (at most
 *                      64, or GK_BLOCK + 1: a rest of one block at most)
 *   GK_DECODE_READ     how far from a block's start gk_decode_block() reads
 *   GK_DECODE_OVER     how many bytes past its characters it may write
 *   guint8 *gk_decode_block (const guint8 *p, gk_mask leads, guint8 *o, gboolean big_endian);
 *                      the characters whose leads @leads marks among the
 *                      GK_BLOCK bytes at @p, to @o; returns the new @o
 *   void    gk_widen_block (const guint8 *p, gk_vec b, guint8 *o, gboolean big_endian);
 *                      the GK_BLOCK ASCII bytes @b (at @p) as units: 4 * GK_BLOCK bytes
 *   gk_vec  gk_load_rest (const guint8 *p, gsize n);
 *                      the @n bytes at @p (1..GK_BLOCK), zeros after,
 *                      reading nothing past them
 *   gk_vec  gk_shift_down1 (gk_vec b);
 *                      byte i + 1 of @b at i, a zero at the top
 * and may define:
 *   GK_DECODE_ONE_BLOCK (p, leads, l4, o, big_endian)
 *                      gk_decode_block() for a short input's one block
 *                      (@l4: its four-byte leads), whose output has room
 *                      for 4 * GK_BLOCK + GK_DECODE_OVER bytes
 */

#pragma once

G_STATIC_ASSERT (GK_REST_MAX <= MAX (64, GK_BLOCK + 1));

/* A buffer for the rest, the bytes a block's test and transcoding read
 * past the last block start, rounded up to a whole block. */
#define GK_PAD_SIZE \
  ((GK_REST_MAX + MAX (GK_BLOCK + 1, GK_DECODE_READ) + GK_BLOCK - 1) / GK_BLOCK * GK_BLOCK)

/* @n bytes (< 64) from @src to @dst by two overlapping copies of a fixed
 * size: a few moves, not a call to memcpy. */
GUTF8CONV_KERNEL_INLINE void
gk_copy_short (guint8       *dst,
               const guint8 *src,
               gsize         n)
{
  if (n >= 32)
    {
      memcpy (dst, src, 32);
      memcpy (dst + n - 32, src + n - 32, 32);
    }
  else if (n >= 16)
    {
      memcpy (dst, src, 16);
      memcpy (dst + n - 16, src + n - 16, 16);
    }
  else if (n >= 8)
    {
      memcpy (dst, src, 8);
      memcpy (dst + n - 8, src + n - 8, 8);
    }
  else if (n >= 4)
    {
      memcpy (dst, src, 4);
      memcpy (dst + n - 4, src + n - 4, 4);
    }
  else if (n > 0)
    {
      dst[0] = src[0];
      dst[n / 2] = src[n / 2];
      dst[n - 1] = src[n - 1];
    }
}

#ifndef GK_DECODE_ONE_BLOCK
#define GK_DECODE_ONE_BLOCK(p, leads, l4, o, big_endian) gk_decode_block (p, leads, o, big_endian)
#endif

/* gk_decode_padded() where the rest is one block at most and the output
 * has room for all of it: a short chunk of a stream, the common case,
 * without the loop's bookkeeping.  The block is tested in its register;
 * the stack copy is for the transcoding's loads. */
GUTF8CONV_KERNEL_INLINE gsize
gk_decode_one_block (const guint8   *in,
                     const guint8   *p,
                     const guint8   *end,
                     const guint8   *out,
                     guint8         *o,
                     const guint     flags,
                     gsize          *in_used)
{
  const gboolean big_endian = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;
  const gboolean bmp_only = (flags & GUTF8CONV_KERNEL_BMP_ONLY) != 0;
  const gsize n = end - p;
  guint8 buf[GK_PAD_SIZE];
  gk_vec b = gk_load_rest (p, n);
  gk_mask nonascii = gk_movemask (b), wrong, leads;
  gsize consumed;
  GkLeads c;

  for (gsize i = GK_BLOCK; i < sizeof buf; i += GK_BLOCK)
    gk_storeu (buf + i, gk_set1 (0));
  gk_storeu (buf, b);
  if (nonascii == 0)
    {
      /* The padding's zeros are widened too, but not counted. */
      gk_widen_block (buf, b, o, big_endian);
      return gutf8conv_kernel_stop (in, end, out, o + 4 * n, in_used);
    }
  wrong = gk_block_wrong_n1 (b, gk_shift_down1 (b), nonascii, bmp_only, &c);
  /* The zeros after the input end its characters: a character the end
   * cuts fails the test, but for one whose continuation bytes would lie
   * past the block, which gk_block_end() leaves out. */
  if (wrong != 0)
    consumed = MIN (gk_valid_prefix (gk_block_expected (&c), wrong), n);
  else if (n + 3 <= GK_BLOCK)
    consumed = n;
  else
    consumed = MIN (gk_block_end (&c), n);
  if (consumed == 0)
    return gutf8conv_kernel_stop (in, p, out, o, in_used);
  leads = gk_block_leads (&c, consumed);
  o = GK_DECODE_ONE_BLOCK (buf, leads, c.l4, o, big_endian);
  return gutf8conv_kernel_stop (in, p + consumed, out, o, in_used);
}

/* The rest of a decode from @p (a character boundary) to @end, fewer
 * than GK_REST_MAX bytes, in padded blocks; then the kernel's result.
 * An output window too small for a block's stores gets them through a
 * buffer, exactly as many characters as fit. */
GUTF8CONV_KERNEL_INLINE gsize
gk_decode_padded (const guint8   *in,
                  const guint8   *p,
                  const guint8   *end,
                  const guint8   *out,
                  guint8         *o,
                  const guint8   *oend,
                  const guint     flags,
                  gsize          *in_used)
{
  const gboolean big_endian = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;
  const gboolean bmp_only = (flags & GUTF8CONV_KERNEL_BMP_ONLY) != 0;
  guint8 buf[GK_PAD_SIZE];
  guint8 obuf[4 * GK_BLOCK + GK_DECODE_OVER];
  const guint8 *q = buf, *qend = buf + (end - p);

  if (p == end)
    return gutf8conv_kernel_stop (in, p, out, o, in_used);
  /* Vector stores: a memset of this size is a `rep stos`, whose start
   * alone costs more than the scalar kernel on a short chunk. */
  for (gsize i = GK_BLOCK; i < sizeof buf; i += GK_BLOCK)
    gk_storeu (buf + i, gk_set1 (0));
  if (end - p <= GK_BLOCK)
    {
      /* One block, stored whole, so that its loads get it from the
       * store. */
      gk_storeu (buf, gk_load_rest (p, end - p));
    }
  else
    {
      gk_storeu (buf, gk_set1 (0));
      gk_copy_short (buf, p, end - p);
    }
  while (q < qend)
    {
      gk_vec b = gk_loadu (q);
      /* The byte after the last block is a zero of the padding: its next
       * bytes without a load across two stores. */
      gk_vec n1 = qend - q <= GK_BLOCK ? gk_shift_down1 (b) : gk_loadu (q + 1);
      gk_mask nonascii = gk_movemask (b), wrong = 0, leads;
      gsize avail = MIN ((gsize) (qend - q), GK_BLOCK), room = (oend - o) / 4;
      gsize consumed, n_out;
      GkLeads c;

      if (nonascii == 0)
        {
          /* The padding's zeros are widened too, but not counted. */
          n_out = MIN (avail, room);
          if (room >= GK_BLOCK)
            gk_widen_block (q, b, o, big_endian);
          else
            {
              gk_widen_block (q, b, obuf, big_endian);
              memcpy (o, obuf, 4 * n_out);
            }
          q += n_out;
          o += 4 * n_out;
          if (n_out < avail)
            break;
          continue;
        }

      wrong = gk_block_wrong_n1 (b, n1, nonascii, bmp_only, &c);
      /* A block that fails (or whose last character the end cuts) ends
       * before its first wrong character; a valid one where its last
       * character ends, or at the end of the input. */
      consumed = wrong == 0 ? gk_block_end (&c) : gk_valid_prefix (gk_block_expected (&c), wrong);
      consumed = MIN (consumed, avail);
      if (consumed == 0)
        break;
      leads = gk_block_leads (&c, consumed);
      n_out = gk_popcount (leads);
      if (n_out > room)
        {
          /* Only the characters that fit; the next lead is where to stop. */
          gk_mask rest = leads;

          for (gsize i = 0; i < room; i++)
            rest &= rest - 1;
          consumed = __builtin_ctzll (rest);
          leads &= ~rest;
          n_out = room;
          wrong = 1;
        }
      if (4 * room >= 4 * n_out + GK_DECODE_OVER)
        o = gk_decode_block (q, leads, o, big_endian);
      else
        {
          gk_decode_block (q, leads, obuf, big_endian);
          memcpy (o, obuf, 4 * n_out);
          o += 4 * n_out;
        }
      q += consumed;
      if (wrong != 0)
        break;
    }
  return gutf8conv_kernel_stop (in, p + (q - buf), out, o, in_used);
}

/* A kernel's entry point @name for input shorter than its careful
 * block: all of it in padded blocks, in a function of its own that the
 * wide entry point jumps to before its own prologue
 * (GUTF8CONV_KERNEL_ENTRY_POINT_SHORT).  One block with room for its
 * stores, a stream's small chunk, jumps on to a function of its own
 * too, which saves none of the registers the loop of blocks needs. */
#define GK_PADDED_ENTRY_POINT(name) \
  GUTF8CONV_KERNEL_INLINE gsize \
  name##_one_impl (const guint8 *in, \
                   gsize         in_len, \
                   guint8       *out, \
                   gsize         out_len G_GNUC_UNUSED, \
                   const guint   flags, \
                   gsize        *in_used) \
  { \
    return gk_decode_one_block (in, in, in + in_len, out, out, flags, in_used); \
  } \
  GUTF8CONV_KERNEL_INLINE gsize \
  name##_blocks_impl (const guint8 *in, \
                      gsize         in_len, \
                      guint8       *out, \
                      gsize         out_len, \
                      const guint   flags, \
                      gsize        *in_used) \
  { \
    return gk_decode_padded (in, in, in + in_len, out, out, out + out_len, flags, in_used); \
  } \
  __attribute__((noinline)) \
  GUTF8CONV_KERNEL_ENTRY_POINT (name##_one, name##_one_impl, GUTF8CONV_KERNEL_BIG_ENDIAN | GUTF8CONV_KERNEL_BMP_ONLY) \
  __attribute__((noinline)) \
  GUTF8CONV_KERNEL_ENTRY_POINT (name##_blocks, name##_blocks_impl, GUTF8CONV_KERNEL_BIG_ENDIAN | GUTF8CONV_KERNEL_BMP_ONLY) \
  static __attribute__((noinline)) gsize \
  name (const guint8 *in, \
        gsize         in_len, \
        guint8       *out, \
        gsize         out_len, \
        guint         flags, \
        gsize        *in_used) \
  { \
    if (in_len - 1 < GK_BLOCK && out_len >= 4 * GK_BLOCK + GK_DECODE_OVER) \
      return name##_one (in, in_len, out, out_len, flags, in_used); \
    return name##_blocks (in, in_len, out, out_len, flags, in_used); \
  }
