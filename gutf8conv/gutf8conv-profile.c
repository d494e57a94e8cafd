/* gutf8conv-profile.c: the profile table
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "gutf8conv-profile.h"
#include "gutf8conv-kernel.h"

/* Lead byte rows, 16 bytes a line from C0.  N: starts nothing;
 * Sk: k continuation bytes, the next one 80..BF; others name their range. */
#define N     { 0, 0, 0 }
#define S1    { 1, 0x80, 0xBF }
#define S2    { 2, 0x80, 0xBF }
#define S3    { 3, 0x80, 0xBF }
#define S4    { 4, 0x80, 0xBF }
#define S5    { 5, 0x80, 0xBF }
#define E0    { 2, 0xA0, 0xBF }   /* no overlong three-byte forms */
#define ED    { 2, 0x80, 0x9F }   /* no surrogates */
#define ED_S  { 2, 0x80, 0xBF }   /* surrogate forms are the profile's business */
#define F0    { 3, 0x90, 0xBF }   /* no overlong four-byte forms */
#define F4    { 3, 0x80, 0x8F }   /* nothing above U+10FFFF */
#define F8    { 4, 0x88, 0xBF }   /* Annex R: no overlong five-byte forms */
#define FC    { 5, 0x84, 0xBF }   /* Annex R: no overlong six-byte forms */
#define C0_80 { 1, 0x80, 0x80 }   /* modified UTF-8's U+0000, and only that */

#define TWO_BYTE_LEADS \
  S1, S1, S1, S1, S1, S1, S1, S1, S1, S1, S1, S1, S1, S1, \
  S1, S1, S1, S1, S1, S1, S1, S1, S1, S1, S1, S1, S1, S1, S1, S1

static const GUtf8ConvProfileInfo profiles[] = {
  [GUTF8CONV_PROFILE_UNICODE] = {
    "unicode", 0x10FFFF, 0, 0, 0,
    {
      N, N, TWO_BYTE_LEADS,
      E0, S2, S2, S2, S2, S2, S2, S2, S2, S2, S2, S2, S2, ED, S2, S2,
      F0, S3, S3, S3, F4, N, N, N, N, N, N, N, N, N, N, N,
    },
  },
  [GUTF8CONV_PROFILE_UCS4] = {
    "ucs4", 0x7FFFFFFF, 0, 0, 0,
    {
      N, N, TWO_BYTE_LEADS,
      E0, S2, S2, S2, S2, S2, S2, S2, S2, S2, S2, S2, S2, ED, S2, S2,
      F0, S3, S3, S3, S3, S3, S3, S3, F8, S4, S4, S4, FC, S5, N, N,
    },
  },
  [GUTF8CONV_PROFILE_CESU8] = {
    "cesu8", 0x10FFFF, GUTF8CONV_PROFILE_SURROGATE_PAIRS,
    GUTF8CONV_KERNEL_BMP_ONLY, GUTF8CONV_KERNEL_BMP_ONLY,
    {
      N, N, TWO_BYTE_LEADS,
      E0, S2, S2, S2, S2, S2, S2, S2, S2, S2, S2, S2, S2, ED_S, S2, S2,
      N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N,
    },
  },
  [GUTF8CONV_PROFILE_MODIFIED_UTF8] = {
    "modified-utf8", 0x10FFFF, GUTF8CONV_PROFILE_SURROGATE_PAIRS | GUTF8CONV_PROFILE_NUL_AS_C0_80,
    GUTF8CONV_KERNEL_BMP_ONLY, GUTF8CONV_KERNEL_BMP_ONLY | GUTF8CONV_KERNEL_NO_NUL,
    {
      C0_80, N, TWO_BYTE_LEADS,
      E0, S2, S2, S2, S2, S2, S2, S2, S2, S2, S2, S2, S2, ED_S, S2, S2,
      N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N,
    },
  },
  [GUTF8CONV_PROFILE_WTF8] = {
    "wtf8", 0x10FFFF, GUTF8CONV_PROFILE_LONE_SURROGATES, 0, 0,
    {
      N, N, TWO_BYTE_LEADS,
      E0, S2, S2, S2, S2, S2, S2, S2, S2, S2, S2, S2, S2, ED_S, S2, S2,
      F0, S3, S3, S3, F4, N, N, N, N, N, N, N, N, N, N, N,
    },
  },
};

/* A row per profile, no more, no fewer: a new profile is a new row here
 * and a new last value in GUTF8CONV_N_PROFILES. */
G_STATIC_ASSERT (G_N_ELEMENTS (profiles) == GUTF8CONV_N_PROFILES);

const GUtf8ConvProfileInfo *
gutf8conv_profile_info (GUtf8ConvProfile profile)
{
  g_return_val_if_fail ((guint) profile < G_N_ELEMENTS (profiles), &profiles[0]);
  return &profiles[profile];
}
