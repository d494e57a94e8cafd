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


# The bytes that start a sequence, in each profile.
_LEADS = {_Profile.CESU8: range(0xC2, 0xF0), _Profile.MODIFIED_UTF8: [0xC0, *range(0xC2, 0xF0)]}


def _reason(profile, data, start, end):
    """The reason Python's utf-8 gives for such a sequence."""
    if end - start == 1 and data[start] not in _LEADS.get(profile, range(0xC2, 0xF5)):
        return 'invalid start byte'
    return 'invalid continuation byte'


class _Decoder(codecs.IncrementalDecoder):
    """The state of one decoded stream: a converter, the bytes fed to it
    that it may still hold (so that an error's ``object`` holds the whole
    bad sequence), and where its offsets start.  _bound() makes the class
    for one encoding and profile."""

    def __init__(self, errors='strict'):
        super().__init__(errors)
        self.reset()

    def reset(self):
        mode = _DECODE_MODES.get(self.errors, _ErrorMode.STRICT)
        self.conv = _new(_Direction.UTF8_TO_UCS4, self.profile, mode)
        self.tail = b''      # the last bytes fed: a sequence may have begun there
        self.fed = 0         # bytes fed to self.conv

    def _feed(self, data, final):
        try:
            return self.conv.feed(data, final)
        except GLib.Error as e:
            if not is_malformed(e):
                raise
            return e

    def decode(self, data, final=False):
        data = bytes(_as_buffer(data))
        out = []
        while True:
            result = self._feed(data, final)
            if not isinstance(result, GLib.Error):
                out.append(result)
                break
            out.append(self.conv.take_output_before_error())
            # The error as Python's incremental decoders report it: on the
            # input of this call, after the bytes of earlier calls that the
            # bad sequence began with.
            start = self.conv.get_error_offset() - self.fed
            obj = (self.tail[start:] if start < 0 else b'') + data
            start = max(start, 0)
            if result.code == Gio.IOErrorEnum.PARTIAL_INPUT:
                end, reason = len(obj), 'unexpected end of data'
            else:
                probe = _new(_Direction.UTF8_TO_UTF8, self.profile, _ErrorMode.REPLACE)
                probe.collect_repairs(1)
                probe.feed(obj[start:start + 8], True)
                end = start + probe.take_repairs()[0][1]
                reason = _reason(self.profile, obj, start, end)
            exc = UnicodeDecodeError(self.encoding, obj, start, end, reason)
            text = _surrogate_form(obj, start) if self.errors == 'surrogatepass' else None
            if text is not None:
                new_pos = start + 3
            elif self.errors in _DECODE_MODES:
                raise exc
            else:
                text, new_pos = codecs.lookup_error(self.errors)(exc)
            out.append(text.encode(_UCS4, 'surrogatepass'))
            # Go on after the bad sequence with a new converter.
            data = obj[new_pos:]
            self.reset()
        self.fed += len(data)
        self.tail = (self.tail + data)[-8:]
        if final:
            self.reset()
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
        while True:
            try:
                out.append(self.conv.feed(text.encode(_UCS4, 'surrogatepass'), final))
                break
            except GLib.Error as e:
                if not is_malformed(e):
                    raise
            out.append(self.conv.take_output_before_error())
            start = self.conv.get_error_offset() // 4 - self.fed
            exc = UnicodeEncodeError(self.encoding, text, start, start + 1,
                                     'surrogates not allowed')
            c = ord(text[start])
            if self.errors == 'surrogatepass' and 0xD800 <= c <= 0xDFFF:
                rep = bytes((0xED, 0x80 | (c >> 6 & 0x3F), 0x80 | (c & 0x3F)))
                new_pos = start + 1
            elif self.errors in _ENCODE_MODES:
                raise exc
            else:
                rep, new_pos = codecs.lookup_error(self.errors)(exc)
                if isinstance(rep, str):
                    rep = type(self)('strict').encode(rep, True)
            out.append(rep)
            text = text[new_pos:]
            self.reset()
        self.fed += len(text)
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
        data = _as_buffer(data)
        return decoder(errors).decode(data, True), len(data)

    class StreamWriter(codecs.StreamWriter):
        encode = staticmethod(codec_encode)

    class StreamReader(codecs.StreamReader):
        decode = staticmethod(codec_decode)

    return codecs.CodecInfo(name=name, encode=codec_encode, decode=codec_decode,
                            incrementalencoder=encoder, incrementaldecoder=decoder,
                            streamreader=StreamReader, streamwriter=StreamWriter)


def _search(name):
    name = name.lower().replace('_', '-')
    profile = _CODECS.get(name)
    return _codec_info(name, profile) if profile is not None else None


_registered = False


def register_codecs():
    """Adds ``cesu-8``, ``mutf-8`` and ``wtf-8`` (also spelled with ``_``)
    to Python's codecs registry; calling it again does nothing."""
    global _registered
    if not _registered:
        codecs.register(_search)
        _registered = True


__all__.append('register_codecs')
