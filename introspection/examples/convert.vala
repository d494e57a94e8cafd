/* convert.vala: decodes the UTF-8 file INPUT into UCS-4 (UTF-32LE) in
 * OUTPUT through a GLib.ConverterInputStream, dropping a leading signature
 * and replacing malformed input with U+FFFD, and says what it did.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 *   valac --pkg gutf8conv-1.0 --pkg gio-2.0 convert.vala && ./convert INPUT OUTPUT
 */

int main (string[] args)
{
  /* print() writes in the locale's charset. */
  Intl.setlocale (LocaleCategory.ALL, "");

  if (args.length != 3)
    {
      printerr ("usage: %s INPUT OUTPUT\n", args[0]);
      return 2;
    }

  var converter = (GUtf8Conv.Converter) Object.new (typeof (GUtf8Conv.Converter),
                                                    direction: GUtf8Conv.Direction.UTF8_TO_UCS4,
                                                    byte_order: GUtf8Conv.ByteOrder.LITTLE_ENDIAN,
                                                    bom_mode: GUtf8Conv.BomMode.STRIP,
                                                    error_mode: GUtf8Conv.ErrorMode.REPLACE);
  var source = File.new_for_path (args[1]);

  try
    {
      var stream = new ConverterInputStream (source.read (), converter);
      var ucs4 = new ByteArray ();
      var buffer = new uint8[65536];
      ssize_t n;

      while ((n = stream.read (buffer)) > 0)
        ucs4.append (buffer[0:n]);
      stream.close ();
      File.new_for_path (args[2]).replace_contents (ucs4.data, null, false,
                                                    FileCreateFlags.NONE, null);

      var size = source.query_info ("standard::size", FileQueryInfoFlags.NONE).get_size ();
      var text = new StringBuilder ();
      for (uint at = 0; at + 4 <= ucs4.len; at += 4)
        {
          unichar c = ucs4.data[at] | ucs4.data[at + 1] << 8
                      | ucs4.data[at + 2] << 16 | ucs4.data[at + 3] << 24;
          if (c == '\n')
            break;
          text.append_unichar (c);
        }
      print ("%s: %" + int64.FORMAT + " bytes of UTF-8 -> %u bytes of UTF-32LE (%u characters)\n",
             source.get_basename (), size, ucs4.len, ucs4.len / 4);
      print ("  bom-mode strip, error-mode replace: %" + uint64.FORMAT + " malformed"
             + " sequence(s) replaced by U+FFFD\n",
             converter.num_invalid);
      print ("  first line: %s\n", text.str);
    }
  catch (Error e)
    {
      printerr ("%s: %s\n", args[1], e.message);
      return 1;
    }
  return 0;
}
