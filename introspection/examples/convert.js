// SPDX-License-Identifier: LGPL-2.1-or-later
//
// gjs convert.js INPUT OUTPUT: decodes the UTF-8 file INPUT into UCS-4
// (UTF-32LE) in OUTPUT through Gio.ConverterInputStream, dropping a leading
// signature and replacing malformed input with U+FFFD, and says what it did.

imports.gi.versions.Gio = '2.0';
imports.gi.versions.GUtf8Conv = '1.0';
const {Gio, GUtf8Conv} = imports.gi;
const ByteArray = imports.byteArray;

if (ARGV.length !== 2) {
    printerr('usage: gjs convert.js INPUT OUTPUT');
    imports.system.exit(2);
}

const converter = new GUtf8Conv.Converter({
    direction: GUtf8Conv.Direction.UTF8_TO_UCS4,
    byte_order: GUtf8Conv.ByteOrder.LITTLE_ENDIAN,
    bom_mode: GUtf8Conv.BomMode.STRIP,
    error_mode: GUtf8Conv.ErrorMode.REPLACE,
});
const source = Gio.File.new_for_path(ARGV[0]);
const stream = new Gio.ConverterInputStream({base_stream: source.read(null), converter});
const chunks = [];
let length = 0;
for (;;) {
    const chunk = ByteArray.fromGBytes(stream.read_bytes(65536, null));
    if (chunk.length === 0)
        break;
    chunks.push(chunk);
    length += chunk.length;
}
stream.close(null);
const ucs4 = new Uint8Array(length);
chunks.reduce((at, chunk) => (ucs4.set(chunk, at), at + chunk.length), 0);
Gio.File.new_for_path(ARGV[1]).replace_contents(ucs4, null, false,
    Gio.FileCreateFlags.NONE, null);

const size = source.query_info('standard::size', Gio.FileQueryInfoFlags.NONE, null).get_size();
const view = new DataView(ucs4.buffer);
let text = '';
for (let at = 0; at < length; at += 4)
    text += String.fromCodePoint(view.getUint32(at, true));
print(`${source.get_basename()}: ${size} bytes of UTF-8 -> ${length} bytes of UTF-32LE` +
      ` (${length / 4} characters)`);
print(`  bom-mode strip, error-mode replace: ${converter.num_invalid} malformed` +
      ' sequence(s) replaced by U+FFFD');
print(`  first line: ${text.split('\n')[0]}`);
