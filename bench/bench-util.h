/* bench-util.h: what the benchmark programs share
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Touches every page of @p for writing: first-touch page faults cost more
 * than most conversions in some virtual machines, and must not land in a
 * timed run. */
void   bench_prefault (guint8 *p,
                       gsize   len);

/* The median of @v (sorted in place). */
double bench_median   (double *v,
                       guint   n);

/* Sets @order to 0 .. @n - 1 in a random order drawn from @rand. */
void   bench_shuffle  (GRand  *rand,
                       guint  *order,
                       guint   n);

/* The calling thread's CPU time in seconds: a repetition during which
 * another process had the core is not counted longer. */
double bench_thread_now (void);

/* On x86-64 glibc, re-executes the program once with glibc's rep movsb
 * threshold raised to 2 MiB (GLIBC_TUNABLES), unless --glibc-defaults is
 * or --check is in @argv or the caller set that tunable: a 2 KiB-1 MiB rep movsb whose
 * destination is 1-31 bytes after its source modulo 4096 runs several
 * times slower on some CPUs, and GConverterInputStream copies each read's
 * input with memcpy().  Returns, when it did not re-execute, what glibc's
 * memcpy() does, for the header line. */
const char *bench_neutralise_rep_movsb (char       **argv,
                                        const char  *prog);

/* The names of the .txt files of @dir_name, sorted; NULL, said on
 * stderr after @prog, if it cannot be read or has none. */
GPtrArray  *bench_corpus_files         (const char  *dir_name,
                                        const char  *prog);

/* What each benchmark's main() does first: bench_neutralise_rep_movsb(),
 * the options of @entries parsed, the corpus directory taken (the
 * argument, or bench/corpus of the source tree) and its files listed
 * (bench_corpus_files()).  Returns 0, or the exit status, said on
 * stderr: 2 for a bad option, 1 for a corpus directory it cannot use. */
int         bench_start                (int                 *argc,
                                        char              ***argv,
                                        const GOptionEntry  *entries,
                                        const char          *summary,
                                        const char          *prog,
                                        const char         **memcpy_note,
                                        char               **dir_name,
                                        GPtrArray          **names);

G_END_DECLS
