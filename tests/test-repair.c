/* test-repair.c: UTF-8 to UTF-8, validating and repairing
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The direction that copies well-formed UTF-8 and repairs the rest
 * (behaviour guide, #behaviour-repair).  Its malformed cases run with
 * every error mode in test-malformed.c.
 */

#include "config.h"

#include "test-util.h"

/* Well-formed input comes out byte for byte; the BOM modes work on the
 * UTF-8 signature; the byte order is ignored; STRICT's messages are
 * decoding's; ESCAPE stops as STRICT (#behaviour-repair). */
static void
test_repair (void)
{
  GUtf8ConvConfig rep = { GUTF8CONV_DIRECTION_UTF8_TO_UTF8, GUTF8CONV_BYTE_ORDER_BIG_ENDIAN,
                          GUTF8CONV_BOM_KEEP, GUTF8CONV_ERROR_MODE_STRICT,
                          GUTF8CONV_PROFILE_UNICODE };
  static const char *valid = "EF BB BF 41 C3 A9 E2 82 AC F0 9F 98 80 EF BB BF 00";

  for (guint o = 0; o < TU_N_BYTE_ORDERS; o++)
    {
      rep.byte_order = tu_byte_orders[o];
      tu_check_byte_a_call (&rep, valid, valid, -1, NULL, 0);
    }
  rep.byte_order = GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN;
  rep.bom_mode = GUTF8CONV_BOM_STRIP;
  tu_check_byte_a_call (&rep, valid, "41 C3 A9 E2 82 AC F0 9F 98 80 EF BB BF 00", -1, NULL, 0);
  rep.bom_mode = GUTF8CONV_BOM_INSERT;
  tu_check_byte_a_call (&rep, valid, valid, -1, NULL, 0);
  tu_check_byte_a_call (&rep, "41", "EF BB BF 41", -1, NULL, 0);
  tu_check_byte_a_call (&rep, "", "EF BB BF", -1, NULL, 0);
  tu_check_byte_a_call (&rep, "80", "EF BB BF", G_IO_ERROR_INVALID_DATA, "Invalid UTF-8 sequence at byte 0: 80", 0);
  rep.bom_mode = GUTF8CONV_BOM_KEEP;

  /* The guide's example, each mode. */
  rep.error_mode = GUTF8CONV_ERROR_MODE_REPLACE;
  tu_check_byte_a_call (&rep, "61 F1 80 80 E1 80 C2 62 80 63 80 BF 64",
         "61 EF BF BD EF BF BD EF BF BD 62 EF BF BD 63 EF BF BD EF BF BD 64", -1, NULL, 6);
  rep.error_mode = GUTF8CONV_ERROR_MODE_SKIP;
  tu_check_byte_a_call (&rep, "61 F1 80 80 E1 80 C2 62 80 63 80 BF 64", "61 62 63 64", -1, NULL, 6);
  rep.error_mode = GUTF8CONV_ERROR_MODE_LATIN1;
  tu_check_byte_a_call (&rep, "63 61 66 E9 20 C3 28", "63 61 66 C3 A9 20 C3 83 28", -1, NULL, 2);
  rep.error_mode = GUTF8CONV_ERROR_MODE_CP1252;
  tu_check_byte_a_call (&rep, "80 20 93 71 94 20 9D", "E2 82 AC 20 E2 80 9C 71 E2 80 9D 20 C2 9D", -1, NULL, 4);
  rep.error_mode = GUTF8CONV_ERROR_MODE_ESCAPE;
  tu_check_byte_a_call (&rep, "41 E2 82", "41", G_IO_ERROR_PARTIAL_INPUT, "Incomplete UTF-8 sequence at byte 1: E2 82", 0);
  tu_check_byte_a_call (&rep, "41 FF 42", "41", G_IO_ERROR_INVALID_DATA, "Invalid UTF-8 sequence at byte 1: FF", 0);
  rep.error_mode = GUTF8CONV_ERROR_MODE_STRICT;
  tu_check_byte_a_call (&rep, "41 ED A0 80", "41", G_IO_ERROR_INVALID_DATA, "Invalid UTF-8 sequence at byte 1: ED", 0);

  /* The other profiles' well-formed input is copied as it came. */
  rep.profile = GUTF8CONV_PROFILE_UCS4;
  tu_check_byte_a_call (&rep, "FD BF BF BF BF BF F8 88 80 80 80", "FD BF BF BF BF BF F8 88 80 80 80", -1, NULL, 0);
  rep.profile = GUTF8CONV_PROFILE_WTF8;
  tu_check_byte_a_call (&rep, "ED A0 BD 41 ED B8 80", "ED A0 BD 41 ED B8 80", -1, NULL, 0);
}

/* @in (hex) through one UTF-8 to UTF-8 converter reading @profile and
 * writing @output_profile, a byte a call (then whole): @want (hex), or
 * the error @message after @want; @n_invalid repairs. */
static void
check_output_profile (GUtf8ConvProfile    profile,
                      int                 output_profile,
                      GUtf8ConvErrorMode  mode,
                      const char         *in,
                      const char         *want,
                      const char         *message,
                      guint64             n_invalid)
{
  g_autoptr(GBytes) input = tu_hex (in);
  gsize len;
  const guint8 *data = g_bytes_get_data (input, &len);

  for (guint whole = 0; whole < 2; whole++)
    {
      g_autoptr(GUtf8ConvConverter) conv =
        g_object_new (GUTF8CONV_TYPE_CONVERTER, "direction", GUTF8CONV_DIRECTION_UTF8_TO_UTF8,
                      "profile", profile, "output-profile", output_profile, "error-mode", mode, NULL);
      g_autoptr(GByteArray) out = g_byte_array_new ();
      g_autoptr(GError) error = NULL;
      g_autofree char *got = NULL;
      gsize step = whole ? MAX (len, 1) : 1;

      for (gsize at = 0; at < len || (at == 0 && len == 0); at += step)
        {
          gsize n = MIN (step, len - at), out_len = 0;
          gboolean final = at + n >= len;
          g_autofree guint8 *o = gutf8conv_converter_feed (conv, data + at, n, final, &out_len, &error);

          if (o == NULL && error != NULL)
            {
              gsize before_len = 0;
              g_autofree guint8 *before = gutf8conv_converter_take_output_before_error (conv, &before_len);

              g_byte_array_append (out, before, before_len);
              break;
            }
          g_byte_array_append (out, o, out_len);
        }
      got = tu_to_hex (out->data, out->len);
      g_assert_cmpstr (got, ==, want);
      if (message != NULL)
        {
          g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
          g_assert_cmpstr (error->message, ==, message);
        }
      else
        {
          g_assert_no_error (error);
          g_assert_cmpuint (gutf8conv_converter_get_num_invalid (conv), ==, n_invalid);
        }
      g_assert_cmpint (gutf8conv_converter_get_output_profile (conv), ==, output_profile);
    }
}

/* One converter between two forms of UTF-8 (behaviour guide,
 * #behaviour-output-profile): each pair of forms, offsets and messages
 * of the input, a character the output cannot carry as one malformed
 * item in every mode, ESCAPE failing as STRICT. */
static void
test_output_profile (void)
{
  const GUtf8ConvProfile P_U = GUTF8CONV_PROFILE_UNICODE, P_C = GUTF8CONV_PROFILE_CESU8,
                         P_M = GUTF8CONV_PROFILE_MODIFIED_UTF8, P_W = GUTF8CONV_PROFILE_WTF8,
                         P_4 = GUTF8CONV_PROFILE_UCS4;
  const GUtf8ConvErrorMode S = GUTF8CONV_ERROR_MODE_STRICT;

  check_output_profile (P_C, P_U, S, "61 ED A0 BD ED B8 80 62", "61 F0 9F 98 80 62", NULL, 0);
  check_output_profile (P_M, P_U, S, "41 C0 80 00 ED A0 BD ED B8 80", "41 00 00 F0 9F 98 80", NULL, 0);
  check_output_profile (P_U, P_M, S, "41 00 F0 9F 98 80", "41 C0 80 ED A0 BD ED B8 80", NULL, 0);
  check_output_profile (P_U, P_C, S, "00 F0 9F 98 80", "00 ED A0 BD ED B8 80", NULL, 0);
  check_output_profile (P_M, P_W, S, "61 ED A0 80 62 ED A0 BD ED B8 80", "61 ED A0 80 62 F0 9F 98 80", NULL, 0);
  check_output_profile (P_W, P_M, S, "ED B0 80 F0 9F 98 80", "ED B0 80 ED A0 BD ED B8 80", NULL, 0);
  check_output_profile (P_W, P_C, S, "61 F0 9F 98 80", "61 ED A0 BD ED B8 80", NULL, 0);
  check_output_profile (P_C, P_W, S, "ED A0 BD ED B8 80", "F0 9F 98 80", NULL, 0);
  /* Lone surrogates and values above U+10FFFF the output cannot carry. */
  check_output_profile (P_W, P_U, S, "30 31 32 33 34 35 36 37 38 39 ED A0 80",
                        "30 31 32 33 34 35 36 37 38 39",
                        "Lone surrogate 0xD800 at byte 10 cannot be written in UTF-8", 0);
  check_output_profile (P_M, P_C, S, "61 ED B0 80", "61",
                        "Lone surrogate 0xDC00 at byte 1 cannot be written in CESU-8", 0);
  check_output_profile (P_4, P_U, S, "61 62 63 64 F4 90 80 80", "61 62 63 64",
                        "Value 0x110000 at byte 4 cannot be written in UTF-8", 0);
  check_output_profile (P_4, P_M, S, "FD BF BF BF BF BF", "",
                        "Value 0x7FFFFFFF at byte 0 cannot be written in Modified UTF-8", 0);
  check_output_profile (P_M, P_U, GUTF8CONV_ERROR_MODE_ESCAPE, "61 ED A0 80 62", "61",
                        "Lone surrogate 0xD800 at byte 1 cannot be written in UTF-8", 0);
  check_output_profile (P_M, P_U, GUTF8CONV_ERROR_MODE_REPLACE, "61 ED A0 80 62 FF", "61 EF BF BD 62 EF BF BD", NULL, 2);
  check_output_profile (P_M, P_U, GUTF8CONV_ERROR_MODE_SKIP, "61 ED A0 80 62 FF", "61 62", NULL, 2);
  check_output_profile (P_W, P_C, GUTF8CONV_ERROR_MODE_LATIN1, "E9 ED B0 80 41", "C3 A9 EF BF BD 41", NULL, 2);
  check_output_profile (P_W, P_U, GUTF8CONV_ERROR_MODE_CP1252, "80 ED B0 80", "E2 82 AC EF BF BD", NULL, 2);
  /* Malformed input is the input form's, with its offsets. */
  check_output_profile (P_C, P_U, S, "41 F0 9F 98 80", "41", "Invalid CESU-8 sequence at byte 1: F0", 0);
}

/* Not given (-1), the output form is the input form, as in 1.2; other
 * directions ignore it (#behaviour-output-profile). */
static void
test_output_profile_default (void)
{
  g_autoptr(GUtf8ConvConverter) conv = gutf8conv_converter_new_full (GUTF8CONV_DIRECTION_UTF8_TO_UTF8,
                                                                     GUTF8CONV_BYTE_ORDER_HOST, GUTF8CONV_BOM_KEEP,
                                                                     GUTF8CONV_ERROR_MODE_STRICT,
                                                                     GUTF8CONV_PROFILE_CESU8);
  g_autoptr(GUtf8ConvConverter) dec =
    g_object_new (GUTF8CONV_TYPE_CONVERTER, "profile", GUTF8CONV_PROFILE_WTF8,
                  "output-profile", GUTF8CONV_PROFILE_UNICODE, NULL);
  int value = 0;

  g_object_get (conv, "output-profile", &value, NULL);
  g_assert_cmpint (value, ==, -1);
  g_assert_cmpint (gutf8conv_converter_get_output_profile (conv), ==, -1);
  check_output_profile (GUTF8CONV_PROFILE_CESU8, -1, GUTF8CONV_ERROR_MODE_STRICT,
                        "ED A0 BD ED B8 80", "ED A0 BD ED B8 80", NULL, 0);
  check_output_profile (GUTF8CONV_PROFILE_MODIFIED_UTF8, -1, GUTF8CONV_ERROR_MODE_STRICT,
                        "00 C0 80 ED A0 80", "00 C0 80 ED A0 80", NULL, 0);
  g_assert_cmpint (gutf8conv_converter_get_output_profile (dec), ==, GUTF8CONV_PROFILE_UNICODE);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/repair/utf8-to-utf8", test_repair);
  g_test_add_func ("/repair/output-profile", test_output_profile);
  g_test_add_func ("/repair/output-profile-default", test_output_profile_default);

  return g_test_run ();
}
