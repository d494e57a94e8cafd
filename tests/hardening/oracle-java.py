#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The MODIFIED_UTF8 profile against Java's DataOutputStream.writeUTF and
DataInputStream.readUTF (behaviour guide, #behaviour-profile-modified-utf8).

Usage: oracle-java.py ORACLE_HELPER JAVA_SOURCE_DIR [N]

N (default 10 000) seeded random strings (NUL, BMP, supplementary
characters, lone surrogates) are written by writeUTF and by the library
(from UCS-4 and from UTF-16), and must be the same bytes, which the
library reads back to the same units (towards UCS-4 and UTF-16).  Then
every CONSTANT_Utf8 entry of the constant pools of the JDK's java.base
classes (the jrt:/ file system) is decoded by the library to UTF-16 and
must be the units readUTF gives, and those units encoded must be the
entry's bytes.  N damaged byte strings are
read by readUTF and by the library (STRICT): whatever Java refuses, the
library refuses; whatever both read, they read alike.  Java's readUTF is
laxer than the profile (it takes any overlong two- or three-byte form and lone
surrogate forms); where only that parts them, the input is counted apart,
and it must indeed not be what writeUTF would write for Java's string (a raw
00 aside, which the profile reads too).  The test is registered only
where a JDK is found.  Prints TAP with the counts.
"""
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile

SEED = 0x4A415641
TO_UCS4, TO_UTF8, TO_UTF16, FROM_UTF16 = 0, 1, 3, 4
BE, KEEP, STRICT, MUTF8 = 1, 0, 0, 3


def random_string(r):
    out = []
    for _ in range(r.randrange(0, 12)):
        k = r.randrange(7)
        if k == 6:
            # A lone surrogate, as a Java String may hold
            # (#behaviour-profile-modified-utf8).
            out.append(chr(r.randrange(0xD800, 0xE000)))
            continue
        if k == 0:
            out.append('\0')
        elif k == 1:
            out.append(chr(r.randrange(0x20, 0x7F)))
        elif k == 2:
            out.append(chr(r.randrange(0x80, 0x800)))
        elif k == 3:
            out.append(chr(r.choice([r.randrange(0x800, 0xD800), r.randrange(0xE000, 0x10000)])))
        else:
            out.append(chr(r.randrange(0x10000, 0x110000)))
    return ''.join(out)


def units(s):
    return s.encode('utf-16-be', 'surrogatepass')


def damage(r, b):
    b = bytearray(b)
    for _ in range(r.choice([1, 1, 2, 3])):
        at = r.randrange(len(b) + 1)
        what = r.randrange(5)
        if what == 0:
            b[at:at] = r.choice([b'\xc0\x80', b'\xc0\x81', b'\xc1\xbf', b'\xe0\x80\x80', b'\xed\xa0\xbd',
                                 b'\xed\xb8\x80', b'\xf0\x9f\x98\x80', b'\x80', b'\xff', b'\x00', b'\xc3'])
        elif what == 1:
            del b[at:]
        elif what == 2 and b:
            b[min(at, len(b) - 1)] = r.randrange(256)
        elif what == 3 and b:
            del b[min(at, len(b) - 1)]
        else:
            b[at:at] = bytes([r.randrange(0x80, 0x100)])
    return bytes(b)


def run_helper(helper, tmp, records):
    inp, outp = os.path.join(tmp, 'h.in'), os.path.join(tmp, 'h.out')
    with open(inp, 'wb') as f:
        for config, data in records:
            f.write(bytes(config) + struct.pack('<I', len(data)) + data)
    subprocess.run([helper, inp, outp], check=True)
    results, pos = [], 0
    data = open(outp, 'rb').read()
    while pos < len(data):
        status, num_invalid, offset, length = struct.unpack_from('<BQQI', data, pos)
        pos += struct.calcsize('<BQQI')
        results.append((status, data[pos:pos + length]))
        pos += length
    return results


def main():
    helper, java_dir = sys.argv[1], sys.argv[2]
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 10000
    javac, java = shutil.which('javac'), shutil.which('java')
    if javac is None or java is None:
        print('Bail out! no JDK (javac and java)')
        sys.exit(1)
    r = random.Random(SEED)
    strings = [random_string(r) for _ in range(n)]

    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([javac, '-d', tmp, os.path.join(java_dir, 'OracleMutf8.java'),
                        os.path.join(java_dir, 'ClassFileStrings.java')], check=True)
        # Java: writeUTF of each string, then readUTF of damaged bytes made
        # from writeUTF's output.
        jin, jout = os.path.join(tmp, 'j.in'), os.path.join(tmp, 'j.out')
        with open(jin, 'wb') as f:
            for s in strings:
                u = units(s)
                f.write(struct.pack('>BI', 0, len(u) // 2) + u)
        subprocess.run([java, '-cp', tmp, 'OracleMutf8', jin, jout], check=True)
        data, pos, written = open(jout, 'rb').read(), 0, []
        for _ in strings:
            (length,) = struct.unpack_from('>I', data, pos)
            written.append(data[pos + 4:pos + 4 + length])
            pos += 4 + length
        damaged = [damage(r, b) for b in written]
        with open(jin, 'wb') as f:
            for b in damaged:
                f.write(struct.pack('>BI', 1, len(b)) + b)
        subprocess.run([java, '-cp', tmp, 'OracleMutf8', jin, jout], check=True)
        data, pos, read = open(jout, 'rb').read(), 0, []
        for _ in damaged:
            if data[pos] == 0:
                read.append(None)
                pos += 1
                continue
            (length,) = struct.unpack_from('>I', data, pos + 1)
            read.append(data[pos + 5:pos + 5 + 2 * length].decode('utf-16-be', 'surrogatepass'))
            pos += 5 + 2 * length

        enc = run_helper(helper, tmp, [((TO_UTF8, BE, KEEP, STRICT, MUTF8),
                                        s.encode('utf-32-be', 'surrogatepass')) for s in strings])
        enc16 = run_helper(helper, tmp, [((FROM_UTF16, BE, KEEP, STRICT, MUTF8), units(s))
                                         for s in strings])
        dec16 = run_helper(helper, tmp, [((TO_UTF16, BE, KEEP, STRICT, MUTF8), b) for b in written])
        # The JDK's own class files.
        cout = os.path.join(tmp, 'c.out')
        subprocess.run([java, '-cp', tmp, 'ClassFileStrings', cout, 'java.base'], check=True)
        data, pos, entries = open(cout, 'rb').read(), 0, []
        while True:
            (length,) = struct.unpack_from('>i', data, pos)
            if length < 0:
                (n_classes,) = struct.unpack_from('>I', data, pos + 4)
                break
            raw = data[pos + 4:pos + 4 + length]
            pos += 4 + length
            (m,) = struct.unpack_from('>I', data, pos)
            entries.append((raw, data[pos + 4:pos + 4 + 2 * m]))
            pos += 4 + 2 * m
        cdec = run_helper(helper, tmp, [((TO_UTF16, BE, KEEP, STRICT, MUTF8), raw) for raw, _ in entries])
        cenc = run_helper(helper, tmp, [((FROM_UTF16, BE, KEEP, STRICT, MUTF8), u) for _, u in entries])
        dec = run_helper(helper, tmp, [((TO_UCS4, BE, KEEP, STRICT, MUTF8), b) for b in written])
        dmg = run_helper(helper, tmp, [((TO_UCS4, BE, KEEP, STRICT, MUTF8), b) for b in damaged])
        canon = run_helper(helper, tmp, [((TO_UTF8, BE, KEEP, STRICT, MUTF8),
                                          s.encode('utf-32-be', 'surrogatepass'))
                                         for s in read if s is not None])

    print('1..3')
    lone = sum(any(0xD800 <= ord(c) <= 0xDFFF for c in s) for s in strings)
    bad = [(s, w, got) for s, w, (st, got) in zip(strings, written, enc) if st != 0 or got != w]
    bad += [(s, w, got) for s, w, (st, got) in zip(strings, written, enc16) if st != 0 or got != w]
    bad += [(s, w, got) for s, w, (st, got) in zip(strings, written, dec)
            if st != 0 or got.decode('utf-32-be', 'surrogatepass').encode('utf-16-be', 'surrogatepass') != units(s)]
    bad += [(s, w, got) for s, w, (st, got) in zip(strings, written, dec16) if st != 0 or got != units(s)]
    if bad:
        print(f'not ok 1 - {n} strings: {len(bad)} differ from writeUTF or do not read back')
        for s, w, got in bad[:5]:
            print(f'#   {s!r}: writeUTF {w.hex(" ")}, library {got.hex(" ")}')
    else:
        print(f'ok 1 - {n} strings ({lone} with lone surrogates): the library writes what writeUTF '
              f'writes, from UCS-4 and from UTF-16, and reads it back to the same units')
    cbad = [(raw, u, got) for (raw, u), (st, got) in zip(entries, cdec) if st != 0 or got != u]
    cbad += [(raw, u, got) for (raw, u), (st, got) in zip(entries, cenc) if st != 0 or got != raw]
    clone = sum(any(0xD800 <= int.from_bytes(u[i:i + 2], 'big') <= 0xDFFF for i in range(0, len(u), 2))
                for _, u in entries)
    if cbad or not entries:
        print(f'not ok 2 - {len(entries)} CONSTANT_Utf8 entries of {n_classes} JDK classes: '
              f'{len(cbad)} differ from readUTF')
        for raw, u, got in cbad[:5]:
            print(f'#   {raw.hex(" ")}: readUTF {u.hex(" ")}, library {got.hex(" ")}')
    else:
        print(f'ok 2 - {len(entries)} CONSTANT_Utf8 entries of {n_classes} JDK classes (java.base, '
              f'{clone} with surrogates): the library reads each as readUTF does and writes it back '
              f'byte for byte')

    canon_iter = iter(canon)
    lax = both = refused = 0
    diffs = []
    for b, j, (st, got) in zip(damaged, read, dmg):
        if j is None:
            refused += 1
            if st == 0:
                diffs.append((b, 'readUTF refuses, the library reads it'))
            continue
        cst, cbytes = next(canon_iter)
        if st == 0:
            both += 1
            if got.decode('utf-32-be', 'surrogatepass') != j:
                diffs.append((b, 'read differently'))
            continue
        # Java read what the profile refuses: not writeUTF's form of that
        # string (a raw 00 read as C0 80), or a lone surrogate in it.
        lone = cst != 0
        if lone or cbytes != b.replace(b'\x00', b'\xc0\x80'):
            lax += 1
        else:
            diffs.append((b, 'readUTF reads writeUTF\'s own form, the library refuses it'))
    if diffs:
        print(f'not ok 3 - {n} damaged inputs: {len(diffs)} differ')
        for b, why in diffs[:5]:
            print(f'#   {b.hex(" ")}: {why}')
    else:
        print(f'ok 3 - {n} damaged inputs: {refused} refused by both, {both} read alike, '
              f'{lax} read only by the laxer readUTF (overlong forms)')
    sys.exit(1 if bad or diffs or cbad or not entries else 0)


if __name__ == '__main__':
    main()
