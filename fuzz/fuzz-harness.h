/* fuzz-harness.h: what every fuzz target checks on one input
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Input layout: byte 0 picks the configuration (bits 0-1 byte order,
 * 2-3 BOM mode, 4-5 error mode, 6 profile), byte 1 the chunking, byte 2
 * the output buffer size, byte 3 the kernel and the FLUSH, empty-chunk
 * and tiny-buffer patterns; the rest is the stream.  Aborts on any
 * disagreement. */
#define FUZZ_HEADER_SIZE 4

void fuzz_harness_run (gboolean      encode,
                       const guint8 *data,
                       gsize         size);

G_END_DECLS
