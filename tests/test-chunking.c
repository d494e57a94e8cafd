/* test-chunking.c: the output does not depend on how the input is cut
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Every 2- and 3-way split of each vector and malformed case, and random
 * chunkings of long mixed inputs with output buffers of the minimum size,
 * must give the one-shot result: bytes, error and num-invalid
 * (behaviour guide, #behaviour-chunking).  The
 * one-shot results themselves are pinned by test-vectors and
 * test-malformed.
 */

#include "config.h"

#include <string.h>

#include "test-util.h"
#include "test-cases.h"

/* Every cut i <= j (empty chunks included) against the one-shot run. */
static void
check_splits (const GUtf8ConvConfig *cfg,
              GBytes         *input)
{
  gsize len;
  const guint8 *in = g_bytes_get_data (input, &len);
  g_autoptr(TuResult) whole = tu_run_oneshot (cfg, TU_CORE, in, len);
  g_autofree char *name = tu_config_string (cfg);
  g_autofree char *hex = tu_to_hex (in, len);
  gsize out_size = tu_min_out_size (cfg);

  for (gsize i = 0; i <= len; i++)
    for (gsize j = i; j <= len; j++)
      {
        gsize cuts[2] = { i, j };
        g_autoptr(TuResult) res = tu_run (cfg, TU_CORE, in, len, cuts, 2, out_size, FALSE);
        g_autofree char *what = NULL;

        if (res->error_code != whole->error_code || res->num_invalid != whole->num_invalid ||
            res->out->len != whole->out->len ||
            (res->out->len > 0 && memcmp (res->out->data, whole->out->data, res->out->len) != 0))
          what = g_strdup_printf ("%s [%s] cut at %" G_GSIZE_FORMAT ", %" G_GSIZE_FORMAT,
                                  name, hex, i, j);
        if (what != NULL)
          tu_assert_same (res, whole, what);
      }

  /* Through GConverter, plain and flushed at each cut. */
  for (gsize i = 0; i <= len; i++)
    for (gboolean flush = FALSE; flush <= TRUE; flush++)
      {
        g_autoptr(TuResult) res = tu_run (cfg, TU_CONVERTER, in, len, &i, 1, out_size, flush);
        g_autofree char *what = g_strdup_printf ("%s [%s] converter cut at %" G_GSIZE_FORMAT "%s",
                                                 name, hex, i, flush ? " flushed" : "");

        tu_assert_same (res, whole, what);
      }
}

static void
test_vectors (void)
{
  for (GUtf8ConvDirection d = 0; d <= GUTF8CONV_DIRECTION_UCS4_TO_UTF8; d++)
    for (guint p = 0; p < G_N_ELEMENTS (tu_profiles); p++)
      for (guint b = 0; b < G_N_ELEMENTS (tu_bom_modes); b++)
        for (guint e = 0; e < 2; e++)
          {
            GUtf8ConvConfig cfg = { d, GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN, tu_bom_modes[b],
                             tu_error_modes[e], tu_profiles[p] };
            guint n = tu_n_vectors_both + (p == 1 ? tu_n_vectors_ucs4 : 0);

            for (guint i = 0; i < n; i++)
              {
                const TuVector *v = i < tu_n_vectors_both ? &tu_vectors_both[i]
                                                          : &tu_vectors_ucs4[i - tu_n_vectors_both];
                g_autoptr(GBytes) in = tu_input (&cfg, d == 0 ? v->utf8 : v->ucs4);

                check_splits (&cfg, in);
              }
          }
}

/* @hex (big-endian UTF-16) with the bytes of each unit swapped. */
static GBytes *
swap_units (GBytes *be)
{
  gsize len;
  const guint8 *p = g_bytes_get_data (be, &len);
  guint8 *le = g_malloc (len);

  g_assert_cmpuint (len % 2, ==, 0);
  for (gsize i = 0; i < len; i += 2)
    {
      le[i] = p[i + 1];
      le[i + 1] = p[i];
    }
  return g_bytes_new_take (le, len);
}

static void
test_vectors_utf16 (void)
{
  for (GUtf8ConvDirection d = GUTF8CONV_DIRECTION_UTF8_TO_UTF16; d <= GUTF8CONV_DIRECTION_UTF16_TO_UTF8; d++)
    for (guint p = 0; p < G_N_ELEMENTS (tu_profiles); p++)
      for (guint b = 0; b < G_N_ELEMENTS (tu_bom_modes); b++)
        for (guint o = 1; o < 3; o++)
          for (guint i = 0; i < tu_n_vectors_utf16; i++)
            {
              GUtf8ConvConfig cfg = { d, tu_byte_orders[o], tu_bom_modes[b],
                                      tu_error_modes[b % 2], tu_profiles[p] };
              const TuVector16 *v = &tu_vectors_utf16[i];
              g_autoptr(GBytes) in = tu_hex (d == GUTF8CONV_DIRECTION_UTF8_TO_UTF16 ? v->utf8 : v->utf16);

              if (d == GUTF8CONV_DIRECTION_UTF16_TO_UTF8 &&
                  tu_byte_orders[o] == GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN)
                {
                  GBytes *le = swap_units (in);

                  g_bytes_unref (in);
                  in = le;
                }
              check_splits (&cfg, in);
            }
}

static void
check_malformed_splits (GUtf8ConvDirection  direction,
                        const TuMalformed  *cases,
                        guint               n_cases)
{
  for (guint i = 0; i < n_cases; i++)
    for (guint p = 0; p < G_N_ELEMENTS (tu_profiles); p++)
      for (guint e = 0; e < G_N_ELEMENTS (tu_error_modes); e++)
        for (guint b = 0; b < G_N_ELEMENTS (tu_bom_modes); b += 2)
          {
            GUtf8ConvConfig cfg = { direction, GUTF8CONV_BYTE_ORDER_BIG_ENDIAN, tu_bom_modes[b],
                             tu_error_modes[e], tu_profiles[p] };
            g_autoptr(GBytes) in = tu_hex (cases[i].input);

            if (cases[i].profiles & (1 << p))
              check_splits (&cfg, in);
          }
}

static void
test_malformed_decode (void)
{
  check_malformed_splits (GUTF8CONV_DIRECTION_UTF8_TO_UCS4, tu_malformed_decode,
                          tu_n_malformed_decode);
}

static void
test_malformed_encode (void)
{
  check_malformed_splits (GUTF8CONV_DIRECTION_UCS4_TO_UTF8, tu_malformed_encode,
                          tu_n_malformed_encode);
}

static void
test_malformed_utf16 (void)
{
  check_malformed_splits (GUTF8CONV_DIRECTION_UTF8_TO_UTF16, tu_malformed_decode,
                          tu_n_malformed_decode);
  check_malformed_splits (GUTF8CONV_DIRECTION_UTF8_TO_UTF16, tu_malformed_to_utf16,
                          tu_n_malformed_to_utf16);
  check_malformed_splits (GUTF8CONV_DIRECTION_UTF16_TO_UTF8, tu_malformed_from_utf16,
                          tu_n_malformed_from_utf16);
}

/* Long mixed inputs in random chunks, with output buffers of the minimum
 * size or a little more, through the core and GConverter. */
static void
check_random (GUtf8ConvDirection direction,
              gboolean           malformed,
              guint32            seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);

  /* Strides prime to each other, so that the rounds meet every value of
   * each setting in many combinations. */
  for (guint round = 0; round < 30; round++)
    {
      GUtf8ConvConfig cfg = { direction, tu_byte_orders[round % TU_N_BYTE_ORDERS],
                              tu_bom_modes[(round / 2) % TU_N_BOM_MODES],
                              malformed ? tu_error_modes[1 + round % (TU_N_ERROR_MODES - 1)]
                                        : tu_error_modes[round % TU_N_ERROR_MODES],
                              tu_profiles[(round / 3) % TU_N_PROFILES] };
      g_autoptr(GBytes) input = tu_random_input (&cfg, rand, 3000, malformed);
      gsize len;
      const guint8 *in = g_bytes_get_data (input, &len);
      g_autoptr(TuResult) whole = tu_run_oneshot (&cfg, TU_CORE, in, len);
      g_autofree char *name = tu_config_string (&cfg);

      if (!malformed)
        g_assert_cmpint (whole->error_code, ==, -1);
      /* convert_bytes sizes its buffer with this bound. */
      {
        GUtf8ConvCodec codec;

        gutf8conv_codec_init (&codec, &cfg);
        g_assert_cmpuint (whole->out->len, <=, gutf8conv_codec_max_output (&codec, len));
      }

      for (guint k = 0; k < 6; k++)
        {
          guint32 chunk_seed = g_rand_int (rand);
          g_autoptr(GRand) chunks = g_rand_new_with_seed (chunk_seed);
          TuPath path = k % 2 ? TU_CONVERTER : TU_CORE;
          gsize max_chunk = k < 2 ? 3 : k < 4 ? 17 : 700;
          gsize out_size = tu_min_out_size (&cfg) + (k < 4 ? 0 : g_rand_int_range (rand, 0, 9));
          g_autoptr(TuResult) res = tu_run_random (&cfg, path, in, len, chunks, max_chunk, out_size);
          g_autofree char *what = g_strdup_printf ("%s, input seed %u round %u, chunk seed %u "
                                                   "(max %" G_GSIZE_FORMAT "), out %" G_GSIZE_FORMAT
                                                   " via %s", name, seed, round, chunk_seed,
                                                   max_chunk, out_size,
                                                   path == TU_CORE ? "core" : "converter");

          tu_assert_same (res, whole, what);
        }

      /* The GConverter and convert_bytes agree with the core in one go. */
      {
        g_autoptr(TuResult) conv = tu_run_oneshot (&cfg, TU_CONVERTER, in, len);
        g_autoptr(GUtf8ConvConverter) c = tu_converter_new (&cfg);
        g_autoptr(GError) error = NULL;
        g_autoptr(GBytes) out = gutf8conv_converter_convert_bytes (c, input, &error);

        tu_assert_same (conv, whole, name);
        if (whole->error_code < 0)
          {
            g_autoptr(GBytes) want = g_bytes_new (whole->out->data, whole->out->len);

            g_assert_no_error (error);
            g_assert_true (g_bytes_equal (out, want));
          }
        else
          {
            g_assert_error (error, G_IO_ERROR, whole->error_code);
            g_assert_cmpstr (error->message, ==, whole->message);
          }
        g_assert_cmpuint (gutf8conv_converter_get_num_invalid (c), ==, whole->num_invalid);
      }
    }
}

static void
test_random_clean_decode (void)
{
  check_random (GUTF8CONV_DIRECTION_UTF8_TO_UCS4, FALSE, 1);
}

static void
test_random_clean_repair (void)
{
  check_random (GUTF8CONV_DIRECTION_UTF8_TO_UTF8, FALSE, 6);
}

static void
test_random_malformed_repair (void)
{
  check_random (GUTF8CONV_DIRECTION_UTF8_TO_UTF8, TRUE, 7);
}

static void
test_random_clean_encode (void)
{
  check_random (GUTF8CONV_DIRECTION_UCS4_TO_UTF8, FALSE, 2);
}

static void
test_random_malformed_decode (void)
{
  check_random (GUTF8CONV_DIRECTION_UTF8_TO_UCS4, TRUE, 3);
}

static void
test_random_malformed_encode (void)
{
  check_random (GUTF8CONV_DIRECTION_UCS4_TO_UTF8, TRUE, 4);
}

static void
test_random_clean_to_utf16 (void)
{
  check_random (GUTF8CONV_DIRECTION_UTF8_TO_UTF16, FALSE, 8);
}

static void
test_random_malformed_to_utf16 (void)
{
  check_random (GUTF8CONV_DIRECTION_UTF8_TO_UTF16, TRUE, 9);
}

static void
test_random_clean_from_utf16 (void)
{
  check_random (GUTF8CONV_DIRECTION_UTF16_TO_UTF8, FALSE, 10);
}

static void
test_random_malformed_from_utf16 (void)
{
  check_random (GUTF8CONV_DIRECTION_UTF16_TO_UTF8, TRUE, 11);
}

/* STRICT on malformed input: the error and the output before it do not
 * depend on the chunking either. */
static void
test_random_strict_errors (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);

  for (guint round = 0; round < 60; round++)
    {
      GUtf8ConvConfig cfg = { round < 40 ? round % 3 : 3 + round % 2, tu_byte_orders[round % TU_N_BYTE_ORDERS],
                              tu_bom_modes[round % TU_N_BOM_MODES],
                              GUTF8CONV_ERROR_MODE_STRICT, tu_profiles[(round / 3) % TU_N_PROFILES] };
      g_autoptr(GBytes) input = tu_random_input (&cfg, rand, 400, TRUE);
      gsize len;
      const guint8 *in = g_bytes_get_data (input, &len);
      g_autoptr(TuResult) whole = tu_run_oneshot (&cfg, TU_CORE, in, len);

      for (guint k = 0; k < 4; k++)
        {
          guint32 chunk_seed = g_rand_int (rand);
          g_autoptr(GRand) chunks = g_rand_new_with_seed (chunk_seed);
          g_autoptr(TuResult) res = tu_run_random (&cfg, k % 2, in, len, chunks, 1 + k * 5,
                                                   tu_min_out_size (&cfg));
          g_autofree char *name = tu_config_string (&cfg);
          g_autofree char *what = g_strdup_printf ("%s, round %u, chunk seed %u", name, round,
                                                   chunk_seed);

          tu_assert_same (res, whole, what);
        }
    }
}

/* The whole input with @kernel, calling until it is done or fails. */
static GUtf8ConvCodecStatus
run_kernel (const GUtf8ConvConfig        *cfg,
            const GUtf8ConvKernel *kernel,
            GBytes                *input,
            GByteArray            *out,
            char                 **message)
{
  GUtf8ConvCodec codec;
  gsize len, done = 0;
  const guint8 *in = g_bytes_get_data (input, &len);
  GUtf8ConvCodecStatus status;

  g_byte_array_set_size (out, 4 * len + 64);
  g_byte_array_set_size (out, 0);
  gutf8conv_codec_init (&codec, cfg);
  gutf8conv_codec_set_kernel (&codec, kernel);
  do
    {
      gsize nread, nwritten;
      guint8 buf[4096];

      status = gutf8conv_codec_convert (&codec, in + done, len - done, buf, sizeof buf,
                                        GUTF8CONV_CODEC_INPUT_AT_END, &nread, &nwritten);
      g_byte_array_append (out, buf, nwritten);
      done += nread;
    }
  while (status == GUTF8CONV_CODEC_CONVERTED);
  *message = status == GUTF8CONV_CODEC_FINISHED ? NULL : gutf8conv_codec_error_message (&codec);
  return status;
}

/* Every kernel this CPU runs gives what the scalar one gives. */
static void
test_kernels (void)
{
  const GUtf8ConvKernel **kernels = gutf8conv_kernel_available ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (6);

  g_assert_true (kernels[0] == &gutf8conv_kernel_scalar);
  g_assert_true (gutf8conv_kernel_lookup ("scalar") == &gutf8conv_kernel_scalar);
  g_assert_null (gutf8conv_kernel_lookup ("no-such-kernel"));

  /* The UCS-4 and UTF-8 directions, then the UTF-16 ones. */
  for (guint round = 0; round < 50; round++)
    {
      GUtf8ConvConfig cfg = { round < 30 ? round % 3 : 3 + round % 2,
                              tu_byte_orders[round % TU_N_BYTE_ORDERS], GUTF8CONV_BOM_KEEP,
                              tu_error_modes[1 + round % (TU_N_ERROR_MODES - 1)],
                              tu_profiles[(round / 3) % TU_N_PROFILES] };
      /* ESCAPE stops at most lone UTF-16 units: give it clean input. */
      gboolean stops = cfg.direction == GUTF8CONV_DIRECTION_UTF16_TO_UTF8 &&
                       cfg.error_mode == GUTF8CONV_ERROR_MODE_ESCAPE;
      g_autoptr(GBytes) input = tu_random_input (&cfg, rand, 20000, round % 4 != 0 && !stops);
      g_autoptr(GByteArray) ref = g_byte_array_new ();
      g_autofree char *ref_message = NULL;
      GUtf8ConvCodecStatus ref_status;

      ref_status = run_kernel (&cfg, &gutf8conv_kernel_scalar, input, ref, &ref_message);
      g_assert_cmpuint (ref->len, >, 0);

      for (guint k = 1; kernels[k] != NULL; k++)
        {
          g_autoptr(GByteArray) out = g_byte_array_new ();
          g_autofree char *message = NULL;

          g_test_message ("kernel %s, round %u", kernels[k]->name, round);
          g_assert_cmpint (run_kernel (&cfg, kernels[k], input, out, &message), ==, ref_status);
          g_assert_cmpstr (message, ==, ref_message);
          g_assert_cmpmem (out->data, out->len, ref->data, ref->len);
        }
    }
}

/* Text in a single-byte code page read as UTF-8: ASCII with bytes from
 * 80 up, mostly alone, some after one of 80..BF (windows-1252's quotes
 * before a letter), some in pairs that are one malformed sequence or a
 * character (E9 A9, C3 A9), long clean runs, all at random places. */
static GBytes *
single_byte_text (GRand *rand,
                  gsize  len)
{
  GByteArray *text = g_byte_array_new ();

  while (text->len < len)
    {
      guint r = g_rand_int_range (rand, 0, 1000);
      guint8 b[2] = { g_rand_int_range (rand, 0x80, 0x100), g_rand_int_range (rand, 0x80, 0x100) };

      if (r < 80)
        g_byte_array_append (text, b, 1);
      else if (r < 90)
        {
          b[0] = g_rand_int_range (rand, 0x80, 0xC0);
          g_byte_array_append (text, b, 2);
        }
      else if (r < 93)
        g_byte_array_append (text, b, 2);
      else if (r < 94)
        {
          /* A clean run longer than the single-byte loop keeps. */
          for (guint i = g_rand_int_range (rand, 200, 400); i > 0; i--)
            g_byte_array_append (text, (const guint8 *) "e", 1);
        }
      else
        {
          guint8 c = g_rand_int_range (rand, 0x20, 0x7F);

          g_byte_array_append (text, &c, 1);
        }
    }
  return g_byte_array_free_to_bytes (text);
}

static void
log_invalid (guint64       offset,
             const guint8 *bytes,
             gsize         len,
             gpointer      log)
{
  g_autofree char *hex = tu_to_hex (bytes, len);

  g_string_append_printf (log, "%" G_GUINT64_FORMAT ":%s;", offset, hex);
}

/* @input through the core with @kernel, in chunks of at most @max_chunk
 * bytes; the output, the status, the count and the reports in @log. */
static GUtf8ConvCodecStatus
run_logged (const GUtf8ConvConfig *cfg,
            const GUtf8ConvKernel *kernel,
            GBytes                *input,
            gsize                  max_chunk,
            GByteArray            *out,
            GString               *log,
            guint64               *num_invalid)
{
  GUtf8ConvCodec codec;
  gsize len, done = 0;
  const guint8 *in = g_bytes_get_data (input, &len);
  GUtf8ConvCodecStatus status;

  gutf8conv_codec_init (&codec, cfg);
  gutf8conv_codec_set_kernel (&codec, kernel);
  if (log != NULL)
    gutf8conv_codec_set_invalid_func (&codec, log_invalid, log);
  do
    {
      gsize n = MIN (len - done, max_chunk), nread, nwritten;
      guint8 buf[4 * 4096];

      status = gutf8conv_codec_convert (&codec, in + done, n, buf, sizeof buf,
                                        done + n == len ? GUTF8CONV_CODEC_INPUT_AT_END : 0,
                                        &nread, &nwritten);
      g_byte_array_append (out, buf, nwritten);
      done += nread;
    }
  while (status == GUTF8CONV_CODEC_CONVERTED || status == GUTF8CONV_CODEC_NEED_INPUT);
  *num_invalid = codec.num_invalid;
  return status;
}

/* The block loop for bytes from 80 up between ASCII ones (the kernels'
 * single_byte, which the codec calls where a kernel stops) against the same input
 * two bytes a call, which never reaches it: output, status, num-invalid
 * and the reports, with and without a handler, every kernel, error mode,
 * profile and byte order, to UCS-4, UTF-16 and UTF-8. */
static void
test_single_byte (void)
{
  const GUtf8ConvKernel **kernels = gutf8conv_kernel_available ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  static const GUtf8ConvDirection directions[] = {
    GUTF8CONV_DIRECTION_UTF8_TO_UCS4, GUTF8CONV_DIRECTION_UTF8_TO_UTF16, GUTF8CONV_DIRECTION_UTF8_TO_UTF8,
  };

  for (guint round = 0; round < 60; round++)
    {
      GUtf8ConvConfig cfg = { directions[round % 3], tu_byte_orders[round % TU_N_BYTE_ORDERS],
                              GUTF8CONV_BOM_KEEP, tu_error_modes[1 + round % (TU_N_ERROR_MODES - 1)],
                              tu_profiles[(round / 4) % TU_N_PROFILES] };
      g_autoptr(GBytes) input = single_byte_text (rand, 3000);
      g_autoptr(GByteArray) ref = g_byte_array_new ();
      g_autoptr(GString) ref_log = g_string_new (NULL);
      g_autofree char *name = tu_config_string (&cfg);
      guint64 ref_invalid;
      GUtf8ConvCodecStatus ref_status;

      ref_status = run_logged (&cfg, &gutf8conv_kernel_scalar, input, 2, ref, ref_log, &ref_invalid);
      /* ESCAPE stops at the first malformed sequence towards UTF-8. */
      if (ref_status != GUTF8CONV_CODEC_INVALID)
        g_assert_cmpuint (ref_invalid, >, 100);

      for (guint k = 0; kernels[k] != NULL; k++)
        for (gboolean logged = FALSE; logged <= TRUE; logged++)
          {
            g_autoptr(GByteArray) out = g_byte_array_new ();
            g_autoptr(GString) log = g_string_new (NULL);
            guint64 num_invalid;

            g_test_message ("%s, kernel %s, round %u%s", name, kernels[k]->name, round,
                            logged ? ", reported" : "");
            g_assert_cmpint (run_logged (&cfg, kernels[k], input, G_MAXSIZE, out,
                                         logged ? log : NULL, &num_invalid), ==, ref_status);
            g_assert_cmpmem (out->data, out->len, ref->data, ref->len);
            g_assert_cmpuint (num_invalid, ==, ref_invalid);
            if (logged)
              g_assert_cmpstr (log->str, ==, ref_log->str);
          }
    }
}

/* @input through the default kernel into output windows of @window
 * bytes, each call's followed by a guard that must stay as it was (the
 * block loop writes nothing past the room it is given), against @ref. */
static void
check_single_byte_windows (const GUtf8ConvConfig *cfg,
                        GBytes                *input,
                        GByteArray            *ref,
                        GUtf8ConvCodecStatus   ref_status,
                        gsize                  window)
{
  GUtf8ConvCodec codec;
  gsize len, done = 0;
  const guint8 *in = g_bytes_get_data (input, &len);
  g_autoptr(GByteArray) out = g_byte_array_new ();
  GUtf8ConvCodecStatus status;
  guint8 buf[512 + 16];

  g_assert_cmpuint (window, <=, 512);
  gutf8conv_codec_init (&codec, cfg);
  gutf8conv_codec_set_kernel (&codec, gutf8conv_kernel_default ());
  do
    {
      gsize nread, nwritten;

      memset (buf, 0xA5, sizeof buf);
      status = gutf8conv_codec_convert (&codec, in + done, len - done, buf, window,
                                        GUTF8CONV_CODEC_INPUT_AT_END, &nread, &nwritten);
      for (gsize i = window; i < window + 16; i++)
        g_assert_cmphex (buf[i], ==, 0xA5);
      g_assert_true (nread > 0 || nwritten > 0 || status != GUTF8CONV_CODEC_CONVERTED);
      g_byte_array_append (out, buf, nwritten);
      done += nread;
    }
  while (status == GUTF8CONV_CODEC_CONVERTED || status == GUTF8CONV_CODEC_NEED_INPUT);
  g_assert_cmpint (status, ==, ref_status);
  g_assert_cmpmem (out->data, out->len, ref->data, ref->len);
}

/* @input through the default kernel, whole, with and without a handler,
 * against the same input 32 bytes a call with a handler: output, status,
 * num-invalid and reports; with @windows, check_single_byte_windows() too.  The block loop takes only input that holds
 * more than a block (of 64 bytes, or 32 were it made smaller): the
 * reference never reaches it. */
static void
check_single_byte_input (const GUtf8ConvConfig *cfg,
                      GBytes                *input,
                      gboolean               windows)
{
  g_autoptr(GByteArray) ref = g_byte_array_new ();
  g_autoptr(GString) ref_log = g_string_new (NULL);
  guint64 ref_invalid;
  GUtf8ConvCodecStatus ref_status;
  const GUtf8ConvKernel *kernel = gutf8conv_kernel_default ();

  ref_status = run_logged (cfg, &gutf8conv_kernel_scalar, input, 32, ref, ref_log, &ref_invalid);
  if (windows)
    {
      /* A block to UCS-4 (and two to UTF-16), and 4 bytes more. */
      check_single_byte_windows (cfg, input, ref, ref_status, 256);
      check_single_byte_windows (cfg, input, ref, ref_status, 260);
    }
  for (gboolean logged = FALSE; logged <= TRUE; logged++)
    {
      g_autoptr(GByteArray) out = g_byte_array_new ();
      g_autoptr(GString) log = g_string_new (NULL);
      guint64 num_invalid;

      g_assert_cmpint (run_logged (cfg, kernel, input, G_MAXSIZE, out, logged ? log : NULL,
                                   &num_invalid), ==, ref_status);
      g_assert_cmpmem (out->data, out->len, ref->data, ref->len);
      g_assert_cmpuint (num_invalid, ==, ref_invalid);
      if (logged)
        g_assert_cmpstr (log->str, ==, ref_log->str);
    }
}

/* The error modes that reach the block loop (ESCAPE stops at the first
 * bad byte towards UTF-8, STRICT and SKIP do not write bad bytes). */
static const GUtf8ConvErrorMode single_byte_modes[] = {
  GUTF8CONV_ERROR_MODE_REPLACE, GUTF8CONV_ERROR_MODE_ESCAPE,
  GUTF8CONV_ERROR_MODE_LATIN1, GUTF8CONV_ERROR_MODE_CP1252,
};

/* check_single_byte_input() for @input in each of those modes, to UCS-4 and
 * UTF-16 in both byte orders and to UTF-8. */
static void
check_single_byte_outputs (GBytes   *input,
                        gboolean  windows)
{
  static const GUtf8ConvDirection directions[] = {
    GUTF8CONV_DIRECTION_UTF8_TO_UCS4, GUTF8CONV_DIRECTION_UTF8_TO_UTF16, GUTF8CONV_DIRECTION_UTF8_TO_UTF8,
  };
  static const GUtf8ConvByteOrder orders[] = {
    GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN, GUTF8CONV_BYTE_ORDER_BIG_ENDIAN,
  };

  for (guint d = 0; d < G_N_ELEMENTS (directions); d++)
    for (guint o = 0; o < (d < 2 ? 2 : 1); o++)
      for (guint m = 0; m < G_N_ELEMENTS (single_byte_modes); m++)
        {
          GUtf8ConvConfig cfg = { directions[d], orders[o], GUTF8CONV_BOM_KEEP,
                                  single_byte_modes[m], GUTF8CONV_PROFILE_UNICODE };

          if (g_test_verbose ())
            g_test_message ("config %u %u %u", d, o, m);
          check_single_byte_input (&cfg, input, windows);
        }
}

/* The layout of the inputs of the block tests: ASCII the kernel takes,
 * a byte it stops at, which starts the block loop's first block, then
 * @n blocks under test, each taken by the loop on its own, and two blocks
 * and a few bytes after them (SINGLE_BYTE_BLOCK_LEN: the codec's block; a
 * test with more would pass too, one with fewer would miss places). */
#define SINGLE_BYTE_BLOCK_LEN GUTF8CONV_KERNEL_SINGLE_BYTE_BLOCK
#define SINGLE_BYTE_LEAD 16
#define SINGLE_BYTE_BLOCK_AT (SINGLE_BYTE_LEAD + SINGLE_BYTE_BLOCK_LEN)

static guint8 *
single_byte_frame (guint  n,
                gsize *len)
{
  guint8 *in;

  *len = SINGLE_BYTE_BLOCK_AT + (n + 2) * SINGLE_BYTE_BLOCK_LEN + 8;
  in = g_malloc (*len);
  for (gsize i = 0; i < *len; i++)
    in[i] = 'a' + i % 26;
  in[SINGLE_BYTE_LEAD] = 0xE9;
  /* One more bad byte in the block after, which the loop takes too. */
  in[SINGLE_BYTE_BLOCK_AT + n * SINGLE_BYTE_BLOCK_LEN + 5] = 0x93;
  return in;
}

/* Every byte from 80 up at every place of a block of the block loop (in
 * block k of an input, at place k), before ASCII or before A9 (a
 * continuation byte); a lead before A9, the block's last byte too, is no
 * single-byte text: a block of its own for each lead of some and each
 * place.  In every error mode, to UCS-4 and UTF-16 in both byte orders
 * and to UTF-8. */
static void
test_single_byte_bytes (void)
{
  static const guint8 leads[] = { 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF };

  for (guint b = 0x80; b <= 0xFF; b++)
    for (guint a9 = 0; a9 < (b < 0xC0 ? 2 : 1); a9++)
      {
        gsize len;
        g_autofree guint8 *in = single_byte_frame (SINGLE_BYTE_BLOCK_LEN, &len);
        g_autoptr(GBytes) input = NULL;

        for (guint k = 0; k < SINGLE_BYTE_BLOCK_LEN; k++)
          {
            in[SINGLE_BYTE_BLOCK_AT + k * SINGLE_BYTE_BLOCK_LEN + k] = b;
            if (a9)
              in[SINGLE_BYTE_BLOCK_AT + k * SINGLE_BYTE_BLOCK_LEN + k + 1] = 0xA9;
          }
        input = g_bytes_new (in, len);
        if (g_test_verbose ())
          g_test_message ("byte %02X, A9 after: %u", b, a9);
        check_single_byte_outputs (input, FALSE);
      }

  for (guint l = 0; l < G_N_ELEMENTS (leads); l++)
    for (guint at = 0; at < SINGLE_BYTE_BLOCK_LEN; at++)
      {
        gsize len;
        g_autofree guint8 *in = single_byte_frame (1, &len);
        g_autoptr(GBytes) input = NULL;

        in[SINGLE_BYTE_BLOCK_AT + at] = leads[l];
        in[SINGLE_BYTE_BLOCK_AT + at + 1] = 0xA9;
        input = g_bytes_new (in, len);
        if (g_test_verbose ())
          g_test_message ("lead %02X at %u, A9 after", leads[l], at);
        check_single_byte_outputs (input, FALSE);
      }
}

/* Blocks with 0 to SINGLE_BYTE_BLOCK_LEN of the bytes 80..9F (CP1252's
 * curly quotes, dashes, euro), and other bytes from 80 up, at random
 * places, or from the block's start (the whole block at the end), each
 * mode and output as above, and into small output windows. */
static void
test_single_byte_many (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1252);

  for (guint n = 0; n <= SINGLE_BYTE_BLOCK_LEN; n++)
    for (guint round = 0; round < 6; round++)
      {
        gsize len;
        g_autofree guint8 *in = single_byte_frame (1, &len);
        g_autoptr(GBytes) input = NULL;

        for (guint k = 0; k < n; k++)
          in[SINGLE_BYTE_BLOCK_AT + (round == 0 ? k : (guint) g_rand_int_range (rand, 0, SINGLE_BYTE_BLOCK_LEN))] =
            g_rand_int_range (rand, 0x80, 0xA0);
        /* Some rounds, some of A0..BF too (no lead: the block stays one
         * of the loop's). */
        for (guint k = 0; k < (round & 1) * 4; k++)
          in[SINGLE_BYTE_BLOCK_AT + g_rand_int_range (rand, 0, SINGLE_BYTE_BLOCK_LEN)] = g_rand_int_range (rand, 0xA0, 0xC0);
        input = g_bytes_new (in, len);
        check_single_byte_outputs (input, TRUE);
      }
}

/* GUTF8CONV_KERNEL forces a kernel; an unknown name warns and falls back
 * to the best one.  In subprocesses: the choice is made once (#kernels). */
static void
test_kernel_env (void)
{
  if (g_test_subprocess ())
    {
      const char *name = g_getenv ("GUTF8CONV_TEST_KERNEL");
      const GUtf8ConvKernel **list = gutf8conv_kernel_available ();
      guint n = 0;

      while (list[n] != NULL)
        n++;
      g_setenv ("GUTF8CONV_KERNEL", name, TRUE);
      if (g_strcmp0 (name, "scalar") == 0)
        g_assert_true (gutf8conv_kernel_default () == &gutf8conv_kernel_scalar);
      else
        {
          g_test_expect_message ("GUtf8Conv", G_LOG_LEVEL_WARNING,
                                 "GUTF8CONV_KERNEL=no-such-kernel: no such kernel on this CPU; using *");
          g_assert_true (gutf8conv_kernel_default () == list[n - 1]);
          g_test_assert_expected_messages ();
        }
      g_print ("chosen %s\n", gutf8conv_kernel_default ()->name);
      return;
    }

  g_setenv ("GUTF8CONV_TEST_KERNEL", "scalar", TRUE);
  g_test_trap_subprocess (NULL, 0, 0);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("chosen scalar\n");

  g_setenv ("GUTF8CONV_TEST_KERNEL", "no-such-kernel", TRUE);
  g_test_trap_subprocess (NULL, 0, 0);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("chosen *\n");
  g_unsetenv ("GUTF8CONV_TEST_KERNEL");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/chunking/splits/vectors", test_vectors);
  g_test_add_func ("/chunking/splits/malformed-decode", test_malformed_decode);
  g_test_add_func ("/chunking/splits/malformed-encode", test_malformed_encode);
  g_test_add_func ("/chunking/splits/vectors-utf16", test_vectors_utf16);
  g_test_add_func ("/chunking/splits/malformed-utf16", test_malformed_utf16);
  g_test_add_func ("/chunking/random/clean-decode", test_random_clean_decode);
  g_test_add_func ("/chunking/random/clean-encode", test_random_clean_encode);
  g_test_add_func ("/chunking/random/malformed-decode", test_random_malformed_decode);
  g_test_add_func ("/chunking/random/malformed-encode", test_random_malformed_encode);
  g_test_add_func ("/chunking/random/clean-repair", test_random_clean_repair);
  g_test_add_func ("/chunking/random/malformed-repair", test_random_malformed_repair);
  g_test_add_func ("/chunking/random/clean-to-utf16", test_random_clean_to_utf16);
  g_test_add_func ("/chunking/random/malformed-to-utf16", test_random_malformed_to_utf16);
  g_test_add_func ("/chunking/random/clean-from-utf16", test_random_clean_from_utf16);
  g_test_add_func ("/chunking/random/malformed-from-utf16", test_random_malformed_from_utf16);
  g_test_add_func ("/chunking/random/strict-errors", test_random_strict_errors);
  g_test_add_func ("/chunking/kernels", test_kernels);
  g_test_add_func ("/chunking/single-byte", test_single_byte);
  g_test_add_func ("/chunking/single-byte-bytes", test_single_byte_bytes);
  g_test_add_func ("/chunking/single-byte-many", test_single_byte_many);
  g_test_add_func ("/chunking/kernels/env", test_kernel_env);

  return g_test_run ();
}
