/* gutf8conv-tool-options.c: the command line, and the names of forms and modes
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "gutf8conv-tool.h"

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
               _("Invalid value %s%s%s for %s (accepted: %s)"), messages_lq (), word, messages_rq (),
               option, accepted);
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

gboolean
options_wide_input (const Options *options)
{
  return options->direction == GUTF8CONV_DIRECTION_UCS4_TO_UTF8 ||
         (int) options->direction == utf16_direction (FALSE);
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

void
options_print_names (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (code_names); i++)
    if (code_name_available (&code_names[i]))
      g_print ("%s\n", code_names[i].name);
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
               _("Unknown encoding %s%s%s for %s (accepted: %s)"), messages_lq (), word, messages_rq (),
               option, accepted);
  return FALSE;
}

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
apply_code_names (Options   *o,
                  gboolean  *order_fixed,
                  GError   **error)
{
  const CodeName *from = &code_names[0], *to = &code_names[0], *wide;
  gboolean reading_wide;

  if (o->to_ucs4 || o->to_utf8 || o->to_utf16 || o->from_utf16 || o->repair)
    return usage_error (error, _("-f and -t cannot be combined with --to-ucs4, --to-utf8, "
                                 "--to-utf16, --from-utf16 or --repair: use one way or the other"));
  if (o->from_arg != NULL && !parse_code_name ("-f", o->from_arg, &from, error))
    return FALSE;
  if (o->to_arg != NULL && !parse_code_name ("-t", o->to_arg, &to, error))
    return FALSE;
  if (from->family != FAMILY_UTF8 && to->family != FAMILY_UTF8)
    return usage_error (error, _("One side of -f and -t must be a UTF-8 form: "
                                 "UTF-8, CESU-8, MUTF-8 or WTF-8"));
  if (o->profile_arg != NULL &&
      ((from->family == FAMILY_UTF8 && from->value != GUTF8CONV_PROFILE_UNICODE) ||
       (to->family == FAMILY_UTF8 && to->value != GUTF8CONV_PROFILE_UNICODE)))
    return usage_error (error, _("--profile cannot be combined with CESU-8, MUTF-8 or WTF-8, "
                                 "which are profiles: give --profile with UTF-8 only"));

  if (from->family == FAMILY_UTF8 && to->family == FAMILY_UTF8)
    {
      o->profile = from->value;
      o->direction = GUTF8CONV_DIRECTION_UTF8_TO_UTF8;
      if (from->value != to->value)
        o->out_profile = to->value;
      return TRUE;
    }

  reading_wide = from->family != FAMILY_UTF8;
  wide = reading_wide ? from : to;
  o->profile = (reading_wide ? to : from)->value;
  if (wide->family == FAMILY_UCS4)
    o->direction = reading_wide ? GUTF8CONV_DIRECTION_UCS4_TO_UTF8 : GUTF8CONV_DIRECTION_UTF8_TO_UCS4;
  else
    o->direction = utf16_direction (!reading_wide);

  /* BE/LE: that order, no signature (KEEP); UTF-16 and UTF-32: the
   * signature's order read and the signature dropped, big-endian with a
   * signature written; UCS-4: DETECT read, big-endian written, KEEP. */
  *order_fixed = wide->value >= 0;
  if (wide->value >= 0)
    o->byte_order = wide->value;
  else
    o->byte_order = reading_wide ? GUTF8CONV_BYTE_ORDER_DETECT : GUTF8CONV_BYTE_ORDER_BIG_ENDIAN;
  o->bom_mode = !wide->signature ? GUTF8CONV_BOM_KEEP
                                 : reading_wide ? GUTF8CONV_BOM_STRIP : GUTF8CONV_BOM_INSERT;
  /* The hint names the same scheme with the other suffix. */
  o->hint_prefix = g_strdup_printf ("-f %.*s", wide->value >= 0 ? (int) strlen (wide->name) - 2
                                                                : (int) strlen (wide->name), wide->name);
  return TRUE;
}

/* --to-ucs4, --to-utf8, --to-utf16, --from-utf16 and --repair. */
static gboolean
apply_direction_options (Options  *o,
                         GError  **error)
{
  if (o->to_ucs4 + o->to_utf8 + o->to_utf16 + o->from_utf16 + o->repair > 1)
    return usage_error (error, _("--to-ucs4, --to-utf8, --to-utf16, --from-utf16 and --repair "
                                 "exclude each other"));
  if ((o->to_utf16 || o->from_utf16) && utf16_direction (o->to_utf16) < 0)
    return usage_error (error, _("UTF-16 is not available in this version of the library"));
  if (o->repair)
    o->direction = GUTF8CONV_DIRECTION_UTF8_TO_UTF8;
  else if (o->to_utf8)
    o->direction = GUTF8CONV_DIRECTION_UCS4_TO_UTF8;
  else if (o->to_utf16 || o->from_utf16)
    o->direction = utf16_direction (o->to_utf16);
  else
    o->direction = GUTF8CONV_DIRECTION_UTF8_TO_UCS4;
  /* What a file user expects (as iconv's UCS-4 and Unicode's UTF-32):
   * big-endian written, the signature's order read. */
  o->byte_order = o->direction == GUTF8CONV_DIRECTION_UCS4_TO_UTF8 || o->from_utf16
                  ? GUTF8CONV_BYTE_ORDER_DETECT : GUTF8CONV_BYTE_ORDER_BIG_ENDIAN;
  return TRUE;
}

/* --byte-order, --bom, --on-error (-c) and --profile, over what the
 * direction options or the names set. */
static gboolean
apply_mode_options (Options   *o,
                    gboolean   order_fixed,
                    GError   **error)
{
  int value;

  if (o->byte_order_arg != NULL)
    {
      if (order_fixed)
        return usage_error (error, _("--byte-order cannot be combined with a name ending in BE or LE, "
                                     "which gives the order"));
      if (!parse_enum (GUTF8CONV_TYPE_BYTE_ORDER, byte_order_aliases, "--byte-order",
                       o->byte_order_arg, &value, error))
        return FALSE;
      o->byte_order = value;
    }
  if (o->bom_arg != NULL)
    {
      if (!parse_enum (GUTF8CONV_TYPE_BOM_MODE, NULL, "--bom", o->bom_arg, &value, error))
        return FALSE;
      o->bom_mode = value;
    }
  if (o->on_error_arg != NULL)
    {
      if (!parse_enum (GUTF8CONV_TYPE_ERROR_MODE, error_mode_aliases, "--on-error", o->on_error_arg,
                       &value, error))
        return FALSE;
      if (o->skip_invalid && value != GUTF8CONV_ERROR_MODE_SKIP)
        return usage_error (error, _("-c (--skip-invalid) is --on-error=skip: it cannot be combined with another "
                                     "--on-error"));
      o->error_mode = value;
    }
  else if (o->skip_invalid)
    o->error_mode = GUTF8CONV_ERROR_MODE_SKIP;
  if (o->profile_arg != NULL)
    {
      if (!parse_enum (GUTF8CONV_TYPE_PROFILE, profile_aliases, "--profile", o->profile_arg, &value, error))
        return FALSE;
      o->profile = value;
    }
  /* Escaped bytes are lone surrogates, which no UTF-8 output can carry
   * (the manual's behaviour-repair): say so rather than stop later. */
  if (o->error_mode == GUTF8CONV_ERROR_MODE_ESCAPE &&
      o->direction == GUTF8CONV_DIRECTION_UTF8_TO_UTF8)
    return usage_error (error, _("--on-error=escape cannot be used when both sides are UTF-8: "
                                 "escaped bytes cannot be written as UTF-8 (use replace, skip, "
                                 "latin1 or cp1252)"));
  return TRUE;
}

/* The options, --help's summary and description. */
static GOptionContext *
option_context (Options *o)
{
  const GOptionEntry entries[] = {
    { "to-ucs4", 0, 0, G_OPTION_ARG_NONE, &o->to_ucs4, N_("Convert UTF-8 to UCS-4 (the default)"), NULL },
    { "to-utf8", 0, 0, G_OPTION_ARG_NONE, &o->to_utf8, N_("Convert UCS-4 to UTF-8"), NULL },
    { "to-utf16", 0, 0, G_OPTION_ARG_NONE, &o->to_utf16, N_("Convert UTF-8 to UTF-16"), NULL },
    { "from-utf16", 0, 0, G_OPTION_ARG_NONE, &o->from_utf16, N_("Convert UTF-16 to UTF-8"), NULL },
    { "repair", 0, 0, G_OPTION_ARG_NONE, &o->repair, N_("Validate and repair UTF-8: UTF-8 in, UTF-8 out"), NULL },
    { "from-code", 'f', 0, G_OPTION_ARG_STRING, &o->from_arg, N_("Read NAME, as iconv names it (see --list; default UTF-8)"), N_("NAME") },
    { "to-code", 't', 0, G_OPTION_ARG_STRING, &o->to_arg, N_("Write NAME, as iconv names it (see --list; default UTF-8)"), N_("NAME") },
    { "list", 'l', 0, G_OPTION_ARG_NONE, &o->list, N_("List the names -f and -t take, and exit"), NULL },
    { "byte-order", 0, 0, G_OPTION_ARG_STRING, &o->byte_order_arg, N_("Byte order of the UCS-4 or UTF-16 side: be (default when writing it), le, host, detect (default when reading it)"), N_("ORDER") },
    { "bom", 0, 0, G_OPTION_ARG_STRING, &o->bom_arg, N_("Signature at the start: keep (default), strip, insert"), N_("MODE") },
    { "on-error", 0, 0, G_OPTION_ARG_STRING, &o->on_error_arg, N_("Malformed input: strict (default), replace, skip, escape, latin1, cp1252"), N_("MODE") },
    { "skip-invalid", 'c', 0, G_OPTION_ARG_NONE, &o->skip_invalid, N_("Drop malformed input, as iconv -c does: the same as --on-error=skip"), NULL },
    { "profile", 0, 0, G_OPTION_ARG_STRING, &o->profile_arg, N_("UTF-8 variant: unicode (default), ucs4, cesu8, modified-utf8, wtf8"), N_("PROFILE") },
    { "report", 0, 0, G_OPTION_ARG_NONE, &o->report, N_("List each repaired sequence on standard error, one a line"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &o->output_arg, N_("Write to FILE instead of standard output; FILE changes only when all went well"), N_("FILE") },
    { "version", 0, 0, G_OPTION_ARG_NONE, &o->show_version, N_("Show the version and exit"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &o->files, NULL, N_("[FILE...]") },
    G_OPTION_ENTRY_NULL
  };
  GOptionContext *context = g_option_context_new (NULL);
  g_autofree char *summary = NULL;

  /* The option values (be, le, strict, ...) and option names are not to be
   * translated: the tool takes them as they are. */
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  /* Translators: the two %s are quotes around "-". */
  summary = g_strdup_printf (
    _("Convert each FILE (or standard input; %s-%s is standard input) between\n"
      "UTF-8 and UCS-4 (UTF-32) or UTF-16, or between two forms of UTF-8, or\n"
      "repair its UTF-8, and write the result to standard output."), messages_lq (), messages_rq ());
  g_option_context_set_summary (context, summary);
  g_option_context_set_description (context,
    _("Several files are converted as separate streams, each with its own\n"
      "signature handling and byte offsets, into one output stream; with\n"
      "--bom=insert the output carries one signature, at its start.\n"
      "\n"
      "Exit status: 0 on success, 1 on malformed input (the output before it\n"
      "is written), 2 on a usage or I/O error."));
  g_option_context_add_main_entries (context, entries, NULL);
  return context;
}

gboolean
options_parse (Options   *options,
               int       *argc,
               char    ***argv,
               GError   **error)
{
  g_autoptr(GOptionContext) context = option_context (options);
  gboolean order_fixed = FALSE;

  if (!g_option_context_parse (context, argc, argv, error))
    return FALSE;
  if (options->list || options->show_version)
    return TRUE;

  if (options->from_arg != NULL || options->to_arg != NULL)
    {
      if (!apply_code_names (options, &order_fixed, error))
        return FALSE;
    }
  else if (!apply_direction_options (options, error))
    return FALSE;
  return apply_mode_options (options, order_fixed, error);
}

void
options_clear (Options *options)
{
  g_clear_pointer (&options->hint_prefix, g_free);
  g_clear_pointer (&options->byte_order_arg, g_free);
  g_clear_pointer (&options->bom_arg, g_free);
  g_clear_pointer (&options->on_error_arg, g_free);
  g_clear_pointer (&options->profile_arg, g_free);
  g_clear_pointer (&options->output_arg, g_free);
  g_clear_pointer (&options->from_arg, g_free);
  g_clear_pointer (&options->to_arg, g_free);
  g_clear_pointer (&options->files, g_strfreev);
}
