#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The incremental call and the PyGObject overrides, from Python
(behaviour guide, #behaviour-python, #behaviour-feed).

Expected text comes from Python's own codecs (utf-8 with its errors=
handlers, utf-16 for surrogate pairs), which the converter must agree
with, and the codecs registered by register_codecs() are held to the
conventions of CPython's test_codecs: incremental decoding byte by byte,
final, and UnicodeDecodeError's start, end and reason.  Prints TAP.
"""

import codecs
import unittest

# The other binding test, installed beside this one: its TAP runner, the
# namespaces it requires and the short names of the enums.
from test_gutf8conv import B, D, E, GLib, Gio, GUtf8Conv, O, P, main

# Characters of one to four bytes, a stray byte, a cut-off sequence.
DIRTY = b'caf\xc3\xa9 \xe2\x82\xac\xff! \xe2\x82 \xf0\x9f\x98\x80 \xed\xa0\x80.'


def splits(data):
    """Every way to cut @data into three pieces (some empty): 1 to 3
    non-empty pieces."""
    for i in range(len(data) + 1):
        for j in range(i, len(data) + 1):
            yield data[:i], data[i:j], data[j:]


def repairs_by_python(data):
    """The (offset, length) of each maximal subpart Python's utf-8
    replaces, from its own error handler."""
    found = []

    def note(exc):
        found.append((exc.start, exc.end - exc.start))
        return ('\ufffd', exc.end)
    codecs.register_error('test-note', note)
    data.decode('utf-8', 'test-note')
    return found


class TestFeed(unittest.TestCase):

    def test_every_split_decodes_as_python(self):
        expected = DIRTY.decode('utf-8', 'replace').encode('utf-32-le')
        repairs = repairs_by_python(DIRTY)
        for pieces in splits(DIRTY):
            c = GUtf8Conv.Converter.new_full(D.UTF8_TO_UCS4, O.LITTLE_ENDIAN, B.KEEP,
                                             E.REPLACE, P.UNICODE)
            c.collect_repairs(len(DIRTY))
            emitted, collected = [], []
            c.connect('invalid-sequence', lambda conv, o, b: emitted.append((o, b.get_size())))
            out = b''
            for n, piece in enumerate(pieces):
                out += c.feed(piece, n == 2)
                collected += c.take_repairs()
            self.assertEqual(out, expected, pieces)
            self.assertEqual(emitted, repairs, pieces)
            self.assertEqual(collected, repairs, pieces)

    def test_every_split_strict_keeps_the_output_before_the_error(self):
        data = b'caf\xc3\xa9 \xe2\x82\xac \xe2\x82!'
        for pieces in splits(data):
            c = GUtf8Conv.Converter.new(D.UTF8_TO_UTF8)
            out = b''
            with self.assertRaises(GLib.Error) as cm:
                for n, piece in enumerate(pieces):
                    out += c.feed(piece, n == 2)
            self.assertTrue(GUtf8Conv.is_malformed(cm.exception))
            self.assertTrue(cm.exception.matches(Gio.io_error_quark(),
                                                 Gio.IOErrorEnum.INVALID_DATA))
            out += c.take_output_before_error()
            self.assertEqual(out, 'café € '.encode(), pieces)
            self.assertEqual(c.get_error_offset(), 10)

    def test_cut_off_at_the_end_is_the_other_code(self):
        c = GUtf8Conv.Converter.new(D.UTF8_TO_UTF8)
        self.assertEqual(c.feed(b'caf', False), b'caf')
        with self.assertRaises(GLib.Error) as cm:
            c.feed(b'\xe9', True)
        self.assertTrue(cm.exception.matches(Gio.io_error_quark(), Gio.IOErrorEnum.PARTIAL_INPUT))
        self.assertTrue(GUtf8Conv.is_malformed(cm.exception))
        self.assertEqual(c.take_output_before_error(), b'')

    def test_encode_pieces(self):
        text = 'a\u00e9\u20ac\U0001F600'
        data = text.encode('utf-32-le')
        for pieces in splits(data):
            c = GUtf8Conv.Converter.new_full(D.UCS4_TO_UTF8, O.LITTLE_ENDIAN, B.KEEP,
                                             E.STRICT, P.UNICODE)
            out = b''.join(c.feed(p, n == 2) for n, p in enumerate(pieces))
            self.assertEqual(out, text.encode('utf-8'))

    def test_bytes_like_in_bytes_out(self):
        c = GUtf8Conv.Converter.new(D.UTF8_TO_UTF8)
        for data in (b'ab\xc3\xa9', bytearray(b'ab\xc3\xa9'), memoryview(b'ab\xc3\xa9'),
                     GLib.Bytes.new(b'ab\xc3\xa9')):
            out = c.convert_bytes(data)
            self.assertIsInstance(out, bytes)
            self.assertEqual(out, 'abé'.encode())
            # What code written for GLib.Bytes calls still works.
            self.assertEqual(out.get_data(), 'abé'.encode())
            self.assertEqual(out.get_size(), 4)
            self.assertEqual(c.feed(data, True), 'abé'.encode())
        self.assertEqual(c.convert_bytes(b''), b'')
        self.assertEqual(c.feed(b'', True), b'')

    def test_repair_list_bound(self):
        c = GUtf8Conv.Converter.new_full(D.UTF8_TO_UTF8, O.HOST, B.KEEP, E.SKIP, P.UNICODE)
        c.collect_repairs(2)
        self.assertEqual(c.feed(b'a\xffb\xe2\x82c\x80', True), b'abc')
        self.assertEqual(c.take_repairs(), [(1, 1), (3, 2)])
        self.assertEqual(c.get_num_invalid(), 3)
        self.assertEqual(c.take_repairs(), [])


class TestStr(unittest.TestCase):

    def test_decode_encode(self):
        self.assertEqual(GUtf8Conv.decode(b'a\xc0\x80b', P.MODIFIED_UTF8), 'a\0b')
        self.assertEqual(GUtf8Conv.encode('a\0b', P.MODIFIED_UTF8), b'a\xc0\x80b')
        self.assertEqual(GUtf8Conv.decode(DIRTY, errors='replace'),
                         DIRTY.decode('utf-8', 'replace'))
        self.assertEqual(GUtf8Conv.decode(DIRTY, errors='surrogateescape'),
                         DIRTY.decode('utf-8', 'surrogateescape'))
        self.assertEqual(GUtf8Conv.decode(bytearray(b'\xc3\xa9')), '\u00e9')
        with self.assertRaises(UnicodeDecodeError):
            GUtf8Conv.decode(DIRTY)


class TestCodecs(unittest.TestCase):
    """CPython's test_codecs conventions, on the three registered codecs."""

    # Text with U+0000, characters of every length, a BMP noncharacter.
    TEXT = 'a\0\u00e9\u20ac\uffff\U0001F600\U0010FFFF.'

    @classmethod
    def setUpClass(cls):
        GUtf8Conv.register_codecs()

    @staticmethod
    def surrogate_pairs(text):
        """@text with each supplementary character as its UTF-16 pair."""
        return ''.join(
                chr(0xD800 + ((ord(ch) - 0x10000) >> 10)) + chr(0xDC00 + ((ord(ch) - 0x10000) & 0x3FF))
                if ord(ch) > 0xFFFF else ch for ch in text)

    def expected(self, name):
        # CESU-8 is UTF-8 of the UTF-16 units; modified UTF-8 also writes
        # U+0000 as C0 80; WTF-8 of a well-formed str is UTF-8.
        if name == 'wtf-8':
            return self.TEXT.encode('utf-8')
        data = self.surrogate_pairs(self.TEXT).encode('utf-8', 'surrogatepass')
        return data.replace(b'\0', b'\xc0\x80') if name == 'mutf-8' else data

    def test_the_example(self):
        self.assertEqual(b'\xed\xa0\xbd\xed\xb8\x80'.decode('cesu-8'), '\U0001F600')

    def test_lookup(self):
        """Every spelling, the canonical name (#behaviour-python)."""
        for name in ('cesu-8', 'CESU_8', 'mutf-8', 'MUTF_8', 'wtf-8', 'wtf_8'):
            self.assertEqual(codecs.lookup(name).name, name.lower().replace('_', '-'))
        for names, canonical in ((('cesu8', 'CESU8', 'Cesu 8', 'cesu_8'), 'cesu-8'),
                                 (('mutf8', 'MUTF8', 'modified-utf-8', 'Modified_UTF_8',
                                   'modified utf8'), 'mutf-8'),
                                 (('wtf8', 'WTF8', 'Wtf 8'), 'wtf-8')):
            for name in names:
                self.assertEqual(codecs.lookup(name).name, canonical, name)
        self.assertEqual(b'a\xc0\x80'.decode('mutf8'), 'a\0')
        self.assertEqual('\U0001F600'.encode('cesu8'), b'\xed\xa0\xbd\xed\xb8\x80')
        with self.assertRaises(LookupError):
            codecs.lookup('cesu9')

    def test_encode_decode_against_python(self):
        for name in ('cesu-8', 'mutf-8', 'wtf-8'):
            data = self.expected(name)
            self.assertEqual(self.TEXT.encode(name), data, name)
            self.assertEqual(data.decode(name), self.TEXT, name)
            self.assertEqual(codecs.encode(self.TEXT, name), data, name)
            self.assertEqual(codecs.decode(data, name), self.TEXT, name)

    def test_incremental_byte_by_byte(self):
        # As test_codecs.ReadTest.check_partial: each byte alone, the text
        # grows by whole characters only, final flushes nothing more.
        for name in ('cesu-8', 'mutf-8', 'wtf-8'):
            data = self.expected(name)
            d = codecs.getincrementaldecoder(name)()
            text = ''
            for i in range(len(data)):
                text += d.decode(data[i:i + 1])
                whole = data[:i + 1]
                # The text so far is what the longest complete prefix gives
                # (but a modified UTF-8 high surrogate form there, lone at
                # the end, is held until the next form decides:
                # #behaviour-profile-modified-utf8).
                for k in range(len(whole), -1, -1):
                    try:
                        want = whole[:k].decode(name)
                        if name == 'mutf-8' and want and '\ud800' <= want[-1] <= '\udbff':
                            want = want[:-1]
                        self.assertEqual(text, want, (name, i))
                        break
                    except UnicodeDecodeError:
                        continue
            self.assertEqual(d.decode(b'', True), '')
            self.assertEqual(text, self.TEXT, name)
            e = codecs.getincrementalencoder(name)()
            self.assertEqual(b''.join(e.encode(ch) for ch in self.TEXT) + e.encode('', True), data)
            self.assertEqual(list(codecs.iterdecode([bytes([b]) for b in data], name)),
                             [ch for ch in self.TEXT])

    def test_final(self):
        d = codecs.getincrementaldecoder('cesu-8')()
        self.assertEqual(d.decode(b'a\xed\xa0\xbd\xed'), 'a')
        # Two maximal subparts: the high-surrogate form that no complete
        # low form follows, then the low form cut off by the end.
        with self.assertRaises(UnicodeDecodeError) as cm:
            d.decode(b'\xb8', final=True)
        self.assertEqual(cm.exception.reason, 'invalid continuation byte')
        self.assertEqual(cm.exception.object[cm.exception.start:cm.exception.end],
                         b'\xed\xa0\xbd')
        d.reset()
        with self.assertRaises(UnicodeDecodeError) as cm:
            d.decode(b'\xed\xb8', final=True)
        self.assertEqual(cm.exception.reason, 'unexpected end of data')
        self.assertEqual(cm.exception.object[cm.exception.start:cm.exception.end],
                         b'\xed\xb8')
        d.reset()
        self.assertEqual(d.decode(b'\xed\xa0\xbd\xed\xb8\x80', final=True), '\U0001F600')

    def test_error_attributes(self):
        # As test_codecs checks Python's utf-8: start and end around the
        # maximal subpart, the reason, the input as object.
        cases = [(b'ab\xffc', 2, 3, 'invalid start byte'),
                 (b'ab\xe2\x82c', 2, 4, 'invalid continuation byte'),
                 (b'ab\xe2\x82', 2, 4, 'unexpected end of data'),
                 (b'\xf0\x9f\x98\x80', 0, 1, 'invalid start byte')]
        for data, start, end, reason in cases:
            with self.assertRaises(UnicodeDecodeError) as cm:
                data.decode('cesu-8')
            e = cm.exception
            self.assertEqual((e.encoding, e.object, e.start, e.end, e.reason),
                             ('cesu-8', data, start, end, reason), data)
            # Python's utf-8 agrees where the forms are the same.
            if data[0] != 0xF0:
                with self.assertRaises(UnicodeDecodeError) as py:
                    data.decode('utf-8')
                self.assertEqual((py.exception.start, py.exception.end, py.exception.reason),
                                 (start, end, reason))
        with self.assertRaises(UnicodeEncodeError) as cm:
            'a\ud800b'.encode('cesu-8')
        self.assertEqual((cm.exception.start, cm.exception.end), (1, 2))

    def test_error_handlers(self):
        data = b'a\xffb\xe2\x82c'
        # The names Python's utf-8 has give what they give there.
        for errors in ('replace', 'ignore', 'surrogateescape', 'backslashreplace'):
            self.assertEqual(data.decode('wtf-8', errors), data.decode('utf-8', errors), errors)
        self.assertEqual(data.decode('cesu-8', 'surrogateescape').encode('cesu-8', 'surrogateescape'),
                         data)
        # Not in modified UTF-8, where U+DC80..U+DCFF are lone surrogates
        # that it writes as Java does (#behaviour-profile-modified-utf8).
        self.assertEqual('a\udcffb'.encode('mutf-8', 'surrogateescape'), b'a\xed\xb3\xbfb')
        for errors in ('replace', 'ignore', 'backslashreplace', 'xmlcharrefreplace'):
            self.assertEqual('a\udcffb'.encode('cesu-8', errors),
                             'a\udcffb'.encode('utf-8', errors), errors)
        # surrogatepass: the lone surrogates CESU-8 refuses.
        self.assertEqual(b'a\xed\xa0\x80b'.decode('cesu-8', 'surrogatepass'), 'a\ud800b')
        self.assertEqual('a\ud800b'.encode('cesu-8', 'surrogatepass'), b'a\xed\xa0\x80b')
        # WTF-8 and modified UTF-8 carry them anyway, modified UTF-8 a
        # pair of units as two forms, as Java's writeUTF does
        # (#behaviour-profile-modified-utf8).
        self.assertEqual(b'a\xed\xa0\x80b'.decode('mutf-8'), 'a\ud800b')
        self.assertEqual('a\ud800b\udc00\ud83d\ude00'.encode('mutf-8'),
                         b'a\xed\xa0\x80b\xed\xb0\x80\xed\xa0\xbd\xed\xb8\x80')
        self.assertEqual(b'\xed\xa0\xbd\xed\xb8\x80\xed\xb8\x80'.decode('mutf-8'), '\U0001F600\ude00')
        self.assertEqual(b'a\xed\xa0\x80b'.decode('wtf-8'), 'a\ud800b')
        self.assertEqual('a\ud800b'.encode('wtf-8'), b'a\xed\xa0\x80b')

    def test_incremental_errors(self):
        # A stray byte met by the incremental decoder: the error is on that
        # call's input; replace goes on across the calls.
        d = codecs.getincrementaldecoder('cesu-8')('replace')
        out = ''.join(d.decode(bytes([b])) for b in b'a\xe2\x82b\xff') + d.decode(b'', True)
        self.assertEqual(out, 'a\ufffdb\ufffd')
        d = codecs.getincrementaldecoder('cesu-8')()
        self.assertEqual(d.decode(b'ab'), 'ab')
        with self.assertRaises(UnicodeDecodeError) as cm:
            d.decode(b'c\xff')
        self.assertEqual((cm.exception.object, cm.exception.start, cm.exception.end), (b'c\xff', 1, 2))


if __name__ == '__main__':
    main()
