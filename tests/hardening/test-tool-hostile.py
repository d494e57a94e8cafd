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
import pwd
import signal
import shutil
import subprocess
import sys
import tempfile
import time

TOOL = os.path.abspath(sys.argv[1])
results = []


def case(name):
    def wrap(fn):
        results.append((name, fn))
        return fn
    return wrap


def run(args, stdout=subprocess.PIPE, preexec=None, prefix=(), env=None):
    p = subprocess.run(list(prefix) + [TOOL] + args, stdout=stdout, stderr=subprocess.PIPE,
                       cwd=WORK, stdin=subprocess.DEVNULL, env=env)
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


# -o and permissions, as iconv and > have them (gutf8conv(1),
# gutf8conv-tool-output).  Run as an unprivileged user: CI runs as root,
# which drops to nobody here; anyone else runs as themselves.
def unprivileged():
    """(prefix, uid) to run the tool as an ordinary user, or a SKIP reason."""
    if os.geteuid() != 0:
        return (), os.geteuid()
    try:
        nobody = pwd.getpwnam('nobody')
    except KeyError:
        return 'SKIP running as root, and no user nobody to drop to'
    setpriv = shutil.which('setpriv')
    if setpriv is None:
        return 'SKIP running as root without setpriv'
    return (setpriv, f'--reuid={nobody.pw_uid}', f'--regid={nobody.pw_gid}',
            '--clear-groups'), nobody.pw_uid


def as_user(fn):
    """A case run as an ordinary user: fn(prefix, uid), or its SKIP."""
    def wrapped():
        who = unprivileged()
        return who if isinstance(who, str) else fn(*who)
    return wrapped


def expect_owner_mode(path, uid, mode):
    st = os.stat(path)
    expect(st.st_uid == uid and st.st_mode & 0o777 == mode, f'owner {st.st_uid}, mode {st.st_mode:o}')


def fresh_dir(name, owner=None, mode=0o755):
    path = os.path.join(WORK, name)
    shutil.rmtree(path, ignore_errors=True)
    os.mkdir(path)
    os.chmod(path, mode)
    if owner is not None and os.geteuid() == 0:
        os.chown(path, owner, -1)
    return path


def make_file(path, data, mode, owner=None):
    with open(path, 'wb') as f:
        f.write(data)
    os.chmod(path, mode)
    if owner is not None:
        os.chown(path, owner, -1)
    return path


def read(path):
    with open(path, 'rb') as f:
        return f.read()


IN_UTF8 = 'h\u00e9'.encode()
IN_UTF32BE = bytes.fromhex('00000068 000000E9')


@case('-o, unprivileged: a writable file in a directory the user cannot write is written')
@as_user
def output_locked_dir(prefix, uid):
    write('in.txt', IN_UTF8, 0o644)
    write('bad.txt', b'h\xff', 0o644)
    locked = fresh_dir('lockdir')
    target = make_file(os.path.join(locked, 'w.txt'), b'old', 0o640,
                       uid if os.geteuid() == 0 else None)
    if os.geteuid() != 0:
        os.chmod(locked, 0o555)   # the user's own directory, made read-only
    tmp = fresh_dir('tmp-user', owner=uid, mode=0o700)
    env = dict(os.environ, TMPDIR=tmp, LC_ALL='C.UTF-8')
    try:
        # A failed conversion leaves the file as it was, and nothing behind.
        rc, out, err = run(['-t', 'UTF-32BE', '-o', 'lockdir/w.txt', 'bad.txt'], prefix=prefix, env=env)
        expect(rc == 1, f'exit {rc}: {err}')
        one_line(err, 'bad.txt', 'at byte 1')
        expect(read(target) == b'old', read(target))
        expect(os.listdir(tmp) == [], os.listdir(tmp))
        rc, out, err = run(['-t', 'UTF-32BE', '-o', 'lockdir/w.txt', 'in.txt'], prefix=prefix, env=env)
        expect(rc == 0 and err == '', f'exit {rc}: {err}')
        expect(read(target) == IN_UTF32BE, read(target).hex())
        expect_owner_mode(target, uid, 0o640)
        expect(os.listdir(tmp) == [], os.listdir(tmp))
        expect(sorted(os.listdir(locked)) == ['w.txt'], os.listdir(locked))
    finally:
        os.chmod(locked, 0o755)


@case('-o, unprivileged: a read-only file in a writable directory is refused, unchanged')
@as_user
def output_read_only(prefix, uid):
    write('in.txt', IN_UTF8, 0o644)
    d = fresh_dir('rodir', owner=uid)
    # root's file as root, the user's own otherwise
    target = make_file(os.path.join(d, 'r.txt'), b'read-only', 0o444)
    rc, out, err = run(['-o', 'rodir/r.txt', 'in.txt'], prefix=prefix)
    expect(rc == 2, f'exit {rc}')
    expect(err == 'gutf8conv: rodir/r.txt: Permission denied\n', err)
    expect(read(target) == b'read-only', read(target))
    expect_owner_mode(target, os.geteuid(), 0o444)
    expect(os.listdir(d) == ['r.txt'], os.listdir(d))


@case('-o, unprivileged: another user\'s writable file keeps its owner')
@as_user
def output_other_owner(prefix, uid):
    if os.geteuid() != 0:
        return 'SKIP needs root to make a file owned by another user'
    write('in.txt', IN_UTF8, 0o644)
    d = fresh_dir('shared', owner=uid)
    target = make_file(os.path.join(d, 'o.txt'), b'other', 0o666)
    tmp = fresh_dir('tmp-user', owner=uid, mode=0o700)
    rc, out, err = run(['-t', 'UTF-32BE', '-o', 'shared/o.txt', 'in.txt'], prefix=prefix,
                       env=dict(os.environ, TMPDIR=tmp))
    expect(rc == 0 and err == '', f'exit {rc}: {err}')
    expect(read(target) == IN_UTF32BE, read(target).hex())
    expect_owner_mode(target, 0, 0o666)
    expect(os.listdir(d) == ['o.txt'] and os.listdir(tmp) == [], (os.listdir(d), os.listdir(tmp)))


@case('-o as root: a read-only file is written, as > writes it, and keeps owner and mode')
def output_root_read_only():
    if os.geteuid() != 0:
        return 'SKIP not running as root'
    write('in.txt', IN_UTF8, 0o644)
    d = fresh_dir('rootdir')
    target = make_file(os.path.join(d, 'r.txt'), b'read-only', 0o444, 65534)
    rc, out, err = run(['-t', 'UTF-32BE', '-o', 'rootdir/r.txt', 'in.txt'])
    expect(rc == 0 and err == '', f'exit {rc}: {err}')
    expect(read(target) == IN_UTF32BE, read(target).hex())
    expect_owner_mode(target, 65534, 0o444)
    expect(os.listdir(d) == ['r.txt'], os.listdir(d))


def default_signals():
    # The tool keeps a signal its parent ignored (nohup): start it with
    # the default disposition, whatever this runner inherited.
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)


def interrupt(sig, args, where, prefix=(), env=None):
    """Starts the tool reading a pipe kept open, waits until its temporary
    file exists in @where (polling, whatever the speed), sends @sig and
    returns (wait status, the files of @where after)."""
    p = subprocess.Popen(list(prefix) + [TOOL] + args + ['-'], stdin=subprocess.PIPE,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=WORK, env=env,
                         preexec_fn=default_signals)
    p.stdin.write(b'abc')
    p.stdin.flush()
    while not any(n.startswith('.gutf8conv-') for n in os.listdir(where)):
        expect(p.poll() is None, f'the tool ended first: {p.returncode}')
        time.sleep(0.001)
    p.send_signal(sig)
    rc = p.wait()
    p.stdin.close()
    err = p.stderr.read()
    p.stderr.close()
    return rc, err, sorted(os.listdir(where))


@case('-o: SIGINT, SIGTERM and SIGHUP remove the temporary file and end the tool by the signal')
def output_signals():
    d = fresh_dir('sigdir')
    target = os.path.join(d, 'out.txt')
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        make_file(target, b'old', 0o644)
        rc, err, left = interrupt(sig, ['-o', 'sigdir/out.txt'], d)
        expect(rc == -sig, f'{sig.name}: wait status {rc}')
        expect(err == b'', err)
        expect(left == ['out.txt'], f'{sig.name}: {left}')
        expect(read(target) == b'old', read(target))


@case('-o into a directory the user cannot write: a signal removes the temporary file elsewhere')
@as_user
def output_signal_elsewhere(prefix, uid):
    locked = fresh_dir('lockdir2')
    target = make_file(os.path.join(locked, 'w.txt'), b'old', 0o644,
                       uid if os.geteuid() == 0 else None)
    if os.geteuid() != 0:
        os.chmod(locked, 0o555)
    tmp = fresh_dir('tmp-user2', owner=uid, mode=0o700)
    try:
        rc, err, left = interrupt(signal.SIGTERM, ['-o', 'lockdir2/w.txt'], tmp, prefix=prefix,
                                  env=dict(os.environ, TMPDIR=tmp))
        expect(rc == -signal.SIGTERM, f'wait status {rc}')
        expect(left == [], left)
        expect(read(target) == b'old', read(target))
    finally:
        os.chmod(locked, 0o755)


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
