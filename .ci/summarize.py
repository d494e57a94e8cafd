#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Sum up meson test logs: one 'N passed, M failed' line for all that ran.

Counts TAP test cases where a test speaks TAP (GTest does), else the meson
test itself.  A test that crashed or timed out after its last TAP line
counts one failure more; a skipped case counts as skipped, never passed.
"""
import json
import re
import sys

TAP = re.compile(r'^(not ok|ok)\b(.*)$')

passed = failed = skipped = 0
for path in sys.argv[1:]:
    try:
        lines = open(path, encoding='utf-8', errors='replace').read().splitlines()
    except OSError as e:
        print(f'summarize: {path}: {e}', file=sys.stderr)
        failed += 1
        continue
    for line in lines:
        if not line.strip():
            continue
        t = json.loads(line)
        result = t.get('result', '')
        p = f = s = 0
        for out in (t.get('stdout') or '').splitlines():
            m = TAP.match(out.strip())
            if not m:
                continue
            directive = m.group(2).lower()
            if '# skip' in directive:
                s += 1
            elif m.group(1) == 'ok':
                p += 1
            else:
                f += 1
        if p + f + s == 0:
            if result in ('OK', 'EXPECTEDFAIL'):
                p = 1
            elif result == 'SKIP':
                s = 1
            else:
                f = 1
        elif result not in ('OK', 'EXPECTEDFAIL', 'SKIP') and f == 0:
            f = 1  # crashed, timed out or exited non-zero after its TAP lines
        passed += p
        failed += f
        skipped += s

line = f'{passed} passed, {failed} failed'
if skipped:
    line += f', {skipped} skipped'
print(line)
sys.exit(1 if failed else 0)
