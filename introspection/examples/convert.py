#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# convert.py INPUT OUTPUT: decodes the UTF-8 file INPUT into UCS-4
# (UTF-32LE) in OUTPUT through Gio.ConverterInputStream, dropping a leading
# signature and replacing malformed input with U+FFFD, and says what it did.

import sys

import gi
gi.require_version('Gio', '2.0')
gi.require_version('GUtf8Conv', '1.0')
from gi.repository import Gio, GUtf8Conv  # noqa: E402

if len(sys.argv) != 3:
    sys.exit('usage: convert.py INPUT OUTPUT')

converter = GUtf8Conv.Converter(direction=GUtf8Conv.Direction.UTF8_TO_UCS4,
                                byte_order=GUtf8Conv.ByteOrder.LITTLE_ENDIAN,
                                bom_mode=GUtf8Conv.BomMode.STRIP,
                                error_mode=GUtf8Conv.ErrorMode.REPLACE)
source = Gio.File.new_for_path(sys.argv[1])
stream = Gio.ConverterInputStream.new(source.read(None), converter)
ucs4 = bytearray()
while chunk := stream.read_bytes(65536, None).get_data():
    ucs4 += chunk
stream.close(None)
Gio.File.new_for_path(sys.argv[2]).replace_contents(bytes(ucs4), None, False,
                                                    Gio.FileCreateFlags.NONE, None)

size = source.query_info('standard::size', Gio.FileQueryInfoFlags.NONE, None).get_size()
text = ucs4.decode('utf-32-le')
print(f'{source.get_basename()}: {size} bytes of UTF-8 -> {len(ucs4)} bytes of UTF-32LE'
      f' ({len(text)} characters)')
print(f'  bom-mode strip, error-mode replace: {converter.props.num_invalid} malformed'
      ' sequence(s) replaced by U+FFFD')
print(f'  first line: {text.splitlines()[0]}')
