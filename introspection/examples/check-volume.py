#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""check-volume.py GJS EXAMPLES_DIR: runs each GJS example that reads a
file (load-async.js, repair.js, convert.js) on input with a million
repairs: 1 MB of FF bytes, and the C library read as text.  Each must
finish (under a time limit, not hang), print nothing on stderr (no
Gjs-CRITICAL: G_DEBUG=fatal-criticals makes one a crash), and report
every repair Python's utf-8 codec finds, as many as num-invalid counts
(behaviour guide, #behaviour-repair-list, #behaviour-threads).  Prints TAP."""

import codecs
import glob
import os
import subprocess
import sys
import tempfile

gjs, examples = sys.argv[1:3]
LIMIT = 600      # seconds a run may take on a busy machine before it hangs

inputs = [('1 MB of FF bytes', b'\xff' * 1000000)]
libc = sorted(glob.glob('/usr/lib/*/libc.so.6') + glob.glob('/lib/*/libc.so.6'))
if libc:
    with open(libc[0], 'rb') as f:
        inputs.append((libc[0], f.read()))


def python_repairs(data):
    """The (offset, length) of each maximal subpart Python's utf-8
    replaces, and the repaired text without a leading signature."""
    found = []

    def note(exc):
        found.append((exc.start, exc.end - exc.start))
        return ('\ufffd', exc.end)
    codecs.register_error('check-volume', note)
    text = data.decode('utf-8', 'check-volume').removeprefix('\ufeff')
    return found, text


def run(script, *args):
    try:
        proc = subprocess.run([gjs, os.path.join(examples, script), *args],
                              capture_output=True, timeout=LIMIT)
        return proc.returncode, proc.stdout.decode('utf-8', 'replace'), proc.stderr.decode(
            'utf-8', 'replace')
    except subprocess.TimeoutExpired:
        return None, '', 'no end after %d s' % LIMIT


checks = []
with tempfile.TemporaryDirectory() as tmp:
    for name, data in inputs:
        repairs, text = python_repairs(data)
        n = len(repairs)
        source = os.path.join(tmp, 'input')
        target = os.path.join(tmp, 'output')
        with open(source, 'wb') as f:
            f.write(data)

        rc, out, err = run('load-async.js', source, target)
        checks.append(('load-async.js on %s: exits 0, nothing on stderr' % name,
                       rc == 0 and err == '', '%s %s' % (rc, err[-1500:])))
        lines = out.splitlines()
        marked = ['repaired bytes %d..%d' % (o, o + k - 1) for o, k in repairs]
        checks.append(('load-async.js on %s: marks the %d ranges Python repairs' % (name, n),
                       lines[1:-1] == marked and lines[-1:] == [
                           '%d sequences repaired (num-invalid %d)' % (n, n)], lines[-1:]))
        written = open(target, 'rb').read() if rc == 0 else b''
        checks.append(('load-async.js on %s: writes the text Python repairs' % name,
                       written == text.encode('utf-8', 'surrogatepass'), len(written)))

        rc, out, err = run('repair.js', source)
        checks.append(('repair.js on %s: exits 0, nothing on stderr' % name,
                       rc == 0 and err == '', '%s %s' % (rc, err[-1500:])))
        lines = out.splitlines()
        marked = ['repaired bytes %d..%d: %s' % (o, o + k - 1, data[o:o + k].hex(' ').upper())
                  for o, k in repairs]
        checks.append(('repair.js on %s: prints the %d ranges Python repairs' % (name, n),
                       lines[-n - 1:-1] == marked and lines[-1:] == [
                           '%d sequences repaired (num-invalid %d)' % (n, n)], lines[-1:]))

        rc, out, err = run('convert.js', source, target)
        checks.append(('convert.js on %s: exits 0, nothing on stderr' % name,
                       rc == 0 and err == '', '%s %s' % (rc, err[-1500:])))
        written = open(target, 'rb').read() if rc == 0 else b''
        checks.append(('convert.js on %s: counts %d repairs and writes what Python does'
                       % (name, n),
                       ('error-mode replace: %d malformed' % n) in out and
                       written == text.encode('utf-32-le', 'surrogatepass'), out[-300:]))

print('1..%d' % len(checks))
for k, (name, ok, detail) in enumerate(checks, 1):
    print('%sok %d - %s' % ('' if ok else 'not ', k, name))
    if not ok:
        print('# ' + str(detail).replace('\n', '\n# '))
if len(inputs) < 2:
    print('# no libc.so.6 found: only the FF input was run')
sys.exit(0 if all(ok for _, ok, _ in checks) else 1)
