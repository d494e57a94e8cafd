/* gutf8conv-codec.c: the byte-level UTF-8 <-> UCS-4 state machine
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The loop alternates between a kernel, which converts long runs of valid
 * input at full speed, and one "step" of this scalar code, which handles
 * whatever the kernel stopped at: a sequence split across calls, a
 * malformed sequence, a signature, a UCS4-profile form.  The step is the
 * specification; the kernels are optimisations of it.
 */

#include "config.h"

#include <string.h>

#include "gutf8conv-codec.h"

#define SIGNATURE 0xFEFFu
#define REPLACEMENT 0xFFFDu
/* A pending item at or above this is a raw output byte (ESCAPE encoding);
 * no code point this high is ever written. */
#define RAW_BYTE 0xFFFFFF00u

typedef enum
{
  STEP_CHAR,
  STEP_INVALID,
  STEP_INCOMPLETE,
} StepKind;

typedef struct
{
  StepKind kind;
  guint    len;     /* input bytes the step covers */
  guint32  value;   /* the character; for an invalid UCS-4 unit, its value */
} Step;

static const guint8 empty_input[1];

static inline guint32
load_u32 (const guint8 *p,
          gboolean      big_endian)
{
  guint32 v;

  memcpy (&v, p, 4);
  return big_endian ? GUINT32_FROM_BE (v) : GUINT32_FROM_LE (v);
}

static inline void
store_u32 (guint8   *p,
           guint32   v,
           gboolean  big_endian)
{
  v = big_endian ? GUINT32_TO_BE (v) : GUINT32_TO_LE (v);
  memcpy (p, &v, 4);
}

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

/* The continuation bytes a lead byte needs and the range its second byte
 * must lie in (Unicode Table 3-7, widened for the UCS4 profile by ISO/IEC
 * 10646 Annex R with overlong forms excluded).  FALSE: it starts nothing. */
static gboolean
lead_info (guint8            b,
           GUtf8ConvProfile  profile,
           guint            *need,
           guint8           *lo,
           guint8           *hi)
{
  *lo = 0x80;
  *hi = 0xBF;

  if (b >= 0xC2 && b <= 0xDF)
    *need = 1;
  else if (b >= 0xE0 && b <= 0xEF)
    {
      *need = 2;
      if (b == 0xE0)
        *lo = 0xA0;
      else if (b == 0xED)
        *hi = 0x9F;   /* surrogates are never valid */
    }
  else if (b >= 0xF0 && b <= 0xF4)
    {
      *need = 3;
      if (b == 0xF0)
        *lo = 0x90;
      else if (b == 0xF4 && profile == GUTF8CONV_PROFILE_UNICODE)
        *hi = 0x8F;
    }
  else if (profile == GUTF8CONV_PROFILE_UCS4 && b >= 0xF5 && b <= 0xF7)
    *need = 3;
  else if (profile == GUTF8CONV_PROFILE_UCS4 && b >= 0xF8 && b <= 0xFB)
    {
      *need = 4;
      if (b == 0xF8)
        *lo = 0x88;
    }
  else if (profile == GUTF8CONV_PROFILE_UCS4 && (b == 0xFC || b == 0xFD))
    {
      *need = 5;
      if (b == 0xFC)
        *lo = 0x84;
    }
  else
    return FALSE;

  return TRUE;
}

/* One UTF-8 sequence at @p, or its maximal subpart when malformed. */
static Step
decode_step (const guint8     *p,
             gsize             n,
             GUtf8ConvProfile  profile)
{
  Step s = { STEP_CHAR, 1, p[0] };
  guint need;
  guint8 lo, hi;
  guint32 c;

  if (p[0] < 0x80)
    return s;

  if (!lead_info (p[0], profile, &need, &lo, &hi))
    {
      s.kind = STEP_INVALID;
      return s;
    }

  c = p[0] & (0x7F >> (need + 1));
  for (guint i = 1; i <= need; i++)
    {
      if (i >= n)
        {
          s.kind = STEP_INCOMPLETE;
          s.len = n;
          return s;
        }
      if (i == 1 ? (p[i] < lo || p[i] > hi) : (p[i] & 0xC0) != 0x80)
        {
          s.kind = STEP_INVALID;
          s.len = i;
          return s;
        }
      c = (c << 6) | (p[i] & 0x3F);
    }

  s.len = need + 1;
  s.value = c;
  return s;
}

/* One UCS-4 unit at @p. */
static Step
encode_step (const guint8         *p,
             gsize                 n,
             const GUtf8ConvCodec *codec)
{
  Step s = { STEP_CHAR, 4, 0 };

  if (n < 4)
    {
      s.kind = STEP_INCOMPLETE;
      s.len = n;
      return s;
    }

  s.value = load_u32 (p, codec->big_endian);
  if ((s.value >= 0xD800 && s.value <= 0xDFFF) || s.value > codec->max_value)
    s.kind = STEP_INVALID;
  return s;
}

/* Whether @n bytes at the start of a stream may still be a signature. */
static gboolean
is_signature_prefix (const GUtf8ConvCodec *codec,
                     const guint8         *p,
                     gsize                 n)
{
  static const guint8 utf8_sig[3] = { 0xEF, 0xBB, 0xBF };
  guint8 ucs4_sig[4];

  if (codec->direction == GUTF8CONV_DIRECTION_UTF8_TO_UCS4)
    return memcmp (p, utf8_sig, MIN (n, 3)) == 0;

  store_u32 (ucs4_sig, SIGNATURE, codec->big_endian);
  return memcmp (p, ucs4_sig, MIN (n, 4)) == 0;
}

static inline gsize
item_size (const GUtf8ConvCodec *codec,
           guint32               item)
{
  if (codec->direction == GUTF8CONV_DIRECTION_UTF8_TO_UCS4)
    return 4;
  if (item >= RAW_BYTE)
    return 1;
  return utf8_length (item);
}

static inline void
put_item (const GUtf8ConvCodec  *codec,
          guint8               **op,
          guint32                item)
{
  if (codec->direction == GUTF8CONV_DIRECTION_UTF8_TO_UCS4)
    {
      store_u32 (*op, item, codec->big_endian);
      *op += 4;
    }
  else if (item >= RAW_BYTE)
    *(*op)++ = item & 0xFF;
  else
    *op += utf8_write (*op, item);
}

/* Writes @item now if nothing is waiting and it fits, else queues it. */
static inline void
emit (GUtf8ConvCodec  *codec,
      guint8         **op,
      guint8          *oend,
      guint32          item)
{
  if (codec->n_pending == 0 && (gsize) (oend - *op) >= item_size (codec, item))
    put_item (codec, op, item);
  else
    {
      g_assert (codec->n_pending < GUTF8CONV_CODEC_MAX_PENDING);
      codec->pending[codec->n_pending++] = item;
    }
}

static gboolean
drain_pending (GUtf8ConvCodec  *codec,
               guint8         **op,
               guint8          *oend)
{
  while (codec->pending_pos < codec->n_pending)
    {
      guint32 item = codec->pending[codec->pending_pos];

      if ((gsize) (oend - *op) < item_size (codec, item))
        return FALSE;
      put_item (codec, op, item);
      codec->pending_pos++;
    }
  codec->n_pending = codec->pending_pos = 0;
  return TRUE;
}

void
gutf8conv_codec_init (GUtf8ConvCodec     *codec,
                      GUtf8ConvDirection  direction,
                      GUtf8ConvByteOrder  byte_order,
                      GUtf8ConvBomMode    bom_mode,
                      GUtf8ConvErrorMode  error_mode,
                      GUtf8ConvProfile    profile)
{
  memset (codec, 0, sizeof *codec);
  codec->direction = direction;
  codec->bom_mode = bom_mode;
  codec->error_mode = error_mode;
  codec->profile = profile;
  if (byte_order == GUTF8CONV_BYTE_ORDER_HOST)
    codec->big_endian = G_BYTE_ORDER == G_BIG_ENDIAN;
  else
    codec->big_endian = byte_order == GUTF8CONV_BYTE_ORDER_BIG_ENDIAN;
  codec->max_value = profile == GUTF8CONV_PROFILE_UCS4 ? 0x7FFFFFFF : 0x10FFFF;
  codec->kernel = gutf8conv_kernel_default ();
  gutf8conv_codec_reset (codec);
}

void
gutf8conv_codec_set_kernel (GUtf8ConvCodec        *codec,
                            const GUtf8ConvKernel *kernel)
{
  codec->kernel = kernel;
}

void
gutf8conv_codec_reset (GUtf8ConvCodec *codec)
{
  codec->offset = 0;
  codec->num_invalid = 0;
  codec->bom_pending = codec->bom_mode != GUTF8CONV_BOM_KEEP;
  codec->n_held = 0;
  codec->n_pending = codec->pending_pos = 0;
  codec->error = GUTF8CONV_CODEC_CONVERTED;
  codec->error_offset = 0;
  codec->error_value = 0;
  codec->n_error_bytes = 0;
}

GUtf8ConvCodecStatus
gutf8conv_codec_convert (GUtf8ConvCodec      *codec,
                         const guint8        *in,
                         gsize                in_len,
                         guint8              *out,
                         gsize                out_len,
                         GUtf8ConvCodecFlags  flags,
                         gsize               *bytes_read,
                         gsize               *bytes_written)
{
  const gboolean decoding = codec->direction == GUTF8CONV_DIRECTION_UTF8_TO_UCS4;
  const gboolean at_end = (flags & GUTF8CONV_CODEC_INPUT_AT_END) != 0;
  const gboolean flush = (flags & GUTF8CONV_CODEC_FLUSH) != 0;
  const guint8 *ip, *iend;
  guint8 *op = out, *oend = out + out_len;
  gboolean out_of_space = FALSE;
  gsize nread, nwritten;

  /* GIO may pass NULL for an empty input; never offset it. */
  if (in == NULL || in_len == 0)
    in = empty_input, in_len = 0;
  ip = in;
  iend = in + in_len;

  *bytes_read = *bytes_written = 0;

  if (codec->error != GUTF8CONV_CODEC_CONVERTED)
    return codec->error;

  if (!drain_pending (codec, &op, oend))
    out_of_space = TRUE;

  while (!out_of_space)
    {
      gsize avail = iend - ip;
      guint8 tmp[16];
      const guint8 *sp;
      gsize sn;
      guint64 pos;
      Step s;
      guint32 items[GUTF8CONV_CODEC_MAX_PENDING];
      guint n_items = 0;
      gboolean is_signature = FALSE;
      gboolean fail = FALSE, truncated = FALSE;

      if (codec->n_held == 0 && !codec->bom_pending && avail > 0)
        {
          gsize used = 0;

          if (decoding)
            op += codec->kernel->decode (ip, avail, op, oend - op, codec->big_endian, &used);
          else
            op += codec->kernel->encode (ip, avail, op, oend - op, codec->big_endian, &used);
          ip += used;
          codec->offset += used;
          avail -= used;
        }

      if (codec->n_held > 0)
        {
          gsize take = MIN (avail, sizeof tmp / 2);

          memcpy (tmp, codec->held, codec->n_held);
          memcpy (tmp + codec->n_held, ip, take);
          sp = tmp;
          sn = codec->n_held + take;
        }
      else
        {
          sp = ip;
          sn = avail;
        }

      if (sn == 0)
        break;

      s = decoding ? decode_step (sp, sn, codec->profile) : encode_step (sp, sn, codec);
      pos = codec->offset - codec->n_held;

      if (s.kind == STEP_INCOMPLETE && !at_end)
        {
          /* An incomplete step covers all that is left: hold it. */
          g_assert (sn == codec->n_held + avail && sn < sizeof codec->held);
          if (codec->bom_pending && codec->bom_mode == GUTF8CONV_BOM_INSERT &&
              !is_signature_prefix (codec, sp, sn))
            {
              /* The input shows it has no signature: write ours now. */
              if ((gsize) (oend - op) < item_size (codec, SIGNATURE))
                {
                  out_of_space = TRUE;
                  break;
                }
              put_item (codec, &op, SIGNATURE);
              codec->bom_pending = FALSE;
            }
          memcpy (codec->held + codec->n_held, ip, avail);
          codec->n_held += avail;
          ip += avail;
          codec->offset += avail;
          break;
        }

      if (s.kind == STEP_INCOMPLETE)
        {
          /* Cut short by the end of the stream: one maximal subpart. */
          s.kind = STEP_INVALID;
          truncated = TRUE;
        }

      if (codec->bom_pending)
        {
          is_signature = s.kind == STEP_CHAR && s.value == SIGNATURE;
          if (codec->bom_mode == GUTF8CONV_BOM_INSERT && !is_signature)
            items[n_items++] = SIGNATURE;
        }

      if (s.kind == STEP_CHAR)
        {
          if (!(is_signature && codec->bom_mode == GUTF8CONV_BOM_STRIP))
            items[n_items++] = s.value;
        }
      else
        {
          switch (codec->error_mode)
            {
            case GUTF8CONV_ERROR_MODE_STRICT:
              fail = TRUE;
              break;
            case GUTF8CONV_ERROR_MODE_REPLACE:
              items[n_items++] = REPLACEMENT;
              break;
            case GUTF8CONV_ERROR_MODE_SKIP:
              break;
            case GUTF8CONV_ERROR_MODE_ESCAPE:
            default:
              if (decoding)
                {
                  for (guint i = 0; i < s.len; i++)
                    items[n_items++] = 0xDC00 + sp[i];
                }
              else if (!truncated && s.value >= 0xDC80 && s.value <= 0xDCFF)
                items[n_items++] = RAW_BYTE | (s.value & 0xFF);
              else
                fail = TRUE;
              break;
            }
        }

      if (fail)
        {
          /* A signature INSERT owes goes out before the error. */
          if (n_items > 0)
            {
              if ((gsize) (oend - op) < item_size (codec, SIGNATURE))
                {
                  out_of_space = TRUE;
                  break;
                }
              put_item (codec, &op, SIGNATURE);
              codec->bom_pending = FALSE;
            }
          /* Report the progress first; the next call finds the error
           * again at its very first byte. */
          if (ip != in || op != out)
            break;

          codec->error = truncated ? GUTF8CONV_CODEC_TRUNCATED : GUTF8CONV_CODEC_INVALID;
          codec->error_offset = pos;
          codec->error_value = s.value;
          codec->n_error_bytes = s.len;
          memcpy (codec->error_bytes, sp, s.len);
          return codec->error;
        }

      if (n_items > 0 && (gsize) (oend - op) < item_size (codec, items[0]))
        {
          out_of_space = TRUE;
          break;
        }

      /* Commit the step. */
      g_assert (s.len >= codec->n_held);
      ip += s.len - codec->n_held;
      codec->offset += s.len - codec->n_held;
      codec->n_held = 0;
      codec->bom_pending = FALSE;
      if (s.kind == STEP_INVALID)
        codec->num_invalid++;
      for (guint i = 0; i < n_items; i++)
        emit (codec, &op, oend, items[i]);
      if (codec->n_pending > 0)
        out_of_space = TRUE;
    }

  if (at_end && !out_of_space && codec->bom_pending && ip == iend && codec->n_held == 0)
    {
      /* An empty stream: INSERT gives the signature alone. */
      if (codec->bom_mode == GUTF8CONV_BOM_INSERT)
        {
          if ((gsize) (oend - op) < item_size (codec, SIGNATURE))
            out_of_space = TRUE;
          else
            put_item (codec, &op, SIGNATURE);
        }
      if (!out_of_space)
        codec->bom_pending = FALSE;
    }

  *bytes_read = nread = ip - in;
  *bytes_written = nwritten = op - out;

  if (!out_of_space && codec->n_pending == 0 && ip == iend)
    {
      if (at_end && codec->n_held == 0 && !codec->bom_pending)
        return GUTF8CONV_CODEC_FINISHED;
      if (flush)
        return GUTF8CONV_CODEC_FLUSHED;
    }

  if (nread == 0 && nwritten == 0)
    return out_of_space ? GUTF8CONV_CODEC_NO_SPACE : GUTF8CONV_CODEC_NEED_INPUT;

  return GUTF8CONV_CODEC_CONVERTED;
}

char *
gutf8conv_codec_error_message (const GUtf8ConvCodec *codec)
{
  GString *s = g_string_new (NULL);
  gboolean decoding = codec->direction == GUTF8CONV_DIRECTION_UTF8_TO_UCS4;

  if (codec->error == GUTF8CONV_CODEC_INVALID && !decoding)
    {
      g_string_append_printf (s, "Invalid UCS-4 value 0x%08" G_GINT32_MODIFIER "X at byte %" G_GUINT64_FORMAT,
                              codec->error_value, codec->error_offset);
      return g_string_free (s, FALSE);
    }

  g_string_append_printf (s, "%s %s at byte %" G_GUINT64_FORMAT ":",
                          codec->error == GUTF8CONV_CODEC_TRUNCATED ? "Incomplete" : "Invalid",
                          decoding ? "UTF-8 sequence" : "UCS-4 value",
                          codec->error_offset);
  for (guint i = 0; i < codec->n_error_bytes; i++)
    g_string_append_printf (s, " %02X", codec->error_bytes[i]);
  return g_string_free (s, FALSE);
}

gsize
gutf8conv_codec_max_output (const GUtf8ConvCodec *codec,
                            gsize                 in_len)
{
  /* Decoding: at most one unit per input byte (ESCAPE), plus a signature.
   * Encoding: at most 6 bytes per 4-byte unit, plus a signature and a
   * replaced truncated unit. */
  if (codec->direction == GUTF8CONV_DIRECTION_UTF8_TO_UCS4)
    return 4 * in_len + 4;
  return in_len / 4 * 6 + 6;
}
