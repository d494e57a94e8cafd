/* gutf8conv-i18n.c: the library's gettext domain, bound on first use
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <libintl.h>

#include "gutf8conv-i18n.h"

const char *
gutf8conv_gettext (const char *msgid)
{
  static gsize bound = 0;

  /* No library constructor: the first message binds the domain, and the
   * programs that never see one pay nothing. */
  if (g_once_init_enter (&bound))
    {
      bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
      bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
      g_once_init_leave (&bound, 1);
    }
  return g_dgettext (GETTEXT_PACKAGE, msgid);
}
