/* oracle-helper.c: runs many conversions for oracle.py to check
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Usage: oracle-helper INPUT OUTPUT.  INPUT holds records
 *   u8 op (bit 0 encode, bits 1-2 error mode, bit 3 big-endian), u32le length, bytes;
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
  GConverter *converters[16] = { NULL };

  if (argc != 3)
    {
      fprintf (stderr, "usage: %s INPUT OUTPUT\n", argv[0]);
      return 2;
    }
  if (!g_file_get_contents (argv[1], (char **) &input, &len, &error))
    g_error ("%s", error->message);

  /* One converter per configuration, reset for each input: that is also
   * a test of reset(). */
  for (guint op = 0; op < 16; op++)
    converters[op] = G_CONVERTER (g_object_new (GUTF8CONV_TYPE_CONVERTER,
      "direction", (op & 1) ? GUTF8CONV_DIRECTION_UCS4_TO_UTF8 : GUTF8CONV_DIRECTION_UTF8_TO_UCS4,
      "error-mode", (op >> 1) & 3,
      "byte-order", (op & 8) ? GUTF8CONV_BYTE_ORDER_BIG_ENDIAN : GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN,
      NULL));

  while (pos < len)
    {
      guint8 op;
      guint32 n;

      if (len - pos < 5)
        g_error ("truncated record");
      op = input[pos];
      n = get_u32 (input + pos + 1);
      pos += 5;
      if (op >= 16 || len - pos < n)
        g_error ("bad record");
      convert_one (converters[op], input + pos, n, result);
      pos += n;
    }

  if (!g_file_set_contents (argv[2], (const char *) result->data, result->len, &error))
    g_error ("%s", error->message);
  for (guint op = 0; op < 16; op++)
    g_object_unref (converters[op]);
  return 0;
}
