/* gutf8conv-kernel.c: choosing a kernel, once
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "gutf8conv-kernel.h"

/* Every kernel this build has, best last; each with a check that the CPU
 * can run it.  Fast kernels add themselves here. */
typedef struct
{
  const GUtf8ConvKernel *kernel;
  gboolean             (*supported) (void);
} KernelEntry;

static gboolean
always (void)
{
  return TRUE;
}

static const KernelEntry kernels[] = {
  { &gutf8conv_kernel_scalar, always },
};

const GUtf8ConvKernel **
gutf8conv_kernel_available (void)
{
  static const GUtf8ConvKernel *list[G_N_ELEMENTS (kernels) + 1];
  static gsize initialized;

  if (g_once_init_enter (&initialized))
    {
      guint n = 0;

      for (guint i = 0; i < G_N_ELEMENTS (kernels); i++)
        if (kernels[i].supported ())
          list[n++] = kernels[i].kernel;
      list[n] = NULL;
      g_once_init_leave (&initialized, 1);
    }
  return list;
}

const GUtf8ConvKernel *
gutf8conv_kernel_lookup (const char *name)
{
  const GUtf8ConvKernel **list = gutf8conv_kernel_available ();

  for (guint i = 0; list[i] != NULL; i++)
    if (strcmp (list[i]->name, name) == 0)
      return list[i];
  return NULL;
}

const GUtf8ConvKernel *
gutf8conv_kernel_default (void)
{
  static const GUtf8ConvKernel *chosen;
  static gsize initialized;

  if (g_once_init_enter (&initialized))
    {
      const GUtf8ConvKernel **list = gutf8conv_kernel_available ();
      const char *name = g_getenv ("GUTF8CONV_KERNEL");
      guint n = 0;

      while (list[n] != NULL)
        n++;
      chosen = list[n - 1];

      /* Tests and benchmarks force a kernel; an unknown or unsupported
       * name is a mistake worth hearing about, not a silent fallback. */
      if (name != NULL && *name != '\0')
        {
          const GUtf8ConvKernel *k = gutf8conv_kernel_lookup (name);

          if (k != NULL)
            chosen = k;
          else
            g_warning ("GUTF8CONV_KERNEL=%s: no such kernel on this CPU; using %s",
                       name, chosen->name);
        }
      g_once_init_leave (&initialized, 1);
    }
  return chosen;
}
