/* gutf8conv-kernel-generic-ucs4-steps.h: UCS-4 -> UTF-8 by the sixteen-unit steps, written once
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * For the kernels whose vectors are GCC's (NEON, VSX), after
 * gutf8conv-kernel-generic-utf16-steps.h: the operations and steps of
 * gutf8conv-kernel-generic-encode.h (which this file includes) on four
 * vectors of four units, in order.  Text below U+10000 takes the UTF-16
 * steps on its units packed to 16 bits (in the generic layer's two-byte
 * and ASCII runs, as every kernel does); the any-value step packs each
 * unit's form by one lookup, four units at a time.  The steps run apart from the
 * loop's calls (GE32_HAVE_STEPS_APART), whose constants a call would not
 * keep, and make them where they are used (GsEnc), which GCC keeps.
 *
 * The including file defines first, beside the UTF-16 steps' operations:
 *   gs32_vec gs32_load (const guint8 *p, gboolean big_endian);   four units, in order
 *   gs32_vec gs32_max (a, b), gs32_min (a, b)
 *   gboolean gs32_all_below (v, c), gs32_all_atleast (v, c), gs32_any_zero (v)
 *   gboolean gs32_any (m)                    of a compare's result
 *   ge16_vec gs16_low32 (gs32_vec a, gs32_vec b)   the low 16 bits of the units of a, then b
 *   guint    gs32_key4 (gs32_vec n)          of n (0, -1, -2 or -3 a unit), the sum of
 *                                            -n_i 4^i: a row of gutf8conv_pack4_shuffle
 */

#pragma once

#define GE32_UNITS 16
#define GE32_ROOM 64
#define GE32_PARTS 4
#define GE32_HAVE_BMP 1
#define GE32_HAVE_BMP_PARTS 1
#define GE32_HAVE_STEPS_APART 1
typedef struct { gs32_vec q[4]; } ge32_vec;
typedef gs32_vec ge32_part;

GUTF8CONV_KERNEL_INLINE ge32_vec
ge32_load (const guint8 *p,
           gboolean      be)
{
  return (ge32_vec) { { gs32_load (p, be), gs32_load (p + 16, be), gs32_load (p + 32, be), gs32_load (p + 48, be) } };
}

GUTF8CONV_KERNEL_INLINE gs32_vec ge32_max4 (ge32_vec v) { return gs32_max (gs32_max (v.q[0], v.q[1]), gs32_max (v.q[2], v.q[3])); }
GUTF8CONV_KERNEL_INLINE gboolean ge32_below (ge32_vec v, guint32 limit) { return gs32_all_below (ge32_max4 (v), limit); }
GUTF8CONV_KERNEL_INLINE gboolean ge32_has_nul (ge32_vec v) { return gs32_any_zero (gs32_min (gs32_min (v.q[0], v.q[1]), gs32_min (v.q[2], v.q[3]))); }
GUTF8CONV_KERNEL_INLINE gboolean ge32_ascii (ge32_vec v, gboolean no_nul) { return ge32_below (v, 0x80) && !(no_nul && ge32_has_nul (v)); }
GUTF8CONV_KERNEL_INLINE ge32_part ge32_part_of (ge32_vec v, guint i) { return v.q[i]; }

/* ASCII: the low byte of each unit, by two rounds of packing (a
 * four-register lookup makes GCC spill). */
GUTF8CONV_KERNEL_INLINE guint8 *
ge32_store_ascii (const Ge32Context *c G_GNUC_UNUSED,
                  guint8            *o,
                  ge32_vec           v)
{
  gk_storeu (o, gs8_low (gs16_low32 (v.q[0], v.q[1]), gs16_low32 (v.q[2], v.q[3])));
  return o + 16;
}

/* One or two bytes each: eight units a lookup. */
GUTF8CONV_KERNEL_INLINE guint8 *
ge32_encode_two (const Ge32Context *c G_GNUC_UNUSED,
                 guint8            *o,
                 ge32_vec           v)
{
  const GsEnc k = gs_enc ();

  return gs_encode8_two (gs16_low32 (v.q[2], v.q[3]), gs_encode8_two (gs16_low32 (v.q[0], v.q[1]), o, &k), &k);
}

GUTF8CONV_KERNEL_INLINE gboolean
ge32_surrogate (const Ge32Context *c G_GNUC_UNUSED,
                ge32_vec           v)
{
  const GsEnc k = gs_enc ();

  return gs_any_surrogate16 (gs16_low32 (v.q[0], v.q[1]), gs16_low32 (v.q[2], v.q[3]), &k);
}

GUTF8CONV_KERNEL_INLINE guint8 *
ge32_encode_bmp (const Ge32Context *c G_GNUC_UNUSED,
                 guint8            *o,
                 ge32_vec           v)
{
  ge16_vec a = gs16_low32 (v.q[0], v.q[1]), b = gs16_low32 (v.q[2], v.q[3]);
  const GsEnc k = gs_enc ();

  if (gs16_all_atleast (gs16_min (a, b), 0x800))
    return gs_encode16_three (a, b, o, &k);
  return gs_encode8_bmp (b, gs_encode8_bmp (a, o, &k), &k);
}

/* A surrogate (v - 0xD800 below 0x800) or a unit above @max. */
GUTF8CONV_KERNEL_INLINE gboolean
ge32_bad (ge32_part x,
          guint32   max)
{
  return gs32_any ((gs32_vec) ((x - GS32_SET1 (0xD800)) <= GS32_SET1 (0x7FF)) | (gs32_vec) (x > GS32_SET1 (max)));
}

/* Four units (at least one above U+FFFF in the step) to UTF-8 at @o;
 * returns the new @o.  Writes 16 bytes whatever the length. */
GUTF8CONV_KERNEL_INLINE guint8 *
gs_encode4 (gs32_vec  v,
            guint8   *o)
{
  gs32_vec g2 = (gs32_vec) (v > GS32_SET1 (0x7F));
  gs32_vec g3 = (gs32_vec) (v > GS32_SET1 (0x7FF));
  gs32_vec g4 = (gs32_vec) (v > GS32_SET1 (0xFFFF));
  /* Minus (length - 1), in each lane. */
  gs32_vec n = g2 + g3 + g4;
  guint key = gs32_key4 (n);
  gs32_vec w, marker;

  /* The four-byte form's payloads, lead first in the low byte, shifted
   * down to the sequence's length (right by 24 + 8n), with its markers;
   * ASCII is the value itself. */
  w = gs_payloads4 (v, GS32_SET1 (0x3F00), GS32_SET1 (0x3F0000));
  marker = gs32_sel (g3, gs32_sel (g4, GS32_SET1 (0x808080F0), GS32_SET1 (0x8080E0)), g2 & GS32_SET1 (0x80C0));
  w = gs32_sel (g2, (w >> (GS32_SET1 (24) + (n << 3))) | marker, v);
  gk_storeu (o, gk_lookup16 ((gk_vec) w, gk_loadu (gutf8conv_pack4_shuffle[key])));
  return o + gutf8conv_pack4_length[key];
}

/* The room is GE32_ROOM, which the step has.  Four-byte forms only
 * (emoji) need no lookup. */
GUTF8CONV_KERNEL_INLINE guint8 *
ge32_encode_any (const Ge32Context *c G_GNUC_UNUSED,
                 guint8            *o,
                 const guint8      *oend G_GNUC_UNUSED,
                 ge32_part          x)
{
  if (gs32_all_atleast (x, 0x10000))
    {
      gk_storeu (o, (gk_vec) (gs_payloads4 (x, GS32_SET1 (0x3F00), GS32_SET1 (0x3F0000)) | GS32_SET1 (0x808080F0)));
      return o + 16;
    }
  return gs_encode4 (x, o);
}

#include "gutf8conv-kernel-generic-encode.h"
