# SPDX-License-Identifier: LGPL-2.1-or-later
"""PyGObject overrides for GUtf8Conv.

Installed into PyGObject's overrides directory, so that
``from gi.repository import GUtf8Conv`` gives, besides the introspected
API:

- ``Converter.convert_bytes()`` and ``Converter.feed()`` taking any
  bytes-like object (``bytes``, ``bytearray``, ``memoryview``, or
  ``GLib.Bytes``) and returning ``bytes``;
- ``decode(data, profile=..., errors='strict') -> str`` and
  ``encode(text, profile=..., errors='strict') -> bytes``;
- ``register_codecs()``, which adds ``cesu-8``, ``mutf-8`` and ``wtf-8``
  to Python's codecs registry, with incremental encoders and decoders and
  the usual ``errors=`` names.

The manual's behaviour guide (behaviour-feed, behaviour-python) says what
each does.
"""

import codecs

from gi.module import get_introspection_module
from gi.overrides import override
from gi.repository import GLib, Gio

GUtf8Conv = get_introspection_module('GUtf8Conv')

__all__ = []

_Direction = GUtf8Conv.Direction
_ErrorMode = GUtf8Conv.ErrorMode
_Profile = GUtf8Conv.Profile


def _as_buffer(data):
    """A bytes-like object PyGObject passes as a byte array."""
    if isinstance(data, GLib.Bytes):
        return data.get_data() or b''
    if isinstance(data, (bytes, bytearray)):
        return data
    return memoryview(data).cast('B')


class _Bytes(bytes):
    """The ``bytes`` convert_bytes() returns, which also answers the
    ``GLib.Bytes`` calls code written before these overrides makes."""

    def get_data(self):
        return bytes(self)

    def get_size(self):
        return len(self)


class Converter(GUtf8Conv.Converter):

    def convert_bytes(self, data):
        """Converts @data (any bytes-like object) as one whole stream and
        returns ``bytes``.  Raises ``GLib.Error`` as the C call does."""
        if not isinstance(data, GLib.Bytes):
            data = GLib.Bytes.new(bytes(_as_buffer(data)))
        return _Bytes(GUtf8Conv.Converter.convert_bytes(self, data).get_data() or b'')

    def feed(self, data, final=False):
        """Converts the next piece of the stream (any bytes-like object)
        and returns its output as ``bytes``; ``final=True`` ends the
        stream.  Malformed input raises ``GLib.Error`` (INVALID_DATA, or
        PARTIAL_INPUT at the end of the stream); the output before it is
        then ``take_output_before_error()``."""
        return GUtf8Conv.Converter.feed(self, _as_buffer(data), final) or b''

    def take_output_before_error(self):
        return GUtf8Conv.Converter.take_output_before_error(self) or b''

    def take_repairs(self):
        """The collected repairs as a list of ``(offset, length)`` pairs."""
        values = GUtf8Conv.Converter.take_repairs(self) or []
        return list(zip(values[::2], values[1::2]))


Converter = override(Converter)
__all__.append('Converter')


def is_malformed(error):
    """True when @error (a ``GLib.Error``) is malformed input: either of
    the two codes a GConverter uses for it (INVALID_DATA, or PARTIAL_INPUT
    when the end of the stream cuts a sequence off)."""
    return (error.matches(Gio.io_error_quark(), Gio.IOErrorEnum.INVALID_DATA) or
            error.matches(Gio.io_error_quark(), Gio.IOErrorEnum.PARTIAL_INPUT))


__all__.append('is_malformed')

# ---- str in and out -------------------------------------------------------

# Python's errors= names the converter does itself; any other goes through
# codecs.lookup_error() at each malformed sequence.
_DECODE_MODES = {'strict': _ErrorMode.STRICT, 'replace': _ErrorMode.REPLACE,
                 'ignore': _ErrorMode.SKIP, 'surrogateescape': _ErrorMode.ESCAPE}
_ENCODE_MODES = {'strict': _ErrorMode.STRICT, 'ignore': _ErrorMode.SKIP,
                 'surrogateescape': _ErrorMode.ESCAPE}
# The UCS-4 side, as Python's utf-32 codec reads it; lone surrogates
# (WTF-8's, surrogateescape's) pass.
_UCS4 = 'utf-32-le'


def _new(direction, profile, mode):
    return GUtf8Conv.Converter.new_full(direction, GUtf8Conv.ByteOrder.LITTLE_ENDIAN,
                                        GUtf8Conv.BomMode.KEEP, mode, profile)


def _surrogate_form(data, start):
    """The lone surrogate whose three-byte form starts @data[@start:], or None."""
    b = data[start:start + 3]
    if len(b) == 3 and b[0] == 0xED and 0xA0 <= b[1] <= 0xBF and 0x80 <= b[2] <= 0xBF:
        return chr(0xD000 | (b[1] & 0x3F) << 6 | (b[2] & 0x3F))
    return None


def _high_form(data, end):
    """The high surrogate whose three-byte form ends at @data[@end], or None."""
    c = _surrogate_form(data, end - 3) if end >= 3 else None
    return c if c is not None and c < '\udc00' else None


def _surrogate_bytes(c):
    """The three-byte form of the surrogate @c."""
    c = ord(c)
    return bytes((0xED, 0x80 | (c >> 6 & 0x3F), 0x80 | (c & 0x3F)))


# The bytes that start a sequence, in each profile.
_LEADS = {_Profile.CESU8: range(0xC2, 0xF0), _Profile.MODIFIED_UTF8: [0xC0, *range(0xC2, 0xF0)]}


def _reason(profile, data, start, end):
    """The reason Python's utf-8 gives for such a sequence."""
    if end - start == 1 and data[start] not in _LEADS.get(profile, range(0xC2, 0xF5)):
        return 'invalid start byte'
    return 'invalid continuation byte'


# Input is fed to a converter in pieces that start small after each
# malformed sequence and double up to this size, so that a handler called
# at every byte of dense garbage costs a few bytes each, not the rest of
# the input each.
_PIECE_MAX = 65536


class _Decoder(codecs.IncrementalDecoder):
    """The state of one decoded stream, as CPython's utf-8 decoder keeps
    it (a buffer of the bytes no call could decide yet), so that
    getstate() and setstate() carry it: @buffer holds a cut-off sequence,
    and in CESU-8 and modified UTF-8 a high-surrogate form that the next
    form may pair with.  In WTF-8 a high-surrogate form is a character of
    its own but makes a low-surrogate form right after it malformed: it is
    decoded, and remembered in @high (the state's flag: 1 + its offset
    from U+D800, or 0), to be given again as the next call's context.
    _bound() makes the class for one encoding and profile."""

    def __init__(self, errors='strict'):
        super().__init__(errors)
        self.reset()

    def reset(self):
        self.buffer = b''
        self.high = 0

    def getstate(self):
        return (self.buffer, self.high)

    def setstate(self, state):
        self.buffer, self.high = state

    def decode(self, data, final=False):
        data = self.buffer + bytes(_as_buffer(data))
        text, consumed, self.high = self._decode(data, final, self.high, self.errors)
        self.buffer = data[consumed:]
        return text

    @classmethod
    def _new(cls, mode):
        return _new(_Direction.UTF8_TO_UCS4, cls.profile, mode)

    @classmethod
    def _determined(cls, data):
        """How many bytes at the start of @data its later bytes cannot
        change, as the converter holds them back from a piece that is not
        the last: the output of a UTF-8 to UTF-8 converter in REPLACE is
        the input with each repaired sequence as U+FFFD (3 bytes)."""
        # Only the last few bytes can be held back: start at a byte that
        # begins a sequence whatever comes before it (not a continuation
        # byte, not ED, which may be a low-surrogate form after a high one).
        start = 0
        for k in range(len(data) - 16, max(len(data) - 64, 0), -1):
            if (data[k] < 0x80 or data[k] >= 0xC0) and data[k] != 0xED:
                start = k
                break
        probe = _new(_Direction.UTF8_TO_UTF8, cls.profile, _ErrorMode.REPLACE)
        probe.collect_repairs(len(data) - start)
        out = probe.feed(data[start:], False)
        repairs = probe.take_repairs()
        return start + len(out) - sum(3 - n for _, n in repairs)

    @classmethod
    def _decode(cls, data, final, high, errors):
        """Decodes with @errors what of @data is decided (all of it when
        @final), after a WTF-8 high surrogate @high (a state flag); returns
        the text, how many bytes of @data it used and the new flag."""
        prefix = _surrogate_bytes(chr(0xD7FF + high)) if high else b''
        full = prefix + data
        end = len(full) if final else cls._determined(full)
        if not final and end > len(prefix) and _high_form(full, end):
            if cls.profile == _Profile.WTF8:
                high = ord(_high_form(full, end)) - 0xD7FF
            else:
                end -= 3     # the next form decides what it is
        elif end > len(prefix):
            high = 0
        if end <= len(prefix):
            return '', 0, high
        text = cls._run(full, end, len(prefix), errors)
        return text[1:] if prefix else text, end - len(prefix), high

    @classmethod
    def _subpart_end(cls, full, start, end):
        """Where the maximal subpart at @start ends in @full[:@end], a
        whole stream, by the converter's own rules (with the form before
        it, which may decide it)."""
        begin = start - 3 if start >= 3 and _surrogate_form(full, start - 3) else start
        probe = _new(_Direction.UTF8_TO_UTF8, cls.profile, _ErrorMode.REPLACE)
        probe.collect_repairs(16)
        probe.feed(full[begin:min(start + 8, end)], True)
        for offset, length in probe.take_repairs():
            if begin + offset == start:
                return start + length
        return start + 1

    @classmethod
    def _run(cls, full, end, skip, errors):
        """Decodes @full[:@end], which ends where a stream may end; the
        bytes before @skip are context that errors never point into."""
        mode = _DECODE_MODES.get(errors, _ErrorMode.STRICT)
        obj = None           # the input as errors see it, made at the first
        out = []
        pos = 0              # where the current converter started, in full
        fed = 0
        piece = 64
        conv = cls._new(mode)
        while True:
            stop = min(fed + piece, end)
            try:
                out.append(conv.feed(full[fed:stop], stop == end))
                fed = stop
                piece = min(piece * 2, _PIECE_MAX)
                if fed == end:
                    break
                continue
            except GLib.Error as e:
                if not is_malformed(e):
                    raise
                partial = e.code == Gio.IOErrorEnum.PARTIAL_INPUT
            out.append(conv.take_output_before_error())
            start = pos + conv.get_error_offset()
            stop = cls._subpart_end(full, start, end)
            if obj is None:
                obj = full[skip:end]
            if partial and stop == len(full):
                reason = 'unexpected end of data'
            else:
                reason = _reason(cls.profile, full, start, stop)
            exc = UnicodeDecodeError(cls.encoding, obj, start - skip, stop - skip, reason)
            text = _surrogate_form(full, start) if errors == 'surrogatepass' else None
            if text is not None and stop - start == 3:
                new_pos = stop - skip
            elif errors in _DECODE_MODES or errors == 'surrogatepass':
                raise exc
            else:
                text, new_pos = codecs.lookup_error(errors)(exc)
                if new_pos < 0:
                    new_pos += len(obj)
                if not 0 <= new_pos <= len(obj):
                    raise IndexError('position %d from error handler out of bounds' % new_pos)
            out.append(text.encode(_UCS4, 'surrogatepass'))
            # Go on where the handler says with a new converter.
            pos = fed = new_pos + skip
            piece = 64
            conv = cls._new(mode)
            if pos == end:
                break
        return b''.join(out).decode(_UCS4, 'surrogatepass')


class _Encoder(codecs.IncrementalEncoder):
    """The state of one encoded stream (WTF-8 joins a surrogate pair cut
    between two calls)."""

    def __init__(self, errors='strict'):
        super().__init__(errors)
        self.reset()

    def reset(self):
        mode = _ENCODE_MODES.get(self.errors, _ErrorMode.STRICT)
        self.conv = _new(_Direction.UCS4_TO_UTF8, self.profile, mode)
        self.fed = 0         # characters fed to self.conv

    def encode(self, text, final=False):
        out = []
        before = self.fed    # characters the converter had before base
        base = 0             # where in @text the converter's characters of this call begin
        at = 0               # characters of @text fed
        piece = 64
        while True:
            stop = min(at + piece, len(text))
            try:
                out.append(self.conv.feed(text[at:stop].encode(_UCS4, 'surrogatepass'),
                                          final and stop == len(text)))
                at = stop
                piece = min(piece * 2, _PIECE_MAX)
                if at == len(text):
                    break
                continue
            except GLib.Error as e:
                if not is_malformed(e):
                    raise
            out.append(self.conv.take_output_before_error())
            start = base + self.conv.get_error_offset() // 4 - before
            exc = UnicodeEncodeError(self.encoding, text, start, start + 1,
                                     'surrogates not allowed')
            c = ord(text[start])
            if self.errors == 'surrogatepass' and 0xD800 <= c <= 0xDFFF:
                rep = _surrogate_bytes(text[start])
                new_pos = start + 1
            elif self.errors in _ENCODE_MODES:
                raise exc
            else:
                rep, new_pos = codecs.lookup_error(self.errors)(exc)
                if new_pos < 0:
                    new_pos += len(text)
                if not 0 <= new_pos <= len(text):
                    raise IndexError('position %d from error handler out of bounds' % new_pos)
                if isinstance(rep, str):
                    rep = type(self)('strict').encode(rep, True)
            out.append(rep)
            # Go on where the handler says with a new converter.
            self.reset()
            before, base, at, piece = 0, new_pos, new_pos, 64
            if at == len(text):
                break
        self.fed = before + len(text) - base
        if final:
            self.reset()
        return b''.join(out)


def _bound(cls, encoding, profile):
    """@cls (_Decoder or _Encoder) for one encoding name and profile."""
    return type(cls.__name__[1:], (cls,), {'encoding': encoding, 'profile': profile})


def decode(data, profile=_Profile.UNICODE, errors='strict'):
    """Decodes @data (any bytes-like object) of @profile into ``str``.
    Malformed input raises ``UnicodeDecodeError`` unless @errors (a Python
    errors= name) says otherwise."""
    return _bound(_Decoder, 'gutf8conv-' + profile.value_nick, profile)(errors).decode(data, True)


def encode(text, profile=_Profile.UNICODE, errors='strict'):
    """Encodes the ``str`` @text into bytes of @profile."""
    return _bound(_Encoder, 'gutf8conv-' + profile.value_nick, profile)(errors).encode(text, True)


__all__ += ['decode', 'encode']

# ---- Python's codecs registry ---------------------------------------------

# Python's own utf-8 already reads and repairs UTF-8; these are the forms
# it lacks.
_CODECS = {'cesu-8': _Profile.CESU8, 'mutf-8': _Profile.MODIFIED_UTF8, 'wtf-8': _Profile.WTF8}


def _codec_info(name, profile):
    decoder = _bound(_Decoder, name, profile)
    encoder = _bound(_Encoder, name, profile)

    def codec_encode(text, errors='strict'):
        return encoder(errors).encode(text, True), len(text)

    def codec_decode(data, errors='strict'):
        data = bytes(_as_buffer(data))
        return decoder._decode(data, True, 0, errors)[0], len(data)

    class StreamWriter(codecs.StreamWriter):
        encode = staticmethod(codec_encode)

    class StreamReader(codecs.StreamReader):
        """Decodes what each read decides and keeps the rest in
        ``bytebuffer``, as CPython's utf-8 reader does (a cut-off end stays
        unread at the end of the stream)."""

        def __init__(self, stream, errors='strict'):
            super().__init__(stream, errors)
            self.high = 0

        def reset(self):
            super().reset()
            self.high = 0

        def decode(self, data, errors='strict'):
            # read() decodes its buffer alone once the stream is at its end.
            at_end = len(data) == len(self.bytebuffer)
            text, used, self.high = decoder._decode(data, False, self.high, errors)
            if (at_end and len(data) - used == 3 and _high_form(data, len(data)) and
                    decoder.profile == _Profile.WTF8):
                # A high-surrogate form that nothing follows: a character
                # in WTF-8, where no low form can pair with it; else left
                # unread (in modified UTF-8 the next read may pair it).
                try:
                    text += decoder._decode(data[used:], True, 0, 'strict')[0]
                    used = len(data)
                except UnicodeDecodeError:
                    pass
            return text, used

    return codecs.CodecInfo(name=name, encode=codec_encode, decode=codec_decode,
                            incrementalencoder=encoder, incrementaldecoder=decoder,
                            streamreader=StreamReader, streamwriter=StreamWriter)


# Every spelling Python's name normalisation makes of these names (case,
# "-", "_", spaces and dots aside), to the canonical one.
_SPELLINGS = {'cesu8': 'cesu-8', 'mutf8': 'mutf-8', 'modifiedutf8': 'mutf-8', 'wtf8': 'wtf-8'}


def _search(name):
    key = ''.join(ch for ch in name.lower() if ch.isalnum())
    canonical = _SPELLINGS.get(key)
    return _codec_info(canonical, _CODECS[canonical]) if canonical is not None else None


_registered = False


def register_codecs():
    """Adds ``cesu-8``, ``mutf-8`` and ``wtf-8`` (also spelled with ``_``)
    to Python's codecs registry; calling it again does nothing."""
    global _registered
    if not _registered:
        codecs.register(_search)
        _registered = True


__all__.append('register_codecs')
