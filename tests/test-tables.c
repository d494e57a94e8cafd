/* test-tables.c: the kernels' generated tables against the profile rows
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * gen-tables.py writes the profiles' lead byte rows and the kernels'
 * tables from one grammar (see the behaviour guide, section `kernels`).
 * Here every table a kernel validates with is checked, entry by entry or
 * byte pair by byte pair, against the row of Unicode's profile (without
 * its four-byte forms for GUTF8CONV_KERNEL_BMP_ONLY), and every profile's
 * rows against the grammar its kernel flags select: a kernel may accept
 * only what its profile accepts.  The computed shuffle tables are checked
 * against what their comments say they hold.
 */

#include "config.h"

#include <string.h>

#include <gutf8conv/gutf8conv.h>

#include "gutf8conv-kernel.h"
#include "gutf8conv-kernel-tables.h"
#include "gutf8conv-profile.h"
#include "gutf8conv-profile-tables.h"
#include "test-util.h"

static const guint8 kl_prev_high[16] = { GUTF8CONV_KL_PREV_HIGH (GUTF8CONV_U8) };
static const guint8 kl_prev_low[2][16] = {
  { GUTF8CONV_KL_PREV_LOW (GUTF8CONV_U8) },
  { GUTF8CONV_KL_PREV_LOW_BMP (GUTF8CONV_U8) },
};
static const guint8 kl_cur_high[2][16] = {
  { GUTF8CONV_KL_CUR_HIGH (GUTF8CONV_U8) },
  { GUTF8CONV_KL_CUR_HIGH_BMP (GUTF8CONV_U8) },
};

static gboolean
is_cont (guint b)
{
  return b >= 0x80 && b <= 0xBF;
}

/* The row of lead byte @b in the grammar the kernels run with @flags:
 * Unicode's profile row, without its four-byte forms under BMP_ONLY. */
static GUtf8ConvLead
kernel_lead (guint b,
             guint flags)
{
  GUtf8ConvLead l = gutf8conv_profile_info (GUTF8CONV_PROFILE_UNICODE)->lead[b - 0xC0];

  if ((flags & GUTF8CONV_KERNEL_BMP_ONLY) && l.need > 2)
    l.need = l.lo = l.hi = 0;
  return l;
}

/* Whether @c right after @p breaks the rows, whatever came before. */
static gboolean
pair_bad (guint         p,
          guint         c,
          GUtf8ConvLead lead)
{
  if (p < 0x80)
    return is_cont (c);
  if (p < 0xC0)
    return FALSE;
  return lead.need == 0 || c < lead.lo || c > lead.hi;
}

/* The nibble lookups of Keiser and Lemire's validator, every byte pair:
 * an error bit exactly where the pair breaks the rows, and a continuation
 * after a continuation as GUTF8CONV_KL_TWO_CONTS alone (which the kernels
 * clear after three- and four-byte leads). */
static void
test_nibble_tables (void)
{
  for (guint v = 0; v < 2; v++)
    {
      guint flags = v ? GUTF8CONV_KERNEL_BMP_ONLY : 0;

      for (guint p = 0; p < 256; p++)
        for (guint c = 0; c < 256; c++)
          {
            guint e = kl_prev_high[p >> 4] & kl_prev_low[v][p & 0xF] & kl_cur_high[v][c >> 4];

            if (is_cont (p) && is_cont (c))
              {
                if (e != GUTF8CONV_KL_TWO_CONTS)
                  g_error ("flags %u: %02X %02X: bits %02X, not the two-continuations bit alone", flags, p, c, e);
              }
            else if ((e != 0) != pair_bad (p, c, p >= 0xC0 ? kernel_lead (p, flags) : (GUtf8ConvLead) { 0 }))
              g_error ("flags %u: %02X %02X: bits %02X disagree with the profile row", flags, p, c, e);
          }
    }
  /* The arrays the NEON kernel loads are the same tables. */
  g_assert_cmpmem (gutf8conv_kl_prev_high, 16, kl_prev_high, 16);
  g_assert_cmpmem (gutf8conv_kl_prev_low, 16, kl_prev_low[0], 16);
  g_assert_cmpmem (gutf8conv_kl_cur_high, 16, kl_cur_high[0], 16);
  g_assert_cmpmem (gutf8conv_kl_prev_low_bmp, 16, kl_prev_low[1], 16);
  g_assert_cmpmem (gutf8conv_kl_cur_high_bmp, 16, kl_cur_high[1], 16);
}

/* The AVX-512 kernel's range after each lead byte, and an empty one
 * (FF..00) after a byte that starts nothing. */
static void
test_lead_bounds (void)
{
  for (guint b = 0xC0; b < 0x100; b++)
    {
      GUtf8ConvLead l = kernel_lead (b, 0);

      g_assert_cmphex (gutf8conv_lead_bounds[0][b - 0xC0], ==, l.need ? l.lo : 0xFF);
      g_assert_cmphex (gutf8conv_lead_bounds[1][b - 0xC0], ==, l.need ? l.hi : 0x00);
    }
}

/* The byte compares of the scalar, SSE2, SSSE3 and AVX2 kernels, as they
 * use the named lead bytes: for every lead byte and every byte after it. */
static void
test_lead_compares (void)
{
  for (guint v = 0; v < 2; v++)
    {
      guint flags = v ? GUTF8CONV_KERNEL_BMP_ONLY : 0;
      guint end = v ? GUTF8CONV_LEAD_END_BMP : GUTF8CONV_LEAD_END;

      for (guint b = 0xC0; b < 0x100; b++)
        for (guint n1 = 0; n1 < 256; n1++)
          {
            GUtf8ConvLead l = kernel_lead (b, flags);
            /* bad_bytes (), and the continuation-byte check that follows it. */
            gboolean bad = b >= end || (b & GUTF8CONV_NO_LEAD_MASK) == 0xC0 ||
                           (b == GUTF8CONV_LEAD3_RAISED && n1 < GUTF8CONV_LEAD3_RAISED_MIN) ||
                           (b == GUTF8CONV_LEAD3_LOWERED && n1 >= GUTF8CONV_LEAD3_LOWERED_END) ||
                           (b == GUTF8CONV_LEAD4_RAISED && n1 < GUTF8CONV_LEAD4_RAISED_MIN) ||
                           (b == GUTF8CONV_LEAD4_LOWERED && n1 >= GUTF8CONV_LEAD4_LOWERED_END) ||
                           !is_cont (n1);

            if (bad != pair_bad (b, n1, l))
              g_error ("flags %u: %02X %02X: the lead compares disagree with the profile row", flags, b, n1);
            /* The scalar kernel's classes. */
            g_assert_cmpint (b >= GUTF8CONV_FIRST_LEAD && b < end, ==, l.need != 0);
          }
    }
}

/* The tables by high nibble and the 16-byte block's tail, against the
 * length each lead byte's row gives. */
static void
test_lengths (void)
{
  static const guint8 payload_mask[16] = { GUTF8CONV_PAYLOAD_MASK (GUTF8CONV_U8) };
  static const guint8 shift_by_lead[16] = { GUTF8CONV_SHIFT_BY_LEAD (GUTF8CONV_U8) };

  for (guint b = 0; b < 256; b++)
    {
      guint len = b < 0x80 ? 1 : 0;

      if (b >= 0xC0)
        {
          GUtf8ConvLead l = kernel_lead (b, 0);

          if (l.need == 0)
            continue;
          len = 1 + l.need;
        }
      g_assert_cmphex (gutf8conv_payload_mask[b >> 4], ==, payload_mask[b >> 4]);
      g_assert_cmphex (payload_mask[b >> 4], ==, len == 0 ? 0x3F : len == 1 ? 0x7F : 0x7F >> len);
      g_assert_cmpuint (shift_by_lead[b >> 4], ==, len ? 6 * (4 - len) : 0);
      for (guint i = 0; i < 16; i++)
        {
          gboolean cut = len > 16 - i;

          g_assert_cmpint (b >= gutf8conv_tail_start[i], ==, cut);
          g_assert_cmpint (b > gutf8conv_cut_above[i], ==, cut);
          if (cut)
            g_assert_cmpuint (gutf8conv_tail_len[i], ==, 16 - i);
        }
    }
}

/* A kernel may accept only what its profile accepts: every pair the
 * kernel grammar a profile's decode flags select takes, the profile's
 * rows take too (#behaviour-profile-kernels). */
static void
test_profiles_cover_kernels (void)
{
  for (guint p = 0; p < GUTF8CONV_N_PROFILES; p++)
    {
      const GUtf8ConvProfileInfo *info = gutf8conv_profile_info (p);

      for (guint b = 0xC0; b < 0x100; b++)
        {
          GUtf8ConvLead k = kernel_lead (b, info->decode_kernel_flags);
          GUtf8ConvLead r = info->lead[b - 0xC0];

          if (k.need == 0)
            continue;
          g_assert_cmpuint (r.need, ==, k.need);
          g_assert_cmphex (r.lo, <=, k.lo);
          g_assert_cmphex (r.hi, >=, k.hi);
        }
    }
}

/* The computed tables hold what their comments say. */
static void
test_computed (void)
{
  for (guint m = 0; m < 256; m++)
    {
      guint8 want[16], n = 0;
      guint64 v = 0;

      for (guint i = 0; i < 8; i++)
        if (m >> i & 1)
          v |= (guint64) i << (8 * n++);
      g_assert_cmphex (gutf8conv_compact8[m], ==, v);

      /* pack4: four sequences of 1 + ((m >> 2i) & 3) bytes. */
      memset (want, 0x80, sizeof want);
      n = 0;
      for (guint i = 0; i < 4; i++)
        for (guint j = 0; j <= ((m >> (2 * i)) & 3); j++)
          want[n++] = 4 * i + j;
      g_assert_cmpmem (gutf8conv_pack4_shuffle[m], 16, want, 16);
      g_assert_cmpuint (gutf8conv_pack4_length[m], ==, n);
      /* pack4_top: the same lengths, each from the top of its dword. */
      memset (want, 0x80, sizeof want);
      n = 0;
      for (guint i = 0; i < 4; i++)
        for (guint j = 3 - ((m >> (2 * i)) & 3); j < 4; j++)
          want[n++] = 4 * i + j;
      g_assert_cmpmem (gutf8conv_pack4_top_shuffle[m], 16, want, 16);
      g_assert_cmpuint (gutf8conv_pack4_length[m], ==, n);

      /* words8: the 16-bit lanes in m, packed. */
      memset (want, 0x80, sizeof want);
      n = 0;
      for (guint i = 0; i < 8; i++)
        if (m >> i & 1)
          {
            want[n++] = 2 * i;
            want[n++] = 2 * i + 1;
          }
      g_assert_cmpmem (gutf8conv_words8_shuffle[m], 16, want, 16);

      /* enc2: byte 2i, and 2i+1 unless bit i; pack8_12: 2i+1 if bit i. */
      memset (want, 0x80, sizeof want);
      n = 0;
      for (guint i = 0; i < 8; i++)
        {
          want[n++] = 2 * i;
          if (!(m >> i & 1))
            want[n++] = 2 * i + 1;
        }
      g_assert_cmpmem (gutf8conv_enc2_shuffle[m], 16, want, 16);
      g_assert_cmpuint (n, ==, 16 - __builtin_popcount (m));
      memset (want, 0x80, sizeof want);
      n = 0;
      for (guint i = 0; i < 8; i++)
        {
          want[n++] = 2 * i;
          if (m >> i & 1)
            want[n++] = 2 * i + 1;
        }
      g_assert_cmpmem (gutf8conv_pack8_12_shuffle[m], 16, want, 16);

      /* enc3: bytes 0-2 of dword i from U+0800, 1-2 from U+0080, else 3. */
      memset (want, 0x80, sizeof want);
      n = 0;
      for (guint i = 0; i < 4; i++)
        {
          if (m >> (4 + i) & 1)
            {
              want[n++] = 4 * i;
              want[n++] = 4 * i + 1;
              want[n++] = 4 * i + 2;
            }
          else if (m >> i & 1)
            {
              want[n++] = 4 * i + 1;
              want[n++] = 4 * i + 2;
            }
          else
            want[n++] = 4 * i + 3;
        }
      g_assert_cmpmem (gutf8conv_enc3_shuffle[m], 16, want, 16);
    }
  /* gather3: from the first character at k, three bytes each, the
   * second half's from the 16 bytes at 8. */
  for (guint k = 0; k < 4; k++)
    for (guint c = 0; c < 8; c++)
      for (guint i = 0; i < 4; i++)
        {
          gint at = (gint) (k + 3 * c + i) - (c < 4 ? 0 : 8);

          g_assert_cmpuint (gutf8conv_gather3_shuffle[k][4 * c + i], ==,
                            i < 3 && at < 16 ? (guint) at : 0x80);
        }
  for (guint x = 0; x < 16; x++)
    g_assert_cmphex (gutf8conv_spread4[x], ==, (x & 1) | (x & 2) << 1 | (x & 4) << 2 | (x & 8) << 3);
}

/* Each profile's GUtf8ConvDfaStep rows say what its packed transitions
 * say, field by field, in every state the start state reaches. */
static void
test_dfa_steps (void)
{
  for (guint p = 0; p < GUTF8CONV_N_PROFILES; p++)
    {
      const GUtf8ConvProfileInfo *info = gutf8conv_profile_info (p);
      g_autoptr(GArray) todo = g_array_new (FALSE, FALSE, sizeof (guint));
      gboolean seen[1024] = { FALSE };
      guint n_classes = 0, start = 0;

      for (guint b = 0; b < 256; b++)
        n_classes = MAX (n_classes, info->dfa_class[b] + 1u);
      g_array_append_val (todo, start);
      seen[0] = TRUE;
      while (todo->len > 0)
        {
          guint state = g_array_index (todo, guint, todo->len - 1);

          g_array_set_size (todo, todo->len - 1);
          for (guint c = 0; c < n_classes; c++)
            {
              guint32 e = info->dfa_trans[state + c];
              const GUtf8ConvDfaStep *t = &info->dfa_steps[state + c];
              guint next = e >> GUTF8CONV_DFA_NEXT_SHIFT;

              g_assert_cmpuint (t->next, ==, next);
              g_assert_cmpint (t->within, ==, (e & GUTF8CONV_DFA_START) ? 0 : -1);
              g_assert_cmphex (t->mask, ==, (e >> GUTF8CONV_DFA_MASK_SHIFT) & 0xFF);
              g_assert_cmpuint (t->reject, ==, (e & GUTF8CONV_DFA_REJECT) != 0);
              g_assert_cmpuint (t->self_bad, ==, (e & GUTF8CONV_DFA_SELF_BAD) != 0);
              g_assert_cmpuint (t->chr, ==, (e & GUTF8CONV_DFA_CHAR) != 0);
              g_assert_cmphex (t->bad, ==, (e & GUTF8CONV_DFA_BAD) | ((e & GUTF8CONV_DFA_STOP) ? 0x80 : 0));
              g_assert_cmpuint (next, <, G_N_ELEMENTS (seen));
              if (!seen[next])
                {
                  seen[next] = TRUE;
                  g_array_append_val (todo, next);
                }
            }
        }
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/tables/nibble-tables", test_nibble_tables);
  g_test_add_func ("/tables/lead-bounds", test_lead_bounds);
  g_test_add_func ("/tables/lead-compares", test_lead_compares);
  g_test_add_func ("/tables/lengths", test_lengths);
  g_test_add_func ("/tables/profiles-cover-kernels", test_profiles_cover_kernels);
  g_test_add_func ("/tables/computed", test_computed);
  g_test_add_func ("/tables/dfa-steps", test_dfa_steps);

  return g_test_run ();
}
