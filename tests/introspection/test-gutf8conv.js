// SPDX-License-Identifier: LGPL-2.1-or-later
//
// GUtf8Conv through GObject-Introspection, from GJS.  Expected bytes come
// from JavaScript itself: code points of strings, TextEncoder, and the
// WHATWG TextDecoder, which replaces maximal subparts as the behaviour guide
// asks (#behaviour-maximal-subparts).
// Prints TAP, one line per test.

imports.gi.versions.GLib = '2.0';
imports.gi.versions.Gio = '2.0';
imports.gi.versions.GUtf8Conv = '1.0';
const {GLib, Gio, GUtf8Conv} = imports.gi;
const ByteArray = imports.byteArray;

const TEXT = 'A\u2262\u0391. \ud55c\uad6d\uc5b4 \u{233b4} \ufeff\u{10ffff}!\n';
// The guide's examples of maximal subparts, and what REPLACE makes
// of them.
const BAD = Uint8Array.from([0x61, 0xf1, 0x80, 0x80, 0xe1, 0x80, 0xc2, 0x62, 0x80, 0x63,
    0x80, 0xbf, 0x64, 0xed, 0xa0, 0x80, 0x20, 0xc0, 0xae, 0xf0, 0x9f, 0x98]);
const BAD_REPLACED = 'a\ufffd\ufffd\ufffdb\ufffdc\ufffd\ufffdd\ufffd\ufffd\ufffd \ufffd\ufffd\ufffd';

function utf8(s) {
    return new TextEncoder().encode(s);
}

// UCS-4 little-endian of a string, from its code points.
function ucs4le(s) {
    const out = [];
    for (const ch of s) {
        const cp = ch.codePointAt(0);
        out.push(cp & 0xff, (cp >> 8) & 0xff, (cp >> 16) & 0xff, cp >>> 24);
    }
    return Uint8Array.from(out);
}

function concat(...arrays) {
    const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
    let at = 0;
    for (const a of arrays) {
        out.set(a, at);
        at += a.length;
    }
    return out;
}

function hex(bytes) {
    return Array.from(bytes, b => b.toString(16).padStart(2, '0')).join(' ');
}

function assertBytes(actual, expected) {
    if (hex(actual) !== hex(expected))
        throw new Error(`got      ${hex(actual)}\nexpected ${hex(expected)}`);
}

function assertEqual(actual, expected) {
    if (actual !== expected)
        throw new Error(`got ${actual}, expected ${expected}`);
}

// Reads a converted stream to its end, @count bytes at a time.
function readThrough(converter, input, count = 4096) {
    const base = Gio.MemoryInputStream.new_from_bytes(new GLib.Bytes(input));
    const stream = new Gio.ConverterInputStream({base_stream: base, converter});
    const chunks = [];
    for (;;) {
        const bytes = stream.read_bytes(count, null);
        if (bytes.get_size() === 0)
            break;
        chunks.push(ByteArray.fromGBytes(bytes));
    }
    stream.close(null);
    return concat(...chunks);
}

// Writes @input through a converted stream one byte at a time.
function writeThrough(converter, input) {
    const sink = Gio.MemoryOutputStream.new_resizable();
    const stream = new Gio.ConverterOutputStream({base_stream: sink, converter});
    for (let i = 0; i < input.length; i++) {
        stream.write_bytes(new GLib.Bytes(input.subarray(i, i + 1)), null);
        stream.flush(null);
    }
    stream.close(null);
    return ByteArray.fromGBytes(sink.steal_as_bytes());
}

const tests = [];
function test(name, fn) {
    tests.push([name, fn]);
}

test('run-time version and check_version (1.1)', () => {
    const v = [GUtf8Conv.get_major_version(), GUtf8Conv.get_minor_version(),
        GUtf8Conv.get_micro_version()];
    assertEqual(v.join('.'), GUtf8Conv.VERSION_S);
    assertEqual(GUtf8Conv.check_version(v[0], v[1], v[2]), null);
    assertEqual(GUtf8Conv.check_version(1, 0, 0), null);
    assertEqual(GUtf8Conv.check_version(v[0], v[1], v[2] + 1),
        'gutf8conv version too old (micro mismatch)');
});

test('construct keywords and getters', () => {
    const c = new GUtf8Conv.Converter({
        direction: GUtf8Conv.Direction.UCS4_TO_UTF8,
        bom_mode: GUtf8Conv.BomMode.INSERT,
    });
    assertEqual(c.direction, GUtf8Conv.Direction.UCS4_TO_UTF8);
    assertEqual(c.get_direction(), GUtf8Conv.Direction.UCS4_TO_UTF8);
    assertEqual(c.bom_mode, GUtf8Conv.BomMode.INSERT);
    assertEqual(c.get_error_mode(), GUtf8Conv.ErrorMode.STRICT);
    assertEqual(c.byte_order, GUtf8Conv.ByteOrder.HOST);
    assertEqual(c.profile, GUtf8Conv.Profile.UNICODE);
    assertEqual(c.num_invalid, 0);
    assertEqual(c instanceof Gio.Converter, true);
    const d = GUtf8Conv.Converter.new(GUtf8Conv.Direction.UCS4_TO_UTF8);
    assertEqual(d.get_direction(), GUtf8Conv.Direction.UCS4_TO_UTF8);
});

test('decode through a ConverterInputStream', () => {
    const c = new GUtf8Conv.Converter({byte_order: GUtf8Conv.ByteOrder.LITTLE_ENDIAN});
    assertBytes(readThrough(c, utf8(TEXT), 3), ucs4le(TEXT));
});

test('encode through a ConverterOutputStream', () => {
    const c = new GUtf8Conv.Converter({
        direction: GUtf8Conv.Direction.UCS4_TO_UTF8,
        byte_order: GUtf8Conv.ByteOrder.LITTLE_ENDIAN,
    });
    assertBytes(writeThrough(c, ucs4le(TEXT)), utf8(TEXT));
});

test('BOM strip', () => {
    const c = new GUtf8Conv.Converter({
        bom_mode: GUtf8Conv.BomMode.STRIP,
        byte_order: GUtf8Conv.ByteOrder.LITTLE_ENDIAN,
    });
    assertBytes(readThrough(c, utf8(`\ufeff${TEXT}`), 1), ucs4le(TEXT));
    const e = new GUtf8Conv.Converter({
        direction: GUtf8Conv.Direction.UCS4_TO_UTF8,
        bom_mode: GUtf8Conv.BomMode.STRIP,
        byte_order: GUtf8Conv.ByteOrder.LITTLE_ENDIAN,
    });
    assertBytes(writeThrough(e, ucs4le(`\ufeff${TEXT}`)), utf8(TEXT));
});

test('BOM insert', () => {
    const e = new GUtf8Conv.Converter({
        direction: GUtf8Conv.Direction.UCS4_TO_UTF8,
        bom_mode: GUtf8Conv.BomMode.INSERT,
        byte_order: GUtf8Conv.ByteOrder.LITTLE_ENDIAN,
    });
    assertBytes(writeThrough(e, ucs4le(TEXT)), utf8(`\ufeff${TEXT}`));
    // The input's own signature is reused, never doubled.
    const d = new GUtf8Conv.Converter({
        bom_mode: GUtf8Conv.BomMode.INSERT,
        byte_order: GUtf8Conv.ByteOrder.LITTLE_ENDIAN,
    });
    assertBytes(readThrough(d, utf8(`\ufeff${TEXT}`)), ucs4le(`\ufeff${TEXT}`));
    assertBytes(d.convert_bytes(new GLib.Bytes(utf8(TEXT))).toArray(), ucs4le(`\ufeff${TEXT}`));
});

test('REPLACE on malformed input', () => {
    const expected = BAD_REPLACED;
    const c = new GUtf8Conv.Converter({
        error_mode: GUtf8Conv.ErrorMode.REPLACE,
        byte_order: GUtf8Conv.ByteOrder.LITTLE_ENDIAN,
    });
    assertBytes(readThrough(c, BAD, 1), ucs4le(expected));
    assertEqual(c.num_invalid, expected.split('\ufffd').length - 1);
    assertBytes(c.convert_bytes(new GLib.Bytes(BAD)).toArray(), ucs4le(expected));
    assertEqual(c.get_num_invalid(), expected.split('\ufffd').length - 1);
});

test('STRICT error is a GLib.Error with Gio.IOErrorEnum.INVALID_DATA', () => {
    const input = concat(utf8('abc'), Uint8Array.from([0xe2, 0x82, 0x78]));
    const c = new GUtf8Conv.Converter({byte_order: GUtf8Conv.ByteOrder.LITTLE_ENDIAN});
    const base = Gio.MemoryInputStream.new_from_bytes(new GLib.Bytes(input));
    const stream = new Gio.ConverterInputStream({base_stream: base, converter: c});
    let caught = null;
    const chunks = [];
    try {
        for (;;) {
            const bytes = stream.read_bytes(4096, null);
            if (bytes.get_size() === 0)
                break;
            chunks.push(ByteArray.fromGBytes(bytes));
        }
    } catch (e) {
        caught = e;
    }
    if (!(caught instanceof GLib.Error))
        throw new Error(`expected a GLib.Error, got ${caught}`);
    assertEqual(caught.matches(Gio.IOErrorEnum, Gio.IOErrorEnum.INVALID_DATA), true);
    assertEqual(caught.code, Gio.IOErrorEnum.INVALID_DATA);
    assertEqual(caught.message, 'Invalid UTF-8 sequence at byte 3: E2 82');
    assertBytes(concat(...chunks), ucs4le('abc'));

    let thrown = null;
    try {
        c.convert_bytes(new GLib.Bytes(input));
    } catch (e) {
        thrown = e;
    }
    assertEqual(thrown instanceof GLib.Error, true);
    assertEqual(thrown.matches(Gio.IOErrorEnum, Gio.IOErrorEnum.INVALID_DATA), true);
});

test('invalid-sequence: offsets and bytes in order, across chunks (1.1)', () => {
    // Offsets are those of the input stream; REPLACE as WHATWG decodes.
    const input = concat(utf8('ok '), Uint8Array.from([0xff, 0x20, 0xe2, 0x82]), utf8(' fine '),
        Uint8Array.from([0xed, 0xa0, 0x80, 0x20, 0xc3]));
    const expected = '3:ff;5:e2 82;13:ed;14:a0;15:80;17:c3;';
    for (const size of [1, 2, 3, 7, input.length]) {
        const c = GUtf8Conv.Converter.new_full(GUtf8Conv.Direction.UTF8_TO_UTF8,
            GUtf8Conv.ByteOrder.HOST, GUtf8Conv.BomMode.KEEP, GUtf8Conv.ErrorMode.REPLACE,
            GUtf8Conv.Profile.UNICODE);
        let seen = '';
        let count = 0;
        c.connect('invalid-sequence', (conv, offset, bytes) => {
            seen += `${offset}:${hex(ByteArray.fromGBytes(bytes))};`;
            count++;
        });
        const out = readThrough(c, input, size);
        assertEqual(seen, expected);
        assertEqual(count, c.get_num_invalid());
        assertBytes(out, utf8(new TextDecoder().decode(input)));
    }
});

test('error-offset without parsing the message (1.1)', () => {
    const c = new GUtf8Conv.Converter({direction: GUtf8Conv.Direction.UTF8_TO_UTF8});
    assertEqual(c.get_error_offset(), -1);
    let thrown = null;
    try {
        c.convert_bytes(new GLib.Bytes(Uint8Array.from([0x61, 0x62, 0xc0, 0xaf])));
    } catch (e) {
        thrown = e;
    }
    assertEqual(thrown instanceof GLib.Error, true);
    assertEqual(c.get_error_offset(), 2);
    assertEqual(c.error_offset, 2);
    c.reset();
    assertEqual(c.error_offset, -1);
});

// Every cut of a stream into three pieces (some empty): 1 to 3 pieces.
function* splits(data) {
    for (let i = 0; i <= data.length; i++) {
        for (let j = i; j <= data.length; j++)
            yield [data.subarray(0, i), data.subarray(i, j), data.subarray(j)];
    }
}

function isMalformed(e) {
    return e.matches(Gio.IOErrorEnum, Gio.IOErrorEnum.INVALID_DATA) ||
        e.matches(Gio.IOErrorEnum, Gio.IOErrorEnum.PARTIAL_INPUT);
}

test('feed: every split of a dirty stream, the repairs listed and signalled (1.2)', () => {
    // TextDecoder replaces the same maximal subparts.
    const data = concat(utf8('caf\u00e9 \u20ac'), Uint8Array.from([0xff, 0x21, 0xe2, 0x82]),
        utf8(' \u{1F600}'));
    const expected = new TextDecoder('utf-8').decode(data);
    for (const pieces of splits(data)) {
        const c = GUtf8Conv.Converter.new_full(GUtf8Conv.Direction.UTF8_TO_UTF8,
            GUtf8Conv.ByteOrder.HOST, GUtf8Conv.BomMode.KEEP, GUtf8Conv.ErrorMode.REPLACE,
            GUtf8Conv.Profile.UNICODE);
        c.collect_repairs(data.length);
        const emitted = [], listed = [];
        c.connect('invalid-sequence', (conv, offset, bytes) => emitted.push(`${offset}:${bytes.get_size()}`));
        const out = pieces.map((p, n) => {
            const o = c.feed(p, n === 2);
            assertEqual(o.constructor, Uint8Array);
            const r = c.take_repairs();
            for (let k = 0; k < r.length; k += 2)
                listed.push(`${r[k]}:${r[k + 1]}`);
            return o;
        });
        assertEqual(new TextDecoder('utf-8', {fatal: true}).decode(concat(...out)), expected);
        assertEqual(emitted.join(' '), '9:1 11:2');
        assertEqual(listed.join(' '), '9:1 11:2');
    }
});

test('feed: a strict error keeps the output before it, either code (1.2)', () => {
    const data = utf8('caf\u00e9 \u20ac!');
    for (const bad of [Uint8Array.from([0xe2, 0x82, 0x21]), Uint8Array.from([0xe9])]) {
        const stream = concat(data, bad);
        for (const pieces of splits(stream)) {
            const c = GUtf8Conv.Converter.new(GUtf8Conv.Direction.UTF8_TO_UTF8);
            const out = [];
            let error = null;
            try {
                pieces.forEach((p, n) => out.push(c.feed(p, n === 2)));
            } catch (e) {
                if (!isMalformed(e))
                    throw e;
                error = e;
                out.push(c.take_output_before_error());
            }
            assertEqual(error !== null, true);
            // A cut-off é at the end is PARTIAL_INPUT, the other INVALID_DATA.
            assertEqual(error.matches(Gio.IOErrorEnum, Gio.IOErrorEnum.PARTIAL_INPUT), bad.length === 1);
            assertEqual(new TextDecoder().decode(concat(...out)), 'caf\u00e9 \u20ac!');
            assertEqual(c.get_error_offset(), data.length);
        }
    }
});

// UTF-16 of a string from its own 16-bit units, lone surrogates included.
function utf16(s, bigEndian) {
    const out = [];
    for (let i = 0; i < s.length; i++) {
        const u = s.charCodeAt(i);
        if (bigEndian)
            out.push(u >> 8, u & 0xff);
        else
            out.push(u & 0xff, u >> 8);
    }
    return Uint8Array.from(out);
}

test('UTF-16 both ways, values 3 and 4 (1.2)', () => {
    assertEqual(GUtf8Conv.Direction.UTF8_TO_UTF16, 3);
    assertEqual(GUtf8Conv.Direction.UTF16_TO_UTF8, 4);
    for (const [order, big] of [[GUtf8Conv.ByteOrder.BIG_ENDIAN, true],
        [GUtf8Conv.ByteOrder.LITTLE_ENDIAN, false], [GUtf8Conv.ByteOrder.DETECT, true]]) {
        const to16 = new GUtf8Conv.Converter({direction: GUtf8Conv.Direction.UTF8_TO_UTF16, byte_order: order});
        const from16 = new GUtf8Conv.Converter({direction: GUtf8Conv.Direction.UTF16_TO_UTF8, byte_order: order});
        assertEqual(to16.direction, GUtf8Conv.Direction.UTF8_TO_UTF16);
        assertBytes(readThrough(to16, utf8(TEXT), 3), utf16(TEXT, big));
        assertBytes(writeThrough(from16, utf16(TEXT, big)), utf8(TEXT));
    }
});

test('UTF-16: signature, lone surrogates and the end of the stream (1.2)', () => {
    const strip = new GUtf8Conv.Converter({
        direction: GUtf8Conv.Direction.UTF16_TO_UTF8,
        byte_order: GUtf8Conv.ByteOrder.DETECT,
        bom_mode: GUtf8Conv.BomMode.STRIP,
    });
    assertBytes(readThrough(strip, utf16(`\ufeff${TEXT}`, false), 1), utf8(TEXT));
    // A lone surrogate, and a high unit then an odd byte at the end: one
    // U+FFFD each, two for the end.
    const rep = new GUtf8Conv.Converter({
        direction: GUtf8Conv.Direction.UTF16_TO_UTF8,
        byte_order: GUtf8Conv.ByteOrder.LITTLE_ENDIAN,
        error_mode: GUtf8Conv.ErrorMode.REPLACE,
    });
    let seen = '';
    rep.connect('invalid-sequence', (conv, offset, bytes) => {
        seen += `${offset}:${hex(ByteArray.fromGBytes(bytes))};`;
    });
    const input = concat(utf16('a\udc00b\ud83d', false), Uint8Array.from([0x43]));
    assertBytes(readThrough(rep, input, 2), utf8('a\ufffdb\ufffd\ufffd'));
    assertEqual(seen, '2:00 dc;6:3d d8;8:43;');
    const strict = new GUtf8Conv.Converter({
        direction: GUtf8Conv.Direction.UTF16_TO_UTF8,
        byte_order: GUtf8Conv.ByteOrder.BIG_ENDIAN,
    });
    let thrown = null;
    try {
        strict.convert_bytes(new GLib.Bytes(utf16('a\udc00', true)));
    } catch (e) {
        thrown = e;
    }
    assertEqual(thrown.matches(Gio.IOErrorEnum, Gio.IOErrorEnum.INVALID_DATA), true);
    assertEqual(strict.get_error_offset(), 2);
    // WTF-8 carries the lone units there and back.
    const wtf8 = GUtf8Conv.Converter.new_full(GUtf8Conv.Direction.UTF16_TO_UTF8,
        GUtf8Conv.ByteOrder.BIG_ENDIAN, GUtf8Conv.BomMode.KEEP, GUtf8Conv.ErrorMode.STRICT,
        GUtf8Conv.Profile.WTF8);
    const back = GUtf8Conv.Converter.new_full(GUtf8Conv.Direction.UTF8_TO_UTF16,
        GUtf8Conv.ByteOrder.BIG_ENDIAN, GUtf8Conv.BomMode.KEEP, GUtf8Conv.ErrorMode.STRICT,
        GUtf8Conv.Profile.WTF8);
    const lone = utf16('\udfffx\ud800\u{1F600}', true);
    const mid = ByteArray.fromGBytes(wtf8.convert_bytes(new GLib.Bytes(lone)));
    assertBytes(mid, Uint8Array.from([0xed, 0xbf, 0xbf, 0x78, 0xed, 0xa0, 0x80, 0xf0, 0x9f, 0x98, 0x80]));
    assertBytes(ByteArray.fromGBytes(back.convert_bytes(new GLib.Bytes(mid))), lone);
});

// #behaviour-output-profile, #behaviour-profile-modified-utf8,
// #behaviour-messages: one converter between two forms of UTF-8, set by
// name; modified UTF-8 as Java writes it; messages that name the form.
test('output-profile, modified UTF-8 and messages naming the form (1.3)', () => {
    const cesu = new GUtf8Conv.Converter({
        direction: GUtf8Conv.Direction.UTF8_TO_UTF8,
        profile: GUtf8Conv.Profile.CESU8,
        output_profile: GUtf8Conv.Profile.UNICODE,
    });
    assertEqual(cesu.output_profile, GUtf8Conv.Profile.UNICODE);
    assertEqual(cesu.get_output_profile(), GUtf8Conv.Profile.UNICODE);
    // U+1F600 as a CESU-8 pair, one byte at a time: one four-byte form.
    assertBytes(readThrough(cesu, Uint8Array.from([0x61, 0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80, 0x62]), 1),
        utf8('a\u{1F600}b'));
    const plain = new GUtf8Conv.Converter({direction: GUtf8Conv.Direction.UTF8_TO_UTF8,
        profile: GUtf8Conv.Profile.WTF8});
    assertEqual(plain.output_profile, -1);
    assertEqual(plain.get_output_profile(), -1);
    // A lone surrogate that standard UTF-8 cannot carry: STRICT names it.
    const mutf = new GUtf8Conv.Converter({
        direction: GUtf8Conv.Direction.UTF8_TO_UTF8,
        profile: GUtf8Conv.Profile.MODIFIED_UTF8,
        output_profile: GUtf8Conv.Profile.UNICODE,
    });
    let thrown = null;
    try {
        mutf.convert_bytes(new GLib.Bytes(Uint8Array.from([0x61, 0xed, 0xa0, 0x80, 0x62])));
    } catch (e) {
        thrown = e;
    }
    assertEqual(thrown.matches(Gio.IOErrorEnum, Gio.IOErrorEnum.INVALID_DATA), true);
    assertEqual(thrown.message, 'Lone surrogate 0xD800 at byte 1 cannot be written in UTF-8');
    assertEqual(mutf.get_error_offset(), 1);
    // Java's units there and back: a lone high unit and U+0000.
    const units = utf16('a\ud800\u0000', true);
    const enc = GUtf8Conv.Converter.new_full(GUtf8Conv.Direction.UTF16_TO_UTF8,
        GUtf8Conv.ByteOrder.BIG_ENDIAN, GUtf8Conv.BomMode.KEEP, GUtf8Conv.ErrorMode.STRICT,
        GUtf8Conv.Profile.MODIFIED_UTF8);
    const java = ByteArray.fromGBytes(enc.convert_bytes(new GLib.Bytes(units)));
    assertBytes(java, Uint8Array.from([0x61, 0xed, 0xa0, 0x80, 0xc0, 0x80]));
    const dec = GUtf8Conv.Converter.new_full(GUtf8Conv.Direction.UTF8_TO_UTF16,
        GUtf8Conv.ByteOrder.BIG_ENDIAN, GUtf8Conv.BomMode.KEEP, GUtf8Conv.ErrorMode.STRICT,
        GUtf8Conv.Profile.MODIFIED_UTF8);
    assertBytes(readThrough(dec, java, 1), units);
    // The message names the form read.
    const cut = new GUtf8Conv.Converter({direction: GUtf8Conv.Direction.UTF8_TO_UTF8,
        profile: GUtf8Conv.Profile.CESU8});
    thrown = null;
    try {
        cut.convert_bytes(new GLib.Bytes(Uint8Array.from([0xed, 0xa0, 0xbd])));
    } catch (e) {
        thrown = e;
    }
    assertEqual(thrown.message, 'Incomplete CESU-8 sequence at byte 0: ED A0 BD');
});

print(`1..${tests.length}`);
let failed = 0;
tests.forEach(([name, fn], i) => {
    try {
        fn();
        print(`ok ${i + 1} - ${name}`);
    } catch (e) {
        failed++;
        for (const line of `${e}\n${e.stack || ''}`.trim().split('\n'))
            print(`# ${line}`);
        print(`not ok ${i + 1} - ${name}`);
    }
});
imports.system.exit(failed ? 1 : 0);
