/* gutf8conv-profile.h: each profile's grammar, as a row of data
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What differs between profiles is data, not code: which bytes lead a
 * sequence and the range of the byte after them (Unicode's Table 3-7,
 * widened or narrowed), the largest value, a few rules that tables of
 * lead bytes cannot say (surrogate pairs, C0 80), and the limits under
 * which the kernels, which know only Unicode's grammar, may run.
 */

#pragma once

#include <glib.h>

#include "gutf8conv-enums.h"

G_BEGIN_DECLS

typedef enum
{
  /* CESU-8, modified UTF-8: a supplementary character is the two
   * three-byte forms of its UTF-16 surrogate pair; a lone surrogate form
   * is malformed, unless LONE_SURROGATES is set too. */
  GUTF8CONV_PROFILE_SURROGATE_PAIRS = 1 << 0,
  /* U+0000 is written C0 80. */
  GUTF8CONV_PROFILE_NUL_AS_C0_80    = 1 << 1,
  /* WTF-8, modified UTF-8: surrogate values are characters; a high and a
   * low unit are joined.  Without SURROGATE_PAIRS (WTF-8), a low surrogate
   * form right after a high one is malformed; with it (modified UTF-8,
   * as Java has it), the two forms are one supplementary character. */
  GUTF8CONV_PROFILE_LONE_SURROGATES = 1 << 2,
} GUtf8ConvProfileFlags;

typedef struct
{
  guint8 need;     /* continuation bytes after the lead; 0: it starts nothing */
  guint8 lo, hi;   /* the range of the byte right after the lead */
} GUtf8ConvLead;

typedef struct
{
  const char    *name;
  guint32        max_value;
  guint          flags;          /* GUtf8ConvProfileFlags */
  /* GUtf8ConvKernelFlags under which a kernel's output equals this
   * profile's wherever the kernel converts (BIG_ENDIAN is added later). */
  guint          decode_kernel_flags;
  guint          encode_kernel_flags;
  GUtf8ConvLead  lead[64];       /* by lead byte - 0xC0 */
  /* The same grammar as a state machine for the dense loop: a class by
   * byte, and transitions by state offset + class (GUTF8CONV_DFA_*),
   * also as GUtf8ConvDfaStep rows (gutf8conv-kernel.h). */
  const guint8  *dfa_class;
  const guint32 *dfa_trans;
  const struct _GUtf8ConvDfaStep *dfa_steps;
} GUtf8ConvProfileInfo;

const GUtf8ConvProfileInfo *gutf8conv_profile_info (GUtf8ConvProfile profile);

/* The number of profiles: GUtf8ConvProfile's last value + 1.  The table
 * in gutf8conv-profile.c fails to compile when its rows disagree. */
#define GUTF8CONV_N_PROFILES (GUTF8CONV_PROFILE_WTF8 + 1)

G_END_DECLS
