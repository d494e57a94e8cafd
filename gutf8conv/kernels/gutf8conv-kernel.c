/* gutf8conv-kernel.c: choosing a kernel, once
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#ifdef GUTF8CONV_HAVE_X86_KERNELS
#include <cpuid.h>
#include <immintrin.h>
#endif

#if defined (GUTF8CONV_HAVE_NEON_KERNEL) || defined (GUTF8CONV_HAVE_VSX_KERNEL)
#include <sys/auxv.h>
#endif

#include "gutf8conv-kernel.h"

/* Every kernel this build has, best last; each with a check that the CPU
 * can run it.  Fast kernels add themselves here. */
typedef struct
{
  const GUtf8ConvKernel *kernel;
  gboolean             (*supported) (void);
} KernelEntry;

static gboolean
always (void)
{
  return TRUE;
}

#ifdef GUTF8CONV_HAVE_X86_KERNELS
__attribute__((target ("xsave"))) static guint64
xcr0 (void)
{
  return _xgetbv (0);
}

/* Whether the OS saves and restores the register state in @mask (XCR0
 * bits): a CPU with AVX is no use if the kernel does not switch YMM. */
static gboolean
os_saves (guint64 mask)
{
  unsigned int a, b, c, d;

  if (!__get_cpuid (1, &a, &b, &c, &d) || (c & bit_OSXSAVE) == 0)
    return FALSE;
  return (xcr0 () & mask) == mask;
}

static gboolean
have_sse2 (void)
{
  return __builtin_cpu_supports ("sse2");
}

/* pshufb and pmaddubsw (SSSE3), pmovzx, ptest and pblendvb (SSE4.1),
 * popcnt; no AVX state, so nothing for the OS to save. */
static gboolean
have_ssse3 (void)
{
  return __builtin_cpu_supports ("ssse3") && __builtin_cpu_supports ("sse4.1") &&
         __builtin_cpu_supports ("popcnt");
}

static gboolean
have_avx2 (void)
{
  /* XCR0: SSE and AVX state. */
  return __builtin_cpu_supports ("avx2") && __builtin_cpu_supports ("popcnt") &&
         os_saves (0x6);
}

static gboolean
have_avx512 (void)
{
  /* XCR0: SSE, AVX, opmask and both halves of the ZMM state. */
  return __builtin_cpu_supports ("avx512f") && __builtin_cpu_supports ("avx512bw") &&
         __builtin_cpu_supports ("avx512vl") && __builtin_cpu_supports ("avx512cd") &&
         __builtin_cpu_supports ("avx512vbmi") &&
         __builtin_cpu_supports ("avx512vbmi2") && __builtin_cpu_supports ("avx2") &&
         __builtin_cpu_supports ("popcnt") && __builtin_cpu_supports ("bmi2") &&
         os_saves (0xE6);
}
#endif

#ifdef GUTF8CONV_HAVE_NEON_KERNEL
/* Advanced SIMD is architectural in AArch64; the kernel says so anyway. */
static gboolean
have_neon (void)
{
  return (getauxval (AT_HWCAP) & HWCAP_ASIMD) != 0;
}
#endif

#ifdef GUTF8CONV_HAVE_VSX_KERNEL
/* VSX (POWER7 on) with POWER8's vector instructions (ISA 2.07: vbpermq,
 * the word compares and shifts the kernel uses). */
static gboolean
have_vsx (void)
{
  return (getauxval (AT_HWCAP) & PPC_FEATURE_HAS_VSX) != 0 &&
         (getauxval (AT_HWCAP2) & PPC_FEATURE2_ARCH_2_07) != 0;
}
#endif

static const KernelEntry kernels[] = {
  { &gutf8conv_kernel_scalar, always },
#ifdef GUTF8CONV_HAVE_X86_KERNELS
  { &gutf8conv_kernel_sse2, have_sse2 },
  { &gutf8conv_kernel_ssse3, have_ssse3 },
  { &gutf8conv_kernel_avx2, have_avx2 },
  { &gutf8conv_kernel_avx512, have_avx512 },
#endif
#ifdef GUTF8CONV_HAVE_NEON_KERNEL
  { &gutf8conv_kernel_neon, have_neon },
#endif
#ifdef GUTF8CONV_HAVE_VSX_KERNEL
  { &gutf8conv_kernel_vsx, have_vsx },
#endif
};

gsize
gutf8conv_kernel_convert_nothing (const guint8 *in G_GNUC_UNUSED,
                                  gsize         in_len G_GNUC_UNUSED,
                                  guint8       *out G_GNUC_UNUSED,
                                  gsize         out_len G_GNUC_UNUSED,
                                  guint         flags G_GNUC_UNUSED,
                                  gsize        *in_used)
{
  *in_used = 0;
  return 0;
}

const GUtf8ConvKernel **
gutf8conv_kernel_available (void)
{
  static const GUtf8ConvKernel *list[G_N_ELEMENTS (kernels) + 1];
  static gsize initialized;

  if (g_once_init_enter (&initialized))
    {
      guint n = 0;

#ifdef GUTF8CONV_HAVE_X86_KERNELS
      /* In case this runs from a constructor before libgcc's own. */
      __builtin_cpu_init ();
#endif
      for (guint i = 0; i < G_N_ELEMENTS (kernels); i++)
        if (kernels[i].supported ())
          list[n++] = kernels[i].kernel;
      list[n] = NULL;
      g_once_init_leave (&initialized, 1);
    }
  return list;
}

const GUtf8ConvKernel *
gutf8conv_kernel_lookup (const char *name)
{
  const GUtf8ConvKernel **list = gutf8conv_kernel_available ();

  for (guint i = 0; list[i] != NULL; i++)
    if (strcmp (list[i]->name, name) == 0)
      return list[i];
  return NULL;
}

const GUtf8ConvKernel *
gutf8conv_kernel_default (void)
{
  static const GUtf8ConvKernel *chosen;
  static gsize initialized;

  if (g_once_init_enter (&initialized))
    {
      const GUtf8ConvKernel **list = gutf8conv_kernel_available ();
      const char *name = g_getenv ("GUTF8CONV_KERNEL");
      guint n = 0;

      while (list[n] != NULL)
        n++;
      chosen = list[n - 1];

      /* Tests and benchmarks force a kernel; an unknown or unsupported
       * name is a mistake worth hearing about, not a silent fallback. */
      if (name != NULL && *name != '\0')
        {
          const GUtf8ConvKernel *k = gutf8conv_kernel_lookup (name);

          if (k != NULL)
            chosen = k;
          else
            g_warning ("GUTF8CONV_KERNEL=%s: no such kernel on this CPU; using %s",
                       name, chosen->name);
        }
      g_once_init_leave (&initialized, 1);
    }
  return chosen;
}
