/* gutf8conv.h: the one header to include
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define GUTF8CONV_INSIDE
# include "gutf8conv-version.h"
# include "gutf8conv-version-macros.h"
# include "gutf8conv-version-info.h"
# include "gutf8conv-enums.h"
# include "gutf8conv-enum-types.h"
# include "gutf8conv-converter.h"
#undef GUTF8CONV_INSIDE

G_END_DECLS
