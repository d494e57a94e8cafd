/* fuzz-encode.c: libFuzzer target for encoding (UCS-4 -> UTF-8)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "fuzz-harness.h"

int LLVMFuzzerTestOneInput (const guint8 *data, gsize size);

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        gsize         size)
{
  fuzz_harness_run (TRUE, data, size);
  return 0;
}
