/* gutf8conv-enums.h: the converter's configuration enumerations
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(GUTF8CONV_INSIDE) && !defined(GUTF8CONV_COMPILATION)
# error "Only <gutf8conv/gutf8conv.h> can be included directly."
#endif

#include <glib.h>

G_BEGIN_DECLS

/**
 * SECTION:gutf8conv-enums
 * @title: Enumerations
 * @short_description: the settings of a #GUtf8ConvConverter
 * @include: gutf8conv/gutf8conv.h
 *
 * The types of the construct-only properties of #GUtf8ConvConverter.
 * Each has a #GType, so that it can be a property type and reach language
 * bindings; its nicks (the names g_enum_get_value_by_nick() takes, and the
 * gutf8conv tool's option values) are glib-mkenums' defaults: for example
 * `utf8-to-ucs4` for %GUTF8CONV_DIRECTION_UTF8_TO_UCS4 and `big-endian`
 * for %GUTF8CONV_BYTE_ORDER_BIG_ENDIAN.  The first value of each is the
 * default.
 *
 * The #GType macros are declared in `gutf8conv-enum-types.h`, which
 * `gutf8conv/gutf8conv.h` includes.
 */

/**
 * GUTF8CONV_TYPE_DIRECTION:
 *
 * The #GType of #GUtf8ConvDirection.
 *
 * Since: 1.0
 */

/**
 * GUTF8CONV_TYPE_BYTE_ORDER:
 *
 * The #GType of #GUtf8ConvByteOrder.
 *
 * Since: 1.0
 */

/**
 * GUTF8CONV_TYPE_BOM_MODE:
 *
 * The #GType of #GUtf8ConvBomMode.
 *
 * Since: 1.0
 */

/**
 * GUTF8CONV_TYPE_ERROR_MODE:
 *
 * The #GType of #GUtf8ConvErrorMode.
 *
 * Since: 1.0
 */

/**
 * GUTF8CONV_TYPE_PROFILE:
 *
 * The #GType of #GUtf8ConvProfile.
 *
 * Since: 1.0
 */

/**
 * GUtf8ConvDirection:
 * @GUTF8CONV_DIRECTION_UTF8_TO_UCS4: decode UTF-8 into UCS-4 (the default)
 * @GUTF8CONV_DIRECTION_UCS4_TO_UTF8: encode UCS-4 into UTF-8
 * @GUTF8CONV_DIRECTION_UTF8_TO_UTF8: validate and repair UTF-8: well-formed
 *   sequences are copied byte for byte, malformed ones go through the
 *   error mode (%GUTF8CONV_ERROR_MODE_ESCAPE cannot be represented and
 *   stops as %GUTF8CONV_ERROR_MODE_STRICT); the byte order is ignored.
 *   A streaming g_utf8_make_valid() that replaces maximal subparts.
 *   Since: 1.1
 * @GUTF8CONV_DIRECTION_UTF8_TO_UTF16: convert UTF-8 into UTF-16: a
 *   character up to U+FFFF is one 16-bit unit, U+10000..U+10FFFF its
 *   surrogate pair, always written whole; the error modes write into
 *   UTF-16 what they write into UCS-4.  Since: 1.2
 * @GUTF8CONV_DIRECTION_UTF16_TO_UTF8: convert UTF-16 into UTF-8: a high
 *   surrogate unit followed by a low one is one character, every other
 *   unit (a lone surrogate included) is encoded as a UCS-4 unit would be.
 *   Since: 1.2
 *
 * Which way a #GUtf8ConvConverter converts.
 *
 * Since: 1.0
 */
typedef enum /*< underscore_name=gutf8conv_direction >*/
{
  GUTF8CONV_DIRECTION_UTF8_TO_UCS4,
  GUTF8CONV_DIRECTION_UCS4_TO_UTF8,
  GUTF8CONV_DIRECTION_UTF8_TO_UTF8,
  GUTF8CONV_DIRECTION_UTF8_TO_UTF16,
  GUTF8CONV_DIRECTION_UTF16_TO_UTF8
} GUtf8ConvDirection;

/**
 * GUtf8ConvByteOrder:
 * @GUTF8CONV_BYTE_ORDER_HOST: the #gunichar (and #gunichar2) order of this
 *   machine (the default)
 * @GUTF8CONV_BYTE_ORDER_BIG_ENDIAN: most significant octet first: the
 *   canonical four-octet form of ISO/IEC 10646, UTF-32BE; UTF-16BE
 * @GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN: least significant octet first,
 *   UTF-32LE; UTF-16LE
 * @GUTF8CONV_BYTE_ORDER_DETECT: when encoding, read the order from the
 *   input's signature: `00 00 FE FF` is big-endian, `FF FE 00 00`
 *   little-endian, and an input with neither is big-endian, as Unicode's
 *   UTF-32 encoding scheme and iconv's `UCS-4` read it.  The signature
 *   found is the stream's signature for #GUtf8ConvBomMode (kept as
 *   `EF BB BF`, stripped or reused).  When decoding, big-endian output.
 *   Reading UTF-16 (since 1.2), `FE FF` is big-endian, `FF FE`
 *   little-endian, and an input with neither big-endian, as the Unicode
 *   Standard's UTF-16 encoding scheme reads it; writing UTF-16, big-endian.
 *   Since: 1.1
 *
 * The byte order of the UCS-4 or UTF-16 side of the conversion: the
 * output when it is written, the input when it is read.
 *
 * Since: 1.0
 */
typedef enum /*< underscore_name=gutf8conv_byte_order >*/
{
  GUTF8CONV_BYTE_ORDER_HOST,
  GUTF8CONV_BYTE_ORDER_BIG_ENDIAN,
  GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN,
  GUTF8CONV_BYTE_ORDER_DETECT
} GUtf8ConvByteOrder;

/**
 * GUtf8ConvBomMode:
 * @GUTF8CONV_BOM_KEEP: a leading U+FEFF is ordinary text and passes
 *   through (the default)
 * @GUTF8CONV_BOM_STRIP: drop one U+FEFF signature at the very start of the
 *   input
 * @GUTF8CONV_BOM_INSERT: the output starts with exactly one U+FEFF
 *   signature: the input's own when it has one, otherwise one inserted
 *
 * What to do with a byte order mark (signature) at the start of a stream:
 * `EF BB BF` in UTF-8, one U+FEFF unit in UCS-4 or UTF-16, on whichever
 * side is read or written.  A U+FEFF anywhere else is a ZERO WIDTH NO-BREAK SPACE and always passes
 * through.
 *
 * Since: 1.0
 */
typedef enum /*< underscore_name=gutf8conv_bom_mode >*/
{
  GUTF8CONV_BOM_KEEP,
  GUTF8CONV_BOM_STRIP,
  GUTF8CONV_BOM_INSERT
} GUtf8ConvBomMode;

/**
 * GUtf8ConvErrorMode:
 * @GUTF8CONV_ERROR_MODE_STRICT: stop with %G_IO_ERROR_INVALID_DATA at the
 *   first malformed sequence (the default)
 * @GUTF8CONV_ERROR_MODE_REPLACE: write one U+FFFD REPLACEMENT CHARACTER for
 *   each maximal subpart of a malformed sequence
 * @GUTF8CONV_ERROR_MODE_SKIP: drop malformed input
 * @GUTF8CONV_ERROR_MODE_ESCAPE: lossless: when decoding, each byte 0xXY of a
 *   malformed sequence becomes U+DCXY; when encoding, U+DC80..U+DCFF become
 *   the byte 0x80..0xFF again
 * @GUTF8CONV_ERROR_MODE_LATIN1: when decoding, each byte of a malformed
 *   sequence becomes the character of the same number (ISO-8859-1, so
 *   `C3 28` gives U+00C3 U+0028); when encoding, as
 *   %GUTF8CONV_ERROR_MODE_REPLACE.  Since: 1.1
 * @GUTF8CONV_ERROR_MODE_CP1252: when decoding, each byte of a malformed
 *   sequence becomes its windows-1252 character as the WHATWG Encoding
 *   Standard maps it (0x80 is U+20AC EURO SIGN; the five bytes the code
 *   page leaves undefined, 0x81, 0x8D, 0x8F, 0x90 and 0x9D, become U+0081,
 *   U+008D, U+008F, U+0090 and U+009D); when encoding, as
 *   %GUTF8CONV_ERROR_MODE_REPLACE.  Since: 1.1
 *
 * How a #GUtf8ConvConverter treats malformed input.
 *
 * Since: 1.0
 */
typedef enum /*< underscore_name=gutf8conv_error_mode >*/
{
  GUTF8CONV_ERROR_MODE_STRICT,
  GUTF8CONV_ERROR_MODE_REPLACE,
  GUTF8CONV_ERROR_MODE_SKIP,
  GUTF8CONV_ERROR_MODE_ESCAPE,
  GUTF8CONV_ERROR_MODE_LATIN1,
  GUTF8CONV_ERROR_MODE_CP1252
} GUtf8ConvErrorMode;

/**
 * GUtf8ConvProfile:
 * @GUTF8CONV_PROFILE_UNICODE: RFC 3629: U+0000..U+10FFFF in 1 to 4 octets
 *   (the default)
 * @GUTF8CONV_PROFILE_UCS4: ISO/IEC 10646-1:1993 Annex R, RFC 2044 and
 *   RFC 2279: 0..0x7FFFFFFF in 1 to 6 octets
 * @GUTF8CONV_PROFILE_CESU8: CESU-8 (Unicode Technical Report 26):
 *   U+10000..U+10FFFF as the two three-octet forms of their UTF-16
 *   surrogate pair, six octets; four-octet forms are malformed.  Since: 1.1
 * @GUTF8CONV_PROFILE_MODIFIED_UTF8: Java's modified UTF-8 (JNI,
 *   `java.io.DataInput`, class files): each UTF-16 unit in one to three
 *   octets, so supplementary characters as CESU-8 writes them and, since
 *   1.3, lone surrogates in their three-octet forms, as Java writes and
 *   reads them; U+0000 written as `C0 80`; decoding also accepts a raw
 *   `00`.  Since: 1.1
 * @GUTF8CONV_PROFILE_WTF8: WTF-8, UTF-8 that also carries lone surrogates
 *   in their three-octet forms; a high and a low surrogate unit next to each
 *   other are one supplementary character, always in four octets.
 *   Since: 1.1
 *
 * Which code space the converter accepts and produces.
 *
 * Since: 1.0
 */
typedef enum /*< underscore_name=gutf8conv_profile >*/
{
  GUTF8CONV_PROFILE_UNICODE,
  GUTF8CONV_PROFILE_UCS4,
  GUTF8CONV_PROFILE_CESU8,
  GUTF8CONV_PROFILE_MODIFIED_UTF8,
  GUTF8CONV_PROFILE_WTF8
} GUtf8ConvProfile;

G_END_DECLS
