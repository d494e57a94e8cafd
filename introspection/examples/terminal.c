/* terminal.c: decode a pipe as a terminal does
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 *   terminal FILE
 *
 * A terminal reads whatever bytes its child has written, whenever they
 * come, and turns them into characters for its cells without ever
 * blocking its main loop.  Here a thread plays the child, writing FILE
 * into a pipe a few bytes at a time; the main loop reads the pipe through
 * a GConverterInputStream with g_pollable_input_stream_read_nonblocking(),
 * so the bytes of a character may arrive in different reads, and gets
 * gunichar values in host order, with U+FFFD for what is malformed.  At
 * the end it prints what it would have displayed.
 */

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include <gio/gio.h>
#include <gio/gunixinputstream.h>
#include <glib-unix.h>
#include <gutf8conv/gutf8conv.h>

typedef struct
{
  GMainLoop    *loop;
  GInputStream *chars;     /* the converted pipe */
  GArray       *screen;    /* the gunichar values read so far */
  guint         reads;
  GError       *error;
} Terminal;

typedef struct
{
  int     fd;
  GBytes *contents;
} Child;

/* The "child": the file in pieces of 1 to 7 bytes, then end of file. */
static gpointer
child_writes (gpointer data)
{
  Child *child = data;
  gsize len;
  const guint8 *p = g_bytes_get_data (child->contents, &len);

  for (gsize at = 0, piece = 1; at < len; at += piece, piece = piece % 7 + 1)
    {
      gsize n = MIN (piece, len - at);

      if (write (child->fd, p + at, n) != (gssize) n)
        break;
    }
  close (child->fd);
  return NULL;
}

static gboolean
on_readable (GObject  *stream,
             gpointer  user_data)
{
  Terminal *term = user_data;
  gunichar buf[256];

  for (;;)
    {
      g_autoptr(GError) error = NULL;
      gssize n = g_pollable_input_stream_read_nonblocking (G_POLLABLE_INPUT_STREAM (stream),
                                                           buf, sizeof buf, NULL, &error);

      if (n < 0 && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        return G_SOURCE_CONTINUE;   /* wait for the child to write more */
      if (n < 0)
        term->error = g_steal_pointer (&error);
      if (n <= 0)
        {
          g_main_loop_quit (term->loop);
          return G_SOURCE_REMOVE;
        }
      /* Whole characters only: the converter holds a cut sequence. */
      g_assert (n % sizeof (gunichar) == 0);
      g_array_append_vals (term->screen, buf, n / sizeof (gunichar));
      term->reads++;
    }
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) contents = NULL;
  g_autoptr(GUtf8ConvConverter) conv = NULL;
  g_autoptr(GInputStream) pipe_in = NULL;
  g_autoptr(GSource) source = NULL;
  g_autofree char *text = NULL;
  Terminal term = { 0 };
  Child child;
  GThread *thread;
  int fds[2];
  char *data;
  gsize len;

  if (argc != 2)
    {
      g_printerr ("usage: %s FILE\n", argv[0]);
      return 2;
    }
  if (!g_file_get_contents (argv[1], &data, &len, &error) ||
      !g_unix_open_pipe (fds, FD_CLOEXEC, &error) ||
      !g_unix_set_fd_nonblocking (fds[0], TRUE, &error))
    {
      g_printerr ("%s: %s\n", argv[1], error->message);
      return 2;
    }
  contents = g_bytes_new_take (data, len);

  conv = gutf8conv_converter_new_full (GUTF8CONV_DIRECTION_UTF8_TO_UCS4,
                                       GUTF8CONV_BYTE_ORDER_HOST, GUTF8CONV_BOM_STRIP,
                                       GUTF8CONV_ERROR_MODE_REPLACE,
                                       GUTF8CONV_PROFILE_UNICODE);
  pipe_in = g_unix_input_stream_new (fds[0], TRUE);
  term.chars = g_converter_input_stream_new (pipe_in, G_CONVERTER (conv));
  term.loop = g_main_loop_new (NULL, FALSE);
  term.screen = g_array_new (FALSE, FALSE, sizeof (gunichar));

  source = g_pollable_input_stream_create_source (G_POLLABLE_INPUT_STREAM (term.chars), NULL);
  g_source_set_callback (source, G_SOURCE_FUNC (on_readable), &term, NULL);
  g_source_attach (source, NULL);

  child.fd = fds[1];
  child.contents = contents;
  thread = g_thread_new ("child", child_writes, &child);
  g_main_loop_run (term.loop);
  g_thread_join (thread);

  if (term.error != NULL)
    {
      g_printerr ("%s: %s\n", argv[1], term.error->message);
      return 1;
    }

  /* What the cells show; how many reads it took depends on the scheduler
   * and is not printed. */
  text = g_ucs4_to_utf8 ((gunichar *) term.screen->data, term.screen->len, NULL, NULL, NULL);
  /* As UTF-8 whatever the locale: g_print() would convert to it. */
  fputs (text, stdout);
  printf ("%u characters, %" G_GUINT64_FORMAT " malformed sequences shown as U+FFFD\n",
          term.screen->len, gutf8conv_converter_get_num_invalid (conv));

  g_object_unref (term.chars);
  g_array_unref (term.screen);
  g_main_loop_unref (term.loop);
  return 0;
}
