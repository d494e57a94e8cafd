/* gutf8conv-kernel-generic-vector.h: the vocabularies' C operators, written once
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The operations of the block, runs and UTF-16 encoder vocabularies
 * (gutf8conv-kernel-generic-block.h, -kl.h, -runs.h, -utf16-encode.h;
 * -utf16-steps.h and -ucs4-steps.h use the operators themselves)
 * that are one operator of C on GCC's vector types: for an ISA whose
 * `gk_vec` is a vector of unsigned bytes and whose `gr_vec16` and
 * `ge16_vec` are one vector type of unsigned 16-bit lanes (Advanced
 * SIMD's, VSX's; not x86's __m128i, a vector of two 64-bit lanes).  The
 * including file defines those types and gr16_set1() first; the compiler
 * gives the ISA's own instruction for each.  It may define ge16_srli()
 * and ge16_slli() first: VSX does, GCC 12 giving its encoders more
 * instructions for the operators' shifts.
 */

#pragma once

GUTF8CONV_KERNEL_INLINE gk_vec   gk_and (gk_vec a, gk_vec b)           { return a & b; }
GUTF8CONV_KERNEL_INLINE gk_vec   gk_or (gk_vec a, gk_vec b)            { return a | b; }
GUTF8CONV_KERNEL_INLINE gk_vec   gk_xor (gk_vec a, gk_vec b)           { return a ^ b; }
GUTF8CONV_KERNEL_INLINE gk_vec   gk_andnot (gk_vec a, gk_vec b)        { return ~a & b; }
GUTF8CONV_KERNEL_INLINE gk_vec   gk_cmpeq (gk_vec a, gk_vec b)         { return (gk_vec) (a == b); }
GUTF8CONV_KERNEL_INLINE gk_vec   gk_ge_u8 (gk_vec x, gk_vec c)         { return (gk_vec) (x >= c); }

GUTF8CONV_KERNEL_INLINE gr_vec16 gr_as16 (gk_vec x)                    { return (gr_vec16) x; }
GUTF8CONV_KERNEL_INLINE gk_vec   gr_as8 (gr_vec16 x)                   { return (gk_vec) x; }
GUTF8CONV_KERNEL_INLINE gr_vec16 gr16_and (gr_vec16 a, gr_vec16 b)     { return a & b; }
GUTF8CONV_KERNEL_INLINE gr_vec16 gr16_cmpeq (gr_vec16 a, gr_vec16 b)   { return (gr_vec16) (a == b); }
GUTF8CONV_KERNEL_INLINE gk_vec   gr8_le (gk_vec a, gk_vec b)           { return (gk_vec) (a <= b); }
GUTF8CONV_KERNEL_INLINE gk_vec   gr8_sub (gk_vec a, gk_vec b)          { return a - b; }
#define gr16_srli(v, n) ((gr_vec16) (v) >> (n))
#define gr8_srli(v, n) ((gk_vec) (v) >> (n))

GUTF8CONV_KERNEL_INLINE ge16_vec ge16_set1 (guint16 c)                 { return gr16_set1 (c); }
GUTF8CONV_KERNEL_INLINE ge16_vec ge16_and (ge16_vec a, ge16_vec b)     { return a & b; }
GUTF8CONV_KERNEL_INLINE ge16_vec ge16_or (ge16_vec a, ge16_vec b)      { return a | b; }
GUTF8CONV_KERNEL_INLINE ge16_vec ge16_xor (ge16_vec a, ge16_vec b)     { return a ^ b; }
GUTF8CONV_KERNEL_INLINE ge16_vec ge16_add (ge16_vec a, ge16_vec b)     { return a + b; }
GUTF8CONV_KERNEL_INLINE ge16_vec ge16_cmpeq (ge16_vec a, ge16_vec b)   { return (ge16_vec) (a == b); }
#ifndef ge16_srli
#define ge16_srli(v, n) ((ge16_vec) (v) >> (n))
#define ge16_slli(v, n) ((ge16_vec) (v) << (n))
#endif
