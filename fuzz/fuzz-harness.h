/* fuzz-harness.h: what every fuzz target checks on one input
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Input layout: each setting has a byte of its own, read modulo the
 * number of values its enum has (so new values need no new layout):
 * byte 0 the direction (bit 4: the wide side is UTF-16, not UCS-4; else
 * bit 0, fuzz-decode only: UTF-8 to UCS-4 or UTF-8 to UTF-8), 1 the byte
 * order, 2 the BOM mode, 3 the error mode, 4 the
 * profile; byte 5 the chunking, 6 the output buffer size, 7 the kernel
 * and the FLUSH, empty-chunk and tiny-buffer patterns; the rest is the
 * stream.  Aborts on any disagreement. */
#define FUZZ_HEADER_SIZE 8

void fuzz_harness_run (gboolean      encode,
                       const guint8 *data,
                       gsize         size);

G_END_DECLS
