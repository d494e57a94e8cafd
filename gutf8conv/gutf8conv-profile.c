/* gutf8conv-profile.c: the profile table
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "gutf8conv-profile.h"
#include "gutf8conv-kernel.h"

/* The lead byte rows come from the grammar in gen-tables.py (see the
 * behaviour guide's kernels section). */
#include "gutf8conv-profile-tables.h"

static const GUtf8ConvProfileInfo profiles[] = {
  [GUTF8CONV_PROFILE_UNICODE] = {
    "unicode", 0x10FFFF, 0, 0, 0,
    { GUTF8CONV_LEADS_UNICODE },
  },
  [GUTF8CONV_PROFILE_UCS4] = {
    "ucs4", 0x7FFFFFFF, 0, 0, 0,
    { GUTF8CONV_LEADS_UCS4 },
  },
  [GUTF8CONV_PROFILE_CESU8] = {
    "cesu8", 0x10FFFF, GUTF8CONV_PROFILE_SURROGATE_PAIRS,
    GUTF8CONV_KERNEL_BMP_ONLY, GUTF8CONV_KERNEL_BMP_ONLY,
    { GUTF8CONV_LEADS_CESU8 },
  },
  [GUTF8CONV_PROFILE_MODIFIED_UTF8] = {
    "modified-utf8", 0x10FFFF, GUTF8CONV_PROFILE_SURROGATE_PAIRS | GUTF8CONV_PROFILE_NUL_AS_C0_80,
    GUTF8CONV_KERNEL_BMP_ONLY, GUTF8CONV_KERNEL_BMP_ONLY | GUTF8CONV_KERNEL_NO_NUL,
    { GUTF8CONV_LEADS_MODIFIED_UTF8 },
  },
  [GUTF8CONV_PROFILE_WTF8] = {
    "wtf8", 0x10FFFF, GUTF8CONV_PROFILE_LONE_SURROGATES, 0, 0,
    { GUTF8CONV_LEADS_WTF8 },
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
