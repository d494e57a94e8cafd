/* test-wpt.c: the web-platform-tests' UTF-8 decoder vectors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * data/wpt-utf8.txt holds the UTF-8 inputs of WPT's encoding tests with
 * what the WHATWG decoder makes of them with replacement.  Decoding with
 * REPLACE gives those code points; UTF-8 to UTF-8 with REPLACE gives them
 * written as UTF-8 (decode, then encode); STRICT refuses exactly the inputs
 * that needed a replacement, and copies the others byte for byte
 * (behaviour guide, #behaviour-repair).
 */

#include "config.h"

#include <string.h>

#include "test-util.h"

static void
test_vectors (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "wpt-utf8.txt", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  guint n = 0;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = NULL;
      g_auto(GStrv) values = NULL;
      GString *utf8;
      g_autofree char *want8 = NULL;
      GUtf8ConvConfig dec = { GUTF8CONV_DIRECTION_UTF8_TO_UCS4, GUTF8CONV_BYTE_ORDER_BIG_ENDIAN,
                              GUTF8CONV_BOM_KEEP, GUTF8CONV_ERROR_MODE_REPLACE, GUTF8CONV_PROFILE_UNICODE };
      GUtf8ConvConfig rep = dec;
      guint replaced = 0;

      if (lines[i][0] == '#' || lines[i][0] == '\0')
        continue;
      utf8 = g_string_new (NULL);
      fields = g_strsplit (lines[i], "|", 3);
      g_assert_cmpuint (g_strv_length (fields), ==, 3);
      values = g_strsplit_set (g_strstrip (fields[2]), " ", -1);
      for (guint k = 0; values[k] != NULL; k++)
        {
          gunichar c = g_ascii_strtoull (values[k], NULL, 16);
          char buf[6];
          gint len = g_unichar_to_utf8 (c, buf);

          replaced += c == 0xFFFD;
          for (gint b = 0; b < len; b++)
            g_string_append_printf (utf8, "%02X ", (guint8) buf[b]);
        }
      want8 = g_string_free (utf8, FALSE);
      g_test_message ("%s", g_strstrip (fields[0]));

      tu_check (&dec, g_strstrip (fields[1]), fields[2], -1, NULL, replaced);
      rep.direction = GUTF8CONV_DIRECTION_UTF8_TO_UTF8;
      tu_check (&rep, fields[1], want8, -1, NULL, replaced);

      /* STRICT refuses what needed a replacement, copies the rest. */
      rep.error_mode = GUTF8CONV_ERROR_MODE_STRICT;
      {
        g_autoptr(GBytes) in = tu_hex (fields[1]);
        gsize len;
        const guint8 *data = g_bytes_get_data (in, &len);
        g_autoptr(TuResult) res = tu_run_oneshot (&rep, TU_CONVERTER, data, len);

        if (replaced == 0)
          {
            g_assert_cmpint (res->error_code, ==, -1);
            g_assert_cmpmem (res->out->data, res->out->len, data, len);
          }
        else
          g_assert_cmpint (res->error_code, >=, 0);
      }
      n++;
    }
  g_assert_cmpuint (n, ==, 40);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/wpt/utf8-decoder", test_vectors);

  return g_test_run ();
}
