/* fuzz-harness.c: what every fuzz target checks on one input
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * One input gives one configuration and one stream.  The stream is
 * converted in one call, chunked with a small output buffer, with every
 * kernel, and by the reference codec; all must agree exactly.  Decoding
 * also checks the ESCAPE round trip, encoding the STRICT round trip, and
 * the public GUtf8ConvConverter gives the same through convert_bytes().
 * Any difference or protocol violation aborts, which libFuzzer reports.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gutf8conv.h"
#include "gutf8conv-codec.h"
#include "gutf8conv-profile.h"
#include "fuzz-harness.h"
#include "reference-codec.h"

typedef GUtf8ConvConfig Config;

/* The reference's conversion of the whole stream, and where each of its
 * sequences or units began: what it makes of a prefix cut there, for
 * every FLUSHED of every run without converting the prefix again. */
typedef struct
{
  RefConfig  config;
  RefResult  whole;
  GArray    *marks;   /* RefMark, by offset */
} Reference;

typedef struct
{
  GByteArray          *out;
  GUtf8ConvCodecStatus status;   /* FINISHED, INVALID or TRUNCATED */
  guint64              error_offset;
  guint64              num_invalid;
  char                *message;
  GArray              *invalid;  /* RefInvalid: what the codec's hook reported */
} Outcome;

#define CHECK(cond) \
  G_STMT_START { \
    if (G_UNLIKELY (!(cond))) \
      { \
        fprintf (stderr, "fuzz check failed: %s (%s:%d)\n", #cond, __FILE__, __LINE__); \
        abort (); \
      } \
  } G_STMT_END

/* memcmp() must not see NULL, which an empty GByteArray may hold. */
static gboolean
same_bytes (const guint8 *a,
            gsize         a_len,
            const guint8 *b,
            gsize         b_len)
{
  return a_len == b_len && (a_len == 0 || memcmp (a, b, a_len) == 0);
}

static void
outcome_clear (Outcome *o)
{
  g_byte_array_unref (o->out);
  g_array_unref (o->invalid);
  g_free (o->message);
}

/* The codec's report of each handled sequence, kept as the reference
 * keeps its own. */
static void
record_invalid (guint64       offset,
                const guint8 *bytes,
                gsize         len,
                gpointer      user_data)
{
  GArray *invalid = user_data;
  RefInvalid inv = { offset, (guint8) MIN (len, 8), { 0 } };

  CHECK (len > 0 && len <= 8);
  memcpy (inv.bytes, bytes, inv.len);
  g_array_append_val (invalid, inv);
}

static gboolean
same_invalid (const GArray *a,
              const GArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    {
      const RefInvalid *x = &g_array_index (a, RefInvalid, i);
      const RefInvalid *y = &g_array_index (b, RefInvalid, i);

      if (x->offset != y->offset || x->len != y->len || memcmp (x->bytes, y->bytes, x->len) != 0)
        return FALSE;
    }
  return TRUE;
}

static gboolean
is_final (GUtf8ConvCodecStatus status)
{
  return status == GUTF8CONV_CODEC_FINISHED || status == GUTF8CONV_CODEC_INVALID ||
         status == GUTF8CONV_CODEC_TRUNCATED;
}

/* An error must stay put: every later call reports it, with no progress. */
static void
finish_outcome (GUtf8ConvCodec       *codec,
                GUtf8ConvCodecStatus  status,
                Outcome              *o)
{
  o->status = status;
  o->num_invalid = codec->num_invalid;
  if (status == GUTF8CONV_CODEC_FINISHED)
    return;

  {
    guint8 out[8];
    gsize r = 1, w = 1;

    CHECK (gutf8conv_codec_convert (codec, (const guint8 *) "A", 1, out, sizeof out,
                                    GUTF8CONV_CODEC_INPUT_AT_END, &r, &w) == status);
    CHECK (r == 0 && w == 0);
  }
  o->error_offset = codec->error_offset;
  o->message = gutf8conv_codec_error_message (codec);
  CHECK (o->message != NULL && strlen (o->message) > 0);
}

/* With @hook, each invalid sequence is recorded in @o->invalid; without,
 * the codec takes the paths it has for no listener (the dense loop's
 * state machine). */
static void
codec_for (GUtf8ConvCodec        *codec,
           const Config          *c,
           const GUtf8ConvKernel *kernel,
           gboolean               hook,
           Outcome               *o)
{
  gutf8conv_codec_init (codec, c);
  if (kernel != NULL)
    gutf8conv_codec_set_kernel (codec, kernel);
  o->invalid = g_array_new (FALSE, TRUE, sizeof (RefInvalid));
  if (hook)
    gutf8conv_codec_set_invalid_func (codec, record_invalid, o->invalid);
}

/* The whole stream in one call (and the calls an error needs). */
static void
run_one_shot_hook (const Config          *c,
                   const GUtf8ConvKernel *kernel,
                   gboolean               hook,
                   const guint8          *in,
                   gsize                  len,
                   Outcome               *o)
{
  GUtf8ConvCodec codec;
  gsize cap, pos = 0;
  guint8 *out;
  GUtf8ConvCodecStatus status;

  memset (o, 0, sizeof *o);
  codec_for (&codec, c, kernel, hook, o);
  cap = gutf8conv_codec_max_output (&codec, len);
  out = g_malloc (cap);
  o->out = g_byte_array_new ();

  for (guint calls = 0;; calls++)
    {
      gsize r, w;

      CHECK (calls < 4);
      status = gutf8conv_codec_convert (&codec, pos < len ? in + pos : NULL, len - pos, out, cap,
                                        GUTF8CONV_CODEC_INPUT_AT_END, &r, &w);
      CHECK (r <= len - pos && w <= cap);
      g_byte_array_append (o->out, out, w);
      pos += r;
      /* Room for everything: one call converts all up to an error. */
      if (calls > 0)
        CHECK (r == 0 && w == 0);
      if (is_final (status))
        break;
      CHECK (status == GUTF8CONV_CODEC_CONVERTED);
    }
  /* max_output() is a promise about the whole stream. */
  CHECK (o->out->len <= cap);
  if (status == GUTF8CONV_CODEC_FINISHED)
    CHECK (pos == len);
  finish_outcome (&codec, status, o);
  g_free (out);
}

static void
run_one_shot (const Config          *c,
              const GUtf8ConvKernel *kernel,
              const guint8          *in,
              gsize                  len,
              Outcome               *o)
{
  run_one_shot_hook (c, kernel, TRUE, in, len, o);
}

static guint32
next_random (guint32 *state)
{
  /* xorshift32: deterministic per input, so a finding replays. */
  *state ^= *state << 13;
  *state ^= *state >> 17;
  *state ^= *state << 5;
  return *state;
}

static RefConfig
ref_config (const Config *c)
{
  RefConfig rc;

  switch ((int) c->direction)
    {
    case GUTF8CONV_DIRECTION_UTF8_TO_UCS4:
      rc.direction = REF_DECODE;
      break;
    case GUTF8CONV_DIRECTION_UCS4_TO_UTF8:
      rc.direction = REF_ENCODE;
      break;
    case GUTF8CONV_DIRECTION_UTF8_TO_UTF16:
      rc.direction = REF_TO_UTF16;
      break;
    case GUTF8CONV_DIRECTION_UTF16_TO_UTF8:
      rc.direction = REF_FROM_UTF16;
      break;
    default:
      rc.direction = REF_REPAIR;
      break;
    }
  rc.detect = c->byte_order == GUTF8CONV_BYTE_ORDER_DETECT;
  if (c->byte_order == GUTF8CONV_BYTE_ORDER_HOST)
    rc.big_endian = G_BYTE_ORDER == G_BIG_ENDIAN;
  else
    rc.big_endian = c->byte_order != GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN;
  /* The reference codec's enums follow the public ones, in the same order. */
  rc.bom = (RefBom) c->bom_mode;
  rc.errors = (RefErrors) c->error_mode;
  rc.profile = (RefProfile) c->profile;
  return rc;
}

static void
reference_init (Reference    *ref,
                const Config *c,
                const guint8 *in,
                gsize         len)
{
  ref->config = ref_config (c);
  ref->marks = g_array_new (FALSE, FALSE, sizeof (RefMark));
  ref_convert_marked (&ref->config, in, len, &ref->whole, ref->marks);
}

static void
reference_clear (Reference *ref)
{
  ref_result_clear (&ref->whole);
  g_array_unref (ref->marks);
}

/* The mark at @offset, or NULL: the marks' offsets increase. */
static const RefMark *
reference_mark (const Reference *ref,
                gsize            offset)
{
  guint lo = 0, hi = ref->marks->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      const RefMark *m = &g_array_index (ref->marks, RefMark, mid);

      if (m->offset == offset)
        return m;
      if (m->offset < offset)
        lo = mid + 1;
      else
        hi = mid;
    }
  return NULL;
}

/* After FLUSHED, everything the input so far determines is out: what the
 * reference makes of the input up to the held incomplete sequence.  At a
 * boundary of the whole stream that is the start of the whole result
 * (ref_convert_marked()); anywhere else the prefix is converted. */
static void
check_flushed (const Config         *c,
               const Reference      *ref,
               const GUtf8ConvCodec *codec,
               const guint8         *in,
               gsize                 pos,
               const GByteArray     *out_so_far)
{
  gsize cut = pos - codec->n_held;
  const RefMark *m;
  RefResult r;

  CHECK (codec->n_held <= pos);
  /* Held bytes at the very start may still be a signature or not: INSERT
   * writes its own only once they show they are not. */
  if (cut == 0 && c->bom_mode == GUTF8CONV_BOM_INSERT)
    return;
  m = reference_mark (ref, cut);
  if (m != NULL)
    {
      CHECK (same_bytes (ref->whole.out->data, m->out_len, out_so_far->data, out_so_far->len));
      CHECK (m->num_invalid == codec->num_invalid);
      return;
    }
  ref_convert (&ref->config, in, cut, &r);
  CHECK (r.status == REF_OK);
  CHECK (same_bytes (r.out->data, r.out->len, out_so_far->data, out_so_far->len));
  CHECK (r.num_invalid == codec->num_invalid);
  ref_result_clear (&r);
}

/* Small chunks, a small output buffer, sometimes FLUSH, as streams do;
 * without @hook, no listener (a kernel that mends does so). */
static void
run_chunked (const Config          *c,
             const Reference       *ref,
             const GUtf8ConvKernel *kernel,
             gboolean               hook,
             const guint8          *in,
             gsize                  len,
             guint8                 chunk_byte,
             guint8                 out_byte,
             guint8                 flush_byte,
             Outcome               *o)
{
  const gsize min_out = gutf8conv_codec_min_output (c);
  /* Low sizes most often: that is where the edges are. */
  const gsize out_len = min_out + (out_byte & 0x80 ? out_byte & 0x7F : out_byte % 8);
  const gsize max_chunk = chunk_byte == 0xFF ? G_MAXSIZE : (gsize) (chunk_byte & 0x3F) + 1;
  guint32 rng = 0x9E3779B9u ^ ((guint32) chunk_byte << 8) ^ ((guint32) flush_byte << 16) ^ (guint32) len;
  GUtf8ConvCodec codec;
  /* Odd addresses, for the kernels' alignment; ends exact, for ASan. */
  guint8 *out_block = g_malloc (out_len + 1);
  gsize pos = 0, chunk_end = 0;
  guint64 calls = 0;
  GUtf8ConvCodecStatus status;

  memset (o, 0, sizeof *o);
  codec_for (&codec, c, kernel, hook, o);
  o->out = g_byte_array_new ();

  for (;;)
    {
      gsize r, w, room = out_len;
      GUtf8ConvCodecFlags flags = 0;
      guint8 *chunk_block = NULL, *chunk = NULL, *out;

      /* Any loop without progress is a hang: bound the calls. */
      CHECK (++calls < 64 * (guint64) len + 64);

      if (pos == chunk_end && chunk_end < len)
        {
          gsize n = max_chunk == G_MAXSIZE ? len : next_random (&rng) % max_chunk + 1;

          /* Sometimes an empty chunk, as a stream may offer. */
          if ((flush_byte & 0x40) && next_random (&rng) % 8 == 0)
            n = 0;
          chunk_end = MIN (len, pos + n);
        }
      if (chunk_end == len)
        flags |= GUTF8CONV_CODEC_INPUT_AT_END;
      if ((flush_byte & 0x80) && next_random (&rng) % 4 == 0)
        flags |= GUTF8CONV_CODEC_FLUSH;

      /* Sometimes less room than one unit: NO_SPACE, touching nothing. */
      if ((flush_byte & 0x20) && next_random (&rng) % 4 == 0)
        room = next_random (&rng) % min_out;
      out = out_block + 1 + out_len - room;

      /* GIO passes NULL for no input.  A copy of exactly the chunk, so
       * that ASan sees any read past what the codec was given. */
      if (chunk_end > pos)
        {
          chunk_block = g_malloc (chunk_end - pos + 1);
          chunk = chunk_block + 1;
          memcpy (chunk, in + pos, chunk_end - pos);
        }
      status = gutf8conv_codec_convert (&codec, chunk, chunk_end - pos, out, room,
                                        flags, &r, &w);
      g_free (chunk_block);
      CHECK (r <= chunk_end - pos && w <= room);
      g_byte_array_append (o->out, out, w);
      pos += r;

      if (is_final (status))
        {
          if (status == GUTF8CONV_CODEC_FINISHED)
            CHECK ((flags & GUTF8CONV_CODEC_INPUT_AT_END) && pos == len);
          else
            CHECK (r == 0 && w == 0);
          break;
        }

      switch (status)
        {
        case GUTF8CONV_CODEC_CONVERTED:
          CHECK (r > 0 || w > 0);
          break;
        case GUTF8CONV_CODEC_FLUSHED:
          CHECK ((flags & GUTF8CONV_CODEC_FLUSH) && pos == chunk_end);
          check_flushed (c, ref, &codec, in, pos, o->out);
          break;
        case GUTF8CONV_CODEC_NEED_INPUT:
          /* Only when there is more input to give. */
          CHECK (r == 0 && w == 0 && pos == chunk_end && chunk_end < len);
          break;
        case GUTF8CONV_CODEC_NO_SPACE:
          /* Only without room for one whole unit, and then a no-op. */
          CHECK (room < min_out && r == 0 && w == 0);
          break;
        default:
          CHECK (!"unknown status");
          break;
        }
    }

  finish_outcome (&codec, status, o);
  g_free (out_block);
}

static void
check_same (const Outcome *a,
            const Outcome *b)
{
  CHECK (same_bytes (a->out->data, a->out->len, b->out->data, b->out->len));
  CHECK (a->status == b->status);
  CHECK (a->num_invalid == b->num_invalid);
  /* Each sequence reported once, however the calls were cut. */
  CHECK (same_invalid (a->invalid, b->invalid));
  if (a->status != GUTF8CONV_CODEC_FINISHED)
    {
      CHECK (a->error_offset == b->error_offset);
      CHECK (strcmp (a->message, b->message) == 0);
    }
}

static void
check_reference (const Reference *ref,
                 const Outcome   *o)
{
  const RefResult r = ref->whole;

  CHECK (same_bytes (r.out->data, r.out->len, o->out->data, o->out->len));
  switch (r.status)
    {
    case REF_OK:
      CHECK (o->status == GUTF8CONV_CODEC_FINISHED);
      break;
    case REF_INVALID:
      CHECK (o->status == GUTF8CONV_CODEC_INVALID);
      break;
    case REF_TRUNCATED:
    default:
      CHECK (o->status == GUTF8CONV_CODEC_TRUNCATED);
      break;
    }
  if (r.status != REF_OK)
    CHECK (r.error_offset == o->error_offset);
  /* STRICT stops instead of counting. */
  CHECK (r.num_invalid == o->num_invalid);
  CHECK (o->invalid->len == o->num_invalid);
  CHECK (same_invalid (r.invalid, o->invalid));
}

/* Decoding then encoding with ESCAPE gives back any byte string (behaviour
 * guide, #behaviour-escape-round-trip), a raw 00 as C0 80 where the
 * profile writes it so.  Not promised where lone surrogates are values
 * (WTF-8, modified UTF-8), nor through UTF-16 with DETECT for a text that
 * starts with U+FFFE: written FF FE, it reads back as the little-endian
 * signature (#behaviour-utf16-signature). */
static void
check_escape_round_trip (const Config *c,
                         const guint8 *in,
                         gsize         len)
{
  Config dc = *c, ec = *c;
  Outcome decoded, encoded;
  g_autoptr(GByteArray) want = g_byte_array_new ();

  guint flags = gutf8conv_profile_info (c->profile)->flags;

  if (flags & GUTF8CONV_PROFILE_LONE_SURROGATES)
    return;
  for (gsize i = 0; i < len; i++)
    {
      if (in[i] == 0 && (flags & GUTF8CONV_PROFILE_NUL_AS_C0_80))
        g_byte_array_append (want, (const guint8 *) "\xC0\x80", 2);
      else
        g_byte_array_append (want, in + i, 1);
    }

  dc.bom_mode = ec.bom_mode = GUTF8CONV_BOM_KEEP;
  dc.error_mode = ec.error_mode = GUTF8CONV_ERROR_MODE_ESCAPE;
  /* Through the wide side the configuration has: UCS-4 or UTF-16. */
  if (c->direction == GUTF8CONV_DIRECTION_UTF8_TO_UTF16)
    {
      dc.direction = GUTF8CONV_DIRECTION_UTF8_TO_UTF16;
      ec.direction = GUTF8CONV_DIRECTION_UTF16_TO_UTF8;
    }
  else
    {
      dc.direction = GUTF8CONV_DIRECTION_UTF8_TO_UCS4;
      ec.direction = GUTF8CONV_DIRECTION_UCS4_TO_UTF8;
    }

  run_one_shot (&dc, NULL, in, len, &decoded);
  CHECK (decoded.status == GUTF8CONV_CODEC_FINISHED);
  if (c->byte_order == GUTF8CONV_BYTE_ORDER_DETECT && c->direction == GUTF8CONV_DIRECTION_UTF8_TO_UTF16 &&
      decoded.out->len >= 2 && decoded.out->data[0] == 0xFF && decoded.out->data[1] == 0xFE)
    {
      outcome_clear (&decoded);
      return;
    }
  run_one_shot (&ec, NULL, decoded.out->data, decoded.out->len, &encoded);
  CHECK (encoded.status == GUTF8CONV_CODEC_FINISHED);
  CHECK (same_bytes (encoded.out->data, encoded.out->len, want->data, want->len));
  /* One count per escaped byte against one per subpart. */
  CHECK (encoded.num_invalid >= decoded.num_invalid);
  outcome_clear (&decoded);
  outcome_clear (&encoded);
}

/* Valid UCS-4 survives encoding and decoding unchanged (not across WTF-8's
 * joining of pairs, nor DETECT's reading of a little-endian signature). */
static void
check_strict_round_trip (const Config  *c,
                         const guint8  *in,
                         gsize          len,
                         const Outcome *encoded)
{
  Config dc = *c;
  Outcome decoded;

  if (encoded->status != GUTF8CONV_CODEC_FINISHED || c->bom_mode != GUTF8CONV_BOM_KEEP ||
      c->error_mode != GUTF8CONV_ERROR_MODE_STRICT ||
      (gutf8conv_profile_info (c->profile)->flags & GUTF8CONV_PROFILE_LONE_SURROGATES) ||
      c->byte_order == GUTF8CONV_BYTE_ORDER_DETECT)
    return;
  dc.direction = c->direction == GUTF8CONV_DIRECTION_UTF16_TO_UTF8 ? GUTF8CONV_DIRECTION_UTF8_TO_UTF16
                                                                   : GUTF8CONV_DIRECTION_UTF8_TO_UCS4;
  run_one_shot (&dc, NULL, encoded->out->data, encoded->out->len, &decoded);
  CHECK (decoded.status == GUTF8CONV_CODEC_FINISHED);
  CHECK (same_bytes (decoded.out->data, decoded.out->len, in, len));
  outcome_clear (&decoded);
}

/* What UTF-8 to UTF-8 writes is well formed: repairing it again changes
 * nothing, even in STRICT.  But for WTF-8 with SKIP: dropping what stood
 * between a high and a low surrogate form leaves them side by side, which
 * is not WTF-8 (the manual says so). */
static void
check_repair_idempotent (const Config  *c,
                         const Outcome *repaired)
{
  Config again = *c;
  Outcome o;

  if (repaired->status != GUTF8CONV_CODEC_FINISHED ||
      ((gutf8conv_profile_info (c->profile)->flags & GUTF8CONV_PROFILE_LONE_SURROGATES) &&
       c->error_mode == GUTF8CONV_ERROR_MODE_SKIP))
    return;
  again.bom_mode = GUTF8CONV_BOM_KEEP;
  again.error_mode = GUTF8CONV_ERROR_MODE_STRICT;
  run_one_shot (&again, NULL, repaired->out->data, repaired->out->len, &o);
  CHECK (o.status == GUTF8CONV_CODEC_FINISHED);
  CHECK (same_bytes (o.out->data, o.out->len, repaired->out->data, repaired->out->len));
  outcome_clear (&o);
}

/* The public API over the same stream: same bytes, or the same error. */
static void
check_convert_bytes (const Config  *c,
                     const guint8  *in,
                     gsize          len,
                     const Outcome *o)
{
  g_autoptr(GUtf8ConvConverter) converter = NULL;
  g_autoptr(GBytes) input = g_bytes_new (in, len);
  g_autoptr(GBytes) output = NULL;
  g_autoptr(GError) error = NULL;
  guint64 num_invalid = G_MAXUINT64;

  converter = g_object_new (GUTF8CONV_TYPE_CONVERTER,
                            "direction", c->direction,
                            "byte-order", c->byte_order,
                            "bom-mode", c->bom_mode,
                            "error-mode", c->error_mode,
                            "profile", c->profile,
                            NULL);
  output = gutf8conv_converter_convert_bytes (converter, input, &error);
  g_object_get (converter, "num-invalid", &num_invalid, NULL);
  CHECK (num_invalid == o->num_invalid);

  if (o->status == GUTF8CONV_CODEC_FINISHED)
    {
      gsize n;
      const guint8 *p;

      CHECK (output != NULL && error == NULL);
      p = g_bytes_get_data (output, &n);
      CHECK (same_bytes (p, n, o->out->data, o->out->len));
      return;
    }

  CHECK (output == NULL && error != NULL);
  CHECK (g_error_matches (error, G_IO_ERROR,
                          o->status == GUTF8CONV_CODEC_TRUNCATED ? G_IO_ERROR_PARTIAL_INPUT
                                                                 : G_IO_ERROR_INVALID_DATA));
  CHECK (strcmp (error->message, o->message) == 0);
}

/* Each kernel, in one call, gives @whole (the scalar path's), with the
 * listener and without (the same output, count and error). */
static void
check_kernels (const Config           *c,
               const GUtf8ConvKernel **kernels,
               guint                   n_kernels,
               const guint8           *in,
               gsize                   len,
               const Outcome          *whole)
{
  for (guint i = 0; i < n_kernels; i++)
    {
      Outcome k;

      run_one_shot (c, kernels[i], in, len, &k);
      check_same (whole, &k);
      outcome_clear (&k);

      run_one_shot_hook (c, kernels[i], FALSE, in, len, &k);
      CHECK (k.invalid->len == 0);
      CHECK (same_bytes (whole->out->data, whole->out->len, k.out->data, k.out->len));
      CHECK (whole->status == k.status && whole->num_invalid == k.num_invalid);
      if (k.status != GUTF8CONV_CODEC_FINISHED)
        CHECK (whole->error_offset == k.error_offset && strcmp (whole->message, k.message) == 0);
      outcome_clear (&k);
    }
}

/* Inputs of at most a kilobyte never reach what a kernel does only over
 * kilobytes: a mending loop that keeps to its blocks until a kilobyte
 * passes clean, then hands back to the plain loop.  Where the header
 * asks (byte 0's bits 5-7 all set): the stream again and again with
 * TILED_PAD bytes of clean text after each time, to TILED_LEN, in one
 * call, every kernel against the scalar path, with and without a
 * listener.  The clean text reads the same in either byte order: 'a' in
 * UTF-8, U+2020 in UTF-16 (20 20), U+10100 in UCS-4 (00 01 01 00). */
#define TILED_PAD 1536
#define TILED_LEN (8 * 1024)

static void
check_tiled (const Config           *c,
             const GUtf8ConvKernel **kernels,
             guint                   n_kernels,
             const guint8           *in,
             gsize                   len)
{
  static const guint8 utf8_pad[] = { 'a' }, utf16_pad[] = { 0x20, 0x20 }, ucs4_pad[] = { 0, 1, 1, 0 };
  g_autoptr(GByteArray) tiled = g_byte_array_new ();
  const guint8 *pad = utf8_pad;
  gsize pad_len = sizeof utf8_pad;
  Outcome whole;

  if (c->direction == GUTF8CONV_DIRECTION_UTF16_TO_UTF8)
    pad = utf16_pad, pad_len = sizeof utf16_pad;
  else if (c->direction == GUTF8CONV_DIRECTION_UCS4_TO_UTF8)
    pad = ucs4_pad, pad_len = sizeof ucs4_pad;
  while (tiled->len < TILED_LEN)
    {
      g_byte_array_append (tiled, in, len);
      for (gsize i = 0; i < TILED_PAD; i += pad_len)
        g_byte_array_append (tiled, pad, pad_len);
    }
  run_one_shot (c, &gutf8conv_kernel_scalar, tiled->data, tiled->len, &whole);
  check_kernels (c, kernels, n_kernels, tiled->data, tiled->len, &whole);
  outcome_clear (&whole);
}

/* A byte of the header read as a value of enum @type: modulo the number
 * of values, so that a new value needs nothing here. */
static int
enum_byte (GType  type,
           guint8 b)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (type);

  return klass->values[b % klass->n_values].value;
}

void
fuzz_harness_run (gboolean      encode,
                  const guint8 *data,
                  gsize         size)
{
  const GUtf8ConvKernel **kernels = gutf8conv_kernel_available ();
  guint n_kernels = 0;
  const guint8 *in;
  gsize len;
  Config c;
  Reference ref;
  Outcome whole, chunked;

  if (size < FUZZ_HEADER_SIZE)
    return;
  in = data + FUZZ_HEADER_SIZE;
  len = size - FUZZ_HEADER_SIZE;

  /* UTF-8 input (to UCS-4, to UTF-8 or to UTF-16), or UCS-4 or UTF-16
   * input. */
  if (encode)
    c.direction = data[0] & 0x10 ? GUTF8CONV_DIRECTION_UTF16_TO_UTF8 : GUTF8CONV_DIRECTION_UCS4_TO_UTF8;
  else if (data[0] & 0x10)
    c.direction = GUTF8CONV_DIRECTION_UTF8_TO_UTF16;
  else
    c.direction = data[0] & 1 ? GUTF8CONV_DIRECTION_UTF8_TO_UTF8 : GUTF8CONV_DIRECTION_UTF8_TO_UCS4;
  c.byte_order = enum_byte (GUTF8CONV_TYPE_BYTE_ORDER, data[1]);
  c.bom_mode = enum_byte (GUTF8CONV_TYPE_BOM_MODE, data[2]);
  c.error_mode = enum_byte (GUTF8CONV_TYPE_ERROR_MODE, data[3]);
  c.profile = enum_byte (GUTF8CONV_TYPE_PROFILE, data[4]);

  while (kernels[n_kernels] != NULL)
    n_kernels++;

  /* The scalar path is the specification; each kernel must match it. */
  run_one_shot (&c, &gutf8conv_kernel_scalar, in, len, &whole);
  reference_init (&ref, &c, in, len);
  check_reference (&ref, &whole);
  check_kernels (&c, kernels, n_kernels, in, len, &whole);

  check_convert_bytes (&c, in, len, &whole);

  run_chunked (&c, &ref, kernels[data[7] % n_kernels], TRUE, in, len, data[5], data[6], data[7], &chunked);
  check_same (&whole, &chunked);
  outcome_clear (&chunked);
  /* No listener, where a kernel mends: the sequences cut by a chunk's
   * end and the replacements cut by the output's, the same output and
   * count. */
  run_chunked (&c, &ref, kernels[data[7] % n_kernels], FALSE, in, len, data[5], data[6], data[7], &chunked);
  CHECK (chunked.invalid->len == 0);
  CHECK (same_bytes (whole.out->data, whole.out->len, chunked.out->data, chunked.out->len));
  CHECK (whole.status == chunked.status && whole.num_invalid == chunked.num_invalid);
  outcome_clear (&chunked);
  reference_clear (&ref);

  if ((data[0] & 0xE0) == 0xE0)
    check_tiled (&c, kernels, n_kernels, in, len);

  if (encode)
    check_strict_round_trip (&c, in, len, &whole);
  else if (c.direction == GUTF8CONV_DIRECTION_UTF8_TO_UTF8)
    check_repair_idempotent (&c, &whole);
  else
    check_escape_round_trip (&c, in, len);

  outcome_clear (&whole);
}
