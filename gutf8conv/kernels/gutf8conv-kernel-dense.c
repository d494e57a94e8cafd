/* gutf8conv-kernel-dense.c: UTF-8 dense with malformed sequences
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * GUtf8ConvDecodeDenseFunc in portable C: the profile's grammar as a state
 * machine (gen-tables.py), one byte a step and no branch on the bytes,
 * where malformed sequences come as fast as characters.  A byte-at-a-time
 * state machine has nothing to widen, so every kernel's row names this
 * one.
 */

#include "config.h"

#include <string.h>

#include "gutf8conv-kernel.h"
#include "gutf8conv-kernel-generic.h"
#include "gutf8conv-profile-tables.h"

#define REPLACEMENT 0xFFFDu

/* What the modes that keep each byte of a malformed sequence write for
 * it, by mode from ESCAPE on: the value; from LATIN1 on, its UTF-8 form
 * in 3 bytes and its length. */
static const guint16 keep_value[3][256] = {
  { GUTF8CONV_KEEP_VALUE_ESCAPE }, { GUTF8CONV_KEEP_VALUE_LATIN1 }, { GUTF8CONV_KEEP_VALUE_CP1252 },
};
static const guint8 keep_utf8[2][256][4] = {
  { GUTF8CONV_KEEP_UTF8_LATIN1 }, { GUTF8CONV_KEEP_UTF8_CP1252 },
};

/* What the state machine writes for a malformed sequence: nothing, one
 * U+FFFD, or each byte as the error mode says (ESCAPE, LATIN1, CP1252). */
#define DFA_SKIP 0
#define DFA_REPLACE 1
#define DFA_KEEP 2

/* A mask of all ones where bit @flag of the transition @e is set. */
#define DFA_MASK(e, flag) (-(gsize) (((e) / GUTF8CONV_DFA_##flag) & 1))
/* One step of decode_dense_impl() for SKIP and REPLACE: a replacement for
 * the subpart the byte rejects and the byte's item (@item: a character,
 * or U+FFFD for the byte alone), each stored whether it counts or not,
 * the output moved on by what counts.  Towards UTF-8, each byte is
 * copied as it comes (a character's form is the shortest), a bad one
 * written over with U+FFFD or taken back, and a subpart the byte rejects
 * (@sub bytes, copied already) taken back and replaced.  Returns the
 * output's new end. */
GUTF8CONV_KERNEL_INLINE guint8 *
dfa_put_replace (guint8       *op,
                 guint32       e,
                 guint32       item,
                 gsize         sub,
                 const guint8 *ip,
                 guint         unit,
                 gboolean      replace,
                 gboolean      big_endian)
{
  static const guint8 replacement_utf8[4] = { 0xEF, 0xBF, 0xBD, 0 };

  if (unit == 4)
    {
      store_u32 (op, REPLACEMENT, big_endian);
      op += replace ? (e & GUTF8CONV_DFA_REJECT) : 0;
      store_u32 (op, item, big_endian);
      op += replace ? (e & GUTF8CONV_DFA_ITEM) / 2 : (e & GUTF8CONV_DFA_CHAR) / 4;
    }
  else if (unit == 2)
    {
      guint32 wide = -(guint32) (item > 0xFFFF);

      store_u16 (op, REPLACEMENT, big_endian);
      op += replace ? (e & GUTF8CONV_DFA_REJECT) / 2 : 0;
      store_u16 (op, (surrogate_high (item) & wide) | (item & ~wide), big_endian);
      store_u16 (op + 2, surrogate_low (item), big_endian);
      op += (replace ? (e & GUTF8CONV_DFA_ITEM) / 4 : (e & GUTF8CONV_DFA_CHAR) / 8) << (wide & 1);
    }
  else
    {
      gsize rejected = DFA_MASK (e, REJECT), self_bad = DFA_MASK (e, SELF_BAD);

      op -= sub & rejected;
      memcpy (op, replacement_utf8, 4);
      op += replace ? 3 & rejected : 0;
      memcpy (op, (const guint8 *) (((guintptr) replacement_utf8 & self_bad) | ((guintptr) ip & ~self_bad)), 4);
      op += replace ? 1 | (2 & self_bad) : 1 & ~self_bad;
    }
  return op;
}

/* One step of decode_dense_impl() for the modes that write each byte of a
 * malformed sequence, as its item in @values (towards UTF-8 its form in
 * @forms).  Towards UCS-4 and UTF-16 every byte is written as a bad one
 * (each item is one unit) and, where a character ends, the character is
 * written over its bytes' items and the output moved back to its end;
 * towards UTF-8, where the items have several lengths, a byte's item is
 * stored after those of the bytes before it in its sequence (*@pend bytes
 * past the output) and the output moved on over them where the sequence
 * turns out malformed, a character stored over them.  Each store is made
 * whether it counts or not.  Returns the output's new end. */
GUTF8CONV_KERNEL_INLINE guint8 *
dfa_put_keep (guint8         *op,
              gsize          *pend,
              guint32         e,
              guint32         b,
              guint32         cp,
              const guint8   *seq,
              const guint8   *ip,
              const guint16  *values,
              const guint8  (*forms)[4],
              guint           unit,
              gboolean        big_endian)
{
  gsize is_char = DFA_MASK (e, CHAR), is_item = DFA_MASK (e, ITEM);
  gsize p, len, back;
  guint8 *at;

  if (unit != 1)
    {
      /* The items of the character's bytes before this one; a character
       * of four bytes is a UTF-16 pair (two units, not one). */
      back = ((gsize) (ip - seq) * unit) & is_char;
      at = op - back;
      if (unit == 4)
        {
          store_u32 (at, cp, big_endian);
          store_u32 (op + (4 & is_char), values[b], big_endian);
          return at + 4;
        }
      else
        {
          /* (An open sequence of the UCS4 profile may have more bits.) */
          guint32 wide = -(guint32) (cp > 0xFFFF) & is_char;

          store_u16 (at, (surrogate_high (cp) & wide) | (cp & ~wide), big_endian);
          store_u16 (at + 2, surrogate_low (cp), big_endian);
          store_u16 (op + (2 & is_char), values[b], big_endian);
          return at + 2 + (2 & wide);
        }
    }

  p = *pend;
  op += p & DFA_MASK (e, REJECT);
  p &= ~DFA_MASK (e, START);
  at = op + (p & ~is_char);
  /* A character is copied: its form is the shortest. */
  memcpy (at, (const guint8 *) (((guintptr) seq & is_char) | ((guintptr) forms[b] & ~is_char)), 4);
  len = ((gsize) (ip + 1 - seq) & is_char) | (forms[b][3] & ~is_char);
  *pend = (p + len) & ~is_item;
  return op + (len & is_item);
}


/* One byte a step of the profile's state machine, with no branch on the
 * bytes (dfa_put_replace(), dfa_put_keep()), for SKIP, REPLACE (@how)
 * and, but towards UTF-8 for ESCAPE, the modes that keep a malformed
 * sequence's bytes.  A transition that rejects the bytes before its own
 * ends their maximal subpart there (behaviour-errors), and reads its byte
 * again from the start state.  A sequence still open when the loop ends,
 * and one the codec's state machine must take (STOP), are left to it
 * from their first byte: nothing of them was written.  @unit: 4, 2 or 1
 * (UTF-8, with the bytes of a character copied: their form is the
 * shortest). */
GUTF8CONV_KERNEL_INLINE gsize
decode_dense_impl (const guint8              *in,
                   gsize                      in_len,
                   guint8                    *out,
                   gsize                      out_len,
                   guint                      unit,
                   guint                      how,
                   gboolean                   big_endian,
                   gsize                     *in_used,
                   GUtf8ConvKernelDense      *dense)
{
  const guint8 *ip = in, *seq = in;
  /* A step reads 4 bytes from its own or from the start of its sequence
   * (UTF-8 output). */
  const guint8 *iend = in + (unit == 1 ? MAX (in_len, 3) - 3 : in_len);
  guint8 *op = out, *oend = out + out_len;
  const guint8 *classes = dense->dfa_class;
  const guint32 *trans = dense->dfa_trans;
  guint keep = how == DFA_KEEP ? dense->mode - GUTF8CONV_KERNEL_BYTE_ESCAPE : 0;
  const guint16 *values = keep_value[keep];
  const guint8 (*forms)[4] = keep_utf8[keep > 0 ? keep - 1 : 0];
  /* A step stores at most 8 bytes (SKIP, REPLACE); or, keeping the
   * bytes, a step moves the output on by at most a unit and stores at
   * most 8 bytes past it; towards UTF-8 it adds at most 3 bytes to the
   * output and the items stored past it, which are at most 9 bytes, and
   * its store is 4 bytes. */
  gsize per_step = how == DFA_KEEP ? (unit == 1 ? 3 : unit) : 8;
  gsize slack = how != DFA_KEEP ? 0 : unit == 1 ? 16 : 8;
  guint32 state = 0, cp = 0;
  guint64 n_bad = 0;
  gsize pend = 0;

  for (;;)
    {
      /* Steps that cannot overrun the input or the output, at most a
       * block: after a block without a bad byte the faster decoder takes
       * over. */
      gsize room = oend - op;
      gsize n = MIN (iend > ip ? (gsize) (iend - ip) : 0, room > slack ? (room - slack) / per_step : 0);
      const guint8 *stop = ip + MIN (n, GUTF8CONV_KERNEL_DENSE_BLOCK);
      guint64 n_bad_before = n_bad;

      if (n == 0)
        break;
      /* Masks, not conditions: GCC makes branches of most conditional
       * expressions here, and they are as random as the bytes. */
      for (; ip < stop; ip++)
        {
          guint32 b = *ip;
          guint32 e = trans[state + classes[b]];
          guint32 started = DFA_MASK (e, START);

          if (G_UNLIKELY (e & GUTF8CONV_DFA_STOP))
            goto out;
          /* A bad byte alone has the payload mask 0: its item is U+FFFD. */
          /* The bytes of the sequence before this one. */
          gsize sub = ip - seq;

          cp = ((cp << 6) & ~started) | (b & (e >> GUTF8CONV_DFA_MASK_SHIFT & 0x7F));
          seq += sub & (gssize) (gint32) started;
          if (how == DFA_KEEP)
            op = dfa_put_keep (op, &pend, e, b, cp, seq, ip, values, forms, unit, big_endian);
          else
            op = dfa_put_replace (op, e, cp | (REPLACEMENT & DFA_MASK (e, SELF_BAD)), sub, ip, unit,
                                  how == DFA_REPLACE, big_endian);
          n_bad += e & GUTF8CONV_DFA_BAD;
          state = e >> GUTF8CONV_DFA_NEXT_SHIFT;
        }
      if (n >= GUTF8CONV_KERNEL_DENSE_BLOCK && n_bad == n_bad_before)
        break;
    }

out:
  if (state != 0)
    {
      /* Keeping the bytes towards UCS-4 or UTF-16, those of the open
       * sequence were written as bad ones, and towards UTF-8 with SKIP
       * or REPLACE copied: take them back. */
      if ((how == DFA_KEEP) == (unit != 1))
        op -= (gsize) (ip - seq) * unit;
      ip = seq;
    }
  dense->n_bad += n_bad;
  *in_used = ip - in;
  return op - out;
}

/* decode_dense_impl() with @how (from the mode) as a constant. */
#define DECODE_DENSE_HOW(unit, be) \
  switch (dense->mode) \
    { \
    case GUTF8CONV_KERNEL_BYTE_REPLACE: \
      return decode_dense_impl (in, in_len, out, out_len, unit, DFA_REPLACE, be, in_used, dense); \
    case GUTF8CONV_KERNEL_BYTE_SKIP: \
      return decode_dense_impl (in, in_len, out, out_len, unit, DFA_SKIP, be, in_used, dense); \
    default: \
      return decode_dense_impl (in, in_len, out, out_len, unit, DFA_KEEP, be, in_used, dense); \
    }

/* decode_dense_impl() with the output, mode and byte order as constants. */
gsize
gutf8conv_kernel_scalar_decode_dense (const guint8         *in,
                                      gsize                 in_len,
                                      guint8               *out,
                                      gsize                 out_len,
                                      guint                 flags,
                                      gsize                *in_used,
                                      GUtf8ConvKernelDense *dense)
{
  gboolean be = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;

  /* ESCAPE's values have no UTF-8 form. */
  if (dense->unit == 1 && dense->mode == GUTF8CONV_KERNEL_BYTE_ESCAPE)
    {
      *in_used = 0;
      return 0;
    }
  if (dense->unit == 1)
    DECODE_DENSE_HOW (1, FALSE)
  else if (dense->unit == 4 && be)
    DECODE_DENSE_HOW (4, TRUE)
  else if (dense->unit == 4)
    DECODE_DENSE_HOW (4, FALSE)
  else if (be)
    DECODE_DENSE_HOW (2, TRUE)
  else
    DECODE_DENSE_HOW (2, FALSE)
}
