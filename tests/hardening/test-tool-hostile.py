#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The gutf8conv tool under hostile conditions.  Usage: test-tool-hostile.py TOOL

Each case checks the exit status the man page documents (1 malformed input,
2 usage or I/O error), exactly one line on stderr naming the culprit, and
that standard output holds whole characters only: everything converted
before the failure, nothing after.  Expected bytes are written by hand.
Prints TAP.
"""
import os
import signal
import shutil
import subprocess
import sys
import tempfile

TOOL = os.path.abspath(sys.argv[1])
results = []


def case(name):
    def wrap(fn):
        results.append((name, fn))
        return fn
    return wrap


def run(args, stdout=subprocess.PIPE, preexec=None, prefix=()):
    p = subprocess.run(list(prefix) + [TOOL] + args, stdout=stdout, stderr=subprocess.PIPE,
                       cwd=WORK, stdin=subprocess.DEVNULL)
    return p.returncode, p.stdout, p.stderr.decode('utf-8', 'replace')


def expect(cond, what):
    if not cond:
        raise AssertionError(what)


def one_line(err, *words):
    expect(err.endswith('\n') and err.count('\n') == 1, f'not one line: {err!r}')
    expect(err.startswith('gutf8conv: '), f'no program name: {err!r}')
    for w in words:
        expect(w in err, f'{w!r} not in {err!r}')


def write(name, data, mode=None):
    path = os.path.join(WORK, name)
    with open(path, 'wb') as f:
        f.write(data)
    if mode is not None:
        os.chmod(path, mode)
    return name


# "abc" as big-endian UCS-4, by hand.
ABC_BE = bytes.fromhex('00000061 00000062 00000063')


@case('missing file after a good one: exit 2, the good file converted')
def missing():
    write('good', b'abc')
    rc, out, err = run(['--byte-order=be', 'good', 'no-such-file'])
    expect(rc == 2, f'exit {rc}')
    one_line(err, 'no-such-file', 'No such file or directory')
    expect(out == ABC_BE, out.hex())


@case('a directory: exit 2')
def directory():
    os.makedirs(os.path.join(WORK, 'a-directory'), exist_ok=True)
    rc, out, err = run(['a-directory'])
    expect(rc == 2, f'exit {rc}')
    one_line(err, 'a-directory')
    expect(out == b'', out.hex())


@case('an unreadable file: exit 2')
def unreadable():
    write('secret', b'abc', 0o000)
    prefix = ()
    if os.geteuid() == 0:
        # root reads anything: drop to nobody for this case.
        setpriv = shutil.which('setpriv')
        if setpriv is None:
            return 'SKIP running as root without setpriv'
        prefix = (setpriv, '--reuid=65534', '--regid=65534', '--clear-groups')
    rc, out, err = run(['secret'], prefix=prefix)
    expect(rc == 2, f'exit {rc}')
    one_line(err, 'secret', 'Permission denied')
    expect(out == b'', out.hex())


@case('standard output is /dev/full: exit 2')
def dev_full_stdout():
    write('good', b'abc')
    with open('/dev/full', 'wb') as full:
        rc, _, err = run(['good'], stdout=full)
    expect(rc == 2, f'exit {rc}')
    one_line(err, 'standard output', 'No space left on device')


@case('-o /dev/full: exit 2')
def dev_full_option():
    write('good', b'abc')
    rc, out, err = run(['-o', '/dev/full', 'good'])
    expect(rc == 2, f'exit {rc}')
    one_line(err, '/dev/full', 'No space left on device')
    expect(out == b'', out.hex())


@case('a closed pipe on standard output: a quiet end, as SIGPIPE ends cat')
def closed_pipe():
    write('big', b'abc' * 100000)
    r, w = os.pipe()
    os.close(r)
    try:
        rc, _, err = run(['big'], stdout=w)
    finally:
        os.close(w)
    # No message, and the status of a death by SIGPIPE (whatever the
    # disposition the tool inherited).
    expect(rc == -signal.SIGPIPE, f'exit {rc}')
    expect(err == '', err)


@case('malformed UTF-8 in the middle of the second of three files: exit 1')
def malformed_second_decode():
    write('one', b'abc')
    write('two', b'de\xff\xc3\xa9')
    write('three', b'xyz')
    rc, out, err = run(['--byte-order=be', 'one', 'two', 'three'])
    expect(rc == 1, f'exit {rc}')
    one_line(err, 'two', 'at byte 2', 'FF')
    expect('one' not in err.replace('gutf8conv', '') and 'three' not in err, err)
    expect(out == ABC_BE + bytes.fromhex('00000064 00000065'), out.hex())


@case('a truncated sequence ending the second of three files: exit 1')
def truncated_second_decode():
    write('one', b'abc')
    write('two', b'd\xe2\x82')
    write('three', b'xyz')
    rc, out, err = run(['--byte-order=le', 'one', 'two', 'three'])
    expect(rc == 1, f'exit {rc}')
    one_line(err, 'two', 'at byte 1')
    expect(out == bytes.fromhex('61000000 62000000 63000000 64000000'), out.hex())


@case('a surrogate in the middle of the second of three UCS-4 files: exit 1')
def malformed_second_encode():
    write('one', bytes.fromhex('000000E9'))
    write('two', bytes.fromhex('00000041 0000D800 00000042'))
    write('three', bytes.fromhex('00000043'))
    rc, out, err = run(['--to-utf8', '--byte-order=be', 'one', 'two', 'three'])
    expect(rc == 1, f'exit {rc}')
    one_line(err, 'two', 'at byte 4', '0x0000D800')
    expect(out == bytes.fromhex('C3 A9 41'), out.hex())


@case('a cut UCS-4 unit ending the second of three files: exit 1')
def truncated_second_encode():
    write('one', bytes.fromhex('000020AC'))
    write('two', bytes.fromhex('00000041 0000'))
    write('three', bytes.fromhex('00000043'))
    rc, out, err = run(['--to-utf8', '--byte-order=be', 'one', 'two', 'three'])
    expect(rc == 1, f'exit {rc}')
    one_line(err, 'two', 'at byte 4')
    expect(out == bytes.fromhex('E2 82 AC 41'), out.hex())


def main():
    global WORK
    print(f'1..{len(results)}')
    with tempfile.TemporaryDirectory() as WORK:
        # Others must reach the files for the unreadable case to mean anything.
        os.chmod(WORK, 0o755)
        for i, (name, fn) in enumerate(results, 1):
            try:
                skip = fn()
            except AssertionError as e:
                print(f'not ok {i} - {name}\n# {e}')
                continue
            if skip:
                print(f'ok {i} - {name} # {skip}')
            else:
                print(f'ok {i} - {name}')


WORK = None
if __name__ == '__main__':
    main()
