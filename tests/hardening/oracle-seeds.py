#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Differential tests of the 1.1 forms against Python's codecs.

Usage: oracle-seeds.py ORACLE_HELPER [N]

N (default 10 000) seeded random inputs per oracle, each converted by
ORACLE_HELPER through the library, compared in bytes, num-invalid, error
kind and error offset with:

  LATIN1, CP1252 (decoding and UTF-8 to UTF-8)
      Python's UTF-8 decoder with an error handler that writes the bytes of
      each maximal subpart it reports through 'latin-1' or 'cp1252' (the
      five bytes cp1252 leaves undefined mapped as the WHATWG index maps
      them, to the C1 control of the same number);
  WTF-8 (decoding and encoding)
      'surrogatepass', which writes and reads lone surrogates in their
      three-byte forms; a high and a low form next to each other are not
      WTF-8 (the codec must stop at the low one), and encoding joins a
      high and a low unit first (Python's UTF-16 codec does that);
  UTF-8 to UTF-8, REPLACE and SKIP (behaviour guide, #behaviour-repair)
      bytes.decode('utf-8', 'replace' / 'ignore').encode('utf-8'), one
      count per handler call, and well-formed input comes out unchanged.

Prints TAP.
"""
import codecs
import os
import random
import struct
import subprocess
import sys
import tempfile

from oracle import near_valid_utf8, report

SEED = 0x5EED1101
# The enums' values (gutf8conv-enums.h).
TO_UCS4, TO_UTF8, REPAIR = 0, 1, 2
BE = 1
KEEP = 0
STRICT, REPLACE, SKIP, ESCAPE, LATIN1, CP1252 = range(6)
UNICODE, UCS4, CESU8, MUTF8, WTF8 = range(5)

CP1252_HOLES = {0x81, 0x8D, 0x8F, 0x90, 0x9D}
calls = [0]


def keep_bytes(table):
    def handler(e):
        calls[0] += 1
        bad = e.object[e.start:e.end]
        if table == 'latin-1':
            return bad.decode('latin-1'), e.end
        return ''.join(chr(b) if b in CP1252_HOLES else bytes([b]).decode('cp1252')
                       for b in bad), e.end
    return handler


def counting(base):
    handler = codecs.lookup_error(base)

    def h(e):
        calls[0] += 1
        return handler(e)
    return h


codecs.register_error('oracle-latin1', keep_bytes('latin-1'))
codecs.register_error('oracle-cp1252', keep_bytes('cp1252'))
codecs.register_error('oracle-replace', counting('replace'))
codecs.register_error('oracle-ignore', counting('ignore'))


def utf32(s):
    return s.encode('utf-32-be', 'surrogatepass')


GOOD = [
    lambda r: chr(r.randrange(0x20, 0x7F)),
    lambda r: chr(r.choice([0, 0x7F, 0x80, 0xA0, 0xE9, 0x7FF, 0x800, 0xFEFF, 0xFFFD, 0xFFFF,
                            0x10000, 0x1F600, 0x10FFFF])),
    lambda r: chr(r.randrange(0x80, 0x800)),
    lambda r: chr(r.choice([r.randrange(0x800, 0xD800), r.randrange(0xE000, 0x10000)])),
    lambda r: chr(r.randrange(0x10000, 0x110000)),
]
BAD = [
    b'\x80', b'\x81', b'\x8d', b'\x9d', b'\x9f', b'\xa0', b'\xbf', b'\xc0', b'\xc1', b'\xc0\xae',
    b'\xe0\x80\x80', b'\xed\xa0\x80', b'\xf0\x80\x80\x80', b'\xf4\x90\x80\x80', b'\xf5',
    b'\xfe', b'\xff', b'\xe2\x82', b'\xf0\x9f\x98', b'\xc3', b'\xe9', b'\x93', b'\x94',
]


def python_strict(b):
    """(status, 0, offset, decoded prefix) of Python's strict UTF-8 decoder."""
    try:
        return 0, 0, 0, b.decode('utf-8')
    except UnicodeDecodeError as e:
        status = 2 if e.reason == 'unexpected end of data' else 1
        return status, 0, e.start, b[:e.start].decode('utf-8')


def with_handler(b, handler):
    calls[0] = 0
    s = b.decode('utf-8', handler)
    return 0, calls[0], 0, s


def keep_bytes_case(direction, mode):
    def make(r):
        b = near_valid_utf8(r, GOOD, BAD)
        status, n, off, s = with_handler(b, 'oracle-latin1' if mode == LATIN1 else 'oracle-cp1252')
        out = utf32(s) if direction == TO_UCS4 else s.encode('utf-8')
        return (direction, BE, KEEP, mode, UNICODE), b, (status, n, off, out)
    return make


def repair_case(mode):
    def make(r):
        b = near_valid_utf8(r, GOOD, BAD)
        if mode == STRICT:
            status, n, off, s = python_strict(b)
        else:
            status, n, off, s = with_handler(b, 'oracle-replace' if mode == REPLACE else 'oracle-ignore')
            # The counting wrapper must not change what Python's handler does.
            assert s == b.decode('utf-8', 'replace' if mode == REPLACE else 'ignore')
        out = s.encode('utf-8')
        if status == 0 and n == 0:
            assert out == b   # well-formed input: copied byte for byte
        return (REPAIR, BE, KEEP, mode, UNICODE), b, (status, n, off, out)
    return make


# WTF-8: strings with lone surrogates, never a high right before a low.
WTF8_GOOD = GOOD + [lambda r: chr(r.randrange(0xD800, 0xDC00)),
                    lambda r: chr(r.randrange(0xDC00, 0xE000))]


def wtf8_string(r):
    out = []
    for _ in range(r.randrange(0, 12)):
        c = r.choice(WTF8_GOOD)(r)
        if out and 0xD800 <= ord(out[-1]) <= 0xDBFF and 0xDC00 <= ord(c) <= 0xDFFF:
            c = 'x'
        out.append(c)
    return ''.join(out)


def first_pair(s):
    """Index of the low surrogate of the first high-then-low in @s, or None."""
    for i in range(1, len(s)):
        if 0xD800 <= ord(s[i - 1]) <= 0xDBFF and 0xDC00 <= ord(s[i]) <= 0xDFFF:
            return i
    return None


def wtf8_decode_case(r):
    if r.randrange(2):
        b = wtf8_string(r).encode('utf-8', 'surrogatepass')
    else:
        b = near_valid_utf8(r, WTF8_GOOD, BAD + [b'\xed\xb0\x80', b'\xed\xa0\xbd', b'\xed\xb8'])
    try:
        s, status, off = b.decode('utf-8', 'surrogatepass'), 0, 0
    except UnicodeDecodeError as e:
        s = b[:e.start].decode('utf-8', 'surrogatepass')
        status = 2 if e.reason == 'unexpected end of data' else 1
        off = e.start
        # ED A0..BF at the very end is a surrogate form cut short: Python's
        # strict decoder has refused the A0..BF after ED before
        # surrogatepass sees a surrogate, and calls it invalid; for WTF-8
        # it is an incomplete sequence (#behaviour-profile-wtf8).
        rest = b[e.start:]
        if len(rest) == 2 and rest[0] == 0xED and 0xA0 <= rest[1] <= 0xBF:
            status = 2
    # A high and a low form in a row: the low one is where WTF-8 stops.
    i = first_pair(s)
    if i is not None:
        s, status = s[:i], 1
        off = len(s.encode('utf-8', 'surrogatepass'))
    return (TO_UCS4, BE, KEEP, STRICT, WTF8), b, (status, 0, off, utf32(s))


def wtf8_encode_case(r):
    values = [ord(r.choice(WTF8_GOOD)(r)) for _ in range(r.randrange(0, 12))]
    s = ''.join(chr(v) for v in values)
    # WTF-8 encodes 16-bit code units: a high unit and a low one are one
    # character, which Python's UTF-16 codec joins.
    joined = s.encode('utf-16-be', 'surrogatepass').decode('utf-16-be', 'surrogatepass')
    return (TO_UTF8, BE, KEEP, STRICT, WTF8), utf32(s), (0, 0, 0, joined.encode('utf-8', 'surrogatepass'))


ORACLES = [
    ('decode LATIN1 against latin-1', keep_bytes_case(TO_UCS4, LATIN1)),
    ('decode CP1252 against cp1252 + WHATWG', keep_bytes_case(TO_UCS4, CP1252)),
    ('UTF-8 to UTF-8 LATIN1 against latin-1', keep_bytes_case(REPAIR, LATIN1)),
    ('UTF-8 to UTF-8 CP1252 against cp1252 + WHATWG', keep_bytes_case(REPAIR, CP1252)),
    ('WTF-8 decode against surrogatepass', wtf8_decode_case),
    ('WTF-8 encode against surrogatepass', wtf8_encode_case),
    ('UTF-8 to UTF-8 REPLACE against decode(replace).encode()', repair_case(REPLACE)),
    ('UTF-8 to UTF-8 SKIP against decode(ignore).encode()', repair_case(SKIP)),
    ('UTF-8 to UTF-8 STRICT against the strict decoder', repair_case(STRICT)),
]


def main():
    helper = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
    r = random.Random(SEED)

    cases = []
    for k, (_, make) in enumerate(ORACLES):
        for _ in range(n):
            config, data, expected = make(r)
            cases.append((k, config, data, expected))

    with tempfile.TemporaryDirectory() as tmp:
        inp = os.path.join(tmp, 'in')
        outp = os.path.join(tmp, 'out')
        with open(inp, 'wb') as f:
            for _, config, data, _ in cases:
                f.write(bytes(config) + struct.pack('<I', len(data)) + data)
        subprocess.run([helper, inp, outp], check=True)
        with open(outp, 'rb') as f:
            results = f.read()

    failures = {}
    pos = 0
    for k, config, data, exp in cases:
        status, num_invalid, offset, length = struct.unpack_from('<BQQI', results, pos)
        pos += struct.calcsize('<BQQI')
        out = results[pos:pos + length]
        pos += length
        got = (status, num_invalid, offset if status else 0, out)
        if got != exp:
            failures.setdefault(k, []).append((data, exp, got))
    assert pos == len(results), 'trailing output from the helper'

    report([name for name, _ in ORACLES], n, failures)
    sys.exit(1 if failures else 0)


if __name__ == '__main__':
    main()
