// SPDX-License-Identifier: LGPL-2.1-or-later
//
// load-async.js FILE [OUTPUT]: load a possibly broken UTF-8 file as a text
// editor does, without blocking its main loop: the raw bytes are read with
// read_bytes_async(), and each piece is repaired on the main loop with the
// incremental call, gutf8conv_converter_feed().  The repaired text (valid
// UTF-8, for a GtkTextBuffer) goes to OUTPUT; the repaired byte ranges,
// which an editor would mark, are printed.
//
//   gjs load-async.js notes.txt notes-repaired.txt
//
// Why not a Gio.ConverterInputStream read with read_bytes_async()?  GIO
// runs such a read, and with it the conversion and the invalid-sequence
// signal, in a worker thread, where GJS cannot run JavaScript: it crashes.
// feed() converts on the caller's thread; see the behaviour guide's
// behaviour-threads.
//
// Why the repair list and no "invalid-sequence" handler?  GJS 1.74 refuses
// to run any JavaScript callback while its garbage collector is sweeping,
// which an incremental collection leaves it doing between two pieces of
// JavaScript; a handler per repair allocates enough to keep it collecting.
// On a file with a million repairs (1 MB of FF bytes) the handler then
// misses calls with a Gjs-CRITICAL each, and the read's own callback can be
// refused, so that the loop waits for ever.  The list costs no JavaScript
// call per repair.

imports.gi.versions.GLib = '2.0';
imports.gi.versions.Gio = '2.0';
imports.gi.versions.GUtf8Conv = '1.0';
const {GLib, Gio, GUtf8Conv} = imports.gi;

const [path, outputPath] = ARGV;
const PIECE = 65536;

const conv = GUtf8Conv.Converter.new_full(GUtf8Conv.Direction.UTF8_TO_UTF8,
    GUtf8Conv.ByteOrder.HOST, GUtf8Conv.BomMode.STRIP, GUtf8Conv.ErrorMode.REPLACE,
    GUtf8Conv.Profile.UNICODE);
// A piece of PIECE bytes has at most PIECE repairs: taking the list after
// each piece misses none, with no JavaScript call per sequence.
conv.collect_repairs(PIECE);

const mainThread = GLib.MainContext.default();
const loop = new GLib.MainLoop(null, false);
const pieces = [];
const repairs = [];
let reads = 0;

function take(output) {
    if (!mainThread.is_owner())
        throw new Error('converted off the main loop');
    pieces.push(output);
    // Offsets and lengths, flat as take_repairs() gives them: no object
    // per repair for the garbage collector.
    for (const value of conv.take_repairs())
        repairs.push(value);
}

let failed = false;
function finish(error) {
    if (error) {
        printerr(`load-async.js: ${error.message}`);
        failed = true;
    }
    loop.quit();
}

function readNext(stream) {
    stream.read_bytes_async(PIECE, GLib.PRIORITY_DEFAULT, null, (s, result) => {
        try {
            const bytes = s.read_bytes_finish(result);
            reads++;
            if (bytes.get_size() === 0) {
                take(conv.feed(new Uint8Array(0), true));
                s.close(null);
                finish(null);
                return;
            }
            take(conv.feed(bytes.toArray(), false));
            readNext(s);
        } catch (e) {
            finish(e);
        }
    });
}

Gio.File.new_for_path(path).read_async(GLib.PRIORITY_DEFAULT, null, (file, result) => {
    try {
        readNext(file.read_finish(result));
    } catch (e) {
        finish(e);
    }
});
loop.run();
if (failed)
    imports.system.exit(1);

// The editor's buffer; TextDecoder with fatal: the text is valid UTF-8.
const size = pieces.reduce((n, p) => n + p.length, 0);
const text = new Uint8Array(size);
pieces.reduce((at, p) => (text.set(p, at), at + p.length), 0);
new TextDecoder('utf-8', {fatal: true}).decode(text);
if (outputPath)
    GLib.file_set_contents(outputPath, text);

print(`${reads} reads, ${size} bytes of valid UTF-8`);
for (let i = 0; i < repairs.length; i += 2)
    print(`repaired bytes ${repairs[i]}..${repairs[i] + repairs[i + 1] - 1}`);
print(`${repairs.length / 2} sequences repaired (num-invalid ${conv.num_invalid})`);
