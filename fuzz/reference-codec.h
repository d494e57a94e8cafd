/* reference-codec.h: a deliberately simple UTF-8 <-> UCS-4 converter
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Written from SPEC.md alone, one input byte at a time, for the fuzzers
 * and the tests to check the real codec against.  Slow and obvious on
 * purpose: it shares no code and no tables with gutf8conv-codec.c.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  REF_DECODE,   /* UTF-8 -> UCS-4 */
  REF_ENCODE,   /* UCS-4 -> UTF-8 */
} RefDirection;

typedef enum
{
  REF_BOM_KEEP,
  REF_BOM_STRIP,
  REF_BOM_INSERT,
} RefBom;

typedef enum
{
  REF_STRICT,
  REF_REPLACE,
  REF_SKIP,
  REF_ESCAPE,
} RefErrors;

typedef enum
{
  REF_OK,
  REF_INVALID,     /* a malformed sequence or unit stopped the conversion */
  REF_TRUNCATED,   /* an incomplete sequence or unit at the end stopped it */
} RefStatus;

typedef struct
{
  RefDirection direction;
  gboolean     big_endian;   /* byte order of the UCS-4 side */
  RefBom       bom;
  RefErrors    errors;
  gboolean     ucs4_profile; /* 31 bits and 1-6 octets instead of Unicode */
} RefConfig;

typedef struct
{
  GByteArray *out;           /* everything written, also before an error */
  guint64     num_invalid;
  RefStatus   status;
  guint64     error_offset;  /* first byte of the bad subpart or unit */
} RefResult;

/* Converts @in as one whole stream.  Free @result->out with
 * g_byte_array_unref(). */
void ref_convert (const RefConfig *config,
                  const guint8    *in,
                  gsize            in_len,
                  RefResult       *result);

G_END_DECLS
