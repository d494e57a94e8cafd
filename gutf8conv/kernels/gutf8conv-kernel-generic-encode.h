/* gutf8conv-kernel-generic-encode.h: UCS-4 -> UTF-8, written once
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A step of GE32_UNITS units at a time, by what they hold: ASCII is
 * narrowed, step after step while it lasts; units below U+0800 take the
 * two-byte step; units in the BMP the BMP step, step after step while
 * the text stays in the BMP beyond U+07FF; anything else, once checked,
 * the any-value step.  A step holding a surrogate, a value above the
 * profile's limit (U+10FFFF, U+FFFF under BMP_ONLY) or U+0000 under
 * NO_NUL goes to the scalar kernel, which stops where it must; when the
 * kernel mends, a bad unit it stops at is mended there and the loop goes
 * on (gutf8conv_kernel_encode_loop()); so does the short rest.  The
 * forms only other profiles write are never a kernel's: a surrogate
 * (WTF-8's and Modified UTF-8's lone ones) stops it in every profile,
 * BMP_ONLY stops it before CESU-8's and Modified UTF-8's pairs, NO_NUL
 * before Modified UTF-8's C0 80 (see the behaviour guide, section
 * `kernels`).
 *
 * The including file includes gutf8conv-kernel-generic.h and defines
 * first, for `ge32_vec`, GE32_UNITS units (a vector, or a struct of
 * them):
 *   GE32_UNITS  units a step
 *   GE32_ROOM   the most a non-ASCII step writes, its store slack
 *               included (0 where every step checks its own room)
 *   ge32_vec ge32_load (const guint8 *p, gboolean big_endian);
 *       each unit in this machine's byte order (the units in any order
 *       the ISA's steps agree on: only they read it)
 *   gboolean ge32_ascii (ge32_vec v, gboolean no_nul);   every unit ASCII (and none U+0000 with @no_nul)
 *   gboolean ge32_below (ge32_vec v, guint32 limit);     every unit below @limit, a power of two
 *   gboolean ge32_has_nul (ge32_vec v);                  a unit is U+0000
 *   guint8  *ge32_store_ascii (const Ge32Context *c, guint8 *o, ge32_vec v);
 *       every unit ASCII: GE32_UNITS bytes
 *   guint8  *ge32_encode_two (const Ge32Context *c, guint8 *o, ge32_vec v);
 *       every unit below U+0800 (not with GE32_HAVE_LATIN_STEP)
 * and, for the any-value step, which takes them a part at a time (a
 * bad unit then sends only its own part and those after it to the
 * scalar kernel), `ge32_part`, GE32_UNITS / GE32_PARTS units:
 *   GE32_PARTS
 *   ge32_part ge32_part_of (ge32_vec v, guint i);        part @i (a constant), in ge32_load()'s order
 *   gboolean ge32_bad (ge32_part x, guint32 max);        a unit is a surrogate or above @max
 *   guint8  *ge32_encode_any (const Ge32Context *c, guint8 *o, const guint8 *oend, ge32_part x);
 *       every unit valid; NULL (nothing written) where the output has
 *       no room for them
 * each returning the end of what it wrote (in memory order).  The loop
 * makes the steps' constants once, before it, and hands them to the
 * steps that take `const Ge32Context *c`, as the decoder's loops do with
 * the kernel context (gutf8conv-kernel-generic-context.h): an ISA whose
 * compiler would form them again every step defines GE32_HAVE_CONTEXT,
 * `struct _Ge32Context` and `Ge32Context ge32_context (void)` (an empty
 * asm on each member keeping it in a register); the others get an empty
 * one, which their steps ignore.  An ISA with a step of its
 * own says so in one place, the top of its encoder, by defining:
 *   GE32_HAVE_BMP:  gboolean ge32_surrogate (const Ge32Context *c, ge32_vec v);
 *                       every unit in the BMP: one is a surrogate
 *                   guint8  *ge32_encode_bmp (const Ge32Context *c, guint8 *o, ge32_vec v);
 *                       every unit in the BMP, none a surrogate
 *       without them, BMP text takes the any-value step
 *   GE32_HAVE_BMP_PARTS:  a BMP step with a surrogate goes on to the
 *       any-value step, which encodes the parts before the surrogate's
 *       (a lone surrogate in BMP text, which the mending profiles meet,
 *       then sends one part to the scalar kernel); without it, the step
 *       goes to the scalar kernel whole
 *   GE32_HAVE_LATIN_STEP:  guint8 *ge32_latin_step (const Ge32Context *c, const guint8 *p, const guint8 *end,
 *                                                  guint8 *o, const guint8 *oend, guint flags, guint *ascii);
 *       GE32_LATIN_UNITS units from @p, every one below U+0800 (none
 *       U+0000 under NO_NUL), ASCII ones too, with no branch on ASCII;
 *       *@ascii: every unit was ASCII.  NULL (nothing written) where they
 *       are not so, or the input or the room is short.  Text below U+0800
 *       then goes in latin runs (ge32_two_step() below), and
 *       GE32_LATIN_RUN is the ASCII steps in a row that end one
 *   GE32_HAVE_ASCII_PREFETCH:  void ge32_ascii_prefetch (const guint8 *p);
 *       in the ASCII run, at each step
 *   GE32_HAVE_STEPS_APART:  the steps run in a loop of their own, a
 *       function with no call in it, so that their constants stay in
 *       registers where a call keeps no vector register whole (AArch64);
 *       the loop below calls it, and the scalar kernel where it stops
 */

#pragma once

#ifndef GE32_HAVE_CONTEXT
struct _Ge32Context
{
  guint8 none;
};

GUTF8CONV_KERNEL_INLINE Ge32Context
ge32_context (void)
{
  Ge32Context c = { 0 };

  return c;
}
#endif

#ifndef GE32_HAVE_ASCII_PREFETCH
GUTF8CONV_KERNEL_INLINE void ge32_ascii_prefetch (const guint8 *p G_GNUC_UNUSED) { }
#endif

#ifdef GE32_HAVE_LATIN_STEP
/* Text below U+0800 in a latin run: step after step by the ISA's
 * ge32_latin_step(), ASCII ones too, with no branch on ASCII: in text
 * such as French whether a step is ASCII follows no order a predictor
 * learns.  Until a step holds a unit from U+0800 (or U+0000 under
 * NO_NUL), or GE32_LATIN_RUN ASCII steps in a row say the text is ASCII
 * again. */
GUTF8CONV_KERNEL_INLINE gboolean
ge32_two_step (const Ge32Context  *c,
               const guint8      **pp,
               const guint8       *end,
               guint8            **po,
               const guint8       *oend,
               ge32_vec            v G_GNUC_UNUSED,
               const guint         flags)
{
  const guint8 *p = *pp;
  guint8 *o = *po, *next;
  guint ascii, ascii_steps = 0;

  while ((next = ge32_latin_step (c, p, end, o, oend, flags, &ascii)) != NULL)
    {
      p += 4 * GE32_LATIN_UNITS;
      o = next;
      /* Counted, not tested: the test is the branch this run saves. */
      ascii_steps = (ascii_steps + 1) & (0u - ascii);
      if (ascii_steps == GE32_LATIN_RUN)
        break;
    }
  if (p == *pp)
    return FALSE;
  *pp = p;
  *po = o;
  return TRUE;
}
#else
/* Text below U+0800 but not ASCII, from *@pp (@v its first units): it
 * stays here while the text does, which makes its constants once a run,
 * and takes the ASCII step that ends it. */
GUTF8CONV_KERNEL_INLINE gboolean
ge32_two_step (const Ge32Context  *c,
               const guint8      **pp,
               const guint8       *end,
               guint8            **po,
               const guint8       *oend,
               ge32_vec            v,
               const guint         flags)
{
  const gboolean big_endian = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;
  const gboolean no_nul = (flags & GUTF8CONV_KERNEL_NO_NUL) != 0;
  const guint8 *p = *pp;
  guint8 *o = *po;

  for (;;)
    {
      o = ge32_encode_two (c, o, v);
      p += 4 * GE32_UNITS;
      if (end - p < 4 * GE32_UNITS || oend - o < GE32_ROOM)
        break;
      v = ge32_load (p, big_endian);
      if (!ge32_below (v, 0x800) || (no_nul && ge32_has_nul (v)))
        break;
      if (ge32_below (v, 0x80))
        {
          /* Where the run ends in ASCII (accented Latin), the step is
           * stored here rather than loaded again. */
          o = ge32_store_ascii (c, o, v);
          p += 4 * GE32_UNITS;
          break;
        }
    }
  *pp = p;
  *po = o;
  return TRUE;
}
#endif

/* ASCII, @v the units at *@pp: a step at a time while it lasts, in a
 * loop of its own so that it keeps its registers, the steps there is
 * input and room for counted once, not both tested every step.  FALSE
 * where the output is too short for the next step. */
GUTF8CONV_KERNEL_INLINE gboolean
ge32_ascii_run (const Ge32Context  *c,
                const guint8      **pp,
                const guint8       *end,
                guint8            **po,
                const guint8       *oend,
                ge32_vec           v,
                const guint        flags)
{
  const gboolean big_endian = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;
  const gboolean no_nul = (flags & GUTF8CONV_KERNEL_NO_NUL) != 0;
  const guint8 *p = *pp;
  guint8 *o = *po;
  gsize n_in = (gsize) (end - p) / (4 * GE32_UNITS), n_room = (gsize) (oend - o) / GE32_UNITS;
  gsize n = MIN (n_in, n_room);
  gboolean r = TRUE;

  if (n == 0)
    return FALSE;
  for (;;)
    {
      o = ge32_store_ascii (c, o, v);
      ge32_ascii_prefetch (p);
      p += 4 * GE32_UNITS;
      if (--n == 0)
        {
          /* Short of room, with input left. */
          r = n_room >= n_in;
          break;
        }
      v = ge32_load (p, big_endian);
      if (!ge32_ascii (v, no_nul))
        break;
    }
  *pp = p;
  *po = o;
  return r;
}

#ifdef GE32_HAVE_BMP
/* BMP text beyond U+07FF from *@pp (*@pv its first units); it stays
 * here while the text does (not only ASCII and two-byte forms, which
 * have faster paths), sparing the tests before this path.  FALSE at a
 * step with a surrogate, left in *@pv. */
GUTF8CONV_KERNEL_INLINE gboolean
ge32_bmp_run (const Ge32Context  *c,
              const guint8      **pp,
              const guint8       *end,
              guint8            **po,
              const guint8       *oend,
              ge32_vec          *pv,
              const guint        flags)
{
  const gboolean big_endian = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;
  const gboolean no_nul = (flags & GUTF8CONV_KERNEL_NO_NUL) != 0;
  const guint8 *p = *pp;
  guint8 *o = *po;
  ge32_vec v = *pv;
  gboolean done = TRUE;

  for (;;)
    {
      if (ge32_surrogate (c, v))
        {
          *pv = v;
          done = FALSE;
          break;
        }
      o = ge32_encode_bmp (c, o, v);
      p += 4 * GE32_UNITS;
      if (end - p < 4 * GE32_UNITS || oend - o < MAX (GE32_ROOM, 4 * GE32_UNITS))
        break;
      v = ge32_load (p, big_endian);
      if (!ge32_below (v, 0x10000) || ge32_below (v, 0x800) || (no_nul && ge32_has_nul (v)))
        break;
    }
  *pp = p;
  *po = o;
  return done;
}
#endif

/* A step: GE32_UNITS units (or more, on the paths that stay while the
 * text is alike) by what they hold; FALSE where the scalar kernel takes
 * the next step (GUtf8ConvKernelStepFunc). */
GUTF8CONV_KERNEL_INLINE gboolean
ge32_step (const Ge32Context  *c,
           const guint8      **pp,
           const guint8       *end,
           guint8            **po,
           const guint8       *oend,
           const guint         flags)
{
  const gboolean no_nul = (flags & GUTF8CONV_KERNEL_NO_NUL) != 0;
  ge32_vec v = ge32_load (*pp, (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0);
  guint8 *o;

  if (ge32_ascii (v, no_nul))
    return ge32_ascii_run (c, pp, end, po, oend, v, flags);
  if ((no_nul && ge32_has_nul (v)) || oend - *po < GE32_ROOM)
    return FALSE;
  if (ge32_below (v, 0x800) && ge32_two_step (c, pp, end, po, oend, v, flags))
    return TRUE;
#ifdef GE32_HAVE_BMP
#ifdef GE32_HAVE_BMP_PARTS
  /* A step with a surrogate: the any-value step's parts up to it. */
  if (ge32_below (v, 0x10000) && ge32_bmp_run (c, pp, end, po, oend, &v, flags))
    return TRUE;
#else
  if (ge32_below (v, 0x10000))
    return ge32_bmp_run (c, pp, end, po, oend, &v, flags);
#endif
#endif
#pragma GCC unroll 4
  for (guint i = 0; i < GE32_PARTS; i++)
    {
      ge32_part x = ge32_part_of (v, i);

      if (ge32_bad (x, (flags & GUTF8CONV_KERNEL_BMP_ONLY) ? 0xFFFF : 0x10FFFF))
        return FALSE;
      o = ge32_encode_any (c, *po, oend, x);
      if (o == NULL)
        return FALSE;
      *po = o;
      *pp += 4 * GE32_UNITS / GE32_PARTS;
    }
  return TRUE;
}

#ifdef GE32_HAVE_STEPS_APART
/* The steps while they take their input, with no call between them. */
GUTF8CONV_KERNEL_INLINE gsize
ge32_steps_impl (const guint8 *in,
                 gsize         in_len,
                 guint8       *out,
                 gsize         out_len,
                 const guint   flags,
                 gsize        *in_used)
{
  const guint8 *p = in, *end = in + in_len;
  guint8 *o = out, *oend = out + out_len;
  const Ge32Context ctx = ge32_context ();

  if (end - p >= 4 * GE32_UNITS && oend - o >= GE32_ROOM)
    while (ge32_step (&ctx, &p, end, &o, oend, flags) && end - p >= 4 * GE32_UNITS)
      ;
  *in_used = p - in;
  return o - out;
}

__attribute__((noinline)) GUTF8CONV_KERNEL_ENTRY_POINT (ge32_steps, ge32_steps_impl, GUTF8CONV_KERNEL_ALL_FLAGS)

/* ge32_steps() as the loop's step: FALSE where a step was refused. */
GUTF8CONV_KERNEL_INLINE gboolean
ge32_steps_step (const Ge32Context  *c G_GNUC_UNUSED,
                 const guint8      **pp,
                 const guint8       *end,
                 guint8            **po,
                 const guint8       *oend,
                 const guint         flags)
{
  gsize used;

  *po += ge32_steps (*pp, end - *pp, *po, oend - *po, flags, &used);
  *pp += used;
  return end - *pp < 4 * GE32_UNITS;
}
#define GE32_LOOP_STEP ge32_steps_step
#else
#define GE32_LOOP_STEP ge32_step
#endif

/* UCS-4 -> UTF-8 (GUtf8ConvEncodeMendFunc's arguments), mending where
 * @mend is not NULL: the steps, the scalar kernel a step where they
 * refuse, the scalar rest. */
GUTF8CONV_KERNEL_INLINE gsize
ge32_encode_mending (const guint8        *in,
                     gsize                in_len,
                     guint8              *out,
                     gsize                out_len,
                     const guint          flags,
                     gsize               *in_used,
                     GUtf8ConvKernelMend *mend)
{
  Ge32Context ctx = ge32_context ();

  return gutf8conv_kernel_encode_loop (GE32_LOOP_STEP, &ctx, 4 * GE32_UNITS, 4 * GE32_UNITS,
                                       in, in_len, out, out_len, flags, in_used, mend);
}

GUTF8CONV_KERNEL_UNMENDED (ge32_encode, ge32_encode_mending)

/* A kernel's UCS-4 -> UTF-8 entry points: @encode (GUtf8ConvEncodeFunc)
 * and @encode_mend (GUtf8ConvEncodeMendFunc). */
#define GE32_ENCODE_ENTRY_POINTS(encode, encode_mend) \
  GUTF8CONV_KERNEL_ENTRY_POINT (encode, ge32_encode, GUTF8CONV_KERNEL_ALL_FLAGS) \
  GUTF8CONV_KERNEL_MEND_ENTRY_POINT (encode_mend, ge32_encode_mending, encode, 1)
