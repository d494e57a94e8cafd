/* bench-util.c: what the benchmark programs share
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "bench-util.h"

#include <stdlib.h>

void
bench_prefault (guint8 *p,
                gsize   len)
{
  volatile guint8 *v = p;

  for (gsize i = 0; i < len; i += 4096)
    v[i] = v[i];
  if (len > 0)
    v[len - 1] = v[len - 1];
}

static int
compare_double (const void *a,
                const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

double
bench_median (double *v,
              guint   n)
{
  qsort (v, n, sizeof *v, compare_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

void
bench_shuffle (GRand *rand,
               guint *order,
               guint  n)
{
  for (guint i = 0; i < n; i++)
    order[i] = i;
  for (guint i = n; i > 1; i--)
    {
      guint j = g_rand_int_range (rand, 0, i), t = order[i - 1];

      order[i - 1] = order[j];
      order[j] = t;
    }
}
