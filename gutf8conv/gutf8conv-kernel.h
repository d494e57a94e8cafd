/* gutf8conv-kernel.h: the interface of the fast transcoding kernels
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A kernel converts the longest run of *valid, complete* input it can at
 * the front of a buffer and stops at the first thing it does not handle
 * (a malformed or truncated sequence, a form valid only in the UCS4
 * profile, or an output buffer too small for the next unit).  It keeps no
 * state: the codec's scalar state machine handles everything at the edges,
 * so a kernel may stop early whenever that is simpler, but it must never
 * convert anything the state machine would treat differently.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* UTF-8 -> UCS-4: returns bytes written to @out, sets *in_used. */
typedef gsize (*GUtf8ConvDecodeFunc) (const guint8 *in,
                                      gsize         in_len,
                                      guint8       *out,
                                      gsize         out_len,
                                      gboolean      big_endian,
                                      gsize        *in_used);

/* UCS-4 -> UTF-8 for values U+0000..U+10FFFF, surrogates excluded. */
typedef gsize (*GUtf8ConvEncodeFunc) (const guint8 *in,
                                      gsize         in_len,
                                      guint8       *out,
                                      gsize         out_len,
                                      gboolean      big_endian,
                                      gsize        *in_used);

typedef struct
{
  const char          *name;
  GUtf8ConvDecodeFunc  decode;
  GUtf8ConvEncodeFunc  encode;
} GUtf8ConvKernel;

/* The kernel chosen once for this process: the best one the CPU supports,
 * or the one named by the GUTF8CONV_KERNEL environment variable. */
const GUtf8ConvKernel  *gutf8conv_kernel_default   (void);
/* NULL if @name is unknown or the CPU cannot run it. */
const GUtf8ConvKernel  *gutf8conv_kernel_lookup    (const char *name);
/* NULL-terminated list of the kernels this CPU can run, scalar first. */
const GUtf8ConvKernel **gutf8conv_kernel_available (void);

extern const GUtf8ConvKernel gutf8conv_kernel_scalar;
#ifdef GUTF8CONV_HAVE_X86_KERNELS
extern const GUtf8ConvKernel gutf8conv_kernel_sse2;
extern const GUtf8ConvKernel gutf8conv_kernel_avx2;
extern const GUtf8ConvKernel gutf8conv_kernel_avx512;
#endif

/* The scalar kernel's functions, which the wide kernels call for the
 * blocks they do not handle themselves. */
gsize gutf8conv_kernel_scalar_decode (const guint8 *in,
                                      gsize         in_len,
                                      guint8       *out,
                                      gsize         out_len,
                                      gboolean      big_endian,
                                      gsize        *in_used);
gsize gutf8conv_kernel_scalar_encode (const guint8 *in,
                                      gsize         in_len,
                                      guint8       *out,
                                      gsize         out_len,
                                      gboolean      big_endian,
                                      gsize        *in_used);

G_END_DECLS
