/* gutf8conv-kernel-generic-kl-decode.h: the fast loops over the nibble-lookup validator, written once
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * gk_decode_fast() of gutf8conv-kernel-generic-decode.h for a kernel
 * whose fast loop validates with the nibble lookups of
 * gutf8conv-kernel-generic-kl.h.  It steps a fixed GK_BLOCK bytes, so that
 * no load waits for the previous block's verdict.  A character that
 * crosses into the next block is converted with the block it starts in,
 * once the next block has been validated (its bytes against the three
 * before them); so the continuation bytes at the start of a block were
 * converted already.  ASCII goes 64 bytes a step with nothing to classify
 * (no character crosses into an ASCII block).  See the behaviour guide,
 * section `kernels`.
 *
 * The including file defines first, beside what
 * gutf8conv-kernel-generic-decode.h asks for:
 *   GK_FAST_IN, GK_FAST_OUT   the input and output room a step needs
 *   gboolean gk_is_ascii (gk_vec x);
 *        no byte of @x has its top bit set
 *   gk_mask  gk_cont_mask (gk_vec b);
 *        the continuation bytes (80..BF) of @b
 *   gboolean gk_kl_valid_at (const GkContext *ctx, const guint8 *p, gk_vec b, gboolean start,
 *                            gboolean bmp_only);
 *        the block @b at @p, a character boundary after ASCII (or, with
 *        @start, after nothing readable), is valid as far as it goes
 *   gboolean gk_kl_valid_next (const GkContext *ctx, const guint8 *p, gk_vec b, gk_vec b2,
 *                              gboolean bmp_only);
 *        the block @b2 at @p + GK_BLOCK, after the block @b, is valid as
 *        far as it goes
 *   guint8  *gk_decode_valid (const GkContext *ctx, const guint8 *p, gk_vec b, gk_mask cont,
 *                             gk_mask cont2, guint8 *o, gboolean big_endian);
 *        the characters of the valid block @b at @p that start in it
 *        (@cont, @cont2: its and the next block's continuation bytes), to @o;
 *        the new @o.  A kernel's choice of transcoding by what the block
 *        holds is made here.
 *
 * Each loop makes the kernel context (gutf8conv-kernel-generic-context.h)
 * once and hands it to those three.
 *
 * The same phase stores 16-bit units for decode16 (the output unit, 4 or
 * 2, is a constant of each loop, folded away).  A kernel whose block
 * steps can store units opts in by defining, beside the above:
 *   GK16_KL
 *   guint8  *gk16_decode_valid (const GkContext *ctx, const guint8 *p, gk_vec b, gk_mask cont,
 *                               gk_mask cont2, guint8 *o, gboolean big_endian);
 *        as gk_decode_valid(), each character a 16-bit unit; NULL,
 *        having stored nothing, where the block holds a four-byte form it
 *        does not make a pair of (the phase stops before the block, at a
 *        character boundary, and decode16's block of values takes it)
 *   gk_vec   gk_widen16 (gk_vec b, guint h, gboolean big_endian);
 *        as gutf8conv-kernel-generic-utf16-decode.h asks (half @h of
 *        the ASCII block @b as units)
 * and a step then needs half of GK_FAST_OUT.  gk16_kl_run() is then its
 * GK16_RUN (gutf8conv-kernel-generic-utf16-decode.h).  The others are
 * unchanged.
 *
 * A kernel whose block step converts the characters that *end* in a
 * block, from what it keeps of the block before (no load of the next),
 * takes the phase's other loop instead by defining GK_KL_ENDS, a type
 * GkKlCarry (what a step keeps of its block for the next), and
 *   GkKlCarry gk_kl_carry (void);
 *        the carry before a block at a character boundary
 *   gboolean gk_kl_ends_ascii (const GkKlCarry *carry, gk_vec b);
 *        @b is ASCII and no character of the block before waits for it
 *   guint8  *gk_decode_ends (const GkContext *ctx, GkKlCarry *carry, gk_vec b, guint8 *o,
 *                            gboolean big_endian, guint unit);
 *        NULL where @b is not valid after the carried block; else the
 *        characters that end in it to @o, as units of @unit bytes (2:
 *        pairs and all), at most @unit bytes for each byte of @b and at
 *        most 16 @unit bytes past @o, and the new @o
 *   guint    gk_kl_tail (const GkKlCarry *carry);
 *        the bytes at the end of the last block converted that begin a
 *        character going on past it
 *   gboolean gk_kl_run_due (const GkKlCarry *carry);
 *   const guint8 *gk_kl_run (const GkKlCarry *carry, const guint8 *p,
 *                            const guint8 *lim, guint8 **po, gboolean bmp_only,
 *                            gboolean big_endian, guint unit);
 *        where the blocks before say a run of one kind of character
 *        follows: from @p, a character boundary, the kernel's own loop
 *        for it, reading below @lim and writing at most twice what it
 *        reads; returns where it stopped, a character boundary
 * and gk_kl_widen()'s operations; where a kernel stores the units of an
 * ASCII block in one go, GK16_WIDEN_STORE (o, b, big_endian).
 *
 * gk_kl_validate_fast() is the same loop without the transcoding, for
 * GK_COPY_ENTRY_POINT (gutf8conv-kernel-generic-block.h).
 */

#pragma once

#include "gutf8conv-kernel-generic-context.h"

/* The output room a step needs, in units of @unit bytes. */
#define GK_KL_FAST_OUT(unit) (GK_FAST_OUT / 4 * (unit))

/* The ASCII block @b at @p as units of @unit bytes at @o. */
GUTF8CONV_KERNEL_INLINE void
gk_kl_widen (const guint8   *p,
             gk_vec          b,
             guint8         *o,
             const gboolean  big_endian,
             const guint     unit G_GNUC_UNUSED)
{
#ifdef GK16_WIDEN_STORE
  if (unit == 2)
    {
      GK16_WIDEN_STORE (o, b, big_endian);
      return;
    }
#elif defined (GK16_KL)
  if (unit == 2)
    {
      gk_storeu (o, gk_widen16 (b, 0, big_endian));
      gk_storeu (o + GK_BLOCK, gk_widen16 (b, 1, big_endian));
      return;
    }
#endif
  gk_widen_block (p, b, o, big_endian);
}

/* A run of ASCII from *@pp: 64 bytes a step. */
GUTF8CONV_KERNEL_INLINE void
gk_decode_ascii_run (const guint8   **pp,
                     const guint8    *end,
                     guint8         **po,
                     const guint8    *oend,
                     const gboolean   big_endian,
                     const guint      unit)
{
  const guint8 *p = *pp;
  guint8 *o = *po;
#ifdef GK_KL_ENDS
  /* The last start of a step, as a number (no object is that close to
   * address 0); the loop's bound on the input keeps the output in its
   * buffer. */
  const guintptr last = (guintptr) end - 64;

  (void) oend;
  while ((guintptr) p <= last)
#else
  while (end - p >= 64 + GK_FAST_IN && oend - o >= unit * 64 + GK_KL_FAST_OUT (unit))
#endif
    {
      gk_vec v[64 / GK_BLOCK], any;

#pragma GCC unroll 4
      for (guint i = 0; i < 64 / GK_BLOCK; i++)
        {
          v[i] = gk_loadu (p + GK_BLOCK * i);
          any = i == 0 ? v[i] : gk_or (any, v[i]);
        }
      if (!gk_is_ascii (any))
        break;
#pragma GCC unroll 4
      for (guint i = 0; i < 64 / GK_BLOCK; i++)
        gk_kl_widen (p + GK_BLOCK * i, v[i], o + unit * GK_BLOCK * i, big_endian, unit);
      p += 64;
      o += unit * 64;
    }
  *pp = p;
  *po = o;
}

/* The characters of block @b at *@pp (@cont: its continuation bytes)
 * that end in it, where the next block fails: the careful loop goes on
 * from the last one's end, which the next block's error ends soon (a
 * block less for it to test again). */
GUTF8CONV_KERNEL_INLINE void
gk_decode_before_error (const guint8   **pp,
                        gk_mask          cont,
                        guint8         **po,
                        const gboolean   big_endian)
{
  const guint8 *p = *pp;
  gk_mask starts = ~cont & GK_ALL;
  guint k = gk_mask_top (starts);
  guint len = 1 + (p[k] >= 0xC0) + (p[k] >= 0xE0) + (p[k] >= 0xF0);

  if (k + len > GK_BLOCK)
    starts &= ~((gk_mask) 1 << k);
  else
    k = GK_BLOCK;
  *po = gk_decode_block (p, starts, *po, big_endian);
  *pp = p + k;
}

#ifdef GK_KL_ENDS
/* The block loop of gk_kl_decode_units() with GK_KL_ENDS steps, from
 * the character boundary *@pp up to @lim: each block validated after the
 * one before and converted, ASCII 64 bytes a step.  Stops at a character
 * boundary: returns TRUE where the kernel asks for its own loop (*@carry
 * says which), FALSE at @lim or a block that fails.  It calls nothing,
 * so that its constants stay in registers. */
GUTF8CONV_KERNEL_INLINE gboolean
gk_kl_ends_blocks (const guint8   **pp,
                   const guint8    *lim,
                   guint8         **po,
                   const guint8    *oend,
                   GkKlCarry       *carry,
                   const gboolean   big_endian,
                   const gboolean   bmp_only,
                   const guint      unit)
{
  const guint8 *p = *pp;
  guint8 *o = *po;
  GkContext ctx = gk_context (bmp_only);
  gboolean run = FALSE;

  *carry = gk_kl_carry ();
  while (lim - p >= GK_BLOCK)
    {
      gk_vec b = gk_loadu (p);
      guint8 *next;

      if (gk_kl_ends_ascii (carry, b))
        {
          gk_kl_widen (p, b, o, big_endian, unit);
          p += GK_BLOCK;
          o += unit * GK_BLOCK;
          gk_decode_ascii_run (&p, lim, &o, oend, big_endian, unit);
          *carry = gk_kl_carry ();
          continue;
        }
      next = gk_decode_ends (&ctx, carry, b, o, big_endian, unit);
      if (next == NULL)
        break;
      o = next;
      p += GK_BLOCK;
      if (G_UNLIKELY (gk_kl_run_due (carry)))
        {
          run = TRUE;
          break;
        }
    }
  /* Back to the first character not converted. */
  *pp = p - gk_kl_tail (carry);
  *po = o;
  return run;
}

/* The fast phase from *@pp, a character boundary, to units of @unit
 * bytes, with steps that convert the characters that end in their block
 * (GK_KL_ENDS): the block loop, and the kernel's own loop where it asks.
 * Advances *@pp and *@po over what it converted, stopping at a
 * character boundary. */
GUTF8CONV_KERNEL_INLINE void
gk_kl_decode_units (const guint8   **pp,
                    const guint8    *end,
                    guint8         **po,
                    const guint8    *oend,
                    const gboolean   big_endian,
                    const gboolean   bmp_only,
                    const guint      unit)
{
  /* A step writes at most @unit bytes for each byte it reads (at most
   * 16 @unit past the start of its block): this one bound on the input
   * keeps the output in its buffer too. */
  const guint8 *lim = *pp + GK_BLOCK * MIN ((gsize) (end - *pp) / GK_BLOCK, (gsize) (oend - *po) / (GK_BLOCK * unit));
  GkKlCarry carry;

  while (gk_kl_ends_blocks (pp, lim, po, oend, &carry, big_endian, bmp_only, unit))
    *pp = gk_kl_run (&carry, *pp, lim, po, bmp_only, big_endian, unit);
}
#else
/* The fast phase from *@pp, a character boundary, to units of @unit
 * bytes: advances *@pp and *@po over what it converted, stopping at a
 * character boundary. */
GUTF8CONV_KERNEL_INLINE void
gk_kl_decode_units (const guint8   **pp,
                    const guint8    *end,
                    guint8         **po,
                    const guint8    *oend,
                    const gboolean   big_endian,
                    const gboolean   bmp_only,
                    const guint      unit)
{
  const guint8 *p = *pp;
  guint8 *o = *po;
  const guint8 *in_last;
  const guint8 *out_last;
  gk_vec b;
  gk_mask cont;
  GkContext ctx;

  if (end - p < GK_FAST_IN || oend - o < GK_KL_FAST_OUT (unit))
    return;
  ctx = gk_context (bmp_only);
  /* The last places a step may start from: one compare each a step. */
  in_last = end - GK_FAST_IN;
  out_last = oend - GK_KL_FAST_OUT (unit);
  b = gk_loadu (p);
  if (!gk_kl_valid_at (&ctx, p, b, TRUE, bmp_only))
    return;
  cont = gk_cont_mask (b);
  do
    {
      gk_vec b2;
      gk_mask cont2;

      if (gk_movemask (b) == 0)
        {
          gk_kl_widen (p, b, o, big_endian, unit);
          o += unit * GK_BLOCK;
          p += GK_BLOCK;
          gk_decode_ascii_run (&p, end, &o, oend, big_endian, unit);
          if (p > in_last || o > out_last)
            break;
          /* At a character boundary, after ASCII. */
          b = gk_loadu (p);
          if (!gk_kl_valid_at (&ctx, p, b, FALSE, bmp_only))
            break;
          cont = gk_cont_mask (b);
          continue;
        }

      b2 = gk_loadu (p + GK_BLOCK);
      if (G_UNLIKELY (!gk_kl_valid_next (&ctx, p, b, b2, bmp_only)))
        {
          /* Units: the block is decode16's block of values'. */
          if (unit == 2)
            p += gk_mask_low (~cont);
          else
            gk_decode_before_error (&p, cont, &o, big_endian);
          break;
        }
      cont2 = gk_cont_mask (b2);
#ifdef GK16_KL
      if (unit == 2)
        {
          guint8 *next = gk16_decode_valid (&ctx, p, b, cont, cont2, o, big_endian);

          if (next == NULL)
            {
              p += gk_mask_low (~cont);
              break;
            }
          o = next;
        }
      else
#endif
        o = gk_decode_valid (&ctx, p, b, cont, cont2, o, big_endian);
      p += GK_BLOCK;
      b = b2;
      cont = cont2;
      if (p > in_last || o > out_last)
        {
          p += gk_mask_low (~cont);
          break;
        }
    }
  while (TRUE);
  *pp = p;
  *po = o;
}
#endif

/* UTF-8 -> UCS-4: the fast phase of gutf8conv-kernel-generic-decode.h. */
GUTF8CONV_KERNEL_INLINE void
gk_kl_decode_fast (const guint8   **pp,
                   const guint8    *end,
                   guint8         **po,
                   const guint8    *oend,
                   const gboolean   big_endian,
                   const gboolean   bmp_only)
{
  gk_kl_decode_units (pp, end, po, oend, big_endian, bmp_only, 4);
}

#ifdef GK16_KL
/* UTF-8 -> UTF-16: the same phase storing units, decode16's GK16_RUN. */
GUTF8CONV_KERNEL_INLINE void
gk16_kl_run (const guint8   **pp,
             const guint8    *end,
             guint8         **po,
             const guint8    *oend,
             const gboolean   bmp_only,
             const gboolean   big_endian)
{
  gk_kl_decode_units (pp, end, po, oend, big_endian, bmp_only, 2);
}
#define GK16_RUN gk16_kl_run
#endif

/* UTF-8 to UTF-8: gk_validate_fast() of gutf8conv-kernel-generic-block.h
 * with the nibble lookups: a fixed block a step, a block accepted once
 * the next one is found valid (so a character crossing into it is
 * complete), and when @out is given each block stored as it goes (a
 * block that fails is stored too, but not counted).  Returns where it
 * stopped, at a character boundary. */
GUTF8CONV_KERNEL_INLINE const guint8 *
gk_kl_validate_fast (const guint8   *in,
                     const guint8   *end,
                     guint8         *out,
                     gsize          *stored,
                     const gboolean  bmp_only)
{
  const guint8 *p = in;
  gk_vec b;
  GkContext ctx;

  *stored = 0;
  if (end - p < 2 * GK_BLOCK)
    return p;
  ctx = gk_context (bmp_only);
  b = gk_loadu (p);
  if (!gk_kl_valid_at (&ctx, p, b, TRUE, bmp_only))
    return p;
  do
    {
      gk_vec b2 = gk_loadu (p + GK_BLOCK);

      if (out != NULL)
        gk_storeu (out + (p - in), b);
      /* After ASCII, an ASCII block has nothing to check. */
      if (!gk_is_ascii (gk_or (b, b2)) && !gk_kl_valid_next (&ctx, p, b, b2, bmp_only))
        break;
      p += GK_BLOCK;
      *stored = p - in;
      b = b2;
    }
  while (end - p >= 2 * GK_BLOCK);
  /* From the character boundary after what was accepted. */
  return p + gk_mask_low (~gk_cont_mask (b));
}
