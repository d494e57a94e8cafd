#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# readme-c-snippet.sh README BUILDDIR INPUT WORKDIR CC [CFLAG...]
#
# Compiles the README's C program as a user would, with pkg-config against
# the build tree's -uninstalled.pc, runs it on INPUT and checks that it
# prints what the README says it prints.  TAP.  CC and the CFLAGs are the
# build's compiler and its sanitizer flags (-fsanitize=...): a library
# built with a sanitizer links only into a program built with it.
set -eu
readme=$1 build=$2 input=$3 work=$4
shift 4
mkdir -p "$work"
echo "1..2"

# The first ```c block after "## Using it from C", and the line after it
# that says what it prints.
awk '/^## Using it from C/ { f = 1 } f && /^```c$/ { c = 1; next } c && /^```$/ { exit } c' \
  "$readme" > "$work/count.c"
want=$(awk '/^## Using it from C/ { f = 1 } f && /it prints `/ { sub(/.*it prints `/, ""); sub(/`.*/, ""); print; exit }' "$readme")

if PKG_CONFIG_PATH="$build/meson-uninstalled" "$@" -o "$work/count" "$work/count.c" \
     $(PKG_CONFIG_PATH="$build/meson-uninstalled" pkg-config --cflags --libs gutf8conv-1.0) \
     -Wall -Werror 2> "$work/cc.log"; then
  echo "ok 1 - the README's C program compiles with pkg-config gutf8conv-1.0 (uninstalled)"
else
  echo "not ok 1 - the README's C program compiles with pkg-config gutf8conv-1.0 (uninstalled)"
  sed 's/^/# /' "$work/cc.log"
  echo "not ok 2 - it prints what the README says # not run"
  exit 1
fi

got=$(LD_LIBRARY_PATH="$build/gutf8conv" "$work/count" "$input")
if [ -n "$want" ] && [ "$got" = "$want" ]; then
  echo "ok 2 - it prints \"$want\""
else
  echo "not ok 2 - it prints \"$got\", the README says \"$want\""
  exit 1
fi
