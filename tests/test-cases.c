/* test-cases.c: the hand-written cases shared by several test programs
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Every expected output here comes from the behaviour guide, the
 * standards it cites (RFC 2044, RFC 3629, ISO/IEC 10646-1 Annex R, the
 * Unicode Standard's maximal subparts) and what Python, ICU and the WHATWG
 * decoder make of the same input, never from running gutf8conv.
 */

#include "config.h"

#include <gio/gio.h>

#include "test-cases.h"

const TuVector tu_vectors_both[] = {
  /* From RFC 2044 / RFC 2279bis / Annex R. */
  { "0041 2262 0391 002E", "41 E2 89 A2 CE 91 2E" },
  { "D55C AD6D C5B4", "ED 95 9C EA B5 AD EC 96 B4" },
  { "65E5 672C 8A9E", "E6 97 A5 E6 9C AC E8 AA 9E" },
  { "FEFF 233B4", "EF BB BF F0 A3 8E B4" },
  { "00000080", "C2 80" },
  { "07FF", "DF BF" },
  { "0800", "E0 A0 80" },
  { "FFFF", "EF BF BF" },
  { "00010000", "F0 90 80 80" },
  { "0010FFFF", "F4 8F BF BF" },
  /* The edges around them, and noncharacters, which are valid. */
  { "0000 007F", "00 7F" },
  { "D7FF E000 FFFD FFFE FDD0", "ED 9F BF EE 80 80 EF BF BD EF BF BE EF B7 90" },
  { "0001FFFF 0010FFFE", "F0 9F BF BF F4 8F BF BE" },
};
const guint tu_n_vectors_both = G_N_ELEMENTS (tu_vectors_both);

const TuVector tu_vectors_ucs4[] = {
  { "001FFFFF", "F7 BF BF BF" },
  { "00140000", "F5 80 80 80" },
  { "00200000", "F8 88 80 80 80" },
  { "03FFFFFF", "FB BF BF BF BF" },
  { "04000000", "FC 84 80 80 80 80" },
  { "7FFFFFFF", "FD BF BF BF BF BF" },
  /* Above U+10FFFF in four octets. */
  { "00110000 0013FFFF", "F4 90 80 80 F4 BF BF BF" },
};
const guint tu_n_vectors_ucs4 = G_N_ELEMENTS (tu_vectors_ucs4);

#define INVALID G_IO_ERROR_INVALID_DATA
#define PARTIAL G_IO_ERROR_PARTIAL_INPUT
/* One row per error mode: the output and count, or the output before the
 * error and the error. */
#define OK(mode, out, n) { GUTF8CONV_ERROR_MODE_##mode, out, -1, NULL, n }
#define FAILS(mode, out, code, message) { GUTF8CONV_ERROR_MODE_##mode, out, code, message, 0 }

const TuMalformed tu_malformed_decode[] = {
  /* Lone continuation bytes. */
  { TU_ALL, "80", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: 80"),
    OK (REPLACE, "FFFD", 1), OK (SKIP, "", 1),
    OK (ESCAPE, "DC80", 1),
    OK (LATIN1, "0080", 1),
    OK (CP1252, "20AC", 1) } },
  { TU_ALL, "41 80 BF 42", {
    FAILS (STRICT, "41", INVALID, "Invalid UTF-8 sequence at byte 1: 80"),
    OK (REPLACE, "41 FFFD FFFD 42", 2), OK (SKIP, "41 42", 2),
    OK (ESCAPE, "41 DC80 DCBF 42", 2),
    OK (LATIN1, "41 0080 00BF 42", 2),
    OK (CP1252, "41 20AC 00BF 42", 2) } },
  /* Truncated: at the end of the stream, and before another character. */
  { TU_ALL, "E2 82", {
    FAILS (STRICT, "", PARTIAL, "Incomplete UTF-8 sequence at byte 0: E2 82"),
    OK (REPLACE, "FFFD", 1), OK (SKIP, "", 1),
    OK (ESCAPE, "DCE2 DC82", 1),
    OK (LATIN1, "00E2 0082", 1),
    OK (CP1252, "00E2 201A", 1) } },
  { TU_ALL, "C3", {
    FAILS (STRICT, "", PARTIAL, "Incomplete UTF-8 sequence at byte 0: C3"),
    OK (REPLACE, "FFFD", 1), OK (SKIP, "", 1),
    OK (ESCAPE, "DCC3", 1),
    OK (LATIN1, "00C3", 1),
    OK (CP1252, "00C3", 1) } },
  { TU_BOTH | TU_WTF8, "41 F0 9F 98", {
    FAILS (STRICT, "41", PARTIAL, "Incomplete UTF-8 sequence at byte 1: F0 9F 98"),
    OK (REPLACE, "41 FFFD", 1), OK (SKIP, "41", 1),
    OK (ESCAPE, "41 DCF0 DC9F DC98", 1),
    OK (LATIN1, "41 00F0 009F 0098", 1),
    OK (CP1252, "41 00F0 0178 02DC", 1) } },
  { TU_ALL, "E2 82 41", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: E2 82"),
    OK (REPLACE, "FFFD 41", 1), OK (SKIP, "41", 1),
    OK (ESCAPE, "DCE2 DC82 41", 1),
    OK (LATIN1, "00E2 0082 41", 1),
    OK (CP1252, "00E2 201A 41", 1) } },
  { TU_BOTH | TU_WTF8, "F0 9F 98 F0 9F 98 80", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: F0 9F 98"),
    OK (REPLACE, "FFFD 1F600", 1), OK (SKIP, "1F600", 1),
    OK (ESCAPE, "DCF0 DC9F DC98 1F600", 1),
    OK (LATIN1, "00F0 009F 0098 1F600", 1),
    OK (CP1252, "00F0 0178 02DC 1F600", 1) } },
  /* Overlong forms of each length: the lead starts no sequence (C0, C1)
   * or its second byte is out of range, so every byte is a subpart. */
  { TU_ALL & ~TU_MUTF8, "C0 80", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: C0"),
    OK (REPLACE, "FFFD FFFD", 2), OK (SKIP, "", 2),
    OK (ESCAPE, "DCC0 DC80", 2),
    OK (LATIN1, "00C0 0080", 2),
    OK (CP1252, "00C0 20AC", 2) } },
  { TU_ALL, "C1 BF", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: C1"),
    OK (REPLACE, "FFFD FFFD", 2), OK (SKIP, "", 2),
    OK (ESCAPE, "DCC1 DCBF", 2),
    OK (LATIN1, "00C1 00BF", 2),
    OK (CP1252, "00C1 00BF", 2) } },
  { TU_ALL, "2F C0 AE 2E 2F", {
    FAILS (STRICT, "2F", INVALID, "Invalid UTF-8 sequence at byte 1: C0"),
    OK (REPLACE, "2F FFFD FFFD 2E 2F", 2), OK (SKIP, "2F 2E 2F", 2),
    OK (ESCAPE, "2F DCC0 DCAE 2E 2F", 2),
    OK (LATIN1, "2F 00C0 00AE 2E 2F", 2),
    OK (CP1252, "2F 00C0 00AE 2E 2F", 2) } },
  { TU_ALL, "E0 80 80", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: E0"),
    OK (REPLACE, "FFFD FFFD FFFD", 3), OK (SKIP, "", 3),
    OK (ESCAPE, "DCE0 DC80 DC80", 3),
    OK (LATIN1, "00E0 0080 0080", 3),
    OK (CP1252, "00E0 20AC 20AC", 3) } },
  { TU_ALL, "E0 9F BF", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: E0"),
    OK (REPLACE, "FFFD FFFD FFFD", 3), OK (SKIP, "", 3),
    OK (ESCAPE, "DCE0 DC9F DCBF", 3),
    OK (LATIN1, "00E0 009F 00BF", 3),
    OK (CP1252, "00E0 0178 00BF", 3) } },
  { TU_ALL, "F0 80 80 80", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: F0"),
    OK (REPLACE, "FFFD FFFD FFFD FFFD", 4), OK (SKIP, "", 4),
    OK (ESCAPE, "DCF0 DC80 DC80 DC80", 4),
    OK (LATIN1, "00F0 0080 0080 0080", 4),
    OK (CP1252, "00F0 20AC 20AC 20AC", 4) } },
  { TU_ALL, "F0 8F BF BF", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: F0"),
    OK (REPLACE, "FFFD FFFD FFFD FFFD", 4), OK (SKIP, "", 4),
    OK (ESCAPE, "DCF0 DC8F DCBF DCBF", 4),
    OK (LATIN1, "00F0 008F 00BF 00BF", 4),
    OK (CP1252, "00F0 008F 00BF 00BF", 4) } },
  { TU_ALL, "F8 80 80 80 80", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: F8"),
    OK (REPLACE, "FFFD FFFD FFFD FFFD FFFD", 5), OK (SKIP, "", 5),
    OK (ESCAPE, "DCF8 DC80 DC80 DC80 DC80", 5),
    OK (LATIN1, "00F8 0080 0080 0080 0080", 5),
    OK (CP1252, "00F8 20AC 20AC 20AC 20AC", 5) } },
  { TU_UCS4, "F8 87 BF BF BF", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: F8"),
    OK (REPLACE, "FFFD FFFD FFFD FFFD FFFD", 5), OK (SKIP, "", 5),
    OK (ESCAPE, "DCF8 DC87 DCBF DCBF DCBF", 5),
    OK (LATIN1, "00F8 0087 00BF 00BF 00BF", 5),
    OK (CP1252, "00F8 2021 00BF 00BF 00BF", 5) } },
  { TU_ALL, "FC 80 80 80 80 80", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: FC"),
    OK (REPLACE, "FFFD FFFD FFFD FFFD FFFD FFFD", 6), OK (SKIP, "", 6),
    OK (ESCAPE, "DCFC DC80 DC80 DC80 DC80 DC80", 6),
    OK (LATIN1, "00FC 0080 0080 0080 0080 0080", 6),
    OK (CP1252, "00FC 20AC 20AC 20AC 20AC 20AC", 6) } },
  { TU_UCS4, "FC 83 BF BF BF BF", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: FC"),
    OK (REPLACE, "FFFD FFFD FFFD FFFD FFFD FFFD", 6), OK (SKIP, "", 6),
    OK (ESCAPE, "DCFC DC83 DCBF DCBF DCBF DCBF", 6),
    OK (LATIN1, "00FC 0083 00BF 00BF 00BF 00BF", 6),
    OK (CP1252, "00FC 0192 00BF 00BF 00BF 00BF", 6) } },
  /* Surrogates, alone and as a pair written as UTF-8 (#behaviour-malformed). */
  { TU_BOTH, "ED A0 80", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: ED"),
    OK (REPLACE, "FFFD FFFD FFFD", 3), OK (SKIP, "", 3),
    OK (ESCAPE, "DCED DCA0 DC80", 3),
    OK (LATIN1, "00ED 00A0 0080", 3),
    OK (CP1252, "00ED 00A0 20AC", 3) } },
  { TU_BOTH, "41 ED BF BF", {
    FAILS (STRICT, "41", INVALID, "Invalid UTF-8 sequence at byte 1: ED"),
    OK (REPLACE, "41 FFFD FFFD FFFD", 3), OK (SKIP, "41", 3),
    OK (ESCAPE, "41 DCED DCBF DCBF", 3),
    OK (LATIN1, "41 00ED 00BF 00BF", 3),
    OK (CP1252, "41 00ED 00BF 00BF", 3) } },
  { TU_BOTH, "ED A1 8C ED BE B4", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: ED"),
    OK (REPLACE, "FFFD FFFD FFFD FFFD FFFD FFFD", 6), OK (SKIP, "", 6),
    OK (ESCAPE, "DCED DCA1 DC8C DCED DCBE DCB4", 6),
    OK (LATIN1, "00ED 00A1 008C 00ED 00BE 00B4", 6),
    OK (CP1252, "00ED 00A1 0152 00ED 00BE 00B4", 6) } },
  /* Above U+10FFFF (UNICODE), FE and FF (always). */
  { TU_ALL & ~TU_UCS4, "F4 90 80 80", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: F4"),
    OK (REPLACE, "FFFD FFFD FFFD FFFD", 4), OK (SKIP, "", 4),
    OK (ESCAPE, "DCF4 DC90 DC80 DC80", 4),
    OK (LATIN1, "00F4 0090 0080 0080", 4),
    OK (CP1252, "00F4 0090 20AC 20AC", 4) } },
  { TU_ALL & ~TU_UCS4, "F5 80 80 80", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: F5"),
    OK (REPLACE, "FFFD FFFD FFFD FFFD", 4), OK (SKIP, "", 4),
    OK (ESCAPE, "DCF5 DC80 DC80 DC80", 4),
    OK (LATIN1, "00F5 0080 0080 0080", 4),
    OK (CP1252, "00F5 20AC 20AC 20AC", 4) } },
  { TU_ALL & ~TU_UCS4, "F7 BF BF BF", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: F7"),
    OK (REPLACE, "FFFD FFFD FFFD FFFD", 4), OK (SKIP, "", 4),
    OK (ESCAPE, "DCF7 DCBF DCBF DCBF", 4),
    OK (LATIN1, "00F7 00BF 00BF 00BF", 4),
    OK (CP1252, "00F7 00BF 00BF 00BF", 4) } },
  { TU_ALL, "FE", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: FE"),
    OK (REPLACE, "FFFD", 1), OK (SKIP, "", 1),
    OK (ESCAPE, "DCFE", 1),
    OK (LATIN1, "00FE", 1),
    OK (CP1252, "00FE", 1) } },
  { TU_ALL, "FF", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: FF"),
    OK (REPLACE, "FFFD", 1), OK (SKIP, "", 1),
    OK (ESCAPE, "DCFF", 1),
    OK (LATIN1, "00FF", 1),
    OK (CP1252, "00FF", 1) } },
  { TU_ALL, "41 FE FF 80 42", {
    FAILS (STRICT, "41", INVALID, "Invalid UTF-8 sequence at byte 1: FE"),
    OK (REPLACE, "41 FFFD FFFD FFFD 42", 3), OK (SKIP, "41 42", 3),
    OK (ESCAPE, "41 DCFE DCFF DC80 42", 3),
    OK (LATIN1, "41 00FE 00FF 0080 42", 3),
    OK (CP1252, "41 00FE 00FF 20AC 42", 3) } },
  /* 5- and 6-octet forms in the UNICODE profile. */
  { TU_ALL & ~TU_UCS4, "F8 88 80 80 80", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: F8"),
    OK (REPLACE, "FFFD FFFD FFFD FFFD FFFD", 5), OK (SKIP, "", 5),
    OK (ESCAPE, "DCF8 DC88 DC80 DC80 DC80", 5),
    OK (LATIN1, "00F8 0088 0080 0080 0080", 5),
    OK (CP1252, "00F8 02C6 20AC 20AC 20AC", 5) } },
  { TU_ALL & ~TU_UCS4, "FC 84 80 80 80 80", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: FC"),
    OK (REPLACE, "FFFD FFFD FFFD FFFD FFFD FFFD", 6), OK (SKIP, "", 6),
    OK (ESCAPE, "DCFC DC84 DC80 DC80 DC80 DC80", 6),
    OK (LATIN1, "00FC 0084 0080 0080 0080 0080", 6),
    OK (CP1252, "00FC 201E 20AC 20AC 20AC 20AC", 6) } },
  { TU_ALL & ~TU_UCS4, "FD BF BF BF BF BF", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: FD"),
    OK (REPLACE, "FFFD FFFD FFFD FFFD FFFD FFFD", 6), OK (SKIP, "", 6),
    OK (ESCAPE, "DCFD DCBF DCBF DCBF DCBF DCBF", 6),
    OK (LATIN1, "00FD 00BF 00BF 00BF 00BF 00BF", 6),
    OK (CP1252, "00FD 00BF 00BF 00BF 00BF 00BF", 6) } },
  /* Truncated and broken long forms in the UCS4 profile. */
  { TU_UCS4, "FD BF BF", {
    FAILS (STRICT, "", PARTIAL, "Incomplete UTF-8 sequence at byte 0: FD BF BF"),
    OK (REPLACE, "FFFD", 1), OK (SKIP, "", 1),
    OK (ESCAPE, "DCFD DCBF DCBF", 1),
    OK (LATIN1, "00FD 00BF 00BF", 1),
    OK (CP1252, "00FD 00BF 00BF", 1) } },
  { TU_UCS4, "F8 88 80 41", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: F8 88 80"),
    OK (REPLACE, "FFFD 41", 1), OK (SKIP, "41", 1),
    OK (ESCAPE, "DCF8 DC88 DC80 41", 1),
    OK (LATIN1, "00F8 0088 0080 41", 1),
    OK (CP1252, "00F8 02C6 20AC 41", 1) } },
  { TU_UCS4, "FC 84 80 80 80 C2 A9", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: FC 84 80 80 80"),
    OK (REPLACE, "FFFD A9", 1), OK (SKIP, "A9", 1),
    OK (ESCAPE, "DCFC DC84 DC80 DC80 DC80 A9", 1),
    OK (LATIN1, "00FC 0084 0080 0080 0080 A9", 1),
    OK (CP1252, "00FC 201E 20AC 20AC 20AC A9", 1) } },
  { TU_UCS4, "FE 80", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: FE"),
    OK (REPLACE, "FFFD FFFD", 2), OK (SKIP, "", 2),
    OK (ESCAPE, "DCFE DC80", 2),
    OK (LATIN1, "00FE 0080", 2),
    OK (CP1252, "00FE 20AC", 2) } },
  /* The guide's examples (#behaviour-maximal-subparts) and Unicode's U+FFFD tables. */
  { TU_BOTH | TU_WTF8, "61 F1 80 80 E1 80 C2 62 80 63 80 BF 64", {
    FAILS (STRICT, "61", INVALID, "Invalid UTF-8 sequence at byte 1: F1 80 80"),
    OK (REPLACE, "0061 FFFD FFFD FFFD 0062 FFFD 0063 FFFD FFFD 0064", 6), OK (SKIP, "61 62 63 64", 6),
    OK (ESCAPE, "61 DCF1 DC80 DC80 DCE1 DC80 DCC2 62 DC80 63 DC80 DCBF 64", 6),
    OK (LATIN1, "61 00F1 0080 0080 00E1 0080 00C2 62 0080 63 0080 00BF 64", 6),
    OK (CP1252, "61 00F1 20AC 20AC 00E1 20AC 00C2 62 20AC 63 20AC 00BF 64", 6) } },
  { TU_BOTH | TU_WTF8, "E1 80 E2 F0 91 92 F1 BF 41", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: E1 80"),
    OK (REPLACE, "FFFD FFFD FFFD FFFD 0041", 4), OK (SKIP, "41", 4),
    OK (ESCAPE, "DCE1 DC80 DCE2 DCF0 DC91 DC92 DCF1 DCBF 41", 4),
    OK (LATIN1, "00E1 0080 00E2 00F0 0091 0092 00F1 00BF 41", 4),
    OK (CP1252, "00E1 20AC 00E2 00F0 2018 2019 00F1 00BF 41", 4) } },
  { TU_ALL, "C0 AF E0 80 BF F0 81 82 41", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: C0"),
    OK (REPLACE, "FFFD FFFD FFFD FFFD FFFD FFFD FFFD FFFD 0041", 8), OK (SKIP, "41", 8),
    OK (ESCAPE, "DCC0 DCAF DCE0 DC80 DCBF DCF0 DC81 DC82 41", 8),
    OK (LATIN1, "00C0 00AF 00E0 0080 00BF 00F0 0081 0082 41", 8),
    OK (CP1252, "00C0 00AF 00E0 20AC 00BF 00F0 0081 201A 41", 8) } },
  { TU_BOTH, "ED A0 80 ED BF BF ED AF 41", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: ED"),
    OK (REPLACE, "FFFD FFFD FFFD FFFD FFFD FFFD FFFD FFFD 0041", 8), OK (SKIP, "41", 8),
    OK (ESCAPE, "DCED DCA0 DC80 DCED DCBF DCBF DCED DCAF 41", 8),
    OK (LATIN1, "00ED 00A0 0080 00ED 00BF 00BF 00ED 00AF 41", 8),
    OK (CP1252, "00ED 00A0 20AC 00ED 00BF 00BF 00ED 00AF 41", 8) } },
  { TU_ALL & ~TU_UCS4, "F4 91 92 93 FF 41 80 BF 42", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: F4"),
    OK (REPLACE, "FFFD FFFD FFFD FFFD FFFD 0041 FFFD FFFD 0042", 7), OK (SKIP, "41 42", 7),
    OK (ESCAPE, "DCF4 DC91 DC92 DC93 DCFF 41 DC80 DCBF 42", 7),
    OK (LATIN1, "00F4 0091 0092 0093 00FF 41 0080 00BF 42", 7),
    OK (CP1252, "00F4 2018 2019 201C 00FF 41 20AC 00BF 42", 7) } },
  { TU_UCS4, "F4 91 92 93 FF 41 80 BF 42", {
    FAILS (STRICT, "111493", INVALID, "Invalid UTF-8 sequence at byte 4: FF"),
    OK (REPLACE, "111493 FFFD 0041 FFFD FFFD 0042", 3), OK (SKIP, "111493 41 42", 3),
    OK (ESCAPE, "111493 DCFF 41 DC80 DCBF 42", 3),
    OK (LATIN1, "111493 00FF 41 0080 00BF 42", 3),
    OK (CP1252, "111493 00FF 41 20AC 00BF 42", 3) } },
  { TU_BOTH | TU_WTF8, "F0 9F 98", {
    FAILS (STRICT, "", PARTIAL, "Incomplete UTF-8 sequence at byte 0: F0 9F 98"),
    OK (REPLACE, "FFFD", 1), OK (SKIP, "", 1),
    OK (ESCAPE, "DCF0 DC9F DC98", 1),
    OK (LATIN1, "00F0 009F 0098", 1),
    OK (CP1252, "00F0 0178 02DC", 1) } },
  /* #behaviour-profile-cesu8: CESU-8 and modified UTF-8 have no four-byte forms; a
   * surrogate form that is not half of a pair is one subpart of three. */
  { TU_CESU8 | TU_MUTF8, "F0 9F 98 80", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: F0"),
    OK (REPLACE, "FFFD FFFD FFFD FFFD", 4), OK (SKIP, "", 4),
    OK (ESCAPE, "DCF0 DC9F DC98 DC80", 4),
    OK (LATIN1, "00F0 009F 0098 0080", 4),
    OK (CP1252, "00F0 0178 02DC 20AC", 4) } },
  { TU_CESU8, "ED A0 BD 41", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: ED A0 BD"),
    OK (REPLACE, "FFFD 0041", 1), OK (SKIP, "0041", 1),
    OK (ESCAPE, "DCED DCA0 DCBD 0041", 1),
    OK (LATIN1, "00ED 00A0 00BD 0041", 1),
    OK (CP1252, "00ED 00A0 00BD 0041", 1) } },
  { TU_CESU8, "ED B8 80", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: ED B8 80"),
    OK (REPLACE, "FFFD", 1), OK (SKIP, "", 1),
    OK (ESCAPE, "DCED DCB8 DC80", 1),
    OK (LATIN1, "00ED 00B8 0080", 1),
    OK (CP1252, "00ED 00B8 20AC", 1) } },
  { TU_CESU8, "ED A0 BD ED 41", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: ED A0 BD"),
    OK (REPLACE, "FFFD FFFD 0041", 2), OK (SKIP, "0041", 2),
    OK (ESCAPE, "DCED DCA0 DCBD DCED 0041", 2),
    OK (LATIN1, "00ED 00A0 00BD 00ED 0041", 2),
    OK (CP1252, "00ED 00A0 00BD 00ED 0041", 2) } },
  { TU_CESU8, "ED A0 BD ED A0 BD ED B8 80", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: ED A0 BD"),
    OK (REPLACE, "FFFD 1F600", 1), OK (SKIP, "1F600", 1),
    OK (ESCAPE, "DCED DCA0 DCBD 1F600", 1),
    OK (LATIN1, "00ED 00A0 00BD 1F600", 1),
    OK (CP1252, "00ED 00A0 00BD 1F600", 1) } },
  /* A pair cut off by the end of the stream (#behaviour-profile-cesu8). */
  { TU_CESU8, "ED A0 80", {
    FAILS (STRICT, "", PARTIAL, "Incomplete UTF-8 sequence at byte 0: ED A0 80"),
    OK (REPLACE, "FFFD", 1), OK (SKIP, "", 1),
    OK (ESCAPE, "DCED DCA0 DC80", 1),
    OK (LATIN1, "00ED 00A0 0080", 1),
    OK (CP1252, "00ED 00A0 20AC", 1) } },
  { TU_CESU8, "ED A0 80 ED B0", {
    FAILS (STRICT, "", PARTIAL, "Incomplete UTF-8 sequence at byte 0: ED A0 80"),
    OK (REPLACE, "FFFD FFFD", 2), OK (SKIP, "", 2),
    OK (ESCAPE, "DCED DCA0 DC80 DCED DCB0", 2),
    OK (LATIN1, "00ED 00A0 0080 00ED 00B0", 2),
    OK (CP1252, "00ED 00A0 20AC 00ED 00B0", 2) } },
  { TU_CESU8, "41 ED AF BF ED BF", {
    FAILS (STRICT, "0041", PARTIAL, "Incomplete UTF-8 sequence at byte 1: ED AF BF"),
    OK (REPLACE, "0041 FFFD FFFD", 2), OK (SKIP, "0041", 2),
    OK (ESCAPE, "0041 DCED DCAF DCBF DCED DCBF", 2),
    OK (LATIN1, "0041 00ED 00AF 00BF 00ED 00BF", 2),
    OK (CP1252, "0041 00ED 00AF 00BF 00ED 00BF", 2) } },
  /* #behaviour-profile-modified-utf8: Java's modified UTF-8 takes every
   * surrogate form; a high form and a low form right after it are one
   * character, any other is a lone surrogate.  At the end of the stream a
   * whole high form is lone; only a form cut short is incomplete. */
  { TU_MUTF8, "ED A0 BD 41", {
    OK (STRICT, "D83D 0041", 0), OK (REPLACE, "D83D 0041", 0),
    OK (SKIP, "D83D 0041", 0), OK (ESCAPE, "D83D 0041", 0),
    OK (LATIN1, "D83D 0041", 0), OK (CP1252, "D83D 0041", 0) } },
  { TU_MUTF8, "ED B8 80", {
    OK (STRICT, "DE00", 0), OK (REPLACE, "DE00", 0),
    OK (SKIP, "DE00", 0), OK (ESCAPE, "DE00", 0),
    OK (LATIN1, "DE00", 0), OK (CP1252, "DE00", 0) } },
  { TU_MUTF8, "ED A0 BD ED A0 BD ED B8 80", {
    OK (STRICT, "D83D 1F600", 0), OK (REPLACE, "D83D 1F600", 0),
    OK (SKIP, "D83D 1F600", 0), OK (ESCAPE, "D83D 1F600", 0),
    OK (LATIN1, "D83D 1F600", 0), OK (CP1252, "D83D 1F600", 0) } },
  { TU_MUTF8, "ED A0 80", {
    OK (STRICT, "D800", 0), OK (REPLACE, "D800", 0),
    OK (SKIP, "D800", 0), OK (ESCAPE, "D800", 0),
    OK (LATIN1, "D800", 0), OK (CP1252, "D800", 0) } },
  { TU_MUTF8, "ED B0 80 ED A0 80 41 ED A0 80 ED B0 80", {
    OK (STRICT, "DC00 D800 0041 10000", 0), OK (REPLACE, "DC00 D800 0041 10000", 0),
    OK (SKIP, "DC00 D800 0041 10000", 0), OK (ESCAPE, "DC00 D800 0041 10000", 0),
    OK (LATIN1, "DC00 D800 0041 10000", 0), OK (CP1252, "DC00 D800 0041 10000", 0) } },
  { TU_MUTF8, "ED A0 BD ED 41", {
    FAILS (STRICT, "D83D", INVALID, "Invalid UTF-8 sequence at byte 3: ED"),
    OK (REPLACE, "D83D FFFD 0041", 1), OK (SKIP, "D83D 0041", 1),
    OK (ESCAPE, "D83D DCED 0041", 1),
    OK (LATIN1, "D83D 00ED 0041", 1),
    OK (CP1252, "D83D 00ED 0041", 1) } },
  { TU_MUTF8, "ED A0 80 ED B0", {
    FAILS (STRICT, "D800", PARTIAL, "Incomplete UTF-8 sequence at byte 3: ED B0"),
    OK (REPLACE, "D800 FFFD", 1), OK (SKIP, "D800", 1),
    OK (ESCAPE, "D800 DCED DCB0", 1),
    OK (LATIN1, "D800 00ED 00B0", 1),
    OK (CP1252, "D800 00ED 00B0", 1) } },
  { TU_MUTF8, "41 ED AF BF ED BF", {
    FAILS (STRICT, "0041 DBFF", PARTIAL, "Incomplete UTF-8 sequence at byte 4: ED BF"),
    OK (REPLACE, "0041 DBFF FFFD", 1), OK (SKIP, "0041 DBFF", 1),
    OK (ESCAPE, "0041 DBFF DCED DCBF", 1),
    OK (LATIN1, "0041 DBFF 00ED 00BF", 1),
    OK (CP1252, "0041 DBFF 00ED 00BF", 1) } },
  { TU_MUTF8, "ED A0", {
    FAILS (STRICT, "", PARTIAL, "Incomplete UTF-8 sequence at byte 0: ED A0"),
    OK (REPLACE, "FFFD", 1), OK (SKIP, "", 1),
    OK (ESCAPE, "DCED DCA0", 1),
    OK (LATIN1, "00ED 00A0", 1),
    OK (CP1252, "00ED 00A0", 1) } },
  /* Modified UTF-8: C0 takes 80 and nothing else. */
  { TU_MUTF8, "C0 41", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: C0"),
    OK (REPLACE, "FFFD 0041", 1), OK (SKIP, "0041", 1),
    OK (ESCAPE, "DCC0 0041", 1),
    OK (LATIN1, "00C0 0041", 1),
    OK (CP1252, "00C0 0041", 1) } },
  { TU_MUTF8, "41 C0", {
    FAILS (STRICT, "0041", PARTIAL, "Incomplete UTF-8 sequence at byte 1: C0"),
    OK (REPLACE, "0041 FFFD", 1), OK (SKIP, "0041", 1),
    OK (ESCAPE, "0041 DCC0", 1),
    OK (LATIN1, "0041 00C0", 1),
    OK (CP1252, "0041 00C0", 1) } },
  /* WTF-8: a low surrogate form right after a high one is not WTF-8. */
  { TU_WTF8, "ED A0 BD ED B8 80", {
    FAILS (STRICT, "D83D", INVALID, "Invalid UTF-8 sequence at byte 3: ED B8 80"),
    OK (REPLACE, "D83D FFFD", 1), OK (SKIP, "D83D", 1),
    OK (ESCAPE, "D83D DCED DCB8 DC80", 1),
    OK (LATIN1, "D83D 00ED 00B8 0080", 1),
    OK (CP1252, "D83D 00ED 00B8 20AC", 1) } },
  { TU_WTF8, "ED A0 BD ED B8", {
    FAILS (STRICT, "D83D", PARTIAL, "Incomplete UTF-8 sequence at byte 3: ED B8"),
    OK (REPLACE, "D83D FFFD", 1), OK (SKIP, "D83D", 1),
    OK (ESCAPE, "D83D DCED DCB8", 1),
    OK (LATIN1, "D83D 00ED 00B8", 1),
    OK (CP1252, "D83D 00ED 00B8", 1) } },
  { TU_WTF8, "ED A0 BD ED B8 80 ED B8 80", {
    FAILS (STRICT, "D83D", INVALID, "Invalid UTF-8 sequence at byte 3: ED B8 80"),
    OK (REPLACE, "D83D FFFD DE00", 1), OK (SKIP, "D83D DE00", 1),
    OK (ESCAPE, "D83D DCED DCB8 DC80 DE00", 1),
    OK (LATIN1, "D83D 00ED 00B8 0080 DE00", 1),
    OK (CP1252, "D83D 00ED 00B8 20AC DE00", 1) } },
};
const guint tu_n_malformed_decode = G_N_ELEMENTS (tu_malformed_decode);

const TuMalformed tu_malformed_encode[] = {
  /* Surrogates: ESCAPE takes back only U+DC80..U+DCFF. */
  { TU_ALL & ~(TU_WTF8 | TU_MUTF8), "00 00 D8 00", {
    FAILS (STRICT, "", INVALID, "Invalid UCS-4 value 0x0000D800 at byte 0"),
    OK (REPLACE, "EF BF BD", 1), OK (SKIP, "", 1),
    FAILS (ESCAPE, "", INVALID, "Invalid UCS-4 value 0x0000D800 at byte 0"),
    OK (LATIN1, "EF BF BD", 1), OK (CP1252, "EF BF BD", 1) } },
  { TU_ALL & ~(TU_WTF8 | TU_MUTF8), "00 00 00 41 00 00 DF FF 00 00 00 42", {
    FAILS (STRICT, "41", INVALID, "Invalid UCS-4 value 0x0000DFFF at byte 4"),
    OK (REPLACE, "41 EF BF BD 42", 1), OK (SKIP, "41 42", 1),
    FAILS (ESCAPE, "41", INVALID, "Invalid UCS-4 value 0x0000DFFF at byte 4"),
    OK (LATIN1, "41 EF BF BD 42", 1), OK (CP1252, "41 EF BF BD 42", 1) } },
  { TU_ALL & ~(TU_WTF8 | TU_MUTF8), "00 00 DC 80 00 00 DC FF", {
    FAILS (STRICT, "", INVALID, "Invalid UCS-4 value 0x0000DC80 at byte 0"),
    OK (REPLACE, "EF BF BD EF BF BD", 2), OK (SKIP, "", 2),
    OK (ESCAPE, "80 FF", 2),
    OK (LATIN1, "EF BF BD EF BF BD", 2), OK (CP1252, "EF BF BD EF BF BD", 2) } },
  { TU_ALL & ~(TU_WTF8 | TU_MUTF8), "00 00 00 61 00 00 DC E2 00 00 DC 82 00 00 00 62", {
    FAILS (STRICT, "61", INVALID, "Invalid UCS-4 value 0x0000DCE2 at byte 4"),
    OK (REPLACE, "61 EF BF BD EF BF BD 62", 2), OK (SKIP, "61 62", 2),
    OK (ESCAPE, "61 E2 82 62", 2),
    OK (LATIN1, "61 EF BF BD EF BF BD 62", 2), OK (CP1252, "61 EF BF BD EF BF BD 62", 2) } },
  { TU_ALL & ~(TU_WTF8 | TU_MUTF8), "00 00 DC 7F", {
    FAILS (STRICT, "", INVALID, "Invalid UCS-4 value 0x0000DC7F at byte 0"),
    OK (REPLACE, "EF BF BD", 1), OK (SKIP, "", 1),
    FAILS (ESCAPE, "", INVALID, "Invalid UCS-4 value 0x0000DC7F at byte 0"),
    OK (LATIN1, "EF BF BD", 1), OK (CP1252, "EF BF BD", 1) } },
  /* Modified UTF-8 writes each surrogate value as its three-byte form, as
   * Java writes a unit (#behaviour-profile-modified-utf8): U+DC80..U+DCFF
   * too, so ESCAPE takes nothing back. */
  { TU_MUTF8, "00 00 D8 00", {
    OK (STRICT, "ED A0 80", 0), OK (REPLACE, "ED A0 80", 0),
    OK (SKIP, "ED A0 80", 0), OK (ESCAPE, "ED A0 80", 0),
    OK (LATIN1, "ED A0 80", 0), OK (CP1252, "ED A0 80", 0) } },
  { TU_MUTF8, "00 00 00 41 00 00 DF FF 00 00 00 42", {
    OK (STRICT, "41 ED BF BF 42", 0), OK (REPLACE, "41 ED BF BF 42", 0),
    OK (SKIP, "41 ED BF BF 42", 0), OK (ESCAPE, "41 ED BF BF 42", 0),
    OK (LATIN1, "41 ED BF BF 42", 0), OK (CP1252, "41 ED BF BF 42", 0) } },
  { TU_MUTF8, "00 00 DC 80 00 00 DC FF", {
    OK (STRICT, "ED B2 80 ED B3 BF", 0), OK (REPLACE, "ED B2 80 ED B3 BF", 0),
    OK (SKIP, "ED B2 80 ED B3 BF", 0), OK (ESCAPE, "ED B2 80 ED B3 BF", 0),
    OK (LATIN1, "ED B2 80 ED B3 BF", 0), OK (CP1252, "ED B2 80 ED B3 BF", 0) } },
  { TU_MUTF8, "00 00 00 61 00 00 DC E2 00 00 DC 82 00 00 00 62", {
    OK (STRICT, "61 ED B3 A2 ED B2 82 62", 0), OK (REPLACE, "61 ED B3 A2 ED B2 82 62", 0),
    OK (SKIP, "61 ED B3 A2 ED B2 82 62", 0), OK (ESCAPE, "61 ED B3 A2 ED B2 82 62", 0),
    OK (LATIN1, "61 ED B3 A2 ED B2 82 62", 0), OK (CP1252, "61 ED B3 A2 ED B2 82 62", 0) } },
  { TU_MUTF8, "00 00 DC 7F", {
    OK (STRICT, "ED B1 BF", 0), OK (REPLACE, "ED B1 BF", 0),
    OK (SKIP, "ED B1 BF", 0), OK (ESCAPE, "ED B1 BF", 0),
    OK (LATIN1, "ED B1 BF", 0), OK (CP1252, "ED B1 BF", 0) } },
  { TU_MUTF8, "00 00 DB FF 00 00 DF FF 00 10 FF FF", {
    OK (STRICT, "ED AF BF ED BF BF ED AF BF ED BF BF", 0), OK (REPLACE, "ED AF BF ED BF BF ED AF BF ED BF BF", 0),
    OK (SKIP, "ED AF BF ED BF BF ED AF BF ED BF BF", 0), OK (ESCAPE, "ED AF BF ED BF BF ED AF BF ED BF BF", 0),
    OK (LATIN1, "ED AF BF ED BF BF ED AF BF ED BF BF", 0), OK (CP1252, "ED AF BF ED BF BF ED AF BF ED BF BF", 0) } },
  /* Above the profile's range. */
  { TU_ALL & ~TU_UCS4, "00 11 00 00", {
    FAILS (STRICT, "", INVALID, "Invalid UCS-4 value 0x00110000 at byte 0"),
    OK (REPLACE, "EF BF BD", 1), OK (SKIP, "", 1),
    FAILS (ESCAPE, "", INVALID, "Invalid UCS-4 value 0x00110000 at byte 0"),
    OK (LATIN1, "EF BF BD", 1), OK (CP1252, "EF BF BD", 1) } },
  { TU_ALL & ~TU_UCS4, "00 00 00 41 7F FF FF FF", {
    FAILS (STRICT, "41", INVALID, "Invalid UCS-4 value 0x7FFFFFFF at byte 4"),
    OK (REPLACE, "41 EF BF BD", 1), OK (SKIP, "41", 1),
    FAILS (ESCAPE, "41", INVALID, "Invalid UCS-4 value 0x7FFFFFFF at byte 4"),
    OK (LATIN1, "41 EF BF BD", 1), OK (CP1252, "41 EF BF BD", 1) } },
  { TU_UCS4, "00 00 00 41 80 00 00 00", {
    FAILS (STRICT, "41", INVALID, "Invalid UCS-4 value 0x80000000 at byte 4"),
    OK (REPLACE, "41 EF BF BD", 1), OK (SKIP, "41", 1),
    FAILS (ESCAPE, "41", INVALID, "Invalid UCS-4 value 0x80000000 at byte 4"),
    OK (LATIN1, "41 EF BF BD", 1), OK (CP1252, "41 EF BF BD", 1) } },
  { TU_ALL, "80 00 00 00", {
    FAILS (STRICT, "", INVALID, "Invalid UCS-4 value 0x80000000 at byte 0"),
    OK (REPLACE, "EF BF BD", 1), OK (SKIP, "", 1),
    FAILS (ESCAPE, "", INVALID, "Invalid UCS-4 value 0x80000000 at byte 0"),
    OK (LATIN1, "EF BF BD", 1), OK (CP1252, "EF BF BD", 1) } },
  { TU_ALL, "00 00 00 41 FF FF FF FF 00 00 00 42", {
    FAILS (STRICT, "41", INVALID, "Invalid UCS-4 value 0xFFFFFFFF at byte 4"),
    OK (REPLACE, "41 EF BF BD 42", 1), OK (SKIP, "41 42", 1),
    FAILS (ESCAPE, "41", INVALID, "Invalid UCS-4 value 0xFFFFFFFF at byte 4"),
    OK (LATIN1, "41 EF BF BD 42", 1), OK (CP1252, "41 EF BF BD 42", 1) } },
  /* A UCS-4 input whose length is not a multiple of 4. */
  { TU_ALL, "00", {
    FAILS (STRICT, "", PARTIAL, "Incomplete UCS-4 value at byte 0: 00"),
    OK (REPLACE, "EF BF BD", 1), OK (SKIP, "", 1),
    FAILS (ESCAPE, "", PARTIAL, "Incomplete UCS-4 value at byte 0: 00"),
    OK (LATIN1, "EF BF BD", 1), OK (CP1252, "EF BF BD", 1) } },
  { TU_ALL, "00 00 00 41 00 D8", {
    FAILS (STRICT, "41", PARTIAL, "Incomplete UCS-4 value at byte 4: 00 D8"),
    OK (REPLACE, "41 EF BF BD", 1), OK (SKIP, "41", 1),
    FAILS (ESCAPE, "41", PARTIAL, "Incomplete UCS-4 value at byte 4: 00 D8"),
    OK (LATIN1, "41 EF BF BD", 1), OK (CP1252, "41 EF BF BD", 1) } },
  { TU_ALL, "00 00 00 41 00 00 00", {
    FAILS (STRICT, "41", PARTIAL, "Incomplete UCS-4 value at byte 4: 00 00 00"),
    OK (REPLACE, "41 EF BF BD", 1), OK (SKIP, "41", 1),
    FAILS (ESCAPE, "41", PARTIAL, "Incomplete UCS-4 value at byte 4: 00 00 00"),
    OK (LATIN1, "41 EF BF BD", 1), OK (CP1252, "41 EF BF BD", 1) } },
  /* WTF-8: a high unit at the end is a lone surrogate; what follows it is
   * a truncated unit. */
  { TU_WTF8 | TU_MUTF8, "00 00 D8 3D 00 00", {
    FAILS (STRICT, "ED A0 BD", PARTIAL, "Incomplete UCS-4 value at byte 4: 00 00"),
    OK (REPLACE, "ED A0 BD EF BF BD", 1), OK (SKIP, "ED A0 BD", 1),
    FAILS (ESCAPE, "ED A0 BD", PARTIAL, "Incomplete UCS-4 value at byte 4: 00 00"),
    OK (LATIN1, "ED A0 BD EF BF BD", 1), OK (CP1252, "ED A0 BD EF BF BD", 1) } },
  { TU_WTF8 | TU_MUTF8, "00 00 D8 3D 00 11 00 00", {
    FAILS (STRICT, "ED A0 BD", INVALID, "Invalid UCS-4 value 0x00110000 at byte 4"),
    OK (REPLACE, "ED A0 BD EF BF BD", 1), OK (SKIP, "ED A0 BD", 1),
    FAILS (ESCAPE, "ED A0 BD", INVALID, "Invalid UCS-4 value 0x00110000 at byte 4"),
    OK (LATIN1, "ED A0 BD EF BF BD", 1), OK (CP1252, "ED A0 BD EF BF BD", 1) } },
  /* CESU-8 writes a bad unit's U+FFFD in three bytes too. */
  { TU_CESU8, "00 01 F6 00 00 00 DB FF", {
    FAILS (STRICT, "ED A0 BD ED B8 80", INVALID, "Invalid UCS-4 value 0x0000DBFF at byte 4"),
    OK (REPLACE, "ED A0 BD ED B8 80 EF BF BD", 1), OK (SKIP, "ED A0 BD ED B8 80", 1),
    FAILS (ESCAPE, "ED A0 BD ED B8 80", INVALID, "Invalid UCS-4 value 0x0000DBFF at byte 4"),
    OK (LATIN1, "ED A0 BD ED B8 80 EF BF BD", 1), OK (CP1252, "ED A0 BD ED B8 80 EF BF BD", 1) } },
};
const guint tu_n_malformed_encode = G_N_ELEMENTS (tu_malformed_encode);

/* UTF-16BE beside UTF-8: the vectors of section 5 that UTF-16 can carry,
 * RFC 2781's pairs (U+10000, U+12345, U+10FFFF) and the edges of the
 * surrogate range. */
const TuVector16 tu_vectors_utf16[] = {
  { "00 41 22 62 03 91 00 2E", "41 E2 89 A2 CE 91 2E" },
  { "D5 5C AD 6D C5 B4", "ED 95 9C EA B5 AD EC 96 B4" },
  { "65 E5 67 2C 8A 9E", "E6 97 A5 E6 9C AC E8 AA 9E" },
  { "FE FF D8 4C DF B4", "EF BB BF F0 A3 8E B4" },
  { "00 00 00 7F 00 80 07 FF 08 00", "00 7F C2 80 DF BF E0 A0 80" },
  { "D7 FF E0 00 FF FD FF FE FF FF", "ED 9F BF EE 80 80 EF BF BD EF BF BE EF BF BF" },
  { "D8 00 DC 00", "F0 90 80 80" },
  { "D8 08 DF 45", "F0 92 8D 85" },
  { "DB FF DF FF", "F4 8F BF BF" },
  { "D8 3D DE 00 00 41 D8 3F DF FF", "F0 9F 98 80 41 F0 9F BF BF" },
};
const guint tu_n_vectors_utf16 = G_N_ELEMENTS (tu_vectors_utf16);

/* UTF-8 to UTF-16 (big-endian): what only the UTF-16 side has; the
 * decoding table above runs in this direction too (test-malformed). */
const TuMalformed tu_malformed_to_utf16[] = {
  /* UCS4 values above U+10FFFF have no UTF-16 form: the whole sequence is
   * one bad subpart. */
  { TU_UCS4, "F4 90 80 80", {
    FAILS (STRICT, "", INVALID, "Value 0x110000 at byte 0 cannot be written in UTF-16: F4 90 80 80"),
    OK (REPLACE, "FF FD", 1), OK (SKIP, "", 1),
    OK (ESCAPE, "DC F4 DC 90 DC 80 DC 80", 1),
    OK (LATIN1, "00 F4 00 90 00 80 00 80", 1), OK (CP1252, "00 F4 00 90 20 AC 20 AC", 1) } },
  { TU_UCS4, "41 FD BF BF BF BF BF 42", {
    FAILS (STRICT, "00 41", INVALID,
           "Value 0x7FFFFFFF at byte 1 cannot be written in UTF-16: FD BF BF BF BF BF"),
    OK (REPLACE, "00 41 FF FD 00 42", 1), OK (SKIP, "00 41 00 42", 1),
    OK (ESCAPE, "00 41 DC FD DC BF DC BF DC BF DC BF DC BF 00 42", 1),
    OK (LATIN1, "00 41 00 FD 00 BF 00 BF 00 BF 00 BF 00 BF 00 42", 1),
    OK (CP1252, "00 41 00 FD 00 BF 00 BF 00 BF 00 BF 00 BF 00 42", 1) } },
  /* ESCAPE writes lone low surrogates on purpose. */
  { TU_ALL, "61 80 62", {
    FAILS (STRICT, "00 61", INVALID, "Invalid UTF-8 sequence at byte 1: 80"),
    OK (REPLACE, "00 61 FF FD 00 62", 1), OK (SKIP, "00 61 00 62", 1),
    OK (ESCAPE, "00 61 DC 80 00 62", 1),
    OK (LATIN1, "00 61 00 80 00 62", 1), OK (CP1252, "00 61 20 AC 00 62", 1) } },
  /* CESU-8 has no four-byte forms: four one-byte subparts. */
  { TU_CESU8 | TU_MUTF8, "F0 9F 98 80", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-8 sequence at byte 0: F0"),
    OK (REPLACE, "FF FD FF FD FF FD FF FD", 4), OK (SKIP, "", 4),
    OK (ESCAPE, "DC F0 DC 9F DC 98 DC 80", 4),
    OK (LATIN1, "00 F0 00 9F 00 98 00 80", 4), OK (CP1252, "00 F0 01 78 02 DC 20 AC", 4) } },
  /* WTF-8: the high form is a lone unit, the low form after it is bad. */
  { TU_WTF8, "ED A0 BD ED B8 80", {
    FAILS (STRICT, "D8 3D", INVALID, "Invalid UTF-8 sequence at byte 3: ED B8 80"),
    OK (REPLACE, "D8 3D FF FD", 1), OK (SKIP, "D8 3D", 1),
    OK (ESCAPE, "D8 3D DC ED DC B8 DC 80", 1),
    OK (LATIN1, "D8 3D 00 ED 00 B8 00 80", 1), OK (CP1252, "D8 3D 00 ED 00 B8 20 AC", 1) } },
  { TU_UNICODE | TU_UCS4 | TU_WTF8, "41 F0 9F 98", {
    FAILS (STRICT, "00 41", PARTIAL, "Incomplete UTF-8 sequence at byte 1: F0 9F 98"),
    OK (REPLACE, "00 41 FF FD", 1), OK (SKIP, "00 41", 1),
    OK (ESCAPE, "00 41 DC F0 DC 9F DC 98", 1),
    OK (LATIN1, "00 41 00 F0 00 9F 00 98", 1), OK (CP1252, "00 41 00 F0 01 78 02 DC", 1) } },
};
const guint tu_n_malformed_to_utf16 = G_N_ELEMENTS (tu_malformed_to_utf16);

/* UTF-16 (big-endian) to UTF-8: lone surrogates and cut-off ends. */
const TuMalformed tu_malformed_from_utf16[] = {
  { TU_ALL & ~(TU_WTF8 | TU_MUTF8), "D8 00 00 41", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-16 unit 0xD800 at byte 0"),
    OK (REPLACE, "EF BF BD 41", 1), OK (SKIP, "41", 1),
    FAILS (ESCAPE, "", INVALID, "Invalid UTF-16 unit 0xD800 at byte 0"),
    OK (LATIN1, "EF BF BD 41", 1), OK (CP1252, "EF BF BD 41", 1) } },
  { TU_ALL & ~(TU_WTF8 | TU_MUTF8), "00 41 DF FF 00 42", {
    FAILS (STRICT, "41", INVALID, "Invalid UTF-16 unit 0xDFFF at byte 2"),
    OK (REPLACE, "41 EF BF BD 42", 1), OK (SKIP, "41 42", 1),
    FAILS (ESCAPE, "41", INVALID, "Invalid UTF-16 unit 0xDFFF at byte 2"),
    OK (LATIN1, "41 EF BF BD 42", 1), OK (CP1252, "41 EF BF BD 42", 1) } },
  /* ESCAPE takes back only U+DC80..U+DCFF, each as its byte. */
  { TU_ALL & ~(TU_WTF8 | TU_MUTF8), "00 61 DC E2 DC 82 00 62", {
    FAILS (STRICT, "61", INVALID, "Invalid UTF-16 unit 0xDCE2 at byte 2"),
    OK (REPLACE, "61 EF BF BD EF BF BD 62", 2), OK (SKIP, "61 62", 2),
    OK (ESCAPE, "61 E2 82 62", 2),
    OK (LATIN1, "61 EF BF BD EF BF BD 62", 2), OK (CP1252, "61 EF BF BD EF BF BD 62", 2) } },
  { TU_ALL & ~(TU_WTF8 | TU_MUTF8), "DC 7F", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-16 unit 0xDC7F at byte 0"),
    OK (REPLACE, "EF BF BD", 1), OK (SKIP, "", 1),
    FAILS (ESCAPE, "", INVALID, "Invalid UTF-16 unit 0xDC7F at byte 0"),
    OK (LATIN1, "EF BF BD", 1), OK (CP1252, "EF BF BD", 1) } },
  /* A high unit before another high unit is lone; the second one pairs. */
  { TU_UNICODE | TU_UCS4, "D8 3D D8 3D DE 00", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-16 unit 0xD83D at byte 0"),
    OK (REPLACE, "EF BF BD F0 9F 98 80", 1), OK (SKIP, "F0 9F 98 80", 1),
    FAILS (ESCAPE, "", INVALID, "Invalid UTF-16 unit 0xD83D at byte 0"),
    OK (LATIN1, "EF BF BD F0 9F 98 80", 1), OK (CP1252, "EF BF BD F0 9F 98 80", 1) } },
  { TU_CESU8, "D8 3D D8 3D DE 00", {
    FAILS (STRICT, "", INVALID, "Invalid UTF-16 unit 0xD83D at byte 0"),
    OK (REPLACE, "EF BF BD ED A0 BD ED B8 80", 1), OK (SKIP, "ED A0 BD ED B8 80", 1),
    FAILS (ESCAPE, "", INVALID, "Invalid UTF-16 unit 0xD83D at byte 0"),
    OK (LATIN1, "EF BF BD ED A0 BD ED B8 80", 1), OK (CP1252, "EF BF BD ED A0 BD ED B8 80", 1) } },
  /* WTF-8 and modified UTF-8 write lone units as they are, U+DC80..U+DCFF
   * too (#behaviour-profile-modified-utf8); modified UTF-8 writes a pair
   * as two three-byte forms, as Java does. */
  { TU_MUTF8, "D8 3D D8 3D DE 00 DF FF 00 41 D8 3D", {
    OK (STRICT, "ED A0 BD ED A0 BD ED B8 80 ED BF BF 41 ED A0 BD", 0), OK (REPLACE, "ED A0 BD ED A0 BD ED B8 80 ED BF BF 41 ED A0 BD", 0),
    OK (SKIP, "ED A0 BD ED A0 BD ED B8 80 ED BF BF 41 ED A0 BD", 0), OK (ESCAPE, "ED A0 BD ED A0 BD ED B8 80 ED BF BF 41 ED A0 BD", 0),
    OK (LATIN1, "ED A0 BD ED A0 BD ED B8 80 ED BF BF 41 ED A0 BD", 0), OK (CP1252, "ED A0 BD ED A0 BD ED B8 80 ED BF BF 41 ED A0 BD", 0) } },
  { TU_MUTF8, "00 00 DC E2 DC 82", {
    OK (STRICT, "C0 80 ED B3 A2 ED B2 82", 0), OK (REPLACE, "C0 80 ED B3 A2 ED B2 82", 0),
    OK (SKIP, "C0 80 ED B3 A2 ED B2 82", 0), OK (ESCAPE, "C0 80 ED B3 A2 ED B2 82", 0),
    OK (LATIN1, "C0 80 ED B3 A2 ED B2 82", 0), OK (CP1252, "C0 80 ED B3 A2 ED B2 82", 0) } },
  { TU_WTF8 | TU_MUTF8, "D8 00 00 41 DC 80", {
    OK (STRICT, "ED A0 80 41 ED B2 80", 0), OK (REPLACE, "ED A0 80 41 ED B2 80", 0),
    OK (SKIP, "ED A0 80 41 ED B2 80", 0), OK (ESCAPE, "ED A0 80 41 ED B2 80", 0),
    OK (LATIN1, "ED A0 80 41 ED B2 80", 0), OK (CP1252, "ED A0 80 41 ED B2 80", 0) } },
  /* The end of the stream: an odd byte is a cut-off unit, a high unit a
   * cut-off pair; each is one item. */
  { TU_ALL, "00 41 00", {
    FAILS (STRICT, "41", PARTIAL, "Incomplete UTF-16 sequence at byte 2: 00"),
    OK (REPLACE, "41 EF BF BD", 1), OK (SKIP, "41", 1),
    FAILS (ESCAPE, "41", PARTIAL, "Incomplete UTF-16 sequence at byte 2: 00"),
    OK (LATIN1, "41 EF BF BD", 1), OK (CP1252, "41 EF BF BD", 1) } },
  { TU_ALL & ~(TU_WTF8 | TU_MUTF8), "D8 3D", {
    FAILS (STRICT, "", PARTIAL, "Incomplete UTF-16 sequence at byte 0: D8 3D"),
    OK (REPLACE, "EF BF BD", 1), OK (SKIP, "", 1),
    FAILS (ESCAPE, "", PARTIAL, "Incomplete UTF-16 sequence at byte 0: D8 3D"),
    OK (LATIN1, "EF BF BD", 1), OK (CP1252, "EF BF BD", 1) } },
  { TU_ALL & ~(TU_WTF8 | TU_MUTF8), "00 41 D8 3D 41", {
    FAILS (STRICT, "41", PARTIAL, "Incomplete UTF-16 sequence at byte 2: D8 3D"),
    OK (REPLACE, "41 EF BF BD EF BF BD", 2), OK (SKIP, "41", 2),
    FAILS (ESCAPE, "41", PARTIAL, "Incomplete UTF-16 sequence at byte 2: D8 3D"),
    OK (LATIN1, "41 EF BF BD EF BF BD", 2), OK (CP1252, "41 EF BF BD EF BF BD", 2) } },
  { TU_WTF8 | TU_MUTF8, "D8 3D 41", {
    FAILS (STRICT, "ED A0 BD", PARTIAL, "Incomplete UTF-16 sequence at byte 2: 41"),
    OK (REPLACE, "ED A0 BD EF BF BD", 1), OK (SKIP, "ED A0 BD", 1),
    FAILS (ESCAPE, "ED A0 BD", PARTIAL, "Incomplete UTF-16 sequence at byte 2: 41"),
    OK (LATIN1, "ED A0 BD EF BF BD", 1), OK (CP1252, "ED A0 BD EF BF BD", 1) } },
};
const guint tu_n_malformed_from_utf16 = G_N_ELEMENTS (tu_malformed_from_utf16);
