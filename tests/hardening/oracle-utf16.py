#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Differential tests of the UTF-16 directions against Python's codecs and
glibc's iconv.

Usage: oracle-utf16.py ORACLE_HELPER [N]

N (default 10 000) seeded random inputs per oracle, each converted by
ORACLE_HELPER through the library and compared in bytes, num-invalid,
error kind and error offset with:

  Python's 'utf-16-le' and 'utf-16-be' (UTF-16 to UTF-8), with 'strict',
      'replace' and 'ignore' (one count per handler call), and
      'surrogatepass' (the WTF-8 profile: lone surrogates pass);
  Python's UTF-8 decoder with 'strict', 'replace', 'ignore' and
      'surrogateescape', then .encode('utf-16-le'/'utf-16-be',
      'surrogatepass') (UTF-8 to UTF-16, ESCAPE's lone low units);
  'surrogatepass' then .encode('utf-8', 'surrogateescape') (ESCAPE from
      UTF-16 back to bytes);
  Python's 'utf-16' (signature read, or written in front: DETECT or
      little-endian with the signature mode);
  glibc's iconv(3) 'UTF-16LE', 'UTF-16BE' and 'UTF-16', both ways,
      through ctypes.

Where an oracle differs from the behaviour guide (#behaviour-utf16-end,
#behaviour-utf16-signature) the input is counted apart, and the library
must give exactly the guide's answer, which the oracle's is turned into:
a high unit then an odd byte at the end is two malformed items, not one
(Python); input without a signature is big-endian, not the machine's
order (Python's and glibc's 'UTF-16'); INSERT reuses a leading U+FEFF
instead of writing a second one, and writes the signature alone for an
empty input (glibc); a high unit at the very end is a cut-off pair, not a
lone surrogate (Python's surrogatepass); UTF-8 at the end that is not a
prefix of a well-formed sequence (F5..FD, E0 80, ...) is malformed, not
cut off (glibc).  Prints TAP.
"""
import ctypes
import ctypes.util
import random
import sys

import oracle
from oracle import near_valid_utf8, report, run_helper

SEED = 0x0F16
# The enums' values (gutf8conv-enums.h).
TO16, FROM16 = 3, 4
BE, LE, DETECT = 1, 2, 3
KEEP, STRIP, INSERT = range(3)
STRICT, REPLACE, SKIP, ESCAPE = range(4)
UNICODE, WTF8 = 0, 4

# oracle.py registers 'count-replace', 'count-ignore' and
# 'count-surrogateescape', which count their calls in oracle.calls.
calls = oracle.calls

ENDINGS = {BE: 'utf-16-be', LE: 'utf-16-le'}


def units_bytes(units, order):
    return b''.join(u.to_bytes(2, 'big' if order == BE else 'little') for u in units)


def random_utf16(r, order):
    """A short run of units: BMP characters, pairs, lone surrogates, and
    now and then a cut-off end (an odd byte, a high unit, or both)."""
    units = []
    for _ in range(r.randrange(0, 12)):
        k = r.randrange(10)
        if k < 3:
            units.append(r.randrange(0x20, 0x7F))
        elif k < 6:
            units.append(r.choice([0, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFEFF, 0xFFFD,
                                   0xFFFF, r.randrange(0x80, 0xD800), r.randrange(0xE000, 0x10000)]))
        elif k < 8:
            c = r.randrange(0x10000, 0x110000) - 0x10000
            units += [0xD800 + (c >> 10), 0xDC00 + (c & 0x3FF)]
        else:
            units.append(r.randrange(0xD800, 0xE000))
    b = units_bytes(units, order)
    tail = r.randrange(8)
    if tail in (0, 1):
        b += units_bytes([r.randrange(0xD800, 0xDC00)], order)
    if tail in (0, 2):
        b += bytes([r.randrange(256)])
    return b


def high_then_odd_at_end(b, order):
    """Whether @b ends with a high surrogate unit and one more byte."""
    if len(b) % 2 == 0 or len(b) < 3:
        return False
    u = int.from_bytes(b[-3:-1], 'big' if order == BE else 'little')
    return 0xD800 <= u <= 0xDBFF


def python_decode16(b, order, errors):
    """(status, count, offset, UTF-8) of Python's UTF-16 decoder."""
    enc = ENDINGS[order]
    if errors in ('strict', 'surrogatepass'):
        try:
            s = b.decode(enc, errors)
            return 0, 0, 0, s.encode('utf-8', 'surrogatepass')
        except UnicodeDecodeError as e:
            status = 2 if e.reason in ('unexpected end of data', 'truncated data') else 1
            s = b[:e.start].decode(enc, errors)
            return status, 0, e.start, s.encode('utf-8', 'surrogatepass')
    calls[0] = 0
    s = b.decode(enc, 'count-' + errors)
    return 0, calls[0], 0, s.encode('utf-8')


def from16_case(errors, mode, profile):
    def make(r):
        order = r.choice([BE, LE])
        b = random_utf16(r, order)
        exp = python_decode16(b, order, errors)
        apart = None
        # Python: one item for a high unit and an odd byte at the end; the
        # guide: two.  Only REPLACE and SKIP count both.
        if mode in (REPLACE, SKIP) and high_then_odd_at_end(b, order):
            out = exp[3] + (b'\xef\xbf\xbd' if mode == REPLACE else b'')
            apart = (exp[0], exp[1] + 1, exp[2], out)
        return (FROM16, order, KEEP, mode, profile), b, exp, apart
    return make


def python_encode16(s, order):
    return s.encode(ENDINGS[order], 'surrogatepass')


GOOD = [
    lambda r: chr(r.randrange(0x20, 0x7F)),
    lambda r: chr(r.choice([0, 0x80, 0x7FF, 0x800, 0xFEFF, 0xFFFD, 0xFFFF, 0x10000, 0x1F600,
                            0x10FFFF])),
    lambda r: chr(r.randrange(0x80, 0x800)),
    lambda r: chr(r.choice([r.randrange(0x800, 0xD800), r.randrange(0xE000, 0x10000)])),
    lambda r: chr(r.randrange(0x10000, 0x110000)),
]
BAD = [
    b'\x80', b'\xbf', b'\xc0\xae', b'\xc3', b'\xe2\x82', b'\xed\xa0\x80', b'\xed\xbf\xbf',
    b'\xf0\x9f\x98', b'\xf4\x90\x80\x80', b'\xf5', b'\xfe', b'\xff',
]


def to16_case(errors, mode):
    def make(r):
        order = r.choice([BE, LE])
        b = near_valid_utf8(r, GOOD, BAD)
        if errors == 'strict':
            try:
                exp = 0, 0, 0, python_encode16(b.decode('utf-8'), order)
            except UnicodeDecodeError as e:
                status = 2 if e.reason == 'unexpected end of data' else 1
                exp = status, 0, e.start, python_encode16(b[:e.start].decode('utf-8'), order)
        else:
            calls[0] = 0
            s = b.decode('utf-8', 'count-' + errors)
            exp = 0, calls[0], 0, python_encode16(s, order)
        return (TO16, order, KEEP, mode, UNICODE), b, exp, None
    return make



def escape_back_case(r):
    """UTF-16 with lone U+DC80..U+DCFF (bytes escaped) and now and then
    another lone unit, which ESCAPE cannot turn into a byte."""
    order = r.choice([BE, LE])
    raw = near_valid_utf8(r, GOOD, BAD)
    s = raw.decode('utf-8', 'surrogateescape')
    if r.randrange(4) == 0:
        at = r.randrange(len(s) + 1)
        s = s[:at] + chr(r.choice([0xD800, 0xDBFF, 0xDC00, 0xDC7F, 0xDFFF])) + s[at:]
    b = python_encode16(s, order)
    # The units as UTF-16 reads them back (a high before a low is a pair).
    s = b.decode(ENDINGS[order], 'surrogatepass')
    escaped = sum(1 for c in s if 0xDC80 <= ord(c) <= 0xDCFF)
    apart = None
    try:
        exp = 0, escaped, 0, s.encode('utf-8', 'surrogateescape')
    except UnicodeEncodeError as e:
        done = s[:e.start]
        exp = (1, sum(1 for c in done if 0xDC80 <= ord(c) <= 0xDCFF),
               len(python_encode16(done, order)), done.encode('utf-8', 'surrogateescape'))
        # A high unit at the very end is a cut-off pair to the guide, a
        # lone surrogate to Python.
        if e.start == len(s) - 1 and 0xD800 <= ord(s[-1]) <= 0xDBFF:
            apart = (2,) + exp[1:]
    return (FROM16, order, KEEP, ESCAPE, UNICODE), b, exp, apart


def signature_read_case(r):
    """Python's 'utf-16' decoder against DETECT with STRIP."""
    order = r.choice([BE, LE])
    b = random_utf16(r, order)
    if r.randrange(4) != 0:
        b = (b'\xfe\xff' if order == BE else b'\xff\xfe') + b
    try:
        s = b.decode('utf-16', 'strict')
        exp = 0, 0, 0, s.encode('utf-8')
    except UnicodeDecodeError as e:
        status = 2 if e.reason in ('unexpected end of data', 'truncated data') else 1
        exp = status, 0, e.start, b[:e.start].decode('utf-16').encode('utf-8')
    apart = None
    if b[:2] not in (b'\xfe\xff', b'\xff\xfe') and sys.byteorder == 'little':
        # Without a signature: the machine's order to Python, big-endian to
        # the guide, which is what 'utf-16-be' reads.
        apart = python_decode16(b, BE, 'strict')
    return (FROM16, DETECT, STRIP, STRICT, UNICODE), b, exp, apart


def signature_write_case(r):
    """Python's 'utf-16' encoder (the signature, then the machine's order)
    against INSERT in that order."""
    s = ''.join(r.choice(GOOD)(r) for _ in range(r.randrange(0, 10)))
    if r.randrange(4) == 0:
        s = '\ufeff' + s
    b = s.encode('utf-8')
    order = BE if sys.byteorder == 'big' else LE
    exp = 0, 0, 0, s.encode('utf-16')
    apart = None
    if s.startswith('\ufeff'):
        # Python writes its signature in front of the text's own; INSERT
        # reuses the text's.
        apart = 0, 0, 0, exp[3][2:]
    return (TO16, order, INSERT, STRICT, UNICODE), b, exp, apart


# ------------------------------------------------------------ glibc iconv

class Iconv:
    """iconv(3) through ctypes: the whole input in one call."""
    E2BIG, EILSEQ, EINVAL = 7, 84, 22

    def __init__(self):
        self.libc = ctypes.CDLL(ctypes.util.find_library('c'), use_errno=True)
        self.libc.iconv_open.restype = ctypes.c_void_p
        self.libc.iconv_open.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
        self.libc.iconv.restype = ctypes.c_size_t
        self.libc.iconv.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_char_p),
                                    ctypes.POINTER(ctypes.c_size_t),
                                    ctypes.POINTER(ctypes.c_char_p),
                                    ctypes.POINTER(ctypes.c_size_t)]
        self.libc.iconv_close.argtypes = [ctypes.c_void_p]

    def convert(self, to, frm, data):
        """(status, offset, output): status 0, 1 (EILSEQ) or 2 (EINVAL)."""
        cd = self.libc.iconv_open(to.encode(), frm.encode())
        assert cd not in (None, ctypes.c_void_p(-1).value), (to, frm)
        try:
            inbuf = ctypes.create_string_buffer(data, len(data) + 1)
            outbuf = ctypes.create_string_buffer(4 * len(data) + 16)
            inp = ctypes.c_char_p(ctypes.addressof(inbuf))
            outp = ctypes.c_char_p(ctypes.addressof(outbuf))
            inleft = ctypes.c_size_t(len(data))
            outleft = ctypes.c_size_t(len(outbuf))
            status = 0
            r = self.libc.iconv(cd, ctypes.byref(inp), ctypes.byref(inleft),
                                ctypes.byref(outp), ctypes.byref(outleft))
            if r == ctypes.c_size_t(-1).value:
                err = ctypes.get_errno()
                assert err in (self.EILSEQ, self.EINVAL), err
                status = 1 if err == self.EILSEQ else 2
            else:
                # The end of the input: whatever the state still holds.
                r = self.libc.iconv(cd, None, None, ctypes.byref(outp), ctypes.byref(outleft))
                assert r != ctypes.c_size_t(-1).value
            offset = len(data) - inleft.value if status else 0
            return status, offset, outbuf.raw[:len(outbuf) - outleft.value]
        finally:
            self.libc.iconv_close(cd)


ICONV = Iconv()
ICONV_NAMES = {BE: 'UTF-16BE', LE: 'UTF-16LE'}


def iconv_from16_case(r):
    order = r.choice([BE, LE])
    b = random_utf16(r, order)
    status, offset, out = ICONV.convert('UTF-8', ICONV_NAMES[order], b)
    return (FROM16, order, KEEP, STRICT, UNICODE), b, (status, 0, offset, out), None


def prefix_of_utf8(tail):
    try:
        tail.decode('utf-8')
        return True
    except UnicodeDecodeError as e:
        return e.start == 0 and e.reason == 'unexpected end of data'


def iconv_to16_case(r):
    order = r.choice([BE, LE])
    b = near_valid_utf8(r, GOOD, BAD)
    status, offset, out = ICONV.convert(ICONV_NAMES[order], 'UTF-8', b)
    apart = None
    # glibc calls any lead byte with too few bytes after it cut off (F5..FD
    # too, the old five- and six-byte forms, and E0 80, ED BF, F4 BF, whose
    # second byte the guide's ranges refuse); the guide calls the end cut
    # off only when it is a prefix of a well-formed sequence, which is
    # when Python's decoder says "unexpected end of data".
    if status == 2 and not prefix_of_utf8(b[offset:]):
        apart = 1, 0, offset, out
    return (TO16, order, KEEP, STRICT, UNICODE), b, (status, 0, offset, out), apart


def iconv_signature_case(r):
    """glibc's 'UTF-16': read with its signature (DETECT, STRIP), written
    with one in front in the machine's order (INSERT)."""
    host = BE if sys.byteorder == 'big' else LE
    if r.randrange(2):
        order = r.choice([BE, LE])
        b = random_utf16(r, order)
        if r.randrange(4) != 0:
            b = (b'\xfe\xff' if order == BE else b'\xff\xfe') + b
        status, offset, out = ICONV.convert('UTF-8', 'UTF-16', b)
        apart = None
        if b[:2] not in (b'\xfe\xff', b'\xff\xfe') and host == LE:
            st, off, o = ICONV.convert('UTF-8', 'UTF-16BE', b)
            apart = st, 0, off, o
        return (FROM16, DETECT, STRIP, STRICT, UNICODE), b, (status, 0, offset, out), apart
    s = ''.join(r.choice(GOOD)(r) for _ in range(r.randrange(0, 10)))
    if r.randrange(4) == 0:
        s = '\ufeff' + s
    b = s.encode('utf-8')
    status, offset, out = ICONV.convert('UTF-16', 'UTF-8', b)
    apart = None
    sig = b'\xff\xfe' if host == LE else b'\xfe\xff'
    if s.startswith('\ufeff'):
        apart = 0, 0, 0, out[2:]      # glibc writes a second signature
    elif not s:
        apart = 0, 0, 0, sig          # glibc writes nothing at all
    return (TO16, host, INSERT, STRICT, UNICODE), b, (status, 0, offset, out), apart


ORACLES = [
    ("UTF-16 to UTF-8 STRICT against 'utf-16-le/be' strict", from16_case('strict', STRICT, UNICODE)),
    ("UTF-16 to UTF-8 REPLACE against 'utf-16-le/be' replace", from16_case('replace', REPLACE, UNICODE)),
    ("UTF-16 to UTF-8 SKIP against 'utf-16-le/be' ignore", from16_case('ignore', SKIP, UNICODE)),
    ("UTF-16 to WTF-8 against 'utf-16-le/be' surrogatepass", from16_case('surrogatepass', STRICT, WTF8)),
    ("UTF-8 to UTF-16 STRICT against 'utf-8' then 'utf-16-le/be'", to16_case('strict', STRICT)),
    ("UTF-8 to UTF-16 REPLACE against 'utf-8' replace", to16_case('replace', REPLACE)),
    ("UTF-8 to UTF-16 SKIP against 'utf-8' ignore", to16_case('ignore', SKIP)),
    ("UTF-8 to UTF-16 ESCAPE against surrogateescape then surrogatepass", to16_case('surrogateescape', ESCAPE)),
    ("UTF-16 to UTF-8 ESCAPE against surrogatepass then surrogateescape", escape_back_case),
    ("UTF-16 with a signature, DETECT and STRIP, against 'utf-16'", signature_read_case),
    ("UTF-8 to UTF-16 with INSERT against 'utf-16'", signature_write_case),
    ("UTF-16 to UTF-8 against glibc iconv UTF-16LE/BE", iconv_from16_case),
    ("UTF-8 to UTF-16 against glibc iconv UTF-16LE/BE", iconv_to16_case),
    ("UTF-16 both ways against glibc iconv UTF-16", iconv_signature_case),
]


def main():
    helper = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
    r = random.Random(SEED)

    cases = []
    for k, (_, make) in enumerate(ORACLES):
        for _ in range(n):
            config, data, expected, apart = make(r)
            cases.append((k, config, data, expected, apart))
    results = run_helper(helper, [(config, data) for _, config, data, _, _ in cases])

    failures = {}
    aparts = {}
    for (k, _, data, exp, apart), got in zip(cases, results):
        if apart is not None and apart != exp:
            # The oracle and the guide differ here: the guide's answer.
            aparts[k] = aparts.get(k, 0) + 1
            exp = apart
        if got != exp:
            failures.setdefault(k, []).append((data, exp, got))

    report([name for name, _ in ORACLES], n, failures,
           {k: f', {m} of them counted apart as the guide differs' for k, m in aparts.items()},
           who='oracle')
    sys.exit(1 if failures else 0)


if __name__ == '__main__':
    main()
