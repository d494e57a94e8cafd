/* gutf8conv-bench-dirty.c: malformed input, ours against a scalar DFA and peers
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A decoder meets bad input as a matter of course (random bytes, binaries,
 * Latin-1 or windows-1252 text read as UTF-8, damaged text, logs with
 * binary blobs).  This program builds such corpora at run time from
 * bench/corpus with a fixed seed, checks that a hand-written scalar DFA
 * decoder (one U+FFFD per maximal subpart, as the behaviour guide's
 * behaviour-errors section says) and every kernel of the library through
 * gutf8conv_codec_convert() agree byte for byte on all of them, then times:
 *
 * - decoding with REPLACE, each kernel, in 64 KiB input chunks into one
 *   reused output window, against the DFA and Python's
 *   bytes.decode ('utf-8', 'replace');
 * - UTF-8 to UTF-8 with REPLACE, each kernel, against g_utf8_make_valid();
 * - what one malformed sequence costs: mixed.txt with 1 byte in 100
 *   damaged against the same text clean, each kernel and the DFA;
 * - LATIN1 and CP1252 on the Latin-1 and windows-1252 texts (and iconv()
 *   reading the Latin-1 one as ISO-8859-1), SKIP on random bytes, ESCAPE,
 *   LATIN1 and CP1252 on random bytes and the binary;
 * - encoding UCS-4LE with one bad unit (surrogate or above U+10FFFF) per 100;
 * - the cost of one g_converter_convert() call on 16-, 64- and 256-byte
 *   chunks, ours against GCharsetConverter and a converter that does
 *   nothing.
 *
 * Times are the thread's CPU time (CLOCK_THREAD_CPUTIME_ID; Python's
 * time.thread_time() in its own process), each figure the median of the
 * repetitions, which run every method of a table in a shuffled order.
 *
 *   gutf8conv-bench-dirty [--reps N] [--min-mib M] [--check | --calls] [CORPUS_DIR]
 *
 * --check only builds the corpora and compares the outputs, and exits
 * non-zero on any difference: the meson test runs it on small corpora.
 * --calls only times the small g_converter_convert() calls, which need
 * neither, so that builds can be compared in turn within minutes.
 */

#include "config.h"

#include <errno.h>
#include <iconv.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <gutf8conv/gutf8conv.h>

#include "gutf8conv-codec.h"
#include "bench-util.h"

#define MAX_KERNELS 8
#define CHUNK       (64 * 1024)
/* Output for one CHUNK of input in the worst case: four bytes a byte. */
#define WINDOW      (4 * CHUNK + 64)

static double
now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* --- the scalar DFA reference decoder --- */

/* Byte classes: the second-byte ranges of the Unicode Standard's Table 3-7
 * decide which continuation bytes a lead accepts. */
enum
{
  C_ASCII, C_80_8F, C_90_9F, C_A0_BF, C_BAD, C_2, C_E0, C_3, C_ED, C_F0, C_4, C_F4,
  N_CLASSES
};

/* States: 0 is "between characters"; REJECT ends a maximal subpart. */
enum
{
  S_ACCEPT, S_1, S_2, S_E0, S_ED, S_3, S_F0, S_F4, S_REJECT, N_STATES
};

static guint8 dfa_class[256];
static guint8 dfa_next[N_STATES][N_CLASSES];
static const guint8 dfa_start[N_CLASSES] = {
  [C_ASCII] = S_ACCEPT, [C_80_8F] = S_REJECT, [C_90_9F] = S_REJECT, [C_A0_BF] = S_REJECT,
  [C_BAD] = S_REJECT, [C_2] = S_1, [C_E0] = S_E0, [C_3] = S_2, [C_ED] = S_ED,
  [C_F0] = S_F0, [C_4] = S_3, [C_F4] = S_F4,
};
static const guint8 dfa_lead_mask[N_CLASSES] = {
  [C_2] = 0x1F, [C_E0] = 0x0F, [C_3] = 0x0F, [C_ED] = 0x0F, [C_F0] = 0x07, [C_4] = 0x07, [C_F4] = 0x07,
};

static void
dfa_init (void)
{
  for (guint b = 0; b < 256; b++)
    dfa_class[b] = b < 0x80 ? C_ASCII : b < 0x90 ? C_80_8F : b < 0xA0 ? C_90_9F : b < 0xC0 ? C_A0_BF
                 : b < 0xC2 ? C_BAD : b < 0xE0 ? C_2 : b == 0xE0 ? C_E0 : b == 0xED ? C_ED
                 : b < 0xF0 ? C_3 : b == 0xF0 ? C_F0 : b < 0xF4 ? C_4 : b == 0xF4 ? C_F4 : C_BAD;
  memset (dfa_next, S_REJECT, sizeof dfa_next);
  for (guint c = C_80_8F; c <= C_A0_BF; c++)
    {
      dfa_next[S_1][c] = S_ACCEPT;
      dfa_next[S_2][c] = S_1;
      dfa_next[S_3][c] = S_2;
    }
  dfa_next[S_E0][C_A0_BF] = S_1;
  dfa_next[S_ED][C_80_8F] = dfa_next[S_ED][C_90_9F] = S_1;
  dfa_next[S_F0][C_90_9F] = dfa_next[S_F0][C_A0_BF] = S_2;
  dfa_next[S_F4][C_80_8F] = S_2;
}

static inline guint8 *
put_ucs4 (guint8  *o,
          guint32  v)
{
  v = GUINT32_TO_LE (v);
  memcpy (o, &v, 4);
  return o + 4;
}

static inline guint8 *
put_utf8 (guint8  *o,
          guint32  v)
{
  if (v < 0x80)
    *o++ = v;
  else if (v < 0x800)
    {
      *o++ = 0xC0 | v >> 6;
      *o++ = 0x80 | (v & 0x3F);
    }
  else if (v < 0x10000)
    {
      *o++ = 0xE0 | v >> 12;
      *o++ = 0x80 | (v >> 6 & 0x3F);
      *o++ = 0x80 | (v & 0x3F);
    }
  else
    {
      *o++ = 0xF0 | v >> 18;
      *o++ = 0x80 | (v >> 12 & 0x3F);
      *o++ = 0x80 | (v >> 6 & 0x3F);
      *o++ = 0x80 | (v & 0x3F);
    }
  return o;
}

/* Decodes all of @in into @out (room for 4 bytes a byte for UCS-4LE, 3 for
 * UTF-8), one U+FFFD per maximal subpart; the byte that breaks a sequence
 * is looked at again.  Returns the bytes written, counts the subparts. */
G_ALWAYS_INLINE static inline gsize
dfa_run (const guint8 *in,
         gsize         len,
         guint8       *out,
         gboolean      utf8_out,
         gsize        *n_bad)
{
  guint8 *o = out;
  gsize i = 0, bad = 0;

  while (i < len)
    {
      guint8 b;
      guint s;
      guint32 cp;

      /* ASCII eight bytes at a time. */
      while (i + 8 <= len)
        {
          guint64 w;

          memcpy (&w, in + i, 8);
          if (w & G_GUINT64_CONSTANT (0x8080808080808080))
            break;
          if (utf8_out)
            {
              memcpy (o, in + i, 8);
              o += 8;
            }
          else
            for (guint k = 0; k < 8; k++)
              o = put_ucs4 (o, in[i + k]);
          i += 8;
        }
      if (i == len)
        break;
      b = in[i++];
      if (b < 0x80)
        {
          o = utf8_out ? (*o = b, o + 1) : put_ucs4 (o, b);
          continue;
        }
      s = dfa_start[dfa_class[b]];
      cp = b & dfa_lead_mask[dfa_class[b]];
      while (s != S_REJECT && s != S_ACCEPT && i < len)
        {
          guint t = dfa_next[s][dfa_class[in[i]]];

          if (t == S_REJECT)
            break;
          s = t;
          cp = cp << 6 | (in[i++] & 0x3F);
        }
      if (s != S_ACCEPT)
        {
          cp = 0xFFFD;
          bad++;
        }
      o = utf8_out ? put_utf8 (o, cp) : put_ucs4 (o, cp);
    }
  if (n_bad != NULL)
    *n_bad = bad;
  return o - out;
}

static gsize
dfa_decode (const guint8 *in,
            gsize         len,
            guint8       *out,
            gsize        *n_bad)
{
  return dfa_run (in, len, out, FALSE, n_bad);
}

static gsize
dfa_repair (const guint8 *in,
            gsize         len,
            guint8       *out)
{
  return dfa_run (in, len, out, TRUE, NULL);
}

/* UCS-4LE to UTF-8 with U+FFFD for surrogates and values above U+10FFFF. */
static gsize
ref_encode (const guint8 *in,
            gsize         len,
            guint8       *out)
{
  guint8 *o = out;

  for (gsize i = 0; i + 4 <= len; i += 4)
    {
      guint32 v;

      memcpy (&v, in + i, 4);
      v = GUINT32_FROM_LE (v);
      o = put_utf8 (o, (v >= 0xD800 && v < 0xE000) || v > 0x10FFFF ? 0xFFFD : v);
    }
  return o - out;
}

/* UCS-4LE (valid values) to UTF-16LE. */
static gsize
ucs4_to_utf16 (const guint8 *in,
               gsize         len,
               guint8       *out)
{
  guint8 *o = out;

  for (gsize i = 0; i + 4 <= len; i += 4)
    {
      guint32 v;
      guint16 u[2];
      guint n = 1;

      memcpy (&v, in + i, 4);
      v = GUINT32_FROM_LE (v);
      if (v >= 0x10000)
        {
          u[0] = GUINT16_TO_LE (0xD800 + ((v - 0x10000) >> 10));
          u[1] = GUINT16_TO_LE (0xDC00 + (v & 0x3FF));
          n = 2;
        }
      else
        u[0] = GUINT16_TO_LE (v);
      memcpy (o, u, 2 * n);
      o += 2 * n;
    }
  return o - out;
}

/* UTF-16LE to UTF-8 with U+FFFD for each unpaired surrogate. */
static gsize
ref_encode16 (const guint8 *in,
              gsize         len,
              guint8       *out)
{
  guint8 *o = out;

  for (gsize i = 0; i + 2 <= len; i += 2)
    {
      guint16 u, u2 = 0;

      memcpy (&u, in + i, 2);
      u = GUINT16_FROM_LE (u);
      if (i + 4 <= len)
        {
          memcpy (&u2, in + i + 2, 2);
          u2 = GUINT16_FROM_LE (u2);
        }
      if (u >= 0xD800 && u < 0xDC00 && u2 >= 0xDC00 && u2 < 0xE000)
        {
          o = put_utf8 (o, 0x10000 + ((guint32) (u - 0xD800) << 10) + (u2 - 0xDC00));
          i += 2;
        }
      else
        o = put_utf8 (o, u >= 0xD800 && u < 0xE000 ? 0xFFFD : u);
    }
  return o - out;
}

/* --- the dirty corpora --- */

typedef struct
{
  const char *name;
  const char *what;
  guint8     *data;
  gsize       len;
  gsize       n_bad;     /* maximal subparts, by the DFA */
} Dirty;

enum
{
  D_RANDOM,
  D_BINARY,
  D_MIXED_100,
  D_MIXED_10000,
  D_LATIN1,
  D_CP1252,
  D_LOG,
  D_ELF,
  N_DIRTY
};

/* windows-1252's 80..9F, the WHATWG index (undefined bytes: their C1 control). */
static const guint16 cp1252_high[32] = {
  0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
  0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
  0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
  0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
};

static guint8 *
read_text (const char *dir,
           const char *name,
           gsize      *len)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  char *data = NULL;

  if (!g_file_get_contents (path, &data, len, NULL) || *len == 0 ||
      !g_utf8_validate_len (data, *len, NULL))
    g_error ("%s: not a non-empty valid UTF-8 file", path);
  return (guint8 *) data;
}

/* @period repeated to at least @min_len bytes. */
static guint8 *
repeat_to (const guint8 *period,
           gsize         period_len,
           gsize         min_len,
           gsize        *len)
{
  guint8 *p;

  *len = MAX (1, (min_len + period_len - 1) / period_len) * period_len;
  p = g_malloc (*len);
  for (gsize n = 0; n < *len; n += period_len)
    memcpy (p + n, period, period_len);
  return p;
}

/* french.txt in a single-byte code: Latin-1, or windows-1252 with the
 * typographic apostrophe and quotes and the euro sign put in (as word
 * processors do); characters the code lacks become '?'. */
static GByteArray *
french_single_byte (const guint8 *utf8,
                    gsize         len,
                    gboolean      cp1252)
{
  GByteArray *a = g_byte_array_sized_new (len);
  gboolean open_quote = TRUE;

  for (const char *p = (const char *) utf8; p < (const char *) utf8 + len; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      guint8 b = '?';

      if (cp1252 && c == '\'')
        b = 0x92;
      else if (cp1252 && c == '"')
        {
          b = open_quote ? 0x93 : 0x94;
          open_quote = !open_quote;
        }
      else if (cp1252 && g_ascii_strncasecmp (p, "euro", 4) == 0 && !g_ascii_isalpha (p[4]))
        {
          b = 0x80;
          p += 3;
        }
      else if (c < 0x80 || (c >= 0xA0 && c <= 0xFF))
        b = c;
      else if (cp1252)
        {
          for (guint k = 0; k < 32; k++)
            if (cp1252_high[k] == c && c > 0xFF)
              b = 0x80 + k;
        }
      g_byte_array_append (a, &b, 1);
    }
  return a;
}

static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* Whole ELF files of this machine, from /usr/bin then /usr/lib (each
 * directory's regular files in name order, none over 8 MiB), until there
 * are @min_len bytes; repeated where they are fewer.  NULL if none. */
static guint8 *
read_elf_files (gsize  min_len,
                gsize *len,
                guint *n_files)
{
  static const char *const dirs[] = { "/usr/bin", "/usr/lib" };
  GByteArray *a = g_byte_array_new ();
  guint8 *p;

  *n_files = 0;
  for (guint d = 0; d < G_N_ELEMENTS (dirs) && a->len < min_len; d++)
    {
      g_autoptr(GDir) dir = g_dir_open (dirs[d], 0, NULL);
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        g_ptr_array_add (names, g_build_filename (dirs[d], name, NULL));
      g_ptr_array_sort (names, compare_paths);
      for (guint i = 0; i < names->len && a->len < min_len; i++)
        {
          const char *path = g_ptr_array_index (names, i);
          g_autofree char *data = NULL;
          gsize n;
          GStatBuf st;

          if (g_lstat (path, &st) != 0 || !S_ISREG (st.st_mode) || st.st_size > 8 << 20 ||
              !g_file_get_contents (path, &data, &n, NULL) || n < 4 || memcmp (data, "\x7F" "ELF", 4) != 0)
            continue;
          g_byte_array_append (a, (const guint8 *) data, n);
          ++*n_files;
        }
    }
  if (a->len == 0)
    {
      g_byte_array_unref (a);
      return NULL;
    }
  p = repeat_to (a->data, a->len, min_len, len);
  g_byte_array_unref (a);
  return p;
}

static void
make_dirty (Dirty      *d,
            const char *dir,
            gsize       min_len)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261125);
  g_autofree guint8 *mixed = NULL, *french = NULL, *english = NULL;
  gsize mixed_len, french_len, english_len;

  mixed = read_text (dir, "mixed.txt", &mixed_len);
  french = read_text (dir, "french.txt", &french_len);
  english = read_text (dir, "english.txt", &english_len);

  d[D_RANDOM] = (Dirty) { .name = "random", .what = "uniformly random bytes" };
  d[D_RANDOM].len = min_len;
  d[D_RANDOM].data = g_malloc (min_len);
  for (gsize i = 0; i < min_len; i++)
    d[D_RANDOM].data[i] = g_rand_int (rand);

  /* A stand-in for an executable: runs of zeros, little-endian 32-bit
   * integers below 1000, NUL-terminated identifiers, and random bytes
   * for machine code, in random order and sizes. */
  {
    GByteArray *a = g_byte_array_sized_new (min_len + 8192);

    while (a->len < min_len)
      {
        guint kind = g_rand_int_range (rand, 0, 10), n;
        guint8 b[4];

        switch (kind)
          {
          case 0: case 1:
            n = g_rand_int_range (rand, 16, 4096);
            for (guint i = 0; i < n; i++)
              g_byte_array_append (a, (const guint8 *) "", 1);
            break;
          case 2: case 3:
            n = g_rand_int_range (rand, 8, 256);
            for (guint i = 0; i < n; i++)
              {
                guint32 v = GUINT32_TO_LE (g_rand_int_range (rand, 0, 1000));

                memcpy (b, &v, 4);
                g_byte_array_append (a, b, 4);
              }
            break;
          case 4: case 5:
            n = g_rand_int_range (rand, 1, 20);
            for (guint i = 0; i < n; i++)
              {
                guint m = g_rand_int_range (rand, 3, 40);

                for (guint j = 0; j < m; j++)
                  {
                    b[0] = "abcdefghijklmnopqrstuvwxyz_._ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"[g_rand_int_range (rand, 0, 65)];
                    g_byte_array_append (a, b, 1);
                  }
                g_byte_array_append (a, (const guint8 *) "", 1);
              }
            break;
          default:
            n = g_rand_int_range (rand, 64, 2048);
            for (guint i = 0; i < n; i++)
              {
                b[0] = g_rand_int (rand);
                g_byte_array_append (a, b, 1);
              }
            break;
          }
      }
    d[D_BINARY] = (Dirty) { .name = "binary",
                            .what = "synthetic executable: zero runs, small integers, identifiers, random code" };
    d[D_BINARY].len = a->len;
    d[D_BINARY].data = g_byte_array_free (a, FALSE);
  }

  /* mixed.txt with one byte in every 100 (10 000) replaced by a random
   * byte 80..FF, at a random place in its span. */
  for (guint k = 0; k < 2; k++)
    {
      Dirty *m = &d[k == 0 ? D_MIXED_100 : D_MIXED_10000];
      gsize span = k == 0 ? 100 : 10000;

      *m = (Dirty) { .name = k == 0 ? "mixed-1/100" : "mixed-1/10000",
                     .what = k == 0 ? "mixed.txt, 1 byte in 100 replaced by a random 80..FF"
                                    : "mixed.txt, 1 byte in 10 000 replaced by a random 80..FF" };
      m->data = repeat_to (mixed, mixed_len, min_len, &m->len);
      for (gsize s = 0; s + span <= m->len; s += span)
        m->data[s + g_rand_int_range (rand, 0, span)] = g_rand_int_range (rand, 0x80, 0x100);
    }

  for (guint k = 0; k < 2; k++)
    {
      GByteArray *a = french_single_byte (french, french_len, k == 1);
      Dirty *f = &d[k == 0 ? D_LATIN1 : D_CP1252];

      *f = (Dirty) { .name = k == 0 ? "latin1-french" : "cp1252-french",
                     .what = k == 0 ? "french.txt in ISO-8859-1"
                                    : "french.txt in windows-1252, curly quotes, euro signs" };
      f->data = repeat_to (a->data, a->len, min_len, &f->len);
      g_byte_array_unref (a);
    }

  /* english.txt with 64 random bytes after every 4 KiB of text. */
  {
    g_autofree guint8 *text = NULL;
    gsize text_len;
    GByteArray *a = g_byte_array_sized_new (min_len + min_len / 64 + 8192);

    text = repeat_to (english, english_len, min_len, &text_len);
    for (gsize i = 0; i < text_len; i += 4096)
      {
        g_byte_array_append (a, text + i, MIN (4096, text_len - i));
        for (guint j = 0; j < 64; j++)
          {
            guint8 b = g_rand_int (rand);

            g_byte_array_append (a, &b, 1);
          }
      }
    d[D_LOG] = (Dirty) { .name = "english-blobs", .what = "english.txt, 64 random bytes every 4 KiB" };
    d[D_LOG].len = a->len;
    d[D_LOG].data = g_byte_array_free (a, FALSE);
  }

  /* This machine's own executables and libraries, read now (none is
   * part of the tree); the stand-in above where it has none. */
  {
    static char what[80];
    guint n_files;

    d[D_ELF] = (Dirty) { .name = "elf" };
    d[D_ELF].data = read_elf_files (min_len, &d[D_ELF].len, &n_files);
    if (d[D_ELF].data != NULL)
      {
        g_snprintf (what, sizeof what, "%u ELF files of /usr/bin and /usr/lib, in name order", n_files);
        d[D_ELF].what = what;
      }
    else
      {
        d[D_ELF].what = "no ELF file found: the synthetic executable again";
        d[D_ELF].data = g_memdup2 (d[D_BINARY].data, d[D_BINARY].len);
        d[D_ELF].len = d[D_BINARY].len;
      }
  }
}

/* mixed.txt in UCS-4LE with one unit in 100 bad: surrogates and values
 * above U+10FFFF in turn. */
static guint8 *
make_bad_ucs4 (const char *dir,
               gsize       min_len,
               gsize      *len,
               guint8    **clean,
               gsize      *clean_len)
{
  g_autofree guint8 *mixed = NULL, *text = NULL;
  gsize mixed_len, text_len;
  guint8 *bad;

  mixed = read_text (dir, "mixed.txt", &mixed_len);
  text = repeat_to (mixed, mixed_len, min_len / 4, &text_len);
  *clean = g_malloc (4 * text_len);
  *clean_len = dfa_decode (text, text_len, *clean, NULL);
  bad = g_memdup2 (*clean, *clean_len);
  *len = *clean_len;
  for (gsize i = 99 * 4, k = 0; i < *len; i += 400, k++)
    {
      guint32 v = GUINT32_TO_LE (k % 2 ? 0x110000 + (guint32) k % 0xEF0000 : 0xD800 + (guint32) k % 0x800);

      memcpy (bad + i, &v, 4);
    }
  return bad;
}

/* --- ours --- */

/* Converts all of @in in CHUNK-byte pieces into one reused output window,
 * as a stream would; appends the output to @collect if not NULL.
 * Returns the bytes written. */
static gsize
convert_chunked (GUtf8ConvCodec *codec,
                 const guint8   *in,
                 gsize           len,
                 guint8         *window,
                 GByteArray     *collect)
{
  gsize total = 0;

  for (gsize pos = 0; pos < len || len == 0;)
    {
      gsize left = MIN (CHUNK, len - pos);
      const guint8 *p = in + pos;
      gboolean last = pos + left == len;

      pos += left;
      for (;;)
        {
          gsize nread = 0, nwritten = 0;
          GUtf8ConvCodecStatus status =
            gutf8conv_codec_convert (codec, p, left, window, WINDOW,
                                     last ? GUTF8CONV_CODEC_INPUT_AT_END : 0, &nread, &nwritten);

          if (collect != NULL)
            g_byte_array_append (collect, window, nwritten);
          total += nwritten;
          p += nread;
          left -= nread;
          if (status == GUTF8CONV_CODEC_FINISHED)
            return total;
          if (status != GUTF8CONV_CODEC_CONVERTED && status != GUTF8CONV_CODEC_NEED_INPUT)
            {
              g_autofree char *message = gutf8conv_codec_error_message (codec);

              g_error ("codec: status %d: %s", status, message);
            }
          if (left == 0 && !last)
            break;
          if (nread == 0 && nwritten == 0 && status == GUTF8CONV_CODEC_NEED_INPUT)
            g_error ("codec: no progress");
        }
    }
  return total;
}

static void
codec_setup (GUtf8ConvCodec        *codec,
             GUtf8ConvDirection     direction,
             GUtf8ConvErrorMode     mode,
             const GUtf8ConvKernel *kernel)
{
  GUtf8ConvConfig config = GUTF8CONV_CONFIG_INIT;

  config.direction = direction;
  config.byte_order = GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN;
  config.error_mode = mode;
  gutf8conv_codec_init (codec, &config);
  gutf8conv_codec_set_kernel (codec, kernel);
}

/* --- timed things --- */

typedef struct Job Job;
typedef double (*JobFunc) (const Job *job);

struct Job
{
  const char            *label;
  JobFunc                run;
  const guint8          *in;
  gsize                  len;
  GUtf8ConvDirection     direction;
  GUtf8ConvErrorMode     mode;
  const GUtf8ConvKernel *kernel;
  gsize                  piece;     /* small-chunk jobs: bytes a call */
  GConverter            *converter; /* small-chunk jobs */
};

static double run_ours (const Job *j);

static Job
ours_job (const GUtf8ConvKernel *kernel,
          GUtf8ConvDirection     direction,
          GUtf8ConvErrorMode     mode,
          const guint8          *in,
          gsize                  len)
{
  return (Job) { .label = kernel->name, .run = run_ours, .in = in, .len = len,
                 .direction = direction, .mode = mode, .kernel = kernel };
}

static guint8 *window;
static guint8 *whole_out;   /* for the DFA and iconv's output */

static double
run_ours (const Job *j)
{
  GUtf8ConvCodec codec;
  double t0 = now ();

  codec_setup (&codec, j->direction, j->mode, j->kernel);
  convert_chunked (&codec, j->in, j->len, window, NULL);
  return now () - t0;
}

static double
run_dfa (const Job *j)
{
  double t0 = now ();
  gsize n_bad;

  dfa_decode (j->in, j->len, whole_out, &n_bad);
  return now () - t0;
}

/* g_utf8_make_valid() on 64 KiB pieces, each cut before a byte that is not
 * a continuation byte, each result freed: a whole 8 MiB string would be
 * a fresh allocation whose page faults cost more here than the repair. */
static double
run_make_valid (const Job *j)
{
  double t0 = now ();

  for (gsize pos = 0; pos < j->len;)
    {
      gsize end = MIN (pos + CHUNK, j->len);

      while (end < j->len && end > pos + 1 && (j->in[end] & 0xC0) == 0x80)
        end--;
      g_free (g_utf8_make_valid ((const char *) j->in + pos, end - pos));
      pos = end;
    }
  return now () - t0;
}

/* iconv() reading ISO-8859-1 into UCS-4LE, in 64 KiB pieces into the window. */
static double
run_iconv_latin1 (const Job *j)
{
  iconv_t cd = iconv_open ("UCS-4LE", "ISO-8859-1");
  double t0 = now (), t;

  for (gsize pos = 0; pos < j->len; pos += CHUNK)
    {
      char *ip = (char *) j->in + pos, *op = (char *) window;
      size_t il = MIN (CHUNK, j->len - pos), ol = WINDOW;

      if (iconv (cd, &ip, &il, &op, &ol) == (size_t) -1)
        g_error ("iconv: %s", g_strerror (errno));
    }
  t = now () - t0;
  iconv_close (cd);
  return t;
}

/* Text cut into pieces of at most j->piece bytes at character starts, one
 * g_converter_convert() call each. */
static double
run_small_chunks (const Job *j)
{
  double t0 = now ();

  g_converter_reset (j->converter);
  for (gsize pos = 0; pos < j->len;)
    {
      gsize end = MIN (pos + j->piece, j->len), nread, nwritten;
      g_autoptr(GError) error = NULL;

      while (end < j->len && (j->in[end] & 0xC0) == 0x80)
        end--;
      if (g_converter_convert (j->converter, j->in + pos, end - pos, window, WINDOW,
                               end == j->len ? G_CONVERTER_INPUT_AT_END : G_CONVERTER_NO_FLAGS,
                               &nread, &nwritten, &error) == G_CONVERTER_ERROR)
        g_error ("converter: %s", error->message);
      if (nread != end - pos)
        g_error ("converter: %" G_GSIZE_FORMAT " of %" G_GSIZE_FORMAT " bytes read",
                 nread, end - pos);
      pos = end;
    }
  return now () - t0;
}

/* Medians of @reps runs of every job, GB/s of input; each repetition runs
 * them all in a shuffled order (fixed seed), after one warm-up each. */
static double *
measure (const Job *jobs,
         guint      n,
         guint      reps)
{
  double *times = g_new (double, (gsize) n * reps);
  double *rates = g_new (double, n);
  guint *order = g_new (guint, n);
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261123);

  for (guint i = 0; i < n; i++)
    jobs[i].run (&jobs[i]);
  for (guint r = 0; r < reps; r++)
    {
      bench_shuffle (rand, order, n);
      for (guint i = 0; i < n; i++)
        times[(gsize) order[i] * reps + r] = jobs[order[i]].run (&jobs[order[i]]);
    }
  for (guint i = 0; i < n; i++)
    rates[i] = jobs[i].len / bench_median (times + (gsize) i * reps, reps) / 1e9;
  g_free (order);
  g_free (times);
  return rates;
}

/* Every kernel with REPLACE in @direction, and @ref_label's @ref_run, on
 * each dirty corpus, measured together: rates[corpus * (n_kernels + 1) + k],
 * the reference last. */
static double *
kernels_and_ref (const Dirty            *dirty,
                 const GUtf8ConvKernel **kernels,
                 guint                   n_kernels,
                 GUtf8ConvDirection      direction,
                 const char             *ref_label,
                 JobFunc                 ref_run,
                 guint                   reps)
{
  guint per = n_kernels + 1;
  g_autofree Job *jobs = g_new0 (Job, N_DIRTY * per);

  for (guint d = 0; d < N_DIRTY; d++)
    {
      for (guint k = 0; k < n_kernels; k++)
        jobs[d * per + k] = ours_job (kernels[k], direction, GUTF8CONV_ERROR_MODE_REPLACE,
                                      dirty[d].data, dirty[d].len);
      jobs[d * per + n_kernels] = (Job) { .label = ref_label, .run = ref_run,
                                          .in = dirty[d].data, .len = dirty[d].len };
    }
  return measure (jobs, N_DIRTY * per, reps);
}

/* A table's header: @first (its columns after the first separated by
 * '|'), a column per kernel, then @rest (each column ending in '|'), and
 * the alignment row. */
static void
print_header (const char             *first,
              const GUtf8ConvKernel **kernels,
              guint                   n_kernels,
              const char             *rest)
{
  guint n_rest = 0;

  /* Each '|' of @first and @rest is one more column of numbers. */
  for (const char *c = first; *c != '\0'; c++)
    n_rest += *c == '|';
  for (const char *c = rest; *c != '\0'; c++)
    n_rest += *c == '|';
  g_print ("| %s |", first);
  for (guint k = 0; k < n_kernels; k++)
    g_print (" %s |", kernels[k]->name);
  g_print ("%s\n|---|", rest);
  for (guint k = 0; k < n_kernels + n_rest; k++)
    g_print ("---:|");
  g_print ("\n");
}

/* --- Python --- */

static const char python_script[] =
  "import hashlib, statistics, sys, time\n"
  "data = open(sys.argv[1], 'rb').read()\n"
  "s = data.decode('utf-8', 'replace')\n"
  "print(hashlib.sha256(s.encode('utf-32-le')).hexdigest())\n"
  "ts = []\n"
  "for _ in range(int(sys.argv[2])):\n"
  "    t = time.thread_time()\n"
  "    s = data.decode('utf-8', 'replace')\n"
  "    ts.append(time.thread_time() - t)\n"
  "    del s\n"
  "print(statistics.median(ts))\n";

/* Python's bytes.decode ('utf-8', 'replace') on @in: GB/s (0 if no
 * /usr/bin/python3), and whether its output's SHA-256 is @sha256. */
static double
python_decode (const guint8 *in,
               gsize         len,
               guint         reps,
               const char   *sha256,
               gboolean     *agrees)
{
  g_autofree char *path = NULL, *out = NULL, *reps_str = g_strdup_printf ("%u", reps);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  int fd, status;
  double t;

  *agrees = FALSE;
  if (!g_file_test ("/usr/bin/python3", G_FILE_TEST_IS_EXECUTABLE))
    return 0;
  fd = g_file_open_tmp ("gutf8conv-bench-dirty-XXXXXX", &path, &error);
  if (fd < 0 || !g_file_set_contents (path, (const char *) in, len, &error))
    g_error ("temporary file: %s", error->message);
  close (fd);
  {
    const char *argv[] = { "/usr/bin/python3", "-c", python_script, path, reps_str, NULL };

    if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, &error) ||
        !g_spawn_check_wait_status (status, &error))
      g_error ("python3: %s", error->message);
  }
  g_unlink (path);
  lines = g_strsplit (out, "\n", -1);
  if (g_strv_length (lines) < 2)
    g_error ("python3: unexpected output %s", out);
  *agrees = strcmp (lines[0], sha256) == 0;
  t = g_ascii_strtod (lines[1], NULL);
  return t > 0 ? len / t / 1e9 : 0;
}

/* --- checks --- */

static guint n_mismatch;

static void
expect_same (const char   *what,
             const guint8 *got,
             gsize         got_len,
             const guint8 *want,
             gsize         want_len)
{
  gsize i = 0;

  if (got_len == want_len && memcmp (got, want, got_len) == 0)
    return;
  while (i < got_len && i < want_len && got[i] == want[i])
    i++;
  g_printerr ("MISMATCH %s: %" G_GSIZE_FORMAT " bytes against %" G_GSIZE_FORMAT
              ", first difference at output byte %" G_GSIZE_FORMAT "\n", what, got_len, want_len, i);
  n_mismatch++;
}

/* The library's output for @in through the timed path, every kernel,
 * against @want. */
static void
check_kernels (const char             *what,
               const GUtf8ConvKernel **kernels,
               GUtf8ConvDirection      direction,
               GUtf8ConvErrorMode      mode,
               const guint8           *in,
               gsize                   len,
               const guint8           *want,
               gsize                   want_len)
{
  for (guint k = 0; kernels[k] != NULL; k++)
    {
      g_autoptr(GByteArray) got = g_byte_array_sized_new (want_len);
      g_autofree char *label = g_strdup_printf ("%s, %s", what, kernels[k]->name);
      GUtf8ConvCodec codec;

      codec_setup (&codec, direction, mode, kernels[k]);
      convert_chunked (&codec, in, len, window, got);
      expect_same (label, got->data, got->len, want, want_len);
    }
}

/* --- UTF-16 --- */

/* mixed.txt clean in UTF-8, and a quarter of it in UTF-16LE, clean and
 * with one unit in 100 an unpaired surrogate. */
typedef struct
{
  guint8 *clean, *clean16, *bad16;
  gsize   clean_len, clean16_len;
} Utf16Inputs;

static void
utf16_inputs (Utf16Inputs *u,
              const char  *dir,
              gsize        min_len)
{
  g_autofree guint8 *file = NULL, *ucs4 = NULL;
  gsize file_len, cut, n;

  file = read_text (dir, "mixed.txt", &file_len);
  u->clean = repeat_to (file, file_len, min_len, &u->clean_len);
  /* A quarter, about as many bytes in UTF-16 as the other rows in UTF-8. */
  cut = u->clean_len / 4;
  while (cut > 0 && (u->clean[cut] & 0xC0) == 0x80)
    cut--;
  ucs4 = g_malloc (4 * cut + 64);
  n = dfa_decode (u->clean, cut, ucs4, NULL);
  u->clean16 = g_malloc (n + 64);
  u->clean16_len = ucs4_to_utf16 (ucs4, n, u->clean16);
  /* High and low in turn; a high one before a low one would make a
   * pair, so a low one goes there. */
  u->bad16 = g_memdup2 (u->clean16, u->clean16_len);
  for (gsize i = 99 * 2, k = 0; i < u->clean16_len; i += 200, k++)
    {
      guint16 unit = k % 2 ? 0xDC00 + k % 0x400 : 0xD800 + k % 0x400, next = 0;

      if (i + 4 <= u->clean16_len)
        memcpy (&next, u->bad16 + i + 2, 2);
      next = GUINT16_FROM_LE (next);
      if (k % 2 == 0 && next >= 0xDC00 && next < 0xE000)
        unit = 0xDC00 + k % 0x400;
      unit = GUINT16_TO_LE (unit);
      memcpy (u->bad16 + i, &unit, 2);
    }
  bench_prefault (u->clean, u->clean_len);
  bench_prefault (u->clean16, u->clean16_len);
  bench_prefault (u->bad16, u->clean16_len);
}

/* Every kernel's UTF-16 output against the DFA's (widened to UTF-16) and
 * the reference encoder's. */
static void
utf16_check (const Utf16Inputs      *u,
             const Dirty            *dirty,
             const GUtf8ConvKernel **kernels)
{
  gsize max_len = u->clean_len, want_len;
  g_autofree guint8 *want = NULL, *ucs4 = NULL;

  for (guint d = 0; d < N_DIRTY; d++)
    max_len = MAX (max_len, dirty[d].len);
  want = g_malloc (4 * max_len + 64);
  ucs4 = g_malloc (4 * max_len + 64);
  for (guint d = 0; d <= N_DIRTY; d++)
    {
      const guint8 *in = d < N_DIRTY ? dirty[d].data : u->clean;
      gsize len = d < N_DIRTY ? dirty[d].len : u->clean_len;
      g_autofree char *what = g_strdup_printf ("%s, UTF-8 to UTF-16LE REPLACE",
                                               d < N_DIRTY ? dirty[d].name : "mixed clean");

      want_len = ucs4_to_utf16 (ucs4, dfa_decode (in, len, ucs4, NULL), want);
      check_kernels (what, kernels, GUTF8CONV_DIRECTION_UTF8_TO_UTF16, GUTF8CONV_ERROR_MODE_REPLACE,
                     in, len, want, want_len);
    }
  want_len = ref_encode16 (u->bad16, u->clean16_len, want);
  check_kernels ("UTF-16LE 1 unpaired / 100, encode REPLACE", kernels, GUTF8CONV_DIRECTION_UTF16_TO_UTF8,
                 GUTF8CONV_ERROR_MODE_REPLACE, u->bad16, u->clean16_len, want, want_len);
  want_len = ref_encode16 (u->clean16, u->clean16_len, want);
  check_kernels ("UTF-16LE clean, encode STRICT", kernels, GUTF8CONV_DIRECTION_UTF16_TO_UTF8,
                 GUTF8CONV_ERROR_MODE_STRICT, u->clean16, u->clean16_len, want, want_len);
}

/* Decoding to UTF-16LE with REPLACE, every corpus and mixed.txt clean;
 * encoding UTF-16LE clean and with unpaired surrogates. */
static void
utf16_table (const Utf16Inputs      *u,
             const Dirty            *dirty,
             const GUtf8ConvKernel **kernels,
             guint                   n_kernels,
             guint                   reps)
{
  guint n_rows = N_DIRTY + 3, per = n_kernels;
  g_autofree Job *jobs = g_new0 (Job, n_rows * per);
  g_autofree double *rates = NULL;

  for (guint i = 0; i < n_rows; i++)
    for (guint k = 0; k < n_kernels; k++)
      {
        if (i <= N_DIRTY)
          jobs[i * per + k] = ours_job (kernels[k], GUTF8CONV_DIRECTION_UTF8_TO_UTF16, GUTF8CONV_ERROR_MODE_REPLACE,
                                        i < N_DIRTY ? dirty[i].data : u->clean,
                                        i < N_DIRTY ? dirty[i].len : u->clean_len);
        else
          jobs[i * per + k] = ours_job (kernels[k], GUTF8CONV_DIRECTION_UTF16_TO_UTF8,
                                        i == N_DIRTY + 1 ? GUTF8CONV_ERROR_MODE_STRICT : GUTF8CONV_ERROR_MODE_REPLACE,
                                        i == N_DIRTY + 1 ? u->clean16 : u->bad16, u->clean16_len);
      }
  rates = measure (jobs, n_rows * per, reps);
  g_print ("### UTF-16: decoding to UTF-16LE with REPLACE, encoding UTF-16LE with unpaired surrogates, 64 KiB chunks\n\n");
  print_header ("input", kernels, n_kernels, "");
  for (guint i = 0; i < n_rows; i++)
    {
      if (i < N_DIRTY)
        g_print ("| %s, to UTF-16LE |", dirty[i].name);
      else if (i == N_DIRTY)
        g_print ("| mixed clean, to UTF-16LE |");
      else
        g_print ("| UTF-16LE (mixed.txt), %s |",
                 i == N_DIRTY + 1 ? "clean, STRICT" : "1 unpaired surrogate in 100 units, REPLACE");
      for (guint k = 0; k < n_kernels; k++)
        g_print (" %.3f |", rates[i * per + k]);
      g_print ("\n");
    }
  g_print ("\nGB/s of input: UTF-8, or UTF-16 in the last two rows.\n\n");
}

/* --- one g_converter_convert() call on small chunks --- */

/* A converter that converts nothing and says it read everything: what
 * GIO's g_converter_convert() (its instance check and interface lookup)
 * and the benchmark's loop cost a call, the floor under every converter's
 * figure.  It reads one byte of each cache line of its input, so that
 * bringing the input into the cache, which every converter pays, is in
 * the floor too. */
typedef struct { GObject parent_instance; } BenchNullConverter;
typedef struct { GObjectClass parent_class; } BenchNullConverterClass;

static GType bench_null_converter_get_type (void);
static void bench_null_converter_iface_init (GConverterIface *iface);

G_DEFINE_TYPE_WITH_CODE (BenchNullConverter, bench_null_converter, G_TYPE_OBJECT,
                         G_IMPLEMENT_INTERFACE (G_TYPE_CONVERTER, bench_null_converter_iface_init))

static GConverterResult
bench_null_converter_convert (GConverter      *converter G_GNUC_UNUSED,
                              const void      *inbuf,
                              gsize            inbuf_size,
                              void            *outbuf,
                              gsize            outbuf_size G_GNUC_UNUSED,
                              GConverterFlags  flags,
                              gsize           *bytes_read,
                              gsize           *bytes_written,
                              GError         **error G_GNUC_UNUSED)
{
  const guint8 *in = inbuf;
  guint8 touched = 0;

  for (gsize i = 0; i < inbuf_size; i += 64)
    touched |= in[i];
  *(guint8 *) outbuf = touched;
  *bytes_read = inbuf_size;
  *bytes_written = 0;
  return (flags & G_CONVERTER_INPUT_AT_END) ? G_CONVERTER_FINISHED : G_CONVERTER_CONVERTED;
}

static void
bench_null_converter_reset (GConverter *converter G_GNUC_UNUSED)
{
}

static void
bench_null_converter_iface_init (GConverterIface *iface)
{
  iface->convert = bench_null_converter_convert;
  iface->reset = bench_null_converter_reset;
}

static void
bench_null_converter_class_init (BenchNullConverterClass *klass G_GNUC_UNUSED)
{
}

static void
bench_null_converter_init (BenchNullConverter *self G_GNUC_UNUSED)
{
}

/* Ours, GCharsetConverter and the converter that does nothing, on 16-,
 * 64- and 256-byte chunks of two texts. */
static void
small_chunk_table (const char *dir,
                   gsize       min_len,
                   guint       reps)
{
  enum { OURS, THEIRS, NOTHING, N_CONVERTERS };
  static const gsize pieces[] = { 16, 64, 256 };
  static const char *const texts[] = { "english.txt", "mixed.txt" };
  static const char *const labels[N_CONVERTERS] = { "ours", "GCharsetConverter", "nothing" };
  guint n_rows = G_N_ELEMENTS (texts) * G_N_ELEMENTS (pieces);
  Job *jobs = g_new0 (Job, N_CONVERTERS * n_rows);
  guint8 *text[G_N_ELEMENTS (texts)];
  gsize text_len[G_N_ELEMENTS (texts)];
  GConverter *converters[N_CONVERTERS];
  g_autoptr(GError) error = NULL;
  double *rates;

  converters[OURS] = G_CONVERTER (gutf8conv_converter_new_full (GUTF8CONV_DIRECTION_UTF8_TO_UCS4,
                                                                GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN,
                                                                GUTF8CONV_BOM_KEEP,
                                                                GUTF8CONV_ERROR_MODE_STRICT,
                                                                GUTF8CONV_PROFILE_UNICODE));
  converters[THEIRS] = G_CONVERTER (g_charset_converter_new ("UTF-32LE", "UTF-8", &error));
  g_assert_no_error (error);
  converters[NOTHING] = g_object_new (bench_null_converter_get_type (), NULL);
  for (guint t = 0; t < G_N_ELEMENTS (texts); t++)
    {
      g_autofree guint8 *file = read_text (dir, texts[t], &text_len[t]);

      /* 1 MiB (or the whole file if --min-mib 0). */
      text[t] = repeat_to (file, text_len[t], MIN (min_len, 1 << 20), &text_len[t]);
      bench_prefault (text[t], text_len[t]);
    }
  for (guint i = 0; i < n_rows; i++)
    for (guint c = 0; c < N_CONVERTERS; c++)
      {
        guint t = i / G_N_ELEMENTS (pieces);

        jobs[N_CONVERTERS * i + c] = (Job) { .label = labels[c], .run = run_small_chunks, .in = text[t],
                                             .len = text_len[t], .piece = pieces[i % G_N_ELEMENTS (pieces)],
                                             .converter = converters[c] };
      }
  rates = measure (jobs, N_CONVERTERS * n_rows, reps);
  g_print ("### One g_converter_convert() call, UTF-8 to UCS-4LE (UTF-32LE), chunks cut at character starts\n\n"
           "ns per call, and GB/s of input in brackets; \"nothing\" is a converter that converts nothing, "
           "GIO's and the loop's own cost a call.\n\n"
           "| text | chunk | ours | GCharsetConverter | ours / GCharset (time) | nothing | ours - nothing |\n"
           "|---|---:|---:|---:|---:|---:|---:|\n");
  for (guint i = 0; i < n_rows; i++)
    {
      guint t = i / G_N_ELEMENTS (pieces);
      gsize piece = pieces[i % G_N_ELEMENTS (pieces)], calls = 0;
      double ns[N_CONVERTERS];

      for (gsize pos = 0; pos < text_len[t]; calls++)
        {
          gsize end = MIN (pos + piece, text_len[t]);

          while (end < text_len[t] && (text[t][end] & 0xC0) == 0x80)
            end--;
          pos = end;
        }
      /* rate = bytes / time, so time per call = bytes / rate / calls. */
      for (guint c = 0; c < N_CONVERTERS; c++)
        ns[c] = text_len[t] / rates[N_CONVERTERS * i + c] / calls;
      g_print ("| %s | %" G_GSIZE_FORMAT " | %.1f (%.3f) | %.1f (%.3f) | %.2f | %.1f | %.1f |\n", texts[t], piece,
               ns[OURS], rates[N_CONVERTERS * i + OURS], ns[THEIRS], rates[N_CONVERTERS * i + THEIRS],
               ns[OURS] / ns[THEIRS], ns[NOTHING], ns[OURS] - ns[NOTHING]);
    }
  g_print ("\n");
  for (guint t = 0; t < G_N_ELEMENTS (texts); t++)
    g_free (text[t]);
  for (guint c = 0; c < N_CONVERTERS; c++)
    g_object_unref (converters[c]);
  g_free (rates);
  g_free (jobs);
}

/* --- main --- */

int
main (int    argc,
      char **argv)
{
  guint reps = 15, min_mib = 8;
  gboolean check_only = FALSE, calls_only = FALSE;
  g_autofree char *dir = NULL;
  GOptionEntry entries[] = {
    { "reps", 'r', 0, G_OPTION_ARG_INT, &reps, "Repetitions per measurement (median taken)", "N" },
    { "min-mib", 'm', 0, G_OPTION_ARG_INT, &min_mib, "Size of each dirty corpus, in MiB (0: 256 KiB, four chunks)", "MIB" },
    { "check", 0, 0, G_OPTION_ARG_NONE, &check_only, "Only check the outputs; exit 1 on a difference", NULL },
    { "calls", 0, 0, G_OPTION_ARG_NONE, &calls_only, "Only time small g_converter_convert() calls (no dirty corpora)", NULL },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(GOptionContext) ctx = g_option_context_new ("[CORPUS_DIR] - gutf8conv on malformed input");
  g_autoptr(GError) error = NULL;
  const GUtf8ConvKernel **kernels = gutf8conv_kernel_available ();
  const GUtf8ConvKernel *best = gutf8conv_kernel_default ();
  guint n_kernels = 0;
  gsize min_len, scratch_len = 0, bad_ucs4_len, clean_ucs4_len;
  Dirty dirty[N_DIRTY];
  g_autofree guint8 *bad_ucs4 = NULL, *clean_ucs4 = NULL;
  char *sha[N_DIRTY];
  Utf16Inputs u16;

  setlocale (LC_ALL, "");
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  dir = g_strdup (argc > 1 ? argv[1] : GUTF8CONV_BENCH_CORPUS);
  reps = MAX (reps, 1);
  min_len = min_mib > 0 ? (gsize) min_mib << 20 : 256 * 1024;
  while (kernels[n_kernels] != NULL && n_kernels < MAX_KERNELS)
    n_kernels++;

  if (calls_only)
    {
      window = g_malloc (WINDOW);
      bench_prefault (window, WINDOW);
      g_print ("gutf8conv-bench-dirty: texts from %s; median of %u; thread CPU time; kernel in use: %s\n\n",
               dir, reps, best->name);
      small_chunk_table (dir, min_len, reps);
      g_clear_pointer (&window, g_free);
      return 0;
    }

  dfa_init ();
  make_dirty (dirty, dir, min_len);
  bad_ucs4 = make_bad_ucs4 (dir, min_len, &bad_ucs4_len, &clean_ucs4, &clean_ucs4_len);
  for (guint d = 0; d < N_DIRTY; d++)
    scratch_len = MAX (scratch_len, 4 * dirty[d].len + 64);
  scratch_len = MAX (scratch_len, bad_ucs4_len + 64);
  whole_out = g_malloc (scratch_len);
  window = g_malloc (WINDOW);
  bench_prefault (whole_out, scratch_len);
  bench_prefault (window, WINDOW);

  /* The checks: the DFA against every kernel, decoding and repairing with
   * REPLACE; the reference encoder against every kernel on bad units;
   * LATIN1 against iconv()'s ISO-8859-1 on the Latin-1 text. */
  for (guint d = 0; d < N_DIRTY; d++)
    {
      gsize n;
      g_autofree char *what = NULL;

      bench_prefault (dirty[d].data, dirty[d].len);
      n = dfa_decode (dirty[d].data, dirty[d].len, whole_out, &dirty[d].n_bad);
      sha[d] = g_compute_checksum_for_data (G_CHECKSUM_SHA256, whole_out, n);
      what = g_strdup_printf ("%s, decode REPLACE", dirty[d].name);
      check_kernels (what, kernels, GUTF8CONV_DIRECTION_UTF8_TO_UCS4, GUTF8CONV_ERROR_MODE_REPLACE,
                     dirty[d].data, dirty[d].len, whole_out, n);
      n = dfa_repair (dirty[d].data, dirty[d].len, whole_out);
      g_free (what);
      what = g_strdup_printf ("%s, UTF-8 to UTF-8 REPLACE", dirty[d].name);
      check_kernels (what, kernels, GUTF8CONV_DIRECTION_UTF8_TO_UTF8, GUTF8CONV_ERROR_MODE_REPLACE,
                     dirty[d].data, dirty[d].len, whole_out, n);
    }
  {
    gsize n = ref_encode (bad_ucs4, bad_ucs4_len, whole_out);

    check_kernels ("bad units 1/100, encode REPLACE", kernels, GUTF8CONV_DIRECTION_UCS4_TO_UTF8,
                   GUTF8CONV_ERROR_MODE_REPLACE, bad_ucs4, bad_ucs4_len, whole_out, n);
  }
  {
    iconv_t cd = iconv_open ("UCS-4LE", "ISO-8859-1");
    char *ip = (char *) dirty[D_LATIN1].data, *op = (char *) whole_out;
    size_t il = dirty[D_LATIN1].len, ol = scratch_len;

    if (iconv (cd, &ip, &il, &op, &ol) == (size_t) -1)
      g_error ("iconv: %s", g_strerror (errno));
    iconv_close (cd);
    check_kernels ("latin1-french, LATIN1 against iconv ISO-8859-1", kernels,
                   GUTF8CONV_DIRECTION_UTF8_TO_UCS4, GUTF8CONV_ERROR_MODE_LATIN1,
                   dirty[D_LATIN1].data, dirty[D_LATIN1].len, whole_out, op - (char *) whole_out);
  }
  utf16_inputs (&u16, dir, min_len);
  utf16_check (&u16, dirty, kernels);
  if (n_mismatch > 0)
    g_printerr ("gutf8conv-bench-dirty: %u outputs differ\n", n_mismatch);
  else
    g_print ("gutf8conv-bench-dirty: %u dirty corpora of >= %" G_GSIZE_FORMAT " bytes: the DFA and "
             "every kernel (%u) agree, decoding to UCS-4 and UTF-16 and UTF-8 to UTF-8 with REPLACE; "
             "encoding UCS-4 and UTF-16 with bad units and LATIN1 against iconv agree too\n", N_DIRTY, min_len, n_kernels);
  if (n_mismatch > 0 || check_only)
    {
      /* Freed, so that the check runs clean under LeakSanitizer. */
      for (guint d = 0; d < N_DIRTY; d++)
        {
          g_free (dirty[d].data);
          g_free (sha[d]);
        }
      g_free (u16.clean);
      g_free (u16.clean16);
      g_free (u16.bad16);
      g_clear_pointer (&whole_out, g_free);
      g_clear_pointer (&window, g_free);
      return n_mismatch > 0 ? 1 : 0;
    }

  g_print ("\ngutf8conv-bench-dirty: corpora from %s, %u MiB each; median of %u; thread CPU time; "
           "GB/s of input; kernel in use: %s\n\n", dir, min_mib, reps, best->name);

  /* Decoding with REPLACE: each kernel, the DFA; Python apart. */
  {
    guint per = n_kernels + 1;
    g_autofree double *rates = kernels_and_ref (dirty, kernels, n_kernels, GUTF8CONV_DIRECTION_UTF8_TO_UCS4,
                                                "DFA", run_dfa, reps);
    g_autofree char *rest = g_strdup_printf (" DFA | Python replace | %s / DFA |", best->name);
    double py[N_DIRTY];
    gboolean py_agrees[N_DIRTY];

    for (guint d = 0; d < N_DIRTY; d++)
      py[d] = python_decode (dirty[d].data, dirty[d].len, reps, sha[d], &py_agrees[d]);

    g_print ("### Decoding with REPLACE, UTF-8 to UCS-4LE, 64 KiB chunks\n\n");
    print_header ("corpus | MiB | malformed / KiB", kernels, n_kernels, rest);
    for (guint d = 0; d < N_DIRTY; d++)
      {
        double *r = rates + d * per;

        g_print ("| %s | %.1f | %.1f |", dirty[d].name, dirty[d].len / 1048576.0,
                 dirty[d].n_bad * 1024.0 / dirty[d].len);
        for (guint k = 0; k < per; k++)
          g_print (" %.3f |", r[k]);
        if (py[d] > 0)
          g_print (" %.3f%s |", py[d], py_agrees[d] ? "" : " (output differs)");
        else
          g_print (" - |");
        for (guint k = 0; k < n_kernels; k++)
          if (kernels[k] == best)
            g_print (" %.2f |\n", r[k] / r[n_kernels]);
      }
    g_print ("\n");
    for (guint d = 0; d < N_DIRTY; d++)
      if (py[d] > 0 && !py_agrees[d])
        n_mismatch++;
  }

  /* UTF-8 to UTF-8 with REPLACE against g_utf8_make_valid(). */
  {
    guint per = n_kernels + 1;
    g_autofree double *rates = kernels_and_ref (dirty, kernels, n_kernels, GUTF8CONV_DIRECTION_UTF8_TO_UTF8,
                                                "g_utf8_make_valid", run_make_valid, reps);
    g_autofree char *rest = g_strdup_printf (" g_utf8_make_valid | %s / make_valid |", best->name);

    g_print ("### UTF-8 to UTF-8 with REPLACE, 64 KiB chunks, against g_utf8_make_valid() (64 KiB pieces)\n\n");
    print_header ("corpus", kernels, n_kernels, rest);
    for (guint d = 0; d < N_DIRTY; d++)
      {
        double *r = rates + d * per;

        g_print ("| %s |", dirty[d].name);
        for (guint k = 0; k < per; k++)
          g_print (" %.3f |", r[k]);
        for (guint k = 0; k < n_kernels; k++)
          if (kernels[k] == best)
            g_print (" %.2f |\n", r[k] / r[n_kernels]);
      }
    g_print ("\n");
  }

  /* What one malformed sequence costs: mixed.txt clean against the same
   * bytes damaged (same length), each kernel decoding to UCS-4 (and the
   * DFA), repairing and decoding to UTF-16, REPLACE. */
  {
    static const guint damaged[2] = { D_MIXED_100, D_MIXED_10000 };
    static const struct
    {
      const char         *label;
      GUtf8ConvDirection  direction;
    } ways[] = {
      { "to UCS-4", GUTF8CONV_DIRECTION_UTF8_TO_UCS4 },
      { "repair", GUTF8CONV_DIRECTION_UTF8_TO_UTF8 },
      { "to UTF-16", GUTF8CONV_DIRECTION_UTF8_TO_UTF16 },
    };
    g_autofree guint8 *file = NULL, *clean = NULL;
    gsize file_len, clean_len;
    /* A row: a kernel one way, or the DFA (to UCS-4 only). */
    guint n_rows = G_N_ELEMENTS (ways) * n_kernels + 1;
    g_autofree Job *jobs = g_new0 (Job, 3 * n_rows);
    g_autofree double *rates = NULL;

    file = read_text (dir, "mixed.txt", &file_len);
    clean = repeat_to (file, file_len, min_len, &clean_len);
    g_assert (clean_len == dirty[D_MIXED_100].len && clean_len == dirty[D_MIXED_10000].len);
    bench_prefault (clean, clean_len);
    for (guint i = 0; i < 3; i++)
      {
        const guint8 *in = i == 0 ? clean : dirty[damaged[i - 1]].data;

        for (guint w = 0; w < G_N_ELEMENTS (ways); w++)
          for (guint k = 0; k < n_kernels; k++)
            jobs[i * n_rows + w * n_kernels + k] = ours_job (kernels[k], ways[w].direction,
                                                             GUTF8CONV_ERROR_MODE_REPLACE, in, clean_len);
        jobs[i * n_rows + n_rows - 1] = (Job) { .label = "DFA", .run = run_dfa, .in = in, .len = clean_len };
      }
    rates = measure (jobs, 3 * n_rows, reps);
    /* At 1 in 10 000 the difference from clean text is within the noise
     * of a shared machine: only the ratio is shown. */
    g_print ("### What one malformed sequence costs, with REPLACE, 64 KiB chunks\n\n"
             "mixed.txt clean and with 1 byte in 100 or 10 000 replaced (same length; %.1f and %.2f "
             "malformed per KiB), decoded to UCS-4LE, repaired (UTF-8 to UTF-8) and decoded to UTF-16LE: "
             "GB/s, 1/100 as a ratio to clean, the time the 1/100 text takes beyond the clean one per "
             "malformed sequence, and 1/10000 as a ratio to clean.\n\n"
             "| decoder | clean | 1/100 | x clean | ns per malformed | 1/10000 | x clean |\n"
             "|---|---:|---:|---:|---:|---:|---:|\n",
             dirty[D_MIXED_100].n_bad * 1024.0 / clean_len, dirty[D_MIXED_10000].n_bad * 1024.0 / clean_len);
    for (guint r = 0; r < n_rows; r++)
      {
        double r0 = rates[r], r1 = rates[n_rows + r], r2 = rates[2 * n_rows + r];
        g_autofree char *label = r == n_rows - 1 ? g_strdup ("DFA, to UCS-4")
                                                 : g_strdup_printf ("%s, %s", jobs[r].label, ways[r / n_kernels].label);

        /* GB/s is bytes per ns. */
        g_print ("| %s | %.3f | %.3f | %.2f | %.1f | %.3f | %.2f |\n", label, r0, r1, r1 / r0,
                 (clean_len / r1 - clean_len / r0) / dirty[D_MIXED_100].n_bad, r2, r2 / r0);
      }
    g_print ("\n");
  }

  /* The other modes where they belong, and encoding with bad units. */
  {
    static const struct
    {
      const char         *label;
      guint               corpus;   /* N_DIRTY: the bad units, encoding */
      GUtf8ConvErrorMode  mode;
    } rows[] = {
      { "latin1-french, LATIN1", D_LATIN1, GUTF8CONV_ERROR_MODE_LATIN1 },
      { "cp1252-french, CP1252", D_CP1252, GUTF8CONV_ERROR_MODE_CP1252 },
      { "random, SKIP", D_RANDOM, GUTF8CONV_ERROR_MODE_SKIP },
      { "random, ESCAPE", D_RANDOM, GUTF8CONV_ERROR_MODE_ESCAPE },
      { "random, LATIN1", D_RANDOM, GUTF8CONV_ERROR_MODE_LATIN1 },
      { "random, CP1252", D_RANDOM, GUTF8CONV_ERROR_MODE_CP1252 },
      { "binary, ESCAPE", D_BINARY, GUTF8CONV_ERROR_MODE_ESCAPE },
      { "binary, LATIN1", D_BINARY, GUTF8CONV_ERROR_MODE_LATIN1 },
      { "binary, CP1252", D_BINARY, GUTF8CONV_ERROR_MODE_CP1252 },
      { "binary, SKIP", D_BINARY, GUTF8CONV_ERROR_MODE_SKIP },
      { "elf, SKIP", D_ELF, GUTF8CONV_ERROR_MODE_SKIP },
      { "elf, CP1252", D_ELF, GUTF8CONV_ERROR_MODE_CP1252 },
      { "encode UCS-4LE, 1 bad unit / 100, REPLACE", N_DIRTY, GUTF8CONV_ERROR_MODE_REPLACE },
      { "encode UCS-4LE, clean, STRICT", N_DIRTY + 1, GUTF8CONV_ERROR_MODE_STRICT },
    };
    guint n_rows = G_N_ELEMENTS (rows), per = n_kernels;
    Job *jobs = g_new0 (Job, n_rows * per + 1);
    double *rates;

    for (guint i = 0; i < n_rows; i++)
      for (guint k = 0; k < n_kernels; k++)
        {
          gboolean enc = rows[i].corpus >= N_DIRTY;

          jobs[i * per + k] = ours_job (kernels[k], enc ? GUTF8CONV_DIRECTION_UCS4_TO_UTF8 : GUTF8CONV_DIRECTION_UTF8_TO_UCS4, rows[i].mode,
                                        enc ? (rows[i].corpus == N_DIRTY ? bad_ucs4 : clean_ucs4) : dirty[rows[i].corpus].data,
                                        enc ? (rows[i].corpus == N_DIRTY ? bad_ucs4_len : clean_ucs4_len) : dirty[rows[i].corpus].len);
        }
    jobs[n_rows * per] = (Job) { .label = "iconv", .run = run_iconv_latin1, .in = dirty[D_LATIN1].data, .len = dirty[D_LATIN1].len };
    bench_prefault (bad_ucs4, bad_ucs4_len);
    bench_prefault (clean_ucs4, clean_ucs4_len);
    rates = measure (jobs, n_rows * per + 1, reps);
    g_print ("### Other error modes, and encoding with bad units, 64 KiB chunks\n\n");
    print_header ("input, mode", kernels, n_kernels, "");
    for (guint i = 0; i < n_rows; i++)
      {
        g_print ("| %s |", rows[i].label);
        for (guint k = 0; k < n_kernels; k++)
          g_print (" %.3f |", rates[i * per + k]);
        g_print ("\n");
      }
    g_print ("\nglibc iconv() reading latin1-french as ISO-8859-1 into UCS-4LE, 64 KiB pieces: %.3f GB/s\n\n",
             rates[n_rows * per]);
    g_free (rates);
    g_free (jobs);
  }

  utf16_table (&u16, dirty, kernels, n_kernels, reps);

  small_chunk_table (dir, min_len, reps);

  for (guint d = 0; d < N_DIRTY; d++)
    {
      g_print ("- %s: %s\n", dirty[d].name, dirty[d].what);
      g_free (dirty[d].data);
      g_free (sha[d]);
    }
  g_free (u16.clean);
  g_free (u16.clean16);
  g_free (u16.bad16);
  if (n_mismatch > 0)
    {
      g_printerr ("gutf8conv-bench-dirty: Python's output differs from the DFA's\n");
      return 1;
    }
  return 0;
}
