/* bench-util.c: what the benchmark programs share
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "bench-util.h"

#include <errno.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void
bench_prefault (guint8 *p,
                gsize   len)
{
  volatile guint8 *v = p;

  for (gsize i = 0; i < len; i += 4096)
    v[i] = v[i];
  if (len > 0)
    v[len - 1] = v[len - 1];
}

static int
compare_double (const void *a,
                const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

double
bench_median (double *v,
              guint   n)
{
  qsort (v, n, sizeof *v, compare_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

void
bench_shuffle (GRand *rand,
               guint *order,
               guint  n)
{
  for (guint i = 0; i < n; i++)
    order[i] = i;
  for (guint i = n; i > 1; i--)
    {
      guint j = g_rand_int_range (rand, 0, i), t = order[i - 1];

      order[i - 1] = order[j];
      order[j] = t;
    }
}

double
bench_thread_now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

#if defined(__GLIBC__) && defined(__x86_64__)
#define REP_MOVSB_TUNABLE "glibc.cpu.x86_rep_movsb_threshold=2097152"
#endif

const char *
bench_neutralise_rep_movsb (char       **argv,
                            const char  *prog)
{
#ifdef REP_MOVSB_TUNABLE
  const char *old = g_getenv ("GLIBC_TUNABLES");
  g_autofree char *tunables = NULL;

  for (char **a = argv + 1; *a != NULL; a++)
    {
      if (strcmp (*a, "--glibc-defaults") == 0)
        return "glibc's own thresholds (--glibc-defaults)";
      /* Times nothing; and under valgrind a re-executed test would no
       * longer be checked. */
      if (strcmp (*a, "--check") == 0)
        return "glibc's own thresholds (--check)";
    }
  if (old != NULL && strstr (old, "x86_rep_movsb_threshold") != NULL)
    return g_strdup_printf ("GLIBC_TUNABLES=%s", old);
  tunables = old != NULL && *old != '\0' ? g_strconcat (old, ":", REP_MOVSB_TUNABLE, NULL)
                                         : g_strdup (REP_MOVSB_TUNABLE);
  g_setenv ("GLIBC_TUNABLES", tunables, TRUE);
  execv ("/proc/self/exe", argv);
  g_printerr ("%s: cannot re-execute itself (%s); glibc's own memcpy thresholds\n",
              prog, g_strerror (errno));
  g_unsetenv ("GLIBC_TUNABLES");
  if (old != NULL)
    g_setenv ("GLIBC_TUNABLES", old, TRUE);
#else
  (void) argv;
  (void) prog;
#endif
  return "glibc's own thresholds";
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

GPtrArray *
bench_corpus_files (const char *dir_name,
                    const char *prog)
{
  g_autoptr(GDir) dir = g_dir_open (dir_name, 0, NULL);
  GPtrArray *names;
  const char *name;

  /* Our own words: GLib's message quotes the name in a way the C locale
   * prints as ?. */
  if (dir == NULL)
    {
      g_printerr ("%s: %s: cannot read this directory of corpus files\n", prog, dir_name);
      return NULL;
    }
  names = g_ptr_array_new_with_free_func (g_free);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".txt"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  if (names->len == 0)
    {
      g_printerr ("%s: %s: no .txt files\n", prog, dir_name);
      g_ptr_array_unref (names);
      return NULL;
    }
  return names;
}

int
bench_start (int                 *argc,
             char              ***argv,
             const GOptionEntry  *entries,
             const char          *summary,
             const char          *prog,
             const char         **memcpy_note,
             char               **dir_name,
             GPtrArray          **names)
{
  g_autoptr(GOptionContext) ctx = g_option_context_new (summary);
  g_autoptr(GError) error = NULL;

  *memcpy_note = bench_neutralise_rep_movsb (*argv, prog);
  setlocale (LC_ALL, "");
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, argc, argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  *dir_name = g_strdup (*argc > 1 ? (*argv)[1] : GUTF8CONV_BENCH_CORPUS);
  *names = bench_corpus_files (*dir_name, prog);
  return *names != NULL ? 0 : 1;
}
