/* gutf8conv-kernel-units.h: the wide side's units, by byte order
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Loading and storing the 16- and 32-bit units of UTF-16 and UCS-4 in
 * either byte order, and the arithmetic of surrogate pairs: what the state
 * machine and the portable kernels both do, written once.  Private.
 */

#pragma once

#include <string.h>

#include <glib.h>

#define IS_SURROGATE(c) ((c) >= 0xD800 && (c) <= 0xDFFF)
#define IS_HIGH_SURROGATE(c) ((c) >= 0xD800 && (c) <= 0xDBFF)
#define IS_LOW_SURROGATE(c) ((c) >= 0xDC00 && (c) <= 0xDFFF)

static inline guint32
load_u32 (const guint8 *p,
          gboolean      big_endian)
{
  guint32 v;

  memcpy (&v, p, 4);
  return big_endian ? GUINT32_FROM_BE (v) : GUINT32_FROM_LE (v);
}

static inline void
store_u32 (guint8   *p,
           guint32   v,
           gboolean  big_endian)
{
  v = big_endian ? GUINT32_TO_BE (v) : GUINT32_TO_LE (v);
  memcpy (p, &v, 4);
}

static inline guint32
load_u16 (const guint8 *p,
          gboolean      big_endian)
{
  guint16 v;

  memcpy (&v, p, 2);
  return big_endian ? GUINT16_FROM_BE (v) : GUINT16_FROM_LE (v);
}

/* Stores the low 16 bits of @v. */
static inline void
store_u16 (guint8   *p,
           guint32   v,
           gboolean  big_endian)
{
  guint16 u = big_endian ? GUINT16_TO_BE ((guint16) v) : GUINT16_TO_LE ((guint16) v);

  memcpy (p, &u, 2);
}

/* The two halves of the surrogate pair of @c, a value above U+FFFF. */
static inline guint32
surrogate_high (guint32 c)
{
  return 0xD800 + ((c - 0x10000) >> 10);
}

static inline guint32
surrogate_low (guint32 c)
{
  return 0xDC00 + ((c - 0x10000) & 0x3FF);
}

/* The value of the pair @high, @low. */
static inline guint32
surrogate_join (guint32 high,
                guint32 low)
{
  return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
}

/* The length of the shortest UTF-8 form of @c, which is the only form the
 * kernels read. */
static inline gsize
utf8_form_length (guint32 c)
{
  return c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
}

/* Stores @c as UTF-16: one unit, or above U+FFFF its pair, written whole.
 * Returns the bytes written, 2 or 4. */
static inline gsize
store_utf16 (guint8   *p,
             guint32   c,
             gboolean  big_endian)
{
  if (c < 0x10000)
    {
      store_u16 (p, c, big_endian);
      return 2;
    }
  store_u16 (p, surrogate_high (c), big_endian);
  store_u16 (p + 2, surrogate_low (c), big_endian);
  return 4;
}
