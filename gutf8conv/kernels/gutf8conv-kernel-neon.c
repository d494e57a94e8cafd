/* gutf8conv-kernel-neon.c: the AArch64 Advanced SIMD kernel
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Advanced SIMD is part of every AArch64 CPU.  The generic layer's loops
 * (behaviour guide, `kernels`) over its operations in Advanced SIMD; with
 * VSX, the steps of the kernels whose vectors are GCC's: decoding by where
 * characters end (gutf8conv-kernel-generic-ends.h) and both encoders
 * sixteen units a step (-utf16-steps.h, -ucs4-steps.h).  Its own: the
 * runs of one length take their planes from LD3/LD4 and store pairs by
 * ST4, the ending lanes' masks are their weights summed pairwise (no
 * movemask).
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
GUTF8CONV_KERNEL_INLINE void
neon_widen16_store (guint8 *o, gk_vec b, const gboolean be)
{
  vst2q_u8 (o, (uint8x16x2_t) { { be ? vdupq_n_u8 (0) : b, be ? b : vdupq_n_u8 (0) } });
}
#define GK16_WIDEN_STORE neon_widen16_store
GUTF8CONV_KERNEL_INLINE gboolean gk_is_ascii (gk_vec x)  { return vmaxvq_u8 (x) < 0x80; }
GUTF8CONV_KERNEL_INLINE gk_mask  gk_cont_mask (gk_vec b) { return gk_movemask (vandq_u8 (b, vmvnq_u8 (vshlq_n_u8 (b, 1)))); }

GUTF8CONV_KERNEL_INLINE gboolean gk_any_set (gk_vec x) { return vmaxvq_u32 (vreinterpretq_u32_u8 (x)) != 0; }
/* The decoding by where characters end (gutf8conv-kernel-generic-ends.h):
 * TBL's rows, the popcount by table (no scalar popcount), MAXV; the
 * ending lanes' masks by their weights summed pairwise, 0x80 at a lane
 * that starts a cut sequence taking the last lane's bit back (8-bit sums). */
GUTF8CONV_KERNEL_INLINE gk_vec gk_rows8 (const guint8 *a, const guint8 *b) { return vreinterpretq_u8_u64 (vcombine_u64 (vld1_u64 ((const guint64 *) a), vld1_u64 ((const guint64 *) b))); }
#define gk_pop8(x) (popcount8[x])
#define gk_max_u8 vmaxq_u8
GUTF8CONV_KERNEL_INLINE gboolean gk_any_ge (gk_vec v, guint8 c) { return vmaxvq_u8 (v) >= c; }
#define gk_hmax_u8 vmaxvq_u8
typedef struct { uint8x16_t keep; } GkEndsIsa;
GUTF8CONV_KERNEL_INLINE GkEndsIsa gk_ends_isa (void) { return (GkEndsIsa) { vld1q_u8 (bit_weights) }; }
#define GK_VREG(x) "+w" (x)
GUTF8CONV_KERNEL_INLINE void
gk_ends_masks (const GkEndsIsa *k, gk_vec ends, gk_vec tail, guint *m_lo, guint *m_hi)
{
  uint8x16_t e = vaddq_u8 (vandq_u8 (k->keep, ends), vandq_u8 (tail, vdupq_n_u8 (0x80)));

  e = vpaddq_u8 (e, e);
  e = vpaddq_u8 (e, e);
  e = vpaddq_u8 (e, e);
  *m_lo = vgetq_lane_u8 (e, 0);
  *m_hi = vgetq_lane_u8 (e, 1);
}
#include "gutf8conv-kernel-generic-ends.h"

#include "gutf8conv-kernel-generic-kl-decode.h"
#define gk_decode_fast gk_kl_decode_fast
#include "gutf8conv-kernel-generic-decode.h"

GK_DECODE_ENTRY_POINTS (decode_neon, decode_neon_mend)

/* UTF-8 -> UTF-16: the fast phase's loop (gutf8conv-kernel-generic-kl-decode.h). */
GK16_KL_DECODE_ENTRY_POINTS (decode16_neon, decode16_neon_mend)

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

/* Single-byte text: the generic loop, its masks by the block test's
 * movemask. */
#define single_byte_masks gk_single_byte_masks
#include "gutf8conv-kernel-generic-single-byte.h"

static GK_SINGLE_BYTE_ENTRY_POINT (single_byte_neon)

GK_KERNEL_TABLE (neon, single_byte_neon);
