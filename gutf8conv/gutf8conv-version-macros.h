/* gutf8conv-version-macros.h
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(GUTF8CONV_INSIDE) && !defined(GUTF8CONV_COMPILATION)
# error "Only <gutf8conv/gutf8conv.h> can be included directly."
#endif

#include <glib.h>

#include "gutf8conv-version.h"

#ifndef _GUTF8CONV_EXTERN
# define _GUTF8CONV_EXTERN extern
#endif

#define GUTF8CONV_VERSION_1_0 (G_ENCODE_VERSION (1, 0))

#ifndef GUTF8CONV_VERSION_MIN_REQUIRED
# define GUTF8CONV_VERSION_MIN_REQUIRED (GUTF8CONV_VERSION_CUR_STABLE)
#endif

#ifndef GUTF8CONV_VERSION_MAX_ALLOWED
# define GUTF8CONV_VERSION_MAX_ALLOWED (GUTF8CONV_VERSION_CUR_STABLE)
#endif

#define GUTF8CONV_VERSION_CUR_STABLE (G_ENCODE_VERSION (GUTF8CONV_MAJOR_VERSION, GUTF8CONV_MINOR_VERSION))

#define GUTF8CONV_AVAILABLE_IN_ALL _GUTF8CONV_EXTERN
#define GUTF8CONV_AVAILABLE_IN_1_0 _GUTF8CONV_EXTERN
