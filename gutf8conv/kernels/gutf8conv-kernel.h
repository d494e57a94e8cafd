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
 *
 * Kernels know one grammar, Unicode's (RFC 3629).  A profile that differs
 * from it passes limits in the flags, so that a kernel stops where the
 * profile's valid input stops agreeing with Unicode's (the profile table
 * in gutf8conv-profile.c says which); everything else is the state
 * machine's.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A new flag is a line here and one more in GUTF8CONV_KERNEL_N_FLAGS;
 * every kernel's entry points then compile each combination on their own
 * (GUTF8CONV_KERNEL_SPECIALISE). */
typedef enum
{
  GUTF8CONV_KERNEL_BIG_ENDIAN = 1 << 0,   /* the UCS-4 or UTF-16 side is big-endian */
  GUTF8CONV_KERNEL_BMP_ONLY   = 1 << 1,   /* stop at four-byte forms and values above U+FFFF */
  GUTF8CONV_KERNEL_NO_NUL     = 1 << 2,   /* encoding: stop at U+0000 */
} GUtf8ConvKernelFlags;

#define GUTF8CONV_KERNEL_N_FLAGS 3
#define GUTF8CONV_KERNEL_ALL_FLAGS ((1u << GUTF8CONV_KERNEL_N_FLAGS) - 1)

/* In a kernel's entry point: calls @impl (an always_inline function of the
 * entry point's arguments) with the @mask bits of @flags as a constant, so
 * that every combination is compiled on its own and a profile's limits
 * cost the Unicode profile nothing.  The cases are generated, one level of
 * GUTF8CONV_KERNEL_CASES_n_ per flag (room for two more flags). */
#define GUTF8CONV_KERNEL_SPECIALISE(impl, mask) \
  G_STMT_START { \
    G_STATIC_ASSERT (((mask) & ~GUTF8CONV_KERNEL_ALL_FLAGS) == 0); \
    switch (flags & (mask)) \
      { \
      G_PASTE (GUTF8CONV_KERNEL_CASES_, GUTF8CONV_KERNEL_N_FLAGS) (impl, 0u) \
      default: \
        __builtin_unreachable (); \
      } \
  } G_STMT_END

#define GUTF8CONV_KERNEL_CASES_0(impl, v) \
  case (v): return impl (in, in_len, out, out_len, (v), in_used);
#define GUTF8CONV_KERNEL_CASES_1(impl, v) \
  GUTF8CONV_KERNEL_CASES_0 (impl, v) GUTF8CONV_KERNEL_CASES_0 (impl, (v) | 1u)
#define GUTF8CONV_KERNEL_CASES_2(impl, v) \
  GUTF8CONV_KERNEL_CASES_1 (impl, v) GUTF8CONV_KERNEL_CASES_1 (impl, (v) | 2u)
#define GUTF8CONV_KERNEL_CASES_3(impl, v) \
  GUTF8CONV_KERNEL_CASES_2 (impl, v) GUTF8CONV_KERNEL_CASES_2 (impl, (v) | 4u)
#define GUTF8CONV_KERNEL_CASES_4(impl, v) \
  GUTF8CONV_KERNEL_CASES_3 (impl, v) GUTF8CONV_KERNEL_CASES_3 (impl, (v) | 8u)
#define GUTF8CONV_KERNEL_CASES_5(impl, v) \
  GUTF8CONV_KERNEL_CASES_4 (impl, v) GUTF8CONV_KERNEL_CASES_4 (impl, (v) | 16u)

/* UTF-8 -> UCS-4: returns bytes written to @out, sets *in_used. */
typedef gsize (*GUtf8ConvDecodeFunc) (const guint8 *in,
                                      gsize         in_len,
                                      guint8       *out,
                                      gsize         out_len,
                                      guint         flags,
                                      gsize        *in_used);

/* UCS-4 -> UTF-8 for values U+0000..U+10FFFF, surrogates excluded. */
typedef gsize (*GUtf8ConvEncodeFunc) (const guint8 *in,
                                      gsize         in_len,
                                      guint8       *out,
                                      gsize         out_len,
                                      guint         flags,
                                      gsize        *in_used);

/* UTF-8 -> UTF-8: copies the longest run of whole valid sequences that
 * fits; returns bytes written, which equals *in_used. */
typedef gsize (*GUtf8ConvCopyFunc)   (const guint8 *in,
                                      gsize         in_len,
                                      guint8       *out,
                                      gsize         out_len,
                                      guint         flags,
                                      gsize        *in_used);

/* The length of the longest run of whole valid sequences at the front of
 * @in (Unicode's grammar, with BMP_ONLY's limit). */
typedef gsize (*GUtf8ConvValidateFunc) (const guint8 *in,
                                        gsize         in_len,
                                        guint         flags);

/* UTF-8 -> UTF-16: as GUtf8ConvDecodeFunc, with 2-byte units; a
 * supplementary character is written as a whole pair or not at all. */
typedef GUtf8ConvDecodeFunc GUtf8ConvDecode16Func;

/* UTF-16 -> UTF-8: as GUtf8ConvEncodeFunc, with 2-byte units; stops at a
 * lone surrogate unit and at a pair not wholly in @in. */
typedef GUtf8ConvEncodeFunc GUtf8ConvEncode16Func;

/* What a kernel that mends writes for a malformed sequence. */
typedef enum
{
  GUTF8CONV_KERNEL_MEND_SKIP,      /* nothing */
  GUTF8CONV_KERNEL_MEND_REPLACE,   /* U+FFFD in the output's unit and byte order */
} GUtf8ConvKernelMendMode;

typedef struct
{
  GUtf8ConvKernelMendMode mode;
  guint64                 n_mended;   /* each mend adds one */
} GUtf8ConvKernelMend;

/* UTF-8 -> UCS-4 as GUtf8ConvDecodeFunc, but a malformed sequence that
 * the kernel meets is mended where it meets it (a whole block of its
 * fast loop at a time, or one sequence in its careful loop): its maximal
 * subpart (behaviour-errors) is written as @mend says and counted in it,
 * and the kernel goes on.  It still stops, as the
 * plain function does, where errors are dense (below), before a sequence
 * the end of @in cuts (the codec holds it), where the output has no room
 * for the replacement, and in its scalar tail.  Only for the
 * Unicode profile: @flags holds nothing but GUTF8CONV_KERNEL_BIG_ENDIAN
 * (with any other flag it mends nothing).  Only where nobody wants each
 * sequence's report: the kernel makes none. */
typedef gsize (*GUtf8ConvDecodeMendFunc) (const guint8        *in,
                                          gsize                in_len,
                                          guint8              *out,
                                          gsize                out_len,
                                          guint                flags,
                                          gsize               *in_used,
                                          GUtf8ConvKernelMend *mend);

/* UTF-8 -> UTF-16 as GUtf8ConvDecode16Func, mending as
 * GUtf8ConvDecodeMendFunc does (U+FFFD is one unit), in its scalar tail
 * too. */
typedef GUtf8ConvDecodeMendFunc GUtf8ConvDecode16MendFunc;

/* UTF-8 -> UTF-8 as GUtf8ConvCopyFunc, mending as
 * GUtf8ConvDecodeMendFunc does, U+FFFD written as EF BF BD (so the
 * output may be longer than what it read): the repair. */
typedef GUtf8ConvDecodeMendFunc GUtf8ConvCopyMendFunc;

/* Where a mending kernel stops mending: before the malformed sequence
 * that comes after GUTF8CONV_KERNEL_MEND_CLOSE mended ones in a row, each
 * less than GUTF8CONV_KERNEL_MEND_GAP bytes after the one before, the
 * call's start counting as that many (the codec calls the kernel where
 * its own loop left malformed input).  The input is then dense with
 * errors, where the codec's state machine is faster; a damaged character
 * gives up to four sequences in a row, and two often come close in
 * damaged text. */
#define GUTF8CONV_KERNEL_MEND_GAP 32
#define GUTF8CONV_KERNEL_MEND_CLOSE 8

/* UCS-4 -> UTF-8 (UTF-16 -> UTF-8) as GUtf8ConvEncodeFunc
 * (GUtf8ConvEncode16Func), but a bad unit it meets, a surrogate or a
 * value above U+10FFFF (a lone surrogate), is mended there, wherever it
 * is: written as @mend says (U+FFFD is EF BF BD) and counted in it, and
 * the kernel goes on.  It still stops, as the plain function does, before
 * a high unit whose next unit is not in @in (a pair the end cuts: the
 * codec holds it) and where the output has no room for the replacement.
 * Only for the Unicode profile: @flags holds nothing but
 * GUTF8CONV_KERNEL_BIG_ENDIAN (with any other flag it mends nothing).
 * Only where nobody wants each unit's report: the kernel makes none. */
typedef GUtf8ConvDecodeMendFunc GUtf8ConvEncodeMendFunc;

/* What a kernel writes for each byte from 80 up of single-byte text, and
 * for each malformed sequence of input dense with them (decode_dense). */
typedef enum
{
  GUTF8CONV_KERNEL_BYTE_REPLACE,   /* U+FFFD */
  GUTF8CONV_KERNEL_BYTE_ESCAPE,    /* U+DC00 + the byte (not towards UTF-8) */
  GUTF8CONV_KERNEL_BYTE_LATIN1,    /* the byte's Latin-1 character */
  GUTF8CONV_KERNEL_BYTE_CP1252,    /* its windows-1252 character */
  GUTF8CONV_KERNEL_BYTE_SKIP,      /* nothing (decode_dense only) */
  GUTF8CONV_KERNEL_BYTE_STOP,      /* stop before it: the codec reports it (decode_dense only) */
} GUtf8ConvKernelByteMode;

/* Text in a single-byte code page read as UTF-8 (Latin-1, windows-1252)
 * has its bytes from 80 up between ASCII bytes, alone or after one of
 * 80..BF (windows-1252's quotes before a letter).  In a block of
 * GUTF8CONV_KERNEL_SINGLE_BYTE_BLOCK bytes where no byte from C0 up is
 * followed by one from 80 up (the byte after the block included), each
 * byte from 80 up is a malformed sequence of one byte in every profile
 * (behaviour-errors), and every ASCII byte a character.
 *
 * Converts such blocks of @in to units of @unit bytes (4: UCS-4, 2:
 * UTF-16, in byte order GUTF8CONV_KERNEL_BIG_ENDIAN of @flags; 1: UTF-8),
 * each byte from 80 up as @mode writes it, and stops before the first
 * block that is not one, after GUTF8CONV_KERNEL_SINGLE_BYTE_CLEAN blocks
 * in a row with no byte from 80 up, or where the input (a block and a
 * byte; towards UTF-8, two blocks and a byte) or the output (a block's
 * units; towards UTF-8, four blocks' bytes) runs short.  Returns bytes
 * written, sets *@in_used and the number of bytes from 80 up taken in
 * *@n_high.  ESCAPE towards UTF-8 takes nothing. */
typedef gsize (*GUtf8ConvSingleByteFunc) (const guint8            *in,
                                          gsize                    in_len,
                                          guint8                  *out,
                                          gsize                    out_len,
                                          guint                    unit,
                                          guint                    flags,
                                          GUtf8ConvKernelByteMode  mode,
                                          gsize                   *in_used,
                                          guint64                 *n_high);

/* Four 16-byte vectors, and a bit of a 64-bit mask for each byte. */
#define GUTF8CONV_KERNEL_SINGLE_BYTE_BLOCK 64
/* Clean blocks after which the faster decoder takes over again: fewer pay
 * for its re-entries on single-byte text, more gain nothing. */
#define GUTF8CONV_KERNEL_SINGLE_BYTE_CLEAN 4

/* A transition of the profile's state machine as the byte-a-step loop to
 * UCS-4 and UTF-16 reads it: each field on its own, loaded with no shift
 * or mask (gen-tables.py writes it from the transition of the same
 * place). */
typedef struct _GUtf8ConvDfaStep
{
  guint16 next;      /* the next state's offset */
  gint8   within;    /* -1; 0 where the byte starts a sequence */
  guint8  mask;      /* the byte's payload bits */
  guint8  reject;    /* 1: the bytes before this one are a maximal subpart */
  guint8  self_bad;  /* 1: this byte alone is one */
  guint8  chr;       /* 1: a character ends at this byte */
  guint8  bad;       /* the maximal subparts that end here; | 0x80: STOP */
} GUtf8ConvDfaStep;

G_STATIC_ASSERT (sizeof (GUtf8ConvDfaStep) == 8);

/* UTF-8 from where a kernel stopped short, most often at a malformed
 * sequence, through @dfa_class and @dfa_trans (and @dfa_steps, the same
 * transitions), the profile's grammar as a state machine (gen-tables.py:
 * any profile, not only Unicode's). */
typedef struct
{
  const guint8            *dfa_class;
  const guint32           *dfa_trans;
  const GUtf8ConvDfaStep  *dfa_steps;
  gboolean                 sparse;      /* the kernel ran long before: a lone error in text */
  gboolean                 bad_next;    /* BYTE_STOP stopped before a malformed sequence */
  guint64                  n_bad;       /* each malformed sequence adds one */
} GUtf8ConvKernelDense;

/* Decodes @in as GUtf8ConvDecodeFunc does, in the unit, byte order and
 * mode its entry was chosen for (GUtf8ConvDecodeDenseEntryFunc), each
 * maximal subpart (behaviour-errors) written as the codec's error mode
 * writes it and counted in @dense, or with GUTF8CONV_KERNEL_BYTE_STOP
 * (where the codec reports each one) not taken.  Whole sequences at a
 * time, until GUTF8CONV_KERNEL_DENSE_BRANCHLESS_AFTER malformed ones
 * without a clean run between them; then one byte a step with no branch
 * on the bytes.  Stops before a sequence the state machine leaves to the
 * codec (a surrogate form, a form of five or six bytes, a value above
 * U+10FFFF) or the end of @in cuts, where the output may have no room for
 * a step, and after a clean run: GUTF8CONV_KERNEL_DENSE_CLEAN_RUN bytes
 * in a row without a malformed sequence (@sparse: the first character
 * after the malformed sequences at @in), one byte a step
 * GUTF8CONV_KERNEL_DENSE_BLOCK.  ESCAPE towards UTF-8 takes nothing. */
typedef gsize (*GUtf8ConvDecodeDenseFunc) (const guint8         *in,
                                           gsize                 in_len,
                                           guint8               *out,
                                           gsize                 out_len,
                                           gsize                *in_used,
                                           GUtf8ConvKernelDense *dense);

/* The GUtf8ConvDecodeDenseFunc for units of @unit (4: UCS-4, 2: UTF-16,
 * in byte order GUTF8CONV_KERNEL_BIG_ENDIAN of @flags; 1: UTF-8, copied
 * as its own form) and @mode, chosen once per configuration: no branch on
 * them per call, which damaged text makes one of per malformed
 * sequence. */
typedef GUtf8ConvDecodeDenseFunc (*GUtf8ConvDecodeDenseEntryFunc) (guint                   unit,
                                                                   GUtf8ConvKernelByteMode mode,
                                                                   guint                   flags);

/* Leaving decode_dense, a step of the codec and re-entering the faster
 * decoder cost more than decode_dense's steps over fewer clean bytes; a
 * longer run costs damaged text. */
#define GUTF8CONV_KERNEL_DENSE_CLEAN_RUN 12
/* Fewer would send damaged text, which whole sequences take faster, one
 * byte a step. */
#define GUTF8CONV_KERNEL_DENSE_BRANCHLESS_AFTER 3
/* The clean bytes after which the faster decoder takes over from the
 * byte-a-step loop, and its steps between two looks for them: 16 gained
 * nothing on random bytes and lost on binary input. */
#define GUTF8CONV_KERNEL_DENSE_BLOCK 8

typedef struct
{
  const char              *name;
  GUtf8ConvDecodeFunc      decode;
  GUtf8ConvEncodeFunc      encode;
  GUtf8ConvCopyFunc        copy;
  GUtf8ConvDecode16Func    decode16;
  GUtf8ConvEncode16Func    encode16;
  /* NULL: the kernel does not mend (the codec's loops do). */
  GUtf8ConvDecodeMendFunc  decode_mend;
  GUtf8ConvDecode16MendFunc decode16_mend;
  GUtf8ConvEncodeMendFunc  encode_mend;
  GUtf8ConvEncodeMendFunc  encode16_mend;
  GUtf8ConvCopyMendFunc    copy_mend;
  /* NULL: the codec's loops take single-byte text. */
  GUtf8ConvSingleByteFunc  single_byte;
  /* NULL: the codec's loops take input dense with errors. */
  GUtf8ConvDecodeDenseEntryFunc decode_dense;
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
extern const GUtf8ConvKernel gutf8conv_kernel_ssse3;
extern const GUtf8ConvKernel gutf8conv_kernel_avx2;
extern const GUtf8ConvKernel gutf8conv_kernel_avx512;
#endif
#ifdef GUTF8CONV_HAVE_NEON_KERNEL
extern const GUtf8ConvKernel gutf8conv_kernel_neon;
#endif
#ifdef GUTF8CONV_HAVE_VSX_KERNEL
extern const GUtf8ConvKernel gutf8conv_kernel_vsx;
#endif

/* The scalar kernel's functions, which the wide kernels call for the
 * blocks they do not handle themselves. */
gsize gutf8conv_kernel_scalar_decode (const guint8 *in,
                                      gsize         in_len,
                                      guint8       *out,
                                      gsize         out_len,
                                      guint         flags,
                                      gsize        *in_used);
gsize gutf8conv_kernel_scalar_encode (const guint8 *in,
                                      gsize         in_len,
                                      guint8       *out,
                                      gsize         out_len,
                                      guint         flags,
                                      gsize        *in_used);
gsize gutf8conv_kernel_scalar_copy   (const guint8 *in,
                                      gsize         in_len,
                                      guint8       *out,
                                      gsize         out_len,
                                      guint         flags,
                                      gsize        *in_used);
/* The scalar kernel's UTF-16 paths, which the wide kernels call for the
 * blocks they do not handle themselves. */
gsize gutf8conv_kernel_scalar_decode16 (const guint8 *in,
                                        gsize         in_len,
                                        guint8       *out,
                                        gsize         out_len,
                                        guint         flags,
                                        gsize        *in_used);
gsize gutf8conv_kernel_scalar_encode16 (const guint8 *in,
                                        gsize         in_len,
                                        guint8       *out,
                                        gsize         out_len,
                                        guint         flags,
                                        gsize        *in_used);
gsize gutf8conv_kernel_scalar_validate (const guint8 *in,
                                        gsize         in_len,
                                        guint         flags);

/* The single-byte text loop in portable C, and its SSE2 form, which
 * every x86 kernel has. */
gsize gutf8conv_kernel_scalar_single_byte (const guint8            *in,
                                           gsize                    in_len,
                                           guint8                  *out,
                                           gsize                    out_len,
                                           guint                    unit,
                                           guint                    flags,
                                           GUtf8ConvKernelByteMode  mode,
                                           gsize                   *in_used,
                                           guint64                 *n_high);
#ifdef GUTF8CONV_HAVE_X86_KERNELS
gsize gutf8conv_kernel_sse2_single_byte   (const guint8            *in,
                                           gsize                    in_len,
                                           guint8                  *out,
                                           gsize                    out_len,
                                           guint                    unit,
                                           guint                    flags,
                                           GUtf8ConvKernelByteMode  mode,
                                           gsize                   *in_used,
                                           guint64                 *n_high);
#endif

/* The state machine over input dense with errors, every kernel's. */
GUtf8ConvDecodeDenseFunc gutf8conv_kernel_scalar_decode_dense (guint                   unit,
                                                               GUtf8ConvKernelByteMode mode,
                                                               guint                   flags);

/* Takes nothing and writes nothing (*@in_used is 0): any of the
 * functions above where no kernel may run, so that the codec's state
 * machine does it all (the codec's UTF-8 towards modified UTF-8, the
 * tests' kernel that leaves everything to the specification). */
gsize gutf8conv_kernel_convert_nothing (const guint8 *in,
                                        gsize         in_len,
                                        guint8       *out,
                                        gsize         out_len,
                                        guint         flags,
                                        gsize        *in_used);

/* A kernel's copy: @validate a cache-sized chunk, copy what was valid,
 * go on while all was. */
#define GUTF8CONV_KERNEL_COPY_CHUNK (16 * 1024)
gsize gutf8conv_kernel_copy_validated (GUtf8ConvValidateFunc  validate,
                                       const guint8          *in,
                                       gsize                  in_len,
                                       guint8                *out,
                                       gsize                  out_len,
                                       guint                  flags,
                                       gsize                 *in_used);

G_END_DECLS
