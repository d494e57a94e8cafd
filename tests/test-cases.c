/* test-cases.c: the hand-written cases shared by several test programs
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Every expected output here comes from the SPEC, the standards in
 * shared/standards and the Unicode maximal-subpart practice (the outputs
 * of Python, ICU and WHATWG quoted in the research notes), never from
 * running gutf8conv.
 */

#include "config.h"

#include <gio/gio.h>

#include "test-cases.h"

const TuVector tu_vectors_both[] = {
  /* SPEC section 5, from RFC 2044 / RFC 2279bis / Annex R. */
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

const TuMalformed tu_malformed_decode[] = {
  /* Lone continuation bytes. */
  { TU_BOTH, "80", "", INVALID, "Invalid UTF-8 sequence at byte 0: 80",
    "FFFD", "", 1, "DC80", 1 },
  { TU_BOTH, "41 80 BF 42", "41", INVALID, "Invalid UTF-8 sequence at byte 1: 80",
    "41 FFFD FFFD 42", "41 42", 2, "41 DC80 DCBF 42", 2 },
  /* Truncated: at the end of the stream, and before another character. */
  { TU_BOTH, "E2 82", "", PARTIAL, "Incomplete UTF-8 sequence at byte 0: E2 82",
    "FFFD", "", 1, "DCE2 DC82", 1 },
  { TU_BOTH, "C3", "", PARTIAL, "Incomplete UTF-8 sequence at byte 0: C3",
    "FFFD", "", 1, "DCC3", 1 },
  { TU_BOTH, "41 F0 9F 98", "41", PARTIAL, "Incomplete UTF-8 sequence at byte 1: F0 9F 98",
    "41 FFFD", "41", 1, "41 DCF0 DC9F DC98", 1 },
  { TU_BOTH, "E2 82 41", "", INVALID, "Invalid UTF-8 sequence at byte 0: E2 82",
    "FFFD 41", "41", 1, "DCE2 DC82 41", 1 },
  { TU_BOTH, "F0 9F 98 F0 9F 98 80", "", INVALID, "Invalid UTF-8 sequence at byte 0: F0 9F 98",
    "FFFD 1F600", "1F600", 1, "DCF0 DC9F DC98 1F600", 1 },
  /* Overlong forms of each length: the lead starts no sequence (C0, C1)
   * or its second byte is out of range, so every byte is a subpart. */
  { TU_BOTH, "C0 80", "", INVALID, "Invalid UTF-8 sequence at byte 0: C0",
    "FFFD FFFD", "", 2, "DCC0 DC80", 2 },
  { TU_BOTH, "C1 BF", "", INVALID, "Invalid UTF-8 sequence at byte 0: C1",
    "FFFD FFFD", "", 2, "DCC1 DCBF", 2 },
  { TU_BOTH, "2F C0 AE 2E 2F", "2F", INVALID, "Invalid UTF-8 sequence at byte 1: C0",
    "2F FFFD FFFD 2E 2F", "2F 2E 2F", 2, "2F DCC0 DCAE 2E 2F", 2 },
  { TU_BOTH, "E0 80 80", "", INVALID, "Invalid UTF-8 sequence at byte 0: E0",
    "FFFD FFFD FFFD", "", 3, "DCE0 DC80 DC80", 3 },
  { TU_BOTH, "E0 9F BF", "", INVALID, "Invalid UTF-8 sequence at byte 0: E0",
    "FFFD FFFD FFFD", "", 3, "DCE0 DC9F DCBF", 3 },
  { TU_BOTH, "F0 80 80 80", "", INVALID, "Invalid UTF-8 sequence at byte 0: F0",
    "FFFD FFFD FFFD FFFD", "", 4, "DCF0 DC80 DC80 DC80", 4 },
  { TU_BOTH, "F0 8F BF BF", "", INVALID, "Invalid UTF-8 sequence at byte 0: F0",
    "FFFD FFFD FFFD FFFD", "", 4, "DCF0 DC8F DCBF DCBF", 4 },
  { TU_BOTH, "F8 80 80 80 80", "", INVALID, "Invalid UTF-8 sequence at byte 0: F8",
    "FFFD FFFD FFFD FFFD FFFD", "", 5, "DCF8 DC80 DC80 DC80 DC80", 5 },
  { TU_UCS4, "F8 87 BF BF BF", "", INVALID, "Invalid UTF-8 sequence at byte 0: F8",
    "FFFD FFFD FFFD FFFD FFFD", "", 5, "DCF8 DC87 DCBF DCBF DCBF", 5 },
  { TU_BOTH, "FC 80 80 80 80 80", "", INVALID, "Invalid UTF-8 sequence at byte 0: FC",
    "FFFD FFFD FFFD FFFD FFFD FFFD", "", 6, "DCFC DC80 DC80 DC80 DC80 DC80", 6 },
  { TU_UCS4, "FC 83 BF BF BF BF", "", INVALID, "Invalid UTF-8 sequence at byte 0: FC",
    "FFFD FFFD FFFD FFFD FFFD FFFD", "", 6, "DCFC DC83 DCBF DCBF DCBF DCBF", 6 },
  /* Surrogates, alone and as a pair written as UTF-8 (SPEC section 5). */
  { TU_BOTH, "ED A0 80", "", INVALID, "Invalid UTF-8 sequence at byte 0: ED",
    "FFFD FFFD FFFD", "", 3, "DCED DCA0 DC80", 3 },
  { TU_BOTH, "41 ED BF BF", "41", INVALID, "Invalid UTF-8 sequence at byte 1: ED",
    "41 FFFD FFFD FFFD", "41", 3, "41 DCED DCBF DCBF", 3 },
  { TU_BOTH, "ED A1 8C ED BE B4", "", INVALID, "Invalid UTF-8 sequence at byte 0: ED",
    "FFFD FFFD FFFD FFFD FFFD FFFD", "", 6,
    "DCED DCA1 DC8C DCED DCBE DCB4", 6 },
  /* Above U+10FFFF (UNICODE), FE and FF (always). */
  { TU_UNICODE, "F4 90 80 80", "", INVALID, "Invalid UTF-8 sequence at byte 0: F4",
    "FFFD FFFD FFFD FFFD", "", 4, "DCF4 DC90 DC80 DC80", 4 },
  { TU_UNICODE, "F5 80 80 80", "", INVALID, "Invalid UTF-8 sequence at byte 0: F5",
    "FFFD FFFD FFFD FFFD", "", 4, "DCF5 DC80 DC80 DC80", 4 },
  { TU_UNICODE, "F7 BF BF BF", "", INVALID, "Invalid UTF-8 sequence at byte 0: F7",
    "FFFD FFFD FFFD FFFD", "", 4, "DCF7 DCBF DCBF DCBF", 4 },
  { TU_BOTH, "FE", "", INVALID, "Invalid UTF-8 sequence at byte 0: FE",
    "FFFD", "", 1, "DCFE", 1 },
  { TU_BOTH, "FF", "", INVALID, "Invalid UTF-8 sequence at byte 0: FF",
    "FFFD", "", 1, "DCFF", 1 },
  { TU_BOTH, "41 FE FF 80 42", "41", INVALID, "Invalid UTF-8 sequence at byte 1: FE",
    "41 FFFD FFFD FFFD 42", "41 42", 3, "41 DCFE DCFF DC80 42", 3 },
  /* 5- and 6-octet forms in the UNICODE profile. */
  { TU_UNICODE, "F8 88 80 80 80", "", INVALID, "Invalid UTF-8 sequence at byte 0: F8",
    "FFFD FFFD FFFD FFFD FFFD", "", 5, "DCF8 DC88 DC80 DC80 DC80", 5 },
  { TU_UNICODE, "FC 84 80 80 80 80", "", INVALID, "Invalid UTF-8 sequence at byte 0: FC",
    "FFFD FFFD FFFD FFFD FFFD FFFD", "", 6, "DCFC DC84 DC80 DC80 DC80 DC80", 6 },
  { TU_UNICODE, "FD BF BF BF BF BF", "", INVALID, "Invalid UTF-8 sequence at byte 0: FD",
    "FFFD FFFD FFFD FFFD FFFD FFFD", "", 6, "DCFD DCBF DCBF DCBF DCBF DCBF", 6 },
  /* Truncated and broken long forms in the UCS4 profile. */
  { TU_UCS4, "FD BF BF", "", PARTIAL, "Incomplete UTF-8 sequence at byte 0: FD BF BF",
    "FFFD", "", 1, "DCFD DCBF DCBF", 1 },
  { TU_UCS4, "F8 88 80 41", "", INVALID, "Invalid UTF-8 sequence at byte 0: F8 88 80",
    "FFFD 41", "41", 1, "DCF8 DC88 DC80 41", 1 },
  { TU_UCS4, "FC 84 80 80 80 C2 A9", "", INVALID,
    "Invalid UTF-8 sequence at byte 0: FC 84 80 80 80",
    "FFFD A9", "A9", 1, "DCFC DC84 DC80 DC80 DC80 A9", 1 },
  { TU_UCS4, "FE 80", "", INVALID, "Invalid UTF-8 sequence at byte 0: FE",
    "FFFD FFFD", "", 2, "DCFE DC80", 2 },
  /* The examples of SPEC section 2 and Unicode's U+FFFD tables. */
  { TU_BOTH, "61 F1 80 80 E1 80 C2 62 80 63 80 BF 64", "61", INVALID,
    "Invalid UTF-8 sequence at byte 1: F1 80 80",
    "0061 FFFD FFFD FFFD 0062 FFFD 0063 FFFD FFFD 0064", "61 62 63 64", 6,
    "61 DCF1 DC80 DC80 DCE1 DC80 DCC2 62 DC80 63 DC80 DCBF 64", 6 },
  { TU_BOTH, "E1 80 E2 F0 91 92 F1 BF 41", "", INVALID,
    "Invalid UTF-8 sequence at byte 0: E1 80",
    "FFFD FFFD FFFD FFFD 0041", "41", 4,
    "DCE1 DC80 DCE2 DCF0 DC91 DC92 DCF1 DCBF 41", 4 },
  { TU_BOTH, "C0 AF E0 80 BF F0 81 82 41", "", INVALID,
    "Invalid UTF-8 sequence at byte 0: C0",
    "FFFD FFFD FFFD FFFD FFFD FFFD FFFD FFFD 0041", "41", 8,
    "DCC0 DCAF DCE0 DC80 DCBF DCF0 DC81 DC82 41", 8 },
  { TU_BOTH, "ED A0 80 ED BF BF ED AF 41", "", INVALID,
    "Invalid UTF-8 sequence at byte 0: ED",
    "FFFD FFFD FFFD FFFD FFFD FFFD FFFD FFFD 0041", "41", 8,
    "DCED DCA0 DC80 DCED DCBF DCBF DCED DCAF 41", 8 },
  { TU_UNICODE, "F4 91 92 93 FF 41 80 BF 42", "", INVALID,
    "Invalid UTF-8 sequence at byte 0: F4",
    "FFFD FFFD FFFD FFFD FFFD 0041 FFFD FFFD 0042", "41 42", 7,
    "DCF4 DC91 DC92 DC93 DCFF 41 DC80 DCBF 42", 7 },
  { TU_UCS4, "F4 91 92 93 FF 41 80 BF 42", "111493", INVALID,
    "Invalid UTF-8 sequence at byte 4: FF",
    "111493 FFFD 0041 FFFD FFFD 0042", "111493 41 42", 3,
    "111493 DCFF 41 DC80 DCBF 42", 3 },
  { TU_BOTH, "F0 9F 98", "", PARTIAL, "Incomplete UTF-8 sequence at byte 0: F0 9F 98",
    "FFFD", "", 1, "DCF0 DC9F DC98", 1 },
};
const guint tu_n_malformed_decode = G_N_ELEMENTS (tu_malformed_decode);

const TuMalformed tu_malformed_encode[] = {
  /* Surrogates: ESCAPE takes back only U+DC80..U+DCFF. */
  { TU_BOTH, "00 00 D8 00", "", INVALID, "Invalid UCS-4 value 0x0000D800 at byte 0",
    "EF BF BD", "", 1, NULL, 0 },
  { TU_BOTH, "00 00 00 41 00 00 DF FF 00 00 00 42", "41", INVALID,
    "Invalid UCS-4 value 0x0000DFFF at byte 4",
    "41 EF BF BD 42", "41 42", 1, NULL, 0 },
  { TU_BOTH, "00 00 DC 80 00 00 DC FF", "", INVALID, "Invalid UCS-4 value 0x0000DC80 at byte 0",
    "EF BF BD EF BF BD", "", 2, "80 FF", 2 },
  { TU_BOTH, "00 00 00 61 00 00 DC E2 00 00 DC 82 00 00 00 62", "61", INVALID,
    "Invalid UCS-4 value 0x0000DCE2 at byte 4",
    "61 EF BF BD EF BF BD 62", "61 62", 2, "61 E2 82 62", 2 },
  { TU_BOTH, "00 00 DC 7F", "", INVALID, "Invalid UCS-4 value 0x0000DC7F at byte 0",
    "EF BF BD", "", 1, NULL, 0 },
  /* Above the profile's range. */
  { TU_UNICODE, "00 11 00 00", "", INVALID, "Invalid UCS-4 value 0x00110000 at byte 0",
    "EF BF BD", "", 1, NULL, 0 },
  { TU_UNICODE, "00 00 00 41 7F FF FF FF", "41", INVALID,
    "Invalid UCS-4 value 0x7FFFFFFF at byte 4",
    "41 EF BF BD", "41", 1, NULL, 0 },
  { TU_UCS4, "00 00 00 41 80 00 00 00", "41", INVALID,
    "Invalid UCS-4 value 0x80000000 at byte 4",
    "41 EF BF BD", "41", 1, NULL, 0 },
  { TU_BOTH, "80 00 00 00", "", INVALID, "Invalid UCS-4 value 0x80000000 at byte 0",
    "EF BF BD", "", 1, NULL, 0 },
  { TU_BOTH, "00 00 00 41 FF FF FF FF 00 00 00 42", "41", INVALID,
    "Invalid UCS-4 value 0xFFFFFFFF at byte 4",
    "41 EF BF BD 42", "41 42", 1, NULL, 0 },
  /* A UCS-4 input whose length is not a multiple of 4. */
  { TU_BOTH, "00", "", PARTIAL, "Incomplete UCS-4 value at byte 0: 00",
    "EF BF BD", "", 1, NULL, 0 },
  { TU_BOTH, "00 00 00 41 00 D8", "41", PARTIAL, "Incomplete UCS-4 value at byte 4: 00 D8",
    "41 EF BF BD", "41", 1, NULL, 0 },
  { TU_BOTH, "00 00 00 41 00 00 00", "41", PARTIAL, "Incomplete UCS-4 value at byte 4: 00 00 00",
    "41 EF BF BD", "41", 1, NULL, 0 },
};
const guint tu_n_malformed_encode = G_N_ELEMENTS (tu_malformed_encode);
