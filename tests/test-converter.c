/* test-converter.c: the GUtf8ConvConverter object
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Properties, their defaults and getters, enum types and nicks,
 * num-invalid and its notifications, convert_bytes, reset, new_full,
 * error-offset and the invalid-sequence signal (behaviour guide,
 * #behaviour-num-invalid and #behaviour-where).
 */

#include "config.h"

#include <string.h>

#include "test-util.h"

static void
test_defaults (void)
{
  g_autoptr(GUtf8ConvConverter) c = g_object_new (GUTF8CONV_TYPE_CONVERTER, NULL);
  g_autoptr(GUtf8ConvConverter) e = gutf8conv_converter_new (GUTF8CONV_DIRECTION_UCS4_TO_UTF8);
  GUtf8ConvDirection direction;
  GUtf8ConvByteOrder order;
  GUtf8ConvBomMode bom;
  GUtf8ConvErrorMode mode;
  GUtf8ConvProfile profile;
  guint64 num_invalid;

  g_assert_true (G_IS_CONVERTER (c));
  g_assert_cmpint (gutf8conv_converter_get_direction (c), ==, GUTF8CONV_DIRECTION_UTF8_TO_UCS4);
  g_assert_cmpint (gutf8conv_converter_get_byte_order (c), ==, GUTF8CONV_BYTE_ORDER_HOST);
  g_assert_cmpint (gutf8conv_converter_get_bom_mode (c), ==, GUTF8CONV_BOM_KEEP);
  g_assert_cmpint (gutf8conv_converter_get_error_mode (c), ==, GUTF8CONV_ERROR_MODE_STRICT);
  g_assert_cmpint (gutf8conv_converter_get_profile (c), ==, GUTF8CONV_PROFILE_UNICODE);
  g_assert_cmpuint (gutf8conv_converter_get_num_invalid (c), ==, 0);

  g_object_get (c, "direction", &direction, "byte-order", &order, "bom-mode", &bom,
                "error-mode", &mode, "profile", &profile, "num-invalid", &num_invalid, NULL);
  g_assert_cmpint (direction, ==, GUTF8CONV_DIRECTION_UTF8_TO_UCS4);
  g_assert_cmpint (order, ==, GUTF8CONV_BYTE_ORDER_HOST);
  g_assert_cmpint (bom, ==, GUTF8CONV_BOM_KEEP);
  g_assert_cmpint (mode, ==, GUTF8CONV_ERROR_MODE_STRICT);
  g_assert_cmpint (profile, ==, GUTF8CONV_PROFILE_UNICODE);
  g_assert_cmpuint (num_invalid, ==, 0);

  /* _new() sets the direction and leaves the rest at the defaults. */
  g_assert_cmpint (gutf8conv_converter_get_direction (e), ==, GUTF8CONV_DIRECTION_UCS4_TO_UTF8);
  g_assert_cmpint (gutf8conv_converter_get_byte_order (e), ==, GUTF8CONV_BYTE_ORDER_HOST);
  g_assert_cmpint (gutf8conv_converter_get_bom_mode (e), ==, GUTF8CONV_BOM_KEEP);
  g_assert_cmpint (gutf8conv_converter_get_error_mode (e), ==, GUTF8CONV_ERROR_MODE_STRICT);
  g_assert_cmpint (gutf8conv_converter_get_profile (e), ==, GUTF8CONV_PROFILE_UNICODE);
}

static void
test_properties (void)
{
  for (guint o = 0; o < 3; o++)
    for (guint b = 0; b < 3; b++)
      for (guint m = 0; m < 4; m++)
        for (guint p = 0; p < 2; p++)
          for (GUtf8ConvDirection d = 0; d < 2; d++)
            {
              GUtf8ConvConfig cfg = { d, tu_byte_orders[o], tu_bom_modes[b], tu_error_modes[m],
                               tu_profiles[p] };
              g_autoptr(GUtf8ConvConverter) c = tu_converter_new (&cfg);
              int direction, order, bom, mode, profile;

              g_assert_cmpint (gutf8conv_converter_get_direction (c), ==, d);
              g_assert_cmpint (gutf8conv_converter_get_byte_order (c), ==, cfg.byte_order);
              g_assert_cmpint (gutf8conv_converter_get_bom_mode (c), ==, cfg.bom_mode);
              g_assert_cmpint (gutf8conv_converter_get_error_mode (c), ==, cfg.error_mode);
              g_assert_cmpint (gutf8conv_converter_get_profile (c), ==, cfg.profile);
              g_object_get (c, "direction", &direction, "byte-order", &order,
                            "bom-mode", &bom, "error-mode", &mode, "profile", &profile, NULL);
              g_assert_cmpint (direction, ==, d);
              g_assert_cmpint (order, ==, cfg.byte_order);
              g_assert_cmpint (bom, ==, cfg.bom_mode);
              g_assert_cmpint (mode, ==, cfg.error_mode);
              g_assert_cmpint (profile, ==, cfg.profile);
            }
}

/* Construct-only settings, a read-only counter, each of the enum type. */
static void
test_pspecs (void)
{
  static const struct { const char *name; GType (*type) (void); int def; } props[] = {
    { "direction", gutf8conv_direction_get_type, GUTF8CONV_DIRECTION_UTF8_TO_UCS4 },
    { "byte-order", gutf8conv_byte_order_get_type, GUTF8CONV_BYTE_ORDER_HOST },
    { "bom-mode", gutf8conv_bom_mode_get_type, GUTF8CONV_BOM_KEEP },
    { "error-mode", gutf8conv_error_mode_get_type, GUTF8CONV_ERROR_MODE_STRICT },
    { "profile", gutf8conv_profile_get_type, GUTF8CONV_PROFILE_UNICODE },
  };
  g_autoptr(GTypeClass) klass = g_type_class_ref (GUTF8CONV_TYPE_CONVERTER);
  GParamSpec *pspec;

  for (guint i = 0; i < G_N_ELEMENTS (props); i++)
    {
      pspec = g_object_class_find_property (G_OBJECT_CLASS (klass), props[i].name);
      g_assert_nonnull (pspec);
      g_assert_true (G_IS_PARAM_SPEC_ENUM (pspec));
      g_assert_true (pspec->value_type == props[i].type ());
      g_assert_cmpint (G_PARAM_SPEC_ENUM (pspec)->default_value, ==, props[i].def);
      g_assert_cmpint (pspec->flags & (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY), ==,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY);
    }

  pspec = g_object_class_find_property (G_OBJECT_CLASS (klass), "num-invalid");
  g_assert_nonnull (pspec);
  g_assert_true (G_IS_PARAM_SPEC_UINT64 (pspec));
  g_assert_cmpint (pspec->flags & G_PARAM_READWRITE, ==, G_PARAM_READABLE);
  g_assert_cmpuint (G_PARAM_SPEC_UINT64 (pspec)->default_value, ==, 0);
}

static void
check_nicks (GType                    type,
             const char * const      *nicks,
             const char              *type_name)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (type);
  guint n = 0;

  g_assert_cmpstr (g_type_name (type), ==, type_name);
  while (nicks[n] != NULL)
    {
      GEnumValue *v = g_enum_get_value (klass, n);

      g_assert_nonnull (v);
      g_assert_cmpstr (v->value_nick, ==, nicks[n]);
      g_assert_true (g_enum_get_value_by_nick (klass, nicks[n]) == v);
      n++;
    }
  g_assert_cmpuint (klass->n_values, ==, n);
}

/* The enum types and their nicks, glib-mkenums' defaults: each version's
 * values come after the earlier ones, which never change. */
static void
test_enums (void)
{
  static const char *directions[] = { "utf8-to-ucs4", "ucs4-to-utf8", "utf8-to-utf8",
                                      "utf8-to-utf16", "utf16-to-utf8", NULL };
  static const char *orders[] = { "host", "big-endian", "little-endian", "detect", NULL };
  static const char *boms[] = { "keep", "strip", "insert", NULL };
  static const char *modes[] = { "strict", "replace", "skip", "escape", "latin1", "cp1252", NULL };
  static const char *profiles[] = { "unicode", "ucs4", "cesu8", "modified-utf8", "wtf8", NULL };

  check_nicks (gutf8conv_direction_get_type (), directions, "GUtf8ConvDirection");
  check_nicks (gutf8conv_byte_order_get_type (), orders, "GUtf8ConvByteOrder");
  check_nicks (gutf8conv_bom_mode_get_type (), boms, "GUtf8ConvBomMode");
  check_nicks (gutf8conv_error_mode_get_type (), modes, "GUtf8ConvErrorMode");
  check_nicks (gutf8conv_profile_get_type (), profiles, "GUtf8ConvProfile");

  /* test-util's lists of every value, which the other tests loop over,
   * hold each value of the enum once, in order. */
  g_assert_cmpuint (tu_enum_count (GUTF8CONV_TYPE_ERROR_MODE), ==, TU_N_ERROR_MODES);
  g_assert_cmpuint (tu_enum_count (GUTF8CONV_TYPE_BOM_MODE), ==, TU_N_BOM_MODES);
  g_assert_cmpuint (tu_enum_count (GUTF8CONV_TYPE_BYTE_ORDER), ==, TU_N_BYTE_ORDERS);
  g_assert_cmpuint (tu_enum_count (GUTF8CONV_TYPE_PROFILE), ==, TU_N_PROFILES);
  for (guint i = 0; i < TU_N_ERROR_MODES; i++)
    g_assert_cmpint (tu_error_modes[i], ==, i);
  for (guint i = 0; i < TU_N_BOM_MODES; i++)
    g_assert_cmpint (tu_bom_modes[i], ==, i);
  for (guint i = 0; i < TU_N_BYTE_ORDERS; i++)
    g_assert_cmpint (tu_byte_orders[i], ==, i);
  for (guint i = 0; i < TU_N_PROFILES; i++)
    g_assert_cmpint (tu_profiles[i], ==, i);
  g_assert_true (GUTF8CONV_TYPE_DIRECTION == gutf8conv_direction_get_type ());
  g_assert_true (GUTF8CONV_TYPE_PROFILE == gutf8conv_profile_get_type ());
  g_assert_true (g_type_is_a (GUTF8CONV_TYPE_CONVERTER, G_TYPE_CONVERTER));
}

static void
count_notify (GObject    *object G_GNUC_UNUSED,
              GParamSpec *pspec,
              gpointer    user_data)
{
  guint *count = user_data;

  g_assert_cmpstr (pspec->name, ==, "num-invalid");
  (*count)++;
}

static guint64
convert_all (GUtf8ConvConverter *c,
             const char         *hex,
             GConverterFlags     flags)
{
  g_autoptr(GBytes) in = tu_hex (hex);
  guint8 out[256];
  gsize nread, nwritten;
  g_autoptr(GError) error = NULL;

  g_converter_convert (G_CONVERTER (c), g_bytes_get_data (in, NULL), g_bytes_get_size (in),
                       out, sizeof out, flags, &nread, &nwritten, &error);
  return gutf8conv_converter_get_num_invalid (c);
}

/* num-invalid counts maximal subparts when decoding, bad units when
 * encoding (and each unit ESCAPE turns back into a byte), nothing in
 * STRICT; notified at most once per call, when it changed. */
static void
test_num_invalid (void)
{
  GUtf8ConvConfig cfg = { GUTF8CONV_DIRECTION_UTF8_TO_UCS4, GUTF8CONV_BYTE_ORDER_BIG_ENDIAN,
                   GUTF8CONV_BOM_KEEP, GUTF8CONV_ERROR_MODE_REPLACE, GUTF8CONV_PROFILE_UNICODE };
  g_autoptr(GUtf8ConvConverter) rep = tu_converter_new (&cfg);
  g_autoptr(GUtf8ConvConverter) strict = NULL, esc = NULL, enc = NULL;
  guint notified = 0;
  guint64 n;

  g_signal_connect (rep, "notify::num-invalid", G_CALLBACK (count_notify), &notified);
  g_assert_cmpuint (convert_all (rep, "41 42", 0), ==, 0);
  g_assert_cmpuint (notified, ==, 0);
  /* Three subparts in one call: one notification. */
  g_assert_cmpuint (convert_all (rep, "80 E2 82 41 C0", 0), ==, 3);
  g_assert_cmpuint (notified, ==, 1);
  g_object_get (rep, "num-invalid", &n, NULL);
  g_assert_cmpuint (n, ==, 3);
  /* A truncated end is one more. */
  g_assert_cmpuint (convert_all (rep, "F0 9F 98", G_CONVERTER_INPUT_AT_END), ==, 4);
  g_assert_cmpuint (notified, ==, 2);
  g_converter_reset (G_CONVERTER (rep));
  g_assert_cmpuint (gutf8conv_converter_get_num_invalid (rep), ==, 0);
  g_assert_cmpuint (notified, ==, 3);
  /* Reset at zero changes nothing, so says nothing. */
  g_converter_reset (G_CONVERTER (rep));
  g_assert_cmpuint (notified, ==, 3);

  cfg.error_mode = GUTF8CONV_ERROR_MODE_STRICT;
  strict = tu_converter_new (&cfg);
  g_signal_connect (strict, "notify::num-invalid", G_CALLBACK (count_notify), &notified);
  g_assert_cmpuint (convert_all (strict, "80", G_CONVERTER_INPUT_AT_END), ==, 0);
  g_assert_cmpuint (convert_all (strict, "80", G_CONVERTER_INPUT_AT_END), ==, 0);
  g_assert_cmpuint (notified, ==, 3);

  cfg.error_mode = GUTF8CONV_ERROR_MODE_ESCAPE;
  esc = tu_converter_new (&cfg);
  g_assert_cmpuint (convert_all (esc, "ED A0 80 F0 9F 98", G_CONVERTER_INPUT_AT_END), ==, 4);

  cfg.direction = GUTF8CONV_DIRECTION_UCS4_TO_UTF8;
  enc = tu_converter_new (&cfg);
  g_signal_connect (enc, "notify::num-invalid", G_CALLBACK (count_notify), &notified);
  g_assert_cmpuint (convert_all (enc, "00 00 DC E2 00 00 DC 82 00 00 00 41", 0), ==, 2);
  g_assert_cmpuint (notified, ==, 4);
}

static void
test_convert_bytes (void)
{
  g_autoptr(GUtf8ConvConverter) dec = gutf8conv_converter_new (GUTF8CONV_DIRECTION_UTF8_TO_UCS4);
  GUtf8ConvConfig cfg = { GUTF8CONV_DIRECTION_UCS4_TO_UTF8, GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN,
                   GUTF8CONV_BOM_INSERT, GUTF8CONV_ERROR_MODE_SKIP, GUTF8CONV_PROFILE_UNICODE };
  g_autoptr(GUtf8ConvConverter) enc = tu_converter_new (&cfg);
  g_autoptr(GBytes) in = tu_hex ("41 E2 82 AC");
  g_autoptr(GBytes) bad = tu_hex ("41 C0 AF");
  g_autoptr(GBytes) cut = tu_hex ("41 E2 82");
  g_autoptr(GBytes) units = tu_hex ("41 00 00 00 00 D8 00 00 AC 20 00 00");
  g_autoptr(GBytes) empty = g_bytes_new (NULL, 0);
  g_autoptr(GBytes) out = NULL;
  g_autoptr(GError) error = NULL;
  gunichar want[2] = { 0x41, 0x20AC };

  out = gutf8conv_converter_convert_bytes (dec, in, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (g_bytes_get_data (out, NULL), g_bytes_get_size (out), want, sizeof want);
  g_clear_pointer (&out, g_bytes_unref);

  out = gutf8conv_converter_convert_bytes (dec, bad, &error);
  g_assert_null (out);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_cmpstr (error->message, ==, "Invalid UTF-8 sequence at byte 1: C0");
  g_clear_error (&error);
  /* Each call is a stream of its own: the error is gone. */
  out = gutf8conv_converter_convert_bytes (dec, cut, &error);
  g_assert_null (out);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT);
  g_assert_cmpstr (error->message, ==, "Incomplete UTF-8 sequence at byte 1: E2 82");
  g_clear_error (&error);
  out = gutf8conv_converter_convert_bytes (dec, empty, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_bytes_get_size (out), ==, 0);
  g_clear_pointer (&out, g_bytes_unref);

  /* num-invalid afterwards tells about that input, not accumulated. */
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(GBytes) want_bytes = tu_hex ("EF BB BF 41 E2 82 AC");

      out = gutf8conv_converter_convert_bytes (enc, units, &error);
      g_assert_no_error (error);
      g_assert_true (g_bytes_equal (out, want_bytes));
      g_assert_cmpuint (gutf8conv_converter_get_num_invalid (enc), ==, 1);
      g_clear_pointer (&out, g_bytes_unref);
    }

  /* A converter left mid-stream is reset first. */
  {
    guint8 buf[16];
    gsize nread, nwritten;
    g_autoptr(GBytes) want_bytes = tu_hex ("EF BB BF 41");
    g_autoptr(GBytes) a = tu_hex ("41 00 00 00");

    g_converter_convert (G_CONVERTER (enc), "\x41\x00", 2, buf, sizeof buf, 0,
                         &nread, &nwritten, NULL);
    out = gutf8conv_converter_convert_bytes (enc, a, &error);
    g_assert_no_error (error);
    g_assert_true (g_bytes_equal (out, want_bytes));
  }
}

/* A large input in one call: the output buffer bound holds. */
static void
test_convert_bytes_large (void)
{
  for (GUtf8ConvErrorMode m = GUTF8CONV_ERROR_MODE_STRICT; m <= GUTF8CONV_ERROR_MODE_CP1252; m++)
    {
      GUtf8ConvConfig cfg = { GUTF8CONV_DIRECTION_UTF8_TO_UCS4, GUTF8CONV_BYTE_ORDER_BIG_ENDIAN,
                       GUTF8CONV_BOM_INSERT, m, GUTF8CONV_PROFILE_UNICODE };
      g_autoptr(GUtf8ConvConverter) c = tu_converter_new (&cfg);
      gsize n = 100000;
      g_autofree guint8 *in = g_malloc (n);
      g_autoptr(GBytes) bytes = NULL, out = NULL;
      g_autoptr(GError) error = NULL;
      gsize len;
      const guint8 *p;

      /* All bytes 0x80: the worst case, one unit per byte, plus the signature. */
      memset (in, m == GUTF8CONV_ERROR_MODE_STRICT ? 'x' : 0x80, n);
      bytes = g_bytes_new_take (g_steal_pointer (&in), n);
      out = gutf8conv_converter_convert_bytes (c, bytes, &error);
      g_assert_no_error (error);
      p = g_bytes_get_data (out, &len);
      g_assert_cmpuint (len, ==, m == GUTF8CONV_ERROR_MODE_SKIP ? 4 : 4 * n + 4);
      g_assert_cmpmem (p, 4, "\x00\x00\xFE\xFF", 4);
      if (len > 4)
        g_assert_cmpmem (p + len - 4, 4,
                         m == GUTF8CONV_ERROR_MODE_STRICT ? "\x00\x00\x00x" :
                         m == GUTF8CONV_ERROR_MODE_REPLACE ? "\x00\x00\xFF\xFD" :
                         m == GUTF8CONV_ERROR_MODE_ESCAPE ? "\x00\x00\xDC\x80" :
                         m == GUTF8CONV_ERROR_MODE_LATIN1 ? "\x00\x00\x00\x80" : "\x00\x00\x20\xAC",
                         4);
      g_assert_cmpuint (gutf8conv_converter_get_num_invalid (c), ==,
                        m == GUTF8CONV_ERROR_MODE_STRICT ? 0 : n);
    }

  /* Encoding: 6-byte forms, the largest per unit. */
  {
    GUtf8ConvConfig cfg = { GUTF8CONV_DIRECTION_UCS4_TO_UTF8, GUTF8CONV_BYTE_ORDER_BIG_ENDIAN,
                     GUTF8CONV_BOM_INSERT, GUTF8CONV_ERROR_MODE_REPLACE, GUTF8CONV_PROFILE_UCS4 };
    g_autoptr(GUtf8ConvConverter) c = tu_converter_new (&cfg);
    gsize n = 20000;
    g_autofree guint8 *in = g_malloc (4 * n + 3);
    g_autoptr(GBytes) bytes = NULL, out = NULL;
    g_autoptr(GError) error = NULL;

    for (gsize i = 0; i < n; i++)
      memcpy (in + 4 * i, "\x7F\xFF\xFF\xFF", 4);
    memcpy (in + 4 * n, "\x00\x00\x00", 3);
    bytes = g_bytes_new_take (g_steal_pointer (&in), 4 * n + 3);
    out = gutf8conv_converter_convert_bytes (c, bytes, &error);
    g_assert_no_error (error);
    /* Signature, n 6-byte forms, a replaced truncated unit. */
    g_assert_cmpuint (g_bytes_get_size (out), ==, 3 + 6 * n + 3);
  }
}

static void
test_reset (void)
{
  GUtf8ConvConfig cfg = { GUTF8CONV_DIRECTION_UTF8_TO_UCS4, GUTF8CONV_BYTE_ORDER_BIG_ENDIAN,
                   GUTF8CONV_BOM_STRIP, GUTF8CONV_ERROR_MODE_REPLACE, GUTF8CONV_PROFILE_UNICODE };
  g_autoptr(GUtf8ConvConverter) c = tu_converter_new (&cfg);
  GConverter *conv = G_CONVERTER (c);

  /* Held bytes, counter and signature state all go. */
  tu_call (conv, "EF BB BF 80 E2", 0, 64, G_CONVERTER_CONVERTED, 0, NULL, 5, "00 00 FF FD");
  g_assert_cmpuint (gutf8conv_converter_get_num_invalid (c), ==, 1);
  g_converter_reset (conv);
  g_assert_cmpuint (gutf8conv_converter_get_num_invalid (c), ==, 0);
  tu_call (conv, "EF BB BF 41", G_CONVERTER_INPUT_AT_END, 64, G_CONVERTER_FINISHED, 0, NULL, 4,
           "00 00 00 41");
  /* After FINISHED, reset makes it usable again. */
  g_converter_reset (conv);
  tu_call (conv, "42", G_CONVERTER_INPUT_AT_END, 64, G_CONVERTER_FINISHED, 0, NULL, 1,
           "00 00 00 42");
  /* Settings survive a reset. */
  g_assert_cmpint (gutf8conv_converter_get_bom_mode (c), ==, GUTF8CONV_BOM_STRIP);
  g_assert_cmpint (gutf8conv_converter_get_error_mode (c), ==, GUTF8CONV_ERROR_MODE_REPLACE);
}

/* The run-time version is the one the library was built as, and
 * gutf8conv_check_version() accepts exactly the versions whose ABI it
 * keeps: the same major version, no newer minor.micro. */
static void
test_runtime_version (void)
{
  g_autofree gchar *s = g_strdup_printf ("%u.%u.%u", gutf8conv_get_major_version (),
                                         gutf8conv_get_minor_version (),
                                         gutf8conv_get_micro_version ());
  guint major = gutf8conv_get_major_version ();
  guint minor = gutf8conv_get_minor_version ();
  guint micro = gutf8conv_get_micro_version ();

  g_assert_cmpstr (s, ==, GUTF8CONV_VERSION_S);
  g_assert_cmpuint (major, ==, GUTF8CONV_MAJOR_VERSION);
  g_assert_cmpuint (minor, ==, GUTF8CONV_MINOR_VERSION);
  g_assert_cmpuint (micro, ==, GUTF8CONV_MICRO_VERSION);
  g_assert_true (GUTF8CONV_CHECK_VERSION (1, 1, 0));
  g_assert_true (GUTF8CONV_CHECK_VERSION (1, 2, 0));

  g_assert_null (gutf8conv_check_version (major, minor, micro));
  g_assert_null (gutf8conv_check_version (1, 0, 0));
  g_assert_null (gutf8conv_check_version (1, 1, 0));
  g_assert_null (gutf8conv_check_version (1, 2, 0));
  if (micro > 0)
    g_assert_null (gutf8conv_check_version (major, minor, micro - 1));
  /* An older minor with any micro is still compatible. */
  g_assert_null (gutf8conv_check_version (major, 0, 99));

  g_assert_cmpstr (gutf8conv_check_version (major + 1, 0, 0), ==,
                   "gutf8conv version too old (major mismatch)");
  g_assert_cmpstr (gutf8conv_check_version (major - 1, minor, micro), ==,
                   "gutf8conv version too new (major mismatch)");
  g_assert_cmpstr (gutf8conv_check_version (major, minor + 1, 0), ==,
                   "gutf8conv version too old (minor mismatch)");
  g_assert_cmpstr (gutf8conv_check_version (major, minor, micro + 1), ==,
                   "gutf8conv version too old (micro mismatch)");
}

/* error-offset is the offset of the sequence that stopped the stream, -1
 * otherwise; NO_SPACE, a need for input and FLUSH leave it
 * (#behaviour-error-offset). */
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

  tu_append_invalid (seen->log, offset, bytes);
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

/* One emission per repaired sequence, in stream order, with its absolute
 * offset and bytes, before its output is handed out; equal to num-invalid;
 * once, however the input is cut and however small the output buffer
 * (#behaviour-signal). */
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

/* A handler connected between calls hears the sequences of every later
 * call and none before; one that a handler connects during a call hears
 * the rest of that call too, and a disconnected one nothing more
 * (#behaviour-signal). */
typedef struct
{
  GString *log;
  gulong   first, second;
} Handlers;

static void
connect_second (GUtf8ConvConverter *conv,
                guint64             offset G_GNUC_UNUSED,
                GBytes             *bytes G_GNUC_UNUSED,
                gpointer            user_data)
{
  Handlers *h = user_data;

  g_signal_handler_disconnect (conv, h->first);
  h->second = g_signal_connect (conv, "invalid-sequence", G_CALLBACK (tu_log_invalid), h->log);
}

static void
test_signal_connected_later (void)
{
  /* Each call: 20 bytes, a malformed byte at 2, 9 and 17 of it. */
  static const guint8 call[20] = { 'a', 'b', 0x80, 'c', 'd', 'e', 'f', 'g', 'h', 0xFF, 'i', 'j',
                                   'k', 'l', 'm', 'n', 'o', 0xC2, 'p', 'q' };
  g_autoptr(GUtf8ConvConverter) conv =
    gutf8conv_converter_new_full (GUTF8CONV_DIRECTION_UTF8_TO_UTF8, GUTF8CONV_BYTE_ORDER_HOST,
                                  GUTF8CONV_BOM_KEEP, GUTF8CONV_ERROR_MODE_REPLACE,
                                  GUTF8CONV_PROFILE_UNICODE);
  g_autoptr(GString) log = g_string_new (NULL);
  Handlers h = { log, 0, 0 };
  guint8 out[64];

  for (guint i = 0; i < 4; i++)
    {
      gsize nread, nwritten;
      g_autoptr(GError) error = NULL;

      if (i == 1)
        h.first = g_signal_connect (conv, "invalid-sequence", G_CALLBACK (connect_second), &h);
      if (i == 3)
        g_signal_handler_disconnect (conv, h.second);
      g_assert_cmpint (g_converter_convert (G_CONVERTER (conv), call, sizeof call, out, sizeof out,
                                            0, &nread, &nwritten, &error),
                       ==, G_CONVERTER_CONVERTED);
      g_assert_no_error (error);
      g_assert_cmpuint (nread, ==, sizeof call);
    }
  /* Call 1: the first handler hears 22 and connects its successor,
   * which hears 29 and 37; call 2: all three; call 3: none. */
  g_assert_cmpstr (log->str, ==, "29:FF;37:C2;42:80;49:FF;57:C2;");
  g_assert_cmpuint (gutf8conv_converter_get_num_invalid (conv), ==, 12);
}

/* Input dense with errors, heard or not: the same output and num-invalid
 * whether a handler, a repair list or nobody wants the reports (nobody:
 * the codec takes it by a step that makes none), and a handler hears
 * every sequence num-invalid counts (#behaviour-signal). */
static void
count_invalid (GUtf8ConvConverter *conv G_GNUC_UNUSED,
               guint64             offset G_GNUC_UNUSED,
               GBytes             *bytes G_GNUC_UNUSED,
               gpointer            user_data)
{
  (*(guint64 *) user_data)++;
}

static GBytes *
convert_dense (GUtf8ConvDirection  dir,
               GUtf8ConvErrorMode  mode,
               const guint8       *in,
               gsize               in_len,
               guint               listener,
               guint64            *num_invalid,
               guint64            *heard)
{
  g_autoptr(GUtf8ConvConverter) conv =
    gutf8conv_converter_new_full (dir, GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN, GUTF8CONV_BOM_KEEP, mode,
                                  GUTF8CONV_PROFILE_UNICODE);
  g_autoptr(GByteArray) out = g_byte_array_new ();
  guint8 buf[4096];
  gsize pos = 0;

  *heard = 0;
  if (listener == 1)
    g_signal_connect (conv, "invalid-sequence", G_CALLBACK (count_invalid), heard);
  else if (listener == 2)
    gutf8conv_converter_collect_repairs (conv, 1u << 20);
  for (;;)
    {
      gsize nread, nwritten;
      g_autoptr(GError) error = NULL;
      GConverterResult r;

      /* 1000-byte calls, so that a call starts inside a sequence too. */
      r = g_converter_convert (G_CONVERTER (conv), in + pos, MIN (1000, in_len - pos), buf, sizeof buf,
                               pos + 1000 >= in_len ? G_CONVERTER_INPUT_AT_END : 0,
                               &nread, &nwritten, &error);
      g_assert_no_error (error);
      pos += nread;
      g_byte_array_append (out, buf, nwritten);
      if (r == G_CONVERTER_FINISHED)
        break;
    }
  if (listener == 2)
    {
      gsize n;

      g_free (gutf8conv_converter_take_repairs (conv, &n));
      *heard = n / 2;   /* (offset, length) pairs */
    }
  *num_invalid = gutf8conv_converter_get_num_invalid (conv);
  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}

/* The thread each "invalid-sequence" emission ran on. */
static void
on_invalid_thread (GUtf8ConvConverter *conv G_GNUC_UNUSED,
                   guint64             offset G_GNUC_UNUSED,
                   GBytes             *bytes G_GNUC_UNUSED,
                   gpointer            user_data)
{
  g_ptr_array_add (user_data, g_thread_self ());
}

/* 41 80 42 C0 AF: three maximal subparts, each U+FFFD with REPLACE. */
static const guint8 three_bad[] = { 0x41, 0x80, 0x42, 0xC0, 0xAF };
static const guint8 three_replaced[] = { 0x41, 0xEF, 0xBF, 0xBD, 0x42,
                                         0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD };

/* feed(), convert_bytes() and a synchronous stream read, all on this
 * thread; returns the threads the signal ran on. */
static gpointer
convert_three_ways (gpointer data G_GNUC_UNUSED)
{
  GPtrArray *threads = g_ptr_array_new ();
  g_autoptr(GUtf8ConvConverter) conv =
    gutf8conv_converter_new_full (GUTF8CONV_DIRECTION_UTF8_TO_UTF8, GUTF8CONV_BYTE_ORDER_HOST,
                                  GUTF8CONV_BOM_KEEP, GUTF8CONV_ERROR_MODE_REPLACE,
                                  GUTF8CONV_PROFILE_UNICODE);
  g_autoptr(GBytes) in = g_bytes_new_static (three_bad, sizeof three_bad);
  g_autoptr(GBytes) out = NULL;
  g_autofree guint8 *fed = NULL;
  g_autoptr(GInputStream) base = NULL;
  g_autoptr(GInputStream) stream = NULL;
  guint8 buf[64];
  gsize len = 0;
  GError *error = NULL;

  g_signal_connect (conv, "invalid-sequence", G_CALLBACK (on_invalid_thread), threads);

  fed = gutf8conv_converter_feed (conv, three_bad, sizeof three_bad, TRUE, &len, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (fed, len, three_replaced, sizeof three_replaced);

  g_converter_reset (G_CONVERTER (conv));
  out = gutf8conv_converter_convert_bytes (conv, in, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (g_bytes_get_data (out, NULL), g_bytes_get_size (out),
                   three_replaced, sizeof three_replaced);

  g_converter_reset (G_CONVERTER (conv));
  base = g_memory_input_stream_new_from_bytes (in);
  stream = g_converter_input_stream_new (base, G_CONVERTER (conv));
  g_input_stream_read_all (stream, buf, sizeof buf, &len, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (buf, len, three_replaced, sizeof three_replaced);

  return threads;
}

/* The signal runs on the thread that converts, here one that is not the
 * main thread (#behaviour-threads). */
static void
test_signal_thread (void)
{
  GThread *worker = g_thread_new ("convert", convert_three_ways, NULL);
  g_autoptr(GPtrArray) threads = g_thread_join (worker);

  g_assert_cmpuint (threads->len, ==, 9);
  for (guint i = 0; i < threads->len; i++)
    {
      g_assert_true (g_ptr_array_index (threads, i) == (gpointer) worker);
      g_assert_true (g_ptr_array_index (threads, i) != (gpointer) g_thread_self ());
    }
}

static void
test_dense_unheard (void)
{
  static const GUtf8ConvDirection dirs[] = { GUTF8CONV_DIRECTION_UTF8_TO_UCS4,
                                             GUTF8CONV_DIRECTION_UTF8_TO_UTF16,
                                             GUTF8CONV_DIRECTION_UTF8_TO_UTF8 };
  static const GUtf8ConvErrorMode modes[] = { GUTF8CONV_ERROR_MODE_REPLACE, GUTF8CONV_ERROR_MODE_SKIP };
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261127);
  gsize len = 64 * 1024;
  g_autofree guint8 *in = g_malloc (len);

  /* Random bytes, with runs of text between them. */
  for (gsize i = 0; i < len; i++)
    in[i] = (i / 512) % 4 == 3 ? (guint8) ('a' + i % 26) : (guint8) g_rand_int_range (rand, 0, 256);
  for (guint d = 0; d < G_N_ELEMENTS (dirs); d++)
    for (guint m = 0; m < G_N_ELEMENTS (modes); m++)
      {
        guint64 n_heard, n_unheard, n_listed, heard, unheard, listed;
        g_autoptr(GBytes) with = convert_dense (dirs[d], modes[m], in, len, 1, &n_heard, &heard);
        g_autoptr(GBytes) without = convert_dense (dirs[d], modes[m], in, len, 0, &n_unheard, &unheard);
        g_autoptr(GBytes) list = convert_dense (dirs[d], modes[m], in, len, 2, &n_listed, &listed);

        g_assert_cmpuint (n_heard, >, len / 4);
        g_assert_cmpuint (heard, ==, n_heard);
        g_assert_cmpuint (listed, ==, n_heard);
        g_assert_cmpuint (unheard, ==, 0);
        g_assert_cmpuint (n_unheard, ==, n_heard);
        g_assert_cmpuint (n_listed, ==, n_heard);
        g_assert_true (g_bytes_equal (with, without));
        g_assert_true (g_bytes_equal (with, list));
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

  g_test_add_func ("/converter/defaults", test_defaults);
  g_test_add_func ("/converter/properties", test_properties);
  g_test_add_func ("/converter/pspecs", test_pspecs);
  g_test_add_func ("/converter/enums", test_enums);
  g_test_add_func ("/converter/num-invalid", test_num_invalid);
  g_test_add_func ("/converter/convert-bytes", test_convert_bytes);
  g_test_add_func ("/converter/convert-bytes-large", test_convert_bytes_large);
  g_test_add_func ("/converter/reset", test_reset);
  g_test_add_func ("/converter/error-offset", test_error_offset);
  g_test_add_func ("/converter/signal", test_signal);
  g_test_add_func ("/converter/signal-connected-later", test_signal_connected_later);
  g_test_add_func ("/converter/new-full", test_new_full);
  g_test_add_func ("/converter/signal-thread", test_signal_thread);
  g_test_add_func ("/converter/dense-unheard", test_dense_unheard);
  g_test_add_func ("/version/runtime", test_runtime_version);

  return g_test_run ();
}
