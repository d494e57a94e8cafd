/* gutf8conv-bench16.c: UTF-8 <-> UTF-16, against GCharsetConverter and
 * kernel by kernel
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * For every file of a corpus directory, repeated to at least 8 MiB, this
 * times both UTF-16 directions: GUtf8ConvConverter behind a
 * GConverterInputStream read 64 KiB at a time, against GCharsetConverter
 * ("UTF-16LE" <-> "UTF-8", iconv) behind the same stream; and the codec
 * core on the whole buffer with each kernel this CPU runs, little- and
 * big-endian.  Every output is first compared with GLib's
 * g_utf8_to_utf16() / g_utf16_to_utf8().  Each repetition runs every method
 * on a corpus in a shuffled order; each figure is the median of the
 * repetitions, in GB/s of *input*, timed with the thread's CPU time.
 *
 *   gutf8conv-bench16 [--reps N] [--min-mib M] [--check] [--glibc-defaults] [CORPUS_DIR]
 *
 * --check only compares the outputs (each file once with --min-mib 0) and
 * exits 1 on a difference: the bench suite's test.
 */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <gio/gio.h>
#include <gutf8conv/gutf8conv.h>

#include "gutf8conv-codec.h"
#include "bench-util.h"

#define MAX_KERNELS 8
#define STREAM_READ (64 * 1024)

typedef struct
{
  char   *name;
  guint8 *utf8;       /* the file, repeated */
  gsize   utf8_len;
  guint8 *utf16[2];   /* the same text in UTF-16LE and UTF-16BE */
  gsize   utf16_len;
} Corpus;

typedef enum
{
  TO_UTF16,
  TO_UTF8,
} Dir;

/* One timed (or checked) conversion of a corpus into the scratch buffer;
 * returns the bytes written. */
typedef gsize (*RunFunc) (const Corpus *c, Dir dir, gconstpointer arg);

typedef struct
{
  const char    *label;
  RunFunc        run;
  gconstpointer  arg;
} Method;

typedef struct
{
  const GUtf8ConvKernel *kernel;
  gboolean               big_endian;
} CoreArg;

static guint8 *scratch;
static gsize scratch_len;
/* What glibc's memcpy() does here, for the header line. */
static const char *memcpy_note;

static const guint8 *
input_of (const Corpus *c,
          Dir           dir,
          gboolean      big_endian,
          gsize        *len)
{
  *len = dir == TO_UTF16 ? c->utf8_len : c->utf16_len;
  return dir == TO_UTF16 ? c->utf8 : c->utf16[big_endian];
}

/* Everything read from @conv behind a GConverterInputStream over @in, in
 * reads of STREAM_READ bytes, each into the front of the scratch buffer
 * or, when @collect, appended to it. */
static gsize
read_stream (GConverter   *conv,
             const guint8 *in,
             gsize         len,
             gboolean      collect)
{
  GInputStream *mem = g_memory_input_stream_new_from_data (in, len, NULL);
  GInputStream *cin = g_converter_input_stream_new (mem, conv);
  GError *error = NULL;
  gssize n;
  gsize total = 0;

  while ((n = g_input_stream_read (cin, collect ? scratch + total : scratch,
                                   collect ? MIN (STREAM_READ, scratch_len - total) : STREAM_READ,
                                   NULL, &error)) > 0)
    total += n;
  if (n < 0)
    g_error ("stream: %s", error->message);
  g_object_unref (cin);
  g_object_unref (mem);
  return total;
}

static gboolean collecting;   /* --check: every method's whole output kept in scratch */

static gsize
run_ours_stream (const Corpus  *c,
                 Dir            dir,
                 gconstpointer  arg)
{
  gsize len;
  const guint8 *in = input_of (c, dir, FALSE, &len);
  GConverter *conv = G_CONVERTER (gutf8conv_converter_new_full (dir == TO_UTF16 ? GUTF8CONV_DIRECTION_UTF8_TO_UTF16
                                                                                : GUTF8CONV_DIRECTION_UTF16_TO_UTF8,
                                                                GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN,
                                                                GUTF8CONV_BOM_KEEP, GUTF8CONV_ERROR_MODE_STRICT,
                                                                GUTF8CONV_PROFILE_UNICODE));
  gsize n = read_stream (conv, in, len, collecting);

  g_object_unref (conv);
  (void) arg;
  return n;
}

static gsize
run_gcharset_stream (const Corpus  *c,
                     Dir            dir,
                     gconstpointer  arg)
{
  gsize len;
  const guint8 *in = input_of (c, dir, FALSE, &len);
  GCharsetConverter *conv = dir == TO_UTF16 ? g_charset_converter_new ("UTF-16LE", "UTF-8", NULL)
                                            : g_charset_converter_new ("UTF-8", "UTF-16LE", NULL);
  gsize n = read_stream (G_CONVERTER (conv), in, len, collecting);

  g_object_unref (conv);
  (void) arg;
  return n;
}

/* The codec core with one kernel, the whole input into one output buffer. */
static gsize
run_core (const Corpus  *c,
          Dir            dir,
          gconstpointer  arg)
{
  const CoreArg *a = arg;
  GUtf8ConvConfig config = GUTF8CONV_CONFIG_INIT;
  GUtf8ConvCodec codec;
  GUtf8ConvCodecStatus status;
  gsize len, done_in = 0, done_out = 0, nread, nwritten;
  const guint8 *in = input_of (c, dir, a->big_endian, &len);

  config.direction = dir == TO_UTF16 ? GUTF8CONV_DIRECTION_UTF8_TO_UTF16 : GUTF8CONV_DIRECTION_UTF16_TO_UTF8;
  config.byte_order = a->big_endian ? GUTF8CONV_BYTE_ORDER_BIG_ENDIAN : GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN;
  gutf8conv_codec_init (&codec, &config);
  gutf8conv_codec_set_kernel (&codec, a->kernel);
  do
    {
      status = gutf8conv_codec_convert (&codec, in + done_in, len - done_in, scratch + done_out,
                                        scratch_len - done_out, GUTF8CONV_CODEC_INPUT_AT_END,
                                        &nread, &nwritten);
      done_in += nread;
      done_out += nwritten;
    }
  while (status == GUTF8CONV_CODEC_CONVERTED);
  if (status != GUTF8CONV_CODEC_FINISHED)
    g_error ("core %s: status %d at byte %" G_GSIZE_FORMAT " of %s", a->kernel->name, status, done_in, c->name);
  return done_out;
}

static void
load_corpus (Corpus     *c,
             const char *path,
             const char *name,
             gsize       min_len)
{
  g_autofree char *data = NULL;
  gsize len;
  glong n_units;
  gunichar2 *units;

  if (!g_file_get_contents (path, &data, &len, NULL) || len == 0 ||
      !g_utf8_validate_len (data, len, NULL))
    g_error ("%s: not a non-empty valid UTF-8 file", path);

  c->name = g_strdup (name);
  c->utf8_len = MAX (1, (min_len + len - 1) / len) * len;
  c->utf8 = g_malloc (c->utf8_len);
  for (gsize n = 0; n < c->utf8_len; n += len)
    memcpy (c->utf8 + n, data, len);

  /* GLib's converter, not ours, makes the other side. */
  units = g_utf8_to_utf16 ((const char *) c->utf8, c->utf8_len, NULL, &n_units, NULL);
  g_assert (units != NULL);
  c->utf16_len = 2 * (gsize) n_units;
  for (guint be = 0; be < 2; be++)
    {
      c->utf16[be] = g_malloc (c->utf16_len);
      for (glong i = 0; i < n_units; i++)
        {
          guint16 v = be ? GUINT16_TO_BE (units[i]) : GUINT16_TO_LE (units[i]);

          memcpy (c->utf16[be] + 2 * i, &v, 2);
        }
    }
  g_free (units);
}

static void
free_corpus (Corpus *c)
{
  g_free (c->name);
  g_free (c->utf8);
  g_free (c->utf16[0]);
  g_free (c->utf16[1]);
}

/* The expected output of @method: the other side as load_corpus() made it. */
static gboolean
check_method (const Corpus *c,
              Dir           dir,
              const Method *method)
{
  gboolean be = method->run == run_core && ((const CoreArg *) method->arg)->big_endian;
  const guint8 *expect = dir == TO_UTF16 ? c->utf16[be] : c->utf8;
  gsize expect_len = dir == TO_UTF16 ? c->utf16_len : c->utf8_len;
  gsize n;

  memset (scratch, 0xA5, MIN (scratch_len, expect_len + 64));
  collecting = TRUE;
  n = method->run (c, dir, method->arg);
  collecting = FALSE;
  if (n == expect_len && memcmp (scratch, expect, n) == 0)
    return TRUE;
  g_printerr ("gutf8conv-bench16: %s, %s, %s: %" G_GSIZE_FORMAT " bytes, expected %" G_GSIZE_FORMAT
              ", not the same\n", c->name, dir == TO_UTF16 ? "UTF-8 to UTF-16" : "UTF-16 to UTF-8",
              method->label, n, expect_len);
  return FALSE;
}

/* rates[corpus][method]: GB/s of input, the median of @reps runs. */
static double **
measure (const Corpus *corpora,
         guint         n_corpora,
         Dir           dir,
         const Method *methods,
         guint         n_methods,
         guint         reps)
{
  double **rates = g_new0 (double *, n_corpora);
  double *times = g_new (double, (gsize) n_methods * reps);
  guint *order = g_new (guint, n_methods);
  GRand *order_rand = g_rand_new_with_seed (20261127);

  for (guint c = 0; c < n_corpora; c++)
    {
      rates[c] = g_new0 (double, n_methods);
      for (guint m = 0; m < n_methods; m++)
        methods[m].run (&corpora[c], dir, methods[m].arg);   /* warm up */
      /* A method is slowed by what ran just before it; shuffled, that is
       * not always the same one. */
      for (guint r = 0; r < reps; r++)
        {
          bench_shuffle (order_rand, order, n_methods);
          for (guint i = 0; i < n_methods; i++)
            {
              guint m = order[i];
              double t0 = bench_thread_now ();

              methods[m].run (&corpora[c], dir, methods[m].arg);
              times[m * reps + r] = bench_thread_now () - t0;
            }
        }
      for (guint m = 0; m < n_methods; m++)
        {
          gsize len;

          input_of (&corpora[c], dir, FALSE, &len);
          rates[c][m] = len / bench_median (times + m * reps, reps) / 1e9;
        }
    }
  g_rand_free (order_rand);
  g_free (order);
  g_free (times);
  return rates;
}

enum
{
  M_OURS64,
  M_GCS64,
  M_CORE0,   /* then LE and BE for each kernel */
};

int
main (int    argc,
      char **argv)
{
  guint reps = 15, min_mib = 8;
  int status;
  gboolean glibc_defaults = FALSE, check_only = FALSE;
  GOptionEntry entries[] = {
    { "reps", 'r', 0, G_OPTION_ARG_INT, &reps, "Repetitions per measurement (median taken)", "N" },
    { "min-mib", 'm', 0, G_OPTION_ARG_INT, &min_mib, "Repeat each file to at least this size", "MIB" },
    { "check", 0, 0, G_OPTION_ARG_NONE, &check_only, "Only check the outputs; exit 1 on a difference", NULL },
    { "glibc-defaults", 0, 0, G_OPTION_ARG_NONE, &glibc_defaults,
      "Keep glibc's memcpy thresholds (no re-execution with GLIBC_TUNABLES)", NULL },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(GPtrArray) names = NULL;
  g_autofree char *dir_arg = NULL;
  const GUtf8ConvKernel **kernels = gutf8conv_kernel_available ();
  guint n_kernels = 0, n_corpora, n_methods, n_bad = 0, n_missed = 0;
  CoreArg core_args[2 * MAX_KERNELS];
  Method methods[M_CORE0 + 2 * MAX_KERNELS];
  Corpus *corpora;
  double **rates[2];
  static const char *const dir_titles[2] = { "UTF-8 to UTF-16", "UTF-16 to UTF-8" };

  status = bench_start (&argc, &argv, entries, "[CORPUS_DIR] - benchmark gutf8conv's UTF-16 directions",
                        "gutf8conv-bench16", &memcpy_note, &dir_arg, &names);
  if (status != 0)
    return status;
  if (reps == 0)
    reps = 1;
  n_corpora = names->len;

  corpora = g_new0 (Corpus, n_corpora);
  for (guint i = 0; i < n_corpora; i++)
    {
      g_autofree char *path = g_build_filename (dir_arg, names->pdata[i], NULL);
      g_autofree char *base = g_strdup (names->pdata[i]);

      *strrchr (base, '.') = '\0';
      load_corpus (&corpora[i], path, base, (gsize) min_mib << 20);
      /* UTF-16 to UTF-8 writes at most 3 bytes per unit; UTF-8 to UTF-16
       * at most 2 per byte. */
      scratch_len = MAX (scratch_len, 3 * corpora[i].utf16_len / 2 + 2 * corpora[i].utf8_len + 64);
    }
  scratch = g_malloc (scratch_len);
  bench_prefault (scratch, scratch_len);
  for (guint i = 0; i < n_corpora; i++)
    {
      bench_prefault (corpora[i].utf8, corpora[i].utf8_len);
      bench_prefault (corpora[i].utf16[0], corpora[i].utf16_len);
      bench_prefault (corpora[i].utf16[1], corpora[i].utf16_len);
    }

  methods[M_OURS64] = (Method) { "ours, stream 64K", run_ours_stream, NULL };
  methods[M_GCS64] = (Method) { "GCharsetConverter, stream 64K", run_gcharset_stream, NULL };
  for (; kernels[n_kernels] != NULL && n_kernels < MAX_KERNELS; n_kernels++)
    for (guint be = 0; be < 2; be++)
      {
        guint i = 2 * n_kernels + be;
        g_autofree char *label = g_strdup_printf ("core %s %s", kernels[n_kernels]->name, be ? "BE" : "LE");

        core_args[i] = (CoreArg) { kernels[n_kernels], be };
        methods[M_CORE0 + i] = (Method) { g_intern_string (label), run_core, &core_args[i] };
      }
  n_methods = M_CORE0 + 2 * n_kernels;

  /* Every method's output against GLib's, before anything is timed. */
  for (guint c = 0; c < n_corpora; c++)
    for (guint d = 0; d < 2; d++)
      for (guint m = 0; m < n_methods; m++)
        if (!check_method (&corpora[c], d, &methods[m]))
          n_bad++;
  if (check_only || n_bad > 0)
    {
      g_print ("gutf8conv-bench16 --check: %u corpora, %u methods, both directions: %u difference(s)\n",
               n_corpora, n_methods, n_bad);
      for (guint c = 0; c < n_corpora; c++)
        free_corpus (&corpora[c]);
      g_free (corpora);
      g_free (scratch);
      return n_bad > 0;
    }

  for (guint d = 0; d < 2; d++)
    rates[d] = measure (corpora, n_corpora, d, methods, n_methods, reps);

  g_print ("gutf8conv-bench16: %u corpora from %s, each repeated to >= %u MiB; median of %u; "
           "thread CPU time; GB/s of input; stream: the kernel the library picks (%s); "
           "buffers pre-faulted; memcpy: %s\n\n",
           n_corpora, dir_arg, min_mib, reps, gutf8conv_kernel_default ()->name, memcpy_note);
  for (guint d = 0; d < 2; d++)
    {
      double geo = 0, worst = INFINITY;

      g_print ("### %s\n\n| corpus | MiB in | ours 64K | GCharset 64K | x |", dir_titles[d]);
      for (guint m = M_CORE0; m < n_methods; m++)
        g_print (" %s |", methods[m].label);
      g_print ("\n|---|---:|---:|---:|---:|");
      for (guint m = M_CORE0; m < n_methods; m++)
        g_print ("---:|");
      g_print ("\n");
      for (guint c = 0; c < n_corpora; c++)
        {
          double *r = rates[d][c], x = r[M_OURS64] / r[M_GCS64];
          gsize len;

          input_of (&corpora[c], d, FALSE, &len);
          geo += log (x);
          worst = MIN (worst, x);
          g_print ("| %s | %.1f | %.2f | %.2f | %.1f |", corpora[c].name, len / 1048576.0,
                   r[M_OURS64], r[M_GCS64], x);
          for (guint m = M_CORE0; m < n_methods; m++)
            g_print (" %.2f |", r[m]);
          g_print ("\n");
        }
      geo = exp (geo / n_corpora);
      g_print ("| geometric mean | | | | %.1f |", geo);
      for (guint m = M_CORE0; m < n_methods; m++)
        g_print (" |");
      g_print ("\n\n");
      g_print ("Target, stream 64K x GCharsetConverter >= 5: geometric mean %.1f, worst corpus %.1f: %s\n\n",
               geo, worst, worst >= 5 ? "met on every corpus" : "**MISSED**");
      if (worst < 5)
        n_missed++;
    }
  g_print ("%u target(s) missed.\n", n_missed);
  return 0;
}
