/* test-profiles.c: the well-formed side of each profile, byte by byte
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * CESU-8, modified UTF-8 and WTF-8 both ways and from UTF-8 to UTF-8,
 * in every error mode, whole and one byte a call (behaviour guide,
 * #behaviour-profiles).  Their malformed input is in test-cases.c, with
 * every error mode; the UNICODE and UCS4 profiles' vectors are in
 * test-vectors.c.
 */

#include "config.h"

#include <string.h>

#include "test-util.h"

static GUtf8ConvConfig
config (GUtf8ConvDirection direction,
        GUtf8ConvProfile   profile)
{
  GUtf8ConvConfig cfg = { direction, GUTF8CONV_BYTE_ORDER_BIG_ENDIAN, GUTF8CONV_BOM_KEEP,
                          GUTF8CONV_ERROR_MODE_STRICT, profile };

  return cfg;
}

/* Both ways, and from UTF-8 to UTF-8 unchanged. */
static void
check_both_ways (GUtf8ConvProfile  profile,
                 const char       *ucs4,
                 const char       *utf8)
{
  GUtf8ConvConfig dec = config (GUTF8CONV_DIRECTION_UTF8_TO_UCS4, profile);
  GUtf8ConvConfig enc = config (GUTF8CONV_DIRECTION_UCS4_TO_UTF8, profile);
  GUtf8ConvConfig rep = config (GUTF8CONV_DIRECTION_UTF8_TO_UTF8, profile);

  for (guint e = 0; e < TU_N_ERROR_MODES; e++)
    {
      dec.error_mode = enc.error_mode = rep.error_mode = tu_error_modes[e];
      tu_check_byte_a_call (&dec, utf8, ucs4, -1, NULL, 0);
      tu_check_byte_a_call (&enc, ucs4, utf8, -1, NULL, 0);
      tu_check_byte_a_call (&rep, utf8, utf8, -1, NULL, 0);
    }
}

/* CESU-8 writes a supplementary character as the two three-byte
 * forms of its surrogate pair (UTR #26;
 * behaviour guide, #behaviour-profile-cesu8). */
static void
test_cesu8 (void)
{
  static const struct { const char *ucs4, *utf8; } v[] = {
    { "1F600", "ED A0 BD ED B8 80" },
    { "10000", "ED A0 80 ED B0 80" },
    { "10FFFF", "ED AF BF ED BF BF" },
    { "0041 233B4 0042", "41 ED A1 8C ED BE B4 42" },
    { "0000 007F 0080 07FF 0800 FFFF", "00 7F C2 80 DF BF E0 A0 80 EF BF BF" },
    { "FEFF 1F600", "EF BB BF ED A0 BD ED B8 80" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (v); i++)
    {
      check_both_ways (GUTF8CONV_PROFILE_CESU8, v[i].ucs4, v[i].utf8);
      /* Modified UTF-8 is CESU-8 but for U+0000. */
      if (strncmp (v[i].ucs4, "0000", 4) != 0)
        check_both_ways (GUTF8CONV_PROFILE_MODIFIED_UTF8, v[i].ucs4, v[i].utf8);
    }
}

/* Modified UTF-8 writes U+0000 as C0 80 and reads it so, and also reads a
 * raw 00, as DataInput.readUTF does (#behaviour-profile-modified-utf8). */
static void
test_modified_utf8 (void)
{
  GUtf8ConvConfig dec = config (GUTF8CONV_DIRECTION_UTF8_TO_UCS4, GUTF8CONV_PROFILE_MODIFIED_UTF8);
  GUtf8ConvConfig enc = config (GUTF8CONV_DIRECTION_UCS4_TO_UTF8, GUTF8CONV_PROFILE_MODIFIED_UTF8);
  GUtf8ConvConfig rep = config (GUTF8CONV_DIRECTION_UTF8_TO_UTF8, GUTF8CONV_PROFILE_MODIFIED_UTF8);

  check_both_ways (GUTF8CONV_PROFILE_MODIFIED_UTF8, "0000", "C0 80");
  check_both_ways (GUTF8CONV_PROFILE_MODIFIED_UTF8, "0041 0000 1F600 0000", "41 C0 80 ED A0 BD ED B8 80 C0 80");
  tu_check_byte_a_call (&dec, "00 41 00", "0000 0041 0000", -1, NULL, 0);
  /* Encoding never writes a 00 byte, however long the run. */
  tu_check_byte_a_call (&enc, "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 41",
         "C0 80 C0 80 C0 80 C0 80 C0 80 C0 80 C0 80 C0 80 C0 80 C0 80 "
         "C0 80 C0 80 C0 80 C0 80 C0 80 C0 80 C0 80 C0 80 C0 80 C0 80 41", -1, NULL, 0);
  /* Well-formed input is copied byte for byte: a raw 00 stays 00. */
  tu_check_byte_a_call (&rep, "00 C0 80 41", "00 C0 80 41", -1, NULL, 0);
  /* C0 takes 80 and nothing else; every other overlong is malformed. */
  dec.error_mode = GUTF8CONV_ERROR_MODE_REPLACE;
  tu_check_byte_a_call (&dec, "C0 81 C1 80 E0 80 80", "FFFD FFFD FFFD FFFD FFFD FFFD FFFD", -1, NULL, 7);

  /* U+DC80..U+DCFF are ordinary values, as in WTF-8: ESCAPE writes bad
   * bytes as them when decoding, but encoding writes their surrogate
   * forms, so the ESCAPE round trip does not hold. */
  dec.error_mode = enc.error_mode = GUTF8CONV_ERROR_MODE_ESCAPE;
  tu_check_byte_a_call (&dec, "00 80 C0 80 F0", "0000 DC80 0000 DCF0", -1, NULL, 2);
  tu_check_byte_a_call (&enc, "0000 DC80 0000 DCF0", "C0 80 ED B2 80 C0 80 ED B3 B0", -1, NULL, 0);
}

/* Modified UTF-8 as Java has it: lone surrogates are written as their
 * three-byte forms and read back, a high form and a low form right after
 * it are a pair, held across calls until the next form or the end
 * decides (#behaviour-profile-modified-utf8). */
static void
test_modified_utf8_lone (void)
{
  GUtf8ConvConfig dec = config (GUTF8CONV_DIRECTION_UTF8_TO_UCS4, GUTF8CONV_PROFILE_MODIFIED_UTF8);
  GUtf8ConvConfig enc = config (GUTF8CONV_DIRECTION_UCS4_TO_UTF8, GUTF8CONV_PROFILE_MODIFIED_UTF8);
  GUtf8ConvConfig rep = config (GUTF8CONV_DIRECTION_UTF8_TO_UTF8, GUTF8CONV_PROFILE_MODIFIED_UTF8);
  GUtf8ConvConfig to16 = config (GUTF8CONV_DIRECTION_UTF8_TO_UTF16, GUTF8CONV_PROFILE_MODIFIED_UTF8);
  GUtf8ConvConfig from16 = config (GUTF8CONV_DIRECTION_UTF16_TO_UTF8, GUTF8CONV_PROFILE_MODIFIED_UTF8);

  check_both_ways (GUTF8CONV_PROFILE_MODIFIED_UTF8, "D83D", "ED A0 BD");
  check_both_ways (GUTF8CONV_PROFILE_MODIFIED_UTF8, "DE00", "ED B8 80");
  check_both_ways (GUTF8CONV_PROFILE_MODIFIED_UTF8, "DE00 D83D 0041 DBFF", "ED B8 80 ED A0 BD 41 ED AF BF");
  check_both_ways (GUTF8CONV_PROFILE_MODIFIED_UTF8, "D800 D800 10000 DFFF", "ED A0 80 ED A0 80 ED A0 80 ED B0 80 ED BF BF");
  /* From UCS-4 a high value and a low one give the supplementary
   * character's six bytes, which read back as that character. */
  tu_check_byte_a_call (&enc, "D83D DE00", "ED A0 BD ED B8 80", -1, NULL, 0);
  tu_check_byte_a_call (&dec, "ED A0 BD ED B8 80", "1F600", -1, NULL, 0);
  /* At the end a whole high form is lone, a cut form incomplete. */
  tu_check_byte_a_call (&dec, "41 ED A0 80", "0041 D800", -1, NULL, 0);
  tu_check_byte_a_call (&dec, "ED A0 80 ED B0", "D800", G_IO_ERROR_PARTIAL_INPUT,
                        "Incomplete UTF-8 sequence at byte 3: ED B0", 0);
  /* Repair within the profile copies lone forms as they came. */
  tu_check_byte_a_call (&rep, "ED B8 80 00 ED A0 BD ED B8 80 C0 80 ED A0 BD",
                        "ED B8 80 00 ED A0 BD ED B8 80 C0 80 ED A0 BD", -1, NULL, 0);
  /* UTF-16 units both ways: each unit as Java writes it. */
  tu_check_byte_a_call (&from16, "DE 00 D8 3D DE 00 00 00 D8 3D",
                        "ED B8 80 ED A0 BD ED B8 80 C0 80 ED A0 BD", -1, NULL, 0);
  tu_check_byte_a_call (&to16, "ED B8 80 ED A0 BD ED B8 80 C0 80 ED A0 BD",
                        "DE 00 D8 3D DE 00 00 00 D8 3D", -1, NULL, 0);
  /* No error mode changes what is valid. */
  for (guint m = 0; m < tu_enum_count (GUTF8CONV_TYPE_ERROR_MODE); m++)
    {
      dec.error_mode = enc.error_mode = rep.error_mode = m;
      tu_check_byte_a_call (&dec, "ED B8 80 ED A0 BD 41", "DE00 D83D 0041", -1, NULL, 0);
      tu_check_byte_a_call (&enc, "DE00 D83D 0041", "ED B8 80 ED A0 BD 41", -1, NULL, 0);
      tu_check_byte_a_call (&rep, "ED B8 80 ED A0 BD 41", "ED B8 80 ED A0 BD 41", -1, NULL, 0);
    }
}

/* WTF-8 carries lone surrogates in their three-byte forms, and joins a
 * high and a low unit into one four-byte character
 * (#behaviour-profile-wtf8). */
static void
test_wtf8 (void)
{
  GUtf8ConvConfig dec = config (GUTF8CONV_DIRECTION_UTF8_TO_UCS4, GUTF8CONV_PROFILE_WTF8);
  GUtf8ConvConfig enc = config (GUTF8CONV_DIRECTION_UCS4_TO_UTF8, GUTF8CONV_PROFILE_WTF8);

  check_both_ways (GUTF8CONV_PROFILE_WTF8, "D83D", "ED A0 BD");
  check_both_ways (GUTF8CONV_PROFILE_WTF8, "DE00", "ED B8 80");
  /* A low form before a high one is two lone surrogates. */
  check_both_ways (GUTF8CONV_PROFILE_WTF8, "0041 DE00 D83D 0042", "41 ED B8 80 ED A0 BD 42");
  check_both_ways (GUTF8CONV_PROFILE_WTF8, "1F600 DBFF", "F0 9F 98 80 ED AF BF");
  check_both_ways (GUTF8CONV_PROFILE_WTF8, "D800 0041 DFFF", "ED A0 80 41 ED BF BF");

  /* Encoding joins a high unit with the low one after it, U+DC80..U+DCFF
   * included; a high unit at the end is a lone one. */
  for (guint e = 0; e < TU_N_ERROR_MODES; e++)
    {
      enc.error_mode = tu_error_modes[e];
      tu_check_byte_a_call (&enc, "D83D DE00", "F0 9F 98 80", -1, NULL, 0);
      tu_check_byte_a_call (&enc, "DBFF DC80", "F4 8F B2 80", -1, NULL, 0);
      tu_check_byte_a_call (&enc, "D83D D83D DE00 D83D", "ED A0 BD F0 9F 98 80 ED A0 BD", -1, NULL, 0);
      tu_check_byte_a_call (&enc, "DC80", "ED B2 80", -1, NULL, 0);
    }

  /* ESCAPE still writes bad bytes as U+DC80..U+DCFF when decoding, but
   * these are ordinary values here: the round trip is not guaranteed. */
  dec.error_mode = enc.error_mode = GUTF8CONV_ERROR_MODE_ESCAPE;
  tu_check_byte_a_call (&dec, "41 80 FF", "0041 DC80 DCFF", -1, NULL, 2);
  tu_check_byte_a_call (&enc, "0041 DC80 DCFF", "41 ED B2 80 ED B3 BF", -1, NULL, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/profiles/cesu8", test_cesu8);
  g_test_add_func ("/profiles/modified-utf8", test_modified_utf8);
  g_test_add_func ("/profiles/modified-utf8-lone", test_modified_utf8_lone);
  g_test_add_func ("/profiles/wtf8", test_wtf8);

  return g_test_run ();
}
