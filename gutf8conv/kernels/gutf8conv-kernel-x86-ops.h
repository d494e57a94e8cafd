/* gutf8conv-kernel-x86-ops.h: the generic layer's vector operations for the x86 kernels
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A block is one vector of gutf8conv-kernel-x86-width.h: 16 bytes with
 * SSE, 32 with AVX2, 64 with AVX-512 (whose compares give mask registers,
 * made vectors again).  SSE2 has every compare the byte-compare block
 * test needs.  The nibble-lookup validator's lookup is SSSE3's, and with
 * it the block test checks leads by lookups too.
 */

#pragma once

#include "gutf8conv-kernel-x86-width.h"

#define GK_BLOCK (X86_BITS / 8)
typedef x86_vec gk_vec;

GUTF8CONV_KERNEL_INLINE gk_vec  gk_loadu (const guint8 *p)  { return X86_SI (loadu) ((const gk_vec *) p); }
GUTF8CONV_KERNEL_INLINE void    gk_storeu (guint8 *p, gk_vec x) { X86_SI (storeu) ((gk_vec *) p, x); }
GUTF8CONV_KERNEL_INLINE gk_vec  gk_set1 (guint8 c)          { return SET1 (c); }
GUTF8CONV_KERNEL_INLINE gk_vec  gk_or (gk_vec a, gk_vec b)  { return X86_SI (or) (a, b); }
GUTF8CONV_KERNEL_INLINE gk_vec  gk_and (gk_vec a, gk_vec b) { return X86_SI (and) (a, b); }
GUTF8CONV_KERNEL_INLINE gk_vec  gk_andnot (gk_vec a, gk_vec b) { return X86_SI (andnot) (a, b); }
GUTF8CONV_KERNEL_INLINE gk_vec  gk_xor (gk_vec a, gk_vec b) { return X86_SI (xor) (a, b); }
GUTF8CONV_KERNEL_INLINE gk_vec  gk_subs_u8 (gk_vec a, gk_vec b) { return X86_OP (subs_epu8) (a, b); }
/* No shift by byte: by 16-bit lane, the bits from the next byte masked. */
GUTF8CONV_KERNEL_INLINE gk_vec  gk_high_nibble (gk_vec x)   { return X86_SI (and) (X86_OP (srli_epi16) (x, 4), SET1 (0x0F)); }
#if X86_BITS == 512
typedef guint64 gk_mask;
GUTF8CONV_KERNEL_INLINE gk_mask gk_movemask (gk_vec x)      { return _mm512_movepi8_mask (x); }
#define GK_HAVE_GE_MASK 1
GUTF8CONV_KERNEL_INLINE gk_mask gk_ge_mask (gk_vec x, guint8 c) { return _mm512_cmpge_epu8_mask (x, gk_set1 (c)); }
GUTF8CONV_KERNEL_INLINE gk_vec  gk_cmpeq (gk_vec a, gk_vec b)  { return _mm512_movm_epi8 (_mm512_cmpeq_epi8_mask (a, b)); }
GUTF8CONV_KERNEL_INLINE gk_vec  gk_ge_u8 (gk_vec x, gk_vec c)  { return _mm512_movm_epi8 (_mm512_cmpge_epu8_mask (x, c)); }
#else
typedef guint32 gk_mask;
GUTF8CONV_KERNEL_INLINE gk_mask gk_movemask (gk_vec x)      { return (guint32) X86_OP (movemask_epi8) (x); }
GUTF8CONV_KERNEL_INLINE gk_vec  gk_cmpeq (gk_vec a, gk_vec b)  { return X86_OP (cmpeq_epi8) (a, b); }
/* No unsigned byte compare: x >= c where max (x, c) is x. */
GUTF8CONV_KERNEL_INLINE gk_vec  gk_ge_u8 (gk_vec x, gk_vec c)  { return X86_OP (cmpeq_epi8) (X86_OP (max_epu8) (x, c), x); }
#endif

#ifdef __SSSE3__
/* (v)pshufb looks up within each 128-bit lane: the table in every lane. */
GUTF8CONV_KERNEL_INLINE gk_vec  gk_lookup16 (gk_vec t, gk_vec i) { return X86_OP (shuffle_epi8) (t, i); }
#define GK_KL_TABLE(list) X86_LANE_BYTES (list (GUTF8CONV_I8))
#endif

#if defined (__SSE4_1__) && X86_BITS < 512
/* The fast phase's (gutf8conv-kernel-generic-kl-decode.h), by ptest. */
GUTF8CONV_KERNEL_INLINE gboolean gk_is_ascii (gk_vec x)     { return X86_SI (testz) (x, SET1 (0x80)); }
GUTF8CONV_KERNEL_INLINE gboolean gk_any_set (gk_vec x)      { return !X86_SI (testz) (x, x); }
#endif

#if defined (__SSSE3__) && X86_BITS < 512
/* vpalignr works within each lane: with AVX2, the high lane of @prev and
 * the low one of @b make the bytes before each lane. */
#if X86_BITS == 256
#define gk_prev_bytes(b, prev, n) \
  _mm256_alignr_epi8 (b, _mm256_permute2x128_si256 (prev, b, 0x21), 16 - (n))
#else
#define gk_prev_bytes(b, prev, n) _mm_alignr_epi8 (b, prev, 16 - (n))
#endif
#include "gutf8conv-kernel-generic-kl.h"

/* The block test's lead check by the lookups' pair classes of each lead
 * and its next byte, in fewer operations than its byte compares.  A lead
 * whose next byte is out of its range, or that starts nothing, is in a
 * class; so is one whose next byte is no continuation byte, which the
 * test finds wrong anyway.  With @bmp_only the tables make every
 * four-byte lead wrong. */
#define GK_HAVE_BAD_LEADS 1
GUTF8CONV_KERNEL_INLINE gk_mask
gk_bad_leads (gk_vec b, gk_vec n1, gk_mask l2, gk_mask l4 G_GNUC_UNUSED, const gboolean bmp_only)
{
  const GkKlTables t = gk_kl_tables (bmp_only);

  return ~gk_movemask (gk_cmpeq (gk_kl_pairs (n1, b, &t), gk_set1 (0))) & l2;
}
#endif

#include "gutf8conv-kernel-generic-block.h"
/* No context: an x86 constant is one load where it is used, or an
 * operand. */
#include "gutf8conv-kernel-generic-context.h"
