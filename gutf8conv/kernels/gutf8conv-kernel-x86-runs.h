/* gutf8conv-kernel-x86-runs.h: the runs' operations for ssse3 and avx2
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The operations of gutf8conv-kernel-generic-runs.h at the width of
 * gutf8conv-kernel-x86-width.h, the same instructions at either: byte
 * shifts by 16-bit lane and a mask, and a step's byte planes gathered by
 * (v)pshufb, whose lookups work within 128-bit lanes, so that one table
 * serves both (avx2 broadcasts it to its two lanes, each holding half a
 * step).  A run's last step converts what passes.
 */

#pragma once

#include "gutf8conv-kernel-x86-width.h"

/* A zip across the vector: unpack works within lanes, so AVX2's takes a
 * qword permute first. */
GUTF8CONV_KERNEL_INLINE gk_vec
x86_runs_lanes (gk_vec x)
{
#if X86_BITS == 256
  return _mm256_permute4x64_epi64 (x, 0xD8);
#else
  return x;
#endif
}

/* The 16 bytes at @p, or on AVX2 those at @p and @p + @half, one 16 a
 * lane: each lane holds half a step. */
#if X86_BITS == 256
#define x86_runs_load(p, half) _mm256_loadu2_m128i ((const __m128i *) ((p) + (half)), (const __m128i *) (p))
#define x86_runs_table(t) _mm256_broadcastsi128_si256 (_mm_load_si128 ((const __m128i *) (t)))
#else
#define x86_runs_load(p, half) _mm_loadu_si128 ((const __m128i *) (p))
#define x86_runs_table(t) _mm_load_si128 ((const __m128i *) (t))
#endif

/* Plane k of 48 input bytes (a lane's): where each of its three vectors
 * of 16 (v[j], bytes 16 j to 16 j + 15) holds the plane's bytes 3 i + k;
 * -1 elsewhere, ORed. */
static const gint8 plane3_shuffle[3][3][16] __attribute__((aligned (16))) = {
  { { 0, 3, 6, 9, 12, 15, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1 },
    { -1, -1, -1, -1, -1, -1, 2, 5, 8, 11, 14, -1, -1, -1, -1, -1 },
    { -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 1, 4, 7, 10, 13 } },
  { { 1, 4, 7, 10, 13, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1 },
    { -1, -1, -1, -1, -1, 0, 3, 6, 9, 12, 15, -1, -1, -1, -1, -1 },
    { -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 2, 5, 8, 11, 14 } },
  { { 2, 5, 8, 11, 14, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1 },
    { -1, -1, -1, -1, -1, 1, 4, 7, 10, 13, -1, -1, -1, -1, -1, -1 },
    { -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 3, 6, 9, 12, 15 } },
};

/* Sixteen bytes of four four-byte characters as four dwords, each one
 * byte of the four: a 4x4 transpose's first step. */
static const gint8 plane4_shuffle[16] __attribute__((aligned (16))) = {
  0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15
};

typedef gk_vec gr_vec16;
/* All of a movemask's bits. */
#define X86_RUNS_ALL ((guint32) (G_MAXUINT32 >> (32 - sizeof (gk_vec))))

GUTF8CONV_KERNEL_INLINE gr_vec16 gr_as16 (gk_vec x)                    { return x; }
GUTF8CONV_KERNEL_INLINE gk_vec   gr_as8 (gr_vec16 x)                   { return x; }
GUTF8CONV_KERNEL_INLINE gr_vec16 gr16_set1 (guint16 c)                 { return X86_OP (set1_epi16) ((short) c); }
GUTF8CONV_KERNEL_INLINE gr_vec16 gr16_and (gr_vec16 a, gr_vec16 b)     { return X86_SI (and) (a, b); }
GUTF8CONV_KERNEL_INLINE gr_vec16 gr16_cmpeq (gr_vec16 a, gr_vec16 b)   { return X86_OP (cmpeq_epi16) (a, b); }
GUTF8CONV_KERNEL_INLINE gr_vec16 gr16_test (gr_vec16 a, gr_vec16 b)
{
  return X86_SI (xor) (X86_OP (cmpeq_epi16) (X86_SI (and) (a, b), X86_SI (setzero) ()), SET1 (0xFF));
}
GUTF8CONV_KERNEL_INLINE gboolean gr16_all (gr_vec16 ok)                { return (guint32) X86_OP (movemask_epi8) (ok) == X86_RUNS_ALL; }
GUTF8CONV_KERNEL_INLINE guint    gr16_first_fail (gr_vec16 ok)         { return __builtin_ctz (~(guint32) X86_OP (movemask_epi8) (ok)) / 2; }
GUTF8CONV_KERNEL_INLINE gr_vec16 gr16_zip_lo (gr_vec16 a, gr_vec16 b)  { return X86_OP (unpacklo_epi16) (x86_runs_lanes (a), x86_runs_lanes (b)); }
GUTF8CONV_KERNEL_INLINE gr_vec16 gr16_zip_hi (gr_vec16 a, gr_vec16 b)  { return X86_OP (unpackhi_epi16) (x86_runs_lanes (a), x86_runs_lanes (b)); }
#define gr16_srli(v, n) X86_OP (srli_epi16) ((v), (n))
#define gr16_sli(a, b, n) \
  X86_SI (or) (X86_OP (slli_epi16) ((b), (n)), X86_SI (and) ((a), X86_OP (set1_epi16) ((1 << (n)) - 1)))
#define gr8_srli(v, n) X86_SI (and) (X86_OP (srli_epi16) ((v), (n)), SET1 (0xFF >> (n)))
#define gr8_sli(a, b, n) \
  X86_SI (or) (X86_SI (and) (X86_OP (slli_epi16) ((b), (n)), SET1 ((0xFF << (n)) & 0xFF)), \
                    X86_SI (and) ((a), SET1 ((1 << (n)) - 1)))
GUTF8CONV_KERNEL_INLINE gk_vec   gr8_le (gk_vec a, gk_vec b)           { return X86_OP (cmpeq_epi8) (X86_OP (min_epu8) (a, b), a); }
GUTF8CONV_KERNEL_INLINE gk_vec   gr8_sub (gk_vec a, gk_vec b)          { return X86_OP (sub_epi8) (a, b); }
GUTF8CONV_KERNEL_INLINE gk_vec   gr_cont_const (void)                  { return SET1 (0xC0); }
/* 80..BF are the bytes below -0x40 as signed. */
GUTF8CONV_KERNEL_INLINE gk_vec   gr8_is_cont (gk_vec x, gk_vec c)      { return X86_OP (cmpgt_epi8) (c, x); }
GUTF8CONV_KERNEL_INLINE gboolean gr8_all (gk_vec ok)                   { return (guint32) X86_OP (movemask_epi8) (ok) == X86_RUNS_ALL; }
GUTF8CONV_KERNEL_INLINE guint    gr8_first_fail (gk_vec ok)            { return __builtin_ctz (~(guint32) X86_OP (movemask_epi8) (ok)); }
GUTF8CONV_KERNEL_INLINE gk_vec   gr8_zip_lo (gk_vec a, gk_vec b)       { return X86_OP (unpacklo_epi8) (x86_runs_lanes (a), x86_runs_lanes (b)); }
GUTF8CONV_KERNEL_INLINE gk_vec   gr8_zip_hi (gk_vec a, gk_vec b)       { return X86_OP (unpackhi_epi8) (x86_runs_lanes (a), x86_runs_lanes (b)); }
#define GR_HAVE_FIRST_FAIL 1
#define gr_keep(v) ((void) 0)
GUTF8CONV_KERNEL_INLINE gk_vec   gr8_swap16 (gk_vec x)                 { return x86_swap16 (x); }
#define gr8_swap32(x) x86_swap32 (x)

/* The 3 * GK_BLOCK bytes at @p as byte planes, 48 a lane. */
GUTF8CONV_KERNEL_INLINE void
gr_load_planes3 (const guint8 *p, gk_vec *b0, gk_vec *b1, gk_vec *b2)
{
  gk_vec v[3], *b[3] = { b0, b1, b2 };

  for (guint j = 0; j < 3; j++)
    v[j] = x86_runs_load (p + 16 * j, 48);
  for (guint k = 0; k < 3; k++)
    {
      gk_vec x = X86_OP (shuffle_epi8) (v[0], x86_runs_table (plane3_shuffle[k][0]));

      for (guint j = 1; j < 3; j++)
        x = X86_SI (or) (x, X86_OP (shuffle_epi8) (v[j], x86_runs_table (plane3_shuffle[k][j])));
      *b[k] = x;
    }
}

/* The 4 * GK_BLOCK bytes at @p as byte planes, 64 a lane, by a 4x4
 * transpose of dwords. */
GUTF8CONV_KERNEL_INLINE void
gr_load_planes4 (const guint8 *p, gk_vec *b0, gk_vec *b1, gk_vec *b2, gk_vec *b3)
{
  const gk_vec t = x86_runs_table (plane4_shuffle);
  gk_vec v[4], lo01, hi01, lo23, hi23;

  for (guint j = 0; j < 4; j++)
    v[j] = X86_OP (shuffle_epi8) (x86_runs_load (p + 16 * j, 64), t);
  lo01 = X86_OP (unpacklo_epi32) (v[0], v[1]);
  hi01 = X86_OP (unpackhi_epi32) (v[0], v[1]);
  lo23 = X86_OP (unpacklo_epi32) (v[2], v[3]);
  hi23 = X86_OP (unpackhi_epi32) (v[2], v[3]);
  *b0 = X86_OP (unpacklo_epi64) (lo01, lo23);
  *b1 = X86_OP (unpackhi_epi64) (lo01, lo23);
  *b2 = X86_OP (unpacklo_epi64) (hi01, hi23);
  *b3 = X86_OP (unpackhi_epi64) (hi01, hi23);
}
