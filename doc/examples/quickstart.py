#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# quickstart.py: decode UTF-8 to UCS-4 through a stream, and encode back

import struct

import gi
gi.require_version('GUtf8Conv', '1.0')
from gi.repository import Gio, GLib, GUtf8Conv

# A signature, "café €", a malformed byte (FF) and "!".
text = b'\xef\xbb\xbf' + 'café €'.encode() + b'\xff!'

# Decoding: UTF-8 in, big-endian UCS-4 out, signature dropped,
# U+FFFD for what is malformed.
decoder = GUtf8Conv.Converter(direction=GUtf8Conv.Direction.UTF8_TO_UCS4,
                              byte_order=GUtf8Conv.ByteOrder.BIG_ENDIAN,
                              bom_mode=GUtf8Conv.BomMode.STRIP,
                              error_mode=GUtf8Conv.ErrorMode.REPLACE)

# Any Gio.InputStream works: a file, a socket, a pipe.
memory = Gio.MemoryInputStream.new_from_bytes(GLib.Bytes.new(text))
stream = Gio.ConverterInputStream.new(memory, decoder)
ucs4 = b''
while True:
    chunk = stream.read_bytes(256, None).get_data()
    if not chunk:
        break
    ucs4 += chunk

print(' '.join('U+%04X' % c for c, in struct.iter_unpack('>I', ucs4)))
print('malformed: %d' % decoder.get_num_invalid())

# Encoding a whole buffer at once: "Aé" in UCS-4, big-endian, to UTF-8
# that starts with a signature.
encoder = GUtf8Conv.Converter(direction=GUtf8Conv.Direction.UCS4_TO_UTF8,
                              byte_order=GUtf8Conv.ByteOrder.BIG_ENDIAN,
                              bom_mode=GUtf8Conv.BomMode.INSERT)
utf8 = encoder.convert_bytes(GLib.Bytes.new(b'\0\0\0\x41\0\0\0\xe9')).get_data()
print(' '.join('%02X' % b for b in utf8))
