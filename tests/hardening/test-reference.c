/* test-reference.c: the fuzzers' reference codec against the manual's examples
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The fuzzers trust fuzz/reference-codec.c as much as the codec itself, so
 * it is pinned here to the standards' vectors and the behaviour guide's
 * examples, written by hand.
 */

#include <string.h>

#include "reference-codec.h"

typedef struct
{
  const char  *name;
  RefDirection direction;
  int          big_endian;   /* BE, LE or DT */
  RefBom       bom;
  RefErrors    errors;
  RefProfile   profile;
  const char  *in;     /* hex */
  const char  *out;    /* hex */
  RefStatus    status;
  guint64      error_offset;
  guint64      num_invalid;
} Case;

#define D REF_DECODE
#define E REF_ENCODE
#define R REF_REPAIR
#define T REF_TO_UTF16
#define V REF_FROM_UTF16
#define BE TRUE
#define LE FALSE
#define DT 2      /* DETECT */
#define U REF_UNICODE
#define W REF_UCS4
#define C REF_CESU8
#define M REF_MODIFIED_UTF8
#define F REF_WTF8

static const Case cases[] = {
  /* The standards' vectors, both profiles. */
  { "vec1", D, BE, REF_BOM_KEEP, REF_STRICT, U, "41 E2 89 A2 CE 91 2E", "00000041 00002262 00000391 0000002E", REF_OK, 0, 0 },
  { "vec1-ucs4", D, BE, REF_BOM_KEEP, REF_STRICT, W, "41 E2 89 A2 CE 91 2E", "00000041 00002262 00000391 0000002E", REF_OK, 0, 0 },
  { "vec1-enc", E, BE, REF_BOM_KEEP, REF_STRICT, U, "00000041 00002262 00000391 0000002E", "41 E2 89 A2 CE 91 2E", REF_OK, 0, 0 },
  { "vec2", D, BE, REF_BOM_KEEP, REF_STRICT, U, "ED 95 9C EA B5 AD EC 96 B4", "0000D55C 0000AD6D 0000C5B4", REF_OK, 0, 0 },
  { "vec2-enc", E, BE, REF_BOM_KEEP, REF_STRICT, W, "0000D55C 0000AD6D 0000C5B4", "ED 95 9C EA B5 AD EC 96 B4", REF_OK, 0, 0 },
  { "vec3", D, BE, REF_BOM_KEEP, REF_STRICT, W, "E6 97 A5 E6 9C AC E8 AA 9E", "000065E5 0000672C 00008A9E", REF_OK, 0, 0 },
  { "vec3-enc", E, BE, REF_BOM_KEEP, REF_STRICT, U, "000065E5 0000672C 00008A9E", "E6 97 A5 E6 9C AC E8 AA 9E", REF_OK, 0, 0 },
  { "vec4", D, BE, REF_BOM_KEEP, REF_STRICT, U, "EF BB BF F0 A3 8E B4", "0000FEFF 000233B4", REF_OK, 0, 0 },
  { "vec4-enc", E, BE, REF_BOM_KEEP, REF_STRICT, U, "0000FEFF 000233B4", "EF BB BF F0 A3 8E B4", REF_OK, 0, 0 },
  { "vec5", D, BE, REF_BOM_KEEP, REF_STRICT, U, "00 C2 80 DF BF E0 A0 80 EF BF BF", "00000000 00000080 000007FF 00000800 0000FFFF", REF_OK, 0, 0 },
  { "vec5-enc", E, BE, REF_BOM_KEEP, REF_STRICT, W, "00000000 00000080 000007FF 00000800 0000FFFF", "00 C2 80 DF BF E0 A0 80 EF BF BF", REF_OK, 0, 0 },
  { "vec6", D, BE, REF_BOM_KEEP, REF_STRICT, W, "F0 90 80 80 F4 8F BF BF", "00010000 0010FFFF", REF_OK, 0, 0 },
  { "vec6-enc", E, BE, REF_BOM_KEEP, REF_STRICT, U, "00010000 0010FFFF", "F0 90 80 80 F4 8F BF BF", REF_OK, 0, 0 },
  { "vec6-le", D, LE, REF_BOM_KEEP, REF_STRICT, U, "F0 90 80 80 41", "00000100 41000000", REF_OK, 0, 0 },
  { "vec6-le-enc", E, LE, REF_BOM_KEEP, REF_STRICT, U, "00000100 41000000", "F0 90 80 80 41", REF_OK, 0, 0 },
  /* The standards' vectors, UCS4 profile only. */
  { "ucs4-4", D, BE, REF_BOM_KEEP, REF_STRICT, W, "F7 BF BF BF", "001FFFFF", REF_OK, 0, 0 },
  { "ucs4-5", D, BE, REF_BOM_KEEP, REF_STRICT, W, "F8 88 80 80 80 FB BF BF BF BF", "00200000 03FFFFFF", REF_OK, 0, 0 },
  { "ucs4-6", D, BE, REF_BOM_KEEP, REF_STRICT, W, "FC 84 80 80 80 80 FD BF BF BF BF BF", "04000000 7FFFFFFF", REF_OK, 0, 0 },
  { "ucs4-enc", E, BE, REF_BOM_KEEP, REF_STRICT, W, "001FFFFF 00200000 03FFFFFF 04000000 7FFFFFFF",
    "F7 BF BF BF F8 88 80 80 80 FB BF BF BF BF FC 84 80 80 80 80 FD BF BF BF BF BF", REF_OK, 0, 0 },
  { "ucs4-in-unicode", D, BE, REF_BOM_KEEP, REF_REPLACE, U, "F7 BF BF BF", "0000FFFD 0000FFFD 0000FFFD 0000FFFD", REF_OK, 0, 4 },
  { "ucs4-in-unicode-strict", D, BE, REF_BOM_KEEP, REF_STRICT, U, "41 FC 84 80 80 80 80", "00000041", REF_INVALID, 1, 0 },
  { "ucs4-overlong-5", D, BE, REF_BOM_KEEP, REF_REPLACE, W, "F8 87 BF BF BF", "0000FFFD 0000FFFD 0000FFFD 0000FFFD 0000FFFD", REF_OK, 0, 5 },
  { "ucs4-surrogate", D, BE, REF_BOM_KEEP, REF_REPLACE, W, "ED A0 80", "0000FFFD 0000FFFD 0000FFFD", REF_OK, 0, 3 },
  { "ucs4-fe", D, BE, REF_BOM_KEEP, REF_STRICT, W, "FE", "", REF_INVALID, 0, 0 },
  { "enc-above-unicode", E, BE, REF_BOM_KEEP, REF_STRICT, U, "00000041 00110000", "41", REF_INVALID, 4, 0 },
  { "enc-above-unicode-ucs4", E, BE, REF_BOM_KEEP, REF_STRICT, W, "00110000", "F4 90 80 80", REF_OK, 0, 0 },
  { "enc-above-ucs4", E, BE, REF_BOM_KEEP, REF_REPLACE, W, "80000000 00000041", "EF BF BD 41", REF_OK, 0, 1 },
  /* #behaviour-maximal-subparts. */
  { "subparts1", D, BE, REF_BOM_KEEP, REF_REPLACE, U, "61 F1 80 80 E1 80 C2 62 80 63 80 BF 64",
    "00000061 0000FFFD 0000FFFD 0000FFFD 00000062 0000FFFD 00000063 0000FFFD 0000FFFD 00000064", REF_OK, 0, 6 },
  { "subparts2", D, BE, REF_BOM_KEEP, REF_REPLACE, U, "E1 80 E2 F0 91 92 F1 BF 41",
    "0000FFFD 0000FFFD 0000FFFD 0000FFFD 00000041", REF_OK, 0, 4 },
  { "surrogate", D, BE, REF_BOM_KEEP, REF_REPLACE, U, "ED A0 80", "0000FFFD 0000FFFD 0000FFFD", REF_OK, 0, 3 },
  { "truncated-replace", D, BE, REF_BOM_KEEP, REF_REPLACE, U, "F0 9F 98", "0000FFFD", REF_OK, 0, 1 },
  { "skip", D, BE, REF_BOM_KEEP, REF_SKIP, U, "61 80 E2 82 62 E2 82", "00000061 00000062", REF_OK, 0, 3 },
  { "escape", D, BE, REF_BOM_KEEP, REF_ESCAPE, U, "61 C3 28 E2 82", "00000061 0000DCC3 00000028 0000DCE2 0000DC82", REF_OK, 0, 2 },
  /* Malformed in every profile (#behaviour-malformed); STRICT offsets. */
  { "c0-80", D, BE, REF_BOM_KEEP, REF_REPLACE, W, "C0 80", "0000FFFD 0000FFFD", REF_OK, 0, 2 },
  { "dotdot", D, BE, REF_BOM_KEEP, REF_STRICT, U, "2F C0 AE 2E 2F", "0000002F", REF_INVALID, 1, 0 },
  { "dotdot-ucs4", D, BE, REF_BOM_KEEP, REF_STRICT, W, "2F C0 AE 2E 2F", "0000002F", REF_INVALID, 1, 0 },
  { "pair", D, BE, REF_BOM_KEEP, REF_STRICT, U, "ED A1 8C ED BE B4", "", REF_INVALID, 0, 0 },
  { "pair-replace", D, BE, REF_BOM_KEEP, REF_REPLACE, W, "ED A1 8C ED BE B4",
    "0000FFFD 0000FFFD 0000FFFD 0000FFFD 0000FFFD 0000FFFD", REF_OK, 0, 6 },
  { "fe", D, BE, REF_BOM_KEEP, REF_STRICT, U, "41 42 FE", "00000041 00000042", REF_INVALID, 2, 0 },
  { "ff", D, BE, REF_BOM_KEEP, REF_STRICT, W, "FF", "", REF_INVALID, 0, 0 },
  { "lone-80", D, BE, REF_BOM_KEEP, REF_STRICT, U, "41 80", "00000041", REF_INVALID, 1, 0 },
  { "e2-82-end", D, BE, REF_BOM_KEEP, REF_STRICT, U, "41 E2 82", "00000041", REF_TRUNCATED, 1, 0 },
  { "e2-82-mid", D, BE, REF_BOM_KEEP, REF_STRICT, U, "41 E2 82 41", "00000041", REF_INVALID, 1, 0 },
  /* Encoding errors. */
  { "enc-surrogate", E, BE, REF_BOM_KEEP, REF_STRICT, U, "00000041 0000D800", "41", REF_INVALID, 4, 0 },
  { "enc-surrogate-replace", E, LE, REF_BOM_KEEP, REF_REPLACE, U, "41000000 00D80000 42000000", "41 EF BF BD 42", REF_OK, 0, 1 },
  { "enc-surrogate-skip", E, BE, REF_BOM_KEEP, REF_SKIP, U, "0000D800 0000DFFF 00000042", "42", REF_OK, 0, 2 },
  { "enc-escape", E, BE, REF_BOM_KEEP, REF_ESCAPE, U, "00000061 0000DCC3 0000DC80 0000DCFF", "61 C3 80 FF", REF_OK, 0, 3 },
  { "enc-escape-low", E, BE, REF_BOM_KEEP, REF_ESCAPE, U, "00000061 0000DC7F", "61", REF_INVALID, 4, 0 },
  { "enc-escape-other", E, BE, REF_BOM_KEEP, REF_ESCAPE, U, "0000D800", "", REF_INVALID, 0, 0 },
  { "enc-truncated", E, BE, REF_BOM_KEEP, REF_STRICT, U, "00000041 0000", "41", REF_TRUNCATED, 4, 0 },
  { "enc-truncated-replace", E, BE, REF_BOM_KEEP, REF_REPLACE, U, "00000041 0000", "41 EF BF BD", REF_OK, 0, 1 },
  { "enc-truncated-escape", E, BE, REF_BOM_KEEP, REF_ESCAPE, U, "00000041 DC", "41", REF_TRUNCATED, 4, 0 },
  /* #behaviour-bom. */
  { "strip", D, BE, REF_BOM_STRIP, REF_STRICT, U, "EF BB BF 41", "00000041", REF_OK, 0, 0 },
  { "strip-once", D, BE, REF_BOM_STRIP, REF_STRICT, U, "EF BB BF EF BB BF", "0000FEFF", REF_OK, 0, 0 },
  { "strip-not-first", D, BE, REF_BOM_STRIP, REF_REPLACE, U, "80 EF BB BF", "0000FFFD 0000FEFF", REF_OK, 0, 1 },
  { "insert", D, BE, REF_BOM_INSERT, REF_STRICT, U, "41", "0000FEFF 00000041", REF_OK, 0, 0 },
  { "insert-reuse", D, LE, REF_BOM_INSERT, REF_STRICT, U, "EF BB BF 41", "FFFE0000 41000000", REF_OK, 0, 0 },
  { "insert-empty", D, BE, REF_BOM_INSERT, REF_STRICT, U, "", "0000FEFF", REF_OK, 0, 0 },
  { "insert-error-at-0", D, BE, REF_BOM_INSERT, REF_STRICT, U, "80", "0000FEFF", REF_INVALID, 0, 0 },
  { "keep-empty", D, BE, REF_BOM_KEEP, REF_STRICT, U, "", "", REF_OK, 0, 0 },
  { "enc-strip", E, BE, REF_BOM_STRIP, REF_STRICT, U, "0000FEFF 0000FEFF", "EF BB BF", REF_OK, 0, 0 },
  { "enc-insert", E, LE, REF_BOM_INSERT, REF_STRICT, U, "41000000", "EF BB BF 41", REF_OK, 0, 0 },
  { "enc-insert-reuse", E, BE, REF_BOM_INSERT, REF_STRICT, U, "0000FEFF 00000041", "EF BB BF 41", REF_OK, 0, 0 },
  { "enc-insert-empty", E, BE, REF_BOM_INSERT, REF_STRICT, U, "", "EF BB BF", REF_OK, 0, 0 },
  /* #behaviour-error-latin1, #behaviour-error-cp1252. */
  { "latin1", D, BE, REF_BOM_KEEP, REF_LATIN1, U, "C3 28 41 E2 82", "000000C3 00000028 00000041 000000E2 00000082", REF_OK, 0, 2 },
  { "cp1252", D, BE, REF_BOM_KEEP, REF_CP1252, U, "80 81 8D 8F 90 9D 9F A0 FF",
    "000020AC 00000081 0000008D 0000008F 00000090 0000009D 00000178 000000A0 000000FF", REF_OK, 0, 9 },
  { "cp1252-subpart", D, BE, REF_BOM_KEEP, REF_CP1252, U, "E2 82 41", "000000E2 0000201A 00000041", REF_OK, 0, 1 },
  { "latin1-enc", E, BE, REF_BOM_KEEP, REF_LATIN1, U, "00000041 0000D800", "41 EF BF BD", REF_OK, 0, 1 },
  { "cp1252-enc", E, BE, REF_BOM_KEEP, REF_CP1252, U, "00110000", "EF BF BD", REF_OK, 0, 1 },
  /* #behaviour-profile-cesu8. */
  { "cesu-pair", D, BE, REF_BOM_KEEP, REF_STRICT, C, "ED A0 BD ED B8 80", "0001F600", REF_OK, 0, 0 },
  { "cesu-enc", E, BE, REF_BOM_KEEP, REF_STRICT, C, "0001F600 00000041", "ED A0 BD ED B8 80 41", REF_OK, 0, 0 },
  { "cesu-4byte", D, BE, REF_BOM_KEEP, REF_REPLACE, C, "F0 9F 98 80", "0000FFFD 0000FFFD 0000FFFD 0000FFFD", REF_OK, 0, 4 },
  { "cesu-4byte-strict", D, BE, REF_BOM_KEEP, REF_STRICT, C, "41 F0 9F 98 80", "00000041", REF_INVALID, 1, 0 },
  { "cesu-lone-high", D, BE, REF_BOM_KEEP, REF_REPLACE, C, "ED A0 BD 41", "0000FFFD 00000041", REF_OK, 0, 1 },
  { "cesu-lone-low", D, BE, REF_BOM_KEEP, REF_REPLACE, C, "ED B8 80", "0000FFFD", REF_OK, 0, 1 },
  { "cesu-broken-low", D, BE, REF_BOM_KEEP, REF_REPLACE, C, "ED A0 BD ED 41", "0000FFFD 0000FFFD 00000041", REF_OK, 0, 2 },
  { "cesu-cut-pair", D, BE, REF_BOM_KEEP, REF_STRICT, C, "41 ED A0 80 ED B0", "00000041", REF_TRUNCATED, 1, 0 },
  { "cesu-cut-pair-replace", D, BE, REF_BOM_KEEP, REF_REPLACE, C, "ED A0 80 ED B0", "0000FFFD 0000FFFD", REF_OK, 0, 2 },
  { "cesu-cut-high", D, BE, REF_BOM_KEEP, REF_STRICT, C, "ED A0 80", "", REF_TRUNCATED, 0, 0 },
  { "cesu-high-then-high", D, BE, REF_BOM_KEEP, REF_STRICT, C, "ED A0 80 ED A0 80 ED B0 80", "", REF_INVALID, 0, 0 },
  { "cesu-enc-surrogate", E, BE, REF_BOM_KEEP, REF_STRICT, C, "0000DC00", "", REF_INVALID, 0, 0 },
  /* #behaviour-profile-modified-utf8. */
  { "mutf8-nul", D, BE, REF_BOM_KEEP, REF_STRICT, M, "C0 80 00 41", "00000000 00000000 00000041", REF_OK, 0, 0 },
  { "mutf8-enc-nul", E, BE, REF_BOM_KEEP, REF_STRICT, M, "00000000 0001F600", "C0 80 ED A0 BD ED B8 80", REF_OK, 0, 0 },
  { "mutf8-c0-41", D, BE, REF_BOM_KEEP, REF_REPLACE, M, "C0 41 C1 80", "0000FFFD 00000041 0000FFFD 0000FFFD", REF_OK, 0, 3 },
  { "mutf8-c0-end", D, BE, REF_BOM_KEEP, REF_STRICT, M, "41 C0", "00000041", REF_TRUNCATED, 1, 0 },
  { "mutf8-overlong-3", D, BE, REF_BOM_KEEP, REF_REPLACE, M, "E0 80 80", "0000FFFD 0000FFFD 0000FFFD", REF_OK, 0, 3 },
  /* #behaviour-profile-wtf8. */
  { "wtf8-lone", D, BE, REF_BOM_KEEP, REF_STRICT, F, "ED B8 80 ED A0 BD 41", "0000DE00 0000D83D 00000041", REF_OK, 0, 0 },
  { "wtf8-pair-forms", D, BE, REF_BOM_KEEP, REF_REPLACE, F, "ED A0 BD ED B8 80", "0000D83D 0000FFFD", REF_OK, 0, 1 },
  { "wtf8-pair-forms-strict", D, BE, REF_BOM_KEEP, REF_STRICT, F, "ED A0 BD ED B8 80", "0000D83D", REF_INVALID, 3, 0 },
  { "wtf8-cut-low", D, BE, REF_BOM_KEEP, REF_STRICT, F, "ED A0 BD ED B8", "0000D83D", REF_TRUNCATED, 3, 0 },
  { "wtf8-enc-join", E, BE, REF_BOM_KEEP, REF_STRICT, F, "0000D83D 0000DE00 0000DBFF 0000DC80", "F0 9F 98 80 F4 8F B2 80", REF_OK, 0, 0 },
  { "wtf8-enc-lone", E, BE, REF_BOM_KEEP, REF_STRICT, F, "0000DE00 0000D83D 00000041 0000D83D", "ED B8 80 ED A0 BD 41 ED A0 BD", REF_OK, 0, 0 },
  { "wtf8-enc-escape", E, BE, REF_BOM_KEEP, REF_ESCAPE, F, "0000DC80", "ED B2 80", REF_OK, 0, 0 },
  { "wtf8-enc-high-then-cut", E, BE, REF_BOM_KEEP, REF_STRICT, F, "0000D83D 0000", "ED A0 BD", REF_TRUNCATED, 4, 0 },
  /* #behaviour-detect. */
  { "detect-le", E, DT, REF_BOM_KEEP, REF_STRICT, U, "FFFE0000 41000000", "EF BB BF 41", REF_OK, 0, 0 },
  { "detect-be-strip", E, DT, REF_BOM_STRIP, REF_STRICT, U, "0000FEFF 00000041", "41", REF_OK, 0, 0 },
  { "detect-none", E, DT, REF_BOM_INSERT, REF_STRICT, U, "00000041", "EF BB BF 41", REF_OK, 0, 0 },
  { "detect-le-without", E, DT, REF_BOM_KEEP, REF_STRICT, U, "41000000", "", REF_INVALID, 0, 0 },
  { "detect-decode", D, DT, REF_BOM_KEEP, REF_STRICT, U, "41", "00000041", REF_OK, 0, 0 },
  /* #behaviour-repair. */
  { "repair-copy", R, LE, REF_BOM_KEEP, REF_STRICT, U, "EF BB BF 41 C3 A9 F0 9F 98 80", "EF BB BF 41 C3 A9 F0 9F 98 80", REF_OK, 0, 0 },
  { "repair-replace", R, LE, REF_BOM_KEEP, REF_REPLACE, U, "61 F1 80 80 E1 80 C2 62",
    "61 EF BF BD EF BF BD EF BF BD 62", REF_OK, 0, 3 },
  { "repair-cp1252", R, LE, REF_BOM_KEEP, REF_CP1252, U, "80 41", "E2 82 AC 41", REF_OK, 0, 1 },
  { "repair-escape", R, LE, REF_BOM_KEEP, REF_ESCAPE, U, "41 FF", "41", REF_INVALID, 1, 0 },
  { "repair-escape-cut", R, LE, REF_BOM_KEEP, REF_ESCAPE, U, "41 E2 82", "41", REF_TRUNCATED, 1, 0 },
  { "repair-strip", R, LE, REF_BOM_STRIP, REF_SKIP, U, "EF BB BF 41 FF", "41", REF_OK, 0, 1 },
  { "repair-insert", R, LE, REF_BOM_INSERT, REF_STRICT, U, "41", "EF BB BF 41", REF_OK, 0, 0 },
  { "repair-mutf8-raw-nul", R, LE, REF_BOM_KEEP, REF_STRICT, M, "00 C0 80", "00 C0 80", REF_OK, 0, 0 },
  { "repair-cesu", R, LE, REF_BOM_KEEP, REF_REPLACE, C, "ED A0 BD ED B8 80 F0", "ED A0 BD ED B8 80 EF BF BD", REF_OK, 0, 1 },
  /* #behaviour-utf16: RFC 2781's pairs, and the guide's examples. */
  { "to16-rfc2781", T, BE, REF_BOM_KEEP, REF_STRICT, U, "F0 90 80 80 F0 92 8D 85 F4 8F BF BF",
    "D8 00 DC 00 D8 08 DF 45 DB FF DF FF", REF_OK, 0, 0 },
  { "from16-rfc2781", V, BE, REF_BOM_KEEP, REF_STRICT, U, "D8 00 DC 00 D8 08 DF 45 DB FF DF FF",
    "F0 90 80 80 F0 92 8D 85 F4 8F BF BF", REF_OK, 0, 0 },
  { "to16-le-insert", T, LE, REF_BOM_INSERT, REF_STRICT, U, "EF BB BF 41", "FF FE 41 00", REF_OK, 0, 0 },
  { "to16-empty-insert", T, DT, REF_BOM_INSERT, REF_STRICT, U, "", "FE FF", REF_OK, 0, 0 },
  { "to16-escape", T, BE, REF_BOM_KEEP, REF_ESCAPE, U, "61 E2 82 62", "00 61 DC E2 DC 82 00 62", REF_OK, 0, 1 },
  { "to16-ucs4-above", T, BE, REF_BOM_KEEP, REF_STRICT, W, "41 F4 90 80 80", "00 41", REF_INVALID, 1, 0 },
  { "to16-ucs4-above-replace", T, BE, REF_BOM_KEEP, REF_REPLACE, W, "41 F8 88 80 80 80 42",
    "00 41 FF FD 00 42", REF_OK, 0, 1 },
  { "to16-wtf8-lone", T, BE, REF_BOM_KEEP, REF_STRICT, F, "ED A0 80 41", "D8 00 00 41", REF_OK, 0, 0 },
  { "to16-cesu-pair", T, LE, REF_BOM_KEEP, REF_STRICT, C, "ED A0 BD ED B8 80", "3D D8 00 DE", REF_OK, 0, 0 },
  { "from16-lone", V, BE, REF_BOM_KEEP, REF_STRICT, U, "00 41 DC 00 00 42", "41", REF_INVALID, 2, 0 },
  { "from16-lone-replace", V, BE, REF_BOM_KEEP, REF_REPLACE, U, "00 41 DC 00 D8 3D D8 3D DE 00",
    "41 EF BF BD EF BF BD F0 9F 98 80", REF_OK, 0, 2 },
  { "from16-cut-high", V, LE, REF_BOM_KEEP, REF_STRICT, U, "41 00 3D D8", "41", REF_TRUNCATED, 2, 0 },
  { "from16-cut-high-odd", V, LE, REF_BOM_KEEP, REF_REPLACE, U, "41 00 3D D8 41",
    "41 EF BF BD EF BF BD", REF_OK, 0, 2 },
  { "from16-escape", V, BE, REF_BOM_KEEP, REF_ESCAPE, U, "00 61 DC E2 DC 82 00 62", "61 E2 82 62", REF_OK, 0, 2 },
  { "from16-escape-other", V, BE, REF_BOM_KEEP, REF_ESCAPE, U, "00 61 DC 7F", "61", REF_INVALID, 2, 0 },
  { "from16-wtf8", V, BE, REF_BOM_KEEP, REF_STRICT, F, "D8 00 00 41 D8 3D 41", "ED A0 80 41 ED A0 BD",
    REF_TRUNCATED, 6, 0 },
  { "from16-cesu", V, BE, REF_BOM_KEEP, REF_STRICT, C, "D8 3D DE 00 00 00", "ED A0 BD ED B8 80 00", REF_OK, 0, 0 },
  { "from16-mutf8", V, BE, REF_BOM_KEEP, REF_STRICT, M, "00 00", "C0 80", REF_OK, 0, 0 },
  { "from16-detect-le", V, DT, REF_BOM_STRIP, REF_STRICT, U, "FF FE 41 00 3D D8 00 DE", "41 F0 9F 98 80", REF_OK, 0, 0 },
  { "from16-detect-none", V, DT, REF_BOM_KEEP, REF_STRICT, U, "00 41 FE FF", "41 EF BB BF", REF_OK, 0, 0 },
};

static GByteArray *
parse_hex (const char *hex)
{
  GByteArray *a = g_byte_array_new ();

  while (*hex != '\0')
    {
      if (*hex == ' ')
        {
          hex++;
          continue;
        }
      g_assert_true (g_ascii_isxdigit (hex[0]) && g_ascii_isxdigit (hex[1]));
      g_byte_array_append (a, (guint8[]) { g_ascii_xdigit_value (hex[0]) * 16 + g_ascii_xdigit_value (hex[1]) }, 1);
      hex += 2;
    }
  return a;
}

static void
test_case (gconstpointer data)
{
  const Case *c = data;
  RefConfig config = { c->direction, c->big_endian == TRUE, c->big_endian == DT, c->bom, c->errors,
                       c->profile };
  g_autoptr(GByteArray) in = parse_hex (c->in);
  g_autoptr(GByteArray) expected = parse_hex (c->out);
  RefResult r;

  ref_convert (&config, in->data, in->len, &r);
  g_assert_cmpmem (r.out->data, r.out->len, expected->data, expected->len);
  g_assert_cmpint (r.status, ==, c->status);
  g_assert_cmpuint (r.error_offset, ==, c->error_offset);
  g_assert_cmpuint (r.num_invalid, ==, c->num_invalid);
  g_assert_cmpuint (r.invalid->len, ==, c->num_invalid);
  ref_result_clear (&r);
}

/* The fuzzers' FLUSHED check takes what the reference makes of a prefix
 * from its marks (ref_convert_marked()): every input of the cases above,
 * in every configuration, converted cut at each mark must give exactly
 * that, and the marks must be every boundary in order. */
static void
test_marks (void)
{
  static const RefDirection directions[] = { D, E, R, T, V };
  static const RefBom boms[] = { REF_BOM_KEEP, REF_BOM_STRIP, REF_BOM_INSERT };
  static const RefErrors errors[] = { REF_STRICT, REF_REPLACE, REF_SKIP, REF_ESCAPE, REF_LATIN1, REF_CP1252 };
  static const RefProfile profiles[] = { U, W, C, M, F };
  guint n_marks = 0;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (guint d = 0; d < G_N_ELEMENTS (directions); d++)
      for (int order = 0; order < 3; order++)
        for (guint b = 0; b < G_N_ELEMENTS (boms); b++)
          for (guint e = 0; e < G_N_ELEMENTS (errors); e++)
            for (guint p = 0; p < G_N_ELEMENTS (profiles); p++)
              {
                RefConfig config = { directions[d], order == 0, order == 2, boms[b], errors[e], profiles[p] };
                g_autoptr(GByteArray) in = parse_hex (cases[i].in);
                g_autoptr(GArray) marks = g_array_new (FALSE, FALSE, sizeof (RefMark));
                RefResult whole;

                ref_convert_marked (&config, in->data, in->len, &whole, marks);
                for (guint k = 0; k < marks->len; k++)
                  {
                    const RefMark *m = &g_array_index (marks, RefMark, k);
                    RefResult r;

                    g_assert_cmpuint (m->offset, <=, in->len);
                    if (k > 0)
                      g_assert_cmpuint (m->offset, >, g_array_index (marks, RefMark, k - 1).offset);
                    ref_convert (&config, in->data, m->offset, &r);
                    g_assert_cmpint (r.status, ==, REF_OK);
                    g_assert_cmpmem (r.out->data, r.out->len, whole.out->data, m->out_len);
                    g_assert_cmpuint (r.num_invalid, ==, m->num_invalid);
                    g_assert_cmpuint (r.invalid->len, ==, m->num_invalid);
                    for (guint v = 0; v < r.invalid->len; v++)
                      {
                        const RefInvalid *x = &g_array_index (r.invalid, RefInvalid, v);
                        const RefInvalid *y = &g_array_index (whole.invalid, RefInvalid, v);

                        g_assert_cmpuint (x->offset, ==, y->offset);
                        g_assert_cmpmem (x->bytes, x->len, y->bytes, y->len);
                      }
                    ref_result_clear (&r);
                    n_marks++;
                  }
                /* A whole stream read to its end ends on a mark. */
                if (whole.status == REF_OK && in->len > 0 &&
                    (marks->len == 0 || g_array_index (marks, RefMark, marks->len - 1).offset != in->len))
                  {
                    /* Only a cut-off unit at the end, handled, leaves it out. */
                    g_assert_true (directions[d] == E || directions[d] == V);
                    g_assert_cmpuint (whole.num_invalid, >, 0);
                  }
                ref_result_clear (&whole);
              }
  /* Not vacuous. */
  g_assert_cmpuint (n_marks, >, 10000);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/reference/marks", test_marks);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/reference/%s", cases[i].name);

      g_test_add_data_func (path, &cases[i], test_case);
    }
  return g_test_run ();
}
