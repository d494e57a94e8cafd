/* test-seeds.c: the forms of SPEC section 6, byte by byte
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The well-formed side of the 1.1 profiles (CESU-8, modified UTF-8,
 * WTF-8), byte order detection, UTF-8 to UTF-8 repair, the error-offset
 * property and the invalid-sequence signal.  Malformed input of the new
 * profiles and modes is in test-cases.c, with every error mode.  Every
 * expected output is written from SPEC section 6 and the texts it cites.
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

/* tu_check(), and the same input one byte a call with the smallest output
 * buffer, plain and flushed after every byte, through both paths. */
static void
check (const GUtf8ConvConfig *cfg,
       const char            *input,
       const char            *expected,
       int                    code,
       const char            *message,
       guint64                num_invalid)
{
  g_autoptr(GBytes) in = tu_input (cfg, input);
  g_autoptr(GBytes) want = tu_output (cfg, expected);
  gsize len;
  const guint8 *data = g_bytes_get_data (in, &len);
  g_autofree gsize *cuts = g_new (gsize, len + 1);
  g_autofree char *name = tu_config_string (cfg);

  tu_check_bytes (cfg, in, want, code, message, num_invalid);
  for (gsize i = 1; i < len; i++)
    cuts[i - 1] = i;
  for (TuPath path = TU_CORE; path <= TU_CONVERTER; path++)
    for (gboolean flush = FALSE; flush <= TRUE; flush++)
      {
        g_autoptr(TuResult) res = tu_run (cfg, path, data, len, cuts, len > 0 ? len - 1 : 0,
                                          tu_min_out_size (cfg), flush);
        g_autofree char *what = g_strdup_printf ("%s [%s] a byte a call%s", name, input,
                                                 flush ? ", flushed" : "");

        tu_assert_result (res, want, code, message, num_invalid, what);
      }
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
      check (&dec, utf8, ucs4, -1, NULL, 0);
      check (&enc, ucs4, utf8, -1, NULL, 0);
      check (&rep, utf8, utf8, -1, NULL, 0);
    }
}

/* SPEC 6.2: CESU-8 writes a supplementary character as the two three-byte
 * forms of its surrogate pair (UTR #26). */
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

/* SPEC 6.2: modified UTF-8 writes U+0000 as C0 80 and reads it so, and
 * also reads a raw 00 (as DataInput.readUTF does). */
static void
test_modified_utf8 (void)
{
  GUtf8ConvConfig dec = config (GUTF8CONV_DIRECTION_UTF8_TO_UCS4, GUTF8CONV_PROFILE_MODIFIED_UTF8);
  GUtf8ConvConfig enc = config (GUTF8CONV_DIRECTION_UCS4_TO_UTF8, GUTF8CONV_PROFILE_MODIFIED_UTF8);
  GUtf8ConvConfig rep = config (GUTF8CONV_DIRECTION_UTF8_TO_UTF8, GUTF8CONV_PROFILE_MODIFIED_UTF8);

  check_both_ways (GUTF8CONV_PROFILE_MODIFIED_UTF8, "0000", "C0 80");
  check_both_ways (GUTF8CONV_PROFILE_MODIFIED_UTF8, "0041 0000 1F600 0000", "41 C0 80 ED A0 BD ED B8 80 C0 80");
  check (&dec, "00 41 00", "0000 0041 0000", -1, NULL, 0);
  /* Encoding never writes a 00 byte, however long the run. */
  check (&enc, "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 41",
         "C0 80 C0 80 C0 80 C0 80 C0 80 C0 80 C0 80 C0 80 C0 80 C0 80 "
         "C0 80 C0 80 C0 80 C0 80 C0 80 C0 80 C0 80 C0 80 C0 80 C0 80 41", -1, NULL, 0);
  /* Well-formed input is copied byte for byte: a raw 00 stays 00. */
  check (&rep, "00 C0 80 41", "00 C0 80 41", -1, NULL, 0);
  /* C0 takes 80 and nothing else; every other overlong is malformed. */
  dec.error_mode = GUTF8CONV_ERROR_MODE_REPLACE;
  check (&dec, "C0 81 C1 80 E0 80 80", "FFFD FFFD FFFD FFFD FFFD FFFD FFFD", -1, NULL, 7);

  /* The ESCAPE round trip holds, but for a raw 00, which comes back as C0 80. */
  dec.error_mode = enc.error_mode = GUTF8CONV_ERROR_MODE_ESCAPE;
  check (&dec, "00 80 C0 80 F0", "0000 DC80 0000 DCF0", -1, NULL, 2);
  check (&enc, "0000 DC80 0000 DCF0", "C0 80 80 C0 80 F0", -1, NULL, 2);
}

/* SPEC 6.2: WTF-8 carries lone surrogates in their three-byte forms, and
 * joins a high and a low unit into one four-byte character. */
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
      check (&enc, "D83D DE00", "F0 9F 98 80", -1, NULL, 0);
      check (&enc, "DBFF DC80", "F4 8F B2 80", -1, NULL, 0);
      check (&enc, "D83D D83D DE00 D83D", "ED A0 BD F0 9F 98 80 ED A0 BD", -1, NULL, 0);
      check (&enc, "DC80", "ED B2 80", -1, NULL, 0);
    }

  /* ESCAPE still writes bad bytes as U+DC80..U+DCFF when decoding, but
   * these are ordinary values here: the round trip is not guaranteed. */
  dec.error_mode = enc.error_mode = GUTF8CONV_ERROR_MODE_ESCAPE;
  check (&dec, "41 80 FF", "0041 DC80 DCFF", -1, NULL, 2);
  check (&enc, "0041 DC80 DCFF", "41 ED B2 80 ED B3 BF", -1, NULL, 0);
}

/* SPEC 6.3: DETECT reads the byte order from the signature; the signature
 * found is the stream's signature for the BOM mode. */
static void
test_detect (void)
{
  GUtf8ConvConfig enc = config (GUTF8CONV_DIRECTION_UCS4_TO_UTF8, GUTF8CONV_PROFILE_UNICODE);
  static const struct { GUtf8ConvBomMode bom; const char *le, *be, *none; } cases[] = {
    { GUTF8CONV_BOM_KEEP, "EF BB BF 41 E2 82 AC", "EF BB BF 41 E2 82 AC", "41 E2 82 AC" },
    { GUTF8CONV_BOM_STRIP, "41 E2 82 AC", "41 E2 82 AC", "41 E2 82 AC" },
    { GUTF8CONV_BOM_INSERT, "EF BB BF 41 E2 82 AC", "EF BB BF 41 E2 82 AC", "EF BB BF 41 E2 82 AC" },
  };

  enc.byte_order = GUTF8CONV_BYTE_ORDER_DETECT;
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GBytes) le = tu_hex ("FF FE 00 00 41 00 00 00 AC 20 00 00");
      g_autoptr(GBytes) be = tu_hex ("00 00 FE FF 00 00 00 41 00 00 20 AC");
      g_autoptr(GBytes) none = tu_hex ("00 00 00 41 00 00 20 AC");
      g_autoptr(GBytes) want_le = tu_hex (cases[i].le);
      g_autoptr(GBytes) want_be = tu_hex (cases[i].be);
      g_autoptr(GBytes) want_none = tu_hex (cases[i].none);

      enc.bom_mode = cases[i].bom;
      tu_check_bytes (&enc, le, want_le, -1, NULL, 0);
      tu_check_bytes (&enc, be, want_be, -1, NULL, 0);
      tu_check_bytes (&enc, none, want_none, -1, NULL, 0);
      /* A signature split across calls is still detected. */
      check (&enc, "FEFF 41 20AC", cases[i].be, -1, NULL, 0);
    }

  /* Without a signature the input is big-endian, even when it looks
   * little-endian. */
  enc.bom_mode = GUTF8CONV_BOM_KEEP;
  {
    g_autoptr(GBytes) in = tu_hex ("41 00 00 00");
    g_autoptr(GBytes) want = tu_hex ("");

    tu_check_bytes (&enc, in, want, G_IO_ERROR_INVALID_DATA,
                    "Invalid UCS-4 value 0x41000000 at byte 0", 0);
  }
  /* Only the first unit can be a signature; FF FE 00 00 later is a value. */
  {
    g_autoptr(GBytes) in = tu_hex ("00 00 00 41 FF FE 00 00");
    g_autoptr(GBytes) want = tu_hex ("41");

    tu_check_bytes (&enc, in, want, G_IO_ERROR_INVALID_DATA,
                    "Invalid UCS-4 value 0xFFFE0000 at byte 4", 0);
  }
  /* A truncated start: three bytes of a would-be signature. */
  {
    g_autoptr(GBytes) in = tu_hex ("FF FE 00");
    g_autoptr(GBytes) want = tu_hex ("");

    tu_check_bytes (&enc, in, want, G_IO_ERROR_PARTIAL_INPUT,
                    "Incomplete UCS-4 value at byte 0: FF FE 00", 0);
  }

  /* Decoding with DETECT writes big-endian. */
  {
    GUtf8ConvConfig dec = config (GUTF8CONV_DIRECTION_UTF8_TO_UCS4, GUTF8CONV_PROFILE_UNICODE);
    g_autoptr(GBytes) in = tu_hex ("41 E2 82 AC");
    g_autoptr(GBytes) want = tu_hex ("00 00 00 41 00 00 20 AC");

    dec.byte_order = GUTF8CONV_BYTE_ORDER_DETECT;
    tu_check_bytes (&dec, in, want, -1, NULL, 0);
  }
}

/* SPEC 6.6: DETECT decides as soon as the first bytes rule out both
 * signatures, so that INSERT's signature goes out with a FLUSH. */
static void
test_detect_flush (void)
{
  g_autoptr(GUtf8ConvConverter) conv =
    gutf8conv_converter_new_full (GUTF8CONV_DIRECTION_UCS4_TO_UTF8, GUTF8CONV_BYTE_ORDER_DETECT,
                                  GUTF8CONV_BOM_INSERT, GUTF8CONV_ERROR_MODE_STRICT,
                                  GUTF8CONV_PROFILE_UNICODE);
  GConverter *c = G_CONVERTER (conv);

  tu_call (c, "00 00 00 41", G_CONVERTER_FLUSH, 16, G_CONVERTER_FLUSHED, 0, NULL, 4, "EF BB BF 41");
  g_converter_reset (c);
  /* 00 00 00 rules out both signatures: the inserted one goes out. */
  tu_call (c, "00 00 00", G_CONVERTER_FLUSH, 16, G_CONVERTER_FLUSHED, 0, NULL, 3, "EF BB BF");
  tu_call (c, "41", G_CONVERTER_INPUT_AT_END, 16, G_CONVERTER_FINISHED, 0, NULL, 1, "41");
  g_converter_reset (c);
  /* 00 00 FE may still be a big-endian signature, FF FE 00 a little-endian
   * one: nothing is decided, nothing written. */
  tu_call (c, "00 00 FE", G_CONVERTER_FLUSH, 16, G_CONVERTER_FLUSHED, 0, NULL, 3, "");
  tu_call (c, "FF", G_CONVERTER_FLUSH, 16, G_CONVERTER_FLUSHED, 0, NULL, 1, "EF BB BF");
  g_converter_reset (c);
  tu_call (c, "FF FE 00", G_CONVERTER_FLUSH, 16, G_CONVERTER_FLUSHED, 0, NULL, 3, "");
  tu_call (c, "00 41 00 00 00", G_CONVERTER_INPUT_AT_END, 16, G_CONVERTER_FINISHED, 0, NULL, 5,
           "EF BB BF 41");
}

/* SPEC 6.3: reset forgets the detected byte order. */
static void
test_detect_reset (void)
{
  g_autoptr(GUtf8ConvConverter) conv =
    gutf8conv_converter_new_full (GUTF8CONV_DIRECTION_UCS4_TO_UTF8, GUTF8CONV_BYTE_ORDER_DETECT,
                                  GUTF8CONV_BOM_STRIP, GUTF8CONV_ERROR_MODE_STRICT,
                                  GUTF8CONV_PROFILE_UNICODE);
  GConverter *c = G_CONVERTER (conv);

  tu_call (c, "FF FE 00 00 41 00 00 00", G_CONVERTER_INPUT_AT_END, 16, G_CONVERTER_FINISHED, 0,
           NULL, 8, "41");
  g_converter_reset (c);
  tu_call (c, "00 00 00 42", G_CONVERTER_INPUT_AT_END, 16, G_CONVERTER_FINISHED, 0, NULL, 4, "42");
  g_assert_cmpint (gutf8conv_converter_get_byte_order (conv), ==, GUTF8CONV_BYTE_ORDER_DETECT);
}

/* SPEC 6.4: UTF-8 to UTF-8.  Well-formed input comes out byte for byte;
 * the BOM modes work on the UTF-8 signature; the byte order is ignored;
 * STRICT's messages are decoding's; ESCAPE stops as STRICT. */
static void
test_repair (void)
{
  GUtf8ConvConfig rep = config (GUTF8CONV_DIRECTION_UTF8_TO_UTF8, GUTF8CONV_PROFILE_UNICODE);
  static const char *valid = "EF BB BF 41 C3 A9 E2 82 AC F0 9F 98 80 EF BB BF 00";

  for (guint o = 0; o < TU_N_BYTE_ORDERS; o++)
    {
      rep.byte_order = tu_byte_orders[o];
      check (&rep, valid, valid, -1, NULL, 0);
    }
  rep.byte_order = GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN;
  rep.bom_mode = GUTF8CONV_BOM_STRIP;
  check (&rep, valid, "41 C3 A9 E2 82 AC F0 9F 98 80 EF BB BF 00", -1, NULL, 0);
  rep.bom_mode = GUTF8CONV_BOM_INSERT;
  check (&rep, valid, valid, -1, NULL, 0);
  check (&rep, "41", "EF BB BF 41", -1, NULL, 0);
  check (&rep, "", "EF BB BF", -1, NULL, 0);
  check (&rep, "80", "EF BB BF", G_IO_ERROR_INVALID_DATA, "Invalid UTF-8 sequence at byte 0: 80", 0);
  rep.bom_mode = GUTF8CONV_BOM_KEEP;

  /* The SPEC's example, each mode. */
  rep.error_mode = GUTF8CONV_ERROR_MODE_REPLACE;
  check (&rep, "61 F1 80 80 E1 80 C2 62 80 63 80 BF 64",
         "61 EF BF BD EF BF BD EF BF BD 62 EF BF BD 63 EF BF BD EF BF BD 64", -1, NULL, 6);
  rep.error_mode = GUTF8CONV_ERROR_MODE_SKIP;
  check (&rep, "61 F1 80 80 E1 80 C2 62 80 63 80 BF 64", "61 62 63 64", -1, NULL, 6);
  rep.error_mode = GUTF8CONV_ERROR_MODE_LATIN1;
  check (&rep, "63 61 66 E9 20 C3 28", "63 61 66 C3 A9 20 C3 83 28", -1, NULL, 2);
  rep.error_mode = GUTF8CONV_ERROR_MODE_CP1252;
  check (&rep, "80 20 93 71 94 20 9D", "E2 82 AC 20 E2 80 9C 71 E2 80 9D 20 C2 9D", -1, NULL, 4);
  rep.error_mode = GUTF8CONV_ERROR_MODE_ESCAPE;
  check (&rep, "41 E2 82", "41", G_IO_ERROR_PARTIAL_INPUT, "Incomplete UTF-8 sequence at byte 1: E2 82", 0);
  check (&rep, "41 FF 42", "41", G_IO_ERROR_INVALID_DATA, "Invalid UTF-8 sequence at byte 1: FF", 0);
  rep.error_mode = GUTF8CONV_ERROR_MODE_STRICT;
  check (&rep, "41 ED A0 80", "41", G_IO_ERROR_INVALID_DATA, "Invalid UTF-8 sequence at byte 1: ED", 0);

  /* The other profiles' well-formed input is copied as it came. */
  rep.profile = GUTF8CONV_PROFILE_UCS4;
  check (&rep, "FD BF BF BF BF BF F8 88 80 80 80", "FD BF BF BF BF BF F8 88 80 80 80", -1, NULL, 0);
  rep.profile = GUTF8CONV_PROFILE_WTF8;
  check (&rep, "ED A0 BD 41 ED B8 80", "ED A0 BD 41 ED B8 80", -1, NULL, 0);
}

/* SPEC 6.5: error-offset is the offset of the sequence that stopped the
 * stream, -1 otherwise; NO_SPACE, a need for input and FLUSH leave it. */
static void
test_error_offset (void)
{
  g_autoptr(GUtf8ConvConverter) conv =
    gutf8conv_converter_new_full (GUTF8CONV_DIRECTION_UTF8_TO_UCS4, GUTF8CONV_BYTE_ORDER_BIG_ENDIAN,
                                  GUTF8CONV_BOM_KEEP, GUTF8CONV_ERROR_MODE_STRICT,
                                  GUTF8CONV_PROFILE_UNICODE);
  GConverter *c = G_CONVERTER (conv);
  gint64 offset = 0;

  g_assert_cmpint (gutf8conv_converter_get_error_offset (conv), ==, -1);
  g_object_get (conv, "error-offset", &offset, NULL);
  g_assert_cmpint (offset, ==, -1);

  tu_call (c, "41 42", 0, 2, G_CONVERTER_ERROR, G_IO_ERROR_NO_SPACE, NULL, 0, "");
  tu_call (c, "", 0, 16, G_CONVERTER_ERROR, G_IO_ERROR_PARTIAL_INPUT, NULL, 0, "");
  tu_call (c, "41 E2", G_CONVERTER_FLUSH, 16, G_CONVERTER_FLUSHED, 0, NULL, 2, "00 00 00 41");
  g_assert_cmpint (gutf8conv_converter_get_error_offset (conv), ==, -1);
  /* The output before the bad byte is handed out first... */
  tu_call (c, "82 AC 41 80", 0, 16, G_CONVERTER_CONVERTED, 0, NULL, 3, "00 00 20 AC 00 00 00 41");
  g_assert_cmpint (gutf8conv_converter_get_error_offset (conv), ==, -1);
  /* ...then the error, again and again. */
  tu_call (c, "80", 0, 16, G_CONVERTER_ERROR, G_IO_ERROR_INVALID_DATA,
           "Invalid UTF-8 sequence at byte 5: 80", 0, "");
  tu_call (c, "80", 0, 16, G_CONVERTER_ERROR, G_IO_ERROR_INVALID_DATA,
           "Invalid UTF-8 sequence at byte 5: 80", 0, "");
  g_assert_cmpint (gutf8conv_converter_get_error_offset (conv), ==, 5);
  g_object_get (conv, "error-offset", &offset, NULL);
  g_assert_cmpint (offset, ==, 5);
  g_converter_reset (c);
  g_assert_cmpint (gutf8conv_converter_get_error_offset (conv), ==, -1);

  /* A cut-off end sets it too. */
  tu_call (c, "41 F0 9F", G_CONVERTER_INPUT_AT_END, 16, G_CONVERTER_CONVERTED, 0, NULL, 1,
           "00 00 00 41");
  tu_call (c, "F0 9F", G_CONVERTER_INPUT_AT_END, 16, G_CONVERTER_ERROR, G_IO_ERROR_PARTIAL_INPUT,
           "Incomplete UTF-8 sequence at byte 1: F0 9F", 0, "");
  g_assert_cmpint (gutf8conv_converter_get_error_offset (conv), ==, 1);
}

typedef struct
{
  GString  *log;
  GString  *out;      /* the output handed out so far */
  GArray   *out_at;   /* its length at each emission */
  guint     count;
} Seen;

static void
on_invalid (GUtf8ConvConverter *conv G_GNUC_UNUSED,
            guint64             offset,
            GBytes             *bytes,
            gpointer            user_data)
{
  Seen *seen = user_data;
  gsize len;
  const guint8 *b = g_bytes_get_data (bytes, &len);
  g_autofree char *hex = tu_to_hex (b, len);

  g_string_append_printf (seen->log, "%" G_GUINT64_FORMAT ":%s;", offset, hex);
  g_array_append_val (seen->out_at, seen->out->len);
  seen->count++;
}

/* Feeds @hex to @conv @chunk bytes a call with @out_size-byte buffers
 * (retrying after NO_SPACE with the same input, as streams do). */
static void
feed (GUtf8ConvConverter *conv,
      Seen               *seen,
      const char         *hex,
      gsize               chunk,
      gsize               out_size)
{
  g_autoptr(GBytes) in = tu_hex (hex);
  gsize len, pos = 0;
  const guint8 *data = g_bytes_get_data (in, &len);
  guint8 buf[64];

  g_assert_cmpuint (out_size, <=, sizeof buf);
  for (guint guard = 0; guard < 10000; guard++)
    {
      gsize end = MIN (len, pos + chunk), nread = 0, nwritten = 0;
      g_autoptr(GError) error = NULL;
      GConverterResult r;

      r = g_converter_convert (G_CONVERTER (conv), data + pos, end - pos, buf, out_size,
                               end == len ? G_CONVERTER_INPUT_AT_END : 0,
                               &nread, &nwritten, &error);
      pos += nread;
      g_string_append_len (seen->out, (const char *) buf, nwritten);
      if (r == G_CONVERTER_FINISHED)
        return;
      if (r == G_CONVERTER_ERROR && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE) &&
          !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT))
        g_assert_no_error (error);
    }
  g_assert_not_reached ();
}

/* SPEC 6.5: one emission per repaired sequence, in stream order, with its
 * absolute offset and bytes, before its output is handed out; equal to
 * num-invalid; once, however the input is cut and however small the
 * output buffer. */
static void
test_signal (void)
{
  static const struct {
    GUtf8ConvDirection dir;
    GUtf8ConvErrorMode mode;
    GUtf8ConvBomMode bom;
    const char *in, *log;
    gsize where[6];   /* where each sequence's output starts */
  } cases[] = {
    /* Offsets count a stripped signature. */
    { GUTF8CONV_DIRECTION_UTF8_TO_UTF8, GUTF8CONV_ERROR_MODE_REPLACE, GUTF8CONV_BOM_STRIP,
      "EF BB BF 61 F1 80 80 E1 80 C2 62 80 63 80 BF 64",
      "4:F1 80 80;7:E1 80;9:C2;11:80;13:80;14:BF;", { 1, 4, 7, 11, 15, 18 } },
    { GUTF8CONV_DIRECTION_UTF8_TO_UCS4, GUTF8CONV_ERROR_MODE_ESCAPE, GUTF8CONV_BOM_KEEP,
      "41 E2 82 42 F0 9F 98", "1:E2 82;4:F0 9F 98;", { 4, 16 } },
    { GUTF8CONV_DIRECTION_UTF8_TO_UCS4, GUTF8CONV_ERROR_MODE_CP1252, GUTF8CONV_BOM_INSERT,
      "80 41", "0:80;", { 4 } },
    /* Encoding: a unit's four bytes as they came, a truncated unit's
     * bytes, and the U+DC80..U+DCFF units ESCAPE turns back into bytes. */
    { GUTF8CONV_DIRECTION_UCS4_TO_UTF8, GUTF8CONV_ERROR_MODE_SKIP, GUTF8CONV_BOM_KEEP,
      "00 00 00 41 00 00 D8 00 00 11 00 00 00 00 00 42 00 00",
      "4:00 00 D8 00;8:00 11 00 00;16:00 00;", { 1, 1, 2 } },
    { GUTF8CONV_DIRECTION_UCS4_TO_UTF8, GUTF8CONV_ERROR_MODE_ESCAPE, GUTF8CONV_BOM_KEEP,
      "00 00 DC 80 00 00 00 41 00 00 DC FF", "0:00 00 DC 80;8:00 00 DC FF;", { 0, 2 } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (gsize chunk = 1; chunk <= 20; chunk += 19)
      for (gsize out_size = 6; out_size <= 64; out_size += 58)
        {
          g_autoptr(GUtf8ConvConverter) conv =
            gutf8conv_converter_new_full (cases[i].dir, GUTF8CONV_BYTE_ORDER_BIG_ENDIAN,
                                          cases[i].bom, cases[i].mode, GUTF8CONV_PROFILE_UNICODE);
          Seen seen = { g_string_new (NULL), g_string_new (NULL), g_array_new (FALSE, FALSE, sizeof (gsize)), 0 };

          g_signal_connect (conv, "invalid-sequence", G_CALLBACK (on_invalid), &seen);
          feed (conv, &seen, cases[i].in, chunk, out_size);
          g_assert_cmpstr (seen.log->str, ==, cases[i].log);
          g_assert_cmpuint (seen.count, ==, gutf8conv_converter_get_num_invalid (conv));
          /* Reported before its output was handed out. */
          for (guint k = 0; k < seen.out_at->len; k++)
            g_assert_cmpuint (g_array_index (seen.out_at, gsize, k), <=, cases[i].where[k]);
          g_string_free (seen.log, TRUE);
          g_string_free (seen.out, TRUE);
          g_array_unref (seen.out_at);
        }
}

/* new_full() sets every property, as g_object_new() does. */
static void
test_new_full (void)
{
  g_autoptr(GUtf8ConvConverter) conv =
    gutf8conv_converter_new_full (GUTF8CONV_DIRECTION_UTF8_TO_UTF8, GUTF8CONV_BYTE_ORDER_DETECT,
                                  GUTF8CONV_BOM_STRIP, GUTF8CONV_ERROR_MODE_CP1252,
                                  GUTF8CONV_PROFILE_WTF8);

  g_assert_cmpint (gutf8conv_converter_get_direction (conv), ==, GUTF8CONV_DIRECTION_UTF8_TO_UTF8);
  g_assert_cmpint (gutf8conv_converter_get_byte_order (conv), ==, GUTF8CONV_BYTE_ORDER_DETECT);
  g_assert_cmpint (gutf8conv_converter_get_bom_mode (conv), ==, GUTF8CONV_BOM_STRIP);
  g_assert_cmpint (gutf8conv_converter_get_error_mode (conv), ==, GUTF8CONV_ERROR_MODE_CP1252);
  g_assert_cmpint (gutf8conv_converter_get_profile (conv), ==, GUTF8CONV_PROFILE_WTF8);
  g_assert_cmpuint (gutf8conv_converter_get_num_invalid (conv), ==, 0);
  g_assert_cmpint (gutf8conv_converter_get_error_offset (conv), ==, -1);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/seeds/cesu8", test_cesu8);
  g_test_add_func ("/seeds/modified-utf8", test_modified_utf8);
  g_test_add_func ("/seeds/wtf8", test_wtf8);
  g_test_add_func ("/seeds/detect", test_detect);
  g_test_add_func ("/seeds/detect/flush", test_detect_flush);
  g_test_add_func ("/seeds/detect/reset", test_detect_reset);
  g_test_add_func ("/seeds/repair", test_repair);
  g_test_add_func ("/seeds/error-offset", test_error_offset);
  g_test_add_func ("/seeds/signal", test_signal);
  g_test_add_func ("/seeds/new-full", test_new_full);

  return g_test_run ();
}
