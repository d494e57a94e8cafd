/* gutf8conv-version-info.c: the version of the library a program runs with
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "gutf8conv.h"

/* The GUTF8CONV_*_VERSION macros give the version a program was compiled
 * against; these functions give the one it runs with, which may be newer
 * (a program built against 1.0 runs with a 1.1 library). */

/**
 * gutf8conv_get_major_version:
 *
 * Gives the major version of the gutf8conv library the program runs with,
 * e.g. 1 in 1.2.3.  Compare #GUTF8CONV_MAJOR_VERSION, the version at
 * compile time.
 *
 * Returns: the major version of the library in use
 *
 * Since: 1.1
 */
guint
gutf8conv_get_major_version (void)
{
  return GUTF8CONV_MAJOR_VERSION;
}

/**
 * gutf8conv_get_minor_version:
 *
 * Gives the minor version of the gutf8conv library the program runs with,
 * e.g. 2 in 1.2.3.
 *
 * Returns: the minor version of the library in use
 *
 * Since: 1.1
 */
guint
gutf8conv_get_minor_version (void)
{
  return GUTF8CONV_MINOR_VERSION;
}

/**
 * gutf8conv_get_micro_version:
 *
 * Gives the micro version of the gutf8conv library the program runs with,
 * e.g. 3 in 1.2.3.
 *
 * Returns: the micro version of the library in use
 *
 * Since: 1.1
 */
guint
gutf8conv_get_micro_version (void)
{
  return GUTF8CONV_MICRO_VERSION;
}

/**
 * gutf8conv_check_version:
 * @required_major: the major version required
 * @required_minor: the minor version required
 * @required_micro: the micro version required
 *
 * Checks that the gutf8conv library the program runs with is compatible
 * with version @required_major.@required_minor.@required_micro: its major
 * version is the same (a new major version breaks the ABI), and its
 * minor and micro versions are at least the ones given.
 *
 * Compare GUTF8CONV_CHECK_VERSION(), which checks at compile time.
 *
 * Returns: (nullable): %NULL when the library is compatible, otherwise a
 *   string that says why not, owned by the library and not to be freed
 *
 * Since: 1.1
 */
const gchar *
gutf8conv_check_version (guint required_major,
                         guint required_minor,
                         guint required_micro)
{
  if (required_major > GUTF8CONV_MAJOR_VERSION)
    return "gutf8conv version too old (major mismatch)";
  if (required_major < GUTF8CONV_MAJOR_VERSION)
    return "gutf8conv version too new (major mismatch)";
  if (required_minor > GUTF8CONV_MINOR_VERSION)
    return "gutf8conv version too old (minor mismatch)";
  if (required_minor == GUTF8CONV_MINOR_VERSION &&
      required_micro > GUTF8CONV_MICRO_VERSION)
    return "gutf8conv version too old (micro mismatch)";
  return NULL;
}
