/* gutf8conv-codec.h: the byte-level UTF-8 <-> UCS-4 state machine
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

G_BEGIN_DECLS

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

typedef struct
{
  /* Configuration, fixed by gutf8conv_codec_init(). */
  GUtf8ConvDirection      direction;
  GUtf8ConvBomMode        bom_mode;
  GUtf8ConvErrorMode      error_mode;
  GUtf8ConvProfile        profile;
  gboolean                big_endian;     /* byte order of the UCS-4 side */
  guint32                 max_value;      /* 0x10FFFF or 0x7FFFFFFF */
  const GUtf8ConvKernel  *kernel;

  /* Stream state. */
  guint64  offset;            /* stream offset of the first input byte not consumed */
  guint64  num_invalid;
  gboolean bom_pending;       /* nothing decided at the start of the stream yet */
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
} GUtf8ConvCodec;

void                 gutf8conv_codec_init          (GUtf8ConvCodec        *codec,
                                                    GUtf8ConvDirection     direction,
                                                    GUtf8ConvByteOrder     byte_order,
                                                    GUtf8ConvBomMode       bom_mode,
                                                    GUtf8ConvErrorMode     error_mode,
                                                    GUtf8ConvProfile       profile);
void                 gutf8conv_codec_set_kernel    (GUtf8ConvCodec        *codec,
                                                    const GUtf8ConvKernel *kernel);
void                 gutf8conv_codec_reset         (GUtf8ConvCodec        *codec);
GUtf8ConvCodecStatus gutf8conv_codec_convert       (GUtf8ConvCodec        *codec,
                                                    const guint8          *in,
                                                    gsize                  in_len,
                                                    guint8                *out,
                                                    gsize                  out_len,
                                                    GUtf8ConvCodecFlags    flags,
                                                    gsize                 *bytes_read,
                                                    gsize                 *bytes_written);
/* The message of the sticky error; free with g_free(). */
char                *gutf8conv_codec_error_message (const GUtf8ConvCodec  *codec);
/* An upper bound of the output for @in_len input bytes as one whole stream. */
gsize                gutf8conv_codec_max_output    (const GUtf8ConvCodec  *codec,
                                                    gsize                  in_len);

G_END_DECLS
