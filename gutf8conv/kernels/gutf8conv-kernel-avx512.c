/* gutf8conv-kernel-avx512.c: the AVX-512 kernel
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * It runs the generic loops (gutf8conv-kernel-generic-*.h: the block
 * test and the fast phase over it, the careful and padded blocks,
 * encode, decode16, encode16) on 64-byte blocks whose byte classes are
 * mask registers.  Its own: the leads' second-byte ranges by one vpermb
 * lookup (bad_leads()); a valid block transcoded sixteen characters at a
 * time, the lead positions packed by vpcompressb and one vpermb
 * gathering the four bytes from each (gk_decode_leads()); the fast
 * phase's prefetch of ASCII input; encoding's any-value step by
 * vpmultishiftqb and the leading-zero count, its two-byte step by one
 * vpcompressb; and decode16's and encode16's steps on word and byte
 * compresses.  Stores are masked, so a short output window is filled
 * exactly.
 *
 * Compiled with -mavx512*, so the compiler puts a vzeroupper before every
 * return and call.
 */

#include "config.h"

#include <immintrin.h>
#include <string.h>

#include "gutf8conv-kernel.h"
#include "gutf8conv-kernel-generic.h"
#include "gutf8conv-kernel-tables.h"
#define X86_BITS 512
#include "gutf8conv-kernel-x86-width.h"

static inline guint64
low_bits (guint n)
{
  return n >= 64 ? ~G_GUINT64_CONSTANT (0) : (G_GUINT64_CONSTANT (1) << n) - 1;
}

/* The latin step of both encoders (UCS-4's packs its units to words
 * first): thirty-two sixteen-bit words @x below U+0800, ASCII or not, to
 * @o, each one's two-byte form (lead in the low byte) or its ASCII byte,
 * the bytes kept by one vpcompressb; 64 bytes stored.  The masks stay in
 * mask registers (their moves to and from vectors were the step's
 * limit); the constants are the caller's (FF80, 3F00 and 80C0 a word),
 * so that UTF-16's stay in its context's registers.  *@all_ascii:
 * whether every word was ASCII. */
GUTF8CONV_KERNEL_INLINE guint8 *
latin_words (guint8   *o,
             __m512i   x,
             __m512i   not_ascii,
             __m512i   three_mid,
             __m512i   two,
             guint    *all_ascii)
{
  __mmask32 a = _mm512_testn_epi16_mask (x, not_ascii);
  __m512i t = _mm512_ternarylogic_epi32 (_mm512_srli_epi16 (x, 6), _mm512_slli_epi16 (x, 8),
                                         three_mid, 0xF8);   /* a | (b & c): x >> 6 | (x & 3F) << 8 */
  /* Every low byte (made 7F or more); the high byte where x >> 7, the
   * high byte of x << 1, is not 0. */
  __m512i y = _mm512_ternarylogic_epi32 (_mm512_slli_epi16 (x, 1), not_ascii, not_ascii, 0xF3);   /* a | ~b */
  __mmask64 keep = _mm512_test_epi8_mask (y, y);

  t = _mm512_mask_mov_epi16 (_mm512_or_si512 (t, two), a, x);
  _mm512_storeu_si512 ((void *) o, _mm512_maskz_compress_epi8 (keep, t));
  *all_ascii = _kortestc_mask32_u8 (a, a);
  return o + __builtin_popcountll (_cvtmask64_u64 (keep));
}

/* The lead bytes (@l2: every byte >= 0xC0) of @b whose next byte, in @n1,
 * is out of the range Unicode Table 3-7 allows after them; C0, C1 and
 * F5..FF allow nothing.  The generated table is indexed by the lead's low
 * six bits, which is exactly what vpermb looks at. */
static inline __mmask64
bad_leads (__m512i  b,
           __m512i  n1,
           __mmask64 l2)
{
  __m512i lo = _mm512_permutexvar_epi8 (b, _mm512_loadu_si512 ((const void *) gutf8conv_lead_bounds[0]));
  __m512i hi = _mm512_permutexvar_epi8 (b, _mm512_loadu_si512 ((const void *) gutf8conv_lead_bounds[1]));

  return _mm512_mask_cmplt_epu8_mask (l2, n1, lo) | _mm512_mask_cmpgt_epu8_mask (l2, n1, hi);
}

/* The generic block test's lead check: bad_leads(), and with @bmp_only
 * every four-byte lead (@l4) too. */
#define GK_HAVE_BAD_LEADS 1
#define GK_ASCII_STEP_FIRST 1
GUTF8CONV_KERNEL_INLINE guint64
gk_bad_leads (__m512i        b,
              __m512i        n1,
              guint64        l2,
              guint64        l4,
              const gboolean bmp_only)
{
  return bmp_only ? bad_leads (b, n1, l2) | l4 : bad_leads (b, n1, l2);
}

/* decode_leads()'s constants, the kernel context: the transcoding's
 * (X86Utf8); byte i of a block (iota); the four steps' spreads, lane j's
 * four bytes all j + 16 * step; the bytes of a dword; its first byte.
 * Made once a fast loop, with an empty asm on each: GCC 12 otherwise
 * loads or forms each again every block. */
#define GK_HAVE_CONTEXT 1
typedef struct
{
  X86Utf8 utf8;
  __m512i iota, spread[4], bytes, first_byte;
} GkContext;

/* Not kept in registers: for the careful loop's and the mended blocks. */
GUTF8CONV_KERNEL_INLINE GkContext
decode_consts (void)
{
  const __m512i spread = _mm512_setr_epi32 (0x00000000, 0x01010101, 0x02020202, 0x03030303,
                                            0x04040404, 0x05050505, 0x06060606, 0x07070707,
                                            0x08080808, 0x09090909, 0x0A0A0A0A, 0x0B0B0B0B,
                                            0x0C0C0C0C, 0x0D0D0D0D, 0x0E0E0E0E, 0x0F0F0F0F);

  return (GkContext) {
    x86_utf8 (),
    _mm512_set_epi8 (63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48,
                     47, 46, 45, 44, 43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32,
                     31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16,
                     15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0),
    { spread, _mm512_add_epi8 (spread, SET1 (16)), _mm512_add_epi8 (spread, SET1 (32)),
      _mm512_add_epi8 (spread, SET1 (48)) },
    _mm512_set1_epi32 (0x03020100), _mm512_set1_epi32 (0xFF),
  };
}

GUTF8CONV_KERNEL_INLINE GkContext
gk_context (const gboolean bmp_only G_GNUC_UNUSED)
{
  GkContext c = decode_consts ();

  __asm__ ("" : "+v" (c.utf8.nibble), "+v" (c.utf8.payload_mask), "+v" (c.utf8.shift_by_lead),
                "+v" (c.utf8.keep6), "+v" (c.utf8.pairs), "+v" (c.utf8.quads), "+v" (c.iota),
                "+v" (c.spread[0]), "+v" (c.spread[1]), "+v" (c.spread[2]), "+v" (c.spread[3]),
                "+v" (c.bytes), "+v" (c.first_byte));
  return c;
}

/* The generic layer's vector operations (64-byte blocks) and block test. */
#include "gutf8conv-kernel-x86-ops.h"

/* The generic decoder's operations (gutf8conv-kernel-generic-decode.h):
 * a block, and the byte after it, stay inside the input; the stores are
 * masked, so a block writes nothing past its characters. */
#define GK_CAREFUL_MIN (GK_BLOCK + 1)
#define GK_DECODE_READ GK_BLOCK
#define GK_DECODE_OVER 0

/* Sixteen characters of decode_leads()'s block (its payloads @x, the
 * next block @next, the lead positions @pos, the shifts by length @sh):
 * dword lane j the one whose lead is at the byte of @pos that lane j of
 * step @i's spread names, to @o.  With @exact only the first @n of them are
 * written (@n: those left), without all sixteen's 64 bytes. */
GUTF8CONV_KERNEL_INLINE void
decode_step (__m512i         x,
             __m512i         next,
             __m512i         pos,
             __m512i         sh,
             guint           i,
             guint8         *o,
             guint           n,
             const gboolean  big_endian,
             const gboolean  exact,
             const GkContext *k)
{
  /* Dword lane j: bytes pos[j] .. pos[j] + 3, from @next past the
   * block. */
  __m512i idx = _mm512_add_epi8 (_mm512_permutexvar_epi8 (k->spread[i], pos), k->bytes);
  __m512i w = _mm512_permutex2var_epi8 (x, idx, next);
  /* Its shift in the dword's first byte: by an AND, not a zero-masked
   * vpermb, whose mask GCC 12 moved into a mask register every block. */
  __m512i s = _mm512_and_si512 (_mm512_permutexvar_epi8 (idx, sh), k->first_byte);

  w = x86_utf8_values (w, s, big_endian, &k->utf8);
  /* Whole stores where the room allows: no mask to count. */
  if (exact)
    _mm512_mask_storeu_epi32 ((void *) o, (__mmask16) low_bits (MIN (16, n)), w);
  else
    _mm512_storeu_si512 ((void *) o, w);
}

/* The characters whose lead bytes @leads marks among the 64 bytes @b, to
 * @o; the bytes of a character that ends past the block are those of
 * @next.  With @exact, nothing past them is written; without, each
 * sixteen characters' store is whole, up to 4 * GK_BLOCK bytes from @o.
 * Returns the new @o. */
GUTF8CONV_KERNEL_INLINE guint8 *
decode_leads (__m512i         b,
              __m512i         next,
              guint64         leads,
              guint8         *o,
              const gboolean  big_endian,
              const gboolean  exact,
              const GkContext *k)
{
  __m512i sh;
  __m512i x = x86_payloads (b, &sh, &k->utf8);
  /* The positions of the lead bytes, in order: character i starts at
   * byte pos[i]. */
  __m512i pos = _mm512_maskz_compress_epi8 (leads, k->iota);
  guint n_out = __builtin_popcountll (leads);

  /* At most four steps, written out. */
  if (n_out > 0)
    decode_step (x, next, pos, sh, 0, o, n_out, big_endian, exact, k);
  if (n_out > 16)
    decode_step (x, next, pos, sh, 1, o + 64, n_out - 16, big_endian, exact, k);
  if (n_out > 32)
    decode_step (x, next, pos, sh, 2, o + 128, n_out - 32, big_endian, exact, k);
  if (n_out > 48)
    decode_step (x, next, pos, sh, 3, o + 192, n_out - 48, big_endian, exact, k);
  return o + 4 * n_out;
}

/* The fast phase's: its room for 4 * GK_BLOCK bytes takes the whole
 * stores. */
GUTF8CONV_KERNEL_INLINE guint8 *
gk_decode_leads (const GkContext *ctx,
                 __m512i          b,
                 __m512i          next,
                 guint64          leads,
                 guint8          *o,
                 const gboolean   big_endian)
{
  return decode_leads (b, next, leads, o, big_endian, FALSE, ctx);
}

/* The fast loop's mended blocks: the next block's bytes from @b2. */
GUTF8CONV_KERNEL_INLINE guint8 *
decode_items (__m512i b, __m512i b2, guint64 leads, guint8 *o, const gboolean big_endian)
{
  const GkContext k = decode_consts ();

  return decode_leads (b, b2, leads, o, big_endian, FALSE, &k);
}
#define GK_HAVE_DECODE_ITEMS 1
#define gk_decode_items(p, b, b2, leads, ends, o, big_endian) decode_items ((b), (b2), (leads), (o), (big_endian))

/* The characters of a block end in it: what a lead's sequence would
 * read past it is the block's own bytes again, which the shift drops. */
GUTF8CONV_KERNEL_INLINE guint8 *
gk_decode_block (const guint8 *p, gk_mask leads, guint8 *o, const gboolean big_endian)
{
  const GkContext k = decode_consts ();
  gk_vec b = gk_loadu (p);

  return decode_leads (b, b, leads, o, big_endian, TRUE, &k);
}

/* Written out: gcc -O2 leaves a loop here, out of line, and
 * cache-resident ASCII runs at the store bandwidth only without it. */
GUTF8CONV_KERNEL_INLINE void
gk_widen_block (const guint8 *p G_GNUC_UNUSED, gk_vec b, guint8 *o, const gboolean big_endian)
{
  __m512i d0 = _mm512_cvtepu8_epi32 (_mm512_castsi512_si128 (b));
  __m512i d1 = _mm512_cvtepu8_epi32 (_mm512_extracti32x4_epi32 (b, 1));
  __m512i d2 = _mm512_cvtepu8_epi32 (_mm512_extracti32x4_epi32 (b, 2));
  __m512i d3 = _mm512_cvtepu8_epi32 (_mm512_extracti32x4_epi32 (b, 3));

  if (big_endian)
    {
      d0 = _mm512_slli_epi32 (d0, 24);
      d1 = _mm512_slli_epi32 (d1, 24);
      d2 = _mm512_slli_epi32 (d2, 24);
      d3 = _mm512_slli_epi32 (d3, 24);
    }
  _mm512_storeu_si512 ((void *) o, d0);
  _mm512_storeu_si512 ((void *) (o + 64), d1);
  _mm512_storeu_si512 ((void *) (o + 128), d2);
  _mm512_storeu_si512 ((void *) (o + 192), d3);
}

GUTF8CONV_KERNEL_INLINE gk_vec
gk_load_rest (const guint8 *p, gsize n)
{
  return _mm512_maskz_loadu_epi8 (low_bits (n), p);
}

/* valignd brings each 128-bit lane the one above it (zeros above the
 * top), for vpalignr's byte shift within lanes. */
GUTF8CONV_KERNEL_INLINE gk_vec
gk_shift_down1 (gk_vec b)
{
  return _mm512_alignr_epi8 (_mm512_alignr_epi32 (_mm512_setzero_si512 (), b, 4), b, 1);
}

/* A short output window filled exactly: the stores are masked, and
 * only the bytes that are there are read. */
#define GK_HAVE_EXACT_STORES 1
GUTF8CONV_KERNEL_INLINE void
gk_widen_exact (const guint8 *p, guint n, guint8 *o, const gboolean big_endian)
{
  for (guint g = 0; g < 4 && n > 16 * g; g++)
    {
      __mmask16 m = (__mmask16) low_bits (MIN (16, n - 16 * g));
      __m512i d = _mm512_cvtepu8_epi32 (_mm_maskz_loadu_epi8 (m, p + 16 * g));

      _mm512_mask_storeu_epi32 ((void *) (o + 64 * g), m, big_endian ? _mm512_slli_epi32 (d, 24) : d);
    }
}

#define gk_decode_exact gk_decode_block

#define GK_HAVE_MASK_FIRST 1
GUTF8CONV_KERNEL_INLINE gk_mask gk_mask_first (gk_mask m, guint n) { return _pdep_u64 (low_bits (n), m); }

/* ASCII into an output window that stays in the caches (a stream's
 * read) waits for its input from memory, which prefetching hides; into
 * a window of megabytes the writes to memory are the limit, and the
 * prefetches would only compete with them. */
#define GK_HAVE_FAST_PREFETCH 1
GUTF8CONV_KERNEL_INLINE gboolean gk_fast_prefetching (const guint8 *o, const guint8 *oend) { return oend - o <= 1024 * 1024; }
GUTF8CONV_KERNEL_INLINE void     gk_fast_prefetch (const guint8 *p) { _mm_prefetch ((const char *) p + 2048, _MM_HINT_T0); }

/* The fast phase: the generic one over the carry test
 * (gutf8conv-kernel-generic-carry-decode.h), 64 bytes a step, with the
 * prefetch. */
#define GK_FAST_MENDS 1
#include "gutf8conv-kernel-generic-carry-decode.h"

#define gk_decode_fast gk_carry_decode_fast
#include "gutf8conv-kernel-generic-decode.h"

GK_DECODE_ENTRY_POINTS (decode_avx512, decode_avx512_mend)

/* UTF-8 to UTF-8: the generic validation loops (the leads' ranges by
 * bad_leads()). */
GK_COPY_ENTRY_POINT (copy_avx512, gk_validate_fast)

/* UTF-8 -> UTF-16 (decode16). */
#include "gutf8conv-kernel-x86-utf16-decode.h"

/* Each value's unit, or its pair (high surrogate in the low half), in
 * its dword; the second half kept only for pairs, by a word compress. */
GUTF8CONV_KERNEL_INLINE gsize
gk16_pairs (const guint32  *v,
            guint8         *o,
            const gboolean  big_endian)
{
  guint8 *start = o;

  for (guint h = 0; h < 2; h++)
    {
      __m512i d = _mm512_load_si512 ((const void *) (v + 16 * h));
      __mmask16 sup = _mm512_cmpgt_epu32_mask (d, _mm512_set1_epi32 (0xFFFF));
      __m512i t = _mm512_sub_epi32 (d, _mm512_set1_epi32 (0x10000));
      __m512i pair = _mm512_or_si512 (_mm512_or_si512 (_mm512_srli_epi32 (t, 10), _mm512_set1_epi32 (0xDC00D800)),
                                      _mm512_slli_epi32 (_mm512_and_si512 (t, _mm512_set1_epi32 (0x3FF)), 16));
      __mmask32 keep = 0x55555555u | _pdep_u32 (sup, 0xAAAAAAAAu);

      d = _mm512_mask_mov_epi32 (d, sup, pair);
      if (big_endian)
        d = x86_swap16 (d);
      /* Room for 64 bytes here: 4 * GK16_GROUP in all. */
      _mm512_storeu_si512 ((void *) o, _mm512_maskz_compress_epi16 (keep, d));
      o += 2 * __builtin_popcount (keep);
    }
  return o - start;
}
#define GK16_PAIRS gk16_pairs

/* Each half of the block as thirty-two words, a unit at each byte from
 * it and the one or two after it; the leads' and ASCII bytes' kept by a
 * word compress. */
#define GK16_DIRECT 3

GUTF8CONV_KERNEL_INLINE gsize
gk16_units (gk_vec          b,
            const guint8   *p,
            const GkLeads  *c,
            gk_mask         keep,
            guint8         *o,
            const gboolean  big_endian)
{
  __m512i n1, n2;
  const __m512i low6 = _mm512_set1_epi16 (0x3F);
  guint8 *start = o;

  if (c->l3 == 0)
    {
      /* One and two bytes only: each character's lead (less C2: with the
       * continuation's 80 that leaves the payload after one add) and its
       * last byte packed by a byte compress each, widened and joined. */
      __m512i lead = _mm512_maskz_compress_epi8 (keep, _mm512_maskz_sub_epi8 (c->l2, b, SET1 (0xC2)));
      __m512i last = _mm512_maskz_compress_epi8 ((keep & ~c->l2) | ((keep & c->l2) << 1), b);

      for (guint h = 0; h < 2; h++)
        {
          __m512i u = _mm512_add_epi16 (_mm512_cvtepu8_epi16 (x86_half (last, h)),
                                        _mm512_slli_epi16 (_mm512_cvtepu8_epi16 (x86_half (lead, h)), 6));

          if (big_endian)
            u = x86_swap16 (u);
          /* Room for 2 * GK_BLOCK bytes: the second store may hold nothing. */
          _mm512_storeu_si512 ((void *) (o + 64 * h), u);
        }
      return 2 * __builtin_popcountll (keep);
    }
  n1 = _mm512_loadu_si512 ((const void *) (p + 1));
  n2 = _mm512_loadu_si512 ((const void *) (p + 2));
  for (guint h = 0; h < 2; h++)
    {
      __m512i w0 = _mm512_cvtepu8_epi16 (x86_half (b, h));
      __m512i w1 = _mm512_cvtepu8_epi16 (x86_half (n1, h));
      __m512i w2 = _mm512_cvtepu8_epi16 (x86_half (n2, h));
      __m512i c1 = _mm512_and_si512 (w1, low6);
      /* 110xxxxx: five bits; 1110xxxx: four, the lead's top bits shifted out. */
      __m512i u2 = _mm512_ternarylogic_epi32 (_mm512_slli_epi16 (w0, 6), _mm512_set1_epi16 (0x7C0),
                                              c1, 0xEA);   /* (a & b) | c */
      __m512i u3 = _mm512_ternarylogic_epi32 (_mm512_slli_epi16 (w0, 12), _mm512_slli_epi16 (c1, 6),
                                              _mm512_and_si512 (w2, low6), 0xFE);   /* a | b | c */
      __m512i u = _mm512_mask_mov_epi16 (w0, (__mmask32) (c->l2 >> (32 * h)), u2);

      u = _mm512_mask_mov_epi16 (u, (__mmask32) (c->l3 >> (32 * h)), u3);
      if (big_endian)
        u = x86_swap16 (u);
      _mm512_storeu_si512 ((void *) o, _mm512_maskz_compress_epi16 ((__mmask32) (keep >> (32 * h)), u));
      o += 2 * __builtin_popcount ((guint32) (keep >> (32 * h)));
    }
  return o - start;
}

/* Damaged text, while the damage is dense, through the UCS-4 decoder's
 * block-at-a-time mending, which is faster here than the plain loop's
 * start after each sequence (avx2's direct steps take lightly damaged
 * text faster without; bench/README.md, dirty input). */
#define GK16_MEND_VALUES 1
/* Its loops aligned: where they happened to land, hot ASCII ran far slower. */
#define GK16_ENTRY_PLACEMENT GUTF8CONV_KERNEL_LOOPS_ALIGNED
#include "gutf8conv-kernel-generic-utf16-decode.h"

GK16_DECODE_ENTRY_POINTS (decode16_avx512, decode16_avx512_mend, decode_avx512)

/* UTF-16 -> UTF-8 (encode16): the generic layer's operations on
 * thirty-two units, the basic ones from x86-utf16-encode.h. */
#include "gutf8conv-kernel-x86-utf16-encode.h"

GUTF8CONV_KERNEL_INLINE ge16_vec
ge16_prev (ge16_vec v)
{
  return _mm512_permutexvar_epi16 (_mm512_set_epi16 (30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15,
                                                     14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0), v);
}

GUTF8CONV_KERNEL_INLINE guint8 *
ge16_store_ascii (guint8   *o,
                  ge16_vec  v)
{
  _mm256_storeu_si256 ((__m256i *) o, _mm512_cvtepi16_epi8 (v));
  return o + 32;
}

/* Sixteen units a vpcompressb: the dwords interleaved from @hi and @lo
 * in unit order, and beside them which of their bytes to keep. */
GUTF8CONV_KERNEL_INLINE guint8 *
ge16_store_utf8 (guint8   *o,
                 ge16_vec  hi,
                 ge16_vec  lo,
                 ge16_vec  ascii,
                 ge16_vec  short_)
{
  /* Byte 0 where three bytes, 1 where at least two; 2 likewise, 3 where
   * ASCII: the top bit of each byte. */
  __m512i keep_hi = _mm512_or_si512 (_mm512_andnot_si512 (short_, _mm512_set1_epi16 (0x0080)),
                                     _mm512_andnot_si512 (ascii, _mm512_set1_epi16 ((short) 0x8000)));
  __m512i keep_lo = ge16_blend (_mm512_set1_epi16 (0x0080), _mm512_set1_epi16 ((short) 0x8000), ascii);

  for (guint h = 0; h < 2; h++)
    {
      /* Word 2i from hi's unit 16h+i, word 2i+1 from lo's. */
      const __m512i inter = h == 0
        ? _mm512_set_epi16 (47, 15, 46, 14, 45, 13, 44, 12, 43, 11, 42, 10, 41, 9, 40, 8,
                            39, 7, 38, 6, 37, 5, 36, 4, 35, 3, 34, 2, 33, 1, 32, 0)
        : _mm512_set_epi16 (63, 31, 62, 30, 61, 29, 60, 28, 59, 27, 58, 26, 57, 25, 56, 24,
                            55, 23, 54, 22, 53, 21, 52, 20, 51, 19, 50, 18, 49, 17, 48, 16);
      __m512i d = _mm512_permutex2var_epi16 (hi, inter, lo);
      __mmask64 keep = _mm512_movepi8_mask (_mm512_permutex2var_epi16 (keep_hi, inter, keep_lo));

      _mm512_storeu_si512 ((void *) o, _mm512_maskz_compress_epi8 (keep, d));
      o += __builtin_popcountll (keep);
    }
  return o;
}

/* The low byte of every unit, the high byte where not ASCII: one
 * vpcompressb. */
GUTF8CONV_KERNEL_INLINE guint8 *
ge16_store_two (guint8   *o,
                ge16_vec  t,
                ge16_vec  ascii)
{
  __mmask64 keep = _mm512_movepi8_mask (ge16_blend (_mm512_set1_epi16 ((short) 0x8080),
                                                    _mm512_set1_epi16 (0x0080), ascii));

  _mm512_storeu_si512 ((void *) o, _mm512_maskz_compress_epi8 (keep, t));
  return o + __builtin_popcountll (keep);
}

/* Bytes 0-2 of each unit's dword: a fixed compress a sixteen units. */
GUTF8CONV_KERNEL_INLINE guint8 *
ge16_store_three (guint8   *o,
                  ge16_vec  hi,
                  ge16_vec  lo)
{
  const __m512i inter0 = _mm512_set_epi16 (47, 15, 46, 14, 45, 13, 44, 12, 43, 11, 42, 10, 41, 9, 40, 8,
                                           39, 7, 38, 6, 37, 5, 36, 4, 35, 3, 34, 2, 33, 1, 32, 0);
  const __m512i inter1 = _mm512_set_epi16 (63, 31, 62, 30, 61, 29, 60, 28, 59, 27, 58, 26, 57, 25, 56, 24,
                                           55, 23, 54, 22, 53, 21, 52, 20, 51, 19, 50, 18, 49, 17, 48, 16);
  const __mmask64 keep3 = G_GUINT64_CONSTANT (0x7777777777777777);

  _mm512_storeu_si512 ((void *) o, _mm512_maskz_compress_epi8 (keep3, _mm512_permutex2var_epi16 (hi, inter0, lo)));
  _mm512_storeu_si512 ((void *) (o + 48), _mm512_maskz_compress_epi8 (keep3, _mm512_permutex2var_epi16 (hi, inter1, lo)));
  return o + 96;
}

/* The context's constants held in registers: formed again where used,
 * they made the loop's paths trade speed whenever one of them changed. */
#define GE16_HAVE_KEEP 1
GUTF8CONV_KERNEL_INLINE void ge16_keep (ge16_vec *v) { __asm__ ("" : "+v" (*v)); }
/* Text below U+0800 by latin runs: its two-byte step (below), one
 * vpcompressb, costs less than a mispredicted test for ASCII. */
#define GE16_HAVE_LATIN_STEP 1
#define GE16_LATIN_RUN 4

#include "gutf8conv-kernel-generic-utf16-encode.h"

/* Thirty-two units below U+0800, ASCII or not, by latin_words() on the
 * context's constants (new ones cost the loop's other paths registers). */
GUTF8CONV_KERNEL_INLINE guint8 *
ge16_latin_step (const Ge16Context *c,
                 guint8            *o,
                 ge16_vec           v,
                 guint             *ascii)
{
  return latin_words (o, v, c->not_ascii, c->three_mid, c->two, ascii);
}

GE16_ENCODE_ENTRY_POINTS (encode16_avx512, encode16_avx512_mend)

/* UCS-4 -> UTF-8: the generic layer's steps on thirty-two units, two
 * vectors.  After UTF-16's, whose BMP step it takes on the units packed
 * to words, on its constants (Ge32Context). */

#define GE32_UNITS 32
/* The BMP step: 96 bytes, its second 64-byte store from 48 at most (the
 * latin and any-value steps check their own room). */
#define GE32_ROOM 112
typedef struct { __m512i a, b; } ge32_vec;
/* Its own steps: text below U+0800 by latin runs, one vpcompressb a
 * step, BMP text by UTF-16's step, and a prefetch in the ASCII run. */
#define GE32_HAVE_LATIN_STEP 1
#define GE32_LATIN_UNITS 32
#define GE32_LATIN_RUN 4
#define GE32_HAVE_BMP 1
#define GE32_HAVE_BMP_PARTS 1
#define GE32_HAVE_ASCII_PREFETCH 1
#define GE32_HAVE_CONTEXT 1
struct _Ge32Context { Ge16Context w; };
GUTF8CONV_KERNEL_INLINE Ge32Context ge32_context (void) { Ge32Context c = { ge16_context () }; return c; }

GUTF8CONV_KERNEL_INLINE ge32_vec
ge32_load (const guint8 *p,
           gboolean      big_endian)
{
  ge32_vec v = { _mm512_loadu_si512 ((const void *) p), _mm512_loadu_si512 ((const void *) (p + 64)) };

  if (big_endian)
    {
      v.a = x86_swap32 (v.a);
      v.b = x86_swap32 (v.b);
    }
  return v;
}

GUTF8CONV_KERNEL_INLINE gboolean ge32_below (ge32_vec v, guint32 limit) { return _mm512_test_epi32_mask (_mm512_or_si512 (v.a, v.b), _mm512_set1_epi32 ((int) -limit)) == 0; }
GUTF8CONV_KERNEL_INLINE gboolean ge32_has_nul (ge32_vec v)               { return (_mm512_testn_epi32_mask (v.a, v.a) | _mm512_testn_epi32_mask (v.b, v.b)) != 0; }

/* With @no_nul, 1..7F: v - 1 at most 7E, as 0 wraps round. */
GUTF8CONV_KERNEL_INLINE gboolean
ge32_ascii (ge32_vec v,
            gboolean no_nul)
{
  const __m512i one = _mm512_set1_epi32 (1), max = _mm512_set1_epi32 (0x7E);

  if (!no_nul)
    return ge32_below (v, 0x80);
  return (_mm512_cmpgt_epu32_mask (_mm512_sub_epi32 (v.a, one), max) |
          _mm512_cmpgt_epu32_mask (_mm512_sub_epi32 (v.b, one), max)) == 0;
}

#define GE32_PARTS 2
typedef __m512i ge32_part;

GUTF8CONV_KERNEL_INLINE ge32_part ge32_part_of (ge32_vec v, guint i) { return i == 0 ? v.a : v.b; }

/* Most text is below U+D800: one comparison. */
GUTF8CONV_KERNEL_INLINE gboolean
ge32_bad (ge32_part v,
          guint32  max)
{
  return _mm512_cmpge_epu32_mask (v, _mm512_set1_epi32 (0xD800)) != 0 &&
         (_mm512_cmpgt_epu32_mask (v, _mm512_set1_epi32 ((int) max)) != 0 ||
          _mm512_cmpeq_epi32_mask (_mm512_and_si512 (v, _mm512_set1_epi32 (~0x7FF)), _mm512_set1_epi32 (0xD800)) != 0);
}

GUTF8CONV_KERNEL_INLINE guint8 *
ge32_store_ascii (const Ge32Context *c G_GNUC_UNUSED,
                  guint8            *o,
                  ge32_vec           v)
{
  _mm_storeu_si128 ((__m128i *) o, _mm512_cvtepi32_epi8 (v.a));
  _mm_storeu_si128 ((__m128i *) (o + 16), _mm512_cvtepi32_epi8 (v.b));
  return o + 32;
}

/* The units as thirty-two words, in order. */
GUTF8CONV_KERNEL_INLINE __m512i
ge32_words (ge32_vec v)
{
  return _mm512_permutex2var_epi16 (v.a, _mm512_set_epi16 (62, 60, 58, 56, 54, 52, 50, 48, 46, 44, 42, 40, 38, 36, 34, 32,
                                                           30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0), v.b);
}

/* Every unit in the BMP: one is a surrogate. */
GUTF8CONV_KERNEL_INLINE gboolean
ge32_surrogate (const Ge32Context *c G_GNUC_UNUSED,
                ge32_vec           v)
{
  const __m512i top5 = _mm512_set1_epi32 (~0x7FF), surrogate = _mm512_set1_epi32 (0xD800);

  return (_mm512_cmpeq_epi32_mask (_mm512_and_si512 (v.a, top5), surrogate) |
          _mm512_cmpeq_epi32_mask (_mm512_and_si512 (v.b, top5), surrogate)) != 0;
}

GUTF8CONV_KERNEL_INLINE guint8 *
ge32_encode_bmp (const Ge32Context *c,
                 guint8            *o,
                 ge32_vec           v)
{
  return ge16_encode_bmp (&c->w, o, ge32_words (v));
}

/* ASCII text reads four times what it writes: a prefetch a page ahead
 * keeps memory busier than the hardware's alone (never faults, so past
 * the end of the input is harmless). */
GUTF8CONV_KERNEL_INLINE void
ge32_ascii_prefetch (const guint8 *p)
{
  _mm_prefetch ((const char *) p + 4096, _MM_HINT_T0);
  _mm_prefetch ((const char *) p + 4096 + 64, _MM_HINT_T0);
}

/* Thirty-two units below U+0800 (Latin, Greek, Cyrillic, Arabic, Hebrew
 * text), ASCII or not, packed to words for latin_words(); the any-value
 * step costs twice as much per unit. */
GUTF8CONV_KERNEL_INLINE guint8 *
ge32_latin_step (const Ge32Context *c,
                 const guint8      *p,
                 const guint8      *end,
                 guint8            *o,
                 const guint8      *oend,
                 const guint        flags,
                 guint             *all_ascii)
{
  ge32_vec v;

  if (end - p < 128 || oend - o < 64)
    return NULL;
  v = ge32_load (p, (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0);
  if ((flags & GUTF8CONV_KERNEL_NO_NUL)
      ? (_mm512_cmpgt_epu32_mask (_mm512_sub_epi32 (v.a, _mm512_set1_epi32 (1)), _mm512_set1_epi32 (0x7FE)) |
         _mm512_cmpgt_epu32_mask (_mm512_sub_epi32 (v.b, _mm512_set1_epi32 (1)), _mm512_set1_epi32 (0x7FE))) != 0
      : !ge32_below (v, 0x800))
    return NULL;
  return latin_words (o, ge32_words (v), c->w.not_ascii, c->w.three_mid, c->w.two, all_ascii);
}

/* By the number of leading zeros of a value (mod 32: 32 is U+0000), for
 * its UTF-8 length: the right shift, the payload mask and the marker bits
 * of its bytes.  0..10 leading zeros are values no sequence has. */
static const guint32 encode_by_lz[3][32] = {
  { 24, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    8, 8, 8, 8, 8, 16, 16, 16, 16, 24, 24, 24, 24, 24, 24, 24 },
  { 0x7F, 0x3F3F3F07, 0x3F3F3F07, 0x3F3F3F07, 0x3F3F3F07, 0x3F3F3F07, 0x3F3F3F07, 0x3F3F3F07,
    0x3F3F3F07, 0x3F3F3F07, 0x3F3F3F07, 0x3F3F3F07, 0x3F3F3F07, 0x3F3F3F07, 0x3F3F3F07, 0x3F3F3F07,
    0x3F3F0F, 0x3F3F0F, 0x3F3F0F, 0x3F3F0F, 0x3F3F0F, 0x3F1F, 0x3F1F, 0x3F1F,
    0x3F1F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F },
  { 0, 0x808080F0, 0x808080F0, 0x808080F0, 0x808080F0, 0x808080F0, 0x808080F0, 0x808080F0,
    0x808080F0, 0x808080F0, 0x808080F0, 0x808080F0, 0x808080F0, 0x808080F0, 0x808080F0, 0x808080F0,
    0x8080E0, 0x8080E0, 0x8080E0, 0x8080E0, 0x8080E0, 0x80C0, 0x80C0, 0x80C0,
    0x80C0, 0, 0, 0, 0, 0, 0, 0 },
};

/* Row @t of encode_by_lz at each lane's @lz. */
GUTF8CONV_KERNEL_INLINE __m512i
by_lz (guint   t,
       __m512i lz)
{
  return _mm512_permutex2var_epi32 (_mm512_loadu_si512 ((const void *) encode_by_lz[t]), lz,
                                    _mm512_loadu_si512 ((const void *) (encode_by_lz[t] + 16)));
}

GUTF8CONV_KERNEL_INLINE guint8 *
ge32_encode_any (const Ge32Context *c G_GNUC_UNUSED,
                 guint8            *o,
                 const guint8      *oend,
                 ge32_part          v)
{
  /* The four six-bit groups of the four-byte form, lead first in the low
   * byte, each with the two bits above it (vpmultishiftqb)... */
  __m512i w = _mm512_multishift_epi64_epi8 (_mm512_set1_epi64 ((long long) G_GUINT64_CONSTANT (0x20262C3200060C12)), v);
  /* ...shifted down to the sequence's length, which the number of
   * leading zeros gives, then masked to payloads and marked. */
  __m512i lz = _mm512_lzcnt_epi32 (v);
  __mmask64 keep;
  guint n;

  w = _mm512_srlv_epi32 (w, by_lz (0, lz));
  w = _mm512_ternarylogic_epi32 (w, by_lz (1, lz), by_lz (2, lz), 0xEA);   /* (w & mask) | marker */
  /* Every byte of a sequence is non-zero but the first of U+0000. */
  keep = _mm512_test_epi8_mask (w, w) | G_GUINT64_CONSTANT (0x1111111111111111);
  n = __builtin_popcountll (keep);
  if ((gsize) (oend - o) < n)
    return NULL;
  _mm512_mask_storeu_epi8 ((void *) o, low_bits (n), _mm512_maskz_compress_epi8 (keep, w));
  return o + n;
}

#include "gutf8conv-kernel-generic-encode.h"

GE32_ENCODE_ENTRY_POINTS (encode_avx512, encode_avx512_mend)

GK_KERNEL_TABLE (avx512, gutf8conv_kernel_sse2_single_byte);
