#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Sum up meson test logs: one 'N passed, M failed' line for all that ran.

    summarize.py [--failed-stage NAME]... TESTLOG.json...

Counts TAP test cases where a test speaks TAP (GTest does), else the meson
test itself.  A test that crashed or timed out after its last TAP line
counts one failure more; a skipped case counts as skipped, never passed.
A stage that failed outside meson test (a build that did not configure)
counts as one failure.  A .tap file holds a stage's own checks, one TAP
line each; a missing plan, or one that its lines do not make up, counts
one failure more (the stage stopped).  Before the last line, each failure
is named with the run it belongs to (the log's name: full, valgrind,
kernel-sse2, ...).
"""
import json
import os
import re
import sys

TAP = re.compile(r'^(not ok|ok)\b(.*)$')

args = sys.argv[1:]
stages = []
while len(args) >= 2 and args[0] == '--failed-stage':
    stages.append(args[1])
    args = args[2:]

passed = failed = skipped = 0
failures = []
for path in args:
    run = os.path.splitext(os.path.basename(path))[0]
    try:
        lines = open(path, encoding='utf-8', errors='replace').read().splitlines()
    except OSError as e:
        print(f'summarize: {path}: {e}', file=sys.stderr)
        failed += 1
        failures.append(f'{run}: no test log ({path})')
        continue
    if path.endswith('.tap'):
        plan = None
        p = f = s = 0
        for out in lines:
            m = TAP.match(out.strip())
            if re.match(r'^1\.\.\d+$', out.strip()):
                plan = int(out.strip()[3:])
            elif m and '# skip' in m.group(2).lower():
                s += 1
            elif m and m.group(1) == 'ok':
                p += 1
            elif m:
                f += 1
                failures.append(f'{run}:{m.group(2)}')
        if plan != p + f + s:
            f += 1
            failures.append(f'{run}: no plan, or a short one (the stage stopped)')
        passed += p
        failed += f
        skipped += s
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
        if f:
            failures.append(f"{run}: {t.get('name', '?')} ({result}, {f} failed)")

for name in stages:
    failed += 1
    failures.append(f'stage: {name}')

# Repeated runs fail the same way: each failure once, with its count.
seen = {}
for name in failures:
    seen[name] = seen.get(name, 0) + 1
for name, n in seen.items():
    print(f'FAILED {name}' + (f' x{n}' if n > 1 else ''))

line = f'{passed} passed, {failed} failed'
if skipped:
    line += f', {skipped} skipped'
print(line)
sys.exit(1 if failed else 0)
