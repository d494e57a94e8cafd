/* test-memory.c: a converter allocates nothing while it converts
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Behaviour guide, #behaviour-memory.  This program's malloc(), calloc()
 * and realloc() count the calls made while counting is on and hand them
 * to glibc's; every direction, error mode that gets past malformed input,
 * and profile then converts a stream of clean and malformed text in
 * chunks of 1, 5 and 4093 bytes through g_converter_convert(), after a
 * first stream that did whatever happens once per process.  Not one
 * allocation may happen.  Needs glibc and malloc() of its own, which
 * a sanitizer or valgrind takes (the test skips then).
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "test-util.h"

#if defined(__has_feature)
# if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
     __has_feature(memory_sanitizer)
#  define SANITIZER_OWNS_MALLOC 1
# endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
# define SANITIZER_OWNS_MALLOC 1
#endif

#if defined(__GLIBC__) && !defined(SANITIZER_OWNS_MALLOC)
# define COUNTING_MALLOC 1

static int counting;
static int n_allocs;

extern void *__libc_malloc (size_t size);
extern void *__libc_calloc (size_t n, size_t size);
extern void *__libc_realloc (void *p, size_t size);

/* Interposed for the whole process: the executable's definitions come
 * before libc's. */
void *malloc (size_t size);
void *calloc (size_t n, size_t size);
void *realloc (void *p, size_t size);

void *
malloc (size_t size)
{
  if (__atomic_load_n (&counting, __ATOMIC_RELAXED))
    __atomic_fetch_add (&n_allocs, 1, __ATOMIC_RELAXED);
  return __libc_malloc (size);
}

void *
calloc (size_t n,
        size_t size)
{
  if (__atomic_load_n (&counting, __ATOMIC_RELAXED))
    __atomic_fetch_add (&n_allocs, 1, __ATOMIC_RELAXED);
  return __libc_calloc (n, size);
}

void *
realloc (void   *p,
         size_t  size)
{
  if (__atomic_load_n (&counting, __ATOMIC_RELAXED))
    __atomic_fetch_add (&n_allocs, 1, __ATOMIC_RELAXED);
  return __libc_realloc (p, size);
}

/* The streams below are for the counting build only. */

/* Text of one, two and three UTF-8 bytes, a run of ASCII long enough for
 * the kernels, a four-byte form if @four (CESU-8 and modified UTF-8
 * refuse them) and malformed UTF-8 of each kind if @bad, repeated to @len
 * bytes. */
static GByteArray *
utf8_stream (gsize    len,
             gboolean four,
             gboolean bad)
{
  static const char smiley[] = "\xF0\x9F\x98\x80";
  static const char clean[] = "A\xC3\xA9\xE2\x82\xAC "
                              "the quick brown fox jumps over the lazy dog ";
  static const char dirty[] = "\x80" "\xE2\x82" "\xED\xA0\x80" "\xF0\x9F\x98" "\xC0\xAF";
  GByteArray *a = g_byte_array_new ();

  while (a->len < len)
    {
      g_byte_array_append (a, (const guint8 *) clean, sizeof clean - 1);
      if (four)
        g_byte_array_append (a, (const guint8 *) smiley, sizeof smiley - 1);
      if (bad)
        g_byte_array_append (a, (const guint8 *) dirty, sizeof dirty - 1);
    }
  return a;
}

/* The same text as big-endian UCS-4 or UTF-16 units, with (when @bad) a
 * lone U+DCE9 after each repeat: malformed in the Unicode profile, a byte
 * for ESCAPE. */
static GByteArray *
unit_stream (gsize    len,
             gboolean utf16,
             gboolean bad)
{
  g_autoptr(GByteArray) text = utf8_stream (len / 4, bad, FALSE);
  GByteArray *a = g_byte_array_new ();
  const char *p = (const char *) text->data;
  const char *end = p + text->len;
  guint n = 0;

  for (; p < end; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      gunichar units[3] = { c, 0, 0 };
      guint n_units = 1;

      if (utf16 && c > 0xFFFF)
        {
          units[0] = 0xD800 + ((c - 0x10000) >> 10);
          units[1] = 0xDC00 + ((c - 0x10000) & 0x3FF);
          n_units = 2;
        }
      if (bad && ++n % 50 == 0)
        units[n_units++] = 0xDCE9;
      for (guint u = 0; u < n_units; u++)
        {
          guint8 be[4] = { units[u] >> 24, units[u] >> 16, units[u] >> 8, units[u] };

          g_byte_array_append (a, utf16 ? be + 2 : be, utf16 ? 2 : 4);
        }
    }
  return a;
}

/* Converts @in in chunks of @chunk bytes into a 64-byte buffer, to the
 * end; fails on any error. */
static void
convert_stream (GConverter *conv,
                GByteArray *in,
                gsize       chunk)
{
  guint8 out[64];
  gsize pos = 0;
  GConverterResult r;

  do
    {
      gsize n = MIN (chunk, in->len - pos);
      GConverterFlags flags = pos + n == in->len ? G_CONVERTER_INPUT_AT_END : G_CONVERTER_NO_FLAGS;
      gsize read = 0, written = 0;
      GError *error = NULL;

      r = g_converter_convert (conv, in->data + pos, n, out, sizeof out, flags,
                               &read, &written, &error);
      g_assert_no_error (error);
      pos += read;
    }
  while (r != G_CONVERTER_FINISHED);
  g_assert_cmpuint (pos, ==, in->len);
}
#endif

static void
test_no_allocation (void)
{
#ifdef COUNTING_MALLOC
  static const GUtf8ConvDirection directions[] = {
    GUTF8CONV_DIRECTION_UTF8_TO_UCS4, GUTF8CONV_DIRECTION_UCS4_TO_UTF8,
    GUTF8CONV_DIRECTION_UTF8_TO_UTF8, GUTF8CONV_DIRECTION_UTF8_TO_UTF16,
    GUTF8CONV_DIRECTION_UTF16_TO_UTF8,
  };
  static const gsize chunks[] = { 1, 5, 4093 };
  const gsize len = 16 * 1024;

  /* The counting sees GLib's allocations, unless a tool such as valgrind
   * took malloc() for its own. */
  __atomic_store_n (&n_allocs, 0, __ATOMIC_RELAXED);
  __atomic_store_n (&counting, 1, __ATOMIC_RELAXED);
  g_free (g_strdup ("seen"));
  __atomic_store_n (&counting, 0, __ATOMIC_RELAXED);
  if (n_allocs == 0)
    {
      g_test_skip ("malloc() is not this program's (valgrind?)");
      return;
    }
  g_assert_cmpint (n_allocs, ==, 1);

  for (guint d = 0; d < G_N_ELEMENTS (directions); d++)
    for (guint e = 0; e < G_N_ELEMENTS (tu_error_modes); e++)
      for (guint p = 0; p < G_N_ELEMENTS (tu_profiles); p++)
        {
          GUtf8ConvDirection dir = directions[d];
          GUtf8ConvErrorMode mode = tu_error_modes[e];
          gboolean encode = dir == GUTF8CONV_DIRECTION_UCS4_TO_UTF8 ||
                            dir == GUTF8CONV_DIRECTION_UTF16_TO_UTF8;
          /* STRICT stops at the first malformed sequence, with a GError;
           * ESCAPE does too in UTF-8 to UTF-8. */
          gboolean bad = mode != GUTF8CONV_ERROR_MODE_STRICT &&
                         !(mode == GUTF8CONV_ERROR_MODE_ESCAPE && dir == GUTF8CONV_DIRECTION_UTF8_TO_UTF8);
          g_autoptr(GByteArray) in =
            encode ? unit_stream (len, dir == GUTF8CONV_DIRECTION_UTF16_TO_UTF8, bad)
                   : utf8_stream (len, bad, bad);
          g_autoptr(GUtf8ConvConverter) conv =
            gutf8conv_converter_new_full (dir, GUTF8CONV_BYTE_ORDER_BIG_ENDIAN, GUTF8CONV_BOM_INSERT,
                                          mode, tu_profiles[p]);

          /* Whatever happens once per process or converter, first. */
          convert_stream (G_CONVERTER (conv), in, in->len);
          g_converter_reset (G_CONVERTER (conv));

          for (guint c = 0; c < G_N_ELEMENTS (chunks); c++)
            {
              __atomic_store_n (&n_allocs, 0, __ATOMIC_RELAXED);
              __atomic_store_n (&counting, 1, __ATOMIC_RELAXED);
              convert_stream (G_CONVERTER (conv), in, chunks[c]);
              g_converter_reset (G_CONVERTER (conv));
              __atomic_store_n (&counting, 0, __ATOMIC_RELAXED);
              if (n_allocs != 0)
                g_test_message ("direction %d, error mode %d, profile %d, chunks of %" G_GSIZE_FORMAT
                                ": %d allocations", dir, mode, tu_profiles[p], chunks[c], n_allocs);
              g_assert_cmpint (n_allocs, ==, 0);
            }
        }
#else
  g_test_skip ("needs glibc's malloc, not a sanitizer's");
#endif
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/memory/no-allocation", test_no_allocation);

  return g_test_run ();
}
