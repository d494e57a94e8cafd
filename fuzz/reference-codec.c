/* reference-codec.c: a deliberately simple UTF-8 <-> UCS-4 / UTF-16 converter
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Everything follows from the behaviour guide (doc/behaviour.xml,
 * #behaviour-maximal-subparts and #behaviour-profiles) by definition rather
 * than by table: a byte string is a prefix of a well-formed sequence when
 * some completion of it decodes to a value the profile allows in that
 * many octets (in range, not overlong, a surrogate only where the profile
 * takes surrogate forms).  Because the values a prefix can complete to
 * form one contiguous interval, that is an interval test.  The profiles'
 * other rules (CESU-8 pairs, WTF-8's pair ban, C0 80) are written out as
 * the guide words them, on whole sequences.  UTF-16 (#behaviour-utf16)
 * is read unit by unit, a high unit and a low one joined, and written as
 * units or pairs.
 */

#include <string.h>

#include "reference-codec.h"

#define SIGNATURE 0xFEFFu
#define REPLACEMENT 0xFFFDu

#define IS_SURROGATE(c) ((c) >= 0xD800 && (c) <= 0xDFFF)
#define IS_HIGH(c) ((c) >= 0xD800 && (c) <= 0xDBFF)
#define IS_LOW(c) ((c) >= 0xDC00 && (c) <= 0xDFFF)

typedef enum
{
  FORM_CHAR,
  FORM_BAD,
  FORM_CUT,     /* the input ends inside it */
} FormKind;

/* One sequence or unit read from the input. */
typedef struct
{
  FormKind kind;
  gsize    len;
  guint32  value;
} Form;

typedef struct
{
  const RefConfig *config;
  RefResult       *result;
  gboolean         big_endian;   /* as decided, for DETECT */
  gboolean         at_start;     /* nothing decided about the stream yet */
  gboolean         stopped;
  GArray          *marks;        /* RefMark, or NULL */
} Writer;

/* windows-1252, 0x80..0x9F, as the WHATWG Encoding Standard's index has
 * it; its five holes are the C1 controls of the same number. */
static const guint32 windows_1252[32] = {
  0x20AC, 0x81, 0x201A, 0x192, 0x201E, 0x2026, 0x2020, 0x2021,
  0x2C6, 0x2030, 0x160, 0x2039, 0x152, 0x8D, 0x17D, 0x8F,
  0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
  0x2DC, 0x2122, 0x161, 0x203A, 0x153, 0x9D, 0x17E, 0x178,
};

static gboolean
utf8_input (const RefConfig *config)
{
  return config->direction != REF_ENCODE && config->direction != REF_FROM_UTF16;
}

static gboolean
utf8_output (const RefConfig *config)
{
  return config->direction != REF_DECODE && config->direction != REF_TO_UTF16;
}

static gboolean
pairs_profile (const RefConfig *config)
{
  return config->profile == REF_CESU8 || config->profile == REF_MODIFIED_UTF8;
}

static guint32
max_value (const RefConfig *config)
{
  return config->profile == REF_UCS4 ? 0x7FFFFFFFu : 0x10FFFFu;
}

static void
put_byte (Writer *w,
          guint8  b)
{
  g_byte_array_append (w->result->out, &b, 1);
}

/* The shortest form of @c, whatever it is. */
static void
put_shortest (Writer  *w,
              guint32  c)
{
  static const guint32 limit[7] = { 0, 0, 0x800, 0x10000, 0x200000, 0x4000000, 0x80000000u };
  int len = 2;

  if (c < 0x80)
    {
      put_byte (w, c);
      return;
    }
  while (c >= limit[len])
    len++;
  put_byte (w, ((0xFF00 >> len) & 0xFF) | (c >> (6 * (len - 1))));
  for (int i = len - 2; i >= 0; i--)
    put_byte (w, 0x80 | ((c >> (6 * i)) & 0x3F));
}

/* One character in the output encoding. */
static void
put_char (Writer  *w,
          guint32  c)
{
  if (w->config->direction == REF_TO_UTF16)
    {
      guint32 units[2] = { c, 0 };
      int n = 1;

      if (c >= 0x10000)
        {
          units[0] = 0xD800 + ((c - 0x10000) >> 10);
          units[1] = 0xDC00 + ((c - 0x10000) & 0x3FF);
          n = 2;
        }
      for (int k = 0; k < n; k++)
        {
          put_byte (w, w->big_endian ? units[k] >> 8 : units[k] & 0xFF);
          put_byte (w, w->big_endian ? units[k] & 0xFF : units[k] >> 8);
        }
      return;
    }
  if (!utf8_output (w->config))
    {
      for (int i = 0; i < 4; i++)
        {
          int shift = w->big_endian ? 24 - 8 * i : 8 * i;
          put_byte (w, (c >> shift) & 0xFF);
        }
      return;
    }
  if (pairs_profile (w->config) && c >= 0x10000)
    {
      /* The UTF-16 pair, each half in three octets. */
      put_shortest (w, 0xD800 + ((c - 0x10000) >> 10));
      put_shortest (w, 0xDC00 + ((c - 0x10000) & 0x3FF));
      return;
    }
  if (w->config->profile == REF_MODIFIED_UTF8 && c == 0)
    {
      put_byte (w, 0xC0);
      put_byte (w, 0x80);
      return;
    }
  put_shortest (w, c);
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

/* A well-formed character; @bytes are its input bytes, which UTF-8 to
 * UTF-8 copies as they are. */
static void
good (Writer       *w,
      guint32       c,
      const guint8 *bytes,
      gsize         n)
{
  gboolean first = w->at_start;

  start_stream (w, c == SIGNATURE);
  if (first && c == SIGNATURE && w->config->bom == REF_BOM_STRIP)
    return;
  if (w->config->direction == REF_REPAIR)
    g_byte_array_append (w->result->out, bytes, n);
  else
    put_char (w, c);
}

static void
handled (Writer       *w,
         const guint8 *bytes,
         gsize         n,
         guint64       offset)
{
  RefInvalid inv = { offset, (guint8) MIN (n, 8), { 0 } };

  memcpy (inv.bytes, bytes, inv.len);
  g_array_append_val (w->result->invalid, inv);
  w->result->num_invalid++;
}

/* A maximal subpart (UTF-8 input) or a bad unit (encoding, @value). */
static void
bad (Writer       *w,
     const guint8 *bytes,
     gsize         n,
     guint32       value,
     guint64       offset,
     gboolean      truncated)
{
  RefErrors mode = w->config->errors;

  start_stream (w, FALSE);

  if (mode == REF_SKIP)
    {
      handled (w, bytes, n, offset);
      return;
    }
  if (mode == REF_REPLACE || (!utf8_input (w->config) && (mode == REF_LATIN1 || mode == REF_CP1252)))
    {
      put_char (w, REPLACEMENT);
      handled (w, bytes, n, offset);
      return;
    }
  if (mode == REF_ESCAPE && (w->config->direction == REF_DECODE || w->config->direction == REF_TO_UTF16))
    {
      for (gsize i = 0; i < n; i++)
        put_char (w, 0xDC00 + bytes[i]);
      handled (w, bytes, n, offset);
      return;
    }
  if (mode == REF_ESCAPE && !utf8_input (w->config) &&
      !truncated && value >= 0xDC80 && value <= 0xDCFF)
    {
      put_byte (w, value - 0xDC00);
      handled (w, bytes, n, offset);
      return;
    }
  if (mode == REF_LATIN1 || mode == REF_CP1252)
    {
      for (gsize i = 0; i < n; i++)
        {
          guint8 b = bytes[i];

          put_char (w, mode == REF_CP1252 && b >= 0x80 && b <= 0x9F ? windows_1252[b - 0x80] : b);
        }
      handled (w, bytes, n, offset);
      return;
    }

  /* STRICT, and ESCAPE where it has nothing to write. */
  w->stopped = TRUE;
  w->result->status = truncated ? REF_TRUNCATED : REF_INVALID;
  w->result->error_offset = offset;
}

/* A boundary at @offset, where a prefix of the input ends as the whole
 * stream reads it. */
static void
mark (Writer *w,
      gsize   offset)
{
  RefMark m = { offset, w->result->out->len, w->result->num_invalid };

  if (w->marks == NULL || (offset == 0 && w->at_start && w->config->bom == REF_BOM_INSERT))
    return;
  g_array_append_val (w->marks, m);
}

/* ---- UTF-8 input ---- */

/* Total length announced by a lead byte's leading one bits, 0 if none. */
static guint
sequence_length (guint8 lead)
{
  guint ones = 0;

  while (ones < 8 && (lead & (0x80 >> ones)))
    ones++;
  return ones >= 2 && ones <= 6 ? ones : 0;
}

/* Whether the profile has a @len-octet form for some value in lo..hi. */
static gboolean
allowed (const RefConfig *config,
         guint64          lo,
         guint64          hi,
         guint            len)
{
  static const guint64 shortest[7] = { 0, 0, 0x80, 0x800, 0x10000, 0x200000, 0x4000000 };
  guint64 top = max_value (config);

  switch (config->profile)
    {
    case REF_MODIFIED_UTF8:
      if (len == 2 && lo == 0)
        return TRUE;   /* C0 80, U+0000 */
      G_GNUC_FALLTHROUGH;
    case REF_CESU8:
      if (len > 3)
        return FALSE;   /* supplementary characters are pairs of 3 */
      top = 0xFFFF;
      break;
    default:
      break;
    }
  lo = MAX (lo, shortest[len]);
  hi = MIN (hi, top);
  if (lo > hi)
    return FALSE;
  /* Only CESU-8, modified UTF-8 and WTF-8 have surrogate forms. */
  if (config->profile == REF_UNICODE || config->profile == REF_UCS4)
    return !(lo >= 0xD800 && hi <= 0xDFFF);
  return TRUE;
}

/* Whether the @k bytes at @p, of a sequence of @len, can still be
 * completed to a well-formed sequence. */
static gboolean
is_prefix (const guint8    *p,
           guint            k,
           guint            len,
           const RefConfig *config)
{
  guint64 v = p[0] & (0x7F >> len);
  guint rest = 6 * (len - k);

  for (guint i = 1; i < k; i++)
    v = (v << 6) | (p[i] & 0x3F);
  return allowed (config, v << rest, (v << rest) | ((G_GUINT64_CONSTANT (1) << rest) - 1), len);
}

/* The sequence at @p (@n bytes left), or its maximal subpart. */
static Form
read_utf8 (const RefConfig *config,
           const guint8    *p,
           gsize            n)
{
  Form f = { FORM_CHAR, 1, p[0] };
  guint len;

  if (p[0] < 0x80)
    return f;
  len = sequence_length (p[0]);
  f.kind = FORM_BAD;
  if (len == 0 || !is_prefix (p, 1, len, config))
    return f;
  for (guint k = 2; k <= len; k++)
    {
      if (k > n)
        {
          f.kind = FORM_CUT;
          f.len = k - 1;
          return f;
        }
      if ((p[k - 1] & 0xC0) != 0x80 || !is_prefix (p, k, len, config))
        {
          f.len = k - 1;
          return f;
        }
    }
  f.kind = FORM_CHAR;
  f.len = len;
  f.value = p[0] & (0x7F >> len);
  for (guint k = 1; k < len; k++)
    f.value = (f.value << 6) | (p[k] & 0x3F);
  return f;
}

static void
read_utf8_stream (Writer       *w,
                  const guint8 *in,
                  gsize         in_len)
{
  gboolean after_high = FALSE;   /* WTF-8: a high surrogate form came last */
  gsize i = 0;

  while (i < in_len && !w->stopped)
    {
      Form f = read_utf8 (w->config, in + i, in_len - i);
      gboolean was_after_high = after_high;

      mark (w, i);
      after_high = FALSE;
      if (f.kind == FORM_CUT)
        {
          bad (w, in + i, f.len, 0, i, TRUE);
          i += f.len;
          continue;
        }
      if (f.kind == FORM_BAD)
        {
          bad (w, in + i, f.len, 0, i, FALSE);
          i += f.len;
          continue;
        }
      if (IS_SURROGATE (f.value) && w->config->profile == REF_WTF8)
        {
          /* A high form then a low one is not WTF-8: the low one is bad. */
          if (IS_LOW (f.value) && was_after_high)
            bad (w, in + i, 3, 0, i, FALSE);
          else
            {
              good (w, f.value, in + i, 3);
              after_high = IS_HIGH (f.value);
            }
          i += 3;
          continue;
        }
      if (IS_SURROGATE (f.value))
        {
          /* CESU-8 and modified UTF-8: a high form and a whole low form
           * (ED, B0..BF, 80..BF) are one character; anything else leaves
           * the three bytes of the surrogate form alone and bad. */
          static const guint8 low_lo[3] = { 0xED, 0xB0, 0x80 };
          static const guint8 low_hi[3] = { 0xED, 0xBF, 0xBF };
          gboolean cut = FALSE, paired = IS_HIGH (f.value);

          for (guint k = 0; k < 3 && paired; k++)
            {
              if (i + 3 + k >= in_len)
                cut = TRUE, paired = FALSE;
              else if (in[i + 3 + k] < low_lo[k] || in[i + 3 + k] > low_hi[k])
                paired = FALSE;
            }
          if (paired)
            {
              guint32 low = ((in[i + 4] & 0x3F) << 6) | (in[i + 5] & 0x3F);

              good (w, 0x10000 + ((f.value - 0xD800) << 10) + (low & 0x3FF), in + i, 6);
              i += 6;
            }
          else if (w->config->profile == REF_MODIFIED_UTF8)
            {
              /* Java's modified UTF-8: any other surrogate form is a
               * lone surrogate, its value (behaviour-profile-modified-utf8). */
              good (w, f.value, in + i, 3);
              i += 3;
            }
          else
            {
              bad (w, in + i, 3, 0, i, cut);
              i += 3;
            }
          continue;
        }
      /* UTF-16 has no form above U+10FFFF: the whole sequence is bad. */
      if (w->config->direction == REF_TO_UTF16 && f.value > 0x10FFFF)
        bad (w, in + i, f.len, 0, i, FALSE);
      else
        good (w, f.value, in + i, f.len);
      i += f.len;
    }
  /* Not after a cut-off unit, where the loop broke off. */
  if (!w->stopped && i == in_len)
    mark (w, i);
}

/* ---- UCS-4 input ---- */

static guint32
load (const Writer *w,
      const guint8 *p)
{
  guint32 v = 0;

  for (int j = 0; j < 4; j++)
    v |= (guint32) p[j] << (w->big_endian ? 24 - 8 * j : 8 * j);
  return v;
}

static void
read_ucs4_stream (Writer       *w,
                  const guint8 *in,
                  gsize         in_len)
{
  gsize i = 0;

  if (w->config->detect)
    {
      static const guint8 le_signature[4] = { 0xFF, 0xFE, 0x00, 0x00 };

      /* Big-endian, unless the input starts with the little-endian
       * signature. */
      w->big_endian = !(in_len >= 4 && memcmp (in, le_signature, 4) == 0);
    }

  while (i < in_len && !w->stopped)
    {
      guint32 v;

      mark (w, i);
      if (in_len - i < 4)
        {
          bad (w, in + i, in_len - i, 0, i, TRUE);
          break;
        }
      v = load (w, in + i);
      if (w->config->profile == REF_MODIFIED_UTF8 && IS_SURROGATE (v))
        good (w, v, in + i, 4);   /* its three-octet form, as Java writes a unit */
      else if (w->config->profile == REF_WTF8 && IS_SURROGATE (v))
        {
          /* A high unit right before a low one: one character in four
           * octets.  Any other surrogate unit: its three-octet form. */
          if (IS_HIGH (v) && in_len - i >= 8 && IS_LOW (load (w, in + i + 4)))
            {
              good (w, 0x10000 + ((v - 0xD800) << 10) + (load (w, in + i + 4) - 0xDC00), in + i, 8);
              i += 8;
              continue;
            }
          good (w, v, in + i, 4);
        }
      else if (IS_SURROGATE (v) || v > max_value (w->config))
        bad (w, in + i, 4, v, i, FALSE);
      else
        good (w, v, in + i, 4);
      i += 4;
    }
  /* Not after a cut-off unit, where the loop broke off. */
  if (!w->stopped && i == in_len)
    mark (w, i);
}

/* ---- UTF-16 input ---- */

static guint32
load16 (const Writer *w,
        const guint8 *p)
{
  return w->big_endian ? (guint32) (p[0] << 8 | p[1]) : (guint32) (p[1] << 8 | p[0]);
}

static void
read_utf16_stream (Writer       *w,
                   const guint8 *in,
                   gsize         in_len)
{
  /* WTF-8 and modified UTF-8 carry lone surrogates. */
  gboolean wtf8 = w->config->profile == REF_WTF8 || w->config->profile == REF_MODIFIED_UTF8;
  gsize i = 0;

  /* Big-endian, unless the input starts with FF FE. */
  if (w->config->detect)
    w->big_endian = !(in_len >= 2 && in[0] == 0xFF && in[1] == 0xFE);

  while (i < in_len && !w->stopped)
    {
      guint32 v;

      mark (w, i);
      if (in_len - i < 2)
        {
          /* An odd final byte: a cut-off unit. */
          bad (w, in + i, 1, 0, i, TRUE);
          break;
        }
      v = load16 (w, in + i);
      if (IS_HIGH (v) && in_len - i >= 4 && IS_LOW (load16 (w, in + i + 2)))
        {
          good (w, 0x10000 + ((v - 0xD800) << 10) + (load16 (w, in + i + 2) - 0xDC00), in + i, 4);
          i += 4;
          continue;
        }
      if (IS_HIGH (v) && in_len - i < 4 && !wtf8)
        bad (w, in + i, 2, v, i, TRUE);   /* a pair cut off by the end */
      else if (IS_SURROGATE (v) && !wtf8)
        bad (w, in + i, 2, v, i, FALSE);
      else
        good (w, v, in + i, 2);
      i += 2;
    }
  /* Not after a cut-off unit, where the loop broke off. */
  if (!w->stopped && i == in_len)
    mark (w, i);
}

void
ref_convert_marked (const RefConfig *config,
                    const guint8    *in,
                    gsize            in_len,
                    RefResult       *result,
                    GArray          *marks)
{
  Writer w = { config, result, config->big_endian, config->bom != REF_BOM_KEEP, FALSE, marks };

  result->out = g_byte_array_new ();
  result->num_invalid = 0;
  result->status = REF_OK;
  result->error_offset = 0;
  result->invalid = g_array_new (FALSE, TRUE, sizeof (RefInvalid));

  /* Writing with DETECT writes big-endian. */
  if (config->detect && utf8_input (config))
    w.big_endian = TRUE;

  if (utf8_input (config))
    read_utf8_stream (&w, in, in_len);
  else if (config->direction == REF_FROM_UTF16)
    read_utf16_stream (&w, in, in_len);
  else
    read_ucs4_stream (&w, in, in_len);

  /* An empty stream still gets the signature INSERT promises (after
   * the end's mark, which is why mark() leaves offset 0 out then). */
  if (!w.stopped)
    start_stream (&w, FALSE);
}

void
ref_convert (const RefConfig *config,
             const guint8    *in,
             gsize            in_len,
             RefResult       *result)
{
  ref_convert_marked (config, in, in_len, result, NULL);
}

void
ref_result_clear (RefResult *result)
{
  g_clear_pointer (&result->out, g_byte_array_unref);
  g_clear_pointer (&result->invalid, g_array_unref);
}
