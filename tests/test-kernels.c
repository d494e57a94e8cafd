/* test-kernels.c: every kernel this CPU runs, against the scalar kernel
 * (behaviour guide, #kernels)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The kernel functions (the UTF-16 ones too) are called directly on
 * random valid and nearly-valid buffers of every length from 0 to 200
 * bytes, at every alignment, with output buffers from empty to roomy.  Each call must do
 * exactly what the scalar kernel does (same bytes, same stopping point),
 * what it did must agree with GLib's own UTF-8 functions, and it must not
 * write a byte past the output it was given (nor, with buffers against
 * pages mapped with no access, read or write past either buffer, where
 * no ASan watches: under qemu).  Each call takes one of the
 * flag combinations the profiles use, and the limits of each profile are
 * checked against the codec's own state machine for every short sequence
 * and every value.
 */

#include "config.h"

#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#if defined (__powerpc64__)
#include <sys/auxv.h>
#endif

#include <gutf8conv/gutf8conv.h>

#include "gutf8conv-codec.h"
#include "gutf8conv-kernel.h"
#include "test-util.h"
#include "test-cases.h"

#define MAX_LEN 200
#define ROUNDS 100
#define CANARY 0xA5

static const guint32 edge_values[] = {
  0x00, 0x01, 0x7F, 0x80, 0xFF, 0x100, 0x7FF, 0x800, 0xFFF, 0x1000, 0xD7FF, 0xE000,
  0xFEFF, 0xFFFD, 0xFFFE, 0xFFFF, 0x10000, 0x1F600, 0xFFFFF, 0x100000, 0x10FFFF,
};

static guint32
random_char (void)
{
  switch (g_test_rand_int_range (0, 8))
    {
    case 0:
    case 1:
      return g_test_rand_int_range (0, 0x80);
    case 2:
      return g_test_rand_int_range (0x80, 0x800);
    case 3:
      return g_test_rand_int_range (0x800, 0xD800);
    case 4:
      return g_test_rand_int_range (0xE000, 0x10000);
    case 5:
      return g_test_rand_int_range (0x10000, 0x110000);
    case 6:
      return edge_values[g_test_rand_int_range (0, G_N_ELEMENTS (edge_values))];
    default:
      /* Runs of ASCII long enough for the wide paths. */
      return g_test_rand_int_range (0x20, 0x7F);
    }
}

/* @len bytes of UTF-8 text of one of a few flavours, perhaps damaged. */
static void
random_utf8 (guint8 *buf,
             gsize   len)
{
  gsize n = 0;
  guint flavour = g_test_rand_int_range (0, 5);

  while (n < len)
    {
      char tmp[6];
      guint32 c = flavour == 0 ? (guint32) g_test_rand_int_range (0, 0x80) : random_char ();
      gint k;

      if (flavour == 1 && c >= 0x80)
        c = 0x400 + c % 0x100;   /* mostly two-byte text */
      else if (flavour == 4)
        {
          /* Three-byte text, now and then a four-byte character (which
           * may end inside a block of three-byte ones). */
          c = g_test_rand_int_range (0, 12) == 0 ? (guint32) g_test_rand_int_range (0x10000, 0x110000)
                                                  : (guint32) g_test_rand_int_range (0x4E00, 0xA000);
        }
      k = g_unichar_to_utf8 (c, tmp);
      memcpy (buf + n, tmp, MIN ((gsize) k, len - n));   /* the last one may be cut */
      n += k;
    }

  /* Damage: a byte that never occurs, an overlong or surrogate lead pair,
   * a stray continuation, a truncation, or a random byte. */
  for (gint d = g_test_rand_int_range (0, 3) - 1; d > 0 && len > 0; d--)
    {
      gsize at = g_test_rand_int_range (0, len);
      static const guint8 bad[][2] = {
        { 0xC0, 0x80 }, { 0xC1, 0xBF }, { 0xE0, 0x80 }, { 0xED, 0xA0 }, { 0xF0, 0x8F },
        { 0xF4, 0x90 }, { 0xF5, 0x80 }, { 0xF8, 0x88 }, { 0xFF, 0xFE }, { 0x80, 0x80 },
        { 0xE4, 0x41 }, { 0xF0, 0x9F },
        /* The other end of each range, for the table-driven validators. */
        { 0xC1, 0x80 }, { 0xE0, 0x9F }, { 0xED, 0xBF }, { 0xF0, 0x80 }, { 0xF4, 0xBF },
        { 0xF5, 0xBF }, { 0xFF, 0x80 },
      };

      switch (g_test_rand_int_range (0, 4))
        {
        case 3:
          {
            /* A whole ill-formed sequence, continuation bytes and all, so
             * that only the lead's range check can reject it. */
            static const guint8 whole[][4] = {
              { 0xC0, 0xAF }, { 0xC1, 0xBF }, { 0xE0, 0x80, 0xAF }, { 0xE0, 0x9F, 0xBF },
              { 0xED, 0xA0, 0x80 }, { 0xED, 0xBF, 0xBF }, { 0xF0, 0x80, 0x80, 0xAF },
              { 0xF0, 0x8F, 0xBF, 0xBF }, { 0xF4, 0x90, 0x80, 0x80 }, { 0xF4, 0xBF, 0xBF, 0xBF },
              { 0xF5, 0x80, 0x80, 0x80 }, { 0xF7, 0xBF, 0xBF, 0xBF },
            };
            guint i = g_test_rand_int_range (0, G_N_ELEMENTS (whole));

            for (guint j = 0; j < 4 && whole[i][j] != 0 && at + j < len; j++)
              buf[at + j] = whole[i][j];
          }
          break;
        case 0:
          {
            guint i = g_test_rand_int_range (0, G_N_ELEMENTS (bad));

            buf[at] = bad[i][0];
            if (at + 1 < len)
              buf[at + 1] = bad[i][1];
          }
          break;
        case 1:
          buf[at] = g_test_rand_int_range (0x80, 0x100);
          break;
        default:
          buf[at] = g_test_rand_int_range (0, 0x100);
          break;
        }
    }
}

static void
random_ucs4 (guint8   *buf,
             gsize     len,
             gboolean  big_endian)
{
  static const guint32 bad[] = {
    0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0x110000, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0xDC80,
  };
  /* ASCII, below U+0800 (one and two bytes: the kernels' paths for
   * such text), mostly three-byte units of the BMP (the ssse3 kernel's
   * paths), all two-byte, all three-byte (runs long enough for the neon
   * kernel's paths of one length), or anything. */
  guint flavour = g_test_rand_int_range (0, 7);
  gboolean damage = g_test_rand_int_range (0, 3) == 0;

  for (gsize n = 0; n < len; n += 4)
    {
      guint32 c = flavour <= 1 ? (guint32) g_test_rand_int_range (0, 0x80) : random_char ();
      guint8 tmp[4];

      if (flavour == 1 && g_test_rand_bit ())
        c = g_test_rand_bit () ? (guint32) g_test_rand_int_range (0x80, 0x800) : 0x7FF;
      else if (flavour == 2)
        {
          /* Mostly three-byte units, now and then anything in the BMP. */
          if (g_test_rand_int_range (0, 16) != 0)
            c = g_test_rand_int_range (0x800, 0xD800);
          else if (c >= 0x10000)
            c = 0xE000 + c % 0x2000;
        }
      else if (flavour == 3)
        c = 0x80 + c % 0x780;
      else if (flavour == 4)
        c = 0x800 + c % 0xD000;

      if (damage && g_test_rand_int_range (0, 40) == 0)
        c = bad[g_test_rand_int_range (0, G_N_ELEMENTS (bad))];
      c = big_endian ? GUINT32_TO_BE (c) : GUINT32_TO_LE (c);
      memcpy (tmp, &c, 4);
      memcpy (buf + n, tmp, MIN (4, len - n));
    }
}

/* UTF-16 of random characters in the order @big_endian says, now and
 * then a lone surrogate, cut anywhere (an odd length too).  Flavours for
 * the wide kernels' paths: anything, BMP only, ASCII with U+0000 now and
 * then, below U+0800, mostly three-byte units, mostly pairs. */
static void
random_utf16 (guint8   *buf,
              gsize     len,
              gboolean  big_endian)
{
  gboolean damage = g_test_rand_int_range (0, 3) == 0;
  guint flavour = g_test_rand_int_range (0, 6);
  gsize n = 0;

  while (n < len)
    {
      guint32 c = random_char ();
      guint16 units[2];
      guint k = 0;

      if (flavour == 1 && c >= 0x10000)
        c = 0x4E00 + c % 0x5000;
      else if (flavour == 2)
        c = g_test_rand_int_range (0, 64) == 0 ? 0 : (guint32) g_test_rand_int_range (1, 0x80);
      else if (flavour == 3 && g_test_rand_bit ())
        c = g_test_rand_int_range (0x80, 0x800);
      else if (flavour == 4 && g_test_rand_int_range (0, 8) != 0)
        c = g_test_rand_int_range (0x800, 0xD800);
      else if (flavour == 5 && g_test_rand_int_range (0, 4) != 0)
        c = g_test_rand_bit () ? 0x1F600 + c % 0x50 : (guint32) g_test_rand_int_range (0x10000, 0x110000);
      if (damage && g_test_rand_int_range (0, 30) == 0)
        c = g_test_rand_int_range (0xD800, 0xE000);
      if (c >= 0x10000)
        {
          units[k++] = 0xD800 + ((c - 0x10000) >> 10);
          c = 0xDC00 + ((c - 0x10000) & 0x3FF);
        }
      units[k++] = c;
      for (guint i = 0; i < k; i++)
        {
          guint8 b[2] = { units[i] >> 8, units[i] & 0xFF };

          if (!big_endian)
            b[0] = units[i] & 0xFF, b[1] = units[i] >> 8;
          memcpy (buf + n, b, MIN (2, len - n));
          n += MIN (2, len - n);
        }
    }
}

static gsize
random_out_len (gsize need)
{
  switch (g_test_rand_int_range (0, 5))
    {
    case 0:
      return g_test_rand_int_range (0, 9);
    case 1:
      return g_test_rand_int_range (0, need + 2);
    case 2:
      return need;
    default:
      return need + g_test_rand_int_range (0, 300);
    }
}

/* One of the kernel flag combinations a profile uses, either byte order. */
static guint
random_flags (gboolean decoding)
{
  static const guint limits[] = {
    0, GUTF8CONV_KERNEL_BMP_ONLY, GUTF8CONV_KERNEL_BMP_ONLY | GUTF8CONV_KERNEL_NO_NUL,
  };
  guint flags = limits[g_test_rand_int_range (0, decoding ? 2 : 3)];

  return flags | (g_test_rand_bit () ? GUTF8CONV_KERNEL_BIG_ENDIAN : 0);
}

static guint32
load_u32 (const guint8 *p,
          gboolean      big_endian)
{
  guint32 v;

  memcpy (&v, p, 4);
  return big_endian ? GUINT32_FROM_BE (v) : GUINT32_FROM_LE (v);
}

/* Runs @fn on in[0..len) with @out_len bytes of output and checks it
 * against the scalar kernel; returns what it read. */
typedef enum
{
  DECODE,
  ENCODE,
  COPY,
  DECODE16,   /* UTF-8 -> UTF-16 */
  ENCODE16,   /* UTF-16 -> UTF-8 */
  N_KINDS
} Kind;

static const char *const kind_names[] = { "decode", "encode", "copy", "decode16", "encode16" };

static GUtf8ConvDecodeFunc
kernel_fn (const GUtf8ConvKernel *kernel,
           Kind                   kind)
{
  GUtf8ConvDecodeFunc fns[] = { kernel->decode, kernel->encode, kernel->copy,
                                kernel->decode16, kernel->encode16 };

  return fns[kind];
}

static gboolean
utf8_in (Kind kind)
{
  return kind != ENCODE && kind != ENCODE16;
}

/* Random input for @kind: UTF-8, or UCS-4 or UTF-16 in the order @flags
 * give. */
static void
random_input (Kind kind, guint8 *buf, gsize len, guint flags)
{
  if (utf8_in (kind))
    random_utf8 (buf, len);
  else if (kind == ENCODE16)
    random_utf16 (buf, len, flags & GUTF8CONV_KERNEL_BIG_ENDIAN);
  else
    random_ucs4 (buf, len, flags & GUTF8CONV_KERNEL_BIG_ENDIAN);
}

/* Output room for all of @len input bytes of @kind. */
static gsize
full_out_len (Kind kind, gsize len)
{
  switch (kind)
    {
    case DECODE:
      return 4 * len;
    case DECODE16:
      return 2 * len;
    case COPY:
      return len;
    default:
      return len + len / 2;
    }
}

static guint32
load_u16 (const guint8 *p,
          gboolean      big_endian)
{
  return big_endian ? (guint32) (p[0] << 8 | p[1]) : (guint32) (p[1] << 8 | p[0]);
}

/* What a UTF-16 kernel did, checked by GLib's reckoning: decode16 read
 * valid UTF-8 and wrote its UTF-16, encode16 read whole units and pairs
 * and wrote their UTF-8; and what stopped it is a real reason. */
static void
check_utf16_call (Kind          kind,
                  const guint8 *in,
                  gsize         len,
                  gsize         used,
                  const guint8 *out,
                  gsize         out_len,
                  gsize         n,
                  guint         flags)
{
  gboolean big_endian = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;
  gboolean bmp_only = (flags & GUTF8CONV_KERNEL_BMP_ONLY) != 0;
  guint32 min_value = (flags & GUTF8CONV_KERNEL_NO_NUL) ? 1 : 0;

  if (kind == DECODE16)
    {
      const guint8 *q = in, *end = in + used;
      g_autoptr(GByteArray) expected = g_byte_array_new ();

      while (q < end)
        {
          gunichar c = *q == 0 ? 0 : g_utf8_get_char_validated ((const char *) q, end - q);
          guint16 u[2];
          guint k = 0;

          /* By hand: g_ucs4_to_utf16() stops at U+0000. */
          g_assert_cmpuint (c, <=, bmp_only ? 0xFFFF : 0x10FFFF);
          if (c >= 0x10000)
            {
              u[k++] = 0xD800 + ((c - 0x10000) >> 10);
              u[k++] = 0xDC00 + ((c - 0x10000) & 0x3FF);
            }
          else
            u[k++] = c;
          for (guint i = 0; i < k; i++)
            {
              guint8 b[2] = { u[i] >> 8, u[i] & 0xFF };

              if (!big_endian)
                b[0] = u[i] & 0xFF, b[1] = u[i] >> 8;
              g_byte_array_append (expected, b, 2);
            }
          q += *q == 0 ? 1 : g_utf8_skip[*q];
        }
      g_assert_true (q == end);
      g_assert_cmpmem (out, n, expected->data, expected->len);
      if (used < len && out_len - n >= 4)
        {
          gunichar c = g_utf8_get_char_validated ((const char *) in + used, len - used);

          g_assert_cmpuint (in[used], !=, 0);
          g_assert_true (c == (gunichar) -1 || c == (gunichar) -2 || (bmp_only && c > 0xFFFF));
        }
    }
  else
    {
      g_autoptr(GString) expected = g_string_new (NULL);

      g_assert_cmpuint (used % 2, ==, 0);
      for (gsize i = 0; i < used; i += 2)
        {
          guint32 c = load_u16 (in + i, big_endian);

          if (c >= 0xD800 && c <= 0xDBFF)
            {
              /* Only ever a whole pair. */
              g_assert_cmpuint (i + 4, <=, used);
              g_assert_false (bmp_only);
              c = 0x10000 + ((c - 0xD800) << 10) + (load_u16 (in + i + 2, big_endian) - 0xDC00);
              i += 2;
            }
          g_assert_true (c >= min_value && !(c >= 0xD800 && c <= 0xDFFF));
          g_string_append_unichar (expected, c);
        }
      g_assert_cmpmem (out, n, expected->str, expected->len);
      if (len - used >= 4 && out_len - n >= 4)
        {
          guint32 c = load_u16 (in + used, big_endian), next = load_u16 (in + used + 2, big_endian);
          gboolean pair = c >= 0xD800 && c <= 0xDBFF && next >= 0xDC00 && next <= 0xDFFF;

          g_assert_true (c < min_value || (pair && bmp_only) || (!pair && c >= 0xD800 && c <= 0xDFFF));
        }
    }
}

static gsize
check_call (const GUtf8ConvKernel *kernel,
            Kind                   kind,
            const guint8          *in,
            gsize                  len,
            gsize                  out_len,
            guint                  flags)
{
  gboolean big_endian = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;
  guint32 max_value = (flags & GUTF8CONV_KERNEL_BMP_ONLY) ? 0xFFFF : 0x10FFFF;
  guint32 min_value = (flags & GUTF8CONV_KERNEL_NO_NUL) ? 1 : 0;
  GUtf8ConvDecodeFunc fn = kernel_fn (kernel, kind), ref = kernel_fn (&gutf8conv_kernel_scalar, kind);
  guint8 *out = g_malloc (out_len + 64);
  guint8 *ref_out = g_malloc (out_len + 64);
  gsize used = G_MAXSIZE, ref_used = G_MAXSIZE, n, ref_n;

  memset (out, CANARY, out_len + 64);
  n = fn (in, len, out, out_len, flags, &used);
  ref_n = ref (in, len, ref_out, out_len, flags, &ref_used);

  if (used != ref_used || n != ref_n || memcmp (out, ref_out, n) != 0)
    {
      g_test_message ("kernel %s, %s, len %" G_GSIZE_FORMAT ", out_len %" G_GSIZE_FORMAT
                      ", flags %u: read %" G_GSIZE_FORMAT " wrote %" G_GSIZE_FORMAT
                      ", scalar read %" G_GSIZE_FORMAT " wrote %" G_GSIZE_FORMAT,
                      kernel->name, kind_names[kind], len, out_len,
                      flags, used, n, ref_used, ref_n);
      g_assert_cmpuint (used, ==, ref_used);
      g_assert_cmpuint (n, ==, ref_n);
      g_assert_cmpmem (out, n, ref_out, ref_n);
    }
  for (gsize i = out_len; i < out_len + 64; i++)
    g_assert_cmphex (out[i], ==, CANARY);
  g_assert_cmpuint (n, <=, out_len);
  g_assert_cmpuint (used, <=, len);

  /* What was read is valid and converts, by GLib's reckoning, to exactly
   * what was written; what stopped the kernel is a real reason. */
  if (kind == DECODE16 || kind == ENCODE16)
    check_utf16_call (kind, in, len, used, out, out_len, n, flags);
  else if (kind == COPY)
    {
      const guint8 *q = in, *end = in + used;

      g_assert_cmpuint (n, ==, used);
      g_assert_cmpmem (out, n, in, used);
      /* GLib's validator stops at NUL, which is valid here. */
      while (q < end)
        {
          gunichar c = *q == 0 ? 0 : g_utf8_get_char_validated ((const char *) q, end - q);

          g_assert_cmpuint (c, <=, max_value);
          q += *q == 0 ? 1 : g_utf8_skip[*q];
        }
      g_assert_true (q == end);
      if (used < len && out_len > used + 3)
        {
          gunichar c = g_utf8_get_char_validated ((const char *) in + used, len - used);

          g_assert_cmpuint (in[used], !=, 0);
          g_assert_true (c == (gunichar) -1 || c == (gunichar) -2 || c > max_value);
        }
    }
  else if (kind == DECODE)
    {
      const guint8 *q = in, *end = in + used;
      guint8 *o = out;

      /* GLib's validator refuses U+0000, so it is read here by hand. */
      while (q < end)
        {
          gunichar c = *q == 0 ? 0 : g_utf8_get_char_validated ((const char *) q, end - q);

          g_assert_cmpuint (c, <=, max_value);
          g_assert_cmpuint (o - out, <, n);
          g_assert_cmphex (load_u32 (o, big_endian), ==, c);
          q += *q == 0 ? 1 : g_utf8_skip[*q];
          o += 4;
        }
      g_assert_true (q == end);
      g_assert_cmpuint (o - out, ==, n);
      if (used < len && out_len - n >= 4)
        {
          gunichar c = g_utf8_get_char_validated ((const char *) in + used, len - used);

          g_assert_cmpuint (in[used], !=, 0);
          g_assert_true (c == (gunichar) -1 || c == (gunichar) -2 || c > max_value);
        }
    }
  else
    {
      GString *expected = g_string_new (NULL);

      g_assert_cmpuint (used % 4, ==, 0);
      for (gsize i = 0; i < used; i += 4)
        {
          guint32 c = load_u32 (in + i, big_endian);

          g_assert_true (c >= min_value && c <= max_value && !(c >= 0xD800 && c <= 0xDFFF));
          g_string_append_unichar (expected, c);
        }
      g_assert_cmpmem (out, n, expected->str, expected->len);
      if (len - used >= 4 && out_len - n >= 4)
        {
          guint32 c = load_u32 (in + used, big_endian);

          g_assert_true (c < min_value || c > max_value || (c >= 0xD800 && c <= 0xDFFF));
        }
      g_string_free (expected, TRUE);
    }

  g_free (out);
  g_free (ref_out);
  return used;
}

static void
test_kernel (gconstpointer data)
{
  const GUtf8ConvKernel *kernel = data;

  for (gsize len = 0; len <= MAX_LEN; len++)
    for (guint round = 0; round < ROUNDS; round++)
      {
        /* The buffer ends where its allocation ends, at every alignment,
         * so that a read past it is caught by valgrind and ASan. */
        gsize offset = g_test_rand_int_range (0, 64);
        g_autofree guint8 *mem = g_malloc (offset + len + (len == 0));
        guint8 *in = mem + offset;
        Kind kind = round % N_KINDS;
        guint flags = random_flags (utf8_in (kind));

        random_input (kind, in, len, flags);
        check_call (kernel, kind, in, len, random_out_len (full_out_len (kind, len)), flags);
      }
}

/* Whole conversions, the way the codec drives a kernel: restart where
 * it stopped, past one unit, until the input is used up. */
static void
test_kernel_resume (gconstpointer data)
{
  const GUtf8ConvKernel *kernel = data;

  for (guint round = 0; round < 400; round++)
    {
      gsize len = g_test_rand_int_range (0, 4000);
      g_autofree guint8 *in = g_malloc (len + 1);
      Kind kind = round % N_KINDS;
      guint flags = random_flags (utf8_in (kind));
      gsize pos = 0;

      random_input (kind, in, len, flags);
      while (pos < len)
        {
          gsize out_len = 4 * len + 4;

          if (g_test_rand_int_range (0, 3) == 0)
            out_len = g_test_rand_int_range (4, 64);

          pos += check_call (kernel, kind, in + pos, len - pos, out_len, flags);
          /* Skip what stopped it, as the scalar step would. */
          pos = MIN (len, pos + (utf8_in (kind) ? 1 : kind == ENCODE16 ? 2 : 4));
        }
    }
}

typedef struct
{
  GByteArray           *out;
  GUtf8ConvCodecStatus  status;
  guint64               num_invalid;
  guint64               error_offset;
} Outcome;

/* The whole stream through the codec with @kernel, cut into random chunks
 * with random output windows (or in one call when @whole). */
static Outcome
run_codec (const GUtf8ConvKernel *kernel,
           const guint8          *in,
           gsize                  len,
           const GUtf8ConvConfig *config,
           gboolean               whole)
{
  GUtf8ConvCodec codec;
  Outcome r = { g_byte_array_new (), GUTF8CONV_CODEC_CONVERTED, 0, 0 };
  guint8 buf[600];
  gsize pos = 0, chunk_end = 0;

  gutf8conv_codec_init (&codec, config);
  gutf8conv_codec_set_kernel (&codec, kernel);
  for (guint guard = 0; guard < 100000; guard++)
    {
      gsize nread, nwritten, out_len;
      GUtf8ConvCodecFlags flags = 0;

      if (whole)
        chunk_end = len;
      else if (chunk_end == pos)
        {
          gsize step = g_test_rand_int_range (0, 300);

          chunk_end = MIN (len, pos + step);
        }
      if (chunk_end == len)
        flags |= GUTF8CONV_CODEC_INPUT_AT_END;
      out_len = whole ? sizeof buf : (gsize) g_test_rand_int_range (6, sizeof buf);
      r.status = gutf8conv_codec_convert (&codec, in + pos, chunk_end - pos, buf, out_len,
                                          flags, &nread, &nwritten);
      pos += nread;
      g_byte_array_append (r.out, buf, nwritten);
      if (r.status == GUTF8CONV_CODEC_FINISHED || r.status == GUTF8CONV_CODEC_INVALID ||
          r.status == GUTF8CONV_CODEC_TRUNCATED)
        break;
    }
  r.num_invalid = codec.num_invalid;
  r.error_offset = codec.error_offset;
  return r;
}

/* Every kernel gives the codec byte-identical results, in every mode. */
static void
test_kernel_codec (gconstpointer data)
{
  const GUtf8ConvKernel *kernel = data;

  for (guint round = 0; round < 600; round++)
    {
      gsize len = g_test_rand_int_range (0, 3000);
      g_autofree guint8 *in = g_malloc (len + 1);
      GUtf8ConvConfig config;
      g_autofree char *name = NULL;
      Outcome ref, got;

      config.direction = g_test_rand_int_range (0, tu_enum_count (GUTF8CONV_TYPE_DIRECTION));
      config.byte_order = g_test_rand_int_range (0, tu_enum_count (GUTF8CONV_TYPE_BYTE_ORDER));
      config.bom_mode = g_test_rand_int_range (0, tu_enum_count (GUTF8CONV_TYPE_BOM_MODE));
      config.error_mode = g_test_rand_int_range (0, tu_enum_count (GUTF8CONV_TYPE_ERROR_MODE));
      config.profile = g_test_rand_int_range (0, tu_enum_count (GUTF8CONV_TYPE_PROFILE));
      name = tu_config_string (&config);
      {
        gboolean big = config.byte_order == GUTF8CONV_BYTE_ORDER_BIG_ENDIAN ||
                       config.byte_order == GUTF8CONV_BYTE_ORDER_DETECT ||
                       (config.byte_order == GUTF8CONV_BYTE_ORDER_HOST && G_BYTE_ORDER == G_BIG_ENDIAN);

        if (config.direction == GUTF8CONV_DIRECTION_UCS4_TO_UTF8)
          random_ucs4 (in, len, big);
        else if (config.direction == GUTF8CONV_DIRECTION_UTF16_TO_UTF8)
          random_utf16 (in, len, big);
        else
          random_utf8 (in, len);
      }

      ref = run_codec (&gutf8conv_kernel_scalar, in, len, &config, TRUE);
      got = run_codec (kernel, in, len, &config, g_test_rand_bit ());
      if (got.status != ref.status || got.num_invalid != ref.num_invalid ||
          got.out->len != ref.out->len)
        g_test_message ("kernel %s, %s, %" G_GSIZE_FORMAT " bytes: "
                        "status %d/%d, invalid %" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT
                        ", output %u/%u bytes",
                        kernel->name, name,
                        len, got.status, ref.status, got.num_invalid, ref.num_invalid,
                        got.out->len, ref.out->len);
      g_assert_cmpint (got.status, ==, ref.status);
      g_assert_cmpuint (got.num_invalid, ==, ref.num_invalid);
      g_assert_cmpuint (got.error_offset, ==, ref.error_offset);
      g_assert_cmpmem (got.out->data, got.out->len, ref.out->data, ref.out->len);
      g_byte_array_unref (ref.out);
      g_byte_array_unref (got.out);
    }
}

/* A kernel that converts nothing, so that the codec's own state machine,
 * the specification, does everything. */
static const GUtf8ConvKernel no_kernel = { "none", gutf8conv_kernel_convert_nothing,
                                           gutf8conv_kernel_convert_nothing,
                                           gutf8conv_kernel_convert_nothing,
                                           gutf8conv_kernel_convert_nothing,
                                           gutf8conv_kernel_convert_nothing, NULL, NULL, NULL, NULL, NULL, NULL,
                                           NULL };

/* @in as a whole stream through the state machine alone, STRICT. */
static GBytes *
spec_convert (GUtf8ConvProfile    profile,
              GUtf8ConvDirection direction,
              const guint8     *in,
              gsize             len)
{
  GUtf8ConvConfig config = GUTF8CONV_CONFIG_INIT;
  GUtf8ConvCodec codec;
  guint8 out[64];
  gsize nread, nwritten;

  config.direction = direction;
  config.byte_order = GUTF8CONV_BYTE_ORDER_BIG_ENDIAN;
  config.profile = profile;
  gutf8conv_codec_init (&codec, &config);
  gutf8conv_codec_set_kernel (&codec, &no_kernel);
  if (gutf8conv_codec_convert (&codec, in, len, out, sizeof out, GUTF8CONV_CODEC_INPUT_AT_END,
                               &nread, &nwritten) != GUTF8CONV_CODEC_FINISHED)
    return NULL;
  return g_bytes_new (out, nwritten);
}

/* Kernels know Unicode's grammar only: under a profile's limits, whatever
 * the (scalar, and so every) kernel converts, the profile's state machine
 * converts to the same bytes.  Every sequence of up to four bytes with
 * interesting continuation bytes, and every value up to U+10FFFF and
 * beyond, in every profile (#behaviour-profile-kernels). */
static void
test_profile_limits (void)
{
  /* Past the second byte only "continuation or not" matters. */
  static const guint8 tails[] = { 0x41, 0x80, 0xBF };
  guint checked = 0;

  for (guint prof = 0; prof < tu_enum_count (GUTF8CONV_TYPE_PROFILE); prof++)
    {
      const GUtf8ConvProfileInfo *info = gutf8conv_profile_info (prof);
      guint dflags = info->decode_kernel_flags | GUTF8CONV_KERNEL_BIG_ENDIAN;
      guint eflags = info->encode_kernel_flags | GUTF8CONV_KERNEL_BIG_ENDIAN;

      for (guint b0 = 0; b0 < 256; b0++)
        for (guint b1 = 0; b1 < 256; b1++)
          for (guint t = 0; t < G_N_ELEMENTS (tails) * G_N_ELEMENTS (tails); t++)
            {
              guint8 in[4] = { b0, b1, tails[t % G_N_ELEMENTS (tails)], tails[t / G_N_ELEMENTS (tails)] };
              guint8 out[16];
              gsize used, n;
              g_autoptr(GBytes) spec = NULL;

              g_autoptr(GBytes) spec2 = NULL;

              n = gutf8conv_kernel_scalar.decode (in, 4, out, sizeof out, dflags, &used);
              if (used == 0)
                continue;
              spec = spec_convert (prof, GUTF8CONV_DIRECTION_UTF8_TO_UCS4, in, used);
              g_assert_nonnull (spec);
              g_assert_cmpmem (out, n, g_bytes_get_data (spec, NULL), g_bytes_get_size (spec));
              n = gutf8conv_kernel_scalar.copy (in, 4, out, sizeof out, dflags, &used);
              spec2 = spec_convert (prof, GUTF8CONV_DIRECTION_UTF8_TO_UTF8, in, used);
              g_assert_nonnull (spec2);
              g_assert_cmpmem (out, n, g_bytes_get_data (spec2, NULL), g_bytes_get_size (spec2));
              checked++;
            }

      for (guint64 v = 0; v <= 0xFFFFFFFF; v += v < 0x10000 ? 1 : v < 0x110000 ? 0x7F : 0x1000F)
        {
          guint8 in[4] = { v >> 24, v >> 16, v >> 8, v };
          guint8 out[16];
          gsize used, n;
          g_autoptr(GBytes) spec = NULL;

          n = gutf8conv_kernel_scalar.encode (in, 4, out, sizeof out, eflags, &used);
          if (used == 0)
            continue;
          spec = spec_convert (prof, GUTF8CONV_DIRECTION_UCS4_TO_UTF8, in, 4);
          g_assert_nonnull (spec);
          g_assert_cmpmem (out, n, g_bytes_get_data (spec, NULL), g_bytes_get_size (spec));
          checked++;
        }
    }
  g_test_message ("%u conversions checked", checked);
  g_assert_cmpuint (checked, >, 500000);
}

/* Text of the profiles that carry surrogates (WTF-8, and modified UTF-8
 * as Java has it), dense with surrogate forms and units, lone and paired,
 * for test_kernel_surrogates(): UTF-8 forms, or wide units. */
static gsize
surrogate_text (guint8                  *buf,
                gsize                    len,
                const GUtf8ConvConfig   *config,
                gboolean                 big_endian)
{
  static const char *const forms[] = {
    "\xED\xA0\xBD", "\xED\xB8\x80", "\xED\xA0\xBD\xED\xB8\x80", "\xED\xAF\xBF", "\xED\xBF\xBF",
    "\xED\xA0\x80\xED\xB0", "\xED\xA0", "\xC0\x80", "\xF0\x9F\x98\x80", "\xE4\xB8\xAD", "\xC3\xA9",
    "\x80", "\xFF", "\x00",
  };
  static const guint32 units[] = {
    0xD83D, 0xDE00, 0xDBFF, 0xDFFF, 0xDC80, 0xD800, 0xDC00, 0, 0x41, 0xE9, 0x4E2D, 0x1F600, 0x110000,
  };
  gboolean utf16 = config->direction == GUTF8CONV_DIRECTION_UTF16_TO_UTF8;
  gsize n = 0;

  while (n < len)
    {
      guint8 tmp[8];
      gsize k = 0;

      if (g_test_rand_int_range (0, 3) == 0)
        tmp[k++] = 0x20 + g_test_rand_int_range (0, 0x5F);
      else if (config->direction == GUTF8CONV_DIRECTION_UCS4_TO_UTF8 || utf16)
        {
          guint32 v = units[g_test_rand_int_range (0, G_N_ELEMENTS (units))];

          if (utf16 && v > 0xFFFF)
            v = g_test_rand_bit () ? 0xD83D : 0xDE00;
          for (guint i = 0, w = utf16 ? 2 : 4; i < w; i++)
            tmp[k++] = v >> (8 * (big_endian ? w - 1 - i : i));
        }
      else
        {
          const char *f = forms[g_test_rand_int_range (0, G_N_ELEMENTS (forms))];

          k = f[0] == '\0' ? 1 : strlen (f);
          memcpy (tmp, f, k);
        }
      memcpy (buf + n, tmp, MIN (k, len - n));
      n += MIN (k, len - n);
    }
  return n;
}

/* Lone surrogate forms and units are valid in WTF-8 and in modified UTF-8
 * (behaviour guide, #behaviour-profile-modified-utf8, #behaviour-profile-kernels,
 * #kernels): every kernel, with the profile's flags, gives the codec
 * exactly what the state machine alone gives, in every direction, error
 * mode and cut of the input into chunks: no kernel takes or refuses a
 * surrogate form the state machine would treat otherwise. */
static void
test_kernel_surrogates (gconstpointer data)
{
  const GUtf8ConvKernel *kernel = data;
  static const GUtf8ConvProfile profiles[] = { GUTF8CONV_PROFILE_MODIFIED_UTF8, GUTF8CONV_PROFILE_WTF8 };
  guint lone = 0;

  for (guint round = 0; round < 400; round++)
    {
      gsize len = g_test_rand_int_range (0, 400);
      g_autofree guint8 *in = g_malloc (len + 1);
      GUtf8ConvConfig config = GUTF8CONV_CONFIG_INIT;
      g_autofree char *name = NULL;
      Outcome ref, got;

      config.direction = g_test_rand_int_range (0, tu_enum_count (GUTF8CONV_TYPE_DIRECTION));
      config.byte_order = g_test_rand_bit () ? GUTF8CONV_BYTE_ORDER_BIG_ENDIAN : GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN;
      config.error_mode = g_test_rand_int_range (0, tu_enum_count (GUTF8CONV_TYPE_ERROR_MODE));
      config.profile = profiles[round % G_N_ELEMENTS (profiles)];
      name = tu_config_string (&config);
      surrogate_text (in, len, &config, config.byte_order == GUTF8CONV_BYTE_ORDER_BIG_ENDIAN);

      ref = run_codec (&no_kernel, in, len, &config, TRUE);
      got = run_codec (kernel, in, len, &config, g_test_rand_bit ());
      if (got.status != ref.status || got.num_invalid != ref.num_invalid ||
          got.out->len != ref.out->len)
        g_test_message ("kernel %s, %s, %" G_GSIZE_FORMAT " bytes: status %d/%d, invalid %"
                        G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT ", output %u/%u bytes",
                        kernel->name, name, len, got.status, ref.status, got.num_invalid,
                        ref.num_invalid, got.out->len, ref.out->len);
      g_assert_cmpint (got.status, ==, ref.status);
      g_assert_cmpuint (got.num_invalid, ==, ref.num_invalid);
      g_assert_cmpuint (got.error_offset, ==, ref.error_offset);
      g_assert_cmpmem (got.out->data, got.out->len, ref.out->data, ref.out->len);
      lone += ref.status == GUTF8CONV_CODEC_FINISHED && ref.num_invalid == 0 && len > 0;
      g_byte_array_unref (ref.out);
      g_byte_array_unref (got.out);
    }
  /* Enough inputs with surrogates and nothing malformed. */
  g_assert_cmpuint (lone, >, 20);
}

static void
test_available (void)
{
  const GUtf8ConvKernel **list = gutf8conv_kernel_available ();
  const GUtf8ConvKernel *chosen = gutf8conv_kernel_default ();
  gboolean found = FALSE;

  g_assert_nonnull (list[0]);
  g_assert_true (list[0] == &gutf8conv_kernel_scalar);
  for (guint i = 0; list[i] != NULL; i++)
    {
      g_assert_true (gutf8conv_kernel_lookup (list[i]->name) == list[i]);
      found |= list[i] == chosen;
    }
  g_assert_true (found);
  g_assert_null (gutf8conv_kernel_lookup ("no-such-kernel"));

  /* A forced kernel is the one in use. */
  if (g_getenv ("GUTF8CONV_KERNEL") != NULL && *g_getenv ("GUTF8CONV_KERNEL") != '\0')
    g_assert_cmpstr (chosen->name, ==, g_getenv ("GUTF8CONV_KERNEL"));
#if defined (__powerpc64__) && G_BYTE_ORDER == G_LITTLE_ENDIAN
  /* ppc64le with VSX and ISA 2.07 (POWER8 on): the vsx kernel, chosen
   * unless another is forced (#kernels). */
  if ((getauxval (AT_HWCAP) & PPC_FEATURE_HAS_VSX) && (getauxval (AT_HWCAP2) & PPC_FEATURE2_ARCH_2_07))
    {
      g_assert_nonnull (gutf8conv_kernel_lookup ("vsx"));
      if (g_getenv ("GUTF8CONV_KERNEL") == NULL || *g_getenv ("GUTF8CONV_KERNEL") == '\0')
        g_assert_cmpstr (chosen->name, ==, "vsx");
    }
#endif
}

/* @flags for the scalar UCS-4 loops, their values in this machine's
 * order. */
static guint
host_order_flags (guint flags)
{
  return (flags & ~GUTF8CONV_KERNEL_BIG_ENDIAN) |
         (G_BYTE_ORDER == G_BIG_ENDIAN ? GUTF8CONV_KERNEL_BIG_ENDIAN : 0);
}

/* The scalar kernel's UTF-16 paths as they were written before they had
 * loops of their own: its UCS-4 decoder into values, each value stored
 * as a unit or a whole pair; units joined into values for its UCS-4
 * encoder.  The grammar and the profiles' limits are then the UCS-4
 * loops', which the rest of this file and the oracles check. */
static gsize
ucs4_decode16 (const guint8 *in,
               gsize         in_len,
               guint8       *out,
               gsize         out_len,
               guint         flags,
               gsize        *in_used)
{
  const gboolean big_endian = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;
  guint32 values[MAX_LEN];
  gsize used, ip = 0, op = 0;
  gsize n = gutf8conv_kernel_scalar_decode (in, in_len, (guint8 *) values, MIN (out_len / 2, MAX_LEN) * 4,
                                            host_order_flags (flags), &used) / 4;

  for (gsize k = 0; k < n; k++)
    {
      guint32 c = values[k];
      guint16 units[2] = { c, 0 };
      guint n_units = 1;

      if (c >= 0x10000)
        {
          units[0] = 0xD800 + ((c - 0x10000) >> 10);
          units[1] = 0xDC00 + ((c - 0x10000) & 0x3FF);
          n_units = 2;
        }
      if (out_len - op < 2 * n_units)
        break;
      for (guint i = 0; i < n_units; i++, op += 2)
        {
          out[op + (big_endian ? 0 : 1)] = units[i] >> 8;
          out[op + (big_endian ? 1 : 0)] = units[i] & 0xFF;
        }
      ip += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    }
  *in_used = ip;
  return op;
}

static gsize
ucs4_encode16 (const guint8 *in,
               gsize         in_len,
               guint8       *out,
               gsize         out_len,
               guint         flags,
               gsize        *in_used)
{
  const gboolean big_endian = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;
  guint32 values[MAX_LEN];
  guint8 sizes[MAX_LEN];
  gsize n = 0, p = 0, used, written;

  while (in_len - p >= 2)
    {
      guint32 c = big_endian ? (in[p] << 8 | in[p + 1]) : (in[p + 1] << 8 | in[p]);

      sizes[n] = 2;
      if (c >= 0xD800 && c <= 0xDBFF)
        {
          guint32 low;

          /* A pair the end of the input cuts stays. */
          if (in_len - p < 4)
            break;
          low = big_endian ? (in[p + 2] << 8 | in[p + 3]) : (in[p + 3] << 8 | in[p + 2]);
          if (low >= 0xDC00 && low <= 0xDFFF)
            {
              c = 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00);
              sizes[n] = 4;
            }
        }
      values[n++] = c;
      p += sizes[n - 1];
    }
  written = gutf8conv_kernel_scalar_encode ((const guint8 *) values, n * 4, out, out_len,
                                            host_order_flags (flags), &used);
  *in_used = 0;
  for (gsize k = 0; k < used / 4; k++)
    *in_used += sizes[k];
  return written;
}

/* The scalar kernel's decode16 and encode16, loops of their own, against
 * its UCS-4 loops with the units made or joined around them
 * (ucs4_decode16(), ucs4_encode16()): the same bytes and the same
 * stopping point, on random and damaged input of every length to
 * MAX_LEN, every flag combination of the profiles, output rooms from
 * none to roomy (#kernels).  Every other kernel is checked against
 * these. */
static void
test_scalar_utf16_by_ucs4 (void)
{
  for (guint round = 0; round < 4 * ROUNDS; round++)
    for (gsize len = 0; len <= MAX_LEN; len += 1 + len / 16)
      for (Kind kind = DECODE16; kind <= ENCODE16; kind++)
        {
          guint flags = random_flags (kind == DECODE16);
          guint8 in[MAX_LEN + 8];
          guint8 got[4 * MAX_LEN + 16], want[4 * MAX_LEN + 16];
          gsize out_len = MIN (random_out_len (kind == DECODE16 ? 2 * len : 3 * len / 2 + 2), 4 * MAX_LEN);
          gsize got_used = G_MAXSIZE, want_used = G_MAXSIZE, got_n, want_n;

          random_input (kind, in, len, flags);
          memset (got, CANARY, sizeof got);
          if (kind == DECODE16)
            {
              got_n = gutf8conv_kernel_scalar.decode16 (in, len, got, out_len, flags, &got_used);
              want_n = ucs4_decode16 (in, len, want, out_len, flags, &want_used);
            }
          else
            {
              got_n = gutf8conv_kernel_scalar.encode16 (in, len, got, out_len, flags, &got_used);
              want_n = ucs4_encode16 (in, len, want, out_len, flags, &want_used);
            }
          if (got_used != want_used || got_n != want_n || memcmp (got, want, got_n) != 0)
            g_test_message ("%s, %" G_GSIZE_FORMAT " bytes, flags %u, room %" G_GSIZE_FORMAT ": read %"
                            G_GSIZE_FORMAT " wrote %" G_GSIZE_FORMAT ", by UCS-4 read %" G_GSIZE_FORMAT
                            " wrote %" G_GSIZE_FORMAT, kind_names[kind], len, flags, out_len,
                            got_used, got_n, want_used, want_n);
          g_assert_cmpuint (got_used, ==, want_used);
          g_assert_cmpmem (got, got_n, want, want_n);
          g_assert_cmphex (got[out_len], ==, CANARY);
        }
}

/* Long runs of characters of one length (the kernels' fast paths for
 * text of only two-, three- or four-byte characters, to UCS-4 and to
 * UTF-16), after 0-3 ASCII bytes: whole, cut at every length (output
 * buffers of random sizes), and with a fault planted at every
 * position. */
enum { RUN_LEN = 320 };

/* RUN_LEN bytes: ascii ASCII letters, then characters all width bytes
 * long (the last one cut by the end), the ranges' ends now and then. */
static void
random_run (guint8 *text,
            guint   width,
            guint   ascii)
{
  static const guint32 ranges[][2] = {
    { 0x80, 0x800 }, { 0x800, 0xD800 }, { 0xE000, 0x10000 }, { 0x10000, 0x110000 },
  };
  gsize n = 0;

  for (; n < ascii; n++)
    text[n] = 'a' + n;
  while (n < RUN_LEN)
    {
      char tmp[6];
      guint r = width == 2 ? 0 : width == 4 ? 3 : g_test_rand_int_range (1, 3);
      guint32 c = g_test_rand_int_range (ranges[r][0], ranges[r][1]);
      gint k;

      if (g_test_rand_int_range (0, 8) == 0)
        c = g_test_rand_bit () ? ranges[r][0] : ranges[r][1] - 1;
      k = g_unichar_to_utf8 (c, tmp);
      g_assert_cmpint (k, ==, width);
      memcpy (text + n, tmp, MIN ((gsize) k, RUN_LEN - n));
      n += k;
    }
}

static void
test_kernel_runs (gconstpointer data)
{
  const GUtf8ConvKernel *kernel = data;
  static const guint8 faults[][2] = {
    { 0x41, 0 }, { 0x80, 0 }, { 0xBF, 0 }, { 0xC0, 0 }, { 0xC1, 0 }, { 0xE0, 0 }, { 0xF0, 0 },
    { 0xF5, 0 }, { 0xFF, 0 }, { 0xC2, 0x41 }, { 0xE0, 0x9F }, { 0xED, 0xA0 }, { 0xF0, 0x8F },
    { 0xF4, 0x90 },
  };
  guint8 text[RUN_LEN], damaged[RUN_LEN];

  for (guint width = 2; width <= 4; width++)
    for (guint ascii = 0; ascii < 4; ascii++)
      {
        random_run (text, width, ascii);
        for (gsize len = 0; len <= RUN_LEN; len++)
          {
            check_call (kernel, DECODE, text, len, random_out_len (4 * len), random_flags (TRUE));
            check_call (kernel, DECODE16, text, len, random_out_len (2 * len), random_flags (TRUE));
            check_call (kernel, COPY, text, len, random_out_len (len), random_flags (TRUE));
          }
        for (gsize at = 0; at < RUN_LEN; at++)
          {
            guint i = g_test_rand_int_range (0, G_N_ELEMENTS (faults));
            gsize cut = g_test_rand_int_range (at + 1, RUN_LEN + 1);

            memcpy (damaged, text, RUN_LEN);
            damaged[at] = faults[i][0];
            if (faults[i][1] != 0 && at + 1 < RUN_LEN)
              damaged[at + 1] = faults[i][1];
            check_call (kernel, DECODE, damaged, RUN_LEN, 4 * RUN_LEN, random_flags (TRUE));
            check_call (kernel, DECODE, damaged, cut, random_out_len (4 * cut), random_flags (TRUE));
            check_call (kernel, DECODE16, damaged, RUN_LEN, 2 * RUN_LEN, random_flags (TRUE));
            check_call (kernel, DECODE16, damaged, cut, random_out_len (2 * cut), random_flags (TRUE));
            check_call (kernel, COPY, damaged, RUN_LEN, RUN_LEN, random_flags (TRUE));
          }
      }
}

/* The runs with a character of another length (1-4 bytes, valid) at
 * each character boundary: a run stops before it at a boundary and the
 * kernel goes on after it, maybe with a run again (behaviour guide,
 * section kernels). */
static void
test_kernel_runs_other_length (gconstpointer data)
{
  const GUtf8ConvKernel *kernel = data;
  static const char *const others[] = { "A", "\xC3\xA9", "\xE4\xB8\x80", "\xF0\x9F\x98\x80" };
  guint8 text[RUN_LEN], in[RUN_LEN + 4];

  for (guint width = 2; width <= 4; width++)
    for (guint ascii = 0; ascii < 4; ascii++)
      {
        random_run (text, width, ascii);
        for (gsize at = ascii; at < RUN_LEN; at += width)
          for (guint w = 1; w <= 4; w++)
            {
              gsize len = RUN_LEN + w;

              if (w == width)
                continue;
              memcpy (in, text, at);
              memcpy (in + at, others[w - 1], w);
              memcpy (in + at + w, text + at, RUN_LEN - at);
              check_call (kernel, DECODE, in, len, 4 * len, random_flags (TRUE));
              check_call (kernel, DECODE16, in, len, 2 * len, random_flags (TRUE));
              check_call (kernel, DECODE, in, len, random_out_len (4 * len), random_flags (TRUE));
              check_call (kernel, DECODE16, in, len, random_out_len (2 * len), random_flags (TRUE));
            }
      }
}

/* The runs with every output room from what their characters need down
 * by more than a run's step of output, so that a run's loop meets the
 * end of the output at each place within its step. */
static void
test_kernel_runs_out_room (gconstpointer data)
{
  const GUtf8ConvKernel *kernel = data;
  guint8 text[RUN_LEN], out[4 * RUN_LEN];

  for (guint width = 2; width <= 4; width++)
    for (guint ascii = 0; ascii < 4; ascii++)
      for (guint flags = 0; flags < 2; flags++)
        {
          guint f = flags ? GUTF8CONV_KERNEL_BIG_ENDIAN : 0;
          gsize used, need, need16;

          random_run (text, width, ascii);
          need = gutf8conv_kernel_scalar.decode (text, RUN_LEN, out, sizeof out, f, &used);
          need16 = gutf8conv_kernel_scalar.decode16 (text, RUN_LEN, out, sizeof out, f, &used);
          for (gsize less = 0; less <= 160 && less <= need16; less++)
            {
              check_call (kernel, DECODE, text, RUN_LEN, need - less, f);
              check_call (kernel, DECODE16, text, RUN_LEN, need16 - less, f);
            }
        }
}

/* The runs with a few ASCII bytes between two (fewer than a kernel's
 * runs may take in their stride) and every output room around what the
 * characters before those bytes need, so that a run meets the end of
 * the output just before them: to UCS-4 a run of two-byte characters
 * writes twice what it reads (behaviour guide, section kernels). */
static void
test_kernel_runs_gap_room (gconstpointer data)
{
  const GUtf8ConvKernel *kernel = data;
  static const gsize gaps[] = { 1, 3, 7 };
  static const gsize ats[] = { 96, 160, 224 };
  guint8 text[RUN_LEN], in[RUN_LEN + 8], out[4 * (RUN_LEN + 8)];

  for (guint width = 2; width <= 4; width++)
    for (guint g = 0; g < G_N_ELEMENTS (gaps); g++)
      for (guint a = 0; a < G_N_ELEMENTS (ats); a++)
        for (guint flags = 0; flags < 2; flags++)
          {
            guint f = flags ? GUTF8CONV_KERNEL_BIG_ENDIAN : 0;
            gsize at = ats[a] / width * width, len = RUN_LEN + gaps[g], used, need, need16;

            random_run (text, width, 0);
            memcpy (in, text, at);
            memcpy (in + at, "abcdefg", gaps[g]);
            memcpy (in + at + gaps[g], text + at, RUN_LEN - at);
            /* What the characters before the ASCII bytes need. */
            need = gutf8conv_kernel_scalar.decode (in, at, out, sizeof out, f, &used);
            need16 = gutf8conv_kernel_scalar.decode16 (in, at, out, sizeof out, f, &used);
            for (gsize room = need - 64; room <= need + 64; room++)
              check_call (kernel, DECODE, in, len, room, f);
            for (gsize room = need16 - 64; room <= need16 + 64; room++)
              check_call (kernel, DECODE16, in, len, room, f);
          }
}

/* A kernel that built its tables at first use, once per process (ssse3
 * did until its tables were generated), would pass every other test here
 * on a path that reads a table before making sure it exists, since some
 * earlier call has built it.  So each function of each kernel is called
 * first in a fresh process, on runs of characters of one width (and of
 * 2-4 widths mixed). */
typedef struct
{
  const GUtf8ConvKernel *kernel;
  Kind                   kind;
  guint                  width;   /* 2..4; 0 for all widths mixed */
} FirstCall;

static void
test_kernel_first_call (gconstpointer data)
{
  const FirstCall *fc = data;
  guint8 text[RUN_LEN], in[4 * RUN_LEN];
  gsize len = RUN_LEN, used;

  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
      g_test_trap_assert_passed ();
      return;
    }

  if (fc->width != 0)
    random_run (text, fc->width, 8);
  else
    random_utf8 (text, RUN_LEN);
  /* The scalar kernel has no tables: it makes the other kinds' input. */
  if (fc->kind == ENCODE)
    len = gutf8conv_kernel_scalar.decode (text, RUN_LEN, in, sizeof in, 0, &used);
  else if (fc->kind == ENCODE16)
    len = gutf8conv_kernel_scalar.decode16 (text, RUN_LEN, in, sizeof in, 0, &used);
  else
    memcpy (in, text, RUN_LEN);
  check_call (fc->kernel, fc->kind, in, len, full_out_len (fc->kind, len), 0);
}

/* Buffers that end, or start, right at a page nobody may touch, so that
 * a kernel reading or writing one byte past its buffers faults at once:
 * under qemu, where the aarch64 and s390x kernels run, neither ASan nor
 * valgrind watches them. */
typedef struct
{
  guint8 *map;
  gsize map_len;
} Guarded;

static guint8 *
guarded_new (Guarded  *g,
             gsize     len,
             gboolean  at_end)
{
  gsize page = (gsize) sysconf (_SC_PAGESIZE);
  gsize span = (len + page - 1) / page * page;

  g->map_len = span + 2 * page;
  g->map = mmap (NULL, g->map_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  g_assert_true (g->map != MAP_FAILED);
  g_assert_cmpint (mprotect (g->map, page, PROT_NONE), ==, 0);
  g_assert_cmpint (mprotect (g->map + page + span, page, PROT_NONE), ==, 0);
  return at_end ? g->map + page + span - len : g->map + page;
}

static void
guarded_free (Guarded *g)
{
  g_assert_cmpint (munmap (g->map, g->map_len), ==, 0);
}

/* One call with the input and then the output against a guard page,
 * each at its start and at its end; the result must be what check_call()
 * found with ordinary buffers. */
static void
check_guarded (const GUtf8ConvKernel *kernel,
               Kind                   kind,
               const guint8          *data,
               gsize                  len,
               gsize                  out_len,
               guint                  flags)
{
  GUtf8ConvDecodeFunc fn = kernel_fn (kernel, kind);
  g_autofree guint8 *expected = g_malloc (out_len + 64);
  gsize expected_used, expected_n;

  expected_n = fn (data, len, expected, out_len, flags, &expected_used);
  for (guint at_end = 0; at_end < 2; at_end++)
    {
      Guarded gin, gout;
      guint8 *in = guarded_new (&gin, len, at_end);
      guint8 *out = guarded_new (&gout, out_len, at_end);
      gsize used = G_MAXSIZE, n;

      memcpy (in, data, len);
      g_assert_cmpuint (check_call (kernel, kind, in, len, out_len, flags), ==, expected_used);
      n = fn (in, len, out, out_len, flags, &used);
      g_assert_cmpuint (used, ==, expected_used);
      g_assert_cmpmem (out, n, expected, expected_n);
      guarded_free (&gin);
      guarded_free (&gout);
    }
}

static void
test_kernel_guard_pages (gconstpointer data)
{
  const GUtf8ConvKernel *kernel = data;
  guint8 buf[RUN_LEN];

  for (gsize len = 0; len <= MAX_LEN; len++)
    for (guint kind = 0; kind < N_KINDS; kind++)
      {
        guint flags = random_flags (utf8_in (kind));

        random_input (kind, buf, len, flags);
        /* Output buffers both tight and roomy. */
        check_guarded (kernel, kind, buf, len, random_out_len (full_out_len (kind, len)), flags);
        check_guarded (kernel, kind, buf, len, full_out_len (kind, len), flags);
      }
  /* The runs of one length, which some kernels take on paths of their own. */
  for (guint width = 2; width <= 4; width++)
    {
      random_run (buf, width, g_test_rand_int_range (0, 4));
      for (gsize len = 0; len <= RUN_LEN; len++)
        {
          check_guarded (kernel, DECODE, buf, len, 4 * len, random_flags (TRUE));
          check_guarded (kernel, DECODE16, buf, len, 2 * len, random_flags (TRUE));
          check_guarded (kernel, COPY, buf, len, len, random_flags (TRUE));
        }
    }
}

/* decode16's fast phase, which stores units straight from its blocks and
 * stops before a block with a four-byte form (#kernels): two- and
 * three-byte characters among ASCII (crossing each block end in turn, by
 * the ASCII before them), a pair after @k of them, more of them, with
 * output room ending in every place (a stride of 7 bytes, shifted by the
 * ASCII), both byte orders, with and without BMP_ONLY (the pair an error
 * then); against the scalar kernel and then against guard pages. */
static void
test_kernel_decode16_phase (gconstpointer data)
{
  const GUtf8ConvKernel *kernel = data;
  static const char *const chars[] = { "\xE4\xB8\xAD", "bcd", "\xD0\x96", "e", "\xE0\xA4\x95", "fghijk", "\xD7\x90" };
  guint8 text[256];

  for (guint shift = 0; shift < 16; shift++)
    for (guint k = 0; k <= 24; k += 1 + k / 4)
      {
        gsize len = shift, need;

        memset (text, 'a', shift);
        for (guint i = 0; len < 200; i++)
          {
            const char *c = i == k ? "\xF0\x9F\x98\x80" : chars[i % G_N_ELEMENTS (chars)];

            memcpy (text + len, c, strlen (c));
            len += strlen (c);
          }
        memset (text + len, 'z', 40);
        len += 40;
        need = 2 * len;
        for (guint flags = 0; flags < 4; flags++)
          {
            guint f = (flags & 1 ? GUTF8CONV_KERNEL_BIG_ENDIAN : 0) | (flags & 2 ? GUTF8CONV_KERNEL_BMP_ONLY : 0);

            for (gsize out_len = 0; out_len < need + 7; out_len += 7)
              check_call (kernel, DECODE16, text, len, MIN (out_len, need), f);
            check_guarded (kernel, DECODE16, text, len, need - 2 * g_test_rand_int_range (0, 80), f);
          }
      }
}

/* The fast phase's blocks of one- and three-byte characters alone (Indic
 * text among ASCII spaces; #kernels): three-byte characters from U+0800
 * to U+FFFD, the lowest and highest of their leads, among ASCII (crossing
 * each block end in turn, by the ASCII before them), a two-byte or a
 * four-byte character after @k of them, decoded and decoded to UTF-16,
 * with output room ending in every place (a stride of 11 bytes), both
 * byte orders, with and without BMP_ONLY; against the scalar kernel and
 * then against guard pages. */
static void
test_kernel_one_three (gconstpointer data)
{
  const GUtf8ConvKernel *kernel = data;
  static const char *const chars[] = {
    "\xE0\xA4\x95", " ", "\xE0\xA0\x80", "\xEA\xB0\x80", "xy", "\xEF\xBF\xBD", "\xED\x9F\xBF", "\xEE\x80\x80", ".",
  };
  static const char *const other[] = { "\xC3\xA9", "\xF0\x9F\x98\x80" };
  guint8 text[256];

  for (guint shift = 0; shift < 16; shift++)
    for (guint k = 0; k <= 24; k += 1 + k / 4)
      for (guint x = 0; x < G_N_ELEMENTS (other); x++)
        {
          gsize len = shift;

          memset (text, 'a', shift);
          for (guint i = 0; len < 200; i++)
            {
              const char *c = i == k ? other[x] : chars[i % G_N_ELEMENTS (chars)];

              memcpy (text + len, c, strlen (c));
              len += strlen (c);
            }
          memset (text + len, 'z', 40);
          len += 40;
          for (guint flags = 0; flags < 4; flags++)
            {
              guint f = (flags & 1 ? GUTF8CONV_KERNEL_BIG_ENDIAN : 0) | (flags & 2 ? GUTF8CONV_KERNEL_BMP_ONLY : 0);

              for (gsize out_len = 0; out_len < 4 * len + 11; out_len += 11)
                check_call (kernel, DECODE, text, len, MIN (out_len, 4 * len), f);
              for (gsize out_len = 0; out_len < 2 * len + 11; out_len += 11)
                check_call (kernel, DECODE16, text, len, MIN (out_len, 2 * len), f);
              check_guarded (kernel, DECODE, text, len, 4 * len - 4 * g_test_rand_int_range (0, 80), f);
              check_guarded (kernel, DECODE16, text, len, 2 * len - 2 * g_test_rand_int_range (0, 80), f);
            }
        }
}

/* The ASCII steps of decode and decode16, which widen ASCII blocks until
 * one is not, within the blocks the input and the room allow
 * (#kernels): a run of ASCII of every length up to past four of the
 * widest blocks, a two-byte character, more ASCII, with output room
 * ending in every place (strides of 7 and 11 bytes), both byte orders,
 * against the scalar kernel. */
static void
test_kernel_ascii_runs (gconstpointer data)
{
  const GUtf8ConvKernel *kernel = data;
  guint8 text[400];

  for (gsize run = 0; run <= 300; run++)
    {
      gsize len = run;

      memset (text, 'a' + run % 26, run);
      memcpy (text + len, "\xC3\xA9", 2);
      len += 2;
      memset (text + len, 'z', 70);
      len += 70;
      for (guint f = 0; f <= GUTF8CONV_KERNEL_BIG_ENDIAN; f += GUTF8CONV_KERNEL_BIG_ENDIAN)
        {
          for (gsize out_len = 0; out_len < 2 * len + 7; out_len += 7)
            check_call (kernel, DECODE16, text, len, MIN (out_len, 2 * len), f);
          for (gsize out_len = 0; out_len < 4 * len + 11; out_len += 11)
            check_call (kernel, DECODE, text, len, MIN (out_len, 4 * len), f);
        }
    }
}

/* UTF-16 and UCS-4 -> UTF-8 of text whose steps of 32 units (the
 * widest) are ASCII or not in every order (#kernels: a kernel may take
 * text below U+0800 in runs of its own, which end at a unit from U+0800
 * or after some ASCII steps in a row): steps of ASCII, of ASCII with
 * letters below U+0800, of Cyrillic, with a unit from U+0800, a pair
 * (in UCS-4 its value and a letter), a lone surrogate or U+0000 among
 * them, drawn at random, after an ASCII prefix of any length; every flag
 * combination, the output room ending in many places, against the scalar
 * kernel. */
static void
test_kernel_latin_runs (gconstpointer data)
{
  const GUtf8ConvKernel *kernel = data;

  for (guint round = 0; round < 120; round++)
    {
      g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (guint16));
      g_autofree guint32 *values = NULL;
      guint n_steps = g_test_rand_int_range (1, 48);
      guint prefix = g_test_rand_int_range (0, 32);

      for (guint i = 0; i < prefix; i++)
        {
          guint16 u = 'a' + i % 26;

          g_array_append_val (units, u);
        }
      for (guint s = 0; s < n_steps; s++)
        {
          /* Mostly ASCII and Latin steps, so that runs of ASCII steps
           * of every length come between Latin ones. */
          guint kind = g_test_rand_int_range (0, 20);
          guint16 step[32];

          for (guint i = 0; i < 32; i++)
            step[i] = kind == 9 ? (guint16) g_test_rand_int_range (0x400, 0x500) : (guint16) g_test_rand_int_range (0x20, 0x7F);
          if (kind >= 10 && kind < 17)
            for (guint k = g_test_rand_int_range (1, 4); k > 0; k--)
              step[g_test_rand_int_range (0, 32)] = g_test_rand_int_range (0x80, 0x800);
          else if (kind == 17)
            step[g_test_rand_int_range (0, 32)] = g_test_rand_bit () ? 0x20AC : 0xFFFD;
          else if (kind == 18)
            {
              guint at = g_test_rand_int_range (0, 32);

              /* A pair, across the step's end too. */
              step[at] = 0xD83D;
              if (at < 31)
                step[at + 1] = 0xDE00;
              else
                {
                  g_array_append_vals (units, step, 32);
                  step[0] = 0xDE00;
                  for (guint i = 1; i < 32; i++)
                    step[i] = 'x';
                }
            }
          else if (kind == 19)
            step[g_test_rand_int_range (0, 32)] = g_test_rand_int_range (0, 3) == 0 ? 0xDC00 : 0;
          g_array_append_vals (units, step, 32);
        }
      for (guint flags = 0; flags <= GUTF8CONV_KERNEL_ALL_FLAGS; flags++)
        {
          gboolean big_endian = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;
          gsize len = 2 * units->len, full = full_out_len (ENCODE16, len);
          g_autofree guint8 *in = g_malloc (len);

          for (guint i = 0; i < units->len; i++)
            {
              guint16 u = g_array_index (units, guint16, i);

              u = big_endian ? GUINT16_TO_BE (u) : GUINT16_TO_LE (u);
              memcpy (in + 2 * i, &u, 2);
            }
          check_call (kernel, ENCODE16, in, len, full, flags);
          for (gsize out_len = g_test_rand_int_range (0, 61); out_len < full; out_len += 61)
            check_call (kernel, ENCODE16, in, len, out_len, flags);
        }
      /* The same steps in UCS-4, a pair its value and a letter. */
      values = g_new (guint32, units->len);
      for (guint i = 0; i < units->len; i++)
        {
          guint16 *u = &g_array_index (units, guint16, i);

          values[i] = *u;
          if ((u[0] & 0xFC00) == 0xD800 && i + 1 < units->len && (u[1] & 0xFC00) == 0xDC00)
            {
              values[i] = 0x10000 + ((u[0] - 0xD800u) << 10) + (u[1] - 0xDC00u);
              values[++i] = 'y';
            }
        }
      for (guint flags = 0; flags <= GUTF8CONV_KERNEL_ALL_FLAGS; flags++)
        {
          gboolean big_endian = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;
          gsize len = 4 * units->len, full = full_out_len (ENCODE, len);
          g_autofree guint8 *in = g_malloc (len);

          for (guint i = 0; i < units->len; i++)
            {
              guint32 u = big_endian ? GUINT32_TO_BE (values[i]) : GUINT32_TO_LE (values[i]);

              memcpy (in + 4 * i, &u, 4);
            }
          check_call (kernel, ENCODE, in, len, full, flags);
          for (gsize out_len = g_test_rand_int_range (0, 61); out_len < full; out_len += 61)
            check_call (kernel, ENCODE, in, len, out_len, flags);
        }
    }
}

/* UCS-4 -> UTF-8 of every order of lengths four units can have (#kernels:
 * the any-value step packs four units a lane by a table row their
 * lengths pick): for each of the 256 orders of one to four bytes, four
 * such units, the groups after an ASCII prefix of 0 to 7 units so that
 * they meet the steps, parts and lanes at every offset; both byte
 * orders, the output room ending in several places, against the scalar
 * kernel and GLib. */
static void
test_kernel_any_value_orders (gconstpointer data)
{
  const GUtf8ConvKernel *kernel = data;
  /* One value of each UTF-8 length, varied by the unit's place. */
  static const guint32 bases[4] = { 0x41, 0x3B1, 0x4E00, 0x1F600 };

  for (guint prefix = 0; prefix < 8; prefix++)
    {
      g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (guint32));

      for (guint i = 0; i < prefix; i++)
        {
          guint32 c = 'a' + i;

          g_array_append_val (values, c);
        }
      for (guint key = 0; key < 256; key++)
        for (guint i = 0; i < 4; i++)
          {
            guint32 c = bases[(key >> (2 * i)) & 3] + (key + i) % 16;

            g_array_append_val (values, c);
          }
      for (guint i = 0; i < 16; i++)
        {
          guint32 c = 'z';

          g_array_append_val (values, c);
        }
      for (guint f = 0; f <= GUTF8CONV_KERNEL_BIG_ENDIAN; f += GUTF8CONV_KERNEL_BIG_ENDIAN)
        {
          gsize len = 4 * values->len;
          g_autofree guint8 *in = g_malloc (len);

          for (guint i = 0; i < values->len; i++)
            {
              guint32 c = g_array_index (values, guint32, i);

              c = f ? GUINT32_TO_BE (c) : GUINT32_TO_LE (c);
              memcpy (in + 4 * i, &c, 4);
            }
          check_call (kernel, ENCODE, in, len, full_out_len (ENCODE, len), f);
          for (gsize out_len = 0; out_len < len; out_len += 397)
            check_call (kernel, ENCODE, in, len, out_len, f);
        }
    }
}

/* Short inputs, as a stream's small chunks give them, decoded to exact
 * bytes:
 * the scalar kernel's loop for an output with room for a unit per input
 * byte and its careful loop for a smaller one stop at the same place
 * (behaviour guide, #kernels), each byte order, with and without the
 * BMP limit, the output window at the room for every byte, for exactly
 * the characters, and for one character less. */
static void
check_short_exact (const GUtf8ConvKernel *kernel)
{
  static const struct
  {
    const char *in;
    gint32 values[16];   /* what decodes, up to -1 */
  } cases[] = {
    { "a\xC3\xA9", { 0x61, 0xE9, -1 } },
    { "\xD0\x9B\xD0\xBE", { 0x41B, 0x43E, -1 } },
    { "x\xE4\xB8\xAD\xF0\x9F\x98\x80!", { 0x78, 0x4E2D, 0x1F600, 0x21, -1 } },
    { "Hello, w\xC3\xB6rld", { 0x48, 0x65, 0x6C, 0x6C, 0x6F, 0x2C, 0x20, 0x77, 0xF6, 0x72, 0x6C, 0x64, -1 } },
    { "\xE2\x82\xAC 12345678", { 0x20AC, 0x20, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, -1 } },
    { "\xF4\x8F\xBF\xBF\xEF\xBF\xBD", { 0x10FFFF, 0xFFFD, -1 } },
    /* The end of the input cuts the last character. */
    { "abc\xE4\xB8", { 0x61, 0x62, 0x63, -1 } },
    { "\xC3", { -1 } },
    { "\xD1\x8F\xF0\x9F\x98", { 0x44F, -1 } },
    /* Malformed: a surrogate's form, a value past U+10FFFF, a lead
     * without its continuation byte. */
    { "\xC3\xA9\xED\xA0\x80z", { 0xE9, -1 } },
    { "\xF4\x90\x80\x80", { -1 } },
    { "ab\xC3\x41", { 0x61, 0x62, -1 } },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    for (guint flags = 0; flags <= (GUTF8CONV_KERNEL_BIG_ENDIAN | GUTF8CONV_KERNEL_BMP_ONLY); flags++)
      {
        const guint8 *in = (const guint8 *) cases[c].in;
        gsize len = strlen (cases[c].in), n_chars = 0, n_bytes = 0;
        gsize windows[3];
        guint8 expected[64];

        /* The characters that decode, and the bytes they take. */
        for (; cases[c].values[n_chars] >= 0; n_chars++)
          {
            guint32 v = cases[c].values[n_chars];

            if ((flags & GUTF8CONV_KERNEL_BMP_ONLY) && v > 0xFFFF)
              break;
            n_bytes += g_unichar_to_utf8 (v, NULL);
            v = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) ? GUINT32_TO_BE (v) : GUINT32_TO_LE (v);
            memcpy (expected + 4 * n_chars, &v, 4);
          }
        windows[0] = 4 * len;
        windows[1] = 4 * n_chars;
        windows[2] = n_chars > 0 ? 4 * n_chars - 1 : 0;
        for (guint w = 0; w < G_N_ELEMENTS (windows); w++)
          {
            guint8 out[64 + 64];
            gsize used = G_MAXSIZE, n, fit = MIN (n_chars, windows[w] / 4), fit_bytes = 0;

            for (gsize i = 0; i < fit; i++)
              fit_bytes += g_unichar_to_utf8 (cases[c].values[i], NULL);
            memset (out, CANARY, sizeof out);
            n = kernel->decode (in, len, out, windows[w], flags, &used);
            g_assert_cmpmem (out, n, expected, 4 * fit);
            g_assert_cmpuint (used, ==, fit_bytes);
            g_assert_cmphex (out[windows[w]], ==, CANARY);
            /* And the same by check_call()'s reckoning. */
            check_call (kernel, DECODE, in, len, windows[w], flags);
          }
        g_assert_cmpuint (n_bytes, <=, len);
      }
}

/* The short rest of a decode, which the wide kernels take in padded
 * blocks (gutf8conv-kernel-generic-padded.h): every length up to past
 * two of the widest such blocks, ending in each way a short input can
 * end (a character cut after each of its bytes, each malformed form, or
 * whole), against guard pages, with every output window up to all of it. */
static void
test_kernel_short_tails (gconstpointer data)
{
  const GUtf8ConvKernel *kernel = data;
  static const struct
  {
    guint8 len;
    guint8 bytes[4];
  } tails[] = {
    /* Cut after each byte but the last: the end of the input cuts them. */
    { 1, { 0xC3 } }, { 1, { 0xE0 } }, { 2, { 0xE0, 0xA0 } }, { 2, { 0xED, 0x9F } },
    { 2, { 0xE4, 0xB8 } }, { 1, { 0xF0 } }, { 2, { 0xF0, 0x90 } }, { 3, { 0xF0, 0x9F, 0x98 } },
    { 3, { 0xF4, 0x8F, 0xBF } }, { 3, { 0xF1, 0x80, 0x80 } },
    /* Whole, the last byte of the input ending them. */
    { 2, { 0xC3, 0xA9 } }, { 3, { 0xE4, 0xB8, 0xAD } }, { 3, { 0xED, 0x9F, 0xBF } },
    { 4, { 0xF0, 0x9F, 0x98, 0x80 } }, { 4, { 0xF4, 0x8F, 0xBF, 0xBF } }, { 1, { 0x41 } },
    /* Malformed: what no lead announces, leads that start nothing,
     * second bytes out of range, a lead without its continuation. */
    { 1, { 0x80 } }, { 2, { 0xC0, 0x80 } }, { 2, { 0xC1, 0xBF } }, { 3, { 0xE0, 0x80, 0x80 } },
    { 3, { 0xED, 0xA0, 0x80 } }, { 4, { 0xF0, 0x8F, 0xBF, 0xBF } }, { 4, { 0xF4, 0x90, 0x80, 0x80 } },
    { 2, { 0xF5, 0x80 } }, { 1, { 0xFF } }, { 2, { 0xC3, 0x41 } }, { 3, { 0xE4, 0xB8, 0x41 } },
  };
  guint8 buf[100];

  check_short_exact (kernel);
  for (gsize len = 1; len <= 72; len++)
    for (guint t = 0; t < G_N_ELEMENTS (tails); t++)
      {
        gsize tail = tails[t].len, n = 0;

        if (tail > len)
          continue;
        /* Valid text before it, ASCII where a character would not fit. */
        while (n < len - tail)
          {
            char tmp[6];
            gint k = g_unichar_to_utf8 (g_test_rand_int_range (0, 3) == 0 ? 0x61 : random_char (), tmp);

            if ((gsize) k > len - tail - n)
              tmp[0] = 0x61, k = 1;
            memcpy (buf + n, tmp, k);
            n += k;
          }
        memcpy (buf + n, tails[t].bytes, tail);
        check_guarded (kernel, DECODE, buf, len, 4 * len, random_flags (TRUE));
        check_guarded (kernel, DECODE16, buf, len, 2 * len, random_flags (TRUE));
        for (gsize out_len = 0; out_len <= 4 * len; out_len++)
          check_call (kernel, DECODE, buf, len, out_len, random_flags (TRUE));
      }
}

/* Each kind of sequence, whole or malformed (behaviour guide,
 * #behaviour-errors), at every place of every input of 1 to 32 bytes,
 * among the characters of @fill: the scalar decoder takes whole
 * sequences from their lead while four bytes are left and the rest one
 * byte at a time, and the wide kernels hand it such short input.  Exact
 * bytes, against GLib's reading: the output with a unit's room per input
 * byte, with room for exactly the characters, and for one less; each
 * byte order, with and without the BMP limit. */
static void
check_short_sequences (const GUtf8ConvKernel *kernel,
                       const guint32         *fill,
                       guint                  n_fill)
{
  static const struct
  {
    guint8 len;
    guint8 bytes[4];
  } items[] = {
    /* Whole: the first and last value of each length, the edges of the
     * second byte's ranges, U+0000. */
    { 1, { 0x00 } }, { 1, { 0x41 } }, { 1, { 0x7F } }, { 2, { 0xC2, 0x80 } }, { 2, { 0xDF, 0xBF } },
    { 3, { 0xE0, 0xA0, 0x80 } }, { 3, { 0xE4, 0xB8, 0xAD } }, { 3, { 0xED, 0x9F, 0xBF } },
    { 3, { 0xEE, 0x80, 0x80 } }, { 3, { 0xEF, 0xBF, 0xBF } }, { 4, { 0xF0, 0x90, 0x80, 0x80 } },
    { 4, { 0xF3, 0xBF, 0xBF, 0xBF } }, { 4, { 0xF4, 0x8F, 0xBF, 0xBF } },
    /* Malformed: a continuation byte alone, leads that start nothing,
     * a second byte out of its lead's range, a continuation byte missing
     * in each place (an ASCII byte or a lead there instead). */
    { 1, { 0x80 } }, { 1, { 0xBF } }, { 2, { 0xC0, 0x80 } }, { 2, { 0xC1, 0xBF } },
    { 2, { 0xF5, 0x80 } }, { 1, { 0xFF } }, { 2, { 0xC2, 0x41 } }, { 2, { 0xDF, 0xC0 } },
    { 3, { 0xE0, 0x9F, 0xBF } }, { 3, { 0xED, 0xA0, 0x80 } }, { 3, { 0xE1, 0x7F, 0x80 } },
    { 3, { 0xE4, 0xB8, 0x41 } }, { 3, { 0xEF, 0xBF, 0xC0 } }, { 4, { 0xF0, 0x8F, 0xBF, 0xBF } },
    { 4, { 0xF4, 0x90, 0x80, 0x80 } }, { 4, { 0xF1, 0xC0, 0x80, 0x80 } },
    { 4, { 0xF1, 0x80, 0x41, 0x80 } }, { 4, { 0xF1, 0x80, 0x80, 0xE4 } },
  };
  guint8 in[32], out[4 * 32 + 64];

  for (gsize len = 1; len <= sizeof in; len++)
    for (gsize at = 0; at < len; at++)
      for (guint t = 0; t < G_N_ELEMENTS (items); t++)
        for (guint flags = 0; flags <= (GUTF8CONV_KERNEL_BIG_ENDIAN | GUTF8CONV_KERNEL_BMP_ONLY); flags++)
          {
            gboolean big_endian = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;
            guint32 max_value = (flags & GUTF8CONV_KERNEL_BMP_ONLY) ? 0xFFFF : 0x10FFFF;
            guint8 expected[4 * 32];
            gsize n = 0, k = 0, n_chars = 0, ends[33];
            gsize windows[3];

            /* Characters before it and after it, ASCII where one does not
             * fit; the end of the input may cut it. */
            while (n < len)
              {
                char tmp[6];
                gint m;

                if (n == at)
                  {
                    m = MIN (items[t].len, len - n);
                    memcpy (in + n, items[t].bytes, m);
                    n += m;
                    continue;
                  }
                m = g_unichar_to_utf8 (fill[(len + at + k++) % n_fill], tmp);
                if ((gsize) m > (n < at ? at : len) - n)
                  tmp[0] = 0x61, m = 1;
                memcpy (in + n, tmp, m);
                n += m;
              }

            /* GLib's reading: whole characters up to the first that is
             * not, or that the limit refuses (U+0000 by hand). */
            ends[0] = 0;
            for (n = 0; n < len; n_chars++)
              {
                gunichar c = in[n] == 0 ? 0 : g_utf8_get_char_validated ((const char *) in + n, len - n);

                if (c == (gunichar) -1 || c == (gunichar) -2 || c > max_value)
                  break;
                c = big_endian ? GUINT32_TO_BE (c) : GUINT32_TO_LE (c);
                memcpy (expected + 4 * n_chars, &c, 4);
                n += in[n] == 0 ? 1 : g_utf8_skip[in[n]];
                ends[n_chars + 1] = n;
              }

            windows[0] = 4 * len;
            windows[1] = 4 * n_chars;
            windows[2] = n_chars > 0 ? 4 * n_chars - 4 : 0;
            for (guint w = 0; w < G_N_ELEMENTS (windows); w++)
              {
                gsize fit = MIN (n_chars, windows[w] / 4), used = G_MAXSIZE, got;

                memset (out, CANARY, sizeof out);
                got = kernel->decode (in, len, out, windows[w], flags, &used);
                if (got != 4 * fit || used != ends[fit])
                  g_test_message ("kernel %s, %" G_GSIZE_FORMAT " bytes, sequence %u at %" G_GSIZE_FORMAT
                                  ", flags %u, window %" G_GSIZE_FORMAT,
                                  kernel->name, len, t, at, flags, windows[w]);
                g_assert_cmpmem (out, got, expected, 4 * fit);
                g_assert_cmpuint (used, ==, ends[fit]);
                g_assert_cmphex (out[windows[w]], ==, CANARY);
              }
          }
}

/* check_short_sequences() among characters of every length, and among
 * ASCII (a block of it around an ASCII byte, which the wide kernels
 * widen at once). */
static void
test_kernel_short_sequences (gconstpointer data)
{
  static const guint32 mixed[] = { 0x61, 0xE9, 0x4E2D, 0x1F600, 0x20 };
  static const guint32 ascii[] = { 0x61, 0x20, 0x7A, 0x2E, 0x30 };

  check_short_sequences (data, mixed, G_N_ELEMENTS (mixed));
  check_short_sequences (data, ascii, G_N_ELEMENTS (ascii));
}

/* ---- Mending (GUtf8ConvDecodeMendFunc) ---- */

/* The maximal subpart at @p (behaviour-errors) by the codec's own rows of
 * the Unicode profile, as its dense loop reads them: 0 where the end of
 * the input (@end) cuts a sequence, or where @p starts a valid one. */
static gsize
ref_subpart (const guint8 *p,
             const guint8 *end)
{
  const GUtf8ConvLead *lead = &gutf8conv_profile_info (GUTF8CONV_PROFILE_UNICODE)->lead[(p[0] - 0xC0) & 0x3F];
  gsize len = 2;

  if (p[0] < 0xC0 || lead->need == 0)
    return p[0] < 0x80 ? 0 : 1;
  if (end - p < 2)
    return 0;
  if (p[1] < lead->lo || p[1] > lead->hi)
    return 1;
  while (len <= lead->need && p + len < end && (p[len] & 0xC0) == 0x80)
    len++;
  return len > lead->need || p + len == end ? 0 : len;
}

/* @kernel's mending decoder to units of @unit bytes (4: UCS-4, 2:
 * UTF-16; 1: its mending copy, UTF-8), and the scalar kernel's plain
 * one. */
static GUtf8ConvDecodeMendFunc
decode_mend_fn (const GUtf8ConvKernel *kernel,
                guint                  unit)
{
  return unit == 1 ? kernel->copy_mend : unit == 2 ? kernel->decode16_mend : kernel->decode_mend;
}

static GUtf8ConvDecodeFunc
scalar_decode_fn (guint unit)
{
  return unit == 1 ? gutf8conv_kernel_scalar_copy
                   : unit == 2 ? gutf8conv_kernel_scalar_decode16 : gutf8conv_kernel_scalar_decode;
}

/* The most output bytes a byte of input gives, mending to units of
 * @unit: U+FFFD for a byte alone is EF BF BD in UTF-8. */
static gsize
mend_width (guint unit)
{
  return unit == 1 ? 3 : unit;
}

/* One call of @kernel's mending decoder to units of @unit bytes, checked
 * against the scalar kernel: what it read must be runs the scalar kernel
 * converts whole, each up to a malformed sequence that it mended (its
 * maximal subpart, none the input's end cuts), the last one up to where
 * the scalar kernel stops too; the output exactly those runs' and the
 * replacements (U+FFFD, one unit), the count exactly the mended
 * sequences.  Returns how many it mended. */
static guint64
check_mend_call (const GUtf8ConvKernel   *kernel,
                 guint                    unit,
                 const guint8            *in,
                 gsize                    len,
                 gsize                    out_len,
                 guint                    flags,
                 GUtf8ConvKernelMendMode  mode)
{
  gboolean big_endian = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;
  g_autofree guint8 *out = g_malloc (out_len + 64);
  g_autofree guint8 *ref = g_malloc (out_len + 64);
  GUtf8ConvKernelMend mend = { mode, 0 };
  const guint8 *q = in;
  guint8 *r = ref;
  guint64 n_ref = 0;
  gsize used = G_MAXSIZE, n;

  memset (out, CANARY, out_len + 64);
  n = decode_mend_fn (kernel, unit) (in, len, out, out_len, flags, &used, &mend);
  for (gsize i = out_len; i < out_len + 64; i++)
    g_assert_cmphex (out[i], ==, CANARY);
  g_assert_cmpuint (used, <=, len);
  g_assert_cmpuint (n, <=, out_len);
  for (;;)
    {
      gsize u, k, sub;

      r += scalar_decode_fn (unit) (q, len - (q - in), r, out_len - (r - ref), flags, &u);
      q += u;
      if (q >= in + used)
        break;
      /* Not where the scalar kernel stops: a mend. */
      sub = ref_subpart (q, in + len);
      if (sub == 0 || q + sub > in + used ||
          (mode == GUTF8CONV_KERNEL_MEND_REPLACE && out_len - (r - ref) < mend_width (unit)))
        {
          g_autofree char *hex = tu_to_hex (in, len);

          g_test_message ("kernel %s mending to units of %u %s, out_len %" G_GSIZE_FORMAT ", flags %u, mode %d: read %"
                          G_GSIZE_FORMAT ", the scalar kernel stops at %" G_GSIZE_FORMAT
                          " where no mend can be", kernel->name, unit, hex, out_len, flags, mode,
                          used, (gsize) (q - in));
          g_assert_not_reached ();
        }
      if (mode == GUTF8CONV_KERNEL_MEND_REPLACE && unit == 1)
        {
          memcpy (r, "\xEF\xBF\xBD", 3);
          r += 3;
        }
      else if (mode == GUTF8CONV_KERNEL_MEND_REPLACE)
        {
          for (k = 0; k < unit; k++)
            r[k] = (0xFFFDu >> (8 * (big_endian ? unit - 1 - k : k))) & 0xFF;
          r += unit;
        }
      n_ref++;
      q += sub;
    }
  if (q != in + used || n != (gsize) (r - ref) || memcmp (out, ref, n) != 0 || mend.n_mended != n_ref)
    {
      g_test_message ("kernel %s mending to units of %u, len %" G_GSIZE_FORMAT ", out_len %" G_GSIZE_FORMAT
                      ", flags %u, mode %d: read %" G_GSIZE_FORMAT " wrote %" G_GSIZE_FORMAT
                      " mended %" G_GUINT64_FORMAT "; the reference read %" G_GSIZE_FORMAT
                      " wrote %" G_GSIZE_FORMAT " mended %" G_GUINT64_FORMAT,
                      kernel->name, unit, len, out_len, flags, mode, used, n, mend.n_mended,
                      (gsize) (q - in), (gsize) (r - ref), n_ref);
      g_assert_cmpuint (used, ==, q - in);
      g_assert_cmpmem (out, n, ref, (gsize) (r - ref));
      g_assert_cmpuint (mend.n_mended, ==, n_ref);
    }
  return mend.n_mended;
}

static guint
random_mend_flags (void)
{
  return g_test_rand_bit () ? GUTF8CONV_KERNEL_BIG_ENDIAN : 0;
}

static GUtf8ConvKernelMendMode
random_mend_mode (void)
{
  return g_test_rand_bit () ? GUTF8CONV_KERNEL_MEND_REPLACE : GUTF8CONV_KERNEL_MEND_SKIP;
}

/* Random damaged text of every length at every alignment, output windows
 * from empty to roomy; and the other flags, with which it mends nothing
 * (#behaviour-kernel-mend). */
static void
check_mend_random (const GUtf8ConvKernel *kernel,
                   guint                  unit)
{
  for (gsize len = 0; len <= MAX_LEN; len++)
    for (guint round = 0; round < ROUNDS; round++)
      {
        gsize offset = g_test_rand_int_range (0, 64);
        g_autofree guint8 *mem = g_malloc (offset + len + (len == 0));
        guint8 *in = mem + offset;
        gsize out_len = g_test_rand_bit () ? mend_width (unit) * len : random_out_len (mend_width (unit) * len);

        random_utf8 (in, len);
        check_mend_call (kernel, unit, in, len, out_len, random_mend_flags (), random_mend_mode ());
        if (round % 8 == 0)
          {
            guint flags = random_flags (TRUE) | GUTF8CONV_KERNEL_BMP_ONLY;

            g_assert_cmpuint (check_mend_call (kernel, unit, in, len, out_len, flags, random_mend_mode ()), ==, 0);
          }
      }
}



/* Text with one malformed sequence of the malformed table (Unicode's
 * profile) at every position of the first blocks and across their ends,
 * and sparse ones after it: all of it taken but a scalar tail, and
 * with the output cut short at every length around each mend
 * (#behaviour-kernel-mend). */
static void
check_mend_positions (const GUtf8ConvKernel *kernel,
                      guint                  unit)
{
  enum { LEN = 320, SPACING = 80 };
  guint8 text[LEN], in[LEN];

  for (guint i = 0; i < tu_n_malformed_decode; i++)
    {
      g_autoptr(GBytes) bad = NULL;
      gsize bad_len;
      const guint8 *bad_bytes;

      if (!(tu_malformed_decode[i].profiles & TU_UNICODE))
        continue;
      bad = tu_hex (tu_malformed_decode[i].input);
      bad_bytes = g_bytes_get_data (bad, &bad_len);
      if (bad_len == 0 || bad_len > 16)
        continue;
      random_run (text, g_test_rand_int_range (2, 5), g_test_rand_int_range (0, 31));
      for (gsize at = 0; at < 2 * 64 + 8; at++)
        {
          guint flags = random_mend_flags ();
          GUtf8ConvKernelMendMode mode = random_mend_mode ();
          guint64 n;
          gsize used, pos, first;
          guint8 *out = g_malloc (mend_width (unit) * LEN);
          GUtf8ConvKernelMend mend = { mode, 0 };

          /* The sequence at @at, a character boundary or not, and more
           * of it every SPACING bytes up to the last 100. */
          memcpy (in, text, LEN);
          for (pos = at; pos + bad_len <= LEN - 100; pos += SPACING)
            {
              /* What is left of a character it is written over: ASCII. */
              for (gsize k = pos; k > 0 && (text[k] & 0xC0) == 0x80; k--)
                in[k - 1] = 'x';
              memcpy (in + pos, bad_bytes, bad_len);
              for (gsize k = pos + bad_len; k < LEN && (in[k] & 0xC0) == 0x80; k++)
                in[k] = 'x';
            }
          n = check_mend_call (kernel, unit, in, LEN, mend_width (unit) * LEN, flags, mode);
          decode_mend_fn (kernel, unit) (in, LEN, out, mend_width (unit) * LEN, flags, &used, &mend);
          /* Where the first replacement goes: the text before it is
           * whole characters. */
          first = scalar_decode_fn (unit) (in, at, out, mend_width (unit) * LEN, flags, &pos);
          g_assert_cmpuint (pos, ==, at);
          g_free (out);
          /* Sparse: mended, none left to the codec before the tail; the
           * first sequence near the start may come after too many, or
           * after ASCII alone (single-byte text, which the codec takes). */
          gboolean utf8_before = FALSE;

          for (gsize k = at >= 16 ? at - 16 : 0; k < at; k++)
            utf8_before |= in[k] >= 0x80;
          /* ASCII between its subparts is single-byte text's pattern. */
          for (gsize k = 0; k < bad_len; k++)
            utf8_before &= bad_bytes[k] >= 0x80;
          if (at < GUTF8CONV_KERNEL_MEND_GAP || !utf8_before)
            ;
          else if (used < LEN - 64)
            {
              g_autofree char *hex = tu_to_hex (in, LEN);

              g_test_message ("kernel %s mending to units of %u %s at %" G_GSIZE_FORMAT ": stopped at %"
                              G_GSIZE_FORMAT " of %s", kernel->name, unit, tu_malformed_decode[i].input, at,
                              used, hex);
              g_assert_cmpuint (used, >=, LEN - 64);
            }
          if (n == 0 && at >= GUTF8CONV_KERNEL_MEND_GAP && utf8_before)
            {
              g_test_message ("kernel %s mended nothing to units of %u of %s at %" G_GSIZE_FORMAT,
                              kernel->name, unit, tu_malformed_decode[i].input, at);
              g_assert_not_reached ();
            }
          /* Output windows that end inside the first replacement and
           * around it, every one there. */
          for (gsize out_len = 0; out_len <= first + 8 * unit; out_len += out_len + 8 >= first ? 1 : 8)
            check_mend_call (kernel, unit, in, LEN, out_len, flags, mode);
        }
    }
}

/* @n bytes 80..FF at @at of @in, over what @text (@len bytes) has
 * there; what is left of the characters they are written over becomes
 * ASCII. */
static void
damage_run (guint8       *in,
            const guint8 *text,
            gsize         len,
            gsize         at,
            gsize         n)
{
  for (gsize k = at; k > 0 && (text[k] & 0xC0) == 0x80; k--)
    in[k - 1] = 'x';
  for (gsize k = 0; k < n; k++)
    in[at + k] = g_test_rand_int_range (0x80, 0x100);
  for (gsize k = at + n; k < len && (text[k] & 0xC0) == 0x80; k++)
    in[k] = 'x';
}

/* Long text with damage far apart (over a kilobyte of clean text before
 * each, which the kernels take as sparse and mend without leaving the
 * fast loop), then close together (a dense stretch), then far apart
 * again: every sequence mended as the scalar kernel reads it, in one
 * call and with the output cut anywhere (#behaviour-kernel-mend). */
static void
check_mend_sparse (const GUtf8ConvKernel *kernel,
                   guint                  unit)
{
  enum { LEN = 12 * 1024 };
  static const gsize gaps[] = { 1100, 1500, 1024, 2047, 30, 17, 60, 5, 90, 40, 1800, 1030, 3000 };
  g_autofree guint8 *in = g_malloc (LEN);
  g_autofree guint8 *text = g_malloc (LEN);

  for (guint round = 0; round < 8; round++)
    {
      gsize n = 0, at = 1100 + g_test_rand_int_range (0, 64);
      guint64 mended;

      /* Characters of one to four bytes, the last one ASCII padding. */
      while (n < LEN)
        {
          char tmp[6];
          guint32 c = g_test_rand_int_range (0, 4) == 0 ? (guint32) 'a' + n % 26 : random_char ();
          gint k = g_unichar_to_utf8 (c, tmp);

          if (n + k > LEN)
            tmp[0] = ' ', k = 1;
          memcpy (text + n, tmp, k);
          n += k;
        }
      memcpy (in, text, LEN);
      for (guint g = 0; g < G_N_ELEMENTS (gaps) && at + 6 < LEN; at += gaps[g++])
        damage_run (in, text, LEN, at, g_test_rand_int_range (1, 7));
      mended = check_mend_call (kernel, unit, in, LEN, mend_width (unit) * LEN, random_mend_flags (),
                                random_mend_mode ());
      g_assert_cmpuint (mended, >=, 1);
      for (guint k = 0; k < 16; k++)
        check_mend_call (kernel, unit, in, LEN, random_out_len (mend_width (unit) * LEN), random_mend_flags (),
                         random_mend_mode ());
    }
}

/* Damaged characters: runs of one to six bytes 80..FF, several malformed
 * sequences back to back, in text of two- to four-byte characters, at
 * every position of the first blocks and across their ends and of the
 * input's last 80 bytes, where the rest left after a mend crosses the
 * careful loop's least input; every other time a second run up to 24
 * bytes after the first (two in one block); the output cut short at
 * every length around the first (#behaviour-kernel-mend). */
static void
check_mend_runs (const GUtf8ConvKernel *kernel,
                 guint                  unit)
{
  guint8 text[RUN_LEN], in[RUN_LEN], scratch[4 * RUN_LEN];

  for (guint round = 0; round < 4; round++)
    {
      random_run (text, g_test_rand_int_range (2, 5), 0);
      for (gsize at = 16; at < RUN_LEN; at += at == 2 * 64 + 8 ? RUN_LEN - 80 - at : 1)
        {
          /* Drawn once: MIN() evaluates its arguments twice, and a
           * second draw could run past the end of @in. */
          gsize n = g_test_rand_int_range (1, 7);
          gsize at2;
          guint flags = random_mend_flags ();
          GUtf8ConvKernelMendMode mode = random_mend_mode ();
          gsize lo, hi, used;

          n = MIN (n, RUN_LEN - at);
          at2 = at + n + g_test_rand_int_range (1, 25);

          memcpy (in, text, RUN_LEN);
          damage_run (in, text, RUN_LEN, at, n);
          if (g_test_rand_bit () && at2 + 6 <= RUN_LEN)
            damage_run (in, text, RUN_LEN, at2, g_test_rand_int_range (1, 7));
          check_mend_call (kernel, unit, in, RUN_LEN, mend_width (unit) * RUN_LEN, flags, mode);
          lo = unit * (at - 16);
          hi = unit * at + mend_width (unit) * (n + 2);
          if (unit == 2)
            {
              /* Fewer units than bytes: around where the first
               * replacement goes, after the whole characters before it. */
              gsize first = scalar_decode_fn (2) (in, at, scratch, sizeof scratch, flags, &used);

              g_assert_cmpuint (used, ==, at);
              lo = first - MIN (first, 32);
              hi = first + 2 * (n + 2);
            }
          for (gsize out_len = lo; out_len <= hi && out_len <= mend_width (unit) * RUN_LEN; out_len++)
            check_mend_call (kernel, unit, in, RUN_LEN, out_len, flags, mode);
        }
    }
}





/* Long text of words between spaces, as real text is, each word in one
 * of a few scripts, a random byte 80..FF every few dozen bytes: the fast
 * loops' blocks mended one after another, and decode16's blocks of
 * values, which end anywhere, in a damaged character too, where the steps
 * after them must not take the bytes before as a whole character's; the
 * whole output, and cut short (#behaviour-kernel-mend). */
static void
check_mend_dense (const GUtf8ConvKernel *kernel,
                  guint                  unit)
{
  enum { DENSE_LEN = 16384 };
  static const guint32 scripts[][2] = {
    { 0x61, 0x7B }, { 0xE0, 0x100 }, { 0x400, 0x450 }, { 0x900, 0x980 }, { 0x4E00, 0x9FA0 }, { 0x1F300, 0x1F650 },
  };
  g_autofree guint8 *in = g_malloc (DENSE_LEN);

  for (guint round = 0; round < 16; round++)
    {
      /* The scripts of this round's words: one, or a few. */
      guint first = g_test_rand_int_range (0, G_N_ELEMENTS (scripts));
      guint count = g_test_rand_int_range (1, G_N_ELEMENTS (scripts) - first + 1);
      guint span = g_test_rand_int_range (10, 200);
      gsize n = 0;

      while (n < DENSE_LEN)
        {
          const guint32 *script = scripts[first + g_test_rand_int_range (0, count)];

          for (gint w = g_test_rand_int_range (1, 9); w >= 0 && n < DENSE_LEN; w--)
            {
              char tmp[6];
              guint32 c = w == 0 ? ' ' : (guint32) g_test_rand_int_range (script[0], script[1]);
              gint k = g_unichar_to_utf8 (c, tmp);

              memcpy (in + n, tmp, MIN ((gsize) k, DENSE_LEN - n));
              n += k;
            }
        }
      for (gsize at = g_test_rand_int_range (0, span); at < DENSE_LEN; at += g_test_rand_int_range (1, 2 * span))
        in[at] = g_test_rand_int_range (0x80, 0x100);
      check_mend_call (kernel, unit, in, DENSE_LEN, mend_width (unit) * DENSE_LEN, random_mend_flags (),
                       random_mend_mode ());
      check_mend_call (kernel, unit, in, DENSE_LEN, random_out_len (mend_width (unit) * DENSE_LEN),
                       random_mend_flags (), random_mend_mode ());
    }
}

/* A lead whose second byte is out of its range but a continuation byte
 * (E0 86, F0 8F: two maximal subparts, then lone continuation bytes), at
 * every character of a stretch that a block of values starting at an
 * earlier malformed byte ends in (decode16's values are
 * gutf8conv-kernel-generic-utf16-decode.h's GK16_BLOCK, 256): the step
 * after the block must take the bytes before it as no character's start
 * (#behaviour-kernel-mend). */
static void
check_mend_lead_cut (const GUtf8ConvKernel *kernel,
                     guint                  unit)
{
  enum { CUT_LEN = 2048 };
  static const struct { guint32 lo, hi; guint8 second; } kinds[] = {
    { 0x900, 0x980, 0x86 }, { 0x1F300, 0x1F650, 0x8F },
  };
  guint8 text[CUT_LEN], in[CUT_LEN];

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      gsize n = 0;

      /* Words of the kind's characters between spaces. */
      while (n < CUT_LEN)
        {
          char tmp[6];
          guint32 c = g_test_rand_int_range (0, 5) == 0 ? ' ' : (guint32) g_test_rand_int_range (kinds[k].lo, kinds[k].hi);
          gint len = g_unichar_to_utf8 (c, tmp);

          memcpy (text + n, tmp, MIN ((gsize) len, CUT_LEN - n));
          n += len;
        }
      for (gsize at = 500; at < CUT_LEN - 8; at++)
        {
          if (text[at] < 0xE0)
            continue;
          memcpy (in, text, CUT_LEN);
          in[200] = 0xFF;
          in[at + 1] = kinds[k].second;
          check_mend_call (kernel, unit, in, CUT_LEN, mend_width (unit) * CUT_LEN, random_mend_flags (),
                           random_mend_mode ());
        }
    }
}

/* As test_kernel_guard_pages(): damaged text against a guard page at the
 * input's and the output's either end. */
static void
check_mend_guard_pages (const GUtf8ConvKernel *kernel,
                        guint                  unit)
{
  guint8 buf[MAX_LEN];

  for (gsize len = 0; len <= MAX_LEN; len++)
    for (guint at_end = 0; at_end < 2; at_end++)
      {
        Guarded gin, gout;
        gsize out_len = g_test_rand_bit () ? mend_width (unit) * len : random_out_len (mend_width (unit) * len);
        guint8 *in = guarded_new (&gin, len, at_end);
        guint8 *out = guarded_new (&gout, out_len, at_end);
        GUtf8ConvKernelMend mend = { random_mend_mode (), 0 };
        guint flags = random_mend_flags ();
        gsize used;

        random_utf8 (buf, len);
        memcpy (in, buf, len);
        decode_mend_fn (kernel, unit) (in, len, out, out_len, flags, &used, &mend);
        check_mend_call (kernel, unit, in, len, out_len, flags, mend.mode);
        guarded_free (&gin);
        guarded_free (&gout);
      }
}



/* Damaged text whose last character the end of the input cuts: the
 * malformed sequence before it mended, the cut one left to the codec,
 * which may complete it with the next call (#behaviour-kernel-mend);
 * with every output window up to the whole. */
static void
check_mend_cut (const GUtf8ConvKernel *kernel,
                guint                  unit)
{
  static const char *const cuts[] = { "C3", "E2", "E2 82", "F0", "F0 9F", "F0 9F 98", "F4 8F BF" };
  static const char *const bads[] = { "FF", "80", "C0 80", "E2 28", "ED A0 80", "F0 9F 98 41" };
  enum { LEN = 200 };

  for (guint c = 0; c < G_N_ELEMENTS (cuts); c++)
    for (guint b = 0; b < G_N_ELEMENTS (bads); b++)
      {
        g_autoptr(GBytes) cut = tu_hex (cuts[c]);
        g_autoptr(GBytes) bad = tu_hex (bads[b]);
        gsize cut_len = g_bytes_get_size (cut), bad_len = g_bytes_get_size (bad), len = 0, used;
        guint flags = random_mend_flags ();
        GUtf8ConvKernelMendMode mode = random_mend_mode ();
        guint8 in[LEN + 8], out[2 * LEN * 4];
        GUtf8ConvKernelMend mend = { mode, 0 };

        /* Two-byte text, the malformed sequence in the middle. */
        while (len + 2 <= LEN - cut_len - bad_len)
          {
            in[len] = 0xD0;
            in[len + 1] = 0x90 + len % 32;
            len += 2;
            if (len >= LEN / 2 && bad_len > 0)
              {
                memcpy (in + len, g_bytes_get_data (bad, NULL), bad_len);
                len += bad_len;
                bad_len = 0;
              }
          }
        memcpy (in + len, g_bytes_get_data (cut, NULL), cut_len);
        len += cut_len;
        decode_mend_fn (kernel, unit) (in, len, out, sizeof out, flags, &used, &mend);
        g_assert_cmpuint (used, ==, len - cut_len);
        g_assert_cmpuint (mend.n_mended, >=, 1);
        for (gsize out_len = 0; out_len <= mend_width (unit) * len; out_len++)
          check_mend_call (kernel, unit, in, len, out_len, flags, mode);
      }
}








/* One check of a mend group's tests, with the kernel and unit it runs
 * with (decode_mend_fn()). */
typedef struct
{
  void                 (*check) (const GUtf8ConvKernel *kernel,
                                 guint                  unit);
  const GUtf8ConvKernel *kernel;
  guint                  unit;
} MendCase;

static void
test_mend (gconstpointer data)
{
  const MendCase *c = data;

  c->check (c->kernel, c->unit);
}

/* /kernels/KERNEL/GROUP/..., each mend group @kernel has a function for:
 * mend (to UCS-4), mend16 (to UTF-16), copy-mend (UTF-8, the repair). */
static void
add_mend_tests (const GUtf8ConvKernel *kernel)
{
  static const struct
  {
    const char *name;
    void (*check) (const GUtf8ConvKernel *kernel, guint unit);
  } tests[] = {
    { "random", check_mend_random }, { "positions", check_mend_positions },
    { "guard-pages", check_mend_guard_pages }, { "cut", check_mend_cut }, { "runs", check_mend_runs },
    { "dense", check_mend_dense }, { "lead-cut", check_mend_lead_cut }, { "sparse", check_mend_sparse },
  };
  static const struct
  {
    const char *group;
    guint unit;
  } groups[] = { { "mend", 4 }, { "mend16", 2 }, { "copy-mend", 1 } };
  /* Enough for sixteen kernels. */
  static MendCase cases[16 * G_N_ELEMENTS (groups) * G_N_ELEMENTS (tests)];
  static guint n_cases;

  for (guint g = 0; g < G_N_ELEMENTS (groups); g++)
    for (guint t = 0; t < G_N_ELEMENTS (tests) && decode_mend_fn (kernel, groups[g].unit) != NULL; t++)
      {
        g_autofree char *path = g_strdup_printf ("/kernels/%s/%s/%s", kernel->name, groups[g].group, tests[t].name);
        MendCase *c = &cases[n_cases++];

        g_assert_cmpuint (n_cases, <=, G_N_ELEMENTS (cases));
        c->check = tests[t].check;
        c->kernel = kernel;
        c->unit = groups[g].unit;
        g_test_add_data_func (path, c, test_mend);
      }
}

/* ---- Mending bad units when encoding (GUtf8ConvEncodeMendFunc) ---- */

static GUtf8ConvEncodeMendFunc
encode_mend_fn (const GUtf8ConvKernel *kernel,
                Kind                   kind)
{
  return kind == ENCODE16 ? kernel->encode16_mend : kernel->encode_mend;
}

/* Whether the unit at @p, @left bytes of input from it, is one a mending
 * encoder mends: UCS-4, a surrogate or a value above U+10FFFF; UTF-16, a
 * lone surrogate, not a high unit whose next unit is not in the input. */
static gboolean
ref_bad_unit (Kind          kind,
              const guint8 *p,
              gsize         left,
              gboolean      big_endian)
{
  guint32 c;

  if (kind == ENCODE)
    {
      if (left < 4)
        return FALSE;
      c = load_u32 (p, big_endian);
      return c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF);
    }
  if (left < 2)
    return FALSE;
  c = load_u16 (p, big_endian);
  if (c < 0xD800 || c > 0xDFFF)
    return FALSE;
  if (c >= 0xDC00)
    return TRUE;
  if (left < 4)
    return FALSE;
  c = load_u16 (p + 2, big_endian);
  return c < 0xDC00 || c > 0xDFFF;
}

/* One call of @kernel's mending encoder for @kind (ENCODE or ENCODE16),
 * checked against the scalar kernel: what it read must be runs the scalar
 * kernel converts whole, each up to a bad unit that it mended, wherever it
 * is, the last up to where the scalar kernel stops at something else (a
 * pair the end cuts, a full output); the output exactly those runs' and
 * the replacements (EF BF BD), the count exactly the bad units.  With
 * flags other than the byte order it mends nothing.  Returns the count. */
static guint64
check_encode_mend_call (const GUtf8ConvKernel   *kernel,
                        Kind                     kind,
                        const guint8            *in,
                        gsize                    len,
                        gsize                    out_len,
                        guint                    flags,
                        GUtf8ConvKernelMendMode  mode)
{
  gboolean big_endian = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;
  gboolean mends = (flags & ~GUTF8CONV_KERNEL_BIG_ENDIAN) == 0;
  GUtf8ConvEncodeFunc scalar = kernel_fn (&gutf8conv_kernel_scalar, kind);
  gsize unit = kind == ENCODE16 ? 2 : 4;
  g_autofree guint8 *out = g_malloc (out_len + 64);
  g_autofree guint8 *ref = g_malloc (out_len + 64);
  GUtf8ConvKernelMend mend = { mode, 0 };
  const guint8 *q = in;
  guint8 *r = ref;
  guint64 n_ref = 0;
  gsize used = G_MAXSIZE, n;

  memset (out, CANARY, out_len + 64);
  n = encode_mend_fn (kernel, kind) (in, len, out, out_len, flags, &used, &mend);
  for (gsize i = out_len; i < out_len + 64; i++)
    g_assert_cmphex (out[i], ==, CANARY);
  g_assert_cmpuint (used, <=, len);
  g_assert_cmpuint (n, <=, out_len);
  for (;;)
    {
      gsize u;

      r += scalar (q, len - (q - in), r, out_len - (r - ref), flags, &u);
      q += u;
      if (!mends || !ref_bad_unit (kind, q, len - (q - in), big_endian) ||
          (mode == GUTF8CONV_KERNEL_MEND_REPLACE && out_len - (r - ref) < 3))
        break;
      if (mode == GUTF8CONV_KERNEL_MEND_REPLACE)
        {
          memcpy (r, "\xEF\xBF\xBD", 3);
          r += 3;
        }
      n_ref++;
      q += unit;
    }
  if (used != (gsize) (q - in) || n != (gsize) (r - ref) || memcmp (out, ref, n) != 0 ||
      mend.n_mended != n_ref)
    {
      g_test_message ("kernel %s mending %s, len %" G_GSIZE_FORMAT ", out_len %" G_GSIZE_FORMAT
                      ", flags %u, mode %d: read %" G_GSIZE_FORMAT " wrote %" G_GSIZE_FORMAT
                      " mended %" G_GUINT64_FORMAT "; the reference read %" G_GSIZE_FORMAT
                      " wrote %" G_GSIZE_FORMAT " mended %" G_GUINT64_FORMAT,
                      kernel->name, kind_names[kind], len, out_len, flags, mode, used, n,
                      mend.n_mended, (gsize) (q - in), (gsize) (r - ref), n_ref);
      g_assert_cmpuint (used, ==, q - in);
      g_assert_cmpmem (out, n, ref, (gsize) (r - ref));
      g_assert_cmpuint (mend.n_mended, ==, n_ref);
    }
  return mend.n_mended;
}

/* A bad unit for @kind: UTF-16 a high or a low surrogate, UCS-4 either
 * or a value above U+10FFFF. */
static guint32
random_bad_unit (Kind kind)
{
  static const guint32 bad[] = { 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xDA12, 0xDE34,
                                 0x110000, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF };

  return bad[g_test_rand_int_range (0, kind == ENCODE16 ? 6 : G_N_ELEMENTS (bad))];
}

static void
put_unit (Kind      kind,
          guint8   *p,
          guint32   c,
          gboolean  big_endian)
{
  if (kind == ENCODE16)
    {
      guint8 b[2] = { c >> 8, c & 0xFF };

      if (!big_endian)
        b[0] = c & 0xFF, b[1] = c >> 8;
      memcpy (p, b, 2);
    }
  else
    {
      c = big_endian ? GUINT32_TO_BE (c) : GUINT32_TO_LE (c);
      memcpy (p, &c, 4);
    }
}

/* Random input of every length at every alignment, damaged now and then
 * or densely, output windows from empty to roomy; and the other flags,
 * with which it mends nothing (#behaviour-kernel-mend-encode). */
static void
test_kernel_encode_mend (gconstpointer data)
{
  const GUtf8ConvKernel *kernel = data;

  for (gsize len = 0; len <= MAX_LEN; len++)
    for (guint round = 0; round < ROUNDS; round++)
      {
        Kind kind = round % 2 ? ENCODE16 : ENCODE;
        gsize unit = kind == ENCODE16 ? 2 : 4;
        gsize offset = g_test_rand_int_range (0, 64);
        g_autofree guint8 *mem = g_malloc (offset + len + (len == 0));
        guint8 *in = mem + offset;
        guint flags = round % 8 == 1 ? random_flags (FALSE) : random_mend_flags ();
        gsize out_len = g_test_rand_bit () ? full_out_len (kind, len) : random_out_len (full_out_len (kind, len));

        random_input (kind, in, len, flags);
        if (g_test_rand_bit ())
          {
            guint every = g_test_rand_int_range (1, 65);

            for (gsize i = 0; i + unit <= len; i += unit)
              if (g_test_rand_int_range (0, every) == 0)
                put_unit (kind, in + i, random_bad_unit (kind), flags & GUTF8CONV_KERNEL_BIG_ENDIAN);
          }
        check_encode_mend_call (kernel, kind, in, len, out_len, flags, random_mend_mode ());
      }
}

/* Text of each flavour with a bad unit at every position of the first
 * blocks and across their ends, and more every SPACING units: all of it
 * taken (the count exact), but for a high unit last (a pair the end
 * cuts); and with the output cut short at every length around the first
 * replacement (#behaviour-kernel-mend-encode). */
static void
test_kernel_encode_mend_positions (gconstpointer data)
{
  const GUtf8ConvKernel *kernel = data;
  enum { UNITS = 300, SPACING = 70 };
  guint8 text[4 * UNITS], in[4 * UNITS];

  for (guint round = 0; round < 24; round++)
    {
      Kind kind = round % 2 ? ENCODE16 : ENCODE;
      gsize unit = kind == ENCODE16 ? 2 : 4, len = unit * UNITS;

      /* Clean text: random input with its bad units made ASCII. */
      random_input (kind, text, len, 0);
      for (gsize i = 0; i < len; i += unit)
        if (ref_bad_unit (kind, text + i, len - i, FALSE))
          put_unit (kind, text + i, 'x', FALSE);
      for (gsize at = 0; at < 2 * 64 + 8; at++)
        {
          GUtf8ConvKernelMendMode mode = random_mend_mode ();
          gboolean big_endian = g_test_rand_bit ();
          guint flags = big_endian ? GUTF8CONV_KERNEL_BIG_ENDIAN : 0;
          gboolean cut = kind == ENCODE16 && at % 3 == 0;
          gsize pos;
          guint64 n;

          for (gsize i = 0; i < len; i += unit)
            put_unit (kind, in + i, kind == ENCODE16 ? load_u16 (text + i, FALSE) : load_u32 (text + i, FALSE),
                      big_endian);
          for (pos = at; pos < UNITS - 1; pos += SPACING)
            {
              guint32 bad = random_bad_unit (kind);

              put_unit (kind, in + unit * pos, bad, big_endian);
              /* A high unit before a low one would be a pair. */
              if (bad >= 0xD800 && bad <= 0xDBFF && ref_bad_unit (kind, in + unit * pos + 2, 2, big_endian))
                put_unit (kind, in + unit * pos + 2, 'x', big_endian);
            }
          /* A pair the end cuts: not mended, left to the codec. */
          if (cut)
            put_unit (kind, in + len - 2, 0xD83D, big_endian);
          n = check_encode_mend_call (kernel, kind, in, len, 4 * len, flags, mode);
          g_assert_cmpuint (n, >=, 1);
          for (gsize out_len = 0; out_len <= 3 * (at + 4); out_len++)
            check_encode_mend_call (kernel, kind, in, len, out_len, flags, mode);
        }
    }
}

/* As test_kernel_guard_pages(): damaged input against a guard page at
 * the input's and the output's either end. */
static void
test_kernel_encode_mend_guard_pages (gconstpointer data)
{
  const GUtf8ConvKernel *kernel = data;
  guint8 buf[MAX_LEN];

  for (gsize len = 0; len <= MAX_LEN; len++)
    for (guint at_end = 0; at_end < 4; at_end++)
      {
        Kind kind = at_end / 2 ? ENCODE16 : ENCODE;
        gsize unit = kind == ENCODE16 ? 2 : 4;
        Guarded gin, gout;
        gsize out_len = g_test_rand_bit () ? full_out_len (kind, len) : random_out_len (full_out_len (kind, len));
        guint8 *in = guarded_new (&gin, len, at_end % 2);
        guint8 *out = guarded_new (&gout, out_len, at_end % 2);
        g_autofree guint8 *plain = g_malloc (out_len + 1);
        guint flags = random_mend_flags ();
        GUtf8ConvKernelMend mend = { GUTF8CONV_KERNEL_MEND_SKIP, 0 };
        gsize used, used_plain, n, n_plain;

        random_input (kind, buf, len, flags);
        for (gsize i = 0; i + unit <= len; i += unit)
          if (g_test_rand_int_range (0, 16) == 0)
            put_unit (kind, buf + i, random_bad_unit (kind), flags & GUTF8CONV_KERNEL_BIG_ENDIAN);
        memcpy (in, buf, len);
        mend.mode = random_mend_mode ();
        n = encode_mend_fn (kernel, kind) (in, len, out, out_len, flags, &used, &mend);
        g_assert_cmpuint (check_encode_mend_call (kernel, kind, in, len, out_len, flags, mend.mode), ==,
                          mend.n_mended);
        n_plain = encode_mend_fn (kernel, kind) (buf, len, plain, out_len, flags, &used_plain, &mend);
        g_assert_cmpuint (used, ==, used_plain);
        g_assert_cmpmem (out, n, plain, n_plain);
        guarded_free (&gin);
        guarded_free (&gout);
      }
}

/* Single-byte text read as UTF-8: ASCII with bytes from 80 up alone or
 * after one of 80..BF, now and then a lead before a continuation byte
 * (where the block loop stops) and clean runs longer than it keeps. */
static void
random_single_byte (guint8 *buf,
                    gsize   len)
{
  for (gsize i = 0; i < len; i++)
    {
      guint r = g_test_rand_int_range (0, 1000);

      if (r < 80)
        buf[i] = g_test_rand_int_range (0x80, 0x100);
      else if (r < 90 && i + 1 < len)
        {
          buf[i++] = g_test_rand_int_range (0x80, 0xC0);
          buf[i] = g_test_rand_int_range (0x80, 0x100);
        }
      else if (r < 92 && i + 1 < len)
        {
          buf[i++] = g_test_rand_int_range (0xC0, 0x100);
          buf[i] = g_test_rand_int_range (0x80, 0xC0);
        }
      else if (r < 94)
        {
          gsize run = g_test_rand_int_range (64, 400);
          gsize end = MIN (len, i + run);

          memset (buf + i, 'e', end - i);
          i = end - 1;
        }
      else
        buf[i] = g_test_rand_int_range (0x20, 0x7F);
    }
}

/* What @mode writes for the byte @b from 80 up; 0 where the test does not
 * know it (CP1252's 80..9F, which the codec's tests check). */
static guint32
single_byte_value (GUtf8ConvKernelByteMode mode,
                   guint8                  b)
{
  switch (mode)
    {
    case GUTF8CONV_KERNEL_BYTE_REPLACE:
      return 0xFFFD;
    case GUTF8CONV_KERNEL_BYTE_ESCAPE:
      return 0xDC00 + b;
    case GUTF8CONV_KERNEL_BYTE_LATIN1:
      return b;
    default:
      return b >= 0xA0 ? b : 0;
    }
}

/* One call of @kernel's single_byte against the scalar kernel's: the
 * same bytes, stop, count, nothing written past @out_len; and what was
 * taken is what the mode says of each byte. */
static gsize
check_single_byte_call (const GUtf8ConvKernel   *kernel,
                        const guint8            *in,
                        gsize                    len,
                        gsize                    out_len,
                        guint                    unit,
                        guint                    flags,
                        GUtf8ConvKernelByteMode  mode)
{
  g_autofree guint8 *ref = g_malloc (out_len + 16);
  g_autofree guint8 *got = g_malloc (out_len + 16);
  gsize ref_used = 12345, got_used = 54321, ref_n, got_n, n_high = 0;
  guint64 ref_high = 99, got_high = 77;
  gboolean big = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;

  memset (ref, CANARY, out_len + 16);
  memset (got, CANARY, out_len + 16);
  ref_n = gutf8conv_kernel_scalar_single_byte (in, len, ref, out_len, unit, flags, mode, &ref_used, &ref_high);
  got_n = kernel->single_byte (in, len, got, out_len, unit, flags, mode, &got_used, &got_high);
  if (got_used != ref_used || got_n != ref_n)
    g_test_message ("kernel %s, %" G_GSIZE_FORMAT " bytes, unit %u, flags %u, mode %d, room %" G_GSIZE_FORMAT
                    ": took %" G_GSIZE_FORMAT "/%" G_GSIZE_FORMAT ", wrote %" G_GSIZE_FORMAT "/%" G_GSIZE_FORMAT,
                    kernel->name, len, unit, flags, mode, out_len, got_used, ref_used, got_n, ref_n);
  g_assert_cmpuint (got_used, ==, ref_used);
  g_assert_cmpuint (got_n, ==, ref_n);
  g_assert_cmpuint (got_high, ==, ref_high);
  g_assert_cmpmem (got, out_len + 16, ref, out_len + 16);
  g_assert_cmpuint (ref_used, <=, len);
  g_assert_cmpuint (ref_n, <=, out_len);
  g_assert_cmpuint (ref_used % GUTF8CONV_KERNEL_SINGLE_BYTE_BLOCK, ==, 0);
  for (gsize i = out_len; i < out_len + 16; i++)
    g_assert_cmpuint (ref[i], ==, CANARY);
  for (gsize i = 0; i < ref_used; i++)
    n_high += in[i] >= 0x80;
  g_assert_cmpuint (ref_high, ==, n_high);
  if (unit == 1)
    {
      g_autoptr(GString) expect = g_string_new (NULL);

      for (gsize i = 0; i < ref_used; i++)
        if (in[i] < 0x80)
          g_string_append_c (expect, in[i]);
        else if (mode != GUTF8CONV_KERNEL_BYTE_CP1252)
          g_string_append_unichar (expect, single_byte_value (mode, in[i]));
      if (mode != GUTF8CONV_KERNEL_BYTE_CP1252)
        g_assert_cmpmem (ref, ref_n, expect->str, expect->len);
      return ref_used;
    }
  g_assert_cmpuint (ref_n, ==, unit * ref_used);
  for (gsize i = 0; i < ref_used; i++)
    {
      guint32 v = unit == 4 ? load_u32 (ref + 4 * i, big) : load_u16 (ref + 2 * i, big);
      guint32 want = in[i] < 0x80 ? in[i] : single_byte_value (mode, in[i]);

      if (want != 0 || in[i] == 0)
        g_assert_cmphex (v, ==, want);
    }
  return ref_used;
}

/* Single-byte text of every length at every alignment, each unit, byte
 * order and mode, output windows from empty to roomy (#kernels,
 * #behaviour-errors: each byte from 80 up there is a malformed sequence
 * of its own). */
static void
test_kernel_single_byte (gconstpointer data)
{
  const GUtf8ConvKernel *kernel = data;
  static const guint units[] = { 4, 2, 1 };
  gsize taken[3] = { 0 };

  for (gsize len = 0; len <= 4 * MAX_LEN; len++)
    for (guint round = 0; round < 6; round++)
      {
        gsize offset = g_test_rand_int_range (0, 64);
        g_autofree guint8 *mem = g_malloc (offset + len + 1);
        guint8 *in = mem + offset;
        guint unit = units[round % 3];
        GUtf8ConvKernelByteMode mode = g_test_rand_int_range (GUTF8CONV_KERNEL_BYTE_REPLACE,
                                                              GUTF8CONV_KERNEL_BYTE_CP1252 + 1);
        gsize need = (unit == 1 ? 3 : unit) * len + 4 * GUTF8CONV_KERNEL_SINGLE_BYTE_BLOCK;

        random_single_byte (in, len);
        taken[round % 3] += check_single_byte_call (kernel, in, len, g_test_rand_bit () ? need : random_out_len (need),
                                                    unit, random_mend_flags (), mode);
      }
  /* Most of the text was single-byte text the loop took. */
  for (guint u = 0; u < 3; u++)
    g_assert_cmpuint (taken[u], >, 1000 * GUTF8CONV_KERNEL_SINGLE_BYTE_BLOCK);
}

/* UTF-8 dense with malformed sequences: valid text with a quarter of its
 * bytes random ones from 80 up. */
static void
random_dense (guint8 *buf,
              gsize   len)
{
  random_utf8 (buf, len);
  for (gsize i = 0; i < len; i++)
    if (g_test_rand_int_range (0, 4) == 0)
      buf[i] = g_test_rand_int_range (0x80, 0x100);
}

/* One call of @kernel's decode_dense against the scalar kernel's (the
 * same bytes, stop and count, nothing written past @out_len) and what it
 * took against the codec's state machine alone (no kernel), the
 * specification: the same output and num-invalid. */
static void
check_dense_call (const GUtf8ConvKernel *kernel,
                  const guint8          *in,
                  gsize                  len,
                  gsize                  out_len,
                  GUtf8ConvConfig       *config)
{
  static const GUtf8ConvKernelByteMode modes[] = {
    [GUTF8CONV_ERROR_MODE_SKIP] = GUTF8CONV_KERNEL_BYTE_SKIP,
    [GUTF8CONV_ERROR_MODE_REPLACE] = GUTF8CONV_KERNEL_BYTE_REPLACE,
    [GUTF8CONV_ERROR_MODE_ESCAPE] = GUTF8CONV_KERNEL_BYTE_ESCAPE,
    [GUTF8CONV_ERROR_MODE_LATIN1] = GUTF8CONV_KERNEL_BYTE_LATIN1,
    [GUTF8CONV_ERROR_MODE_CP1252] = GUTF8CONV_KERNEL_BYTE_CP1252,
  };
  const GUtf8ConvProfileInfo *info = gutf8conv_profile_info (config->profile);
  guint unit = config->direction == GUTF8CONV_DIRECTION_UTF8_TO_UCS4 ? 4
               : config->direction == GUTF8CONV_DIRECTION_UTF8_TO_UTF16 ? 2 : 1;
  guint flags = config->byte_order == GUTF8CONV_BYTE_ORDER_BIG_ENDIAN ? GUTF8CONV_KERNEL_BIG_ENDIAN : 0;
  /* Now and then stopping before each malformed sequence, as where the
   * codec reports them; now and then after a lone one in text. */
  gboolean stop = g_test_rand_int_range (0, 5) == 0;
  GUtf8ConvKernelByteMode mode = stop ? GUTF8CONV_KERNEL_BYTE_STOP : modes[config->error_mode];
  GUtf8ConvKernelDense ref_d = { info->dfa_class, info->dfa_trans, info->dfa_steps, g_test_rand_bit (), FALSE, 0 };
  GUtf8ConvKernelDense got_d = ref_d;
  g_autofree guint8 *ref = g_malloc (out_len + 16);
  g_autofree guint8 *got = g_malloc (out_len + 16);
  gsize ref_used = 12345, got_used = 54321, ref_n, got_n;
  Outcome spec;

  memset (ref, CANARY, out_len + 16);
  memset (got, CANARY, out_len + 16);
  ref_n = gutf8conv_kernel_scalar_decode_dense (unit, mode, flags) (in, len, ref, out_len, &ref_used, &ref_d);
  got_n = kernel->decode_dense (unit, mode, flags) (in, len, got, out_len, &got_used, &got_d);
  g_assert_cmpuint (got_used, ==, ref_used);
  g_assert_cmpuint (got_n, ==, ref_n);
  g_assert_cmpuint (got_d.n_bad, ==, ref_d.n_bad);
  g_assert_cmpint (got_d.bad_next, ==, ref_d.bad_next);
  g_assert_cmpmem (got, out_len + 16, ref, out_len + 16);
  for (gsize i = out_len; i < out_len + 16; i++)
    g_assert_cmpuint (ref[i], ==, CANARY);
  g_assert_cmpuint (ref_used, <=, len);
  if (stop)
    {
      g_assert_cmpuint (ref_d.n_bad, ==, 0);
      if (ref_d.bad_next)
        {
          /* The state machine fails where it stopped, at the first byte. */
          GUtf8ConvConfig strict = *config;
          Outcome rest;

          strict.error_mode = GUTF8CONV_ERROR_MODE_STRICT;
          rest = run_codec (&no_kernel, in + ref_used, len - ref_used, &strict, TRUE);
          g_assert_cmpint (rest.status, ==, GUTF8CONV_CODEC_INVALID);
          g_assert_cmpuint (rest.error_offset, ==, 0);
          g_byte_array_unref (rest.out);
        }
    }
  else if (unit == 1 && config->error_mode == GUTF8CONV_ERROR_MODE_ESCAPE)
    {
      g_assert_cmpuint (ref_used, ==, 0);
      return;
    }

  spec = run_codec (&no_kernel, in, ref_used, config, TRUE);
  g_assert_cmpint (spec.status, ==, GUTF8CONV_CODEC_FINISHED);
  g_assert_cmpmem (ref, ref_n, spec.out->data, spec.out->len);
  g_assert_cmpuint (ref_d.n_bad, ==, spec.num_invalid);
  g_byte_array_unref (spec.out);
}

/* Input dense with malformed sequences, of every length at every
 * alignment, each profile, error mode that goes on (or a stop before
 * each malformed sequence), after a lone error or not, output and byte
 * order, output windows from empty to roomy: what the kernel takes is
 * what the state machine makes of it (#kernels, #behaviour-errors,
 * #behaviour-maximal-subparts). */
static void
test_kernel_dense (gconstpointer data)
{
  const GUtf8ConvKernel *kernel = data;
  static const GUtf8ConvDirection directions[] = {
    GUTF8CONV_DIRECTION_UTF8_TO_UCS4, GUTF8CONV_DIRECTION_UTF8_TO_UTF16, GUTF8CONV_DIRECTION_UTF8_TO_UTF8,
  };
  static const GUtf8ConvErrorMode error_modes[] = {
    GUTF8CONV_ERROR_MODE_SKIP, GUTF8CONV_ERROR_MODE_REPLACE, GUTF8CONV_ERROR_MODE_ESCAPE,
    GUTF8CONV_ERROR_MODE_LATIN1, GUTF8CONV_ERROR_MODE_CP1252,
  };

  for (gsize len = 0; len <= MAX_LEN; len++)
    for (guint round = 0; round < ROUNDS / 4; round++)
      {
        gsize offset = g_test_rand_int_range (0, 64);
        g_autofree guint8 *mem = g_malloc (offset + len + 1);
        guint8 *in = mem + offset;
        GUtf8ConvConfig config = {
          directions[round % 3],
          g_test_rand_bit () ? GUTF8CONV_BYTE_ORDER_BIG_ENDIAN : GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN,
          GUTF8CONV_BOM_KEEP, error_modes[g_test_rand_int_range (0, G_N_ELEMENTS (error_modes))],
          tu_profiles[g_test_rand_int_range (0, TU_N_PROFILES)],
        };
        gsize need = 4 * len + 16;

        random_dense (in, len);
        check_dense_call (kernel, in, len, g_test_rand_bit () ? need : random_out_len (need), &config);
      }
}

/* /kernels/KERNEL/@name, the test @func of @kernel. */
static void
add_kernel_test (const GUtf8ConvKernel *kernel,
                 const char            *name,
                 GTestDataFunc          func)
{
  g_autofree char *path = g_strdup_printf ("/kernels/%s/%s", kernel->name, name);

  g_test_add_data_func (path, kernel, func);
}

int
main (int    argc,
      char **argv)
{
  const GUtf8ConvKernel **list;

  /* For scripts: which kernels this CPU runs, one a line. */
  if (argc == 2 && strcmp (argv[1], "--list-kernels") == 0)
    {
      list = gutf8conv_kernel_available ();
      for (guint i = 0; list[i] != NULL; i++)
        g_print ("%s\n", list[i]->name);
      return 0;
    }

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/kernels/available", test_available);
  g_test_add_func ("/kernels/profile-limits", test_profile_limits);
  g_test_add_func ("/kernels/scalar/utf16-by-ucs4", test_scalar_utf16_by_ucs4);
  list = gutf8conv_kernel_available ();
  for (guint i = 0; list[i] != NULL; i++)
    {
      const GUtf8ConvKernel *k = list[i];

      add_kernel_test (k, "random", test_kernel);
      add_kernel_test (k, "resume", test_kernel_resume);
      add_kernel_test (k, "codec", test_kernel_codec);
      add_kernel_test (k, "surrogates", test_kernel_surrogates);
      add_kernel_test (k, "runs", test_kernel_runs);
      add_kernel_test (k, "runs/other-length", test_kernel_runs_other_length);
      add_kernel_test (k, "runs/out-room", test_kernel_runs_out_room);
      add_kernel_test (k, "runs/gap-room", test_kernel_runs_gap_room);
      add_kernel_test (k, "guard-pages", test_kernel_guard_pages);
      add_kernel_test (k, "short-tails", test_kernel_short_tails);
      add_kernel_test (k, "short-sequences", test_kernel_short_sequences);
      add_kernel_test (k, "decode16-phase", test_kernel_decode16_phase);
      add_kernel_test (k, "one-three", test_kernel_one_three);
      add_kernel_test (k, "ascii-runs", test_kernel_ascii_runs);
      add_kernel_test (k, "latin-runs", test_kernel_latin_runs);
      add_kernel_test (k, "any-value-orders", test_kernel_any_value_orders);
      add_kernel_test (k, "single-byte", test_kernel_single_byte);
      if (k->decode_dense != NULL)
        add_kernel_test (k, "dense", test_kernel_dense);
      add_mend_tests (k);
      if (k->encode_mend != NULL && k->encode16_mend != NULL)
        {
          add_kernel_test (k, "encode-mend/random", test_kernel_encode_mend);
          add_kernel_test (k, "encode-mend/positions", test_kernel_encode_mend_positions);
          add_kernel_test (k, "encode-mend/guard-pages", test_kernel_encode_mend_guard_pages);
        }
      for (Kind kind = 0; kind < N_KINDS; kind++)
        for (guint width = 0; width <= 4; width++)
          {
            /* Static, not freed by the test: a subprocess runs one test,
             * and the others' data would leak there. */
            static FirstCall first_calls[8 * N_KINDS * 5];
            static guint n_first_calls;
            g_autofree char *first = NULL;
            FirstCall *fc;

            if (width == 1)
              continue;
            g_assert_cmpuint (n_first_calls, <, G_N_ELEMENTS (first_calls));
            fc = &first_calls[n_first_calls++];
            *fc = (FirstCall) { list[i], kind, width };
            if (width == 0)
              first = g_strdup_printf ("/kernels/%s/first-call/%s/mixed", list[i]->name, kind_names[kind]);
            else
              first = g_strdup_printf ("/kernels/%s/first-call/%s/width-%u", list[i]->name, kind_names[kind], width);
            g_test_add_data_func (first, fc, test_kernel_first_call);
          }
    }

  return g_test_run ();
}
