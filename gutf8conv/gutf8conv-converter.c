/* gutf8conv-converter.c: a GConverter between UTF-8 and other Unicode encoding forms
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "gutf8conv.h"
#include "gutf8conv-codec.h"
#include "gutf8conv-i18n.h"

/**
 * SECTION:gutf8conv-converter
 * @title: GUtf8ConvConverter
 * @short_description: a #GConverter between UTF-8 and other Unicode encoding forms
 * @include: gutf8conv/gutf8conv.h
 *
 * #GUtf8ConvConverter converts a byte stream between UTF-8 and other
 * Unicode encoding forms: from UTF-8 to UCS-4 (UTF-32) or UTF-16, or back,
 * or from UTF-8 to UTF-8, repairing it; incrementally, however the stream
 * is cut into chunks (#GUtf8ConvDirection lists the directions).  It
 * implements #GConverter, so it works with #GConverterInputStream,
 * #GConverterOutputStream and g_output_stream_splice().
 *
 * All of its settings are construct-only properties: #GUtf8ConvConverter:direction,
 * #GUtf8ConvConverter:byte-order, #GUtf8ConvConverter:bom-mode,
 * #GUtf8ConvConverter:error-mode and #GUtf8ConvConverter:profile.
 * #GUtf8ConvConverter:num-invalid counts the malformed sequences met.
 *
 * Malformed input is reported as %G_IO_ERROR_INVALID_DATA with a message
 * that names the absolute byte offset of the bad sequence in the stream and
 * its bytes, for example `Invalid UTF-8 sequence at byte 1034: E2 82`.  All
 * output for the input before that offset is handed out first.  A stream
 * that ends inside a sequence gives %G_IO_ERROR_PARTIAL_INPUT, with a
 * message such as `Incomplete UTF-8 sequence at byte 7: F0 9F 98`.
 *
 * A converter keeps a few bytes of state for one stream; use one converter
 * per stream, from one thread at a time, and g_converter_reset() to start
 * a new stream with it.
 *
 * Reading a UTF-8 file as UCS-4 in host order, without its signature, with
 * U+FFFD for whatever is malformed:
 *
 * |[<!-- language="C" -->
 * g_autoptr(GUtf8ConvConverter) conv = NULL;
 * g_autoptr(GInputStream) in = NULL;
 *
 * conv = gutf8conv_converter_new_full (GUTF8CONV_DIRECTION_UTF8_TO_UCS4,
 *                                      GUTF8CONV_BYTE_ORDER_HOST,
 *                                      GUTF8CONV_BOM_STRIP,
 *                                      GUTF8CONV_ERROR_MODE_REPLACE,
 *                                      GUTF8CONV_PROFILE_UNICODE);
 * in = g_converter_input_stream_new (G_INPUT_STREAM (file_stream),
 *                                    G_CONVERTER (conv));
 * // g_input_stream_read_all (in, chars, sizeof chars, &n, NULL, &error) ...
 * ]|
 *
 * The [Quick start][quickstart] has complete programs in C, Python,
 * JavaScript and Vala, and the [Behaviour guide][behaviour] says byte by
 * byte what the converter does with signatures, malformed input, chunks and
 * each #GConverter flag.
 *
 * Since: 1.0
 */

struct _GUtf8ConvConverter
{
  GObject         parent_instance;

  /* The construct-only properties, kept as the codec takes them. */
  GUtf8ConvConfig config;
  int             output_profile;   /* -1: not given */
  GUtf8ConvCodec  codec;

  /* The incremental call's state (behaviour-feed): the stream ended with
   * a final call, and the output a failed call made before its error. */
  gboolean        fed_final;
  guint8         *output_before_error;
  gsize           output_before_error_len;

  /* Collected repairs (behaviour-repair-list): offset and length pairs,
   * allocated once for max_repairs ranges; NULL while not collecting. */
  GArray         *repairs;
  guint           max_repairs;

  /* Whether invalid-sequence has a handler, asked once per codec call
   * (at its first malformed sequence), not once per sequence: the
   * question takes GLib's signal lock. */
  gboolean        listeners_known;
  gboolean        listeners;
};

enum {
  PROP_0,
  PROP_DIRECTION,
  PROP_BYTE_ORDER,
  PROP_BOM_MODE,
  PROP_ERROR_MODE,
  PROP_PROFILE,
  PROP_NUM_INVALID,
  PROP_OUTPUT_PROFILE,
  PROP_ERROR_OFFSET,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  INVALID_SEQUENCE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void gutf8conv_converter_iface_init (GConverterIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GUtf8ConvConverter, gutf8conv_converter, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_CONVERTER,
                                                      gutf8conv_converter_iface_init))

/* Whether invalid-sequence has a handler, asked of GLib once per call:
 * the question takes GLib's signal lock. */
static gboolean
has_listeners (GUtf8ConvConverter *self)
{
  if (!self->listeners_known)
    {
      self->listeners = g_signal_has_handler_pending (self, signals[INVALID_SEQUENCE], 0, TRUE);
      self->listeners_known = TRUE;
    }
  return self->listeners;
}

/* The codec's question before it takes input dense with errors without
 * reports: only a repair list or a handler wants them. */
static gboolean
wants_reports (gpointer user_data)
{
  GUtf8ConvConverter *self = user_data;

  return self->repairs != NULL || has_listeners (self);
}

/* The codec's report of a repaired sequence; the bytes are copied only
 * when somebody listens. */
static void
report_invalid (guint64       offset,
                const guint8 *bytes,
                gsize         len,
                gpointer      user_data)
{
  GUtf8ConvConverter *self = user_data;
  g_autoptr(GBytes) b = NULL;

  if (self->repairs != NULL && self->repairs->len < 2 * (gsize) self->max_repairs)
    {
      guint64 range[2] = { offset, len };

      g_array_append_vals (self->repairs, range, 2);
    }
  if (!has_listeners (self))
    return;
  b = g_bytes_new (bytes, len);
  g_signal_emit (self, signals[INVALID_SEQUENCE], 0, offset, b);
}

/* gutf8conv_codec_convert() with the question of listeners open again:
 * a handler connected between calls is heard from the next call on. */
static GUtf8ConvCodecStatus
codec_convert (GUtf8ConvConverter  *self,
               const guint8        *in,
               gsize                in_len,
               guint8              *out,
               gsize                out_len,
               GUtf8ConvCodecFlags  flags,
               gsize               *bytes_read,
               gsize               *bytes_written)
{
  self->listeners_known = FALSE;
  return gutf8conv_codec_convert (&self->codec, in, in_len, out, out_len, flags,
                                  bytes_read, bytes_written);
}

static gint64
error_offset (GUtf8ConvConverter *self)
{
  if (self->codec.error == GUTF8CONV_CODEC_CONVERTED)
    return -1;
  return (gint64) self->codec.error_offset;
}

static void
gutf8conv_converter_constructed (GObject *object)
{
  GUtf8ConvConverter *self = GUTF8CONV_CONVERTER (object);

  G_OBJECT_CLASS (gutf8conv_converter_parent_class)->constructed (object);

  gutf8conv_codec_init (&self->codec, &self->config);
  gutf8conv_codec_set_output_profile (&self->codec, self->output_profile);
  gutf8conv_codec_set_invalid_func (&self->codec, report_invalid, self);
  gutf8conv_codec_set_wants_func (&self->codec, wants_reports);
}

static void
gutf8conv_converter_finalize (GObject *object)
{
  GUtf8ConvConverter *self = GUTF8CONV_CONVERTER (object);

  g_free (self->output_before_error);
  g_clear_pointer (&self->repairs, g_array_unref);

  G_OBJECT_CLASS (gutf8conv_converter_parent_class)->finalize (object);
}

static void
gutf8conv_converter_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  GUtf8ConvConverter *self = GUTF8CONV_CONVERTER (object);

  switch (prop_id)
    {
    case PROP_DIRECTION:
      g_value_set_enum (value, self->config.direction);
      break;
    case PROP_BYTE_ORDER:
      g_value_set_enum (value, self->config.byte_order);
      break;
    case PROP_BOM_MODE:
      g_value_set_enum (value, self->config.bom_mode);
      break;
    case PROP_ERROR_MODE:
      g_value_set_enum (value, self->config.error_mode);
      break;
    case PROP_PROFILE:
      g_value_set_enum (value, self->config.profile);
      break;
    case PROP_OUTPUT_PROFILE:
      g_value_set_int (value, self->output_profile);
      break;
    case PROP_NUM_INVALID:
      g_value_set_uint64 (value, self->codec.num_invalid);
      break;
    case PROP_ERROR_OFFSET:
      g_value_set_int64 (value, error_offset (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gutf8conv_converter_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  GUtf8ConvConverter *self = GUTF8CONV_CONVERTER (object);

  switch (prop_id)
    {
    case PROP_DIRECTION:
      self->config.direction = g_value_get_enum (value);
      break;
    case PROP_BYTE_ORDER:
      self->config.byte_order = g_value_get_enum (value);
      break;
    case PROP_BOM_MODE:
      self->config.bom_mode = g_value_get_enum (value);
      break;
    case PROP_ERROR_MODE:
      self->config.error_mode = g_value_get_enum (value);
      break;
    case PROP_PROFILE:
      self->config.profile = g_value_get_enum (value);
      break;
    case PROP_OUTPUT_PROFILE:
      self->output_profile = g_value_get_int (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gutf8conv_converter_class_init (GUtf8ConvConverterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = gutf8conv_converter_constructed;
  object_class->finalize = gutf8conv_converter_finalize;
  object_class->get_property = gutf8conv_converter_get_property;
  object_class->set_property = gutf8conv_converter_set_property;

  /**
   * GUtf8ConvConverter:direction:
   *
   * Which way the converter converts: %GUTF8CONV_DIRECTION_UTF8_TO_UCS4
   * (decoding, the default), %GUTF8CONV_DIRECTION_UCS4_TO_UTF8 (encoding);
   * since 1.1, %GUTF8CONV_DIRECTION_UTF8_TO_UTF8 (validating and repairing
   * UTF-8, see [UTF-8 to UTF-8][behaviour-repair]); since 1.2,
   * %GUTF8CONV_DIRECTION_UTF8_TO_UTF16 and
   * %GUTF8CONV_DIRECTION_UTF16_TO_UTF8 (see [UTF-16][behaviour-utf16]).
   *
   * Since: 1.0
   */
  properties[PROP_DIRECTION] =
    g_param_spec_enum ("direction", "Direction", "Which way the converter converts",
                       GUTF8CONV_TYPE_DIRECTION,
                       GUTF8CONV_DIRECTION_UTF8_TO_UCS4,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * GUtf8ConvConverter:byte-order:
   *
   * The byte order of the UCS-4 or UTF-16 side: of the output when it is
   * written, of the input when it is read.  %GUTF8CONV_BYTE_ORDER_HOST,
   * the default, is the order of #gunichar and #gunichar2 on this machine;
   * %GUTF8CONV_BYTE_ORDER_BIG_ENDIAN and %GUTF8CONV_BYTE_ORDER_LITTLE_ENDIAN
   * are explicit; since 1.1, %GUTF8CONV_BYTE_ORDER_DETECT reads the order
   * of the input from its signature (see [Byte orders][behaviour-detect]).
   * UTF-8 to UTF-8 ignores it.
   *
   * Since: 1.0
   */
  properties[PROP_BYTE_ORDER] =
    g_param_spec_enum ("byte-order", "Byte order", "The byte order of the UCS-4 or UTF-16 side",
                       GUTF8CONV_TYPE_BYTE_ORDER,
                       GUTF8CONV_BYTE_ORDER_HOST,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * GUtf8ConvConverter:bom-mode:
   *
   * What happens to a U+FEFF signature at the start of the stream: kept as
   * text (the default), stripped, or guaranteed to start the output exactly
   * once.  The signature is that of the side read or written: `EF BB BF`
   * in UTF-8, one U+FEFF unit in UCS-4 or UTF-16.  See
   * [Signatures][behaviour-bom] for the byte-level rules.
   *
   * Since: 1.0
   */
  properties[PROP_BOM_MODE] =
    g_param_spec_enum ("bom-mode", "BOM mode", "What to do with a signature at the start of the stream",
                       GUTF8CONV_TYPE_BOM_MODE,
                       GUTF8CONV_BOM_KEEP,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * GUtf8ConvConverter:error-mode:
   *
   * How malformed input is treated: %GUTF8CONV_ERROR_MODE_STRICT stops
   * with an error (the default), %GUTF8CONV_ERROR_MODE_REPLACE writes one
   * U+FFFD per maximal subpart, %GUTF8CONV_ERROR_MODE_SKIP drops it,
   * %GUTF8CONV_ERROR_MODE_ESCAPE escapes it losslessly, and, since 1.1,
   * %GUTF8CONV_ERROR_MODE_LATIN1 and %GUTF8CONV_ERROR_MODE_CP1252 read
   * its bytes as ISO-8859-1 or windows-1252.  See
   * [Malformed input and error modes][behaviour-errors].
   *
   * Since: 1.0
   */
  properties[PROP_ERROR_MODE] =
    g_param_spec_enum ("error-mode", "Error mode", "How malformed input is treated",
                       GUTF8CONV_TYPE_ERROR_MODE,
                       GUTF8CONV_ERROR_MODE_STRICT,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * GUtf8ConvConverter:profile:
   *
   * The code space and the variant of UTF-8: %GUTF8CONV_PROFILE_UNICODE
   * (U+0000..U+10FFFF, the default), %GUTF8CONV_PROFILE_UCS4 (the 31-bit
   * UCS-4 of ISO/IEC 10646-1:1993 with 5- and 6-octet forms) and, since
   * 1.1, %GUTF8CONV_PROFILE_CESU8, %GUTF8CONV_PROFILE_MODIFIED_UTF8 (Java's,
   * with lone surrogates since 1.3) and %GUTF8CONV_PROFILE_WTF8 (lone
   * surrogates).  See
   * [Profiles][behaviour-profiles].
   *
   * Since: 1.0
   */
  properties[PROP_PROFILE] =
    g_param_spec_enum ("profile", "Profile", "The code space accepted and produced",
                       GUTF8CONV_TYPE_PROFILE,
                       GUTF8CONV_PROFILE_UNICODE,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * GUtf8ConvConverter:output-profile:
   *
   * For %GUTF8CONV_DIRECTION_UTF8_TO_UTF8, the form of UTF-8 written: a
   * #GUtf8ConvProfile value, or -1 (the default: not given), where the
   * output form is the input form, #GUtf8ConvConverter:profile, exactly
   * as in 1.2.  Given, the input is read in #GUtf8ConvConverter:profile
   * and written in this one, by one converter: CESU-8, modified UTF-8 or
   * WTF-8 in, standard UTF-8 out, or any other pair.  Offsets, the
   * #GUtf8ConvConverter::invalid-sequence signal,
   * #GUtf8ConvConverter:num-invalid, #GUtf8ConvConverter:error-offset and
   * messages count bytes of the input.  A character the input form
   * carries and the output form cannot (a lone surrogate, a value above
   * U+10FFFF) is one malformed item, handled by
   * #GUtf8ConvConverter:error-mode; %GUTF8CONV_ERROR_MODE_ESCAPE fails
   * there as %GUTF8CONV_ERROR_MODE_STRICT does.  Other directions ignore
   * it.  It is an integer, not a #GUtf8ConvProfile, so that "not given"
   * is a value of its own; bindings pass a #GUtf8ConvProfile value as
   * it is.  See [One converter between two forms][behaviour-output-profile].
   *
   * Since: 1.3
   */
  properties[PROP_OUTPUT_PROFILE] =
    g_param_spec_int ("output-profile", "Output profile",
                      "UTF-8 to UTF-8: the profile written, or -1 for the input's",
                      -1, GUTF8CONV_PROFILE_WTF8, -1,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * GUtf8ConvConverter:num-invalid:
   *
   * The number of malformed sequences replaced, skipped or escaped since
   * the converter was made or last reset.  When decoding, each maximal
   * subpart counts once; when encoding, each bad unit.  In
   * %GUTF8CONV_ERROR_MODE_STRICT it stays 0: the conversion stops instead.
   * It is notified at most once per g_converter_convert() call, when it
   * changed.
   *
   * Since: 1.0
   */
  properties[PROP_NUM_INVALID] =
    g_param_spec_uint64 ("num-invalid", "Invalid sequences", "Malformed sequences met since construction or reset",
                         0, G_MAXUINT64, 0,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * GUtf8ConvConverter:error-offset:
   *
   * The absolute input offset of the sequence that stopped the stream: a
   * malformed sequence in %GUTF8CONV_ERROR_MODE_STRICT (or one that
   * %GUTF8CONV_ERROR_MODE_ESCAPE cannot represent), or an incomplete one at
   * its end; -1 while nothing stopped it.  It is the number the error
   * message names, for bindings that should not parse messages.  Need for
   * more input, a full output buffer and flushing do not set it;
   * g_converter_reset() makes it -1 again.
   *
   * Since: 1.1
   */
  properties[PROP_ERROR_OFFSET] =
    g_param_spec_int64 ("error-offset", "Error offset", "Input offset of the sequence that stopped the stream, or -1",
                        -1, G_MAXINT64, -1,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * GUtf8ConvConverter::invalid-sequence:
   * @self: the converter
   * @offset: the absolute input offset of the sequence's first byte
   * @bytes: the sequence: the maximal subpart when the input is UTF-8;
   *   when encoding, the unit's four bytes (or a truncated unit's bytes),
   *   in stream order
   *
   * Emitted once for each malformed sequence that the error mode handles
   * (every mode but %GUTF8CONV_ERROR_MODE_STRICT), in stream order, from
   * the thread that runs the conversion and before the output for it is
   * handed out: an editor connects to it to mark what was repaired.  The
   * emissions equal the #GUtf8ConvConverter:num-invalid count.  With no
   * handler connected it costs nothing.
   *
   * The thread that runs the conversion is not always the caller's: an
   * asynchronous read of a #GConverterInputStream
   * (g_input_stream_read_bytes_async() and the other `_async` reads) over
   * a base stream that cannot poll, such as a file's, converts in a worker
   * thread of GIO's pool, so the handler runs there.
   * GJS cannot run JavaScript off its main thread: connecting a JavaScript
   * handler and reading asynchronously crashes it.  From GJS, read the raw
   * bytes asynchronously and convert them with gutf8conv_converter_feed()
   * on the main loop, where the signal is emitted on the caller's thread;
   * or collect the repairs with gutf8conv_converter_collect_repairs()
   * instead of connecting.  See [the thread of the
   * signal][behaviour-threads].
   *
   * Since: 1.1
   */
  signals[INVALID_SEQUENCE] =
    g_signal_new ("invalid-sequence",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2,
                  G_TYPE_UINT64,
                  G_TYPE_BYTES);
}

static void
gutf8conv_converter_init (GUtf8ConvConverter *self G_GNUC_UNUSED)
{
}

static void
set_codec_error (GUtf8ConvConverter    *self,
                 GUtf8ConvCodecStatus   status,
                 GError               **error)
{
  g_autofree char *message = gutf8conv_codec_error_message (&self->codec);

  g_set_error_literal (error, G_IO_ERROR,
                       status == GUTF8CONV_CODEC_TRUNCATED ? G_IO_ERROR_PARTIAL_INPUT
                                                           : G_IO_ERROR_INVALID_DATA,
                       message);
}

/* gutf8conv_converter_convert() past the common call: the codec's
 * general loop, from the start or (@kernel_ran) from where the kernel
 * stopped, with the notifications and the status's error. */
__attribute__((noinline)) static GConverterResult
convert_general (GUtf8ConvConverter  *self,
                 const guint8        *inbuf,
                 gsize                inbuf_size,
                 guint8              *outbuf,
                 gsize                outbuf_size,
                 GUtf8ConvCodecFlags  codec_flags,
                 gboolean             kernel_ran,
                 gsize                used,
                 gsize                written,
                 gsize               *bytes_read,
                 gsize               *bytes_written,
                 GError             **error)
{
  GUtf8ConvCodecStatus status;
  guint64 num_invalid = self->codec.num_invalid;
  gboolean had_error = self->codec.error != GUTF8CONV_CODEC_CONVERTED;

  /* The question of listeners open again: a handler connected between
   * calls is heard from the next call on. */
  self->listeners_known = FALSE;
  status = self->codec.convert_general (&self->codec, inbuf, inbuf_size, outbuf, outbuf_size,
                                        codec_flags, kernel_ran, used, written,
                                        bytes_read, bytes_written);

  if (self->codec.num_invalid != num_invalid)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NUM_INVALID]);
  if (!had_error && self->codec.error != GUTF8CONV_CODEC_CONVERTED)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR_OFFSET]);

  switch (status)
    {
    case GUTF8CONV_CODEC_CONVERTED:
      return G_CONVERTER_CONVERTED;
    case GUTF8CONV_CODEC_FLUSHED:
      return G_CONVERTER_FLUSHED;
    case GUTF8CONV_CODEC_FINISHED:
      return G_CONVERTER_FINISHED;
    case GUTF8CONV_CODEC_NEED_INPUT:
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT,
                           _("Need more input"));
      return G_CONVERTER_ERROR;
    case GUTF8CONV_CODEC_NO_SPACE:
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                           _("Not enough space in the output buffer"));
      return G_CONVERTER_ERROR;
    case GUTF8CONV_CODEC_INVALID:
    case GUTF8CONV_CODEC_TRUNCATED:
    default:
      set_codec_error (self, status, error);
      return G_CONVERTER_ERROR;
    }
}

static GConverterResult
gutf8conv_converter_convert (GConverter       *converter,
                             const void       *inbuf,
                             gsize             inbuf_size,
                             void             *outbuf,
                             gsize             outbuf_size,
                             GConverterFlags   flags,
                             gsize            *bytes_read,
                             gsize            *bytes_written,
                             GError          **error)
{
  /* GIO calls this through the interface of our type only, and has
   * checked the instance: no second check per call. */
  GUtf8ConvConverter *self = (GUtf8ConvConverter *) converter;
  GUtf8ConvCodec *codec = &self->codec;
  /* The codec's flags are GIO's, bit for bit: no translation per call. */
  GUtf8ConvCodecFlags codec_flags = flags & (G_CONVERTER_INPUT_AT_END | G_CONVERTER_FLUSH);
  gsize used, written;

  G_STATIC_ASSERT ((guint) GUTF8CONV_CODEC_INPUT_AT_END == (guint) G_CONVERTER_INPUT_AT_END);
  G_STATIC_ASSERT ((guint) GUTF8CONV_CODEC_FLUSH == (guint) G_CONVERTER_FLUSH);

  if (!gutf8conv_codec_settled (codec, inbuf, inbuf_size))
    return convert_general (self, inbuf, inbuf_size, outbuf, outbuf_size, codec_flags, FALSE, 0, 0,
                            bytes_read, bytes_written, error);

  /* The common call, a stream's chunk the kernel takes whole, costs the
   * kernel and these few tests: it reports nothing, queues nothing and
   * makes no error, so nothing is notified. */
  written = codec->kernel_func (inbuf, inbuf_size, outbuf, outbuf_size, codec->kernel_flags, &used);
  if (G_UNLIKELY (used != inbuf_size))
    return convert_general (self, inbuf, inbuf_size, outbuf, outbuf_size, codec_flags, TRUE, used,
                            written, bytes_read, bytes_written, error);
  switch (gutf8conv_codec_kernel_took_all (codec, used, written, codec_flags, bytes_read, bytes_written))
    {
    case GUTF8CONV_CODEC_FINISHED:
      return G_CONVERTER_FINISHED;
    case GUTF8CONV_CODEC_FLUSHED:
      return G_CONVERTER_FLUSHED;
    case GUTF8CONV_CODEC_CONVERTED:
    default:
      return G_CONVERTER_CONVERTED;
    }
}

static void
gutf8conv_converter_reset (GConverter *converter)
{
  GUtf8ConvConverter *self = GUTF8CONV_CONVERTER (converter);
  guint64 num_invalid = self->codec.num_invalid;
  gboolean had_error = self->codec.error != GUTF8CONV_CODEC_CONVERTED;

  gutf8conv_codec_reset (&self->codec);
  self->fed_final = FALSE;
  g_clear_pointer (&self->output_before_error, g_free);
  self->output_before_error_len = 0;
  if (num_invalid != 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NUM_INVALID]);
  if (had_error)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR_OFFSET]);
}

static void
gutf8conv_converter_iface_init (GConverterIface *iface)
{
  iface->convert = gutf8conv_converter_convert;
  iface->reset = gutf8conv_converter_reset;
}

/**
 * gutf8conv_converter_new:
 * @direction: which way to convert
 *
 * Creates a converter with the default settings for everything
 * but @direction: host byte order, BOM kept, strict errors, Unicode profile.
 * gutf8conv_converter_new_full() sets every property; g_object_new()
 * sets any of them by name.
 *
 * Returns: (transfer full): a new #GUtf8ConvConverter
 *
 * Since: 1.0
 */
GUtf8ConvConverter *
gutf8conv_converter_new (GUtf8ConvDirection direction)
{
  return g_object_new (GUTF8CONV_TYPE_CONVERTER,
                       "direction", direction,
                       NULL);
}

/**
 * gutf8conv_converter_new_full:
 * @direction: which way to convert
 * @byte_order: the byte order of the UCS-4 or UTF-16 side
 * @bom_mode: what to do with a signature
 * @error_mode: how to treat malformed input
 * @profile: the code space and UTF-8 variant
 *
 * Creates a converter with every setting given, so that C and Vala need
 * no g_object_new() for the common case.
 *
 * Returns: (transfer full): a new #GUtf8ConvConverter
 *
 * Since: 1.1
 */
GUtf8ConvConverter *
gutf8conv_converter_new_full (GUtf8ConvDirection direction,
                              GUtf8ConvByteOrder byte_order,
                              GUtf8ConvBomMode   bom_mode,
                              GUtf8ConvErrorMode error_mode,
                              GUtf8ConvProfile   profile)
{
  return g_object_new (GUTF8CONV_TYPE_CONVERTER,
                       "direction", direction,
                       "byte-order", byte_order,
                       "bom-mode", bom_mode,
                       "error-mode", error_mode,
                       "profile", profile,
                       NULL);
}

/**
 * gutf8conv_converter_get_error_offset:
 * @self: a #GUtf8ConvConverter
 *
 * Gets the #GUtf8ConvConverter:error-offset property: the absolute input
 * offset of the sequence that stopped the stream, or -1 while nothing
 * did.
 *
 * Returns: the offset of the error that stopped the stream, or -1
 *
 * Since: 1.1
 */
gint64
gutf8conv_converter_get_error_offset (GUtf8ConvConverter *self)
{
  g_return_val_if_fail (GUTF8CONV_IS_CONVERTER (self), -1);

  return error_offset (self);
}

/**
 * gutf8conv_converter_get_direction:
 * @self: a #GUtf8ConvConverter
 *
 * Gets the #GUtf8ConvConverter:direction property.
 *
 * Returns: the direction of the conversion
 *
 * Since: 1.0
 */
GUtf8ConvDirection
gutf8conv_converter_get_direction (GUtf8ConvConverter *self)
{
  g_return_val_if_fail (GUTF8CONV_IS_CONVERTER (self), GUTF8CONV_DIRECTION_UTF8_TO_UCS4);

  return self->config.direction;
}

/**
 * gutf8conv_converter_get_byte_order:
 * @self: a #GUtf8ConvConverter
 *
 * Gets the #GUtf8ConvConverter:byte-order property, as it was set
 * (%GUTF8CONV_BYTE_ORDER_HOST is not resolved).
 *
 * Returns: the byte order of the UCS-4 or UTF-16 side
 *
 * Since: 1.0
 */
GUtf8ConvByteOrder
gutf8conv_converter_get_byte_order (GUtf8ConvConverter *self)
{
  g_return_val_if_fail (GUTF8CONV_IS_CONVERTER (self), GUTF8CONV_BYTE_ORDER_HOST);

  return self->config.byte_order;
}

/**
 * gutf8conv_converter_get_bom_mode:
 * @self: a #GUtf8ConvConverter
 *
 * Gets the #GUtf8ConvConverter:bom-mode property.
 *
 * Returns: what the converter does with a signature
 *
 * Since: 1.0
 */
GUtf8ConvBomMode
gutf8conv_converter_get_bom_mode (GUtf8ConvConverter *self)
{
  g_return_val_if_fail (GUTF8CONV_IS_CONVERTER (self), GUTF8CONV_BOM_KEEP);

  return self->config.bom_mode;
}

/**
 * gutf8conv_converter_get_error_mode:
 * @self: a #GUtf8ConvConverter
 *
 * Gets the #GUtf8ConvConverter:error-mode property.
 *
 * Returns: how malformed input is treated
 *
 * Since: 1.0
 */
GUtf8ConvErrorMode
gutf8conv_converter_get_error_mode (GUtf8ConvConverter *self)
{
  g_return_val_if_fail (GUTF8CONV_IS_CONVERTER (self), GUTF8CONV_ERROR_MODE_STRICT);

  return self->config.error_mode;
}

/**
 * gutf8conv_converter_get_profile:
 * @self: a #GUtf8ConvConverter
 *
 * Gets the #GUtf8ConvConverter:profile property.
 *
 * Returns: the code space the converter accepts
 *
 * Since: 1.0
 */
GUtf8ConvProfile
gutf8conv_converter_get_profile (GUtf8ConvConverter *self)
{
  g_return_val_if_fail (GUTF8CONV_IS_CONVERTER (self), GUTF8CONV_PROFILE_UNICODE);

  return self->config.profile;
}

/**
 * gutf8conv_converter_get_output_profile:
 * @self: a #GUtf8ConvConverter
 *
 * Gets #GUtf8ConvConverter:output-profile, as it was given: a
 * #GUtf8ConvProfile value, or -1 when it was not given (then a
 * %GUTF8CONV_DIRECTION_UTF8_TO_UTF8 converter writes the form of
 * #GUtf8ConvConverter:profile).  It is the property's getter, so that
 * every binding reads the same value through either.
 *
 * Returns: the output profile, or -1
 *
 * Since: 1.3
 */
int
gutf8conv_converter_get_output_profile (GUtf8ConvConverter *self)
{
  g_return_val_if_fail (GUTF8CONV_IS_CONVERTER (self), -1);

  return self->output_profile;
}

/**
 * gutf8conv_converter_get_num_invalid:
 * @self: a #GUtf8ConvConverter
 *
 * Gets the #GUtf8ConvConverter:num-invalid property: how many malformed
 * sequences were replaced, skipped or escaped since the converter was made
 * or last reset.
 *
 * Returns: the number of malformed sequences met
 *
 * Since: 1.0
 */
guint64
gutf8conv_converter_get_num_invalid (GUtf8ConvConverter *self)
{
  g_return_val_if_fail (GUTF8CONV_IS_CONVERTER (self), 0);

  return self->codec.num_invalid;
}

/**
 * gutf8conv_converter_convert_bytes:
 * @self: a #GUtf8ConvConverter
 * @input: the whole input stream
 * @error: return location for a #GError, or %NULL
 *
 * Converts @input as one whole stream.  The converter is reset first, and
 * is left at the end of that stream, so #GUtf8ConvConverter:num-invalid
 * tells afterwards how many malformed sequences @input had.
 *
 * This is the convenient call from language bindings, where
 * g_converter_convert() cannot return its output, and the fastest way to
 * convert a buffer that is already in memory.
 *
 * Returns: (transfer full): the converted bytes, or %NULL with @error set
 *   to the error a stream would report
 *
 * Since: 1.0
 */
GBytes *
gutf8conv_converter_convert_bytes (GUtf8ConvConverter  *self,
                                   GBytes              *input,
                                   GError             **error)
{
  g_autoptr(GError) local_error = NULL;
  const guint8 *in;
  gsize in_len, out_len;
  guint8 *out;

  g_return_val_if_fail (GUTF8CONV_IS_CONVERTER (self), NULL);
  g_return_val_if_fail (input != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* One whole stream: the incremental call's last piece, from the start. */
  gutf8conv_converter_reset (G_CONVERTER (self));
  in = g_bytes_get_data (input, &in_len);
  out = gutf8conv_converter_feed (self, in, in_len, TRUE, &out_len, &local_error);
  if (local_error != NULL)
    {
      /* The output before the error is the incremental call's to keep. */
      g_clear_pointer (&self->output_before_error, g_free);
      self->output_before_error_len = 0;
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  return g_bytes_new_take (out, out_len);
}

/* ---- The incremental call (behaviour-feed) ---------------------------- */

/**
 * gutf8conv_converter_feed:
 * @self: a #GUtf8ConvConverter
 * @input: (array length=input_len) (nullable): the next piece of the stream
 * @input_len: the length of @input in bytes
 * @final: %TRUE if @input ends the stream
 * @output_len: (out): return location for the length of the output
 * @error: return location for a #GError, or %NULL
 *
 * Converts the next piece of a stream and returns the output it
 * determines: the incremental call for language bindings, where
 * g_converter_convert() cannot hand out its output.  The converter keeps
 * its state between calls, so a sequence cut between two pieces is joined
 * and offsets in messages, #GUtf8ConvConverter:error-offset and
 * #GUtf8ConvConverter::invalid-sequence count from the start of the
 * stream.  A piece may be cut anywhere; the output is the same as for the
 * whole stream at once.
 *
 * The call with @final %TRUE ends the stream: a sequence still incomplete
 * then is %G_IO_ERROR_PARTIAL_INPUT, a signature that
 * %GUTF8CONV_BOM_INSERT still owes is written.  The next call after it
 * starts a new stream, as after g_converter_reset().
 *
 * #GUtf8ConvConverter::invalid-sequence is emitted during the call, on the
 * caller's thread.  Malformed input that the error mode does not repair is
 * %G_IO_ERROR_INVALID_DATA, or %G_IO_ERROR_PARTIAL_INPUT when it is cut
 * off by the end of the stream: treat both as malformed input.  The
 * output the failing call produced for the input before the bad sequence
 * is not lost: gutf8conv_converter_take_output_before_error() returns it.
 * The error is sticky: every later call fails the same way until
 * g_converter_reset().
 *
 * The only memory the call allocates is the output.
 *
 * Returns: (array length=output_len) (transfer full) (nullable): the
 *   output, or %NULL with @error set; an empty output is %NULL without an
 *   error, or an empty array
 *
 * Since: 1.2
 */
guint8 *
gutf8conv_converter_feed (GUtf8ConvConverter  *self,
                          const guint8        *input,
                          gsize                input_len,
                          gboolean             final,
                          gsize               *output_len,
                          GError             **error)
{
  GUtf8ConvCodecFlags flags = final ? GUTF8CONV_CODEC_INPUT_AT_END : GUTF8CONV_CODEC_FLUSH;
  GUtf8ConvCodecStatus status;
  guint64 num_invalid;
  gboolean had_error;
  gsize cap, done_in = 0, done_out = 0;
  g_autofree guint8 *out = NULL;

  g_return_val_if_fail (GUTF8CONV_IS_CONVERTER (self), NULL);
  g_return_val_if_fail (input != NULL || input_len == 0, NULL);
  g_return_val_if_fail (output_len != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  *output_len = 0;
  g_clear_pointer (&self->output_before_error, g_free);
  self->output_before_error_len = 0;
  if (self->fed_final)
    {
      gutf8conv_converter_reset (G_CONVERTER (self));
      self->fed_final = FALSE;
    }
  num_invalid = self->codec.num_invalid;
  had_error = self->codec.error != GUTF8CONV_CODEC_CONVERTED;

  /* Room for this input and the bytes held back from the last piece, so
   * that one allocation is the rule; a full buffer grows all the same. */
  cap = gutf8conv_codec_max_output (&self->codec, input_len + GUTF8CONV_CODEC_MAX_PENDING) +
        gutf8conv_codec_min_output (&self->config) * GUTF8CONV_CODEC_MAX_PENDING;
  out = g_malloc (cap);

  for (;;)
    {
      gsize nread, nwritten;

      status = codec_convert (self, input_len > 0 ? input + done_in : NULL,
                              input_len - done_in, out + done_out, cap - done_out,
                              flags, &nread, &nwritten);
      done_in += nread;
      done_out += nwritten;
      if (status == GUTF8CONV_CODEC_NO_SPACE)
        out = g_realloc (out, cap *= 2);
      else if (status != GUTF8CONV_CODEC_CONVERTED)
        break;
    }

  if (self->codec.num_invalid != num_invalid)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NUM_INVALID]);

  if (status == GUTF8CONV_CODEC_INVALID || status == GUTF8CONV_CODEC_TRUNCATED)
    {
      if (!had_error)
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR_OFFSET]);
      self->output_before_error = g_realloc (g_steal_pointer (&out), done_out);
      self->output_before_error_len = done_out;
      set_codec_error (self, status, error);
      return NULL;
    }

  g_assert (status == (final ? GUTF8CONV_CODEC_FINISHED : GUTF8CONV_CODEC_FLUSHED));
  self->fed_final = final;
  *output_len = done_out;
  return g_realloc (g_steal_pointer (&out), done_out);
}

/**
 * gutf8conv_converter_take_output_before_error:
 * @self: a #GUtf8ConvConverter
 * @output_len: (out): return location for the length of the output
 *
 * Gets the output that the last call of gutf8conv_converter_feed(), when
 * it failed, produced for its input before the malformed sequence: the
 * valid text a strict conversion must not lose.  The output is handed
 * over once; the next gutf8conv_converter_feed() call drops it.
 *
 * Returns: (array length=output_len) (transfer full) (nullable): the
 *   output before the error, %NULL or empty when there is none
 *
 * Since: 1.2
 */
guint8 *
gutf8conv_converter_take_output_before_error (GUtf8ConvConverter *self,
                                              gsize              *output_len)
{
  g_return_val_if_fail (GUTF8CONV_IS_CONVERTER (self), NULL);
  g_return_val_if_fail (output_len != NULL, NULL);

  *output_len = self->output_before_error_len;
  self->output_before_error_len = 0;
  return g_steal_pointer (&self->output_before_error);
}

/* ---- Collected repairs (behaviour-repair-list) ------------------------- */

/**
 * gutf8conv_converter_collect_repairs:
 * @self: a #GUtf8ConvConverter
 * @max_repairs: how many repaired ranges to keep at most, 0 to stop
 *   collecting
 *
 * Makes the converter record the offset and length of each malformed
 * sequence it repairs, replaces, skips or escapes (each one it emits
 * #GUtf8ConvConverter::invalid-sequence for), whatever way it is driven,
 * so that a binding gets them with gutf8conv_converter_take_repairs()
 * after a call instead of running a handler per sequence.
 *
 * The list holds at most @max_repairs ranges, allocated here once; when it
 * is full, further repairs are counted by #GUtf8ConvConverter:num-invalid
 * but not recorded until the list is taken.  A piece of @n input bytes has
 * at most @n repairs, so a list as long as the largest piece passed to
 * gutf8conv_converter_feed(), taken after each call, misses none.
 * Calling this again drops what was recorded.
 *
 * Since: 1.2
 */
void
gutf8conv_converter_collect_repairs (GUtf8ConvConverter *self,
                                     guint               max_repairs)
{
  g_return_if_fail (GUTF8CONV_IS_CONVERTER (self));

  g_clear_pointer (&self->repairs, g_array_unref);
  self->max_repairs = max_repairs;
  if (max_repairs > 0)
    self->repairs = g_array_sized_new (FALSE, FALSE, sizeof (guint64), 2 * max_repairs);
}

/**
 * gutf8conv_converter_take_repairs:
 * @self: a #GUtf8ConvConverter
 * @n_values: (out): return location for the number of values, twice the
 *   number of ranges
 *
 * Gets the repaired ranges recorded since gutf8conv_converter_collect_repairs()
 * or the last call of this function, and empties the list.  The values
 * come in pairs, in stream order: the absolute input offset of a
 * malformed sequence and its length in bytes (the maximal subpart when
 * the input is UTF-8; when encoding, the unit's bytes).
 *
 * Returns: (array length=n_values) (transfer full) (nullable): offset
 *   and length pairs, %NULL or empty when none was recorded
 *
 * Since: 1.2
 */
guint64 *
gutf8conv_converter_take_repairs (GUtf8ConvConverter *self,
                                  gsize              *n_values)
{
  guint64 *values;

  g_return_val_if_fail (GUTF8CONV_IS_CONVERTER (self), NULL);
  g_return_val_if_fail (n_values != NULL, NULL);

  *n_values = 0;
  if (self->repairs == NULL || self->repairs->len == 0)
    return NULL;
  *n_values = self->repairs->len;
  values = g_memdup2 (self->repairs->data, self->repairs->len * sizeof (guint64));
  g_array_set_size (self->repairs, 0);
  return values;
}
