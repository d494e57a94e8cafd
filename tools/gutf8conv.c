/* gutf8conv.c: the command-line converter
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A thin main() over the parts of gutf8conv-tool.h.  What the tool does
 * is the gutf8conv(1) page of the manual (doc/gutf8conv.xml).
 */

#include "config.h"

#include <signal.h>
#include <stdlib.h>

#include "gutf8conv-tool.h"

int
main (int    argc,
      char **argv)
{
  g_auto(Options) options = OPTIONS_INIT;
  g_autoptr(GError) error = NULL;

  messages_init ();
  /* A closed pipe shows as EPIPE, handled where it happens. */
  signal (SIGPIPE, SIG_IGN);

  if (!options_parse (&options, &argc, &argv, &error))
    {
      print_usage_error (error);
      return EXIT_TROUBLE;
    }
  if (options.show_version)
    {
      g_print ("gutf8conv %s\n", GUTF8CONV_VERSION_S);
      return EXIT_SUCCESS;
    }
  if (options.list)
    {
      options_print_names ();
      return EXIT_SUCCESS;
    }
  return convert_files (&options);
}
