#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""check-man.py TOOL MANPAGE: the man page renders without a warning, and
its OPTIONS section lists exactly the options `TOOL --help` prints."""

import os
import re
import shutil
import subprocess
import sys

tool, page = sys.argv[1], sys.argv[2]

if shutil.which('man') is None:
    print('man is not installed')
    sys.exit(77)

helptext = subprocess.run([tool, '--help'], stdout=subprocess.PIPE, check=True,
                          encoding='utf-8').stdout
help_opts = set()
for line in helptext.splitlines():
    # "  -o, --output=FILE      Write to ..." or "  --to-ucs4   ..."
    m = re.match(r'^\s+((?:-\w, )?--[\w-]+)', line)
    if m:
        help_opts.update(re.findall(r'--?[\w-]+', m.group(1)))

env = dict(os.environ, LC_ALL='C.UTF-8', MANWIDTH='80')
proc = subprocess.run(['man', '--warnings', '-E', 'UTF-8', '-l', page],
                      stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                      encoding='utf-8', env=env, check=False)
failed = False
if proc.returncode != 0 or proc.stderr:
    print(f'man -l {page} exited with {proc.returncode}:\n{proc.stderr}')
    failed = True

# The option terms are the lines indented by exactly 7 columns in OPTIONS.
man_opts = set()
section = None
for line in proc.stdout.splitlines():
    if re.match(r'^[A-Z][A-Z ]+$', line):
        section = line.strip()
        continue
    if section == 'OPTIONS' and re.match(r'^ {7}-', line):
        man_opts.update(re.findall(r'(?<![\w-])--?[a-z][\w-]*', line))

if not help_opts:
    print('found no options in --help')
    failed = True
for opt in sorted(help_opts - man_opts):
    print(f'{opt}: in --help, missing from the man page')
    failed = True
for opt in sorted(man_opts - help_opts):
    print(f'{opt}: in the man page, not in --help')
    failed = True

print('options:', ' '.join(sorted(help_opts)))
sys.exit(1 if failed else 0)
