/* gutf8conv-kernel-dense.c: UTF-8 dense with malformed sequences
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * GUtf8ConvDecodeDenseFunc in portable C: the profile's grammar as a state
 * machine (gen-tables.py), walked a whole sequence at a time where the
 * errors are lone ones in text (dense_lone(), dense_sequences()), and one
 * byte a step with no branch on the bytes where malformed sequences come
 * as fast as characters (dense_bytes_impl(); dense_bytes_wide() reads the
 * transitions as GUtf8ConvDfaStep rows), but for binary input's blocks,
 * 16 bytes at once in GCC's vector types (dense_lone_blocks()), in an
 * entry for each output unit, byte order and mode.  Every kernel's row
 * names this one.
 */

#include "config.h"

#include <string.h>

#include "gutf8conv-kernel.h"
#include "gutf8conv-kernel-generic.h"
#include "gutf8conv-kernel-generic-widen.h"
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
/* ... or stops before it (GUTF8CONV_KERNEL_BYTE_STOP). */
#define DFA_STOP_AT_BAD 3

/* A mask of all ones where bit @flag of the transition @e is set. */
#define DFA_MASK(e, flag) (-(gsize) (((e) / GUTF8CONV_DFA_##flag) & 1))
/* One step of dense_bytes_impl() for SKIP and REPLACE towards UTF-8
 * (UCS-4's and UTF-16's is dense_bytes_wide()): each byte is copied as it
 * comes (a character's form is the shortest), a bad one written over with
 * U+FFFD or taken back, and a subpart the byte rejects (@sub bytes,
 * copied already) taken back and replaced; each store made whether it
 * counts or not.  Returns the output's new end. */
GUTF8CONV_KERNEL_INLINE guint8 *
dfa_put_replace (guint8       *op,
                 guint32       e,
                 gsize         sub,
                 const guint8 *ip,
                 gboolean      replace)
{
  static const guint8 replacement_utf8[4] = { 0xEF, 0xBF, 0xBD, 0 };
  gsize rejected = DFA_MASK (e, REJECT), self_bad = DFA_MASK (e, SELF_BAD);

  op -= sub & rejected;
  memcpy (op, replacement_utf8, 4);
  op += replace ? 3 & rejected : 0;
  memcpy (op, (const guint8 *) (((guintptr) replacement_utf8 & self_bad) | ((guintptr) ip & ~self_bad)), 4);
  op += replace ? 1 | (2 & self_bad) : 1 & ~self_bad;
  return op;
}

/* One step of dense_bytes_impl() for the modes that write each byte of a
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

/* Writes @c (a character, or a kept byte's item) in units of @unit: 4
 * (UCS-4) or 2 (UTF-16, a pair above U+FFFF). */
GUTF8CONV_KERNEL_INLINE guint8 *
dfa_put_wide (guint8   *op,
              guint32   c,
              guint     unit,
              gboolean  big_endian)
{
  if (unit == 4)
    {
      store_u32 (op, c, big_endian);
      return op + 4;
    }
  return op + store_utf16 (op, c, big_endian);
}

/* Writes the items of the maximal subpart of @len bytes at @ip as @how
 * and, keeping the bytes, @values (towards UTF-8 @forms) say. */
GUTF8CONV_KERNEL_INLINE guint8 *
dfa_put_subpart (guint8          *op,
                 const guint8    *ip,
                 gsize            len,
                 guint            unit,
                 guint            how,
                 gboolean         big_endian,
                 const guint16   *values,
                 const guint8   (*forms)[4])
{
  static const guint8 replacement_utf8[4] = { 0xEF, 0xBF, 0xBD, 0 };

  if (how == DFA_REPLACE && unit == 1)
    {
      memcpy (op, replacement_utf8, 4);
      return op + 3;
    }
  if (how == DFA_REPLACE)
    return dfa_put_wide (op, REPLACEMENT, unit, big_endian);
  if (how != DFA_KEEP)
    return op;
  for (gsize i = 0; i < len; i++)
    {
      if (unit == 1)
        {
          memcpy (op, forms[ip[i]], 4);
          op += forms[ip[i]][3];
        }
      else
        op = dfa_put_wide (op, values[ip[i]], unit, big_endian);
    }
  return op;
}

/* The sequence that starts with the byte from 80 up at @ip, through the
 * state machine until it ends: returns its length, sets *@e to the
 * transition that ends it, a character's (CHAR, its value in *@c), one
 * that rejects the bytes before it (REJECT: they are a maximal subpart,
 * the byte is not part of it) or the codec's (STOP); a byte that starts
 * nothing is a maximal subpart alone (SELF_BAD). */
GUTF8CONV_KERNEL_INLINE gsize
dfa_sequence (const guint8   *ip,
              const guint8   *classes,
              const guint32  *trans,
              guint32        *e,
              guint32        *c)
{
  guint32 t = trans[classes[ip[0]]], v = ip[0] & (t >> GUTF8CONV_DFA_MASK_SHIFT & 0x7F);
  gsize len = 1;

  *c = 0;
  if (t & GUTF8CONV_DFA_SELF_BAD)
    {
      *e = t;
      return 1;
    }
  for (;;)
    {
      t = trans[(t >> GUTF8CONV_DFA_NEXT_SHIFT) + classes[ip[len]]];
      if (t & (GUTF8CONV_DFA_REJECT | GUTF8CONV_DFA_STOP))
        break;
      v = (v << 6) | (ip[len] & 0x3F);
      len++;
      if (t & GUTF8CONV_DFA_CHAR)
        break;
    }
  *e = t;
  *c = v;
  return len;
}

/* Enough input that a sequence's walk stays in it (it reads at most 6
 * bytes, a character's copy 4), and enough output for any step's items
 * (8 ASCII bytes as UCS-4; 5 kept bytes of at most 4 output bytes each). */
#define DFA_SEQ_MIN_IN 8
#define DFA_SEQ_MIN_OUT 32

/* Whole sequences from the start state of the profile's state machine,
 * with a branch on what each one turns out to be (in damaged text, where
 * most are characters, the branches are right): ASCII eight bytes at
 * once, a character written whole (copied towards UTF-8: its form is the
 * shortest), a maximal subpart (behaviour-errors) written as @how says,
 * or with DFA_STOP_AT_BAD not taken (dense->bad_next).  Stops before a
 * sequence the codec's state machine takes (STOP), where a step may
 * overrun the input or the output, after the hand-back's clean bytes in
 * a row, and after GUTF8CONV_KERNEL_DENSE_BRANCHLESS_AFTER malformed
 * sequences, returning TRUE: the input is dense with them, the branchless
 * loop's.  (A lone error in text is dense_lone()'s.) */
GUTF8CONV_KERNEL_INLINE gboolean
dense_sequences (const guint8          **ipp,
                 const guint8           *iend,
                 guint8                **opp,
                 guint8                 *oend,
                 guint                   unit,
                 guint                   how,
                 gboolean                big_endian,
                 const guint16          *values,
                 const guint8          (*forms)[4],
                 GUtf8ConvKernelDense   *dense)
{
  const guint8 *ip = *ipp;
  guint8 *op = *opp;
  const guint8 *classes = dense->dfa_class;
  const guint32 *trans = dense->dfa_trans;
  const guint8 *ilimit, *clean_end;
  guint8 *olast;
  guint64 n_bad = 0;
  const guint max_bad = GUTF8CONV_KERNEL_DENSE_BRANCHLESS_AFTER;
  const gsize clean_run = GUTF8CONV_KERNEL_DENSE_CLEAN_RUN;
  gboolean to_branchless = FALSE;

  if (iend - ip < DFA_SEQ_MIN_IN || oend - op < DFA_SEQ_MIN_OUT)
    return FALSE;
  /* Past the last place a step may start at, the last such place in the
   * output, and the end of the clean run or of the input's room. */
  ilimit = iend - DFA_SEQ_MIN_IN + 1;
  olast = oend - DFA_SEQ_MIN_OUT;
  clean_end = MIN (ip + clean_run, ilimit);
  while (ip < clean_end && op <= olast)
    {
      guint32 b = ip[0], e, c;
      gsize len;
      guint64 w;

      if (b < 0x80)
        {
          memcpy (&w, ip, 8);
          len = 1;
          if ((w & G_GUINT64_CONSTANT (0x8080808080808080)) == 0)
            {
              if (unit == 1)
                memcpy (op, ip, 8), op += 8;
              else
                for (guint i = 0; i < 8; i++)
                  op = dfa_put_wide (op, ip[i], unit, big_endian);
              len = 8;
            }
          else if (unit == 1)
            *op++ = b;
          else
            op = dfa_put_wide (op, b, unit, big_endian);
          ip += len;
          continue;
        }

      len = dfa_sequence (ip, classes, trans, &e, &c);
      if (e & GUTF8CONV_DFA_STOP)
        break;
      if (!(e & (GUTF8CONV_DFA_REJECT | GUTF8CONV_DFA_SELF_BAD)))
        {
          if (unit == 1)
            {
              memcpy (op, ip, 4);
              op += len;
            }
          else
            op = dfa_put_wide (op, c, unit, big_endian);
          ip += len;
          continue;
        }

      /* @len bytes at @ip are a maximal subpart. */
      if (how == DFA_STOP_AT_BAD)
        {
          dense->bad_next = TRUE;
          break;
        }
      op = dfa_put_subpart (op, ip, len, unit, how, big_endian, values, forms);
      ip += len;
      clean_end = MIN (ip + clean_run, ilimit);
      if (++n_bad == max_bad)
        {
          to_branchless = TRUE;
          break;
        }
    }
  dense->n_bad += n_bad;
  *ipp = ip;
  *opp = op;
  return to_branchless;
}

/* The steps of the byte-a-step loops that cannot overrun the input
 * (@iend, not before @ip) or the output (@oend: @per_step bytes a step,
 * and @slack past the last), at most a block: after a block without a
 * bad byte the faster decoder takes over.  Returns how many there are,
 * their end in *@stop. */
GUTF8CONV_KERNEL_INLINE gsize
dense_block (const guint8  *ip,
             const guint8  *iend,
             const guint8  *op,
             const guint8  *oend,
             gsize          per_step,
             gsize          slack,
             const guint8 **stop)
{
  gsize room = oend - op;
  gsize n = MIN ((gsize) (iend - ip), room > slack ? (room - slack) / per_step : 0);

  *stop = ip + MIN (n, GUTF8CONV_KERNEL_DENSE_BLOCK);
  return n;
}

/* How many of the 16 bytes at @ip come before the first lead (from C0
 * up) followed by one of 80..BF (the byte after them included), which
 * every form of more than one byte begins with, in every profile: 16
 * where there is none.  Each byte from 80 up before there is a malformed
 * sequence alone.  @b holds the 16 bytes, @h a byte 1 for each from 80
 * up before there (in memory's order), and *@n_high their count.  Binary
 * input (executables, images) is mostly such bytes: its bytes from 80 up
 * stand between ASCII and NUL bytes, or beside other leads. */
GUTF8CONV_KERNEL_INLINE guint
dense_lone_block (const guint8 *ip,
                  GkBytes      *b,
                  guint64       h[2],
                  guint        *n_high)
{
  const guint64 ones = G_GUINT64_CONSTANT (0x0101010101010101);
  GkSignedBytes s, n;
  GkBytes bad, high;
  guint64 w[2];
  guint len = 16;

  memcpy (b, ip, 16);
  memcpy (&n, ip + 1, 16);
  s = (GkSignedBytes) *b;
  /* Signed, C0..FF are -64..-1 and 80..BF below -64. */
  bad = (GkBytes) ((s >= -64) & (s < 0) & (n < -64));
  high = (GkBytes) (s < 0);
  memcpy (w, &bad, 16);
  memcpy (h, &high, 16);
  h[0] = GUINT64_FROM_LE (h[0]) & ones;
  h[1] = GUINT64_FROM_LE (h[1]) & ones;
  if (G_UNLIKELY ((w[0] | w[1]) != 0))
    {
      /* The bytes from the first lead that may begin a longer form on are
       * the state machine's. */
      guint64 w0 = GUINT64_FROM_LE (w[0]), w1 = GUINT64_FROM_LE (w[1]);

      len = w0 != 0 ? __builtin_ctzll (w0) / 8 : 8 + __builtin_ctzll (w1) / 8;
      h[0] &= len >= 8 ? ~G_GUINT64_CONSTANT (0) : (G_GUINT64_CONSTANT (1) << (8 * len)) - 1;
      h[1] &= len <= 8 ? 0 : (G_GUINT64_CONSTANT (1) << (8 * (len - 8))) - 1;
    }
  /* Each byte of @h 0 or 1: the product's top byte is their sum. */
  *n_high = ((h[0] * ones) >> 56) + ((h[1] * ones) >> 56);
  return len;
}

/* The bytes 80..9F among @h's bytes from 80 up (those of one
 * dense_lone_block() @b), a byte 1 each: where CP1252's value is not the
 * byte's own. */
GUTF8CONV_KERNEL_INLINE void
dense_c1_bytes (GkBytes        b,
                const guint64  h[2],
                guint64        c1[2])
{
  GkBytes low = (GkBytes) ((GkSignedBytes) b < -96);

  memcpy (c1, &low, 16);
  c1[0] = GUINT64_FROM_LE (c1[0]) & h[0];
  c1[1] = GUINT64_FROM_LE (c1[1]) & h[1];
}

/* The blocks of dense_lone_block() from *@ipp on, written as @mode says
 * (REPLACE, ESCAPE, LATIN1, CP1252 or SKIP) in units of @unit, each byte
 * from 80 up counted in *@n_bad; a block with a lead that may begin a
 * longer form, as far as that lead, and no further.  Towards UCS-4 and
 * UTF-16 the block is widened as single-byte text is, CP1252's 80..9F
 * written after, or with SKIP each byte's unit stored and the output
 * moved on past the ASCII ones; towards UTF-8 (@unit 1, not ESCAPE) the
 * block is copied, then each byte from 80 up, in order, written as its
 * form (U+FFFD's, its character's, or nothing) and the rest of the block
 * copied again after it.  TRUE after two clean blocks in a row: the
 * faster decoder's text. */
GUTF8CONV_KERNEL_INLINE gboolean
dense_lone_blocks (const guint8            **ipp,
                   const guint8             *iend,
                   guint8                  **opp,
                   const guint8             *oend,
                   guint                     unit,
                   GUtf8ConvKernelByteMode   mode,
                   gboolean                  big_endian,
                   guint64                  *n_bad)
{
  static const guint8 replacement_utf8[4] = { 0xEF, 0xBF, 0xBD, 3 }, nothing[4] = { 0 };
  const guint8 (*forms)[4] = keep_utf8[mode == GUTF8CONV_KERNEL_BYTE_CP1252];
  const guint8 *ip = *ipp;
  guint8 *op = *opp;
  guint n_clean = 0, n_high, len = 16;
  GkBytes b;
  guint64 h[2];
  gboolean clean_run = FALSE;

  /* Towards UTF-8 the copies read up to 32 bytes and write up to 64. */
  while (len == 16 && iend - ip > (unit == 1 ? 32 : 16) && (gsize) (oend - op) >= (unit == 1 ? 64 : 16 * unit))
    {
      len = dense_lone_block (ip, &b, h, &n_high);
      if (unit != 1 && mode == GUTF8CONV_KERNEL_BYTE_SKIP)
        {
          /* Every unit stored, no branch on the bytes. */
          for (guint i = 0; i < 16; i++)
            {
              if (unit == 4)
                store_u32 (op, ip[i], big_endian);
              else
                store_u16 (op, ip[i], big_endian);
              op += unit & -(gsize) (ip[i] < 0x80 && i < len);
            }
        }
      else if (unit != 1)
        {
          gk_widen (op, b, mode == GUTF8CONV_KERNEL_BYTE_CP1252 ? GUTF8CONV_KERNEL_BYTE_LATIN1 : mode, unit, big_endian);
          if (mode == GUTF8CONV_KERNEL_BYTE_CP1252)
            {
              guint64 c1[2];

              dense_c1_bytes (b, h, c1);
              for (guint k = 0; k < 2; k++)
                for (guint64 x = c1[k]; x != 0; x &= x - 1)
                  {
                    guint i = 8 * k + __builtin_ctzll (x) / 8;

                    if (unit == 4)
                      store_u32 (op + 4 * i, keep_value[2][ip[i]], big_endian);
                    else
                      store_u16 (op + 2 * i, keep_value[2][ip[i]], big_endian);
                  }
            }
          op += len * unit;
        }
      else
        {
          /* Less than nothing where SKIP drops bytes: modulo 2^64, added
           * to a byte's own offset, which is never smaller. */
          gsize extra = 0;

          memcpy (op, ip, 16);
          for (guint k = 0; k < 2; k++)
            for (guint64 x = h[k]; x != 0; x &= x - 1)
              {
                guint i = 8 * k + __builtin_ctzll (x) / 8;
                const guint8 *form = mode == GUTF8CONV_KERNEL_BYTE_REPLACE ? replacement_utf8
                                     : mode == GUTF8CONV_KERNEL_BYTE_SKIP ? nothing : forms[ip[i]];
                guint8 *d = op + (i + extra);

                /* The form's fourth byte (its length) is written over by
                 * the copy after it. */
                memcpy (d, form, 4);
                memcpy (d + form[3], ip + i + 1, 16);
                extra += (gsize) form[3] - 1;
              }
          op += len + extra;
        }
      ip += len;
      *n_bad += n_high;
      n_clean = n_high == 0 && len == 16 ? n_clean + 1 : 0;
      if (n_clean == 2)
        {
          clean_run = TRUE;
          break;
        }
    }
  *ipp = ip;
  *opp = op;
  return clean_run;
}

/* The mode in which the dense loop's state machine writes each malformed
 * sequence (@how, @keep), as dense_lone_blocks() takes it; STOP where it
 * stops before them, which the blocks do not. */
GUTF8CONV_KERNEL_INLINE GUtf8ConvKernelByteMode
dense_block_mode (guint how,
                  guint keep)
{
  if (how == DFA_REPLACE)
    return GUTF8CONV_KERNEL_BYTE_REPLACE;
  if (how == DFA_SKIP)
    return GUTF8CONV_KERNEL_BYTE_SKIP;
  if (how == DFA_KEEP)
    return keep == 0 ? GUTF8CONV_KERNEL_BYTE_ESCAPE : keep == 1 ? GUTF8CONV_KERNEL_BYTE_LATIN1 : GUTF8CONV_KERNEL_BYTE_CP1252;
  return GUTF8CONV_KERNEL_BYTE_STOP;
}

/* dense_bytes_impl() towards UCS-4 and UTF-16 (@unit 4 or 2) with SKIP
 * and REPLACE (@how): each field of a transition (GUtf8ConvDfaStep)
 * loaded as it stands, and the output moved on by the scaled flags, where
 * dfa_put_replace() takes them out of one word.  A step stores U+FFFD for
 * the subpart the byte rejects, U+FFFD for the byte alone and the value,
 * each where the ones before it that count leave the output: at most 12
 * bytes from the output, which moves on by at most 8. */
GUTF8CONV_KERNEL_INLINE gsize
dense_bytes_wide (const guint8          *in,
                  gsize                  in_len,
                  guint8                *out,
                  gsize                  out_len,
                  guint                  unit,
                  guint                  how,
                  gboolean               big_endian,
                  gsize                 *in_used,
                  GUtf8ConvKernelDense  *dense)
{
  const guint8 *ip = in, *iend = in + in_len;
  guint8 *op = out, *oend = out + out_len;
  const guint8 *classes = dense->dfa_class;
  const GUtf8ConvDfaStep *steps = dense->dfa_steps;
  guint32 state = 0, cp = 0, n_open = 0;
  guint64 n_bad = 0;

  for (;;)
    {
      const guint8 *stop;
      gsize n = dense_block (ip, iend, op, oend, 8, 4, &stop);
      guint64 n_bad_before = n_bad;

      if (n == 0)
        break;
      /* Between sequences, binary input's blocks 16 bytes at once. */
      if (state == 0 && how != DFA_STOP_AT_BAD)
        {
          if (dense_lone_blocks (&ip, iend, &op, oend, unit, dense_block_mode (how, 0), big_endian, &n_bad))
            goto out;
          n = dense_block (ip, iend, op, oend, 8, 4, &stop);
          n_bad_before = n_bad;
          if (n == 0)
            break;
        }
      for (; ip < stop; ip++)
        {
          guint32 b = *ip;
          const GUtf8ConvDfaStep *t = &steps[state + classes[b]];

          if (G_UNLIKELY (t->bad & 0x80))
            break;
          cp = ((cp << 6) & (guint32) (gint32) t->within) | (b & t->mask);
          /* Only the end asks where the open sequence starts: its count of
           * bytes. */
          n_open = (n_open & (guint32) (gint32) t->within) + 1;
          if (unit == 4)
            {
              if (how == DFA_REPLACE)
                {
                  store_u32 (op, REPLACEMENT, big_endian);
                  op += (gsize) t->reject * 4;
                  store_u32 (op, REPLACEMENT, big_endian);
                  op += (gsize) t->self_bad * 4;
                }
              store_u32 (op, cp, big_endian);
              op += (gsize) t->chr * 4;
            }
          else
            {
              /* A character above U+FFFF is a pair: two units. */
              guint32 wide = -(guint32) (cp > 0xFFFF);

              if (how == DFA_REPLACE)
                {
                  store_u16 (op, REPLACEMENT, big_endian);
                  op += (gsize) t->reject * 2;
                  store_u16 (op, REPLACEMENT, big_endian);
                  op += (gsize) t->self_bad * 2;
                }
              store_u16 (op, (surrogate_high (cp) & wide) | (cp & ~wide), big_endian);
              store_u16 (op + 2, surrogate_low (cp), big_endian);
              op += ((gsize) t->chr * 2) << (wide & 1);
            }
          n_bad += t->bad;
          state = t->next;
        }
      if (ip < stop || (n >= GUTF8CONV_KERNEL_DENSE_BLOCK && n_bad == n_bad_before))
        break;
    }

out:
  /* A sequence still open, or one the codec's state machine must take:
   * nothing of it was written. */
  if (state != 0)
    ip -= n_open;
  dense->n_bad += n_bad;
  *in_used = ip - in;
  return op - out;
}

/* One byte a step of the profile's state machine, with no branch on the
 * bytes (dfa_put_replace(), dfa_put_keep(); SKIP and REPLACE towards
 * UCS-4 and UTF-16: dense_bytes_wide()), for SKIP, REPLACE (@how) and,
 * but towards UTF-8 for ESCAPE, the modes that keep a malformed
 * sequence's bytes.  A transition that rejects the bytes before its own
 * ends their maximal subpart there (behaviour-errors), and reads its byte
 * again from the start state.  A sequence still open when the loop ends,
 * and one the codec's state machine must take (STOP), are left to it
 * from their first byte: nothing of them was written.  @unit: 4, 2 or 1
 * (UTF-8, with the bytes of a character copied: their form is the
 * shortest). */
GUTF8CONV_KERNEL_INLINE gsize
dense_bytes_impl (const guint8              *in,
                  gsize                      in_len,
                  guint8                    *out,
                  gsize                      out_len,
                  guint                      unit,
                  guint                      how,
                  guint                      keep,
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
  const guint16 *values = keep_value[keep];
  const guint8 (*forms)[4] = keep_utf8[keep > 0 ? keep - 1 : 0];
  /* A step stores at most 8 bytes (SKIP, REPLACE: UTF-8); or, keeping the
   * bytes, a step moves the output on by at most a unit and stores at
   * most 8 bytes past it; towards UTF-8 it adds at most 3 bytes to the
   * output and the items stored past it, which are at most 9 bytes, and
   * its store is 4 bytes. */
  gsize per_step = how == DFA_KEEP ? (unit == 1 ? 3 : unit) : 8;
  gsize slack = how != DFA_KEEP ? 0 : unit == 1 ? 16 : 8;
  guint32 state = 0, cp = 0;
  guint64 n_bad = 0;
  gsize pend = 0;

  if (unit != 1 && how != DFA_KEEP)
    return dense_bytes_wide (in, in_len, out, out_len, unit, how, big_endian, in_used, dense);
  for (;;)
    {
      const guint8 *stop;
      gsize n = dense_block (ip, iend, op, oend, per_step, slack, &stop);
      guint64 n_bad_before = n_bad;

      if (n == 0)
        break;
      /* Between sequences, binary input's blocks 16 bytes at once. */
      if (state == 0 && how != DFA_STOP_AT_BAD)
        {
          if (dense_lone_blocks (&ip, iend, &op, oend, unit, dense_block_mode (how, keep), big_endian, &n_bad))
            break;
          n = dense_block (ip, iend, op, oend, per_step, slack, &stop);
          n_bad_before = n_bad;
          if (n == 0)
            break;
        }
      /* Masks, not conditions: GCC makes branches of most conditional
       * expressions here, and they are as random as the bytes. */
      for (; ip < stop; ip++)
        {
          guint32 b = *ip;
          guint32 e = trans[state + classes[b]];
          guint32 started = DFA_MASK (e, START);

          if (G_UNLIKELY (e & GUTF8CONV_DFA_STOP))
            goto out;
          /* The bytes of the sequence before this one. */
          gsize sub = ip - seq;

          /* (Above the mask's 7 bits comes a 0 bit: @b has 8.) */
          cp = ((cp << 6) & ~started) | (b & (e >> GUTF8CONV_DFA_MASK_SHIFT));
          seq += sub & (gssize) (gint32) started;
          if (how == DFA_KEEP)
            op = dfa_put_keep (op, &pend, e, b, cp, seq, ip, values, forms, unit, big_endian);
          else
            op = dfa_put_replace (op, e, sub, ip, how == DFA_REPLACE);
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

/* The entry: whole sequences, then, where the input turns out dense with
 * malformed sequences, @bytes (dense_bytes_impl(), out of line: its
 * registers cost damaged text's calls, which end before it). */
GUTF8CONV_KERNEL_INLINE gsize
dense_entry_impl (const guint8              *in,
                  gsize                      in_len,
                  guint8                    *out,
                  gsize                      out_len,
                  guint                      unit,
                  guint                      how,
                  guint                      keep,
                  gboolean                   big_endian,
                  gsize                     *in_used,
                  GUtf8ConvKernelDense      *dense,
                  GUtf8ConvDecodeDenseFunc   bytes)
{
  const guint8 *ip = in;
  guint8 *op = out;
  gsize used;

  dense->bad_next = FALSE;
  if (dense_sequences (&ip, in + in_len, &op, out + out_len, unit, how, big_endian, keep_value[keep],
                       keep_utf8[keep > 0 ? keep - 1 : 0], dense) && how != DFA_STOP_AT_BAD)
    {
      op += bytes (ip, in + in_len - ip, op, out + out_len - op, &used, dense);
      ip += used;
    }
  *in_used = ip - in;
  return op - out;
}

/* The malformed sequences of a lone error in text (@dense sparse) and
 * the character (or eight ASCII bytes) after them, as dense_entry_impl()
 * takes them but with a loop of few registers, stopping where it would
 * (before a sequence the codec takes) or sooner (near the bounds: what it
 * leaves is the codec's).  Returns FALSE, having done nothing, where
 * dense_entry_impl() must take the input.  Damaged text calls the entry
 * once per error, where the registers of dense_entry_impl()'s loops cost
 * more than the error. */
GUTF8CONV_KERNEL_INLINE gboolean
dense_lone (const guint8              *in,
            gsize                      in_len,
            guint8                   **opp,
            guint8                    *oend,
            guint                      unit,
            guint                      how,
            guint                      keep,
            gboolean                   big_endian,
            gsize                     *in_used,
            GUtf8ConvKernelDense      *dense)
{
  const guint8 *ip = in, *ilast;
  guint8 *op = *opp, *olast;
  guint32 e, c = 0;
  gsize len;
  guint64 w;

  /* A maximal subpart and a character: the walks read at most 6 bytes
   * each and the ASCII block 8, their items are at most 5 kept bytes and
   * 8 UCS-4 units. */
  if (how == DFA_STOP_AT_BAD || !dense->sparse || in_len < 16 || oend - op < 64 || in[0] < 0x80)
    return FALSE;
  ilast = in + in_len - 16;
  olast = oend - 64;
  dense->bad_next = FALSE;
  for (;;)
    {
      len = dfa_sequence (ip, dense->dfa_class, dense->dfa_trans, &e, &c);
      if (!(e & (GUTF8CONV_DFA_REJECT | GUTF8CONV_DFA_SELF_BAD | GUTF8CONV_DFA_STOP)))
        break;
      if (e & GUTF8CONV_DFA_STOP)
        goto out;
      op = dfa_put_subpart (op, ip, len, unit, how, big_endian, keep_value[keep], keep_utf8[keep > 0 ? keep - 1 : 0]);
      ip += len;
      dense->n_bad++;
      if (ip[0] < 0x80)
        break;
      if (ip > ilast || op > olast)
        goto out;
    }
  memcpy (&w, ip, 8);
  if (ip[0] < 0x80)
    len = (w & G_GUINT64_CONSTANT (0x8080808080808080)) == 0 ? 8 : 1;
  if (unit == 1)
    {
      /* ASCII bytes and a character are copied: its form is the shortest. */
      memcpy (op, ip, 8);
      op += len;
    }
  else if (ip[0] >= 0x80)
    op = dfa_put_wide (op, c, unit, big_endian);
  else if (len == 8)
    for (guint i = 0; i < 8; i++)
      op = dfa_put_wide (op, ip[i], unit, big_endian);
  else
    op = dfa_put_wide (op, ip[0], unit, big_endian);
  ip += len;

out:
  *in_used = ip - in;
  *opp = op;
  return TRUE;
}

/* An entry, its loops and its byte-a-step loop with the output's unit,
 * what a malformed sequence becomes (@keep: the kept bytes' table) and
 * the byte order as constants; the entry takes a lone malformed sequence
 * with no loop and no register to save. */
#define DENSE_ENTRY(name, unit, how, keep, be) \
  static __attribute__((noinline)) gsize \
  name##_bytes (const guint8 *in, gsize in_len, guint8 *out, gsize out_len, gsize *in_used, \
                GUtf8ConvKernelDense *dense) \
  { \
    return dense_bytes_impl (in, in_len, out, out_len, unit, how, keep, be, in_used, dense); \
  } \
  static __attribute__((noinline)) gsize \
  name##_loops (const guint8 *in, gsize in_len, guint8 *out, gsize out_len, gsize *in_used, \
                GUtf8ConvKernelDense *dense) \
  { \
    return dense_entry_impl (in, in_len, out, out_len, unit, how, keep, be, in_used, dense, name##_bytes); \
  } \
  static gsize \
  name (const guint8 *in, gsize in_len, guint8 *out, gsize out_len, gsize *in_used, GUtf8ConvKernelDense *dense) \
  { \
    guint8 *op = out; \
    if (dense_lone (in, in_len, &op, out + out_len, unit, how, keep, be, in_used, dense)) \
      return op - out; \
    return name##_loops (in, in_len, out, out_len, in_used, dense); \
  }

/* Every mode of one output, in GUtf8ConvKernelByteMode's order (towards
 * UTF-8, ESCAPE's values have no form: dense_nothing()). */
#define DENSE_ENTRIES(sfx, unit, be, escape) \
  DENSE_ENTRY (dense_replace_##sfx, unit, DFA_REPLACE, 0, be) \
  DENSE_ENTRY (dense_latin1_##sfx, unit, DFA_KEEP, 1, be) \
  DENSE_ENTRY (dense_cp1252_##sfx, unit, DFA_KEEP, 2, be) \
  DENSE_ENTRY (dense_skip_##sfx, unit, DFA_SKIP, 0, be) \
  DENSE_ENTRY (dense_stop_##sfx, unit, DFA_STOP_AT_BAD, 0, be) \
  static const GUtf8ConvDecodeDenseFunc dense_##sfx[] = { \
    dense_replace_##sfx, escape, dense_latin1_##sfx, dense_cp1252_##sfx, dense_skip_##sfx, dense_stop_##sfx, \
  };

/* Takes nothing. */
static gsize
dense_nothing (G_GNUC_UNUSED const guint8 *in,
               G_GNUC_UNUSED gsize         in_len,
               G_GNUC_UNUSED guint8       *out,
               G_GNUC_UNUSED gsize         out_len,
               gsize                      *in_used,
               GUtf8ConvKernelDense       *dense)
{
  dense->bad_next = FALSE;
  *in_used = 0;
  return 0;
}

DENSE_ENTRY (dense_escape_ucs4_le, 4, DFA_KEEP, 0, FALSE)
DENSE_ENTRIES (ucs4_le, 4, FALSE, dense_escape_ucs4_le)
DENSE_ENTRY (dense_escape_ucs4_be, 4, DFA_KEEP, 0, TRUE)
DENSE_ENTRIES (ucs4_be, 4, TRUE, dense_escape_ucs4_be)
DENSE_ENTRY (dense_escape_utf16_le, 2, DFA_KEEP, 0, FALSE)
DENSE_ENTRIES (utf16_le, 2, FALSE, dense_escape_utf16_le)
DENSE_ENTRY (dense_escape_utf16_be, 2, DFA_KEEP, 0, TRUE)
DENSE_ENTRIES (utf16_be, 2, TRUE, dense_escape_utf16_be)
DENSE_ENTRIES (utf8, 1, FALSE, dense_nothing)

GUtf8ConvDecodeDenseFunc
gutf8conv_kernel_scalar_decode_dense (guint                    unit,
                                      GUtf8ConvKernelByteMode  mode,
                                      guint                    flags)
{
  gboolean be = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;

  if (unit == 1)
    return dense_utf8[mode];
  if (unit == 4)
    return be ? dense_ucs4_be[mode] : dense_ucs4_le[mode];
  return be ? dense_utf16_be[mode] : dense_utf16_le[mode];
}
