/* gutf8conv-bench.c: gutf8conv against its peers, in one run
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * For every file of a corpus directory, repeated to at least 8 MiB, this
 * times in both directions: our converter behind GConverterInputStream
 * with 64 KiB and 4 KiB reads, convert_bytes(), the codec core directly
 * with each kernel the CPU runs, GCharsetConverter behind the same stream,
 * whole-buffer iconv(), GLib's own UTF-8 functions, and memcpy()/memset()
 * of the output size as the memory limit.  The repetitions are
 * interleaved, so a busy machine slows every contender alike; each figure
 * is the median.  All rates are GB/s of *input*.
 *
 *   gutf8conv-bench [--reps N] [--min-mib M] [--glibc-defaults] [CORPUS_DIR]
 *
 * Two traps of the machines it was written on are kept out (bench/README.md):
 * every buffer the benchmark owns is written page by page before anything
 * is timed, so that no method pays for first-touch page faults; and on
 * x86-64 glibc it re-executes itself with glibc's rep movsb threshold
 * raised to 2 MiB (GLIBC_TUNABLES), because a 2 KiB-1 MiB rep movsb whose
 * destination is 1-31 bytes after its source modulo 4096 runs several
 * times slower on some CPUs, and GConverterInputStream copies every read's
 * input with memcpy(): a stream's speed would depend on where malloc put
 * its buffers.  --glibc-defaults keeps glibc's own thresholds.
 */

#include "config.h"

#include <errno.h>
#include <iconv.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <gio/gio.h>
#include <gutf8conv/gutf8conv.h>

#include "gutf8conv-codec.h"
#include "gutf8conv-profile.h"
#include "bench-util.h"

#define MAX_KERNELS 8

typedef struct
{
  char   *name;
  guint8 *utf8;       /* the file, repeated */
  gsize   utf8_len;
  guint8 *ucs4;       /* the same text in UCS-4LE */
  gsize   ucs4_len;
  guint8 *utf8_bad;   /* with an invalid byte inserted every 10 KB */
  gsize   utf8_bad_len;
  guint8 *ucs4_bad;   /* with a surrogate inserted every 10 KB */
  gsize   ucs4_bad_len;
} Corpus;

typedef enum
{
  DECODE,
  ENCODE,
} Dir;

/* One timed thing: a label and a function of the corpus. */
typedef double (*RunFunc) (const Corpus *c, Dir dir, gconstpointer arg);

typedef struct
{
  const char    *label;
  RunFunc        run;
  gconstpointer  arg;
} Method;

static guint8 *scratch;      /* output of every method */
static gsize scratch_len;

/* What glibc's memcpy() does here, for the header line. */
static const char *memcpy_note;

static double
now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static const guint8 *
input_of (const Corpus *c,
          Dir           dir,
          gsize        *len)
{
  *len = dir == DECODE ? c->utf8_len : c->ucs4_len;
  return dir == DECODE ? c->utf8 : c->ucs4;
}

/* Output size of a conversion: what memcpy()/memset() move. */
static gsize
output_size_of (const Corpus *c,
                Dir           dir)
{
  return dir == DECODE ? c->ucs4_len : c->utf8_len;
}

/* --- the contenders --- */

static double
run_stream (GConverter   *conv,
            const guint8 *in,
            gsize         len,
            gsize         read_size)
{
  GInputStream *mem = g_memory_input_stream_new_from_data (in, len, NULL);
  GInputStream *cin = g_converter_input_stream_new (mem, conv);
  GError *error = NULL;
  gssize n;
  gsize total = 0;
  double t0 = now (), t;

  while ((n = g_input_stream_read (cin, scratch, read_size, NULL, &error)) > 0)
    total += n;
  t = now () - t0;
  if (n < 0)
    g_error ("stream: %s", error->message);
  g_object_unref (cin);
  g_object_unref (mem);
  (void) total;
  return t;
}

static double
run_ours_stream (const Corpus  *c,
                 Dir            dir,
                 gconstpointer  arg)
{
  gsize len;
  const guint8 *in = input_of (c, dir, &len);
  GUtf8ConvConverter *conv = g_object_new (GUTF8CONV_TYPE_CONVERTER,
                                           "direction", dir == DECODE ? GUTF8CONV_DIRECTION_UTF8_TO_UCS4
                                                                      : GUTF8CONV_DIRECTION_UCS4_TO_UTF8,
                                           "byte-order", GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN,
                                           NULL);
  double t = run_stream (G_CONVERTER (conv), in, len, GPOINTER_TO_SIZE (arg));

  g_object_unref (conv);
  return t;
}

static double
run_gcharset_stream (const Corpus  *c,
                     Dir            dir,
                     gconstpointer  arg)
{
  gsize len;
  const guint8 *in = input_of (c, dir, &len);
  GCharsetConverter *conv = dir == DECODE ? g_charset_converter_new ("UCS-4LE", "UTF-8", NULL)
                                          : g_charset_converter_new ("UTF-8", "UCS-4LE", NULL);
  double t = run_stream (G_CONVERTER (conv), in, len, GPOINTER_TO_SIZE (arg));

  g_object_unref (conv);
  return t;
}

static double
run_convert_bytes (const Corpus  *c,
                   Dir            dir,
                   gconstpointer  arg)
{
  gsize len;
  const guint8 *in = input_of (c, dir, &len);
  GUtf8ConvConverter *conv = g_object_new (GUTF8CONV_TYPE_CONVERTER,
                                           "direction", dir == DECODE ? GUTF8CONV_DIRECTION_UTF8_TO_UCS4
                                                                      : GUTF8CONV_DIRECTION_UCS4_TO_UTF8,
                                           "byte-order", GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN,
                                           NULL);
  GBytes *bytes = g_bytes_new_static (in, len);
  GBytes *out;
  double t0 = now (), t;

  out = gutf8conv_converter_convert_bytes (conv, bytes, NULL);
  t = now () - t0;
  g_assert (out != NULL);
  g_bytes_unref (out);
  g_bytes_unref (bytes);
  g_object_unref (conv);
  (void) arg;
  return t;
}

typedef struct
{
  const GUtf8ConvKernel *kernel;
  GUtf8ConvErrorMode     mode;
  gboolean               damaged;
  gsize                  window;    /* output buffer reused per call; 0: whole */
  GUtf8ConvProfile       profile;
  gboolean               repair;    /* UTF-8 to UTF-8 (the UTF-8 input of DECODE) */
  gboolean               converter; /* through g_converter_convert(), signal hook and all */
} CoreArg;

/* Corpora on which CESU-8 and modified UTF-8 do not agree with Unicode:
 * their four-byte characters are six-byte pairs there. */
static gboolean
has_supplementary (const Corpus *c)
{
  return strcmp (c->name, "emoji") == 0 || strcmp (c->name, "mixed") == 0;
}

static double
run_core (const Corpus  *c,
          Dir            dir,
          gconstpointer  arg)
{
  const CoreArg *a = arg;
  GUtf8ConvCodec codec;
  gboolean pairs = gutf8conv_profile_info (a->profile)->flags & GUTF8CONV_PROFILE_SURROGATE_PAIRS;
  GUtf8ConvConfig config = GUTF8CONV_CONFIG_INIT;
  const guint8 *in;
  gsize len, done_in = 0, done_out = 0, nread, nwritten;
  GUtf8ConvCodecStatus status;
  double t0;

  /* Not measured (the tables show "-"): their slow runs would only
   * disturb the measurements around them. */
  if (pairs && has_supplementary (c))
    return 1.0;

  if (a->damaged)
    {
      in = dir == DECODE ? c->utf8_bad : c->ucs4_bad;
      len = dir == DECODE ? c->utf8_bad_len : c->ucs4_bad_len;
    }
  else
    in = input_of (c, dir, &len);

  config.direction = dir == DECODE ? GUTF8CONV_DIRECTION_UTF8_TO_UCS4 : GUTF8CONV_DIRECTION_UCS4_TO_UTF8;
  if (a->repair)
    config.direction = GUTF8CONV_DIRECTION_UTF8_TO_UTF8;
  config.byte_order = GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN;
  config.error_mode = a->mode;
  config.profile = a->profile;

  if (a->converter)
    {
      /* The library's own kernel choice, and the invalid-sequence hook the
       * converter always sets: what a program pays with no handler. */
      GUtf8ConvConverter *conv = gutf8conv_converter_new_full (config.direction, config.byte_order,
                                                               config.bom_mode, config.error_mode,
                                                               config.profile);
      GConverterResult r;

      t0 = now ();
      do
        {
          r = g_converter_convert (G_CONVERTER (conv), in + done_in, len - done_in, scratch,
                                   a->window, G_CONVERTER_INPUT_AT_END, &nread, &nwritten, NULL);
          done_in += nread;
        }
      while (r == G_CONVERTER_CONVERTED);
      t0 = now () - t0;
      g_assert (r == G_CONVERTER_FINISHED);
      g_object_unref (conv);
      return t0;
    }

  t0 = now ();
  gutf8conv_codec_init (&codec, &config);
  gutf8conv_codec_set_kernel (&codec, a->kernel);
  do
    {
      status = gutf8conv_codec_convert (&codec, in + done_in, len - done_in,
                                        a->window ? scratch : scratch + done_out,
                                        a->window ? a->window : scratch_len - done_out,
                                        GUTF8CONV_CODEC_INPUT_AT_END, &nread, &nwritten);
      done_in += nread;
      done_out += nwritten;
    }
  while (status == GUTF8CONV_CODEC_CONVERTED);
  t0 = now () - t0;
  /* A profile may refuse a corpus (CESU-8 and four-byte forms): a rate,
   * but not one that means anything; the tables leave those out. */
  g_assert (status == GUTF8CONV_CODEC_FINISHED || pairs);
  return t0;
}

/* The copy and the validation that UTF-8 to UTF-8 is measured against. */
static double
run_memcpy_input (const Corpus  *c,
                  Dir            dir,
                  gconstpointer  arg)
{
  double t0 = now ();

  memcpy (scratch, c->utf8, c->utf8_len);
  (void) dir, (void) arg;
  return now () - t0;
}

static double
run_validate (const Corpus  *c,
              Dir            dir,
              gconstpointer  arg)
{
  double t0 = now ();

  g_assert (g_utf8_validate_len ((const char *) c->utf8, c->utf8_len, NULL));
  (void) dir, (void) arg;
  return now () - t0;
}

static double
run_iconv (const Corpus  *c,
           Dir            dir,
           gconstpointer  arg)
{
  gsize len;
  const guint8 *in = input_of (c, dir, &len);
  iconv_t cd = dir == DECODE ? iconv_open ("UCS-4LE", "UTF-8") : iconv_open ("UTF-8", "UCS-4LE");
  char *ip = (char *) in, *op = (char *) scratch;
  size_t il = len, ol = scratch_len;
  double t0, t;

  t0 = now ();
  if (iconv (cd, &ip, &il, &op, &ol) == (size_t) -1)
    g_error ("iconv: %s", g_strerror (errno));
  t = now () - t0;
  iconv_close (cd);
  (void) arg;
  return t;
}

static double
run_glib (const Corpus  *c,
          Dir            dir,
          gconstpointer  arg)
{
  double t0 = now (), t;
  gpointer out;

  if (dir == DECODE)
    out = g_utf8_to_ucs4 ((const char *) c->utf8, c->utf8_len, NULL, NULL, NULL);
  else
    out = g_ucs4_to_utf8 ((const gunichar *) c->ucs4, c->ucs4_len / 4, NULL, NULL, NULL);
  t = now () - t0;
  g_assert (out != NULL);
  g_free (out);
  (void) arg;
  return t;
}

static double
run_memcpy (const Corpus  *c,
            Dir            dir,
            gconstpointer  arg)
{
  gsize n = output_size_of (c, dir);
  double t0 = now ();

  /* Source: the input buffer of the other direction has exactly the
   * output's size. */
  memcpy (scratch, dir == DECODE ? c->ucs4 : c->utf8, n);
  (void) arg;
  return now () - t0;
}

static double
run_memset (const Corpus  *c,
            Dir            dir,
            gconstpointer  arg)
{
  gsize n = output_size_of (c, dir);
  double t0 = now ();

  memset (scratch, 0x20, n);
  (void) arg;
  return now () - t0;
}

/* What any call returning a fresh buffer pays before converting anything:
 * allocating the output and faulting its pages in. */
static double
run_alloc (const Corpus  *c,
           Dir            dir,
           gconstpointer  arg)
{
  gsize n = output_size_of (c, dir);
  double t0 = now (), t;
  guint8 *p = g_malloc (n);

  memset (p, 0x20, n);
  t = now () - t0;
  g_free (p);
  (void) arg;
  return t;
}

/* --- corpus --- */

static void
load_corpus (Corpus     *c,
             const char *path,
             const char *name,
             gsize       min_len)
{
  g_autofree char *data = NULL;
  gsize len, n = 0;
  glong n_chars;
  gunichar *chars;
  GByteArray *bad;

  if (!g_file_get_contents (path, &data, &len, NULL) || len == 0 ||
      !g_utf8_validate_len (data, len, NULL))
    g_error ("%s: not a non-empty valid UTF-8 file", path);

  c->name = g_strdup (name);
  c->utf8_len = (min_len + len - 1) / len * len;
  c->utf8 = g_malloc (c->utf8_len);
  for (n = 0; n < c->utf8_len; n += len)
    memcpy (c->utf8 + n, data, len);

  chars = g_utf8_to_ucs4_fast ((const char *) c->utf8, c->utf8_len, &n_chars);
  c->ucs4_len = 4 * (gsize) n_chars;
  c->ucs4 = g_malloc (c->ucs4_len);
  for (glong i = 0; i < n_chars; i++)
    {
      guint32 v = GUINT32_TO_LE (chars[i]);

      memcpy (c->ucs4 + 4 * i, &v, 4);
    }
  g_free (chars);

  /* One malformed sequence per 10 KB: a lone 0xFF at a character boundary
   * (decoding), a lone surrogate unit (encoding). */
  bad = g_byte_array_sized_new (c->utf8_len + c->utf8_len / 10000 + 1);
  for (gsize i = 0, next = 10000; i < c->utf8_len; i++)
    {
      if (i >= next && (c->utf8[i] & 0xC0) != 0x80)
        {
          static const guint8 ff = 0xFF;

          g_byte_array_append (bad, &ff, 1);
          next += 10000;
        }
      g_byte_array_append (bad, c->utf8 + i, 1);
    }
  c->utf8_bad_len = bad->len;
  c->utf8_bad = g_byte_array_free (bad, FALSE);

  bad = g_byte_array_sized_new (c->ucs4_len + c->ucs4_len / 10000 * 4 + 4);
  for (gsize i = 0, next = 10000; i < c->ucs4_len; i += 4)
    {
      if (i >= next)
        {
          static const guint8 surrogate[4] = { 0x00, 0xD8, 0x00, 0x00 };

          g_byte_array_append (bad, surrogate, 4);
          next += 10000;
        }
      g_byte_array_append (bad, c->ucs4 + i, 4);
    }
  c->ucs4_bad_len = bad->len;
  c->ucs4_bad = g_byte_array_free (bad, FALSE);
}

/* Rates[corpus][method] in GB/s of input, each the median of @reps runs.
 * Each repetition runs every method on every corpus, so that a busy spell
 * on the shared machine lands on all of them rather than on one corpus. */
/* The shortest of @n times: for the codec against itself (same code,
 * another setting), where what a busy host adds to some runs is noise. */
static double
fastest (const double *v,
         guint         n)
{
  double m = v[0];

  for (guint i = 1; i < n; i++)
    m = MIN (m, v[i]);
  return m;
}

static gboolean use_fastest;

static double **
measure (Corpus       *corpora,
         guint         n_corpora,
         Dir           dir,
         const Method *methods,
         guint         n_methods,
         guint         reps)
{
  double **rates = g_new0 (double *, n_corpora);
  double *times = g_new0 (double, (gsize) n_corpora * n_methods * reps);

  for (guint c = 0; c < n_corpora; c++)
    for (guint m = 0; m < n_methods; m++)
      methods[m].run (&corpora[c], dir, methods[m].arg);   /* warm up */
  /* Each repetition runs the methods in another order (shuffled, with a
   * fixed seed): a method is slowed by what ran just before it (a corpus
   * change, a slow method's caches), which must not always be the same. */
  GRand *order_rand = g_rand_new_with_seed (20261123);
  guint *order = g_new (guint, n_methods);

  for (guint r = 0; r < reps; r++)
    for (guint c = 0; c < n_corpora; c++)
      {
        bench_shuffle (order_rand, order, n_methods);
        for (guint i = 0; i < n_methods; i++)
          {
            guint m = order[i];

            times[((gsize) c * n_methods + m) * reps + r] = methods[m].run (&corpora[c], dir, methods[m].arg);
          }
      }
  g_free (order);
  g_rand_free (order_rand);

  for (guint c = 0; c < n_corpora; c++)
    {
      gsize len;

      input_of (&corpora[c], dir, &len);
      rates[c] = g_new0 (double, n_methods);
      for (guint m = 0; m < n_methods; m++)
        {
          /* The damaged inputs are a little longer; count their bytes. */
          gsize bytes = len;

          if (methods[m].run == run_core && ((const CoreArg *) methods[m].arg)->damaged)
            bytes = dir == DECODE ? corpora[c].utf8_bad_len : corpora[c].ucs4_bad_len;
          double *t = times + ((gsize) c * n_methods + m) * reps;

          rates[c][m] = bytes / (use_fastest ? fastest (t, reps) : bench_median (t, reps)) / 1e9;
        }
    }
  g_free (times);
  return rates;
}

static double
geomean (double **rates,
         guint    n_corpora,
         guint    num,
         guint    den)
{
  double s = 0;

  for (guint c = 0; c < n_corpora; c++)
    s += log (rates[c][num] / rates[c][den]);
  return exp (s / n_corpora);
}

static double
min_ratio (double **rates,
           guint    n_corpora,
           guint    num,
           guint    den)
{
  double m = INFINITY;

  for (guint c = 0; c < n_corpora; c++)
    m = MIN (m, rates[c][num] / rates[c][den]);
  return m;
}

static guint n_missed;

static void
target (const char *what,
        double      figure,
        double      goal)
{
  gboolean met = figure >= goal;

  g_print ("| %s | %.2f | %.2f | %s |\n", what, figure, goal, met ? "met" : "**MISSED**");
  if (!met)
    n_missed++;
}

/* The 1.1 settings, by column: UNICODE/STRICT first, the reference. */
static const struct
{
  const char         *label;
  GUtf8ConvProfile    profile;
  GUtf8ConvErrorMode  mode;
} seed_rows[] = {
  { "UNICODE", GUTF8CONV_PROFILE_UNICODE, GUTF8CONV_ERROR_MODE_STRICT },
  { "CESU8", GUTF8CONV_PROFILE_CESU8, GUTF8CONV_ERROR_MODE_STRICT },
  { "MODIFIED_UTF8", GUTF8CONV_PROFILE_MODIFIED_UTF8, GUTF8CONV_ERROR_MODE_STRICT },
  { "WTF8", GUTF8CONV_PROFILE_WTF8, GUTF8CONV_ERROR_MODE_STRICT },
  { "LATIN1", GUTF8CONV_PROFILE_UNICODE, GUTF8CONV_ERROR_MODE_LATIN1 },
  { "CP1252", GUTF8CONV_PROFILE_UNICODE, GUTF8CONV_ERROR_MODE_CP1252 },
};
#define N_SEED G_N_ELEMENTS (seed_rows)

enum
{
  R_MEMCPY,
  R_VALIDATE,
  R_KERNEL0,   /* then one per kernel */
};

/* The columns every table has, by index. */
enum
{
  M_OURS64,
  M_GCS64,
  M_OURS4,
  M_GCS4,
  M_BYTES,
  M_ICONV,
  M_GLIB,
  M_MEMCPY,
  M_MEMSET,
  M_ALLOC,
  M_CORE0,    /* then one per kernel */
};

int
main (int    argc,
      char **argv)
{
  guint reps = 15, min_mib = 8;
  int status;
  gboolean glibc_defaults = FALSE;
  g_autofree char *dir_arg = NULL;
  GOptionEntry entries[] = {
    { "reps", 'r', 0, G_OPTION_ARG_INT, &reps, "Repetitions per measurement (median taken)", "N" },
    { "min-mib", 'm', 0, G_OPTION_ARG_INT, &min_mib, "Repeat each file to at least this size", "MIB" },
    { "glibc-defaults", 0, 0, G_OPTION_ARG_NONE, &glibc_defaults,
      "Keep glibc's memcpy thresholds (no re-execution with GLIBC_TUNABLES)", NULL },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(GPtrArray) names = NULL;
  const GUtf8ConvKernel **kernels = gutf8conv_kernel_available ();
  const GUtf8ConvKernel *best;
  Corpus *corpora;
  guint n_corpora, n_kernels = 0, best_col;
  CoreArg core_args[MAX_KERNELS], mode_args[6];
  Method methods[M_CORE0 + MAX_KERNELS];
  Method mode_methods[6];
  CoreArg seed_args[N_SEED], repair_args[MAX_KERNELS], hook_args[4];
  Method seed_methods[N_SEED], repair_methods[R_KERNEL0 + MAX_KERNELS], hook_methods[4];
  double **seed_rates[2], **repair_rates, **hook_rates;
  static const char *const hook_labels[4] = {
    "core, valid", "converter, valid", "core, 1 bad / 10 KB", "converter, 1 bad / 10 KB",
  };
  static const char *const mode_labels[6] = {
    "STRICT", "REPLACE", "SKIP", "ESCAPE", "1 bad / 10 KB, REPLACE", "1 bad / 10 KB, SKIP",
  };
  static const char *const dir_titles[2] = {
    "Decoding, UTF-8 to UCS-4LE", "Encoding, UCS-4LE to UTF-8",
  };
  double **rates[2], **mode_rates[2];

  status = bench_start (&argc, &argv, entries, "[CORPUS_DIR] - benchmark gutf8conv",
                        "gutf8conv-bench", &memcpy_note, &dir_arg, &names);
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
      scratch_len = MAX (scratch_len, 6 * corpora[i].ucs4_len / 4 + 64);
      scratch_len = MAX (scratch_len, 4 * corpora[i].utf8_bad_len + 64);
      scratch_len = MAX (scratch_len, 2 * corpora[i].ucs4_bad_len + 64);
      scratch_len = MAX (scratch_len, 3 * corpora[i].utf8_bad_len + 64);
    }
  scratch = g_malloc (scratch_len);
  bench_prefault (scratch, scratch_len);
  for (guint i = 0; i < n_corpora; i++)
    {
      bench_prefault (corpora[i].utf8, corpora[i].utf8_len);
      bench_prefault (corpora[i].ucs4, corpora[i].ucs4_len);
      bench_prefault (corpora[i].utf8_bad, corpora[i].utf8_bad_len);
      bench_prefault (corpora[i].ucs4_bad, corpora[i].ucs4_bad_len);
    }

  methods[M_OURS64] = (Method) { "ours, stream 64K", run_ours_stream, GSIZE_TO_POINTER (64 * 1024) };
  methods[M_GCS64] = (Method) { "GCharsetConverter, stream 64K", run_gcharset_stream, GSIZE_TO_POINTER (64 * 1024) };
  methods[M_OURS4] = (Method) { "ours, stream 4K", run_ours_stream, GSIZE_TO_POINTER (4 * 1024) };
  methods[M_GCS4] = (Method) { "GCharsetConverter, stream 4K", run_gcharset_stream, GSIZE_TO_POINTER (4 * 1024) };
  methods[M_BYTES] = (Method) { "ours, convert_bytes", run_convert_bytes, NULL };
  methods[M_ICONV] = (Method) { "iconv()", run_iconv, NULL };
  methods[M_GLIB] = (Method) { "g_utf8_to_ucs4() / g_ucs4_to_utf8()", run_glib, NULL };
  methods[M_MEMCPY] = (Method) { "memcpy of the output", run_memcpy, NULL };
  methods[M_MEMSET] = (Method) { "memset of the output", run_memset, NULL };
  methods[M_ALLOC] = (Method) { "fresh allocation of the output, memset", run_alloc, NULL };
  for (; kernels[n_kernels] != NULL && n_kernels < MAX_KERNELS; n_kernels++)
    {
      core_args[n_kernels] = (CoreArg) { .kernel = kernels[n_kernels], .mode = GUTF8CONV_ERROR_MODE_STRICT };
      methods[M_CORE0 + n_kernels] = (Method) { kernels[n_kernels]->name, run_core, &core_args[n_kernels] };
    }
  best = gutf8conv_kernel_default ();
  best_col = M_CORE0;
  for (guint k = 0; k < n_kernels; k++)
    if (kernels[k] == best)
      best_col = M_CORE0 + k;

  for (guint m = 0; m < 6; m++)
    {
      static const GUtf8ConvErrorMode modes[6] = {
        GUTF8CONV_ERROR_MODE_STRICT, GUTF8CONV_ERROR_MODE_REPLACE, GUTF8CONV_ERROR_MODE_SKIP,
        GUTF8CONV_ERROR_MODE_ESCAPE, GUTF8CONV_ERROR_MODE_REPLACE, GUTF8CONV_ERROR_MODE_SKIP,
      };

      /* In 64 KiB output windows, as a stream would: these compare the
       * codec with itself, and a whole-buffer run mostly measures how
       * busy the memory bus is. */
      mode_args[m] = (CoreArg) { .kernel = best, .mode = modes[m], .damaged = m >= 4, .window = 64 * 1024 };
      mode_methods[m] = (Method) { mode_labels[m], run_core, &mode_args[m] };
    }

  /* 1.1: the profiles and the byte-keeping modes against UNICODE and
   * STRICT, each direction, in 64 KiB output windows like the
   * error modes: the codec against itself, not the memory bus. */
  for (guint m = 0; m < N_SEED; m++)
    {
      seed_args[m] = (CoreArg) { best, seed_rows[m].mode, FALSE, 64 * 1024, seed_rows[m].profile, FALSE, FALSE };
      seed_methods[m] = (Method) { seed_rows[m].label, run_core, &seed_args[m] };
    }
  /* UTF-8 to UTF-8 with each kernel, against memcpy and GLib's validator;
   * and the signal hook's cost, converter against core. */
  repair_methods[R_MEMCPY] = (Method) { "memcpy", run_memcpy_input, NULL };
  repair_methods[R_VALIDATE] = (Method) { "g_utf8_validate_len", run_validate, NULL };
  for (guint k = 0; k < n_kernels; k++)
    {
      repair_args[k] = (CoreArg) { kernels[k], GUTF8CONV_ERROR_MODE_STRICT, FALSE, 0, 0, TRUE, FALSE };
      repair_methods[R_KERNEL0 + k] = (Method) { kernels[k]->name, run_core, &repair_args[k] };
    }
  for (guint h = 0; h < 4; h++)
    {
      hook_args[h] = (CoreArg) { best, GUTF8CONV_ERROR_MODE_REPLACE, h >= 2, 64 * 1024, 0, TRUE, h % 2 == 1 };
      hook_methods[h] = (Method) { hook_labels[h], run_core, &hook_args[h] };
    }

  for (guint d = 0; d < 2; d++)
    {
      rates[d] = measure (corpora, n_corpora, d, methods, M_CORE0 + n_kernels, reps);
      mode_rates[d] = measure (corpora, n_corpora, d, mode_methods, 6, reps);
      use_fastest = TRUE;
      seed_rates[d] = measure (corpora, n_corpora, d, seed_methods, N_SEED, reps);
      use_fastest = FALSE;
    }
  repair_rates = measure (corpora, n_corpora, DECODE, repair_methods, R_KERNEL0 + n_kernels, reps);
  use_fastest = TRUE;
  hook_rates = measure (corpora, n_corpora, DECODE, hook_methods, 4, reps);
  use_fastest = FALSE;

  g_print ("gutf8conv-bench: %u corpora from %s, each repeated to >= %u MiB; median of %u; "
           "GB/s of input; kernel in use: %s; buffers pre-faulted; memcpy: %s\n\n",
           n_corpora, dir_arg, min_mib, reps, best->name, memcpy_note);

  for (guint d = 0; d < 2; d++)
    {
      g_print ("### %s\n\n", dir_titles[d]);
      g_print ("| corpus | MiB in | ours 64K | GCharset 64K | x | ours 4K | GCharset 4K | x "
               "| convert_bytes | alloc+memset | iconv() | x best core | GLib | memcpy | memset | ours/memcpy |");
      for (guint k = 0; k < n_kernels; k++)
        g_print (" core %s |", kernels[k]->name);
      g_print ("\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
      for (guint k = 0; k < n_kernels; k++)
        g_print ("---:|");
      g_print ("\n");
      for (guint c = 0; c < n_corpora; c++)
        {
          double *r = rates[d][c];
          gsize len;

          input_of (&corpora[c], d, &len);
          g_print ("| %s | %.1f | %.2f | %.2f | %.1f | %.2f | %.2f | %.1f | %.2f | %.2f | %.2f | %.1f "
                   "| %.2f | %.2f | %.2f | %.2f |",
                   corpora[c].name, len / 1048576.0,
                   r[M_OURS64], r[M_GCS64], r[M_OURS64] / r[M_GCS64],
                   r[M_OURS4], r[M_GCS4], r[M_OURS4] / r[M_GCS4],
                   r[M_BYTES], r[M_ALLOC], r[M_ICONV], r[best_col] / r[M_ICONV],
                   r[M_GLIB], r[M_MEMCPY], r[M_MEMSET], r[best_col] / r[M_MEMCPY]);
          for (guint k = 0; k < n_kernels; k++)
            g_print (" %.2f |", r[M_CORE0 + k]);
          g_print ("\n");
        }
      g_print ("| geometric mean | | | | %.1f | | | %.1f | | | | %.1f | | | | %.2f |",
               geomean (rates[d], n_corpora, M_OURS64, M_GCS64),
               geomean (rates[d], n_corpora, M_OURS4, M_GCS4),
               geomean (rates[d], n_corpora, best_col, M_ICONV),
               geomean (rates[d], n_corpora, best_col, M_MEMCPY));
      for (guint k = 0; k < n_kernels; k++)
        g_print (" |");
      g_print ("\n\n");

      g_print ("Error modes, core with %s, 64 KiB output windows, %s (GB/s of input; ratio to STRICT on clean input):\n\n",
               best->name, d == DECODE ? "decoding" : "encoding");
      g_print ("| corpus |");
      for (guint m = 0; m < 6; m++)
        g_print (" %s |", mode_labels[m]);
      g_print ("\n|---|---:|---:|---:|---:|---:|---:|\n");
      for (guint c = 0; c < n_corpora; c++)
        {
          double *r = mode_rates[d][c];

          g_print ("| %s | %.2f |", corpora[c].name, r[0]);
          for (guint m = 1; m < 6; m++)
            g_print (" %.2f (%.2f) |", r[m], r[m] / r[0]);
          g_print ("\n");
        }
      g_print ("\n");
    }

  for (guint d = 0; d < 2; d++)
    {
      g_print ("### 1.1 settings, %s, core with %s, 64 KiB output windows\n\n"
               "GB/s of input, the fastest of the repetitions (the same code with another "
               "setting: what a busy host adds to some runs is noise here); in brackets the "
               "ratio to UNICODE (profiles) or to STRICT "
               "(LATIN1, CP1252: clean input, so the same work).  CESU8 and MODIFIED_UTF8 "
               "refuse or rewrite the four-byte characters of emoji and mixed: \"-\".\n\n| corpus |",
               d == DECODE ? "decoding" : "encoding", best->name);
      for (guint m = 0; m < N_SEED; m++)
        g_print (" %s |", seed_rows[m].label);
      g_print ("\n|---|");
      for (guint m = 0; m < N_SEED; m++)
        g_print ("---:|");
      g_print ("\n");
      for (guint c = 0; c < n_corpora; c++)
        {
          double *r = seed_rates[d][c];

          g_print ("| %s | %.2f |", corpora[c].name, r[0]);
          for (guint m = 1; m < N_SEED; m++)
            {
              if (has_supplementary (&corpora[c]) && (m == 1 || m == 2))
                g_print (" - |");
              else
                g_print (" %.2f (%.2f) |", r[m], r[m] / r[0]);
            }
          g_print ("\n");
        }
      g_print ("\n");
    }

  g_print ("### UTF-8 to UTF-8 (valid input), whole buffer\n\n"
           "GB/s of input; in brackets, for the kernel in use, the ratios to memcpy of the "
           "same bytes and to g_utf8_validate_len().\n\n| corpus | memcpy | g_utf8_validate_len |");
  for (guint k = 0; k < n_kernels; k++)
    g_print (" %s |", kernels[k]->name);
  g_print (" x memcpy | x validate_len |\n|---|---:|---:|");
  for (guint k = 0; k < n_kernels; k++)
    g_print ("---:|");
  g_print ("---:|---:|\n");
  for (guint c = 0; c < n_corpora; c++)
    {
      double *r = repair_rates[c];
      double ours = r[R_KERNEL0 + best_col - M_CORE0];

      g_print ("| %s | %.2f | %.2f |", corpora[c].name, r[R_MEMCPY], r[R_VALIDATE]);
      for (guint k = 0; k < n_kernels; k++)
        g_print (" %.2f |", r[R_KERNEL0 + k]);
      g_print (" %.2f | %.1f |\n", ours / r[R_MEMCPY], ours / r[R_VALIDATE]);
    }
  g_print ("\nThe invalid-sequence signal with no handler connected: UTF-8 to UTF-8, REPLACE, "
           "64 KiB output windows, the converter (which always sets the hook) against the "
           "core without one (GB/s of input; ratio converter/core):\n\n"
           "| corpus | core, valid | converter, valid | | core, 1 bad / 10 KB | converter, 1 bad / 10 KB | |\n"
           "|---|---:|---:|---:|---:|---:|---:|\n");
  for (guint c = 0; c < n_corpora; c++)
    {
      double *r = hook_rates[c];

      g_print ("| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f |\n", corpora[c].name,
               r[0], r[1], r[1] / r[0], r[2], r[3], r[3] / r[2]);
    }
  g_print ("\n");

  g_print ("### Targets\n\n| target | measured | goal | |\n|---|---:|---:|---|\n");
  target ("decode, stream 64K, x GCharsetConverter, geometric mean",
          geomean (rates[DECODE], n_corpora, M_OURS64, M_GCS64), 5);
  target ("decode, stream 64K, x GCharsetConverter, worst corpus",
          min_ratio (rates[DECODE], n_corpora, M_OURS64, M_GCS64), 3);
  target ("encode, stream 64K, x GCharsetConverter, geometric mean",
          geomean (rates[ENCODE], n_corpora, M_OURS64, M_GCS64), 4);
  target ("encode, stream 64K, x GCharsetConverter, worst corpus",
          min_ratio (rates[ENCODE], n_corpora, M_OURS64, M_GCS64), 2);
  target ("decode, stream 4K, x GCharsetConverter, geometric mean",
          geomean (rates[DECODE], n_corpora, M_OURS4, M_GCS4), 10);
  for (guint c = 0; c < n_corpora; c++)
    if (strcmp (corpora[c].name, "ascii") == 0)
      target ("decode ascii, whole buffer (core), x memcpy of the output",
              rates[DECODE][c][best_col] / rates[DECODE][c][M_MEMCPY], 0.5);
  target ("decode, whole buffer (core), x iconv(), geometric mean",
          geomean (rates[DECODE], n_corpora, best_col, M_ICONV), 4);
  for (guint d = 0; d < 2; d++)
    {
      g_autofree char *w1 = g_strdup_printf ("%s, REPLACE/SKIP/ESCAPE on valid input, x STRICT, worst",
                                             d == DECODE ? "decode" : "encode");
      g_autofree char *w2 = g_strdup_printf ("%s, 1 malformed / 10 KB, x clean, worst",
                                             d == DECODE ? "decode" : "encode");
      double worst_mode = INFINITY, worst_bad = INFINITY;

      for (guint m = 1; m < 4; m++)
        worst_mode = MIN (worst_mode, min_ratio (mode_rates[d], n_corpora, m, 0));
      for (guint m = 4; m < 6; m++)
        worst_bad = MIN (worst_bad, min_ratio (mode_rates[d], n_corpora, m, 0));
      /* "As fast as": within the run-to-run noise of a shared machine. */
      target (w1, worst_mode, 0.9);
      target (w2, worst_bad, 0.5);
    }
  /* The 1.1 settings within 10% where they agree with
   * UNICODE and STRICT. */
  for (guint d = 0; d < 2; d++)
    for (guint m = 1; m < N_SEED; m++)
      {
        g_autofree char *what = g_strdup_printf ("%s, %s x %s, worst corpus%s",
                                                 d == DECODE ? "decode" : "encode", seed_rows[m].label,
                                                 m < 4 ? "UNICODE" : "STRICT",
                                                 m < 3 ? " (not emoji, mixed)" : "");
        double worst = INFINITY;

        for (guint c = 0; c < n_corpora; c++)
          if (!(has_supplementary (&corpora[c]) && (m == 1 || m == 2)))
            worst = MIN (worst, seed_rates[d][c][m] / seed_rates[d][c][0]);
        target (what, worst, 0.9);
      }
  /* UTF-8 to UTF-8 is a validation and a copy (behaviour guide,
   * #behaviour-repair). */
  {
    double worst_copy = INFINITY, worst_val = INFINITY, worst_hook = INFINITY;

    for (guint c = 0; c < n_corpora; c++)
      {
        double *r = repair_rates[c];
        double ours = r[R_KERNEL0 + best_col - M_CORE0];

        worst_copy = MIN (worst_copy, ours / r[R_MEMCPY]);
        worst_val = MIN (worst_val, ours / r[R_VALIDATE]);
        worst_hook = MIN (worst_hook, MIN (hook_rates[c][1] / hook_rates[c][0],
                                           hook_rates[c][3] / hook_rates[c][2]));
      }
    target ("UTF-8 to UTF-8, whole buffer, x memcpy, worst corpus", worst_copy, 0.5);
    target ("UTF-8 to UTF-8, whole buffer, x g_utf8_validate_len, worst corpus", worst_val, 5);
    target ("signal hook, no handler: converter x core, worst (valid and 1 bad / 10 KB)", worst_hook, 0.9);
  }
  g_print ("\n%u target(s) missed.\n", n_missed);
  return 0;
}
