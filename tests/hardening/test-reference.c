/* test-reference.c: the fuzzers' reference codec against the SPEC's examples
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The fuzzers trust fuzz/reference-codec.c as much as the codec itself, so
 * it is pinned here to the vectors and examples of SPEC.md, written by hand.
 */

#include <string.h>

#include "reference-codec.h"

typedef struct
{
  const char  *name;
  RefDirection direction;
  gboolean     big_endian;
  RefBom       bom;
  RefErrors    errors;
  gboolean     ucs4_profile;
  const char  *in;     /* hex */
  const char  *out;    /* hex */
  RefStatus    status;
  guint64      error_offset;
  guint64      num_invalid;
} Case;

#define D REF_DECODE
#define E REF_ENCODE
#define BE TRUE
#define LE FALSE
#define U FALSE   /* UNICODE profile */
#define W TRUE    /* UCS4 profile */

static const Case cases[] = {
  /* SPEC section 5, both profiles. */
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
  /* SPEC section 5, UCS4 profile only. */
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
  /* SPEC section 2, maximal subparts. */
  { "subparts1", D, BE, REF_BOM_KEEP, REF_REPLACE, U, "61 F1 80 80 E1 80 C2 62 80 63 80 BF 64",
    "00000061 0000FFFD 0000FFFD 0000FFFD 00000062 0000FFFD 00000063 0000FFFD 0000FFFD 00000064", REF_OK, 0, 6 },
  { "subparts2", D, BE, REF_BOM_KEEP, REF_REPLACE, U, "E1 80 E2 F0 91 92 F1 BF 41",
    "0000FFFD 0000FFFD 0000FFFD 0000FFFD 00000041", REF_OK, 0, 4 },
  { "surrogate", D, BE, REF_BOM_KEEP, REF_REPLACE, U, "ED A0 80", "0000FFFD 0000FFFD 0000FFFD", REF_OK, 0, 3 },
  { "truncated-replace", D, BE, REF_BOM_KEEP, REF_REPLACE, U, "F0 9F 98", "0000FFFD", REF_OK, 0, 1 },
  { "skip", D, BE, REF_BOM_KEEP, REF_SKIP, U, "61 80 E2 82 62 E2 82", "00000061 00000062", REF_OK, 0, 3 },
  { "escape", D, BE, REF_BOM_KEEP, REF_ESCAPE, U, "61 C3 28 E2 82", "00000061 0000DCC3 00000028 0000DCE2 0000DC82", REF_OK, 0, 2 },
  /* SPEC section 5, malformed in every profile; STRICT offsets. */
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
  /* SPEC section 2, BOM. */
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
  RefConfig config = { c->direction, c->big_endian, c->bom, c->errors, c->ucs4_profile };
  g_autoptr(GByteArray) in = parse_hex (c->in);
  g_autoptr(GByteArray) expected = parse_hex (c->out);
  RefResult r;

  ref_convert (&config, in->data, in->len, &r);
  g_assert_cmpmem (r.out->data, r.out->len, expected->data, expected->len);
  g_assert_cmpint (r.status, ==, c->status);
  g_assert_cmpuint (r.error_offset, ==, c->error_offset);
  g_assert_cmpuint (r.num_invalid, ==, c->num_invalid);
  g_byte_array_unref (r.out);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/reference/%s", cases[i].name);

      g_test_add_data_func (path, &cases[i], test_case);
    }
  return g_test_run ();
}
