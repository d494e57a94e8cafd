/* test-beyond-4gib.c: a stream longer than 4 GiB through the converter
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A GInputStream makes valid UTF-8 on the fly, then one malformed byte
 * past the 4 GiB mark.  Byte offsets are 64-bit (behaviour guide,
 * #behaviour-offsets): the error
 * must name the exact offset, and every character before it must arrive.
 */

#include <string.h>

#include <gutf8conv/gutf8conv.h>

/* Valid UTF-8 whose repetition is valid too: ASCII and one sequence of
 * each length, so sequences straddle every read boundary. */
#define PATTERN "The quick brown fox jumps over the lazy dog; " \
                "\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80 " \
                "pack my box with five dozen liquor jugs.\n"
/* The code points of its three non-ASCII characters, written by hand. */
static const guint32 pattern_chars_special[] = { 0xE9, 0x20AC, 0x1F600 };

#define BAD_BYTE 0xFF
#define READ_SIZE (1024 * 1024)

#define GENERATED_TYPE_STREAM (generated_stream_get_type ())
G_DECLARE_FINAL_TYPE (GeneratedStream, generated_stream, GENERATED, STREAM, GInputStream)

struct _GeneratedStream
{
  GInputStream parent_instance;
  const guint8 *block;       /* the pattern repeated, READ_SIZE + one period */
  gsize         period;
  guint64       bad_offset;  /* where the malformed byte is */
  guint64       length;      /* total stream length */
  guint64       pos;
};

G_DEFINE_FINAL_TYPE (GeneratedStream, generated_stream, G_TYPE_INPUT_STREAM)

static gssize
generated_stream_read (GInputStream  *stream,
                       void          *buffer,
                       gsize          count,
                       GCancellable  *cancellable G_GNUC_UNUSED,
                       GError       **error G_GNUC_UNUSED)
{
  GeneratedStream *self = GENERATED_STREAM (stream);
  guint8 *out = buffer;
  gsize n = MIN (count, READ_SIZE);

  n = MIN ((guint64) n, self->length - self->pos);
  memcpy (out, self->block + self->pos % self->period, n);
  if (self->bad_offset >= self->pos && self->bad_offset < self->pos + n)
    out[self->bad_offset - self->pos] = BAD_BYTE;
  self->pos += n;
  return n;
}

static gboolean
generated_stream_close (GInputStream  *stream G_GNUC_UNUSED,
                        GCancellable  *cancellable G_GNUC_UNUSED,
                        GError       **error G_GNUC_UNUSED)
{
  return TRUE;
}

static void
generated_stream_class_init (GeneratedStreamClass *klass)
{
  GInputStreamClass *stream_class = G_INPUT_STREAM_CLASS (klass);

  stream_class->read_fn = generated_stream_read;
  stream_class->close_fn = generated_stream_close;
}

static void
generated_stream_init (GeneratedStream *self G_GNUC_UNUSED)
{
}

/* The pattern's characters, from its bytes: ASCII is itself, the three
 * others are the table above. */
static GByteArray *
expected_units (void)
{
  const char *p = PATTERN;
  GByteArray *units = g_byte_array_new ();
  guint special = 0;

  while (*p != '\0')
    {
      guint32 c;

      if ((guint8) *p < 0x80)
        c = *p++;
      else
        {
          c = pattern_chars_special[special++];
          p += c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
        }
      c = GUINT32_TO_BE (c);
      g_byte_array_append (units, (guint8 *) &c, 4);
    }
  g_assert_cmpuint (special, ==, G_N_ELEMENTS (pattern_chars_special));
  return units;
}

static void
test_beyond_4gib (void)
{
  const gsize period = strlen (PATTERN);
  /* A period boundary past 4 GiB, plus a little, so the offset is not round. */
  const guint64 bad_offset = (G_GUINT64_CONSTANT (0x100000000) / period + 7) * period;
  g_autoptr(GByteArray) units = expected_units ();
  g_autoptr(GByteArray) expected = g_byte_array_new ();
  g_autoptr(GByteArray) block = g_byte_array_new ();
  g_autoptr(GeneratedStream) source = g_object_new (GENERATED_TYPE_STREAM, NULL);
  g_autoptr(GUtf8ConvConverter) converter = NULL;
  g_autoptr(GInputStream) in = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree guint8 *buffer = g_malloc (READ_SIZE);
  g_autofree char *expected_message = NULL;
  guint64 out_total = 0, mismatch_at = G_MAXUINT64;
  guint64 num_invalid = 1;

  g_assert_cmpuint (bad_offset, >, G_GUINT64_CONSTANT (0x100000000));

  while (block->len < READ_SIZE + period)
    g_byte_array_append (block, (const guint8 *) PATTERN, period);
  while (expected->len < READ_SIZE + units->len)
    g_byte_array_append (expected, units->data, units->len);

  source->block = block->data;
  source->period = period;
  source->bad_offset = bad_offset;
  source->length = bad_offset + 1000;

  converter = g_object_new (GUTF8CONV_TYPE_CONVERTER,
                            "byte-order", GUTF8CONV_BYTE_ORDER_BIG_ENDIAN,
                            NULL);
  in = g_converter_input_stream_new (G_INPUT_STREAM (source), G_CONVERTER (converter));

  for (;;)
    {
      gssize n = g_input_stream_read (in, buffer, READ_SIZE, NULL, &error);

      if (n <= 0)
        break;
      /* Compare as it streams: no copy of 16 GiB is kept. */
      if (mismatch_at == G_MAXUINT64 &&
          memcmp (buffer, expected->data + out_total % units->len, n) != 0)
        mismatch_at = out_total;
      out_total += n;
    }

  g_assert_cmpuint (mismatch_at, ==, G_MAXUINT64);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  expected_message = g_strdup_printf ("Invalid UTF-8 sequence at byte %" G_GUINT64_FORMAT ": FF",
                                      bad_offset);
  g_assert_cmpstr (error->message, ==, expected_message);
  /* Every character before the bad byte, and nothing after it. */
  g_assert_cmpuint (out_total, ==, bad_offset / period * units->len);
  g_object_get (converter, "num-invalid", &num_invalid, NULL);
  g_assert_cmpuint (num_invalid, ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hardening/beyond-4gib", test_beyond_4gib);
  return g_test_run ();
}
