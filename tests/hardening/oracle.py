#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Differential test of the UNICODE profile against Python's codecs.

Usage: oracle.py ORACLE_HELPER [N]

Generates N (default 100 000) random near-valid UTF-8 inputs and N random
UCS-4 inputs with a fixed seed, has ORACLE_HELPER convert each with every
error mode through the library, and checks bytes, num-invalid, error kind
and error offset against Python's own UTF-8 codec:
  STRICT  <-> errors='strict'           (UnicodeDecodeError/EncodeError.start)
  REPLACE <-> 'replace'                 (encoding: U+FFFD, #behaviour-error-replace)
  SKIP    <-> 'ignore'
  ESCAPE  <-> 'surrogateescape'
num-invalid is the number of calls Python makes to the error handler when
decoding (one per maximal subpart), and the number of bad code points when
encoding.  The UCS-4 side is Python's 'utf-32-le'/'utf-32-be' with
'surrogatepass'.  Values above U+10FFFF, which no Python str holds, stand
in Python's input as U+D800: both are a bad unit that no mode escapes.
Prints TAP.
"""
import codecs
import os
import random
import struct
import subprocess
import sys
import tempfile

SEED = 0x6A7F8C0D
STRICT, REPLACE, SKIP, ESCAPE = range(4)
MODE_NAMES = ['strict', 'replace', 'skip', 'escape']

calls = [0]


def counting(base):
    handler = codecs.lookup_error(base)

    def h(e):
        calls[0] += 1
        return handler(e)
    return h


for _name in ('replace', 'ignore', 'surrogateescape'):
    codecs.register_error('count-' + _name, counting(_name))


def utf32(s, big_endian):
    return s.encode('utf-32-be' if big_endian else 'utf-32-le', 'surrogatepass')


# ---------------------------------------------------------------- decoding

GOOD = [
    lambda r: chr(r.randrange(0x20, 0x7F)),
    lambda r: chr(r.choice([0, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFEFF, 0xFFFD,
                            0xFFFE, 0xFFFF, 0x10000, 0x10FFFF])),
    lambda r: chr(r.randrange(0x80, 0x800)),
    lambda r: chr(r.choice([r.randrange(0x800, 0xD800), r.randrange(0xE000, 0x10000)])),
    lambda r: chr(r.randrange(0x10000, 0x110000)),
]

BAD = [
    b'\x80', b'\xbf', b'\xc0', b'\xc1', b'\xc0\xae', b'\xc0\x80', b'\xe0\x80\x80',
    b'\xe0\x9f\xbf', b'\xed\xa0\x80', b'\xed\xbf\xbf', b'\xf0\x80\x80\x80',
    b'\xf0\x8f\xbf\xbf', b'\xf4\x90\x80\x80', b'\xf5', b'\xf8\x88\x80\x80\x80',
    b'\xfc\x84\x80\x80\x80\x80', b'\xfe', b'\xff', b'\xe2\x82', b'\xf0\x9f\x98', b'\xc3',
]


def near_valid_utf8(r, good=GOOD, bad=BAD):
    """A short valid string, then a few small damages (oracle-seeds.py
    uses it too, with its own lists)."""
    s = ''.join(r.choice(good)(r) for _ in range(r.randrange(0, 12)))
    b = bytearray(s.encode('utf-8', 'surrogatepass'))
    for _ in range(r.choice([0, 1, 1, 2, 3])):
        what = r.randrange(5)
        at = r.randrange(len(b) + 1)
        if what == 0:
            b[at:at] = r.choice(bad)
        elif what == 1 and b:
            del b[min(at, len(b) - 1)]
        elif what == 2 and b:
            b[min(at, len(b) - 1)] = r.randrange(256)
        elif what == 3:
            del b[at:]
        else:
            b[at:at] = bytes([r.randrange(0x80, 0x100)])
    return bytes(b)


def decode_reference(b, mode, big_endian):
    """(status, num_invalid, offset, output) as the library must give them."""
    if mode == STRICT:
        try:
            return 0, 0, 0, utf32(b.decode('utf-8'), big_endian)
        except UnicodeDecodeError as e:
            status = 2 if e.reason == 'unexpected end of data' else 1
            return status, 0, e.start, utf32(b[:e.start].decode('utf-8'), big_endian)
    base = {REPLACE: 'replace', SKIP: 'ignore', ESCAPE: 'surrogateescape'}[mode]
    calls[0] = 0
    s = b.decode('utf-8', 'count-' + base)
    # The counting wrapper must not change what Python's handler does.
    assert s == b.decode('utf-8', base)
    return 0, calls[0], 0, utf32(s, big_endian)


# ---------------------------------------------------------------- encoding

def random_ucs4(r):
    values = []
    for _ in range(r.randrange(0, 10)):
        k = r.randrange(10)
        if k < 5:
            values.append(ord(r.choice(GOOD)(r)))
        elif k == 5:
            values.append(r.randrange(0xD800, 0xE000))
        elif k == 6:
            values.append(r.randrange(0xDC80, 0xDD00))
        elif k == 7:
            values.append(r.choice([0x110000, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF,
                                    r.randrange(0x110000, 1 << 32)]))
        else:
            values.append(r.randrange(0, 0x80))
    return values


class Stop(Exception):
    def __init__(self, index):
        super().__init__(index)
        self.index = index


def escape_or_stop(e):
    """surrogateescape one code point at a time, so that the first one it
    refuses is where the library must stop."""
    handler = codecs.lookup_error('surrogateescape')
    out = b''
    for i in range(e.start, e.end):
        one = UnicodeEncodeError(e.encoding, e.object, i, i + 1, e.reason)
        try:
            out += handler(one)[0]
        except UnicodeEncodeError:
            raise Stop(i)
    calls[0] += e.end - e.start
    return out, e.end


def replace_fffd(e):
    calls[0] += e.end - e.start
    # The UTF-8 encoder takes only ASCII text back from a handler: bytes.
    return '\ufffd'.encode('utf-8') * (e.end - e.start), e.end


def ignore_counting(e):
    calls[0] += e.end - e.start
    return '', e.end


codecs.register_error('oracle-escape', escape_or_stop)
codecs.register_error('oracle-fffd', replace_fffd)
codecs.register_error('oracle-ignore', ignore_counting)


def encode_reference(values, mode):
    s = ''.join(chr(v) if v <= 0x10FFFF else '\ud800' for v in values)
    if mode == STRICT:
        try:
            return 0, 0, 0, s.encode('utf-8')
        except UnicodeEncodeError as e:
            return 1, 0, 4 * e.start, s[:e.start].encode('utf-8')
    calls[0] = 0
    handler = {REPLACE: 'oracle-fffd', SKIP: 'oracle-ignore', ESCAPE: 'oracle-escape'}[mode]
    try:
        out = s.encode('utf-8', handler)
        return 0, calls[0], 0, out
    except Stop as stop:
        calls[0] = 0
        prefix = s[:stop.index].encode('utf-8', handler)
        return 1, calls[0], 4 * stop.index, prefix


def pack_ucs4(values, big_endian):
    # Python's codec for what a str can hold; struct for the rest.
    out = b''
    for v in values:
        if v <= 0x10FFFF:
            out += utf32(chr(v), big_endian)
        else:
            out += struct.pack('>I' if big_endian else '<I', v)
    return out


# ---------------------------------------------------------------- driver

def run_helper(helper, records):
    """Converts each (config, data) of @records through ORACLE_HELPER (the
    config as five enum values); returns (status, num-invalid, offset,
    output) for each, the offset 0 when there is no error."""
    with tempfile.TemporaryDirectory() as tmp:
        inp = os.path.join(tmp, 'in')
        outp = os.path.join(tmp, 'out')
        with open(inp, 'wb') as f:
            for config, data in records:
                f.write(bytes(config) + struct.pack('<I', len(data)) + data)
        subprocess.run([helper, inp, outp], check=True)
        with open(outp, 'rb') as f:
            results = f.read()
    got = []
    pos = 0
    for _ in records:
        status, num_invalid, offset, length = struct.unpack_from('<BQQI', results, pos)
        pos += struct.calcsize('<BQQI')
        got.append((status, num_invalid, offset if status else 0, results[pos:pos + length]))
        pos += length
    assert pos == len(results), 'trailing output from the helper'
    return got


def report(names, n, failures, notes=None, who='python'):
    """Prints TAP for oracles @names of @n inputs each; @failures maps an
    index to its (input, expected, got) list, @notes to a remark."""
    notes = notes or {}
    print(f'1..{len(names)}')
    for k, name in enumerate(names):
        bad = failures.get(k, [])
        note = notes.get(k, '')
        if not bad:
            print(f'ok {k + 1} - {name}: {n} inputs agree{note}')
            continue
        print(f'not ok {k + 1} - {name}: {len(bad)} of {n} differ{note}')
        for data, exp, got in bad[:5]:
            print(f'#   input {data.hex(" ")}')
            print(f'#     {who:7} status {exp[0]} invalid {exp[1]} offset {exp[2]} out {exp[3].hex(" ")}')
            print(f'#     library status {got[0]} invalid {got[1]} offset {got[2]} out {got[3].hex(" ")}')


def main():
    helper = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 100000
    r = random.Random(SEED)

    cases = []     # (label, input, op, expected)
    for i in range(n):
        b = near_valid_utf8(r)
        big_endian = i % 2 == 1
        for mode in range(4):
            op = (mode << 1) | (8 if big_endian else 0)
            cases.append((('decode', mode), b, op, decode_reference(b, mode, big_endian)))
    for i in range(n):
        values = random_ucs4(r)
        big_endian = i % 2 == 0
        data = pack_ucs4(values, big_endian)
        for mode in range(4):
            op = 1 | (mode << 1) | (8 if big_endian else 0)
            exp = encode_reference(values, mode)
            cases.append((('encode', mode), data, op, exp))

    # direction, byte order (1 BE, 2 LE), BOM keep, mode, UNICODE
    results = run_helper(helper, [([op & 1, 1 if op & 8 else 2, 0, (op >> 1) & 3, 0], data)
                                  for _, data, op, _ in cases])

    failures = {}
    counts = {}
    for (label, data, op, exp), got in zip(cases, results):
        counts[label] = counts.get(label, 0) + 1
        if got != exp:
            failures.setdefault(label, []).append((data, exp, got))

    labels = [(d, m) for d in ('decode', 'encode') for m in range(4)]
    print(f'1..{len(labels)}')
    for i, label in enumerate(labels, 1):
        name = f'{label[0]} {MODE_NAMES[label[1]]}: {counts.get(label, 0)} inputs'
        bad = failures.get(label, [])
        if not bad:
            print(f'ok {i} - {name} agree with Python')
            continue
        print(f'not ok {i} - {name}, {len(bad)} differ from Python')
        for data, exp, got in bad[:5]:
            print(f'#   input {data.hex(" ")}')
            print(f'#     python  status {exp[0]} invalid {exp[1]} offset {exp[2]} out {exp[3].hex(" ")}')
            print(f'#     library status {got[0]} invalid {got[1]} offset {got[2]} out {got[3].hex(" ")}')


if __name__ == '__main__':
    main()
