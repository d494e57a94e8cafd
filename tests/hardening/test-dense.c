/* test-dense.c: dense malformed input against the reference codec
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * After a malformed sequence the codec stays in a scalar loop of its own
 * until the input has been clean for a while (#behaviour-errors).  These
 * inputs are made to live there: clusters of every kind of malformed
 * sequence or bad unit, between clean runs of lengths around the loop's
 * way back to the kernel (0 to 200 bytes), in every direction, error mode,
 * profile and byte order.  Each goes through the fuzzers' checks
 * (fuzz/fuzz-harness.c): every kernel whole, one kernel in random chunks
 * with small output buffers, each byte for byte against
 * fuzz/reference-codec.c, the invalid-sequence reports (offset and
 * bytes) included.  The binary inputs are NUL, ASCII and bytes from 80
 * up as executables hold them.
 */

#include <string.h>

#include "fuzz-harness.h"

/* Valid in some profile; malformed or a bad subpart in the others. */
static const char *const clean_utf8[] = {
  "a", "Z", " ", "\n", "\x7f", "\xc3\xa9", "\xd0\x96", "\xe4\xb8\xad", "\xef\xbf\xbd",
  "\xf0\x9f\x98\x80", "\xf4\x8f\xbf\xbf",
};
static const char *const rare_utf8[] = {
  "\xed\xa0\x80\xed\xb0\x80",   /* CESU-8 pair */
  "\xed\xa0\x80",               /* high surrogate form */
  "\xed\xb0\x80",               /* low surrogate form */
  "\xc0\x80",                   /* modified UTF-8's U+0000 */
  "\xf8\x88\x80\x80\x80",       /* UCS4's five-byte form */
  "\xfc\x84\x80\x80\x80\x80",   /* and six-byte */
  "\xf5\x80\x80\x80",           /* UCS4's four-byte form above U+10FFFF */
  "\x00",
};
static const char *const bad_utf8[] = {
  "\x80", "\xbf", "\xc0", "\xc1", "\xc2", "\xe0\x80", "\xe0\xa0", "\xe1\x80", "\xed\xa0",
  "\xf0\x80", "\xf0\x90\x80", "\xf4\x90", "\xf5", "\xf8", "\xfe", "\xff", "\xe0\x80\x80",
};

static void
append_random_utf8 (GByteArray *a,
                    GRand      *rand,
                    gsize       n)
{
  gsize end = a->len + n;

  while (a->len < end)
    {
      const char *s = g_rand_int_range (rand, 0, 16) == 0 ?
        rare_utf8[g_rand_int_range (rand, 0, G_N_ELEMENTS (rare_utf8))] :
        clean_utf8[g_rand_int_range (rand, 0, G_N_ELEMENTS (clean_utf8))];

      g_byte_array_append (a, (const guint8 *) s, s[0] == 0 ? 1 : strlen (s));
    }
}

static void
append_unit (GByteArray *a,
             guint32     v,
             guint       unit,
             gboolean    big_endian)
{
  guint8 b[4];

  for (guint i = 0; i < unit; i++)
    b[big_endian ? unit - 1 - i : i] = (v >> (8 * i)) & 0xFF;
  g_byte_array_append (a, b, unit);
}

static guint32
random_value (GRand    *rand,
              gboolean  bad)
{
  static const guint32 good[] = { 0x41, 0x0A, 0xE9, 0x416, 0x4E2D, 0xFEFF, 0xFFFD, 0x1F600, 0x10FFFF, 0 };
  static const guint32 wrong[] = { 0xD800, 0xDBFF, 0xDC00, 0xDC80, 0xDCFF, 0xDFFF, 0x110000,
                                   0x7FFFFFFF, 0x80000000, 0xFFFFFFFF };

  if (bad)
    return wrong[g_rand_int_range (rand, 0, G_N_ELEMENTS (wrong))];
  return good[g_rand_int_range (rand, 0, G_N_ELEMENTS (good))];
}

/* Clean runs of these many bytes (or units) between the clusters. */
static const guint clean_runs[] = { 0, 1, 2, 3, 5, 8, 13, 31, 62, 63, 64, 65, 66, 100, 127, 200 };

/* A stream of clusters of 1..24 malformed sequences (bad units), each
 * followed by a clean run; UTF-8 when @unit is 0. */
static GByteArray *
make_input (guint32  seed,
            guint    unit,
            gboolean big_endian)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  GByteArray *a = g_byte_array_new ();

  for (guint r = 0; r < 3 * G_N_ELEMENTS (clean_runs); r++)
    {
      guint n_bad = g_rand_int_range (rand, 1, 25);
      guint run = clean_runs[r % G_N_ELEMENTS (clean_runs)];

      for (guint i = 0; i < n_bad; i++)
        {
          if (unit == 0)
            {
              const char *s = bad_utf8[g_rand_int_range (rand, 0, G_N_ELEMENTS (bad_utf8))];

              g_byte_array_append (a, (const guint8 *) s, strlen (s));
              /* Now and then a valid sequence inside the cluster. */
              if (g_rand_int_range (rand, 0, 4) == 0)
                append_random_utf8 (a, rand, 1);
            }
          else
            {
              append_unit (a, random_value (rand, TRUE) & (unit == 2 ? 0xFFFF : 0xFFFFFFFF), unit, big_endian);
              if (g_rand_int_range (rand, 0, 4) == 0)
                append_unit (a, random_value (rand, FALSE) & (unit == 2 ? 0xFFFF : 0xFFFFFFFF), unit, big_endian);
            }
        }
      if (unit == 0 && r % 2 == 0)
        {
          /* Plain ASCII text, which the loop takes eight bytes at a time. */
          static const char text[] = "The quick brown fox jumps over the lazy dog. ";

          for (guint i = 0; i < run; i++)
            g_byte_array_append (a, (const guint8 *) &text[i % (sizeof text - 1)], 1);
        }
      else if (unit == 0)
        append_random_utf8 (a, rand, run);
      else
        for (guint i = 0; i < run; i += unit)
          append_unit (a, random_value (rand, FALSE) & (unit == 2 ? 0xFFFF : 0xFFFFFFFF), unit, big_endian);
    }
  return a;
}

/* UTF-8 as a binary file holds it: NUL and ASCII bytes with bytes from
 * 80 up among them, alone or beside others (the loop takes blocks where
 * each is a malformed sequence of its own 16 bytes at once), now and
 * then a character or a rarer form; between stretches of these, clean
 * runs as make_input() makes them. */
static GByteArray *
make_binary_input (guint32 seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  GByteArray *a = g_byte_array_new ();

  for (guint r = 0; r < 3 * G_N_ELEMENTS (clean_runs); r++)
    {
      guint n = g_rand_int_range (rand, 1, 160);

      for (guint i = 0; i < n; i++)
        {
          guint k = g_rand_int_range (rand, 0, 100);
          guint8 b = k < 40 ? 0 : k < 65 ? g_rand_int_range (rand, 1, 0x80) : g_rand_int_range (rand, 0x80, 0x100);

          if (k >= 97)
            append_random_utf8 (a, rand, 1);
          else
            g_byte_array_append (a, &b, 1);
        }
      append_random_utf8 (a, rand, clean_runs[r % G_N_ELEMENTS (clean_runs)]);
    }
  return a;
}

typedef struct
{
  const char *name;
  gboolean    encode;
  guint8      direction;   /* header byte 0 */
  guint       unit;        /* of the input: 0 for UTF-8 */
  gboolean    binary;      /* make_binary_input()'s */
} Direction;

static const Direction directions[] = {
  { "decode", FALSE, 0x00, 0, FALSE },
  { "repair", FALSE, 0x01, 0, FALSE },
  { "to-utf16", FALSE, 0x10, 0, FALSE },
  { "encode", TRUE, 0x00, 4, FALSE },
  { "from-utf16", TRUE, 0x10, 2, FALSE },
  { "decode-binary", FALSE, 0x00, 0, TRUE },
  { "repair-binary", FALSE, 0x01, 0, TRUE },
  { "to-utf16-binary", FALSE, 0x10, 0, TRUE },
};

/* Header bytes 5-7: chunking, output buffer, kernel and FLUSH patterns.
 * Whole input into a large buffer; pieces of up to 64 bytes into one of
 * 127 bytes beyond the minimum; pieces of up to 16 into the smallest
 * buffers. */
static const guint8 shapes[][3] = {
  { 0xFF, 0xFF, 0x00 },
  { 0x3F, 0xFF, 0x41 },
  { 0x3F, 0xA0, 0x02 },
  { 0x0F, 0x01, 0x43 },
};

static void
test_direction (gconstpointer data)
{
  const Direction *d = data;

  for (guint mode = 0; mode < 6; mode++)
    for (guint profile = 0; profile < 5; profile++)
      for (guint order = 1; order <= 2; order++)
        {
          gboolean big_endian = order == 1;   /* GUTF8CONV_BYTE_ORDER_BIG_ENDIAN */
          guint32 seed = mode * 100 + profile * 10 + order;
          g_autoptr(GByteArray) in = d->binary ? make_binary_input (seed) : make_input (seed, d->unit, big_endian);

          for (guint s = 0; s < G_N_ELEMENTS (shapes); s++)
            {
              guint8 header[FUZZ_HEADER_SIZE] = {
                d->direction, order, 0, mode, profile, shapes[s][0], shapes[s][1], shapes[s][2] + mode + profile
              };
              g_autoptr(GByteArray) all = g_byte_array_new ();

              g_byte_array_append (all, header, sizeof header);
              g_byte_array_append (all, in->data, in->len);
              fuzz_harness_run (d->encode, all->data, all->len);
            }
        }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (directions); i++)
    {
      g_autofree char *path = g_strdup_printf ("/dense/%s", directions[i].name);

      g_test_add_data_func (path, &directions[i], test_direction);
    }
  return g_test_run ();
}
