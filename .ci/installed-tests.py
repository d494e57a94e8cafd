#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Run installed tests with gnome-desktop-testing-runner; log them as meson does.

    installed-tests.py --datadir DIR --log LOG.json [--prefix P] [--parallel N] NAME

Runs every DIR/installed-tests/NAME/*.test under the runner (its TAP
output, one log file per test) and writes LOG.json in the form of meson's
test logs (one JSON object a line: name, result, stdout), which
summarize.py counts like any other run: one case per TAP line of a test.

The runner only looks at exit statuses, so this checks the rest: each
installed test must be reported exactly once; a test that exits 0 after
printing fewer or more results than its TAP plan, or a "not ok", fails;
a test whose plan is "1..0 # SKIP" counts as skipped, not passed; no .test
file at all, or a runner that exits with an error of its own, is a
failure.  With --prefix, a test whose Exec line names a path outside P
fails too: the installed tests use nothing of the build or source tree.
Exits 0 only when every test ran and passed.
"""
import argparse
import glob
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

RUNNER = 'gnome-desktop-testing-runner'
VERDICT = re.compile(r'^(ok|not ok)( # SKIP)? - (.*)$')
PLAN = re.compile(r'^1\.\.(\d+)(.*)$')
RESULT = re.compile(r'^(ok|not ok)\b')

ap = argparse.ArgumentParser()
ap.add_argument('--datadir', required=True)
ap.add_argument('--log', required=True)
ap.add_argument('--prefix')
ap.add_argument('--parallel', default='2')
ap.add_argument('name')
opts = ap.parse_args()

tests_dir = os.path.join(opts.datadir, 'installed-tests', opts.name)
expected = sorted(os.path.join(opts.name, os.path.basename(p))
                  for p in glob.glob(os.path.join(tests_dir, '*.test')))
entries = []


def entry(name, result, stdout):
    entries.append({'name': name, 'result': result, 'stdout': stdout})


def outside_prefix(test):
    """The absolute paths of the test's Exec line (VAR=PATH too) not under --prefix."""
    if not opts.prefix:
        return []
    root = os.path.abspath(opts.prefix) + os.sep
    with open(os.path.join(opts.datadir, 'installed-tests', test), encoding='utf-8') as f:
        execs = [line[len('Exec='):] for line in f.read().splitlines() if line.startswith('Exec=')]
    paths = [word.split('=', 1)[-1] for e in execs for word in shlex.split(e)]
    return [p for p in paths if p.startswith('/') and not p.startswith(root)]


if not expected:
    entry('installed-tests', 'FAIL', f'no .test files in {tests_dir}\n')
else:
    with tempfile.TemporaryDirectory(prefix='installed-tests-') as logdir:
        p = subprocess.run([RUNNER, '-d', opts.datadir, '--tap', '--status=no',
                            '-p', opts.parallel, '--log-directory', logdir, opts.name],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True, errors='replace')
        verdicts = {}
        plan = None
        for line in p.stdout.splitlines():
            m = PLAN.match(line)
            if m:
                plan = int(m.group(1))
            m = VERDICT.match(line)
            if m and m.group(3) in expected:
                verdicts.setdefault(m.group(3), []).append(
                    'SKIP' if m.group(2) else 'OK' if m.group(1) == 'ok' else 'FAIL')
        for name in expected:
            # The runner names a test's log after its path, '/' made '_'.
            path = os.path.join(logdir, name.replace('/', '_') + '.txt')
            try:
                with open(path, encoding='utf-8', errors='replace') as f:
                    out = f.read()
            except OSError:
                out = ''
            got = verdicts.get(name, [])
            if len(got) != 1:
                entry(name, 'FAIL', out + f'# installed-tests.py: the runner reported this test '
                                          f'{len(got)} times\n')
                continue
            result = got[0]
            foreign = outside_prefix(name)
            if foreign:
                result = 'FAIL'
                out += f'# installed-tests.py: Exec names {" ".join(foreign)}, outside {opts.prefix}\n'
            # The test's own TAP lines, not those of subtests it shows indented.
            plans = [PLAN.match(line) for line in out.splitlines() if PLAN.match(line)]
            n = sum(1 for line in out.splitlines() if RESULT.match(line))
            n_failed = sum(1 for line in out.splitlines() if line.startswith('not ok'))
            if result == 'OK':
                if len(plans) != 1:
                    result = 'FAIL'
                    out += f'# installed-tests.py: {len(plans)} TAP plans\n'
                elif int(plans[0].group(1)) == 0 and '# skip' in plans[0].group(2).lower():
                    result = 'SKIP'
                elif int(plans[0].group(1)) != n or n == 0:
                    result = 'FAIL'
                    out += f'# installed-tests.py: TAP plan {plans[0].group(1)}, {n} results\n'
                elif n_failed:
                    result = 'FAIL'  # "not ok", and yet exit status 0
            entry(name, result, out)
        runner_failed = any('FAIL' in v for v in verdicts.values())
        if p.returncode not in (0, 2) or plan != len(expected) or \
           (p.returncode == 2) != runner_failed:
            entry('gnome-desktop-testing-runner', 'FAIL',
                  p.stdout + f'# exit status {p.returncode}, plan {plan}, '
                             f'{len(expected)} .test files\n')

with open(opts.log, 'w', encoding='utf-8') as f:
    for e in entries:
        f.write(json.dumps(e) + '\n')

cases = {'OK': 0, 'FAIL': 0, 'SKIP': 0}
for e in entries:
    print(f"{e['result']:4} {e['name']}")
    if e['result'] == 'FAIL':
        print('\n'.join('    ' + line for line in e['stdout'].splitlines()))
    for line in e['stdout'].splitlines():
        m = RESULT.match(line)
        if m:
            cases['SKIP' if '# skip' in line.lower() else 'OK' if m.group(1) == 'ok' else 'FAIL'] += 1
failed = [e for e in entries if e['result'] == 'FAIL']
print(f'installed tests: {len(expected)} tests, {len(failed)} failed; TAP cases: '
      f"{cases['OK']} ok, {cases['FAIL']} not ok, {cases['SKIP']} skipped")
sys.exit(1 if failed else 0)
