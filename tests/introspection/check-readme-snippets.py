#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Runs the Python, JavaScript and Vala snippets of README.md's section
"Using it from Python, JavaScript and Vala" and checks that each prints the
output block that follows it.  Prints TAP; a snippet whose language is not
available is a SKIP.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

SECTION = '## Using it from Python, JavaScript and Vala'
FENCE = re.compile(r'^```(\w*)\n(.*?)^```\n', re.M | re.S)


def snippets(readme):
    text = open(readme, encoding='utf-8').read()
    start = text.index(SECTION)
    end = text.find('\n## ', start + len(SECTION))
    blocks = FENCE.findall(text[start:end if end >= 0 else len(text)])
    out = []
    for i, (lang, body) in enumerate(blocks):
        if lang in ('python', 'js', 'vala'):
            if i + 1 >= len(blocks) or blocks[i + 1][0] != '':
                raise SystemExit('README: the %s snippet has no output block after it' % lang)
            out.append((lang, body, blocks[i + 1][1]))
    return out


def run(lang, code, args, tmp):
    """Returns what the snippet prints, or None when its tool is missing."""
    if lang == 'python':
        if not args.python:
            return None
        cmd = [args.python, '-c', code]
    elif lang == 'js':
        if not args.gjs:
            return None
        cmd = [args.gjs, '-c', code]
    else:
        if not args.valac:
            return None
        source = os.path.join(tmp, 'snippet.vala')
        binary = os.path.join(tmp, 'snippet')
        with open(source, 'w', encoding='utf-8') as f:
            f.write(code)
        compile_cmd = [args.valac, '--vapidir', args.vapidir, '--pkg', 'gutf8conv-1.0',
                       '--pkg', 'gio-2.0', '-o', binary, source, '-X', '-w',
                       '-X', '-L' + args.libdir, '-X', '-lgutf8conv-1.0']
        for d in args.include:
            compile_cmd += ['-X', '-I' + d]
        subprocess.run(compile_cmd, check=True, cwd=tmp)
        cmd = [binary]
    return subprocess.run(cmd, check=True, stdout=subprocess.PIPE,
                          encoding='utf-8', cwd=tmp).stdout


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('readme')
    parser.add_argument('--python', default='')
    parser.add_argument('--gjs', default='')
    parser.add_argument('--valac', default='')
    parser.add_argument('--vapidir', default='')
    parser.add_argument('--libdir', default='')
    parser.add_argument('--include', action='append', default=[])
    args = parser.parse_args()

    cases = snippets(args.readme)
    if sorted(lang for lang, _, _ in cases) != ['js', 'python', 'vala']:
        raise SystemExit('README: expected one python, one js and one vala snippet')
    print('1..%d' % len(cases), flush=True)
    failed = False
    for n, (lang, code, expected) in enumerate(cases, 1):
        with tempfile.TemporaryDirectory() as tmp:
            try:
                output = run(lang, code, args, tmp)
            except subprocess.CalledProcessError as e:
                print('# %s' % e)
                output = e.stdout if isinstance(e.stdout, str) else ''
                expected = None
        if output is None:
            print('ok %d - %s snippet # SKIP %s is not available' % (n, lang, lang))
        elif output == expected:
            print('ok %d - %s snippet' % (n, lang))
        else:
            failed = True
            for line in (output or '').splitlines():
                print('# got: ' + line)
            print('not ok %d - %s snippet' % (n, lang))
        sys.stdout.flush()
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
