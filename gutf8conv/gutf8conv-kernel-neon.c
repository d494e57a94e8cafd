/* gutf8conv-kernel-neon.c: the AArch64 Advanced SIMD kernel
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Advanced SIMD is part of every AArch64 CPU.  Both UTF-8 directions step
 * a fixed 16 bytes and validate each block against the bytes before it
 * with three nibble-indexed table lookups (the classification of byte
 * pairs by Keiser and Lemire, "Validating UTF-8 in less than one
 * instruction per byte", 2021) and one saturating test for the third and
 * fourth bytes of long sequences, so that no load waits for the previous
 * block's verdict.
 *
 * Decoding computes, at every byte position, the three low bytes of the
 * character that would end there from the payloads of that byte and the
 * three before it (shift-and-insert, no multiplies); the positions where a
 * character ends are then compacted by half-block table lookups and stored
 * interleaved with a zero byte by ST4, which is the widening to UCS-4.  A
 * character that crosses into the next block is emitted with the block it
 * ends in.  ASCII blocks are widened by four lookups and one store.
 *
 * Encoding narrows sixteen ASCII units with one four-register lookup;
 * otherwise it computes each unit's UTF-8 bytes in its lane and packs four
 * lanes at a time with one lookup from a 256-entry shuffle table.
 *
 * Anything not valid, not complete or outside the flags' limits stops the
 * fast loop at a character boundary; the scalar kernel takes over there.
 */

#include "config.h"

#include <arm_neon.h>
#include <string.h>

#include "gutf8conv-kernel.h"
#include "gutf8conv-kernel-tables.h"

#define SEQ_SLACK 3

/* The error classes of a byte pair (previous byte, this byte); a pair is
 * bad when the three lookups below share a bit. */
#define TOO_SHORT  (1 << 0)   /* lead, then no continuation */
#define TOO_LONG   (1 << 1)   /* ASCII, then a continuation */
#define OVERLONG_3 (1 << 2)   /* E0 80..9F */
#define TOO_LARGE  (1 << 3)   /* F4 90..BF, F5..FF 90..BF */
#define SURROGATE  (1 << 4)   /* ED A0..BF */
#define OVERLONG_2 (1 << 5)   /* C0, C1 and a continuation */
#define TOO_LARGE2 (1 << 6)   /* F5..FF 80..8F */
#define OVERLONG_4 (1 << 6)   /* F0 80..8F (same bit: the lows differ) */
#define TWO_CONTS  (1 << 7)   /* continuation after continuation */
#define CARRY      (TOO_SHORT | TOO_LONG | TWO_CONTS)

/* By the previous byte's high nibble. */
static const guint8 prev_high[16] = {
  TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG,
  TWO_CONTS, TWO_CONTS, TWO_CONTS, TWO_CONTS,
  TOO_SHORT | OVERLONG_2,
  TOO_SHORT,
  TOO_SHORT | OVERLONG_3 | SURROGATE,
  TOO_SHORT | TOO_LARGE | TOO_LARGE2 | OVERLONG_4,
};

/* By the previous byte's low nibble. */
static const guint8 prev_low[16] = {
  CARRY | OVERLONG_2 | OVERLONG_3 | OVERLONG_4,
  CARRY | OVERLONG_2,
  CARRY,
  CARRY,
  CARRY | TOO_LARGE,
  CARRY | TOO_LARGE | TOO_LARGE2,
  CARRY | TOO_LARGE | TOO_LARGE2,
  CARRY | TOO_LARGE | TOO_LARGE2,
  CARRY | TOO_LARGE | TOO_LARGE2,
  CARRY | TOO_LARGE | TOO_LARGE2,
  CARRY | TOO_LARGE | TOO_LARGE2,
  CARRY | TOO_LARGE | TOO_LARGE2,
  CARRY | TOO_LARGE | TOO_LARGE2,
  CARRY | TOO_LARGE | TOO_LARGE2 | SURROGATE,
  CARRY | TOO_LARGE | TOO_LARGE2,
  CARRY | TOO_LARGE | TOO_LARGE2,
};

/* By this byte's high nibble. */
static const guint8 this_high[16] = {
  TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT,
  TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE2 | OVERLONG_4,
  TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,
  TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
  TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
  TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT,
};

/* By high nibble: the payload bits of an ASCII, continuation or lead byte. */
static const guint8 payload_mask[16] = {
  0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F,
  0x3F, 0x3F, 0x3F, 0x3F, 0x1F, 0x1F, 0x0F, 0x07,
};

/* Lanes 13, 14, 15 at or above these start a sequence longer than what is
 * left of the block: how many bytes of it the block holds. */
static const guint8 tail_start[16] = {
  0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
  0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xF0, 0xE0, 0xC0,
};
static const guint8 tail_len[16] = {
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 2, 1,
};

#define POP2(n) n, n + 1, n + 1, n + 2
#define POP4(n) POP2 (n), POP2 (n + 1), POP2 (n + 1), POP2 (n + 2)
#define POP6(n) POP4 (n), POP4 (n + 1), POP4 (n + 1), POP4 (n + 2)
static const guint8 popcount8[256] = { POP6 (0), POP6 (1), POP6 (1), POP6 (2) };

static const guint8 bit_weights[16] = {
  1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128,
};

/* ASCII bytes to little- and big-endian UCS-4 units, four per lookup. */
static const guint8 widen_le[4][16] = {
  { 0, 255, 255, 255, 1, 255, 255, 255, 2, 255, 255, 255, 3, 255, 255, 255 },
  { 4, 255, 255, 255, 5, 255, 255, 255, 6, 255, 255, 255, 7, 255, 255, 255 },
  { 8, 255, 255, 255, 9, 255, 255, 255, 10, 255, 255, 255, 11, 255, 255, 255 },
  { 12, 255, 255, 255, 13, 255, 255, 255, 14, 255, 255, 255, 15, 255, 255, 255 },
};
static const guint8 widen_be[4][16] = {
  { 255, 255, 255, 0, 255, 255, 255, 1, 255, 255, 255, 2, 255, 255, 255, 3 },
  { 255, 255, 255, 4, 255, 255, 255, 5, 255, 255, 255, 6, 255, 255, 255, 7 },
  { 255, 255, 255, 8, 255, 255, 255, 9, 255, 255, 255, 10, 255, 255, 255, 11 },
  { 255, 255, 255, 12, 255, 255, 255, 13, 255, 255, 255, 14, 255, 255, 255, 15 },
};

/* The low (or, big-endian, high) byte of sixteen UCS-4 units. */
static const guint8 narrow_le[16] = { 0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60 };
static const guint8 narrow_be[16] = { 3, 7, 11, 15, 19, 23, 27, 31, 35, 39, 43, 47, 51, 55, 59, 63 };

/* Nonzero lanes where the pair (@prev1, @b) or the bytes before it break
 * Unicode's grammar; with @bmp_only every four-byte lead too. */
static inline __attribute__((always_inline)) uint8x16_t
block_errors (uint8x16_t     prev,
              uint8x16_t     b,
              const gboolean bmp_only)
{
  uint8x16_t prev1 = vextq_u8 (prev, b, 15);
  uint8x16_t prev2 = vextq_u8 (prev, b, 14);
  uint8x16_t prev3 = vextq_u8 (prev, b, 13);
  uint8x16_t sc, must;

  sc = vandq_u8 (vandq_u8 (vqtbl1q_u8 (vld1q_u8 (prev_high), vshrq_n_u8 (prev1, 4)),
                           vqtbl1q_u8 (vld1q_u8 (prev_low), vandq_u8 (prev1, vdupq_n_u8 (0x0F)))),
                 vqtbl1q_u8 (vld1q_u8 (this_high), vshrq_n_u8 (b, 4)));
  /* The third and fourth bytes of a sequence are continuations, which the
   * pair lookup flags as TWO_CONTS: exactly there, and nowhere else. */
  must = vorrq_u8 (vqsubq_u8 (prev2, vdupq_n_u8 (0xE0 - 0x80)),
                   vqsubq_u8 (prev3, vdupq_n_u8 (0xF0 - 0x80)));
  sc = veorq_u8 (sc, vandq_u8 (must, vdupq_n_u8 (0x80)));
  if (bmp_only)
    sc = vorrq_u8 (sc, vcgeq_u8 (b, vdupq_n_u8 (0xF0)));
  return sc;
}

/* How many bytes at the end of @b belong to a sequence that goes on past
 * it (0..3); @b must be valid up to its end. */
static inline guint
tail_bytes (uint8x16_t b)
{
  return vmaxvq_u8 (vandq_u8 (vcgeq_u8 (b, vld1q_u8 (tail_start)), vld1q_u8 (tail_len)));
}

/* Sixteen ASCII bytes to sixteen UCS-4 units at @o.  (Four plain stores:
 * GCC spills a register quadruple for ST1 of four.) */
static inline __attribute__((always_inline)) void
widen16 (uint8x16_t     b,
         guint8        *o,
         const guint8 (*widen)[16])
{
  vst1q_u8 (o, vqtbl1q_u8 (b, vld1q_u8 (widen[0])));
  vst1q_u8 (o + 16, vqtbl1q_u8 (b, vld1q_u8 (widen[1])));
  vst1q_u8 (o + 32, vqtbl1q_u8 (b, vld1q_u8 (widen[2])));
  vst1q_u8 (o + 48, vqtbl1q_u8 (b, vld1q_u8 (widen[3])));
}

static inline __attribute__((always_inline)) gsize
decode_neon_impl (const guint8   *in,
                  gsize           in_len,
                  guint8         *out,
                  gsize           out_len,
                  const guint     flags,
                  gsize          *in_used)
{
  const gboolean big_endian = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;
  const gboolean bmp_only = (flags & GUTF8CONV_KERNEL_BMP_ONLY) != 0;
  const guint8 *p = in, *end = in + in_len;
  guint8 *o = out, *oend = out + out_len;
  const guint8 (*widen)[16] = big_endian ? widen_be : widen_le;
  const uint8x16_t zero = vdupq_n_u8 (0);
  const uint8x16_t half8 = vcombine_u8 (vdup_n_u8 (0), vdup_n_u8 (8));
  /* The last block start and output position the block loop may use, if
   * the buffers are long enough for one block. */
  const gboolean room = in_len >= 16 && out_len >= 64;
  const guint8 *p_last = room ? end - 16 : in;
  guint8 *o_last = room ? oend - 64 : out;
  const gboolean room64 = in_len >= 64 && out_len >= 256;
  const guint8 *p_last64 = room64 ? end - 64 : in;
  guint8 *o_last256 = room64 ? oend - 256 : out;

  /* The block loop calls nothing, so that its constants stay in
   * registers; a block that fails validation leaves it, the scalar kernel
   * converts from the first character not emitted, and the loop starts
   * again after that. */
  for (;;)
    {
      /* The previous block, its payloads, its continuation lanes, its
       * lanes that start a character it does not finish, and its largest
       * byte. */
      uint8x16_t prev = zero, prev_payload = zero, prev_cont = zero, prev_tail = zero;
      guint prev_max = 0;
      gboolean failed = FALSE;
      gsize used, seg;

      while (room && p <= p_last && o <= o_last)
        {
          uint8x16_t b = vld1q_u8 (p);
          uint8x16_t payload, cont, c1, q1, q2, byte0, byte1, tail, ends, idx;
          guint max, m_lo, m_hi;

          /* ASCII, and no character of the block before waiting for
           * continuation bytes. */
          max = vmaxvq_u8 (vorrq_u8 (b, prev_tail));
          if (max < 0x80)
            {
              widen16 (b, o, widen);
              p += 16;
              o += 64;
              /* A run of ASCII: 64 bytes a step while it lasts. */
              while (room64 && p <= p_last64 && o <= o_last256)
                {
                  uint8x16_t x0 = vld1q_u8 (p), x1 = vld1q_u8 (p + 16);
                  uint8x16_t x2 = vld1q_u8 (p + 32), x3 = vld1q_u8 (p + 48);

                  if (vmaxvq_u8 (vorrq_u8 (vorrq_u8 (x0, x1), vorrq_u8 (x2, x3))) >= 0x80)
                    break;
                  widen16 (x0, o, widen);
                  widen16 (x1, o + 64, widen);
                  widen16 (x2, o + 128, widen);
                  widen16 (x3, o + 192, widen);
                  p += 64;
                  o += 256;
                }
              /* Before a block, all ASCII is alike: zeros stand for it. */
              prev = prev_payload = prev_cont = prev_tail = zero;
              prev_max = 0;
              continue;
            }

          if (vmaxvq_u32 (vreinterpretq_u32_u8 (block_errors (prev, b, bmp_only))) != 0)
            {
              failed = TRUE;
              break;
            }

          /* At each position, the low bytes of the character that ends
           * there: its last byte's payload and, where this byte, the one
           * before and the one before that are continuations, the payloads
           * of the one, two or three bytes before it. */
          payload = vandq_u8 (b, vqtbl1q_u8 (vld1q_u8 (payload_mask), vshrq_n_u8 (b, 4)));
          cont = vcltq_s8 (vreinterpretq_s8_u8 (b), vdupq_n_s8 (-0x40));
          c1 = vandq_u8 (cont, vextq_u8 (prev_cont, cont, 15));
          q1 = vandq_u8 (vextq_u8 (prev_payload, payload, 15), cont);
          q2 = vandq_u8 (vextq_u8 (prev_payload, payload, 14), c1);
          byte0 = vorrq_u8 (payload, vshlq_n_u8 (q1, 6));
          byte1 = vsliq_n_u8 (vshrq_n_u8 (q1, 2), q2, 4);

          /* A character ends where the next byte is not a continuation,
           * except one the block cuts: its lanes start a sequence longer
           * than what is left (the last lane stands for all three). */
          tail = vandq_u8 (vcgeq_u8 (b, vld1q_u8 (tail_start)), vdupq_n_u8 (0x80));
          ends = vbicq_u8 (vld1q_u8 (bit_weights), vextq_u8 (cont, zero, 1));
          /* At most one of the last three lanes starts a cut sequence (the
           * block is valid): 0x80 there takes the last lane's bit back in
           * the sum below. */
          ends = vaddq_u8 (ends, tail);
          ends = vpaddq_u8 (ends, ends);
          ends = vpaddq_u8 (ends, ends);
          ends = vpaddq_u8 (ends, ends);
          m_lo = vgetq_lane_u8 (ends, 0);
          m_hi = vgetq_lane_u8 (ends, 1);

          /* The ending lanes of each half to its front. */
          idx = vreinterpretq_u8_u64 (vcombine_u64 (vld1_u64 ((const guint64 *) &gutf8conv_compact8[m_lo]),
                                                    vld1_u64 ((const guint64 *) &gutf8conv_compact8[m_hi])));
          idx = vaddq_u8 (idx, half8);
          byte0 = vqtbl1q_u8 (byte0, idx);
          byte1 = vqtbl1q_u8 (byte1, idx);

          if (bmp_only || (max < 0xF0 && prev_max < 0xF0))
            {
              /* No four-byte form ends here: 16-bit values, stored with a
               * zero half by ST2. */
              uint16x8x2_t lo, hi;

              if (big_endian)
                {
                  lo.val[0] = hi.val[0] = vreinterpretq_u16_u8 (zero);
                  lo.val[1] = vreinterpretq_u16_u8 (vzip1q_u8 (byte1, byte0));
                  hi.val[1] = vreinterpretq_u16_u8 (vzip2q_u8 (byte1, byte0));
                }
              else
                {
                  lo.val[0] = vreinterpretq_u16_u8 (vzip1q_u8 (byte0, byte1));
                  hi.val[0] = vreinterpretq_u16_u8 (vzip2q_u8 (byte0, byte1));
                  lo.val[1] = hi.val[1] = vreinterpretq_u16_u8 (zero);
                }
              vst2q_u16 ((guint16 *) o, lo);
              o += 4 * popcount8[m_lo];
              vst2q_u16 ((guint16 *) o, hi);
              o += 4 * popcount8[m_hi];
            }
          else
            {
              uint8x16_t c2 = vandq_u8 (c1, vextq_u8 (prev_cont, cont, 14));
              uint8x16_t q3 = vandq_u8 (vextq_u8 (prev_payload, payload, 13), c2);
              uint8x16_t byte2 = vqtbl1q_u8 (vsliq_n_u8 (vshrq_n_u8 (q2, 4), q3, 2), idx);
              uint16x8_t u01_lo, u01_hi, u23_lo, u23_hi;

              /* Each unit's three bytes and a zero byte, interleaved. */
              if (big_endian)
                {
                  u01_lo = vreinterpretq_u16_u8 (vzip1q_u8 (zero, byte2));
                  u01_hi = vreinterpretq_u16_u8 (vzip2q_u8 (zero, byte2));
                  u23_lo = vreinterpretq_u16_u8 (vzip1q_u8 (byte1, byte0));
                  u23_hi = vreinterpretq_u16_u8 (vzip2q_u8 (byte1, byte0));
                }
              else
                {
                  u01_lo = vreinterpretq_u16_u8 (vzip1q_u8 (byte0, byte1));
                  u01_hi = vreinterpretq_u16_u8 (vzip2q_u8 (byte0, byte1));
                  u23_lo = vreinterpretq_u16_u8 (vzip1q_u8 (byte2, zero));
                  u23_hi = vreinterpretq_u16_u8 (vzip2q_u8 (byte2, zero));
                }
              vst1q_u16 ((guint16 *) o, vzip1q_u16 (u01_lo, u23_lo));
              vst1q_u16 ((guint16 *) (o + 16), vzip2q_u16 (u01_lo, u23_lo));
              o += 4 * popcount8[m_lo];
              vst1q_u16 ((guint16 *) o, vzip1q_u16 (u01_hi, u23_hi));
              vst1q_u16 ((guint16 *) (o + 16), vzip2q_u16 (u01_hi, u23_hi));
              o += 4 * popcount8[m_hi];
            }

          prev = b;
          prev_payload = payload;
          prev_cont = cont;
          /* (0x80, so as not to hide the block's largest byte.) */
          prev_tail = tail;
          prev_max = max;
          p += 16;
        }

      /* Back to the first character not emitted. */
      p -= tail_bytes (prev);
      if (!failed)
        break;

      /* Enough to amortise the call, and a sequence crossing the end
       * whole. */
      seg = MIN ((gsize) (end - p), 16 + SEQ_SLACK);
      o += gutf8conv_kernel_scalar_decode (p, seg, o, oend - o, flags, &used);
      p += used;
      if (used < MIN (seg, 16))
        goto done;
    }

  if (p < end)
    {
      gsize used;

      o += gutf8conv_kernel_scalar_decode (p, end - p, o, oend - o, flags, &used);
      p += used;
    }

done:
  *in_used = p - in;
  return o - out;
}

static gsize
decode_neon (const guint8 *in,
             gsize         in_len,
             guint8       *out,
             gsize         out_len,
             guint         flags,
             gsize        *in_used)
{
  GUTF8CONV_KERNEL_SPECIALISE (decode_neon_impl, GUTF8CONV_KERNEL_BIG_ENDIAN | GUTF8CONV_KERNEL_BMP_ONLY);
}

/* Four units (host order) to UTF-8 at @o; returns the new @o.  Writes 16
 * bytes whatever the length. */
static inline __attribute__((always_inline)) guint8 *
encode4 (uint32x4_t  v,
         guint8     *o)
{
  static const gint32 key_weights[4] = { -1, -4, -16, -64 };
  uint32x4_t g2 = vcgtq_u32 (v, vdupq_n_u32 (0x7F));
  uint32x4_t g3 = vcgtq_u32 (v, vdupq_n_u32 (0x7FF));
  uint32x4_t g4 = vcgtq_u32 (v, vdupq_n_u32 (0xFFFF));
  /* Minus (length - 1), in each lane. */
  int32x4_t n = vaddq_s32 (vreinterpretq_s32_u32 (g2),
                           vaddq_s32 (vreinterpretq_s32_u32 (g3), vreinterpretq_s32_u32 (g4)));
  guint key = (guint) vaddvq_s32 (vmulq_s32 (n, vld1q_s32 (key_weights)));
  uint32x4_t w, marker;
  int32x4_t shift;

  /* The four-byte form's payloads, lead first in the low byte... */
  w = vorrq_u32 (vorrq_u32 (vshrq_n_u32 (v, 18),
                            vandq_u32 (vshrq_n_u32 (v, 4), vdupq_n_u32 (0x3F00))),
                 vorrq_u32 (vandq_u32 (vshlq_n_u32 (v, 10), vdupq_n_u32 (0x3F0000)),
                            vshrq_n_u32 (vshlq_n_u32 (v, 26), 2)));
  /* ...shifted down to the sequence's length (right by 24 + 8n), with
   * its markers; ASCII is the value itself. */
  shift = vsubq_s32 (vdupq_n_s32 (-24), vshlq_n_s32 (n, 3));
  marker = vbslq_u32 (g3, vbslq_u32 (g4, vdupq_n_u32 (0x808080F0), vdupq_n_u32 (0x8080E0)),
                      vandq_u32 (g2, vdupq_n_u32 (0x80C0)));
  w = vorrq_u32 (vshlq_u32 (w, shift), marker);
  w = vbslq_u32 (g2, w, v);
  vst1q_u8 (o, vqtbl1q_u8 (vreinterpretq_u8_u32 (w), vld1q_u8 (gutf8conv_pack4_shuffle[key])));
  return o + gutf8conv_pack4_length[key];
}

static inline __attribute__((always_inline)) gsize
encode_neon_impl (const guint8   *in,
                  gsize           in_len,
                  guint8         *out,
                  gsize           out_len,
                  const guint     flags,
                  gsize          *in_used)
{
  const gboolean big_endian = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;
  const guint32 max_value = (flags & GUTF8CONV_KERNEL_BMP_ONLY) ? 0xFFFF : 0x10FFFF;
  const gboolean no_nul = (flags & GUTF8CONV_KERNEL_NO_NUL) != 0;
  const guint8 *p = in, *end = in + (in_len & ~(gsize) 3);
  guint8 *o = out, *oend = out + out_len;

  while (end - p >= 64 && oend - o >= 16)
    {
      uint8x16x4_t x = vld1q_u8_x4 (p);
      uint32x4_t v[4], any, bad;

      for (guint i = 0; i < 4; i++)
        v[i] = vreinterpretq_u32_u8 (big_endian ? vrev32q_u8 (x.val[i]) : x.val[i]);
      any = vorrq_u32 (vorrq_u32 (v[0], v[1]), vorrq_u32 (v[2], v[3]));

      if (vmaxvq_u32 (any) < 0x80 &&
          (!no_nul || vminvq_u32 (vminq_u32 (vminq_u32 (v[0], v[1]), vminq_u32 (v[2], v[3]))) != 0))
        {
          vst1q_u8 (o, vqtbl4q_u8 (x, vld1q_u8 (big_endian ? narrow_be : narrow_le)));
          p += 64;
          o += 16;
          continue;
        }

      if (oend - o < 64)
        goto scalar_block;
      /* Above the limit, a surrogate, or U+0000 with NO_NUL: not ours. */
      bad = vdupq_n_u32 (0);
      for (guint i = 0; i < 4; i++)
        {
          bad = vorrq_u32 (bad, vcgtq_u32 (v[i], vdupq_n_u32 (max_value)));
          bad = vorrq_u32 (bad, vceqq_u32 (vandq_u32 (v[i], vdupq_n_u32 (~0x7FFu)), vdupq_n_u32 (0xD800)));
          if (no_nul)
            bad = vorrq_u32 (bad, vceqzq_u32 (v[i]));
        }
      if (vmaxvq_u32 (bad) != 0)
        goto scalar_block;

      for (guint i = 0; i < 4; i++)
        o = encode4 (v[i], o);
      p += 64;
      continue;

    scalar_block:
      {
        gsize used, n, seg = 64;

        n = gutf8conv_kernel_scalar_encode (p, seg, o, oend - o, flags, &used);
        p += used;
        o += n;
        if (used < seg)
          goto done;
      }
    }

  if (p < end)
    {
      gsize used;

      o += gutf8conv_kernel_scalar_encode (p, end - p, o, oend - o, flags, &used);
      p += used;
    }

done:
  *in_used = p - in;
  return o - out;
}

static gsize
encode_neon (const guint8 *in,
             gsize         in_len,
             guint8       *out,
             gsize         out_len,
             guint         flags,
             gsize        *in_used)
{
  GUTF8CONV_KERNEL_SPECIALISE (encode_neon_impl, GUTF8CONV_KERNEL_ALL_FLAGS);
}

/* UTF-8 to UTF-8: the decoder's validation, 64 bytes a step, each step
 * stored once it has passed.  A sequence cut by the end of a step is
 * checked by the next one; where a step fails, or at the end, the fast
 * loop stops before that sequence and the scalar validator goes on. */
static inline __attribute__((always_inline)) gsize
validate_neon_impl (const guint8   *in,
                    gsize           in_len,
                    guint8         *out,
                    gsize          *stored,
                    const gboolean  bmp_only)
{
  const guint8 *p = in, *end = in + in_len;
  const guint flags = bmp_only ? GUTF8CONV_KERNEL_BMP_ONLY : 0;
  uint8x16_t prev = vdupq_n_u8 (0);

  while (end - p >= 64)
    {
      uint8x16x4_t x = vld1q_u8_x4 (p);
      uint8x16_t any = vorrq_u8 (vorrq_u8 (x.val[0], x.val[1]), vorrq_u8 (x.val[2], x.val[3]));
      uint8x16_t err;

      if (vmaxvq_u8 (any) < 0x80)
        {
          /* All ASCII: right unless the step before ended inside a
           * sequence. */
          if (tail_bytes (prev) != 0)
            break;
        }
      else
        {
          err = block_errors (prev, x.val[0], bmp_only);
          err = vorrq_u8 (err, block_errors (x.val[0], x.val[1], bmp_only));
          err = vorrq_u8 (err, block_errors (x.val[1], x.val[2], bmp_only));
          err = vorrq_u8 (err, block_errors (x.val[2], x.val[3], bmp_only));
          if (vmaxvq_u8 (err) != 0)
            break;
        }
      vst1q_u8_x4 (out + (p - in), x);
      prev = x.val[3];
      p += 64;
    }
  /* Back to the start of a sequence the fast loop did not see the end of. */
  p -= tail_bytes (prev);
  *stored = p - in;

  /* The fast loop refuses only what is not valid, so this stops within
   * the step that failed, or goes through the short rest. */
  p += gutf8conv_kernel_scalar_validate (p, end - p, flags);
  return p - in;
}

/* Validation and copy in one pass: one load and one store a step. */
static gsize
copy_neon (const guint8 *in,
           gsize         in_len,
           guint8       *out,
           gsize         out_len,
           guint         flags,
           gsize        *in_used)
{
  gsize limit = MIN (in_len, out_len), stored, n;

  if (flags & GUTF8CONV_KERNEL_BMP_ONLY)
    n = validate_neon_impl (in, limit, out, &stored, TRUE);
  else
    n = validate_neon_impl (in, limit, out, &stored, FALSE);
  /* The scalar part, which was validated without storing. */
  memcpy (out + stored, in + stored, n - stored);
  *in_used = n;
  return n;
}

const GUtf8ConvKernel gutf8conv_kernel_neon = {
  "neon",
  decode_neon,
  encode_neon,
  copy_neon,
};
