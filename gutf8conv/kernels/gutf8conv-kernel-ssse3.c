/* gutf8conv-kernel-ssse3.c: the SSSE3/SSE4.1 kernel
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * For x86-64 CPUs with a byte shuffle (pshufb) but no AVX2.  It requires
 * SSSE3, SSE4.1 (pmovzx, ptest, pblendvb, pminud, packusdw) and POPCNT
 * (a popcount per eight positions); not SSE4.2, whose string and CRC
 * instructions it has no use for.  What it leaves to sse2 is CPUs
 * without SSE4.1 or POPCNT, such as the Core 2 generation.
 *
 * It runs the generic loops (gutf8conv-kernel-generic-*.h: the nibble
 * lookups' fast phase, the careful and padded blocks, encode, decode16
 * with the runs of one length, encode16) over the x86 vocabulary at 16
 * bytes (gutf8conv-kernel-x86-*.h).  Its own: a valid block transcoded
 * by what it holds, by multiply-adds on bytes that pshufb gathers, as
 * SSE has no shift by lane, to UCS-4 or straight to units, for the fast
 * phase's loops by class of decode and decode16 (GK_KL_CLASS of the fast
 * phase's header).
 * The tables are gen-tables.py's (gutf8conv-kernel-tables.h).
 */

#include "config.h"

#include <smmintrin.h>
#include <string.h>

#include "gutf8conv-kernel.h"
#include "gutf8conv-kernel-tables.h"
/* The context: the lookups' tables (below). */
#define GK_HAVE_CONTEXT 1
#include "gutf8conv-kernel-x86-ops.h"

/* The validation is the lookups alone (GK_KL_LOOKUPS_ONLY), on their
 * tables as constants: loaded where used, or operands. */
typedef struct { GkKlTables kl; } GkContext;
GUTF8CONV_KERNEL_INLINE GkContext gk_context (const gboolean bmp_only) { return (GkContext) { gk_kl_tables (bmp_only) }; }
#define GK_KL_LOOKUPS_ONLY 1
/* The next block's bytes before it loaded again, not shifted in. */
#define GK_KL_LOADS 1

/* The characters whose lead bytes @leads marks among the 16 bytes at @p,
 * to @o; returns the new @o.  Reads up to @p + 24 and may write 12 bytes
 * past the characters it stores. */
GUTF8CONV_KERNEL_INLINE guint8 *
gk_decode_block (const guint8   *p,
                 guint32         leads,
                 guint8         *o,
                 const gboolean  big_endian)
{
  /* By high nibble: a byte's payload bits, and for a lead byte four times
   * its class (0: ASCII, 1..3: two to four bytes). */
  const __m128i payload_mask = _mm_setr_epi8 (GUTF8CONV_PAYLOAD_MASK (GUTF8CONV_I8));
  const __m128i class4 = _mm_setr_epi8 (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 8, 12);
  /* By class, the weights of the four gathered payloads p0..p3: bytes for
   * pmaddubsw (p0 * a0 + p1 * a1, p2 * a2 + p3 * a3), then 16-bit words
   * for pmaddwd.  Four bytes: (p0 << 6 | p1) << 12 | (p2 << 6 | p3);
   * three: (p0 << 6 | p1) << 6 | p2; two: p0 << 6 | p1; one: p0.  A weight
   * of 0 drops the bytes of the next character. */
  const __m128i weights = _mm_setr_epi8 (1, 0, 0, 0, 64, 1, 0, 0, 64, 1, 1, 0, 64, 1, 64, 1);
  const __m128i combine = _mm_setr_epi8 (1, 0, 0, 0, 1, 0, 0, 0, 64, 0, 1, 0, 0, 16, 1, 0);
  const __m128i within = _mm_setr_epi8 (0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3);

  for (guint g = 0; g < 2; g++)
    {
      guint m = (leads >> (8 * g)) & 0xFF;
      guint n = __builtin_popcount (m);
      __m128i x, hi, cls, pos;

      if (m == 0)
        continue;
      x = _mm_loadu_si128 ((const __m128i *) (p + 8 * g));
      hi = _mm_and_si128 (_mm_srli_epi16 (x, 4), SET1 (0x0F));
      cls = _mm_shuffle_epi8 (class4, hi);
      x = _mm_and_si128 (x, _mm_shuffle_epi8 (payload_mask, hi));
      /* The lead positions, ascending, one a byte. */
      pos = _mm_loadl_epi64 ((const __m128i *) &gutf8conv_compact8[m]);

      for (guint h = 0; h < n; h += 4)
        {
          /* Each lead's position in the four bytes of its lane. */
          __m128i lane = _mm_shuffle_epi8 (pos, _mm_add_epi8 (_mm_setr_epi8 (0, 0, 0, 0, 1, 1, 1, 1,
                                                                             2, 2, 2, 2, 3, 3, 3, 3),
                                                              _mm_set1_epi8 ((char) h)));
          __m128i w = _mm_shuffle_epi8 (x, _mm_add_epi8 (lane, within));
          __m128i sel = _mm_add_epi8 (_mm_shuffle_epi8 (cls, lane), within);

          w = _mm_maddubs_epi16 (w, _mm_shuffle_epi8 (weights, sel));
          w = _mm_madd_epi16 (w, _mm_shuffle_epi8 (combine, sel));
          if (big_endian)
            w = x86_swap32 (w);
          _mm_storeu_si128 ((__m128i *) o, w);
          o += 4 * MIN (n - h, 4);
        }
    }
  return o;
}

/* Eight 16-bit values @v to @o: as UTF-16 units (16 bytes) where
 * @units16 (decode16's fast loop), else as UCS-4 units (32 bytes). */
GUTF8CONV_KERNEL_INLINE void
store_words8 (__m128i         v,
              guint8         *o,
              const gboolean  big_endian,
              const gboolean  units16)
{
  if (units16)
    _mm_storeu_si128 ((__m128i *) o, big_endian ? x86_swap16 (v) : v);
  else if (big_endian)
    {
      _mm_storeu_si128 ((__m128i *) o,
                        _mm_shuffle_epi8 (v, _mm_setr_epi8 (-1, -1, 1, 0, -1, -1, 3, 2, -1, -1, 5, 4, -1, -1, 7, 6)));
      _mm_storeu_si128 ((__m128i *) (o + 16),
                        _mm_shuffle_epi8 (v, _mm_setr_epi8 (-1, -1, 9, 8, -1, -1, 11, 10, -1, -1, 13, 12, -1, -1, 15, 14)));
    }
  else
    {
      _mm_storeu_si128 ((__m128i *) o, _mm_cvtepu16_epi32 (v));
      _mm_storeu_si128 ((__m128i *) (o + 16), _mm_unpackhi_epi16 (v, _mm_setzero_si128 ()));
    }
}

/* gk_decode_block() for blocks without four-byte characters (and with
 * @three FALSE, without three-byte ones; with @three and not @two,
 * without two-byte ones): the value at each of eight positions as if a
 * character started there, in a 16-bit word, then the words at the leads
 * moved to the front and widened.  A pair (b0, b1) weighed (64, 1) is
 * b0 * 64 + b1, which minus the markers 0xC0 * 64 + 0x80 is the two-byte
 * value; that shifted left six bits (modulo 2^16, which drops the lead's
 * marker bits) plus b2, minus the continuation markers, is the
 * three-byte value.  The lead and b2 as words come widened by their
 * loads (pmovzxbw and pmovsxbw from memory): no copy of the block, and
 * no mask or shuffle constant to hold among the lookups' tables.  ASCII
 * without a compare: the lead sign-extended is the ASCII byte itself,
 * and FF80 or more from 80, above any two-byte value, while where the
 * lead is ASCII the two-byte sum (modulo 2^16) is CF80 or more, above
 * the byte; so the smaller of the two is the value.  Without two-byte
 * leads, the lead sign-extended is also the blend's mask (its top bits
 * set from 80), which takes the three-byte value at those leads.  Reads
 * up to @p + 24 and may write 32 bytes past the characters it stores. */
GUTF8CONV_KERNEL_INLINE guint8 *
transcode16_bmp (const guint8   *p,
                 guint32         leads,
                 guint8         *o,
                 const gboolean  big_endian,
                 const gboolean  units16,
                 const gboolean  three,
                 const gboolean  two)
{
  const __m128i pairs = _mm_setr_epi8 (0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8);

#pragma GCC unroll 2
  for (guint g = 0; g < 2; g++)
    {
      guint m = (leads >> (8 * g)) & 0xFF;
      __m128i x = _mm_loadu_si128 ((const __m128i *) (p + 8 * g));
      __m128i t = _mm_shuffle_epi8 (x, pairs);
      __m128i r = _mm_maddubs_epi16 (t, _mm_set1_epi16 (0x0140));
      __m128i sx = _mm_cvtepi8_epi16 (_mm_loadl_epi64 ((const __m128i *) (p + 8 * g)));
      __m128i v;

      if (three)
        {
          __m128i b2 = _mm_cvtepu8_epi16 (_mm_loadl_epi64 ((const __m128i *) (p + 8 * g + 2)));
          __m128i v3 = _mm_sub_epi16 (_mm_add_epi16 (_mm_slli_epi16 (r, 6), b2), _mm_set1_epi16 (0x2080));

          if (two)
            {
              __m128i lead = _mm_cvtepu8_epi16 (_mm_loadl_epi64 ((const __m128i *) (p + 8 * g)));

              v = _mm_blendv_epi8 (_mm_min_epu16 (_mm_sub_epi16 (r, _mm_set1_epi16 (0x3080)), sx), v3,
                                   _mm_cmpgt_epi16 (lead, _mm_set1_epi16 (0xDF)));
            }
          else
            v = _mm_blendv_epi8 (sx, v3, sx);
        }
      else
        v = _mm_min_epu16 (_mm_sub_epi16 (r, _mm_set1_epi16 (0x3080)), sx);
      v = _mm_shuffle_epi8 (v, _mm_load_si128 ((const __m128i *) gutf8conv_words8_shuffle[m]));
      store_words8 (v, o, big_endian, units16);
      o += (units16 ? 2 : 4) * __builtin_popcount (m);
    }
  return o;
}

/* A block of three-byte characters only, the first at @k: one shuffle
 * gathers four of them, two multiply-adds combine their bytes, and a
 * subtraction removes the markers (0xE0 << 12 | 0x80 << 6 | 0x80).  Reads
 * up to @p + 24 and may write 12 bytes past the characters it stores. */
GUTF8CONV_KERNEL_INLINE guint8 *
transcode16_all3 (const guint8   *p,
                  guint32         leads,
                  guint8         *o,
                  const gboolean  big_endian,
                  const gboolean  units16)
{
  const guint8 *gather = gutf8conv_gather3_shuffle[__builtin_ctz (leads)];
  __m128i w[2];

#pragma GCC unroll 2
  for (guint half = 0; half < 2; half++)
    {
      w[half] = _mm_shuffle_epi8 (_mm_loadu_si128 ((const __m128i *) (p + 8 * half)),
                                  _mm_load_si128 ((const __m128i *) (gather + 16 * half)));
      w[half] = _mm_maddubs_epi16 (w[half], _mm_set1_epi32 (0x00010140));
      w[half] = _mm_madd_epi16 (w[half], _mm_set1_epi32 (0x00010040));
      w[half] = _mm_sub_epi32 (w[half], _mm_set1_epi32 (0xE2080));
    }
  if (units16)
    {
      /* All below U+10000: the eight values packed to units. */
      store_words8 (_mm_packus_epi32 (w[0], w[1]), o, big_endian, TRUE);
      return o + 2 * __builtin_popcount (leads);
    }
  for (guint half = 0; half < 2; half++)
    _mm_storeu_si128 ((__m128i *) (o + 16 * half), big_endian ? x86_swap32 (w[half]) : w[half]);
  return o + 4 * __builtin_popcount (leads);
}

/* A block of four-byte characters only, the first at @k (0..3): the 16
 * bytes from there are four of them, whose bytes two multiply-adds
 * combine; a subtraction removes the markers (0xF0 << 18 | 0x80 << 12 |
 * 0x80 << 6 | 0x80).  Reads up to @p + 19. */
GUTF8CONV_KERNEL_INLINE guint8 *
transcode16_all4 (const guint8   *p,
                  guint32         leads,
                  guint8         *o,
                  const gboolean  big_endian)
{
  __m128i w = _mm_loadu_si128 ((const __m128i *) (p + __builtin_ctz (leads)));

  w = _mm_maddubs_epi16 (w, _mm_set1_epi16 (0x0140));
  w = _mm_madd_epi16 (w, _mm_set1_epi32 (0x00011000));
  w = _mm_sub_epi32 (w, _mm_set1_epi32 (0x3C82080));
  if (big_endian)
    w = x86_swap32 (w);
  _mm_storeu_si128 ((__m128i *) o, w);
  return o + 16;
}

/* Sixteen ASCII bytes at @p (@b) to sixteen units at @o. */
GUTF8CONV_KERNEL_INLINE void
gk_widen_block (const guint8   *p,
                __m128i         b,
                guint8         *o,
                const gboolean  big_endian)
{
  if (big_endian)
    {
      _mm_storeu_si128 ((__m128i *) o,
                        _mm_shuffle_epi8 (b, _mm_setr_epi8 (-1, -1, -1, 0, -1, -1, -1, 1, -1, -1, -1, 2, -1, -1, -1, 3)));
      _mm_storeu_si128 ((__m128i *) (o + 16),
                        _mm_shuffle_epi8 (b, _mm_setr_epi8 (-1, -1, -1, 4, -1, -1, -1, 5, -1, -1, -1, 6, -1, -1, -1, 7)));
      _mm_storeu_si128 ((__m128i *) (o + 32),
                        _mm_shuffle_epi8 (b, _mm_setr_epi8 (-1, -1, -1, 8, -1, -1, -1, 9, -1, -1, -1, 10, -1, -1, -1, 11)));
      _mm_storeu_si128 ((__m128i *) (o + 48),
                        _mm_shuffle_epi8 (b, _mm_setr_epi8 (-1, -1, -1, 12, -1, -1, -1, 13, -1, -1, -1, 14, -1, -1, -1, 15)));
    }
  else
    {
      /* pmovzxbd straight from memory: no shuffle. */
      for (guint i = 0; i < 4; i++)
        _mm_storeu_si128 ((__m128i *) (o + 16 * i), _mm_cvtepu8_epi32 (_mm_loadu_si32 (p + 4 * i)));
    }
}

/* The generic careful loop's operations (gutf8conv-kernel-generic-decode.h).
 * 16 bytes, the byte after them and the second group's 16-byte load stay
 * inside the input; shorter input goes to the padded blocks whole. */
#define GK_CAREFUL_MIN 24
#define GK_DECODE_READ 24
#define GK_DECODE_OVER 12

#include "gutf8conv-kernel-generic-load-rest.h"

GUTF8CONV_KERNEL_INLINE gk_vec gk_load_rest (const guint8 *p, gsize n) { return gk_load_rest16 (p, n); }
GUTF8CONV_KERNEL_INLINE gk_vec gk_shift_down1 (gk_vec b)              { return _mm_srli_si128 (b, 1); }

/* The generic fast phase's operations (gutf8conv-kernel-generic-kl-decode.h):
 * a block and the next, and 64 bytes of a block's stores and 12 that a
 * store may overrun. */
#define GK_FAST_IN 32
#define GK_FAST_OUT 96

GUTF8CONV_KERNEL_INLINE gk_mask  gk_cont_mask (gk_vec b)   { return (guint32) _mm_movemask_epi8 (_mm_cmpgt_epi8 (SET1 (0xC0), b)); }

/* The fast phase's loops by class, decode's and decode16's:
 * gk_kl_class_decode_fast() and gk16_kl_class_run() of
 * gutf8conv-kernel-generic-kl-decode.h, over these, which store UCS-4
 * or units straight from the transcodings' words. */
#define GK_KL_CLASS 1

GUTF8CONV_KERNEL_INLINE gk_mask gk_kl_l3 (gk_vec b) { return (guint32) _mm_movemask_epi8 (_mm_subs_epu8 (b, SET1 (0xE0 - 0x80))); }
GUTF8CONV_KERNEL_INLINE gk_mask gk_kl_l4 (gk_vec b) { return (guint32) _mm_movemask_epi8 (_mm_subs_epu8 (b, SET1 (0xF0 - 0x80))); }

GUTF8CONV_KERNEL_INLINE guint8 *
gk_kl_bmp (const guint8   *p,
           gk_mask         leads,
           guint8         *o,
           const gboolean  big_endian,
           const gboolean  three,
           const gboolean  two,
           const guint     unit)
{
  return transcode16_bmp (p, leads, o, big_endian, unit == 2, three, two);
}

GUTF8CONV_KERNEL_INLINE guint8 *
gk_kl_all3 (const guint8 *p, gk_mask leads, guint8 *o, const gboolean big_endian, const guint unit)
{
  return transcode16_all3 (p, leads, o, big_endian, unit == 2);
}

GUTF8CONV_KERNEL_INLINE guint8 *
gk_kl_four (const guint8 *p, gk_mask leads, gk_mask l4, guint8 *o, const gboolean big_endian)
{
  return (leads & ~l4) == 0 ? transcode16_all4 (p, leads, o, big_endian) : gk_decode_block (p, leads, o, big_endian);
}

/* An ASCII block's units: gk_widen16(), included before the fast phase. */
#include "gutf8conv-kernel-x86-utf16-decode.h"

/* The validating copy's step: two blocks, where four cost more than
 * one block at a time on text with errors. */
#define GK_STEP 32
/* Malformed sequences mended in the fast loop (gk_decode_block() reads
 * past the block). */
#define GK_FAST_MENDS 1
#include "gutf8conv-kernel-generic-kl-decode.h"

#define gk_decode_fast gk_kl_class_decode_fast
#include "gutf8conv-kernel-generic-decode.h"

GK_DECODE_ENTRY_POINTS (decode_ssse3, decode_ssse3_mend)

/* UTF-8 to UTF-8: the fast phase's validation, then the careful loop's. */
GK_COPY_ENTRY_POINT (copy_ssse3, gk_kl_validate_fast)

/* UTF-8 -> UTF-16 (decode16): the UCS-4 decoder's values narrowed,
 * sixteen a step. */

/* The runs' operations on 16 bytes. */
#include "gutf8conv-kernel-x86-runs.h"
#include "gutf8conv-kernel-generic-runs.h"

/* Where the runs of three- or four-byte characters at @p end (CJK and
 * emoji text, which they take in fewer instructions than
 * gk16_kl_class_run() or the block of values).  Out of line, returning
 * both pointers, and cold (called once a run, not once a block): the
 * caller keeps its pointers in registers and its loops' code as and
 * where it was (inlined, or given the pointers' addresses, it made GCC
 * lay out the ASCII loop anew, slower). */
typedef struct
{
  const guint8 *p;
  guint8 *o;
} Ssse3Runs16;

static __attribute__((noinline, cold)) Ssse3Runs16
ssse3_runs16 (const guint8   *p,
              const guint8   *end,
              guint8         *o,
              const guint8   *oend,
              const gboolean  bmp_only,
              const gboolean  big_endian)
{
  gr_runs (&p, end, &o, oend, bmp_only, big_endian, 2);
  return (Ssse3Runs16) { p, o };
}

/* decode16's own loops: the runs first where the text is of three- or
 * four-byte characters, then gk16_kl_class_run(). */
GUTF8CONV_KERNEL_INLINE void
ssse3_run16 (const guint8   **pp,
             const guint8    *end,
             guint8         **po,
             const guint8    *oend,
             const gboolean   bmp_only,
             const gboolean   big_endian)
{
  /* The caller's loop has a byte at *@pp.  Not two-byte leads:
   * gk16_kl_class_run() takes two-byte text itself, and French, whose
   * accents would start runs that end at once, would pay the call. */
  if (**pp >= 0xE0)
    {
      Ssse3Runs16 r = ssse3_runs16 (*pp, end, *po, oend, bmp_only, big_endian);

      if (r.p != *pp)
        {
          *pp = r.p;
          *po = r.o;
          return;
        }
    }
  gk16_kl_class_run (pp, end, po, oend, bmp_only, big_endian);
}
#define GK16_RUN ssse3_run16

/* decode16's runs (gutf8conv-kernel-generic-utf16-decode.h) where
 * gk16_kl_class_run() takes nothing either: the block of values would be
 * the rest. */
#define GK16_RUNS 1

#include "gutf8conv-kernel-generic-utf16-decode.h"

GK16_DECODE_ENTRY_POINTS (decode16_ssse3, decode16_ssse3_mend, decode_ssse3)

/* UTF-16 -> UTF-8 (encode16), its loops aligned: where they happened to
 * land, the same instructions took Russian and Arabic far slower, and no
 * other text lost by the alignment (bench/README.md, the cells below). */
#define GE16_ENTRY_PLACEMENT GUTF8CONV_KERNEL_LOOPS_ALIGNED
#include "gutf8conv-kernel-x86-utf16-encode.h"

GE16_ENCODE_ENTRY_POINTS (encode16_ssse3, encode16_ssse3_mend)

/* UCS-4 -> UTF-8. */
#include "gutf8conv-kernel-x86-encode.h"

GE32_ENCODE_ENTRY_POINTS (encode_ssse3, encode_ssse3_mend)

GK_KERNEL_TABLE (ssse3, gutf8conv_kernel_sse2_single_byte);
