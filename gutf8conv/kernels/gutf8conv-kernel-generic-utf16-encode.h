/* gutf8conv-kernel-generic-utf16-encode.h: UTF-16 -> UTF-8, written once
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A block of GE16_UNITS units at a time.  ASCII is narrowed and stored.
 * Anything else is made, unit by unit, a dword holding the bytes of all
 * three forms (E0|v>>12, 80|(v>>6 & 3F) or C0|v>>6, 80|(v & 3F), v & FF:
 * gutf8conv_enc3_shuffle's layout) and packed by the unit's length.  A
 * surrogate pair is two units of two bytes each: the high unit carries
 * the four-byte form's first two bytes (from its ten bits plus 0x40), the
 * low unit its last two (with the high unit's two lowest bits), so emoji
 * stay in the vector path.  The pairs are checked with two bit masks:
 * the low units are exactly the units after the high ones; a high unit
 * last in the block waits for the next block.  A block with a lone
 * surrogate is encoded up to it, and the kernel stops there (or, when it
 * mends, writes the replacement and goes on after it).  A block holding
 * U+0000 under NO_NUL or any surrogate under BMP_ONLY goes to the scalar
 * path, which stops where it must; so does the short rest.
 *
 * The including file defines first, for its vector `ge16_vec` of
 * GE16_UNITS 16-bit units:
 *   ge16_vec ge16_load (const guint8 *p, gboolean big_endian);   units in this machine's order
 *   ge16_vec ge16_set1 (guint16 c);
 *   ge16_vec ge16_and (a, b), ge16_or (a, b), ge16_xor (a, b), ge16_add (a, b);
 *   ge16_vec ge16_cmpeq (a, b);           0xFFFF where equal
 *   ge16_vec ge16_blend (a, b, m);        b where m is set, else a
 *   ge16_vec ge16_prev (v);               unit i holds unit i-1 of v (unit 0 anything)
 *   ge16_srli (v, n), ge16_slli (v, n);   macros: shifts of each unit by a constant
 *   guint64  ge16_mask (ge16_vec m);      of a compare's result: GE16_BITS bits a unit, unit 0 lowest
 *   gboolean ge16_none (ge16_vec v);      every bit clear
 *   guint8  *ge16_store_ascii (guint8 *o, ge16_vec v);   the low byte of every unit, GE16_UNITS bytes
 *   guint8  *ge16_store_utf8 (guint8 *o, ge16_vec hi, ge16_vec lo, ge16_vec ascii, ge16_vec short_);
 *       unit i's dword is hi_i | lo_i << 16; stores its byte 3 where
 *       @ascii, bytes 1-2 where @short_ (and not @ascii), else bytes 0-2,
 *       unit after unit (the masks as the compares give them, so that no
 *       ISA pays for their complements); returns the end; may write
 *       GE16_STORE_SLACK bytes past it
 *   guint8  *ge16_store_two (guint8 *o, ge16_vec t, ge16_vec ascii);
 *       the same for units below U+0800: unit i's low byte, and its high
 *       byte too where @ascii is clear
 *   guint8  *ge16_store_three (guint8 *o, ge16_vec hi, ge16_vec lo);
 *       the same where every unit has three bytes
 * and includes gutf8conv-kernel-generic.h.  Optional, where the ISA has
 * an instruction for it (with GE16_HAVE_NONE_AND defined):
 *   gboolean ge16_none_and (ge16_vec a, ge16_vec b);   a & b has every bit clear
 * and, where it makes a block's dwords with fewer operations
 * (GE16_HAVE_FORMS defined):
 *   void ge16_forms (ge16_vec v, ge16_vec *hi, ge16_vec *lo);
 *       each unit's dword as ge16_three() below makes it, and byte 3
 *       too: the unit's low seven bits (its ASCII byte)
 * and, where the UCS-4 loops' pack to 16 bits leaves the units in an
 * order of its own, the stores of ge16_encode_bmp() (which only they
 * call) for that order (GE16_HAVE_BMP_STORES defined):
 *   guint8  *ge16_bmp_store_utf8 (o, hi, lo, ascii, short_);
 *   guint8  *ge16_bmp_store_three (o, hi, lo);
 * and, where its step below U+0800 costs less than a mispredicted test
 * for ASCII, so that French-like text is better taken by latin runs
 * (ge16_latin_run(), GE16_HAVE_LATIN_STEP defined, and GE16_LATIN_RUN,
 * the ASCII steps in a row that end a run), after this file:
 *   guint8  *ge16_latin_step (const Ge16Context *c, guint8 *o, ge16_vec v, guint *ascii);
 *       units below U+0800 as ge16_store_two() stores them; *@ascii:
 *       whether all of them were ASCII
 * and, where it makes the two-byte forms with fewer operations
 * (GE16_HAVE_TWO defined):
 *   ge16_vec ge16_two (ge16_vec v);
 *       of units below U+0800: each one's bits 6-10 in its low byte, bits
 *       0-5 in its high one (the lead and continuation bytes but their
 *       marks)
 *
 * The loop's constants (Ge16Context) are made once before it by
 * ge16_context() and handed to each block and run (`const Ge16Context *c`,
 * first), as the kernel context's are (gutf8conv-kernel-generic-context.h);
 * a loop of an ISA's own that calls ge16_encode_block() makes one too.
 * Where the compiler would form them again every block, the ISA keeps
 * each in a register (with GE16_HAVE_KEEP defined):
 *   void ge16_keep (ge16_vec *v);   an empty asm on *@v
 * or, where holding all would spill them and only a few are formed again,
 * keeps those few in this loop only (with GE16_HAVE_KEEP_IN_LOOP defined):
 *   ge16_keep_in_loop (Ge16Context *c);   a macro: empty asms on some of *@c's
 * and, where the compiler would load them every block with pairs, the
 * pairs' masks too (with GE16_PAIRS_IN_CONTEXT defined; 0x40 and 3 stay
 * where they are used: held across the loop too, they cost the other
 * blocks registers).
 *
 * The loop takes a block a step.  An ISA whose own step takes more units
 * at once, and picks its path by them (GE16_HAVE_STEP defined), gives the
 * loop its step instead, of GE16_STEP_UNITS units in a `ge16_step_vec`:
 *   ge16_step_vec ge16_step_load (const guint8 *p, gboolean big_endian);
 *   gboolean ge16_step_ascii (c, v);     every unit ASCII
 *   gboolean ge16_step_has_nul (c, v);   a unit is U+0000
 *   guint8  *ge16_step_store_ascii (guint8 *o, ge16_step_vec v);
 *   Ge16Result ge16_encode_step (const Ge16Context *c, const guint8 **pp, guint8 **po,
 *                                ge16_step_vec v, guint flags);
 *       as ge16_encode_block() (below), for a step
 *   gsize ge16_ascii_run (const Ge16Context *c, const guint8 **pp, guint8 **po, gsize n, guint flags);
 *       as the one below, in steps
 * the last two defined after this file (they may hand blocks to
 * ge16_encode_block()).  Where the step's own constants would be made
 * again every step, the ISA adds them to the context (GE16_HAVE_MORE):
 *   Ge16More ge16_more (void);   the context's `more`, each kept in a register
 */

#pragma once

/* Every unit of a block, as a mask. */
#define GE16_ALL (GE16_BITS * GE16_UNITS >= 64 ? ~G_GUINT64_CONSTANT (0) \
                  : (G_GUINT64_CONSTANT (1) << (GE16_BITS * GE16_UNITS)) - 1)

#ifndef GE16_HAVE_NONE_AND
GUTF8CONV_KERNEL_INLINE gboolean
ge16_none_and (ge16_vec a,
               ge16_vec b)
{
  return ge16_none (ge16_and (a, b));
}
#endif

/* The constants of a block's tests and forms (those of the pairs aside,
 * which only their own blocks use, but with GE16_PAIRS_IN_CONTEXT). */
typedef struct
{
  ge16_vec zero, not_ascii, top5, surrogate, low6, cont, two, three_mid, three, short_flip;
#ifdef GE16_PAIRS_IN_CONTEXT
  ge16_vec top6, low_surrogate, low10, top8, f000, mid4, x8000;
#endif
#ifdef GE16_HAVE_MORE
  Ge16More more;
#endif
} Ge16Context;

#ifndef GE16_HAVE_KEEP
GUTF8CONV_KERNEL_INLINE void ge16_keep (ge16_vec *v G_GNUC_UNUSED) { }
#endif

GUTF8CONV_KERNEL_INLINE Ge16Context
ge16_context (void)
{
  Ge16Context c = { ge16_set1 (0), ge16_set1 (0xFF80), ge16_set1 (0xF800), ge16_set1 (0xD800), ge16_set1 (0x3F),
                    ge16_set1 (0x80), ge16_set1 (0x80C0), ge16_set1 (0x3F00), ge16_set1 (0x80E0), ge16_set1 (0x4000),
#ifdef GE16_PAIRS_IN_CONTEXT
                    ge16_set1 (0xFC00), ge16_set1 (0xDC00), ge16_set1 (0x3FF), ge16_set1 (0xFF00), ge16_set1 (0xF000),
                    ge16_set1 (0x0F00), ge16_set1 (0x8000),
#endif
#ifdef GE16_HAVE_MORE
                    ge16_more (),
#endif
                  };

  ge16_keep (&c.zero);
  ge16_keep (&c.not_ascii);
  ge16_keep (&c.top5);
  ge16_keep (&c.surrogate);
  ge16_keep (&c.low6);
  ge16_keep (&c.cont);
  ge16_keep (&c.two);
  ge16_keep (&c.three_mid);
  ge16_keep (&c.three);
  ge16_keep (&c.short_flip);
#ifdef GE16_PAIRS_IN_CONTEXT
  ge16_keep (&c.top6);
  ge16_keep (&c.low_surrogate);
  ge16_keep (&c.low10);
  ge16_keep (&c.top8);
  ge16_keep (&c.f000);
  ge16_keep (&c.mid4);
  ge16_keep (&c.x8000);
#endif
  return c;
}

/* A mask of the pairs' (@value): the context's @name, or made where used. */
#ifdef GE16_PAIRS_IN_CONTEXT
#define GE16_PAIR_CONST(c, name, value) ((c)->name)
#else
#define GE16_PAIR_CONST(c, name, value) ge16_set1 (value)
#endif

/* The dwords of a block whose units are a valid mix of everything with
 * surrogates: the pair's halves replace the two-byte form of @hi and @lo.
 * @prev holds each unit's previous unit (any value for unit 0, which
 * cannot be a paired low unit). */
GUTF8CONV_KERNEL_INLINE void
ge16_pairs (const Ge16Context *c G_GNUC_UNUSED,
            ge16_vec           v,
            ge16_vec           prev,
            ge16_vec           hs,
            ge16_vec           ls,
            ge16_vec          *hi,
            ge16_vec          *lo)
{
  /* The four-byte form of a pair: u = (high & 3FF) + 40 is its value >> 10. */
  ge16_vec u = ge16_add (ge16_and (v, GE16_PAIR_CONST (c, low10, 0x3FF)), ge16_set1 (0x40));
  /* High unit: F0|u>>8 and 80|(u>>2 & 3F). */
  ge16_vec h_hi = ge16_or (ge16_and (u, GE16_PAIR_CONST (c, top8, 0xFF00)), GE16_PAIR_CONST (c, f000, 0xF000));
  ge16_vec h_lo = ge16_or (ge16_and (ge16_srli (u, 2), ge16_set1 (0x3F)), ge16_set1 (0x80));
  /* Low unit: 80|(u & 3)<<4|(low>>6 & F) (its last byte is the usual
   * one); u & 3 is the high unit's & 3. */
  ge16_vec l_hi = ge16_or (ge16_or (ge16_slli (ge16_and (prev, ge16_set1 (3)), 12),
                                    ge16_and (ge16_slli (v, 2), GE16_PAIR_CONST (c, mid4, 0x0F00))),
                           GE16_PAIR_CONST (c, x8000, 0x8000));

  *hi = ge16_blend (ge16_blend (*hi, h_hi, hs), l_hi, ls);
  *lo = ge16_blend (*lo, h_lo, hs);
}

/* Units below U+0800 (@ascii: those below U+0080): each one's two-byte
 * form, lead byte low, or its ASCII byte; returns the end. */
GUTF8CONV_KERNEL_INLINE guint8 *
ge16_encode_two (const Ge16Context *c,
                 guint8            *o,
                 ge16_vec           v,
                 ge16_vec           ascii)
{
  ge16_vec t = ge16_or (ge16_or (ge16_srli (v, 6), ge16_slli (ge16_and (v, c->low6), 8)), c->two);

  return ge16_store_two (o, ge16_blend (t, v, ascii), ascii);
}

/* ge16_encode_two() in a block (ge16_encode_block()): the ISA's two-byte
 * forms where it has them.  The UCS-4 loops keep ge16_encode_two(), as
 * they keep ge16_three() (below). */
GUTF8CONV_KERNEL_INLINE guint8 *
ge16_block_two (const Ge16Context *c,
                guint8            *o,
                ge16_vec           v,
                ge16_vec           ascii)
{
#ifdef GE16_HAVE_TWO
  return ge16_store_two (o, ge16_blend (ge16_or (ge16_two (v), c->two), v, ascii), ascii);
#else
  return ge16_encode_two (c, o, v, ascii);
#endif
}

/* The dwords of units in the BMP (gutf8conv_enc3_shuffle's layout):
 * bytes 0-2, the three-byte form. */
GUTF8CONV_KERNEL_INLINE void
ge16_three (const Ge16Context *c,
            ge16_vec           v,
            ge16_vec          *hi,
            ge16_vec          *lo)
{
  *hi = ge16_or (ge16_or (ge16_srli (v, 12), ge16_and (ge16_slli (v, 2), c->three_mid)), c->three);
  *lo = ge16_or (ge16_and (v, c->low6), c->cont);
}

/* The three-byte dwords made whole: the two-byte form where @short_ (its
 * lead in byte 1), and byte 3, the ASCII one, unless @has_byte3. */
GUTF8CONV_KERNEL_INLINE void
ge16_all_forms (const Ge16Context *c,
                ge16_vec           v,
                ge16_vec           short_,
                const gboolean     has_byte3,
                ge16_vec          *hi,
                ge16_vec          *lo)
{
  *hi = ge16_xor (*hi, ge16_and (short_, c->short_flip));
  if (!has_byte3)
    *lo = ge16_or (*lo, ge16_slli (v, 8));
}

/* The dwords of a block (ge16_encode_block()): the ISA's own where it has
 * them, byte 3 made too (returns TRUE then).  ge16_encode_bmp() keeps
 * ge16_three(): in the UCS-4 loops that call it, the ISA's constants
 * would take registers their other paths need. */
GUTF8CONV_KERNEL_INLINE gboolean
ge16_block_three (const Ge16Context *c,
                  ge16_vec           v,
                  ge16_vec          *hi,
                  ge16_vec          *lo)
{
#ifdef GE16_HAVE_FORMS
  (void) c;
  ge16_forms (v, hi, lo);
  return TRUE;
#else
  ge16_three (c, v, hi, lo);
  return FALSE;
#endif
}

#ifndef GE16_HAVE_BMP_STORES
#define ge16_bmp_store_three ge16_store_three
#define ge16_bmp_store_utf8 ge16_store_utf8
#endif

/* Units in the BMP, none a surrogate, in the order of the UCS-4 loops'
 * pack (the ISA's ge16_bmp_store_*()); returns the end. */
GUTF8CONV_KERNEL_INLINE guint8 *
ge16_encode_bmp (const Ge16Context *c,
                 guint8            *o,
                 ge16_vec           v)
{
  ge16_vec short_ = ge16_cmpeq (ge16_and (v, c->top5), c->zero);
  ge16_vec hi, lo;

  ge16_three (c, v, &hi, &lo);
  if (ge16_none (short_))
    return ge16_bmp_store_three (o, hi, lo);
  ge16_all_forms (c, v, short_, FALSE, &hi, &lo);
  return ge16_bmp_store_utf8 (o, hi, lo, ge16_cmpeq (ge16_and (v, c->not_ascii), c->zero), short_);
}

#ifdef GE16_HAVE_LATIN_STEP
GUTF8CONV_KERNEL_INLINE guint8 *ge16_latin_step (const Ge16Context *c, guint8 *o, ge16_vec v, guint *ascii);
#endif

/* What ge16_encode_block() did with a block. */
typedef enum
{
  GE16_DONE,     /* encoded (all of it, or all but a high unit last) */
  GE16_SCALAR,   /* nothing: the scalar path's */
  GE16_LONE,     /* encoded up to a lone surrogate, *@pp at it */
  GE16_TWO,      /* encoded, below U+0800 (with GE16_HAVE_LATIN_STEP): a latin run next */
} Ge16Result;

/* The UTF-8 length of the first @i units of a block (i < GE16_UNITS),
 * from its masks: one byte, one more where not ASCII, one more where not
 * short (a pair's halves are short: two bytes each). */
GUTF8CONV_KERNEL_INLINE gsize
ge16_prefix_length (ge16_vec ascii,
                    ge16_vec short_,
                    guint    i)
{
  guint64 first = (G_GUINT64_CONSTANT (1) << (GE16_BITS * i)) - 1;

  return i + (__builtin_popcountll (~ge16_mask (ascii) & first) +
              __builtin_popcountll (~ge16_mask (short_) & first)) / GE16_BITS;
}

/* The block at *@p, not all ASCII, to *@o, which has room for 3 bytes a
 * unit and the slack: advances both (by at most a block's units and 3
 * bytes a unit). */
GUTF8CONV_KERNEL_INLINE Ge16Result
ge16_encode_block (const Ge16Context *c,
                   const guint8  **pp,
                   guint8        **po,
                   ge16_vec        v,
                   const guint     flags)
{
  ge16_vec top5 = ge16_and (v, c->top5);
  ge16_vec surr = ge16_cmpeq (top5, c->surrogate);
  /* Shorter than three bytes: below U+0800, or half of a pair. */
  ge16_vec short_ = ge16_or (ge16_cmpeq (top5, c->zero), surr);
  ge16_vec ascii = ge16_cmpeq (ge16_and (v, c->not_ascii), c->zero);
  ge16_vec hi, lo;
  guint units = GE16_UNITS;
  gboolean has_byte3;

  if ((flags & GUTF8CONV_KERNEL_NO_NUL) && !ge16_none (ge16_cmpeq (v, c->zero)))
    return GE16_SCALAR;
  if (ge16_none (top5))
    {
      /* Below U+0800 (Cyrillic, Arabic, Latin). */
#ifdef GE16_HAVE_LATIN_STEP
      guint all_ascii;

      *po = ge16_latin_step (c, *po, v, &all_ascii);
      *pp += 2 * GE16_UNITS;
      return GE16_TWO;
#else
      *po = ge16_block_two (c, *po, v, ascii);
      *pp += 2 * GE16_UNITS;
      return GE16_DONE;
#endif
    }
  has_byte3 = ge16_block_three (c, v, &hi, &lo);
  if (ge16_none (short_))
    {
      /* Three bytes each (CJK, Indic scripts): no lengths to look up. */
      *po = ge16_store_three (*po, hi, lo);
      *pp += 2 * GE16_UNITS;
      return GE16_DONE;
    }
  ge16_all_forms (c, v, short_, has_byte3, &hi, &lo);
  if (ge16_none (surr))
    {
      /* No pairs (Indic, CJK or Latin text with spaces): a whole block,
       * without the pair's bookkeeping. */
      *po = ge16_store_utf8 (*po, hi, lo, ascii, short_);
      *pp += 2 * GE16_UNITS;
      return GE16_DONE;
    }
  ge16_vec top6 = ge16_and (v, GE16_PAIR_CONST (c, top6, 0xFC00));
  ge16_vec hs = ge16_cmpeq (top6, c->surrogate);
  ge16_vec ls = ge16_cmpeq (top6, GE16_PAIR_CONST (c, low_surrogate, 0xDC00));
  guint64 hm = ge16_mask (hs), lm = ge16_mask (ls);

  if (flags & GUTF8CONV_KERNEL_BMP_ONLY)
    return GE16_SCALAR;
  /* A high unit last: its pair is the next block's. */
  if (hm >> (GE16_BITS * (GE16_UNITS - 1)))
    {
      hm &= GE16_ALL >> GE16_BITS;
      units--;
    }
  if (G_UNLIKELY (lm != hm << GE16_BITS))
    {
      /* Low units after no high one, high units before no low one; the
       * units before the first are valid and paired: the block's store,
       * cut after them (a unit's bytes depend on no later unit). */
      guint64 lone = (lm & ~(hm << GE16_BITS)) | (hm & ~(lm >> GE16_BITS));
      guint i = __builtin_ctzll (lone) / GE16_BITS;

      if (i > 0)
        {
          ge16_pairs (c, v, ge16_prev (v), hs, ls, &hi, &lo);
          ge16_store_utf8 (*po, hi, lo, ascii, short_);
          *po += ge16_prefix_length (ascii, short_, i);
        }
      *pp += 2 * i;
      return GE16_LONE;
    }
  ge16_pairs (c, v, ge16_prev (v), hs, ls, &hi, &lo);
  *po = ge16_store_utf8 (*po, hi, lo, ascii, short_);
  /* The waiting high unit's two bytes were the last stored. */
  if (units < GE16_UNITS)
    *po -= 2;
  *pp += 2 * units;
  return GE16_DONE;
}

#ifdef GE16_HAVE_STEP
/* The ISA's step and ASCII run, which may hand blocks to
 * ge16_encode_block(): defined after this file. */
GUTF8CONV_KERNEL_INLINE Ge16Result ge16_encode_step (const Ge16Context *c, const guint8 **pp, guint8 **po,
                                                     ge16_step_vec v, const guint flags);
GUTF8CONV_KERNEL_INLINE gsize ge16_ascii_run (const Ge16Context *c, const guint8 **pp, guint8 **po, gsize n,
                                              const guint flags);
#endif

#ifndef GE16_HAVE_STORE_ASCII2
/* Two blocks of ASCII; an ISA that packs two vectors in one step
 * defines its own. */
GUTF8CONV_KERNEL_INLINE guint8 *
ge16_store_ascii2 (guint8   *o,
                   ge16_vec  v0,
                   ge16_vec  v1)
{
  return ge16_store_ascii (ge16_store_ascii (o, v0), v1);
}
#endif

#ifndef GE16_HAVE_STEP
/* Two blocks, both ASCII (and no U+0000 under NO_NUL). */
GUTF8CONV_KERNEL_INLINE gboolean
ge16_ascii2 (const Ge16Context *c,
             ge16_vec           v0,
             ge16_vec           v1,
             const guint        flags)
{
  return ge16_none_and (ge16_or (v0, v1), c->not_ascii) &&
         (!(flags & GUTF8CONV_KERNEL_NO_NUL) ||
          ge16_none (ge16_or (ge16_cmpeq (v0, c->zero), ge16_cmpeq (v1, c->zero))));
}

/* A run of ASCII from *@p, two blocks a test, at most @n blocks (the
 * caller has counted the input and the room for them): returns the
 * number of blocks it took. */
GUTF8CONV_KERNEL_INLINE gsize
ge16_ascii_run (const Ge16Context *c,
                const guint8 **pp,
                guint8       **po,
                gsize          n,
                const guint    flags)
{
  const gboolean big_endian = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;
  const guint8 *p = *pp;
  guint8 *o = *po;

#ifdef __clang__
  /* Clang steps the count alone and indexes both pointers by it; the
   * pointer's end (below) would cost it more at a short run's ends than
   * it saves. */
  gsize i;

  for (i = 0; i + 2 <= n; i += 2)
    {
      ge16_vec v0 = ge16_load (p + 2 * GE16_UNITS * i, big_endian);
      ge16_vec v1 = ge16_load (p + 2 * GE16_UNITS * (i + 1), big_endian);

      if (!ge16_ascii2 (c, v0, v1, flags))
        break;
      ge16_store_ascii2 (o + GE16_UNITS * i, v0, v1);
    }
  *pp = p + 2 * GE16_UNITS * i;
  *po = o + GE16_UNITS * i;
  return i;
#else
  /* GCC would step the count beside the two pointers (four instructions
   * a step): the input pointer is tested instead. */
  const guint8 *stop = p + 4 * GE16_UNITS * (n / 2);

  while (p != stop)
    {
      ge16_vec v0 = ge16_load (p, big_endian), v1 = ge16_load (p + 2 * GE16_UNITS, big_endian);

      if (!ge16_ascii2 (c, v0, v1, flags))
        break;
      o = ge16_store_ascii2 (o, v0, v1);
      p += 4 * GE16_UNITS;
    }
  n = (gsize) (p - *pp) / (2 * GE16_UNITS);
  *pp = p;
  *po = o;
  return n;
#endif
}

/* A step is a block. */
#define GE16_STEP_UNITS GE16_UNITS
#define ge16_step_vec ge16_vec
#define ge16_step_load ge16_load
#define ge16_step_ascii(c, v) ge16_none_and ((v), (c)->not_ascii)
#define ge16_step_has_nul(c, v) (!ge16_none (ge16_cmpeq ((v), (c)->zero)))
#define ge16_step_store_ascii ge16_store_ascii
#define ge16_encode_step ge16_encode_block
#endif

#ifdef GE16_HAVE_LATIN_STEP
/* After a step below U+0800 (GE16_TWO), the steps that follow by the
 * ISA's ge16_latin_step(), ASCII ones too, with no branch on ASCII: in
 * text such as French (a letter outside ASCII every few words) whether a
 * step is ASCII follows no order a predictor learns, and mispredicting
 * it cost such text most of its time.  Until a step holds a unit from
 * U+0800 (or U+0000 under NO_NUL), or GE16_LATIN_RUN ASCII steps in a
 * row say the text is ASCII again.  Returns the steps taken, at most
 * @n. */
GUTF8CONV_KERNEL_INLINE gsize
ge16_latin_run (const Ge16Context *c,
                const guint8     **pp,
                guint8           **po,
                gsize              n,
                const guint        flags)
{
  const gboolean big_endian = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;
  const guint8 *p = *pp;
  guint8 *o = *po;
  gsize i;
  guint ascii_steps = 0;

  for (i = 0; i < n; i++)
    {
      ge16_vec v = ge16_load (p, big_endian);
      guint ascii;

      if (!ge16_none_and (v, c->top5) ||
          ((flags & GUTF8CONV_KERNEL_NO_NUL) && !ge16_none (ge16_cmpeq (v, c->zero))))
        break;
      o = ge16_latin_step (c, o, v, &ascii);
      p += 2 * GE16_UNITS;
      /* Counted, not tested: the test is the branch this run saves. */
      ascii_steps = (ascii_steps + 1) & (0u - ascii);
      if (ascii_steps == GE16_LATIN_RUN)
        {
          i++;
          break;
        }
    }
  *pp = p;
  *po = o;
  return i;
}
#endif

/* The body of a kernel's encode16 entry point, for the flag combination
 * @flags (a constant), and of its mending one with @mend (NULL: none). */
GUTF8CONV_KERNEL_INLINE gsize
ge16_encode_mend (const guint8        *in,
                  gsize                in_len,
                  guint8              *out,
                  gsize                out_len,
                  const guint          flags,
                  gsize               *in_used,
                  GUtf8ConvKernelMend *mend)
{
  const gboolean big_endian = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;
  const guint8 *p = in, *end = in + (in_len & ~(gsize) 1);
  guint8 *o = out, *oend = out + out_len;
  Ge16Context ctx = ge16_context ();
  const Ge16Context *c = &ctx;

#ifdef GE16_HAVE_KEEP_IN_LOOP
  ge16_keep_in_loop (&ctx);
#endif

  while ((gsize) (end - p) >= 2 * GE16_STEP_UNITS)
    {
      /* The steps there is input and room for (3 bytes a unit, and the
       * slack), counted once rather than tested twice a step. */
      gsize room = oend - o;
      gsize n = MIN ((gsize) (end - p) / (2 * GE16_STEP_UNITS),
                     room < GE16_STORE_SLACK ? 0 : (room - GE16_STORE_SLACK) / (3 * GE16_STEP_UNITS));
      Ge16Result r;

      if (n == 0)
        goto scalar;
      do
        {
          ge16_step_vec v = ge16_step_load (p, big_endian);

          if (ge16_step_ascii (c, v))
            {
              if ((flags & GUTF8CONV_KERNEL_NO_NUL) && ge16_step_has_nul (c, v))
                goto scalar;
              o = ge16_step_store_ascii (o, v);
              p += 2 * GE16_STEP_UNITS;
              if (--n == 0)
                break;
              /* Text with a letter outside ASCII every few words: the
               * next step, if not ASCII, is encoded from here rather
               * than tested again by the run and loaded again. */
              v = ge16_step_load (p, big_endian);
              if (ge16_step_ascii (c, v))
                {
                  n -= ge16_ascii_run (c, &p, &o, n, flags);
                  continue;
                }
            }
          r = ge16_encode_step (c, &p, &o, v, flags);
          if (G_UNLIKELY (r != GE16_DONE))
            {
#ifdef GE16_HAVE_LATIN_STEP
              if (r == GE16_TWO)
                {
                  n--;
                  n -= ge16_latin_run (c, &p, &o, n, flags);
                  continue;
                }
#endif
              if (r == GE16_SCALAR)
                goto scalar;
              /* A lone unit: it and its replacement take no more than
               * the step's input and room. */
              if (mend == NULL || !gutf8conv_kernel_encode_mend (&p, end, &o, oend, 2, flags, mend))
                return gutf8conv_kernel_stop (in, p, out, o, in_used);
            }
          n--;
        }
      while (n > 0);
      continue;
    scalar:
      /* A pair across the step's end goes with it. */
      if (!gutf8conv_kernel_scalar_block (gutf8conv_kernel_scalar_encode16, &p, end, &o, oend,
                                          2 * GE16_STEP_UNITS, 2, flags) &&
          (mend == NULL || !gutf8conv_kernel_encode_mend (&p, end, &o, oend, 2, flags, mend)))
        return gutf8conv_kernel_stop (in, p, out, o, in_used);
    }
  return gutf8conv_kernel_encode_rest (gutf8conv_kernel_scalar_encode16, in, p, in + in_len, out,
                                       o, oend, 2, flags, mend, in_used);
}

GUTF8CONV_KERNEL_UNMENDED (ge16_encode, ge16_encode_mend)

/* A kernel's encode16 entry points @name (GUtf8ConvEncode16Func) and
 * @name_mend (GUtf8ConvEncodeMendFunc), with the attributes of their
 * placement where the ISA gives them (GE16_ENTRY_PLACEMENT, defined
 * before this file). */
#ifndef GE16_ENTRY_PLACEMENT
#define GE16_ENTRY_PLACEMENT
#endif
#define GE16_ENCODE_ENTRY_POINTS(name, name_mend) \
  GE16_ENTRY_PLACEMENT GUTF8CONV_KERNEL_ENTRY_POINT (name, ge16_encode, GUTF8CONV_KERNEL_ALL_FLAGS) \
  GE16_ENTRY_PLACEMENT GUTF8CONV_KERNEL_MEND_ENTRY_POINT (name_mend, ge16_encode_mend, name, 1)
