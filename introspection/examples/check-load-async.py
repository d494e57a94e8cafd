#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""check-load-async.py GJS LOAD_ASYNC_JS: runs the GJS editor loader on a
broken file of 1.5 MiB, which it reads in many pieces, and checks what it
marks and writes against Python's utf-8 codec, which replaces the same
maximal subparts.  Prints TAP."""

import codecs
import os
import subprocess
import sys
import tempfile

gjs, script = sys.argv[1:3]

# Malformed forms of every kind, between text of every length, in
# records of 37 bytes, so that they straddle the 64 KiB pieces anywhere.
RECORD = 'caf\u00e9 \u20ac\U0001F600 '.encode() + b'\xff\xe2\x82 \xed\xa0\x80 \xc0\xaf \xf0\x9f\x98'
RECORD += b'.' * (37 - len(RECORD))
data = b'\xef\xbb\xbf' + RECORD * (1536 * 1024 // len(RECORD)) + b'end \xe2'

repairs = []


def note(exc):
    repairs.append((exc.start, exc.end - exc.start))
    return ('\ufffd', exc.end)


codecs.register_error('check-load-async', note)
expected = data.decode('utf-8', 'check-load-async').removeprefix('\ufeff').encode()

with tempfile.TemporaryDirectory() as tmp:
    source = os.path.join(tmp, 'broken.txt')
    target = os.path.join(tmp, 'repaired.txt')
    with open(source, 'wb') as f:
        f.write(data)
    run = subprocess.run([gjs, script, source, target], capture_output=True, text=True)
    with open(target, 'rb') as f:
        written = f.read() if run.returncode == 0 else b''

lines = run.stdout.splitlines()
checks = []
checks.append(('exits 0 with nothing on stderr', run.returncode == 0 and run.stderr == '',
               run.stderr[-2000:]))
reads = int(lines[0].split()[0]) if lines else 0
checks.append(('reads the file in several pieces', reads > 8, lines[:1]))
checks.append(('writes the text Python repairs', written == expected,
               '%d bytes, expected %d' % (len(written), len(expected))))
marked = ['repaired bytes %d..%d' % (o, o + n - 1) for o, n in repairs]
checks.append(('marks the ranges Python repairs', lines[1:-1] == marked,
               'marked %d, expected %d' % (len(lines) - 2, len(marked))))
summary = '%d sequences repaired (num-invalid %d)' % ((len(repairs),) * 2)
checks.append(('the list and num-invalid agree', lines[-1:] == [summary], lines[-1:]))

print('1..%d' % len(checks))
for n, (name, ok, detail) in enumerate(checks, 1):
    print('%sok %d - %s' % ('' if ok else 'not ', n, name))
    if not ok:
        print('# ' + str(detail).replace('\n', '\n# '))
sys.exit(0 if all(ok for _, ok, _ in checks) else 1)
