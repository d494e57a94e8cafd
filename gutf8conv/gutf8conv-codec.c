/* gutf8conv-codec.c: the byte-level UTF-8 <-> UCS-4 / UTF-16 state machine
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The loop alternates between a kernel, which converts long runs of valid
 * input at full speed, and one "step" of this scalar code, which handles
 * whatever the kernel stopped at: a sequence split across calls, a
 * malformed sequence, a signature, a form only some profiles have.  The
 * step is the specification; the kernels are optimisations of it.
 *
 * A call goes through named phases: the start of the stream (byte order
 * and signature), reading one step, turning a bad step into output
 * through the error mode, holding an incomplete sequence, and the final
 * status.  What differs between profiles is the row of data in
 * gutf8conv-profile.c.
 *
 * UTF-16 is the wide side with a unit of 2 bytes instead of 4: reading it
 * gives the same values (a pair is joined into one) that reading UCS-4
 * gives, and writing it takes the same values, a supplementary one as a
 * pair written whole.
 */

#include "config.h"

#include <string.h>

#include "gutf8conv-codec.h"
#include "gutf8conv-i18n.h"
#include "gutf8conv-kernel-units.h"
#include "gutf8conv-profile-tables.h"

#define SIGNATURE 0xFEFFu
#define REPLACEMENT 0xFFFDu
/* A pending item at or above this is a raw output byte (ESCAPE encoding);
 * no code point this high is ever written. */
#define RAW_BYTE 0xFFFFFF00u

typedef enum
{
  STEP_CHAR,
  STEP_INVALID,      /* a maximal subpart, or a bad UCS-4 unit */
  STEP_TRUNCATED,    /* malformed because the stream ends inside it */
  STEP_INCOMPLETE,   /* more input may complete it */
} StepKind;

typedef struct
{
  StepKind kind;
  guint    len;     /* input bytes the step covers */
  guint32  value;   /* the character; for an invalid UCS-4 unit, its value */
} Step;

#define ALWAYS_INLINE static inline __attribute__((always_inline))

/* Where one call is in its input and output. */
typedef struct
{
  const guint8 *in, *ip, *iend;
  guint8       *out, *op, *oend;
  gboolean      at_end;
  gboolean      out_of_space;
} Cursor;

static const guint8 empty_input[1];
static const guint8 utf8_signature[3] = { 0xEF, 0xBB, 0xBF };
static const guint8 ucs4_signature_be[4] = { 0x00, 0x00, 0xFE, 0xFF };
static const guint8 ucs4_signature_le[4] = { 0xFF, 0xFE, 0x00, 0x00 };
static const guint8 utf16_signature_be[2] = { 0xFE, 0xFF };
static const guint8 utf16_signature_le[2] = { 0xFF, 0xFE };

/* What the byte-keeping error modes write for a byte of a malformed
 * sequence (gen-tables.py), by mode from ESCAPE on. */
G_STATIC_ASSERT (GUTF8CONV_ERROR_MODE_LATIN1 == GUTF8CONV_ERROR_MODE_ESCAPE + 1 &&
                 GUTF8CONV_ERROR_MODE_CP1252 == GUTF8CONV_ERROR_MODE_ESCAPE + 2);
static const guint16 keep_value[3][256] = {
  { GUTF8CONV_KEEP_VALUE_ESCAPE }, { GUTF8CONV_KEEP_VALUE_LATIN1 }, { GUTF8CONV_KEEP_VALUE_CP1252 },
};

/* The signature of the wide side in byte order @big_endian. */
static inline const guint8 *
wide_signature (const GUtf8ConvCodec *codec,
                gboolean              big_endian)
{
  if (codec->unit == 2)
    return big_endian ? utf16_signature_be : utf16_signature_le;
  return big_endian ? ucs4_signature_be : ucs4_signature_le;
}

static inline gboolean
has_prefix (const guint8 *p,
            gsize         n,
            const guint8 *whole,
            gsize         whole_len)
{
  return memcmp (p, whole, MIN (n, whole_len)) == 0;
}

/* ---- Writing output ------------------------------------------------- */

static inline guint
utf8_length (guint32 c)
{
  if (c < 0x80)
    return 1;
  if (c < 0x800)
    return 2;
  if (c < 0x10000)
    return 3;
  if (c < 0x200000)
    return 4;
  if (c < 0x4000000)
    return 5;
  return 6;
}

/* The shortest form of @c, whatever its value (surrogates included). */
static inline guint
utf8_write (guint8  *p,
            guint32  c)
{
  guint len = utf8_length (c);
  static const guint8 lead[7] = { 0, 0x00, 0xC0, 0xE0, 0xF0, 0xF8, 0xFC };

  for (guint i = len - 1; i > 0; i--)
    {
      p[i] = 0x80 | (c & 0x3F);
      c >>= 6;
    }
  p[0] = lead[len] | c;
  return len;
}

static inline gsize
item_size (const GUtf8ConvCodec *codec,
           guint32               item)
{
  if (!codec->utf8_out)
    return codec->unit == 2 && item >= 0x10000 ? 4 : codec->unit;
  if (item >= RAW_BYTE)
    return 1;
  if (item >= 0x10000 && (codec->out_profile->flags & GUTF8CONV_PROFILE_SURROGATE_PAIRS))
    return 6;
  if (item == 0 && (codec->out_profile->flags & GUTF8CONV_PROFILE_NUL_AS_C0_80))
    return 2;
  return utf8_length (item);
}

static inline void
put_item (const GUtf8ConvCodec  *codec,
          guint8               **op,
          guint32                item)
{
  guint flags = codec->out_profile->flags;

  if (!codec->utf8_out && codec->unit == 2)
    *op += store_utf16 (*op, item, codec->big_endian);
  else if (!codec->utf8_out)
    {
      store_u32 (*op, item, codec->big_endian);
      *op += 4;
    }
  else if (item >= RAW_BYTE)
    *(*op)++ = item & 0xFF;
  else if (item >= 0x10000 && (flags & GUTF8CONV_PROFILE_SURROGATE_PAIRS))
    {
      *op += utf8_write (*op, surrogate_high (item));
      *op += utf8_write (*op, surrogate_low (item));
    }
  else if (item == 0 && (flags & GUTF8CONV_PROFILE_NUL_AS_C0_80))
    {
      *(*op)++ = 0xC0;
      *(*op)++ = 0x80;
    }
  else
    *op += utf8_write (*op, item);
}

static inline gboolean
room_for (const GUtf8ConvCodec *codec,
          const Cursor         *cur,
          guint32               item)
{
  return (gsize) (cur->oend - cur->op) >= item_size (codec, item);
}

/* Writes @item now if nothing is waiting and it fits, else queues it. */
static inline void
emit (GUtf8ConvCodec *codec,
      Cursor         *cur,
      guint32         item)
{
  if (codec->n_pending == 0 && room_for (codec, cur, item))
    put_item (codec, &cur->op, item);
  else
    {
      g_assert (codec->n_pending < GUTF8CONV_CODEC_MAX_PENDING);
      codec->pending[codec->n_pending++] = item;
    }
}

static gboolean
drain_pending (GUtf8ConvCodec *codec,
               Cursor         *cur)
{
  while (codec->pending_pos < codec->n_pending)
    {
      guint32 item = codec->pending[codec->pending_pos];

      if (!room_for (codec, cur, item))
        return FALSE;
      put_item (codec, &cur->op, item);
      codec->pending_pos++;
    }
  codec->n_pending = codec->pending_pos = 0;
  return TRUE;
}

/* ---- Reading one step ----------------------------------------------- */

static inline Step
incomplete (gsize    n,
            gboolean at_end)
{
  Step s = { at_end ? STEP_TRUNCATED : STEP_INCOMPLETE, n, 0 };
  return s;
}

static inline Step
invalid (guint   len,
         guint32 value)
{
  Step s = { STEP_INVALID, len, value };
  return s;
}

/* A three-byte surrogate form @s (value D800..DFFF) at @p, in a profile
 * whose lead table lets it through: CESU-8 pairs it, WTF-8 takes it alone,
 * modified UTF-8 pairs it where it can and takes it alone elsewhere, as
 * Java does (behaviour guide, #behaviour-profile-modified-utf8). */
static Step
surrogate_step (const GUtf8ConvCodec *codec,
                const guint8         *p,
                gsize                 n,
                gboolean              at_end,
                Step                  s)
{
  guint flags = codec->profile->flags;
  gboolean lone_ok = (flags & GUTF8CONV_PROFILE_LONE_SURROGATES) != 0;

  if (!(flags & GUTF8CONV_PROFILE_SURROGATE_PAIRS))
    {
      g_assert (lone_ok);
      /* A pair in surrogate forms is not WTF-8: the supplementary
       * character has a four-byte form. */
      if (IS_LOW_SURROGATE (s.value) && codec->after_high)
        return invalid (3, 0);
      return s;
    }

  if (IS_LOW_SURROGATE (s.value))
    return lone_ok ? s : invalid (3, 0);

  /* A high form needs a whole low form after it (ED B0..BF 80..BF);
   * otherwise the high form alone is the bad subpart, or, where lone
   * surrogates are valid, a lone surrogate.  Until the next form or the
   * end decides, it is held. */
  for (guint i = 3; i < 6; i++)
    {
      gboolean ok;

      if (i >= n)
        {
          if (!at_end)
            return incomplete (n, FALSE);
          return lone_ok ? s : (Step) { STEP_TRUNCATED, 3, 0 };
        }
      ok = i == 3 ? p[3] == 0xED : i == 4 ? (p[4] >= 0xB0 && p[4] <= 0xBF) : (p[5] & 0xC0) == 0x80;
      if (!ok)
        return lone_ok ? s : invalid (3, 0);
    }
  s.len = 6;
  s.value = 0x10000 + ((s.value - 0xD800) << 10) + (((p[4] & 0x0F) << 6) | (p[5] & 0x3F));
  return s;
}

/* One UTF-8 sequence at @p, or its maximal subpart when malformed. */
static Step
utf8_step (const GUtf8ConvCodec *codec,
           const guint8         *p,
           gsize                 n,
           gboolean              at_end)
{
  Step s = { STEP_CHAR, 1, p[0] };
  const GUtf8ConvLead *lead;
  guint32 c;

  if (p[0] < 0x80)
    return s;
  if (p[0] < 0xC0)
    return invalid (1, 0);
  lead = &codec->profile->lead[p[0] - 0xC0];
  if (lead->need == 0)
    return invalid (1, 0);

  c = p[0] & (0x7F >> (lead->need + 1));
  for (guint i = 1; i <= lead->need; i++)
    {
      if (i >= n)
        return incomplete (n, at_end);
      if (i == 1 ? (p[i] < lead->lo || p[i] > lead->hi) : (p[i] & 0xC0) != 0x80)
        return invalid (i, 0);
      c = (c << 6) | (p[i] & 0x3F);
    }

  s.len = lead->need + 1;
  s.value = c;
  if (IS_SURROGATE (c))
    return surrogate_step (codec, p, n, at_end, s);
  /* The UCS4 profile's values above U+10FFFF have no UTF-16 form: the
   * whole sequence is the bad subpart (its value is kept for the
   * message). */
  if (c > 0x10FFFF && codec->unit == 2 && !codec->utf8_out)
    return invalid (s.len, c);
  return s;
}

/* One UCS-4 unit at @p (two, for a WTF-8 surrogate pair). */
static Step
ucs4_step (const GUtf8ConvCodec *codec,
           const guint8         *p,
           gsize                 n,
           gboolean              at_end)
{
  Step s = { STEP_CHAR, 4, 0 };

  if (n < 4)
    return incomplete (n, at_end);

  s.value = load_u32 (p, codec->big_endian);
  if (IS_SURROGATE (s.value))
    {
      guint32 next;

      if (!(codec->profile->flags & GUTF8CONV_PROFILE_LONE_SURROGATES))
        return invalid (4, s.value);
      if (!IS_HIGH_SURROGATE (s.value))
        return s;
      /* A high unit is joined with a low one after it: hold it until the
       * next unit, or the end, decides. */
      if (n < 8)
        return at_end ? s : incomplete (n, FALSE);
      next = load_u32 (p + 4, codec->big_endian);
      if (IS_LOW_SURROGATE (next))
        {
          s.len = 8;
          s.value = surrogate_join (s.value, next);
        }
      return s;
    }
  if (s.value > codec->profile->max_value)
    return invalid (4, s.value);
  return s;
}

/* One UTF-16 unit at @p, or a surrogate pair.  A high unit waits for
 * the next unit; cut off by the end of the stream it is malformed on its
 * own (2 bytes), except in WTF-8 and modified UTF-8, where it is a lone
 * surrogate. */
static Step
utf16_step (const GUtf8ConvCodec *codec,
            const guint8         *p,
            gsize                 n,
            gboolean              at_end)
{
  gboolean lone_ok = (codec->profile->flags & GUTF8CONV_PROFILE_LONE_SURROGATES) != 0;
  Step s = { STEP_CHAR, 2, 0 };
  guint32 next;

  if (n < 2)
    return incomplete (n, at_end);

  s.value = load_u16 (p, codec->big_endian);
  if (!IS_SURROGATE (s.value))
    return s;
  if (IS_HIGH_SURROGATE (s.value))
    {
      if (n < 4)
        {
          if (!at_end)
            return incomplete (n, FALSE);
          if (!lone_ok)
            return (Step) { STEP_TRUNCATED, 2, s.value };
          return s;
        }
      next = load_u16 (p + 2, codec->big_endian);
      if (IS_LOW_SURROGATE (next))
        {
          s.len = 4;
          s.value = surrogate_join (s.value, next);
          return s;
        }
    }
  return lone_ok ? s : invalid (2, s.value);
}

/* UTF-8 to UTF-8 between two forms: a character the input form carries
 * and the output form cannot (a lone surrogate towards a form without
 * them, a value above the output's range) is one malformed item of its
 * whole sequence, its value kept for the message (behaviour guide,
 * #behaviour-output-profile). */
static inline Step
writable_step (const GUtf8ConvCodec *codec,
               Step                  s)
{
  guint32 c = s.value;

  if (s.kind == STEP_CHAR &&
      ((IS_SURROGATE (c) && !(codec->out_profile->flags & GUTF8CONV_PROFILE_LONE_SURROGATES)) ||
       c > codec->out_profile->max_value))
    s.kind = STEP_INVALID;
  return s;
}

/* What the scalar step reads: a constant in each copy of the general
 * loop, which reset() chooses, so that no step asks. */
typedef enum
{
  READ_UTF8,
  READ_UTF8_TO_FORM,   /* UTF-8 written as another form of UTF-8 */
  READ_UTF16,
  READ_UCS4,
} Reader;

ALWAYS_INLINE Step
read_step (const GUtf8ConvCodec *codec,
           Reader                reader,
           const guint8         *p,
           gsize                 n,
           gboolean              at_end)
{
  switch (reader)
    {
    case READ_UTF8:
      return utf8_step (codec, p, n, at_end);
    case READ_UTF8_TO_FORM:
      return writable_step (codec, utf8_step (codec, p, n, at_end));
    case READ_UTF16:
      return utf16_step (codec, p, n, at_end);
    case READ_UCS4:
    default:
      return ucs4_step (codec, p, n, at_end);
    }
}

ALWAYS_INLINE gboolean
reads_utf8 (Reader reader)
{
  return reader == READ_UTF8 || reader == READ_UTF8_TO_FORM;
}

/* ---- The start of the stream ---------------------------------------- */

/* DETECT: choose the byte order once the first bytes rule out one of the
 * signatures (or both). */
static void
detect_order (GUtf8ConvCodec *codec,
              const guint8   *p,
              gsize           n,
              gboolean        at_end)
{
  gsize u = codec->unit;
  const guint8 *be = wide_signature (codec, TRUE), *le = wide_signature (codec, FALSE);

  if (n < u && !at_end && (has_prefix (p, n, be, u) || has_prefix (p, n, le, u)))
    return;
  codec->big_endian = !(n >= u && memcmp (p, le, u) == 0);
  if (codec->big_endian)
    codec->kernel_flags |= GUTF8CONV_KERNEL_BIG_ENDIAN;
  else
    codec->kernel_flags &= ~GUTF8CONV_KERNEL_BIG_ENDIAN;
  codec->order_pending = FALSE;
}

/* Whether the @n bytes at the start of the stream may still become a
 * signature. */
static gboolean
may_be_signature (const GUtf8ConvCodec *codec,
                  const guint8         *p,
                  gsize                 n)
{
  if (codec->utf8_in)
    return has_prefix (p, n, utf8_signature, 3);
  if (codec->order_pending)
    return TRUE;   /* detect_order() has not ruled both out */
  return has_prefix (p, n, wide_signature (codec, codec->big_endian), codec->unit);
}

/* ---- Bad input through the error mode ------------------------------- */

/* The character a bad byte becomes in the modes that keep each byte. */
static inline guint32
bad_byte_char (GUtf8ConvErrorMode mode,
               guint8             b)
{
  return keep_value[mode - GUTF8CONV_ERROR_MODE_ESCAPE][b];
}

/* Appends what the error mode makes of the bad step @s (its bytes at @p)
 * to @items; FALSE when the stream must stop there. */
ALWAYS_INLINE gboolean
error_items (const GUtf8ConvCodec *codec,
             Reader                reader,
             const Step           *s,
             const guint8         *p,
             guint32              *items,
             guint                *n_items)
{
  GUtf8ConvErrorMode mode = codec->config.error_mode;

  switch ((int) mode)
    {
    case GUTF8CONV_ERROR_MODE_STRICT:
      return FALSE;
    case GUTF8CONV_ERROR_MODE_SKIP:
      return TRUE;
    case GUTF8CONV_ERROR_MODE_REPLACE:
      items[(*n_items)++] = REPLACEMENT;
      return TRUE;
    default:
      break;
    }

  if (!reads_utf8 (reader))
    {
      /* A bad UCS-4 unit: ESCAPE gives back the byte U+DC80..U+DCFF stood
       * for; the byte-keeping modes have no byte to keep and replace. */
      if (mode != GUTF8CONV_ERROR_MODE_ESCAPE)
        items[(*n_items)++] = REPLACEMENT;
      else if (s->kind == STEP_INVALID && s->value >= 0xDC80 && s->value <= 0xDCFF)
        items[(*n_items)++] = RAW_BYTE | (s->value & 0xFF);
      else
        return FALSE;
      return TRUE;
    }

  /* U+DC80..U+DCFF are not well-formed UTF-8 output. */
  if (mode == GUTF8CONV_ERROR_MODE_ESCAPE && codec->utf8_out)
    return FALSE;
  /* A character the output form cannot carry: as encoding replaces a
   * bad unit, the byte-keeping modes have no bad byte to keep. */
  if (reader == READ_UTF8_TO_FORM && s->value != 0)
    {
      items[(*n_items)++] = REPLACEMENT;
      return TRUE;
    }
  for (guint i = 0; i < s->len; i++)
    items[(*n_items)++] = bad_byte_char (mode, p[i]);
  return TRUE;
}

/* ---- One call ------------------------------------------------------- */

static void
set_error (GUtf8ConvCodec *codec,
           const Step     *s,
           const guint8   *p,
           guint64         pos)
{
  codec->error = s->kind == STEP_TRUNCATED ? GUTF8CONV_CODEC_TRUNCATED : GUTF8CONV_CODEC_INVALID;
  codec->error_offset = pos;
  codec->error_value = s->value;
  codec->n_error_bytes = MIN (s->len, sizeof codec->error_bytes);
  memcpy (codec->error_bytes, p, codec->n_error_bytes);
}

/* Hands the fast kernel whatever input it can take. */
ALWAYS_INLINE void
run_kernel (GUtf8ConvCodec      *codec,
            Cursor              *cur,
            GUtf8ConvKernelMend *mend)
{
  gsize used = 0, avail = cur->iend - cur->ip;

  if (codec->n_held > 0 || codec->bom_pending || codec->order_pending || avail == 0)
    return;
  if (mend != NULL)
    {
      guint64 before = mend->n_mended;

      cur->op += codec->kernel_mend (cur->ip, avail, cur->op, cur->oend - cur->op,
                                     codec->kernel_flags, &used, mend);
      codec->num_invalid += mend->n_mended - before;
    }
  else
    cur->op += codec->kernel_func (cur->ip, avail, cur->op, cur->oend - cur->op,
                                   codec->kernel_flags, &used);
  if (used > 0)
    {
      cur->ip += used;
      codec->offset += used;
      codec->after_high = FALSE;
    }
}

/* Keeps the incomplete sequence @p..@n (all the input there is) for the
 * next call.  FALSE if INSERT's signature, which the bytes show is owed,
 * does not fit. */
static gboolean
hold (GUtf8ConvCodec *codec,
      Cursor         *cur,
      const guint8   *p,
      gsize           n)
{
  gsize avail = cur->iend - cur->ip;

  g_assert (n == codec->n_held + avail && n < sizeof codec->held);
  if (codec->bom_pending && codec->config.bom_mode == GUTF8CONV_BOM_INSERT &&
      !may_be_signature (codec, p, n))
    {
      /* The input shows it has no signature: write ours now. */
      if (!room_for (codec, cur, SIGNATURE))
        return FALSE;
      put_item (codec, &cur->op, SIGNATURE);
      codec->bom_pending = FALSE;
    }
  memcpy (codec->held + codec->n_held, cur->ip, avail);
  codec->n_held += avail;
  cur->ip += avail;
  codec->offset += avail;
  return TRUE;
}

/* Consumes step @s, whose bytes are at @p, and writes or queues @items. */
ALWAYS_INLINE void
commit (GUtf8ConvCodec *codec,
        Reader          reader,
        Cursor         *cur,
        const Step     *s,
        const guint8   *p,
        const guint32  *items,
        guint           n_items)
{
  guint64 pos = codec->offset - codec->n_held;

  if (s->len >= codec->n_held)
    {
      cur->ip += s->len - codec->n_held;
      codec->offset += s->len - codec->n_held;
      codec->n_held = 0;
    }
  else
    {
      /* A step shorter than what is held (a CESU-8 high form whose pair
       * broke, a WTF-8 high unit before an ordinary one): the rest stays
       * held and is read again. */
      codec->n_held -= s->len;
      memmove (codec->held, codec->held + s->len, codec->n_held);
    }
  codec->bom_pending = FALSE;
  codec->after_high = reads_utf8 (reader) && s->len == 3 &&
                      IS_HIGH_SURROGATE (s->value);
  if (s->kind != STEP_CHAR)
    {
      codec->num_invalid++;
      if (codec->on_invalid != NULL)
        codec->on_invalid (pos, p, s->len, codec->on_invalid_data);
    }
  for (guint i = 0; i < n_items; i++)
    emit (codec, cur, items[i]);
  if (codec->n_pending > 0)
    cur->out_of_space = TRUE;
}

/* One step of the scalar state machine; FALSE when the loop must stop
 * (no input, a held sequence, a full buffer or an error). */
ALWAYS_INLINE gboolean
scalar_step (GUtf8ConvCodec *codec,
             Cursor         *cur,
             Reader          reader)
{
  gsize avail = cur->iend - cur->ip;
  guint8 window[16];
  const guint8 *p;
  gsize n;
  Step s;
  guint32 items[GUTF8CONV_CODEC_MAX_PENDING];
  guint n_items = 0;
  gboolean is_signature = FALSE;

  /* The step's bytes: what is held, then enough of the new input for the
   * longest step (a surrogate pair). */
  if (codec->n_held > 0)
    {
      gsize take = MIN (avail, sizeof window - codec->n_held);

      memcpy (window, codec->held, codec->n_held);
      memcpy (window + codec->n_held, cur->ip, take);
      p = window;
      n = codec->n_held + take;
    }
  else
    {
      p = cur->ip;
      n = avail;
    }
  if (n == 0)
    return FALSE;

  if (codec->order_pending)
    detect_order (codec, p, n, cur->at_end);

  s = read_step (codec, reader, p, n, cur->at_end);
  if (s.kind == STEP_INCOMPLETE)
    {
      if (!hold (codec, cur, p, n))
        cur->out_of_space = TRUE;
      return FALSE;
    }

  if (codec->bom_pending)
    {
      is_signature = s.kind == STEP_CHAR && s.value == SIGNATURE;
      if (codec->config.bom_mode == GUTF8CONV_BOM_INSERT && !is_signature)
        items[n_items++] = SIGNATURE;
    }

  if (s.kind == STEP_CHAR)
    {
      /* UTF-8 to UTF-8 copies one-byte forms as they are: modified UTF-8's
       * raw 00 stays 00 (every longer form is written back as it came). */
      if (!(is_signature && codec->config.bom_mode == GUTF8CONV_BOM_STRIP))
        items[n_items++] = s.len == 1 && codec->utf8_out && (reader != READ_UTF8_TO_FORM || s.value != 0)
                           ? RAW_BYTE | s.value : s.value;
    }
  else if (!error_items (codec, reader, &s, p, items, &n_items))
    {
      /* A signature INSERT owes goes out before the error. */
      if (n_items > 0)
        {
          if (!room_for (codec, cur, SIGNATURE))
            {
              cur->out_of_space = TRUE;
              return FALSE;
            }
          put_item (codec, &cur->op, SIGNATURE);
          codec->bom_pending = FALSE;
        }
      /* Report the progress first; the next call finds the error again
       * at its very first byte. */
      if (cur->ip == cur->in && cur->op == cur->out)
        set_error (codec, &s, p, codec->offset - codec->n_held);
      return FALSE;
    }

  if (n_items > 0 && !room_for (codec, cur, items[0]))
    {
      cur->out_of_space = TRUE;
      return FALSE;
    }
  commit (codec, reader, cur, &s, p, items, n_items);
  return !cur->out_of_space;
}

/* ---- Dense malformed input ------------------------------------------ */

/* What the kernels write for a malformed sequence in each error mode that
 * goes on after one. */
static const GUtf8ConvKernelByteMode kernel_byte_mode[] = {
  [GUTF8CONV_ERROR_MODE_SKIP] = GUTF8CONV_KERNEL_BYTE_SKIP,
  [GUTF8CONV_ERROR_MODE_REPLACE] = GUTF8CONV_KERNEL_BYTE_REPLACE,
  [GUTF8CONV_ERROR_MODE_ESCAPE] = GUTF8CONV_KERNEL_BYTE_ESCAPE,
  [GUTF8CONV_ERROR_MODE_LATIN1] = GUTF8CONV_KERNEL_BYTE_LATIN1,
  [GUTF8CONV_ERROR_MODE_CP1252] = GUTF8CONV_KERNEL_BYTE_CP1252,
};

/* Where the kernel had converted at least DENSE_SPARSE_AFTER bytes before
 * it stopped, the malformed sequence is a lone one in text (damaged
 * text): the kernel's dense loop hands back after it, as the faster
 * decoder is faster on whatever comes next. */
#define DENSE_SPARSE_AFTER 32
/* multibyte_before() reads the 16 bytes before the stop. */
G_STATIC_ASSERT (DENSE_SPARSE_AFTER >= 16);

/* Single-byte text (Latin-1, windows-1252) read as UTF-8: the kernel's
 * block loop (GUtf8ConvSingleByteFunc) takes it, each byte from 80 up a
 * malformed sequence of one byte with the count and the report
 * scalar_step() gives it (behaviour-errors). */

#define HIGH_BITS G_GUINT64_CONSTANT (0x8080808080808080)

/* Whether the malformed byte at @p, where a kernel stopped, looks like
 * single-byte text (ASCII after it, or after the next one if it is no
 * lead): elsewhere, in UTF-8 with a damaged byte, a block of the loop
 * would cost a test that fails. */
static inline gboolean
single_byte_start (const guint8 *p,
                   const guint8 *end)
{
  return end - p > GUTF8CONV_KERNEL_SINGLE_BYTE_BLOCK && (p[1] < 0x80 || (p[0] < 0xC0 && p[2] < 0x80));
}

/* Whether the 16 bytes before @p, which a kernel has just converted,
 * hold something else than ASCII. */
static inline gboolean
multibyte_before (const guint8 *p)
{
  guint64 a, b;

  memcpy (&a, p - 16, 8);
  memcpy (&b, p - 8, 8);
  return ((a | b) & HIGH_BITS) != 0;
}

/* The kernel's single-byte loop from @cur, in the codec's error mode (one
 * that writes every bad byte), and the report of each byte it took. */
static void
single_byte_run (GUtf8ConvCodec *codec,
                 Cursor         *cur)
{
  const guint8 *start = cur->ip;
  gsize used = 0;
  guint64 n_high = 0;

  if (codec->kernel->single_byte == NULL)
    return;
  cur->op += codec->kernel->single_byte (cur->ip, cur->iend - cur->ip, cur->op, cur->oend - cur->op,
                                         codec->utf8_out ? 1 : codec->unit,
                                         codec->big_endian ? GUTF8CONV_KERNEL_BIG_ENDIAN : 0,
                                         kernel_byte_mode[codec->config.error_mode], &used, &n_high);
  if (codec->on_invalid != NULL)
    for (gsize i = 0; i < used; i++)
      if (start[i] >= 0x80)
        codec->on_invalid (codec->offset + i, start + i, 1, codec->on_invalid_data);
  codec->num_invalid += n_high;
  codec->offset += used;
  cur->ip += used;
}

/* Takes the UTF-8 input (decoded, or copied as its own form: the
 * general loop of READ_UTF8) where the kernel stopped, through the
 * kernel's dense loop (GUtf8ConvDecodeDenseFunc) while it stays dense
 * with errors, or, after the kernel's run of at least DENSE_SPARSE_AFTER
 * bytes (@sparse), the error there and the next character.  Where each
 * malformed sequence is reported (or stops the stream), the dense loop
 * stops before it and scalar_step() takes it.  FALSE if it took nothing.
 * (Bad UCS-4 and UTF-16 units go through scalar_step(): a loop like this
 * one made them slower where they are sparse.) */
static gboolean
dense_run (GUtf8ConvCodec *codec,
           Cursor         *cur,
           gboolean        sparse)
{
  const guint8 *ip = cur->ip;
  GUtf8ConvErrorMode mode = codec->config.error_mode;
  GUtf8ConvKernelDense *dense = &codec->dense;
  GUtf8ConvDecodeDenseFunc func;

  if (codec->n_held > 0 || codec->n_pending > 0 || codec->bom_pending ||
      codec->order_pending || codec->after_high)
    return FALSE;
  /* The modes that write every bad byte (ESCAPE towards UTF-8 stops at
   * the first).  After a run of the kernel over characters of more than
   * one byte, the text is UTF-8, not a single-byte code page. */
  if ((mode == GUTF8CONV_ERROR_MODE_LATIN1 || mode == GUTF8CONV_ERROR_MODE_CP1252 ||
       mode == GUTF8CONV_ERROR_MODE_REPLACE || (mode == GUTF8CONV_ERROR_MODE_ESCAPE && !codec->utf8_out)) &&
      !(sparse && multibyte_before (cur->ip)) && single_byte_start (cur->ip, cur->iend))
    single_byte_run (codec, cur);
  if (codec->dense_func == NULL)
    return cur->ip != ip;
  /* Where each malformed sequence is reported, scalar_step() takes it. */
  func = codec->on_invalid != NULL &&
         (codec->wants_invalid == NULL || codec->wants_invalid (codec->on_invalid_data))
         ? codec->dense_stop : codec->dense_func;
  dense->sparse = sparse;
  dense->n_bad = 0;
  for (;;)
    {
      gsize used = 0;

      cur->op += func (cur->ip, cur->iend - cur->ip, cur->op, cur->oend - cur->op, &used, dense);
      codec->offset += used;
      cur->ip += used;
      if (!dense->bad_next || !scalar_step (codec, cur, READ_UTF8) || codec->n_pending > 0)
        break;
    }
  codec->num_invalid += dense->n_bad;
  return cur->ip != ip;
}

/* An empty stream: INSERT gives the signature alone. */
static void
end_of_empty_stream (GUtf8ConvCodec *codec,
                     Cursor         *cur)
{
  if (codec->bom_pending && codec->config.bom_mode == GUTF8CONV_BOM_INSERT)
    {
      if (!room_for (codec, cur, SIGNATURE))
        {
          cur->out_of_space = TRUE;
          return;
        }
      put_item (codec, &cur->op, SIGNATURE);
    }
  codec->bom_pending = codec->order_pending = FALSE;
}

static GUtf8ConvCodecStatus
final_status (const GUtf8ConvCodec *codec,
              const Cursor         *cur,
              gboolean              flush)
{
  if (!cur->out_of_space && codec->n_pending == 0 && cur->ip == cur->iend)
    {
      if (cur->at_end && codec->n_held == 0 && !codec->bom_pending)
        return GUTF8CONV_CODEC_FINISHED;
      if (flush)
        return GUTF8CONV_CODEC_FLUSHED;
    }
  if (cur->ip == cur->in && cur->op == cur->out)
    return cur->out_of_space ? GUTF8CONV_CODEC_NO_SPACE : GUTF8CONV_CODEC_NEED_INPUT;
  return GUTF8CONV_CODEC_CONVERTED;
}

ALWAYS_INLINE GUtf8ConvCodecStatus
convert_general (GUtf8ConvCodec      *codec,
                 Reader               reader,
                 const guint8        *in,
                 gsize                in_len,
                 guint8              *out,
                 gsize                out_len,
                 GUtf8ConvCodecFlags  flags,
                 gboolean             kernel_ran,
                 gsize                used,
                 gsize                written,
                 gsize               *bytes_read,
                 gsize               *bytes_written)
{
  Cursor cur;
  GUtf8ConvKernelMend mend_state, *mend = NULL;

  /* GIO may pass NULL for an empty input; never offset it. */
  if (in == NULL || in_len == 0)
    in = empty_input, in_len = 0;
  cur.in = cur.ip = in;
  cur.iend = in + in_len;
  cur.out = cur.op = out;
  cur.oend = out + out_len;
  cur.at_end = (flags & GUTF8CONV_CODEC_INPUT_AT_END) != 0;
  cur.out_of_space = FALSE;

  *bytes_read = *bytes_written = 0;

  if (codec->error != GUTF8CONV_CODEC_CONVERTED)
    return codec->error;

  if (kernel_ran)
    {
      /* As run_kernel() would have left it. */
      cur.ip += used;
      cur.op += written;
      if (used > 0)
        {
          codec->offset += used;
          codec->after_high = FALSE;
        }
    }
  else if (!drain_pending (codec, &cur))
    cur.out_of_space = TRUE;

  /* The kernel mends the sparse malformed sequences itself where nobody
   * wants each one's report (as dense_run() decides on its state
   * machine): none is made. */
  if (codec->kernel_mend != NULL &&
      (codec->on_invalid == NULL ||
       (codec->wants_invalid != NULL && !codec->wants_invalid (codec->on_invalid_data))))
    {
      mend_state.mode = codec->config.error_mode == GUTF8CONV_ERROR_MODE_SKIP ? GUTF8CONV_KERNEL_MEND_SKIP
                                                                                 : GUTF8CONV_KERNEL_MEND_REPLACE;
      mend_state.n_mended = 0;
      mend = &mend_state;
    }

  while (!cur.out_of_space)
    {
      /* Where the kernel's run began: the call's start, if it ran
       * before this loop. */
      const guint8 *kernel_from = kernel_ran ? cur.in : cur.ip;

      if (kernel_ran)
        kernel_ran = FALSE;
      else
        run_kernel (codec, &cur, mend);
      /* All taken, as most calls end (scalar_step() would stop too). */
      if (cur.ip == cur.iend && codec->n_held == 0)
        break;
      /* Where the kernel stopped short, most often at a malformed
       * sequence, errors come in clusters: stay in the scalar loop until
       * the input is clean again (behaviour-errors), unless the kernel's
       * long run says they are sparse.  The dense loops read UTF-8 and
       * copy it as it is: not towards another form. */
      if (reader == READ_UTF8 &&
          dense_run (codec, &cur, (gsize) (cur.ip - kernel_from) >= DENSE_SPARSE_AFTER))
        continue;
      if (!scalar_step (codec, &cur, reader))
        break;
    }

  if (codec->error != GUTF8CONV_CODEC_CONVERTED)
    return codec->error;

  if (cur.at_end && !cur.out_of_space && cur.ip == cur.iend && codec->n_held == 0 &&
      (codec->bom_pending || codec->order_pending))
    end_of_empty_stream (codec, &cur);

  *bytes_read = cur.ip - cur.in;
  *bytes_written = cur.op - cur.out;
  return final_status (codec, &cur, (flags & GUTF8CONV_CODEC_FLUSH) != 0);
}

/* convert_general() for each reader; choose_kernel_func() picks one. */
#define CONVERT_GENERAL(name, reader) \
  static GUtf8ConvCodecStatus \
  name (GUtf8ConvCodec *codec, const guint8 *in, gsize in_len, guint8 *out, gsize out_len, \
        GUtf8ConvCodecFlags flags, gboolean kernel_ran, gsize used, gsize written, \
        gsize *bytes_read, gsize *bytes_written) \
  { \
    return convert_general (codec, reader, in, in_len, out, out_len, flags, kernel_ran, used, \
                            written, bytes_read, bytes_written); \
  }
CONVERT_GENERAL (convert_general_utf8, READ_UTF8)
CONVERT_GENERAL (convert_general_utf8_to_form, READ_UTF8_TO_FORM)
CONVERT_GENERAL (convert_general_utf16, READ_UTF16)
CONVERT_GENERAL (convert_general_ucs4, READ_UCS4)

/* ---- Set-up --------------------------------------------------------- */

void
gutf8conv_codec_init (GUtf8ConvCodec        *codec,
                      const GUtf8ConvConfig *config)
{
  memset (codec, 0, sizeof *codec);
  codec->config = *config;
  codec->output_profile = -1;
  codec->kernel = gutf8conv_kernel_default ();
  gutf8conv_codec_reset (codec);
}

/* The kernel's function for the codec's direction and the general loop
 * for its input, chosen once rather than on every call or step. */
static void
choose_kernel_func (GUtf8ConvCodec *codec)
{
  if (codec->utf8_in && !codec->same_forms)
    codec->convert_general = convert_general_utf8_to_form;
  else if (codec->utf8_in)
    codec->convert_general = convert_general_utf8;
  else
    codec->convert_general = codec->unit == 2 ? convert_general_utf16 : convert_general_ucs4;

  if (codec->utf8_in && codec->utf8_out && !codec->same_forms &&
      (codec->out_profile->flags & GUTF8CONV_PROFILE_NUL_AS_C0_80))
    /* U+0000's C0 80 from another form: no kernel copies that. */
    codec->kernel_func = gutf8conv_kernel_convert_nothing;
  else if (codec->utf8_in && codec->utf8_out)
    codec->kernel_func = codec->kernel->copy;
  else if (codec->utf8_in)
    codec->kernel_func = codec->unit == 2 ? codec->kernel->decode16 : codec->kernel->decode;
  else
    codec->kernel_func = codec->unit == 2 ? codec->kernel->encode16 : codec->kernel->encode;
  /* Where the kernel's stop at a malformed sequence is exactly one of the
   * profile's, and the error mode writes what the kernel can
   * (behaviour-profile-kernels). */
  codec->kernel_mend = NULL;
  if (codec->utf8_in && codec->config.profile == GUTF8CONV_PROFILE_UNICODE &&
      (codec->config.error_mode == GUTF8CONV_ERROR_MODE_REPLACE ||
       codec->config.error_mode == GUTF8CONV_ERROR_MODE_SKIP))
    {
      if (codec->utf8_out && codec->kernel_func == codec->kernel->copy)
        codec->kernel_mend = codec->kernel->copy_mend;
      else if (!codec->utf8_out)
        codec->kernel_mend = codec->unit == 2 ? codec->kernel->decode16_mend : codec->kernel->decode_mend;
    }
  /* Encoding: the kernels stop at exactly the Unicode profile's bad units;
   * LATIN1 and CP1252 replace them as REPLACE does (error_items()). */
  if (!codec->utf8_in && codec->config.profile == GUTF8CONV_PROFILE_UNICODE &&
      (codec->config.error_mode == GUTF8CONV_ERROR_MODE_REPLACE ||
       codec->config.error_mode == GUTF8CONV_ERROR_MODE_SKIP ||
       codec->config.error_mode == GUTF8CONV_ERROR_MODE_LATIN1 ||
       codec->config.error_mode == GUTF8CONV_ERROR_MODE_CP1252))
    codec->kernel_mend = codec->unit == 2 ? codec->kernel->encode16_mend : codec->kernel->encode_mend;

  codec->dense.dfa_class = codec->profile->dfa_class;
  codec->dense.dfa_trans = codec->profile->dfa_trans;
  codec->dense.dfa_steps = codec->profile->dfa_steps;
  codec->dense_func = codec->dense_stop = NULL;
  if (codec->kernel->decode_dense != NULL)
    {
      guint unit = codec->utf8_out ? 1 : codec->unit;
      /* STRICT stops at the first malformed sequence; ESCAPE's values
       * have no UTF-8 form. */
      GUtf8ConvKernelByteMode mode =
        codec->config.error_mode == GUTF8CONV_ERROR_MODE_STRICT ||
        (codec->config.error_mode == GUTF8CONV_ERROR_MODE_ESCAPE && codec->utf8_out)
        ? GUTF8CONV_KERNEL_BYTE_STOP : kernel_byte_mode[codec->config.error_mode];

      codec->dense_func = codec->kernel->decode_dense (unit, mode, codec->kernel_flags);
      codec->dense_stop = codec->kernel->decode_dense (unit, GUTF8CONV_KERNEL_BYTE_STOP, codec->kernel_flags);
    }
}

void
gutf8conv_codec_set_kernel (GUtf8ConvCodec        *codec,
                            const GUtf8ConvKernel *kernel)
{
  codec->kernel = kernel;
  choose_kernel_func (codec);
}

void
gutf8conv_codec_set_output_profile (GUtf8ConvCodec *codec,
                                    int             output_profile)
{
  codec->output_profile = output_profile;
  gutf8conv_codec_reset (codec);
}

void
gutf8conv_codec_set_invalid_func (GUtf8ConvCodec       *codec,
                                  GUtf8ConvInvalidFunc  func,
                                  gpointer              user_data)
{
  codec->on_invalid = func;
  codec->on_invalid_data = user_data;
}

void
gutf8conv_codec_set_wants_func (GUtf8ConvCodec     *codec,
                                GUtf8ConvWantsFunc  wants)
{
  codec->wants_invalid = wants;
}

void
gutf8conv_codec_reset (GUtf8ConvCodec *codec)
{
  const GUtf8ConvConfig *config = &codec->config;

  codec->profile = gutf8conv_profile_info (config->profile);
  codec->utf8_in = config->direction != GUTF8CONV_DIRECTION_UCS4_TO_UTF8 &&
                    config->direction != GUTF8CONV_DIRECTION_UTF16_TO_UTF8;
  codec->utf8_out = config->direction != GUTF8CONV_DIRECTION_UTF8_TO_UCS4 &&
                    config->direction != GUTF8CONV_DIRECTION_UTF8_TO_UTF16;
  codec->unit = config->direction == GUTF8CONV_DIRECTION_UTF8_TO_UTF16 ||
                config->direction == GUTF8CONV_DIRECTION_UTF16_TO_UTF8 ? 2 : 4;
  codec->order_pending = FALSE;
  switch (config->byte_order)
    {
    case GUTF8CONV_BYTE_ORDER_HOST:
      codec->big_endian = G_BYTE_ORDER == G_BIG_ENDIAN;
      break;
    case GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN:
      codec->big_endian = FALSE;
      break;
    case GUTF8CONV_BYTE_ORDER_DETECT:
      /* Big-endian unless the signature says otherwise. */
      codec->order_pending = !codec->utf8_in;
      codec->big_endian = TRUE;
      break;
    case GUTF8CONV_BYTE_ORDER_BIG_ENDIAN:
    default:
      codec->big_endian = TRUE;
      break;
    }
  codec->out_profile = codec->profile;
  if (codec->utf8_in && codec->utf8_out && codec->output_profile >= 0)
    codec->out_profile = gutf8conv_profile_info (codec->output_profile);
  codec->same_forms = codec->out_profile == codec->profile;
  codec->kernel_flags = codec->utf8_in ? codec->profile->decode_kernel_flags
                                       : codec->profile->encode_kernel_flags;
  /* A kernel copies a sequence only where both forms write it alike:
   * not a supplementary character towards a form that writes pairs. */
  if (!codec->same_forms)
    codec->kernel_flags |= codec->out_profile->decode_kernel_flags & GUTF8CONV_KERNEL_BMP_ONLY;
  if (codec->big_endian)
    codec->kernel_flags |= GUTF8CONV_KERNEL_BIG_ENDIAN;
  choose_kernel_func (codec);

  codec->offset = 0;
  codec->num_invalid = 0;
  codec->bom_pending = config->bom_mode != GUTF8CONV_BOM_KEEP;
  codec->after_high = FALSE;
  codec->n_held = 0;
  codec->n_pending = codec->pending_pos = 0;
  codec->error = GUTF8CONV_CODEC_CONVERTED;
  codec->error_offset = 0;
  codec->error_value = 0;
  codec->n_error_bytes = 0;
}

/* ---- Reporting ------------------------------------------------------ */

/* The name of a form of UTF-8 in messages (behaviour guide,
 * #behaviour-messages): UNICODE and UCS4 are both UTF-8. */
static const char *
form_name (const GUtf8ConvProfileInfo *info)
{
  if (info == gutf8conv_profile_info (GUTF8CONV_PROFILE_CESU8))
    return "CESU-8";
  if (info == gutf8conv_profile_info (GUTF8CONV_PROFILE_MODIFIED_UTF8))
    return "Modified UTF-8";
  if (info == gutf8conv_profile_info (GUTF8CONV_PROFILE_WTF8))
    return "WTF-8";
  return "UTF-8";
}

/* The messages are translatable whole sentences (behaviour guide,
 * #behaviour-messages); the offset is formatted apart, because a msgid
 * cannot hold G_GUINT64_FORMAT. */
char *
gutf8conv_codec_error_message (const GUtf8ConvCodec *codec)
{
  gboolean invalid = codec->error == GUTF8CONV_CODEC_INVALID;
  g_autofree char *offset = g_strdup_printf ("%" G_GUINT64_FORMAT, codec->error_offset);
  g_autoptr(GString) bytes = g_string_new (NULL);
  guint value = codec->error_value;

  if (invalid && !codec->utf8_in)
    {
      if (codec->unit == 2)
        /* Translators: the first %s is a byte offset in the input. */
        return g_strdup_printf (_("Invalid UTF-16 unit 0x%04X at byte %s"), value, offset);
      /* Translators: the first %s is a byte offset in the input. */
      return g_strdup_printf (_("Invalid UCS-4 value 0x%08X at byte %s"), value, offset);
    }

  for (guint i = 0; i < codec->n_error_bytes; i++)
    g_string_append_printf (bytes, " %02X", codec->error_bytes[i]);

  /* Only a well-formed sequence has a value: one the output cannot
   * write (behaviour guide, #behaviour-output-profile). */
  if (invalid && value != 0 && codec->utf8_out && value >= 0xD800 && value <= 0xDFFF)
    /* Translators: the first %s is a byte offset in the input, the
     * second the name of a form of UTF-8 (UTF-8, CESU-8, Modified UTF-8,
     * WTF-8). */
    return g_strdup_printf (_("Lone surrogate 0x%04X at byte %s cannot be written in %s"),
                            value, offset, form_name (codec->out_profile));
  if (invalid && value != 0 && codec->utf8_out)
    /* Translators: as above. */
    return g_strdup_printf (_("Value 0x%X at byte %s cannot be written in %s"),
                            value, offset, form_name (codec->out_profile));
  if (invalid && value > 0x10FFFF)
    /* Translators: the first %s is a byte offset in the input; the last
     * %s, right after the colon, is the sequence's bytes in hexadecimal,
     * each after a space. */
    return g_strdup_printf (_("Value 0x%X at byte %s cannot be written in UTF-16:%s"),
                            value, offset, bytes->str);
  if (invalid)
    /* Translators: the first %s is a byte offset in the input; the last
     * %s, right after the colon, is the sequence's bytes in hexadecimal,
     * each after a space. */
    return g_strdup_printf (_("Invalid %s sequence at byte %s:%s"), form_name (codec->profile), offset, bytes->str);
  if (codec->utf8_in)
    /* Translators: as above; the stream ended inside the sequence. */
    return g_strdup_printf (_("Incomplete %s sequence at byte %s:%s"), form_name (codec->profile), offset, bytes->str);
  if (codec->unit == 2)
    /* Translators: as above; the stream ended inside the sequence. */
    return g_strdup_printf (_("Incomplete UTF-16 sequence at byte %s:%s"), offset, bytes->str);
  /* Translators: as above; the stream ended inside the value. */
  return g_strdup_printf (_("Incomplete UCS-4 value at byte %s:%s"), offset, bytes->str);
}

gsize
gutf8conv_codec_max_output (const GUtf8ConvCodec *codec,
                            gsize                 in_len)
{
  /* Decoding: at most one unit per input byte (the byte-keeping error
   * modes), plus a signature.  Encoding: at most 6 bytes per 4-byte unit
   * (six-octet forms, CESU-8 pairs), plus a signature and a replaced
   * truncated unit.  UTF-8 to UTF-8: at most 3 bytes per input byte (a
   * replaced byte, windows-1252's U+20AC), plus a signature.  Towards
   * UTF-16: at most one unit per input byte (a four-byte sequence gives
   * a pair), plus a signature.  From UTF-16: at most 3 bytes per unit (a
   * pair gives 4, or 6 in CESU-8), plus a signature and a replaced odd
   * byte. */
  if (codec->utf8_in && codec->utf8_out)
    return 3 * in_len + 3;
  if (codec->utf8_in)
    return codec->unit * in_len + codec->unit;
  if (codec->unit == 2)
    return in_len / 2 * 3 + 6;
  return in_len / 4 * 6 + 6;
}

gsize
gutf8conv_codec_min_output (const GUtf8ConvConfig *config)
{
  /* One UCS-4 unit, or one UTF-16 surrogate pair; one UTF-8 sequence. */
  return config->direction == GUTF8CONV_DIRECTION_UTF8_TO_UCS4 ||
         config->direction == GUTF8CONV_DIRECTION_UTF8_TO_UTF16 ? 4 : 6;
}
