/* test-utf16.c: the UTF-16 directions, byte for byte
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Every profile, error mode, byte order and BOM mode in both UTF-16
 * directions on one input with exact output; the signature split across
 * calls; surrogate pairs across calls, FLUSH and small output buffers;
 * the end of the stream; the signal and the error offset.  The rules are
 * the behaviour guide's (doc/behaviour.xml, #behaviour-utf16).
 */

#include "config.h"

#include <string.h>

#include "test-util.h"

#define AT_END    G_CONVERTER_INPUT_AT_END
#define FLUSH     G_CONVERTER_FLUSH
#define CONVERTED G_CONVERTER_CONVERTED
#define FLUSHED   G_CONVERTER_FLUSHED
#define FINISHED  G_CONVERTER_FINISHED
#define ERROR     G_CONVERTER_ERROR
#define INVALID   G_IO_ERROR_INVALID_DATA
#define PARTIAL   G_IO_ERROR_PARTIAL_INPUT
#define NO_SPACE  G_IO_ERROR_NO_SPACE

#define TO16   GUTF8CONV_DIRECTION_UTF8_TO_UTF16
#define FROM16 GUTF8CONV_DIRECTION_UTF16_TO_UTF8

/* What one error mode makes of a matrix input: the output (big-endian on
 * the UTF-16 side), the count, or the error. */
typedef struct
{
  const char *out;
  guint       n_invalid;
  int         code;       /* -1: none */
  const char *message;    /* up to the offset ... */
  guint       offset;     /* ... of the bad input, without a signature ... */
  const char *suffix;     /* ... and after it */
} Body;

/* Rows by error mode, in the enum's order. */
typedef struct
{
  guint profiles;          /* bit per GUtf8ConvProfile */
  Body  modes[6];
} Bodies;

#define P(x) (1u << GUTF8CONV_PROFILE_##x)
#define STOPS(out, n, code, msg, off, suffix) { out, n, code, msg, off, suffix }
#define GIVES(out, n) { out, n, -1, NULL, 0, NULL }

/* UTF-8 to UTF-16: "41 C3 28 F0 9F 98 80 ED A0 80 42": a bad byte, a
 * supplementary character (CESU-8 has no four-byte form) and a surrogate
 * form (WTF-8's and modified UTF-8's lone unit, CESU-8's cut-off pair,
 * Unicode's three bad bytes). */
static const char to16_input[] = "41 C3 28 F0 9F 98 80 ED A0 80 42";
static const Bodies to16_bodies[] = {
  { P (UNICODE) | P (UCS4), {
    STOPS ("00 41", 0, INVALID, "Invalid UTF-8 sequence at byte ", 1, ": C3"),
    GIVES ("00 41 FF FD 00 28 D8 3D DE 00 FF FD FF FD FF FD 00 42", 4),
    GIVES ("00 41 00 28 D8 3D DE 00 00 42", 4),
    GIVES ("00 41 DC C3 00 28 D8 3D DE 00 DC ED DC A0 DC 80 00 42", 4),
    GIVES ("00 41 00 C3 00 28 D8 3D DE 00 00 ED 00 A0 00 80 00 42", 4),
    GIVES ("00 41 00 C3 00 28 D8 3D DE 00 00 ED 00 A0 20 AC 00 42", 4) } },
  { P (CESU8), {
    STOPS ("00 41", 0, INVALID, "Invalid UTF-8 sequence at byte ", 1, ": C3"),
    GIVES ("00 41 FF FD 00 28 FF FD FF FD FF FD FF FD FF FD 00 42", 6),
    GIVES ("00 41 00 28 00 42", 6),
    GIVES ("00 41 DC C3 00 28 DC F0 DC 9F DC 98 DC 80 DC ED DC A0 DC 80 00 42", 6),
    GIVES ("00 41 00 C3 00 28 00 F0 00 9F 00 98 00 80 00 ED 00 A0 00 80 00 42", 6),
    GIVES ("00 41 00 C3 00 28 00 F0 01 78 02 DC 20 AC 00 ED 00 A0 20 AC 00 42", 6) } },
  /* Modified UTF-8: the surrogate form is a lone unit, as Java reads it
   * (#behaviour-profile-modified-utf8). */
  { P (MODIFIED_UTF8), {
    STOPS ("00 41", 0, INVALID, "Invalid UTF-8 sequence at byte ", 1, ": C3"),
    GIVES ("00 41 FF FD 00 28 FF FD FF FD FF FD FF FD D8 00 00 42", 5),
    GIVES ("00 41 00 28 D8 00 00 42", 5),
    GIVES ("00 41 DC C3 00 28 DC F0 DC 9F DC 98 DC 80 D8 00 00 42", 5),
    GIVES ("00 41 00 C3 00 28 00 F0 00 9F 00 98 00 80 D8 00 00 42", 5),
    GIVES ("00 41 00 C3 00 28 00 F0 01 78 02 DC 20 AC D8 00 00 42", 5) } },
  { P (WTF8), {
    STOPS ("00 41", 0, INVALID, "Invalid UTF-8 sequence at byte ", 1, ": C3"),
    GIVES ("00 41 FF FD 00 28 D8 3D DE 00 D8 00 00 42", 1),
    GIVES ("00 41 00 28 D8 3D DE 00 D8 00 00 42", 1),
    GIVES ("00 41 DC C3 00 28 D8 3D DE 00 D8 00 00 42", 1),
    GIVES ("00 41 00 C3 00 28 D8 3D DE 00 D8 00 00 42", 1),
    GIVES ("00 41 00 C3 00 28 D8 3D DE 00 D8 00 00 42", 1) } },
};

/* UTF-16 (big-endian) to UTF-8: "A", U+1F600 as a pair, a lone U+DC80,
 * U+0000, a lone U+D800, "B". */
static const char from16_input[] = "00 41 D8 3D DE 00 DC 80 00 00 D8 00 00 42";
#define LONE_DC80 "Invalid UTF-16 unit 0xDC80 at byte "
#define LONE_D800 "Invalid UTF-16 unit 0xD800 at byte "
static const Bodies from16_bodies[] = {
  { P (UNICODE) | P (UCS4), {
    STOPS ("41 F0 9F 98 80", 0, INVALID, LONE_DC80, 6, ""),
    GIVES ("41 F0 9F 98 80 EF BF BD 00 EF BF BD 42", 2),
    GIVES ("41 F0 9F 98 80 00 42", 2),
    STOPS ("41 F0 9F 98 80 80 00", 1, INVALID, LONE_D800, 10, ""),
    GIVES ("41 F0 9F 98 80 EF BF BD 00 EF BF BD 42", 2),
    GIVES ("41 F0 9F 98 80 EF BF BD 00 EF BF BD 42", 2) } },
  { P (CESU8), {
    STOPS ("41 ED A0 BD ED B8 80", 0, INVALID, LONE_DC80, 6, ""),
    GIVES ("41 ED A0 BD ED B8 80 EF BF BD 00 EF BF BD 42", 2),
    GIVES ("41 ED A0 BD ED B8 80 00 42", 2),
    STOPS ("41 ED A0 BD ED B8 80 80 00", 1, INVALID, LONE_D800, 10, ""),
    GIVES ("41 ED A0 BD ED B8 80 EF BF BD 00 EF BF BD 42", 2),
    GIVES ("41 ED A0 BD ED B8 80 EF BF BD 00 EF BF BD 42", 2) } },
  /* Modified UTF-8 writes every unit as Java does: a pair as two forms, a
   * lone unit as its own (#behaviour-profile-modified-utf8). */
  { P (MODIFIED_UTF8), {
    GIVES ("41 ED A0 BD ED B8 80 ED B2 80 C0 80 ED A0 80 42", 0),
    GIVES ("41 ED A0 BD ED B8 80 ED B2 80 C0 80 ED A0 80 42", 0),
    GIVES ("41 ED A0 BD ED B8 80 ED B2 80 C0 80 ED A0 80 42", 0),
    GIVES ("41 ED A0 BD ED B8 80 ED B2 80 C0 80 ED A0 80 42", 0),
    GIVES ("41 ED A0 BD ED B8 80 ED B2 80 C0 80 ED A0 80 42", 0),
    GIVES ("41 ED A0 BD ED B8 80 ED B2 80 C0 80 ED A0 80 42", 0) } },
  { P (WTF8), {
    GIVES ("41 F0 9F 98 80 ED B2 80 00 ED A0 80 42", 0),
    GIVES ("41 F0 9F 98 80 ED B2 80 00 ED A0 80 42", 0),
    GIVES ("41 F0 9F 98 80 ED B2 80 00 ED A0 80 42", 0),
    GIVES ("41 F0 9F 98 80 ED B2 80 00 ED A0 80 42", 0),
    GIVES ("41 F0 9F 98 80 ED B2 80 00 ED A0 80 42", 0),
    GIVES ("41 F0 9F 98 80 ED B2 80 00 ED A0 80 42", 0) } },
};

/* Big-endian UTF-16 hex as @big_endian says. */
static GBytes *
utf16_bytes (const char *be_hex,
             gboolean    big_endian)
{
  g_autoptr(GBytes) be = tu_hex (be_hex);
  gsize len;
  const guint8 *p = g_bytes_get_data (be, &len);
  guint8 *out = g_malloc (len + 1);

  g_assert_cmpuint (len % 2, ==, 0);
  for (gsize i = 0; i < len; i += 2)
    {
      out[i] = p[big_endian ? i : i + 1];
      out[i + 1] = p[big_endian ? i + 1 : i];
    }
  return g_bytes_new_take (out, len);
}

static GBytes *
concat (GBytes *a,
        GBytes *b)
{
  GByteArray *r = g_byte_array_new ();

  g_byte_array_append (r, g_bytes_get_data (a, NULL), g_bytes_get_size (a));
  g_byte_array_append (r, g_bytes_get_data (b, NULL), g_bytes_get_size (b));
  return g_byte_array_free_to_bytes (r);
}

/* One matrix cell: @sig says whether the input starts with a signature. */
static void
check_cell (GUtf8ConvDirection  direction,
            GUtf8ConvProfile    profile,
            guint               mode,
            GUtf8ConvByteOrder  order,
            GUtf8ConvBomMode    bom,
            gboolean            sig,
            gboolean            little_input,
            const Body         *body)
{
  GUtf8ConvConfig cfg = { direction, order, bom, tu_error_modes[mode], profile };
  gboolean host_big = G_BYTE_ORDER == G_BIG_ENDIAN;
  gboolean wide_big;
  gboolean reading16 = direction == FROM16;
  g_autoptr(GBytes) in_body = NULL, in_sig = NULL, in = NULL;
  g_autoptr(GBytes) out_body = NULL, out_sig = NULL, want = NULL;
  g_autofree char *message = NULL;
  guint sig_len;

  switch (order)
    {
    case GUTF8CONV_BYTE_ORDER_HOST:
      wide_big = host_big;
      break;
    case GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN:
      wide_big = FALSE;
      break;
    case GUTF8CONV_BYTE_ORDER_DETECT:
      /* Read: big-endian unless the signature says FF FE; written:
       * big-endian. */
      wide_big = !(reading16 && little_input);
      break;
    default:
      wide_big = TRUE;
    }

  if (reading16)
    {
      in_body = utf16_bytes (from16_input, wide_big);
      in_sig = utf16_bytes ("FE FF", wide_big);
      out_body = tu_hex (body->out);
      out_sig = tu_hex ("EF BB BF");
    }
  else
    {
      in_body = tu_hex (to16_input);
      in_sig = tu_hex ("EF BB BF");
      out_body = utf16_bytes (body->out, wide_big);
      out_sig = utf16_bytes ("FE FF", wide_big);
    }
  sig_len = sig ? g_bytes_get_size (in_sig) : 0;
  in = sig ? concat (in_sig, in_body) : g_bytes_ref (in_body);
  if (bom == GUTF8CONV_BOM_INSERT || (sig && bom == GUTF8CONV_BOM_KEEP))
    want = concat (out_sig, out_body);
  else
    want = g_bytes_ref (out_body);
  if (body->message != NULL)
    message = g_strdup_printf ("%s%u%s", body->message, body->offset + sig_len, body->suffix);

  tu_check_bytes (&cfg, in, want, body->code, message, body->n_invalid);
}

static void
check_matrix (GUtf8ConvDirection  direction,
              const Bodies       *bodies,
              guint               n_bodies)
{
  guint covered = 0;

  for (guint b = 0; b < n_bodies; b++)
    for (guint p = 0; p < TU_N_PROFILES; p++)
      {
        if (!(bodies[b].profiles & (1u << tu_profiles[p])))
          continue;
        covered |= 1u << tu_profiles[p];
        for (guint m = 0; m < TU_N_ERROR_MODES; m++)
          for (guint o = 0; o < TU_N_BYTE_ORDERS; o++)
            for (guint s = 0; s < TU_N_BOM_MODES; s++)
              for (guint sig = 0; sig < 2; sig++)
                {
                  check_cell (direction, tu_profiles[p], m, tu_byte_orders[o], tu_bom_modes[s],
                              sig, FALSE, &bodies[b].modes[m]);
                  /* DETECT reads FF FE as little-endian. */
                  if (sig && direction == FROM16 && tu_byte_orders[o] == GUTF8CONV_BYTE_ORDER_DETECT)
                    check_cell (direction, tu_profiles[p], m, tu_byte_orders[o], tu_bom_modes[s],
                                sig, TRUE, &bodies[b].modes[m]);
                }
      }
  /* Every profile has its row. */
  g_assert_cmphex (covered, ==, (1u << tu_enum_count (GUTF8CONV_TYPE_PROFILE)) - 1);
  g_assert_cmpuint (tu_enum_count (GUTF8CONV_TYPE_ERROR_MODE), ==, TU_N_ERROR_MODES);
}

/* UTF-8 read as for UCS-4, each mode writing into UTF-16 what it writes
 * into UCS-4 (#behaviour-utf16-writing). */
static void
test_matrix_to_utf16 (void)
{
  check_matrix (TO16, to16_bodies, G_N_ELEMENTS (to16_bodies));
}

/* Pairs and lone surrogates written to UTF-8 as UCS-4 units are, in
 * every profile (#behaviour-utf16-reading). */
static void
test_matrix_from_utf16 (void)
{
  check_matrix (FROM16, from16_bodies, G_N_ELEMENTS (from16_bodies));
}

static GConverter *
new_converter (GUtf8ConvDirection direction,
               GUtf8ConvByteOrder order,
               GUtf8ConvBomMode   bom,
               GUtf8ConvErrorMode mode)
{
  GUtf8ConvConfig cfg = { direction, order, bom, mode, GUTF8CONV_PROFILE_UNICODE };

  return G_CONVERTER (tu_converter_new (&cfg));
}

/* The signature split across calls is still recognised; DETECT decides
 * once the first bytes rule out both signatures. */
static void
test_signature_split (void)
{
  g_autoptr(GConverter) strip = new_converter (FROM16, GUTF8CONV_BYTE_ORDER_DETECT,
                                               GUTF8CONV_BOM_STRIP, GUTF8CONV_ERROR_MODE_STRICT);
  g_autoptr(GConverter) keep = new_converter (FROM16, GUTF8CONV_BYTE_ORDER_DETECT,
                                              GUTF8CONV_BOM_KEEP, GUTF8CONV_ERROR_MODE_STRICT);
  g_autoptr(GConverter) insert = new_converter (FROM16, GUTF8CONV_BYTE_ORDER_BIG_ENDIAN,
                                                GUTF8CONV_BOM_INSERT, GUTF8CONV_ERROR_MODE_STRICT);
  g_autoptr(GConverter) to16 = new_converter (TO16, GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN,
                                              GUTF8CONV_BOM_INSERT, GUTF8CONV_ERROR_MODE_STRICT);

  tu_call (strip, "FE", FLUSH, 16, FLUSHED, 0, NULL, 1, "");
  tu_call (strip, "FF 00", FLUSH, 16, FLUSHED, 0, NULL, 2, "");
  tu_call (strip, "41", AT_END, 16, FINISHED, 0, NULL, 1, "41");
  /* Little-endian from FF | FE; the next FF FE is a ZWNBSP. */
  g_converter_reset (strip);
  tu_call (strip, "FF", 0, 16, CONVERTED, 0, NULL, 1, "");
  tu_call (strip, "FE 41 00 FF FE", AT_END, 16, FINISHED, 0, NULL, 5, "41 EF BB BF");
  /* reset forgets the order found: big-endian again. */
  g_converter_reset (strip);
  tu_call (strip, "00 41", AT_END, 16, FINISHED, 0, NULL, 2, "41");

  tu_call (keep, "FF", 0, 16, CONVERTED, 0, NULL, 1, "");
  tu_call (keep, "FE 3D D8", 0, 16, CONVERTED, 0, NULL, 3, "EF BB BF");
  tu_call (keep, "00 DE", AT_END, 16, FINISHED, 0, NULL, 2, "F0 9F 98 80");

  /* INSERT writes its signature as soon as one byte shows there is none. */
  tu_call (insert, "00", FLUSH, 16, FLUSHED, 0, NULL, 1, "EF BB BF");
  tu_call (insert, "41", AT_END, 16, FINISHED, 0, NULL, 1, "41");
  g_converter_reset (insert);
  tu_call (insert, "FE", FLUSH, 16, FLUSHED, 0, NULL, 1, "");
  tu_call (insert, "FF", AT_END, 16, FINISHED, 0, NULL, 1, "EF BB BF");
  g_converter_reset (insert);
  tu_call (insert, NULL, AT_END, 16, FINISHED, 0, NULL, 0, "EF BB BF");

  tu_call (to16, "EF", FLUSH, 16, FLUSHED, 0, NULL, 1, "");
  tu_call (to16, "BB", FLUSH, 16, FLUSHED, 0, NULL, 1, "");
  tu_call (to16, "BF 41", AT_END, 16, FINISHED, 0, NULL, 2, "FF FE 41 00");
  g_converter_reset (to16);
  tu_call (to16, "", AT_END, 16, FINISHED, 0, NULL, 0, "FF FE");
}

/* A pair is one character across calls and across FLUSH
 * (#behaviour-utf16-reading); it is written whole or not at all
 * (#behaviour-utf16-writing). */
static void
test_pairs (void)
{
  g_autoptr(GConverter) from16 = new_converter (FROM16, GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN,
                                                GUTF8CONV_BOM_KEEP, GUTF8CONV_ERROR_MODE_STRICT);
  g_autoptr(GConverter) to16 = new_converter (TO16, GUTF8CONV_BYTE_ORDER_BIG_ENDIAN,
                                              GUTF8CONV_BOM_KEEP, GUTF8CONV_ERROR_MODE_STRICT);

  tu_call (from16, "41 00 3D", 0, 16, CONVERTED, 0, NULL, 3, "41");
  tu_call (from16, "D8", FLUSH, 16, FLUSHED, 0, NULL, 1, "");
  tu_call (from16, NULL, FLUSH, 16, FLUSHED, 0, NULL, 0, "");
  tu_call (from16, "00", FLUSH, 16, FLUSHED, 0, NULL, 1, "");
  tu_call (from16, "DE", AT_END, 16, FINISHED, 0, NULL, 1, "F0 9F 98 80");

  /* Towards UTF-8 a pair needs 4 bytes of room. */
  g_converter_reset (from16);
  tu_call (from16, "3D D8 00 DE", AT_END, 3, ERROR, NO_SPACE, NULL, 0, "");
  tu_call (from16, "3D D8 00 DE", AT_END, 4, FINISHED, 0, NULL, 4, "F0 9F 98 80");

  /* Towards UTF-16: 2 bytes for one unit, 4 for a pair; never half. */
  tu_call (to16, "F0 9F 98 80", AT_END, 3, ERROR, NO_SPACE, NULL, 0, "");
  tu_call (to16, "F0 9F 98 80", AT_END, 2, ERROR, NO_SPACE, NULL, 0, "");
  tu_call (to16, "41 F0 9F 98 80", AT_END, 5, CONVERTED, 0, NULL, 1, "00 41");
  tu_call (to16, "F0 9F 98 80", AT_END, 4, FINISHED, 0, NULL, 4, "D8 3D DE 00");
  g_converter_reset (to16);
  tu_call (to16, "F0 9F", FLUSH, 4, FLUSHED, 0, NULL, 2, "");
  tu_call (to16, "98 80 C3", FLUSH, 4, FLUSHED, 0, NULL, 3, "D8 3D DE 00");
  tu_call (to16, "A9", AT_END, 4, FINISHED, 0, NULL, 1, "00 E9");
}

/* The end of the stream: an odd byte and a cut-off high unit, each one
 * item; before the end they are held. */
static void
test_end_of_stream (void)
{
  g_autoptr(GConverter) strict = new_converter (FROM16, GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN,
                                                GUTF8CONV_BOM_KEEP, GUTF8CONV_ERROR_MODE_STRICT);
  g_autoptr(GConverter) replace = new_converter (FROM16, GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN,
                                                 GUTF8CONV_BOM_KEEP, GUTF8CONV_ERROR_MODE_REPLACE);

  tu_call (strict, "41 00 3D D8 41", FLUSH, 16, FLUSHED, 0, NULL, 5, "41");
  tu_call (strict, NULL, AT_END, 16, ERROR, PARTIAL, "Incomplete UTF-16 sequence at byte 2: 3D D8", 0, "");
  /* Sticky until reset. */
  tu_call (strict, "00", AT_END, 16, ERROR, PARTIAL, "Incomplete UTF-16 sequence at byte 2: 3D D8", 0, "");
  g_assert_cmpint (gutf8conv_converter_get_error_offset (GUTF8CONV_CONVERTER (strict)), ==, 2);
  g_converter_reset (strict);
  g_assert_cmpint (gutf8conv_converter_get_error_offset (GUTF8CONV_CONVERTER (strict)), ==, -1);
  tu_call (strict, "41", AT_END, 16, ERROR, PARTIAL, "Incomplete UTF-16 sequence at byte 0: 41", 0, "");

  /* The contract's two U+FFFD where Python and ICU give one. */
  tu_call (replace, "3D D8 41", AT_END, 16, FINISHED, 0, NULL, 3, "EF BF BD EF BF BD");
  g_assert_cmpuint (gutf8conv_converter_get_num_invalid (GUTF8CONV_CONVERTER (replace)), ==, 2);
  g_converter_reset (replace);
  tu_call (replace, "00 DC 41 00", AT_END, 16, FINISHED, 0, NULL, 4, "EF BF BD 41");
  g_converter_reset (replace);
  /* A high unit before a non-surrogate is lone, not cut off. */
  tu_call (replace, "3D D8 41 00", AT_END, 16, FINISHED, 0, NULL, 4, "EF BF BD 41");
}

/* invalid-sequence gives the units' bytes in input order, the cut-off
 * bytes at the end, and offsets that count the signature. */
static void
test_signal (void)
{
  GUtf8ConvConfig cfg = { FROM16, GUTF8CONV_BYTE_ORDER_DETECT, GUTF8CONV_BOM_STRIP,
                          GUTF8CONV_ERROR_MODE_SKIP, GUTF8CONV_PROFILE_UNICODE };
  g_autoptr(GUtf8ConvConverter) conv = tu_converter_new (&cfg);
  g_autoptr(GBytes) in = tu_hex ("FF FE 41 00 00 DC 3D D8 42 00 3D D8 43");
  g_autoptr(GBytes) out = NULL;
  g_autoptr(GBytes) ab = tu_hex ("41 42");
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) seen = g_string_new (NULL);

  g_signal_connect (conv, "invalid-sequence", G_CALLBACK (tu_log_invalid), seen);
  out = gutf8conv_converter_convert_bytes (conv, in, &error);
  g_assert_no_error (error);
  tu_assert_bytes (g_bytes_get_data (out, NULL), g_bytes_get_size (out), ab, "skipped");
  g_assert_cmpstr (seen->str, ==, "4:00 DC;6:3D D8;10:3D D8;12:43;");
  g_assert_cmpuint (gutf8conv_converter_get_num_invalid (conv), ==, 4);

  /* Towards UTF-16, a UCS4 value above U+10FFFF is one sequence. */
  {
    GUtf8ConvConfig c16 = { TO16, GUTF8CONV_BYTE_ORDER_BIG_ENDIAN, GUTF8CONV_BOM_KEEP,
                            GUTF8CONV_ERROR_MODE_REPLACE, GUTF8CONV_PROFILE_UCS4 };
    g_autoptr(GUtf8ConvConverter) c = tu_converter_new (&c16);
    g_autoptr(GBytes) in8 = tu_hex ("41 F8 88 80 80 80 42");
    g_autoptr(GBytes) out16 = NULL;
    g_autoptr(GBytes) want = tu_hex ("00 41 FF FD 00 42");
    g_autoptr(GString) s16 = g_string_new (NULL);

    g_signal_connect (c, "invalid-sequence", G_CALLBACK (tu_log_invalid), s16);
    out16 = gutf8conv_converter_convert_bytes (c, in8, &error);
    g_assert_no_error (error);
    g_assert_true (g_bytes_equal (out16, want));
    g_assert_cmpstr (s16->str, ==, "1:F8 88 80 80 80;");
  }
}

/* The round trips the profiles and ESCAPE promise. */
static void
test_round_trips (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (16);

  for (guint round = 0; round < 200; round++)
    {
      /* Any sequence of 16-bit units through WTF-8 and back. */
      GUtf8ConvConfig from = { FROM16, GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN, GUTF8CONV_BOM_KEEP,
                               GUTF8CONV_ERROR_MODE_STRICT, GUTF8CONV_PROFILE_WTF8 };
      GUtf8ConvConfig to = { TO16, GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN, GUTF8CONV_BOM_KEEP,
                             GUTF8CONV_ERROR_MODE_STRICT, GUTF8CONV_PROFILE_WTF8 };
      guint8 units[64], bytes[64];
      guint n = g_rand_int_range (rand, 0, 32);
      g_autoptr(TuResult) wtf8 = NULL, back = NULL, esc16 = NULL, esc8 = NULL;

      for (guint i = 0; i < n; i++)
        {
          /* Mostly surrogates, so that lone ones and pairs both occur. */
          guint16 u = g_rand_boolean (rand) ? g_rand_int_range (rand, 0xD800, 0xE000)
                                            : g_rand_int_range (rand, 0, 0x10000);

          units[2 * i] = u & 0xFF;
          units[2 * i + 1] = u >> 8;
        }
      wtf8 = tu_run_oneshot (&from, TU_CORE, units, 2 * n);
      g_assert_cmpint (wtf8->error_code, ==, -1);
      back = tu_run_oneshot (&to, TU_CORE, wtf8->out->data, wtf8->out->len);
      g_assert_cmpint (back->error_code, ==, -1);
      g_assert_cmpmem (back->out->data, back->out->len, units, 2 * n);

      /* Any byte string through UTF-16 with ESCAPE both ways. */
      for (guint i = 0; i < n; i++)
        bytes[i] = g_rand_int_range (rand, 0, 256);
      to.profile = from.profile = GUTF8CONV_PROFILE_UNICODE;
      to.error_mode = from.error_mode = GUTF8CONV_ERROR_MODE_ESCAPE;
      esc16 = tu_run_oneshot (&to, TU_CORE, bytes, n);
      g_assert_cmpint (esc16->error_code, ==, -1);
      esc8 = tu_run_oneshot (&from, TU_CORE, esc16->out->data, esc16->out->len);
      g_assert_cmpint (esc8->error_code, ==, -1);
      g_assert_cmpmem (esc8->out->data, esc8->out->len, bytes, n);
      /* Each escaped byte is one U+DC80..U+DCFF unit, counted once back. */
      {
        guint escaped = 0;

        for (guint i = 0; i + 1 < esc16->out->len; i += 2)
          escaped += esc16->out->data[i + 1] == 0xDC && esc16->out->data[i] >= 0x80;
        g_assert_cmpuint (esc8->num_invalid, ==, escaped);
      }
    }
}

/* The smallest output buffers, and the bound convert_bytes uses. */
static void
test_sizes (void)
{
  GUtf8ConvConfig cfg = GUTF8CONV_CONFIG_INIT;
  GUtf8ConvCodec codec;

  cfg.direction = TO16;
  g_assert_cmpuint (gutf8conv_codec_min_output (&cfg), ==, 4);
  cfg.direction = FROM16;
  g_assert_cmpuint (gutf8conv_codec_min_output (&cfg), ==, 6);

  /* CESU-8 writes a pair in six bytes; an odd byte and a signature. */
  cfg.profile = GUTF8CONV_PROFILE_CESU8;
  cfg.byte_order = GUTF8CONV_BYTE_ORDER_BIG_ENDIAN;
  cfg.bom_mode = GUTF8CONV_BOM_INSERT;
  cfg.error_mode = GUTF8CONV_ERROR_MODE_REPLACE;
  gutf8conv_codec_init (&codec, &cfg);
  {
    g_autoptr(GBytes) in = tu_hex ("D8 3D DE 00 D8 3D DE 00 41");
    gsize len;
    const guint8 *p = g_bytes_get_data (in, &len);
    g_autoptr(TuResult) res = tu_run_oneshot (&cfg, TU_CORE, p, len);
    g_autoptr(GBytes) want = tu_hex ("EF BB BF ED A0 BD ED B8 80 ED A0 BD ED B8 80 EF BF BD");

    tu_assert_bytes (res->out->data, res->out->len, want, "CESU-8 pairs");
    g_assert_cmpuint (res->out->len, <=, gutf8conv_codec_max_output (&codec, len));
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/utf16/matrix/to-utf16", test_matrix_to_utf16);
  g_test_add_func ("/utf16/matrix/from-utf16", test_matrix_from_utf16);
  g_test_add_func ("/utf16/signature-split", test_signature_split);
  g_test_add_func ("/utf16/pairs", test_pairs);
  g_test_add_func ("/utf16/end-of-stream", test_end_of_stream);
  g_test_add_func ("/utf16/signal", test_signal);
  g_test_add_func ("/utf16/round-trips", test_round_trips);
  g_test_add_func ("/utf16/sizes", test_sizes);

  return g_test_run ();
}
