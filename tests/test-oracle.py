#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The gutf8conv tool against CPython's codecs, an independent reference.

For random inputs (fixed seeds), decoding with REPLACE, SKIP and ESCAPE
must give what CPython's utf-8 codec gives with errors='replace',
'ignore' and 'surrogateescape' (the maximal-subpart practice the behaviour
guide follows, #behaviour-maximal-subparts), and STRICT must stop where CPython's UnicodeDecodeError does,
naming the same offset and bytes.  Encoding is checked against CPython's
utf-32-be codec the same way.  And WTF-8 to UTF-8 in one step (two forms
of UTF-8, one converter with an output profile) against CPython's utf-8 decoder
with an error handler that reads WTF-8's lone surrogate forms, for the
output, the --report lines and the strict message's input offset, with
inputs of several chunks, with and without ASCII.  Prints TAP.
"""

import codecs
import os
import random
import subprocess
import sys

TOOL = os.environ.get('GUTF8CONV_TOOL')

# Pieces of UTF-8 input: valid characters of every length, a signature,
# and malformed sequences of every class.
GOOD_UTF8 = ['A', 'z', ' ', '\u00e9', '\u07ff', '\u0800', '\u20ac', '\ufeff', '\ufffd',
             '\uffff', '\U00010000', '\U0001f600', '\U0010ffff']
BAD_UTF8 = ['80', 'bf', 'c0 af', 'c1 80', 'c2', 'e0 80 80', 'e0 9f bf', 'e0 a0', 'e2 82',
            'ed a0 80', 'ed bf bf', 'ef bb', 'f0 80 80 80', 'f0 8f bf bf', 'f0 9f 98',
            'f4 90 80 80', 'f5 80 80 80', 'f7 bf bf bf', 'f8 88 80 80 80',
            'fc 84 80 80 80 80', 'fd bf', 'fe', 'ff', 'f1 80', 'f4 8f']


def random_utf8(rng, pieces, bad=True):
    out = bytearray()
    for _ in range(pieces):
        r = rng.random()
        if r < 0.4:
            out += rng.choice(GOOD_UTF8).encode('utf-8')
        elif r < 0.6:
            out += bytes(rng.randrange(0x20, 0x7f) for _ in range(rng.randrange(1, 20)))
        elif bad and r < 0.85:
            out += bytes.fromhex(rng.choice(BAD_UTF8))
        elif bad:
            out += bytes([rng.randrange(0x80, 0x100)])
        else:
            out += rng.choice(GOOD_UTF8).encode('utf-8')
    return bytes(out)


def random_ucs4(rng, units, bad=True, escapable_only=False):
    values = []
    for _ in range(units):
        r = rng.random()
        if r < 0.6 or not bad:
            v = ord(rng.choice(GOOD_UTF8))
        elif r < 0.75:
            v = rng.randrange(0xdc80, 0xdd00)
        elif escapable_only:
            v = rng.randrange(0x20, 0x7f)
        elif r < 0.85:
            v = rng.choice([0xd800, 0xdbff, 0xdc00, 0xdc7f, 0xdfff])
        else:
            v = rng.choice([0x110000, 0x7fffffff, 0x80000000, 0xffffffff])
        values.append(v)
    data = b''.join(v.to_bytes(4, 'big') for v in values)
    if bad and not escapable_only and rng.random() < 0.3:
        data += bytes(rng.randrange(1, 4))
    return data


def run(args, data):
    p = subprocess.run([TOOL] + args, input=data, capture_output=True,
                       env=dict(os.environ, LC_ALL='C.UTF-8'))
    return p.returncode, p.stdout, p.stderr.decode('utf-8', 'replace')


def hexs(b):
    return ' '.join('%02X' % x for x in b)


failures = []


def check(name, data, args, want_rc, want_out, want_err=''):
    rc, out, err = run(args, data)
    if (rc, out, err) != (want_rc, want_out, want_err):
        failures.append(name)
        print('# %s: input [%s]' % (name, hexs(data[:200])))
        print('#   got status %d, %d bytes, stderr %r' % (rc, len(out), err))
        print('#   expected status %d, %d bytes, stderr %r' % (want_rc, len(want_out), want_err))
        for i, (a, b) in enumerate(zip(out, want_out)):
            if a != b:
                print('#   first difference at byte %d' % i)
                break
        return False
    return True


def decode_modes(seed):
    rng = random.Random(seed)
    ok = True
    for i in range(12):
        data = random_utf8(rng, 300)
        for mode, errors in (('replace', 'replace'), ('skip', 'ignore'),
                             ('escape', 'surrogateescape')):
            want = data.decode('utf-8', errors).encode('utf-32-be', 'surrogatepass')
            ok &= check('decode %s, seed %d case %d' % (mode, seed, i), data,
                        ['--byte-order=be', '--on-error=' + mode], 0, want)
    return ok


def decode_strict(seed):
    rng = random.Random(seed)
    ok = True
    for i in range(40):
        data = random_utf8(rng, rng.randrange(1, 12), bad=rng.random() < 0.8)
        try:
            want = data.decode('utf-8').encode('utf-32-be')
            ok &= check('decode strict, seed %d case %d' % (seed, i), data,
                        ['--byte-order=be'], 0, want)
        except UnicodeDecodeError as e:
            kind = 'Incomplete' if e.reason == 'unexpected end of data' else 'Invalid'
            msg = 'gutf8conv: (standard input): %s UTF-8 sequence at byte %d: %s\n' % (
                kind, e.start, hexs(data[e.start:e.end]))
            want = data[:e.start].decode('utf-8').encode('utf-32-be')
            ok &= check('decode strict, seed %d case %d' % (seed, i), data,
                        ['--byte-order=be'], 1, want, msg)
    return ok


def encode_modes(seed):
    rng = random.Random(seed)
    ok = True
    for i in range(12):
        data = random_ucs4(rng, 300)
        for mode, errors in (('replace', 'replace'), ('skip', 'ignore')):
            want = data.decode('utf-32-be', errors).encode('utf-8')
            ok &= check('encode %s, seed %d case %d' % (mode, seed, i), data,
                        ['--to-utf8', '--byte-order=be', '--on-error=' + mode], 0, want)
        data = random_ucs4(rng, 300, escapable_only=True)
        want = data.decode('utf-32-be', 'surrogatepass').encode('utf-8', 'surrogateescape')
        ok &= check('encode escape, seed %d case %d' % (seed, i), data,
                    ['--to-utf8', '--byte-order=be', '--on-error=escape'], 0, want)
    return ok


def byte_order_hint(data):
    """The tool's hint, as gutf8conv(1) words it: the first units (two at
    least, sixteen at most) all invalid big-endian, all valid swapped."""
    units = [data[i:i + 4] for i in range(0, min(len(data), 64) - 3, 4)]

    def valid(u, order):
        v = int.from_bytes(u, order)
        return v <= 0x10ffff and not 0xd800 <= v <= 0xdfff
    if len(units) >= 2 and not any(valid(u, 'big') for u in units) and \
       all(valid(u, 'little') for u in units):
        return ' (the input looks little-endian: try --byte-order=le)'
    return ''


def encode_strict(seed):
    rng = random.Random(seed)
    ok = True
    for i in range(40):
        data = random_ucs4(rng, rng.randrange(1, 8), bad=rng.random() < 0.8)
        args = ['--to-utf8', '--byte-order=be']
        try:
            want = data.decode('utf-32-be').encode('utf-8')
            ok &= check('encode strict, seed %d case %d' % (seed, i), data, args, 0, want)
        except UnicodeDecodeError as e:
            if e.reason == 'truncated data':
                msg = 'Incomplete UCS-4 value at byte %d: %s' % (e.start, hexs(data[e.start:]))
            else:
                msg = 'Invalid UCS-4 value 0x%08X at byte %d' % (
                    int.from_bytes(data[e.start:e.start + 4], 'big'), e.start)
                msg += byte_order_hint(data)
            want = data[:e.start].decode('utf-32-be').encode('utf-8')
            ok &= check('encode strict, seed %d case %d' % (seed, i), data, args, 1, want,
                        'gutf8conv: (standard input): %s\n' % msg)
    return ok


# WTF-8: lone surrogate forms, and pairs of them (not WTF-8: the low form
# after a high one is malformed).
SURROGATE_FORMS = ['ed a0 80', 'ed a0 bd', 'ed af bf', 'ed b0 80', 'ed b8 80', 'ed bf bf']


def random_wtf8(rng, pieces, ascii=True, bad=True):
    good = GOOD_UTF8 if ascii else [c for c in GOOD_UTF8 if ord(c) >= 0x80]
    out = bytearray()
    for _ in range(pieces):
        r = rng.random()
        if r < 0.7 or not bad:
            out += rng.choice(good).encode('utf-8')
        elif r < 0.85:
            out += bytes.fromhex(rng.choice(SURROGATE_FORMS))
        else:
            out += bytes.fromhex(rng.choice(BAD_UTF8))
    return bytes(out)


def wtf8_events(data):
    """Reads @data as WTF-8 with CPython's utf-8 decoder: returns the
    events in input order, (offset, bytes, kind) with kind 'surrogate' (a
    lone surrogate, which UTF-8 cannot take), 'invalid' or 'incomplete'
    (a maximal subpart), and the text with U+FFFD for each event."""
    events = []

    def handler(e):
        b, i = e.object, e.start
        if b[i] == 0xed and i + 1 < len(b) and 0xa0 <= b[i + 1] <= 0xbf:
            # A surrogate form, or its prefix: WTF-8's maximal subpart.
            if i + 2 < len(b) and 0x80 <= b[i + 2] <= 0xbf:
                low = b[i + 1] >= 0xb0
                after_high = i >= 3 and b[i - 3] == 0xed and 0xa0 <= b[i - 2] <= 0xaf
                events.append((i, b[i:i + 3], 'invalid' if low and after_high else 'surrogate'))
                return '\ufffd', i + 3
            events.append((i, b[i:i + 2], 'incomplete' if i + 2 == len(b) else 'invalid'))
            return '\ufffd', i + 2
        events.append((i, b[i:e.end], 'incomplete' if e.reason == 'unexpected end of data' else 'invalid'))
        return '\ufffd', e.end

    codecs.register_error('test-wtf8', handler)
    text = data.decode('utf-8', 'test-wtf8')
    return events, text


def wtf8_cases(rng, n, pieces, bad=True):
    for i in range(n):
        ascii = i % 2 == 0
        prefix = random_wtf8(rng, pieces, ascii, bad=False) if pieces > 1000 else b''
        yield i, ascii, prefix + random_wtf8(rng, rng.randrange(1, 300) if bad else 300, ascii, bad)


def through_ucs4_modes(seed):
    rng = random.Random(seed)
    ok = True
    for pieces in (1, 40000):
        for i, ascii, data in wtf8_cases(rng, 8, pieces):
            events, text = wtf8_events(data)
            for mode, what in (('replace', 'U+FFFD'), ('skip', 'nothing')):
                if mode == 'replace':
                    want = text.encode('utf-8')
                else:
                    # What lies between the events, a U+FFFD of the input included.
                    want = b''.join(data[a:b] for a, b in zip(
                        [0] + [o + len(x) for o, x, _ in events], [o for o, _, _ in events] + [len(data)]))
                err = ''.join('(standard input): byte %d: %s -> %s\n' % (o, hexs(x), what)
                              for o, x, _ in events)
                ok &= check('WTF-8 to UTF-8 %s, %s, seed %d, %d pieces, case %d'
                            % (mode, 'ASCII' if ascii else 'no ASCII', seed, pieces, i),
                            data, ['-f', 'WTF-8', '-t', 'UTF-8', '--on-error=' + mode, '--report'],
                            0, want, err)
    return ok


def through_ucs4_strict(seed):
    rng = random.Random(seed)
    ok = True
    for pieces in (1, 40000):
        for i, ascii, data in wtf8_cases(rng, 20, pieces):
            events, _ = wtf8_events(data)
            name = 'WTF-8 to UTF-8 strict, %s, seed %d, %d pieces, case %d' % (
                'ASCII' if ascii else 'no ASCII', seed, pieces, i)
            if not events:
                ok &= check(name, data, ['-f', 'WTF-8', '-t', 'UTF-8'], 0, data)
                continue
            at, x, kind = events[0]
            if kind == 'surrogate':
                # One converter (#behaviour-output-profile): the value and
                # the input offset.
                msg = 'Lone surrogate 0x%04X at byte %d cannot be written in UTF-8' % (
                    ((x[1] & 0x3f) << 6 | (x[2] & 0x3f)) | 0xd000, at)
            else:
                msg = '%s WTF-8 sequence at byte %d: %s' % (kind.capitalize(), at, hexs(x))
            ok &= check(name, data, ['-f', 'WTF-8', '-t', 'UTF-8'], 1, data[:at],
                        'gutf8conv: (standard input): %s\n' % msg)
    return ok


def main():
    if not TOOL or not os.access(TOOL, os.X_OK):
        # A TAP skip: meson counts any other exit status as an error.
        print('1..0 # SKIP GUTF8CONV_TOOL does not name the built tool')
        return 0
    tests = [('decode, REPLACE/SKIP/ESCAPE against errors=replace/ignore/surrogateescape',
              decode_modes, 101),
             ('decode, STRICT stops where UnicodeDecodeError does', decode_strict, 102),
             ('encode, REPLACE/SKIP/ESCAPE against utf-32-be and surrogateescape',
              encode_modes, 103),
             ('encode, STRICT stops where UnicodeDecodeError does', encode_strict, 104),
             ('WTF-8 to UTF-8 in one step, REPLACE/SKIP and --report against a WTF-8 reading of '
              'CPython\'s decoder', through_ucs4_modes, 105),
             ('WTF-8 to UTF-8 in one step, STRICT messages and offsets', through_ucs4_strict, 106)]
    print('1..%d' % len(tests))
    status = 0
    for n, (name, func, seed) in enumerate(tests, 1):
        if func(seed):
            print('ok %d - %s' % (n, name))
        else:
            print('not ok %d - %s' % (n, name))
            status = 1
    return status


if __name__ == '__main__':
    sys.exit(main())
