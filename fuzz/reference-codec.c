/* reference-codec.c: a deliberately simple UTF-8 <-> UCS-4 converter
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Everything follows from SPEC.md section 2 by definition rather than by
 * table: a byte string is a prefix of a well-formed sequence when some
 * completion of it decodes to a value that is in the profile's range, not
 * a surrogate and not overlong.  Because the values a prefix can complete
 * to form one contiguous interval, that is an interval test.
 */

#include "reference-codec.h"

#define SIGNATURE 0xFEFFu
#define REPLACEMENT 0xFFFDu

typedef struct
{
  const RefConfig *config;
  RefResult       *result;
  gboolean         at_start;   /* nothing decided about the stream yet */
  gboolean         stopped;
} Writer;

static guint32
max_value (const RefConfig *config)
{
  return config->ucs4_profile ? 0x7FFFFFFFu : 0x10FFFFu;
}

static void
put_byte (Writer *w,
          guint8  b)
{
  g_byte_array_append (w->result->out, &b, 1);
}

/* One character in the output encoding. */
static void
put_char (Writer  *w,
          guint32  c)
{
  if (w->config->direction == REF_DECODE)
    {
      for (int i = 0; i < 4; i++)
        {
          int shift = w->config->big_endian ? 24 - 8 * i : 8 * i;
          put_byte (w, (c >> shift) & 0xFF);
        }
      return;
    }

  /* The shortest UTF-8 form: the smallest length whose payload holds c. */
  if (c < 0x80)
    {
      put_byte (w, c);
      return;
    }
  {
    int len = 2;
    static const guint32 limit[7] = { 0, 0, 0x800, 0x10000, 0x200000, 0x4000000, 0x80000000u };

    while (c >= limit[len])
      len++;
    put_byte (w, ((0xFF00 >> len) & 0xFF) | (c >> (6 * (len - 1))));
    for (int i = len - 2; i >= 0; i--)
      put_byte (w, 0x80 | ((c >> (6 * i)) & 0x3F));
  }
}

/* The stream's first decision also settles its signature. */
static void
start_stream (Writer   *w,
              gboolean  first_is_signature)
{
  if (!w->at_start)
    return;
  w->at_start = FALSE;
  if (w->config->bom == REF_BOM_INSERT && !first_is_signature)
    put_char (w, SIGNATURE);
}

static void
good (Writer  *w,
      guint32  c)
{
  gboolean first = w->at_start;

  start_stream (w, c == SIGNATURE);
  if (first && c == SIGNATURE && w->config->bom == REF_BOM_STRIP)
    return;
  put_char (w, c);
}

/* A maximal subpart (decoding) or a bad unit (encoding, @value). */
static void
bad (Writer       *w,
     const guint8 *bytes,
     guint         n,
     guint32       value,
     guint64       offset,
     gboolean      truncated)
{
  start_stream (w, FALSE);

  switch (w->config->errors)
    {
    case REF_REPLACE:
      put_char (w, REPLACEMENT);
      w->result->num_invalid++;
      return;
    case REF_SKIP:
      w->result->num_invalid++;
      return;
    case REF_ESCAPE:
      if (w->config->direction == REF_DECODE)
        {
          for (guint i = 0; i < n; i++)
            put_char (w, 0xDC00 + bytes[i]);
          w->result->num_invalid++;
          return;
        }
      if (!truncated && value >= 0xDC80 && value <= 0xDCFF)
        {
          put_byte (w, value - 0xDC00);
          w->result->num_invalid++;
          return;
        }
      break;
    case REF_STRICT:
    default:
      break;
    }

  w->stopped = TRUE;
  w->result->status = truncated ? REF_TRUNCATED : REF_INVALID;
  w->result->error_offset = offset;
}

/* Total length announced by a lead byte's leading one bits, 0 if none. */
static guint
sequence_length (guint8 lead)
{
  guint ones = 0;

  while (ones < 8 && (lead & (0x80 >> ones)))
    ones++;
  return ones >= 2 && ones <= 6 ? ones : 0;
}

/* Whether the @k bytes at @p, of a sequence of @len, can still be
 * completed to a well-formed sequence. */
static gboolean
is_prefix (const guint8    *p,
           guint            k,
           guint            len,
           const RefConfig *config)
{
  static const guint64 shortest[7] = { 0, 0, 0x80, 0x800, 0x10000, 0x200000, 0x4000000 };
  guint64 v = p[0] & (0x7F >> len);
  guint rest = 6 * (len - k);
  guint64 lo, hi;

  for (guint i = 1; i < k; i++)
    v = (v << 6) | (p[i] & 0x3F);
  lo = MAX (v << rest, shortest[len]);
  hi = MIN ((v << rest) | ((G_GUINT64_CONSTANT (1) << rest) - 1), max_value (config));
  if (lo > hi)
    return FALSE;
  return !(lo >= 0xD800 && hi <= 0xDFFF);
}

static void
decode (Writer       *w,
        const guint8 *in,
        gsize         in_len)
{
  guint8 seq[8];
  guint have = 0, len = 0;
  guint64 start = 0;

  for (gsize i = 0; i < in_len && !w->stopped; i++)
    {
      guint8 b = in[i];

      if (have > 0)
        {
          seq[have] = b;
          if ((b & 0xC0) == 0x80 && is_prefix (seq, have + 1, len, w->config))
            {
              if (++have == len)
                {
                  guint32 c = seq[0] & (0x7F >> len);

                  for (guint j = 1; j < len; j++)
                    c = (c << 6) | (seq[j] & 0x3F);
                  have = 0;
                  good (w, c);
                }
              continue;
            }
          /* The byte that breaks a sequence starts afresh. */
          bad (w, seq, have, 0, start, FALSE);
          have = 0;
          if (w->stopped)
            break;
        }

      if (b < 0x80)
        {
          good (w, b);
          continue;
        }
      len = sequence_length (b);
      seq[0] = b;
      if (len == 0 || !is_prefix (seq, 1, len, w->config))
        {
          bad (w, seq, 1, 0, i, FALSE);
          continue;
        }
      have = 1;
      start = i;
    }

  if (have > 0 && !w->stopped)
    bad (w, seq, have, 0, start, TRUE);
}

static void
encode (Writer       *w,
        const guint8 *in,
        gsize         in_len)
{
  guint8 unit[4];
  guint have = 0;

  for (gsize i = 0; i < in_len && !w->stopped; i++)
    {
      guint32 v = 0;

      unit[have++] = in[i];
      if (have < 4)
        continue;
      have = 0;
      for (int j = 0; j < 4; j++)
        v |= (guint32) unit[j] << (w->config->big_endian ? 24 - 8 * j : 8 * j);
      if ((v >= 0xD800 && v <= 0xDFFF) || v > max_value (w->config))
        bad (w, unit, 4, v, i - 3, FALSE);
      else
        good (w, v);
    }

  if (have > 0 && !w->stopped)
    bad (w, unit, have, 0, in_len - have, TRUE);
}

void
ref_convert (const RefConfig *config,
             const guint8    *in,
             gsize            in_len,
             RefResult       *result)
{
  Writer w = { config, result, config->bom != REF_BOM_KEEP, FALSE };

  result->out = g_byte_array_new ();
  result->num_invalid = 0;
  result->status = REF_OK;
  result->error_offset = 0;

  if (config->direction == REF_DECODE)
    decode (&w, in, in_len);
  else
    encode (&w, in, in_len);

  /* An empty stream still gets the signature INSERT promises. */
  if (!w.stopped)
    start_stream (&w, FALSE);
}
