#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""GUtf8Conv through GObject-Introspection, from PyGObject.

Expected bytes come from Python's own codecs (utf-8 with 'replace',
'ignore', 'surrogateescape'; utf-32; utf-8-sig), which implement the same
maximal-subpart rule independently, or from the standards' vectors.
Prints TAP, one line per test.
"""

import fcntl
import os
import struct
import sys
import termios
import threading
import time
import unittest

# Installed, the site directory of the overrides of this test's prefix,
# which Python does not search unless the prefix is its own.
if os.environ.get('GUTF8CONV_TEST_SITE'):
    sys.path.insert(0, os.environ['GUTF8CONV_TEST_SITE'])

import gi  # noqa: E402

gi.require_version('GLib', '2.0')
gi.require_version('GObject', '2.0')
gi.require_version('Gio', '2.0')
gi.require_version('GUtf8Conv', '1.0')
from gi.repository import GLib, GObject, Gio, GUtf8Conv  # noqa: E402

D = GUtf8Conv.Direction
O = GUtf8Conv.ByteOrder
B = GUtf8Conv.BomMode
E = GUtf8Conv.ErrorMode
P = GUtf8Conv.Profile

HOST = 'le' if sys.byteorder == 'little' else 'be'
# DETECT reads input without a signature, and writes, big-endian.
CODEC = {O.HOST: 'utf-32-' + HOST, O.BIG_ENDIAN: 'utf-32-be',
         O.LITTLE_ENDIAN: 'utf-32-le', O.DETECT: 'utf-32-be'}

# Text with 1- to 4-octet characters, a noncharacter and an inner U+FEFF.
TEXT = 'A\u2262\u0391. \ud55c\uad6d\uc5b4 \u65e5\u672c\u8a9e \U000233b4 \uffff\ufeff\U0010ffff end\n'
# Malformed UTF-8 from the behaviour guide's examples, between valid text.
BAD_UTF8 = (b'a\xf1\x80\x80\xe1\x80\xc2b\x80c\x80\xbfd' b'\xe1\x80\xe2\xf0\x91\x92\xf1\xbfA'
            b' \xed\xa0\x80 \xc0\x80 /\xc0\xae./ \xed\xa1\x8c\xed\xbe\xb4 \xfe\xff \xc3\xa9 \xe2\x82')


def ucs4(text, order=O.HOST):
    return text.encode(CODEC[order], 'surrogatepass')


def from_ucs4(data, order=O.HOST):
    return data.decode(CODEC[order], 'surrogatepass')


def convert(conv, data):
    out = conv.convert_bytes(GLib.Bytes.new(data))
    return out.get_data()


def read_all(stream, count=4096):
    """Reads a GInputStream to its end; returns the bytes and the error."""
    chunks = []
    try:
        while True:
            b = stream.read_bytes(count, None).get_data()
            if not b:
                return b''.join(chunks), None
            chunks.append(b)
    except GLib.Error as e:
        return b''.join(chunks), e


def memory_input(data):
    return Gio.MemoryInputStream.new_from_bytes(GLib.Bytes.new(data))


def pipe_input(data, piece):
    """A GUnixInputStream over a pipe that hands out at most @piece bytes
    per read: the writer waits until the reader drained the pipe.  Returns
    the stream and a function that stops the writer."""
    r, w = os.pipe()
    probe = os.dup(r)
    done = threading.Event()

    def drained():
        buf = bytearray(4)
        fcntl.ioctl(probe, termios.FIONREAD, buf)
        return struct.unpack('i', bytes(buf))[0] == 0

    def writer():
        try:
            for i in range(0, len(data), piece):
                os.write(w, data[i:i + piece])
                while not drained() and not done.is_set():
                    time.sleep(0.0002)
        finally:
            os.close(w)

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()

    def stop():
        done.set()
        thread.join()
        os.close(probe)

    return Gio.UnixInputStream.new(r, True), stop


def write_bytewise(conv, data):
    """Writes @data through a GConverterOutputStream one byte at a time,
    flushing after each; returns the bytes and the error."""
    sink = Gio.MemoryOutputStream.new_resizable()
    out = Gio.ConverterOutputStream.new(sink, conv)
    err = None
    try:
        for i in range(len(data)):
            out.write_bytes(GLib.Bytes.new(data[i:i + 1]), None)
            out.flush(None)
        out.close(None)
    except GLib.Error as e:
        err = e
    if not sink.is_closed():
        sink.close(None)
    return sink.steal_as_bytes().get_data(), err


class Enums(unittest.TestCase):
    # The nicks (glib-mkenums' defaults), in value order.
    EXPECTED = {
        'Direction': ('GUtf8ConvDirection', 'GUTF8CONV_DIRECTION_',
                      [('UTF8_TO_UCS4', 'utf8-to-ucs4'), ('UCS4_TO_UTF8', 'ucs4-to-utf8'),
                       ('UTF8_TO_UTF8', 'utf8-to-utf8'), ('UTF8_TO_UTF16', 'utf8-to-utf16'),
                       ('UTF16_TO_UTF8', 'utf16-to-utf8')]),
        'ByteOrder': ('GUtf8ConvByteOrder', 'GUTF8CONV_BYTE_ORDER_',
                      [('HOST', 'host'), ('BIG_ENDIAN', 'big-endian'),
                       ('LITTLE_ENDIAN', 'little-endian'), ('DETECT', 'detect')]),
        'BomMode': ('GUtf8ConvBomMode', 'GUTF8CONV_BOM_',
                    [('KEEP', 'keep'), ('STRIP', 'strip'), ('INSERT', 'insert')]),
        'ErrorMode': ('GUtf8ConvErrorMode', 'GUTF8CONV_ERROR_MODE_',
                      [('STRICT', 'strict'), ('REPLACE', 'replace'), ('SKIP', 'skip'),
                       ('ESCAPE', 'escape'), ('LATIN1', 'latin1'), ('CP1252', 'cp1252')]),
        'Profile': ('GUtf8ConvProfile', 'GUTF8CONV_PROFILE_',
                    [('UNICODE', 'unicode'), ('UCS4', 'ucs4'), ('CESU8', 'cesu8'),
                     ('MODIFIED_UTF8', 'modified-utf8'), ('WTF8', 'wtf8')]),
    }

    def test_every_enum_value_and_nick(self):
        for name, (gtype_name, prefix, members) in self.EXPECTED.items():
            enum = getattr(GUtf8Conv, name)
            self.assertEqual(enum.__gtype__.name, gtype_name)
            self.assertTrue(enum.__gtype__.is_a(GObject.TYPE_ENUM))
            self.assertEqual(sorted(enum.__enum_values__), list(range(len(members))))
            for value, (member, nick) in enumerate(members):
                v = getattr(enum, member)
                self.assertEqual(int(v), value, member)
                self.assertEqual(v.value_nick, nick)
                self.assertEqual(v.value_name, prefix + member)


class Version(unittest.TestCase):
    # Since 1.1: the run-time version, as a number, and the ABI check.
    def test_runtime_version(self):
        got = (GUtf8Conv.get_major_version(), GUtf8Conv.get_minor_version(),
               GUtf8Conv.get_micro_version())
        self.assertEqual('%d.%d.%d' % got, GUtf8Conv.VERSION_S)
        self.assertEqual(got, (GUtf8Conv.MAJOR_VERSION, GUtf8Conv.MINOR_VERSION,
                               GUtf8Conv.MICRO_VERSION))
        self.assertGreaterEqual(got[:2], (1, 1))
        self.assertIsNone(GUtf8Conv.check_version(*got))
        self.assertIsNone(GUtf8Conv.check_version(1, 0, 0))
        self.assertEqual(GUtf8Conv.check_version(got[0] + 1, 0, 0),
                         'gutf8conv version too old (major mismatch)')
        self.assertEqual(GUtf8Conv.check_version(got[0], got[1] + 1, 0),
                         'gutf8conv version too old (minor mismatch)')


class Properties(unittest.TestCase):
    DEFAULTS = {'direction': D.UTF8_TO_UCS4, 'byte-order': O.HOST, 'bom-mode': B.KEEP,
                'error-mode': E.STRICT, 'profile': P.UNICODE}

    def test_defaults_and_getters(self):
        c = GUtf8Conv.Converter()
        self.assertIsInstance(c, Gio.Converter)
        self.assertEqual(c.props.direction, D.UTF8_TO_UCS4)
        self.assertEqual(c.get_direction(), D.UTF8_TO_UCS4)
        self.assertEqual(c.props.byte_order, O.HOST)
        self.assertEqual(c.get_byte_order(), O.HOST)
        self.assertEqual(c.props.bom_mode, B.KEEP)
        self.assertEqual(c.get_bom_mode(), B.KEEP)
        self.assertEqual(c.props.error_mode, E.STRICT)
        self.assertEqual(c.get_error_mode(), E.STRICT)
        self.assertEqual(c.props.profile, P.UNICODE)
        self.assertEqual(c.get_profile(), P.UNICODE)
        self.assertEqual(c.props.num_invalid, 0)
        self.assertEqual(c.get_num_invalid(), 0)

    def test_param_specs(self):
        for name, default in self.DEFAULTS.items():
            pspec = GUtf8Conv.Converter.find_property(name)
            self.assertIsNotNone(pspec, name)
            self.assertEqual(pspec.value_type, type(default).__gtype__, name)
            self.assertEqual(pspec.default_value, default, name)
            self.assertTrue(pspec.flags & GObject.ParamFlags.CONSTRUCT_ONLY, name)
            self.assertTrue(pspec.flags & GObject.ParamFlags.READABLE, name)
        pspec = GUtf8Conv.Converter.find_property('num-invalid')
        self.assertEqual(pspec.value_type, GObject.TYPE_UINT64)
        self.assertEqual(pspec.default_value, 0)
        self.assertEqual(pspec.maximum, GLib.MAXUINT64)
        self.assertFalse(pspec.flags & GObject.ParamFlags.WRITABLE)
        pspec = GUtf8Conv.Converter.find_property('error-offset')
        self.assertEqual(pspec.value_type, GObject.TYPE_INT64)
        self.assertEqual(pspec.default_value, -1)
        self.assertFalse(pspec.flags & GObject.ParamFlags.WRITABLE)
        names = sorted(p.name for p in GUtf8Conv.Converter.list_properties())
        self.assertEqual(names, sorted(list(self.DEFAULTS) + ['num-invalid', 'error-offset',
                                                              'output-profile']))
        pspec = GUtf8Conv.Converter.find_property('output-profile')
        self.assertEqual(pspec.value_type, GObject.TYPE_INT)
        self.assertEqual(pspec.default_value, -1)
        self.assertTrue(pspec.flags & GObject.ParamFlags.CONSTRUCT_ONLY)

    def test_output_profile(self):
        """One converter between two forms of UTF-8, the profile passed
        by name (#behaviour-output-profile)."""
        c = GUtf8Conv.Converter(direction=D.UTF8_TO_UTF8, profile=P.MODIFIED_UTF8,
                                output_profile=P.UNICODE)
        self.assertEqual(c.get_output_profile(), P.UNICODE)
        self.assertEqual(c.props.output_profile, int(P.UNICODE))
        self.assertEqual(c.feed(b'a\xc0\x80\xed\xa0\xbd\xed\xb8\x80', True), b'a\x00\xf0\x9f\x98\x80')
        c = GUtf8Conv.Converter(direction=D.UTF8_TO_UTF8, profile=P.WTF8, output_profile=P.UNICODE)
        with self.assertRaises(GLib.Error) as cm:
            c.feed(b'0123456789\xed\xa0\x80', True)
        self.assertEqual(cm.exception.message, 'Lone surrogate 0xD800 at byte 10 cannot be written in UTF-8')
        self.assertEqual(c.get_error_offset(), 10)
        c = GUtf8Conv.Converter(direction=D.UTF8_TO_UTF8, profile=P.CESU8)
        self.assertEqual(c.props.output_profile, -1)
        self.assertEqual(c.get_output_profile(), -1)

    def test_construct_keywords(self):
        c = GUtf8Conv.Converter(direction=D.UCS4_TO_UTF8, bom_mode=B.INSERT)
        self.assertEqual(c.get_direction(), D.UCS4_TO_UTF8)
        self.assertEqual(c.get_bom_mode(), B.INSERT)
        self.assertEqual(c.get_byte_order(), O.HOST)
        for order in O.__enum_values__.values():
            for bom in B.__enum_values__.values():
                for mode in E.__enum_values__.values():
                    for profile in P.__enum_values__.values():
                        c = GUtf8Conv.Converter(byte_order=order, bom_mode=bom,
                                                error_mode=mode, profile=profile)
                        self.assertEqual((c.get_byte_order(), c.props.bom_mode,
                                          c.get_error_mode(), c.props.profile),
                                         (order, bom, mode, profile))

    def test_new(self):
        for d in (D.UTF8_TO_UCS4, D.UCS4_TO_UTF8):
            c = GUtf8Conv.Converter.new(d)
            self.assertEqual(c.get_direction(), d)
            self.assertEqual(c.get_error_mode(), E.STRICT)

    def test_construct_only(self):
        # Settable at construction only: the flags say so.  Setting one
        # afterwards is not tried: GObject refuses it with a warning or a
        # critical depending on GLib's version, and which it logs is
        # GLib's business, not this library's.
        for name in self.DEFAULTS:
            flags = GUtf8Conv.Converter.find_property(name).flags
            self.assertTrue(flags & GObject.ParamFlags.CONSTRUCT_ONLY, name)
            self.assertTrue(flags & GObject.ParamFlags.WRITABLE, name)
        c = GUtf8Conv.Converter(direction=D.UCS4_TO_UTF8)
        self.assertEqual(c.get_direction(), D.UCS4_TO_UTF8)
        # A read-only property: PyGObject refuses it before GObject sees it.
        with self.assertRaises(TypeError):
            c.props.num_invalid = 3
        self.assertEqual(c.props.num_invalid, 0)


class NumInvalid(unittest.TestCase):
    def test_counts_and_notifies(self):
        expected = BAD_UTF8.decode('utf-8', 'replace').count('\ufffd')
        for mode in (E.REPLACE, E.SKIP, E.ESCAPE):
            c = GUtf8Conv.Converter(error_mode=mode)
            notified = []
            c.connect('notify::num-invalid', lambda o, p: notified.append(o.props.num_invalid))
            convert(c, BAD_UTF8)
            self.assertEqual(c.props.num_invalid, expected)
            self.assertEqual(c.get_num_invalid(), expected)
            self.assertEqual(notified[-1], expected)
            c.reset()
            self.assertEqual(c.props.num_invalid, 0)
            self.assertEqual(notified[-1], 0)

    def test_strict_counts_nothing(self):
        c = GUtf8Conv.Converter()
        with self.assertRaises(GLib.Error):
            convert(c, b'a\x80b')
        self.assertEqual(c.props.num_invalid, 0)

    def test_encoding_counts_units(self):
        text = 'a\ud800b\udfff\udc80c'
        c = GUtf8Conv.Converter(direction=D.UCS4_TO_UTF8, error_mode=E.REPLACE)
        convert(c, ucs4(text))
        self.assertEqual(c.props.num_invalid, 3)
        c = GUtf8Conv.Converter(direction=D.UCS4_TO_UTF8, error_mode=E.ESCAPE)
        convert(c, ucs4('a\udc80\udcffb'))
        self.assertEqual(c.props.num_invalid, 2)

    def test_through_a_stream(self):
        c = GUtf8Conv.Converter(error_mode=E.REPLACE)
        out, err = read_all(Gio.ConverterInputStream.new(memory_input(BAD_UTF8), c), 7)
        self.assertIsNone(err)
        self.assertEqual(out, ucs4(BAD_UTF8.decode('utf-8', 'replace')))
        self.assertEqual(c.props.num_invalid, BAD_UTF8.decode('utf-8', 'replace').count('\ufffd'))


class ConvertBytes(unittest.TestCase):
    def test_decode_every_byte_order(self):
        data = TEXT.encode('utf-8')
        for order in O.__enum_values__.values():
            c = GUtf8Conv.Converter(byte_order=order)
            self.assertEqual(convert(c, data), ucs4(TEXT, order))

    def test_encode_every_byte_order(self):
        for order in O.__enum_values__.values():
            if order == O.DETECT:
                continue   # DETECT with a signature: Version11.test_detect
            c = GUtf8Conv.Converter(direction=D.UCS4_TO_UTF8, byte_order=order)
            self.assertEqual(convert(c, ucs4(TEXT, order)), TEXT.encode('utf-8'))

    def test_empty(self):
        for d in D.__enum_values__.values():
            self.assertEqual(convert(GUtf8Conv.Converter(direction=d), b''), b'')

    def test_returns_new_bytes(self):
        c = GUtf8Conv.Converter()
        out = c.convert_bytes(GLib.Bytes.new(b'xy'))
        # bytes since the 1.2 overrides, which keep GLib.Bytes' calls.
        self.assertIsInstance(out, bytes)
        self.assertEqual(out.get_size(), 8)
        again = c.convert_bytes(GLib.Bytes.new(b'z'))
        self.assertEqual(out.get_data(), ucs4('xy'))
        self.assertEqual(again.get_data(), ucs4('z'))

    def test_standards_vectors(self):
        # The standards' vectors (ISO/IEC 10646 Annex R, RFC 2044, RFC 3629).
        vectors = [
            ([0x41, 0x2262, 0x391, 0x2E], '41 E2 89 A2 CE 91 2E', P.UNICODE),
            ([0xD55C, 0xAD6D, 0xC5B4], 'ED 95 9C EA B5 AD EC 96 B4', P.UNICODE),
            ([0x65E5, 0x672C, 0x8A9E], 'E6 97 A5 E6 9C AC E8 AA 9E', P.UNICODE),
            ([0xFEFF, 0x233B4], 'EF BB BF F0 A3 8E B4', P.UNICODE),
            ([0, 0x80, 0x7FF, 0x800, 0xFFFF], '00 C2 80 DF BF E0 A0 80 EF BF BF', P.UNICODE),
            ([0x10000, 0x10FFFF], 'F0 90 80 80 F4 8F BF BF', P.UNICODE),
            ([0x1FFFFF], 'F7 BF BF BF', P.UCS4),
            ([0x200000, 0x3FFFFFF], 'F8 88 80 80 80 FB BF BF BF BF', P.UCS4),
            ([0x4000000, 0x7FFFFFFF], 'FC 84 80 80 80 80 FD BF BF BF BF BF', P.UCS4),
        ]
        for units, utf8, profile in vectors:
            be = b''.join(u.to_bytes(4, 'big') for u in units)
            utf8 = bytes.fromhex(utf8)
            dec = GUtf8Conv.Converter(byte_order=O.BIG_ENDIAN, profile=profile)
            enc = GUtf8Conv.Converter(direction=D.UCS4_TO_UTF8, byte_order=O.BIG_ENDIAN,
                                      profile=profile)
            self.assertEqual(convert(dec, utf8), be)
            self.assertEqual(convert(enc, be), utf8)
            if profile == P.UCS4:
                with self.assertRaises(GLib.Error):
                    convert(GUtf8Conv.Converter(byte_order=O.BIG_ENDIAN), utf8)

    def test_decode_error_modes(self):
        for mode, handler in ((E.REPLACE, 'replace'), (E.SKIP, 'ignore'),
                              (E.ESCAPE, 'surrogateescape')):
            c = GUtf8Conv.Converter(error_mode=mode, byte_order=O.LITTLE_ENDIAN)
            self.assertEqual(convert(c, BAD_UTF8),
                             ucs4(BAD_UTF8.decode('utf-8', handler), O.LITTLE_ENDIAN), handler)

    def test_escape_round_trip(self):
        dec = GUtf8Conv.Converter(error_mode=E.ESCAPE)
        enc = GUtf8Conv.Converter(direction=D.UCS4_TO_UTF8, error_mode=E.ESCAPE)
        data = BAD_UTF8 + bytes(range(256))
        self.assertEqual(convert(enc, convert(dec, data)), data)

    def test_encode_error_modes(self):
        text = 'a\ud800b\udbff\udc00c\udfff'
        data = ucs4(text) + (0x110000).to_bytes(4, sys.byteorder)
        replaced = ''.join('\ufffd' if 0xD800 <= ord(ch) <= 0xDFFF else ch for ch in text)
        c = GUtf8Conv.Converter(direction=D.UCS4_TO_UTF8, error_mode=E.REPLACE)
        self.assertEqual(convert(c, data), (replaced + '\ufffd').encode('utf-8'))
        c = GUtf8Conv.Converter(direction=D.UCS4_TO_UTF8, error_mode=E.SKIP)
        self.assertEqual(convert(c, data), b'abc')
        c = GUtf8Conv.Converter(direction=D.UCS4_TO_UTF8, error_mode=E.ESCAPE)
        escaped = 'x\udc80y\udcff\udce9'
        self.assertEqual(convert(c, ucs4(escaped)), escaped.encode('utf-8', 'surrogateescape'))

    def test_bom_modes(self):
        plain = TEXT.encode('utf-8')
        signed = TEXT.encode('utf-8-sig')
        c = GUtf8Conv.Converter(bom_mode=B.STRIP)
        self.assertEqual(convert(c, signed), ucs4(signed.decode('utf-8-sig')))
        self.assertEqual(convert(c, plain), ucs4(TEXT))
        # Only one signature is stripped; a second one is text.
        self.assertEqual(convert(c, b'\xef\xbb\xbf' + signed), ucs4('\ufeff' + TEXT))
        c = GUtf8Conv.Converter(bom_mode=B.KEEP)
        self.assertEqual(convert(c, signed), ucs4('\ufeff' + TEXT))
        c = GUtf8Conv.Converter(bom_mode=B.INSERT)
        self.assertEqual(convert(c, plain), ucs4('\ufeff' + TEXT))
        self.assertEqual(convert(c, signed), ucs4('\ufeff' + TEXT))
        self.assertEqual(convert(c, b''), ucs4('\ufeff'))
        enc = GUtf8Conv.Converter(direction=D.UCS4_TO_UTF8, bom_mode=B.INSERT)
        self.assertEqual(convert(enc, ucs4(TEXT)), TEXT.encode('utf-8-sig'))
        self.assertEqual(convert(enc, ucs4('\ufeff' + TEXT)), TEXT.encode('utf-8-sig'))
        self.assertEqual(convert(enc, b''), ''.encode('utf-8-sig'))
        enc = GUtf8Conv.Converter(direction=D.UCS4_TO_UTF8, bom_mode=B.STRIP)
        self.assertEqual(convert(enc, ucs4('\ufeff' + TEXT)), plain)


class Errors(unittest.TestCase):
    def assert_io_error(self, err, code, message):
        self.assertIsInstance(err, GLib.Error)
        self.assertEqual(err.domain, 'g-io-error-quark')
        self.assertEqual(err.code, int(code))
        self.assertTrue(err.matches(Gio.io_error_quark(), code))
        self.assertEqual(err.message, message)

    def expected_decode_error(self, data):
        try:
            data.decode('utf-8')
        except UnicodeDecodeError as e:
            return e.start, 'Invalid UTF-8 sequence at byte %d: %s' % (
                e.start, data[e.start:e.end].hex(' ').upper())
        raise AssertionError('valid: %r' % data)

    def test_strict_decode(self):
        for data in (b'\x80', b'abc\xe2\x82x', b'x' * 1034 + b'\xe2\x82\xe2\x82\xac',
                     b'2F\xc0\xae.', b'\xed\xa1\x8c\xed\xbe\xb4', b'ok \xfe', b'\xff'):
            offset, message = self.expected_decode_error(data)
            with self.assertRaises(GLib.Error) as cm:
                convert(GUtf8Conv.Converter(), data)
            self.assert_io_error(cm.exception, Gio.IOErrorEnum.INVALID_DATA, message)
            # Through a stream, the valid text before the error comes first.
            c = GUtf8Conv.Converter()
            out, err = read_all(Gio.ConverterInputStream.new(memory_input(data), c), 5)
            self.assert_io_error(err, Gio.IOErrorEnum.INVALID_DATA, message)
            self.assertEqual(out, ucs4(data[:offset].decode('utf-8')))

    def test_strict_encode(self):
        data = ucs4('x' * 512 + '\ud800y')
        message = 'Invalid UCS-4 value 0x0000D800 at byte 2048'
        with self.assertRaises(GLib.Error) as cm:
            convert(GUtf8Conv.Converter(direction=D.UCS4_TO_UTF8), data)
        self.assert_io_error(cm.exception, Gio.IOErrorEnum.INVALID_DATA, message)
        c = GUtf8Conv.Converter(direction=D.UCS4_TO_UTF8)
        out, err = write_bytewise(c, data)
        self.assert_io_error(err, Gio.IOErrorEnum.INVALID_DATA, message)
        self.assertEqual(out, b'x' * 512)

    def test_partial_input_at_the_end(self):
        data = b'ab\xf0\x9f\x98'
        message = 'Incomplete UTF-8 sequence at byte 2: F0 9F 98'
        with self.assertRaises(GLib.Error) as cm:
            convert(GUtf8Conv.Converter(), data)
        self.assert_io_error(cm.exception, Gio.IOErrorEnum.PARTIAL_INPUT, message)
        out, err = read_all(Gio.ConverterInputStream.new(memory_input(data),
                                                         GUtf8Conv.Converter()))
        self.assert_io_error(err, Gio.IOErrorEnum.PARTIAL_INPUT, message)
        self.assertEqual(out, ucs4('ab'))
        out, err = write_bytewise(GUtf8Conv.Converter(), data)
        self.assert_io_error(err, Gio.IOErrorEnum.PARTIAL_INPUT, message)
        self.assertEqual(out, ucs4('ab'))
        # A UCS-4 input whose length is not a multiple of 4.
        data = ucs4('ab') + b'\x00\x00'
        with self.assertRaises(GLib.Error) as cm:
            convert(GUtf8Conv.Converter(direction=D.UCS4_TO_UTF8), data)
        self.assert_io_error(cm.exception, Gio.IOErrorEnum.PARTIAL_INPUT,
                             'Incomplete UCS-4 value at byte 8: 00 00')
        # In REPLACE mode a truncated end is one more malformed sequence.
        c = GUtf8Conv.Converter(error_mode=E.REPLACE)
        self.assertEqual(convert(c, b'ab\xf0\x9f\x98'), ucs4(b'ab\xf0\x9f\x98'.decode('utf-8', 'replace')))
        self.assertEqual(c.props.num_invalid, 1)


class Chunking(unittest.TestCase):
    """Any split of the input gives the same output, count and error."""

    CASES = [
        # (properties, input, expected output, expected error message or None)
        (dict(bom_mode=B.STRIP, error_mode=E.REPLACE),
         TEXT.encode('utf-8-sig') + BAD_UTF8,
         ucs4((TEXT.encode('utf-8') + BAD_UTF8).decode('utf-8', 'replace')), None),
        (dict(bom_mode=B.INSERT, error_mode=E.ESCAPE, byte_order=O.BIG_ENDIAN),
         BAD_UTF8 + TEXT.encode('utf-8'),
         ucs4('\ufeff' + (BAD_UTF8 + TEXT.encode('utf-8')).decode('utf-8', 'surrogateescape'),
              O.BIG_ENDIAN), None),
        (dict(error_mode=E.SKIP, byte_order=O.LITTLE_ENDIAN),
         BAD_UTF8, ucs4(BAD_UTF8.decode('utf-8', 'ignore'), O.LITTLE_ENDIAN), None),
        (dict(direction=D.UCS4_TO_UTF8, bom_mode=B.STRIP),
         ucs4('\ufeff' + TEXT), TEXT.encode('utf-8'), None),
        (dict(direction=D.UCS4_TO_UTF8, bom_mode=B.INSERT, byte_order=O.BIG_ENDIAN),
         ucs4(TEXT, O.BIG_ENDIAN), TEXT.encode('utf-8-sig'), None),
        (dict(), TEXT.encode('utf-8') + b'\xe2\x82\xc3\xa9',
         ucs4(TEXT), 'Invalid UTF-8 sequence at byte %d: E2 82' % len(TEXT.encode('utf-8'))),
    ]

    def check(self, out, err, expected, message):
        self.assertEqual(out, expected)
        if message is None:
            self.assertIsNone(err)
        else:
            self.assertIsNotNone(err)
            self.assertTrue(err.matches(Gio.io_error_quark(), Gio.IOErrorEnum.INVALID_DATA))
            self.assertEqual(err.message, message)

    def whole_count(self, props, data):
        c = GUtf8Conv.Converter(**props)
        try:
            convert(c, data)
        except GLib.Error:
            pass
        return c.props.num_invalid

    def test_input_stream_over_tiny_pipe_reads(self):
        for props, data, expected, message in self.CASES:
            count = self.whole_count(props, data)
            for piece, read_size in ((1, 4096), (2, 1), (3, 4), (5, 3), (7, 64)):
                with self.subTest(props=props, piece=piece, read_size=read_size):
                    c = GUtf8Conv.Converter(**props)
                    base, stop = pipe_input(data, piece)
                    stream = Gio.ConverterInputStream.new(base, c)
                    out, err = read_all(stream, read_size)
                    stop()
                    stream.close(None)
                    self.check(out, err, expected, message)
                    self.assertEqual(c.props.num_invalid, count)

    def test_input_stream_over_memory_chunks(self):
        for props, data, expected, message in self.CASES:
            for piece in (1, 3, 4):
                with self.subTest(props=props, piece=piece):
                    base = Gio.MemoryInputStream.new()
                    for i in range(0, len(data), piece):
                        base.add_bytes(GLib.Bytes.new(data[i:i + piece]))
                    c = GUtf8Conv.Converter(**props)
                    out, err = read_all(Gio.ConverterInputStream.new(base, c), 1)
                    self.check(out, err, expected, message)

    def test_output_stream_bytewise_with_flushes(self):
        for props, data, expected, message in self.CASES:
            with self.subTest(props=props):
                c = GUtf8Conv.Converter(**props)
                out, err = write_bytewise(c, data)
                self.check(out, err, expected, message)
                self.assertEqual(c.props.num_invalid, self.whole_count(props, data))

    def test_flush_hands_out_what_is_determined(self):
        sink = Gio.MemoryOutputStream.new_resizable()
        out = Gio.ConverterOutputStream.new(sink, GUtf8Conv.Converter(bom_mode=B.INSERT))
        out.write_bytes(GLib.Bytes.new(b'a\xe2\x82'), None)
        out.flush(None)
        # The signature and 'a'; the split sequence stays pending.
        self.assertEqual(sink.get_data_size(), 8)
        out.write_bytes(GLib.Bytes.new(b'\xac'), None)
        out.close(None)
        self.assertEqual(sink.steal_as_bytes().get_data(), ucs4('\ufeffa\u20ac'))


class TapResult(unittest.TestResult):
    """Prints one TAP line per test, so that meson counts each."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.n = 0
        self.reported = False

    def _line(self, test, ok, extra=''):
        self.n += 1
        self.reported = True
        print('%s %d - %s%s' % ('ok' if ok else 'not ok', self.n, test.id(), extra), flush=True)

    def _diagnose(self, test, err):
        for line in self._exc_info_to_string(err, test).splitlines():
            print('# ' + line)

    def startTest(self, test):
        super().startTest(test)
        self.reported = False

    def addSuccess(self, test):
        super().addSuccess(test)
        self._line(test, True)

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._diagnose(test, err)
        self._line(test, False)

    def addError(self, test, err):
        super().addError(test, err)
        self._diagnose(test, err)
        self._line(test, False)

    def addSubTest(self, test, subtest, err):
        super().addSubTest(test, subtest, err)
        if err is not None:
            self._diagnose(subtest, err)

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self._line(test, True, ' # SKIP ' + reason)

    def stopTest(self, test):
        # A test whose subtests failed gets no addFailure of its own.
        if not self.reported:
            self._line(test, False)
        super().stopTest(test)


class Version11(unittest.TestCase):
    """What 1.1 added, from Python: the new values, new_full, error-offset,
    the invalid-sequence signal."""

    def test_new_full(self):
        c = GUtf8Conv.Converter.new_full(D.UTF8_TO_UTF8, O.DETECT, B.STRIP, E.CP1252, P.WTF8)
        self.assertEqual((c.get_direction(), c.get_byte_order(), c.get_bom_mode(),
                          c.get_error_mode(), c.get_profile()),
                         (D.UTF8_TO_UTF8, O.DETECT, B.STRIP, E.CP1252, P.WTF8))

    def test_error_offset(self):
        c = GUtf8Conv.Converter.new_full(D.UTF8_TO_UCS4, O.BIG_ENDIAN, B.KEEP, E.STRICT, P.UNICODE)
        self.assertEqual(c.get_error_offset(), -1)
        self.assertEqual(c.props.error_offset, -1)
        with self.assertRaises(GLib.Error) as cm:
            c.convert_bytes(GLib.Bytes.new(b'abc\xe2\x82d'))
        self.assertTrue(cm.exception.matches(Gio.io_error_quark(), Gio.IOErrorEnum.INVALID_DATA))
        # The number, without parsing the message.
        self.assertEqual(c.get_error_offset(), 3)
        self.assertEqual(c.props.error_offset, 3)
        c.reset()
        self.assertEqual(c.get_error_offset(), -1)

    def test_signal_in_order_across_chunks(self):
        data = b'ok \xff \xe2\x82 fine \xed\xa0\x80 \xc3'
        expected = [(3, b'\xff'), (5, b'\xe2\x82'), (13, b'\xed'), (14, b'\xa0'),
                    (15, b'\x80'), (17, b'\xc3')]
        for size in (1, 2, 3, 7, len(data)):
            c = GUtf8Conv.Converter.new_full(D.UTF8_TO_UTF8, O.HOST, B.KEEP, E.REPLACE, P.UNICODE)
            seen = []
            c.connect('invalid-sequence', lambda conv, offset, b: seen.append((offset, b.get_data())))
            pipe = Gio.MemoryInputStream.new()
            for i in range(0, len(data), size):
                pipe.add_bytes(GLib.Bytes.new(data[i:i + size]))
            stream = Gio.ConverterInputStream.new(pipe, c)
            out = b''
            while True:
                chunk = stream.read_bytes(size, None).get_data()
                if not chunk:
                    break
                out += chunk
            self.assertEqual(seen, expected, size)
            self.assertEqual(c.get_num_invalid(), len(seen))
            self.assertEqual(out, data.decode('utf-8', 'replace').encode('utf-8'))

    def test_detect(self):
        c = GUtf8Conv.Converter(direction=D.UCS4_TO_UTF8, byte_order=O.DETECT, bom_mode=B.STRIP)
        self.assertEqual(convert(c, ('\ufeff' + TEXT).encode('utf-32-le')), TEXT.encode('utf-8'))
        self.assertEqual(convert(c, ('\ufeff' + TEXT).encode('utf-32-be')), TEXT.encode('utf-8'))
        self.assertEqual(convert(c, TEXT.encode('utf-32-be')), TEXT.encode('utf-8'))

    def test_profiles(self):
        cesu = GUtf8Conv.Converter(direction=D.UCS4_TO_UTF8, byte_order=O.BIG_ENDIAN,
                                   profile=P.CESU8)
        self.assertEqual(convert(cesu, '\U0001F600'.encode('utf-32-be')),
                         bytes.fromhex('ED A0 BD ED B8 80'))
        mutf8 = GUtf8Conv.Converter(direction=D.UCS4_TO_UTF8, byte_order=O.BIG_ENDIAN,
                                    profile=P.MODIFIED_UTF8)
        self.assertEqual(convert(mutf8, 'a\0b'.encode('utf-32-be')), b'a\xc0\x80b')
        wtf8 = GUtf8Conv.Converter(byte_order=O.BIG_ENDIAN, profile=P.WTF8)
        self.assertEqual(convert(wtf8, b'\xed\xa0\xbd'),
                         '\ud83d'.encode('utf-32-be', 'surrogatepass'))

    def test_latin1_and_cp1252(self):
        for mode, codec in ((E.LATIN1, 'latin-1'), (E.CP1252, 'cp1252')):
            c = GUtf8Conv.Converter(direction=D.UTF8_TO_UTF8, error_mode=mode)
            self.assertEqual(convert(c, b'caf\xe9 \x93q\x94'),
                             ('caf' + b'\xe9'.decode(codec) + ' ' + b'\x93'.decode(codec) + 'q'
                              + b'\x94'.decode(codec)).encode('utf-8'))


class Utf16(unittest.TestCase):
    """What 1.2 added, from Python: the UTF-16 directions, against Python's
    own UTF-16 codecs."""

    def test_values(self):
        self.assertEqual(int(D.UTF8_TO_UTF16), 3)
        self.assertEqual(int(D.UTF16_TO_UTF8), 4)
        c = GUtf8Conv.Converter(direction=D.UTF16_TO_UTF8)
        self.assertEqual(c.props.direction, D.UTF16_TO_UTF8)
        self.assertEqual(c.get_direction(), D.UTF16_TO_UTF8)

    def test_both_ways_every_order(self):
        codec = {O.HOST: 'utf-16-' + HOST, O.BIG_ENDIAN: 'utf-16-be',
                 O.LITTLE_ENDIAN: 'utf-16-le', O.DETECT: 'utf-16-be'}
        for order, name in codec.items():
            to16 = GUtf8Conv.Converter.new_full(D.UTF8_TO_UTF16, order, B.KEEP, E.STRICT, P.UNICODE)
            from16 = GUtf8Conv.Converter.new_full(D.UTF16_TO_UTF8, order, B.KEEP, E.STRICT,
                                                  P.UNICODE)
            self.assertEqual(convert(to16, TEXT.encode('utf-8')), TEXT.encode(name))
            self.assertEqual(convert(from16, TEXT.encode(name)), TEXT.encode('utf-8'))

    def test_signature(self):
        # Python's 'utf-16' writes the signature, then the machine's order;
        # INSERT in that order does the same.
        order = O.LITTLE_ENDIAN if HOST == 'le' else O.BIG_ENDIAN
        ins = GUtf8Conv.Converter(direction=D.UTF8_TO_UTF16, byte_order=order, bom_mode=B.INSERT)
        self.assertEqual(convert(ins, TEXT.encode('utf-8')), TEXT.encode('utf-16'))
        self.assertEqual(convert(ins, b''), '\ufeff'.encode('utf-16-' + HOST))
        strip = GUtf8Conv.Converter(direction=D.UTF16_TO_UTF8, byte_order=O.DETECT,
                                    bom_mode=B.STRIP)
        for name in ('utf-16', 'utf-16-be'):
            self.assertEqual(convert(strip, TEXT.encode(name)), TEXT.encode('utf-8'))

    def test_errors(self):
        c = GUtf8Conv.Converter(direction=D.UTF16_TO_UTF8, byte_order=O.LITTLE_ENDIAN)
        with self.assertRaises(GLib.Error) as cm:
            c.convert_bytes(GLib.Bytes.new(b'A\x00\x00\xdcB\x00'))
        self.assertTrue(cm.exception.matches(Gio.io_error_quark(), Gio.IOErrorEnum.INVALID_DATA))
        self.assertEqual(cm.exception.message, 'Invalid UTF-16 unit 0xDC00 at byte 2')
        self.assertEqual(c.get_error_offset(), 2)
        with self.assertRaises(GLib.Error) as cm:
            c.convert_bytes(GLib.Bytes.new(b'A\x00=\xd8'))
        self.assertTrue(cm.exception.matches(Gio.io_error_quark(), Gio.IOErrorEnum.PARTIAL_INPUT))
        self.assertEqual(cm.exception.message, 'Incomplete UTF-16 sequence at byte 2: 3D D8')

        rep = GUtf8Conv.Converter(direction=D.UTF16_TO_UTF8, byte_order=O.LITTLE_ENDIAN,
                                  error_mode=E.REPLACE)
        seen = []
        rep.connect('invalid-sequence', lambda conv, offset, b: seen.append((offset, b.get_data())))
        data = b'A\x00\x00\xdcB\x00=\xd8C'
        self.assertEqual(convert(rep, data), 'A\ufffdB\ufffd\ufffd'.encode('utf-8'))
        self.assertEqual(seen, [(2, b'\x00\xdc'), (6, b'=\xd8'), (8, b'C')])
        self.assertEqual(rep.get_num_invalid(), 3)

    def test_lossless_forms(self):
        # WTF-8 carries lone surrogates; Python's surrogatepass is the other
        # opinion.  ESCAPE gives bytes back through UTF-16.
        units = '\ud800a\udfff\U0001F600'.encode('utf-16-le', 'surrogatepass')
        to8 = GUtf8Conv.Converter(direction=D.UTF16_TO_UTF8, byte_order=O.LITTLE_ENDIAN,
                                  profile=P.WTF8)
        back = GUtf8Conv.Converter(direction=D.UTF8_TO_UTF16, byte_order=O.LITTLE_ENDIAN,
                                   profile=P.WTF8)
        wtf8 = convert(to8, units)
        self.assertEqual(wtf8, units.decode('utf-16-le', 'surrogatepass').encode('utf-8', 'surrogatepass'))
        self.assertEqual(convert(back, wtf8), units)
        raw = b'caf\xe9 \xff\xfe ok'
        esc = GUtf8Conv.Converter(direction=D.UTF8_TO_UTF16, byte_order=O.BIG_ENDIAN,
                                  error_mode=E.ESCAPE)
        unesc = GUtf8Conv.Converter(direction=D.UTF16_TO_UTF8, byte_order=O.BIG_ENDIAN,
                                    error_mode=E.ESCAPE)
        mid = convert(esc, raw)
        self.assertEqual(mid, raw.decode('utf-8', 'surrogateescape').encode('utf-16-be', 'surrogatepass'))
        self.assertEqual(convert(unesc, mid), raw)


def main():
    # The tests of the script run, also when another one imports main().
    suite = unittest.defaultTestLoader.loadTestsFromModule(sys.modules['__main__'])
    print('1..%d' % suite.countTestCases(), flush=True)
    result = TapResult()
    suite.run(result)
    sys.exit(0 if result.wasSuccessful() else 1)


if __name__ == '__main__':
    main()
