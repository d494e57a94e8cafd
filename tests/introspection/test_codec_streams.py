#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The codecs of the PyGObject overrides read as streams, and feed()
against convert_bytes(), from Python (behaviour guide, #behaviour-python,
#behaviour-feed, #behaviour-repair-list).

The stream tests follow the patterns of CPython's own test_codecs
(ReadTest: partial reads, readline, mixed readline and read, one byte at
a time), written here for cesu-8, mutf-8 and wtf-8: reading in pieces of
any size gives the text the whole input decodes to, a character cut by a
read is never an error, and every errors= handler means what it means for
Python's utf-8.  The property tests are seeded, so a failure names the
seed that gives it again.  Prints TAP.
"""

import codecs
import io
import os
import random
import tempfile
import unittest

# The other binding test, installed beside this one: its TAP runner and
# the short names of the enums.
from test_gutf8conv import B, D, E, GLib, GUtf8Conv, O, P, main

NAMES = ('cesu-8', 'mutf-8', 'wtf-8')
PROFILES = {'cesu-8': P.CESU8, 'mutf-8': P.MODIFIED_UTF8, 'wtf-8': P.WTF8}
HANDLERS = ('strict', 'ignore', 'replace', 'backslashreplace', 'surrogateescape',
            'surrogatepass', 'test-streams-note')
SEED = int(os.environ.get('TEST_SEED', '20261127'))

# Lines of every character length, U+0000, a supplementary character and
# each kind of line end.
LINES = ['Humpty Dumpty sat on a wall,\n', 'caf\u00e9 \u20ac\U0001F600\r\n', '\0nul\r',
         'x' * 100 + '\u00e9' * 50 + '\n', '\n', 'Humpty \U0010FFFF had a great fall.\n',
         'end']
TEXT = ''.join(LINES)


def notes():
    """A custom handler, registered with codecs.register_error, that
    records the (start, end) it is called with and replaces."""
    seen = []

    def note(exc):
        seen.append((exc.start, exc.end))
        return ('<%s>' % exc.object[exc.start:exc.end].hex(), exc.end)
    codecs.register_error('test-streams-note', note)
    return seen


class OneByte(io.RawIOBase):
    """A stream that gives at most one byte a read, as CPython's
    test_codecs Queue does for its partial tests."""

    def __init__(self, data):
        self.data = data
        self.at = 0

    def readable(self):
        return True

    def readinto(self, b):
        if self.at >= len(self.data) or len(b) == 0:
            return 0
        b[0] = self.data[self.at]
        self.at += 1
        return 1

    def read(self, size=-1):
        b = bytearray(1)
        return bytes(b[:self.readinto(b)])


def dirty_bytes(rng, name, size):
    """Random text of @name with random malformed bytes and forms
    between, ending in '.', so that no read leaves anything unread."""
    alphabet = ['a', ' ', '\n', '\0', '\u00e9', '\u20ac', '\uffff', '\U0001F600', '\U0010FFFF',
                '\ud800', '\udc00', '\udbff']
    bad = [b'\xff', b'\x80', b'\xc0', b'\xc0\xaf', b'\xe2\x82', b'\xf0\x9f\x98\x80', b'\xf0\x9f',
           b'\xed\xa0\x80', b'\xed\xb0\x80', b'\xed\xa0', b'\xed\xa0\xbd\xed\xb8\x80',
           b'\xed\xa0\x80\xed\xb0', b'\xfe']
    out = []
    while len(out) < size:
        if rng.random() < 0.3:
            out.append(rng.choice(bad))
        else:
            ch = rng.choice(alphabet)
            out.append(ch.encode(name, 'surrogatepass') if ch in '\ud800\udc00\udbff'
                       else ch.encode(name))
    return b''.join(out) + b'.'


def pieces(rng, data, most=9):
    """@data cut into random pieces of 1 to @most bytes (and some empty)."""
    out, at = [], 0
    while at < len(data):
        n = rng.randint(0, most)
        out.append(data[at:at + n])
        at += n
    return out


def decoded(data, name, errors):
    """The whole decode, or the UnicodeDecodeError's (start, end, reason)."""
    try:
        return data.decode(name, errors)
    except UnicodeDecodeError as e:
        return (e.start, e.end, e.reason)


class ReadTest(unittest.TestCase):
    """CPython's test_codecs.ReadTest patterns, for the three codecs."""

    @classmethod
    def setUpClass(cls):
        GUtf8Conv.register_codecs()

    def partial_results(self, name):
        """What each prefix of the text's bytes decides: the text of its
        longest prefix that a whole decode accepts (#behaviour-python)."""
        data = TEXT.encode(name)
        results = []
        for i in range(1, len(data) + 1):
            for k in range(i, -1, -1):
                try:
                    text = data[:k].decode(name)
                    # A modified UTF-8 high form there, lone at the end, is
                    # held until the next form decides
                    # (#behaviour-profile-modified-utf8).
                    if name == 'mutf-8' and text and '\ud800' <= text[-1] <= '\udbff':
                        text = text[:-1]
                    results.append(text)
                    break
                except UnicodeDecodeError:
                    continue
        return data, results

    def test_partial(self):
        """check_partial: after each byte the StreamReader, the
        incremental decoder and iterdecode have all the characters it
        completes, and none cut; cut characters are never errors
        (#behaviour-python)."""
        for name in NAMES:
            data, results = self.partial_results(name)
            q = io.BytesIO()
            reader = codecs.getreader(name)(q)
            text = ''
            for i, b in enumerate(data):
                q.write(bytes([b]))
                q.seek(-1, io.SEEK_CUR)
                text += reader.read()
                self.assertEqual(text, results[i], (name, i))
            self.assertEqual(reader.read(), '')
            self.assertEqual(reader.bytebuffer, b'')
            d = codecs.getincrementaldecoder(name)()
            text = ''
            for i, b in enumerate(data):
                text += d.decode(bytes([b]))
                self.assertEqual(text, results[i], (name, i))
            self.assertEqual(d.decode(b'', True), '')
            self.assertEqual(d.getstate(), (b'', 0))
            self.assertEqual(''.join(codecs.iterdecode([bytes([b]) for b in data], name)), TEXT)

    def test_read_cut_character(self):
        """read(1) of a two-byte character, as the issue reported: the
        reader reads on, as utf-8's does (#behaviour-python)."""
        for name in NAMES:
            self.assertEqual(codecs.getreader(name)(io.BytesIO('\u00e9'.encode(name))).read(1),
                             '\u00e9', name)
            self.assertEqual(codecs.getreader(name)(io.BytesIO('\U0001F600!'.encode(name))).read(1),
                             '\U0001F600', name)

    def test_readline(self):
        """test_readline: readline() with and without keepends and sizes,
        line by line and on one line of every length (#behaviour-python)."""
        for name in NAMES:
            for size in (None, 1, 2, 3, 5, 10, 72, 1000):
                reader = codecs.getreader(name)(io.BytesIO(TEXT.encode(name)))
                lines = []
                while True:
                    line = reader.readline(size) if size else reader.readline()
                    if not line:
                        break
                    lines.append(line)
                self.assertEqual(''.join(lines), TEXT, (name, size))
                if size is None:
                    self.assertEqual(lines, TEXT.splitlines(True), name)
            reader = codecs.getreader(name)(io.BytesIO(TEXT.encode(name)))
            self.assertEqual([reader.readline(keepends=False) for _ in TEXT.splitlines()],
                             TEXT.splitlines(), name)
            for n in range(1, 80):
                line = '\u00e9\U0001F600x'[n % 3] * n + '\n'
                reader = codecs.getreader(name)(io.BytesIO((line * 3).encode(name)))
                self.assertEqual([reader.readline() for _ in range(4)], [line] * 3 + [''],
                                 (name, n))

    def test_mixed_readline_and_read(self):
        """test_mixed_readline_and_read: readline, read(n), readlines and
        read() in turn give the text in order (#behaviour-python)."""
        for name in NAMES:
            data = TEXT.encode(name)
            f = codecs.getreader(name)(io.BytesIO(data))
            self.assertEqual(f.readline(), LINES[0])
            self.assertEqual(f.read(), TEXT[len(LINES[0]):])
            f = codecs.getreader(name)(io.BytesIO(data))
            self.assertEqual(f.readline(), LINES[0])
            self.assertEqual(f.read(1), LINES[1][0])
            self.assertEqual(f.readline(), LINES[1][1:])
            self.assertEqual(f.read(7), LINES[2] + LINES[3][:2])
            self.assertEqual(f.readlines(), [LINES[3][2:]] + LINES[4:])
            self.assertEqual(f.read(), '')
            f = codecs.getreader(name)(io.BytesIO(data))
            self.assertEqual(f.read(size=40, chars=1), TEXT[0])
            self.assertEqual(f.readline(), LINES[0][1:])
            self.assertEqual(f.read(), TEXT[len(LINES[0]):])

    def test_one_byte_at_a_time(self):
        """A stream that gives one byte a read: read(), readline(),
        iteration, TextIOWrapper, codecs.open's StreamReaderWriter
        (#behaviour-python)."""
        for name in NAMES:
            data = TEXT.encode(name)
            self.assertEqual(codecs.getreader(name)(OneByte(data)).read(), TEXT, name)
            self.assertEqual(list(codecs.getreader(name)(OneByte(data))), TEXT.splitlines(True))
            wrapper = io.TextIOWrapper(io.BufferedReader(OneByte(data), 1), encoding=name,
                                       newline='')
            self.assertEqual(wrapper.read(), TEXT, name)
            with tempfile.TemporaryDirectory() as tmp:
                path = os.path.join(tmp, 'lines.txt')
                with codecs.open(path, 'w', name) as f:
                    f.write(TEXT)
                with open(path, 'rb') as f:
                    self.assertEqual(f.read(), data, name)
                with codecs.open(path, 'r', name, buffering=0) as f:
                    self.assertEqual(list(f), TEXT.splitlines(True), name)

    def test_writer(self):
        """getwriter and the incremental encoder, a character at a time,
        give the bytes of the whole encode (#behaviour-python)."""
        for name in NAMES:
            out = io.BytesIO()
            w = codecs.getwriter(name)(out)
            for ch in TEXT:
                w.write(ch)
            self.assertEqual(out.getvalue(), TEXT.encode(name), name)
            self.assertEqual(b''.join(codecs.iterencode(TEXT, name)), TEXT.encode(name))

    def test_tell_and_seek(self):
        """TextIOWrapper's tell() and seek() at every position, read in
        pieces of 1 to 9 characters: getstate() carries held bytes
        (#behaviour-python)."""
        text = TEXT * 3
        for name in NAMES:
            with tempfile.TemporaryDirectory() as tmp:
                path = os.path.join(tmp, 'text')
                with open(path, 'w', encoding=name, newline='') as f:
                    f.write(text)
                for step in range(1, 10):
                    with open(path, encoding=name, newline='') as f:
                        marks, count = [], 0
                        while True:
                            marks.append((f.tell(), count))
                            piece = f.read(step)
                            if not piece:
                                break
                            count += len(piece)
                        for cookie, count in marks:
                            f.seek(cookie)
                            self.assertEqual(f.read(), text[count:], (name, step, count))
            d = codecs.getincrementaldecoder(name)()
            self.assertEqual(d.decode(b'a\xc3'), 'a')
            self.assertEqual(d.getstate(), (b'\xc3', 0))
            d2 = codecs.getincrementaldecoder(name)()
            d2.setstate(d.getstate())
            self.assertEqual(d2.decode(b'\xa9', True), '\u00e9')

    def test_wtf8_high_surrogate_across_calls(self):
        """WTF-8: a low-surrogate form right after a high one is malformed
        even when a read cuts between them; the state's flag carries the
        high one (#behaviour-profile-wtf8, #behaviour-python)."""
        data = b'\xed\xa0\xbd\xed\xb8\x80'
        for cut in range(len(data) + 1):
            d = codecs.getincrementaldecoder('wtf-8')('replace')
            text = d.decode(data[:cut])
            state = d.getstate()
            d2 = codecs.getincrementaldecoder('wtf-8')('replace')
            d2.setstate(state)
            self.assertEqual(text + d2.decode(data[cut:], True), '\ud83d\ufffd', cut)


class Handlers(unittest.TestCase):
    """Every errors= handler Python's utf-8 takes, on the findings of the
    CPython-pattern checks and on random input (#behaviour-python,
    #behaviour-maximal-subparts)."""

    @classmethod
    def setUpClass(cls):
        GUtf8Conv.register_codecs()

    def test_pair_after_high_in_wtf8(self):
        """ED A0 BD ED B8 80 in WTF-8: a high surrogate, then a low form
        that may not follow it, one subpart at 3..6, with every handler
        (no IndexError)."""
        data = b'\xed\xa0\xbd\xed\xb8\x80'
        seen = notes()
        expected = {'ignore': '\ud83d', 'replace': '\ud83d\ufffd',
                    'backslashreplace': '\ud83d\\xed\\xb8\\x80',
                    'surrogateescape': '\ud83d\udced\udcb8\udc80',
                    'surrogatepass': '\ud83d\ude00', 'test-streams-note': '\ud83d<edb880>'}
        for errors in HANDLERS:
            if errors == 'strict':
                with self.assertRaises(UnicodeDecodeError) as cm:
                    data.decode('wtf-8')
                self.assertEqual((cm.exception.start, cm.exception.end), (3, 6))
            else:
                self.assertEqual(data.decode('wtf-8', errors), expected[errors], errors)
        self.assertEqual(seen, [(3, 6)])

    def test_start_after_an_earlier_error(self):
        """start and end count from the start of the input, also after
        an earlier sequence that a handler took."""
        data = b'\xed\xa0\x80' + b'a' * 21 + b'\xff'
        with self.assertRaises(UnicodeDecodeError) as cm:
            data.decode('cesu-8', 'surrogatepass')
        self.assertEqual((cm.exception.object, cm.exception.start, cm.exception.end,
                          cm.exception.reason), (data, 24, 25, 'invalid start byte'))
        seen = notes()
        data.decode('cesu-8', 'test-streams-note')
        self.assertEqual(seen, [(0, 3), (24, 25)])

    def test_subparts_of_a_cut_pair(self):
        """A high form, then a low form cut off by the end: two maximal
        subparts, each its own handler call."""
        for name in ('cesu-8',):
            seen = notes()
            data = b'\xed\xa0\x80\xed\xb0'
            self.assertEqual(data.decode(name, 'replace'), '\ufffd\ufffd', name)
            data.decode(name, 'test-streams-note')
            self.assertEqual(seen, [(0, 3), (3, 5)], name)
            with self.assertRaises(UnicodeDecodeError) as cm:
                data.decode(name)
            self.assertEqual((cm.exception.start, cm.exception.end), (0, 3))
            with self.assertRaises(UnicodeDecodeError) as cm:
                data[3:].decode(name)
            self.assertEqual((cm.exception.start, cm.exception.end, cm.exception.reason),
                             (0, 2, 'unexpected end of data'))
        # Modified UTF-8: the whole high form is a lone surrogate, only the
        # low form cut off by the end is malformed
        # (#behaviour-profile-modified-utf8).
        seen = notes()
        data = b'\xed\xa0\x80\xed\xb0'
        self.assertEqual(data.decode('mutf-8', 'replace'), '\ud800\ufffd')
        data.decode('mutf-8', 'test-streams-note')
        self.assertEqual(seen, [(3, 5)])
        with self.assertRaises(UnicodeDecodeError) as cm:
            data.decode('mutf-8')
        self.assertEqual((cm.exception.start, cm.exception.end, cm.exception.reason),
                         (3, 5, 'unexpected end of data'))

    def test_handler_subparts_are_the_repairs(self):
        """A custom handler is called at each maximal subpart the
        converter repairs (its repair list), in order."""
        rng = random.Random(SEED)
        for name in NAMES:
            for _ in range(30):
                data = dirty_bytes(rng, name, 40)
                conv = GUtf8Conv.Converter.new_full(D.UTF8_TO_UTF8, O.HOST, B.KEEP, E.REPLACE,
                                                    PROFILES[name])
                conv.collect_repairs(len(data))
                conv.convert_bytes(data)
                seen = notes()
                data.decode(name, 'test-streams-note')
                self.assertEqual(seen, [(o, o + n) for o, n in conv.take_repairs()],
                                 (name, data.hex(' ')))

    def test_random_reads_as_whole(self):
        """Seeded: random dirty input, each handler, read by the
        incremental decoder, iterdecode, a StreamReader's read(n) and
        readline(n), and TextIOWrapper in random pieces, gives the whole
        decode (or, strict, the same error)."""
        rng = random.Random(SEED)
        for round_ in range(12):
            for name in NAMES:
                data = dirty_bytes(rng, name, 60)
                for errors in HANDLERS:
                    notes()
                    whole = decoded(data, name, errors)
                    cut = pieces(rng, data)
                    where = (round_, name, errors, data.hex(' '), [c.hex() for c in cut])
                    d = codecs.getincrementaldecoder(name)(errors)
                    try:
                        text = ''.join(d.decode(c) for c in cut) + d.decode(b'', True)
                    except UnicodeDecodeError as e:
                        text = e
                    if isinstance(whole, tuple):
                        # The error in its call: at the same absolute offset.
                        self.assertIsInstance(text, UnicodeDecodeError, where)
                        continue
                    self.assertEqual(text, whole, where)
                    self.assertEqual(''.join(codecs.iterdecode(cut, name, errors)), whole, where)
                    n = rng.randint(1, 12)
                    reader = codecs.getreader(name)(io.BytesIO(data), errors)
                    text = ''
                    while True:
                        piece = reader.read(n) if rng.random() < 0.5 else reader.readline(n)
                        if not piece:
                            break
                        text += piece
                    self.assertEqual(text, whole, where + (n,))
                    wrapper = io.TextIOWrapper(io.BufferedReader(io.BytesIO(data), 16),
                                               encoding=name, errors=errors, newline='')
                    text = ''
                    while True:
                        piece = wrapper.read(rng.randint(1, 12))
                        if not piece:
                            break
                        text += piece
                    self.assertEqual(text, whole, where)

    def test_strict_error_offsets_in_pieces(self):
        """Seeded: strict, in random pieces, the error names the same
        absolute byte as the whole decode's (counting what each call was
        given and what the decoder held)."""
        rng = random.Random(SEED + 1)
        for _ in range(60):
            name = rng.choice(NAMES)
            data = dirty_bytes(rng, name, 30)
            whole = decoded(data, name, 'strict')
            if not isinstance(whole, tuple):
                continue
            d = codecs.getincrementaldecoder(name)()
            given = 0
            for c in pieces(rng, data) + [None]:
                held = len(d.getstate()[0])
                try:
                    d.decode(c or b'', c is None)
                except UnicodeDecodeError as e:
                    self.assertEqual((given - held + e.start, given - held + e.end, e.reason),
                                     whole, (name, data.hex(' ')))
                    break
                given += len(c)
            else:
                self.fail('no error: %s %s' % (name, data.hex(' ')))

    def test_dense_garbage_with_a_handler(self):
        """A handler at each of 20000 bad bytes, read in pieces: the same
        as utf-8's, and every call at its byte."""
        data = b'\xff' * 20000
        seen = notes()
        for name in NAMES:
            del seen[:]
            reader = codecs.getreader(name)(io.BytesIO(data), 'test-streams-note')
            self.assertEqual(reader.read(), '<ff>' * 20000, name)
            self.assertEqual(seen, [(i, i + 1) for i in range(20000)], name)
            self.assertEqual(data.decode(name, 'backslashreplace'),
                             data.decode('utf-8', 'backslashreplace'))


class Writers(unittest.TestCase):
    """The encoding side of the streams, with every handler
    (#behaviour-python, #behaviour-encoding-errors)."""

    @classmethod
    def setUpClass(cls):
        GUtf8Conv.register_codecs()

    def test_random_writes_as_whole(self):
        """Seeded: random text with lone surrogates, written in random
        pieces by the incremental encoder and a StreamWriter, gives the
        bytes of the whole encode, or fails where it fails."""
        rng = random.Random(SEED + 3)
        alphabet = ['a', '\0', '\u00e9', '\U0001F600', '\ud800', '\udc00', '\udbff', '\n']
        for _ in range(200):
            name = rng.choice(NAMES)
            text = ''.join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
            for errors in ('strict', 'ignore', 'replace', 'backslashreplace',
                           'xmlcharrefreplace', 'surrogatepass', 'surrogateescape'):
                try:
                    whole = text.encode(name, errors)
                except UnicodeEncodeError as e:
                    whole = e.start
                cut = []
                while sum(map(len, cut)) < len(text):
                    at = sum(map(len, cut))
                    cut.append(text[at:at + rng.randint(0, 5)])
                e = codecs.getincrementalencoder(name)(errors)
                try:
                    got = b''.join(e.encode(c) for c in cut) + e.encode('', True)
                except UnicodeEncodeError:
                    got = None
                where = (name, errors, text, cut)
                if isinstance(whole, int):
                    self.assertIsNone(got, where)
                    continue
                self.assertEqual(got, whole, where)
                out = io.BytesIO()
                w = codecs.getwriter(name)(out, errors)
                w.writelines(cut)
                if name != 'wtf-8':     # its writer joins no pair cut between writes
                    self.assertEqual(out.getvalue(), whole, where)

    def test_error_positions_after_a_handler(self):
        """A handler's calls name positions of the whole text, also after
        an earlier one, and a handler at each of 20000 lone surrogates
        gives what utf-8's does."""
        seen = []

        def note(exc):
            seen.append((exc.start, exc.end))
            return ('?', exc.end)
        codecs.register_error('test-streams-encode-note', note)
        self.assertEqual(('a\ud800' + 'b' * 30 + '\udfff').encode('cesu-8', 'test-streams-encode-note'),
                         b'a?' + b'b' * 30 + b'?')
        self.assertEqual(seen, [(1, 2), (32, 33)])
        # CESU-8 refuses lone surrogates (modified UTF-8 writes them).
        text = '\ud800' * 20000
        self.assertEqual(text.encode('cesu-8', 'backslashreplace'),
                         text.encode('utf-8', 'backslashreplace'))


class FeedAgainstWhole(unittest.TestCase):
    """Seeded: random input fed through feed() in random pieces gives what
    convert_bytes() gives the whole, in every direction, error mode and
    profile: the same output, the same repairs, the same error
    (#behaviour-feed, #behaviour-repair-list)."""

    DIRECTIONS = (D.UTF8_TO_UCS4, D.UCS4_TO_UTF8, D.UTF8_TO_UTF8, D.UTF8_TO_UTF16,
                  D.UTF16_TO_UTF8)
    MODES = (E.STRICT, E.REPLACE, E.SKIP, E.ESCAPE, E.LATIN1, E.CP1252)
    PROFILES = (P.UNICODE, P.UCS4, P.CESU8, P.MODIFIED_UTF8, P.WTF8)

    @classmethod
    def setUpClass(cls):
        GUtf8Conv.register_codecs()

    @staticmethod
    def random_input(rng, direction):
        n = rng.randint(0, 40)
        if direction in (D.UCS4_TO_UTF8, D.UTF16_TO_UTF8):
            unit = 4 if direction == D.UCS4_TO_UTF8 else 2
            values = [rng.choice([0x41, 0xE9, 0x20AC, 0xD800, 0xDC00, 0xDBFF, 0xDFFF, 0xFEFF,
                                  0x1F600, 0x10FFFF, 0x110000, 0xFFFFFFFF, 0])
                      for _ in range(n)]
            if unit == 2:
                values = [v & 0xFFFF for v in values]
            data = b''.join(v.to_bytes(unit, rng.choice(['little', 'big'])) for v in values)
            return data[:len(data) - rng.randint(0, 1) * rng.randint(0, unit - 1)]
        return dirty_bytes(rng, 'wtf-8', n)[:-1] + bytes(rng.randint(0, 255)
                                                          for _ in range(rng.randint(0, 3)))

    @staticmethod
    def run_pieces(conv, cut):
        out, repairs = b'', []
        try:
            for n, piece in enumerate(cut):
                out += conv.feed(piece, n == len(cut) - 1)
                repairs += conv.take_repairs()
            return out, repairs, None
        except GLib.Error as e:
            repairs += conv.take_repairs()
            return out + conv.take_output_before_error(), repairs, (e.code, e.message)

    def test_feed_in_pieces_is_convert_bytes(self):
        rng = random.Random(SEED + 2)
        for _ in range(1500):
            direction = rng.choice(self.DIRECTIONS)
            mode = rng.choice(self.MODES)
            profile = rng.choice(self.PROFILES)
            order = rng.choice([O.HOST, O.BIG_ENDIAN, O.LITTLE_ENDIAN, O.DETECT])
            bom = rng.choice([B.KEEP, B.STRIP, B.INSERT])
            try:
                whole = GUtf8Conv.Converter.new_full(direction, order, bom, mode, profile)
            except (GLib.Error, TypeError):
                continue
            data = self.random_input(rng, direction)
            whole.collect_repairs(len(data) + 1)
            try:
                expected = (bytes(whole.convert_bytes(data)), whole.take_repairs(), None)
            except GLib.Error as e:
                expected = (None, whole.take_repairs(), (e.code, e.message))
            conv = GUtf8Conv.Converter.new_full(direction, order, bom, mode, profile)
            conv.collect_repairs(len(data) + 1)
            cut = pieces(rng, data, 7) + [b'']
            got = self.run_pieces(conv, cut)
            where = (direction.value_nick, mode.value_nick, profile.value_nick,
                     order.value_nick, bom.value_nick, data.hex(' '), [c.hex() for c in cut])
            self.assertEqual(got[1:], expected[1:], where)
            if expected[0] is not None:
                self.assertEqual(got[0], expected[0], where)
            self.assertEqual(conv.get_num_invalid(), whole.get_num_invalid(), where)


if __name__ == '__main__':
    main()
