#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""check-shell-examples.py TOOL FILE.xml...: runs every
<programlisting role="shell"> of the manual with the gutf8conv just built
first on PATH, and fails unless each "$ command" prints exactly the lines
that follow it (standard error, then standard output)."""

import html
import os
import re
import subprocess
import sys
import tempfile

tool = os.path.abspath(sys.argv[1])
env = dict(os.environ, LC_ALL='C.UTF-8',
           PATH=os.path.dirname(tool) + os.pathsep + os.environ.get('PATH', ''))


def run(path, command, expected, cwd):
    proc = subprocess.run(['sh', '-c', command], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, env=env, cwd=cwd, check=False)
    got = (proc.stderr + proc.stdout).decode('utf-8', 'backslashreplace').splitlines()
    if got == expected:
        return 0
    print(f'{path}: $ {command}\n--- want\n' + '\n'.join(expected) +
          '\n--- got\n' + '\n'.join(got))
    return 1


total = failed = 0
for path in sys.argv[2:]:
    text = open(path, encoding='utf-8').read()
    for block in re.findall(r'<programlisting role="shell">\n?(.*?)</programlisting>', text, re.S):
        block = html.unescape(block)
        commands = []
        for line in block.splitlines():
            if line.startswith('$ '):
                commands.append([line[2:], []])
            elif commands:
                commands[-1][1].append(line)
        # Each listing runs in a fresh directory, for the files it makes.
        with tempfile.TemporaryDirectory() as cwd:
            for command, expected in commands:
                total += 1
                failed += run(path, command, expected, cwd)

print(f'{total} commands, {failed} failed')
sys.exit(0 if total > 0 and failed == 0 else 1)
