/* oracle-icu.c: the CESU8 profile and UTF-16 against ICU's converters
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Usage: oracle-icu [N]
 *
 * N (default 10 000) seeded random inputs each way:
 *  - text (BMP and supplementary characters): ICU's encoding from UTF-16
 *    and ours from UCS-4 give the same bytes, and ours decodes ICU's bytes
 *    back to the same characters;
 *  - damaged CESU-8 bytes: ICU (stopping at the first illegal sequence)
 *    and our STRICT agree on whether the bytes are CESU-8, on the
 *    characters, and on the offset and kind (cut short or not) of the
 *    first error.  ICU converts CESU-8 to UTF-16 unit by unit and lets a
 *    lone surrogate form through as a lone UTF-16 unit; the behaviour
 *    guide (#behaviour-profile-cesu8) makes it
 *    malformed.  Where the two part only that way, the input is counted
 *    apart ("ICU lets a lone surrogate through") and its offset must be
 *    that surrogate form's.  ICU also reads a four-byte form before it
 *    refuses it, so one cut off by the end is "truncated" to ICU, where
 *    the guide has its lead byte alone malformed: same offset, counted
 *    apart too;
 *  - the same damaged bytes decoded to UTF-16 (the CESU8 profile towards
 *    UTF-16) against ICU's UTF-16 units, with the same two differences;
 *  - damaged UTF-16 (lone surrogates, a cut-off end) read by ICU's
 *    UTF-16LE, UTF-16BE and UTF-16 (signature, else big-endian) converters
 *    and by ours (the last one as DETECT with STRIP, #behaviour-utf16);
 *  - text written by ICU's UTF-16LE, UTF-16BE and UTF-16 (the signature,
 *    then the machine's order) converters and by ours from UTF-8 (the last
 *    one as HOST with INSERT).  ICU writes its signature in front of a
 *    text that starts with U+FEFF and nothing for an empty text; the guide
 *    reuses the text's and writes the signature alone
 *    (#behaviour-utf16-signature): those are counted apart, and ours must
 *    be ICU's without its first signature, or the signature alone.
 * Prints TAP.
 */

#include <string.h>

#include <gutf8conv/gutf8conv.h>
#include <unicode/ucnv.h>
#include <unicode/utf16.h>

typedef struct
{
  gboolean ok;
  gboolean truncated;
  guint64  offset;
  GArray  *chars;   /* guint32 code points (ICU: UTF-16 units joined, lone ones kept) */
} Verdict;

static GRand *rand_;

static void
verdict_clear (Verdict *v)
{
  g_array_unref (v->chars);
}

/* ICU's reading of @in, stopping at the first illegal sequence. */
static Verdict
icu_decode (UConverter   *cnv,
            const guint8 *in,
            gsize         len)
{
  Verdict v = { TRUE, FALSE, 0, g_array_new (FALSE, FALSE, sizeof (guint32)) };
  UChar buf[4096];
  UChar *target = buf;
  /* An empty input may come as NULL, and NULL + 0 is undefined. */
  const char *source = in != NULL ? (const char *) in : "";
  UErrorCode status = U_ZERO_ERROR;
  gsize n;

  ucnv_reset (cnv);
  ucnv_toUnicode (cnv, &target, buf + G_N_ELEMENTS (buf), &source, source + len, NULL, TRUE, &status);
  if (U_FAILURE (status))
    {
      char invalid[32];
      int8_t invalid_len = sizeof invalid;
      UErrorCode s2 = U_ZERO_ERROR;

      ucnv_getInvalidChars (cnv, invalid, &invalid_len, &s2);
      g_assert_true (U_SUCCESS (s2));
      v.ok = FALSE;
      v.truncated = status == U_TRUNCATED_CHAR_FOUND;
      v.offset = (const guint8 *) source - in - invalid_len;
    }
  n = target - buf;
  for (gsize i = 0; i < n; i++)
    {
      guint32 c = buf[i];

      if (U16_IS_LEAD (c) && i + 1 < n && U16_IS_TRAIL (buf[i + 1]))
        c = U16_GET_SUPPLEMENTARY (c, buf[++i]);
      g_array_append_val (v.chars, c);
    }
  return v;
}

static GUtf8ConvConverter *
ours (GUtf8ConvDirection direction)
{
  return gutf8conv_converter_new_full (direction, GUTF8CONV_BYTE_ORDER_BIG_ENDIAN,
                                       GUTF8CONV_BOM_KEEP, GUTF8CONV_ERROR_MODE_STRICT,
                                       GUTF8CONV_PROFILE_CESU8);
}

/* The characters of @len bytes of our output: UCS-4 or UTF-16
 * big-endian, pairs joined and lone units kept as ICU's are, or UTF-8. */
static void
output_chars (GUtf8ConvDirection  direction,
              const guint8       *buf,
              gsize               len,
              GArray             *chars)
{
  if (direction == GUTF8CONV_DIRECTION_UTF8_TO_UTF16)
    {
      for (gsize i = 0; i + 2 <= len; i += 2)
        {
          guint32 c = buf[i] << 8 | buf[i + 1];

          if (U16_IS_LEAD (c) && i + 4 <= len && U16_IS_TRAIL (buf[i + 2] << 8 | buf[i + 3]))
            {
              c = U16_GET_SUPPLEMENTARY (c, buf[i + 2] << 8 | buf[i + 3]);
              i += 2;
            }
          g_array_append_val (chars, c);
        }
    }
  else if (direction == GUTF8CONV_DIRECTION_UTF16_TO_UTF8)
    {
      for (const char *p = (const char *) buf; p < (const char *) buf + len; p = g_utf8_next_char (p))
        {
          guint32 c = g_utf8_get_char (p);

          g_array_append_val (chars, c);
        }
    }
  else
    {
      for (gsize i = 0; i + 4 <= len; i += 4)
        {
          guint32 c = (guint32) buf[i] << 24 | buf[i + 1] << 16 | buf[i + 2] << 8 | buf[i + 3];

          g_array_append_val (chars, c);
        }
    }
}

static Verdict
our_decode (GUtf8ConvConverter *dec,
            const guint8       *in,
            gsize               len)
{
  Verdict v = { TRUE, FALSE, 0, g_array_new (FALSE, FALSE, sizeof (guint32)) };
  g_autoptr(GBytes) input = g_bytes_new (in, len);
  g_autoptr(GError) error = NULL;
  g_autoptr(GInputStream) mem = NULL;
  g_autoptr(GInputStream) stream = NULL;
  guint8 buf[4096];
  gsize got = 0;

  /* The characters before an error too: through a stream. */
  g_converter_reset (G_CONVERTER (dec));
  mem = g_memory_input_stream_new_from_bytes (input);
  stream = g_converter_input_stream_new (mem, G_CONVERTER (dec));
  for (;;)
    {
      gssize n = g_input_stream_read (stream, buf + got, sizeof buf - got, NULL, &error);

      if (n <= 0)
        break;
      got += n;
    }
  output_chars (gutf8conv_converter_get_direction (dec), buf, got, v.chars);
  if (error != NULL)
    {
      v.ok = FALSE;
      v.truncated = g_error_matches (error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT);
      v.offset = gutf8conv_converter_get_error_offset (dec);
    }
  return v;
}

static guint32
random_char (void)
{
  switch (g_rand_int_range (rand_, 0, 6))
    {
    case 0:
      return g_rand_int_range (rand_, 0, 0x80);
    case 1:
      return g_rand_int_range (rand_, 0x80, 0x800);
    case 2:
      return g_rand_int_range (rand_, 0x800, 0xD800);
    case 3:
      return g_rand_int_range (rand_, 0xE000, 0x10000);
    default:
      return g_rand_int_range (rand_, 0x10000, 0x110000);
    }
}

static gboolean
same_chars (const GArray *a,
            const GArray *b)
{
  return a->len == b->len &&
         (a->len == 0 || memcmp (a->data, b->data, a->len * sizeof (guint32)) == 0);
}

/* Whether ICU's and our reading of damaged CESU-8 agree, or part only
 * the two known ways (counted in @icu_lax and @icu_cut4). */
static gboolean
judge_cesu8 (const Verdict *icu,
             const Verdict *mine,
             const guint8  *bytes,
             gsize          len,
             guint         *icu_lax,
             guint         *icu_cut4)
{
  if (icu->ok == mine->ok && same_chars (icu->chars, mine->chars) &&
      (icu->ok || (icu->offset == mine->offset && icu->truncated == mine->truncated)))
    return TRUE;
  if (!mine->ok && mine->offset + 3 <= len &&
      bytes[mine->offset] == 0xED && bytes[mine->offset + 1] >= 0xA0)
    {
      /* ICU passes a lone surrogate form as a lone UTF-16 unit: it read
       * on, so it has our characters and then that unit. */
      guint32 unit = 0xD000 | (bytes[mine->offset + 1] & 0x3F) << 6 | (bytes[mine->offset + 2] & 0x3F);

      if (icu->chars->len > mine->chars->len &&
          (mine->chars->len == 0 ||
           memcmp (icu->chars->data, mine->chars->data, mine->chars->len * 4) == 0) &&
          g_array_index (icu->chars, guint32, mine->chars->len) == unit)
        {
          (*icu_lax)++;
          return TRUE;
        }
    }
  if (!icu->ok && !mine->ok && icu->truncated && !mine->truncated &&
      icu->offset == mine->offset && same_chars (icu->chars, mine->chars) &&
      bytes[mine->offset] >= 0xF0 && bytes[mine->offset] <= 0xF4)
    {
      (*icu_cut4)++;
      return TRUE;
    }
  return FALSE;
}

static void
print_disagreement (const char    *what,
                    const guint8  *bytes,
                    gsize          len,
                    const Verdict *icu,
                    const Verdict *mine)
{
  GString *h = g_string_new (NULL);

  for (gsize i = 0; i < len; i++)
    g_string_append_printf (h, " %02X", bytes[i]);
  g_print ("# %s%s: ICU %s at %" G_GUINT64_FORMAT "%s (%u chars), ours %s at %" G_GUINT64_FORMAT "%s (%u chars)\n",
           what, h->str, icu->ok ? "ok" : "error", icu->offset, icu->truncated ? " cut" : "",
           icu->chars->len, mine->ok ? "ok" : "error", mine->offset, mine->truncated ? " cut" : "",
           mine->chars->len);
  g_string_free (h, TRUE);
}

static void
append_char (GByteArray *a,
             guint32     c,
             gboolean    big_endian)
{
  guint16 u[2];
  guint n = 0;

  if (c >= 0x10000)
    {
      u[n++] = 0xD800 + ((c - 0x10000) >> 10);
      c = 0xDC00 + ((c - 0x10000) & 0x3FF);
    }
  u[n++] = c;
  for (guint i = 0; i < n; i++)
    {
      guint8 b[2] = { u[i] >> 8, u[i] & 0xFF };

      if (!big_endian)
        b[0] = u[i] & 0xFF, b[1] = u[i] >> 8;
      g_byte_array_append (a, b, 2);
    }
}

/* Damaged UTF-16 read by ICU's @name converter and by ours. */
static guint
check_utf16_reading (guint       test,
                     const char *name,
                     guint       n)
{
  gboolean detect = strcmp (name, "UTF-16") == 0;
  gboolean big = strcmp (name, "UTF-16LE") != 0;
  UErrorCode status = U_ZERO_ERROR;
  UConverter *cnv = ucnv_open (name, &status);
  g_autoptr(GUtf8ConvConverter) dec = NULL;
  guint bad = 0, rejects = 0, cut = 0;

  g_assert_true (U_SUCCESS (status));
  ucnv_setToUCallBack (cnv, UCNV_TO_U_CALLBACK_STOP, NULL, NULL, NULL, &status);
  g_assert_true (U_SUCCESS (status));
  dec = gutf8conv_converter_new_full (GUTF8CONV_DIRECTION_UTF16_TO_UTF8,
                                      detect ? GUTF8CONV_BYTE_ORDER_DETECT
                                             : big ? GUTF8CONV_BYTE_ORDER_BIG_ENDIAN
                                                   : GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN,
                                      detect ? GUTF8CONV_BOM_STRIP : GUTF8CONV_BOM_KEEP,
                                      GUTF8CONV_ERROR_MODE_STRICT, GUTF8CONV_PROFILE_UNICODE);

  for (guint k = 0; k < n; k++)
    {
      g_autoptr(GByteArray) a = g_byte_array_new ();
      gboolean order = big;
      Verdict icu, mine;

      /* "UTF-16": a signature in either order, or none (big-endian). */
      if (detect && g_rand_int_range (rand_, 0, 4) != 0)
        {
          order = g_rand_boolean (rand_);
          append_char (a, 0xFEFF, order);
        }
      for (guint i = g_rand_int_range (rand_, 0, 12); i > 0; i--)
        {
          guint kind = g_rand_int_range (rand_, 0, 16);

          append_char (a, kind < 15 ? random_char () : (guint32) g_rand_int_range (rand_, 0xD800, 0xE000),
                       order);
        }
      switch (g_rand_int_range (rand_, 0, 8))
        {
        case 0:
          append_char (a, g_rand_int_range (rand_, 0xD800, 0xDC00), order);
          break;
        case 1:
          append_char (a, g_rand_int_range (rand_, 0xD800, 0xDC00), order);
          G_GNUC_FALLTHROUGH;
        case 2:
          g_byte_array_append (a, (const guint8 *) "\x41", 1);
          break;
        default:
          break;
        }

      icu = icu_decode (cnv, a->data, a->len);
      mine = our_decode (dec, a->data, a->len);
      if (!icu.ok)
        rejects++;
      if (icu.truncated)
        cut++;
      if (!(icu.ok == mine.ok && same_chars (icu.chars, mine.chars) &&
            (icu.ok || (icu.offset == mine.offset && icu.truncated == mine.truncated))) &&
          bad++ < 5)
        print_disagreement (name, a->data, a->len, &icu, &mine);
      verdict_clear (&icu);
      verdict_clear (&mine);
    }
  g_print ("%s %u - damaged %s: %u inputs (%u ICU refuses, %u of them cut off), %u differ\n",
           bad ? "not ok" : "ok", test, name, n, rejects, cut, bad);
  ucnv_close (cnv);
  return bad;
}

/* Text written by ICU's @name converter from UTF-16 and by ours from
 * UTF-8. */
static guint
check_utf16_writing (guint       test,
                     const char *name,
                     guint       n)
{
  gboolean sig = strcmp (name, "UTF-16") == 0;
  gboolean big = strcmp (name, "UTF-16LE") != 0;
  UErrorCode status = U_ZERO_ERROR;
  UConverter *cnv = ucnv_open (name, &status);
  g_autoptr(GUtf8ConvConverter) enc = NULL;
  guint bad = 0, doubled = 0, empty = 0;

  g_assert_true (U_SUCCESS (status));
  enc = gutf8conv_converter_new_full (GUTF8CONV_DIRECTION_UTF8_TO_UTF16,
                                      sig ? GUTF8CONV_BYTE_ORDER_HOST
                                          : big ? GUTF8CONV_BYTE_ORDER_BIG_ENDIAN
                                                : GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN,
                                      sig ? GUTF8CONV_BOM_INSERT : GUTF8CONV_BOM_KEEP,
                                      GUTF8CONV_ERROR_MODE_STRICT, GUTF8CONV_PROFILE_UNICODE);

  for (guint k = 0; k < n; k++)
    {
      guint count = g_rand_int_range (rand_, 0, 16);
      UChar u16[64];
      char utf8[128];
      char icu_bytes[256];
      int32_t n16 = 0, icu_len, n8 = 0, skip = 0;
      g_autoptr(GBytes) in = NULL, out = NULL;
      g_autoptr(GError) error = NULL;
      gsize out_len;
      const guint8 *o;

      for (guint i = 0; i < count; i++)
        {
          guint32 c = i == 0 && g_rand_int_range (rand_, 0, 4) == 0 ? 0xFEFF : random_char ();

          U16_APPEND_UNSAFE (u16, n16, c);
          n8 += g_unichar_to_utf8 (c, utf8 + n8);
        }
      status = U_ZERO_ERROR;
      icu_len = ucnv_fromUChars (cnv, icu_bytes, sizeof icu_bytes, u16, n16, &status);
      g_assert_true (U_SUCCESS (status));
      in = g_bytes_new (utf8, n8);
      out = gutf8conv_converter_convert_bytes (enc, in, &error);
      g_assert_no_error (error);
      o = g_bytes_get_data (out, &out_len);
      if (sig && n16 > 0 && u16[0] == 0xFEFF)
        {
          /* ICU's signature, then the text's own: ours is the text's. */
          doubled++;
          skip = 2;
        }
      if (sig && n16 == 0)
        {
          /* ICU writes nothing; the guide, the signature alone. */
          empty++;
          if (!(out_len == 2 && o[0] * 256 + o[1] == (G_BYTE_ORDER == G_BIG_ENDIAN ? 0xFEFF : 0xFFFE)) &&
              bad++ < 5)
            g_print ("# %s, empty text: ours %" G_GSIZE_FORMAT " bytes\n", name, out_len);
          continue;
        }
      if ((out_len != (gsize) (icu_len - skip) ||
           (out_len > 0 && memcmp (o, icu_bytes + skip, out_len) != 0)) &&
          bad++ < 5)
        g_print ("# %s text of %u characters: ICU %d bytes, ours %" G_GSIZE_FORMAT "\n",
                 name, count, icu_len, out_len);
    }
  g_print ("%s %u - %s text: %u strings write ICU's bytes (%u counted apart: ICU doubles the "
           "signature; %u empty: ICU writes none), %u differ\n",
           bad ? "not ok" : "ok", test, name, n, doubled, empty, bad);
  ucnv_close (cnv);
  return bad;
}

int
main (int    argc,
      char **argv)
{
  guint n = argc > 1 ? (guint) g_ascii_strtoull (argv[1], NULL, 10) : 10000;
  UErrorCode status = U_ZERO_ERROR;
  UConverter *cnv = ucnv_open ("CESU-8", &status);
  g_autoptr(GUtf8ConvConverter) enc = ours (GUTF8CONV_DIRECTION_UCS4_TO_UTF8);
  g_autoptr(GUtf8ConvConverter) dec = ours (GUTF8CONV_DIRECTION_UTF8_TO_UCS4);
  g_autoptr(GUtf8ConvConverter) dec16 = gutf8conv_converter_new_full (GUTF8CONV_DIRECTION_UTF8_TO_UTF16,
                                                                      GUTF8CONV_BYTE_ORDER_BIG_ENDIAN,
                                                                      GUTF8CONV_BOM_KEEP,
                                                                      GUTF8CONV_ERROR_MODE_STRICT,
                                                                      GUTF8CONV_PROFILE_CESU8);
  guint text_bad = 0, bytes_bad = 0, icu_lax = 0, icu_cut4 = 0, icu_rejects = 0, valid = 0;
  guint bad16 = 0, lax16 = 0, cut16 = 0, utf16_bad = 0;

  g_assert_true (U_SUCCESS (status));
  ucnv_setToUCallBack (cnv, UCNV_TO_U_CALLBACK_STOP, NULL, NULL, NULL, &status);
  ucnv_setFromUCallBack (cnv, UCNV_FROM_U_CALLBACK_STOP, NULL, NULL, NULL, &status);
  g_assert_true (U_SUCCESS (status));
  rand_ = g_rand_new_with_seed (0xC35E8);

  g_print ("1..9\n");

  /* Text, both ways. */
  for (guint k = 0; k < n; k++)
    {
      guint count = g_rand_int_range (rand_, 0, 16);
      UChar u16[64];
      guint32 ucs4[16];
      guint8 be[64];
      char icu_bytes[256];
      int32_t n16 = 0, icu_len;
      g_autoptr(GBytes) in = NULL, out = NULL;
      g_autoptr(GError) error = NULL;
      Verdict back;

      for (guint i = 0; i < count; i++)
        {
          ucs4[i] = random_char ();
          U16_APPEND_UNSAFE (u16, n16, ucs4[i]);
          for (guint b = 0; b < 4; b++)
            be[4 * i + b] = ucs4[i] >> (24 - 8 * b);
        }
      status = U_ZERO_ERROR;
      icu_len = ucnv_fromUChars (cnv, icu_bytes, sizeof icu_bytes, u16, n16, &status);
      g_assert_true (U_SUCCESS (status));
      in = g_bytes_new (be, 4 * count);
      out = gutf8conv_converter_convert_bytes (enc, in, &error);
      g_assert_no_error (error);
      back = our_decode (dec, (const guint8 *) icu_bytes, icu_len);
      if (g_bytes_get_size (out) != (gsize) icu_len ||
          (icu_len > 0 && memcmp (g_bytes_get_data (out, NULL), icu_bytes, icu_len) != 0) ||
          !back.ok || back.chars->len != count ||
          (count > 0 && memcmp (back.chars->data, ucs4, count * 4) != 0))
        {
          if (text_bad++ < 5)
            g_print ("# text of %u characters, first U+%04X: ICU %d bytes, ours %" G_GSIZE_FORMAT "\n",
                     count, count ? ucs4[0] : 0, icu_len, g_bytes_get_size (out));
        }
      verdict_clear (&back);
    }
  g_print ("%s 1 - CESU-8 text: %u strings encode to ICU's bytes and decode back%s\n",
           text_bad ? "not ok" : "ok", n, text_bad ? ", some differ" : "");

  /* Damaged bytes, decoded. */
  for (guint k = 0; k < n; k++)
    {
      guint count = g_rand_int_range (rand_, 0, 12);
      UChar u16[64];
      char bytes[256];
      int32_t n16 = 0, len;
      Verdict icu, mine, mine16;
      gboolean agree;

      for (guint i = 0; i < count; i++)
        U16_APPEND_UNSAFE (u16, n16, random_char ());
      status = U_ZERO_ERROR;
      len = ucnv_fromUChars (cnv, bytes, sizeof bytes - 8, u16, n16, &status);
      g_assert_true (U_SUCCESS (status));
      for (guint d = g_rand_int_range (rand_, 0, 3); d > 0; d--)
        {
          gsize at = g_rand_int_range (rand_, 0, len + 1);
          static const guint8 bad[][3] = {
            { 0xED, 0xA0, 0xBD }, { 0xED, 0xB8, 0x80 }, { 0xF0, 0x9F, 0x98 }, { 0xC0, 0x80, 0 },
            { 0xE2, 0x82, 0 }, { 0x80, 0, 0 }, { 0xFF, 0, 0 }, { 0xED, 0, 0 },
          };

          switch (g_rand_int_range (rand_, 0, 4))
            {
            case 0:   /* a piece inserted */
              {
                guint w = g_rand_int_range (rand_, 0, G_N_ELEMENTS (bad));
                guint wl = bad[w][2] ? 3 : bad[w][1] ? 2 : 1;

                memmove (bytes + at + wl, bytes + at, len - at);
                memcpy (bytes + at, bad[w], wl);
                len += wl;
              }
              break;
            case 1:   /* cut short */
              len = at;
              break;
            case 2:   /* a byte changed */
              if (at < (gsize) len)
                bytes[at] = g_rand_int_range (rand_, 0x80, 0x100);
              break;
            default:   /* a byte dropped */
              if (at < (gsize) len)
                memmove (bytes + at, bytes + at + 1, len - at - 1), len--;
              break;
            }
          if (len > 240)
            len = 240;
        }

      icu = icu_decode (cnv, (const guint8 *) bytes, len);
      mine = our_decode (dec, (const guint8 *) bytes, len);
      mine16 = our_decode (dec16, (const guint8 *) bytes, len);
      agree = judge_cesu8 (&icu, &mine, (const guint8 *) bytes, len, &icu_lax, &icu_cut4);
      if (!icu.ok)
        icu_rejects++;
      if (icu.ok && mine.ok)
        valid++;
      if (!agree && bytes_bad++ < 5)
        print_disagreement ("bytes", (const guint8 *) bytes, len, &icu, &mine);
      if (!judge_cesu8 (&icu, &mine16, (const guint8 *) bytes, len, &lax16, &cut16) && bad16++ < 5)
        print_disagreement ("to UTF-16, bytes", (const guint8 *) bytes, len, &icu, &mine16);
      verdict_clear (&mine16);
      verdict_clear (&icu);
      verdict_clear (&mine);
    }
  g_print ("%s 2 - damaged CESU-8: %u inputs (%u valid, %u ICU refuses, %u where ICU lets a lone "
           "surrogate through, %u a cut four-byte form), %u differ\n",
           bytes_bad ? "not ok" : "ok", n, valid, icu_rejects, icu_lax, icu_cut4, bytes_bad);
  g_print ("%s 3 - damaged CESU-8 to UTF-16: %u inputs (%u where ICU lets a lone surrogate "
           "through, %u a cut four-byte form), %u differ\n",
           bad16 ? "not ok" : "ok", n, lax16, cut16, bad16);

  /* UTF-16 read and written, in both orders and with the signature. */
  {
    static const char *names[] = { "UTF-16LE", "UTF-16BE", "UTF-16" };
    guint test = 4;

    for (guint i = 0; i < G_N_ELEMENTS (names); i++)
      {
        utf16_bad += check_utf16_reading (test++, names[i], n);
        utf16_bad += check_utf16_writing (test++, names[i], n);
      }
  }

  ucnv_close (cnv);
  g_rand_free (rand_);
  return text_bad || bytes_bad || bad16 || utf16_bad ? 1 : 0;
}
