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

/**
 * GUTF8CONV_VERSION_1_0:
 *
 * A value for %GUTF8CONV_VERSION_MIN_REQUIRED and
 * %GUTF8CONV_VERSION_MAX_ALLOWED: version 1.0, encoded with
 * `G_ENCODE_VERSION()`.
 *
 * Since: 1.0
 */
#define GUTF8CONV_VERSION_1_0 (G_ENCODE_VERSION (1, 0))

/**
 * GUTF8CONV_VERSION_1_1:
 *
 * A value for %GUTF8CONV_VERSION_MIN_REQUIRED and
 * %GUTF8CONV_VERSION_MAX_ALLOWED: version 1.1, encoded with
 * `G_ENCODE_VERSION()`.
 *
 * Since: 1.1
 */
#define GUTF8CONV_VERSION_1_1 (G_ENCODE_VERSION (1, 1))

/**
 * GUTF8CONV_VERSION_1_2:
 *
 * A value for %GUTF8CONV_VERSION_MIN_REQUIRED and
 * %GUTF8CONV_VERSION_MAX_ALLOWED: version 1.2, encoded with
 * `G_ENCODE_VERSION()`.
 *
 * Since: 1.2
 */
#define GUTF8CONV_VERSION_1_2 (G_ENCODE_VERSION (1, 2))

/**
 * GUTF8CONV_VERSION_1_3:
 *
 * A value for %GUTF8CONV_VERSION_MIN_REQUIRED and
 * %GUTF8CONV_VERSION_MAX_ALLOWED: version 1.3, encoded with
 * `G_ENCODE_VERSION()`.
 *
 * Since: 1.3
 */
#define GUTF8CONV_VERSION_1_3 (G_ENCODE_VERSION (1, 3))

/**
 * GUTF8CONV_VERSION_MIN_REQUIRED:
 *
 * The oldest gutf8conv version the including code supports, encoded with
 * `G_ENCODE_VERSION()`, such as %GUTF8CONV_VERSION_1_0.  Define it before
 * including `gutf8conv/gutf8conv.h`; it defaults to
 * %GUTF8CONV_VERSION_CUR_STABLE.  It is there for the deprecation warnings
 * of later versions, as %GLIB_VERSION_MIN_REQUIRED is for GLib.
 *
 * Since: 1.0
 */
#ifndef GUTF8CONV_VERSION_MIN_REQUIRED
# define GUTF8CONV_VERSION_MIN_REQUIRED (GUTF8CONV_VERSION_CUR_STABLE)
#endif

/**
 * GUTF8CONV_VERSION_MAX_ALLOWED:
 *
 * The newest gutf8conv version whose API the including code may use,
 * encoded with `G_ENCODE_VERSION()`, such as %GUTF8CONV_VERSION_1_0.
 * Define it before including `gutf8conv/gutf8conv.h`; it defaults to
 * %GUTF8CONV_VERSION_CUR_STABLE.  It is there for the availability
 * warnings of later versions, as %GLIB_VERSION_MAX_ALLOWED is for GLib.
 *
 * Since: 1.0
 */
#ifndef GUTF8CONV_VERSION_MAX_ALLOWED
# define GUTF8CONV_VERSION_MAX_ALLOWED (GUTF8CONV_VERSION_CUR_STABLE)
#endif

/**
 * GUTF8CONV_VERSION_CUR_STABLE:
 *
 * The version of the gutf8conv headers being compiled against, major and
 * minor only, encoded with `G_ENCODE_VERSION()`.
 *
 * Since: 1.0
 */
#define GUTF8CONV_VERSION_CUR_STABLE (G_ENCODE_VERSION (GUTF8CONV_MAJOR_VERSION, GUTF8CONV_MINOR_VERSION))

#define GUTF8CONV_AVAILABLE_IN_ALL _GUTF8CONV_EXTERN
#define GUTF8CONV_AVAILABLE_IN_1_0 _GUTF8CONV_EXTERN

/* Code that sets GUTF8CONV_VERSION_MAX_ALLOWED below 1.1 is warned when it
 * uses what 1.1 added, as GLib warns of its own later API. */
#if GUTF8CONV_VERSION_MAX_ALLOWED < GUTF8CONV_VERSION_1_1
# define GUTF8CONV_AVAILABLE_IN_1_1 G_UNAVAILABLE (1, 1) _GUTF8CONV_EXTERN
#else
# define GUTF8CONV_AVAILABLE_IN_1_1 _GUTF8CONV_EXTERN
#endif

#if GUTF8CONV_VERSION_MAX_ALLOWED < GUTF8CONV_VERSION_1_2
# define GUTF8CONV_AVAILABLE_IN_1_2 G_UNAVAILABLE (1, 2) _GUTF8CONV_EXTERN
#else
# define GUTF8CONV_AVAILABLE_IN_1_2 _GUTF8CONV_EXTERN
#endif

#if GUTF8CONV_VERSION_MAX_ALLOWED < GUTF8CONV_VERSION_1_3
# define GUTF8CONV_AVAILABLE_IN_1_3 G_UNAVAILABLE (1, 3) _GUTF8CONV_EXTERN
#else
# define GUTF8CONV_AVAILABLE_IN_1_3 _GUTF8CONV_EXTERN
#endif
