/* gutf8conv-kernel-neon.c: the AArch64 Advanced SIMD kernel
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Advanced SIMD is part of every AArch64 CPU.  The generic layer's loops
 * (behaviour guide, `kernels`) over its operations in Advanced SIMD, and
 * the steps NEON does its own way:
 * - decoding converts the characters that end in a block (GK_KL_ENDS),
 *   not those that start there: at every lane, the low bytes of the
 *   character ending there from the payloads of that lane and the three
 *   before it (shift-and-insert, no multiplies), the ending lanes
 *   compacted by one lookup a half (store_ends()); a character that
 *   crosses into the next block goes with the block it ends in.  The runs
 *   of one length take their planes from LD3/LD4 and store pairs by ST4;
 *   decode16 is its own loop around the fast phase;
 * - both encoders run the sixteen-unit steps of the GCC-vector kernels
 *   (gutf8conv-kernel-generic-utf16-steps.h, -ucs4-steps.h), their
 *   operations here in a line each: BSL, SLI/SRI, ADDV/MAXV/MINV, UZP,
 *   ST3 for the planes of three-byte text.
 */

#include "config.h"

#include <arm_neon.h>
#include <string.h>

#include "gutf8conv-kernel.h"
#include "gutf8conv-kernel-generic.h"
#include "gutf8conv-kernel-tables.h"
#include "gutf8conv-kernel-units.h"

#define POP2(n) n, n + 1, n + 1, n + 2
#define POP4(n) POP2 (n), POP2 (n + 1), POP2 (n + 1), POP2 (n + 2)
#define POP6(n) POP4 (n), POP4 (n + 1), POP4 (n + 1), POP4 (n + 2)
static const guint8 popcount8[256] = { POP6 (0), POP6 (1), POP6 (1), POP6 (2) };

static const guint8 bit_weights[16] = { 1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128 };

/* ASCII bytes to little- and big-endian UCS-4 units, four per lookup. */
#define WIDEN4(w, n) { w (n), w (n + 1), w (n + 2), w (n + 3) }
#define WIDEN_LE(n) n, 255, 255, 255
#define WIDEN_BE(n) 255, 255, 255, n
static const guint8 widen_le[4][16] = { WIDEN4 (WIDEN_LE, 0), WIDEN4 (WIDEN_LE, 4), WIDEN4 (WIDEN_LE, 8), WIDEN4 (WIDEN_LE, 12) };
static const guint8 widen_be[4][16] = { WIDEN4 (WIDEN_BE, 0), WIDEN4 (WIDEN_BE, 4), WIDEN4 (WIDEN_BE, 8), WIDEN4 (WIDEN_BE, 12) };

/* The vectors; their C operators in gutf8conv-kernel-generic-vector.h. */
typedef uint8x16_t gk_vec;
typedef uint16x8_t gr_vec16;
typedef uint16x8_t ge16_vec;
GUTF8CONV_KERNEL_INLINE gk_vec   gk_set1 (guint8 c)                    { return vdupq_n_u8 (c); }
GUTF8CONV_KERNEL_INLINE gr_vec16 gr16_set1 (guint16 c)                 { return vdupq_n_u16 (c); }
#include "gutf8conv-kernel-generic-vector.h"

/* The validator's operations (gutf8conv-kernel-generic-kl.h). */
GUTF8CONV_KERNEL_INLINE gk_vec gk_subs_u8 (gk_vec a, gk_vec b) { return vqsubq_u8 (a, b); }
GUTF8CONV_KERNEL_INLINE gk_vec gk_high_nibble (gk_vec x)       { return vshrq_n_u8 (x, 4); }
GUTF8CONV_KERNEL_INLINE gk_vec gk_lookup16 (gk_vec t, gk_vec i) { return vqtbl1q_u8 (t, i); }
#define GK_KL_TABLE(list) ((uint8x16_t) { list (GUTF8CONV_U8) })
#define gk_prev_bytes(b, prev, n) vextq_u8 (prev, b, 16 - (n))

#include "gutf8conv-kernel-generic-kl.h"

/* The block test's (gutf8conv-kernel-generic-block.h). */
#define GK_BLOCK 16
typedef guint32 gk_mask;

GUTF8CONV_KERNEL_INLINE gk_vec gk_loadu (const guint8 *p)         { return vld1q_u8 (p); }
GUTF8CONV_KERNEL_INLINE void   gk_storeu (guint8 *p, gk_vec x)     { vst1q_u8 (p, x); }
/* No movemask: a bit a lane by its weight, summed pairwise. */
GUTF8CONV_KERNEL_INLINE gk_mask
gk_movemask (gk_vec x)
{
  uint8x16_t m = vandq_u8 (vcltzq_s8 (vreinterpretq_s8_u8 (x)), vld1q_u8 (bit_weights));

  m = vpaddq_u8 (m, m);
  m = vpaddq_u8 (m, m);
  m = vpaddq_u8 (m, m);
  return vgetq_lane_u16 (vreinterpretq_u16_u8 (m), 0);
}

#include "gutf8conv-kernel-generic-block.h"

/* @v opaque to GCC where it is made: kept in a register, not made again
 * in a loop, nor hoisted into a loop around where registers are scarce. */
#define KEEP_HERE(v) __asm__ __volatile__ ("" : "+w" (v))

/* The runs' operations (gutf8conv-kernel-generic-runs.h): planes by
 * LD3/LD4, pairs stored by ST4, shifts and inserts (SLI) as they are. */
GUTF8CONV_KERNEL_INLINE gr_vec16 gr16_test (gr_vec16 a, gr_vec16 b)    { return vtstq_u16 (a, b); }
GUTF8CONV_KERNEL_INLINE gboolean gr16_all (gr_vec16 ok)                { return vminvq_u16 (ok) == 0xFFFF; }
GUTF8CONV_KERNEL_INLINE gr_vec16 gr16_zip_lo (gr_vec16 a, gr_vec16 b)  { return vzip1q_u16 (a, b); }
GUTF8CONV_KERNEL_INLINE gr_vec16 gr16_zip_hi (gr_vec16 a, gr_vec16 b)  { return vzip2q_u16 (a, b); }
#define gr16_sli(a, b, n) vsliq_n_u16 ((a), (b), (n))
#define gr8_sli(a, b, n) vsliq_n_u8 ((a), (b), (n))
/* 80..BF: the bytes below -0x40 as signed. */
GUTF8CONV_KERNEL_INLINE gk_vec   gr_cont_const (void)                  { return vreinterpretq_u8_s8 (vdupq_n_s8 (-0x40)); }
GUTF8CONV_KERNEL_INLINE gk_vec   gr8_is_cont (gk_vec x, gk_vec c)      { return vcltq_s8 (vreinterpretq_s8_u8 (x), vreinterpretq_s8_u8 (c)); }
GUTF8CONV_KERNEL_INLINE gboolean gr8_all (gk_vec ok)                   { return vminvq_u8 (ok) == 0xFF; }
GUTF8CONV_KERNEL_INLINE gk_vec   gr8_zip_lo (gk_vec a, gk_vec b)       { return vzip1q_u8 (a, b); }
GUTF8CONV_KERNEL_INLINE gk_vec   gr8_zip_hi (gk_vec a, gk_vec b)       { return vzip2q_u8 (a, b); }
GUTF8CONV_KERNEL_INLINE gk_vec   gr8_swap16 (gk_vec x)                 { return vrev16q_u8 (x); }
#define gr8_swap32 vrev32q_u8
#define gr_keep KEEP_HERE

GUTF8CONV_KERNEL_INLINE void
gr_load_planes3 (const guint8 *p, gk_vec *b0, gk_vec *b1, gk_vec *b2)
{
  uint8x16x3_t t = vld3q_u8 (p);

  *b0 = t.val[0];
  *b1 = t.val[1];
  *b2 = t.val[2];
}
GUTF8CONV_KERNEL_INLINE void
gr_load_planes4 (const guint8 *p, gk_vec *b0, gk_vec *b1, gk_vec *b2, gk_vec *b3)
{
  uint8x16x4_t t = vld4q_u8 (p);

  *b0 = t.val[0];
  *b1 = t.val[1];
  *b2 = t.val[2];
  *b3 = t.val[3];
}

/* Sixteen pairs by one ST4 of their four byte planes. */
GUTF8CONV_KERNEL_INLINE void
neon_store_pairs (guint8         *o,
                  gk_vec          h_hi,
                  gk_vec          h_lo,
                  gk_vec          l_hi,
                  gk_vec          l_lo,
                  const gboolean  be)
{
  vst4q_u8 (o, (uint8x16x4_t) { { be ? h_hi : h_lo, be ? h_lo : h_hi, be ? l_hi : l_lo, be ? l_lo : l_hi } });
}
#define GR_STORE_PAIRS neon_store_pairs

#include "gutf8conv-kernel-generic-runs.h"

/* The characters that end in a block, at most 24 bits each, by their low,
 * middle and high bytes (the @m_lo of the low half, then the @m_hi of the
 * high half at the front of each half), to UCS-4 at @o; the new @o. */
static inline __attribute__((always_inline)) guint8 *
store_units24 (uint8x16_t      byte0,
               uint8x16_t      byte1,
               uint8x16_t      byte2,
               guint           m_lo,
               guint           m_hi,
               guint8         *o,
               const gboolean  big_endian)
{
  gr_store_ucs4_planes8 (o, byte0, byte1, byte2, FALSE, big_endian);
  o += 4 * popcount8[m_lo];
  gr_store_ucs4_planes8 (o, byte0, byte1, byte2, TRUE, big_endian);
  return o + 4 * popcount8[m_hi];
}

/* The same of at most sixteen bits, or with @utf16 to UTF-16 by one zip a
 * half (not ST2: GCC 12 builds its register pair on the stack). */
static inline __attribute__((always_inline)) guint8 *
store_units16 (uint8x16_t      byte0,
               uint8x16_t      byte1,
               guint           m_lo,
               guint           m_hi,
               guint8         *o,
               const gboolean  utf16,
               const gboolean  big_endian)
{
  if (utf16)
    {
      uint8x16_t first = big_endian ? byte1 : byte0, second = big_endian ? byte0 : byte1;

      vst1q_u8 (o, vzip1q_u8 (first, second));
      o += 2 * popcount8[m_lo];
      vst1q_u8 (o, vzip2q_u8 (first, second));
      return o + 2 * popcount8[m_hi];
    }
  return store_units24 (byte0, byte1, vdupq_n_u8 (0), m_lo, m_hi, o, big_endian);
}

/* store_units24() to UTF-16: a block where a four-byte form ends is rare
 * outside emoji runs (which the runs take), so one value at a time. */
static inline __attribute__((always_inline)) guint8 *
store_units24_utf16 (uint8x16_t      byte0,
                     uint8x16_t      byte1,
                     uint8x16_t      byte2,
                     guint           m_lo,
                     guint           m_hi,
                     guint8         *o,
                     const gboolean  big_endian)
{
  guint32 v[16];
  guint n = popcount8[m_lo] + popcount8[m_hi];

  store_units24 (byte0, byte1, byte2, m_lo, m_hi, (guint8 *) v, FALSE);
  for (guint i = 0; i < n; i++)
    o += store_utf16 (o, v[i], big_endian);
  return o;
}

/* The lanes of a valid block where a character ends, as bit masks of its
 * halves: where the next byte is not a continuation (@cont), but for a
 * character the block cuts (@tail: lanes that start a sequence longer than
 * what is left; the last lane stands for all three). */
GUTF8CONV_KERNEL_INLINE void
block_ends (uint8x16_t  cont,
            uint8x16_t  tail,
            uint8x16_t  weights,
            guint      *m_lo,
            guint      *m_hi)
{
  uint8x16_t ends = vbicq_u8 (weights, vextq_u8 (cont, vdupq_n_u8 (0), 1));

  /* At most one of the last three lanes starts a cut sequence (the block
   * is valid): 0x80 there takes the last lane's bit back in the sum. */
  ends = vaddq_u8 (ends, vandq_u8 (tail, vdupq_n_u8 (0x80)));
  ends = vpaddq_u8 (ends, ends);
  ends = vpaddq_u8 (ends, ends);
  ends = vpaddq_u8 (ends, ends);
  *m_lo = vgetq_lane_u8 (ends, 0);
  *m_hi = vgetq_lane_u8 (ends, 1);
}

/* The characters of a block that end at the lanes @m_lo, @m_hi, to UCS-4
 * at @o, or with @utf16 to UTF-16; the new @o.  @prev_payload and
 * @prev_cont are the block before's (zeros where it ended a character);
 * @four: a four-byte form may end here; @half8: 0 in the low half, 8 in
 * the high.  At each lane, its payload and those of the continuations
 * before it, then the ending lanes of each half to its front. */
GUTF8CONV_KERNEL_INLINE guint8 *
store_ends (uint8x16_t      payload,
            uint8x16_t      cont,
            uint8x16_t      prev_payload,
            uint8x16_t      prev_cont,
            guint           m_lo,
            guint           m_hi,
            uint8x16_t      half8,
            const gboolean  four,
            guint8         *o,
            const gboolean  utf16,
            const gboolean  big_endian)
{
  uint8x16_t c1 = vandq_u8 (cont, vextq_u8 (prev_cont, cont, 15));
  uint8x16_t q1 = vandq_u8 (vextq_u8 (prev_payload, payload, 15), cont);
  uint8x16_t q2 = vandq_u8 (vextq_u8 (prev_payload, payload, 14), c1);
  uint8x16_t byte0 = vorrq_u8 (payload, vshlq_n_u8 (q1, 6));
  uint8x16_t byte1 = vsliq_n_u8 (vshrq_n_u8 (q1, 2), q2, 4);
  uint8x16_t idx, c2, q3, byte2;

  idx = vreinterpretq_u8_u64 (vcombine_u64 (vld1_u64 ((const guint64 *) &gutf8conv_compact8[m_lo]),
                                            vld1_u64 ((const guint64 *) &gutf8conv_compact8[m_hi])));
  idx = vaddq_u8 (idx, half8);
  byte0 = vqtbl1q_u8 (byte0, idx);
  byte1 = vqtbl1q_u8 (byte1, idx);
  if (!four)
    return store_units16 (byte0, byte1, m_lo, m_hi, o, utf16, big_endian);
  c2 = vandq_u8 (c1, vextq_u8 (prev_cont, cont, 14));
  q3 = vandq_u8 (vextq_u8 (prev_payload, payload, 13), c2);
  byte2 = vqtbl1q_u8 (vsliq_n_u8 (vshrq_n_u8 (q2, 4), q3, 2), idx);
  if (utf16)
    return store_units24_utf16 (byte0, byte1, byte2, m_lo, m_hi, o, big_endian);
  return store_units24 (byte0, byte1, byte2, m_lo, m_hi, o, big_endian);
}

/* The careful loop's (gutf8conv-kernel-generic-decode.h): a block and the
 * byte after it; store_ends() writes 32 bytes a half. */
#define GK_CAREFUL_MIN 17
#define GK_DECODE_READ 16
#define GK_DECODE_OVER 32

/* The characters whose leads @leads marks at @p, held whole. */
GUTF8CONV_KERNEL_INLINE guint8 *
gk_decode_block (const guint8   *p,
                 gk_mask         leads,
                 guint8         *o,
                 const gboolean  big_endian)
{
  const uint8x16_t zero = vdupq_n_u8 (0);
  uint8x16_t b = vld1q_u8 (p);
  uint8x16_t payload = vandq_u8 (b, vqtbl1q_u8 (vld1q_u8 (gutf8conv_payload_mask), vshrq_n_u8 (b, 4)));
  uint8x16_t cont = vcltq_s8 (vreinterpretq_s8_u8 (b), vdupq_n_s8 (-0x40));
  /* (The padded rest may ask for no character: 0 is taken as 1.) */
  guint k = gk_mask_top (leads | 1), last = p[k];
  /* Each character ends before the next lead, the last after its length. */
  guint ends = (leads >> 1) | 1u << (k + (last >= 0xC0) + (last >= 0xE0) + (last >= 0xF0));

  return store_ends (payload, cont, zero, zero, ends & 0xFF, ends >> 8, vcombine_u8 (vdup_n_u8 (0), vdup_n_u8 (8)),
                     vmaxvq_u8 (b) >= 0xF0, o, FALSE, big_endian);
}

/* A block mended in one go (gutf8conv-kernel-generic-mend-block.h): one
 * value for each item that @leads marks, at the lane where it ends
 * (@ends), the last one's bytes past the block from the next, @b2. */
#define GK_HAVE_DECODE_ITEMS 1
G_STATIC_ASSERT (GK_BLOCK + 3 <= 8 * sizeof (gk_mask));
GUTF8CONV_KERNEL_INLINE guint8 *
gk_decode_items (const guint8   *p G_GNUC_UNUSED,
                 gk_vec          b,
                 gk_vec          b2,
                 gk_mask         leads G_GNUC_UNUSED,
                 gk_mask         ends,
                 guint8         *o,
                 const gboolean  big_endian)
{
  const uint8x16_t zero = vdupq_n_u8 (0), half8 = vcombine_u8 (vdup_n_u8 (0), vdup_n_u8 (8));
  const uint8x16_t pmask = vld1q_u8 (gutf8conv_payload_mask);
  const gboolean four = vmaxvq_u8 (b) >= 0xF0;
  uint8x16_t payload = vandq_u8 (b, vqtbl1q_u8 (pmask, vshrq_n_u8 (b, 4)));
  uint8x16_t cont = vcltq_s8 (vreinterpretq_s8_u8 (b), vdupq_n_s8 (-0x40));

  o = store_ends (payload, cont, zero, zero, ends & 0xFF, (ends >> 8) & 0xFF, half8, four, o, FALSE, big_endian);
  if (ends >> GK_BLOCK)
    {
      uint8x16_t payload2 = vandq_u8 (b2, vqtbl1q_u8 (pmask, vshrq_n_u8 (b2, 4)));
      uint8x16_t cont2 = vcltq_s8 (vreinterpretq_s8_u8 (b2), vdupq_n_s8 (-0x40));

      o = store_ends (payload2, cont2, payload, cont, ends >> GK_BLOCK, 0, half8, four, o, FALSE, big_endian);
    }
  return o;
}

GUTF8CONV_KERNEL_INLINE void
gk_widen_block (const guint8   *p G_GNUC_UNUSED,
                gk_vec          b,
                guint8         *o,
                const gboolean  big_endian)
{
  const guint8 (*w)[16] = big_endian ? widen_be : widen_le;

  vst1q_u8 (o, vqtbl1q_u8 (b, vld1q_u8 (w[0])));
  vst1q_u8 (o + 16, vqtbl1q_u8 (b, vld1q_u8 (w[1])));
  vst1q_u8 (o + 32, vqtbl1q_u8 (b, vld1q_u8 (w[2])));
  vst1q_u8 (o + 48, vqtbl1q_u8 (b, vld1q_u8 (w[3])));
}

/* gutf8conv-kernel-generic-load-rest.h's: TBL gives a zero for an index
 * out of range. */
typedef uint8x16_t gk_rest_vec;
GUTF8CONV_KERNEL_INLINE gk_vec gk_rest_load16 (const guint8 *p)     { return vld1q_u8 (p); }
GUTF8CONV_KERNEL_INLINE gk_vec gk_rest_load8 (const guint8 *p)      { return vcombine_u8 (vld1_u8 (p), vdup_n_u8 (0)); }
GUTF8CONV_KERNEL_INLINE gk_vec gk_rest_word (guint32 w)             { return vreinterpretq_u8_u32 (vsetq_lane_u32 (w, vdupq_n_u32 (0), 0)); }
GUTF8CONV_KERNEL_INLINE gk_vec gk_rest_lookup (gk_vec v, gk_vec i)  { return vqtbl1q_u8 (v, i); }
GUTF8CONV_KERNEL_INLINE gk_vec gk_rest_or (gk_vec a, gk_vec b)      { return vorrq_u8 (a, b); }
#include "gutf8conv-kernel-generic-load-rest.h"
#define gk_load_rest gk_load_rest16

GUTF8CONV_KERNEL_INLINE gk_vec gk_shift_down1 (gk_vec b) { return vextq_u8 (b, vdupq_n_u8 (0), 1); }

/* The fast phase's (gutf8conv-kernel-generic-kl-decode.h); an ASCII
 * block's UTF-16 units by one ST2. */
#define GK_KL_ENDS 1
GUTF8CONV_KERNEL_INLINE void
neon_widen16_store (guint8 *o, gk_vec b, const gboolean be)
{
  vst2q_u8 (o, (uint8x16x2_t) { { be ? vdupq_n_u8 (0) : b, be ? b : vdupq_n_u8 (0) } });
}
#define GK16_WIDEN_STORE neon_widen16_store
GUTF8CONV_KERNEL_INLINE gboolean gk_is_ascii (gk_vec x)  { return vmaxvq_u8 (x) < 0x80; }
GUTF8CONV_KERNEL_INLINE gk_mask  gk_cont_mask (gk_vec b) { return gk_movemask (vandq_u8 (b, vmvnq_u8 (vshlq_n_u8 (b, 1)))); }

GUTF8CONV_KERNEL_INLINE gboolean gk_any_set (gk_vec x) { return vmaxvq_u32 (vreinterpretq_u32_u8 (x)) != 0; }
#define GK_KL_LOOKUPS_ONLY 1
#define GK16_KL 1
/* Its fast phase mends damaged blocks in one go (gk_decode_items()). */
#define GK_FAST_MENDS 1

/* The fast phase's constants, kept in registers: the validator's tables
 * and store_ends()'s. */
#define GK_HAVE_CONTEXT 1
typedef struct { GkKlTables kl; uint8x16_t half8, weights, pmask, tstart; int8x16_t cont; } GkContext;

GUTF8CONV_KERNEL_INLINE GkContext
gk_context (const gboolean bmp_only)
{
  GkContext c = { gk_kl_tables (bmp_only), vcombine_u8 (vdup_n_u8 (0), vdup_n_u8 (8)), vld1q_u8 (bit_weights),
                  vld1q_u8 (gutf8conv_payload_mask), vld1q_u8 (gutf8conv_tail_start), vdupq_n_s8 (-0x40) };

  __asm__ ("" : "+w" (c.kl.prev_high), "+w" (c.kl.prev_low), "+w" (c.kl.cur_high), "+w" (c.kl.lead3), "+w" (c.kl.lead4),
                "+w" (c.half8), "+w" (c.weights), "+w" (c.pmask), "+w" (c.tstart), "+w" (c.cont));
  return c;
}

/* What a step keeps of its block: payloads, continuation lanes and the
 * leads of a character it cuts (zeros: a character boundary), and how
 * many blocks in a row had their characters end every second, third or
 * fourth lane (@m_lo: the last one's ends in its low half). */
typedef struct { uint8x16_t prev, payload, cont, tail; guint run, m_lo; } GkKlCarry;

GUTF8CONV_KERNEL_INLINE GkKlCarry
gk_kl_carry (void)
{
  return (GkKlCarry) { vdupq_n_u8 (0), vdupq_n_u8 (0), vdupq_n_u8 (0), vdupq_n_u8 (0), 0, 0 };
}
GUTF8CONV_KERNEL_INLINE gboolean
gk_kl_ends_ascii (const GkKlCarry *carry, gk_vec b)
{
  return vmaxvq_u8 (vmaxq_u8 (b, carry->tail)) < 0x80;
}

GUTF8CONV_KERNEL_INLINE guint8 *
gk_decode_ends (const GkContext *c,
                GkKlCarry       *carry,
                gk_vec           b,
                guint8          *o,
                const gboolean   big_endian,
                const guint      unit)
{
  /* (max counts the leads the block before cut.) */
  guint max = vmaxvq_u8 (vmaxq_u8 (b, carry->tail)), m_lo, m_hi;
  uint8x16_t payload, cont, tail;

  if (gk_any_set (gk_kl_errors_after (b, carry->prev, &c->kl)))
    return NULL;
  payload = vandq_u8 (b, vqtbl1q_u8 (c->pmask, vshrq_n_u8 (b, 4)));
  cont = vcltq_s8 (vreinterpretq_s8_u8 (b), c->cont);
  tail = vcgeq_u8 (b, c->tstart);
  block_ends (cont, tail, c->weights, &m_lo, &m_hi);
  o = store_ends (payload, cont, carry->payload, carry->cont, m_lo, m_hi, c->half8, max >= 0xF0, o, unit == 2, big_endian);
  carry->prev = b;
  carry->payload = payload;
  carry->cont = cont;
  carry->tail = vandq_u8 (tail, b);
  /* Blocks in a row whose characters end periodically: a run of one
   * length. */
  carry->run = gr_run_count (carry->run, m_lo, m_hi);
  carry->m_lo = m_lo;
  return o;
}

GUTF8CONV_KERNEL_INLINE guint
gk_kl_tail (const GkKlCarry *carry)
{
  return vmaxvq_u8 (vandq_u8 (vcgeq_u8 (carry->tail, vld1q_u8 (gutf8conv_tail_start)), vld1q_u8 (gutf8conv_tail_len)));
}
GUTF8CONV_KERNEL_INLINE gboolean gk_kl_run_due (const GkKlCarry *carry) { return gr_run_due (carry->run); }

#define gk_kl_run(carry, p, lim, po, bmp_only, be, unit) gr_run ((carry)->m_lo, p, lim, po, bmp_only, be, unit)

#include "gutf8conv-kernel-generic-kl-decode.h"
#define gk_decode_fast gk_kl_decode_fast
#include "gutf8conv-kernel-generic-decode.h"

GK_DECODE_ENTRY_POINTS (decode_neon, decode_neon_mend)

/* UTF-8 -> UTF-16: the fast phase storing 16-bit units, a block it does
 * not take to the scalar kernel, and the fast phase again. */
static inline __attribute__((always_inline)) gsize
decode16_neon_impl (const guint8 *in,
                    gsize         in_len,
                    guint8       *out,
                    gsize         out_len,
                    const guint   flags,
                    gsize        *in_used)
{
  const GUtf8ConvDecodeFunc scalar = gutf8conv_kernel_scalar_decode16;
  const guint8 *p = in, *end = in + in_len;
  guint8 *o = out, *oend = out + out_len;

  /* The fast phase stops short of its bounds only at a block that fails. */
  for (gk16_kl_run (&p, end, &o, oend, (flags & GUTF8CONV_KERNEL_BMP_ONLY) != 0, (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0);
       end - p >= 2 * GK_BLOCK && oend - o >= 4 * GK_BLOCK;
       gk16_kl_run (&p, end, &o, oend, (flags & GUTF8CONV_KERNEL_BMP_ONLY) != 0, (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0))
    if (!gutf8conv_kernel_scalar_block (scalar, &p, end, &o, oend, 16, GUTF8CONV_KERNEL_SEQ_SLACK, flags))
      return gutf8conv_kernel_stop (in, p, out, o, in_used);
  return gutf8conv_kernel_scalar_rest (scalar, in, p, end, out, o, oend, flags, in_used);
}

GUTF8CONV_KERNEL_ENTRY_POINT (decode16_neon, decode16_neon_impl, GUTF8CONV_KERNEL_BIG_ENDIAN | GUTF8CONV_KERNEL_BMP_ONLY)

/* Mending: the plain loop, each sequence where it stops mended. */
GK_MEND_AROUND_ENTRY_POINT (decode16_neon_mend, decode16_neon, NULL, 0, 2)

/* UTF-16 -> UTF-8 (gutf8conv-kernel-generic-utf16-encode.h): eight units a vector. */
#define GE16_UNITS 8
#define GE16_BITS 8
#define GE16_STORE_SLACK 12

GUTF8CONV_KERNEL_INLINE ge16_vec
ge16_load (const guint8 *p,
           gboolean      be)
{
  uint8x16_t b = vld1q_u8 (p);

  return vreinterpretq_u16_u8 (be ? vrev16q_u8 (b) : b);
}
GUTF8CONV_KERNEL_INLINE ge16_vec ge16_blend (ge16_vec a, ge16_vec b, ge16_vec m) { return vbslq_u16 (m, b, a); }
GUTF8CONV_KERNEL_INLINE ge16_vec ge16_prev (ge16_vec v)              { return vextq_u16 (v, v, 7); }
/* A byte a unit: the compare's halves narrowed. */
GUTF8CONV_KERNEL_INLINE guint64  ge16_mask (ge16_vec m)              { return vget_lane_u64 (vreinterpret_u64_u8 (vshrn_n_u16 (m, 4)), 0); }
GUTF8CONV_KERNEL_INLINE gboolean ge16_none (ge16_vec v)              { return vmaxvq_u16 (v) == 0; }

GUTF8CONV_KERNEL_INLINE guint8 *
ge16_store_ascii (guint8   *o,
                  ge16_vec  v)
{
  vst1_u8 (o, vmovn_u16 (v));
  return o + 8;
}

/* Four units a 16-byte store, by gutf8conv_enc3_shuffle. */
GUTF8CONV_KERNEL_INLINE guint8 *
ge16_store_utf8 (guint8   *o,
                 ge16_vec  hi,
                 ge16_vec  lo,
                 ge16_vec  ascii,
                 ge16_vec  short_)
{
  static const guint16 weights[16] = { 1, 2, 4, 8, 1, 2, 4, 8, 16, 32, 64, 128, 16, 32, 64, 128 };
  /* The table index of each group of four units: bit i where not
   * ASCII, 4+i where not short, summed pairwise. */
  uint16x8_t w = vorrq_u16 (vbicq_u16 (vld1q_u16 (weights), ascii), vbicq_u16 (vld1q_u16 (weights + 8), short_));
  uint8x8_t n = vmovn_u16 (w);
  uint8x8_t k = vpadd_u8 (vpadd_u8 (n, n), vpadd_u8 (n, n));
  guint k0 = vget_lane_u8 (k, 0), k1 = vget_lane_u8 (k, 1);
  uint8x16_t d_lo = vreinterpretq_u8_u16 (vzip1q_u16 (hi, lo));
  uint8x16_t d_hi = vreinterpretq_u8_u16 (vzip2q_u16 (hi, lo));

  vst1q_u8 (o, vqtbl1q_u8 (d_lo, vld1q_u8 (gutf8conv_enc3_shuffle[k0])));
  o += 4 + __builtin_popcount (k0);
  vst1q_u8 (o, vqtbl1q_u8 (d_hi, vld1q_u8 (gutf8conv_enc3_shuffle[k1])));
  return o + 4 + __builtin_popcount (k1);
}

/* Eight units by gutf8conv_enc2_shuffle. */
GUTF8CONV_KERNEL_INLINE guint8 *
ge16_store_two (guint8   *o,
                ge16_vec  t,
                ge16_vec  ascii)
{
  static const guint16 weights[8] = { 1, 2, 4, 8, 16, 32, 64, 128 };
  guint k = vaddvq_u16 (vandq_u16 (ascii, vld1q_u16 (weights)));

  vst1q_u8 (o, vqtbl1q_u8 (vreinterpretq_u8_u16 (t), vld1q_u8 (gutf8conv_enc2_shuffle[k])));
  return o + 16 - __builtin_popcount (k);
}

/* Four units a 12-byte step, one fixed lookup. */
GUTF8CONV_KERNEL_INLINE guint8 *
ge16_store_three (guint8   *o,
                  ge16_vec  hi,
                  ge16_vec  lo)
{
  static const guint8 keep3[16] = { 0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 0xFF, 0xFF, 0xFF, 0xFF };
  uint8x16_t k = vld1q_u8 (keep3);

  vst1q_u8 (o, vqtbl1q_u8 (vreinterpretq_u8_u16 (vzip1q_u16 (hi, lo)), k));
  vst1q_u8 (o + 12, vqtbl1q_u8 (vreinterpretq_u8_u16 (vzip2q_u16 (hi, lo)), k));
  return o + 24;
}

/* The sixteen-unit steps' (gutf8conv-kernel-generic-utf16-steps.h): BSL
 * selects, SLI/SRI insert, ADDV and MAXV/MINV reduce, ST3 interleaves;
 * its own constants kept with the steps': a lane's bit, the keys'
 * weights, the popcount table (no scalar popcount). */
typedef uint32x4_t gs32_vec;
static const guint16 lane_bits16[8] = { 1, 2, 4, 8, 16, 32, 64, 128 };
static const gint16 key_weights16[8] = { -1, -4, -16, -64, -1, -4, -16, -64 };
typedef struct { uint16x8_t lanes; int16x8_t kw; const guint8 *pop; } GsIsa;
GUTF8CONV_KERNEL_INLINE GsIsa gs_isa (void) { return (GsIsa) { vld1q_u16 (lane_bits16), vld1q_s16 (key_weights16), popcount8 }; }

#define GS_KEEP_ISA(k) do { KEEP_HERE ((k).lanes); KEEP_HERE ((k).kw); __asm__ ("" : "+r" ((k).pop)); } while (0)
#define gs16_sel vbslq_u16
#define gs8_sel vbslq_u8
#define gs32_sel vbslq_u32
#define gs8_sri(a, b, n) vsriq_n_u8 ((a), (b), (n))
#define gs32_sli(a, b, n) vsliq_n_u32 ((a), (b), (n))
#define gs16_min vminq_u16
GUTF8CONV_KERNEL_INLINE gboolean gs16_all_below (ge16_vec v, guint c)   { return vmaxvq_u16 (v) < c; }
GUTF8CONV_KERNEL_INLINE gboolean gs16_all_atleast (ge16_vec v, guint c) { return vminvq_u16 (v) >= c; }
#define gs16_ascii(c, v) gs16_all_below ((v), 0x80)
GUTF8CONV_KERNEL_INLINE gboolean gs16_any_zero (ge16_vec v)            { return vminvq_u16 (v) == 0; }
GUTF8CONV_KERNEL_INLINE gboolean gs16_all (ge16_vec m)                 { return vminvq_u16 (m) != 0; }
GUTF8CONV_KERNEL_INLINE gboolean gs16_any (ge16_vec m)                 { return vmaxvq_u16 (m) != 0; }
GUTF8CONV_KERNEL_INLINE guint    gs16_mask8 (const GsIsa *k, ge16_vec m) { return vaddvq_u16 (vandq_u16 (m, k->lanes)); }
#define gs_pop8(k, x) ((k)->pop[x])
GUTF8CONV_KERNEL_INLINE gk_vec   gs8_low (ge16_vec a, ge16_vec b)       { return vuzp1q_u8 (vreinterpretq_u8_u16 (a), vreinterpretq_u8_u16 (b)); }
GUTF8CONV_KERNEL_INLINE gk_vec   gs8_high (ge16_vec a, ge16_vec b)      { return vuzp2q_u8 (vreinterpretq_u8_u16 (a), vreinterpretq_u8_u16 (b)); }
GUTF8CONV_KERNEL_INLINE void     gs_store3 (const GsIsa *k G_GNUC_UNUSED, guint8 *o, gk_vec p0, gk_vec p1, gk_vec p2) { vst3q_u8 (o, (uint8x16x3_t) { { p0, p1, p2 } }); }
/* The lengths less one, by their weights, summed pairwise. */
GUTF8CONV_KERNEL_INLINE void
gs16_keys (const GsIsa *k, ge16_vec g2, ge16_vec g3, guint *lo, guint *hi)
{
  uint16x8_t keys = vreinterpretq_u16_s16 (vmulq_s16 (vreinterpretq_s16_u16 (vaddq_u16 (g2, g3)), k->kw));

  keys = vpaddq_u16 (keys, keys);
  keys = vpaddq_u16 (keys, keys);
  /* (At most 2 * (1 + 4 + 16 + 64).) */
  *lo = vgetq_lane_u16 (keys, 0);
  *hi = vgetq_lane_u16 (keys, 1);
}

#include "gutf8conv-kernel-generic-utf16-steps.h"

GE16_ENCODE_ENTRY_POINTS (encode16_neon, encode16_neon_mend)


/* UCS-4 -> UTF-8 (gutf8conv-kernel-generic-ucs4-steps.h): the same steps
 * on four vectors of units; MAXV and MINV reduce, UZP1 packs, ADDV sums
 * the any-value step's key. */
GUTF8CONV_KERNEL_INLINE gs32_vec gs32_load (const guint8 *p, gboolean be) { uint8x16_t x = vld1q_u8 (p); return vreinterpretq_u32_u8 (be ? vrev32q_u8 (x) : x); }
#define gs32_max vmaxq_u32
#define gs32_min vminq_u32
GUTF8CONV_KERNEL_INLINE gboolean gs32_all_below (gs32_vec v, guint32 c)   { return vmaxvq_u32 (v) < c; }
GUTF8CONV_KERNEL_INLINE gboolean gs32_all_atleast (gs32_vec v, guint32 c) { return vminvq_u32 (v) >= c; }
GUTF8CONV_KERNEL_INLINE gboolean gs32_any_zero (gs32_vec v)              { return vminvq_u32 (v) == 0; }
GUTF8CONV_KERNEL_INLINE gboolean gs32_any (gs32_vec m)                   { return vmaxvq_u32 (m) != 0; }
GUTF8CONV_KERNEL_INLINE ge16_vec gs16_low32 (gs32_vec a, gs32_vec b)     { return vuzp1q_u16 (vreinterpretq_u16_u32 (a), vreinterpretq_u16_u32 (b)); }
GUTF8CONV_KERNEL_INLINE guint
gs32_key4 (gs32_vec n)
{
  static const gint32 key_weights[4] = { -1, -4, -16, -64 };

  return (guint) vaddvq_s32 (vmulq_s32 (vreinterpretq_s32_u32 (n), vld1q_s32 (key_weights)));
}

#include "gutf8conv-kernel-generic-ucs4-steps.h"

GE32_ENCODE_ENTRY_POINTS (encode_neon, encode_neon_mend)

/* UTF-8 to UTF-8: the decoder's validation, 64 bytes a step
 * (gutf8conv-kernel-generic-kl-decode.h), then the careful loop. */
GK_COPY_ENTRY_POINT (copy_neon, gk_kl_validate_fast)

GK_KERNEL_TABLE (neon, gutf8conv_kernel_scalar_single_byte);
