/* gutf8conv.c: the command-line converter
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A thin main() over GIO: each input file is read through a
 * GConverterInputStream and written to one output stream, so memory stays
 * constant whatever the size of the input.
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

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

typedef struct
{
  GUtf8ConvDirection direction;
  GUtf8ConvByteOrder byte_order;
  GUtf8ConvBomMode   bom_mode;
  GUtf8ConvErrorMode error_mode;
  GUtf8ConvProfile   profile;
} Options;

/* Maps an option's word onto an enum value by the enum's nick, with short
 * aliases for the byte orders. */
static gboolean
parse_enum (GType        type,
            const char  *option,
            const char  *value,
            int         *out,
            GError     **error)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (type);
  GEnumValue *v;

  if (type == GUTF8CONV_TYPE_BYTE_ORDER && g_strcmp0 (value, "be") == 0)
    value = "big-endian";
  else if (type == GUTF8CONV_TYPE_BYTE_ORDER && g_strcmp0 (value, "le") == 0)
    value = "little-endian";

  v = g_enum_get_value_by_nick (klass, value);
  if (v == NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "Invalid value “%s” for %s", value, option);
      return FALSE;
    }
  *out = v->value;
  return TRUE;
}

static Options opts;
static gboolean to_ucs4, to_utf8, show_version;
static char *byte_order_arg, *bom_arg, *on_error_arg, *profile_arg, *output_arg;
static char **files;
static const char *output_name = "(standard output)";

static const GOptionEntry entries[] = {
  { "to-ucs4", 0, 0, G_OPTION_ARG_NONE, &to_ucs4, "Convert UTF-8 to UCS-4 (the default)", NULL },
  { "to-utf8", 0, 0, G_OPTION_ARG_NONE, &to_utf8, "Convert UCS-4 to UTF-8", NULL },
  { "byte-order", 0, 0, G_OPTION_ARG_STRING, &byte_order_arg, "Byte order of the UCS-4 side: host (default), be, le", "ORDER" },
  { "bom", 0, 0, G_OPTION_ARG_STRING, &bom_arg, "Signature at the start: keep (default), strip, insert", "MODE" },
  { "on-error", 0, 0, G_OPTION_ARG_STRING, &on_error_arg, "Malformed input: strict (default), replace, skip, escape", "MODE" },
  { "profile", 0, 0, G_OPTION_ARG_STRING, &profile_arg, "Code space: unicode (default, up to U+10FFFF), ucs4 (31 bits, 1-6 octets)", "PROFILE" },
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output_arg, "Write to FILE instead of standard output", "FILE" },
  { "version", 0, 0, G_OPTION_ARG_NONE, &show_version, "Show the version and exit", NULL },
  { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, "[FILE...]" },
  G_OPTION_ENTRY_NULL
};

static gboolean
parse_options (int      *argc,
               char   ***argv,
               GError  **error)
{
  g_autoptr(GOptionContext) context = NULL;
  int value;

  context = g_option_context_new (NULL);
  g_option_context_set_summary (context,
    "Convert each FILE (or standard input; “-” is standard input) between\n"
    "UTF-8 and UCS-4 (UTF-32), and write the result to standard output.");
  g_option_context_set_description (context,
    "Several files are converted as separate streams, each with its own\n"
    "signature handling and byte offsets, into one output stream; with\n"
    "--bom=insert the output carries one signature, at its start.\n"
    "\n"
    "Exit status: 0 on success, 1 on malformed input (the output before it\n"
    "is written), 2 on a usage or I/O error.");
  g_option_context_add_main_entries (context, entries, NULL);

  if (!g_option_context_parse (context, argc, argv, error))
    return FALSE;

  if (to_ucs4 && to_utf8)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           "--to-ucs4 and --to-utf8 exclude each other");
      return FALSE;
    }
  opts.direction = to_utf8 ? GUTF8CONV_DIRECTION_UCS4_TO_UTF8 : GUTF8CONV_DIRECTION_UTF8_TO_UCS4;

  if (byte_order_arg != NULL)
    {
      if (!parse_enum (GUTF8CONV_TYPE_BYTE_ORDER, "--byte-order", byte_order_arg, &value, error))
        return FALSE;
      opts.byte_order = value;
    }
  if (bom_arg != NULL)
    {
      if (!parse_enum (GUTF8CONV_TYPE_BOM_MODE, "--bom", bom_arg, &value, error))
        return FALSE;
      opts.bom_mode = value;
    }
  if (on_error_arg != NULL)
    {
      if (!parse_enum (GUTF8CONV_TYPE_ERROR_MODE, "--on-error", on_error_arg, &value, error))
        return FALSE;
      opts.error_mode = value;
    }
  if (profile_arg != NULL)
    {
      if (!parse_enum (GUTF8CONV_TYPE_PROFILE, "--profile", profile_arg, &value, error))
        return FALSE;
      opts.profile = value;
    }
  return TRUE;
}

static gboolean
is_malformed_error (const GError *error)
{
  return g_error_matches (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA) ||
         g_error_matches (error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT);
}

/* Converts one input stream into @out.  Returns an exit status; on
 * failure prints one line naming @name. */
static int
convert_stream (GInputStream     *in,
                const char       *name,
                GUtf8ConvBomMode  bom_mode,
                GOutputStream    *out,
                guint8           *buffer)
{
  g_autoptr(GUtf8ConvConverter) converter = NULL;
  g_autoptr(GInputStream) cin = NULL;
  g_autoptr(GError) error = NULL;

  converter = g_object_new (GUTF8CONV_TYPE_CONVERTER,
                            "direction", opts.direction,
                            "byte-order", opts.byte_order,
                            "bom-mode", bom_mode,
                            "error-mode", opts.error_mode,
                            "profile", opts.profile,
                            NULL);
  cin = g_converter_input_stream_new (in, G_CONVERTER (converter));

  for (;;)
    {
      gssize n = g_input_stream_read (cin, buffer, CHUNK_SIZE, NULL, &error);

      if (n < 0)
        {
          g_printerr ("gutf8conv: %s: %s\n", name, error->message);
          return is_malformed_error (error) ? EXIT_MALFORMED : EXIT_TROUBLE;
        }
      if (n == 0)
        return EXIT_SUCCESS;
      if (!g_output_stream_write_all (out, buffer, n, NULL, NULL, &error))
        {
          g_printerr ("gutf8conv: %s: %s\n", output_name, error->message);
          return EXIT_TROUBLE;
        }
    }
}

static GInputStream *
open_input (const char  *name,
            GError     **error)
{
  g_autoptr(GFile) file = NULL;

  if (g_strcmp0 (name, "-") == 0)
    return g_unix_input_stream_new (STDIN_FILENO, FALSE);

  file = g_file_new_for_commandline_arg (name);
  return G_INPUT_STREAM (g_file_read (file, NULL, error));
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GOutputStream) out = NULL;
  g_autofree guint8 *buffer = NULL;
  static char *stdin_only[] = { (char *) "-", NULL };
  char **names;
  int status = EXIT_SUCCESS;

  setlocale (LC_ALL, "");
  /* A closed pipe is an I/O error with a message, not a silent death. */
  signal (SIGPIPE, SIG_IGN);

  if (!parse_options (&argc, &argv, &error))
    {
      g_printerr ("gutf8conv: %s\n", error->message);
      g_printerr ("Try “gutf8conv --help” for more information.\n");
      return EXIT_TROUBLE;
    }

  if (show_version)
    {
      g_print ("gutf8conv %s\n", GUTF8CONV_VERSION_S);
      return EXIT_SUCCESS;
    }

  if (output_arg != NULL)
    {
      /* Open and truncate, as a shell redirection does, so that devices
       * and pipes work as well as regular files. */
      int fd = g_open (output_arg, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);

      if (fd < 0)
        {
          int saved_errno = errno;

          g_printerr ("gutf8conv: %s: %s\n", output_arg, g_strerror (saved_errno));
          return EXIT_TROUBLE;
        }
      out = g_unix_output_stream_new (fd, TRUE);
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
      GUtf8ConvBomMode bom_mode = opts.bom_mode;
      const char *display = g_strcmp0 (names[i], "-") == 0 ? "(standard input)" : names[i];

      /* One signature for the whole output: only the first file may
       * insert it; the others drop their own. */
      if (bom_mode == GUTF8CONV_BOM_INSERT && i > 0)
        bom_mode = GUTF8CONV_BOM_STRIP;

      in = open_input (names[i], &error);
      if (in == NULL)
        {
          g_printerr ("gutf8conv: %s: %s\n", display, error->message);
          status = EXIT_TROUBLE;
          break;
        }
      status = convert_stream (in, display, bom_mode, out, buffer);
    }

  if (!g_output_stream_close (out, NULL, status == EXIT_SUCCESS ? &error : NULL) &&
      status == EXIT_SUCCESS)
    {
      g_printerr ("gutf8conv: %s: %s\n", output_name, error->message);
      status = EXIT_TROUBLE;
    }

  g_strfreev (files);
  g_free (byte_order_arg);
  g_free (bom_arg);
  g_free (on_error_arg);
  g_free (profile_arg);
  g_free (output_arg);

  return status;
}
