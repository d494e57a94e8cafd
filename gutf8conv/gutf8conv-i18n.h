/* gutf8conv-i18n.h: the library's messages in its own gettext domain
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * As GLib does for its own messages: _() looks a message up in the
 * library's domain (GETTEXT_PACKAGE), whatever textdomain() the program
 * chose, and binds that domain to the library's locale directory the
 * first time, once, from whichever thread comes first.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

const char *gutf8conv_gettext (const char *msgid) G_GNUC_FORMAT (1);

#define _(String) gutf8conv_gettext (String)
#define N_(String) (String)

G_END_DECLS
