/* fuzz-decode.c: libFuzzer target for decoding (UTF-8 -> UCS-4)
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
  fuzz_harness_run (FALSE, data, size);
  return 0;
}
