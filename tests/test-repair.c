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

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/repair/utf8-to-utf8", test_repair);

  return g_test_run ();
}
