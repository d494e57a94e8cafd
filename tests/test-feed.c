/* test-feed.c: the incremental call and the collected repairs
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * gutf8conv_converter_feed() over every split of a stream into one, two
 * and three pieces: the same output, offsets, signal emissions and
 * collected repairs as the stream in one piece (#behaviour-feed,
 * #behaviour-repair-list), the output before a strict error kept.
 */

#include "config.h"

#include <string.h>

#include "test-util.h"

/* What one run over the pieces gave. */
typedef struct
{
  GByteArray *out;
  GError     *error;
  GString    *emitted;     /* "offset:length " per signal emission */
  GString    *collected;   /* the same, from the collected list */
  GThread    *caller;
  gboolean    in_call;
} Run;

static void
on_invalid (GUtf8ConvConverter *conv G_GNUC_UNUSED,
            guint64             offset,
            GBytes             *bytes,
            Run                *run)
{
  /* During the call, on the caller's thread. */
  g_assert_true (run->in_call);
  g_assert_true (g_thread_self () == run->caller);
  g_string_append_printf (run->emitted, "%" G_GUINT64_FORMAT ":%" G_GSIZE_FORMAT " ",
                          offset, g_bytes_get_size (bytes));
}

static void
take_repairs (GUtf8ConvConverter *conv,
              Run                *run)
{
  gsize n = 0;
  g_autofree guint64 *values = gutf8conv_converter_take_repairs (conv, &n);

  g_assert_cmpuint (n % 2, ==, 0);
  for (gsize i = 0; i < n; i += 2)
    g_string_append_printf (run->collected, "%" G_GUINT64_FORMAT ":%" G_GUINT64_FORMAT " ",
                            values[i], values[i + 1]);
}

/* Feeds @in cut at @cut1 <= @cut2 as three pieces (some may be empty),
 * the last one final, stopping at the first error. */
static void
run_pieces (GUtf8ConvConverter *conv,
            GBytes             *in,
            gsize               cut1,
            gsize               cut2,
            Run                *run)
{
  gsize len;
  const guint8 *data = g_bytes_get_data (in, &len);
  const gsize starts[] = { 0, cut1, cut2 }, ends[] = { cut1, cut2, len };

  run->out = g_byte_array_new ();
  run->emitted = g_string_new ("");
  run->collected = g_string_new ("");
  run->caller = g_thread_self ();

  for (guint i = 0; i < G_N_ELEMENTS (starts); i++)
    {
      gsize n = 0;
      g_autofree guint8 *out = NULL;

      run->in_call = TRUE;
      out = gutf8conv_converter_feed (conv, ends[i] > starts[i] ? data + starts[i] : NULL,
                                      ends[i] - starts[i], i == G_N_ELEMENTS (starts) - 1,
                                      &n, &run->error);
      run->in_call = FALSE;
      take_repairs (conv, run);
      if (run->error != NULL)
        {
          g_assert_null (out);
          g_assert_cmpuint (n, ==, 0);
          g_free (out);
          out = gutf8conv_converter_take_output_before_error (conv, &n);
          g_byte_array_append (run->out, out, n);
          break;
        }
      g_byte_array_append (run->out, out, n);
    }
}

static void
run_clear (Run *run)
{
  g_byte_array_unref (run->out);
  g_clear_error (&run->error);
  g_string_free (run->emitted, TRUE);
  g_string_free (run->collected, TRUE);
}

/* Every split of @in_text into 1..3 pieces gives @out_text (output, or
 * the output before the error), the error @code (-1: none) at
 * @error_offset, and the repairs @repairs ("offset:length ..."). */
static void
check_splits (const GUtf8ConvConfig *cfg,
              const char            *in_text,
              const char            *out_text,
              const char            *repairs,
              int                    code,
              gint64                 error_offset)
{
  g_autoptr(GBytes) in = tu_input (cfg, in_text);
  g_autoptr(GBytes) expected = tu_output (cfg, out_text);
  gsize len = g_bytes_get_size (in);

  for (gsize cut1 = 0; cut1 <= len; cut1++)
    for (gsize cut2 = cut1; cut2 <= len; cut2++)
      {
        g_autoptr(GUtf8ConvConverter) conv = tu_converter_new (cfg);
        g_autofree char *what = g_strdup_printf ("%s cut at %" G_GSIZE_FORMAT " and %" G_GSIZE_FORMAT,
                                                 in_text, cut1, cut2);
        Run run = { 0 };

        gutf8conv_converter_collect_repairs (conv, len);
        g_signal_connect (conv, "invalid-sequence", G_CALLBACK (on_invalid), &run);
        run_pieces (conv, in, cut1, cut2, &run);

        tu_assert_bytes (run.out->data, run.out->len, expected, what);
        if (code < 0)
          g_assert_no_error (run.error);
        else
          g_assert_error (run.error, G_IO_ERROR, code);
        g_assert_cmpint (gutf8conv_converter_get_error_offset (conv), ==, error_offset);
        g_assert_cmpstr (run.emitted->str, ==, repairs);
        g_assert_cmpstr (run.collected->str, ==, repairs);
        run_clear (&run);
      }
}

/* Streams with every kind of piece boundary to cross. */
static const struct
{
  GUtf8ConvDirection direction;
  GUtf8ConvByteOrder byte_order;
  GUtf8ConvBomMode   bom_mode;
  GUtf8ConvErrorMode error_mode;
  const char        *input;
  const char        *output;    /* or the output before the error */
  const char        *repairs;
  int                code;      /* -1: no error */
  gint64             error_offset;
} split_cases[] = {
  /* A signature, 1- to 4-byte characters, a stray byte, a cut-off
   * sequence in the middle. */
  { GUTF8CONV_DIRECTION_UTF8_TO_UCS4, GUTF8CONV_BYTE_ORDER_BIG_ENDIAN, GUTF8CONV_BOM_STRIP,
    GUTF8CONV_ERROR_MODE_REPLACE, "EF BB BF 63 61 66 C3 A9 20 E2 82 AC FF 21 E2 82 F0 9F 98 80",
    "63 61 66 E9 20 20AC FFFD 21 FFFD 1F600", "12:1 14:2 ", -1, -1 },
  /* A sequence cut off by the end of the stream is repaired too. */
  { GUTF8CONV_DIRECTION_UTF8_TO_UTF8, GUTF8CONV_BYTE_ORDER_HOST, GUTF8CONV_BOM_KEEP,
    GUTF8CONV_ERROR_MODE_REPLACE, "61 F1 80 80 E1 80 C2 62 E2 82",
    "61 EF BF BD EF BF BD EF BF BD 62 EF BF BD", "1:3 4:2 6:1 8:2 ", -1, -1 },
  { GUTF8CONV_DIRECTION_UCS4_TO_UTF8, GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN, GUTF8CONV_BOM_KEEP,
    GUTF8CONV_ERROR_MODE_REPLACE, "41 20AC D800 1F600",
    "41 E2 82 AC EF BF BD F0 9F 98 80", "8:4 ", -1, -1 },
  /* UTF-16: a surrogate pair cut between pieces is joined. */
  { GUTF8CONV_DIRECTION_UTF8_TO_UTF16, GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN, GUTF8CONV_BOM_KEEP,
    GUTF8CONV_ERROR_MODE_REPLACE, "41 E2 82 AC FF F0 9F 98 80",
    "41 00 AC 20 FD FF 3D D8 00 DE", "4:1 ", -1, -1 },
  { GUTF8CONV_DIRECTION_UTF16_TO_UTF8, GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN, GUTF8CONV_BOM_KEEP,
    GUTF8CONV_ERROR_MODE_REPLACE, "41 00 3D D8 00 DE 00 D8 42 00",
    "41 F0 9F 98 80 EF BF BD 42", "6:2 ", -1, -1 },
  /* The valid output before the bad sequence is all kept. */
  { GUTF8CONV_DIRECTION_UTF8_TO_UTF8, GUTF8CONV_BYTE_ORDER_HOST, GUTF8CONV_BOM_KEEP,
    GUTF8CONV_ERROR_MODE_STRICT, "61 C3 A9 E2 82 63 64", "61 C3 A9",
    "", G_IO_ERROR_INVALID_DATA, 3 },
  /* Cut off by the end of the stream: the other error code. */
  { GUTF8CONV_DIRECTION_UTF8_TO_UTF8, GUTF8CONV_BYTE_ORDER_HOST, GUTF8CONV_BOM_KEEP,
    GUTF8CONV_ERROR_MODE_STRICT, "61 C3 A9 E2 82", "61 C3 A9",
    "", G_IO_ERROR_PARTIAL_INPUT, 3 },
};

static void
test_splits (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (split_cases); i++)
    {
      GUtf8ConvConfig cfg = GUTF8CONV_CONFIG_INIT;

      cfg.direction = split_cases[i].direction;
      cfg.byte_order = split_cases[i].byte_order;
      cfg.bom_mode = split_cases[i].bom_mode;
      cfg.error_mode = split_cases[i].error_mode;
      check_splits (&cfg, split_cases[i].input, split_cases[i].output, split_cases[i].repairs,
                    split_cases[i].code, split_cases[i].error_offset);
    }
}

/* A converter that validates and repairs UTF-8. */
static GUtf8ConvConverter *
utf8_converter (GUtf8ConvBomMode   bom_mode,
                GUtf8ConvErrorMode error_mode)
{
  return gutf8conv_converter_new_full (GUTF8CONV_DIRECTION_UTF8_TO_UTF8, GUTF8CONV_BYTE_ORDER_HOST,
                                       bom_mode, error_mode, GUTF8CONV_PROFILE_UNICODE);
}

/* A failed stream stays failed until reset (#behaviour-sticky-errors);
 * the next stream after a final call starts from offset 0. */
static void
test_sticky_and_next_stream (void)
{
  g_autoptr(GUtf8ConvConverter) conv = utf8_converter (GUTF8CONV_BOM_KEEP, GUTF8CONV_ERROR_MODE_STRICT);
  g_autoptr(GError) error = NULL;
  g_autofree guint8 *out = NULL, *before = NULL, *again = NULL;
  gsize n = 1;

  out = gutf8conv_converter_feed (conv, (const guint8 *) "ab\xff", 3, FALSE, &n, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_cmpstr (error->message, ==, "Invalid UTF-8 sequence at byte 2: FF");
  g_assert_null (out);
  g_clear_error (&error);
  before = gutf8conv_converter_take_output_before_error (conv, &n);
  g_assert_cmpmem (before, n, "ab", 2);
  /* Taken once. */
  g_clear_pointer (&before, g_free);
  before = gutf8conv_converter_take_output_before_error (conv, &n);
  g_assert_cmpuint (n, ==, 0);

  out = gutf8conv_converter_feed (conv, (const guint8 *) "c", 1, TRUE, &n, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_cmpstr (error->message, ==, "Invalid UTF-8 sequence at byte 2: FF");
  g_assert_null (out);
  g_clear_error (&error);

  g_converter_reset (G_CONVERTER (conv));
  out = gutf8conv_converter_feed (conv, (const guint8 *) "c\xc3", 2, TRUE, &n, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT);
  g_assert_cmpstr (error->message, ==, "Incomplete UTF-8 sequence at byte 1: C3");
  g_clear_error (&error);

  g_converter_reset (G_CONVERTER (conv));
  out = gutf8conv_converter_feed (conv, (const guint8 *) "d", 1, TRUE, &n, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (out, n, "d", 1);
  /* A new stream: its offsets start at 0 again. */
  again = gutf8conv_converter_feed (conv, (const guint8 *) "\x80", 1, TRUE, &n, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_cmpstr (error->message, ==, "Invalid UTF-8 sequence at byte 0: 80");
}

/* The signature that BOM_INSERT owes is written by the final call, also
 * for an empty stream, and only once. */
static void
test_final_signature (void)
{
  g_autoptr(GUtf8ConvConverter) conv =
    utf8_converter (GUTF8CONV_BOM_INSERT, GUTF8CONV_ERROR_MODE_STRICT);
  g_autoptr(GError) error = NULL;
  g_autofree guint8 *first = NULL, *last = NULL;
  gsize n = 1;

  first = gutf8conv_converter_feed (conv, NULL, 0, FALSE, &n, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 0);
  last = gutf8conv_converter_feed (conv, NULL, 0, TRUE, &n, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (last, n, "\xef\xbb\xbf", 3);
}

/* The list keeps at most its bound; past it, num-invalid still counts;
 * taking it makes room again (#behaviour-repair-list). */
static void
test_repair_bound (void)
{
  g_autoptr(GUtf8ConvConverter) conv =
    utf8_converter (GUTF8CONV_BOM_KEEP, GUTF8CONV_ERROR_MODE_SKIP);
  g_autoptr(GError) error = NULL;
  g_autofree guint8 *out = NULL, *out2 = NULL;
  g_autofree guint64 *values = NULL, *values2 = NULL, *none = NULL;
  gsize n = 0;
  const guint64 first[] = { 1, 1, 3, 2 };
  const guint64 next[] = { 7, 1 };

  /* Not collecting: nothing recorded. */
  out = gutf8conv_converter_feed (conv, (const guint8 *) "a\xff", 2, FALSE, &n, &error);
  g_assert_no_error (error);
  none = gutf8conv_converter_take_repairs (conv, &n);
  g_assert_cmpuint (n, ==, 0);
  g_converter_reset (G_CONVERTER (conv));
  g_clear_pointer (&out, g_free);

  gutf8conv_converter_collect_repairs (conv, 2);
  out = gutf8conv_converter_feed (conv, (const guint8 *) "a\xff" "b\xe2\x82" "c\x80", 7, FALSE, &n, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (out, n, "abc", 3);
  g_assert_cmpuint (gutf8conv_converter_get_num_invalid (conv), ==, 3);
  values = gutf8conv_converter_take_repairs (conv, &n);
  g_assert_cmpmem (values, n * sizeof *values, first, sizeof first);

  out2 = gutf8conv_converter_feed (conv, (const guint8 *) "\xc0", 1, TRUE, &n, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 0);
  values2 = gutf8conv_converter_take_repairs (conv, &n);
  g_assert_cmpmem (values2, n * sizeof *values2, next, sizeof next);

  /* 0 stops collecting. */
  gutf8conv_converter_collect_repairs (conv, 0);
  g_clear_pointer (&out, g_free);
  out = gutf8conv_converter_feed (conv, (const guint8 *) "\xff", 1, TRUE, &n, &error);
  g_assert_no_error (error);
  g_clear_pointer (&none, g_free);
  none = gutf8conv_converter_take_repairs (conv, &n);
  g_assert_cmpuint (n, ==, 0);
}

/* Input large enough that the output outgrows any small buffer: one
 * piece of 1 MiB of three-byte characters, in every direction's worst
 * case for size, is converted whole. */
static void
test_large_piece (void)
{
  g_autoptr(GUtf8ConvConverter) conv =
    utf8_converter (GUTF8CONV_BOM_KEEP, GUTF8CONV_ERROR_MODE_CP1252);
  g_autoptr(GError) error = NULL;
  g_autofree guint8 *in = g_malloc (1 << 20);
  g_autofree guint8 *out = NULL;
  gsize n = 0;

  /* Each 0x80 byte is malformed and becomes U+20AC, three bytes. */
  memset (in, 0x80, 1 << 20);
  out = gutf8conv_converter_feed (conv, in, 1 << 20, TRUE, &n, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 3 << 20);
  for (gsize i = 0; i < n; i += 3)
    g_assert_true (out[i] == 0xe2 && out[i + 1] == 0x82 && out[i + 2] == 0xac);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/feed/splits", test_splits);
  g_test_add_func ("/feed/sticky-and-next-stream", test_sticky_and_next_stream);
  g_test_add_func ("/feed/final-signature", test_final_signature);
  g_test_add_func ("/feed/repair-bound", test_repair_bound);
  g_test_add_func ("/feed/large-piece", test_large_piece);

  return g_test_run ();
}
