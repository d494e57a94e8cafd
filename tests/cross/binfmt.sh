#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
#
#   tests/cross/binfmt.sh ARCH
#
# Makes the kernel hand ARCH's (arm64, s390x or ppc64el) executables to qemu-user,
# so that a test that spawns a program (the tool's tests, GSubprocess,
# g_test_trap_subprocess) runs it: meson's exe_wrapper only wraps the test
# itself.  Debian's qemu-user-binfmt registers through systemd-binfmt, which
# does nothing where PID 1 is not systemd; this does the same by hand, once.
# Exits non-zero, saying why, when it cannot (no root, no binfmt_misc).
set -eu

arch=${1:?usage: binfmt.sh arm64|s390x|ppc64el}

# The ELF header of a 64-bit executable of that machine (Debian's magic and
# mask: class, byte order, version, type EXEC or DYN, e_machine).
case $arch in
  arm64)
    name=qemu-aarch64
    magic='\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\xb7\x00'
    mask='\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff'
    shown=7f454c460201010000000000000000000200b700 ;;
  s390x)
    name=qemu-s390x
    magic='\x7fELF\x02\x02\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\x16'
    mask='\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff'
    shown=7f454c4602020100000000000000000000020016 ;;
  ppc64el)
    name=qemu-ppc64le
    magic='\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\x15\x00'
    mask='\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\x00'
    shown=7f454c4602010100000000000000000002001500 ;;
  *) echo "binfmt.sh: unknown architecture $arch" >&2; exit 2 ;;
esac

dir=/proc/sys/fs/binfmt_misc
qemu=$(command -v "$name") || { echo "binfmt.sh: $name is not installed (qemu-user)" >&2; exit 1; }

if [ ! -e "$dir/register" ]; then
  mount -t binfmt_misc binfmt_misc "$dir" 2>/dev/null || {
    echo "binfmt.sh: cannot mount $dir (not root, or no binfmt_misc here):" \
         "tests that spawn $arch programs will fail" >&2
    exit 1
  }
fi

# Registered already for these files (by us, by systemd-binfmt as
# qemu-user-binfmt does, under any name; $shown is the magic as the kernel
# shows it): nothing to do.
for entry in "$dir"/*; do
  [ -f "$entry" ] || continue
  case ${entry##*/} in register|status) continue ;; esac
  if grep -qx enabled "$entry" && grep -qx "magic $shown" "$entry"; then
    exit 0
  fi
done
# Ours, switched off: switch it on.
if [ -f "$dir/$name" ] && grep -qx "magic $shown" "$dir/$name"; then
  echo 1 > "$dir/$name" && exit 0
fi

# F: the kernel opens the interpreter now, so it is found in any mount
# namespace; qemu finds the target's libraries through QEMU_LD_PREFIX.
if ! printf ':%s:M::%s:%s:%s:F\n' "$name" "$magic" "$mask" "$qemu" > "$dir/register" 2>/dev/null; then
  echo "binfmt.sh: cannot register $name in $dir: tests that spawn $arch programs will fail" >&2
  exit 1
fi
echo "binfmt.sh: registered $qemu for $arch executables"
