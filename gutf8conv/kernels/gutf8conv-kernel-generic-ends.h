/* gutf8conv-kernel-generic-ends.h: UTF-8 decoding by where characters end, written once
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * For the kernels whose vectors are GCC's 16 bytes (NEON, VSX): the
 * fast phase's block step of gutf8conv-kernel-generic-kl-decode.h that
 * converts the characters that *end* in a block (GK_KL_ENDS), not those
 * that start there.  At every lane, the low bytes of the character that
 * would end there, from the payloads of that lane and the three before it
 * (this block's or the block before's: shifts and inserts, no
 * multiplies); the lanes where a character ends, compacted to the front
 * of each half by one lookup; stored as UCS-4 by byte planes, or as UTF-16
 * units.  A character that crosses into the next block goes with the
 * block it ends in, so a step never loads the next block.  Also the
 * careful loop's and the mending block's steps on the same stores
 * (gk_decode_block(), gk_decode_items()).
 *
 * The including file defines first, beside the block, lookup and runs
 * operations (gutf8conv-kernel-generic-block.h, -kl.h, -runs.h, which it
 * has included):
 *   gk_vec gk_rows8 (const guint8 *a, const guint8 *b);   8 bytes at @a, then 8 at @b
 *   guint  gk_pop8 (guint x);                  the bits set in the byte @x
 *   gk_vec gk_max_u8 (gk_vec a, gk_vec b);
 *   gboolean gk_any_ge (gk_vec v, guint8 c);   a byte of @v is @c or more
 *   guint  gk_hmax_u8 (gk_vec v);              the largest byte
 *   GkEndsIsa gk_ends_isa (void);  a struct whose member `keep` is its
 *                                  constant for the operation below, kept
 *                                  in a register with the context
 *   GK_VREG(x)                     an asm operand: @x in a vector register
 *   void   gk_ends_masks (const GkEndsIsa *k, gk_vec ends, gk_vec tail,
 *                         guint *m_lo, guint *m_hi);
 *       the lanes of @ends (0xFF or 0) as bit masks of its halves, but
 *       the last lane's bit clear where @tail is set in any of the last
 *       three lanes (the block is valid: at most one such lane)
 * and the fast phase's other operations (gk_widen_block(), gk_load_rest(),
 * gk_shift_down1(), gk_is_ascii(), gk_cont_mask(), gk_any_set()).
 */

#pragma once

/* The characters that end in a block, at most 24 bits each, by their
 * low, middle and high bytes (the @m_lo of the low half, then the @m_hi
 * of the high half at the front of each half), to UCS-4 at @o; the new
 * @o. */
GUTF8CONV_KERNEL_INLINE guint8 *
gk_ends_store24 (gk_vec          byte0,
                 gk_vec          byte1,
                 gk_vec          byte2,
                 guint           m_lo,
                 guint           m_hi,
                 guint8         *o,
                 const gboolean  big_endian)
{
  gr_store_ucs4_planes8 (o, byte0, byte1, byte2, FALSE, big_endian);
  o += 4 * gk_pop8 (m_lo);
  gr_store_ucs4_planes8 (o, byte0, byte1, byte2, TRUE, big_endian);
  return o + 4 * gk_pop8 (m_hi);
}

/* The same of at most sixteen bits, or with @utf16 to UTF-16 by one zip a
 * half. */
GUTF8CONV_KERNEL_INLINE guint8 *
gk_ends_store16 (gk_vec          byte0,
                 gk_vec          byte1,
                 guint           m_lo,
                 guint           m_hi,
                 guint8         *o,
                 const gboolean  utf16,
                 const gboolean  big_endian)
{
  if (utf16)
    {
      gk_vec first = big_endian ? byte1 : byte0, second = big_endian ? byte0 : byte1;

      gk_storeu (o, gr8_zip_lo (first, second));
      o += 2 * gk_pop8 (m_lo);
      gk_storeu (o, gr8_zip_hi (first, second));
      return o + 2 * gk_pop8 (m_hi);
    }
  return gk_ends_store24 (byte0, byte1, gk_set1 (0), m_lo, m_hi, o, big_endian);
}

/* gk_ends_store24() to UTF-16: a block where a four-byte form ends is
 * rare outside emoji runs (which the runs take), so one value at a time. */
GUTF8CONV_KERNEL_INLINE guint8 *
gk_ends_store24_utf16 (gk_vec          byte0,
                       gk_vec          byte1,
                       gk_vec          byte2,
                       guint           m_lo,
                       guint           m_hi,
                       guint8         *o,
                       const gboolean  big_endian)
{
  guint32 v[16];
  guint n = gk_pop8 (m_lo) + gk_pop8 (m_hi);

  gk_ends_store24 (byte0, byte1, byte2, m_lo, m_hi, (guint8 *) v, FALSE);
  for (guint i = 0; i < n; i++)
    o += store_utf16 (o, v[i], big_endian);
  return o;
}

/* The characters of a block that end at the lanes @m_lo, @m_hi, to UCS-4
 * at @o, or with @utf16 to UTF-16; the new @o.  @prev_payload and
 * @prev_cont are the block before's (zeros where it ended a character);
 * @four: a four-byte form may end here; @half8: 0 in the low half, 8 in
 * the high.  At each lane, its payload and those of the continuations
 * before it, then the ending lanes of each half to its front. */
GUTF8CONV_KERNEL_INLINE guint8 *
gk_store_ends (gk_vec          payload,
               gk_vec          cont,
               gk_vec          prev_payload,
               gk_vec          prev_cont,
               guint           m_lo,
               guint           m_hi,
               gk_vec          half8,
               const gboolean  four,
               guint8         *o,
               const gboolean  utf16,
               const gboolean  big_endian)
{
  gk_vec c1 = cont & gk_prev_bytes (cont, prev_cont, 1);
  gk_vec q1 = gk_prev_bytes (payload, prev_payload, 1) & cont;
  gk_vec q2 = gk_prev_bytes (payload, prev_payload, 2) & c1;
  gk_vec byte0 = payload | (gk_vec) (q1 << 6);
  gk_vec byte1 = gr8_sli ((gk_vec) (q1 >> 2), q2, 4);
  gk_vec idx, c2, q3, byte2;

  idx = gk_rows8 ((const guint8 *) &gutf8conv_compact8[m_lo], (const guint8 *) &gutf8conv_compact8[m_hi]) + half8;
  byte0 = gk_lookup16 (byte0, idx);
  byte1 = gk_lookup16 (byte1, idx);
  if (!four)
    return gk_ends_store16 (byte0, byte1, m_lo, m_hi, o, utf16, big_endian);
  c2 = c1 & gk_prev_bytes (cont, prev_cont, 2);
  q3 = gk_prev_bytes (payload, prev_payload, 3) & c2;
  byte2 = gk_lookup16 (gr8_sli ((gk_vec) (q2 >> 4), q3, 2), idx);
  if (utf16)
    return gk_ends_store24_utf16 (byte0, byte1, byte2, m_lo, m_hi, o, big_endian);
  return gk_ends_store24 (byte0, byte1, byte2, m_lo, m_hi, o, big_endian);
}

/* 0 in the low half, 8 in the high. */
#define GK_HALF8 ((gk_vec) { 0, 0, 0, 0, 0, 0, 0, 0, 8, 8, 8, 8, 8, 8, 8, 8 })

/* A block's payloads and continuation lanes. */
GUTF8CONV_KERNEL_INLINE gk_vec gk_payloads (gk_vec b, gk_vec pmask) { return b & gk_lookup16 (pmask, (gk_vec) (b >> 4)); }

/* The careful loop's (gutf8conv-kernel-generic-decode.h): a block and the
 * byte after it; gk_store_ends() writes 32 bytes a half. */
#define GK_CAREFUL_MIN 17
#define GK_DECODE_READ 16
#define GK_DECODE_OVER 32

/* The characters whose leads @leads marks at @p, held whole. */
GUTF8CONV_KERNEL_INLINE guint8 *
gk_decode_block (const guint8   *p,
                 gk_mask         leads,
                 guint8         *o,
                 const gboolean  big_endian)
{
  const gk_vec zero = gk_set1 (0);
  gk_vec b = gk_loadu (p);
  gk_vec payload = gk_payloads (b, gk_loadu (gutf8conv_payload_mask));
  gk_vec cont = gr8_is_cont (b, gr_cont_const ());
  /* (The padded rest may ask for no character: 0 is taken as 1.) */
  guint k = gk_mask_top (leads | 1), last = p[k];
  /* Each character ends before the next lead, the last after its length. */
  guint ends = (leads >> 1) | 1u << (k + (last >= 0xC0) + (last >= 0xE0) + (last >= 0xF0));

  return gk_store_ends (payload, cont, zero, zero, ends & 0xFF, ends >> 8, GK_HALF8,
                        gk_any_ge (b, 0xF0), o, FALSE, big_endian);
}

/* A block mended in one go (gutf8conv-kernel-generic-mend-block.h): one
 * value for each item that @leads marks, at the lane where it ends
 * (@ends), the last one's bytes past the block from the next, @b2. */
#define GK_HAVE_DECODE_ITEMS 1
G_STATIC_ASSERT (GK_BLOCK + 3 <= 8 * sizeof (gk_mask));
GUTF8CONV_KERNEL_INLINE guint8 *
gk_decode_items (const guint8   *p G_GNUC_UNUSED,
                 gk_vec          b,
                 gk_vec          b2,
                 gk_mask         leads G_GNUC_UNUSED,
                 gk_mask         ends,
                 guint8         *o,
                 const gboolean  big_endian)
{
  const gk_vec zero = gk_set1 (0), pmask = gk_loadu (gutf8conv_payload_mask);
  const gboolean four = gk_any_ge (b, 0xF0);
  gk_vec payload = gk_payloads (b, pmask);
  gk_vec cont = gr8_is_cont (b, gr_cont_const ());

  o = gk_store_ends (payload, cont, zero, zero, ends & 0xFF, (ends >> 8) & 0xFF, GK_HALF8, four, o, FALSE, big_endian);
  if (ends >> GK_BLOCK)
    o = gk_store_ends (gk_payloads (b2, pmask), gr8_is_cont (b2, gr_cont_const ()), payload, cont,
                       ends >> GK_BLOCK, 0, GK_HALF8, four, o, FALSE, big_endian);
  return o;
}

/* The fast phase's (gutf8conv-kernel-generic-kl-decode.h). */
#define GK_KL_ENDS 1
#define GK_KL_LOOKUPS_ONLY 1
#define GK16_KL 1
/* Its fast phase mends damaged blocks in one go (gk_decode_items()). */
#define GK_FAST_MENDS 1

/* The fast phase's constants, kept in registers: the validator's tables
 * and gk_store_ends()'s. */
#define GK_HAVE_CONTEXT 1
typedef struct { GkKlTables kl; gk_vec half8, pmask, tstart, cont; GkEndsIsa isa; } GkContext;

GUTF8CONV_KERNEL_INLINE GkContext
gk_context (const gboolean bmp_only)
{
  GkContext c = { gk_kl_tables (bmp_only), GK_HALF8, gk_loadu (gutf8conv_payload_mask), gk_loadu (gutf8conv_tail_start),
                  gr_cont_const (), gk_ends_isa () };

  __asm__ ("" : GK_VREG (c.kl.prev_high), GK_VREG (c.kl.prev_low), GK_VREG (c.kl.cur_high), GK_VREG (c.kl.lead3),
                GK_VREG (c.kl.lead4), GK_VREG (c.half8), GK_VREG (c.pmask), GK_VREG (c.tstart), GK_VREG (c.cont),
                GK_VREG (c.isa.keep));
  return c;
}

/* What a step keeps of its block: payloads, continuation lanes and the
 * leads of a character it cuts (zeros: a character boundary), and how
 * many blocks in a row had their characters end every second, third or
 * fourth lane (@m_lo: the last one's ends in its low half). */
typedef struct { gk_vec prev, payload, cont, tail; guint run, m_lo; } GkKlCarry;

GUTF8CONV_KERNEL_INLINE GkKlCarry
gk_kl_carry (void)
{
  return (GkKlCarry) { gk_set1 (0), gk_set1 (0), gk_set1 (0), gk_set1 (0), 0, 0 };
}
GUTF8CONV_KERNEL_INLINE gboolean
gk_kl_ends_ascii (const GkKlCarry *carry, gk_vec b)
{
  return gk_is_ascii (gk_max_u8 (b, carry->tail));
}

GUTF8CONV_KERNEL_INLINE guint8 *
gk_decode_ends (const GkContext *c,
                GkKlCarry       *carry,
                gk_vec           b,
                guint8          *o,
                const gboolean   big_endian,
                const guint      unit)
{
  /* (The maximum counts the leads the block before cut.) */
  const gboolean four = gk_any_ge (gk_max_u8 (b, carry->tail), 0xF0);
  gk_vec payload, cont, tail;
  guint m_lo, m_hi;

  if (gk_any_set (gk_kl_errors_after (b, carry->prev, &c->kl)))
    return NULL;
  payload = gk_payloads (b, c->pmask);
  cont = gr8_is_cont (b, c->cont);
  tail = (gk_vec) (b >= c->tstart);
  gk_ends_masks (&c->isa, ~gk_shift_down1 (cont), tail, &m_lo, &m_hi);
  o = gk_store_ends (payload, cont, carry->payload, carry->cont, m_lo, m_hi, c->half8, four, o, unit == 2, big_endian);
  carry->prev = b;
  carry->payload = payload;
  carry->cont = cont;
  carry->tail = tail & b;
  /* Blocks in a row whose characters end periodically: a run of one
   * length. */
  carry->run = gr_run_count (carry->run, m_lo, m_hi);
  carry->m_lo = m_lo;
  return o;
}

GUTF8CONV_KERNEL_INLINE guint
gk_kl_tail (const GkKlCarry *carry)
{
  return gk_hmax_u8 ((gk_vec) (carry->tail >= gk_loadu (gutf8conv_tail_start)) & gk_loadu (gutf8conv_tail_len));
}
GUTF8CONV_KERNEL_INLINE gboolean gk_kl_run_due (const GkKlCarry *carry) { return gr_run_due (carry->run); }

#ifdef GR_HAVE_FIRST_FAIL
/* Runs one after another with the few ASCII bytes between them, where
 * the kernel's runs stop exactly (gr_runs()); else the run the end masks
 * found. */
GUTF8CONV_KERNEL_INLINE const guint8 *
gk_kl_run (const GkKlCarry *carry, const guint8 *p, const guint8 *lim, guint8 **po,
           const gboolean bmp_only, const gboolean big_endian, const guint unit)
{
  const guint8 *q = p;

  /* The block loop's bound on the input leaves @unit bytes of room for
   * each byte to @lim, as gr_runs() asks. */
  gr_runs (&q, lim, po, *po + unit * (lim - p), bmp_only, big_endian, unit);
  if (q != p)
    return q;
  return gr_run (carry->m_lo, p, lim, po, bmp_only, big_endian, unit);
}
#else
#define gk_kl_run(carry, p, lim, po, bmp_only, be, unit) gr_run ((carry)->m_lo, p, lim, po, bmp_only, be, unit)
#endif
