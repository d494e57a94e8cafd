/* reference-codec.h: a deliberately simple UTF-8 <-> UCS-4 / UTF-16 converter
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Written from the behaviour guide alone, one input byte at a time, for the fuzzers
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
  REF_REPAIR,   /* UTF-8 -> UTF-8 (#behaviour-repair) */
  REF_TO_UTF16,    /* UTF-8 -> UTF-16 (#behaviour-utf16) */
  REF_FROM_UTF16,  /* UTF-16 -> UTF-8 */
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
  REF_LATIN1,
  REF_CP1252,
} RefErrors;

typedef enum
{
  REF_UNICODE,
  REF_UCS4,
  REF_CESU8,
  REF_MODIFIED_UTF8,
  REF_WTF8,
} RefProfile;

typedef enum
{
  REF_OK,
  REF_INVALID,     /* a malformed sequence or unit stopped the conversion */
  REF_TRUNCATED,   /* an incomplete sequence or unit at the end stopped it */
} RefStatus;

typedef struct
{
  RefDirection direction;
  gboolean     big_endian;   /* byte order of the UCS-4 or UTF-16 side */
  gboolean     detect;       /* reading UCS-4 or UTF-16: the order comes from the signature
                              * (#behaviour-detect) */
  RefBom       bom;
  RefErrors    errors;
  RefProfile   profile;
} RefConfig;

/* One malformed sequence that an error mode handled. */
typedef struct
{
  guint64 offset;
  guint8  len;
  guint8  bytes[8];
} RefInvalid;

typedef struct
{
  GByteArray *out;           /* everything written, also before an error */
  guint64     num_invalid;
  RefStatus   status;
  guint64     error_offset;  /* first byte of the bad subpart or unit */
  GArray     *invalid;       /* RefInvalid, in stream order */
} RefResult;

/* Where a sequence or unit of the whole stream begins (or the stream
 * ends), and what the conversion had written and counted before it. */
typedef struct
{
  gsize   offset;
  gsize   out_len;
  guint64 num_invalid;   /* also the number of RefInvalid before it */
} RefMark;

/* Converts @in as one whole stream.  Free with ref_result_clear(). */
void ref_convert        (const RefConfig *config,
                         const guint8    *in,
                         gsize            in_len,
                         RefResult       *result);
/* The same, and appends to @marks (RefMark) each offset where a sequence
 * or unit began while the conversion still ran, and the end if it got
 * there, but not an offset 0 that INSERT would still write a signature
 * after.  The input cut at such an offset converts, with ref_convert(), to
 * the first out_len bytes and num_invalid counts: what the input read
 * after a boundary changes is only whether a bad sequence was cut off by
 * the end, which matters only to modes that stop there, and whether a
 * surrogate pair joins, which takes the boundary inside it away
 * (test-reference converts the prefix at each mark to check it). */
void ref_convert_marked (const RefConfig *config,
                         const guint8    *in,
                         gsize            in_len,
                         RefResult       *result,
                         GArray          *marks);
void ref_result_clear   (RefResult       *result);

G_END_DECLS
