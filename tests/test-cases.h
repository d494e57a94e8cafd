/* test-cases.h: the hand-written cases shared by several test programs
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A SPEC section 5 vector: UCS-4 values, and the UTF-8 bytes in hex. */
typedef struct
{
  const char *ucs4;
  const char *utf8;
} TuVector;

extern const TuVector tu_vectors_both[];   /* valid in both profiles */
extern const guint    tu_n_vectors_both;
extern const TuVector tu_vectors_ucs4[];   /* valid in the UCS4 profile only */
extern const guint    tu_n_vectors_ucs4;

#define TU_UNICODE (1 << 0)
#define TU_UCS4    (1 << 1)
#define TU_BOTH    (TU_UNICODE | TU_UCS4)

/* A malformed input and what each error mode makes of it, with the
 * byte order big-endian and the BOM kept.  Decoding cases give the input
 * as UTF-8 hex and the outputs as UCS-4 values; encoding cases give the
 * input as raw UCS-4 bytes in hex (so that a truncated unit can be
 * written) and the outputs as UTF-8 hex. */
typedef struct
{
  guint       profiles;
  const char *input;
  const char *strict_out;    /* the output before the error */
  int         strict_code;   /* GIOErrorEnum */
  const char *strict_message;
  const char *replace;
  const char *skip;
  guint       n_invalid;     /* num-invalid with REPLACE and SKIP */
  const char *escape;        /* NULL: ESCAPE fails exactly as STRICT does */
  guint       n_escape;      /* num-invalid with ESCAPE */
} TuMalformed;

extern const TuMalformed tu_malformed_decode[];
extern const guint       tu_n_malformed_decode;
extern const TuMalformed tu_malformed_encode[];
extern const guint       tu_n_malformed_encode;

G_END_DECLS
