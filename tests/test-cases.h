/* test-cases.h: the hand-written cases shared by several test programs
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gutf8conv/gutf8conv.h>

G_BEGIN_DECLS

/* A vector of the standards (RFC 2044, RFC 2279bis, ISO/IEC 10646-1
 * Annex R): UCS-4 values, and the UTF-8 bytes in hex. */
typedef struct
{
  const char *ucs4;
  const char *utf8;
} TuVector;

extern const TuVector tu_vectors_both[];   /* valid in both profiles */
extern const guint    tu_n_vectors_both;
extern const TuVector tu_vectors_ucs4[];   /* valid in the UCS4 profile only */
extern const guint    tu_n_vectors_ucs4;

/* The profiles a case holds in, one bit per GUtf8ConvProfile value. */
#define TU_UNICODE (1 << GUTF8CONV_PROFILE_UNICODE)
#define TU_UCS4    (1 << GUTF8CONV_PROFILE_UCS4)
#define TU_CESU8   (1 << GUTF8CONV_PROFILE_CESU8)
#define TU_MUTF8   (1 << GUTF8CONV_PROFILE_MODIFIED_UTF8)
#define TU_WTF8    (1 << GUTF8CONV_PROFILE_WTF8)
#define TU_BOTH    (TU_UNICODE | TU_UCS4)
#define TU_ALL     (TU_UNICODE | TU_UCS4 | TU_CESU8 | TU_MUTF8 | TU_WTF8)

/* What one error mode makes of a malformed input: the output (before the
 * error, when it stops) and the error (code -1: none) or the count. */
typedef struct
{
  GUtf8ConvErrorMode  mode;
  const char         *out;
  int                 code;      /* GIOErrorEnum, or -1 */
  const char         *message;
  guint               n_invalid;
} TuOutcome;

#define TU_MAX_OUTCOMES 8

/* A malformed input and one row per error mode, with the byte order
 * big-endian and the BOM kept.  Decoding cases give the input as UTF-8
 * hex and the outputs as UCS-4 values; encoding cases give the input as
 * raw UCS-4 bytes in hex (so that a truncated unit can be written) and
 * the outputs as UTF-8 hex.  A new error mode is a new row in each case;
 * test-malformed fails on a case that lacks one. */
typedef struct
{
  guint       profiles;
  const char *input;
  TuOutcome   outcomes[TU_MAX_OUTCOMES];   /* ends at out == NULL */
} TuMalformed;

extern const TuMalformed tu_malformed_decode[];
extern const guint       tu_n_malformed_decode;
extern const TuMalformed tu_malformed_encode[];
extern const guint       tu_n_malformed_encode;

/* The UTF-16 directions: the UTF-16 side as big-endian hex bytes. */
typedef struct
{
  const char *utf16;
  const char *utf8;
} TuVector16;

extern const TuVector16  tu_vectors_utf16[];
extern const guint       tu_n_vectors_utf16;
extern const TuMalformed tu_malformed_to_utf16[];
extern const guint       tu_n_malformed_to_utf16;
extern const TuMalformed tu_malformed_from_utf16[];
extern const guint       tu_n_malformed_from_utf16;

G_END_DECLS
