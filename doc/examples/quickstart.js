// SPDX-License-Identifier: LGPL-2.1-or-later
// quickstart.js: decode UTF-8 to UCS-4 through a stream, and encode back
// Run: gjs quickstart.js

imports.gi.versions.GUtf8Conv = '1.0';
const {Gio, GLib, GUtf8Conv} = imports.gi;

const hex2 = b => b.toString(16).toUpperCase().padStart(2, '0');

// A signature, "café €", a malformed byte (FF) and "!".
const text = new Uint8Array([0xef, 0xbb, 0xbf, 0x63, 0x61, 0x66, 0xc3, 0xa9,
    0x20, 0xe2, 0x82, 0xac, 0xff, 0x21]);

// Decoding: UTF-8 in, big-endian UCS-4 out, signature dropped,
// U+FFFD for what is malformed.
const decoder = new GUtf8Conv.Converter({
    direction: GUtf8Conv.Direction.UTF8_TO_UCS4,
    byte_order: GUtf8Conv.ByteOrder.BIG_ENDIAN,
    bom_mode: GUtf8Conv.BomMode.STRIP,
    error_mode: GUtf8Conv.ErrorMode.REPLACE,
});

// Any Gio.InputStream works: a file, a socket, a pipe.
const memory = Gio.MemoryInputStream.new_from_bytes(new GLib.Bytes(text));
const stream = Gio.ConverterInputStream.new(memory, decoder);
let ucs4 = [];
for (;;) {
    const chunk = stream.read_bytes(256, null).toArray();
    if (chunk.length === 0)
        break;
    ucs4.push(...chunk);
}

const chars = [];
for (let i = 0; i + 3 < ucs4.length; i += 4) {
    const c = ((ucs4[i] << 24) | (ucs4[i + 1] << 16) | (ucs4[i + 2] << 8) | ucs4[i + 3]) >>> 0;
    chars.push(`U+${c.toString(16).toUpperCase().padStart(4, '0')}`);
}
print(chars.join(' '));
print(`malformed: ${decoder.get_num_invalid()}`);

// Encoding a whole buffer at once: "Aé" in UCS-4, big-endian, to UTF-8
// that starts with a signature.
const encoder = new GUtf8Conv.Converter({
    direction: GUtf8Conv.Direction.UCS4_TO_UTF8,
    byte_order: GUtf8Conv.ByteOrder.BIG_ENDIAN,
    bom_mode: GUtf8Conv.BomMode.INSERT,
});
const utf8 = encoder.convert_bytes(new GLib.Bytes(new Uint8Array([0, 0, 0, 0x41, 0, 0, 0, 0xe9])));
print(Array.from(utf8.toArray(), hex2).join(' '));
