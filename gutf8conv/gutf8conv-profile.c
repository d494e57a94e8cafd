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

static const guint8 dfa_class_unicode[256] = { GUTF8CONV_DFA_CLASS_UNICODE };
static const guint32 dfa_trans_unicode[] = { GUTF8CONV_DFA_TRANS_UNICODE };
static const GUtf8ConvDfaStep dfa_steps_unicode[] = { GUTF8CONV_DFA_STEPS_UNICODE };
static const guint8 dfa_class_ucs4[256] = { GUTF8CONV_DFA_CLASS_UCS4 };
static const guint32 dfa_trans_ucs4[] = { GUTF8CONV_DFA_TRANS_UCS4 };
static const GUtf8ConvDfaStep dfa_steps_ucs4[] = { GUTF8CONV_DFA_STEPS_UCS4 };
static const guint8 dfa_class_cesu8[256] = { GUTF8CONV_DFA_CLASS_CESU8 };
static const guint32 dfa_trans_cesu8[] = { GUTF8CONV_DFA_TRANS_CESU8 };
static const GUtf8ConvDfaStep dfa_steps_cesu8[] = { GUTF8CONV_DFA_STEPS_CESU8 };
static const guint8 dfa_class_modified_utf8[256] = { GUTF8CONV_DFA_CLASS_MODIFIED_UTF8 };
static const guint32 dfa_trans_modified_utf8[] = { GUTF8CONV_DFA_TRANS_MODIFIED_UTF8 };
static const GUtf8ConvDfaStep dfa_steps_modified_utf8[] = { GUTF8CONV_DFA_STEPS_MODIFIED_UTF8 };
static const guint8 dfa_class_wtf8[256] = { GUTF8CONV_DFA_CLASS_WTF8 };
static const guint32 dfa_trans_wtf8[] = { GUTF8CONV_DFA_TRANS_WTF8 };
static const GUtf8ConvDfaStep dfa_steps_wtf8[] = { GUTF8CONV_DFA_STEPS_WTF8 };

static const GUtf8ConvProfileInfo profiles[] = {
  [GUTF8CONV_PROFILE_UNICODE] = {
    "unicode", 0x10FFFF, 0, 0, 0,
    { GUTF8CONV_LEADS_UNICODE },
    dfa_class_unicode, dfa_trans_unicode, dfa_steps_unicode,
  },
  [GUTF8CONV_PROFILE_UCS4] = {
    "ucs4", 0x7FFFFFFF, 0, 0, 0,
    { GUTF8CONV_LEADS_UCS4 },
    dfa_class_ucs4, dfa_trans_ucs4, dfa_steps_ucs4,
  },
  [GUTF8CONV_PROFILE_CESU8] = {
    "cesu8", 0x10FFFF, GUTF8CONV_PROFILE_SURROGATE_PAIRS,
    GUTF8CONV_KERNEL_BMP_ONLY, GUTF8CONV_KERNEL_BMP_ONLY,
    { GUTF8CONV_LEADS_CESU8 },
    dfa_class_cesu8, dfa_trans_cesu8, dfa_steps_cesu8,
  },
  [GUTF8CONV_PROFILE_MODIFIED_UTF8] = {
    "modified-utf8", 0x10FFFF,
    GUTF8CONV_PROFILE_SURROGATE_PAIRS | GUTF8CONV_PROFILE_LONE_SURROGATES | GUTF8CONV_PROFILE_NUL_AS_C0_80,
    GUTF8CONV_KERNEL_BMP_ONLY, GUTF8CONV_KERNEL_BMP_ONLY | GUTF8CONV_KERNEL_NO_NUL,
    { GUTF8CONV_LEADS_MODIFIED_UTF8 },
    dfa_class_modified_utf8, dfa_trans_modified_utf8, dfa_steps_modified_utf8,
  },
  [GUTF8CONV_PROFILE_WTF8] = {
    "wtf8", 0x10FFFF, GUTF8CONV_PROFILE_LONE_SURROGATES, 0, 0,
    { GUTF8CONV_LEADS_WTF8 },
    dfa_class_wtf8, dfa_trans_wtf8, dfa_steps_wtf8,
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
