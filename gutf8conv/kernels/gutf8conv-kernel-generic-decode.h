/* gutf8conv-kernel-generic-decode.h: a wide decoder's careful loop, written once
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * UTF-8 -> UCS-4 over a kernel's fast phase and its block
 * transcoding.  The careful phase: block by block from a character
 * boundary, each tested by the byte compares of
 * gutf8conv-kernel-generic-block.h.  A block that fails gives the
 * characters before its first wrong byte, and the kernel stops there (the
 * state machine takes what follows) or, mending, mends the malformed
 * sequence there and returns to its fast phase.  The rest of the input,
 * shorter than a block, goes to the padded blocks of
 * gutf8conv-kernel-generic-padded.h.  See the behaviour guide, section
 * `kernels`.
 *
 * The including file includes gutf8conv-kernel-generic-block.h first and
 * defines what gutf8conv-kernel-generic-padded.h asks for, but
 * GK_REST_MAX, and:
 *   GK_CAREFUL_MIN     the shortest input the careful loop takes a block
 *                      of (at most 64, or GK_BLOCK + 1): a block, the
 *                      byte after it and what gk_decode_block() reads
 *   void gk_decode_fast (const guint8 **pp, const guint8 *end, guint8 **po,
 *                        const guint8 *oend, gboolean big_endian, gboolean bmp_only,
 *                        GkMend *m);
 *                      the kernel's fast phase from *@pp, a character
 *                      boundary: advances *@pp and *@po over what it
 *                      converted, stopping at a character boundary; where
 *                      the kernel defines GK_FAST_MENDS, mending as @m
 *                      says (gutf8conv-kernel-generic-mend-block.h)
 * A kernel with masked stores fills a short output window exactly, so
 * that the cost of a call does not grow as its window shrinks
 * (GK_HAVE_EXACT_STORES), given:
 *   void    gk_widen_exact (const guint8 *p, guint n, guint8 *o, gboolean big_endian);
 *                      the @n ASCII bytes at @p, nothing past them written
 *   guint8 *gk_decode_exact (const guint8 *p, gk_mask leads, guint8 *o, gboolean big_endian);
 *                      gk_decode_block(), nothing past the characters written
 * and, where it has an instruction for it (GK_HAVE_MASK_FIRST; the
 * default clears bits one at a time):
 *   gk_mask gk_mask_first (gk_mask m, guint n);  the lowest @n bits set of @m
 * Otherwise the scalar kernel takes a block whose stores do not fit, and
 * stops exactly where it must.  A kernel whose padded block is wider than
 * a stream's smallest chunks may hand those of 16 bytes or fewer to a
 * narrower kernel's decode, GK_DECODE_NARROW (a GUtf8ConvDecodeFunc).
 */

#pragma once

#define GK_REST_MAX GK_CAREFUL_MIN

#include "gutf8conv-kernel-generic-padded.h"

#if defined (GK_HAVE_EXACT_STORES) && !defined (GK_HAVE_MASK_FIRST)
GUTF8CONV_KERNEL_INLINE gk_mask
gk_mask_first (gk_mask m,
               guint   n)
{
  gk_mask rest = m;

  for (guint i = 0; i < n; i++)
    rest &= rest - 1;
  return m & ~rest;
}
#endif

/* The block at *@pp, whose characters start at @leads and end at
 * @consumed, where the output has no room for gk_decode_block()'s
 * stores: what fits of it, advancing *@pp and *@po; FALSE where the
 * kernel stops. */
GUTF8CONV_KERNEL_INLINE gboolean
gk_decode_fitting (const guint8 **pp,
                   const guint8  *end,
                   guint8       **po,
                   const guint8  *oend,
                   gk_mask        leads,
                   guint          consumed,
                   const guint    flags)
{
#ifdef GK_HAVE_EXACT_STORES
  const gboolean big_endian = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;
  guint n_fit = MIN ((gsize) gk_popcount (leads), (gsize) (oend - *po) / 4);
  gk_mask fit;

  (void) end;
  if (leads == GK_ALL)
    {
      gk_widen_exact (*pp, n_fit, *po, big_endian);
      *pp += n_fit;
      *po += 4 * n_fit;
      return n_fit == GK_BLOCK;
    }
  if (n_fit == 0)
    return FALSE;
  /* The first lead that does not fit is where to stop. */
  fit = gk_mask_first (leads, n_fit);
  if (fit != leads)
    consumed = gk_mask_low (leads & ~fit);
  *po = gk_decode_exact (*pp, fit, *po, big_endian);
  *pp += consumed;
  return TRUE;
#else
  (void) leads;
  (void) consumed;
  return gutf8conv_kernel_scalar_block (gutf8conv_kernel_scalar_decode, pp, end, po, oend,
                                        GK_BLOCK, GUTF8CONV_KERNEL_SEQ_SLACK, flags);
#endif
}

/* The careful phase from *@pp, a character boundary, mending where @m
 * says (GkMend).  GK_CAREFUL_STOP where it stopped for good;
 * GK_CAREFUL_REST at the short rest of the input. */
GUTF8CONV_KERNEL_INLINE GkCareful
gk_decode_careful (const guint8   **pp,
                   const guint8    *end,
                   guint8         **po,
                   const guint8    *oend,
                   const guint      flags,
                   GkMend          *m)
{
  const gboolean big_endian = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;
  const gboolean bmp_only = (flags & GUTF8CONV_KERNEL_BMP_ONLY) != 0;

  while (end - *pp >= GK_CAREFUL_MIN)
    {
      const guint8 *p = *pp;
      gk_vec b = gk_loadu (p);
      gk_mask nonascii = gk_movemask (b);
      gk_mask leads, wrong;
      guint consumed;
      GkLeads c;

      if (nonascii == 0)
        {
          if ((gsize) (oend - *po) < 4 * GK_BLOCK)
            {
              if (!gk_decode_fitting (pp, end, po, oend, GK_ALL, GK_BLOCK, flags))
                return GK_CAREFUL_STOP;
              continue;
            }
          gk_widen_block (p, b, *po, big_endian);
          *pp = p + GK_BLOCK;
          *po += 4 * GK_BLOCK;
          continue;
        }

      wrong = gk_block_wrong (b, p, nonascii, bmp_only, &c);
      /* The last character may end past the block: leave it for the
       * next.  A block that fails ends before its first wrong character. */
      consumed = wrong == 0 ? gk_block_end (&c) : gk_valid_prefix (gk_block_expected (&c), wrong);
      if (consumed == 0)
        return gk_mend_at (m, pp, end, po, oend, 4, big_endian);
      leads = gk_block_leads (&c, consumed);
      if ((gsize) (oend - *po) < 4 * (gsize) gk_popcount (leads) + GK_DECODE_OVER)
        {
          if (!gk_decode_fitting (pp, end, po, oend, leads, consumed, flags))
            return GK_CAREFUL_STOP;
          continue;
        }
      *po = gk_decode_block (p, leads, *po, big_endian);
      *pp = p + consumed;
      if (wrong != 0)
        return gk_mend_at (m, pp, end, po, oend, 4, big_endian);
    }
  return GK_CAREFUL_REST;
}

/* After a mend at *@pp, with GK_CAREFUL_MIN bytes left: the malformed
 * sequences that follow at once (a damaged character gives up to four
 * in a row), mended here, where the fast phase would fail on each first
 * thing and a careful block find it again.  Not inlined: the kernel's
 * loops compile as they did without it. */
static __attribute__((noinline)) GkCareful
gk_mend_next (GkMend         *m,
              const guint8  **pp,
              const guint8   *end,
              guint8        **po,
              const guint8   *oend,
              const gboolean  big_endian)
{
  GkCareful r = GK_CAREFUL_MENDED;

  while (r == GK_CAREFUL_MENDED && end - *pp >= GK_CAREFUL_MIN && gk_maximal_subpart (*pp, end) != 0)
    r = gk_mend_at (m, pp, end, po, oend, 4, big_endian);
  return r;
}

/* UTF-8 -> UCS-4 (GUtf8ConvDecodeFunc's arguments), mending as @pm
 * says (its mend NULL: not at all): the fast phase, the careful loop, the
 * fast phase again after each mend, the padded rest. */
GUTF8CONV_KERNEL_INLINE gsize
gk_decode_mend_with (GkMend       *pm,
                     const guint8 *in,
                     gsize         in_len,
                     guint8       *out,
                     gsize         out_len,
                     const guint   flags,
                     gsize        *in_used)
{
  const guint8 *p = in, *end = in + in_len;
  guint8 *o = out, *oend = out + out_len;
  GkCareful r;
  GkMend m = *pm;

  do
    {
      gk_decode_fast (&p, end, &o, oend, (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0,
                      (flags & GUTF8CONV_KERNEL_BMP_ONLY) != 0, &m);
      r = gk_decode_careful (&p, end, &o, oend, flags, &m);
      if (r == GK_CAREFUL_MENDED && end - p >= GK_CAREFUL_MIN && *p >= 0x80)
        {
          /* Copies, so that no address of the loop's own escapes. */
          const guint8 *q = p;
          guint8 *qo = o;
          GkMend qm = m;

          r = gk_mend_next (&qm, &q, end, &qo, oend, (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0);
          p = q;
          o = qo;
          m = qm;
        }
    }
  while (r == GK_CAREFUL_MENDED);
  *pm = m;
  if (r == GK_CAREFUL_STOP)
    return gutf8conv_kernel_stop (in, p, out, o, in_used);
  return gk_decode_padded (in, p, end, out, o, oend, flags, in_used);
}

/* UTF-8 -> UCS-4 (GUtf8ConvDecodeMendFunc's arguments), mending where
 * @mend is not NULL. */
GUTF8CONV_KERNEL_INLINE gsize
gk_decode_mending (const guint8        *in,
                   gsize                in_len,
                   guint8              *out,
                   gsize                out_len,
                   const guint          flags,
                   gsize               *in_used,
                   GUtf8ConvKernelMend *mend)
{
  GkMend m;

  gk_mend_init (&m, mend, in);
  return gk_decode_mend_with (&m, in, in_len, out, out_len, flags, in_used);
}

GUTF8CONV_KERNEL_UNMENDED (gk_decode, gk_decode_mending)

/* Input shorter than the careful block: all of it in padded blocks. */
GK_PADDED_ENTRY_POINT (gk_decode_short)

#ifdef GK_DECODE_NARROW
/* The shortest of it by the narrower kernel (GK_DECODE_NARROW); not
 * inlined, so that the entry point keeps one test and a jump. */
static __attribute__((noinline)) gsize
gk_decode_short_narrow (const guint8 *in,
                        gsize         in_len,
                        guint8       *out,
                        gsize         out_len,
                        guint         flags,
                        gsize        *in_used)
{
  if (in_len <= 16)
    return GK_DECODE_NARROW (in, in_len, out, out_len, flags, in_used);
  return gk_decode_short (in, in_len, out, out_len, flags, in_used);
}
#define GK_DECODE_SHORT gk_decode_short_narrow
#else
#define GK_DECODE_SHORT gk_decode_short
#endif

/* A kernel's UTF-8 -> UCS-4 entry points: @decode (GUtf8ConvDecodeFunc)
 * and @decode_mend (GUtf8ConvDecodeMendFunc). */
#define GK_DECODE_ENTRY_POINTS(decode, decode_mend) \
  GUTF8CONV_KERNEL_ENTRY_POINT_SHORT (decode, gk_decode, GUTF8CONV_KERNEL_BIG_ENDIAN | GUTF8CONV_KERNEL_BMP_ONLY, \
                                      GK_CAREFUL_MIN, GK_DECODE_SHORT) \
  GUTF8CONV_KERNEL_MEND_ENTRY_POINT (decode_mend, gk_decode_mending, decode, GK_CAREFUL_MIN)
