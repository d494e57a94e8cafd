/* test-malformed.c: malformed input under every error mode
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Each malformed class (behaviour guide, #behaviour-malformed,
 * #behaviour-errors) in both directions and every error mode
 * (#behaviour-error-modes: #behaviour-error-strict, #behaviour-error-replace,
 * #behaviour-error-skip, #behaviour-error-escape, #behaviour-error-latin1,
 * #behaviour-error-cp1252),
 * the end of the stream among them (#behaviour-end-of-stream), with exact
 * output, error, message (#behaviour-messages) and num-invalid; byte
 * offsets in long inputs; the ESCAPE round trip.
 */

#include "config.h"

#include <string.h>

#include "test-util.h"
#include "test-cases.h"

/* The UCS-4 values @values written as UTF-8, for the same case run from
 * UTF-8 to UTF-8. */
static void
append_utf8_hex (GString *hex,
                 guint32  c)
{
  char buf[6];
  gint n = g_unichar_to_utf8 (c, buf);

  for (gint k = 0; k < n; k++)
    g_string_append_printf (hex, "%02X ", (guint8) buf[k]);
}

/* The UCS-4 values @values written as UTF-8 of @profile (CESU-8 writes a
 * supplementary character as its surrogate pair), for the same case run
 * from UTF-8 to UTF-8. */
static char *
values_as_utf8_hex (const char       *values,
                    GUtf8ConvProfile  profile)
{
  g_auto(GStrv) words = g_strsplit_set (values, " ", -1);
  GString *hex = g_string_new (NULL);
  gboolean pairs = gutf8conv_profile_info (profile)->flags & GUTF8CONV_PROFILE_SURROGATE_PAIRS;

  for (guint i = 0; words[i] != NULL; i++)
    {
      guint32 c;

      if (words[i][0] == '\0')
        continue;
      c = g_ascii_strtoull (words[i], NULL, 16);
      if (pairs && c >= 0x10000)
        {
          append_utf8_hex (hex, 0xD800 + ((c - 0x10000) >> 10));
          append_utf8_hex (hex, 0xDC00 + ((c - 0x10000) & 0x3FF));
        }
      else
        append_utf8_hex (hex, c);
    }
  return g_string_free (hex, FALSE);
}

/* The UCS-4 values @values as UTF-16BE hex, for the same case run from
 * UTF-8 to UTF-16; NULL if one of them has no UTF-16 form. */
static char *
values_as_utf16_hex (const char *values)
{
  g_auto(GStrv) words = g_strsplit_set (values, " ", -1);
  g_autoptr(GString) hex = g_string_new (NULL);

  for (guint i = 0; words[i] != NULL; i++)
    {
      guint32 c;

      if (words[i][0] == '\0')
        continue;
      c = g_ascii_strtoull (words[i], NULL, 16);
      if (c > 0x10FFFF)
        return NULL;
      if (c >= 0x10000)
        g_string_append_printf (hex, "%04X %04X ", 0xD800 + ((c - 0x10000) >> 10),
                                0xDC00 + ((c - 0x10000) & 0x3FF));
      else
        g_string_append_printf (hex, "%04X ", c);
    }
  return g_string_free (g_steal_pointer (&hex), FALSE);
}

static void
check_malformed (const TuMalformed  *c,
                 GUtf8ConvDirection  direction)
{
  guint seen = 0;

  for (guint r = 0; r < TU_MAX_OUTCOMES && c->outcomes[r].out != NULL; r++)
    seen |= 1u << c->outcomes[r].mode;
  /* One row for every error mode there is. */
  g_assert_cmphex (seen, ==, (1u << tu_enum_count (GUTF8CONV_TYPE_ERROR_MODE)) - 1);

  for (guint p = 0; p < G_N_ELEMENTS (tu_profiles); p++)
    {
      g_autoptr(GBytes) in = tu_hex (c->input);

      if (!(c->profiles & (1 << tu_profiles[p])))
        continue;

      for (guint r = 0; r < TU_MAX_OUTCOMES && c->outcomes[r].out != NULL; r++)
        {
          const TuOutcome *o = &c->outcomes[r];
          GUtf8ConvConfig cfg = { direction, GUTF8CONV_BYTE_ORDER_BIG_ENDIAN, GUTF8CONV_BOM_KEEP,
                                  o->mode, tu_profiles[p] };
          g_autoptr(GBytes) want = tu_output (&cfg, o->out);

          tu_check_bytes (&cfg, in, want, o->code, o->message, o->n_invalid);

          /* UTF-8 to UTF-8 repairs the same way, written as UTF-8; ESCAPE
           * has no UTF-8 for its U+DCxx and stops as STRICT does. */
          if (direction == GUTF8CONV_DIRECTION_UTF8_TO_UCS4)
            {
              const TuOutcome *strict = &c->outcomes[0];
              gboolean fails = o->mode == GUTF8CONV_ERROR_MODE_ESCAPE;
              g_autofree char *hex = NULL;
              g_autoptr(GBytes) want8 = NULL;

              g_assert_cmpint (strict->mode, ==, GUTF8CONV_ERROR_MODE_STRICT);
              cfg.direction = GUTF8CONV_DIRECTION_UTF8_TO_UTF8;
              hex = values_as_utf8_hex (fails ? strict->out : o->out, cfg.profile);
              want8 = tu_hex (hex);
              tu_check_bytes (&cfg, in, want8, fails ? strict->code : o->code,
                              fails ? strict->message : o->message, fails ? 0 : o->n_invalid);
            }

          /* UTF-8 to UTF-16 writes what decoding writes, in 16-bit units
           * (values above U+10FFFF are the to-UTF-16 table's). */
          if (direction == GUTF8CONV_DIRECTION_UTF8_TO_UCS4)
            {
              g_autofree char *hex16 = values_as_utf16_hex (o->out);
              g_autoptr(GBytes) want16 = NULL;

              if (hex16 == NULL)
                continue;
              cfg.direction = GUTF8CONV_DIRECTION_UTF8_TO_UTF16;
              want16 = tu_hex (hex16);
              tu_check_bytes (&cfg, in, want16, o->code, o->message, o->n_invalid);
            }
        }
    }
}

static void
test_decode (void)
{
  for (guint i = 0; i < tu_n_malformed_decode; i++)
    check_malformed (&tu_malformed_decode[i], GUTF8CONV_DIRECTION_UTF8_TO_UCS4);
}

/* Malformed UCS-4 units, each mode (#behaviour-encoding-errors). */
static void
test_encode (void)
{
  for (guint i = 0; i < tu_n_malformed_encode; i++)
    check_malformed (&tu_malformed_encode[i], GUTF8CONV_DIRECTION_UCS4_TO_UTF8);
}

static void
test_to_utf16 (void)
{
  for (guint i = 0; i < tu_n_malformed_to_utf16; i++)
    check_malformed (&tu_malformed_to_utf16[i], GUTF8CONV_DIRECTION_UTF8_TO_UTF16);
}

static void
test_from_utf16 (void)
{
  for (guint i = 0; i < tu_n_malformed_from_utf16; i++)
    check_malformed (&tu_malformed_from_utf16[i], GUTF8CONV_DIRECTION_UTF16_TO_UTF8);
}

static GUtf8ConvConfig
config (GUtf8ConvDirection direction,
        GUtf8ConvErrorMode mode)
{
  GUtf8ConvConfig cfg = { direction, GUTF8CONV_BYTE_ORDER_BIG_ENDIAN, GUTF8CONV_BOM_KEEP,
                   mode, GUTF8CONV_PROFILE_UNICODE };

  return cfg;
}

/* ESCAPE turns U+DC80..U+DCFF back into bytes and counts each, then fails
 * on the first other bad unit or a truncated final unit. */
static void
test_encode_escape (void)
{
  GUtf8ConvConfig cfg = config (GUTF8CONV_DIRECTION_UCS4_TO_UTF8, GUTF8CONV_ERROR_MODE_ESCAPE);

  tu_check (&cfg, "41 DC80 DCFF 20AC DCC3 DCA9", "41 80 FF E2 82 AC C3 A9", -1, NULL, 4);
  tu_check (&cfg, "41 DC80 DBFF 42", "41 80", G_IO_ERROR_INVALID_DATA,
            "Invalid UCS-4 value 0x0000DBFF at byte 8", 1);
  tu_check (&cfg, "DC80 DD00", "80", G_IO_ERROR_INVALID_DATA,
            "Invalid UCS-4 value 0x0000DD00 at byte 4", 1);
  tu_check (&cfg, "DCFF 110000", "FF", G_IO_ERROR_INVALID_DATA,
            "Invalid UCS-4 value 0x00110000 at byte 4", 1);
  cfg.profile = GUTF8CONV_PROFILE_UCS4;
  tu_check (&cfg, "DCFF 110000 80000000", "FF F4 90 80 80", G_IO_ERROR_INVALID_DATA,
            "Invalid UCS-4 value 0x80000000 at byte 8", 1);

  {
    g_autoptr(GBytes) in = tu_hex ("00 00 DC 80 00 00 DC");
    g_autoptr(GBytes) want = tu_hex ("80");

    tu_check_bytes (&cfg, in, want, G_IO_ERROR_PARTIAL_INPUT,
                    "Incomplete UCS-4 value at byte 4: 00 00 DC", 1);
    cfg.error_mode = GUTF8CONV_ERROR_MODE_REPLACE;
    g_clear_pointer (&want, g_bytes_unref);
    want = tu_hex ("EF BF BD EF BF BD");
    tu_check_bytes (&cfg, in, want, -1, NULL, 2);
  }
}

/* Surrogates and values above the range, encoded, in both profiles
 * (#behaviour-encoding-errors). */
static void
test_encode_out_of_range (void)
{
  static const struct { const char *value; gboolean ucs4_ok; const char *utf8; } cases[] = {
    { "D800", FALSE, NULL },
    { "DBFF", FALSE, NULL },
    { "DC00", FALSE, NULL },
    { "DFFF", FALSE, NULL },
    { "110000", TRUE, "F4 90 80 80" },
    { "1FFFFF", TRUE, "F7 BF BF BF" },
    { "7FFFFFFF", TRUE, "FD BF BF BF BF BF" },
    { "80000000", FALSE, NULL },
    { "FFFFFFFF", FALSE, NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (guint p = 0; p < G_N_ELEMENTS (tu_profiles); p++)
      {
        GUtf8ConvConfig cfg = config (GUTF8CONV_DIRECTION_UCS4_TO_UTF8, GUTF8CONV_ERROR_MODE_STRICT);
        const GUtf8ConvProfileInfo *info;
        g_autofree char *input = g_strdup_printf ("41 %s 42", cases[i].value);
        g_autofree char *msg = g_strdup_printf ("Invalid UCS-4 value 0x%08X at byte 4",
                                                (guint) g_ascii_strtoull (cases[i].value, NULL, 16));

        cfg.profile = tu_profiles[p];
        info = gutf8conv_profile_info (cfg.profile);
        /* WTF-8 takes lone surrogates (test-profiles has them). */
        if ((info->flags & GUTF8CONV_PROFILE_LONE_SURROGATES) && cases[i].value[0] == 'D')
          continue;
        if (cases[i].ucs4_ok && g_ascii_strtoull (cases[i].value, NULL, 16) <= info->max_value)
          {
            g_autofree char *out = g_strdup_printf ("41 %s 42", cases[i].utf8);

            tu_check (&cfg, input, out, -1, NULL, 0);
            continue;
          }
        tu_check (&cfg, input, "41", G_IO_ERROR_INVALID_DATA, msg, 0);
        cfg.error_mode = GUTF8CONV_ERROR_MODE_REPLACE;
        tu_check (&cfg, input, "41 EF BF BD 42", -1, NULL, 1);
        cfg.error_mode = GUTF8CONV_ERROR_MODE_SKIP;
        tu_check (&cfg, input, "41 42", -1, NULL, 1);
        cfg.error_mode = GUTF8CONV_ERROR_MODE_ESCAPE;
        tu_check (&cfg, input, "41", G_IO_ERROR_INVALID_DATA, msg, 0);
      }
}

/* The message gives the value, not the bytes, whatever the byte order;
 * a truncated unit gives its bytes as they came. */
static void
test_encode_little_endian (void)
{
  GUtf8ConvConfig cfg = config (GUTF8CONV_DIRECTION_UCS4_TO_UTF8, GUTF8CONV_ERROR_MODE_STRICT);
  g_autoptr(GBytes) bad = tu_hex ("41 00 00 00 00 D8 00 00");
  g_autoptr(GBytes) cut = tu_hex ("41 00 00 00 00 D8");
  g_autoptr(GBytes) a = tu_hex ("41");

  cfg.byte_order = GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN;
  tu_check_bytes (&cfg, bad, a, G_IO_ERROR_INVALID_DATA,
                  "Invalid UCS-4 value 0x0000D800 at byte 4", 0);
  tu_check_bytes (&cfg, cut, a, G_IO_ERROR_PARTIAL_INPUT,
                  "Incomplete UCS-4 value at byte 4: 00 D8", 0);
}

/* @n_before valid units, then @bad (UTF-8 or raw UCS-4 hex): the error
 * names the absolute offset, in one go and in random chunks. */
static void
check_offset (const GUtf8ConvConfig *cfg,
              gsize           n_before,
              const char     *bad,
              int             code,
              const char     *message)
{
  gboolean decoding = cfg->direction == GUTF8CONV_DIRECTION_UTF8_TO_UCS4;
  g_autoptr(GByteArray) in = g_byte_array_new ();
  g_autoptr(GByteArray) out = g_byte_array_new ();
  g_autoptr(GBytes) tail = tu_hex (bad);
  g_autoptr(GBytes) in_bytes = NULL, want = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (1034);
  static const guint8 a_ucs4[4] = { 0, 0, 0, 'a' };

  for (gsize i = 0; i < n_before; i++)
    {
      /* Mix in a three-byte character so that input and output offsets differ. */
      static const guint8 euro_utf8[3] = { 0xE2, 0x82, 0xAC };
      static const guint8 euro_ucs4[4] = { 0, 0, 0x20, 0xAC };
      gboolean euro = i % 7 == 3;

      if (decoding)
        {
          g_byte_array_append (in, euro ? euro_utf8 : (const guint8 *) "a", euro ? 3 : 1);
          g_byte_array_append (out, euro ? euro_ucs4 : a_ucs4, 4);
        }
      else
        {
          g_byte_array_append (in, euro ? euro_ucs4 : a_ucs4, 4);
          g_byte_array_append (out, euro ? euro_utf8 : (const guint8 *) "a", euro ? 3 : 1);
        }
    }
  g_byte_array_append (in, g_bytes_get_data (tail, NULL), g_bytes_get_size (tail));
  in_bytes = g_bytes_new (in->data, in->len);
  want = g_bytes_new (out->data, out->len);

  tu_check_bytes (cfg, in_bytes, want, code, message, 0);
  for (guint r = 0; r < 4; r++)
    for (TuPath path = TU_CORE; path <= TU_CONVERTER; path++)
      {
        guint32 seed = g_rand_int (rand);
        g_autoptr(GRand) chunks = g_rand_new_with_seed (seed);
        g_autoptr(TuResult) res = NULL;
        g_autofree char *what = g_strdup_printf ("offset %s, chunks of seed %u", message, seed);

        /* Small chunks in the short inputs, larger ones in the long. */
        res = tu_run_random (cfg, path, in->data, in->len, chunks,
                             (in->len > 10000 ? 3000 : 3) + r * 300,
                             (in->len > 10000 ? 1000 : tu_min_out_size (cfg)) + r);
        g_autofree char *formed = tu_form_message (cfg, message);

        tu_assert_result (res, want, code, formed, 0, what);
      }
}

static void
test_offsets (void)
{
  GUtf8ConvConfig dec = config (GUTF8CONV_DIRECTION_UTF8_TO_UCS4, GUTF8CONV_ERROR_MODE_STRICT);
  GUtf8ConvConfig enc = config (GUTF8CONV_DIRECTION_UCS4_TO_UTF8, GUTF8CONV_ERROR_MODE_STRICT);
  /* 1034 bytes of input: 884 'a' and 150 three-byte characters... */
  gsize n = 0, bytes = 0;

  /* ...found by counting, not hard-coded, to keep the message exact. */
  while (bytes < 1034)
    bytes += n++ % 7 == 3 ? 3 : 1;
  g_assert_cmpuint (bytes, ==, 1034);

  check_offset (&dec, n, "E2 82 41", G_IO_ERROR_INVALID_DATA,
                "Invalid UTF-8 sequence at byte 1034: E2 82");
  check_offset (&dec, n, "E2 82", G_IO_ERROR_PARTIAL_INPUT,
                "Incomplete UTF-8 sequence at byte 1034: E2 82");
  check_offset (&dec, n, "F0 9F 98", G_IO_ERROR_PARTIAL_INPUT,
                "Incomplete UTF-8 sequence at byte 1034: F0 9F 98");
  check_offset (&enc, 512, "00 00 D8 00 00 00 00 41", G_IO_ERROR_INVALID_DATA,
                "Invalid UCS-4 value 0x0000D800 at byte 2048");
  check_offset (&enc, 512, "00 D8", G_IO_ERROR_PARTIAL_INPUT,
                "Incomplete UCS-4 value at byte 2048: 00 D8");

  /* Past 64 KiB, and past what a 16-bit counter could hold. */
  check_offset (&enc, 70000, "00 11 00 00", G_IO_ERROR_INVALID_DATA,
                "Invalid UCS-4 value 0x00110000 at byte 280000");
  n = bytes = 0;
  while (bytes < 100000)
    bytes += n++ % 7 == 3 ? 3 : 1;
  g_assert_cmpuint (bytes, ==, 100000);
  check_offset (&dec, n, "C0 AF", G_IO_ERROR_INVALID_DATA,
                "Invalid UTF-8 sequence at byte 100000: C0");
}

/* Offsets count every byte consumed, including earlier malformed ones
 * that ESCAPE or REPLACE got past and a stripped signature. */
static void
test_offsets_after_repairs (void)
{
  GUtf8ConvConfig enc = config (GUTF8CONV_DIRECTION_UCS4_TO_UTF8, GUTF8CONV_ERROR_MODE_ESCAPE);
  GUtf8ConvConfig dec = config (GUTF8CONV_DIRECTION_UTF8_TO_UCS4, GUTF8CONV_ERROR_MODE_STRICT);

  tu_check (&enc, "DC80 DC81 FEFF 41 D800", "80 81 EF BB BF 41", G_IO_ERROR_INVALID_DATA,
            "Invalid UCS-4 value 0x0000D800 at byte 16", 2);
  enc.bom_mode = GUTF8CONV_BOM_STRIP;
  tu_check (&enc, "FEFF DC80 41 D800", "80 41", G_IO_ERROR_INVALID_DATA,
            "Invalid UCS-4 value 0x0000D800 at byte 12", 1);
  dec.bom_mode = GUTF8CONV_BOM_STRIP;
  tu_check (&dec, "EF BB BF 41 80", "41", G_IO_ERROR_INVALID_DATA,
            "Invalid UTF-8 sequence at byte 4: 80", 0);
}

/* Decoding then encoding with ESCAPE gives back any byte string
 * (#behaviour-escape-round-trip). */
static void
test_escape_round_trip (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261122);

  for (guint i = 0; i < 300; i++)
    {
      GUtf8ConvConfig dec = config (GUTF8CONV_DIRECTION_UTF8_TO_UCS4, GUTF8CONV_ERROR_MODE_ESCAPE);
      GUtf8ConvConfig enc = config (GUTF8CONV_DIRECTION_UCS4_TO_UTF8, GUTF8CONV_ERROR_MODE_ESCAPE);
      gsize len = g_rand_int_range (rand, 0, 64);
      g_autofree guint8 *bytes = g_malloc (len + 1);
      g_autoptr(TuResult) there = NULL, back = NULL;
      g_autoptr(GBytes) original = NULL;
      g_autofree char *hex = NULL, *what = NULL;

      dec.profile = enc.profile = tu_profiles[i % 2];
      dec.byte_order = enc.byte_order = tu_byte_orders[i % 3];
      for (gsize k = 0; k < len; k++)
        {
          /* Favour bytes that make sequences, valid or not. */
          switch (g_rand_int_range (rand, 0, 4))
            {
            case 0:
              bytes[k] = g_rand_int_range (rand, 0, 0x80);
              break;
            case 1:
              bytes[k] = g_rand_int_range (rand, 0x80, 0xC0);
              break;
            case 2:
              bytes[k] = g_rand_int_range (rand, 0xC0, 0x100);
              break;
            default:
              bytes[k] = g_rand_int_range (rand, 0, 0x100);
              break;
            }
        }
      hex = tu_to_hex (bytes, len);
      what = g_strdup_printf ("round trip %u of [%s]", i, hex);
      original = g_bytes_new (bytes, len);

      there = tu_run_oneshot (&dec, TU_CONVERTER, bytes, len);
      g_assert_cmpint (there->error_code, ==, -1);
      back = tu_run_oneshot (&enc, TU_CONVERTER, there->out->data, there->out->len);
      tu_assert_result (back, original, -1, NULL, back->num_invalid, what);
      /* Encoding counts one per escaped byte, decoding one per subpart. */
      g_assert_cmpuint (back->num_invalid, >=, there->num_invalid);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/malformed/decode", test_decode);
  g_test_add_func ("/malformed/encode", test_encode);
  g_test_add_func ("/malformed/to-utf16", test_to_utf16);
  g_test_add_func ("/malformed/from-utf16", test_from_utf16);
  g_test_add_func ("/malformed/encode/escape", test_encode_escape);
  g_test_add_func ("/malformed/encode/out-of-range", test_encode_out_of_range);
  g_test_add_func ("/malformed/encode/little-endian", test_encode_little_endian);
  g_test_add_func ("/malformed/offsets/long", test_offsets);
  g_test_add_func ("/malformed/offsets/after-repairs", test_offsets_after_repairs);
  g_test_add_func ("/malformed/escape-round-trip", test_escape_round_trip);

  return g_test_run ();
}
