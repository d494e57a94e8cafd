/* gutf8conv-codec.h: the byte-level UTF-8 <-> UCS-4 / UTF-16 state machine
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Plain C over byte buffers, no GObject: this is what the converter wraps
 * and what the unit tests, the fuzzers and the benchmark drive directly.
 * Its results map one to one onto GConverter's.
 */

#pragma once

#include <glib.h>

#include "gutf8conv-enums.h"
#include "gutf8conv-kernel.h"
#include "gutf8conv-profile.h"

G_BEGIN_DECLS

/* Every setting of a conversion, the converter's construct-only
 * properties; one struct wherever a configuration is passed around. */
typedef struct
{
  GUtf8ConvDirection direction;
  GUtf8ConvByteOrder byte_order;
  GUtf8ConvBomMode   bom_mode;
  GUtf8ConvErrorMode error_mode;
  GUtf8ConvProfile   profile;
} GUtf8ConvConfig;

/* The defaults, as the converter's properties have them. */
#define GUTF8CONV_CONFIG_INIT { GUTF8CONV_DIRECTION_UTF8_TO_UCS4, GUTF8CONV_BYTE_ORDER_HOST, \
                                GUTF8CONV_BOM_KEEP, GUTF8CONV_ERROR_MODE_STRICT, \
                                GUTF8CONV_PROFILE_UNICODE }

typedef enum
{
  GUTF8CONV_CODEC_INPUT_AT_END = 1 << 0,
  GUTF8CONV_CODEC_FLUSH        = 1 << 1,
} GUtf8ConvCodecFlags;

typedef enum
{
  GUTF8CONV_CODEC_CONVERTED,   /* progress; call again */
  GUTF8CONV_CODEC_FLUSHED,     /* FLUSH: all input consumed, all determined output written */
  GUTF8CONV_CODEC_FINISHED,    /* INPUT_AT_END: everything written */
  GUTF8CONV_CODEC_NEED_INPUT,  /* no progress possible without more input */
  GUTF8CONV_CODEC_NO_SPACE,    /* the output buffer cannot take the next unit */
  GUTF8CONV_CODEC_INVALID,     /* malformed input; see the error fields */
  GUTF8CONV_CODEC_TRUNCATED,   /* incomplete sequence at the end of input */
} GUtf8ConvCodecStatus;

#define GUTF8CONV_CODEC_MAX_PENDING 8

/* Called once for each malformed sequence an error mode handles, with its
 * stream offset and bytes, before the output for it is written. */
typedef void (*GUtf8ConvInvalidFunc) (guint64       offset,
                                      const guint8 *bytes,
                                      gsize         len,
                                      gpointer      user_data);

/* Whether anybody wants the reports of the call under way: a codec whose
 * reports nobody wants may take input dense with errors by a step that
 * makes none (the converter asks GLib once per call at most). */
typedef gboolean (*GUtf8ConvWantsFunc) (gpointer user_data);

typedef struct _GUtf8ConvCodec GUtf8ConvCodec;

/* gutf8conv_codec_convert() past its common case: from the start, or
 * (@kernel_ran) after the kernel took @used bytes and wrote @written.
 * One for each form of input, so that no step asks which it reads;
 * reset() chooses it. */
typedef GUtf8ConvCodecStatus (*GUtf8ConvGeneralFunc) (GUtf8ConvCodec      *codec,
                                                       const guint8        *in,
                                                       gsize                in_len,
                                                       guint8              *out,
                                                       gsize                out_len,
                                                       GUtf8ConvCodecFlags  flags,
                                                       gboolean             kernel_ran,
                                                       gsize                used,
                                                       gsize                written,
                                                       gsize               *bytes_read,
                                                       gsize               *bytes_written);

struct _GUtf8ConvCodec
{
  /* The configuration, stored whole; reset() derives the rest from it. */
  GUtf8ConvConfig              config;
  const GUtf8ConvKernel       *kernel;
  GUtf8ConvInvalidFunc         on_invalid;
  gpointer                     on_invalid_data;
  GUtf8ConvWantsFunc           wants_invalid;
  /* UTF-8 to UTF-8: the GUtf8ConvProfile written, or -1 (the converter's
   * output-profile not given): the input's. */
  int                          output_profile;

  /* Derived from the configuration. */
  const GUtf8ConvProfileInfo  *profile;
  const GUtf8ConvProfileInfo  *out_profile;    /* the UTF-8 written: profile, or the output profile */
  gboolean                     same_forms;     /* out_profile is profile (or the output is not UTF-8) */
  gboolean                     utf8_in;        /* the input is UTF-8 */
  gboolean                     utf8_out;       /* the output is UTF-8 */
  guint                        unit;           /* bytes per unit of the wide side: 4 (UCS-4) or 2 (UTF-16) */
  gboolean                     big_endian;     /* byte order of the wide side */
  guint                        kernel_flags;   /* GUtf8ConvKernelFlags */
  GUtf8ConvDecodeFunc          kernel_func;    /* the kernel's function for the direction */
  GUtf8ConvDecodeMendFunc      kernel_mend;    /* its mending one where the configuration allows, or NULL */
  GUtf8ConvGeneralFunc         convert_general;
  /* The kernel's dense loop from where the kernel stopped (UTF-8 input):
   * the profile's state machine, its entry for the output and the error
   * mode where nobody listens (BYTE_STOP's where the error mode stops the
   * stream), and BYTE_STOP's; NULL where the kernel has none. */
  GUtf8ConvKernelDense         dense;
  GUtf8ConvDecodeDenseFunc     dense_func;
  GUtf8ConvDecodeDenseFunc     dense_stop;

  /* Stream state. */
  guint64  offset;            /* stream offset of the first input byte not consumed */
  guint64  num_invalid;
  gboolean bom_pending;       /* the signature question is still open */
  gboolean order_pending;     /* DETECT: the byte order is still open */
  gboolean after_high;        /* WTF-8: the last thing decoded was a high surrogate form */
  guint8   held[8];           /* consumed prefix of an incomplete sequence or unit */
  guint8   n_held;
  guint8   n_pending;         /* output decided but not yet written */
  guint8   pending_pos;
  guint32  pending[GUTF8CONV_CODEC_MAX_PENDING];

  /* Sticky error: once reported, every call reports it until reset. */
  GUtf8ConvCodecStatus error;   /* CONVERTED when there is none */
  guint64  error_offset;
  guint32  error_value;
  guint8   error_bytes[8];
  guint8   n_error_bytes;
};

void                 gutf8conv_codec_init          (GUtf8ConvCodec        *codec,
                                                    const GUtf8ConvConfig *config);
void                 gutf8conv_codec_set_kernel    (GUtf8ConvCodec        *codec,
                                                    const GUtf8ConvKernel *kernel);
void                 gutf8conv_codec_set_invalid_func (GUtf8ConvCodec     *codec,
                                                    GUtf8ConvInvalidFunc   func,
                                                    gpointer               user_data);
/* @wants (may be NULL: always) is asked, with the invalid func's data,
 * before input dense with errors is taken without reports. */
void                 gutf8conv_codec_set_wants_func (GUtf8ConvCodec     *codec,
                                                    GUtf8ConvWantsFunc     wants);
void                 gutf8conv_codec_reset         (GUtf8ConvCodec        *codec);
/* UTF-8 to UTF-8: writes @output_profile (-1: the input's profile, the
 * default); resets the codec. */
void                 gutf8conv_codec_set_output_profile (GUtf8ConvCodec   *codec,
                                                    int                    output_profile);

/* Whether a call with @in_len bytes at @in is the common one: no error,
 * nothing held or queued, the stream's start settled.  Then the kernel
 * takes the input first, and gutf8conv_codec_kernel_took_all() ends the
 * call where it took all of it. */
static inline gboolean
gutf8conv_codec_settled (const GUtf8ConvCodec *codec,
                         const guint8         *in,
                         gsize                 in_len)
{
  return in_len > 0 && in != NULL && codec->error == GUTF8CONV_CODEC_CONVERTED &&
         codec->n_held == 0 && codec->n_pending == 0 && !codec->bom_pending && !codec->order_pending;
}

/* The end of a settled call whose kernel took all @used bytes and wrote
 * @written: final_status()'s answer for that state. */
static inline GUtf8ConvCodecStatus
gutf8conv_codec_kernel_took_all (GUtf8ConvCodec      *codec,
                                 gsize                used,
                                 gsize                written,
                                 GUtf8ConvCodecFlags  flags,
                                 gsize               *bytes_read,
                                 gsize               *bytes_written)
{
  codec->offset += used;
  codec->after_high = FALSE;
  *bytes_read = used;
  *bytes_written = written;
  if (flags & GUTF8CONV_CODEC_INPUT_AT_END)
    return GUTF8CONV_CODEC_FINISHED;
  return (flags & GUTF8CONV_CODEC_FLUSH) ? GUTF8CONV_CODEC_FLUSHED : GUTF8CONV_CODEC_CONVERTED;
}

/* One call: converts what it can of @in into @out.  Inline, so that a
 * small chunk costs its caller no more than the kernel and a few tests:
 * the common call (gutf8conv_codec_settled(), the kernel takes the whole
 * input) ends here; anything else goes on in codec->convert_general()
 * from where the kernel stopped. */
static inline GUtf8ConvCodecStatus
gutf8conv_codec_convert (GUtf8ConvCodec      *codec,
                         const guint8        *in,
                         gsize                in_len,
                         guint8              *out,
                         gsize                out_len,
                         GUtf8ConvCodecFlags  flags,
                         gsize               *bytes_read,
                         gsize               *bytes_written)
{
  gsize used, written;

  if (!gutf8conv_codec_settled (codec, in, in_len))
    return codec->convert_general (codec, in, in_len, out, out_len, flags, FALSE, 0, 0,
                                    bytes_read, bytes_written);

  written = codec->kernel_func (in, in_len, out, out_len, codec->kernel_flags, &used);
  if (G_UNLIKELY (used != in_len))
    return codec->convert_general (codec, in, in_len, out, out_len, flags, TRUE, used,
                                    written, bytes_read, bytes_written);
  return gutf8conv_codec_kernel_took_all (codec, used, written, flags, bytes_read, bytes_written);
}
/* The message of the sticky error; free with g_free(). */
char                *gutf8conv_codec_error_message (const GUtf8ConvCodec  *codec);
/* An upper bound of the output for @in_len input bytes as one whole stream. */
gsize                gutf8conv_codec_max_output    (const GUtf8ConvCodec  *codec,
                                                    gsize                  in_len);
/* The smallest output buffer that always takes the next output unit. */
gsize                gutf8conv_codec_min_output    (const GUtf8ConvConfig *config);

G_END_DECLS
