/* gutf8conv-kernel-generic-context.h: the kernel context, a loop's constants made once
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The vector constants of a kernel's steps (lookup tables, shuffles,
 * splatted masks), made once before a generic loop and handed down to each
 * step it calls, so that they stay in registers across the loop.  Built
 * inside the steps instead, they are constants the compiler may form again
 * where each is used; GCC 12 does so on POWER, every block (an address in
 * two instructions and a load, for each), and on x86 for a splatted one
 * (an immediate, a move and a broadcast) or, with AVX-512, a table (a
 * load every block).  A kernel that has them defines,
 * before it includes the generic loops:
 *   GK_HAVE_CONTEXT
 *   GkContext                   a struct of its constants
 *   GkContext gk_context (gboolean bmp_only);
 *        the constants for a loop (for validating with four-byte
 *        characters as errors where @bmp_only); an empty asm there on
 *        each member keeps the compiler from rebuilding one where it is
 *        used
 * The others get an empty context, which their steps ignore.  The loops
 * that pass one (`const GkContext *ctx`, first) and the steps that get it
 * are listed in each generic header's contract.  The encoders' loops make
 * theirs the same way (Ge32Context, gutf8conv-kernel-generic-encode.h;
 * Ge16Context, gutf8conv-kernel-generic-utf16-encode.h).  See the
 * behaviour guide, section `kernels`.
 */

#pragma once

#ifndef GK_HAVE_CONTEXT
typedef struct
{
  guint8 none;
} GkContext;

GUTF8CONV_KERNEL_INLINE GkContext
gk_context (const gboolean bmp_only G_GNUC_UNUSED)
{
  GkContext c = { 0 };

  return c;
}
#endif
