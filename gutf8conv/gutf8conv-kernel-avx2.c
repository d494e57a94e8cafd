/* gutf8conv-kernel-avx2.c: the AVX2 kernel
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Decoding takes 32 input bytes a step.  The whole block is validated
 * with byte compares (lead byte classes, the second-byte ranges of Unicode
 * Table 3-7) and one bit-mask identity: the continuation bytes must be
 * exactly those the lead bytes announce.  A valid block is transcoded by
 * gathering, for every lead byte, the four bytes from it into a dword,
 * combining their payload bits with two multiply-adds and shifting out
 * what belongs to the next character; the lead lanes are then packed
 * together.  Encoding computes each unit's UTF-8 bytes in its dword and
 * packs four dwords at a time with one byte shuffle.  Any block that is
 * not entirely valid, and the short tail, go to the scalar kernel, which
 * stops where it must.
 *
 * Compiled with -mavx2, so the compiler puts a vzeroupper before every
 * return and call.
 */

#include "config.h"

#include <immintrin.h>
#include <string.h>

#include "gutf8conv-kernel.h"
#include "gutf8conv-kernel-tables.h"

#define SEQ_SLACK 3

static inline __m256i
ge_u8 (__m256i x,
       __m256i c)
{
  return _mm256_cmpeq_epi8 (_mm256_max_epu8 (x, c), x);
}

static inline __m256i
eq_u8 (__m256i x,
       int     c)
{
  return _mm256_cmpeq_epi8 (x, _mm256_set1_epi8 ((char) c));
}

#define SET1(c) _mm256_set1_epi8 ((char) (c))

/* A vector of the 16 bytes at @p in both 128-bit lanes. */
static inline __m256i
load_twice (const guint8 *p)
{
  return _mm256_broadcastsi128_si256 (_mm_loadu_si128 ((const __m128i *) p));
}

/* C0, C1, F5..FF never start anything (nor F0..F4 with @bmp_only); E0,
 * ED, F0, F4 narrow the range of the byte after them, which @n1 holds. */
static inline __attribute__((always_inline)) __m256i
bad_bytes (__m256i        b,
           __m256i        n1,
           const gboolean bmp_only)
{
  __m256i bad;

  bad = _mm256_or_si256 (ge_u8 (b, SET1 (bmp_only ? 0xF0 : 0xF5)),
                         eq_u8 (_mm256_and_si256 (b, SET1 (0xFE)), 0xC0));
  bad = _mm256_or_si256 (bad, _mm256_andnot_si256 (ge_u8 (n1, SET1 (0xA0)), eq_u8 (b, 0xE0)));
  bad = _mm256_or_si256 (bad, _mm256_and_si256 (ge_u8 (n1, SET1 (0xA0)), eq_u8 (b, 0xED)));
  bad = _mm256_or_si256 (bad, _mm256_andnot_si256 (ge_u8 (n1, SET1 (0x90)), eq_u8 (b, 0xF0)));
  bad = _mm256_or_si256 (bad, _mm256_and_si256 (ge_u8 (n1, SET1 (0x90)), eq_u8 (b, 0xF4)));
  return bad;
}

/* Dword lanes 0..n-1 set. */
static inline __m256i
first_lanes (guint n)
{
  return _mm256_cmpgt_epi32 (_mm256_set1_epi32 ((int) n), _mm256_setr_epi32 (0, 1, 2, 3, 4, 5, 6, 7));
}

/* The characters whose lead bytes @leads marks among the 32 bytes at @p,
 * to @o; returns the new @o.  Reads up to @p + 40.  It may write 32 bytes
 * past the output unless @exact. */
static inline __attribute__((always_inline)) guint8 *
transcode32 (const guint8   *p,
             guint32         leads,
             guint8         *o,
             const gboolean  big_endian,
             const gboolean  exact)
{
  /* By high nibble: the payload mask of a lead or continuation byte, and
   * how far the four gathered payloads must be shifted right for a
   * sequence of that lead's length. */
  const __m256i payload_mask = _mm256_setr_epi8 (0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F,
                                                 0x3F, 0x3F, 0x3F, 0x3F, 0x1F, 0x1F, 0x0F, 0x07,
                                                 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F,
                                                 0x3F, 0x3F, 0x3F, 0x3F, 0x1F, 0x1F, 0x0F, 0x07);
  const __m256i shift_by_lead = _mm256_setr_epi8 (18, 18, 18, 18, 18, 18, 18, 18,
                                                  0, 0, 0, 0, 12, 12, 6, 0,
                                                  18, 18, 18, 18, 18, 18, 18, 18,
                                                  0, 0, 0, 0, 12, 12, 6, 0);
  /* Lane j of a group of eight positions gets bytes j..j+3; the shift
   * only from byte j. */
  const __m256i window = _mm256_setr_epi8 (0, 1, 2, 3, 1, 2, 3, 4, 2, 3, 4, 5, 3, 4, 5, 6,
                                           4, 5, 6, 7, 5, 6, 7, 8, 6, 7, 8, 9, 7, 8, 9, 10);
  const __m256i window0 = _mm256_setr_epi8 (0, -1, -1, -1, 1, -1, -1, -1, 2, -1, -1, -1, 3, -1, -1, -1,
                                            4, -1, -1, -1, 5, -1, -1, -1, 6, -1, -1, -1, 7, -1, -1, -1);
  const __m256i bswap = _mm256_setr_epi8 (3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12,
                                          3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);

  for (guint g = 0; g < 4; g++)
    {
      guint m = (leads >> (8 * g)) & 0xFF;
      __m256i x, hi, w, sh, perm;

      if (m == 0)
        continue;
      x = load_twice (p + 8 * g);
      hi = _mm256_and_si256 (_mm256_srli_epi16 (x, 4), SET1 (0x0F));
      x = _mm256_and_si256 (x, _mm256_shuffle_epi8 (payload_mask, hi));
      sh = _mm256_shuffle_epi8 (_mm256_shuffle_epi8 (shift_by_lead, hi), window0);
      w = _mm256_shuffle_epi8 (x, window);
      /* Bytes after the lead are continuation payloads, or bits of the
       * next character that the shift drops; keep them six bits wide. */
      w = _mm256_and_si256 (w, _mm256_set1_epi32 (0x3F3F3FFF));
      w = _mm256_maddubs_epi16 (w, _mm256_set1_epi16 (0x0140));
      w = _mm256_madd_epi16 (w, _mm256_set1_epi32 (0x00011000));
      w = _mm256_srlv_epi32 (w, sh);
      if (big_endian)
        w = _mm256_shuffle_epi8 (w, bswap);
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

static inline __attribute__((always_inline)) void
widen32 (const guint8   *p,
         guint8         *o,
         const gboolean  big_endian)
{
  for (guint g = 0; g < 4; g++)
    {
      __m256i d = _mm256_cvtepu8_epi32 (_mm_loadl_epi64 ((const __m128i *) (p + 8 * g)));

      if (big_endian)
        d = _mm256_slli_epi32 (d, 24);
      _mm256_storeu_si256 ((__m256i *) (o + 32 * g), d);
    }
}

static inline __attribute__((always_inline)) gsize
decode_avx2_impl (const guint8   *in,
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
  /* The main loop steps a fixed 32 bytes, so that no load waits for the
   * previous block's verdict.  A character that crosses into the next
   * block is converted with the block it starts in, its continuation bytes
   * checked against the next block's classes, which the next iteration
   * reuses; @carry marks those bytes at the start of the next block. */
  if (end - p >= 64 && oend - o >= 160)
    {
      __m256i b = _mm256_loadu_si256 ((const __m256i *) p);
      guint32 nonascii = (guint32) _mm256_movemask_epi8 (b);
      guint32 l2 = (guint32) _mm256_movemask_epi8 (ge_u8 (b, SET1 (0xC0)));
      guint32 carry = 0;

      do
        {
          __m256i b2 = _mm256_loadu_si256 ((const __m256i *) (p + 32));
          guint32 nonascii2 = (guint32) _mm256_movemask_epi8 (b2);
          guint32 l2_2 = (guint32) _mm256_movemask_epi8 (ge_u8 (b2, SET1 (0xC0)));
          guint32 cont = nonascii & ~l2, cont2 = nonascii2 & ~l2_2;
          guint32 l3, l4, carry_out;

          if (nonascii == 0)
            {
              widen32 (p, o, big_endian);
              o += 128;
              goto next_block;
            }

          l3 = (guint32) _mm256_movemask_epi8 (ge_u8 (b, SET1 (0xE0)));
          l4 = (guint32) _mm256_movemask_epi8 (ge_u8 (b, SET1 (0xF0)));
          carry_out = (l2 >> 31) | (l3 >> 30) | (l4 >> 29);
          if (_mm256_movemask_epi8 (bad_bytes (b, _mm256_loadu_si256 ((const __m256i *) (p + 1)), bmp_only)) != 0 ||
              cont != ((l2 << 1) | (l3 << 2) | (l4 << 3) | carry) ||
              (cont2 & carry_out) != carry_out)
            {
              /* Leave it to the careful loop, from a character boundary. */
              p += __builtin_popcount (carry);
              break;
            }
          o = transcode32 (p, ~cont, o, big_endian, FALSE);
          carry = carry_out;

        next_block:
          p += 32;
          b = b2;
          nonascii = nonascii2;
          l2 = l2_2;
          if (end - p < 64 || oend - o < 160)
            {
              p += __builtin_popcount (carry);
              break;
            }
        }
      while (TRUE);
    }

  /* 32 bytes, the byte after them, and the 16-byte gathers of the last
   * group all stay inside the input. */
  while (end - p >= 48)
    {
      __m256i b = _mm256_loadu_si256 ((const __m256i *) p);
      guint32 nonascii = (guint32) _mm256_movemask_epi8 (b);
      __m256i n1, bad;
      guint32 l2, l3, l4, cont, lead, leads;
      guint k, len, consumed, n_out;

      if (nonascii == 0)
        {
          /* As many as fit: the cost of a call must not grow as the
           * output window shrinks. */
          guint n = MIN (32, (gsize) (oend - o) / 4);

          if (n == 32)
            widen32 (p, o, big_endian);
          else
            for (guint g = 0; g < 4 && n > 8 * g; g++)
              {
                __m256i d = _mm256_cvtepu8_epi32 (_mm_loadl_epi64 ((const __m128i *) (p + 8 * g)));

                if (big_endian)
                  d = _mm256_slli_epi32 (d, 24);
                _mm256_maskstore_epi32 ((int *) (o + 32 * g), first_lanes (n - 8 * g), d);
              }
          p += n;
          o += 4 * n;
          if (n < 32)
            goto done;
          continue;
        }

      n1 = _mm256_loadu_si256 ((const __m256i *) (p + 1));
      l2 = (guint32) _mm256_movemask_epi8 (ge_u8 (b, SET1 (0xC0)));
      l3 = (guint32) _mm256_movemask_epi8 (ge_u8 (b, SET1 (0xE0)));
      l4 = (guint32) _mm256_movemask_epi8 (ge_u8 (b, SET1 (0xF0)));
      cont = nonascii & ~l2;

      bad = bad_bytes (b, n1, bmp_only);

      if (_mm256_movemask_epi8 (bad) != 0 ||
          cont != ((l2 << 1) | (l3 << 2) | (l4 << 3)))
        goto scalar_block;

      /* The last character may end past the block: leave it for the next. */
      lead = ~cont;
      k = 31 - __builtin_clz (lead);
      len = 1 + ((l2 >> k) & 1) + ((l3 >> k) & 1) + ((l4 >> k) & 1);
      consumed = k + len <= 32 ? 32 : k;
      leads = consumed == 32 ? lead : lead & ((1u << k) - 1);
      n_out = __builtin_popcount (leads);
      if ((gsize) (oend - o) < 4 * n_out + 32)
        {
          /* Only the characters that fit, stored exactly; the next lead
           * is where to stop. */
          guint n_fit = MIN (n_out, (gsize) (oend - o) / 4);
          guint32 rest = leads;

          if (n_fit == 0)
            goto done;
          for (guint i = 0; i < n_fit; i++)
            rest &= rest - 1;
          if (rest != 0)
            consumed = __builtin_ctz (rest);
          o = transcode32 (p, leads & ~rest, o, big_endian, TRUE);
          p += consumed;
          continue;
        }

      o = transcode32 (p, leads, o, big_endian, FALSE);
      p += consumed;
      continue;

    scalar_block:
      {
        gsize used, seg = 32 + SEQ_SLACK;

        o += gutf8conv_kernel_scalar_decode (p, seg, o, oend - o, flags, &used);
        p += used;
        if (used < 32)
          goto done;
      }
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
decode_avx2 (const guint8 *in,
             gsize         in_len,
             guint8       *out,
             gsize         out_len,
             guint         flags,
             gsize        *in_used)
{
  GUTF8CONV_KERNEL_SPECIALISE (decode_avx2_impl, GUTF8CONV_KERNEL_BIG_ENDIAN | GUTF8CONV_KERNEL_BMP_ONLY);
}

static inline __attribute__((always_inline)) gsize
encode_avx2_impl (const guint8   *in,
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
  const __m256i bswap = _mm256_setr_epi8 (3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12,
                                          3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
  const __m256i pack_order = _mm256_setr_epi32 (0, 4, 1, 5, 2, 6, 3, 7);

  while (end - p >= 64)
    {
      __m256i v0 = _mm256_loadu_si256 ((const __m256i *) p);
      __m256i v1 = _mm256_loadu_si256 ((const __m256i *) (p + 32));

      if (big_endian)
        {
          v0 = _mm256_shuffle_epi8 (v0, bswap);
          v1 = _mm256_shuffle_epi8 (v1, bswap);
        }

      /* ASCII (1..7F with NO_NUL: v - 1 at most 7E, as 0 wraps round). */
      if (no_nul ? _mm256_testz_si256 (_mm256_or_si256 (_mm256_sub_epi32 (v0, _mm256_set1_epi32 (1)),
                                                        _mm256_sub_epi32 (v1, _mm256_set1_epi32 (1))),
                                       _mm256_set1_epi32 (~0x7F)) &&
                   !_mm256_movemask_epi8 (_mm256_or_si256 (_mm256_cmpeq_epi32 (v0, _mm256_set1_epi32 (0x80)),
                                                           _mm256_cmpeq_epi32 (v1, _mm256_set1_epi32 (0x80))))
                 : _mm256_testz_si256 (_mm256_or_si256 (v0, v1), _mm256_set1_epi32 (~0x7F)))
        {
          __m256i w;

          if (oend - o < 16)
            goto scalar_block;
          w = _mm256_packus_epi32 (v0, v1);
          w = _mm256_packus_epi16 (w, w);
          w = _mm256_permutevar8x32_epi32 (w, pack_order);
          _mm_storeu_si128 ((__m128i *) o, _mm256_castsi256_si128 (w));
          p += 64;
          o += 16;
          continue;
        }

      for (guint h = 0; h < 2; h++)
        {
          __m256i v = h == 0 ? v0 : v1;
          __m256i g2, g3, g4, bad, w, marker, sh;
          guint m2, m3, m4, key_lo, key_hi;

          /* U+0000 with NO_NUL, above the limit (unsigned) or a surrogate:
           * not ours. */
          if (no_nul && _mm256_movemask_epi8 (_mm256_cmpeq_epi32 (v, _mm256_setzero_si256 ())) != 0)
            goto scalar_block;
          /* Above the limit (unsigned) or a surrogate: not ours. */
          bad = _mm256_xor_si256 (_mm256_cmpeq_epi32 (_mm256_min_epu32 (v, _mm256_set1_epi32 ((int) max_value)), v),
                                  _mm256_set1_epi32 (-1));
          bad = _mm256_or_si256 (bad, _mm256_cmpeq_epi32 (_mm256_and_si256 (v, _mm256_set1_epi32 (~0x7FF)),
                                                          _mm256_set1_epi32 (0xD800)));
          if (!_mm256_testz_si256 (bad, bad))
            goto scalar_block;

          g2 = _mm256_cmpgt_epi32 (v, _mm256_set1_epi32 (0x7F));
          g3 = _mm256_cmpgt_epi32 (v, _mm256_set1_epi32 (0x7FF));
          g4 = _mm256_cmpgt_epi32 (v, _mm256_set1_epi32 (0xFFFF));
          m2 = _mm256_movemask_ps (_mm256_castsi256_ps (g2));
          m3 = _mm256_movemask_ps (_mm256_castsi256_ps (g3));
          m4 = _mm256_movemask_ps (_mm256_castsi256_ps (g4));
          key_lo = gutf8conv_spread4[m2 & 15] + gutf8conv_spread4[m3 & 15] + gutf8conv_spread4[m4 & 15];
          key_hi = gutf8conv_spread4[m2 >> 4] + gutf8conv_spread4[m3 >> 4] + gutf8conv_spread4[m4 >> 4];
          if ((gsize) (oend - o) < 32)
            goto scalar_block;

          /* The four-byte form's payloads, lead first in the low byte... */
          w = _mm256_or_si256 (_mm256_or_si256 (_mm256_srli_epi32 (v, 18),
                                                _mm256_and_si256 (_mm256_srli_epi32 (v, 4), _mm256_set1_epi32 (0x3F00))),
                               _mm256_or_si256 (_mm256_and_si256 (_mm256_slli_epi32 (v, 10), _mm256_set1_epi32 (0x3F0000)),
                                                _mm256_slli_epi32 (_mm256_and_si256 (v, _mm256_set1_epi32 (0x3F)), 24)));
          /* ...shifted down to the sequence's length, with its markers;
           * ASCII is the value itself. */
          sh = _mm256_slli_epi32 (_mm256_add_epi32 (_mm256_set1_epi32 (3),
                                                    _mm256_add_epi32 (g2, _mm256_add_epi32 (g3, g4))), 3);
          marker = _mm256_and_si256 (g2, _mm256_set1_epi32 (0x80C0));
          marker = _mm256_blendv_epi8 (marker, _mm256_set1_epi32 (0x8080E0), g3);
          marker = _mm256_blendv_epi8 (marker, _mm256_set1_epi32 ((int) 0x808080F0), g4);
          w = _mm256_or_si256 (_mm256_srlv_epi32 (w, sh), marker);
          w = _mm256_blendv_epi8 (v, w, g2);

          w = _mm256_shuffle_epi8 (w, _mm256_loadu2_m128i ((const __m128i *) gutf8conv_pack4_shuffle[key_hi],
                                                           (const __m128i *) gutf8conv_pack4_shuffle[key_lo]));
          _mm_storeu_si128 ((__m128i *) o, _mm256_castsi256_si128 (w));
          o += gutf8conv_pack4_length[key_lo];
          _mm_storeu_si128 ((__m128i *) o, _mm256_extracti128_si256 (w, 1));
          o += gutf8conv_pack4_length[key_hi];
          p += 32;
        }
      continue;

    scalar_block:
      {
        gsize used, n, seg = MIN ((gsize) (end - p), 64);

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
encode_avx2 (const guint8 *in,
             gsize         in_len,
             guint8       *out,
             gsize         out_len,
             guint         flags,
             gsize        *in_used)
{
  GUTF8CONV_KERNEL_SPECIALISE (encode_avx2_impl, GUTF8CONV_KERNEL_ALL_FLAGS);
}

/* UTF-8 to UTF-8: the decoder's block validation (32 bytes: lead classes,
 * the second-byte ranges, continuation bytes exactly where the leads
 * announce them), without the transcoding.  The main loop steps a fixed
 * 32 bytes, a character crossing into the next block accepted once the
 * next block has its continuation bytes, and when @out is given stores
 * each block as it goes (a block that fails is stored too, but not
 * counted).  The rest is the scalar validator's. */
static inline __attribute__((always_inline)) gsize
validate_avx2_impl (const guint8   *in,
                    gsize           in_len,
                    guint8         *out,
                    gsize          *stored,
                    const gboolean  bmp_only)
{
  const guint8 *p = in, *end = in + in_len;
  const guint flags = bmp_only ? GUTF8CONV_KERNEL_BMP_ONLY : 0;

  *stored = 0;
  if (end - p >= 64)
    {
      __m256i b = _mm256_loadu_si256((__m256i const *) p);
      guint32 nonascii = (guint32) _mm256_movemask_epi8 (b);
      guint32 l2 = (guint32) _mm256_movemask_epi8 (ge_u8 (b, SET1 (0xC0)));
      guint32 carry = 0;

      do
        {
          __m256i b2 = _mm256_loadu_si256((__m256i const *) (p + 32));
          guint32 nonascii2 = (guint32) _mm256_movemask_epi8 (b2);
          guint32 l2_2 = (guint32) _mm256_movemask_epi8 (ge_u8 (b2, SET1 (0xC0)));

          if (out != NULL)
            _mm256_storeu_si256 ((__m256i *) (out + (p - in)), b);
          if (nonascii != 0 || carry != 0)
            {
              guint32 cont = nonascii & ~l2, cont2 = nonascii2 & ~l2_2;
              guint32 l3 = (guint32) _mm256_movemask_epi8 (ge_u8 (b, SET1 (0xE0)));
              guint32 l4 = (guint32) _mm256_movemask_epi8 (ge_u8 (b, SET1 (0xF0)));
              guint32 carry_out = (l2 >> 31) | (l3 >> 30) | (l4 >> 29);

              if (_mm256_movemask_epi8 (bad_bytes (b, _mm256_loadu_si256((__m256i const *) (p + 1)), bmp_only)) != 0 ||
                  cont != (((l2 << 1) | (l3 << 2) | (l4 << 3) | carry)) ||
                  (cont2 & carry_out) != carry_out)
                {
                  p += __builtin_popcount (carry);
                  break;
                }
              carry = carry_out;
            }
          p += 32;
          *stored = p - in;
          b = b2;
          nonascii = nonascii2;
          l2 = l2_2;
          if (end - p < 64)
            {
              p += __builtin_popcount (carry);
              break;
            }
        }
      while (TRUE);
    }

  /* Block by block from a character boundary; the byte after a block is
   * read too. */
  while (end - p >= 33)
    {
      __m256i b = _mm256_loadu_si256((__m256i const *) p);
      guint32 nonascii = (guint32) _mm256_movemask_epi8 (b);
      guint32 l2, l3, l4, cont, lead;
      guint k, len;

      if (nonascii == 0)
        {
          p += 32;
          continue;
        }
      l2 = (guint32) _mm256_movemask_epi8 (ge_u8 (b, SET1 (0xC0)));
      l3 = (guint32) _mm256_movemask_epi8 (ge_u8 (b, SET1 (0xE0)));
      l4 = (guint32) _mm256_movemask_epi8 (ge_u8 (b, SET1 (0xF0)));
      cont = nonascii & ~l2;
      if (_mm256_movemask_epi8 (bad_bytes (b, _mm256_loadu_si256((__m256i const *) (p + 1)), bmp_only)) != 0 ||
          cont != (((l2 << 1) | (l3 << 2) | (l4 << 3))))
        {
          gsize used = gutf8conv_kernel_scalar_validate (p, MIN ((gsize) (end - p), 32 + SEQ_SLACK), flags);

          p += used;
          if (used < 32)
            goto done;
          continue;
        }
      /* The last character may end past the block: the next one's. */
      lead = ~cont;
      k = 31 - __builtin_clz (lead);
      len = 1 + ((l2 >> k) & 1) + ((l3 >> k) & 1) + ((l4 >> k) & 1);
      p += k + len <= 32 ? 32 : k;
    }
  p += gutf8conv_kernel_scalar_validate (p, end - p, flags);

done:
  *stored = MIN (*stored, (gsize) (p - in));
  return p - in;
}

/* Validation and copy in one pass: one load and one store a block. */
static gsize
copy_avx2 (const guint8 *in,
           gsize         in_len,
           guint8       *out,
           gsize         out_len,
           guint         flags,
           gsize        *in_used)
{
  gsize limit = MIN (in_len, out_len), stored, n;

  if (flags & GUTF8CONV_KERNEL_BMP_ONLY)
    n = validate_avx2_impl (in, limit, out, &stored, TRUE);
  else
    n = validate_avx2_impl (in, limit, out, &stored, FALSE);
  /* The careful loop's part, which it validated without storing. */
  memcpy (out + stored, in + stored, n - stored);
  *in_used = n;
  return n;
}

const GUtf8ConvKernel gutf8conv_kernel_avx2 = {
  "avx2",
  decode_avx2,
  encode_avx2,
  copy_avx2,
};
