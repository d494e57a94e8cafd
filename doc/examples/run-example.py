#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""run-example.py EXPECTED COMMAND...: run a Quick start example and fail
unless it exits 0 and prints exactly EXPECTED (the output the manual shows)."""

import subprocess
import sys

expected = open(sys.argv[1], encoding='utf-8').read()
proc = subprocess.run(sys.argv[2:], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                      encoding='utf-8', check=False)
sys.stderr.write(proc.stderr)
if proc.returncode != 0:
    print(f'{sys.argv[2:]} exited with {proc.returncode}')
    sys.exit(1)
if proc.stdout != expected:
    print(f'output differs from {sys.argv[1]}:\n--- want\n{expected}--- got\n{proc.stdout}')
    sys.exit(1)
print(proc.stdout, end='')
