#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Write the fuzzers' seed corpus: the standards' vectors and every malformed class.

Each file is the 8-byte header of fuzz-harness.h (direction, byte order,
BOM mode, error mode, profile, chunking, output size, kernel/FLUSH)
followed by the stream.  fuzz-stream's seeds (corpus/stream/) are the same streams and headers,
byte 0 being the direction's value (fuzz-stream.c).  Run from fuzz/:
    /usr/bin/python3 make-corpus.py
"""
import itertools
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))

HOST, BE, LE, DETECT = 0, 1, 2, 3
KEEP, STRIP, INSERT = 0, 1, 2
STRICT, REPLACE, SKIP, ESCAPE, LATIN1, CP1252 = 0, 1, 2, 3, 4, 5
UNICODE, UCS4, CESU8, MUTF8, WTF8 = 0, 1, 2, 3, 4
TO_UCS4, REPAIR = 0, 1   # fuzz-decode's direction bit
WIDE_UTF16 = 0x10        # both targets: the wide side is UTF-16


def header(order, bom, errors, profile, chunk=0x00, out=0x00, extra=0x00, direction=TO_UCS4):
    return bytes([direction, order, bom, errors, profile, chunk, out, extra])


# UTF-8 streams: the standards' vectors, the behaviour guide's examples, malformed classes.
DECODE = {
    'vec-1': '41 E2 89 A2 CE 91 2E',
    'vec-korean': 'ED 95 9C EA B5 AD EC 96 B4',
    'vec-japanese': 'E6 97 A5 E6 9C AC E8 AA 9E',
    'vec-signature': 'EF BB BF F0 A3 8E B4',
    'vec-bounds': '00 C2 80 DF BF E0 A0 80 EF BF BF F0 90 80 80 F4 8F BF BF',
    'vec-ucs4-only': 'F7 BF BF BF F8 88 80 80 80 FB BF BF BF BF FC 84 80 80 80 80 FD BF BF BF BF BF',
    'subparts-1': '61 F1 80 80 E1 80 C2 62 80 63 80 BF 64',
    'subparts-2': 'E1 80 E2 F0 91 92 F1 BF 41',
    'surrogate': 'ED A0 80',
    'surrogate-pair': 'ED A1 8C ED BE B4',
    'surrogate-last': 'ED BF BF 41',
    'truncated-end': 'F0 9F 98',
    'truncated-e2-82': '41 E2 82',
    'overlong-2': 'C0 80 C1 BF',
    'overlong-3': 'E0 80 80 E0 9F BF',
    'overlong-4': 'F0 80 80 80 F0 8F BF BF',
    'overlong-5': 'F8 80 80 80 80 F8 87 BF BF BF',
    'overlong-6': 'FC 80 80 80 80 80 FC 83 BF BF BF BF',
    'dotdot': '2F C0 AE 2E 2F',
    'above-unicode': 'F4 90 80 80 F5 80 80 80 F7 BF BF BF',
    'fe-ff': 'FE FF 41 FE',
    'lone-continuations': '80 BF 80 41 BF',
    'lead-then-ascii': 'C2 41 E2 41 F0 41 F8 41 FC 41',
    'signature-twice': 'EF BB BF EF BB BF 41',
    'signature-partial': 'EF BB 41',
    'ascii-long': '41 ' * 70,
    'mixed-long': ('41 42 43 C3 A9 E2 82 AC F0 9F 98 80 ' * 8) + 'ED A0 80 ' + ('44 C3 A9 ' * 8),
    'empty': '',
    # The forms of the 1.1 profiles and modes (#behaviour-profiles, #behaviour-error-modes).
    'cesu-pair': '41 ED A0 BD ED B8 80 42',
    'cesu-broken-pair': 'ED A0 BD ED 41 ED A0 BD ED A0 BD ED B8 80',
    'cesu-cut-pair': '41 ED A0 80 ED B0',
    'cesu-lone-low': 'ED B8 80 F0 9F 98 80',
    'mutf8-nul': 'C0 80 00 41 C0 41 C1 80 C0',
    'wtf8-lone': 'ED B8 80 ED A0 BD 41 ED A0 BD ED B8 80',
    'wtf8-cut-low': 'ED A0 BD ED B8',
    'latin1': '63 61 66 E9 20 C3 28 E2 82',
    'cp1252': '80 81 8D 8F 90 9D 9F 93 71 94',
}

# Runs of one length, long enough for the kernels' paths that stay in a
# loop while the text does (avx2 decodes 32 bytes of three-byte characters
# at once with 64 ahead): the 10^7 campaign never built one.  Each with the
# named headers (decoding to UCS-4 and repairing, whole and chunked).
DECODE_RUNS = {
    'runs-long': (''.join(chr(0x430 + i % 32) for i in range(66))
                  + ''.join(chr(0x4E00 + i) for i in range(60))
                  + ''.join(chr(0x1F600 + i) for i in range(40))).encode(),
    # Surrogate forms among valid text: what WTF-8 and CESU-8 accept and
    # the copy kernels' block test leaves to the scalar validator.
    'surrogates-long': bytes.fromhex(('ED A0 BD ED B8 80 ' + 'D0 B4 ' * 10 + 'E4 B8 80 ' * 5) * 4),
}
DECODE_RUNS_HEADERS = ('strict', 'repair-replace', 'escape-insert', 'repair-wtf8-cp1252',
                       'repair-cesu-strict')

# Machine code as executables hold it: NUL and ASCII bytes with bytes from
# 80 up alone or beside other leads, which the dense loop takes 16 bytes
# at once, and a lead before a continuation byte now and then, which it
# leaves to its state machine.  With the headers of the modes that loop
# has blocks for (REPLACE, ESCAPE and LATIN1 wide; REPLACE in repair).
DECODE_BINARY = {
    'binary-code': bytes.fromhex(
        '7F 45 4C 46 02 01 01 00 00 00 00 00 00 00 00 00 03 00 3E 00 01 00 00 00'
        ' 48 89 E5 48 83 EC 10 89 7D FC 48 8B 45 F0 C3 90 FF FF FF FF E8 00 00 00'
        ' 00 41 57 41 56 49 89 FE 41 55 41 54 55 53 48 81 EC D8 00 00 00 64 48 8B'
        ' 04 25 28 00 00 00 48 89 84 24 C8 00 00 00 31 C0 E8 C3 A9 00 FF FE 00 00'
        ' F0 0F 1F 44 00 00 66 2E 0F 1F 84 00 00 00 00 00 C3 0F 0B EB FE F3 0F 1E'
        ' FA 41 5C 41 5D 41 5E 41 5F 5D C3 E2 82 AC 00 00 00 00 00 00 00 00 00 00'),
}
DECODE_BINARY_HEADERS = ('replace-1byte', 'repair-replace', 'escape-insert', 'cesu-latin1', 'wtf8-escape')

# UCS-4 streams as lists of values (packed by the byte order) plus raw tails.
ENCODE = {
    'vec-1': [0x41, 0x2262, 0x391, 0x2E],
    'vec-korean': [0xD55C, 0xAD6D, 0xC5B4],
    'vec-signature': [0xFEFF, 0x233B4],
    'vec-bounds': [0, 0x7F, 0x80, 0x7FF, 0x800, 0xFFFF, 0x10000, 0x10FFFF],
    'vec-ucs4-only': [0x1FFFFF, 0x200000, 0x3FFFFFF, 0x4000000, 0x7FFFFFFF],
    'surrogates': [0x41, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0x42],
    'escapes': [0x61, 0xDC80, 0xDCC3, 0xDCFF, 0xDC7F, 0x62],
    'above': [0x110000, 0x41, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF],
    'signature-twice': [0xFEFF, 0xFEFF, 0x41],
    'noncharacters': [0xFFFE, 0xFFFF, 0x10FFFE, 0xFDD0],
    'ascii-long': [0x41] * 40,
    'mixed-long': [0x41, 0xE9, 0x20AC, 0x1F600] * 8 + [0xD800] + [0x44] * 8,
    'empty': [],
    'wtf8-join': [0xD83D, 0xDE00, 0xDBFF, 0xDC80, 0xDE00, 0xD83D, 0x41, 0xD83D],
    'supplementary': [0x41, 0x1F600, 0x10000, 0x10FFFF, 0],
    'detect-le-signature': [0xFFFE0000, 0x41000000, 0xAC200000],
    'nul': [0, 0x41, 0, 0],
}
TAILS = {'truncated-1': b'\x00', 'truncated-3': b'\x00\x00\x41'}
# Over 128 units of BMP text, for the encoders' loops that stay while the
# text does (ssse3 steps 16 units at a time and checks the next 16 before
# staying): fuzz these with -max_len=1024.
ENCODE_RUNS = {
    'two-byte-long': [0x430 + i % 32 for i in range(160)],
    'bmp-long': [0x4E00 + i for i in range(160)],
    # Devanagari with spaces, CJK inside it: the BMP loop that stays while
    # the text does, and its three-byte step.
    'indic-long': ([0x20 if i % 5 == 4 else 0x915 + i % 40 for i in range(48)]
                   + [0x4E00 + i for i in range(48)]
                   + [0x20 if i % 5 == 4 else 0x915 + i % 40 for i in range(64)]),
}
ENCODE_RUNS_HEADERS = ('strict-be', 'replace-le-1byte', 'escape-insert')

# The UTF-16 directions (#behaviour-utf16): the UTF-8 streams above towards
# UTF-16, and UTF-16 streams (values as units or pairs, lone surrogates as
# they are) with the cut-off ends the guide names.
DECODE_UTF16_HEADERS = [
    ('utf16-strict', header(BE, KEEP, STRICT, UNICODE, chunk=0xFF, out=0x80 | 0x7F, direction=WIDE_UTF16)),
    ('utf16-replace-1byte', header(LE, INSERT, REPLACE, UNICODE, chunk=0x00, out=0x00, direction=WIDE_UTF16)),
    ('utf16-ucs4-escape', header(BE, STRIP, ESCAPE, UCS4, chunk=0x02, out=0x00, extra=0xE0, direction=WIDE_UTF16)),
    ('utf16-cesu-cp1252', header(DETECT, KEEP, CP1252, CESU8, chunk=0x03, out=0x01, extra=0x81, direction=WIDE_UTF16)),
    ('utf16-wtf8-skip', header(HOST, INSERT, SKIP, WTF8, chunk=0x01, out=0x80, extra=0x60, direction=WIDE_UTF16)),
]
ENCODE_UTF16 = {
    'vec-1': [0x41, 0x2262, 0x391, 0x2E],
    'vec-rfc2781': [0x10000, 0x12345, 0x10FFFF],
    'vec-signature': [0xFEFF, 0x233B4],
    'lone': [0x41, 0xD800, 0x42, 0xDFFF, 0xDBFF, 0xDBFF, 0xDC00],
    'escapes': [0x61, 0xDC80, 0xDCC3, 0xDCFF, 0xDC7F, 0x62],
    'nul': [0, 0x41, 0],
    'mixed-long': [0x41, 0xE9, 0x20AC, 0x1F600] * 8 + [0xD800] + [0x44] * 8,
    'empty': [],
}
# French-like UTF-16 (#kernels): a letter below U+0800 every few words,
# ASCII for more than four of the widest steps, then a unit from U+0800
# and U+0000 among the letters, for the kernels' latin runs.
LATIN_WORDS = [ord(c) for c in 'le caf\u00e9 d\u00e9j\u00e0 ferm\u00e9, ']
LATIN_LONG = (LATIN_WORDS * 6 + [0x61 + i % 26 for i in range(150)] + LATIN_WORDS * 4
              + [0x2014] + LATIN_WORDS * 2 + [0] + LATIN_WORDS * 2)
# The same in UCS-4, shorter to fit -max_len (1024 bytes): ASCII for 130
# units, past four steps of 32.
LATIN_LONG_UCS4 = (LATIN_WORDS * 2 + [0x61 + i % 26 for i in range(130)] + LATIN_WORDS * 2
                   + [0x2014] + LATIN_WORDS + [0] + LATIN_WORDS)
# Cut-off ends: a high unit (in the stream's order), an odd byte, both.
UTF16_TAILS = {'cut-odd': ([], b'\x41'), 'cut-high': ([0xD83D], b''), 'cut-high-odd': ([0xD83D], b'\x41')}
ENCODE_UTF16_HEADERS = [
    ('utf16-strict-be', BE, header(BE, KEEP, STRICT, UNICODE, chunk=0xFF, out=0x80 | 0x7F, direction=WIDE_UTF16)),
    ('utf16-replace-le-1byte', LE, header(LE, KEEP, REPLACE, UNICODE, chunk=0x00, out=0x00, direction=WIDE_UTF16)),
    ('utf16-escape-insert', LE, header(LE, INSERT, ESCAPE, UNICODE, chunk=0x01, out=0x03, extra=0xE0, direction=WIDE_UTF16)),
    ('utf16-cesu-latin1', BE, header(BE, STRIP, LATIN1, CESU8, chunk=0x02, out=0x00, extra=0x81, direction=WIDE_UTF16)),
    ('utf16-mutf8-skip', BE, header(DETECT, INSERT, SKIP, MUTF8, chunk=0x03, out=0x01, extra=0x40, direction=WIDE_UTF16)),
    ('utf16-wtf8-strict', LE, header(LE, KEEP, STRICT, WTF8, chunk=0x00, out=0x00, extra=0x80, direction=WIDE_UTF16)),
]


def utf16(values, order):
    units = []
    for v in values:
        if v >= 0x10000:
            units += [0xD800 + ((v - 0x10000) >> 10), 0xDC00 + ((v - 0x10000) & 0x3FF)]
        else:
            units.append(v)
    return b''.join(struct.pack('>H' if order == BE else '<H', u) for u in units)

# (name suffix, header) pairs, spread over every mode, BOM, profile and
# chunking without multiplying the corpus.
DECODE_HEADERS = [
    ('strict', header(BE, KEEP, STRICT, UNICODE, chunk=0xFF, out=0x80 | 0x7F)),
    ('replace-1byte', header(LE, KEEP, REPLACE, UNICODE, chunk=0x00, out=0x00)),
    ('skip-strip', header(HOST, STRIP, SKIP, UNICODE, chunk=0x02, out=0x01, extra=0x80)),
    ('escape-insert', header(BE, INSERT, ESCAPE, UNICODE, chunk=0x05, out=0x03, extra=0xE0)),
    ('ucs4-replace', header(BE, INSERT, REPLACE, UCS4, chunk=0x01, out=0x82, extra=0x81)),
    ('ucs4-strict', header(LE, STRIP, STRICT, UCS4, chunk=0x3F, out=0x00, extra=0x60)),
    ('cesu-latin1', header(BE, KEEP, LATIN1, CESU8, chunk=0x00, out=0x00, extra=0xA0)),
    ('mutf8-cp1252', header(DETECT, INSERT, CP1252, MUTF8, chunk=0x04, out=0x05, extra=0x81)),
    ('wtf8-escape', header(LE, STRIP, ESCAPE, WTF8, chunk=0x02, out=0x81, extra=0xE0)),
    ('repair-replace', header(HOST, KEEP, REPLACE, UNICODE, chunk=0x01, out=0x00, extra=0x80, direction=REPAIR)),
    ('repair-cesu-strict', header(HOST, STRIP, STRICT, CESU8, chunk=0xFF, out=0x02, extra=0x20, direction=REPAIR)),
    ('repair-wtf8-cp1252', header(HOST, INSERT, CP1252, WTF8, chunk=0x03, out=0x00, extra=0x61, direction=REPAIR)),
    ('repair-mutf8-escape', header(HOST, KEEP, ESCAPE, MUTF8, chunk=0x00, out=0x00, extra=0x00, direction=REPAIR)),
]
ENCODE_HEADERS = [
    ('strict-be', BE, header(BE, KEEP, STRICT, UNICODE, chunk=0xFF, out=0x80 | 0x7F)),
    ('replace-le-1byte', LE, header(LE, KEEP, REPLACE, UNICODE, chunk=0x00, out=0x00)),
    ('skip-strip', BE, header(BE, STRIP, SKIP, UNICODE, chunk=0x02, out=0x01, extra=0x80)),
    ('escape-insert', LE, header(LE, INSERT, ESCAPE, UNICODE, chunk=0x06, out=0x03, extra=0xE0)),
    ('ucs4-replace', BE, header(BE, INSERT, REPLACE, UCS4, chunk=0x01, out=0x82, extra=0x81)),
    ('ucs4-escape', LE, header(LE, KEEP, ESCAPE, UCS4, chunk=0x3F, out=0x00, extra=0x60)),
    ('cesu-replace', BE, header(BE, KEEP, REPLACE, CESU8, chunk=0x00, out=0x00, extra=0xA0)),
    ('mutf8-strict', LE, header(LE, INSERT, STRICT, MUTF8, chunk=0x03, out=0x01, extra=0x81)),
    ('wtf8-escape', BE, header(BE, STRIP, ESCAPE, WTF8, chunk=0x04, out=0x82, extra=0xE0)),
    ('wtf8-strict-1byte', LE, header(LE, KEEP, STRICT, WTF8, chunk=0x00, out=0x00, extra=0x00)),
    ('detect-insert', BE, header(DETECT, INSERT, LATIN1, UNICODE, chunk=0x01, out=0x00, extra=0x80)),
    ('detect-strip', LE, header(DETECT, STRIP, CP1252, UNICODE, chunk=0x05, out=0x03, extra=0x40)),
]


TILED = 0xE0
TILED_DECODE_HEADERS = [
    ('tiled-replace', header(LE, KEEP, REPLACE, UNICODE, chunk=0xFF, out=0x80 | 0x7F, direction=TO_UCS4 | TILED)),
    ('tiled-repair', header(HOST, KEEP, REPLACE, UNICODE, chunk=0x00, out=0x00, direction=REPAIR | TILED)),
    ('tiled-utf16-skip', header(BE, KEEP, SKIP, UNICODE, chunk=0x02, out=0x01, direction=WIDE_UTF16 | TILED)),
]
TILED_ENCODE_HEADERS = [
    ('tiled-ucs4-replace', LE, header(LE, KEEP, REPLACE, UNICODE, chunk=0xFF, out=0x80 | 0x7F, direction=TO_UCS4 | TILED)),
    ('tiled-utf16-replace', LE, header(LE, KEEP, REPLACE, UNICODE, chunk=0xFF, out=0x80 | 0x7F, direction=WIDE_UTF16 | TILED)),
    ('tiled-utf16-strict-be', BE, header(BE, KEEP, STRICT, UNICODE, chunk=0x00, out=0x00, direction=WIDE_UTF16 | TILED)),
]


def write(directory, name, data):
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, name), 'wb') as f:
        f.write(data)


def main():
    ddir = os.path.join(HERE, 'corpus', 'decode')
    edir = os.path.join(HERE, 'corpus', 'encode')
    sdir = os.path.join(HERE, 'corpus', 'stream')
    for d in (ddir, edir, sdir):
        if os.path.isdir(d):
            for f in os.listdir(d):
                os.unlink(os.path.join(d, f))

    # Each stream with two of the headers, rotating, so every header is
    # used; each run with the headers it names.
    cycle = itertools.cycle(DECODE_HEADERS)
    jobs = [(name, bytes.fromhex(hexs), [next(cycle), next(cycle)]) for name, hexs in DECODE.items()]
    named = dict(DECODE_HEADERS)
    jobs += [(name, data, [(s, named[s]) for s in DECODE_RUNS_HEADERS])
             for name, data in DECODE_RUNS.items()]
    jobs += [(name, data, [(s, named[s]) for s in DECODE_BINARY_HEADERS])
             for name, data in DECODE_BINARY.items()]
    for name, data, headers in jobs:
        for suffix, h in headers:
            write(ddir, f'{name}.{suffix}', h + data)
            # fuzz-stream's byte 0 is the GUtf8ConvDirection value itself.
            sh = bytes([2 if h[0] == REPAIR else 0]) + h[1:]
            write(sdir, f'decode-{name}.{suffix}', sh + data)

    cycle = itertools.cycle(ENCODE_HEADERS)
    streams = [(n, v, b'') for n, v in ENCODE.items()]
    streams += [(n, [0x41], t) for n, t in TAILS.items()]
    jobs = [(name, values, tail, [next(cycle), next(cycle)]) for name, values, tail in streams]
    named = {suffix: (suffix, order, h) for suffix, order, h in ENCODE_HEADERS}
    jobs += [(name, values, b'', [named[s] for s in ENCODE_RUNS_HEADERS])
             for name, values in ENCODE_RUNS.items()]
    for name, values, tail, headers in jobs:
        for suffix, order, h in headers:
            fmt = '>I' if order == BE else '<I'
            body = b''.join(struct.pack(fmt, v) for v in values)
            write(edir, f'{name}.{suffix}', h + body + tail)
            write(sdir, f'encode-{name}.{suffix}', bytes([1]) + h[1:] + body + tail)

    # UTF-16: fuzz-stream's byte 0 is 3 (UTF-8 to UTF-16) or 4.
    cycle = itertools.cycle(DECODE_UTF16_HEADERS)
    for name, hexs in DECODE.items():
        suffix, h = next(cycle)
        write(ddir, f'{name}.{suffix}', h + bytes.fromhex(hexs))
        write(sdir, f'decode-{name}.{suffix}', bytes([3]) + h[1:] + bytes.fromhex(hexs))
    cycle = itertools.cycle(ENCODE_UTF16_HEADERS)
    streams = [(n, v, b'') for n, v in ENCODE_UTF16.items()]
    streams += [(n, [0x41] + units, odd) for n, (units, odd) in UTF16_TAILS.items()]
    for name, values, odd in streams:
        for suffix, order, h in (next(cycle), next(cycle)):
            body = utf16(values, order) + odd
            write(edir, f'{name}.{suffix}', h + body)
            write(sdir, f'encode-{name}.{suffix}', bytes([4]) + h[1:] + body)

    # Tiled (byte 0's bits 5-7 set): fuzz-harness.c also repeats the
    # stream with clean text between, to 8 KiB, for what the kernels do
    # only over kilobytes (a mending loop that keeps to its blocks until a
    # kilobyte passes clean).
    # Damaged text mostly, each way; not fuzz-stream's (byte 0 is its
    # direction).
    for name in ('mixed-long', 'subparts-1', 'lone-continuations', 'ascii-long'):
        data = bytes.fromhex(DECODE[name])
        for suffix, h in TILED_DECODE_HEADERS:
            write(ddir, f'{name}.{suffix}', h + data)
    for name, data in DECODE_BINARY.items():
        for suffix, h in TILED_DECODE_HEADERS:
            write(ddir, f'{name}.{suffix}', h + data)
    for name in ('mixed-long', 'lone'):
        for suffix, order, h in TILED_ENCODE_HEADERS[1:]:
            write(edir, f'{name}.{suffix}', h + utf16(ENCODE_UTF16[name], order))
    for suffix, order, h in ENCODE_UTF16_HEADERS[:2] + TILED_ENCODE_HEADERS[1:]:
        write(edir, f'latin-long.{suffix}', h + utf16(LATIN_LONG, order))
    named = {suffix: (suffix, order, h) for suffix, order, h in ENCODE_HEADERS + TILED_ENCODE_HEADERS}
    for suffix, order, h in (named[s] for s in ('strict-be', 'replace-le-1byte', 'mutf8-strict', 'tiled-ucs4-replace')):
        fmt = '>I' if order == BE else '<I'
        write(edir, f'latin-long-ucs4.{suffix}', h + b''.join(struct.pack(fmt, v) for v in LATIN_LONG_UCS4))


if __name__ == '__main__':
    main()
