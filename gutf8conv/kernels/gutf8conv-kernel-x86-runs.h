/* gutf8conv-kernel-x86-runs.h: the x86 kernels' byte shuffles for the runs
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * For ssse3 and avx2 (gutf8conv-kernel-generic-runs.h): a step's byte
 * planes gathered by (v)pshufb, whose lookups work within 128-bit lanes,
 * so that one table serves both (avx2 broadcasts it to its two lanes,
 * each holding half a step).
 */

#pragma once

/* Plane k of 48 input bytes (a lane's): where each of its three vectors
 * of 16 (v[j], bytes 16 j to 16 j + 15) holds the plane's bytes 3 i + k;
 * -1 elsewhere, ORed. */
static const gint8 plane3_shuffle[3][3][16] __attribute__((aligned (16))) = {
  { { 0, 3, 6, 9, 12, 15, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1 },
    { -1, -1, -1, -1, -1, -1, 2, 5, 8, 11, 14, -1, -1, -1, -1, -1 },
    { -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 1, 4, 7, 10, 13 } },
  { { 1, 4, 7, 10, 13, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1 },
    { -1, -1, -1, -1, -1, 0, 3, 6, 9, 12, 15, -1, -1, -1, -1, -1 },
    { -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 2, 5, 8, 11, 14 } },
  { { 2, 5, 8, 11, 14, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1 },
    { -1, -1, -1, -1, -1, 1, 4, 7, 10, 13, -1, -1, -1, -1, -1, -1 },
    { -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 3, 6, 9, 12, 15 } },
};

/* Sixteen bytes of four four-byte characters as four dwords, each one
 * byte of the four: a 4x4 transpose's first step. */
static const gint8 plane4_shuffle[16] __attribute__((aligned (16))) = {
  0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15
};
