/* gutf8conv-tool-convert.c: each input through one converter into the output
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Each input file is read through a GConverterInputStream and written to
 * one output stream, so memory stays constant whatever the size of the
 * input.  Two different UTF-8 forms (-f CESU-8 -t UTF-8) are one
 * converter with an output profile.
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <gio/gunixinputstream.h>
#include <gio/gunixoutputstream.h>

#include "gutf8conv-tool.h"

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
              const char    *out_name,
              const void    *data,
              gsize          len)
{
  g_autoptr(GError) error = NULL;

  if (len == 0 || g_output_stream_write_all (out, data, len, NULL, NULL, &error))
    return TRUE;
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_BROKEN_PIPE))
    die_of_broken_pipe ();
  print_message (out_name, error->message);
  return FALSE;
}

/* Converts one input stream into @out through one converter.  Returns an
 * exit status; on failure prints one line naming @name. */
static int
convert_stream (const Options    *options,
                GInputStream     *in,
                const char       *name,
                GUtf8ConvBomMode  bom,
                GOutputStream    *out,
                const char       *out_name,
                guint8           *buffer)
{
  g_autoptr(GUtf8ConvConverter) converter = NULL;
  g_autoptr(GInputStream) cin = NULL;
  g_autoptr(GBufferedInputStream) buffered = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(Reporter) reporter = { 0 };
  gboolean wide_input = options_wide_input (options);
  guint8 start[64];
  gsize start_len = 0;

  /* Two UTF-8 forms are one converter (behaviour guide,
   * #behaviour-output-profile): offsets are the input's. */
  converter = g_object_new (GUTF8CONV_TYPE_CONVERTER, "direction", options->direction,
                            "byte-order", options->byte_order, "bom-mode", bom,
                            "error-mode", options->error_mode, "profile", options->profile,
                            "output-profile", options->out_profile, NULL);
  reporter_init (&reporter, options, name, !wide_input);
  if (options->report)
    reporter_connect (&reporter, converter);
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
            hint = byte_order_hint (options, start, start_len);
          text = g_strconcat (error->message, hint, NULL);
          print_message (name, text);
          return is_malformed_error (error) ? EXIT_MALFORMED : EXIT_TROUBLE;
        }
      if (n == 0)
        return EXIT_SUCCESS;
      if (!write_output (out, out_name, buffer, n))
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

/* Every input in turn into @out; stops at the first file that fails:
 * what follows would land in the output at the wrong place. */
static int
convert_inputs (const Options *options,
                GOutputStream *out,
                const char    *out_name)
{
  static char *stdin_only[] = { (char *) "-", NULL };
  char **names = options->files != NULL && options->files[0] != NULL ? options->files : stdin_only;
  g_autofree guint8 *buffer = g_malloc (CHUNK_SIZE);
  int status = EXIT_SUCCESS;

  for (guint i = 0; names[i] != NULL && status == EXIT_SUCCESS; i++)
    {
      g_autoptr(GInputStream) in = NULL;
      g_autoptr(GError) error = NULL;
      GUtf8ConvBomMode bom = options->bom_mode;
      const char *display = g_strcmp0 (names[i], "-") == 0 ? messages_stdin_name () : names[i];

      /* One signature for the whole output: only the first file may
       * insert it; the others drop their own. */
      if (bom == GUTF8CONV_BOM_INSERT && i > 0)
        bom = GUTF8CONV_BOM_STRIP;

      in = open_input (names[i], &error);
      if (in == NULL)
        {
          print_message (display, error->message);
          return EXIT_TROUBLE;
        }
      status = convert_stream (options, in, display, bom, out, out_name, buffer);
    }
  return status;
}

int
convert_files (const Options *options)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GOutputStream) out = NULL;
  const char *out_name = messages_stdout_name ();
  Output output = { NULL, NULL, -1, FALSE, FALSE, { 0 } };
  int status;

  if (options->output_arg != NULL)
    {
      if (!output_open (&output, options->output_arg, &error))
        {
          print_message (options->output_arg, error->message);
          return EXIT_TROUBLE;
        }
      out = g_unix_output_stream_new (output.fd, TRUE);
      out_name = options->output_arg;
    }
  else
    out = g_unix_output_stream_new (STDOUT_FILENO, FALSE);

  status = convert_inputs (options, out, out_name);

  if (!g_output_stream_close (out, NULL, &error) && status == EXIT_SUCCESS)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_BROKEN_PIPE))
        die_of_broken_pipe ();
      print_message (out_name, error->message);
      status = EXIT_TROUBLE;
    }
  g_clear_error (&error);
  if (options->output_arg != NULL && !output_finish (&output, status == EXIT_SUCCESS, &error))
    {
      print_message (out_name, error->message);
      status = EXIT_TROUBLE;
    }
  return status;
}
