/* test-threads.c: independent converters in several threads at once
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The manual gives one converter to one stream at a time; converters of
 * their own must then work side by side.  Each thread streams its own
 * input through its own GUtf8ConvConverter with odd-sized reads, and must
 * get what the reference codec gets.  Built twice: plainly, and with
 * ThreadSanitizer in clang builds (test 'threads-tsan').
 */

#include <string.h>

#include <gutf8conv/gutf8conv.h>

#include "reference-codec.h"

#define N_THREADS 6
#define ROUNDS 3
#define INPUT_SIZE (48 * 1024)

typedef struct
{
  guint       index;
  GBytes     *input;
  RefConfig   ref;
  GByteArray *expected;
  guint64     expected_invalid;
  gboolean    expected_error;
  gboolean    ok;
} Job;

/* Mostly valid UTF-8 (or UCS-4) with some damage, different per thread. */
static GBytes *
make_input (guint    index,
            gboolean encode,
            gboolean big_endian)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (0x5EED0000 + index);
  GByteArray *a = g_byte_array_sized_new (INPUT_SIZE);
  static const guint32 chars[] = { 'a', 'Z', ' ', 0xE9, 0x3B1, 0x20AC, 0xFEFF, 0x1F600, 0x10FFFF };

  while (a->len < INPUT_SIZE)
    {
      guint32 c = chars[g_rand_int_range (rand, 0, G_N_ELEMENTS (chars))];
      guint8 buf[6];
      gint len;

      /* One damaged unit in 500, only in the modes that survive it. */
      if (index % 4 != 0 && g_rand_int_range (rand, 0, 500) == 0)
        c = encode ? 0xD800 : 0xFFFFFFFF;
      if (encode)
        {
          c = big_endian ? GUINT32_TO_BE (c) : GUINT32_TO_LE (c);
          g_byte_array_append (a, (guint8 *) &c, 4);
          continue;
        }
      if (c == 0xFFFFFFFF)
        {
          g_byte_array_append (a, (const guint8 *) "\xE2\x82", 2);
          continue;
        }
      len = g_unichar_to_utf8 (c, (char *) buf);
      g_byte_array_append (a, buf, len);
    }
  return g_byte_array_free_to_bytes (a);
}

static GByteArray *
convert_streaming (const Job *job,
                   guint64   *num_invalid,
                   gboolean  *failed)
{
  g_autoptr(GUtf8ConvConverter) converter = NULL;
  g_autoptr(GInputStream) memory = NULL;
  g_autoptr(GInputStream) in = NULL;
  g_autoptr(GError) error = NULL;
  GByteArray *out = g_byte_array_new ();
  guint8 buf[4099];
  guint step = 0;

  converter = g_object_new (GUTF8CONV_TYPE_CONVERTER,
                            "direction", job->ref.direction == REF_ENCODE
                              ? GUTF8CONV_DIRECTION_UCS4_TO_UTF8 : GUTF8CONV_DIRECTION_UTF8_TO_UCS4,
                            "byte-order", job->ref.big_endian
                              ? GUTF8CONV_BYTE_ORDER_BIG_ENDIAN : GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN,
                            "bom-mode", (GUtf8ConvBomMode) job->ref.bom,
                            "error-mode", (GUtf8ConvErrorMode) job->ref.errors,
                            NULL);
  memory = g_memory_input_stream_new_from_bytes (job->input);
  in = g_converter_input_stream_new (memory, G_CONVERTER (converter));

  for (;;)
    {
      /* Read sizes that cut sequences everywhere. */
      gsize want = 1 + (step++ * 613) % sizeof buf;
      gssize n = g_input_stream_read (in, buf, want, NULL, &error);

      if (n <= 0)
        break;
      g_byte_array_append (out, buf, n);
    }
  *failed = error != NULL;
  g_object_get (converter, "num-invalid", num_invalid, NULL);
  return out;
}

static gpointer
run_job (gpointer data)
{
  Job *job = data;

  job->ok = TRUE;
  for (guint round = 0; round < ROUNDS; round++)
    {
      guint64 num_invalid = 0;
      gboolean failed = FALSE;
      g_autoptr(GByteArray) out = convert_streaming (job, &num_invalid, &failed);

      if (out->len != job->expected->len ||
          memcmp (out->data, job->expected->data, out->len) != 0 ||
          num_invalid != job->expected_invalid || failed != job->expected_error)
        job->ok = FALSE;
    }
  return NULL;
}

static void
test_threads (void)
{
  Job jobs[N_THREADS];
  GThread *threads[N_THREADS];
  Job warm_up = { 0 };
  g_autoptr(GByteArray) warm_up_out = NULL;
  guint64 warm_up_invalid;
  gboolean warm_up_failed;

  /* GLib is not built with ThreadSanitizer, so it cannot see how its
   * one-time initialisations (types, classes, GIO's lazily made locks, the
   * kernel choice) are published; those are GLib's guarantees, not ours:
   * one conversion on this thread does them all before the others start. */
  warm_up.input = g_bytes_new_static ("a", 1);
  warm_up_out = convert_streaming (&warm_up, &warm_up_invalid, &warm_up_failed);
  g_assert_cmpuint (warm_up_out->len, ==, 4);
  g_bytes_unref (warm_up.input);

  for (guint i = 0; i < N_THREADS; i++)
    {
      Job *job = &jobs[i];
      RefResult r;
      gsize len;
      const guint8 *data;

      job->index = i;
      job->ref.direction = i % 2 ? REF_ENCODE : REF_DECODE;
      job->ref.big_endian = i % 3 == 0;
      job->ref.bom = (RefBom) (i % 3);
      job->ref.errors = (RefErrors) (i % 4);
      job->ref.profile = REF_UNICODE;
      job->ref.detect = FALSE;
      job->input = make_input (i, job->ref.direction == REF_ENCODE, job->ref.big_endian);
      data = g_bytes_get_data (job->input, &len);
      ref_convert (&job->ref, data, len, &r);
      job->expected = r.out;
      job->expected_invalid = r.num_invalid;
      job->expected_error = r.status != REF_OK;
      g_array_unref (r.invalid);
      /* The damaged inputs must really exercise the error modes. */
      if (job->ref.errors == REF_REPLACE || job->ref.errors == REF_SKIP)
        g_assert_cmpuint (r.num_invalid, >, 0);
    }

  for (guint i = 0; i < N_THREADS; i++)
    threads[i] = g_thread_new ("converter", run_job, &jobs[i]);
  for (guint i = 0; i < N_THREADS; i++)
    g_thread_join (threads[i]);

  for (guint i = 0; i < N_THREADS; i++)
    {
      g_test_message ("thread %u: %u output bytes, %" G_GUINT64_FORMAT " invalid",
                      i, jobs[i].expected->len, jobs[i].expected_invalid);
      g_assert_true (jobs[i].ok);
      g_byte_array_unref (jobs[i].expected);
      g_bytes_unref (jobs[i].input);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hardening/threads", test_threads);
  return g_test_run ();
}
