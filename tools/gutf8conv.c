/* gutf8conv.c: the command-line converter
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A thin main() over GIO: each input file is read through a
 * GConverterInputStream and written to one output stream, so memory stays
 * constant whatever the size of the input.  Two different UTF-8 forms
 * (-f CESU-8 -t UTF-8) are one converter with an output profile.  What the tool does
 * is the gutf8conv(1) page of the manual (doc/gutf8conv.xml).
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <gio/gio.h>
#include <gio/gunixinputstream.h>
#include <gio/gunixoutputstream.h>

#include <gutf8conv/gutf8conv.h>

enum {
  EXIT_MALFORMED = 1,
  EXIT_TROUBLE = 2,
};

#define CHUNK_SIZE (64 * 1024)

/* Quotes for messages: typographic ones where the locale can show them,
 * plain ones elsewhere (g_printerr() would turn “” into ?? under C). */
static const char *lq = "\"", *rq = "\"";

static GUtf8ConvDirection direction;
static GUtf8ConvByteOrder byte_order;
static GUtf8ConvBomMode   bom_mode;
static GUtf8ConvErrorMode error_mode;
static GUtf8ConvProfile   profile;
/* Two different UTF-8 forms: profile is read, out_profile written
 * (the converter's output-profile; -1: the same form). */
static int                out_profile = -1;
/* What the byte-order hint suggests: "--byte-order=" or "-f UTF-32". */
static const char        *hint_prefix = "--byte-order=";

/* Option words beside the enum nicks, which are always accepted: short
 * forms, and the names iconv and ICU give the same things. */
typedef struct
{
  const char *word;
  const char *nick;
  gboolean    shown;   /* in messages, instead of the nick */
} Alias;

static const Alias byte_order_aliases[] = {
  { "be", "big-endian", TRUE },
  { "le", "little-endian", TRUE },
  { NULL, NULL, FALSE },
};

static const Alias error_mode_aliases[] = {
  { "iso-8859-1", "latin1", FALSE },
  { "latin-1", "latin1", FALSE },
  { "windows-1252", "cp1252", FALSE },
  { NULL, NULL, FALSE },
};

static const Alias profile_aliases[] = {
  { "utf-8", "unicode", FALSE },
  { "cesu-8", "cesu8", FALSE },
  { "mutf-8", "modified-utf8", FALSE },
  { "mutf8", "modified-utf8", FALSE },
  { "wtf-8", "wtf8", FALSE },
  { NULL, NULL, FALSE },
};

/* The words --help and error messages show for enum @type. */
static char *
accepted_words (GType        type,
                const Alias *aliases)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (type);
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < klass->n_values; i++)
    {
      const char *word = klass->values[i].value_nick;

      for (guint k = 0; aliases != NULL && aliases[k].word != NULL; k++)
        if (aliases[k].shown && strcmp (aliases[k].nick, word) == 0)
          word = aliases[k].word;
      g_string_append_printf (s, "%s%s", i > 0 ? ", " : "", word);
    }
  return g_string_free (s, FALSE);
}

/* Maps an option's word onto a value of enum @type: its nick or an alias,
 * in any case, so that every value the library gains is a word here. */
static gboolean
parse_enum (GType         type,
            const Alias  *aliases,
            const char   *option,
            const char   *word,
            int          *out,
            GError      **error)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (type);
  g_autofree char *accepted = NULL;
  const char *nick = word;

  for (guint i = 0; aliases != NULL && aliases[i].word != NULL; i++)
    if (g_ascii_strcasecmp (word, aliases[i].word) == 0)
      nick = aliases[i].nick;

  for (guint i = 0; i < klass->n_values; i++)
    if (g_ascii_strcasecmp (nick, klass->values[i].value_nick) == 0)
      {
        *out = klass->values[i].value;
        return TRUE;
      }

  accepted = accepted_words (type, aliases);
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               /* Translators: the first and third %s are quotes, then an
                * option, then the list of values it takes. */
               _("Invalid value %s%s%s for %s (accepted: %s)"), lq, word, rq, option, accepted);
  return FALSE;
}

/* The UTF-16 directions, asked of the library at run time: -1 when the
 * library in use has none. */
static int
utf16_direction (gboolean to_utf16)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (GUTF8CONV_TYPE_DIRECTION);
  GEnumValue *v = g_enum_get_value_by_nick (klass, to_utf16 ? "utf8-to-utf16" : "utf16-to-utf8");

  return v != NULL ? v->value : -1;
}

/* iconv's names (-f, -t, --list).  A UTF-8 form sets the profile; a wide
 * form sets the direction, and its suffix the byte order. */
typedef enum
{
  FAMILY_UTF8,
  FAMILY_UCS4,
  FAMILY_UTF16,
} Family;

typedef struct
{
  const char *name;
  Family      family;
  int         value;       /* the profile of a UTF-8 form; else the byte order, -1 for none */
  gboolean    signature;   /* UTF-16 and UTF-32: the schemes with a signature */
} CodeName;

static const CodeName code_names[] = {
  { "UTF-8", FAMILY_UTF8, GUTF8CONV_PROFILE_UNICODE, FALSE },
  { "CESU-8", FAMILY_UTF8, GUTF8CONV_PROFILE_CESU8, FALSE },
  { "MUTF-8", FAMILY_UTF8, GUTF8CONV_PROFILE_MODIFIED_UTF8, FALSE },
  { "WTF-8", FAMILY_UTF8, GUTF8CONV_PROFILE_WTF8, FALSE },
  { "UCS-4", FAMILY_UCS4, -1, FALSE },
  { "UCS-4BE", FAMILY_UCS4, GUTF8CONV_BYTE_ORDER_BIG_ENDIAN, FALSE },
  { "UCS-4LE", FAMILY_UCS4, GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN, FALSE },
  { "UTF-32", FAMILY_UCS4, -1, TRUE },
  { "UTF-32BE", FAMILY_UCS4, GUTF8CONV_BYTE_ORDER_BIG_ENDIAN, FALSE },
  { "UTF-32LE", FAMILY_UCS4, GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN, FALSE },
  { "UTF-16", FAMILY_UTF16, -1, TRUE },
  { "UTF-16BE", FAMILY_UTF16, GUTF8CONV_BYTE_ORDER_BIG_ENDIAN, FALSE },
  { "UTF-16LE", FAMILY_UTF16, GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN, FALSE },
};

static gboolean
code_name_available (const CodeName *c)
{
  return c->family != FAMILY_UTF16 || utf16_direction (TRUE) >= 0;
}

static char *
accepted_names (void)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (code_names); i++)
    if (code_name_available (&code_names[i]))
      g_string_append_printf (s, "%s%s", s->len > 0 ? ", " : "", code_names[i].name);
  return g_string_free (s, FALSE);
}

/* Whether @word names @name as iconv's aliases do: case, "-" and "_"
 * aside (UTF8, utf_8 and UTF-8 are one name; gutf8conv(1)). */
static gboolean
same_code_name (const char *word,
                const char *name)
{
  for (;;)
    {
      while (*word == '-' || *word == '_')
        word++;
      while (*name == '-' || *name == '_')
        name++;
      if (*word == '\0' || *name == '\0')
        return *word == *name;
      if (g_ascii_tolower (*word) != g_ascii_tolower (*name))
        return FALSE;
      word++, name++;
    }
}

static gboolean
parse_code_name (const char      *option,
                 const char      *word,
                 const CodeName **out,
                 GError         **error)
{
  g_autofree char *accepted = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (code_names); i++)
    if (same_code_name (word, code_names[i].name))
      {
        if (!code_name_available (&code_names[i]))
          {
            g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                                 _("UTF-16 is not available in this version of the library"));
            return FALSE;
          }
        *out = &code_names[i];
        return TRUE;
      }
  accepted = accepted_names ();
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               /* Translators: the first and third %s are quotes, then an
                * option, then the list of names it takes. */
               _("Unknown encoding %s%s%s for %s (accepted: %s)"), lq, word, rq, option, accepted);
  return FALSE;
}

static gboolean to_ucs4, to_utf8, to_utf16, from_utf16, repair, show_version, list, skip_invalid, report;
static char *byte_order_arg, *bom_arg, *on_error_arg, *profile_arg, *output_arg, *from_arg, *to_arg;
static char **files;
static const char *output_name;   /* stdout_name or -o FILE */
static char       *stdout_name;   /* _("(standard output)") in the locale's charset */
static const char *stdin_name;    /* _("(standard input)") */

static const GOptionEntry entries[] = {
  { "to-ucs4", 0, 0, G_OPTION_ARG_NONE, &to_ucs4, N_("Convert UTF-8 to UCS-4 (the default)"), NULL },
  { "to-utf8", 0, 0, G_OPTION_ARG_NONE, &to_utf8, N_("Convert UCS-4 to UTF-8"), NULL },
  { "to-utf16", 0, 0, G_OPTION_ARG_NONE, &to_utf16, N_("Convert UTF-8 to UTF-16"), NULL },
  { "from-utf16", 0, 0, G_OPTION_ARG_NONE, &from_utf16, N_("Convert UTF-16 to UTF-8"), NULL },
  { "repair", 0, 0, G_OPTION_ARG_NONE, &repair, N_("Validate and repair UTF-8: UTF-8 in, UTF-8 out"), NULL },
  { "from-code", 'f', 0, G_OPTION_ARG_STRING, &from_arg, N_("Read NAME, as iconv names it (see --list; default UTF-8)"), N_("NAME") },
  { "to-code", 't', 0, G_OPTION_ARG_STRING, &to_arg, N_("Write NAME, as iconv names it (see --list; default UTF-8)"), N_("NAME") },
  { "list", 'l', 0, G_OPTION_ARG_NONE, &list, N_("List the names -f and -t take, and exit"), NULL },
  { "byte-order", 0, 0, G_OPTION_ARG_STRING, &byte_order_arg, N_("Byte order of the UCS-4 or UTF-16 side: be (default when writing it), le, host, detect (default when reading it)"), N_("ORDER") },
  { "bom", 0, 0, G_OPTION_ARG_STRING, &bom_arg, N_("Signature at the start: keep (default), strip, insert"), N_("MODE") },
  { "on-error", 0, 0, G_OPTION_ARG_STRING, &on_error_arg, N_("Malformed input: strict (default), replace, skip, escape, latin1, cp1252"), N_("MODE") },
  { "skip-invalid", 'c', 0, G_OPTION_ARG_NONE, &skip_invalid, N_("Drop malformed input, as iconv -c does: the same as --on-error=skip"), NULL },
  { "profile", 0, 0, G_OPTION_ARG_STRING, &profile_arg, N_("UTF-8 variant: unicode (default), ucs4, cesu8, modified-utf8, wtf8"), N_("PROFILE") },
  { "report", 0, 0, G_OPTION_ARG_NONE, &report, N_("List each repaired sequence on standard error, one a line"), NULL },
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output_arg, N_("Write to FILE instead of standard output; FILE changes only when all went well"), N_("FILE") },
  { "version", 0, 0, G_OPTION_ARG_NONE, &show_version, N_("Show the version and exit"), NULL },
  { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_("[FILE...]") },
  G_OPTION_ENTRY_NULL
};

static gboolean
usage_error (GError     **error,
             const char  *message)
{
  g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, message);
  return FALSE;
}

/* -f and -t: what the names imply for the direction, the byte order and
 * the signature (the manual's gutf8conv-tool-names).  Returns FALSE on a
 * usage error.  *order_fixed tells that a BE/LE suffix set the order. */
static gboolean
apply_code_names (gboolean  *order_fixed,
                  GError   **error)
{
  const CodeName *from = &code_names[0], *to = &code_names[0], *wide;
  gboolean reading_wide;

  if (to_ucs4 || to_utf8 || to_utf16 || from_utf16 || repair)
    return usage_error (error, _("-f and -t cannot be combined with --to-ucs4, --to-utf8, "
                                 "--to-utf16, --from-utf16 or --repair: use one way or the other"));
  if (from_arg != NULL && !parse_code_name ("-f", from_arg, &from, error))
    return FALSE;
  if (to_arg != NULL && !parse_code_name ("-t", to_arg, &to, error))
    return FALSE;
  if (from->family != FAMILY_UTF8 && to->family != FAMILY_UTF8)
    return usage_error (error, _("One side of -f and -t must be a UTF-8 form: "
                                 "UTF-8, CESU-8, MUTF-8 or WTF-8"));
  if (profile_arg != NULL &&
      ((from->family == FAMILY_UTF8 && from->value != GUTF8CONV_PROFILE_UNICODE) ||
       (to->family == FAMILY_UTF8 && to->value != GUTF8CONV_PROFILE_UNICODE)))
    return usage_error (error, _("--profile cannot be combined with CESU-8, MUTF-8 or WTF-8, "
                                 "which are profiles: give --profile with UTF-8 only"));

  if (from->family == FAMILY_UTF8 && to->family == FAMILY_UTF8)
    {
      profile = from->value;
      direction = GUTF8CONV_DIRECTION_UTF8_TO_UTF8;
      if (from->value != to->value)
        out_profile = to->value;
      return TRUE;
    }

  reading_wide = from->family != FAMILY_UTF8;
  wide = reading_wide ? from : to;
  profile = (reading_wide ? to : from)->value;
  if (wide->family == FAMILY_UCS4)
    direction = reading_wide ? GUTF8CONV_DIRECTION_UCS4_TO_UTF8 : GUTF8CONV_DIRECTION_UTF8_TO_UCS4;
  else
    direction = utf16_direction (!reading_wide);

  /* BE/LE: that order, no signature (KEEP); UTF-16 and UTF-32: the
   * signature's order read and the signature dropped, big-endian with a
   * signature written; UCS-4: DETECT read, big-endian written, KEEP. */
  *order_fixed = wide->value >= 0;
  if (wide->value >= 0)
    byte_order = wide->value;
  else
    byte_order = reading_wide ? GUTF8CONV_BYTE_ORDER_DETECT : GUTF8CONV_BYTE_ORDER_BIG_ENDIAN;
  bom_mode = !wide->signature ? GUTF8CONV_BOM_KEEP
                              : reading_wide ? GUTF8CONV_BOM_STRIP : GUTF8CONV_BOM_INSERT;
  /* The hint names the same scheme with the other suffix. */
  hint_prefix = g_strdup_printf ("-f %.*s", wide->value >= 0 ? (int) strlen (wide->name) - 2
                                                             : (int) strlen (wide->name), wide->name);
  return TRUE;
}

static gboolean
parse_options (int      *argc,
               char   ***argv,
               GError  **error)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autofree char *summary = NULL;
  gboolean order_fixed = FALSE;
  int value;

  context = g_option_context_new (NULL);
  /* The option values (be, le, strict, ...) and option names are not to be
   * translated: the tool takes them as they are. */
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  /* Translators: the two %s are quotes around "-". */
  summary = g_strdup_printf (
    _("Convert each FILE (or standard input; %s-%s is standard input) between\n"
      "UTF-8 and UCS-4 (UTF-32) or UTF-16, or between two forms of UTF-8, or\n"
      "repair its UTF-8, and write the result to standard output."), lq, rq);
  g_option_context_set_summary (context, summary);
  g_option_context_set_description (context,
    _("Several files are converted as separate streams, each with its own\n"
      "signature handling and byte offsets, into one output stream; with\n"
      "--bom=insert the output carries one signature, at its start.\n"
      "\n"
      "Exit status: 0 on success, 1 on malformed input (the output before it\n"
      "is written), 2 on a usage or I/O error."));
  g_option_context_add_main_entries (context, entries, NULL);

  if (!g_option_context_parse (context, argc, argv, error))
    return FALSE;
  if (list || show_version)
    return TRUE;

  if (from_arg != NULL || to_arg != NULL)
    {
      if (!apply_code_names (&order_fixed, error))
        return FALSE;
    }
  else
    {
      if (to_ucs4 + to_utf8 + to_utf16 + from_utf16 + repair > 1)
        return usage_error (error, _("--to-ucs4, --to-utf8, --to-utf16, --from-utf16 and --repair "
                                     "exclude each other"));
      if ((to_utf16 || from_utf16) && utf16_direction (to_utf16) < 0)
        return usage_error (error, _("UTF-16 is not available in this version of the library"));
      if (repair)
        direction = GUTF8CONV_DIRECTION_UTF8_TO_UTF8;
      else if (to_utf8)
        direction = GUTF8CONV_DIRECTION_UCS4_TO_UTF8;
      else if (to_utf16 || from_utf16)
        direction = utf16_direction (to_utf16);
      else
        direction = GUTF8CONV_DIRECTION_UTF8_TO_UCS4;
      /* What a file user expects (as iconv's UCS-4 and Unicode's UTF-32):
       * big-endian written, the signature's order read. */
      byte_order = direction == GUTF8CONV_DIRECTION_UCS4_TO_UTF8 || from_utf16
                   ? GUTF8CONV_BYTE_ORDER_DETECT : GUTF8CONV_BYTE_ORDER_BIG_ENDIAN;
    }

  if (byte_order_arg != NULL)
    {
      if (order_fixed)
        return usage_error (error, _("--byte-order cannot be combined with a name ending in BE or LE, "
                                     "which gives the order"));
      if (!parse_enum (GUTF8CONV_TYPE_BYTE_ORDER, byte_order_aliases, "--byte-order",
                       byte_order_arg, &value, error))
        return FALSE;
      byte_order = value;
    }
  if (bom_arg != NULL)
    {
      if (!parse_enum (GUTF8CONV_TYPE_BOM_MODE, NULL, "--bom", bom_arg, &value, error))
        return FALSE;
      bom_mode = value;
    }
  if (on_error_arg != NULL)
    {
      if (!parse_enum (GUTF8CONV_TYPE_ERROR_MODE, error_mode_aliases, "--on-error", on_error_arg,
                       &value, error))
        return FALSE;
      if (skip_invalid && value != GUTF8CONV_ERROR_MODE_SKIP)
        return usage_error (error, _("-c (--skip-invalid) is --on-error=skip: it cannot be combined with another "
                                     "--on-error"));
      error_mode = value;
    }
  else if (skip_invalid)
    error_mode = GUTF8CONV_ERROR_MODE_SKIP;
  if (profile_arg != NULL)
    {
      if (!parse_enum (GUTF8CONV_TYPE_PROFILE, profile_aliases, "--profile", profile_arg, &value, error))
        return FALSE;
      profile = value;
    }
  /* Escaped bytes are lone surrogates, which no UTF-8 output can carry
   * (the manual's behaviour-repair): say so rather than stop later. */
  if (error_mode == GUTF8CONV_ERROR_MODE_ESCAPE &&
      direction == GUTF8CONV_DIRECTION_UTF8_TO_UTF8)
    return usage_error (error, _("--on-error=escape cannot be used when both sides are UTF-8: "
                                 "escaped bytes cannot be written as UTF-8 (use replace, skip, "
                                 "latin1 or cp1252)"));
  return TRUE;
}

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

/* "gutf8conv: NAME: TEXT".  NAME is written as the file system has it,
 * byte for byte, as iconv does: converting it to the locale would show a
 * name that cannot be typed back (? or "[Invalid UTF-8]"). */
static void
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

static void
append_hex (GString      *s,
            const guint8 *bytes,
            gsize         len)
{
  for (gsize i = 0; i < len; i++)
    g_string_append_printf (s, "%s%02X", i > 0 ? " " : "", bytes[i]);
}

/* --report: one line per repaired sequence, "NAME: byte N: BYTES -> WHAT"
 * (the manual's gutf8conv-tool-report): the input bytes in hex, and what
 * took their place: characters (U+XXXX ...), "nothing", or "byte XX"
 * when escape turns a unit back into its byte. */

/* The character escape, latin1 or cp1252 make of byte @b of a malformed
 * sequence: the library's own answer, a lone byte decoded in that mode. */
static gunichar
byte_character (guint8 b)
{
  static GUtf8ConvConverter *converter;
  guint32 unit = 0xFFFD;
  gsize read, written;

  if (converter == NULL)
    converter = gutf8conv_converter_new_full (GUTF8CONV_DIRECTION_UTF8_TO_UCS4, GUTF8CONV_BYTE_ORDER_HOST,
                                              GUTF8CONV_BOM_KEEP, error_mode, GUTF8CONV_PROFILE_UNICODE);
  g_converter_reset (G_CONVERTER (converter));
  g_converter_convert (G_CONVERTER (converter), &b, 1, &unit, sizeof unit, G_CONVERTER_INPUT_AT_END,
                       &read, &written, NULL);
  return unit;
}

/* Whether the @len bytes of a repair are a whole character of the input
 * form, which only the output form refused (two UTF-8 forms): the
 * library writes U+FFFD for it in every mode that writes something. */
static gboolean
refused_character (const guint8 *bytes,
                   gsize         len)
{
  g_autoptr(GUtf8ConvConverter) converter = NULL;
  guint32 units[8];
  gsize read, written;

  if (out_profile < 0 || len > 6)
    return FALSE;
  converter = gutf8conv_converter_new_full (GUTF8CONV_DIRECTION_UTF8_TO_UCS4, GUTF8CONV_BYTE_ORDER_HOST,
                                            GUTF8CONV_BOM_KEEP, GUTF8CONV_ERROR_MODE_STRICT, profile);
  return g_converter_convert (G_CONVERTER (converter), bytes, len, units, sizeof units,
                              G_CONVERTER_INPUT_AT_END, &read, &written, NULL) == G_CONVERTER_FINISHED &&
         read == len;
}

static void
append_report (GString      *s,
               const char   *name,
               guint64       offset,
               const guint8 *bytes,
               gsize         len,
               gboolean      utf8_input)
{
  g_string_append_printf (s, "%s: byte %" G_GUINT64_FORMAT ": ", name, offset);
  append_hex (s, bytes, len);
  g_string_append (s, " ->");
  if (error_mode == GUTF8CONV_ERROR_MODE_SKIP)
    g_string_append (s, " nothing");
  else if (!utf8_input && error_mode == GUTF8CONV_ERROR_MODE_ESCAPE)
    /* A unit U+DC80..U+DCFF, in either byte order: its low byte. */
    g_string_append_printf (s, " byte %02X", len >= 2 && bytes[len - 2] == 0xDC ? bytes[len - 1] : bytes[0]);
  else if (!utf8_input || error_mode == GUTF8CONV_ERROR_MODE_REPLACE || refused_character (bytes, len))
    g_string_append (s, " U+FFFD");
  else
    for (gsize i = 0; i < len; i++)
      g_string_append_printf (s, " U+%04X", byte_character (bytes[i]));
  g_string_append_c (s, '\n');
}

static void
write_stderr (GString *s)
{
  fwrite (s->str, 1, s->len, stderr);
  fflush (stderr);
  g_string_truncate (s, 0);
}

typedef struct
{
  const char *name;
  gboolean    utf8_input;
} Reporter;

static void
on_invalid_sequence (GUtf8ConvConverter *converter,
                     guint64             offset,
                     GBytes             *bytes,
                     gpointer            user_data)
{
  const Reporter *r = user_data;
  g_autoptr(GString) s = g_string_new (NULL);
  gsize len;
  const guint8 *data = g_bytes_get_data (bytes, &len);

  (void) converter;
  append_report (s, r->name, offset, data, len, r->utf8_input);
  write_stderr (s);
}

static gboolean
is_malformed_error (const GError *error)
{
  return g_error_matches (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA) ||
         g_error_matches (error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT);
}

/* A reader that went away: end quietly, as cat and every filter do, with
 * the status of a death by SIGPIPE (which this process ignores so that
 * it sees the error instead). */
G_GNUC_NORETURN static void
die_of_broken_pipe (void)
{
  signal (SIGPIPE, SIG_DFL);
  raise (SIGPIPE);
  _exit (128 + SIGPIPE);
}

static gboolean
write_output (GOutputStream *out,
              const void    *data,
              gsize          len)
{
  g_autoptr(GError) error = NULL;

  if (len == 0 || g_output_stream_write_all (out, data, len, NULL, NULL, &error))
    return TRUE;
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_BROKEN_PIPE))
    die_of_broken_pipe ();
  print_message (output_name, error->message);
  return FALSE;
}

/* The byte-order hint (the manual's gutf8conv-tool-hint): a strict error
 * in UCS-4 or UTF-16 read in one order, when the first units are all
 * invalid as read and all valid swapped (two at least, sixteen at most).
 * Returns "" or the hint. */
static gboolean
wide_unit_valid (const guint8 *p,
                 guint         size,
                 gboolean      big)
{
  guint32 v = 0;

  for (guint i = 0; i < size; i++)
    v = (v << 8) | p[big ? i : size - 1 - i];
  if (v >= 0xD800 && v < 0xE000)
    return profile == GUTF8CONV_PROFILE_WTF8;
  return v <= (profile == GUTF8CONV_PROFILE_UCS4 ? 0x7FFFFFFFu : 0x10FFFFu);
}

static char *
byte_order_hint (const guint8 *start,
                 gsize         len)
{
  guint size = direction == GUTF8CONV_DIRECTION_UCS4_TO_UTF8 ? 4 : 2;
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
      as_read += wide_unit_valid (start + i * size, size, big);
      swapped += wide_unit_valid (start + i * size, size, !big);
    }
  /* One unit is too little evidence. */
  if (n < 2 || as_read > 0 || swapped < n)
    return g_strdup ("");
  /* Translators: the %s are a word (little-endian or big-endian) and the
   * option to try, such as --byte-order=le or -f UTF-16LE. */
  return g_strdup_printf (_(" (the input looks %s: try %s%s)"),
                          big ? "little-endian" : "big-endian", hint_prefix,
                          g_str_has_prefix (hint_prefix, "-f") ? (big ? "LE" : "BE") : (big ? "le" : "be"));
}

/* Converts one input stream into @out through one converter.  Returns an
 * exit status; on failure prints one line naming @name. */
static int
convert_stream (GInputStream     *in,
                const char       *name,
                GUtf8ConvBomMode  bom,
                GOutputStream    *out,
                guint8           *buffer)
{
  g_autoptr(GUtf8ConvConverter) converter = NULL;
  g_autoptr(GInputStream) cin = NULL;
  g_autoptr(GBufferedInputStream) buffered = NULL;
  g_autoptr(GError) error = NULL;
  gboolean wide_input = direction == GUTF8CONV_DIRECTION_UCS4_TO_UTF8 ||
                        (int) direction == utf16_direction (FALSE);
  Reporter reporter = { name, !wide_input };
  guint8 start[64];
  gsize start_len = 0;

  /* Two UTF-8 forms are one converter (behaviour guide,
   * #behaviour-output-profile): offsets are the input's. */
  converter = g_object_new (GUTF8CONV_TYPE_CONVERTER, "direction", direction, "byte-order", byte_order,
                            "bom-mode", bom, "error-mode", error_mode, "profile", profile,
                            "output-profile", out_profile, NULL);
  if (report)
    g_signal_connect (converter, "invalid-sequence", G_CALLBACK (on_invalid_sequence), &reporter);
  /* The first units are kept for the byte-order hint. */
  if (wide_input)
    {
      buffered = G_BUFFERED_INPUT_STREAM (g_buffered_input_stream_new (in));
      if (g_buffered_input_stream_fill (buffered, sizeof start, NULL, NULL) > 0)
        start_len = g_buffered_input_stream_peek (buffered, start, 0, sizeof start);
      in = G_INPUT_STREAM (buffered);
    }
  cin = g_converter_input_stream_new (in, G_CONVERTER (converter));

  for (;;)
    {
      gssize n = g_input_stream_read (cin, buffer, CHUNK_SIZE, NULL, &error);

      if (n < 0)
        {
          g_autofree char *hint = NULL;
          g_autofree char *text = NULL;

          if (wide_input && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA))
            hint = byte_order_hint (start, start_len);
          text = g_strconcat (error->message, hint, NULL);
          print_message (name, text);
          return is_malformed_error (error) ? EXIT_MALFORMED : EXIT_TROUBLE;
        }
      if (n == 0)
        return EXIT_SUCCESS;
      if (!write_output (out, buffer, n))
        return EXIT_TROUBLE;
    }
}

/* @name opened for reading; errors name the file once, as the system
 * says it (“No such file or directory”). */
static GInputStream *
open_input (const char  *name,
            GError     **error)
{
  struct stat st;
  int fd;

  if (g_strcmp0 (name, "-") == 0)
    return g_unix_input_stream_new (STDIN_FILENO, FALSE);

  fd = g_open (name, O_RDONLY | O_CLOEXEC, 0);
  if (fd >= 0 && fstat (fd, &st) == 0 && S_ISDIR (st.st_mode))
    {
      close (fd);
      fd = -1;
      errno = EISDIR;
    }
  if (fd < 0)
    {
      int saved_errno = errno;

      g_set_error_literal (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                           g_strerror (saved_errno));
      return NULL;
    }
  return g_unix_input_stream_new (fd, TRUE);
}

/* Where -o writes (the manual's gutf8conv-tool-output): as iconv and a
 * shell's > allow, and only when all went well.  A regular file (or a new
 * one) is written to a temporary file, which then replaces it by a rename
 * when the directory allows one and the file stays the user's own; else
 * (a directory the user cannot write, a file owned by someone else) the
 * temporary file is made elsewhere and copied into the file, which keeps
 * its owner.  A target the user may not write is refused at once.
 * Anything else (a device, a pipe) is written in place, as > does. */
typedef struct
{
  char *target;     /* the file replaced, symbolic links followed */
  char *temp;       /* NULL when writing in place */
  int   fd;
  gboolean existed;
  gboolean copy;    /* copy temp into target rather than rename it */
  struct stat st;
} Output;

/* The temporary file that SIGINT, SIGTERM and SIGHUP remove. */
static char *volatile signal_temp;
static const int fatal_signals[] = { SIGINT, SIGTERM, SIGHUP };

static void
on_fatal_signal (int sig)
{
  char *temp = signal_temp;

  if (temp != NULL)
    unlink (temp);
  /* Die of the signal, as if untouched: a shell sees 128 + sig. */
  signal (sig, SIG_DFL);
  raise (sig);
}

static void
block_fatal_signals (gboolean block)
{
  sigset_t set;

  sigemptyset (&set);
  for (guint i = 0; i < G_N_ELEMENTS (fatal_signals); i++)
    sigaddset (&set, fatal_signals[i]);
  sigprocmask (block ? SIG_BLOCK : SIG_UNBLOCK, &set, NULL);
}

static void
catch_fatal_signals (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (fatal_signals); i++)
    {
      struct sigaction sa, old;

      /* A signal ignored on purpose (nohup) stays ignored. */
      if (sigaction (fatal_signals[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
        continue;
      memset (&sa, 0, sizeof sa);
      sa.sa_handler = on_fatal_signal;
      sigemptyset (&sa.sa_mask);
      for (guint k = 0; k < G_N_ELEMENTS (fatal_signals); k++)
        sigaddset (&sa.sa_mask, fatal_signals[k]);
      sigaction (fatal_signals[i], &sa, NULL);
    }
}

static gboolean
set_errno_error (GError **error,
                 int      saved_errno)
{
  g_set_error_literal (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                       g_strerror (saved_errno));
  return FALSE;
}

static gboolean
make_temp (Output     *o,
           const char *dir)
{
  int saved_errno;

  o->temp = g_build_filename (dir, ".gutf8conv-XXXXXX", NULL);
  block_fatal_signals (TRUE);
  o->fd = g_mkstemp_full (o->temp, O_WRONLY | O_CLOEXEC, 0600);
  saved_errno = errno;
  if (o->fd >= 0)
    signal_temp = o->temp;
  else
    g_clear_pointer (&o->temp, g_free);
  block_fatal_signals (FALSE);
  errno = saved_errno;
  return o->fd >= 0;
}

static gboolean
output_open (Output      *o,
             const char  *name,
             GError     **error)
{
  g_autofree char *dir = NULL;

  memset (o, 0, sizeof *o);
  o->fd = -1;
  if (g_stat (name, &o->st) == 0)
    {
      o->existed = TRUE;
      if (!S_ISREG (o->st.st_mode))
        {
          o->fd = g_open (name, O_WRONLY | O_TRUNC | O_CLOEXEC, 0666);
          return o->fd >= 0 || set_errno_error (error, errno);
        }
      /* As > and iconv: a file the user may not write is refused. */
      if (access (name, W_OK) != 0)
        return set_errno_error (error, errno);
      o->target = realpath (name, NULL);
      if (o->target == NULL)
        return set_errno_error (error, errno);
      /* A rename would make the file this user's: write into it instead. */
      o->copy = geteuid () != 0 && o->st.st_uid != geteuid ();
    }
  else if (errno == ENOENT)
    o->target = g_strdup (name);
  else
    return set_errno_error (error, errno);

  dir = g_path_get_dirname (o->target);
  if (make_temp (o, dir))
    return TRUE;
  /* A file that may be written in a directory that may not: the
   * temporary file goes where temporary files go. */
  if (o->existed && (errno == EACCES || errno == EPERM || errno == EROFS))
    {
      int saved_errno = errno;

      if (make_temp (o, g_get_tmp_dir ()))
        {
          o->copy = TRUE;
          return TRUE;
        }
      errno = saved_errno;
    }
  set_errno_error (error, errno);
  g_clear_pointer (&o->target, free);
  return FALSE;
}

/* The temporary file's contents into the target, in place. */
static gboolean
copy_into (const char *from,
           const char *to)
{
  g_autofree guint8 *buffer = g_malloc (CHUNK_SIZE);
  int in = g_open (from, O_RDONLY | O_CLOEXEC, 0);
  int out = in >= 0 ? g_open (to, O_WRONLY | O_TRUNC | O_CLOEXEC, 0) : -1;
  gboolean ok = out >= 0;
  int saved_errno = errno;

  while (ok)
    {
      gssize n = read (in, buffer, CHUNK_SIZE);

      if (n <= 0)
        {
          ok = n == 0;
          break;
        }
      for (gssize done = 0; ok && done < n;)
        {
          gssize w = write (out, buffer + done, n - done);

          ok = w > 0;
          done += ok ? w : 0;
        }
    }
  if (!ok)
    saved_errno = errno;
  if (out >= 0 && close (out) != 0 && ok)
    {
      ok = FALSE;
      saved_errno = errno;
    }
  if (in >= 0)
    close (in);
  errno = saved_errno;
  return ok;
}

/* After the stream on o->fd is closed: the temporary file takes the
 * place and the permissions of the target, or is copied into it, or
 * goes. */
static gboolean
output_finish (Output    *o,
               gboolean   success,
               GError   **error)
{
  gboolean ok = TRUE;

  if (o->temp == NULL)
    return TRUE;
  /* A signal now would leave the target half copied. */
  block_fatal_signals (TRUE);
  if (success && o->copy)
    {
      if (!copy_into (o->temp, o->target))
        ok = set_errno_error (error, errno);
    }
  else if (success)
    {
      mode_t mode;

      if (o->existed)
        mode = o->st.st_mode & 07777;
      else
        {
          mode_t mask = umask (0);

          umask (mask);
          mode = 0666 & ~mask;
        }
      if (g_chmod (o->temp, mode) != 0 || g_rename (o->temp, o->target) != 0)
        ok = set_errno_error (error, errno);
      else
        {
          g_clear_pointer (&o->temp, g_free);
          /* Root keeps the owner too (nobody else renames over another's
           * file: they copy into it). */
          if (o->existed && geteuid () == 0 &&
              chown (o->target, o->st.st_uid, o->st.st_gid) != 0)
            {
              /* The contents are in place; the owner is a detail. */
            }
        }
    }
  if (o->temp != NULL)
    g_unlink (o->temp);
  signal_temp = NULL;
  block_fatal_signals (FALSE);
  g_free (o->target);
  g_free (o->temp);
  return ok;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GOutputStream) out = NULL;
  g_autofree guint8 *buffer = NULL;
  static char *stdin_only[] = { (char *) "-", NULL };
  Output output = { NULL, NULL, -1, FALSE, FALSE, { 0 } };
  g_autoptr(GString) text = g_string_new (NULL);
  char **names;
  int status = EXIT_SUCCESS;
  gboolean closed;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  if (g_get_charset (NULL))
    lq = "\xe2\x80\x9c", rq = "\xe2\x80\x9d";
  /* The names in messages are written as bytes: these two in the
   * locale's charset. */
  append_text (text, _("(standard output)"));
  output_name = stdout_name = g_strdup (text->str);
  g_string_truncate (text, 0);
  append_text (text, _("(standard input)"));
  stdin_name = g_strdup (text->str);
  /* A closed pipe shows as EPIPE, handled where it happens. */
  signal (SIGPIPE, SIG_IGN);

  if (!parse_options (&argc, &argv, &error))
    {
      print_message (NULL, error->message);
      /* Translators: the two %s are quotes around "gutf8conv --help". */
      g_printerr (_("Try %sgutf8conv --help%s for more information.\n"), lq, rq);
      return EXIT_TROUBLE;
    }

  if (show_version)
    {
      g_print ("gutf8conv %s\n", GUTF8CONV_VERSION_S);
      return EXIT_SUCCESS;
    }
  if (list)
    {
      for (guint i = 0; i < G_N_ELEMENTS (code_names); i++)
        if (code_name_available (&code_names[i]))
          g_print ("%s\n", code_names[i].name);
      return EXIT_SUCCESS;
    }

  if (output_arg != NULL)
    {
      catch_fatal_signals ();
      if (!output_open (&output, output_arg, &error))
        {
          print_message (output_arg, error->message);
          return EXIT_TROUBLE;
        }
      out = g_unix_output_stream_new (output.fd, TRUE);
      output_name = output_arg;
    }
  else
    out = g_unix_output_stream_new (STDOUT_FILENO, FALSE);

  buffer = g_malloc (CHUNK_SIZE);
  names = files != NULL && files[0] != NULL ? files : stdin_only;

  /* Stop at the first file that fails: what follows would land in the
   * output at the wrong place. */
  for (guint i = 0; names[i] != NULL && status == EXIT_SUCCESS; i++)
    {
      g_autoptr(GInputStream) in = NULL;
      GUtf8ConvBomMode bom = bom_mode;
      const char *display = g_strcmp0 (names[i], "-") == 0 ? stdin_name : names[i];

      /* One signature for the whole output: only the first file may
       * insert it; the others drop their own. */
      if (bom == GUTF8CONV_BOM_INSERT && i > 0)
        bom = GUTF8CONV_BOM_STRIP;

      in = open_input (names[i], &error);
      if (in == NULL)
        {
          print_message (display, error->message);
          status = EXIT_TROUBLE;
          break;
        }
      status = convert_stream (in, display, bom, out, buffer);
    }

  g_clear_error (&error);
  closed = g_output_stream_close (out, NULL, &error);
  if (!closed && status == EXIT_SUCCESS)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_BROKEN_PIPE))
        die_of_broken_pipe ();
      print_message (output_name, error->message);
      status = EXIT_TROUBLE;
    }
  g_clear_error (&error);
  if (output_arg != NULL && !output_finish (&output, status == EXIT_SUCCESS, &error))
    {
      print_message (output_name, error->message);
      status = EXIT_TROUBLE;
    }

  g_strfreev (files);
  g_free (byte_order_arg);
  g_free (bom_arg);
  g_free (on_error_arg);
  g_free (profile_arg);
  g_free (from_arg);
  g_free (to_arg);
  g_free (output_arg);

  return status;
}
