/* test-util.h: shared helpers of the gutf8conv tests
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Expected bytes are written by hand as hex strings; these helpers parse
 * them and run one converter configuration over an input with a given
 * chunking, through the codec core or through the public GConverter.
 */

#pragma once

#include <gutf8conv/gutf8conv.h>
#include "gutf8conv-codec.h"
#include "gutf8conv-profile.h"

G_BEGIN_DECLS

typedef enum
{
  TU_CORE,        /* gutf8conv_codec_convert() */
  TU_CONVERTER,   /* g_converter_convert() on a GUtf8ConvConverter */
} TuPath;

/* What a whole run gave: output, error (code -1 when none), counter. */
typedef struct
{
  GByteArray *out;
  int         error_code;
  char       *message;
  guint64     num_invalid;
} TuResult;

/* "41 E2 89 a2": hex bytes, blanks ignored. */
GBytes   *tu_hex            (const char *hex);
/* "0041 2262": whitespace-separated hex values, each one UCS-4 unit. */
GBytes   *tu_ucs4           (const char         *values,
                             GUtf8ConvByteOrder  order);
/* Parses the UTF-8 side (tu_hex) or the UCS-4 side (tu_ucs4) of @cfg. */
GBytes   *tu_input          (const GUtf8ConvConfig *cfg,
                             const char     *text);
GBytes   *tu_output         (const GUtf8ConvConfig *cfg,
                             const char     *text);
char     *tu_to_hex         (const guint8 *data,
                             gsize         len);
char     *tu_config_string  (const GUtf8ConvConfig *cfg);
/* How many values the enum @type has (they run from 0). */
guint     tu_enum_count     (GType type);

GUtf8ConvConverter *tu_converter_new (const GUtf8ConvConfig *cfg);

/* One run over @in, cut at the @n_cuts increasing positions @cuts, with
 * output buffers of @out_size bytes; the last chunk carries INPUT_AT_END.
 * With @flush, every chunk but the last is flushed (G_CONVERTER_FLUSH
 * until FLUSHED), as g_output_stream_flush() does.  Fails the test if a
 * call breaks the GConverter contract; calls once more after an error to
 * see it repeated. */
TuResult *tu_run            (const GUtf8ConvConfig *cfg,
                             TuPath          path,
                             const guint8   *in,
                             gsize           len,
                             const gsize    *cuts,
                             guint           n_cuts,
                             gsize           out_size,
                             gboolean        flush);
/* The whole input in one call, into a buffer large enough for all. */
TuResult *tu_run_oneshot    (const GUtf8ConvConfig *cfg,
                             TuPath          path,
                             const guint8   *in,
                             gsize           len);
/* Random chunks of 1..@max_chunk bytes. */
TuResult *tu_run_random     (const GUtf8ConvConfig *cfg,
                             TuPath          path,
                             const guint8   *in,
                             gsize           len,
                             GRand          *rand,
                             gsize           max_chunk,
                             gsize           out_size);
void      tu_result_free    (TuResult *res);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TuResult, tu_result_free)

/* The smallest output buffer that must always work (behaviour guide,
 * #behaviour-output-sizes). */
gsize     tu_min_out_size   (const GUtf8ConvConfig *cfg);

/* Fails unless @res has exactly @expected as output, the error @code
 * (-1: none) with @message (NULL: not checked) and @num_invalid.
 * @what names the case in the failure message. */
void      tu_assert_result  (const TuResult *res,
                             GBytes         *expected,
                             int             code,
                             const char     *message,
                             guint64         num_invalid,
                             const char     *what);
/* Fails unless @a and @b are the same in every respect. */
void      tu_assert_same    (const TuResult *a,
                             const TuResult *b,
                             const char     *what);
/* How a call ended: success when @code < 0, else the G_IO_ERROR @code with
 * @message (not checked when NULL). */
void      tu_assert_outcome (gboolean      ok,
                             const GError *error,
                             int           code,
                             const char   *message,
                             const char   *what);
void      tu_assert_bytes   (const guint8 *data,
                             gsize         len,
                             GBytes       *expected,
                             const char   *what);

/* Converts @input (tu_input() text) in one go through the core, through
 * g_converter_convert() and through convert_bytes, and checks each against
 * @expected (tu_output() text), @code (-1: none), @message and
 * @num_invalid. */
void      tu_check          (const GUtf8ConvConfig *cfg,
                             const char     *input,
                             const char     *expected,
                             int             code,
                             const char     *message,
                             guint64         num_invalid);
char     *tu_form_message   (const GUtf8ConvConfig *cfg,
                             const char            *message);
void      tu_check_bytes    (const GUtf8ConvConfig *cfg,
                             GBytes         *input,
                             GBytes         *expected,
                             int             code,
                             const char     *message,
                             guint64         num_invalid);

/* tu_check(), and the same input one byte a call with the smallest output
 * buffer, plain and flushed after every byte, through both paths. */
void      tu_check_byte_a_call (const GUtf8ConvConfig *cfg,
                                const char     *input,
                                const char     *expected,
                                int             code,
                                const char     *message,
                                guint64         num_invalid);

/* One g_converter_convert() call on @in_hex (NULL: a NULL inbuf of size
 * 0) with @flags, into an odd-aligned buffer of @out_size bytes.  Checks
 * the result (on G_CONVERTER_ERROR, the G_IO_ERROR @code and, unless NULL,
 * @message), bytes_read and the output (hex). */
void      tu_call           (GConverter      *conv,
                             const char      *in_hex,
                             GConverterFlags  flags,
                             gsize            out_size,
                             GConverterResult result,
                             int              code,
                             const char      *message,
                             gsize            bytes_read,
                             const char      *out_hex);

/* A long input for @cfg's direction mixing ASCII runs, characters of every
 * length (of @cfg's profile), U+FEFF, and, with @malformed, malformed
 * sequences and units of every class; the UCS-4 side in @cfg's byte
 * order.  About @len bytes. */
GBytes   *tu_random_input   (const GUtf8ConvConfig *cfg,
                             GRand          *rand,
                             gsize           len,
                             gboolean        malformed);

/* Appends "OFFSET:HEX;" for one invalid-sequence emission to @log; as a
 * signal handler, tu_log_invalid() takes the GString as its data. */
void      tu_append_invalid (GString            *log,
                             guint64             offset,
                             GBytes             *bytes);
void      tu_log_invalid    (GUtf8ConvConverter *conv,
                             guint64             offset,
                             GBytes             *bytes,
                             gpointer            log);

/* Configurations in the order of the enums, for loops over every mode. */
/* Every value of each setting (test-converter checks the counts against
 * the enum types, so a new value cannot be forgotten here). */
#define TU_N_ERROR_MODES 6
#define TU_N_BOM_MODES   3
#define TU_N_BYTE_ORDERS 4
#define TU_N_PROFILES    GUTF8CONV_N_PROFILES
extern const GUtf8ConvErrorMode tu_error_modes[TU_N_ERROR_MODES];
extern const GUtf8ConvBomMode   tu_bom_modes[TU_N_BOM_MODES];
extern const GUtf8ConvByteOrder tu_byte_orders[TU_N_BYTE_ORDERS];
extern const GUtf8ConvProfile   tu_profiles[TU_N_PROFILES];

G_END_DECLS
