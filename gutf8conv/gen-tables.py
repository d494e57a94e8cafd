#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# gen-tables.py: the one place where the UTF-8 grammar is typed.
#
# Usage: gen-tables.py PROFILE-HEADER KERNEL-HEADER
#
# Unicode's Table 3-7 (well-formed UTF-8 byte sequences) is below as data,
# and each profile as the rows it changes.  From them this writes
#   PROFILE-HEADER  each profile's 64 lead-byte rows (gutf8conv-profile.c);
#   KERNEL-HEADER   every lookup table of the kernels: the ones derived from
#                   the grammar (the Keiser-Lemire nibble tables, the
#                   bounds after each lead byte, the lead byte classes the
#                   byte compares use, the payload masks and shifts by high
#                   nibble, a 16-byte block's tail) and the shuffle and
#                   length tables, which are not grammar but are computed,
#                   so that no table is typed by hand.
# Plain Python 3, no modules beyond the standard library: meson runs it
# with its own interpreter.  The generator checks what it derives (every
# byte pair against the grammar) and fails the build rather than write a
# table that disagrees; tests/test-tables.c checks the C side.

import sys

# Unicode's Table 3-7: lead bytes, the number of continuation bytes after
# them, and the range of the byte right after the lead.  Every later byte
# is 80..BF.  Bytes in no row (C0, C1, F5..FF) start nothing.
TABLE_3_7 = [
    # first, last, continuation bytes, second byte range
    (0xC2, 0xDF, 1, 0x80, 0xBF),
    (0xE0, 0xE0, 2, 0xA0, 0xBF),   # no overlong three-byte forms
    (0xE1, 0xEC, 2, 0x80, 0xBF),
    (0xED, 0xED, 2, 0x80, 0x9F),   # no surrogates
    (0xEE, 0xEF, 2, 0x80, 0xBF),
    (0xF0, 0xF0, 3, 0x90, 0xBF),   # no overlong four-byte forms
    (0xF1, 0xF3, 3, 0x80, 0xBF),
    (0xF4, 0xF4, 3, 0x80, 0x8F),   # nothing above U+10FFFF
]

# Each profile: its name in C, the largest value one sequence holds, whether surrogate values
# are encoded as three-byte forms, and the rows it sets over Table 3-7
# (need 0: the bytes start nothing).  Later rows win.
SURROGATE_FORMS = (0xED, 0xED, 2, 0x80, 0xBF)
NO_FOUR_BYTE_FORMS = (0xF0, 0xF4, 0, 0, 0)
PROFILES = [
    ('UNICODE', 0x10FFFF, False, []),
    # ISO/IEC 10646 Annex R: up to 7FFFFFFF, in up to six bytes.
    ('UCS4', 0x7FFFFFFF, False, [
        (0xF4, 0xF7, 3, 0x80, 0xBF),
        (0xF8, 0xF8, 4, 0x88, 0xBF),   # no overlong five-byte forms
        (0xF9, 0xFB, 4, 0x80, 0xBF),
        (0xFC, 0xFC, 5, 0x84, 0xBF),   # no overlong six-byte forms
        (0xFD, 0xFD, 5, 0x80, 0xBF),
    ]),
    # Supplementary characters as two surrogate forms.
    ('CESU8', 0xFFFF, True, [SURROGATE_FORMS, NO_FOUR_BYTE_FORMS]),
    # The same, and U+0000 as C0 80 and only that.
    ('MODIFIED_UTF8', 0xFFFF, True, [SURROGATE_FORMS, NO_FOUR_BYTE_FORMS,
                                     (0xC0, 0xC0, 1, 0x80, 0x80)]),
    ('WTF8', 0x10FFFF, True, [SURROGATE_FORMS]),
]

# The kernels know Unicode's grammar, and with GUTF8CONV_KERNEL_BMP_ONLY
# the same without its four-byte forms.
KERNEL_GRAMMARS = [('', []), ('_BMP', [NO_FOUR_BYTE_FORMS])]

# The error classes of the Keiser-Lemire validator, one bit each.  Three
# follow from the kinds of bytes alone; each of the others is named by one
# byte pair it must reject, and its extent (which previous bytes' low
# nibbles, which next bytes' high nibbles, under the previous byte's high
# nibble) is worked out from the grammar.  A grammar with a bad pair no
# class covers stops the generator: add a class.
KL_TOO_SHORT, KL_TOO_LONG, KL_TWO_CONTS = 0x01, 0x02, 0x80
KL_CLASSES = [
    # name, bit, the pair it is named by
    ('OVERLONG_3', 0x04, (0xE0, 0x80)),
    ('TOO_LARGE', 0x08, (0xF4, 0x90)),
    ('SURROGATE', 0x10, (0xED, 0xA0)),
    ('OVERLONG_2', 0x20, (0xC0, 0x80)),
    ('FOUR', 0x40, (0xF0, 0x80)),   # F0 80..8F and F5..FF 80..8F
]
# The class that, where a narrower grammar drops every lead of a high
# nibble (F0..F4 without four-byte forms), takes every byte after them.
KL_DROPPED = 0x40


def lead_rows(edits):
    """64 (need, lo, hi) rows, by lead byte - C0."""
    rows = [(0, 0, 0)] * 64
    for first, last, need, lo, hi in TABLE_3_7 + edits:
        for b in range(first, last + 1):
            rows[b - 0xC0] = (need, lo, hi) if need else (0, 0, 0)
    return rows


def check_rows(name, max_value, surrogates, rows):
    """The rows must be what the shortest forms of 0..@max_value give."""
    for i, (need, lo, hi) in enumerate(rows):
        lead = 0xC0 + i
        n = 2 + (lead >= 0xE0) + (lead >= 0xF0) + (lead >= 0xF8) + (lead >= 0xFC)
        if lead >= 0xFE:
            continue
        shortest = [0x80, 0x800, 0x10000, 0x200000, 0x4000000][n - 2]
        for second in range(0x80, 0xC0):
            first_value = ((lead & (0x7F >> n)) << 6 | (second & 0x3F)) << (6 * (n - 2))
            last_value = first_value | ((1 << (6 * (n - 2))) - 1)
            ok = first_value >= shortest and last_value <= max_value and \
                (surrogates or last_value < 0xD800 or first_value > 0xDFFF)
            # Modified UTF-8's U+0000, the one form not the shortest.
            if name == 'MODIFIED_UTF8' and lead == 0xC0:
                ok = second == 0x80
            if ok != (need == n - 1 and lo <= second <= hi):
                raise SystemExit('gen-tables: profile %s: %02X %02X disagrees with its values'
                                 % (name, lead, second))


# Kinds of bytes, by high nibble.
ASCII_NIBBLES = set(range(0x0, 0x8))
CONT_NIBBLES = set(range(0x8, 0xC))
LEAD_NIBBLES = set(range(0xC, 0x10))
ALL_NIBBLES = set(range(16))


def pair_bad(rows, p, c):
    """Whether byte @c right after byte @p is wrong whatever came before
    (a continuation after a continuation is not: the third and fourth
    bytes are that)."""
    if p <= 0xBF:
        return p < 0x80 and 0x80 <= c <= 0xBF
    need, lo, hi = rows[p - 0xC0]
    return need == 0 or not (lo <= c <= hi)


def kl_tables(rows, unicode):
    """The nibble tables for @rows: the classes as Unicode's grammar
    (@unicode) draws them, and the leads @rows drops in KL_DROPPED."""
    prev_high, prev_low, cur_high = [0] * 16, [0] * 16, [0] * 16

    def mark(bit, highs, lows, nexts):
        for h in highs:
            prev_high[h] |= bit
        for lo in lows:
            prev_low[lo] |= bit
        for c in nexts:
            cur_high[c] |= bit

    mark(KL_TOO_SHORT, LEAD_NIBBLES, ALL_NIBBLES, ALL_NIBBLES - CONT_NIBBLES)
    mark(KL_TOO_LONG, ASCII_NIBBLES, ALL_NIBBLES, CONT_NIBBLES)
    mark(KL_TWO_CONTS, CONT_NIBBLES, ALL_NIBBLES, CONT_NIBBLES)
    for _, bit, (p, c) in KL_CLASSES:
        h = p >> 4

        def bad_with(lead_low, nibble):
            lead = h << 4 | lead_low
            return all(pair_bad(unicode, lead, nibble << 4 | x) for x in range(16))
        # The next byte's high nibbles: every continuation nibble the named
        # lead is wrong with; the leads: every low nibble wrong with all of them.
        nexts = {n for n in CONT_NIBBLES if bad_with(p & 0xF, n)}
        if (c >> 4) not in nexts:
            raise SystemExit('gen-tables: %02X %02X is not a bad pair' % (p, c))
        lows = {lo for lo in ALL_NIBBLES if all(bad_with(lo, n) for n in nexts)}
        mark(bit, {h}, lows, nexts)
    for h in LEAD_NIBBLES:
        dropped = [b for b in range(h << 4, (h + 1) << 4) if unicode[b - 0xC0][0] and not rows[b - 0xC0][0]]
        if dropped:
            if any(rows[b - 0xC0][0] for b in range(h << 4, (h + 1) << 4)) or \
               not prev_high[h] & KL_DROPPED:
                raise SystemExit('gen-tables: the nibble tables cannot drop %02X' % dropped[0])
            mark(KL_DROPPED, {h}, ALL_NIBBLES, ALL_NIBBLES)

    # Every pair: the lookups must find exactly the bad ones, and a
    # continuation after a continuation only as KL_TWO_CONTS, which the
    # kernels clear where the byte two or three back is a long lead.
    for p in range(256):
        for c in range(256):
            e = prev_high[p >> 4] & prev_low[p & 0xF] & cur_high[c >> 4]
            two_conts = 0x80 <= p <= 0xBF and 0x80 <= c <= 0xBF
            if two_conts:
                ok = e == KL_TWO_CONTS
            else:
                ok = (e != 0) == pair_bad(rows, p, c)
            if not ok:
                raise SystemExit('gen-tables: the nibble tables get %02X %02X wrong (%02X)'
                                 % (p, c, e))
    return prev_high, prev_low, cur_high


def narrowed(rows):
    """The leads whose second byte range is narrower than 80..BF, as
    {(continuation bytes, 'lo' or 'hi'): (lead, bound)}; the byte compares
    of the kernels test exactly one of each."""
    found = {}
    for i, (need, lo, hi) in enumerate(rows):
        if need and lo != 0x80:
            found.setdefault((need + 1, 'lo'), []).append((0xC0 + i, lo))
        if need and hi != 0xBF:
            found.setdefault((need + 1, 'hi'), []).append((0xC0 + i, hi + 1))
    if sorted(found) != [(3, 'hi'), (3, 'lo'), (4, 'hi'), (4, 'lo')] or \
       any(len(v) != 1 for v in found.values()):
        raise SystemExit('gen-tables: the kernels\' byte compares cannot say this grammar')
    return {k: v[0] for k, v in found.items()}


def hex_list(values, per_line=16, indent='  ', fmt='0x%02x'):
    lines = []
    for i in range(0, len(values), per_line):
        lines.append(indent + ', '.join(fmt % v for v in values[i:i + per_line]) + ',')
    return '\n'.join(lines)


def macro_list(name, values):
    items = ['X (0x%02X)' % v for v in values]
    return '#define %s(X) \\\n%s' % (name, ', \\\n'.join(
        '  ' + ', '.join(items[i:i + 8]) for i in range(0, len(items), 8)))


def array_2d(name, ctype, rows, attrs=''):
    out = ['static const %s %s[%d][%d]%s = {' % (ctype, name, len(rows), len(rows[0]), attrs)]
    for r in rows:
        out.append('  { ' + ', '.join('0x%02x' % v for v in r) + ' },')
    out.append('};')
    return '\n'.join(out)


def array_1d(name, ctype, values, per_line=16, fmt='%d'):
    return 'static const %s %s[%d] = {\n%s\n};' % (ctype, name, len(values),
                                                   hex_list(values, per_line, fmt=fmt))


def shuffle(keep, n=16):
    out = keep + [0x80] * (n - len(keep))
    assert len(out) == n
    return out


def computed_tables():
    out = []
    # compact8[m]: the indices of the set bits of m, ascending, a byte each.
    compact8 = []
    for m in range(256):
        v = 0
        for j, i in enumerate(i for i in range(8) if m >> i & 1):
            v |= i << (8 * j)
        compact8.append(v)
    out.append('/* For each 8-bit mask of dword lanes, the indices of its set bits in\n'
               ' * ascending order, one per byte (unused bytes 0): a vpermd compaction. */')
    out.append('static const guint64 gutf8conv_compact8[256] = {\n' + '\n'.join(
        '  ' + ', '.join('G_GUINT64_CONSTANT (0x%016X)' % v for v in compact8[i:i + 2]) + ','
        for i in range(0, 256, 2)) + '\n};')

    pack4, pack4_len = [], []
    for key in range(256):
        lens = [1 + (key >> (2 * i) & 3) for i in range(4)]
        pack4.append(shuffle([4 * i + j for i in range(4) for j in range(lens[i])]))
        pack4_len.append(sum(lens))
    out.append('/* For four UTF-8 sequences of lengths len[i] = 1 + ((key >> 2i) & 3), each\n'
               ' * at the low end of its dword: the pshufb control packing them together\n'
               ' * (0x80: zero), and their total length. */')
    out.append(array_2d('gutf8conv_pack4_shuffle', 'guint8', pack4))
    out.append(array_1d('gutf8conv_pack4_length', 'guint8', pack4_len))
    pack4_top = [shuffle([4 * i + j for i in range(4) for j in range(3 - (key >> (2 * i) & 3), 4)])
                 for key in range(256)]
    out.append('/* The same sequences each at the high end of its dword (bytes 4 - len[i]\n'
               ' * to 3): the pshufb control packing them together (0x80: zero). */')
    out.append(array_2d('gutf8conv_pack4_top_shuffle', 'guint8', pack4_top, ' __attribute__((aligned (16)))'))

    # A block of three-byte characters only, the first at k (0..3): the
    # four characters of half h (the 16 bytes loaded from 8 h), each to
    # the low three bytes of a dword.
    gather3 = []
    for k in range(4):
        row = []
        for h in range(2):
            for lane in range(4):
                at = k + 3 * (4 * h + lane) - 8 * h
                row += [at + i if i < 3 and at + i < 16 else 0x80 for i in range(4)]
        gather3.append(row)
    out.append('/* Three-byte characters only, the first at k (0..3): bytes 16h to 16h + 15\n'
               ' * of row k gather characters 4h to 4h + 3 from the 16 bytes at 8h, each\n'
               ' * to bytes 0-2 of a dword, in order (0x80: zero; a character past the\n'
               ' * block too). */')
    out.append(array_2d('gutf8conv_gather3_shuffle', 'guint8', gather3, ' __attribute__((aligned (16)))'))

    spread4 = [sum((x >> i & 1) << (2 * i) for i in range(4)) for x in range(16)]
    out.append('/* Bits 0..3 of a mask moved to bits 0, 2, 4, 6: adds per-lane counts. */')
    out.append(array_1d('gutf8conv_spread4', 'guint8', spread4, fmt='0x%02X'))

    enc2 = [shuffle([b for i in range(8) for b in ([2 * i] if key >> i & 1 else [2 * i, 2 * i + 1])])
            for key in range(256)]
    out.append('/* Encoding below U+0800, eight 16-bit units a lane, each the two-byte\n'
               ' * form (lead byte low) or, where bit i of the index is set, an ASCII byte:\n'
               ' * the pshufb control keeping byte 2i, and byte 2i+1 unless bit i is set\n'
               ' * (0x80: zero).  Output length 16 - popcount (index). */')
    out.append(array_2d('gutf8conv_enc2_shuffle', 'guint8', enc2, ' __attribute__((aligned (16)))'))

    def enc3_bytes(key, i):
        if key >> (4 + i) & 1:
            return [4 * i, 4 * i + 1, 4 * i + 2]
        if key >> i & 1:
            return [4 * i + 1, 4 * i + 2]
        return [4 * i + 3]
    enc3 = [shuffle([b for i in range(4) for b in enc3_bytes(key, i)]) for key in range(256)]
    out.append('/* Encoding the BMP, four dwords a lane, each holding the bytes\n'
               ' * E0|v>>12, 80|(v>>6 & 3F) (C0|v>>6 below U+0800), 80|(v & 3F), v & FF;\n'
               ' * index bit i: unit i is at least U+0080, bit 4+i: at least U+0800.  The\n'
               ' * control keeps bytes 0-2, 1-2 or 3 of each dword; output length\n'
               ' * 4 + popcount (index). */')
    out.append(array_2d('gutf8conv_enc3_shuffle', 'guint8', enc3, ' __attribute__((aligned (16)))'))

    pack8_12 = [shuffle([b for i in range(8) for b in ([2 * i, 2 * i + 1] if key >> i & 1 else [2 * i])])
                for key in range(256)]
    out.append('/* For eight 16-bit lanes, each one UTF-8 byte (low byte) or two (low,\n'
               ' * then high): the lookup packing them together, bit i of the index set\n'
               ' * when lane i has two; 0x80 after the last.  The length is 8 plus the\n'
               ' * number of bits. */')
    out.append(array_2d('gutf8conv_pack8_12_shuffle', 'guint8', pack8_12))

    words8 = [shuffle([b for i in range(8) if key >> i & 1 for b in (2 * i, 2 * i + 1)])
              for key in range(256)]
    out.append('/* For eight 16-bit lanes: the pshufb control keeping lane i where bit i\n'
               ' * of the index is set, packed together (0x80 after the last). */')
    out.append(array_2d('gutf8conv_words8_shuffle', 'guint8', words8, ' __attribute__((aligned (16)))'))
    return out


HEADER = '''/* %s: generated by gutf8conv/gen-tables.py from the grammar
 * written there; do not edit.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once'''


# The dense loop's state machine: each profile's byte classes and
# transitions, derived from its lead rows (see dfa_tables()).  The fields
# of a transition sit where the loop adds them without a shift: BAD (bits
# 0-1) counts the maximal subparts the byte ends, REJECT (4) the one before
# the byte, ITEM (8) an item of the byte itself (a character, or the byte
# alone as a bad one).
DFA_BAD, DFA_REJECT, DFA_ITEM, DFA_CHAR, DFA_SELF_BAD, DFA_START, DFA_STOP = 3, 4, 8, 16, 32, 64, 128
DFA_MASK_SHIFT, DFA_NEXT_SHIFT = 8, 16


def dfa_special(lead, second, n):
    """DFA_STOP if the dense loop must leave a whole sequence of @n bytes
    from @lead, @second to the general one: five or six bytes, a surrogate
    form, a value above U+10FFFF (UTF-16 has no form for it); else 0."""
    low = ((lead & (0x7F >> n)) << 6 | (second & 0x3F)) << (6 * (n - 2))
    high = low + (1 << (6 * (n - 2))) - 1
    if n > 4:
        return DFA_STOP
    if low <= 0xDFFF and high >= 0xD800:
        if low < 0xD800 or high > 0xDFFF:
            raise SystemExit('gen-tables: a state straddles the surrogates')
        return DFA_STOP
    if high > 0x10FFFF:
        if low <= 0x10FFFF:
            raise SystemExit('gen-tables: a state straddles U+10FFFF')
        return DFA_STOP
    return 0


def dfa_tables(rows):
    """A byte-at-a-time state machine for @rows (by lead - C0: need, lo,
    hi) with the maximal subpart rule: from the start state a byte is a
    character (ASCII), a bad byte alone or a lead; in a sequence, a byte
    out of the range the grammar allows there ends the bytes before it as
    one maximal subpart (DFA_REJECT) and is read again from the start
    state, in the same transition.  A byte that starts a sequence has
    the payload mask of a lead (0x7F for ASCII), one that continues it 0x3F.
    Returns (class by byte,
    transitions by state * classes + class), each transition the next
    state's offset << DFA_NEXT_SHIFT | its payload mask << DFA_MASK_SHIFT
    | flags."""
    def start(b):
        if b < 0x80:
            return None, 0x7F << DFA_MASK_SHIFT | DFA_CHAR | DFA_ITEM | DFA_START
        need = rows[b - 0xC0][0] if b >= 0xC0 else 0
        if not need:
            return None, 1 | DFA_SELF_BAD | DFA_ITEM | DFA_START
        lo, hi = rows[b - 0xC0][1:]
        spec = tuple(dfa_special(b, s, need + 1) for s in range(lo, hi + 1))
        return ('second', need, lo, hi, spec), (0x7F >> (need + 1)) << DFA_MASK_SHIFT | DFA_START

    def done(special):
        if special == DFA_STOP:
            return None, DFA_STOP
        return None, 0x3F << DFA_MASK_SHIFT | DFA_CHAR | DFA_ITEM | special

    def step(state, b):
        if state is None:
            return start(b)
        if state[0] == 'second':
            _, k, lo, hi, spec = state
            if lo <= b <= hi:
                special = spec[b - lo]
                return done(special) if k == 1 else (('cont', k - 1, special), 0x3F << DFA_MASK_SHIFT)
        else:
            _, k, special = state
            if 0x80 <= b <= 0xBF:
                return done(special) if k == 1 else (('cont', k - 1, special), 0x3F << DFA_MASK_SHIFT)
        nxt, flags = start(b)
        return nxt, (flags + 1) | DFA_REJECT

    states, todo = [None], [None]
    while todo:
        s = todo.pop()
        for b in range(256):
            nxt = step(s, b)[0]
            if nxt not in states:
                states.append(nxt)
                todo.append(nxt)
    columns = {}
    byte_class = []
    for b in range(256):
        col = tuple((states.index(step(s, b)[0]), step(s, b)[1]) for s in states)
        byte_class.append(columns.setdefault(col, len(columns)))
    n = len(columns)
    trans = [0] * (len(states) * n)
    for col, c in columns.items():
        for i, (nxt, flags) in enumerate(col):
            trans[i * n + c] = (nxt * n) << DFA_NEXT_SHIFT | flags
    return byte_class, trans


def dfa_steps(trans):
    """@trans as GUtf8ConvDfaStep rows (gutf8conv-kernel.h), each field
    as the byte-a-step loop to UCS-4 and UTF-16 reads it: the next state's offset,
    -1 but where a sequence starts (0), the payload mask, REJECT,
    SELF_BAD and CHAR as 0 or 1, and BAD with 0x80 for STOP."""
    rows = []
    for t in trans:
        if t >> DFA_NEXT_SHIFT > 0xFFFF:
            raise SystemExit('gen-tables: a state offset above 16 bits')
        rows.append((t >> DFA_NEXT_SHIFT, 0 if t & DFA_START else -1, t >> DFA_MASK_SHIFT & 0xFF,
                     int(bool(t & DFA_REJECT)), int(bool(t & DFA_SELF_BAD)), int(bool(t & DFA_CHAR)),
                     (t & DFA_BAD) | (0x80 if t & DFA_STOP else 0)))
    return rows


def cp1252_values():
    """windows-1252 by byte, as Python's cp1252 codec decodes it; the five
    bytes it leaves undefined (81, 8D, 8F, 90, 9D) are the C1 control of
    the same number, as the WHATWG Encoding Standard's index has them."""
    values = []
    for b in range(256):
        try:
            values.append(ord(bytes([b]).decode('cp1252')))
        except UnicodeDecodeError:
            values.append(b)
    return values


# What each byte-keeping error mode makes of a byte of a malformed
# sequence (ASCII bytes, which are never malformed, as themselves).
KEEP_MODES = [
    ('ESCAPE', [b if b < 0x80 else 0xDC00 + b for b in range(256)]),
    ('LATIN1', list(range(256))),
    ('CP1252', cp1252_values()),
]


def keep_tables():
    out = ['/* The byte-keeping error modes (gutf8conv-codec.c): by byte, the value\n'
           ' * each writes for it (ASCII bytes as themselves), and, where the output\n'
           ' * is UTF-8 (not ESCAPE: U+DC80..U+DCFF have no UTF-8 form), the value\n'
           ' * in UTF-8 as 3 bytes and its length. */']
    for name, values in KEEP_MODES:
        # The codec writes each as one UTF-16 unit.
        if max(values) > 0xFFFF:
            raise SystemExit('gen-tables: %s has a value above U+FFFF' % name)
        out.append('#define GUTF8CONV_KEEP_VALUE_%s \\\n%s' % (name, ' \\\n'.join(
            '  ' + ', '.join('0x%04X' % v for v in values[i:i + 8]) + ',' for i in range(0, 256, 8))))
        if name == 'ESCAPE':
            continue
        forms = []
        for v in values:
            form = chr(v).encode('utf-8')
            forms.append('{ ' + ', '.join('0x%02X' % x for x in (form + bytes(3))[:3]) + ', %d }' % len(form))
        out.append('#define GUTF8CONV_KEEP_UTF8_%s \\\n%s' % (name, ' \\\n'.join(
            '  ' + ', '.join(forms[i:i + 4]) + ',' for i in range(0, 256, 4))))
    return out


def profile_header(path):
    out = [HEADER % path.rsplit('/', 1)[-1]]
    out.append('/* By profile, its 64 GUtf8ConvLead rows (lead byte - 0xC0): the continuation\n'
               ' * bytes after the lead, and the range of the byte right after it. */')
    for name, max_value, surrogates, edits in PROFILES:
        rows = lead_rows(edits)
        check_rows(name, max_value, surrogates, rows)
        out.append('#define GUTF8CONV_LEADS_%s \\\n%s' % (name, ' \\\n'.join(
            '  ' + ', '.join('{ %d, 0x%02X, 0x%02X }' % r for r in rows[i:i + 4]) + ','
            for i in range(0, 64, 4))))
    out.append('/* The dense loop\'s state machine (gutf8conv-kernel-dense.c), by profile: a class\n'
               ' * by byte, and by state offset + class the next state\'s offset << NEXT_SHIFT,\n'
               ' * the payload bits of the byte (of a lead, or 0x3F) << MASK_SHIFT, and\n'
               ' * flags: BAD (bits 0-1:\n'
               ' * the maximal subparts that end at this byte), REJECT (the bytes before\n'
               ' * this one since the last START are one), ITEM (an item for this byte: a\n'
               ' * character ends here, CHAR, or this byte alone is a maximal subpart,\n'
               ' * SELF_BAD), START (a sequence starts here), STOP (a surrogate form, a\n'
               ' * form of five or six bytes or a value above U+10FFFF ends here: the\n'
               ' * general loop\'s).  The start state is offset 0.  STEPS: the same\n'
               ' * transitions as GUtf8ConvDfaStep rows (gutf8conv-kernel.h). */\n' +
               '\n'.join('#define GUTF8CONV_DFA_%-10s 0x%X' % kv for kv in (
                   ('BAD', DFA_BAD), ('REJECT', DFA_REJECT), ('ITEM', DFA_ITEM), ('CHAR', DFA_CHAR),
                   ('SELF_BAD', DFA_SELF_BAD), ('START', DFA_START), ('STOP', DFA_STOP),
                   ('MASK_SHIFT', DFA_MASK_SHIFT),
                   ('NEXT_SHIFT', DFA_NEXT_SHIFT))))
    for name, max_value, surrogates, edits in PROFILES:
        byte_class, trans = dfa_tables(lead_rows(edits))
        # The dense loop masks a byte with the 8 bits from MASK_SHIFT on.
        if any(t >> DFA_MASK_SHIFT & 0x80 for t in trans):
            raise SystemExit('gen-tables: %s: a payload mask above 0x7F' % name)
        out.append('#define GUTF8CONV_DFA_CLASS_%s \\\n%s' % (name, ' \\\n'.join(
            '  ' + ', '.join('%d' % v for v in byte_class[i:i + 16]) + ','
            for i in range(0, 256, 16))))
        out.append('#define GUTF8CONV_DFA_TRANS_%s \\\n%s' % (name, ' \\\n'.join(
            '  ' + ', '.join('0x%06X' % v for v in trans[i:i + 6]) + ','
            for i in range(0, len(trans), 6))))
        steps = dfa_steps(trans)
        out.append('#define GUTF8CONV_DFA_STEPS_%s \\\n%s' % (name, ' \\\n'.join(
            '  ' + ' '.join('{ %d, %d, 0x%02X, %d, %d, %d, 0x%02X },' % v for v in steps[i:i + 4])
            for i in range(0, len(steps), 4))))
    out += keep_tables()
    return '\n\n'.join(out) + '\n'


def kernel_header(path):
    out = [HEADER % path.rsplit('/', 1)[-1], '#include <glib.h>']
    out.append('/* An element of a lookup table, as the intrinsics that set bytes want it\n'
               ' * (_mm_setr_epi8 (GUTF8CONV_KL_PREV_HIGH (GUTF8CONV_I8)): one definition\n'
               ' * for every width, broadcast to 256 bits by repeating it) or as a byte. */\n'
               '#define GUTF8CONV_I8(v) ((char) (v))\n#define GUTF8CONV_U8(v) ((guint8) (v))')
    unicode = lead_rows([])
    unicode_prev_high = kl_tables(unicode, unicode)[0]
    for suffix, edits in KERNEL_GRAMMARS:
        prev_high, prev_low, cur_high = kl_tables(lead_rows(edits), unicode)
        what = 'Unicode\'s grammar' if not suffix else \
            'it without\n * four-byte forms (GUTF8CONV_KERNEL_BMP_ONLY)'
        out.append('/* The nibble tables of Keiser and Lemire\'s validator for %s:\n'
                   ' * a byte pair is wrong where the previous byte\'s high nibble, its low\n'
                   ' * nibble and the next byte\'s high nibble share a bit; bit 0x80 alone\n'
                   ' * marks a continuation byte after a continuation byte, right exactly\n'
                   ' * where the byte two or three back is a three- or four-byte lead. */' % what)
        # Dropping leads only adds bits their high nibble has already: one
        # GUTF8CONV_KL_PREV_HIGH serves every variant.
        if prev_high != unicode_prev_high:
            raise SystemExit('gen-tables: the variant %s changes the high nibble table' % suffix)
        if not suffix:
            out.append(macro_list('GUTF8CONV_KL_PREV_HIGH', prev_high))
        out.append(macro_list('GUTF8CONV_KL_PREV_LOW' + suffix, prev_low))
        out.append(macro_list('GUTF8CONV_KL_CUR_HIGH' + suffix, cur_high))
        out.append('\n'.join('static const guint8 gutf8conv_kl_%s%s[16] = { GUTF8CONV_KL_%s%s (GUTF8CONV_U8) };'
                             % (t.lower(), suffix.lower(), t, suffix)
                             for t in ('PREV_HIGH', 'PREV_LOW', 'CUR_HIGH') if t != 'PREV_HIGH' or not suffix))
    out.append('/* The bits of the nibble tables. */\n'
               '#define GUTF8CONV_KL_TOO_SHORT 0x%02X   /* a lead, then no continuation */\n'
               '#define GUTF8CONV_KL_TOO_LONG  0x%02X   /* ASCII, then a continuation */\n'
               '#define GUTF8CONV_KL_TWO_CONTS 0x%02X   /* a continuation, then one */\n'
               % (KL_TOO_SHORT, KL_TOO_LONG, KL_TWO_CONTS) +
               '\n'.join('#define GUTF8CONV_KL_%-10s 0x%02X   /* %02X %02X and what the grammar puts with it */'
                         % (name, bit, p, c) for name, bit, (p, c) in KL_CLASSES))

    lo = [r[1] if r[0] else 0xFF for r in unicode]
    hi = [r[2] if r[0] else 0x00 for r in unicode]
    out.append('/* By lead byte - 0xC0 (or its low six bits), the range Unicode allows for\n'
               ' * the byte after it; empty (FF..00) after a byte that starts nothing. */')
    out.append('static const guint8 gutf8conv_lead_bounds[2][64] = {\n  {\n%s\n  },\n  {\n%s\n  },\n};'
               % (hex_list(lo, indent='    ', fmt='0x%02X'), hex_list(hi, indent='    ', fmt='0x%02X')))

    leads = [0xC0 + i for i, r in enumerate(unicode) if r[0]]
    bmp_leads = [0xC0 + i for i, r in enumerate(lead_rows([NO_FOUR_BYTE_FORMS])) if r[0]]
    first, end, bmp_end = leads[0], leads[-1] + 1, bmp_leads[-1] + 1
    if leads != list(range(first, end)) or bmp_leads != list(range(first, bmp_end)) or \
       (first - 0xC0) & (first - 0xC0 - 1):
        raise SystemExit('gen-tables: the kernels\' lead byte compares cannot say this grammar')
    n = narrowed(unicode)
    out.append('/* Lead bytes for the byte compares: the leads are FIRST_LEAD..LEAD_END - 1\n'
               ' * (..LEAD_END_BMP - 1 without four-byte forms); C0 up to FIRST_LEAD are the\n'
               ' * bytes b with (b & NO_LEAD_MASK) == 0xC0.  One lead of each length raises\n'
               ' * the bottom of the range of the byte after it (to _MIN), one lowers its\n'
               ' * top (to _END - 1). */\n'
               '#define GUTF8CONV_FIRST_LEAD      0x%02X\n'
               '#define GUTF8CONV_NO_LEAD_MASK    0x%02X\n'
               '#define GUTF8CONV_LEAD_END        0x%02X\n'
               '#define GUTF8CONV_LEAD_END_BMP    0x%02X\n'
               '#define GUTF8CONV_LEAD3_RAISED    0x%02X\n'
               '#define GUTF8CONV_LEAD3_RAISED_MIN 0x%02X\n'
               '#define GUTF8CONV_LEAD3_LOWERED   0x%02X\n'
               '#define GUTF8CONV_LEAD3_LOWERED_END 0x%02X\n'
               '#define GUTF8CONV_LEAD4_RAISED    0x%02X\n'
               '#define GUTF8CONV_LEAD4_RAISED_MIN 0x%02X\n'
               '#define GUTF8CONV_LEAD4_LOWERED   0x%02X\n'
               '#define GUTF8CONV_LEAD4_LOWERED_END 0x%02X'
               % ((first, ~(first - 0xC0 - 1) & 0xFF, end, bmp_end) + n[(3, 'lo')] + n[(3, 'hi')] +
                  n[(4, 'lo')] + n[(4, 'hi')]))
    # By high nibble, a byte's length as a lead (0: a continuation byte).
    length = [1] * 8 + [0] * 4 + [2, 2, 3, 4]
    out.append('/* By high nibble: the payload bits of an ASCII, continuation or lead\n'
               ' * byte, and how far the payloads of four bytes gathered from a lead\n'
               ' * must be shifted right for a sequence of that lead\'s length. */')
    out.append(macro_list('GUTF8CONV_PAYLOAD_MASK', [0x7F >> n if n > 1 else 0x7F if n else 0x3F
                                                     for n in length]))
    out.append(macro_list('GUTF8CONV_SHIFT_BY_LEAD', [6 * (4 - n) if n else 0 for n in length]))
    out.append('static const guint8 gutf8conv_payload_mask[16] = { GUTF8CONV_PAYLOAD_MASK (GUTF8CONV_U8) };')
    # A 16-byte block's last three lanes: the leads that start a sequence
    # longer than what is left of the block, and how much is left.
    first_of_length = {2: 0xC0, 3: 0xE0, 4: 0xF0}
    tail_start = [first_of_length.get(17 - i, 0xFF) for i in range(16)]
    out.append('/* Lanes 13, 14, 15 of a 16-byte block at or above TAIL_START (above\n'
               ' * CUT_ABOVE) start a sequence longer than what is left of the block:\n'
               ' * how many bytes of it the block holds. */')
    out.append(array_1d('gutf8conv_tail_start', 'guint8', tail_start, fmt='0x%02X'))
    out.append(array_1d('gutf8conv_tail_len', 'guint8',
                        [16 - i if tail_start[i] != 0xFF else 0 for i in range(16)]))
    out.append(array_1d('gutf8conv_cut_above', 'guint8',
                        [t - 1 if t != 0xFF else 0xFF for t in tail_start], fmt='0x%02X'))
    out += computed_tables()
    return '\n\n'.join(out) + '\n'


def main():
    if len(sys.argv) != 3:
        raise SystemExit('usage: gen-tables.py PROFILE-HEADER KERNEL-HEADER')
    for path, make in ((sys.argv[1], profile_header), (sys.argv[2], kernel_header)):
        text = make(path)
        with open(path, 'w') as f:
            f.write(text)


if __name__ == '__main__':
    main()
