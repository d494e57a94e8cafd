/* test-contract.c: the GConverter contract (behaviour guide, #behaviour-gconverter)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Direct g_converter_convert() calls, one rule per test: what GIO's
 * streams rely on (PARTIAL_INPUT, FLUSHED, FINISHED, deferred and
 * repeated errors, NULL input, tiny output buffers).
 */

#include "config.h"

#include "test-util.h"

#define CONVERTED G_CONVERTER_CONVERTED
#define FLUSHED   G_CONVERTER_FLUSHED
#define FINISHED  G_CONVERTER_FINISHED
#define ERROR     G_CONVERTER_ERROR
#define AT_END    G_CONVERTER_INPUT_AT_END
#define FLUSH     G_CONVERTER_FLUSH
#define INVALID   G_IO_ERROR_INVALID_DATA
#define PARTIAL   G_IO_ERROR_PARTIAL_INPUT
#define NO_SPACE  G_IO_ERROR_NO_SPACE

static GConverter *
new_converter (GUtf8ConvDirection direction,
               GUtf8ConvErrorMode mode)
{
  GUtf8ConvConfig cfg = { direction, GUTF8CONV_BYTE_ORDER_BIG_ENDIAN, GUTF8CONV_BOM_KEEP,
                   mode, GUTF8CONV_PROFILE_UNICODE };

  return G_CONVERTER (tu_converter_new (&cfg));
}

#define DEC GUTF8CONV_DIRECTION_UTF8_TO_UCS4
#define ENC GUTF8CONV_DIRECTION_UCS4_TO_UTF8

/* No input, no flags, nothing to emit: PARTIAL_INPUT, never CONVERTED
 * with nothing done (GConverterInputStream would spin; #behaviour-flags). */
static void
test_partial_input_on_empty (void)
{
  g_autoptr(GConverter) dec = new_converter (DEC, GUTF8CONV_ERROR_MODE_STRICT);
  g_autoptr(GConverter) enc = new_converter (ENC, GUTF8CONV_ERROR_MODE_STRICT);

  tu_call (dec, NULL, 0, 16, ERROR, PARTIAL, NULL, 0, "");
  tu_call (dec, "", 0, 16, ERROR, PARTIAL, NULL, 0, "");
  /* Holding an incomplete sequence changes nothing. */
  tu_call (dec, "41 E2", 0, 16, CONVERTED, 0, NULL, 2, "00 00 00 41");
  tu_call (dec, NULL, 0, 16, ERROR, PARTIAL, NULL, 0, "");
  tu_call (dec, "82", 0, 16, CONVERTED, 0, NULL, 1, "");
  tu_call (dec, "", 0, 16, ERROR, PARTIAL, NULL, 0, "");
  tu_call (dec, "AC", AT_END, 16, FINISHED, 0, NULL, 1, "00 00 20 AC");

  tu_call (enc, NULL, 0, 16, ERROR, PARTIAL, NULL, 0, "");
  tu_call (enc, "00 00", 0, 16, CONVERTED, 0, NULL, 2, "");
  tu_call (enc, NULL, 0, 16, ERROR, PARTIAL, NULL, 0, "");
  tu_call (enc, "00 41", AT_END, 16, FINISHED, 0, NULL, 2, "41");
}

/* ...but output still owed is handed out first (#behaviour-flags,
 * #behaviour-pending-output). */
static void
test_empty_input_drains_output (void)
{
  g_autoptr(GConverter) dec = new_converter (DEC, GUTF8CONV_ERROR_MODE_ESCAPE);

  tu_call (dec, "E2 82 41", 0, 4, CONVERTED, 0, NULL, 2, "00 00 DC E2");
  tu_call (dec, NULL, 0, 4, CONVERTED, 0, NULL, 0, "00 00 DC 82");
  tu_call (dec, NULL, 0, 4, ERROR, PARTIAL, NULL, 0, "");
  tu_call (dec, "41", AT_END, 4, FINISHED, 0, NULL, 1, "00 00 00 41");
}

/* INPUT_AT_END: FINISHED once all the output is out (#behaviour-flags). */
static void
test_finished (void)
{
  g_autoptr(GConverter) dec = new_converter (DEC, GUTF8CONV_ERROR_MODE_STRICT);
  g_autoptr(GConverter) enc = new_converter (ENC, GUTF8CONV_ERROR_MODE_STRICT);

  tu_call (dec, "41 C3 A9", AT_END, 16, FINISHED, 0, NULL, 3, "00 00 00 41 00 00 00 E9");
  g_converter_reset (dec);
  tu_call (dec, NULL, AT_END, 16, FINISHED, 0, NULL, 0, "");
  g_converter_reset (dec);
  tu_call (dec, "", AT_END, 16, FINISHED, 0, NULL, 0, "");
  /* The end of a stream that came in earlier calls. */
  g_converter_reset (dec);
  tu_call (dec, "41", 0, 16, CONVERTED, 0, NULL, 1, "00 00 00 41");
  tu_call (dec, NULL, AT_END, 16, FINISHED, 0, NULL, 0, "");
  /* Not before all output is out. */
  g_converter_reset (dec);
  tu_call (dec, "41 42", AT_END, 4, CONVERTED, 0, NULL, 1, "00 00 00 41");
  tu_call (dec, "42", AT_END, 4, FINISHED, 0, NULL, 1, "00 00 00 42");

  tu_call (enc, "00 00 00 41", AT_END, 16, FINISHED, 0, NULL, 4, "41");
  g_converter_reset (enc);
  tu_call (enc, NULL, AT_END, 16, FINISHED, 0, NULL, 0, "");
}

/* FLUSH consumes everything, writes all that is determined, and keeps an
 * incomplete sequence pending without calling it an error
 * (#behaviour-flush). */
static void
test_flushed_while_holding (void)
{
  g_autoptr(GConverter) dec = new_converter (DEC, GUTF8CONV_ERROR_MODE_STRICT);
  g_autoptr(GConverter) enc = new_converter (ENC, GUTF8CONV_ERROR_MODE_STRICT);
  g_autoptr(GConverter) esc = new_converter (DEC, GUTF8CONV_ERROR_MODE_ESCAPE);

  tu_call (dec, "41 E2 82", FLUSH, 16, FLUSHED, 0, NULL, 3, "00 00 00 41");
  tu_call (dec, NULL, FLUSH, 16, FLUSHED, 0, NULL, 0, "");
  tu_call (dec, "", FLUSH, 16, FLUSHED, 0, NULL, 0, "");
  tu_call (dec, "AC", AT_END, 16, FINISHED, 0, NULL, 1, "00 00 20 AC");

  tu_call (enc, "00 00 00 41 00 00", FLUSH, 16, FLUSHED, 0, NULL, 6, "41");
  tu_call (enc, "20", FLUSH, 16, FLUSHED, 0, NULL, 1, "");
  tu_call (enc, "AC", AT_END, 16, FINISHED, 0, NULL, 1, "E2 82 AC");

  /* FLUSHED only once the owed output is out. */
  tu_call (esc, "E2 82 41", FLUSH, 4, CONVERTED, 0, NULL, 2, "00 00 DC E2");
  tu_call (esc, "41", FLUSH, 4, CONVERTED, 0, NULL, 0, "00 00 DC 82");
  tu_call (esc, "41", FLUSH, 4, FLUSHED, 0, NULL, 1, "00 00 00 41");
}

/* An error comes after the output before it, with bytes_read 0
 * (#behaviour-error-strict), and again on every call until reset
 * (#behaviour-sticky-errors); the end of the stream inside a sequence is
 * PARTIAL_INPUT (#behaviour-end-of-stream, #behaviour-error-codes). */
static void
test_deferred_errors (void)
{
  g_autoptr(GConverter) dec = new_converter (DEC, GUTF8CONV_ERROR_MODE_STRICT);
  g_autoptr(GConverter) enc = new_converter (ENC, GUTF8CONV_ERROR_MODE_STRICT);
  const char *msg = "Invalid UTF-8 sequence at byte 2: 80";

  tu_call (dec, "41 42 80 43", 0, 64, CONVERTED, 0, NULL, 2, "00 00 00 41 00 00 00 42");
  tu_call (dec, "80 43", 0, 64, ERROR, INVALID, msg, 0, "");
  tu_call (dec, "80 43", 0, 64, ERROR, INVALID, msg, 0, "");
  /* Whatever comes next, with whatever flags. */
  tu_call (dec, "44", 0, 64, ERROR, INVALID, msg, 0, "");
  tu_call (dec, NULL, 0, 64, ERROR, INVALID, msg, 0, "");
  tu_call (dec, NULL, FLUSH, 64, ERROR, INVALID, msg, 0, "");
  tu_call (dec, "44", AT_END, 64, ERROR, INVALID, msg, 0, "");
  g_converter_reset (dec);
  tu_call (dec, "44", AT_END, 64, FINISHED, 0, NULL, 1, "00 00 00 44");

  /* Truncated at the end: the output first, then PARTIAL_INPUT. */
  g_converter_reset (dec);
  msg = "Incomplete UTF-8 sequence at byte 1: F0 9F 98";
  tu_call (dec, "41 F0 9F 98", AT_END, 64, CONVERTED, 0, NULL, 1, "00 00 00 41");
  tu_call (dec, "F0 9F 98", AT_END, 64, ERROR, PARTIAL, msg, 0, "");
  tu_call (dec, "F0 9F 98", AT_END, 64, ERROR, PARTIAL, msg, 0, "");
  /* Held bytes that the end cuts short. */
  g_converter_reset (dec);
  msg = "Incomplete UTF-8 sequence at byte 0: F0 9F 98";
  tu_call (dec, "F0 9F", 0, 64, CONVERTED, 0, NULL, 2, "");
  tu_call (dec, "98", AT_END, 64, ERROR, PARTIAL, msg, 0, "");
  tu_call (dec, NULL, AT_END, 64, ERROR, PARTIAL, msg, 0, "");
  /* A bad sequence begun in an earlier call. */
  g_converter_reset (dec);
  msg = "Invalid UTF-8 sequence at byte 1: E2 82";
  tu_call (dec, "41 E2", 0, 64, CONVERTED, 0, NULL, 2, "00 00 00 41");
  tu_call (dec, "82", 0, 64, CONVERTED, 0, NULL, 1, "");
  tu_call (dec, "42", 0, 64, ERROR, INVALID, msg, 0, "");
  tu_call (dec, "42", 0, 64, ERROR, INVALID, msg, 0, "");

  msg = "Invalid UCS-4 value 0x0000D800 at byte 4";
  tu_call (enc, "00 00 00 41 00 00 D8 00", 0, 64, CONVERTED, 0, NULL, 4, "41");
  tu_call (enc, "00 00 D8 00", 0, 64, ERROR, INVALID, msg, 0, "");
  tu_call (enc, "00 00 00 42", AT_END, 64, ERROR, INVALID, msg, 0, "");
  g_converter_reset (enc);
  tu_call (enc, "00 00 00 42", AT_END, 64, FINISHED, 0, NULL, 4, "42");
}

/* inbuf may be NULL when inbuf_size is 0, with every flag
 * (#behaviour-buffers). */
static void
test_null_inbuf (void)
{
  for (GUtf8ConvDirection d = DEC; d <= ENC; d++)
    {
      g_autoptr(GConverter) c = new_converter (d, GUTF8CONV_ERROR_MODE_STRICT);

      tu_call (c, NULL, 0, 8, ERROR, PARTIAL, NULL, 0, "");
      tu_call (c, NULL, FLUSH, 8, FLUSHED, 0, NULL, 0, "");
      tu_call (c, NULL, AT_END, 8, FINISHED, 0, NULL, 0, "");
    }
}

/* Too small for the next unit: NO_SPACE, nothing consumed
 * (#behaviour-error-codes, #behaviour-output-sizes); odd alignment is fine
 * (tu_call's buffer is always odd-aligned; #behaviour-buffers). */
static void
test_tiny_outbuf (void)
{
  g_autoptr(GConverter) dec = new_converter (DEC, GUTF8CONV_ERROR_MODE_STRICT);
  g_autoptr(GConverter) enc = new_converter (ENC, GUTF8CONV_ERROR_MODE_STRICT);
  GUtf8ConvConfig ucs4 = { ENC, GUTF8CONV_BYTE_ORDER_BIG_ENDIAN, GUTF8CONV_BOM_KEEP,
                    GUTF8CONV_ERROR_MODE_STRICT, GUTF8CONV_PROFILE_UCS4 };
  g_autoptr(GUtf8ConvConverter) wide = tu_converter_new (&ucs4);

  for (gsize size = 1; size <= 3; size++)
    {
      tu_call (dec, "41", 0, size, ERROR, NO_SPACE, NULL, 0, "");
      tu_call (dec, "41", AT_END, size, ERROR, NO_SPACE, NULL, 0, "");
      tu_call (dec, "41", FLUSH, size, ERROR, NO_SPACE, NULL, 0, "");
    }
  tu_call (dec, "41 42", 0, 5, CONVERTED, 0, NULL, 1, "00 00 00 41");
  /* Completing a held sequence. */
  tu_call (dec, "E2 82", 0, 3, CONVERTED, 0, NULL, 2, "");
  tu_call (dec, "AC", 0, 3, ERROR, NO_SPACE, NULL, 0, "");
  tu_call (dec, "AC", 0, 4, CONVERTED, 0, NULL, 1, "00 00 20 AC");

  tu_call (enc, "00 00 20 AC", 0, 1, ERROR, NO_SPACE, NULL, 0, "");
  tu_call (enc, "00 00 20 AC", 0, 2, ERROR, NO_SPACE, NULL, 0, "");
  tu_call (enc, "00 00 00 41 00 00 20 AC", 0, 3, CONVERTED, 0, NULL, 4, "41");
  tu_call (enc, "00 00 20 AC", 0, 3, CONVERTED, 0, NULL, 4, "E2 82 AC");
  tu_call (enc, "00 01 F6 00", 0, 3, ERROR, NO_SPACE, NULL, 0, "");
  tu_call (enc, "00 01 F6 00", AT_END, 4, FINISHED, 0, NULL, 4, "F0 9F 98 80");

  /* A replacement that does not fit is not counted yet. */
  {
    g_autoptr(GConverter) rep = new_converter (DEC, GUTF8CONV_ERROR_MODE_REPLACE);

    tu_call (rep, "80", AT_END, 3, ERROR, NO_SPACE, NULL, 0, "");
    g_assert_cmpuint (gutf8conv_converter_get_num_invalid (GUTF8CONV_CONVERTER (rep)), ==, 0);
    tu_call (rep, "80", AT_END, 4, FINISHED, 0, NULL, 1, "00 00 FF FD");
    g_assert_cmpuint (gutf8conv_converter_get_num_invalid (GUTF8CONV_CONVERTER (rep)), ==, 1);
  }

  tu_call (G_CONVERTER (wide), "7F FF FF FF", AT_END, 5, ERROR, NO_SPACE, NULL, 0, "");
  tu_call (G_CONVERTER (wide), "7F FF FF FF", AT_END, 6, FINISHED, 0, NULL, 4,
           "FD BF BF BF BF BF");
}

/* Output one input sequence makes in several units may be handed out
 * across calls: ESCAPE of a 3-byte subpart into a 4-byte buffer
 * (#behaviour-pending-output). */
static void
test_output_across_calls (void)
{
  g_autoptr(GConverter) dec = new_converter (DEC, GUTF8CONV_ERROR_MODE_ESCAPE);
  GUtf8ConvConfig ins = { ENC, GUTF8CONV_BYTE_ORDER_BIG_ENDIAN, GUTF8CONV_BOM_INSERT,
                   GUTF8CONV_ERROR_MODE_STRICT, GUTF8CONV_PROFILE_UNICODE };
  g_autoptr(GUtf8ConvConverter) enc = tu_converter_new (&ins);

  tu_call (dec, "F0 9F 98 41", 0, 4, CONVERTED, 0, NULL, 3, "00 00 DC F0");
  tu_call (dec, "41", 0, 4, CONVERTED, 0, NULL, 0, "00 00 DC 9F");
  tu_call (dec, "41", 0, 4, CONVERTED, 0, NULL, 0, "00 00 DC 98");
  tu_call (dec, "41", AT_END, 4, FINISHED, 0, NULL, 1, "00 00 00 41");
  g_assert_cmpuint (gutf8conv_converter_get_num_invalid (GUTF8CONV_CONVERTER (dec)), ==, 1);

  /* The same subpart cut short by the end of the stream. */
  g_converter_reset (dec);
  tu_call (dec, "F0 9F 98", AT_END, 4, CONVERTED, 0, NULL, 3, "00 00 DC F0");
  tu_call (dec, NULL, AT_END, 4, CONVERTED, 0, NULL, 0, "00 00 DC 9F");
  tu_call (dec, NULL, AT_END, 4, FINISHED, 0, NULL, 0, "00 00 DC 98");

  /* A signature and a character into room for one of them. */
  tu_call (G_CONVERTER (enc), "00 00 00 41", AT_END, 3, CONVERTED, 0, NULL, 4, "EF BB BF");
  tu_call (G_CONVERTER (enc), NULL, AT_END, 3, FINISHED, 0, NULL, 0, "41");
}

/* After reset, nothing of the old stream is left: held bytes, owed
 * output, error, offsets. */
static void
test_reset (void)
{
  g_autoptr(GConverter) dec = new_converter (DEC, GUTF8CONV_ERROR_MODE_ESCAPE);
  g_autoptr(GConverter) strict = new_converter (DEC, GUTF8CONV_ERROR_MODE_STRICT);

  tu_call (dec, "F0 9F 98 41", 0, 4, CONVERTED, 0, NULL, 3, "00 00 DC F0");
  g_converter_reset (dec);
  tu_call (dec, "41", AT_END, 4, FINISHED, 0, NULL, 1, "00 00 00 41");
  g_converter_reset (dec);
  tu_call (dec, "E2 82", 0, 16, CONVERTED, 0, NULL, 2, "");
  g_converter_reset (dec);
  tu_call (dec, "AC", AT_END, 16, FINISHED, 0, NULL, 1, "00 00 DC AC");

  tu_call (strict, "41 41 41", 0, 16, CONVERTED, 0, NULL, 3, "00 00 00 41 00 00 00 41 00 00 00 41");
  g_converter_reset (strict);
  tu_call (strict, "80", 0, 16, ERROR, INVALID, "Invalid UTF-8 sequence at byte 0: 80", 0, "");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/contract/partial-input-on-empty", test_partial_input_on_empty);
  g_test_add_func ("/contract/empty-input-drains-output", test_empty_input_drains_output);
  g_test_add_func ("/contract/finished", test_finished);
  g_test_add_func ("/contract/flushed-while-holding", test_flushed_while_holding);
  g_test_add_func ("/contract/deferred-errors", test_deferred_errors);
  g_test_add_func ("/contract/null-inbuf", test_null_inbuf);
  g_test_add_func ("/contract/tiny-outbuf", test_tiny_outbuf);
  g_test_add_func ("/contract/output-across-calls", test_output_across_calls);
  g_test_add_func ("/contract/reset", test_reset);

  return g_test_run ();
}
