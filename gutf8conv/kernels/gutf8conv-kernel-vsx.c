/* gutf8conv-kernel-vsx.c: the POWER (VSX) kernel
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * For little-endian POWER8 and later (ISA 2.07, nothing of POWER9): every
 * loop is the generic layer's (behaviour guide, `kernels`), over its
 * operations in VSX: a byte shuffle of two registers (vperm: the lookups,
 * the runs' planes) and a bit gather (vbpermq: the movemask), with the
 * steps it shares with NEON: decoding by where characters end
 * (gutf8conv-kernel-generic-ends.h, its runs entered one after another,
 * gr_runs()) and both encoders sixteen units a step (-utf16-steps.h,
 * -ucs4-steps.h), but for three-byte text, stored as UTF-16's blocks do.
 * vec_perm takes an index's low five bits, so the shared
 * tables' 0x80 (zero, for pshufb) picks byte 0: only past what a store
 * keeps, which the next store overwrites.
 */

#include "config.h"

#include <altivec.h>
#include <string.h>

/* altivec.h's keywords as macros would clash with GLib's and C23's. */
#undef vector
#undef pixel
#undef bool

#include "gutf8conv-kernel.h"
#include "gutf8conv-kernel-generic.h"
#include "gutf8conv-kernel-tables.h"

typedef __vector unsigned char vu8;
typedef __vector unsigned short vu16;
typedef __vector unsigned int vu32;

#define V8(...) ((vu8) { __VA_ARGS__ })
/* Bytes of each 32-bit (16-bit) element reversed: the other byte order. */
GUTF8CONV_KERNEL_INLINE vu8 vsx_swap32 (vu8 x) { return vec_perm (x, x, V8 (3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12)); }
GUTF8CONV_KERNEL_INLINE vu8 vsx_swap16 (vu8 x) { return vec_perm (x, x, V8 (1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14)); }

/* A table for vsx_lookup(): its bytes reversed, so that a lookup is one
 * vperm on little-endian, where vec_perm complements a variable index. */
#define VSX_REV16(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p) V8 (p, o, n, m, l, k, j, i, h, g, f, e, d, c, b, a)
#define VSX_TABLE(...) VSX_REV16 (__VA_ARGS__)
GUTF8CONV_KERNEL_INLINE vu8 vsx_lookup (vu8 t, vu8 i) { return vec_perm (t, t, vec_nor (i, i)); }

/* The vectors; their C operators in gutf8conv-kernel-generic-vector.h. */
typedef vu8 gk_vec;
typedef vu16 gr_vec16;
typedef vu16 ge16_vec;
GUTF8CONV_KERNEL_INLINE gk_vec   gk_set1 (guint8 c)                    { return vec_splats ((unsigned char) c); }
GUTF8CONV_KERNEL_INLINE gr_vec16 gr16_set1 (guint16 c)                 { return vec_splats ((unsigned short) c); }
/* The UTF-16 encoder's shifts its own: by the operators', more instructions. */
#define ge16_srli(v, n) vec_sr ((v), vec_splats ((unsigned short) (n)))
#define ge16_slli(v, n) vec_sl ((v), vec_splats ((unsigned short) (n)))
#include "gutf8conv-kernel-generic-vector.h"

/* The block test's (gutf8conv-kernel-generic-block.h). */
#define GK_BLOCK 16
typedef guint32 gk_mask;
GUTF8CONV_KERNEL_INLINE gk_vec  gk_loadu (const guint8 *p)        { return vec_xl (0, p); }
GUTF8CONV_KERNEL_INLINE void    gk_storeu (guint8 *p, gk_vec x)   { vec_xst (x, 0, p); }
/* vbpermq gathers the bits at the indices given (bit 0: the top of register
 * byte 0, memory byte 15 on little-endian): memory byte i's top bit is bit i
 * of the result's element 1. */
#define VSX_TOP_BITS V8 (120, 112, 104, 96, 88, 80, 72, 64, 56, 48, 40, 32, 24, 16, 8, 0)
/* The top bits of @x's bytes by the bit indices @top (VSX_TOP_BITS, or a
 * copy of it kept in a register). */
GUTF8CONV_KERNEL_INLINE guint32 vsx_top_bits (vu8 x, vu8 top) { return (guint32) ((__vector unsigned long long) vec_vbpermq (x, top))[1]; }
GUTF8CONV_KERNEL_INLINE gk_mask gk_movemask (gk_vec x) { return vsx_top_bits (x, VSX_TOP_BITS); }
#include "gutf8conv-kernel-generic-block.h"

/* The nibble-lookup validator's (gutf8conv-kernel-generic-kl.h): vperm
 * looks up, vsldoi (vec_sld, its operands in little-endian order) takes
 * the bytes before. */
GUTF8CONV_KERNEL_INLINE gk_vec gk_subs_u8 (gk_vec a, gk_vec b)   { return vec_subs (a, b); }
GUTF8CONV_KERNEL_INLINE gk_vec gk_high_nibble (gk_vec x)         { return vec_sr (x, gk_set1 (4)); }
GUTF8CONV_KERNEL_INLINE gk_vec gk_lookup16 (gk_vec t, gk_vec i)  { return vec_perm (t, t, i); }
#define GK_KL_TABLE(list) V8 (list (GUTF8CONV_U8))
#define gk_prev_bytes(b, prev, n) vec_sld (b, prev, n)
#include "gutf8conv-kernel-generic-kl.h"

/* Sixteen ASCII bytes @b to sixteen units at @o, four a shuffle with zeros. */
GUTF8CONV_KERNEL_INLINE void
gk_widen_block (const guint8 *p G_GNUC_UNUSED, gk_vec b, guint8 *o, const gboolean be)
{
  const vu8 at = be ? V8 (16, 16, 16, 0, 16, 16, 16, 1, 16, 16, 16, 2, 16, 16, 16, 3) : V8 (0, 16, 16, 16, 1, 16, 16, 16, 2, 16, 16, 16, 3, 16, 16, 16);
  for (guint i = 0; i < 4; i++)
    gk_storeu (o + 16 * i, vec_perm (b, gk_set1 (0), vec_add (at, vec_splats ((unsigned char) (4 * i)))));
}

/* No partial load before POWER9 (lxvl): through a zeroed buffer. */
GUTF8CONV_KERNEL_INLINE gk_vec gk_load_rest (const guint8 *p, gsize n) { guint8 b[16] = { 0 }; memcpy (b, p, n); return gk_loadu (b); }
GUTF8CONV_KERNEL_INLINE gk_vec gk_shift_down1 (gk_vec b) { return vec_sld (gk_set1 (0), b, 15); }

/* The fast phase's (gutf8conv-kernel-generic-kl-decode.h). */
GUTF8CONV_KERNEL_INLINE gboolean gk_is_ascii (gk_vec x)  { return vec_all_lt (x, gk_set1 (0x80)); }
/* Bit 7 set, bit 6 (bit 7 of b + b) clear: no constant. */
GUTF8CONV_KERNEL_INLINE gk_mask  gk_cont_mask (gk_vec b) { return gk_movemask (vec_andc (b, vec_add (b, b))); }

GUTF8CONV_KERNEL_INLINE gboolean gk_any_set (gk_vec x) { return !vec_all_eq (x, gk_set1 (0)); }

/* The runs' operations (gutf8conv-kernel-generic-runs.h): an insert by
 * vsel, zips by vmrgh/vmrgl, a step's planes by vperm from two registers. */
GUTF8CONV_KERNEL_INLINE gr_vec16 gr16_test (gr_vec16 a, gr_vec16 b)    { gr_vec16 z = (gr_vec16) vec_cmpeq (vec_and (a, b), gr16_set1 (0)); return vec_nor (z, z); }
GUTF8CONV_KERNEL_INLINE gboolean gr16_all (gr_vec16 ok)                { return vec_all_eq (ok, gr16_set1 (0xFFFF)); }
GUTF8CONV_KERNEL_INLINE guint    gr16_first_fail (gr_vec16 ok)         { return __builtin_ctz (~gk_movemask ((vu8) ok)) / 2; }
GUTF8CONV_KERNEL_INLINE gr_vec16 gr16_zip_lo (gr_vec16 a, gr_vec16 b)  { return vec_mergeh (a, b); }
GUTF8CONV_KERNEL_INLINE gr_vec16 gr16_zip_hi (gr_vec16 a, gr_vec16 b)  { return vec_mergel (a, b); }
/* One vsel by the mask ~0 << n, two splats of immediates (a mask such as
 * 0x3F is a load, which GCC 12 stores on the stack again every step). */
#define gr16_sli(a, b, n) vec_sel ((a), vec_sl ((b), gr16_set1 (n)), vec_sl (gr16_set1 (0xFFFF), gr16_set1 (n)))
#define gr8_sli(a, b, n) vec_sel ((a), vec_sl ((b), gk_set1 (n)), vec_sl (gk_set1 (0xFF), gk_set1 (n)))
/* 80..BF are the bytes below -0x40 as signed. */
GUTF8CONV_KERNEL_INLINE gk_vec   gr_cont_const (void)                  { return gk_set1 (0xC0); }
GUTF8CONV_KERNEL_INLINE gk_vec   gr8_is_cont (gk_vec x, gk_vec c)      { return (gk_vec) vec_cmplt ((__vector signed char) x, (__vector signed char) c); }
GUTF8CONV_KERNEL_INLINE gboolean gr8_all (gk_vec ok)                   { return vec_all_eq (ok, gk_set1 (0xFF)); }
GUTF8CONV_KERNEL_INLINE guint    gr8_first_fail (gk_vec ok)            { return __builtin_ctz (~gk_movemask (ok)); }
GUTF8CONV_KERNEL_INLINE gk_vec   gr8_zip_lo (gk_vec a, gk_vec b)       { return vec_mergeh (a, b); }
GUTF8CONV_KERNEL_INLINE gk_vec   gr8_zip_hi (gk_vec a, gk_vec b)       { return vec_mergel (a, b); }
#define gr8_swap16 vsx_swap16
#define gr8_swap32 vsx_swap32
#define gr_keep(v) __asm__ ("" : "+v" (v))
/* A run's last step converts what passes: after it, the fast phase's
 * start again (a load and a validation). */
#define GR_HAVE_FIRST_FAIL 1
/* decode16's half @h of an ASCII block: its bytes after (big-endian: before) zeros. */
#define gk_widen16(b, h, be) ((h) ? gr8_zip_hi ((be) ? gk_set1 (0) : (b), (be) ? (b) : gk_set1 (0)) \
                              : gr8_zip_lo ((be) ? gk_set1 (0) : (b), (be) ? (b) : gk_set1 (0)))

/* The planes' vperm orders, made once a run (GR_PLANES_CONTEXT) and kept in
 * registers: as literals, GCC 12 builds them on the stack every step. */
typedef struct { vu8 o3[6], o4[2]; } VsxPlanes;
GUTF8CONV_KERNEL_INLINE VsxPlanes
vsx_planes (void)
{
  VsxPlanes c = { {
    /* Plane k of 48 bytes (3 i + k): of the first 32, then of the third vector. */
    V8 (0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 0, 0, 0, 0, 0), V8 (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 17, 20, 23, 26, 29),
    V8 (1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 0, 0, 0, 0, 0), V8 (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 18, 21, 24, 27, 30),
    V8 (2, 5, 8, 11, 14, 17, 20, 23, 26, 29, 0, 0, 0, 0, 0, 0), V8 (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 19, 22, 25, 28, 31) }, {
    /* Two vectors of four-byte characters to halves of planes 0, 1 and 2, 3. */
    V8 (0, 4, 8, 12, 16, 20, 24, 28, 1, 5, 9, 13, 17, 21, 25, 29), V8 (2, 6, 10, 14, 18, 22, 26, 30, 3, 7, 11, 15, 19, 23, 27, 31) } };
  __asm__ ("" : "+v" (c.o3[0]), "+v" (c.o3[1]), "+v" (c.o3[2]), "+v" (c.o3[3]), "+v" (c.o3[4]), "+v" (c.o3[5]), "+v" (c.o4[0]), "+v" (c.o4[1]));
  return c;
}
#define GR_PLANES_CONTEXT const VsxPlanes planes = vsx_planes ()
/* By the orders GR_PLANES_CONTEXT made (@planes). */
#define gr_load_planes3(p, b0, b1, b2) vsx_load_planes3 (&planes, p, b0, b1, b2)
#define gr_load_planes4(p, b0, b1, b2, b3) vsx_load_planes4 (&planes, p, b0, b1, b2, b3)

GUTF8CONV_KERNEL_INLINE void
vsx_load_planes3 (const VsxPlanes *c, const guint8 *p, gk_vec *b0, gk_vec *b1, gk_vec *b2)
{
  const vu8 v0 = gk_loadu (p), v1 = gk_loadu (p + 16), v2 = gk_loadu (p + 32);

  *b0 = vec_perm (vec_perm (v0, v1, c->o3[0]), v2, c->o3[1]);
  *b1 = vec_perm (vec_perm (v0, v1, c->o3[2]), v2, c->o3[3]);
  *b2 = vec_perm (vec_perm (v0, v1, c->o3[4]), v2, c->o3[5]);
}

/* Planes of 64 bytes: each pair of vectors to two planes' halves (one
 * vperm each), then the halves of the two pairs joined (xxpermdi). */
GUTF8CONV_KERNEL_INLINE void
vsx_load_planes4 (const VsxPlanes *c, const guint8 *p, gk_vec *b0, gk_vec *b1, gk_vec *b2, gk_vec *b3)
{
  const vu8 v0 = gk_loadu (p), v1 = gk_loadu (p + 16), v2 = gk_loadu (p + 32), v3 = gk_loadu (p + 48);
  __vector unsigned long long a01 = (__vector unsigned long long) vec_perm (v0, v1, c->o4[0]);
  __vector unsigned long long a23 = (__vector unsigned long long) vec_perm (v0, v1, c->o4[1]);
  __vector unsigned long long c01 = (__vector unsigned long long) vec_perm (v2, v3, c->o4[0]);
  __vector unsigned long long c23 = (__vector unsigned long long) vec_perm (v2, v3, c->o4[1]);

  *b0 = (vu8) vec_mergeh (a01, c01);
  *b1 = (vu8) vec_mergel (a01, c01);
  *b2 = (vu8) vec_mergeh (a23, c23);
  *b3 = (vu8) vec_mergel (a23, c23);
}

/* The runs start where the fast phase's blocks end periodically. */
#include "gutf8conv-kernel-generic-runs.h"

/* The decoding by where characters end (gutf8conv-kernel-generic-ends.h):
 * the ending lanes' masks by vbpermq, the last lane's bit cleared where a
 * sequence is cut; a maximum by halving. */
GUTF8CONV_KERNEL_INLINE vu8 gk_rows8 (const guint8 *a, const guint8 *b) { guint64 x, y; memcpy (&x, a, 8); memcpy (&y, b, 8); return (vu8) (__vector unsigned long long) { x, y }; }
#define gk_pop8(x) ((guint) __builtin_popcount (x))
#define gk_max_u8 vec_max
GUTF8CONV_KERNEL_INLINE gboolean gk_any_ge (vu8 v, guint8 c) { return vec_any_ge (v, gk_set1 (c)); }
GUTF8CONV_KERNEL_INLINE guint
gk_hmax_u8 (vu8 v)
{
  v = vec_max (v, vec_sld (v, v, 8));
  v = vec_max (v, vec_sld (v, v, 4));
  v = vec_max (v, vec_sld (v, v, 2));
  return vec_max (v, vec_sld (v, v, 1))[0];
}
typedef struct { vu8 keep; } GkEndsIsa;
GUTF8CONV_KERNEL_INLINE GkEndsIsa gk_ends_isa (void) { return (GkEndsIsa) { VSX_TOP_BITS }; }
#define GK_VREG(x) "+v" (x)
GUTF8CONV_KERNEL_INLINE void
gk_ends_masks (const GkEndsIsa *k, vu8 ends, vu8 tail, guint *m_lo, guint *m_hi)
{
  guint32 m = vsx_top_bits (ends, k->keep);

  m &= ~((guint32) ((vsx_top_bits (tail, k->keep) & 0xE000) != 0) << 15);
  *m_lo = m & 0xFF;
  *m_hi = m >> 8;
}
#include "gutf8conv-kernel-generic-ends.h"
#include "gutf8conv-kernel-generic-kl-decode.h"
#define gk_decode_fast gk_kl_decode_fast
#include "gutf8conv-kernel-generic-decode.h"

GK_DECODE_ENTRY_POINTS (decode_vsx, decode_vsx_mend)

/* UTF-16 -> UTF-8's operations (gutf8conv-kernel-generic-utf16-encode.h),
 * eight units a vector, under the sixteen-unit steps. */
#define GE16_UNITS 8
#define GE16_BITS 2
#define GE16_STORE_SLACK 12

GUTF8CONV_KERNEL_INLINE ge16_vec ge16_load (const guint8 *p, gboolean big_endian) { return (ge16_vec) (big_endian ? vsx_swap16 (gk_loadu (p)) : gk_loadu (p)); }
#define GE16_HAVE_KEEP 1   /* the loop's constants in registers, as gk_context()'s */
GUTF8CONV_KERNEL_INLINE void     ge16_keep (ge16_vec *v)             { __asm__ ("" : "+v" (*v)); }
/* The pairs' too (emoji): loads from the TOC every block otherwise. */
#define GE16_PAIRS_IN_CONTEXT 1
GUTF8CONV_KERNEL_INLINE ge16_vec ge16_blend (ge16_vec a, ge16_vec b, ge16_vec m) { return vec_sel (a, b, m); }
GUTF8CONV_KERNEL_INLINE ge16_vec ge16_prev (ge16_vec v) { return (ge16_vec) vec_perm ((vu8) v, (vu8) v, V8 (0, 1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)); }
GUTF8CONV_KERNEL_INLINE guint64  ge16_mask (ge16_vec m)              { return gk_movemask ((vu8) m); }
GUTF8CONV_KERNEL_INLINE gboolean ge16_none (ge16_vec v)              { return vec_all_eq (v, vec_splats ((unsigned short) 0)); }
GUTF8CONV_KERNEL_INLINE guint8 *ge16_store_ascii (guint8 *o, ge16_vec v) { guint64 b = ((__vector unsigned long long) vec_pack (v, v))[0]; memcpy (o, &b, 8); return o + 8; }
#define GE16_HAVE_STORE_ASCII2 1
GUTF8CONV_KERNEL_INLINE guint8 *ge16_store_ascii2 (guint8 *o, ge16_vec v0, ge16_vec v1) { gk_storeu (o, vec_pack (v0, v1)); return o + 16; }

/* Units 0-3 (@h 0) or 4-7 of the dwords hi | lo << 16, packed by
 * gutf8conv_enc3_shuffle's row @k; returns the new @o. */
GUTF8CONV_KERNEL_INLINE guint8 *
vsx_store_enc3 (guint8 *o, ge16_vec hi, ge16_vec lo, guint h, guint k)
{
  vu8 d = (vu8) (h == 0 ? vec_mergeh (hi, lo) : vec_mergel (hi, lo));

  gk_storeu (o, vec_perm (d, d, gk_loadu (gutf8conv_enc3_shuffle[k])));
  return o + 4 + __builtin_popcount (k);
}

/* The sixteen-unit steps' (gutf8conv-kernel-generic-utf16-steps.h): vsel
 * selects and inserts, the predicates (vcmp.) reduce, vbpermq gives the
 * masks, vperm interleaves the planes.  Its own constants kept with the
 * steps': the movemask's bit indices (as a literal, GCC 12 loads it from
 * the TOC every block), which the encoder's stores take from the context
 * `c` of the generic steps that call them, and the planes' vperm orders. */
typedef vu32 gs32_vec;
typedef struct { vu8 top_bits, i3[6]; } GsIsa;
GUTF8CONV_KERNEL_INLINE GsIsa
gs_isa (void)
{
  return (GsIsa) { VSX_TOP_BITS, {
    /* Output vector j of 48 bytes: planes 0 and 1 where they go, then plane 2. */
    V8 (0, 16, 0, 1, 17, 0, 2, 18, 0, 3, 19, 0, 4, 20, 0, 5), V8 (0, 1, 16, 3, 4, 17, 6, 7, 18, 9, 10, 19, 12, 13, 20, 15),
    V8 (21, 0, 6, 22, 0, 7, 23, 0, 8, 24, 0, 9, 25, 0, 10, 26), V8 (0, 21, 2, 3, 22, 5, 6, 23, 8, 9, 24, 11, 12, 25, 14, 15),
    V8 (0, 11, 27, 0, 12, 28, 0, 13, 29, 0, 14, 30, 0, 15, 31, 0), V8 (26, 1, 2, 27, 4, 5, 28, 7, 8, 29, 10, 11, 30, 13, 14, 31) } };
}
#define GS_KEEP_ISA(k) __asm__ ("" : "+v" ((k).top_bits))
#define gs16_sel(m, a, b) vec_sel ((b), (a), (m))
#define gs8_sel(m, a, b) vec_sel ((b), (a), (m))
#define gs32_sel(m, a, b) vec_sel ((b), (a), (m))
#define gs8_sri(a, b, n) vec_sel (vec_sr ((b), gk_set1 (n)), (a), vec_sl (gk_set1 (0xFF), gk_set1 (8 - (n))))
#define gs32_sli(a, b, n) vec_sel ((a), vec_sl ((b), vec_splats ((unsigned) (n))), vec_sl (vec_splats (~0u), vec_splats ((unsigned) (n))))
#define gs16_min vec_min
GUTF8CONV_KERNEL_INLINE gboolean gs16_all_below (vu16 v, guint c)   { return vec_all_lt (v, vec_splats ((unsigned short) c)); }
GUTF8CONV_KERNEL_INLINE gboolean gs16_all_atleast (vu16 v, guint c) { return vec_all_ge (v, vec_splats ((unsigned short) c)); }
/* By the context's mask, kept: a literal would be loaded every step. */
#define gs16_ascii(c, v) ge16_none_and ((v), (c)->not_ascii)
GUTF8CONV_KERNEL_INLINE gboolean gs16_any_zero (vu16 v)            { return vec_any_eq (v, vec_splats ((unsigned short) 0)); }
GUTF8CONV_KERNEL_INLINE gboolean gs16_all (vu16 m)                 { return vec_all_ne (m, vec_splats ((unsigned short) 0)); }
GUTF8CONV_KERNEL_INLINE gboolean gs16_any (vu16 m)                 { return vec_any_ne (m, vec_splats ((unsigned short) 0)); }
GUTF8CONV_KERNEL_INLINE guint32  vsx_movemask (const GsIsa *k, vu8 x) { return vsx_top_bits (x, k->top_bits); }
GUTF8CONV_KERNEL_INLINE guint    gs16_mask8 (const GsIsa *k, vu16 m) { return vsx_movemask (k, vec_pack (m, m)) & 0xFF; }
#define gs_pop8(k, x) ((guint) __builtin_popcount (x))
GUTF8CONV_KERNEL_INLINE vu8      gs8_low (vu16 a, vu16 b)           { return vec_pack (a, b); }
GUTF8CONV_KERNEL_INLINE vu8      gs8_high (vu16 a, vu16 b)          { return vec_pack (ge16_srli (a, 8), ge16_srli (b, 8)); }
GUTF8CONV_KERNEL_INLINE void
gs_store3 (const GsIsa *k, guint8 *o, vu8 p0, vu8 p1, vu8 p2)
{
  for (guint j = 0; j < 3; j++)
    gk_storeu (o + 16 * j, vec_perm (vec_perm (p0, p1, k->i3[2 * j]), p2, k->i3[2 * j + 1]));
}
/* The lengths less one: the bits of both masks, each spread to every
 * other bit, added. */
GUTF8CONV_KERNEL_INLINE void
gs16_keys (const GsIsa *k, vu16 g2, vu16 g3, guint *lo, guint *hi)
{
  static const guint8 spread[16] = { 0, 1, 4, 5, 16, 17, 20, 21, 64, 65, 68, 69, 80, 81, 84, 85 };
  guint m = vsx_movemask (k, vec_pack (g2, g3));

  *lo = spread[m & 0xF] + spread[(m >> 8) & 0xF];
  *hi = spread[(m >> 4) & 0xF] + spread[(m >> 12) & 0xF];
}

#define ge16_store_utf8(o, hi, lo, ascii, short_) vsx_store_utf8 (&c->more.isa, o, hi, lo, ascii, short_)
#define ge16_store_two(o, t, ascii) vsx_store_two (&c->more.isa, o, t, ascii)

GUTF8CONV_KERNEL_INLINE guint8 *
vsx_store_utf8 (const GsIsa *k, guint8 *o, ge16_vec hi, ge16_vec lo, ge16_vec ascii, ge16_vec short_)
{
  /* Bits 0-7: ASCII units, 8-15: short ones; the table's index has "at
   * least two bytes" in bits 0-3 and "three bytes" in bits 4-7. */
  guint m = ~vsx_movemask (k, (vu8) vec_pack (ascii, short_)) & 0xFFFF;

  o = vsx_store_enc3 (o, hi, lo, 0, (m & 0xF) | ((m >> 4) & 0xF0));
  return vsx_store_enc3 (o, hi, lo, 1, ((m >> 4) & 0xF) | ((m >> 8) & 0xF0));
}

GUTF8CONV_KERNEL_INLINE guint8 *
vsx_store_two (const GsIsa *k, guint8 *o, ge16_vec t, ge16_vec ascii)
{
  guint m = vsx_movemask (k, (vu8) vec_pack (ascii, ascii)) & 0xFF;

  gk_storeu (o, vec_perm ((vu8) t, (vu8) t, gk_loadu (gutf8conv_enc2_shuffle[m])));
  return o + 16 - __builtin_popcount (m);
}

GUTF8CONV_KERNEL_INLINE guint8 *ge16_store_three (guint8 *o, ge16_vec hi, ge16_vec lo) { return vsx_store_enc3 (vsx_store_enc3 (o, hi, lo, 0, 0xFF), hi, lo, 1, 0xFF); }

#define GS_HAVE_ENCODE16_THREE 1
#include "gutf8conv-kernel-generic-utf16-steps.h"

/* Three bytes a unit as UTF-16's blocks store them, four units a vperm:
 * interleaving byte planes would take six vperm orders, more than it
 * keeps in registers. */
GUTF8CONV_KERNEL_INLINE guint8 *
gs_encode16_three (vu16 a, vu16 b, guint8 *o, const GsEnc *k)
{
  const vu16 v[2] = { a, b };

  for (guint i = 0; i < 2; i++)
    o = ge16_store_three (o, ge16_srli (v[i], 12) | (ge16_slli (v[i], 2) & ge16_set1 (0x3F00)) | ge16_set1 (0x80E0),
                          (v[i] & k->x3f) | k->x80);
  return o;
}

/* UCS-4 -> UTF-8 (gutf8conv-kernel-generic-ucs4-steps.h): the same steps
 * on four vectors of units; the predicates reduce (below a power of two
 * by a shift, whose count is a splat immediate where a limit would be a
 * load), vpkuwum packs, and the any-value step's key is a multiply of
 * its four lengths packed in a word. */
GUTF8CONV_KERNEL_INLINE vu32 gs32_load (const guint8 *p, gboolean be) { vu8 x = gk_loadu (p); return (vu32) (be ? vsx_swap32 (x) : x); }
#define gs32_max vec_max
#define gs32_min vec_min
GUTF8CONV_KERNEL_INLINE gboolean
gs32_all_below (vu32 v, guint32 c)
{
  if ((c & (c - 1)) == 0)
    return vec_all_eq (vec_sr (v, vec_splats ((unsigned) __builtin_ctz (c))), vec_splats (0u));
  return vec_all_lt (v, vec_splats (c));
}
GUTF8CONV_KERNEL_INLINE gboolean gs32_all_atleast (vu32 v, guint32 c) { return vec_all_ge (v, vec_splats (c)); }
GUTF8CONV_KERNEL_INLINE gboolean gs32_any_zero (vu32 v)              { return vec_any_eq (v, vec_splats (0u)); }
GUTF8CONV_KERNEL_INLINE gboolean gs32_any (vu32 m)                   { return vec_any_ne (m, vec_splats (0u)); }
GUTF8CONV_KERNEL_INLINE vu16     gs16_low32 (vu32 a, vu32 b)         { return vec_pack (a, b); }
/* The four lengths less one, a byte each in a word (k0 lowest),
 * multiplied into k0 + 4 k1 + 16 k2 + 64 k3 in its top byte by
 * 2^24 + 2^18 + 2^12 + 2^6 (the other products stay below bit 24, in
 * fields of their own, or above bit 31). */
GUTF8CONV_KERNEL_INLINE guint
gs32_key4 (vu32 n)
{
  vu32 k = vec_sub (vec_splats (0u), n);

  return (((vu32) vec_pack (vec_pack (k, k), vec_pack (k, k)))[0] * 0x01041040u) >> 24;
}

#include "gutf8conv-kernel-generic-ucs4-steps.h"

GE32_ENCODE_ENTRY_POINTS (encode_vsx, encode_vsx_mend)

/* UTF-8 to UTF-8: the generic fast validation loop, storing as it goes. */
GK_COPY_ENTRY_POINT (copy_vsx, gk_validate_fast)

/* UTF-8 -> UTF-16: the fast phase's loop (gutf8conv-kernel-generic-kl-decode.h). */
GK16_KL_DECODE_ENTRY_POINTS (decode16_vsx, decode16_vsx_mend)

/* UTF-16 -> UTF-8 (encode16): the generic layer, its operations above. */
GE16_ENCODE_ENTRY_POINTS (encode16_vsx, encode16_vsx_mend)

/* Single-byte text: the generic loop, its masks by the block test's
 * movemask. */
#define single_byte_masks gk_single_byte_masks
#include "gutf8conv-kernel-generic-single-byte.h"

static GK_SINGLE_BYTE_ENTRY_POINT (single_byte_vsx)

GK_KERNEL_TABLE (vsx, single_byte_vsx);
