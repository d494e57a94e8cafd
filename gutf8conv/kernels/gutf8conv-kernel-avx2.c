/* gutf8conv-kernel-avx2.c: the AVX2 kernel
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * It runs the generic loops (gutf8conv-kernel-generic-*.h: the nibble
 * lookups' fast phase, the careful and padded blocks, encode, decode16
 * with the runs of one length, encode16) over the x86 vocabulary at 32
 * bytes (gutf8conv-kernel-x86-*.h), two 128-bit lanes that its shuffles,
 * packs and alignr keep apart.  Its own: a valid block transcoded from
 * the four bytes at each lead gathered into a dword, joined by two
 * multiply-adds and shifted right by the lead's length (vpsrlvd), a
 * block of three-byte characters only four a lane (gk_decode_valid());
 * decode16 straight to units for one- to three-byte text (gk16_units());
 * and masked stores where the output window is short (gk_widen_exact(),
 * gk_decode_exact()).
 *
 * Compiled with -mavx2, so the compiler puts a vzeroupper before every
 * return and call.
 */

#include "config.h"

#include <immintrin.h>
#include <string.h>

#include "gutf8conv-kernel.h"
#include "gutf8conv-kernel-tables.h"
/* The context: the transcoding's constants (X86Utf8). */
#define GK_HAVE_CONTEXT 1
#include "gutf8conv-kernel-x86-ops.h"

/* x86_utf8(), each constant made where this is and kept as it is: an
 * empty asm on each stops GCC from forming one again at each use. */
GUTF8CONV_KERNEL_INLINE X86Utf8
avx2_utf8 (void)
{
  X86Utf8 k = x86_utf8 ();

  __asm__ ("" : "+x" (k.nibble), "+x" (k.payload_mask), "+x" (k.shift_by_lead),
                "+x" (k.keep6), "+x" (k.pairs), "+x" (k.quads));
  return k;
}

typedef struct { X86Utf8 utf8; } GkContext;
GUTF8CONV_KERNEL_INLINE GkContext gk_context (const gboolean bmp_only G_GNUC_UNUSED) { return (GkContext) { avx2_utf8 () }; }
/* The lookups' tables are constants, loaded where used or operands; the
 * bytes before every block but a step's first loaded again, which is
 * cheaper than moving them across lanes. */
#define GK_KL_LOOKUPS_ONLY 1
#define GK_KL_CONTEXT_TABLES(ctx, bmp_only) gk_kl_tables (bmp_only)
#define GK_KL_LOADS 2

/* A vector of the 16 bytes at @p in both 128-bit lanes. */
static inline __m256i
load_twice (const guint8 *p)
{
  return _mm256_broadcastsi128_si256 (_mm_loadu_si128 ((const __m128i *) p));
}

/* Bit i set where byte i of @b is a continuation byte (80..BF): bit 7
 * set, bit 6 (bit 7 of b + b) clear; no constant to keep in a register. */
static inline guint32
cont_mask (__m256i b)
{
  return (guint32) _mm256_movemask_epi8 (b) & ~(guint32) _mm256_movemask_epi8 (_mm256_add_epi8 (b, b));
}

/* Four three-byte characters from the 12 bytes at the start of each lane:
 * each dword gets the third, second and lead byte, whose payloads two
 * multiply-adds combine.  Written once for both widths (_mm_ or _mm256_,
 * si128 or si256), each width its own instructions. */
#define THREE_BYTE_STEP(name, vec, pre, si, spread) \
  GUTF8CONV_KERNEL_INLINE vec \
  name (vec x) \
  { \
    x = pre##and_##si (pre##shuffle_epi8 (x, spread), pre##set1_epi32 (0x000F3F3F)); \
    x = pre##maddubs_epi16 (x, pre##set1_epi32 (0x00014001)); \
    return pre##madd_epi16 (x, pre##set1_epi32 (0x10000001)); \
  }
#define THREE_BYTE_SPREAD 2, 1, 0, -1, 5, 4, 3, -1, 8, 7, 6, -1, 11, 10, 9, -1
THREE_BYTE_STEP (three_byte_x8, __m256i, _mm256_, si256, X86_LANE_BYTES (THREE_BYTE_SPREAD))
THREE_BYTE_STEP (three_byte_x4, __m128i, _mm_, si128, _mm_setr_epi8 (THREE_BYTE_SPREAD))

/* Dword lanes 0..n-1 set. */
static inline __m256i
first_lanes (guint n)
{
  return _mm256_cmpgt_epi32 (_mm256_set1_epi32 ((int) n), _mm256_setr_epi32 (0, 1, 2, 3, 4, 5, 6, 7));
}

/* The characters whose lead bytes @leads marks among the 32 bytes at @p,
 * to @o, by the constants @k; returns the new @o.  Reads up to @p + 40.
 * It may write 32 bytes past the output unless @exact. */
GUTF8CONV_KERNEL_INLINE guint8 *
transcode32 (const guint8   *p,
             guint32         leads,
             guint8         *o,
             const gboolean  big_endian,
             const gboolean  exact,
             const X86Utf8  *k)
{
  /* Lane j of a group of eight positions gets bytes j..j+3; the shift
   * only from byte j. */
  const __m256i window = _mm256_setr_epi8 (0, 1, 2, 3, 1, 2, 3, 4, 2, 3, 4, 5, 3, 4, 5, 6,
                                           4, 5, 6, 7, 5, 6, 7, 8, 6, 7, 8, 9, 7, 8, 9, 10);
  const __m256i window0 = _mm256_setr_epi8 (0, -1, -1, -1, 1, -1, -1, -1, 2, -1, -1, -1, 3, -1, -1, -1,
                                            4, -1, -1, -1, 5, -1, -1, -1, 6, -1, -1, -1, 7, -1, -1, -1);

  /* Written out: GCC keeps the four groups a loop of their own, whose
   * speed on text of more than one byte then moves with its place in
   * the code from one build to the next (bench/results). */
#pragma GCC unroll 4
  for (guint g = 0; g < 4; g++)
    {
      guint m = (leads >> (8 * g)) & 0xFF;
      __m256i x, w, sh, perm;

      if (m == 0)
        continue;
      x = x86_payloads (load_twice (p + 8 * g), &sh, k);
      sh = _mm256_shuffle_epi8 (sh, window0);
      w = _mm256_shuffle_epi8 (x, window);
      w = x86_utf8_values (w, sh, big_endian, k);
      perm = _mm256_cvtepu8_epi32 (_mm_loadl_epi64 ((const __m128i *) &gutf8conv_compact8[m]));
      w = _mm256_permutevar8x32_epi32 (w, perm);
      if (exact)
        _mm256_maskstore_epi32 ((int *) o, first_lanes (__builtin_popcount (m)), w);
      else
        _mm256_storeu_si256 ((__m256i *) o, w);
      o += 4 * __builtin_popcount (m);
    }
  return o;
}

/* Eight ASCII bytes at @p as UCS-4. */
GUTF8CONV_KERNEL_INLINE __m256i
widen8 (const guint8   *p,
        const gboolean  big_endian)
{
  __m256i d = _mm256_cvtepu8_epi32 (_mm_loadl_epi64 ((const __m128i *) p));

  return big_endian ? _mm256_slli_epi32 (d, 24) : d;
}

/* 32 ASCII bytes at @p as UCS-4: sixteen bytes a load, each half widened
 * from the register, which cache-resident ASCII runs faster than four
 * widening loads (bench/results/, avx2-ascii-widening). */
GUTF8CONV_KERNEL_INLINE void
widen32 (const guint8   *p,
         guint8         *o,
         const gboolean  big_endian)
{
  for (guint h = 0; h < 2; h++)
    {
      __m128i x = _mm_loadu_si128 ((const __m128i *) (p + 16 * h));
      __m256i d0 = _mm256_cvtepu8_epi32 (x), d1 = _mm256_cvtepu8_epi32 (_mm_srli_si128 (x, 8));

      if (big_endian)
        {
          d0 = _mm256_slli_epi32 (d0, 24);
          d1 = _mm256_slli_epi32 (d1, 24);
        }
      _mm256_storeu_si256 ((__m256i *) (o + 64 * h), d0);
      _mm256_storeu_si256 ((__m256i *) (o + 64 * h + 32), d1);
    }
}

/* Ten or eleven three-byte characters, the first at @q, to @o. */
GUTF8CONV_KERNEL_INLINE void
decode_avx2_three_bytes (const guint8   *q,
                         guint8         *o,
                         const gboolean  big_endian)
{
  __m256i w = three_byte_x8 (_mm256_loadu2_m128i ((const __m128i *) (q + 12), (const __m128i *) q));
  __m128i w2 = three_byte_x4 (_mm_loadu_si128 ((const __m128i *) (q + 24)));

  if (big_endian)
    {
      w = x86_swap32 (w);
      w2 = _mm256_castsi256_si128 (x86_swap32 (_mm256_castsi128_si256 (w2)));
    }
  _mm256_storeu_si256 ((__m256i *) o, w);
  _mm_storeu_si128 ((__m128i *) (o + 32), w2);
}

/* The generic careful loop's operations (gutf8conv-kernel-generic-decode.h).
 * 32 bytes, the byte after them, and the 16-byte gathers of the last
 * group stay inside the input; shorter input (and any input the fast
 * loop needs 64 bytes for) goes to the padded blocks whole. */
#define GK_CAREFUL_MIN 48
#define GK_DECODE_READ 40
#define GK_DECODE_OVER 32

GUTF8CONV_KERNEL_INLINE guint8 *
gk_decode_block (const guint8 *p, gk_mask leads, guint8 *o, const gboolean big_endian)
{
  const X86Utf8 k = avx2_utf8 ();

  return transcode32 (p, leads, o, big_endian, FALSE, &k);
}

GUTF8CONV_KERNEL_INLINE void
gk_widen_block (const guint8 *p, gk_vec b G_GNUC_UNUSED, guint8 *o, const gboolean big_endian)
{
  widen32 (p, o, big_endian);
}

#include "gutf8conv-kernel-generic-load-rest.h"

GUTF8CONV_KERNEL_INLINE gk_vec
gk_load_rest (const guint8 *p, gsize n)
{
  if (n == 32)
    return _mm256_loadu_si256 ((const __m256i *) p);
  if (n > 16)
    return _mm256_set_m128i (gk_load_rest16 (p + 16, n - 16), _mm_loadu_si128 ((const __m128i *) p));
  return _mm256_zextsi128_si256 (gk_load_rest16 (p, n));
}

GUTF8CONV_KERNEL_INLINE gk_vec
gk_shift_down1 (gk_vec b)
{
  return _mm256_alignr_epi8 (_mm256_permute2x128_si256 (b, b, 0x81), b, 1);
}

/* A short output window filled exactly, by masked stores. */
#define GK_HAVE_EXACT_STORES 1
GUTF8CONV_KERNEL_INLINE void
gk_widen_exact (const guint8 *p, guint n, guint8 *o, const gboolean big_endian)
{
  if (n == 32)
    widen32 (p, o, big_endian);
  else
    for (guint g = 0; g < 4 && n > 8 * g; g++)
      _mm256_maskstore_epi32 ((int *) (o + 32 * g), first_lanes (n - 8 * g), widen8 (p + 8 * g, big_endian));
}

GUTF8CONV_KERNEL_INLINE guint8 *
gk_decode_exact (const guint8 *p, gk_mask leads, guint8 *o, const gboolean big_endian)
{
  const X86Utf8 k = avx2_utf8 ();

  return transcode32 (p, leads, o, big_endian, TRUE, &k);
}

/* The generic fast phase's operations (gutf8conv-kernel-generic-kl-decode.h):
 * a block and the next, and a block's stores with their overrun. */
#define GK_FAST_IN 64
#define GK_FAST_OUT 160

GUTF8CONV_KERNEL_INLINE gk_mask  gk_cont_mask (gk_vec b)   { return cont_mask (b); }

/* Only three-byte characters: a lead every third byte from c (valid, so
 * each has its two continuation bytes), and the last one, at 30, 31, 29
 * or 30, followed by two: (c + 1) % 3 bytes into the next block.  10 or
 * 11 of them.  The other blocks are the early return: so GCC keeps the
 * loop's values in registers on the three-byte path. */
GUTF8CONV_KERNEL_INLINE guint8 *
gk_decode_valid (const GkContext *ctx,
                 const guint8   *p,
                 gk_vec          b G_GNUC_UNUSED,
                 gk_mask         cont,
                 gk_mask         cont2,
                 guint8         *o,
                 const gboolean  big_endian)
{
  guint32 lead = ~cont;
  guint c = __builtin_ctz (lead);

  if (lead != 0x49249249u << c || (guint) __builtin_ctz (~cont2) != ((0x49u >> (2 * c)) & 3))
    return transcode32 (p, lead, o, big_endian, FALSE, &ctx->utf8);
  decode_avx2_three_bytes (p + c, o, big_endian);
  return o + 4 * __builtin_popcount (lead);
}

/* Malformed sequences mended in the fast loop (gk_decode_block() reads
 * past the block). */
#define GK_FAST_MENDS 1
#include "gutf8conv-kernel-generic-kl-decode.h"
#define gk_decode_fast gk_kl_decode_fast

/* A stream's smallest chunks, a lane or less, by ssse3's padded block,
 * which takes such a chunk of mixed text sooner than the 32-byte block
 * here (bench/README.md, small calls).  Every AVX2 CPU has what ssse3
 * requires. */
#define GK_DECODE_NARROW gutf8conv_kernel_ssse3.decode
#include "gutf8conv-kernel-generic-decode.h"

GK_DECODE_ENTRY_POINTS (decode_avx2, decode_avx2_mend)

/* UTF-8 to UTF-8: the fast phase's validation, then the careful loop's. */
GK_COPY_ENTRY_POINT (copy_avx2, gk_kl_validate_fast)

/* The runs' operations on 32 bytes, half a step a lane. */
#include "gutf8conv-kernel-x86-runs.h"

#include "gutf8conv-kernel-generic-runs.h"

/* UTF-8 -> UTF-16 (decode16), with the runs: Chinese and emoji text
 * would otherwise go through the block of values. */
#define GK16_RUNS 1
#include "gutf8conv-kernel-x86-utf16-decode.h"

/* Each half of the block as sixteen words, a unit at each byte from it
 * and the one or two after it (each widened by its load); the leads'
 * and ASCII bytes' kept eight words (a lane) at a time by a table of
 * byte shuffles.  Blocks of three-byte characters alone go to the runs
 * first (GK16_DIRECT_MIXED): CJK text takes them faster. */
#define GK16_DIRECT 3
#define GK16_DIRECT_MIXED 1

/* Whether block @b at @p, with three-byte leads, holds characters of one
 * to three bytes, valid as far as it goes: the fast phase's lookups on
 * the three bytes before it (converted, so valid; none before the
 * input's fourth byte: the decoder's), by the tables of BMP_ONLY, where
 * a lead from F0 is an error (pairs are the decoder's).  Fills @c's
 * continuation bytes. */
GUTF8CONV_KERNEL_INLINE gboolean
gk16_direct_valid (const guint8   *in,
                   __m256i         b,
                   const guint8   *p,
                   guint32         nonascii,
                   const gboolean  bmp_only G_GNUC_UNUSED,
                   GkLeads        *c)
{
  const GkKlTables t = gk_kl_tables (TRUE);

  if (p - in < 3)
    return FALSE;
  c->cont = nonascii & ~c->l2;
  c->l4 = 0;
  return !gk_any_set (gk_kl_errors_loaded (p, b, &t));
}
#define GK16_DIRECT_VALID gk16_direct_valid

/* The leads of two and three bytes of block @b (@nonascii: its top
 * bits) from bits 6 and 5, doubled up to the top by adds: no constant to
 * keep in a register. */
GUTF8CONV_KERNEL_INLINE void
gk16_leads (__m256i   b,
            guint32   nonascii,
            GkLeads  *c)
{
  __m256i b2 = _mm256_add_epi8 (b, b);

  c->l2 = nonascii & (guint32) _mm256_movemask_epi8 (b2);
  c->l3 = c->l2 & (guint32) _mm256_movemask_epi8 (_mm256_add_epi8 (b2, b2));
}
#define GK16_LEADS gk16_leads

/* Half @h of gk16_units(), its unit at byte i from bytes i, i + 1 and,
 * with @three, i + 2 of @p + 16 @h; kept by @keep (a bit a byte, shifted
 * left by four: the offsets of its bytes' rows in the table).  The
 * form chosen by the byte's own bits 7 and 5 (from ASCII, a lead of two
 * or three bytes; what a continuation byte gets is not kept), each
 * doubled into both bytes of its word for the blends: no constant. */
GUTF8CONV_KERNEL_INLINE guint8 *
units_half (const guint8   *p,
            guint           keep,
            const gboolean  three,
            guint8         *o,
            const gboolean  big_endian)
{
  const __m256i low6 = _mm256_set1_epi16 (0x3F);
  __m256i w0 = _mm256_cvtepu8_epi16 (_mm_loadu_si128 ((const __m128i *) p));
  __m256i c1 = _mm256_and_si256 (_mm256_cvtepu8_epi16 (_mm_loadu_si128 ((const __m128i *) (p + 1))), low6);
  __m256i twice = _mm256_or_si256 (w0, _mm256_slli_epi16 (w0, 8));
  /* 110xxxxx: five bits, the lead's top ones shifted out. */
  __m256i u = _mm256_or_si256 (_mm256_srli_epi16 (_mm256_slli_epi16 (w0, 11), 5), c1);
  guint key_lo = keep & 0xFF0, key_hi = (keep >> 8) & 0xFF0;
  const guint8 *rows = (const guint8 *) gutf8conv_words8_shuffle;

  if (three)
    {
      __m256i c2 = _mm256_and_si256 (_mm256_cvtepu8_epi16 (_mm_loadu_si128 ((const __m128i *) (p + 2))), low6);
      /* 1110xxxx: four bits. */
      __m256i u3 = _mm256_or_si256 (_mm256_or_si256 (_mm256_slli_epi16 (w0, 12), _mm256_slli_epi16 (c1, 6)), c2);

      u = _mm256_blendv_epi8 (u, u3, _mm256_slli_epi16 (twice, 2));
    }
  u = _mm256_blendv_epi8 (w0, u, twice);
  if (big_endian)
    u = x86_swap16 (u);
  u = _mm256_shuffle_epi8 (u, _mm256_loadu2_m128i ((const __m128i *) (rows + key_hi),
                                                   (const __m128i *) (rows + key_lo)));
  /* 16 bytes a store. */
  _mm_storeu_si128 ((__m128i *) o, _mm256_castsi256_si128 (u));
  o = (guint8 *) ((guint16 *) o + __builtin_popcount (key_lo));
  _mm_storeu_si128 ((__m128i *) o, _mm256_extracti128_si256 (u, 1));
  return (guint8 *) ((guint16 *) o + __builtin_popcount (key_hi));
}

GUTF8CONV_KERNEL_INLINE gsize
gk16_units (gk_vec          b,
            const guint8   *p,
            const GkLeads  *c,
            gk_mask         keep,
            guint8         *o,
            const gboolean  big_endian)
{
  guint8 *start = o;

  (void) b;
  /* 2 * GK_BLOCK bytes of room in all. */
  if (c->l3 != 0)
    {
      o = units_half (p, keep << 4, TRUE, o, big_endian);
      o = units_half (p + 16, keep >> 12, TRUE, o, big_endian);
    }
  else
    {
      o = units_half (p, keep << 4, FALSE, o, big_endian);
      o = units_half (p + 16, keep >> 12, FALSE, o, big_endian);
    }
  return o - start;
}

#include "gutf8conv-kernel-generic-utf16-decode.h"

GK16_DECODE_ENTRY_POINTS (decode16_avx2, decode16_avx2_mend, decode_avx2)

/* UTF-16 -> UTF-8 (encode16). */
#include "gutf8conv-kernel-x86-utf16-encode.h"

GE16_ENCODE_ENTRY_POINTS (encode16_avx2, encode16_avx2_mend)

/* UCS-4 -> UTF-8. */
#include "gutf8conv-kernel-x86-encode.h"

GE32_ENCODE_ENTRY_POINTS (encode_avx2, encode_avx2_mend)

GK_KERNEL_TABLE (avx2, gutf8conv_kernel_sse2_single_byte);
