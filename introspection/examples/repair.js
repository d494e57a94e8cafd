// SPDX-License-Identifier: LGPL-2.1-or-later
//
// repair.js FILE: load a possibly broken UTF-8 file as a text editor
// would: the signature dropped, each malformed sequence replaced by
// U+FFFD, the result valid UTF-8 for a GtkTextBuffer; then print the text
// and the byte ranges that were repaired, which an editor would mark.
//
//   gjs repair.js notes.txt

imports.gi.versions.GLib = '2.0';
imports.gi.versions.Gio = '2.0';
imports.gi.versions.GUtf8Conv = '1.0';
const {GLib, Gio, GUtf8Conv} = imports.gi;
const ByteArray = imports.byteArray;

const [path] = ARGV;
const conv = GUtf8Conv.Converter.new_full(GUtf8Conv.Direction.UTF8_TO_UTF8,
    GUtf8Conv.ByteOrder.HOST, GUtf8Conv.BomMode.STRIP, GUtf8Conv.ErrorMode.REPLACE,
    GUtf8Conv.Profile.UNICODE);

// Each repaired sequence, in file order, as the converter meets it.
const repairs = [];
conv.connect('invalid-sequence', (converter, offset, bytes) => {
    repairs.push([offset, ByteArray.fromGBytes(bytes)]);
});

const base = Gio.File.new_for_path(path).read(null);
const stream = new Gio.ConverterInputStream({base_stream: base, converter: conv});
const chunks = [];
for (;;) {
    const bytes = stream.read_bytes(4096, null);
    if (bytes.get_size() === 0)
        break;
    chunks.push(ByteArray.fromGBytes(bytes));
}
stream.close(null);

// The converter's output is valid UTF-8: a strict decoder never throws.
const all = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
chunks.reduce((at, c) => (all.set(c, at), at + c.length), 0);
const text = new TextDecoder('utf-8', {fatal: true}).decode(all);

print(text.trimEnd());
for (const [offset, bytes] of repairs) {
    const hex = Array.from(bytes, b => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');
    print(`repaired bytes ${offset}..${offset + bytes.length - 1}: ${hex}`);
}
print(`${repairs.length} sequences repaired (num-invalid ${conv.num_invalid})`);
