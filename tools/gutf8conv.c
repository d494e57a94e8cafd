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

/* Option words beside the enum nicks, which are always accepted. */
typedef struct
{
  const char *word;
  const char *nick;
} Alias;

static const Alias byte_order_aliases[] = {
  { "be", "big-endian" },
  { "le", "little-endian" },
  { NULL, NULL },
};

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

  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               /* Translators: the first and third %s are quotes, the last an option. */
               _("Invalid value %s%s%s for %s"), lq, word, rq, option);
  return FALSE;
}

static gboolean to_ucs4, to_utf8, repair, show_version;
static char *byte_order_arg, *bom_arg, *on_error_arg, *profile_arg, *output_arg;
static char **files;
static const char *output_name;   /* _("(standard output)") or -o FILE */

static const GOptionEntry entries[] = {
  { "to-ucs4", 0, 0, G_OPTION_ARG_NONE, &to_ucs4, N_("Convert UTF-8 to UCS-4 (the default)"), NULL },
  { "to-utf8", 0, 0, G_OPTION_ARG_NONE, &to_utf8, N_("Convert UCS-4 to UTF-8"), NULL },
  { "repair", 0, 0, G_OPTION_ARG_NONE, &repair, N_("Validate and repair UTF-8: UTF-8 in, UTF-8 out"), NULL },
  { "byte-order", 0, 0, G_OPTION_ARG_STRING, &byte_order_arg, N_("Byte order of the UCS-4 side: be (default when writing it), le, host, detect (default when reading it)"), N_("ORDER") },
  { "bom", 0, 0, G_OPTION_ARG_STRING, &bom_arg, N_("Signature at the start: keep (default), strip, insert"), N_("MODE") },
  { "on-error", 0, 0, G_OPTION_ARG_STRING, &on_error_arg, N_("Malformed input: strict (default), replace, skip, escape, latin1, cp1252"), N_("MODE") },
  { "profile", 0, 0, G_OPTION_ARG_STRING, &profile_arg, N_("UTF-8 variant: unicode (default), ucs4, cesu8, modified-utf8, wtf8"), N_("PROFILE") },
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output_arg, N_("Write to FILE instead of standard output; a file is replaced only when all went well"), N_("FILE") },
  { "version", 0, 0, G_OPTION_ARG_NONE, &show_version, N_("Show the version and exit"), NULL },
  { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_("[FILE...]") },
  G_OPTION_ENTRY_NULL
};

static gboolean
parse_options (int      *argc,
               char   ***argv,
               GError  **error)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autofree char *summary = NULL;
  int value;

  context = g_option_context_new (NULL);
  /* The option values (be, le, strict, ...) and option names are not to be
   * translated: the tool takes them as they are. */
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  /* Translators: the two %s are quotes around "-". */
  summary = g_strdup_printf (
    _("Convert each FILE (or standard input; %s-%s is standard input) between\n"
      "UTF-8 and UCS-4 (UTF-32), or repair its UTF-8, and write the result to\n"
      "standard output."), lq, rq);
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

  if ((to_ucs4 && to_utf8) || (repair && (to_ucs4 || to_utf8)))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("--to-ucs4, --to-utf8 and --repair exclude each other"));
      return FALSE;
    }
  if (repair)
    direction = GUTF8CONV_DIRECTION_UTF8_TO_UTF8;
  else if (to_utf8)
    direction = GUTF8CONV_DIRECTION_UCS4_TO_UTF8;
  else
    direction = GUTF8CONV_DIRECTION_UTF8_TO_UCS4;

  /* What a file user expects (as iconv's UCS-4 and Unicode's UTF-32):
   * big-endian written, the signature's order read. */
  byte_order = direction == GUTF8CONV_DIRECTION_UCS4_TO_UTF8 ? GUTF8CONV_BYTE_ORDER_DETECT
                                                             : GUTF8CONV_BYTE_ORDER_BIG_ENDIAN;
  if (byte_order_arg != NULL)
    {
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
      if (!parse_enum (GUTF8CONV_TYPE_ERROR_MODE, NULL, "--on-error", on_error_arg, &value, error))
        return FALSE;
      error_mode = value;
    }
  if (profile_arg != NULL)
    {
      if (!parse_enum (GUTF8CONV_TYPE_PROFILE, NULL, "--profile", profile_arg, &value, error))
        return FALSE;
      profile = value;
    }
  return TRUE;
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

/* Converts one input stream into @out.  Returns an exit status; on
 * failure prints one line naming @name. */
static int
convert_stream (GInputStream     *in,
                const char       *name,
                GUtf8ConvBomMode  bom,
                GOutputStream    *out,
                guint8           *buffer)
{
  g_autoptr(GUtf8ConvConverter) converter = NULL;
  g_autoptr(GInputStream) cin = NULL;
  g_autoptr(GError) error = NULL;

  converter = gutf8conv_converter_new_full (direction, byte_order, bom, error_mode, profile);
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
          if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_BROKEN_PIPE))
            die_of_broken_pipe ();
          g_printerr ("gutf8conv: %s: %s\n", output_name, error->message);
          return EXIT_TROUBLE;
        }
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

/* Where -o writes.  A regular file (or a new one) is written to a
 * temporary file beside it, which replaces it only when everything went
 * well: a failed conversion leaves the old file as it was, and the file
 * may be one of the inputs, as with iconv.  Anything else (a device, a
 * pipe) is written in place, as a shell redirection does. */
typedef struct
{
  char *target;     /* the file replaced, symbolic links followed */
  char *temp;       /* NULL when writing in place */
  int   fd;
  gboolean existed;
  struct stat st;
} Output;

static gboolean
output_open (Output      *o,
             const char  *name,
             GError     **error)
{
  g_autofree char *dir = NULL;
  int saved_errno;

  memset (o, 0, sizeof *o);
  o->fd = -1;
  if (g_stat (name, &o->st) == 0)
    {
      o->existed = TRUE;
      if (!S_ISREG (o->st.st_mode))
        {
          o->fd = g_open (name, O_WRONLY | O_TRUNC | O_CLOEXEC, 0666);
          if (o->fd < 0)
            goto failed;
          return TRUE;
        }
      o->target = realpath (name, NULL);
      if (o->target == NULL)
        goto failed;
    }
  else if (errno == ENOENT)
    o->target = g_strdup (name);
  else
    goto failed;

  dir = g_path_get_dirname (o->target);
  o->temp = g_build_filename (dir, ".gutf8conv-XXXXXX", NULL);
  o->fd = g_mkstemp_full (o->temp, O_WRONLY | O_CLOEXEC, 0600);
  if (o->fd < 0)
    {
      g_clear_pointer (&o->temp, g_free);
      goto failed;
    }
  return TRUE;

failed:
  saved_errno = errno;
  g_clear_pointer (&o->target, free);
  g_set_error_literal (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                       g_strerror (saved_errno));
  return FALSE;
}

/* After the stream on o->fd is closed: the temporary takes the place and
 * the permissions of the target, or goes. */
static gboolean
output_finish (Output    *o,
               gboolean   success,
               GError   **error)
{
  gboolean ok = TRUE;

  if (o->temp != NULL && success)
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
        {
          int saved_errno = errno;

          g_set_error_literal (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                               g_strerror (saved_errno));
          ok = FALSE;
        }
      else if (o->existed && getuid () == 0)
        {
          /* Root keeps the owner too; nobody else can give a file away. */
          if (chown (o->target, o->st.st_uid, o->st.st_gid) != 0)
            {
              /* The contents are in place; the owner is a detail. */
            }
        }
    }
  if (o->temp != NULL && (!success || !ok))
    g_unlink (o->temp);
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
  Output output = { NULL, NULL, -1, FALSE, { 0 } };
  char **names;
  int status = EXIT_SUCCESS;
  gboolean closed;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  output_name = _("(standard output)");
  if (g_get_charset (NULL))
    lq = "\xe2\x80\x9c", rq = "\xe2\x80\x9d";
  /* A closed pipe shows as EPIPE, handled where it happens. */
  signal (SIGPIPE, SIG_IGN);

  if (!parse_options (&argc, &argv, &error))
    {
      g_printerr ("gutf8conv: %s\n", error->message);
      /* Translators: the two %s are quotes around "gutf8conv --help". */
      g_printerr (_("Try %sgutf8conv --help%s for more information.\n"), lq, rq);
      return EXIT_TROUBLE;
    }

  if (show_version)
    {
      g_print ("gutf8conv %s\n", GUTF8CONV_VERSION_S);
      return EXIT_SUCCESS;
    }

  if (output_arg != NULL)
    {
      if (!output_open (&output, output_arg, &error))
        {
          g_printerr ("gutf8conv: %s: %s\n", output_arg, error->message);
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
      const char *display = g_strcmp0 (names[i], "-") == 0 ? _("(standard input)") : names[i];

      /* One signature for the whole output: only the first file may
       * insert it; the others drop their own. */
      if (bom == GUTF8CONV_BOM_INSERT && i > 0)
        bom = GUTF8CONV_BOM_STRIP;

      in = open_input (names[i], &error);
      if (in == NULL)
        {
          g_printerr ("gutf8conv: %s: %s\n", display, error->message);
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
      g_printerr ("gutf8conv: %s: %s\n", output_name, error->message);
      status = EXIT_TROUBLE;
    }
  g_clear_error (&error);
  if (output_arg != NULL && !output_finish (&output, status == EXIT_SUCCESS, &error))
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
