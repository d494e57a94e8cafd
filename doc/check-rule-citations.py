#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""check-rule-citations.py SRCDIR GUIDE: every id of the behaviour guide's
rule index (the element with id "behaviour-rule-index" in GUIDE) is cited
as #ID by at least one test, and every #behaviour-... or #kernels a test
cites is an id of that index.

The tests are the sources and scripts under SRCDIR's tests/,
introspection/examples/ and fuzz/ (their data aside), and the manual's
own checks, doc/check-*.c and doc/check-*.py, which run its examples."""

import os
import re
import sys

srcdir, guide = sys.argv[1], sys.argv[2]

with open(guide, encoding='utf-8') as f:
    text = f.read()
start = text.find('id="behaviour-rule-index"')
end = text.find('</simplesect>', start)
if start < 0 or end < 0:
    sys.exit(f'{guide}: no rule index')
index = re.findall(r'linkend="([^"]+)"', text[start:end])

TEST_DIRS = ['tests', os.path.join('introspection', 'examples'), 'fuzz']
SKIP_DIRS = {'data', 'abi', 'corpus', 'regressions', 'java'}
SUFFIXES = ('.c', '.h', '.py', '.js', '.vala', '.sh')
CITATION = re.compile(r'#(behaviour-[a-z0-9]+(?:-[a-z0-9]+)*|kernels)\b')


def test_files():
    for top in TEST_DIRS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(srcdir, top)):
            dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS)
            for name in sorted(filenames):
                if name.endswith(SUFFIXES):
                    yield os.path.join(dirpath, name)
    doc = os.path.join(srcdir, 'doc')
    for name in sorted(os.listdir(doc)):
        if name.startswith('check-') and name.endswith(('.c', '.py')):
            yield os.path.join(doc, name)


cited = {}
unknown = []
for path in test_files():
    with open(path, encoding='utf-8', errors='replace') as f:
        for lineno, line in enumerate(f, 1):
            for m in CITATION.finditer(line):
                rule = m.group(1)
                where = f'{os.path.relpath(path, srcdir)}:{lineno}'
                if rule in index:
                    cited.setdefault(rule, where)
                # This file's own examples of the form are not citations.
                elif os.path.basename(path) != 'check-rule-citations.py':
                    unknown.append(f'{where}: #{rule} is not in the rule index')

failed = False
for rule in index:
    if rule not in cited:
        print(f'#{rule}: cited by no test (cite it where a test checks it)')
        failed = True
for message in unknown:
    print(message)
    failed = True
if not failed:
    print(f'{len(index)} rule ids, each cited by a test')
sys.exit(1 if failed else 0)
