/* test-vectors.c: the standards' test vectors, both ways
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * From ISO/IEC 10646-1 Annex R, RFC 2044 and RFC 2279bis: each vector in
 * every byte order, every error mode and, where the standards allow it,
 * both profiles, through the core, GConverter and convert_bytes
 * (behaviour guide, #behaviour-profile-unicode, #behaviour-profile-ucs4).
 */

#include "config.h"

#include <string.h>

#include "test-util.h"
#include "test-cases.h"

static void
check_vector (const TuVector       *v,
              GUtf8ConvDirection  direction,
              GUtf8ConvProfile    profile)
{
  for (guint o = 0; o < G_N_ELEMENTS (tu_byte_orders); o++)
    for (guint e = 0; e < G_N_ELEMENTS (tu_error_modes); e++)
      {
        GUtf8ConvConfig cfg = { direction, tu_byte_orders[o], GUTF8CONV_BOM_KEEP,
                         tu_error_modes[e], profile };

        if (direction == GUTF8CONV_DIRECTION_UTF8_TO_UCS4)
          {
            tu_check (&cfg, v->utf8, v->ucs4, -1, NULL, 0);
            /* Well-formed input is copied byte for byte. */
            cfg.direction = GUTF8CONV_DIRECTION_UTF8_TO_UTF8;
            tu_check (&cfg, v->utf8, v->utf8, -1, NULL, 0);
          }
        else
          tu_check (&cfg, v->ucs4, v->utf8, -1, NULL, 0);
      }
}

/* The standards' vectors hold in every profile but CESU-8 and modified
 * UTF-8, which write supplementary characters and U+0000 their own way
 * (test-profiles has theirs). */
static gboolean
vectors_hold_in (GUtf8ConvProfile profile)
{
  return !(gutf8conv_profile_info (profile)->flags &
           (GUTF8CONV_PROFILE_SURROGATE_PAIRS | GUTF8CONV_PROFILE_NUL_AS_C0_80));
}

static void
test_both_decode (void)
{
  for (guint i = 0; i < tu_n_vectors_both; i++)
    for (guint p = 0; p < G_N_ELEMENTS (tu_profiles); p++)
      if (vectors_hold_in (tu_profiles[p]))
        check_vector (&tu_vectors_both[i], GUTF8CONV_DIRECTION_UTF8_TO_UCS4, tu_profiles[p]);
}

static void
test_both_encode (void)
{
  for (guint i = 0; i < tu_n_vectors_both; i++)
    for (guint p = 0; p < G_N_ELEMENTS (tu_profiles); p++)
      if (vectors_hold_in (tu_profiles[p]))
        check_vector (&tu_vectors_both[i], GUTF8CONV_DIRECTION_UCS4_TO_UTF8, tu_profiles[p]);
}

static void
test_ucs4_only_decode (void)
{
  for (guint i = 0; i < tu_n_vectors_ucs4; i++)
    check_vector (&tu_vectors_ucs4[i], GUTF8CONV_DIRECTION_UTF8_TO_UCS4, GUTF8CONV_PROFILE_UCS4);
}

static void
test_ucs4_only_encode (void)
{
  for (guint i = 0; i < tu_n_vectors_ucs4; i++)
    check_vector (&tu_vectors_ucs4[i], GUTF8CONV_DIRECTION_UCS4_TO_UTF8, GUTF8CONV_PROFILE_UCS4);
}

/* The same forms are malformed in the UNICODE profile: one U+FFFD per
 * maximal subpart (F5..FF start nothing, F4 needs 80..8F;
 * #behaviour-profile-unicode). */
static void
test_ucs4_only_rejected_by_unicode (void)
{
  static const struct { const char *utf8, *replaced, *first; } cases[] = {
    { "F7 BF BF BF", "FFFD FFFD FFFD FFFD", "F7" },
    { "F8 88 80 80 80", "FFFD FFFD FFFD FFFD FFFD", "F8" },
    { "FB BF BF BF BF", "FFFD FFFD FFFD FFFD FFFD", "FB" },
    { "FC 84 80 80 80 80", "FFFD FFFD FFFD FFFD FFFD FFFD", "FC" },
    { "FD BF BF BF BF BF", "FFFD FFFD FFFD FFFD FFFD FFFD", "FD" },
    { "F4 90 80 80", "FFFD FFFD FFFD FFFD", "F4" },
  };
  static const char *values[] = { "001FFFFF", "00200000", "03FFFFFF", "04000000",
                                  "7FFFFFFF", "00110000" };
  GUtf8ConvConfig dec = { GUTF8CONV_DIRECTION_UTF8_TO_UCS4, GUTF8CONV_BYTE_ORDER_BIG_ENDIAN,
                   GUTF8CONV_BOM_KEEP, GUTF8CONV_ERROR_MODE_REPLACE, GUTF8CONV_PROFILE_UNICODE };
  GUtf8ConvConfig enc = { GUTF8CONV_DIRECTION_UCS4_TO_UTF8, GUTF8CONV_BYTE_ORDER_BIG_ENDIAN,
                   GUTF8CONV_BOM_KEEP, GUTF8CONV_ERROR_MODE_REPLACE, GUTF8CONV_PROFILE_UNICODE };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      guint n = (strlen (cases[i].replaced) + 1) / 5;
      g_autofree char *msg = g_strdup_printf ("Invalid UTF-8 sequence at byte 0: %s",
                                              cases[i].first);

      dec.error_mode = GUTF8CONV_ERROR_MODE_REPLACE;
      tu_check (&dec, cases[i].utf8, cases[i].replaced, -1, NULL, n);
      dec.error_mode = GUTF8CONV_ERROR_MODE_STRICT;
      tu_check (&dec, cases[i].utf8, "", G_IO_ERROR_INVALID_DATA, msg, 0);
    }

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_autofree char *msg = g_strdup_printf ("Invalid UCS-4 value 0x%s at byte 0", values[i]);

      enc.error_mode = GUTF8CONV_ERROR_MODE_REPLACE;
      tu_check (&enc, values[i], "EF BF BD", -1, NULL, 1);
      enc.error_mode = GUTF8CONV_ERROR_MODE_STRICT;
      tu_check (&enc, values[i], "", G_IO_ERROR_INVALID_DATA, msg, 0);
    }
}

/* All vectors as one stream, so that runs of mixed lengths meet. */
static void
test_concatenated (void)
{
  g_autoptr(GString) ucs4 = g_string_new (NULL);
  g_autoptr(GString) utf8 = g_string_new (NULL);

  for (guint i = 0; i < tu_n_vectors_both; i++)
    {
      g_string_append_printf (ucs4, " %s", tu_vectors_both[i].ucs4);
      g_string_append_printf (utf8, " %s", tu_vectors_both[i].utf8);
    }
  for (guint r = 0; r < 3; r++)
    {
      /* Again after ASCII runs long enough for a fast path. */
      g_string_append (ucs4, " 41 42 43 44 45 46 47 48 49 4A 4B 4C 4D 4E 4F 50 51");
      g_string_append (utf8, " 41 42 43 44 45 46 47 48 49 4A 4B 4C 4D 4E 4F 50 51");
      for (guint i = 0; i < tu_n_vectors_both; i++)
        {
          g_string_append_printf (ucs4, " %s", tu_vectors_both[i].ucs4);
          g_string_append_printf (utf8, " %s", tu_vectors_both[i].utf8);
        }
    }

  {
    TuVector v = { ucs4->str, utf8->str };

    for (guint p = 0; p < G_N_ELEMENTS (tu_profiles); p++)
      if (vectors_hold_in (tu_profiles[p]))
      {
        check_vector (&v, GUTF8CONV_DIRECTION_UTF8_TO_UCS4, tu_profiles[p]);
        check_vector (&v, GUTF8CONV_DIRECTION_UCS4_TO_UTF8, tu_profiles[p]);
      }
  }
}

/* The byte orders, written out as bytes rather than through tu_ucs4(). */
static void
test_byte_orders (void)
{
  static const char *utf8 = "41 E2 82 AC F0 9F 98 80";
  static const char *be = "00 00 00 41 00 00 20 AC 00 01 F6 00";
  static const char *le = "41 00 00 00 AC 20 00 00 00 F6 01 00";
  const char *host = G_BYTE_ORDER == G_BIG_ENDIAN ? be : le;
  const char *orders[3] = { host, be, le };

  for (guint o = 0; o < 3; o++)
    {
      GUtf8ConvConfig cfg = { GUTF8CONV_DIRECTION_UTF8_TO_UCS4, tu_byte_orders[o],
                       GUTF8CONV_BOM_KEEP, GUTF8CONV_ERROR_MODE_STRICT,
                       GUTF8CONV_PROFILE_UNICODE };
      g_autoptr(GBytes) u8 = tu_hex (utf8);
      g_autoptr(GBytes) u32 = tu_hex (orders[o]);
      g_autoptr(GBytes) parsed = tu_ucs4 ("41 20AC 1F600", tu_byte_orders[o]);

      g_assert_true (g_bytes_equal (parsed, u32));
      tu_check_bytes (&cfg, u8, u32, -1, NULL, 0);
      cfg.direction = GUTF8CONV_DIRECTION_UCS4_TO_UTF8;
      tu_check_bytes (&cfg, u32, u8, -1, NULL, 0);
    }

  /* A host-order gunichar array is what HOST means. */
  {
    gunichar chars[3] = { 0x41, 0x20AC, 0x1F600 };
    g_autoptr(GBytes) u32 = g_bytes_new (chars, sizeof chars);
    g_autoptr(GBytes) u8 = tu_hex (utf8);
    GUtf8ConvConfig cfg = { GUTF8CONV_DIRECTION_UCS4_TO_UTF8, GUTF8CONV_BYTE_ORDER_HOST,
                     GUTF8CONV_BOM_KEEP, GUTF8CONV_ERROR_MODE_STRICT,
                     GUTF8CONV_PROFILE_UNICODE };

    tu_check_bytes (&cfg, u32, u8, -1, NULL, 0);
  }
}

static void
test_empty (void)
{
  for (guint p = 0; p < G_N_ELEMENTS (tu_profiles); p++)
    for (guint e = 0; e < G_N_ELEMENTS (tu_error_modes); e++)
      for (GUtf8ConvDirection d = 0; d <= GUTF8CONV_DIRECTION_UTF8_TO_UTF8; d++)
        {
          GUtf8ConvConfig cfg = { d, GUTF8CONV_BYTE_ORDER_BIG_ENDIAN, GUTF8CONV_BOM_KEEP,
                           tu_error_modes[e], tu_profiles[p] };

          tu_check (&cfg, "", "", -1, NULL, 0);
        }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/vectors/both-profiles/decode", test_both_decode);
  g_test_add_func ("/vectors/both-profiles/encode", test_both_encode);
  g_test_add_func ("/vectors/ucs4-only/decode", test_ucs4_only_decode);
  g_test_add_func ("/vectors/ucs4-only/encode", test_ucs4_only_encode);
  g_test_add_func ("/vectors/ucs4-only/unicode-profile-rejects", test_ucs4_only_rejected_by_unicode);
  g_test_add_func ("/vectors/concatenated", test_concatenated);
  g_test_add_func ("/vectors/byte-orders", test_byte_orders);
  g_test_add_func ("/vectors/empty", test_empty);

  return g_test_run ();
}
