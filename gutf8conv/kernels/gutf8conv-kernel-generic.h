/* gutf8conv-kernel-generic.h: what every wide kernel does the same way
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The phases of a kernel that need no vector type: handing a block to the
 * scalar kernel, the scalar tail after the fast loops, the stop, and the
 * copy that stores as it validates.  Each is an always_inline function, so
 * that a kernel's loops compile to what they were when each kernel wrote
 * these out; only the kernel's own instructions stay in its file (see the
 * behaviour guide, section `kernels`).
 */

#pragma once

#include <string.h>

#include "gutf8conv-kernel.h"
#include "gutf8conv-kernel-units.h"

#define GUTF8CONV_KERNEL_INLINE static inline __attribute__((always_inline))

/* An entry point whose speed depended on where its loops landed: it and
 * its loops on 64-byte boundaries, so that the code before it no longer
 * moves them (GCC; clang aligns the function only).  An ISA names the
 * entry points it gives it in one place, by the PLACEMENT macro of their
 * generic header (bench/results/2026-11-30-avx2-bmp-order.md). */
#if defined (__GNUC__) && !defined (__clang__)
#define GUTF8CONV_KERNEL_LOOPS_ALIGNED __attribute__((aligned (64), optimize ("align-loops=64")))
#else
#define GUTF8CONV_KERNEL_LOOPS_ALIGNED __attribute__((aligned (64)))
#endif

/* Bytes past a block that the scalar kernel gets with it, so that a
 * sequence crossing the block's end does not stop it. */
#define GUTF8CONV_KERNEL_SEQ_SLACK 3

/* A block of @block bytes at *@p (and @slack more, where the input has
 * them) by @scalar, the scalar decoder or encoder.  Advances *@p and *@o;
 * FALSE where the scalar kernel stopped inside the block, which ends the
 * kernel's work. */
GUTF8CONV_KERNEL_INLINE gboolean
gutf8conv_kernel_scalar_block (GUtf8ConvDecodeFunc   scalar,
                               const guint8        **p,
                               const guint8         *end,
                               guint8              **o,
                               const guint8         *oend,
                               gsize                 block,
                               gsize                 slack,
                               guint                 flags)
{
  gsize seg = MIN ((gsize) (end - *p), block + slack), used;

  *o += scalar (*p, seg, *o, oend - *o, flags, &used);
  *p += used;
  return used >= MIN (seg, block);
}

/* The same for a validator: advances *@p; FALSE where it stopped inside
 * the block. */
GUTF8CONV_KERNEL_INLINE gboolean
gutf8conv_kernel_scalar_validate_block (const guint8 **p,
                                        const guint8  *end,
                                        gsize          block,
                                        guint          flags)
{
  gsize seg = MIN ((gsize) (end - *p), block + GUTF8CONV_KERNEL_SEQ_SLACK);
  gsize used = gutf8conv_kernel_scalar_validate (*p, seg, flags);

  *p += used;
  return used >= MIN (seg, block);
}

/* A kernel's result: input consumed up to @p, output written up to @o. */
GUTF8CONV_KERNEL_INLINE gsize
gutf8conv_kernel_stop (const guint8 *in,
                       const guint8 *p,
                       const guint8 *out,
                       const guint8 *o,
                       gsize        *in_used)
{
  *in_used = p - in;
  return o - out;
}

/* The body of a kernel's copy entry point (of the GUtf8ConvCopyFunc
 * arguments), around @validate_impl (in, in_len, out, &stored, bmp_only):
 * an always_inline validator that returns how much of @in is valid and
 * sets stored to how much of that it already stored to @out as it went;
 * the rest, which its slower phases validated without storing, is copied
 * here. */
#define GUTF8CONV_KERNEL_COPY_STORING(validate_impl) \
  G_STMT_START { \
    gsize limit_ = MIN (in_len, out_len), stored_, n_; \
    \
    if (flags & GUTF8CONV_KERNEL_BMP_ONLY) \
      n_ = validate_impl (in, limit_, out, &stored_, TRUE); \
    else \
      n_ = validate_impl (in, limit_, out, &stored_, FALSE); \
    memcpy (out + stored_, in + stored_, n_ - stored_); \
    *in_used = n_; \
    return n_; \
  } G_STMT_END

/* Where an encoder stopped, at *@p, with @mend (GUtf8ConvEncodeMendFunc,
 * the Unicode profile's flags): the unit there mended as @mend says, if
 * it is a bad one, a @unit of 4 bytes (UCS-4) a surrogate or a value
 * above U+10FFFF, of 2 (UTF-16) a lone surrogate (not a high unit whose
 * next unit is not in the input: the codec holds it); advances *@p and
 * *@o.  FALSE where it is not, or the output has no room for the
 * replacement: the kernel stops there. */
GUTF8CONV_KERNEL_INLINE gboolean
gutf8conv_kernel_encode_mend (const guint8         **p,
                              const guint8          *end,
                              guint8               **o,
                              const guint8          *oend,
                              const guint            unit,
                              const guint            flags,
                              GUtf8ConvKernelMend   *mend)
{
  const gboolean big_endian = (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) != 0;
  guint32 c;

  if ((gsize) (end - *p) < unit)
    return FALSE;
  if (unit == 4)
    {
      c = load_u32 (*p, big_endian);
      if (c <= 0x10FFFF && (c & ~0x7FFu) != 0xD800)
        return FALSE;
    }
  else
    {
      c = load_u16 (*p, big_endian);
      if ((c & 0xF800) != 0xD800)
        return FALSE;
      if (c < 0xDC00 && ((gsize) (end - *p) < 4 || (load_u16 (*p + 2, big_endian) & 0xFC00) == 0xDC00))
        return FALSE;
    }
  if (mend->mode == GUTF8CONV_KERNEL_MEND_REPLACE)
    {
      if (oend - *o < 3)
        return FALSE;
      (*o)[0] = 0xEF;
      (*o)[1] = 0xBF;
      (*o)[2] = 0xBD;
      *o += 3;
    }
  *p += unit;
  mend->n_mended++;
  return TRUE;
}

/* gutf8conv_kernel_scalar_rest() for an encoder of @unit-byte units
 * that mends where @mend is not NULL: the scalar kernel again after each
 * bad unit it stops at. */
GUTF8CONV_KERNEL_INLINE gsize
gutf8conv_kernel_encode_rest (GUtf8ConvEncodeFunc  scalar,
                              const guint8        *in,
                              const guint8        *p,
                              const guint8        *end,
                              const guint8        *out,
                              guint8              *o,
                              const guint8        *oend,
                              const guint          unit,
                              const guint          flags,
                              GUtf8ConvKernelMend *mend,
                              gsize               *in_used)
{
  while (p < end)
    {
      gsize used;

      o += scalar (p, end - p, o, oend - o, flags, &used);
      p += used;
      if (mend == NULL || !gutf8conv_kernel_encode_mend (&p, end, &o, oend, unit, flags, mend))
        break;
    }
  return gutf8conv_kernel_stop (in, p, out, o, in_used);
}

/* After the fast loops: the rest of the input, shorter than a block, by
 * @scalar, then the result. */
GUTF8CONV_KERNEL_INLINE gsize
gutf8conv_kernel_scalar_rest (GUtf8ConvDecodeFunc  scalar,
                              const guint8        *in,
                              const guint8        *p,
                              const guint8        *end,
                              const guint8        *out,
                              guint8              *o,
                              const guint8        *oend,
                              guint                flags,
                              gsize               *in_used)
{
  return gutf8conv_kernel_encode_rest (scalar, in, p, end, out, o, oend, 4, flags, NULL, in_used);
}

/* The UCS-4 encoder's constants, made once before its loop and handed to
 * each step (gutf8conv-kernel-generic-encode.h). */
typedef struct _Ge32Context Ge32Context;

/* A kernel's step: converts from *@p at least one block of its own and
 * advances *@p and *@o, or returns FALSE (having advanced them over what
 * it did convert) where the scalar kernel must take the next block.
 * @ctx: the loop's constants, or NULL for steps that have none. */
typedef gboolean (*GUtf8ConvKernelStepFunc) (const Ge32Context  *ctx,
                                             const guint8      **p,
                                             const guint8       *end,
                                             guint8            **o,
                                             const guint8       *oend,
                                             guint               flags);

/* The encoding loop of a wide kernel: @step while @step_len bytes of
 * input are left, the scalar kernel for a block of @block bytes where the
 * step refuses, the scalar rest; with @mend (GUtf8ConvEncodeMendFunc), a
 * bad unit the scalar kernel stops at is mended and the loop goes on.
 * @step is an always_inline function, so that this compiles to the loop
 * each kernel wrote out. */
GUTF8CONV_KERNEL_INLINE gsize
gutf8conv_kernel_encode_loop (GUtf8ConvKernelStepFunc  step,
                              const Ge32Context       *ctx,
                              gsize                    step_len,
                              gsize                    block,
                              const guint8            *in,
                              gsize                    in_len,
                              guint8                  *out,
                              gsize                    out_len,
                              guint                    flags,
                              gsize                   *in_used,
                              GUtf8ConvKernelMend     *mend)
{
  const guint8 *p = in, *end = in + (in_len & ~(gsize) 3);
  guint8 *o = out, *oend = out + out_len;

  while ((gsize) (end - p) >= step_len)
    {
      if (step (ctx, &p, end, &o, oend, flags))
        continue;
      if (!gutf8conv_kernel_scalar_block (gutf8conv_kernel_scalar_encode, &p, end, &o, oend,
                                          block, 0, flags) &&
          (mend == NULL || !gutf8conv_kernel_encode_mend (&p, end, &o, oend, 4, flags, mend)))
        return gutf8conv_kernel_stop (in, p, out, o, in_used);
    }
  return gutf8conv_kernel_encode_rest (gutf8conv_kernel_scalar_encode, in, p, end, out, o, oend,
                                       4, flags, mend, in_used);
}

/* A kernel's entry point @name, of the arguments every kernel function
 * has, calling @impl with the @mask bits of its flags as constants. */
#define GUTF8CONV_KERNEL_ENTRY_POINT(name, impl, mask) \
  static gsize \
  name (const guint8 *in, \
        gsize         in_len, \
        guint8       *out, \
        gsize         out_len, \
        guint         flags, \
        gsize        *in_used) \
  { \
    GUTF8CONV_KERNEL_SPECIALISE (impl, mask); \
  }

/* GUTF8CONV_KERNEL_ENTRY_POINT for an @impl whose loops take no input
 * shorter than @min_len: such input goes to @short_func (the scalar
 * kernel, or the kernel's padded blocks) straight, by a jump from a
 * function of its own, before @impl's prologue (its saved registers, its
 * aligned stack, its vector constants), which a stream's small chunk
 * would otherwise pay for nothing. */
#define GUTF8CONV_KERNEL_ENTRY_POINT_SHORT(name, impl, mask, min_len, short_func) \
  __attribute__((noinline)) GUTF8CONV_KERNEL_ENTRY_POINT (name##_wide, impl, mask) \
  \
  static gsize \
  name (const guint8 *in, \
        gsize         in_len, \
        guint8       *out, \
        gsize         out_len, \
        guint         flags, \
        gsize        *in_used) \
  { \
    if (in_len < (min_len)) \
      return short_func (in, in_len, out, out_len, flags, in_used); \
    return name##_wide (in, in_len, out, out_len, flags, in_used); \
  }

/* A kernel's mending entry point @name (GUtf8ConvDecodeMendFunc) around
 * @impl, of its arguments: the Unicode profile's flags only (each byte
 * order compiled on its own), input shorter than @min_len and any other
 * flags to the plain entry point @plain, which mends nothing. */
#define GUTF8CONV_KERNEL_MEND_ENTRY_POINT(name, impl, plain, min_len) \
  static gsize \
  name (const guint8        *in, \
        gsize                in_len, \
        guint8              *out, \
        gsize                out_len, \
        guint                flags, \
        gsize               *in_used, \
        GUtf8ConvKernelMend *mend) \
  { \
    if (in_len < (min_len) || (flags & ~GUTF8CONV_KERNEL_BIG_ENDIAN) != 0) \
      return plain (in, in_len, out, out_len, flags, in_used); \
    if (flags & GUTF8CONV_KERNEL_BIG_ENDIAN) \
      return impl (in, in_len, out, out_len, GUTF8CONV_KERNEL_BIG_ENDIAN, in_used, mend); \
    return impl (in, in_len, out, out_len, 0, in_used, mend); \
  }

/* A kernel's always_inline @name of the entry points' arguments: its
 * mending function @mending with no mend (the plain function). */
#define GUTF8CONV_KERNEL_UNMENDED(name, mending) \
  GUTF8CONV_KERNEL_INLINE gsize \
  name (const guint8 *in, gsize in_len, guint8 *out, gsize out_len, const guint flags, gsize *in_used) \
  { \
    return mending (in, in_len, out, out_len, flags, in_used, NULL); \
  }

/* A vector kernel's table, gutf8conv_kernel_@isa, of its entry points
 * named by their conversion and @isa (decode_ISA, decode_ISA_mend, ...;
 * a kernel that does not mend a conversion defines that name as NULL),
 * with the single-byte entry point @single_byte; input dense with errors
 * is the scalar kernel's on every ISA. */
#define GK_KERNEL_TABLE(isa, single_byte) \
  const GUtf8ConvKernel gutf8conv_kernel_##isa = { \
    #isa, decode_##isa, encode_##isa, copy_##isa, decode16_##isa, encode16_##isa, \
    decode_##isa##_mend, decode16_##isa##_mend, encode_##isa##_mend, encode16_##isa##_mend, copy_##isa##_mend, \
    single_byte, gutf8conv_kernel_scalar_decode_dense, \
  }
