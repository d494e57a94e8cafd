/* gutf8conv-kernel-x86-utf16-encode.h: UTF-16 -> UTF-8 for the x86 kernels
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The operations of gutf8conv-kernel-generic-utf16-encode.h on one
 * vector of units: eight in SSE's 16 bytes (sse2, ssse3), sixteen in
 * AVX2's 32 (two 128-bit lanes, which its packs and byte shuffles keep
 * apart, so each lane is stored by itself).  With SSSE3 the bytes are
 * packed by gutf8conv_enc2_shuffle and gutf8conv_enc3_shuffle, a table
 * row a lane; SSE2 has no byte shuffle, so it stores each unit's dword
 * shifted to its first byte and steps by its length.  The including file
 * has included the tables.  At 512 bits only the basic operations, whose
 * compares give mask registers (made vectors again): avx512 has its own
 * ge16_prev() and stores, and includes the generic header itself.
 */

#pragma once

#include "gutf8conv-kernel-x86-width.h"

#define GE16_UNITS (X86_BITS / 16)
typedef x86_vec ge16_vec;
#if X86_BITS == 512
#define GE16_BITS 1
#define GE16_STORE_SLACK 48
#else
#define GE16_BITS 2
#ifdef __SSSE3__
#define GE16_STORE_SLACK 12
#else
#define GE16_STORE_SLACK 3
#endif
#endif

GUTF8CONV_KERNEL_INLINE ge16_vec
ge16_load (const guint8 *p,
           gboolean      big_endian)
{
  ge16_vec v = X86_SI (loadu) ((const ge16_vec *) p);

  return big_endian ? x86_swap16 (v) : v;
}

GUTF8CONV_KERNEL_INLINE ge16_vec ge16_set1 (guint16 c)               { return X86_OP (set1_epi16) ((short) c); }
GUTF8CONV_KERNEL_INLINE ge16_vec ge16_and (ge16_vec a, ge16_vec b)   { return X86_SI (and) (a, b); }
GUTF8CONV_KERNEL_INLINE ge16_vec ge16_or (ge16_vec a, ge16_vec b)    { return X86_SI (or) (a, b); }
GUTF8CONV_KERNEL_INLINE ge16_vec ge16_xor (ge16_vec a, ge16_vec b)   { return X86_SI (xor) (a, b); }
GUTF8CONV_KERNEL_INLINE ge16_vec ge16_add (ge16_vec a, ge16_vec b)   { return X86_OP (add_epi16) (a, b); }
#define ge16_srli(v, n) X86_OP (srli_epi16) ((v), (n))
#define ge16_slli(v, n) X86_OP (slli_epi16) ((v), (n))
#if X86_BITS == 512
GUTF8CONV_KERNEL_INLINE ge16_vec ge16_cmpeq (ge16_vec a, ge16_vec b) { return _mm512_movm_epi16 (_mm512_cmpeq_epi16_mask (a, b)); }
/* m ? b : a, bit by bit. */
GUTF8CONV_KERNEL_INLINE ge16_vec ge16_blend (ge16_vec a, ge16_vec b, ge16_vec m) { return _mm512_ternarylogic_epi32 (m, b, a, 0xCA); }
GUTF8CONV_KERNEL_INLINE guint64  ge16_mask (ge16_vec m)              { return (guint32) _mm512_movepi16_mask (m); }
GUTF8CONV_KERNEL_INLINE gboolean ge16_none (ge16_vec v)              { return _mm512_test_epi64_mask (v, v) == 0; }
#else /* to the end of the file */
GUTF8CONV_KERNEL_INLINE ge16_vec ge16_cmpeq (ge16_vec a, ge16_vec b) { return X86_OP (cmpeq_epi16) (a, b); }
GUTF8CONV_KERNEL_INLINE guint64  ge16_mask (ge16_vec m)              { return (guint32) X86_OP (movemask_epi8) (m); }

GUTF8CONV_KERNEL_INLINE ge16_vec
ge16_prev (ge16_vec v)
{
#if X86_BITS == 256
  /* Across the lanes: the low lane moved up, zeros under it. */
  return _mm256_alignr_epi8 (v, _mm256_permute2x128_si256 (v, v, 0x08), 14);
#else
  return _mm_slli_si128 (v, 2);
#endif
}

GUTF8CONV_KERNEL_INLINE ge16_vec
ge16_blend (ge16_vec a,
            ge16_vec b,
            ge16_vec m)
{
#ifdef __SSE4_1__
  return X86_OP (blendv_epi8) (a, b, m);
#else
  return _mm_or_si128 (_mm_andnot_si128 (m, a), _mm_and_si128 (m, b));
#endif
}

GUTF8CONV_KERNEL_INLINE gboolean
ge16_none (ge16_vec v)
{
#ifdef __SSE4_1__
  return X86_SI (testz) (v, v);
#else
  return _mm_movemask_epi8 (_mm_cmpeq_epi8 (v, _mm_setzero_si128 ())) == 0xFFFF;
#endif
}

#ifdef __SSE4_1__
#define GE16_HAVE_NONE_AND 1
GUTF8CONV_KERNEL_INLINE gboolean
ge16_none_and (ge16_vec a,
               ge16_vec b)
{
  return X86_SI (testz) (a, b);
}
#endif

/* packus works within lanes: AVX2's two packed halves put back in order. */
GUTF8CONV_KERNEL_INLINE guint8 *
ge16_store_ascii (guint8   *o,
                  ge16_vec  v)
{
#if X86_BITS == 256
  _mm_storeu_si128 ((__m128i *) o, _mm256_castsi256_si128 (_mm256_permute4x64_epi64 (_mm256_packus_epi16 (v, v), 0x08)));
#else
  _mm_storel_epi64 ((__m128i *) o, _mm_packus_epi16 (v, v));
#endif
  return o + GE16_UNITS;
}

#define GE16_HAVE_STORE_ASCII2 1
GUTF8CONV_KERNEL_INLINE guint8 *
ge16_store_ascii2 (guint8   *o,
                   ge16_vec  v0,
                   ge16_vec  v1)
{
#if X86_BITS == 256
  _mm256_storeu_si256 ((__m256i *) o, _mm256_permute4x64_epi64 (_mm256_packus_epi16 (v0, v1), 0xD8));
#else
  _mm_storeu_si128 ((__m128i *) o, _mm_packus_epi16 (v0, v1));
#endif
  return o + 2 * GE16_UNITS;
}

#ifdef __SSSE3__
/* Each lane of @v shuffled by its own row of @table: @k0 for the low
 * lane, @k1 for the high one (SSE has only the first, loaded aligned, so
 * that pshufb takes it as its operand). */
GUTF8CONV_KERNEL_INLINE ge16_vec
ge16_shuffle_rows (ge16_vec             v,
                   const guint8 (*table)[16],
                   guint                k0,
                   guint                k1)
{
#if X86_BITS == 256
  return _mm256_shuffle_epi8 (v, x86_rows (table, k0, k1));
#else
  (void) k1;
  return _mm_shuffle_epi8 (v, _mm_load_si128 ((const __m128i *) table[k0]));
#endif
}
#endif

#if defined (__SSSE3__) && X86_BITS == 128
#define GE16_HAVE_FORMS 1
/* The generic dwords (gutf8conv-kernel-generic-utf16-encode.h) with
 * fewer operations: the high half's six- and four-bit fields moved into
 * their bytes by one multiply-add of bytes (bits 6-11 of v, at bits 2-7
 * of (v >> 4) & 0xFFC's low byte, times 0x40 to the high byte; bits
 * 12-15, its high byte, times 1), and the low half's two bytes both made
 * from the unit's low byte, copied by a shuffle.  Not at 256 bits: there
 * GCC makes each constant again every block, and the new ones cost more
 * than the operations they save. */
GUTF8CONV_KERNEL_INLINE void
ge16_forms (ge16_vec  v,
            ge16_vec *hi,
            ge16_vec *lo)
{
  const ge16_vec low_twice = X86_LANE_BYTES (0, 0, 2, 2, 4, 4, 6, 6, 8, 8, 10, 10, 12, 12, 14, 14);

  *hi = ge16_or (X86_OP (maddubs_epi16) (ge16_and (ge16_srli (v, 4), ge16_set1 (0x0FFC)), ge16_set1 (0x0140)),
                 ge16_set1 (0x80E0));
  *lo = ge16_or (ge16_and (X86_OP (shuffle_epi8) (v, low_twice), ge16_set1 (0x7F3F)), ge16_set1 (0x80));
}
#endif

#if defined (__SSSE3__) && X86_BITS == 128
#define GE16_HAVE_TWO 1
/* The two-byte forms by one multiply-add of bytes: v << 2 has bits 6-10
 * in its high byte and bits 0-5 at bits 2-7 of its low one; times 1 and
 * 0x40 the two trade places.  Not at 256 bits, as ge16_forms(). */
GUTF8CONV_KERNEL_INLINE ge16_vec
ge16_two (ge16_vec v)
{
  return X86_OP (maddubs_epi16) (ge16_slli (v, 2), ge16_set1 (0x0140));
}
#endif

#if X86_BITS == 256 && !defined (__clang__)
/* GCC makes these of the loop's constants again every block (a 64-bit
 * move and a broadcast each); holding all ten spills them instead.
 * Clang forms none again, and held, they would cost it registers. */
#define GE16_HAVE_KEEP_IN_LOOP 1
#define ge16_keep_in_loop(c) \
  __asm__ ("" : "+x" ((c)->cont), "+x" ((c)->two), "+x" ((c)->short_flip))
#endif

#ifdef __SSSE3__
/* Group @j, in memory order, of the four-unit groups of the vectors
 * d_lo and d_hi (the low and high halves of each lane's units): its
 * lane, and its half (1: d_hi).  Units in order hold units 8i.. in lane
 * i; @packed, as packus leaves two vectors of dwords, units 4i.. and
 * 8 + 4i..: every lane's d_lo, then every lane's d_hi. */
#define X86_GROUP_LANE(j, packed) ((packed) ? (j) % X86_LANES : (j) / 2)
#define X86_GROUP_HALF(j, packed) ((packed) ? (j) / X86_LANES : (j) % 2)
#endif

GUTF8CONV_KERNEL_INLINE guint8 *
x86_store_utf8 (guint8         *o,
                ge16_vec        hi,
                ge16_vec        lo,
                ge16_vec        ascii,
                ge16_vec        short_,
                const gboolean  packed)
{
  ge16_vec d_lo = X86_OP (unpacklo_epi16) (hi, lo), d_hi = X86_OP (unpackhi_epi16) (hi, lo);
#ifdef __SSSE3__
  /* Four units a table row, their index a byte each: bits 0-3 "at least
   * two bytes", 4-7 "three bytes" (one scalar complement of the two
   * masks); a lane's d_lo, then its d_hi. */
  guint64 k = (guint32) ~X86_OP (movemask_epi8) (X86_OP (shuffle_epi8) (X86_OP (packs_epi16) (ascii, short_),
                                                                             X86_LANE_BYTES (0, 1, 2, 3, 8, 9, 10, 11,
                                                                                              4, 5, 6, 7, 12, 13, 14, 15)));

  d_lo = ge16_shuffle_rows (d_lo, gutf8conv_enc3_shuffle, k & 0xFF, (k >> 16) & 0xFF);
  d_hi = ge16_shuffle_rows (d_hi, gutf8conv_enc3_shuffle, (k >> 8) & 0xFF, (k >> 24) & 0xFF);
#pragma GCC unroll 4
  for (guint j = 0; j < 2 * X86_LANES; j++)
    {
      guint lane = X86_GROUP_LANE (j, packed), half = X86_GROUP_HALF (j, packed);

      _mm_storeu_si128 ((__m128i *) o, x86_lane (half ? d_hi : d_lo, lane));
      o += 4 + __builtin_popcountll ((k >> (16 * lane + 8 * half)) & 0xFF);
    }
  return o;
#else
  guint32 d[8];
  guint a = ~(guint) _mm_movemask_epi8 (_mm_packs_epi16 (ascii, ascii)) & 0xFF;
  guint m = ~(guint) _mm_movemask_epi8 (_mm_packs_epi16 (short_, short_)) & 0xFF;

  (void) packed;
  _mm_storeu_si128 ((__m128i *) d, d_lo);
  _mm_storeu_si128 ((__m128i *) (d + 4), d_hi);
  for (guint i = 0; i < 8; i++)
    {
      guint ai = (a >> i) & 1, mi = (m >> i) & 1;
      /* From byte 0 (three bytes), 1 (two) or 3 (ASCII): little-endian
       * dwords, as every x86 machine has them. */
      guint32 w = d[i] >> (8 * (mi ? 0 : 3 - 2 * ai));

      memcpy (o, &w, 4);
      o += 1 + ai + mi;
    }
  return o;
#endif
}

#define ge16_store_utf8(o, hi, lo, ascii, short_) x86_store_utf8 ((o), (hi), (lo), (ascii), (short_), FALSE)

GUTF8CONV_KERNEL_INLINE guint8 *
ge16_store_two (guint8   *o,
                ge16_vec  t,
                ge16_vec  ascii)
{
#if defined (__SSSE3__) && X86_BITS == 128
  /* Zeros packed above the mask: it is the table's row as it is, and its
   * bits are the ASCII units (no byte to pick out of it twice). */
  guint32 m = (guint32) _mm_movemask_epi8 (_mm_packs_epi16 (ascii, _mm_setzero_si128 ()));

  _mm_storeu_si128 ((__m128i *) o, ge16_shuffle_rows (t, gutf8conv_enc2_shuffle, m, 0));
  return o + 16 - __builtin_popcount (m);
#else
  guint32 m = (guint32) X86_OP (movemask_epi8) (X86_OP (packs_epi16) (ascii, ascii));
#ifdef __SSSE3__
  /* Eight units a lane: the mask's bits 0-7, and 16-23. */
  t = ge16_shuffle_rows (t, gutf8conv_enc2_shuffle, m & 0xFF, (m >> 16) & 0xFF);
  for (guint i = 0; i < X86_LANES; i++)
    {
      _mm_storeu_si128 ((__m128i *) o, x86_lane (t, i));
      o = o + 16 - __builtin_popcount ((m >> (16 * i)) & 0xFF);
    }
  return o;
#else
  guint16 u[8];

  _mm_storeu_si128 ((__m128i *) u, t);
  for (guint i = 0; i < 8; i++)
    {
      memcpy (o, &u[i], 2);
      o += 2 - ((m >> i) & 1);
    }
  return o;
#endif
#endif
}

GUTF8CONV_KERNEL_INLINE guint8 *
x86_store_three (guint8         *o,
                 ge16_vec        hi,
                 ge16_vec        lo,
                 const gboolean  packed)
{
  ge16_vec d_lo = X86_OP (unpacklo_epi16) (hi, lo), d_hi = X86_OP (unpackhi_epi16) (hi, lo);
#ifdef __SSSE3__
  /* Four units a 12-byte step, one fixed shuffle; the stores in
   * ascending order, as each writes four bytes past its twelve. */
  const ge16_vec keep3 = X86_LANE_BYTES (0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);

  d_lo = X86_OP (shuffle_epi8) (d_lo, keep3);
  d_hi = X86_OP (shuffle_epi8) (d_hi, keep3);
#pragma GCC unroll 4
  for (guint j = 0; j < 2 * X86_LANES; j++)
    _mm_storeu_si128 ((__m128i *) (o + 12 * j),
                      x86_lane (X86_GROUP_HALF (j, packed) ? d_hi : d_lo, X86_GROUP_LANE (j, packed)));
#else
  guint32 d[8];

  (void) packed;
  _mm_storeu_si128 ((__m128i *) d, d_lo);
  _mm_storeu_si128 ((__m128i *) (d + 4), d_hi);
  for (guint i = 0; i < 8; i++)
    memcpy (o + 3 * i, &d[i], 4);
#endif
  return o + 3 * GE16_UNITS;
}

#define ge16_store_three(o, hi, lo) x86_store_three ((o), (hi), (lo), FALSE)

#if X86_BITS == 256
/* The UCS-4 encoder's BMP units, as packus leaves them
 * (gutf8conv-kernel-x86-encode.h): stored in that order, where putting
 * them in order would take a lane permute a step. */
#define GE16_HAVE_BMP_STORES 1
#define ge16_bmp_store_utf8(o, hi, lo, ascii, short_) x86_store_utf8 ((o), (hi), (lo), (ascii), (short_), TRUE)
#define ge16_bmp_store_three(o, hi, lo) x86_store_three ((o), (hi), (lo), TRUE)
#endif

#include "gutf8conv-kernel-generic-utf16-encode.h"
#endif
