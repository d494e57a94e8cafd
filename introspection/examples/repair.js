// SPDX-License-Identifier: LGPL-2.1-or-later
//
// repair.js FILE: load a possibly broken UTF-8 file as a text editor
// would: the signature dropped, each malformed sequence replaced by
// U+FFFD, the result valid UTF-8 for a GtkTextBuffer; then print the text
// and the byte ranges that were repaired, which an editor would mark.
//
//   gjs repair.js notes.txt
//
// The file is read asynchronously and repaired piece by piece on the main
// loop with feed(); the repaired ranges come from the repair list
// (collect_repairs(), take_repairs() after each piece), not from a
// JavaScript handler of "invalid-sequence": GJS 1.74 refuses to run a
// JavaScript callback while its garbage collector sweeps, and a handler
// per repair allocates enough to make it sweep between two of them, so
// that on a file with a million repairs it loses handler calls and may
// drop the read's own callback (behaviour guide, behaviour-threads).

imports.gi.versions.GLib = '2.0';
imports.gi.versions.Gio = '2.0';
imports.gi.versions.GUtf8Conv = '1.0';
const {GLib, Gio, GUtf8Conv} = imports.gi;

const [path] = ARGV;
const PIECE = 65536;
const conv = GUtf8Conv.Converter.new_full(GUtf8Conv.Direction.UTF8_TO_UTF8,
    GUtf8Conv.ByteOrder.HOST, GUtf8Conv.BomMode.STRIP, GUtf8Conv.ErrorMode.REPLACE,
    GUtf8Conv.Profile.UNICODE);
// A piece of PIECE bytes has at most PIECE repairs.
conv.collect_repairs(PIECE);

const loop = new GLib.MainLoop(null, false);
let error = null;
let raw = null;
Gio.File.new_for_path(path).load_contents_async(null, (file, result) => {
    try {
        [, raw] = file.load_contents_finish(result);
    } catch (e) {
        error = e;
    }
    loop.quit();
});
loop.run();
if (error) {
    printerr(`repair.js: ${error.message}`);
    imports.system.exit(1);
}

// Each repaired sequence, in file order: offset and length, in one flat
// array as take_repairs() gives them.
const repairs = [];
const chunks = [];
for (let at = 0; at < raw.length || at === 0; at += PIECE) {
    const end = Math.min(at + PIECE, raw.length);
    chunks.push(conv.feed(raw.subarray(at, end), end === raw.length));
    for (const value of conv.take_repairs())
        repairs.push(value);
    if (end === raw.length)
        break;
}

// The converter's output is valid UTF-8: a strict decoder never throws.
const all = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
chunks.reduce((at, c) => (all.set(c, at), at + c.length), 0);
const text = new TextDecoder('utf-8', {fatal: true}).decode(all);

const hex2 = b => b.toString(16).toUpperCase().padStart(2, '0');
print(text.trimEnd());
for (let i = 0; i < repairs.length; i += 2) {
    const [offset, length] = [repairs[i], repairs[i + 1]];
    const hex = Array.from(raw.subarray(offset, offset + length), hex2).join(' ');
    print(`repaired bytes ${offset}..${offset + length - 1}: ${hex}`);
}
print(`${repairs.length / 2} sequences repaired (num-invalid ${conv.num_invalid})`);
