/* gutf8conv-kernel-x86-encode.h: UCS-4 -> UTF-8's vocabulary for ssse3 and avx2
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The operations of gutf8conv-kernel-generic-encode.h on sixteen units,
 * in the vectors of gutf8conv-kernel-x86-utf16-encode.h (four of SSE,
 * two of AVX2), which the including file has included.  The two-byte and
 * BMP steps pack the units to 16 bits and take UTF-16's steps, on their
 * constants (Ge32Context).  The any-value step is one for both widths
 * (x86_encode_any()).
 */

#pragma once

#define GE32_UNITS 16
/* The any-value step: four bytes a unit, a 16-byte store per four. */
#define GE32_ROOM 64
#define GE32_VECS (64 / sizeof (ge16_vec))
/* Every loop over the vectors unrolled: an index by a counter would keep
 * the units in memory. */
#define GE32_UNROLL _Pragma ("GCC unroll 4")
typedef struct { ge16_vec q[GE32_VECS]; } ge32_vec;
#define GE32_PARTS 2
typedef struct { ge16_vec q[GE32_VECS / 2]; } ge32_part;
#define GE32_HAVE_BMP 1
#define GE32_HAVE_CONTEXT 1
struct _Ge32Context { Ge16Context w; };
GUTF8CONV_KERNEL_INLINE Ge32Context ge32_context (void) { Ge32Context c = { ge16_context () }; return c; }

GUTF8CONV_KERNEL_INLINE ge32_vec
ge32_load (const guint8 *p,
           gboolean      big_endian)
{
  ge32_vec v;

  GE32_UNROLL
  for (guint i = 0; i < GE32_VECS; i++)
    {
      v.q[i] = X86_SI (loadu) ((const ge16_vec *) (p + sizeof (ge16_vec) * i));
      if (big_endian)
        v.q[i] = x86_swap32 (v.q[i]);
    }
  return v;
}

GUTF8CONV_KERNEL_INLINE ge16_vec
ge32_any_bits (ge32_vec v)
{
  ge16_vec x = v.q[0];

  GE32_UNROLL
  for (guint i = 1; i < GE32_VECS; i++)
    x = X86_SI (or) (x, v.q[i]);
  return x;
}

GUTF8CONV_KERNEL_INLINE gboolean
ge32_below (ge32_vec v,
            guint32  limit)
{
  return X86_SI (testz) (ge32_any_bits (v), X86_OP (set1_epi32) ((int) -limit));
}

GUTF8CONV_KERNEL_INLINE gboolean
ge32_has_nul (ge32_vec v)
{
  ge16_vec x = X86_OP (cmpeq_epi32) (v.q[0], X86_SI (setzero) ());

  GE32_UNROLL
  for (guint i = 1; i < GE32_VECS; i++)
    x = X86_SI (or) (x, X86_OP (cmpeq_epi32) (v.q[i], X86_SI (setzero) ()));
  return !X86_SI (testz) (x, x);
}

GUTF8CONV_KERNEL_INLINE gboolean
ge32_ascii (ge32_vec v,
            gboolean no_nul)
{
  return ge32_below (v, 0x80) && !(no_nul && ge32_has_nul (v));
}

GUTF8CONV_KERNEL_INLINE ge32_part
ge32_part_of (ge32_vec v,
              guint    i)
{
  ge32_part x;

  /* A select, not an index: the encoder's loop over the parts stays a
   * loop, and an index by its counter would keep @v in memory. */
  GE32_UNROLL
  for (guint j = 0; j < GE32_VECS / 2; j++)
    x.q[j] = i == 0 ? v.q[j] : v.q[GE32_VECS / 2 + j];
  return x;
}

/* A unit above @max (unsigned) or a surrogate. */
GUTF8CONV_KERNEL_INLINE gboolean
ge32_bad (ge32_part x,
          guint32   max)
{
  ge16_vec bad = X86_SI (setzero) ();

  GE32_UNROLL
  for (guint j = 0; j < GE32_VECS / 2; j++)
    bad = X86_SI (or) (bad, X86_SI (or) (X86_SI (xor) (X86_OP (cmpeq_epi32) (X86_OP (min_epu32) (x.q[j], X86_OP (set1_epi32) ((int) max)), x.q[j]),
                                                          X86_OP (set1_epi32) (-1)),
                                           X86_OP (cmpeq_epi32) (X86_SI (and) (x.q[j], X86_OP (set1_epi32) (~0x7FF)),
                                                                  X86_OP (set1_epi32) (0xD800))));
  return !X86_SI (testz) (bad, bad);
}

GUTF8CONV_KERNEL_INLINE guint8 *
ge32_store_ascii (const Ge32Context *c G_GNUC_UNUSED,
                  guint8            *o,
                  ge32_vec           v)
{
#if X86_BITS == 256
  __m256i w = _mm256_packus_epi32 (v.q[0], v.q[1]);

  w = _mm256_permutevar8x32_epi32 (_mm256_packus_epi16 (w, w), _mm256_setr_epi32 (0, 4, 1, 5, 2, 6, 3, 7));
  _mm_storeu_si128 ((__m128i *) o, _mm256_castsi256_si128 (w));
#else
  _mm_storeu_si128 ((__m128i *) o, _mm_packus_epi16 (_mm_packus_epi32 (v.q[0], v.q[1]), _mm_packus_epi32 (v.q[2], v.q[3])));
#endif
  return o + 16;
}

/* Eight or sixteen 16-bit units @w below U+0800. */
GUTF8CONV_KERNEL_INLINE guint8 *
ge32_encode_two16 (const Ge32Context *c,
                   guint8            *o,
                   ge16_vec           w)
{
  return ge16_encode_two (&c->w, o, w, X86_OP (cmpgt_epi16) (c->w.cont, w));
}

GUTF8CONV_KERNEL_INLINE guint8 *
ge32_encode_two (const Ge32Context *c,
                 guint8            *o,
                 ge32_vec           v)
{
  GE32_UNROLL
  for (guint i = 0; i < GE32_VECS; i += 2)
    o = ge32_encode_two16 (c, o, x86_pack_units16 (v.q[i], v.q[i + 1]));
  return o;
}

/* The BMP step's units as packus leaves them, out of order at 256 bits
 * (lane 0 units 0-3 and 8-11): its stores are ge16_bmp_store_*(), and its
 * surrogate test asks the same vectors. */
GUTF8CONV_KERNEL_INLINE gboolean
ge32_surrogate (const Ge32Context *c,
                ge32_vec           v)
{
  ge16_vec s = X86_SI (setzero) ();

  GE32_UNROLL
  for (guint i = 0; i < GE32_VECS; i += 2)
    s = X86_SI (or) (s, X86_OP (cmpeq_epi16) (X86_SI (and) (X86_OP (packus_epi32) (v.q[i], v.q[i + 1]), c->w.top5), c->w.surrogate));
  return !X86_SI (testz) (s, s);
}

GUTF8CONV_KERNEL_INLINE guint8 *
ge32_encode_bmp (const Ge32Context *c,
                 guint8            *o,
                 ge32_vec           v)
{
  GE32_UNROLL
  for (guint i = 0; i < GE32_VECS; i += 2)
    o = ge16_encode_bmp (&c->w, o, X86_OP (packus_epi32) (v.q[i], v.q[i + 1]));
  return o;
}

/* The any-value step's part common to the kernels: each unit's tests
 * @g for a form longer than one, two, three bytes, and its four-byte
 * form's payloads, lead in the low byte (a shorter form's are its top
 * bytes, its value being small). */
GUTF8CONV_KERNEL_INLINE x86_vec
x86_encode_parts (x86_vec v,
                  x86_vec g[3])
{
  g[0] = X86_OP (cmpgt_epi32) (v, X86_OP (set1_epi32) (0x7F));
  g[1] = X86_OP (cmpgt_epi32) (v, X86_OP (set1_epi32) (0x7FF));
  g[2] = X86_OP (cmpgt_epi32) (v, X86_OP (set1_epi32) (0xFFFF));
  return X86_SI (or) (X86_SI (or) (X86_OP (srli_epi32) (v, 18),
                                   X86_SI (and) (X86_OP (srli_epi32) (v, 4), X86_OP (set1_epi32) (0x3F00))),
                      X86_SI (or) (X86_SI (and) (X86_OP (slli_epi32) (v, 10), X86_OP (set1_epi32) (0x3F0000)),
                                   X86_OP (slli_epi32) (X86_SI (and) (v, X86_OP (set1_epi32) (0x3F)), 24)));
}

/* The any-value step on a vector of units, four a lane: each unit's
 * UTF-8 bytes at the top of its dword, packed by a lane's row of
 * gutf8conv_pack4_top_shuffle.  The row's key, k0 + 4 k1 + 16 k2 + 64 k3
 * of the four lengths less one, is one multiply of the lane's lengths
 * gathered into a dword (the other products stay below bit 24 or above
 * bit 31): no table lookup per mask, no variable shift. */
GUTF8CONV_KERNEL_INLINE guint8 *
x86_encode_any (guint8  *o,
                x86_vec  x)
{
  x86_vec g[3], marker, k, w = x86_encode_parts (x, g);
  guint key[X86_LANES];

  k = X86_OP (sub_epi32) (X86_SI (setzero) (), X86_OP (add_epi32) (g[0], X86_OP (add_epi32) (g[1], g[2])));
  k = X86_OP (shuffle_epi8) (k, X86_LANE_BYTES (0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1));
  for (guint i = 0; i < X86_LANES; i++)
    key[i] = ((guint32) _mm_cvtsi128_si32 (x86_lane (k, i)) * 0x01041040u) >> 24;
  marker = X86_SI (and) (g[0], X86_OP (set1_epi32) ((int) 0x80C00000));
  marker = X86_OP (blendv_epi8) (marker, X86_OP (set1_epi32) ((int) 0x8080E000), g[1]);
  marker = X86_OP (blendv_epi8) (marker, X86_OP (set1_epi32) ((int) 0x808080F0), g[2]);
  w = X86_OP (blendv_epi8) (X86_OP (slli_epi32) (x, 24), X86_SI (or) (w, marker), g[0]);
  w = ge16_shuffle_rows (w, gutf8conv_pack4_top_shuffle, key[0], key[X86_LANES - 1]);
  for (guint i = 0; i < X86_LANES; i++)
    {
      _mm_storeu_si128 ((__m128i *) o, x86_lane (w, i));
      o += gutf8conv_pack4_length[key[i]];
    }
  return o;
}

/* Eight valid units.  SSE's part is two vectors: eight units below
 * U+0800, or in the BMP, take UTF-16's steps at once. */
GUTF8CONV_KERNEL_INLINE guint8 *
ge32_encode_any (const Ge32Context *c,
                 guint8            *o,
                 const guint8      *oend G_GNUC_UNUSED,
                 ge32_part          x)
{
#if X86_BITS == 128
  __m128i any = _mm_or_si128 (x.q[0], x.q[1]);

  if (_mm_testz_si128 (any, _mm_set1_epi32 (~0x7FF)))
    return ge32_encode_two16 (c, o, _mm_packus_epi32 (x.q[0], x.q[1]));
  if (_mm_testz_si128 (any, _mm_set1_epi32 ((int) 0xFFFF0000)))
    return ge16_encode_bmp (&c->w, o, _mm_packus_epi32 (x.q[0], x.q[1]));
#else
  (void) c;
#endif
  GE32_UNROLL
  for (guint j = 0; j < GE32_VECS / 2; j++)
    o = x86_encode_any (o, x.q[j]);
  return o;
}

#include "gutf8conv-kernel-generic-encode.h"
