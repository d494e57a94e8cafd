/* gutf8conv-version-info.h: the version of the library a program runs with
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(GUTF8CONV_INSIDE) && !defined(GUTF8CONV_COMPILATION)
# error "Only <gutf8conv/gutf8conv.h> can be included directly."
#endif

#include <glib.h>

#include "gutf8conv-version-macros.h"

G_BEGIN_DECLS

GUTF8CONV_AVAILABLE_IN_1_1
guint        gutf8conv_get_major_version (void);
GUTF8CONV_AVAILABLE_IN_1_1
guint        gutf8conv_get_minor_version (void);
GUTF8CONV_AVAILABLE_IN_1_1
guint        gutf8conv_get_micro_version (void);
GUTF8CONV_AVAILABLE_IN_1_1
const gchar *gutf8conv_check_version     (guint required_major,
                                          guint required_minor,
                                          guint required_micro);

G_END_DECLS
