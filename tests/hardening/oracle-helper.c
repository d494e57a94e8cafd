/* oracle-helper.c: runs many conversions for oracle.py to check
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Usage: oracle-helper INPUT OUTPUT.  INPUT holds records
 *   u8 direction, u8 byte order, u8 BOM mode, u8 error mode, u8 profile
 *   (the enums' values), u32le length, bytes;
 * for each, OUTPUT gets
 *   u8 status (0 finished, 1 INVALID_DATA, 2 PARTIAL_INPUT), u64le num-invalid,
 *   u64le error offset (read back from the error message), u32le length, bytes.
 * Each conversion goes through g_converter_convert() with the whole input
 * and a buffer large enough for all output, as one stream.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gutf8conv/gutf8conv.h>

static guint32
get_u32 (const guint8 *p)
{
  return p[0] | p[1] << 8 | p[2] << 16 | (guint32) p[3] << 24;
}

static void
put_u64 (GByteArray *a,
         guint64     v)
{
  for (int i = 0; i < 8; i++)
    g_byte_array_append (a, (guint8[]) { (v >> (8 * i)) & 0xFF }, 1);
}

static void
put_u32 (GByteArray *a,
         guint32     v)
{
  for (int i = 0; i < 4; i++)
    g_byte_array_append (a, (guint8[]) { (v >> (8 * i)) & 0xFF }, 1);
}

static void
convert_one (GConverter   *converter,
             const guint8 *in,
             gsize         len,
             GByteArray   *result)
{
  gsize cap = 8 * len + 16, pos = 0, done = 0;
  g_autofree guint8 *out = g_malloc (cap);
  g_autoptr(GError) error = NULL;
  guint8 status = 0;
  guint64 offset = 0, num_invalid = 0;

  g_converter_reset (converter);
  for (;;)
    {
      gsize r = 0, w = 0;
      GConverterResult res = g_converter_convert (converter, in + pos, len - pos,
                                                  out + done, cap - done,
                                                  G_CONVERTER_INPUT_AT_END, &r, &w, &error);
      pos += r;
      done += w;
      if (res == G_CONVERTER_FINISHED)
        break;
      if (res == G_CONVERTER_ERROR)
        {
          const char *at = strstr (error->message, " at byte ");

          if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA))
            status = 1;
          else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT))
            status = 2;
          else
            g_error ("unexpected error: %s", error->message);
          if (at == NULL)
            g_error ("no offset in “%s”", error->message);
          offset = g_ascii_strtoull (at + strlen (" at byte "), NULL, 10);
          break;
        }
      if (r == 0 && w == 0)
        g_error ("no progress");
    }

  g_object_get (converter, "num-invalid", &num_invalid, NULL);
  g_byte_array_append (result, &status, 1);
  put_u64 (result, num_invalid);
  put_u64 (result, offset);
  put_u32 (result, done);
  g_byte_array_append (result, out, done);
}

int
main (int    argc,
      char **argv)
{
  g_autofree guint8 *input = NULL;
  gsize len, pos = 0;
  g_autoptr(GError) error = NULL;
  g_autoptr(GByteArray) result = g_byte_array_new ();
  g_autoptr(GHashTable) converters = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);

  if (argc != 3)
    {
      fprintf (stderr, "usage: %s INPUT OUTPUT\n", argv[0]);
      return 2;
    }
  if (!g_file_get_contents (argv[1], (char **) &input, &len, &error))
    g_error ("%s", error->message);

  /* One converter per configuration, reset for each input: that is also
   * a test of reset(). */
  while (pos < len)
    {
      const guint8 *c = input + pos;
      guint key;
      GConverter *conv;
      guint32 n;

      if (len - pos < 9)
        g_error ("truncated record");
      key = c[0] | c[1] << 4 | c[2] << 8 | c[3] << 12 | c[4] << 16;
      n = get_u32 (input + pos + 5);
      pos += 9;
      if (len - pos < n)
        g_error ("bad record");
      conv = g_hash_table_lookup (converters, GUINT_TO_POINTER (key));
      if (conv == NULL)
        {
          conv = G_CONVERTER (gutf8conv_converter_new_full (c[0], c[1], c[2], c[3], c[4]));
          g_hash_table_insert (converters, GUINT_TO_POINTER (key), conv);
        }
      convert_one (conv, input + pos, n, result);
      pos += n;
    }

  if (!g_file_set_contents (argv[2], (const char *) result->data, result->len, &error))
    g_error ("%s", error->message);
  return 0;
}
