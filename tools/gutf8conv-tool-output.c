/* gutf8conv-tool-output.c: -o, written in full or not at all
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Where -o writes (the manual's gutf8conv-tool-output): as iconv and a
 * shell's > allow, and only when all went well.  A regular file (or a new
 * one) is written to a temporary file, which then replaces it by a rename
 * when the directory allows one and the file stays the user's own; else
 * (a directory the user cannot write, a file owned by someone else) the
 * temporary file is made elsewhere and copied into the file, which keeps
 * its owner.  A target the user may not write is refused at once.
 * Anything else (a device, a pipe) is written in place, as > does.
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "gutf8conv-tool.h"

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

gboolean
output_open (Output      *o,
             const char  *name,
             GError     **error)
{
  g_autofree char *dir = NULL;

  catch_fatal_signals ();
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

/* The temporary file takes the place and the permissions of the target,
 * or is copied into it, or goes. */
gboolean
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
