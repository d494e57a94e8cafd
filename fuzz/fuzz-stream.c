/* fuzz-stream.c: libFuzzer target for the GIO stream path
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The other targets drive the codec and g_converter_convert() directly.
 * This one puts the converter where applications put it: behind a
 * GConverterInputStream and a GConverterOutputStream over memory streams,
 * read and written in sizes the input chooses.  Both must give exactly
 * what one g_converter_convert() loop over the whole input gives: the same
 * bytes, and the same error (code and message, with its offset) or none.
 *
 * Input: byte 0 the direction, 1 the byte order, 2 the BOM mode, 3 the
 * error mode, 4 the profile (each modulo its enum's size), 5 the read
 * sizes, 6 the write sizes (0xFF: 64 KiB, else 1..(b & 0x3F)+1 bytes from a
 * generator seeded with b), 7 the output stream's first buffer size; the
 * rest is the stream.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gio/gio.h>

#include <gutf8conv/gutf8conv.h>

#define HEADER 8

int LLVMFuzzerTestOneInput (const guint8 *data, gsize size);

#define CHECK(cond) \
  G_STMT_START { \
    if (G_UNLIKELY (!(cond))) \
      { \
        fprintf (stderr, "fuzz-stream check failed: %s (%s:%d)\n", #cond, __FILE__, __LINE__); \
        abort (); \
      } \
  } G_STMT_END

typedef struct
{
  GByteArray *out;
  GError     *error;
  gboolean    at_close;   /* the error came from g_output_stream_close() */
} Result;

static void
result_init (Result *r)
{
  r->out = g_byte_array_new ();
  r->error = NULL;
  r->at_close = FALSE;
}

static void
result_clear (Result *r)
{
  g_byte_array_unref (r->out);
  g_clear_error (&r->error);
}

static guint
enum_byte (GType  type,
           guint8 b)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (type);

  return klass->values[b % klass->n_values].value;
}

static GConverter *
make (const guint8 *h)
{
  return G_CONVERTER (gutf8conv_converter_new_full (enum_byte (GUTF8CONV_TYPE_DIRECTION, h[0]),
                                                    enum_byte (GUTF8CONV_TYPE_BYTE_ORDER, h[1]),
                                                    enum_byte (GUTF8CONV_TYPE_BOM_MODE, h[2]),
                                                    enum_byte (GUTF8CONV_TYPE_ERROR_MODE, h[3]),
                                                    enum_byte (GUTF8CONV_TYPE_PROFILE, h[4])));
}

/* Sizes of reads or writes: a fixed large one, or small ones from a
 * generator the input seeds. */
typedef struct { guint8 seed; guint32 state; } Sizes;

static gsize
next_size (Sizes *s)
{
  if (s->seed == 0xFF)
    return 64 * 1024;
  s->state = s->state * 1103515245u + 12345u;
  return 1 + (s->state >> 16) % ((s->seed & 0x3F) + 1u);
}

/* The oracle: g_converter_convert() over the whole input at once, with an
 * output buffer that always has room for a unit. */
static void
run_direct (const guint8 *h,
            const guint8 *in,
            gsize         len,
            Result       *r)
{
  g_autoptr(GConverter) conv = make (h);
  gsize pos = 0;
  guint8 buf[4096];

  result_init (r);
  for (;;)
    {
      gsize read = 0, written = 0;
      GConverterResult res = g_converter_convert (conv, in + pos, len - pos, buf, sizeof buf,
                                                  G_CONVERTER_INPUT_AT_END, &read, &written,
                                                  &r->error);

      if (res == G_CONVERTER_ERROR)
        return;
      CHECK (read <= len - pos);
      pos += read;
      g_byte_array_append (r->out, buf, written);
      if (res == G_CONVERTER_FINISHED)
        return;
      CHECK (read > 0 || written > 0);   /* progress, or GIO would spin */
    }
}

static void
run_input_stream (const guint8 *h,
                  const guint8 *in,
                  gsize         len,
                  Result       *r)
{
  g_autoptr(GConverter) conv = make (h);
  g_autoptr(GBytes) bytes = g_bytes_new (in, len);
  g_autoptr(GInputStream) mem = g_memory_input_stream_new_from_bytes (bytes);
  g_autoptr(GInputStream) stream = g_converter_input_stream_new (mem, conv);
  Sizes sizes = { h[5], h[5] };
  g_autofree guint8 *buf = g_malloc (64 * 1024);

  result_init (r);
  for (;;)
    {
      gssize n = g_input_stream_read (stream, buf, next_size (&sizes), NULL, &r->error);

      if (n <= 0)
        break;
      g_byte_array_append (r->out, buf, n);
    }
  g_input_stream_close (stream, NULL, NULL);
}

static void
run_output_stream (const guint8 *h,
                   const guint8 *in,
                   gsize         len,
                   Result       *r)
{
  g_autoptr(GConverter) conv = make (h);
  g_autoptr(GOutputStream) mem =
    g_memory_output_stream_new (g_malloc (h[7] + 1), h[7] + 1, g_realloc, g_free);
  g_autoptr(GOutputStream) stream = g_converter_output_stream_new (mem, conv);
  Sizes sizes = { h[6], h[6] ^ 0x5A };
  gsize pos = 0;

  result_init (r);
  while (pos < len && r->error == NULL)
    {
      gsize n = next_size (&sizes);   /* not inside MIN(), which evaluates it twice */
      gsize done = 0;

      n = MIN (n, len - pos);

      if (g_output_stream_write_all (stream, in + pos, n, &done, NULL, &r->error))
        CHECK (done == n);
      pos += done;
    }
  if (r->error == NULL)
    r->at_close = !g_output_stream_close (stream, NULL, &r->error);
  else
    g_output_stream_close (stream, NULL, NULL);
  g_output_stream_close (mem, NULL, NULL);
  g_byte_array_append (r->out, g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (mem)),
                       g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (mem)));
}

/* GConverterOutputStream drops what it converted during a flush or close
 * that then fails (gconverteroutputstream.c, flush: the error returns
 * before the buffer is written), so after an error from close() only a
 * prefix of the output reaches the memory stream.  Everywhere else the
 * bytes must be the same. */
static void
check_same (const Result *want,
            const Result *got)
{
  if (got->at_close)
    {
      CHECK (got->out->len <= want->out->len);
      CHECK (got->out->len == 0 || memcmp (want->out->data, got->out->data, got->out->len) == 0);
      CHECK (want->error != NULL);
      CHECK (got->error != NULL && want->error->code == got->error->code);
      CHECK (strcmp (want->error->message, got->error->message) == 0);
      return;
    }
  CHECK (want->out->len == got->out->len);
  CHECK (want->out->len == 0 || memcmp (want->out->data, got->out->data, want->out->len) == 0);
  CHECK ((want->error == NULL) == (got->error == NULL));
  if (want->error != NULL)
    {
      CHECK (want->error->domain == got->error->domain);
      CHECK (want->error->code == got->error->code);
      CHECK (strcmp (want->error->message, got->error->message) == 0);
    }
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        gsize         size)
{
  Result direct, input, output;

  if (size < HEADER)
    return 0;
  run_direct (data, data + HEADER, size - HEADER, &direct);
  run_input_stream (data, data + HEADER, size - HEADER, &input);
  check_same (&direct, &input);
  run_output_stream (data, data + HEADER, size - HEADER, &output);
  check_same (&direct, &output);
  result_clear (&direct);
  result_clear (&input);
  result_clear (&output);
  return 0;
}
