/* gutf8conv-kernel-x86-width.h: one x86 vector, at the kernel's width
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * So that a step the same at 128, 256 or 512 bits is written once in the
 * x86 shared headers: X86_OP (name) and X86_SI (name) are the
 * intrinsics _mm_name / _mm_name_si128 or their _mm256_ or _mm512_
 * forms.  The width is X86_BITS: avx512 defines it before including;
 * otherwise it is AVX2's where the flags allow, else SSE's.  Byte
 * shuffles and packs work within 128-bit lanes at every width, which is
 * what X86_LANE_BYTES() and x86_lane() are for.
 */

#pragma once

#include <immintrin.h>

#include "gutf8conv-kernel-generic.h"

#ifndef X86_BITS
#ifdef __AVX2__
#define X86_BITS 256
#else
#define X86_BITS 128
#endif
#endif

#if X86_BITS == 512
typedef __m512i x86_vec;
#define X86_OP(name) _mm512_##name
#define X86_SI(name) _mm512_##name##_si512
#elif X86_BITS == 256
typedef __m256i x86_vec;
#define X86_OP(name) _mm256_##name
#define X86_SI(name) _mm256_##name##_si256
#else
typedef __m128i x86_vec;
#define X86_OP(name) _mm_##name
#define X86_SI(name) _mm_##name##_si128
#endif
#define X86_LANES (X86_BITS / 128)
#define SET1(c) X86_OP (set1_epi8) ((char) (c))

/* The same sixteen bytes in every 128-bit lane. */
#if X86_BITS == 512
#define X86_LANE_BYTES(...) _mm512_broadcast_i32x4 (_mm_setr_epi8 (__VA_ARGS__))
#elif X86_BITS == 256
#define X86_LANE_BYTES(...) _mm256_setr_epi8 (__VA_ARGS__, __VA_ARGS__)
#else
#define X86_LANE_BYTES(...) _mm_setr_epi8 (__VA_ARGS__)
#endif

/* Half @h (0, 1) of @v. */
#if X86_BITS == 512
#define x86_half(v, h) ((h) == 0 ? _mm512_castsi512_si256 (v) : _mm512_extracti64x4_epi64 ((v), 1))
#elif X86_BITS == 256
#define x86_half(v, h) ((h) == 0 ? _mm256_castsi256_si128 (v) : _mm256_extracti128_si256 ((v), 1))
#endif

#if X86_BITS < 512
/* 128-bit lane @i of @v. */
GUTF8CONV_KERNEL_INLINE __m128i
x86_lane (x86_vec v,
          guint   i)
{
#if X86_BITS == 256
  return i == 0 ? _mm256_castsi256_si128 (v) : _mm256_extracti128_si256 (v, 1);
#else
  (void) i;
  return v;
#endif
}

/* Row @k0 of @table, 16-byte shuffles, in lane 0 and on AVX2 row @k1 in
 * lane 1. */
#if X86_BITS == 256
#define x86_rows(table, k0, k1) _mm256_loadu2_m128i ((const __m128i *) (table)[k1], (const __m128i *) (table)[k0])
#else
#define x86_rows(table, k0, k1) _mm_loadu_si128 ((const __m128i *) (table)[k0])
#endif
#endif

/* The bytes of each 16-bit unit swapped: UTF-16 in the other order.
 * SSE2 has no byte shuffle; AVX-512 a rotate by eight. */
GUTF8CONV_KERNEL_INLINE x86_vec
x86_swap16 (x86_vec v)
{
#if X86_BITS == 512
  return _mm512_shldi_epi16 (v, v, 8);
#elif defined (__SSSE3__)
  return X86_OP (shuffle_epi8) (v, X86_LANE_BYTES (1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14));
#else
  return _mm_or_si128 (_mm_slli_epi16 (v, 8), _mm_srli_epi16 (v, 8));
#endif
}

#ifdef __SSSE3__
/* The bytes of each 32-bit unit swapped: UCS-4 in the other order. */
GUTF8CONV_KERNEL_INLINE x86_vec
x86_swap32 (x86_vec v)
{
  return X86_OP (shuffle_epi8) (v, X86_LANE_BYTES (3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12));
}

/* gutf8conv-kernel-generic-load-rest.h's, in SSE's 16 bytes at every width. */
typedef __m128i gk_rest_vec;
GUTF8CONV_KERNEL_INLINE __m128i gk_rest_load16 (const guint8 *p)       { return _mm_loadu_si128 ((const __m128i *) p); }
GUTF8CONV_KERNEL_INLINE __m128i gk_rest_load8 (const guint8 *p)        { return _mm_loadl_epi64 ((const __m128i *) p); }
GUTF8CONV_KERNEL_INLINE __m128i gk_rest_word (guint32 w)               { return _mm_cvtsi32_si128 ((int) w); }
GUTF8CONV_KERNEL_INLINE __m128i gk_rest_lookup (__m128i v, __m128i i)  { return _mm_shuffle_epi8 (v, i); }
GUTF8CONV_KERNEL_INLINE __m128i gk_rest_or (__m128i a, __m128i b)      { return _mm_or_si128 (a, b); }
#endif

#ifdef __AVX2__
/* The constants of x86_payloads() and x86_utf8_values(): made once where a
 * loop calls them and handed down (a kernel context), as GCC 12 forms a
 * splatted constant again at each use (an immediate, a move and a
 * broadcast), four times a block in avx2's transcoding. */
typedef struct
{
  x86_vec nibble, payload_mask, shift_by_lead, keep6, pairs, quads;
} X86Utf8;

GUTF8CONV_KERNEL_INLINE X86Utf8
x86_utf8 (void)
{
  return (X86Utf8) { SET1 (0x0F), X86_LANE_BYTES (GUTF8CONV_PAYLOAD_MASK (GUTF8CONV_I8)),
                     X86_LANE_BYTES (GUTF8CONV_SHIFT_BY_LEAD (GUTF8CONV_I8)), X86_OP (set1_epi32) (0x3F3F3FFF),
                     X86_OP (set1_epi16) (0x0140), X86_OP (set1_epi32) (0x00011000) };
}

/* Dwords of UTF-8 bytes, a lead first (continuation payloads after it,
 * or bits of the next character), to values: summed as a four-byte
 * form's payloads, then shifted right by @shift (per dword) to the
 * sequence's own length; in the other order where @big_endian. */
GUTF8CONV_KERNEL_INLINE x86_vec
x86_utf8_values (x86_vec        w,
                 x86_vec        shift,
                 const gboolean big_endian,
                 const X86Utf8 *k)
{
  /* Bytes after the lead are continuation payloads, or bits of the
   * next character that the shift drops; keep them six bits wide. */
  w = X86_SI (and) (w, k->keep6);
  w = X86_OP (maddubs_epi16) (w, k->pairs);
  w = X86_OP (madd_epi16) (w, k->quads);
  w = X86_OP (srlv_epi32) (w, shift);
  return big_endian ? x86_swap32 (w) : w;
}

/* The payload bits of each byte of @b (the including file has included
 * the tables), and in *@shift, by each byte's high nibble, the right
 * shift of x86_utf8_values() for a lead of that length. */
GUTF8CONV_KERNEL_INLINE x86_vec
x86_payloads (x86_vec        b,
              x86_vec       *shift,
              const X86Utf8 *k)
{
  x86_vec hi = X86_SI (and) (X86_OP (srli_epi16) (b, 4), k->nibble);
  x86_vec x = X86_SI (and) (b, X86_OP (shuffle_epi8) (k->payload_mask, hi));

  *shift = X86_OP (shuffle_epi8) (k->shift_by_lead, hi);
  return x;
}
#endif

#ifdef __SSE4_1__
/* The 32-bit units of @a, then @b, below U+10000, as 16-bit units in
 * order: packus works within lanes, its quadwords put back in order. */
GUTF8CONV_KERNEL_INLINE x86_vec
x86_pack_units16 (x86_vec a,
                  x86_vec b)
{
#if X86_BITS == 512
  return _mm512_permutexvar_epi64 (_mm512_setr_epi64 (0, 2, 4, 6, 1, 3, 5, 7), _mm512_packus_epi32 (a, b));
#elif X86_BITS == 256
  return _mm256_permute4x64_epi64 (_mm256_packus_epi32 (a, b), 0xD8);
#else
  return _mm_packus_epi32 (a, b);
#endif
}
#endif
