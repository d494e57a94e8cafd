/* test-util.c: shared helpers of the gutf8conv tests
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "test-util.h"

const GUtf8ConvErrorMode tu_error_modes[TU_N_ERROR_MODES] = {
  GUTF8CONV_ERROR_MODE_STRICT, GUTF8CONV_ERROR_MODE_REPLACE,
  GUTF8CONV_ERROR_MODE_SKIP, GUTF8CONV_ERROR_MODE_ESCAPE,
  GUTF8CONV_ERROR_MODE_LATIN1, GUTF8CONV_ERROR_MODE_CP1252,
};
const GUtf8ConvBomMode tu_bom_modes[TU_N_BOM_MODES] = {
  GUTF8CONV_BOM_KEEP, GUTF8CONV_BOM_STRIP, GUTF8CONV_BOM_INSERT,
};
const GUtf8ConvByteOrder tu_byte_orders[TU_N_BYTE_ORDERS] = {
  GUTF8CONV_BYTE_ORDER_HOST, GUTF8CONV_BYTE_ORDER_BIG_ENDIAN,
  GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN, GUTF8CONV_BYTE_ORDER_DETECT,
};
const GUtf8ConvProfile tu_profiles[TU_N_PROFILES] = {
  GUTF8CONV_PROFILE_UNICODE, GUTF8CONV_PROFILE_UCS4, GUTF8CONV_PROFILE_CESU8,
  GUTF8CONV_PROFILE_MODIFIED_UTF8, GUTF8CONV_PROFILE_WTF8,
};

GBytes *
tu_hex (const char *hex)
{
  GByteArray *a = g_byte_array_new ();
  int hi = -1;

  for (const char *p = hex; *p != '\0'; p++)
    {
      int d;

      if (g_ascii_isspace (*p))
        {
          g_assert_cmpint (hi, ==, -1);
          continue;
        }
      d = g_ascii_xdigit_value (*p);
      g_assert_cmpint (d, >=, 0);
      if (hi < 0)
        hi = d;
      else
        {
          guint8 b = hi << 4 | d;

          g_byte_array_append (a, &b, 1);
          hi = -1;
        }
    }
  g_assert_cmpint (hi, ==, -1);
  return g_byte_array_free_to_bytes (a);
}

GBytes *
tu_ucs4 (const char         *values,
         GUtf8ConvByteOrder  order)
{
  GByteArray *a = g_byte_array_new ();
  g_auto(GStrv) words = g_strsplit_set (values, " \t\n", -1);
  /* DETECT reads input without a signature as big-endian. */
  gboolean big = order == GUTF8CONV_BYTE_ORDER_BIG_ENDIAN || order == GUTF8CONV_BYTE_ORDER_DETECT ||
                 (order == GUTF8CONV_BYTE_ORDER_HOST && G_BYTE_ORDER == G_BIG_ENDIAN);

  for (guint i = 0; words[i] != NULL; i++)
    {
      guint64 v;
      char *end;
      guint8 b[4];

      if (words[i][0] == '\0')
        continue;
      v = g_ascii_strtoull (words[i], &end, 16);
      g_assert_true (*end == '\0' && v <= G_MAXUINT32);
      for (guint k = 0; k < 4; k++)
        b[big ? 3 - k : k] = (v >> (8 * k)) & 0xFF;
      g_byte_array_append (a, b, 4);
    }
  return g_byte_array_free_to_bytes (a);
}

GBytes *
tu_input (const GUtf8ConvConfig *cfg,
          const char     *text)
{
  if (cfg->direction != GUTF8CONV_DIRECTION_UCS4_TO_UTF8)
    return tu_hex (text);
  return tu_ucs4 (text, cfg->byte_order);
}

GBytes *
tu_output (const GUtf8ConvConfig *cfg,
           const char     *text)
{
  if (cfg->direction == GUTF8CONV_DIRECTION_UTF8_TO_UCS4)
    return tu_ucs4 (text, cfg->byte_order);
  return tu_hex (text);
}

char *
tu_to_hex (const guint8 *data,
           gsize         len)
{
  GString *s = g_string_new (NULL);

  for (gsize i = 0; i < len; i++)
    g_string_append_printf (s, i == 0 ? "%02X" : " %02X", data[i]);
  return g_string_free (s, FALSE);
}

static const char *
nick (GType type,
      int   value)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (type);

  return g_enum_get_value (klass, value)->value_nick;
}

char *
tu_config_string (const GUtf8ConvConfig *cfg)
{
  return g_strdup_printf ("%s/%s/bom=%s/%s/%s",
                          nick (GUTF8CONV_TYPE_DIRECTION, cfg->direction),
                          nick (GUTF8CONV_TYPE_BYTE_ORDER, cfg->byte_order),
                          nick (GUTF8CONV_TYPE_BOM_MODE, cfg->bom_mode),
                          nick (GUTF8CONV_TYPE_ERROR_MODE, cfg->error_mode),
                          nick (GUTF8CONV_TYPE_PROFILE, cfg->profile));
}

guint
tu_enum_count (GType type)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (type);

  return klass->n_values;
}

GUtf8ConvConverter *
tu_converter_new (const GUtf8ConvConfig *cfg)
{
  return g_object_new (GUTF8CONV_TYPE_CONVERTER,
                       "direction", cfg->direction,
                       "byte-order", cfg->byte_order,
                       "bom-mode", cfg->bom_mode,
                       "error-mode", cfg->error_mode,
                       "profile", cfg->profile,
                       NULL);
}

gsize
tu_min_out_size (const GUtf8ConvConfig *cfg)
{
  return gutf8conv_codec_min_output (cfg);
}

typedef enum
{
  CALL_CONVERTED,
  CALL_FLUSHED,
  CALL_FINISHED,
  CALL_NEED_INPUT,
  CALL_ERROR,
} CallStatus;

typedef struct
{
  const GUtf8ConvConfig     *cfg;
  TuPath              path;
  GUtf8ConvCodec      codec;
  GUtf8ConvConverter *conv;
} Runner;

/* One call, either way, mapped onto common terms.  On CALL_ERROR, *code
 * and *message say which. */
static CallStatus
runner_call (Runner       *r,
             const guint8 *in,
             gsize         in_len,
             guint8       *out,
             gsize         out_len,
             gboolean      at_end,
             gboolean      flush,
             gsize        *nread,
             gsize        *nwritten,
             int          *code,
             char        **message)
{
  *code = -1;
  *message = NULL;

  if (r->path == TU_CORE)
    {
      GUtf8ConvCodecFlags flags = (at_end ? GUTF8CONV_CODEC_INPUT_AT_END : 0) |
                                  (flush ? GUTF8CONV_CODEC_FLUSH : 0);

      switch (gutf8conv_codec_convert (&r->codec, in, in_len, out, out_len, flags,
                                       nread, nwritten))
        {
        case GUTF8CONV_CODEC_CONVERTED:
          return CALL_CONVERTED;
        case GUTF8CONV_CODEC_FLUSHED:
          return CALL_FLUSHED;
        case GUTF8CONV_CODEC_FINISHED:
          return CALL_FINISHED;
        case GUTF8CONV_CODEC_NEED_INPUT:
          return CALL_NEED_INPUT;
        case GUTF8CONV_CODEC_NO_SPACE:
          *code = G_IO_ERROR_NO_SPACE;
          *message = g_strdup ("no space");
          return CALL_ERROR;
        case GUTF8CONV_CODEC_INVALID:
          *code = G_IO_ERROR_INVALID_DATA;
          *message = gutf8conv_codec_error_message (&r->codec);
          return CALL_ERROR;
        case GUTF8CONV_CODEC_TRUNCATED:
          *code = G_IO_ERROR_PARTIAL_INPUT;
          *message = gutf8conv_codec_error_message (&r->codec);
          return CALL_ERROR;
        default:
          g_assert_not_reached ();
        }
    }
  else
    {
      GConverterFlags flags = (at_end ? G_CONVERTER_INPUT_AT_END : 0) |
                              (flush ? G_CONVERTER_FLUSH : 0);
      g_autoptr(GError) error = NULL;
      GConverterResult ret;

      ret = g_converter_convert (G_CONVERTER (r->conv), in, in_len, out, out_len,
                                 flags, nread, nwritten, &error);
      switch (ret)
        {
        case G_CONVERTER_CONVERTED:
          return CALL_CONVERTED;
        case G_CONVERTER_FLUSHED:
          return CALL_FLUSHED;
        case G_CONVERTER_FINISHED:
          return CALL_FINISHED;
        case G_CONVERTER_ERROR:
        default:
          g_assert_nonnull (error);
          g_assert_true (error->domain == G_IO_ERROR);
          /* Without INPUT_AT_END, PARTIAL_INPUT asks for more input. */
          if (error->code == G_IO_ERROR_PARTIAL_INPUT && !at_end)
            {
              g_assert_cmpuint (*nread, ==, 0);
              g_assert_cmpuint (*nwritten, ==, 0);
              return CALL_NEED_INPUT;
            }
          *code = error->code;
          *message = g_strdup (error->message);
          return CALL_ERROR;
        }
    }
}

TuResult *
tu_run (const GUtf8ConvConfig *cfg,
        TuPath          path,
        const guint8   *in,
        gsize           len,
        const gsize    *cuts,
        guint           n_cuts,
        gsize           out_size,
        gboolean        flush)
{
  TuResult *res = g_new0 (TuResult, 1);
  Runner r = { .cfg = cfg, .path = path, .conv = NULL };
  /* Guard bytes either side of an odd-aligned output buffer. */
  g_autofree guint8 *outmem = g_malloc (out_size + 2);
  guint8 *out = outmem + 1;
  gsize pos = 0;
  guint chunk = 0;
  /* Each chunk in a buffer of its own size, so that reading past it
   * shows under ASan and valgrind; an empty one is NULL. */
  g_autofree guint8 *piece = NULL;
  gsize piece_start = 0;
  guint piece_chunk = G_MAXUINT;

  res->out = g_byte_array_new ();
  res->error_code = -1;

  if (path == TU_CORE)
    gutf8conv_codec_init (&r.codec, cfg);
  else
    r.conv = tu_converter_new (cfg);

  for (;;)
    {
      gboolean last = chunk >= n_cuts;
      gsize end = last ? len : cuts[chunk];
      gsize nread = 99, nwritten = 99;
      int code;
      g_autofree char *message = NULL;
      CallStatus st;
      const guint8 *data;

      if (piece_chunk != chunk)
        {
          g_clear_pointer (&piece, g_free);
          piece = end > pos ? g_memdup2 (in + pos, end - pos) : NULL;
          piece_start = pos;
          piece_chunk = chunk;
        }
      data = end > pos ? piece + (pos - piece_start) : NULL;

      g_assert_cmpuint (end, >=, pos);
      g_assert_cmpuint (end, <=, len);
      outmem[0] = outmem[out_size + 1] = 0xA5;

      st = runner_call (&r, data, end - pos, out, out_size, last, flush && !last,
                        &nread, &nwritten, &code, &message);

      g_assert_cmpuint (outmem[0], ==, 0xA5);
      g_assert_cmpuint (outmem[out_size + 1], ==, 0xA5);
      g_assert_cmpuint (nread, <=, end - pos);
      g_assert_cmpuint (nwritten, <=, out_size);
      g_byte_array_append (res->out, out, nwritten);
      pos += nread;

      if (st == CALL_ERROR)
        {
          gsize nread2 = 99, nwritten2 = 99;
          int code2;
          g_autofree char *message2 = NULL;

          g_assert_cmpuint (nread, ==, 0);
          g_assert_cmpuint (nwritten, ==, 0);
          res->error_code = code;
          res->message = g_steal_pointer (&message);

          /* A stream may drop the error and call again: it must come back. */
          if (code != G_IO_ERROR_NO_SPACE)
            {
              st = runner_call (&r, data, end - pos, out, out_size, last, FALSE,
                                &nread2, &nwritten2, &code2, &message2);
              g_assert_cmpint (st, ==, CALL_ERROR);
              g_assert_cmpuint (nread2, ==, 0);
              g_assert_cmpuint (nwritten2, ==, 0);
              g_assert_cmpint (code2, ==, code);
              g_assert_cmpstr (message2, ==, res->message);
            }
          break;
        }
      if (st == CALL_FINISHED)
        {
          g_assert_true (last);
          g_assert_cmpuint (pos, ==, len);
          break;
        }
      if (st == CALL_FLUSHED)
        {
          /* Only when asked, and only with all input consumed. */
          g_assert_true (flush && !last);
          g_assert_cmpuint (pos, ==, end);
          chunk++;
          continue;
        }
      if (st == CALL_NEED_INPUT)
        {
          g_assert_false (last);
          g_assert_false (flush);
          g_assert_cmpuint (pos, ==, end);
          g_assert_cmpuint (nwritten, ==, 0);
          chunk++;
          continue;
        }

      /* CONVERTED: some progress, always. */
      g_assert_true (nread > 0 || nwritten > 0);
      if (pos == end && !last && !flush)
        chunk++;
    }

  res->num_invalid = path == TU_CORE ? r.codec.num_invalid
                                     : gutf8conv_converter_get_num_invalid (r.conv);
  g_clear_object (&r.conv);
  return res;
}

TuResult *
tu_run_oneshot (const GUtf8ConvConfig *cfg,
                TuPath          path,
                const guint8   *in,
                gsize           len)
{
  return tu_run (cfg, path, in, len, NULL, 0, 4 * len + 64, FALSE);
}

TuResult *
tu_run_random (const GUtf8ConvConfig *cfg,
               TuPath          path,
               const guint8   *in,
               gsize           len,
               GRand          *rand,
               gsize           max_chunk,
               gsize           out_size)
{
  g_autoptr(GArray) cuts = g_array_new (FALSE, FALSE, sizeof (gsize));
  gsize pos = 0;

  for (;;)
    {
      pos += g_rand_int_range (rand, 1, max_chunk + 1);
      if (pos >= len)
        break;
      g_array_append_val (cuts, pos);
    }
  return tu_run (cfg, path, in, len, (gsize *) cuts->data, cuts->len, out_size, FALSE);
}

void
tu_result_free (TuResult *res)
{
  g_byte_array_unref (res->out);
  g_free (res->message);
  g_free (res);
}

void
tu_assert_bytes (const guint8 *data,
                 gsize         len,
                 GBytes       *expected,
                 const char   *what)
{
  gsize elen;
  const guint8 *edata = g_bytes_get_data (expected, &elen);

  if (len != elen || (len > 0 && memcmp (data, edata, len) != 0))
    {
      gsize at = 0, from;
      g_autofree char *got = NULL, *want = NULL;

      while (at < len && at < elen && data[at] == edata[at])
        at++;
      /* A window around the first difference: inputs may be long. */
      from = at > 16 ? at - 16 : 0;
      got = tu_to_hex (data + MIN (from, len), MIN (len - MIN (from, len), 48));
      want = tu_to_hex (edata + MIN (from, elen), MIN (elen - MIN (from, elen), 48));
      g_test_message ("%s: %" G_GSIZE_FORMAT " bytes, expected %" G_GSIZE_FORMAT
                      "; first difference at %" G_GSIZE_FORMAT ", from byte %" G_GSIZE_FORMAT
                      ":\n  got      [%s]\n  expected [%s]", what, len, elen, at, from, got, want);
      g_assert_cmpmem (data, len, edata, elen);
    }
}

void
tu_assert_result (const TuResult *res,
                  GBytes         *expected,
                  int             code,
                  const char     *message,
                  guint64         num_invalid,
                  const char     *what)
{
  if (res->error_code != code ||
      (message != NULL && g_strcmp0 (res->message, message) != 0) ||
      res->num_invalid != num_invalid)
    g_test_message ("%s: error %d \"%s\" num-invalid %" G_GUINT64_FORMAT
                    "; expected error %d \"%s\" num-invalid %" G_GUINT64_FORMAT,
                    what, res->error_code, res->message, res->num_invalid,
                    code, message, num_invalid);
  tu_assert_bytes (res->out->data, res->out->len, expected, what);
  g_assert_cmpint (res->error_code, ==, code);
  if (message != NULL)
    g_assert_cmpstr (res->message, ==, message);
  g_assert_cmpuint (res->num_invalid, ==, num_invalid);
}

void
tu_assert_same (const TuResult *a,
                const TuResult *b,
                const char     *what)
{
  g_autoptr(GBytes) expected = g_bytes_new (b->out->data, b->out->len);

  tu_assert_result (a, expected, b->error_code, b->message, b->num_invalid, what);
}

typedef struct
{
  GBytes  *input;
  guint64  count;
  gint64   last_offset;
} SeenInvalid;

static void
record_invalid (GUtf8ConvConverter *conv G_GNUC_UNUSED,
                guint64             offset,
                GBytes             *bytes,
                gpointer            user_data)
{
  SeenInvalid *seen = user_data;
  gsize len, in_len;
  const guint8 *b = g_bytes_get_data (bytes, &len);
  const guint8 *in = g_bytes_get_data (seen->input, &in_len);

  g_assert_cmpint ((gint64) offset, >, seen->last_offset);
  g_assert_cmpuint (len, >, 0);
  g_assert_cmpuint (offset + len, <=, in_len);
  g_assert_cmpmem (b, len, in + offset, len);
  seen->last_offset = offset;
  seen->count++;
}

/* @message as the library words it for @cfg: a message about a UTF-8
 * sequence names the form read (behaviour guide, #behaviour-messages):
 * CESU-8, Modified UTF-8 or WTF-8, where the tables say "UTF-8" for
 * every profile at once.  Free with g_free(). */
char *
tu_form_message (const GUtf8ConvConfig *cfg,
                 const char            *message)
{
  static const char *const forms[] = {
    [GUTF8CONV_PROFILE_CESU8] = "CESU-8", [GUTF8CONV_PROFILE_MODIFIED_UTF8] = "Modified UTF-8",
    [GUTF8CONV_PROFILE_WTF8] = "WTF-8",
  };
  const char *form = (guint) cfg->profile < G_N_ELEMENTS (forms) ? forms[cfg->profile] : NULL;

  if (message == NULL || form == NULL ||
      !(g_str_has_prefix (message, "Invalid UTF-8 sequence ") ||
        g_str_has_prefix (message, "Incomplete UTF-8 sequence ")))
    return g_strdup (message);
  return g_strdup_printf ("%s %s%s", message[1] == 'n' && message[2] == 'v' ? "Invalid" : "Incomplete",
                          form, strstr (message, " sequence "));
}

void
tu_check_bytes (const GUtf8ConvConfig *cfg,
                GBytes         *input,
                GBytes         *expected,
                int             code,
                const char     *message,
                guint64         num_invalid)
{
  g_autofree char *name = tu_config_string (cfg);
  g_autofree char *in_hex = NULL;
  gsize len;
  const guint8 *in = g_bytes_get_data (input, &len);
  g_autoptr(GUtf8ConvConverter) conv = tu_converter_new (cfg);
  g_autoptr(GBytes) out = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *what = NULL;
  SeenInvalid seen = { input, 0, -1 };
  g_autofree char *formed = tu_form_message (cfg, message);

  /* Names the case by its first bytes: long inputs are only slow to print. */
  in_hex = tu_to_hex (in, MIN (len, 40));
  for (TuPath path = TU_CORE; path <= TU_CONVERTER; path++)
    {
      g_autoptr(TuResult) res = tu_run_oneshot (cfg, path, in, len);
      g_autofree char *what_path = g_strdup_printf ("%s [%s] via %s", name, in_hex,
                                                    path == TU_CORE ? "core" : "converter");

      tu_assert_result (res, expected, code, formed, num_invalid, what_path);
    }

  what = g_strdup_printf ("%s [%s] via convert_bytes", name, in_hex);
  g_signal_connect (conv, "invalid-sequence", G_CALLBACK (record_invalid), &seen);
  out = gutf8conv_converter_convert_bytes (conv, input, &error);
  tu_assert_outcome (out != NULL, error, code, formed, what);
  if (out != NULL)
    tu_assert_bytes (g_bytes_get_data (out, NULL), g_bytes_get_size (out), expected, what);
  g_assert_cmpuint (gutf8conv_converter_get_num_invalid (conv), ==, num_invalid);

  /* The signal came once per counted sequence, in stream order, each
   * with bytes from the input at its offset. */
  g_assert_cmpuint (seen.count, ==, num_invalid);
  /* error-offset is the offset the message names, or -1. */
  if (code < 0)
    g_assert_cmpint (gutf8conv_converter_get_error_offset (conv), ==, -1);
  else if (message != NULL)
    {
      const char *at = strstr (message, " at byte ");

      g_assert_nonnull (at);
      g_assert_cmpint (gutf8conv_converter_get_error_offset (conv), ==,
                       (gint64) g_ascii_strtoull (at + strlen (" at byte "), NULL, 10));
    }
  g_converter_reset (G_CONVERTER (conv));
  g_assert_cmpint (gutf8conv_converter_get_error_offset (conv), ==, -1);
}

void
tu_assert_outcome (gboolean      ok,
                   const GError *error,
                   int           code,
                   const char   *message,
                   const char   *what)
{
  if (code < 0)
    {
      g_assert_no_error (error);
      g_assert_true (ok);
      return;
    }
  if (error == NULL)
    g_test_message ("%s: no error", what);
  g_assert_false (ok);
  g_assert_error (error, G_IO_ERROR, code);
  if (message != NULL)
    g_assert_cmpstr (error->message, ==, message);
}

void
tu_check (const GUtf8ConvConfig *cfg,
          const char     *input,
          const char     *expected,
          int             code,
          const char     *message,
          guint64         num_invalid)
{
  g_autoptr(GBytes) in = tu_input (cfg, input);
  g_autoptr(GBytes) want = tu_output (cfg, expected);

  tu_check_bytes (cfg, in, want, code, message, num_invalid);
}

void
tu_check_byte_a_call (const GUtf8ConvConfig *cfg,
                      const char            *input,
                      const char            *expected,
                      int                    code,
                      const char            *message,
                      guint64                num_invalid)
{
  g_autoptr(GBytes) in = tu_input (cfg, input);
  g_autoptr(GBytes) want = tu_output (cfg, expected);
  gsize len;
  const guint8 *data = g_bytes_get_data (in, &len);
  g_autofree gsize *cuts = g_new (gsize, len + 1);
  g_autofree char *name = tu_config_string (cfg);
  g_autofree char *formed = tu_form_message (cfg, message);

  tu_check_bytes (cfg, in, want, code, message, num_invalid);
  for (gsize i = 1; i < len; i++)
    cuts[i - 1] = i;
  for (TuPath path = TU_CORE; path <= TU_CONVERTER; path++)
    for (gboolean flush = FALSE; flush <= TRUE; flush++)
      {
        g_autoptr(TuResult) res = tu_run (cfg, path, data, len, cuts, len > 0 ? len - 1 : 0,
                                          tu_min_out_size (cfg), flush);
        g_autofree char *what = g_strdup_printf ("%s [%s] a byte a call%s", name, input,
                                                 flush ? ", flushed" : "");

        tu_assert_result (res, want, code, formed, num_invalid, what);
      }
}

void
tu_call (GConverter      *conv,
         const char      *in_hex,
         GConverterFlags  flags,
         gsize            out_size,
         GConverterResult result,
         int              code,
         const char      *message,
         gsize            bytes_read,
         const char      *out_hex)
{
  g_autoptr(GBytes) in = in_hex != NULL ? tu_hex (in_hex) : NULL;
  g_autoptr(GBytes) want = tu_hex (out_hex);
  g_autofree guint8 *outmem = g_malloc (out_size + 2);
  g_autoptr(GError) error = NULL;
  gsize nread = 99, nwritten = 99, in_len = 0;
  /* A non-NULL pointer even for an empty input, unless NULL was asked. */
  const guint8 *data = in != NULL ? g_bytes_get_data (in, &in_len) : NULL;
  static const guint8 empty[1];
  GConverterResult ret;
  g_autofree char *what = g_strdup_printf ("call on [%s] flags %d out_size %" G_GSIZE_FORMAT,
                                           in_hex ? in_hex : "NULL", flags, out_size);

  if (in != NULL && data == NULL)
    data = empty;
  outmem[0] = outmem[out_size + 1] = 0x5A;
  ret = g_converter_convert (conv, data, in_len, outmem + 1, out_size, flags,
                             &nread, &nwritten, &error);
  if (ret != result || nread != bytes_read)
    g_test_message ("%s: result %d read %" G_GSIZE_FORMAT " error \"%s\"; expected %d read %"
                    G_GSIZE_FORMAT, what, ret, nread, error ? error->message : "",
                    result, bytes_read);
  g_assert_cmpint (ret, ==, result);
  if (result == G_CONVERTER_ERROR)
    {
      g_assert_error (error, G_IO_ERROR, code);
      if (message != NULL)
        g_assert_cmpstr (error->message, ==, message);
    }
  else
    g_assert_no_error (error);
  g_assert_cmpuint (nread, ==, bytes_read);
  tu_assert_bytes (outmem + 1, nwritten, want, what);
  g_assert_cmpuint (outmem[0], ==, 0x5A);
  g_assert_cmpuint (outmem[out_size + 1], ==, 0x5A);
}

static void
append_utf8 (GByteArray *a,
             guint32     c);

/* @c as the profile writes it: CESU-8 pairs, modified UTF-8's C0 80 (or,
 * as readers also take it, a raw 00). */
static void
append_profile_utf8 (GByteArray       *a,
                     guint32           c,
                     GUtf8ConvProfile  profile,
                     GRand            *rand)
{
  guint flags = gutf8conv_profile_info (profile)->flags;

  if ((flags & GUTF8CONV_PROFILE_SURROGATE_PAIRS) && c >= 0x10000 && c <= 0x10FFFF)
    {
      append_utf8 (a, 0xD800 + ((c - 0x10000) >> 10));
      append_utf8 (a, 0xDC00 + ((c - 0x10000) & 0x3FF));
    }
  else if (c == 0 && (flags & GUTF8CONV_PROFILE_NUL_AS_C0_80) && g_rand_boolean (rand))
    g_byte_array_append (a, (const guint8 *) "\xC0\x80", 2);
  else
    append_utf8 (a, c);
}

static void
append_utf8 (GByteArray *a,
             guint32     c)
{
  guint8 b[6];
  guint n = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : c < 0x200000 ? 4 :
            c < 0x4000000 ? 5 : 6;
  static const guint8 lead[7] = { 0, 0, 0xC0, 0xE0, 0xF0, 0xF8, 0xFC };

  for (guint i = n - 1; i > 0; i--, c >>= 6)
    b[i] = 0x80 | (c & 0x3F);
  b[0] = n == 1 ? c : lead[n] | c;
  g_byte_array_append (a, b, n);
}

static void
append_unit (GByteArray *a,
             guint32     v,
             gboolean    big)
{
  guint8 b[4];

  for (guint k = 0; k < 4; k++)
    b[big ? 3 - k : k] = (v >> (8 * k)) & 0xFF;
  g_byte_array_append (a, b, 4);
}

/* @v as UTF-16: one unit, or the pair of a supplementary value; a
 * surrogate value is a lone unit. */
static void
append_utf16 (GByteArray *a,
              guint32     v,
              gboolean    big)
{
  guint8 b[2];

  if (v >= 0x10000)
    {
      append_utf16 (a, 0xD800 + ((v - 0x10000) >> 10), big);
      v = 0xDC00 + ((v - 0x10000) & 0x3FF);
    }
  b[big ? 0 : 1] = v >> 8;
  b[big ? 1 : 0] = v & 0xFF;
  g_byte_array_append (a, b, 2);
}

/* A unit of the wide side: UCS-4, or UTF-16 with @utf16. */
static void
append_wide (GByteArray *a,
             guint32     v,
             gboolean    big,
             gboolean    utf16)
{
  if (utf16)
    append_utf16 (a, v, big);
  else
    append_unit (a, v, big);
}

static guint32
random_char (GRand            *rand,
             GUtf8ConvProfile  profile)
{
  const GUtf8ConvProfileInfo *info = gutf8conv_profile_info (profile);

  /* U+0000 (which modified UTF-8 writes C0 80), and WTF-8's surrogates. */
  if (g_rand_int_range (rand, 0, 16) == 0)
    return (info->flags & GUTF8CONV_PROFILE_LONE_SURROGATES) ?
           (guint32) g_rand_int_range (rand, 0xD800, 0xE000) : 0;

  /* Cases 5 and 6 are the five- and six-byte forms. */
  switch (g_rand_int_range (rand, 0, info->max_value > 0x10FFFF ? 7 : 5))
    {
    case 0:
      return g_rand_int_range (rand, 0x80, 0x800);
    case 1:
      {
        guint32 c = g_rand_int_range (rand, 0x800, 0x10000);

        return c >= 0xD800 && c <= 0xDFFF ? 0xFEFF : c;
      }
    case 2:
      return g_rand_int_range (rand, 0x10000, 0x110000);
    case 3:
      return 0xFEFF;
    case 4:
      return g_rand_boolean (rand) ? 0xFFFD : 0x10FFFF;
    case 5:
      return g_rand_int_range (rand, 0x110000, 0x4000000);
    default:
      return g_rand_int_range (rand, 0x4000000, 0x7FFFFFFF) | (g_rand_boolean (rand) ? 0x7FFFFFFF : 0);
    }
}

void
tu_append_invalid (GString *log,
                   guint64  offset,
                   GBytes  *bytes)
{
  gsize len;
  const guint8 *p = g_bytes_get_data (bytes, &len);
  g_autofree char *hex = tu_to_hex (p, len);

  g_string_append_printf (log, "%" G_GUINT64_FORMAT ":%s;", offset, hex);
}

void
tu_log_invalid (GUtf8ConvConverter *conv G_GNUC_UNUSED,
                guint64             offset,
                GBytes             *bytes,
                gpointer            log)
{
  tu_append_invalid (log, offset, bytes);
}

GBytes *
tu_random_input (const GUtf8ConvConfig *cfg,
                 GRand          *rand,
                 gsize           len,
                 gboolean        malformed)
{
  /* Malformed UTF-8 of every class (some of them well-formed in one
   * profile or another: a surrogate form, C0 80, a four-byte form). */
  static const char *bad_utf8[] = {
    "80", "BF", "E2 82", "C3", "F0 9F 98", "C0 AF", "C1 80", "E0 80 80",
    "E0 9F BF", "F0 80 80 80", "F0 8F BF BF", "ED A0 80", "ED BF BF", "FE", "FF",
    "F8 80 80 80 80", "FC 80 80 80 80 80", "F8 87 BF", "FC 83", "EF BB",
    "F0 9F 98 80", "ED A0 BD", "ED B8 80", "ED A0 BD ED", "ED A0 BD ED B8", "C0 80", "C0 41",
    "ED A0 80 ED B0 80",
  };
  static const guint32 bad_units[] = {
    0xD800, 0xDBFF, 0xDC00, 0xDC7F, 0xDC80, 0xDCC3, 0xDCFF, 0xDFFF,
    0x80000000, 0xFFFFFFFF,
  };
  gboolean utf16 = cfg->direction == GUTF8CONV_DIRECTION_UTF16_TO_UTF8;
  gboolean decoding = cfg->direction != GUTF8CONV_DIRECTION_UCS4_TO_UTF8 && !utf16;
  /* UTF-16 carries nothing above U+10FFFF (writing it, that is
   * malformed). */
  gboolean to_utf16 = cfg->direction == GUTF8CONV_DIRECTION_UTF8_TO_UTF16;
  GUtf8ConvProfile char_profile = (utf16 || (to_utf16 && !malformed)) &&
                                  cfg->profile == GUTF8CONV_PROFILE_UCS4 ?
                                  GUTF8CONV_PROFILE_UNICODE : cfg->profile;
  gboolean big = cfg->byte_order == GUTF8CONV_BYTE_ORDER_BIG_ENDIAN ||
                 (cfg->byte_order == GUTF8CONV_BYTE_ORDER_HOST && G_BYTE_ORDER == G_BIG_ENDIAN);
  gboolean after_high = FALSE;
  /* Values above U+10FFFF are malformed but where the range is UCS-4's. */
  gboolean above_range = gutf8conv_profile_info (cfg->profile)->max_value <= 0x10FFFF;
  GByteArray *a = g_byte_array_new ();

  /* DETECT reads big-endian, or little-endian after an FF FE (00 00). */
  if (cfg->byte_order == GUTF8CONV_BYTE_ORDER_DETECT)
    big = decoding || g_rand_boolean (rand);
  if (g_rand_boolean (rand) || !big)
    {
      if (decoding)
        append_utf8 (a, 0xFEFF);
      else
        append_wide (a, 0xFEFF, big, utf16);
    }

  while (a->len < len)
    {
      guint kind = g_rand_int_range (rand, 0, malformed ? 10 : 8);

      if (kind < 3 || kind >= 8)
        after_high = FALSE;
      if (kind < 3)
        {
          /* An ASCII run, long enough for fast paths now and then. */
          guint n = g_rand_int_range (rand, 1, kind == 0 ? 80 : 8);

          for (guint i = 0; i < n; i++)
            {
              guint32 c = g_rand_int_range (rand, 0x20, 0x7F);

              if (decoding)
                append_utf8 (a, c);
              else
                append_wide (a, c, big, utf16);
            }
        }
      else if (kind < 8)
        {
          guint32 c = random_char (rand, char_profile);

          /* A WTF-8 low surrogate form right after a high one is not
           * WTF-8. */
          if (decoding && after_high && c >= 0xDC00 && c <= 0xDFFF)
            c = 0xFEFF;
          after_high = c >= 0xD800 && c <= 0xDBFF;
          if (decoding)
            append_profile_utf8 (a, c, cfg->profile, rand);
          else
            append_wide (a, c, big, utf16);
        }
      else if (decoding)
        {
          g_autoptr(GBytes) b = tu_hex (bad_utf8[g_rand_int_range (rand, 0, G_N_ELEMENTS (bad_utf8))]);

          g_byte_array_append (a, g_bytes_get_data (b, NULL), g_bytes_get_size (b));
          if (above_range && g_rand_int_range (rand, 0, 4) == 0)
            append_utf8 (a, g_rand_int_range (rand, 0x110000, 0x7FFFFFFF));
        }
      else if (utf16)
        {
          /* Lone surrogates: the first eight bad units. */
          append_utf16 (a, bad_units[g_rand_int_range (rand, 0, 8)], big);
        }
      else
        {
          append_unit (a, bad_units[g_rand_int_range (rand, 0, G_N_ELEMENTS (bad_units))], big);
          if (above_range && g_rand_int_range (rand, 0, 4) == 0)
            append_unit (a, g_rand_int_range (rand, 0x110000, 0x7FFFFFFF), big);
        }
    }

  /* Sometimes a cut-short end. */
  if (malformed && g_rand_int_range (rand, 0, 3) == 0)
    {
      if (decoding)
        {
          static const guint8 lead[] = { 0xC3, 0xE2, 0xF0 };
          static const guint8 cont = 0x9F;

          g_byte_array_append (a, &lead[g_rand_int_range (rand, 0, 3)], 1);
          if (g_rand_boolean (rand))
            g_byte_array_append (a, &cont, 1);
        }
      else if (utf16)
        {
          /* An odd byte, a high unit, or both. */
          guint cut = g_rand_int_range (rand, 0, 3);

          if (cut > 0)
            append_utf16 (a, 0xD83D, big);
          if (cut != 1)
            g_byte_array_append (a, (const guint8 *) "\x41", 1);
        }
      else
        {
          static const guint8 tail[3] = { 0, 0, 0x20 };

          g_byte_array_append (a, tail, g_rand_int_range (rand, 1, 4));
        }
    }
  return g_byte_array_free_to_bytes (a);
}
