/* quickstart.c: decode UTF-8 to UCS-4 through a stream, and encode back
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Build: cc quickstart.c $(pkg-config --cflags --libs gutf8conv-1.0)
 */

#include <stdio.h>

#include <gutf8conv/gutf8conv.h>

/* A signature, "café €", a malformed byte (FF) and "!". */
static const char text[] = "\xEF\xBB\xBF" "caf\xC3\xA9 \xE2\x82\xAC" "\xFF" "!";

int
main (void)
{
  g_autoptr(GUtf8ConvConverter) decoder = NULL;
  g_autoptr(GUtf8ConvConverter) encoder = NULL;
  g_autoptr(GInputStream) memory = NULL;
  g_autoptr(GInputStream) stream = NULL;
  g_autoptr(GBytes) ucs4 = NULL;
  g_autoptr(GBytes) utf8 = NULL;
  g_autoptr(GError) error = NULL;
  gunichar chars[64];
  gsize n_bytes;
  const guint8 *data;
  const char *sep = "";

  /* Decoding: UTF-8 in, UCS-4 in host order (gunichar) out, signature
   * dropped, U+FFFD for what is malformed. */
  decoder = gutf8conv_converter_new_full (GUTF8CONV_DIRECTION_UTF8_TO_UCS4,
                                          GUTF8CONV_BYTE_ORDER_HOST,
                                          GUTF8CONV_BOM_STRIP,
                                          GUTF8CONV_ERROR_MODE_REPLACE,
                                          GUTF8CONV_PROFILE_UNICODE);

  /* Any GInputStream works: a file, a socket, a pipe. */
  memory = g_memory_input_stream_new_from_data (text, sizeof text - 1, NULL);
  stream = g_converter_input_stream_new (memory, G_CONVERTER (decoder));

  /* read_all() fills the buffer, so it only stops between characters. */
  do
    {
      if (!g_input_stream_read_all (stream, chars, sizeof chars, &n_bytes, NULL, &error))
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      for (gsize i = 0; i < n_bytes / sizeof (gunichar); i++, sep = " ")
        printf ("%sU+%04X", sep, chars[i]);
    }
  while (n_bytes == sizeof chars);
  printf ("\n");
  printf ("malformed: %" G_GUINT64_FORMAT "\n",
          gutf8conv_converter_get_num_invalid (decoder));

  /* Encoding a whole buffer at once: "Aé" in UCS-4, big-endian, to UTF-8
   * that starts with a signature. */
  encoder = gutf8conv_converter_new_full (GUTF8CONV_DIRECTION_UCS4_TO_UTF8,
                                          GUTF8CONV_BYTE_ORDER_BIG_ENDIAN,
                                          GUTF8CONV_BOM_INSERT,
                                          GUTF8CONV_ERROR_MODE_STRICT,
                                          GUTF8CONV_PROFILE_UNICODE);
  ucs4 = g_bytes_new_static ("\0\0\0\x41" "\0\0\0\xE9", 8);
  utf8 = gutf8conv_converter_convert_bytes (encoder, ucs4, &error);
  if (utf8 == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  data = g_bytes_get_data (utf8, &n_bytes);
  for (gsize i = 0; i < n_bytes; i++)
    printf ("%s%02X", i > 0 ? " " : "", data[i]);
  printf ("\n");

  return 0;
}
