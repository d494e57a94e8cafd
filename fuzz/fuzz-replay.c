/* fuzz-replay.c: runs fuzz inputs through the harness without libFuzzer
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Usage: fuzz-replay decode|encode FILE-OR-DIRECTORY...
 * So that every compiler, ASan and valgrind run the seed corpus and the
 * regression inputs through all the fuzzers' checks.  Prints TAP.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-harness.h"

static guint n_done;

static void
replay_file (gboolean    encode,
             const char *path)
{
  g_autofree char *contents = NULL;
  gsize len;
  g_autoptr(GError) error = NULL;

  if (!g_file_get_contents (path, &contents, &len, &error))
    {
      printf ("not ok %u - %s: %s\n", ++n_done, path, error->message);
      return;
    }
  /* A failed check aborts, which fails the test. */
  fuzz_harness_run (encode, (const guint8 *) contents, len);
  printf ("ok %u - %s\n", ++n_done, path);
}

static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static guint
count_and_run (gboolean    encode,
               const char *path,
               gboolean    run)
{
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) names = NULL;
  const char *name;
  guint n = 0;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      fprintf (stderr, "%s: no such file or directory\n", path);
      exit (1);
    }
  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      if (run)
        replay_file (encode, path);
      return 1;
    }

  /* Sorted, so that the numbering is stable. */
  dir = g_dir_open (path, 0, NULL);
  names = g_ptr_array_new_with_free_func (g_free);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (name[0] != '.')
      g_ptr_array_add (names, g_build_filename (path, name, NULL));
  g_ptr_array_sort (names, compare_paths);
  for (guint i = 0; i < names->len; i++)
    n += count_and_run (encode, g_ptr_array_index (names, i), run);
  return n;
}

int
main (int    argc,
      char **argv)
{
  gboolean encode;
  guint total = 0;

  if (argc < 3 || (strcmp (argv[1], "decode") != 0 && strcmp (argv[1], "encode") != 0))
    {
      fprintf (stderr, "usage: %s decode|encode FILE-OR-DIRECTORY...\n", argv[0]);
      return 2;
    }
  encode = strcmp (argv[1], "encode") == 0;

  for (int i = 2; i < argc; i++)
    total += count_and_run (encode, argv[i], FALSE);
  printf ("1..%u\n", total);
  fflush (stdout);
  for (int i = 2; i < argc; i++)
    count_and_run (encode, argv[i], TRUE);
  return 0;
}
