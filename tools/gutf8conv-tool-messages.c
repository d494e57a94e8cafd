/* gutf8conv-tool-messages.c: what the tool prints, and --report
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <locale.h>
#include <stdio.h>

#include <glib/gi18n.h>

#include "gutf8conv-tool.h"

/* Quotes for messages: typographic ones where the locale can show them,
 * plain ones elsewhere (g_printerr() would turn “” into ?? under C). */
static const char *lq = "\"", *rq = "\"";
/* The names in messages are written as bytes: these two in the locale's
 * charset. */
static char *stdin_name, *stdout_name;

/* Text for standard error in the locale's charset (GLib's strings and
 * the catalog's are UTF-8). */
static void
append_text (GString    *s,
             const char *text)
{
  g_autofree char *local = NULL;

  if (g_get_charset (NULL))
    {
      g_string_append (s, text);
      return;
    }
  local = g_locale_from_utf8 (text, -1, NULL, NULL, NULL);
  if (local != NULL)
    g_string_append (s, local);
  else
    for (const char *p = text; *p != '\0'; p++)
      g_string_append_c (s, (guchar) *p < 0x80 ? *p : '?');
}

static char *
local_text (const char *text)
{
  GString *s = g_string_new (NULL);

  append_text (s, text);
  return g_string_free (s, FALSE);
}

void
messages_init (void)
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  if (g_get_charset (NULL))
    lq = "\xe2\x80\x9c", rq = "\xe2\x80\x9d";
  stdout_name = local_text (_("(standard output)"));
  stdin_name = local_text (_("(standard input)"));
}

const char *
messages_lq (void)
{
  return lq;
}

const char *
messages_rq (void)
{
  return rq;
}

const char *
messages_stdin_name (void)
{
  return stdin_name;
}

const char *
messages_stdout_name (void)
{
  return stdout_name;
}

/* "gutf8conv: NAME: TEXT".  NAME is written as the file system has it,
 * byte for byte, as iconv does: converting it to the locale would show a
 * name that cannot be typed back (? or "[Invalid UTF-8]"). */
void
print_message (const char *name,
               const char *text)
{
  g_autoptr(GString) s = g_string_new ("gutf8conv: ");

  if (name != NULL)
    {
      g_string_append (s, name);
      g_string_append (s, ": ");
    }
  append_text (s, text);
  g_string_append_c (s, '\n');
  fwrite (s->str, 1, s->len, stderr);
  fflush (stderr);
}

void
print_usage_error (const GError *error)
{
  print_message (NULL, error->message);
  /* Translators: the two %s are quotes around "gutf8conv --help". */
  g_printerr (_("Try %sgutf8conv --help%s for more information.\n"), lq, rq);
}

/* The byte-order hint (the manual's gutf8conv-tool-hint): a strict error
 * in UCS-4 or UTF-16 read in one order, when the first units are all
 * invalid as read and all valid swapped (two at least, sixteen at most). */
static gboolean
wide_unit_valid (const Options *options,
                 const guint8  *p,
                 guint          size,
                 gboolean       big)
{
  guint32 v = 0;

  for (guint i = 0; i < size; i++)
    v = (v << 8) | p[big ? i : size - 1 - i];
  if (v >= 0xD800 && v < 0xE000)
    return options->profile == GUTF8CONV_PROFILE_WTF8;
  return v <= (options->profile == GUTF8CONV_PROFILE_UCS4 ? 0x7FFFFFFFu : 0x10FFFFu);
}

char *
byte_order_hint (const Options *options,
                 const guint8  *start,
                 gsize          len)
{
  GUtf8ConvByteOrder byte_order = options->byte_order;
  const char *prefix = options->hint_prefix != NULL ? options->hint_prefix : "--byte-order=";
  guint size = options->direction == GUTF8CONV_DIRECTION_UCS4_TO_UTF8 ? 4 : 2;
  gboolean big = byte_order == GUTF8CONV_BYTE_ORDER_BIG_ENDIAN || byte_order == GUTF8CONV_BYTE_ORDER_DETECT ||
                 (byte_order == GUTF8CONV_BYTE_ORDER_HOST && G_BYTE_ORDER == G_BIG_ENDIAN);
  guint n = MIN (len / size, 16), as_read = 0, swapped = 0;

  /* A signature decided the order under detect. */
  if (byte_order == GUTF8CONV_BYTE_ORDER_DETECT && len >= size &&
      ((start[0] == 0xFE && start[1] == 0xFF) || (start[0] == 0xFF && start[1] == 0xFE) ||
       (size == 4 && start[0] == 0 && start[1] == 0 && start[2] == 0xFE && start[3] == 0xFF)))
    return g_strdup ("");
  for (guint i = 0; i < n; i++)
    {
      as_read += wide_unit_valid (options, start + i * size, size, big);
      swapped += wide_unit_valid (options, start + i * size, size, !big);
    }
  /* One unit is too little evidence. */
  if (n < 2 || as_read > 0 || swapped < n)
    return g_strdup ("");
  /* Translators: the %s are a word (little-endian or big-endian) and the
   * option to try, such as --byte-order=le or -f UTF-16LE. */
  return g_strdup_printf (_(" (the input looks %s: try %s%s)"),
                          big ? "little-endian" : "big-endian", prefix,
                          g_str_has_prefix (prefix, "-f") ? (big ? "LE" : "BE") : (big ? "le" : "be"));
}

/* --report: one line per repaired sequence, "NAME: byte N: BYTES -> WHAT"
 * (the manual's gutf8conv-tool-report): the input bytes in hex, and what
 * took their place: characters (U+XXXX ...), "nothing", or "byte XX"
 * when escape turns a unit back into its byte. */

void
reporter_init (Reporter      *r,
               const Options *options,
               const char    *name,
               gboolean       utf8_input)
{
  r->options = options;
  r->name = name;
  r->utf8_input = utf8_input;
  r->byte_converter = NULL;
  r->refused_high_end = 0;
}

void
reporter_clear (Reporter *r)
{
  g_clear_object (&r->byte_converter);
}

/* The character escape, latin1 or cp1252 make of byte @b of a malformed
 * sequence: the library's own answer, a lone byte decoded in that mode. */
static gunichar
byte_character (Reporter *r,
                guint8    b)
{
  guint32 unit = 0xFFFD;
  gsize read, written;

  if (r->byte_converter == NULL)
    r->byte_converter = gutf8conv_converter_new_full (GUTF8CONV_DIRECTION_UTF8_TO_UCS4, GUTF8CONV_BYTE_ORDER_HOST,
                                                      GUTF8CONV_BOM_KEEP, r->options->error_mode,
                                                      GUTF8CONV_PROFILE_UNICODE);
  g_converter_reset (G_CONVERTER (r->byte_converter));
  g_converter_convert (G_CONVERTER (r->byte_converter), &b, 1, &unit, sizeof unit, G_CONVERTER_INPUT_AT_END,
                       &read, &written, NULL);
  return unit;
}

/* Whether the @len bytes of a repair at @offset are a whole character of
 * the input form which only the output form refused (two UTF-8 forms,
 * behaviour guide, #behaviour-output-profile): the library writes U+FFFD
 * for it in every mode that writes something.  A WTF-8 low surrogate form
 * right after a high one is no character but malformed input
 * (#behaviour-profile-wtf8), whose bytes the byte-keeping modes keep:
 * there the output refused the high form too, in the report just
 * before. */
static gboolean
refused_character (Reporter     *r,
                   guint64       offset,
                   const guint8 *bytes,
                   gsize         len)
{
  const Options *options = r->options;
  g_autoptr(GUtf8ConvConverter) decoder = NULL;
  g_autoptr(GUtf8ConvConverter) writer = NULL;
  guint32 units[8];
  guint8 out[16];
  gsize read, written;
  gboolean refused, after_high;

  if (options->out_profile < 0 || len > 6)
    return FALSE;
  decoder = gutf8conv_converter_new_full (GUTF8CONV_DIRECTION_UTF8_TO_UCS4, GUTF8CONV_BYTE_ORDER_HOST,
                                          GUTF8CONV_BOM_KEEP, GUTF8CONV_ERROR_MODE_STRICT, options->profile);
  if (g_converter_convert (G_CONVERTER (decoder), bytes, len, units, sizeof units,
                           G_CONVERTER_INPUT_AT_END, &read, &written, NULL) != G_CONVERTER_FINISHED ||
      read != len || written != sizeof units[0])
    return FALSE;
  writer = g_object_new (GUTF8CONV_TYPE_CONVERTER, "direction", GUTF8CONV_DIRECTION_UTF8_TO_UTF8,
                         "profile", options->profile, "output-profile", options->out_profile, NULL);
  refused = g_converter_convert (G_CONVERTER (writer), bytes, len, out, sizeof out, G_CONVERTER_INPUT_AT_END,
                                 &read, &written, NULL) == G_CONVERTER_ERROR;
  after_high = offset == r->refused_high_end && units[0] >= 0xDC00 && units[0] <= 0xDFFF;
  if (refused && units[0] >= 0xD800 && units[0] <= 0xDBFF)
    r->refused_high_end = offset + len;
  return refused && !after_high;
}

static void
append_hex (GString      *s,
            const guint8 *bytes,
            gsize         len)
{
  for (gsize i = 0; i < len; i++)
    g_string_append_printf (s, "%s%02X", i > 0 ? " " : "", bytes[i]);
}

static void
append_report (GString      *s,
               Reporter     *r,
               guint64       offset,
               const guint8 *bytes,
               gsize         len)
{
  GUtf8ConvErrorMode error_mode = r->options->error_mode;

  g_string_append_printf (s, "%s: byte %" G_GUINT64_FORMAT ": ", r->name, offset);
  append_hex (s, bytes, len);
  g_string_append (s, " ->");
  if (error_mode == GUTF8CONV_ERROR_MODE_SKIP)
    g_string_append (s, " nothing");
  else if (!r->utf8_input && error_mode == GUTF8CONV_ERROR_MODE_ESCAPE)
    /* A unit U+DC80..U+DCFF, in either byte order: its low byte. */
    g_string_append_printf (s, " byte %02X", len >= 2 && bytes[len - 2] == 0xDC ? bytes[len - 1] : bytes[0]);
  else if (!r->utf8_input || error_mode == GUTF8CONV_ERROR_MODE_REPLACE ||
           refused_character (r, offset, bytes, len))
    g_string_append (s, " U+FFFD");
  else
    for (gsize i = 0; i < len; i++)
      g_string_append_printf (s, " U+%04X", byte_character (r, bytes[i]));
  g_string_append_c (s, '\n');
}

static void
on_invalid_sequence (GUtf8ConvConverter *converter,
                     guint64             offset,
                     GBytes             *bytes,
                     gpointer            user_data)
{
  Reporter *r = user_data;
  g_autoptr(GString) s = g_string_new (NULL);
  gsize len;
  const guint8 *data = g_bytes_get_data (bytes, &len);

  (void) converter;
  append_report (s, r, offset, data, len);
  fwrite (s->str, 1, s->len, stderr);
  fflush (stderr);
}

void
reporter_connect (Reporter           *r,
                  GUtf8ConvConverter *converter)
{
  g_signal_connect (converter, "invalid-sequence", G_CALLBACK (on_invalid_sequence), r);
}
