/* test-bom.c: signature handling (KEEP, STRIP, INSERT) both ways, and the
 * byte order read from the signature (DETECT)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Behaviour guide, #behaviour-bom and #behaviour-detect.
 */

#include "config.h"

#include "test-util.h"

#define CONVERTED G_CONVERTER_CONVERTED
#define FLUSHED   G_CONVERTER_FLUSHED
#define FINISHED  G_CONVERTER_FINISHED
#define AT_END    G_CONVERTER_INPUT_AT_END
#define FLUSH     G_CONVERTER_FLUSH
#define INVALID   G_IO_ERROR_INVALID_DATA
#define PARTIAL   G_IO_ERROR_PARTIAL_INPUT

static GUtf8ConvConfig
config (GUtf8ConvDirection direction,
        GUtf8ConvBomMode   bom,
        GUtf8ConvErrorMode mode)
{
  GUtf8ConvConfig cfg = { direction, GUTF8CONV_BYTE_ORDER_BIG_ENDIAN, bom, mode,
                   GUTF8CONV_PROFILE_UNICODE };

  return cfg;
}

#define DEC GUTF8CONV_DIRECTION_UTF8_TO_UCS4
#define ENC GUTF8CONV_DIRECTION_UCS4_TO_UTF8
#define KEEP GUTF8CONV_BOM_KEEP
#define STRIP GUTF8CONV_BOM_STRIP
#define INSERT GUTF8CONV_BOM_INSERT
#define STRICT GUTF8CONV_ERROR_MODE_STRICT
#define REPLACE GUTF8CONV_ERROR_MODE_REPLACE
#define SKIP GUTF8CONV_ERROR_MODE_SKIP
#define ESCAPE GUTF8CONV_ERROR_MODE_ESCAPE

/* KEEP treats a signature as text, both ways (#behaviour-bom-keep). */
static void
test_keep (void)
{
  for (guint e = 0; e < G_N_ELEMENTS (tu_error_modes); e++)
    {
      GUtf8ConvConfig dec = config (DEC, KEEP, tu_error_modes[e]);
      GUtf8ConvConfig enc = config (ENC, KEEP, tu_error_modes[e]);

      tu_check (&dec, "EF BB BF 41", "FEFF 41", -1, NULL, 0);
      tu_check (&dec, "EF BB BF EF BB BF", "FEFF FEFF", -1, NULL, 0);
      tu_check (&dec, "", "", -1, NULL, 0);
      tu_check (&enc, "FEFF 41", "EF BB BF 41", -1, NULL, 0);
      tu_check (&enc, "FEFF", "EF BB BF", -1, NULL, 0);
      tu_check (&enc, "", "", -1, NULL, 0);
    }
}

/* STRIP drops one signature, only at the start (#behaviour-bom-strip). */
static void
test_strip_decode (void)
{
  GUtf8ConvConfig cfg = config (DEC, STRIP, STRICT);

  for (guint e = 0; e < G_N_ELEMENTS (tu_error_modes); e++)
    {
      cfg.error_mode = tu_error_modes[e];
      tu_check (&cfg, "EF BB BF 41", "41", -1, NULL, 0);
      tu_check (&cfg, "EF BB BF", "", -1, NULL, 0);
      /* One signature only; elsewhere U+FEFF is text. */
      tu_check (&cfg, "EF BB BF EF BB BF 41", "FEFF 41", -1, NULL, 0);
      tu_check (&cfg, "41 EF BB BF", "41 FEFF", -1, NULL, 0);
      tu_check (&cfg, "41", "41", -1, NULL, 0);
      tu_check (&cfg, "", "", -1, NULL, 0);
      /* U+FEFE is not a signature. */
      tu_check (&cfg, "EF BB BE 41", "FEFE 41", -1, NULL, 0);
    }

  /* A signature cut short by the end is malformed. */
  cfg.error_mode = STRICT;
  tu_check (&cfg, "EF BB", "", PARTIAL, "Incomplete UTF-8 sequence at byte 0: EF BB", 0);
  tu_check (&cfg, "EF BB 41", "", INVALID, "Invalid UTF-8 sequence at byte 0: EF BB", 0);
  cfg.error_mode = REPLACE;
  tu_check (&cfg, "EF BB", "FFFD", -1, NULL, 1);
  tu_check (&cfg, "EF BB 41", "FFFD 41", -1, NULL, 1);
  /* After a malformed start, a U+FEFF is no longer at the start. */
  cfg.error_mode = SKIP;
  tu_check (&cfg, "80 EF BB BF 41", "FEFF 41", -1, NULL, 1);
  cfg.error_mode = ESCAPE;
  tu_check (&cfg, "EF BB EF BB BF", "DCEF DCBB FEFF", -1, NULL, 1);
}

/* The same when encoding; a signature in the other byte order is the
 * malformed value 0xFFFE0000 (#behaviour-bom-strip, #behaviour-bom-order). */
static void
test_strip_encode (void)
{
  GUtf8ConvConfig cfg = config (ENC, STRIP, STRICT);

  for (guint e = 0; e < G_N_ELEMENTS (tu_error_modes); e++)
    {
      cfg.error_mode = tu_error_modes[e];
      tu_check (&cfg, "FEFF 41", "41", -1, NULL, 0);
      tu_check (&cfg, "FEFF", "", -1, NULL, 0);
      tu_check (&cfg, "FEFF FEFF 41", "EF BB BF 41", -1, NULL, 0);
      tu_check (&cfg, "41 FEFF", "41 EF BB BF", -1, NULL, 0);
      tu_check (&cfg, "FFFE 41", "EF BF BE 41", -1, NULL, 0);
      tu_check (&cfg, "", "", -1, NULL, 0);
    }

  /* A signature in the other byte order is not one: FF FE 00 00 read
   * big-endian is 0xFFFE0000. */
  {
    g_autoptr(GBytes) in = tu_hex ("FF FE 00 00 00 00 00 41");
    g_autoptr(GBytes) none = tu_hex ("");
    g_autoptr(GBytes) a = tu_hex ("41");

    cfg.error_mode = STRICT;
    tu_check_bytes (&cfg, in, none, INVALID, "Invalid UCS-4 value 0xFFFE0000 at byte 0", 0);
    cfg.byte_order = GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN;
    g_clear_pointer (&in, g_bytes_unref);
    in = tu_hex ("FF FE 00 00 41 00 00 00");
    tu_check_bytes (&cfg, in, a, -1, NULL, 0);
  }
}

/* INSERT: exactly one signature, the input's own or an inserted one, also
 * for an empty input (#behaviour-bom-insert). */
static void
test_insert_decode (void)
{
  GUtf8ConvConfig cfg = config (DEC, INSERT, STRICT);

  for (guint e = 0; e < G_N_ELEMENTS (tu_error_modes); e++)
    {
      cfg.error_mode = tu_error_modes[e];
      tu_check (&cfg, "41", "FEFF 41", -1, NULL, 0);
      /* The input's own signature is reused, never doubled. */
      tu_check (&cfg, "EF BB BF 41", "FEFF 41", -1, NULL, 0);
      tu_check (&cfg, "EF BB BF", "FEFF", -1, NULL, 0);
      tu_check (&cfg, "EF BB BF EF BB BF", "FEFF FEFF", -1, NULL, 0);
      tu_check (&cfg, "41 EF BB BF", "FEFF 41 FEFF", -1, NULL, 0);
      /* An empty input gives the signature alone. */
      tu_check (&cfg, "", "FEFF", -1, NULL, 0);
    }

  /* Malformed at byte 0: the signature comes first. */
  cfg.error_mode = STRICT;
  tu_check (&cfg, "80 41", "FEFF", INVALID, "Invalid UTF-8 sequence at byte 0: 80", 0);
  tu_check (&cfg, "E2 82", "FEFF", PARTIAL, "Incomplete UTF-8 sequence at byte 0: E2 82", 0);
  tu_check (&cfg, "EF BB", "FEFF", PARTIAL, "Incomplete UTF-8 sequence at byte 0: EF BB", 0);
  tu_check (&cfg, "EF BB 41", "FEFF", INVALID, "Invalid UTF-8 sequence at byte 0: EF BB", 0);
  tu_check (&cfg, "EF BB BF 80", "FEFF", INVALID, "Invalid UTF-8 sequence at byte 3: 80", 0);
  cfg.error_mode = REPLACE;
  tu_check (&cfg, "80", "FEFF FFFD", -1, NULL, 1);
  tu_check (&cfg, "EF BB", "FEFF FFFD", -1, NULL, 1);
  cfg.error_mode = SKIP;
  tu_check (&cfg, "80", "FEFF", -1, NULL, 1);
  tu_check (&cfg, "80 EF BB BF", "FEFF FEFF", -1, NULL, 1);
  cfg.error_mode = ESCAPE;
  tu_check (&cfg, "FF 41", "FEFF DCFF 41", -1, NULL, 1);

  /* In each byte order. */
  {
    g_autoptr(GBytes) in = tu_hex ("41");
    g_autoptr(GBytes) le = tu_hex ("FF FE 00 00 41 00 00 00");

    cfg.error_mode = STRICT;
    cfg.byte_order = GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN;
    tu_check_bytes (&cfg, in, le, -1, NULL, 0);
  }
}

/* The same when encoding (#behaviour-bom-insert). */
static void
test_insert_encode (void)
{
  GUtf8ConvConfig cfg = config (ENC, INSERT, STRICT);

  for (guint e = 0; e < G_N_ELEMENTS (tu_error_modes); e++)
    {
      cfg.error_mode = tu_error_modes[e];
      tu_check (&cfg, "41", "EF BB BF 41", -1, NULL, 0);
      tu_check (&cfg, "FEFF 41", "EF BB BF 41", -1, NULL, 0);
      tu_check (&cfg, "FEFF", "EF BB BF", -1, NULL, 0);
      tu_check (&cfg, "41 FEFF", "EF BB BF 41 EF BB BF", -1, NULL, 0);
      tu_check (&cfg, "", "EF BB BF", -1, NULL, 0);
    }

  cfg.error_mode = STRICT;
  tu_check (&cfg, "D800 41", "EF BB BF", INVALID, "Invalid UCS-4 value 0x0000D800 at byte 0", 0);
  cfg.error_mode = REPLACE;
  tu_check (&cfg, "D800 41", "EF BB BF EF BF BD 41", -1, NULL, 1);
  cfg.error_mode = ESCAPE;
  tu_check (&cfg, "DCFF", "EF BB BF FF", -1, NULL, 1);
  {
    g_autoptr(GBytes) in = tu_hex ("00 00 FE");
    g_autoptr(GBytes) sig = tu_hex ("EF BB BF");

    cfg.error_mode = STRICT;
    tu_check_bytes (&cfg, in, sig, PARTIAL, "Incomplete UCS-4 value at byte 0: 00 00 FE", 0);
  }
}

/* Every way of cutting a signature (and what follows) gives the same. */
static void
check_splits (const GUtf8ConvConfig *cfg,
              const char     *in_hex,
              const char     *out_text)
{
  g_autoptr(GBytes) in = tu_hex (in_hex);
  g_autoptr(GBytes) want = tu_output (cfg, out_text);
  gsize len;
  const guint8 *data = g_bytes_get_data (in, &len);

  for (TuPath path = TU_CORE; path <= TU_CONVERTER; path++)
    for (gsize i = 0; i <= len; i++)
      for (gsize j = i; j <= len; j++)
        for (gboolean flush = FALSE; flush <= TRUE; flush++)
          {
            gsize cuts[2] = { i, j };
            g_autoptr(TuResult) res = tu_run (cfg, path, data, len, cuts, 2,
                                              tu_min_out_size (cfg), flush);
            g_autofree char *what = g_strdup_printf ("[%s] cut at %" G_GSIZE_FORMAT
                                                     ", %" G_GSIZE_FORMAT "%s",
                                                     in_hex, i, j, flush ? " flushed" : "");

            tu_assert_result (res, want, -1, NULL, 0, what);
          }
}

static void
test_split_signature (void)
{
  GUtf8ConvConfig dec = config (DEC, STRIP, STRICT);
  GUtf8ConvConfig enc = config (ENC, STRIP, STRICT);

  check_splits (&dec, "EF BB BF 41", "41");
  check_splits (&dec, "EF BB BF EF BB BF", "FEFF");
  check_splits (&dec, "EF BB BE", "FEFE");
  check_splits (&enc, "00 00 FE FF 00 00 00 41", "41");
  dec.bom_mode = enc.bom_mode = INSERT;
  check_splits (&dec, "EF BB BF 41", "FEFF 41");
  check_splits (&dec, "E2 82 AC", "FEFF 20AC");
  check_splits (&dec, "EF BB BE", "FEFF FEFE");
  check_splits (&enc, "00 00 FE FF 00 00 00 41", "EF BB BF 41");
  check_splits (&enc, "00 00 FE FE", "EF BB BF EF BB BE");
  dec.bom_mode = enc.bom_mode = KEEP;
  check_splits (&dec, "EF BB BF 41", "FEFF 41");
  check_splits (&enc, "00 00 FE FF", "EF BB BF");
}

/* INSERT hands the signature out as soon as the input shows it has none,
 * so a FLUSH then gives it. */
static void
test_insert_flush (void)
{
  GUtf8ConvConfig cfg = config (DEC, INSERT, STRICT);
  g_autoptr(GUtf8ConvConverter) dec = tu_converter_new (&cfg);
  GConverter *c = G_CONVERTER (dec);

  tu_call (c, "E2", FLUSH, 16, FLUSHED, 0, NULL, 1, "00 00 FE FF");
  tu_call (c, "82 AC", AT_END, 16, FINISHED, 0, NULL, 2, "00 00 20 AC");

  /* A signature prefix decides nothing yet. */
  g_converter_reset (c);
  tu_call (c, "EF", FLUSH, 16, FLUSHED, 0, NULL, 1, "");
  tu_call (c, "BB", FLUSH, 16, FLUSHED, 0, NULL, 1, "");
  tu_call (c, "BF", FLUSH, 16, FLUSHED, 0, NULL, 1, "00 00 FE FF");
  tu_call (c, "41", AT_END, 16, FINISHED, 0, NULL, 1, "00 00 00 41");

  /* EF then a non-continuation: no signature; ours goes out before the
   * error, which comes on the next call. */
  g_converter_reset (c);
  tu_call (c, "EF", FLUSH, 16, FLUSHED, 0, NULL, 1, "");
  tu_call (c, "41", 0, 16, CONVERTED, 0, NULL, 0, "00 00 FE FF");
  tu_call (c, "41", 0, 16, G_CONVERTER_ERROR, INVALID,
           "Invalid UTF-8 sequence at byte 0: EF", 0, "");

  /* A plain character right away. */
  g_converter_reset (c);
  tu_call (c, "41", FLUSH, 16, FLUSHED, 0, NULL, 1, "00 00 FE FF 00 00 00 41");
  tu_call (c, NULL, AT_END, 16, FINISHED, 0, NULL, 0, "");

  {
    GUtf8ConvConfig ecfg = config (ENC, INSERT, STRICT);
    g_autoptr(GUtf8ConvConverter) enc = tu_converter_new (&ecfg);

    c = G_CONVERTER (enc);
    tu_call (c, "00 00", FLUSH, 16, FLUSHED, 0, NULL, 2, "");
    tu_call (c, "00", FLUSH, 16, FLUSHED, 0, NULL, 1, "EF BB BF");
    tu_call (c, "41", AT_END, 16, FINISHED, 0, NULL, 1, "41");
    g_converter_reset (c);
    tu_call (c, "00 00 FE", FLUSH, 16, FLUSHED, 0, NULL, 3, "");
    tu_call (c, "FF", FLUSH, 16, FLUSHED, 0, NULL, 1, "EF BB BF");
    tu_call (c, NULL, AT_END, 16, FINISHED, 0, NULL, 0, "");
  }
}

/* The signature is one output unit: too small a buffer gives NO_SPACE. */
static void
test_insert_no_space (void)
{
  GUtf8ConvConfig cfg = config (ENC, INSERT, STRICT);
  g_autoptr(GUtf8ConvConverter) enc = tu_converter_new (&cfg);
  GConverter *c = G_CONVERTER (enc);

  tu_call (c, NULL, AT_END, 2, G_CONVERTER_ERROR, G_IO_ERROR_NO_SPACE, NULL, 0, "");
  tu_call (c, NULL, AT_END, 3, FINISHED, 0, NULL, 0, "EF BB BF");

  {
    GUtf8ConvConfig dcfg = config (DEC, INSERT, STRICT);
    g_autoptr(GUtf8ConvConverter) dec = tu_converter_new (&dcfg);

    c = G_CONVERTER (dec);
    /* Held input that shows there is no signature: ours first. */
    tu_call (c, "E2", 0, 3, G_CONVERTER_ERROR, G_IO_ERROR_NO_SPACE, NULL, 0, "");
    tu_call (c, "E2", 0, 4, CONVERTED, 0, NULL, 1, "00 00 FE FF");
    tu_call (c, "82 AC", AT_END, 4, FINISHED, 0, NULL, 2, "00 00 20 AC");
    /* A malformed start: the signature, then the error. */
    g_converter_reset (c);
    tu_call (c, "80", AT_END, 3, G_CONVERTER_ERROR, G_IO_ERROR_NO_SPACE, NULL, 0, "");
    tu_call (c, "80", AT_END, 4, CONVERTED, 0, NULL, 0, "00 00 FE FF");
    tu_call (c, "80", AT_END, 4, G_CONVERTER_ERROR, INVALID,
             "Invalid UTF-8 sequence at byte 0: 80", 0, "");
  }
}

/* reset() starts a new stream: the signature rules apply again
 * (#behaviour-bom-reset). */
static void
test_reset (void)
{
  GUtf8ConvConfig cfg = config (DEC, STRIP, STRICT);
  g_autoptr(GUtf8ConvConverter) strip = tu_converter_new (&cfg);
  g_autoptr(GUtf8ConvConverter) insert = NULL;

  tu_call (G_CONVERTER (strip), "EF BB BF 41", AT_END, 16, FINISHED, 0, NULL, 4, "00 00 00 41");
  g_converter_reset (G_CONVERTER (strip));
  tu_call (G_CONVERTER (strip), "EF BB BF 42", AT_END, 16, FINISHED, 0, NULL, 4, "00 00 00 42");
  /* Also when reset mid-stream, with a signature prefix held. */
  g_converter_reset (G_CONVERTER (strip));
  tu_call (G_CONVERTER (strip), "EF BB", 0, 16, CONVERTED, 0, NULL, 2, "");
  g_converter_reset (G_CONVERTER (strip));
  tu_call (G_CONVERTER (strip), "EF BB BF 43", AT_END, 16, FINISHED, 0, NULL, 4, "00 00 00 43");

  cfg.bom_mode = INSERT;
  insert = tu_converter_new (&cfg);
  tu_call (G_CONVERTER (insert), "41", AT_END, 16, FINISHED, 0, NULL, 1, "00 00 FE FF 00 00 00 41");
  g_converter_reset (G_CONVERTER (insert));
  tu_call (G_CONVERTER (insert), "42", AT_END, 16, FINISHED, 0, NULL, 1, "00 00 FE FF 00 00 00 42");
}

/* DETECT reads the byte order from the signature; the signature found is
 * the stream's signature for the BOM mode (#behaviour-detect). */
static void
test_detect (void)
{
  GUtf8ConvConfig enc = config (ENC, KEEP, STRICT);
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
      tu_check_byte_a_call (&enc, "FEFF 41 20AC", cases[i].be, -1, NULL, 0);
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
    GUtf8ConvConfig dec = config (DEC, KEEP, STRICT);
    g_autoptr(GBytes) in = tu_hex ("41 E2 82 AC");
    g_autoptr(GBytes) want = tu_hex ("00 00 00 41 00 00 20 AC");

    dec.byte_order = GUTF8CONV_BYTE_ORDER_DETECT;
    tu_check_bytes (&dec, in, want, -1, NULL, 0);
  }
}

/* DETECT decides as soon as the first bytes rule out both signatures, so
 * that INSERT's signature goes out with a FLUSH (#behaviour-detect). */
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

/* Reset forgets the detected byte order (#behaviour-detect). */
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

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/bom/keep", test_keep);
  g_test_add_func ("/bom/strip/decode", test_strip_decode);
  g_test_add_func ("/bom/strip/encode", test_strip_encode);
  g_test_add_func ("/bom/insert/decode", test_insert_decode);
  g_test_add_func ("/bom/insert/encode", test_insert_encode);
  g_test_add_func ("/bom/insert/flush", test_insert_flush);
  g_test_add_func ("/bom/insert/no-space", test_insert_no_space);
  g_test_add_func ("/bom/split-signature", test_split_signature);
  g_test_add_func ("/bom/reset", test_reset);
  g_test_add_func ("/bom/detect", test_detect);
  g_test_add_func ("/bom/detect/flush", test_detect_flush);
  g_test_add_func ("/bom/detect/reset", test_detect_reset);

  return g_test_run ();
}
