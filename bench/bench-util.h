/* bench-util.h: what the benchmark programs share
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Touches every page of @p for writing: first-touch page faults cost more
 * than most conversions in some virtual machines, and must not land in a
 * timed run. */
void   bench_prefault (guint8 *p,
                       gsize   len);

/* The median of @v (sorted in place). */
double bench_median   (double *v,
                       guint   n);

/* Sets @order to 0 .. @n - 1 in a random order drawn from @rand. */
void   bench_shuffle  (GRand  *rand,
                       guint  *order,
                       guint   n);

G_END_DECLS
