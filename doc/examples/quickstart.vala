/* quickstart.vala: decode UTF-8 to UCS-4 through a stream, and encode back
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Build: valac --pkg gutf8conv-1.0 quickstart.vala
 */

using GUtf8Conv;

int main () {
    /* A signature, "café €", a malformed byte (FF) and "!". */
    uint8[] text = { 0xEF, 0xBB, 0xBF, 0x63, 0x61, 0x66, 0xC3, 0xA9,
                     0x20, 0xE2, 0x82, 0xAC, 0xFF, 0x21 };

    try {
        /* Decoding: UTF-8 in, big-endian UCS-4 out, signature dropped,
         * U+FFFD for what is malformed. */
        var decoder = (GUtf8Conv.Converter) Object.new (typeof (GUtf8Conv.Converter),
            "direction", Direction.UTF8_TO_UCS4,
            "byte-order", GUtf8Conv.ByteOrder.BIG_ENDIAN,
            "bom-mode", BomMode.STRIP,
            "error-mode", ErrorMode.REPLACE);

        /* Any InputStream works: a file, a socket, a pipe. */
        var memory = new MemoryInputStream.from_bytes (new Bytes (text));
        var stream = new ConverterInputStream (memory, decoder);
        var ucs4 = new ByteArray ();
        Bytes chunk;
        while ((chunk = stream.read_bytes (256)).get_size () > 0)
            ucs4.append (chunk.get_data ());

        var chars = new StringBuilder ();
        for (uint i = 0; i + 3 < ucs4.len; i += 4) {
            uint32 c = ((uint32) ucs4.data[i] << 24) | ((uint32) ucs4.data[i + 1] << 16) |
                       ((uint32) ucs4.data[i + 2] << 8) | ucs4.data[i + 3];
            chars.append_printf ("%sU+%04X", i > 0 ? " " : "", c);
        }
        print ("%s\n", chars.str);
        print ("malformed: %" + uint64.FORMAT + "\n", decoder.get_num_invalid ());

        /* Encoding a whole buffer at once: "Aé" in UCS-4, big-endian, to
         * UTF-8 that starts with a signature. */
        var encoder = (GUtf8Conv.Converter) Object.new (typeof (GUtf8Conv.Converter),
            "direction", Direction.UCS4_TO_UTF8,
            "byte-order", GUtf8Conv.ByteOrder.BIG_ENDIAN,
            "bom-mode", BomMode.INSERT);
        uint8[] aacute = { 0, 0, 0, 0x41, 0, 0, 0, 0xE9 };
        var utf8 = encoder.convert_bytes (new Bytes (aacute));
        var hex = new StringBuilder ();
        foreach (uint8 b in utf8.get_data ())
            hex.append_printf ("%s%02X", hex.len > 0 ? " " : "", b);
        print ("%s\n", hex.str);
    } catch (Error e) {
        printerr ("%s\n", e.message);
        return 1;
    }
    return 0;
}
