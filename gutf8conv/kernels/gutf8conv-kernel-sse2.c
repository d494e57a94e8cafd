/* gutf8conv-kernel-sse2.c: the x86-64 baseline kernel
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * SSE2 is all every x86-64 CPU has, and it has no byte shuffle: this
 * kernel decodes and encodes UCS-4 with the scalar kernel's loops, their
 * ASCII steps sixteen bytes and sixteen units; and runs the generic
 * UTF-16 encoder on the x86 vocabulary at 16 bytes, whose stores without
 * pshufb are a unit at a time.
 */

#include "config.h"

#include <string.h>

#include "gutf8conv-kernel.h"
#include "gutf8conv-kernel-x86-ops.h"
#include "gutf8conv-kernel-generic-widen.h"

/* Decoding: the scalar kernel's loop (gutf8conv-kernel-generic-scalar-decode.h),
 * its ASCII step sixteen bytes, widened as single-byte text is. */
#define GK_SCALAR_ASCII 16
GUTF8CONV_KERNEL_INLINE gboolean
gk_scalar_ascii (const guint8   *p,
                 guint8         *o,
                 const guint     unit,
                 const gboolean  big_endian)
{
  __m128i b = _mm_loadu_si128 ((const __m128i *) p);

  if (_mm_movemask_epi8 (b) != 0)
    return FALSE;
  gk_widen (o, (GkBytes) b, GUTF8CONV_KERNEL_BYTE_LATIN1, unit, big_endian);
  return TRUE;
}

#include "gutf8conv-kernel-generic-scalar-decode.h"

GK_SCALAR_DECODE_ENTRY_POINTS (static, decode_sse2, decode16_sse2)

/* Encoding UCS-4: the scalar kernel's loop (gutf8conv-kernel-generic-scalar-encode.h),
 * its ASCII step sixteen units. */
#define GK_SCALAR_ENCODE_ASCII 16
GUTF8CONV_KERNEL_INLINE gboolean
gk_scalar_encode_ascii (const guint8   *p,
                        guint8         *o,
                        const gboolean  big_endian,
                        const gboolean  no_nul)
{
  __m128i v0 = _mm_loadu_si128 ((const __m128i *) p);
  __m128i v1 = _mm_loadu_si128 ((const __m128i *) (p + 16));
  __m128i v2 = _mm_loadu_si128 ((const __m128i *) (p + 32));
  __m128i v3 = _mm_loadu_si128 ((const __m128i *) (p + 48));
  __m128i any = _mm_or_si128 (_mm_or_si128 (v0, v1), _mm_or_si128 (v2, v3));
  /* A big-endian ASCII unit loads as c << 24. */
  const __m128i not_ascii = big_endian ? _mm_set1_epi32 (0x80FFFFFF) : _mm_set1_epi32 (~0x7F);

  if (_mm_movemask_epi8 (_mm_cmpeq_epi8 (_mm_and_si128 (any, not_ascii), _mm_setzero_si128 ())) != 0xFFFF)
    return FALSE;
  if (no_nul)
    {
      __m128i z = _mm_setzero_si128 ();
      __m128i nul = _mm_or_si128 (_mm_or_si128 (_mm_cmpeq_epi32 (v0, z), _mm_cmpeq_epi32 (v1, z)),
                                  _mm_or_si128 (_mm_cmpeq_epi32 (v2, z), _mm_cmpeq_epi32 (v3, z)));

      if (_mm_movemask_epi8 (nul) != 0)
        return FALSE;
    }
  if (big_endian)
    {
      v0 = _mm_srli_epi32 (v0, 24);
      v1 = _mm_srli_epi32 (v1, 24);
      v2 = _mm_srli_epi32 (v2, 24);
      v3 = _mm_srli_epi32 (v3, 24);
    }
  _mm_storeu_si128 ((__m128i *) o,
                    _mm_packus_epi16 (_mm_packs_epi32 (v0, v1), _mm_packs_epi32 (v2, v3)));
  return TRUE;
}

#include "gutf8conv-kernel-generic-scalar-encode.h"

/* Its loops aligned, as the scalar kernel's encoder is: otherwise its
 * speed on text of one length turns on where they land. */
static GUTF8CONV_KERNEL_LOOPS_ALIGNED gsize
encode_sse2 (const guint8 *in, gsize in_len, guint8 *out, gsize out_len, guint flags, gsize *in_used)
{
  GUTF8CONV_KERNEL_SPECIALISE (scalar_encode_impl, GUTF8CONV_KERNEL_ALL_FLAGS);
}

/* UTF-8 to UTF-8: the generic fast validation loop on the byte-compare
 * block test (gutf8conv-kernel-generic-block.h). */
GK_COPY_ENTRY_POINT (copy_sse2, gk_validate_fast)

/* UTF-8 -> UTF-16, mending: the plain loop, each sequence where it
 * stops mended. */
GK_MEND_AROUND_ENTRY_POINT (decode16_sse2_mend, decode16_sse2, NULL, 0, 2)

/* UTF-16 -> UTF-8 (encode16). */
#include "gutf8conv-kernel-x86-utf16-encode.h"

GE16_ENCODE_ENTRY_POINTS (encode16_sse2, encode16_sse2_mend)

/* The single-byte text loop (gutf8conv-kernel-generic-single-byte.h), for
 * every x86 kernel: wider vectors gain nothing on blocks this short. */
#define single_byte_masks gk_single_byte_masks
#include "gutf8conv-kernel-generic-single-byte.h"

GK_SINGLE_BYTE_ENTRY_POINT (gutf8conv_kernel_sse2_single_byte)

/* Decoding and encoding UCS-4 mend in the codec: its loops are the scalar
 * ones but for ASCII. */
#define decode_sse2_mend NULL
#define encode_sse2_mend NULL
GK_KERNEL_TABLE (sse2, gutf8conv_kernel_sse2_single_byte);
