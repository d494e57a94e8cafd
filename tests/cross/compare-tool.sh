#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
#   tests/cross/compare-tool.sh NATIVE_TOOL CROSS_TOOL FILE...
#
# Runs the tool of this machine and the tool of a cross build (started
# through binfmt_misc, so QEMU_LD_PREFIX and QEMU_CPU apply) on the same
# inputs, in every direction, profile and error mode, and compares their
# output, messages and exit status byte for byte: a target's build is the
# same tool as this one (behaviour guide, #kernels: every kernel gives the
# scalar kernel's bytes).  Each FILE is UTF-8; a damaged copy of it (one
# byte in 97 set to 0xFF or cut to a lead byte) and its UCS-4 and UTF-16
# forms, made by the native tool, are inputs too.  Prints one line per
# difference and a count; exits 1 on any difference.
set -u
# Messages in ASCII on both sides: under qemu a target's C library may not
# read this machine's locale files (s390x reads none: they are
# little-endian), and would write the quotes of "--help" as ASCII where
# this machine writes U+201C and U+201D.
export LC_ALL=C
native=${1:?usage: compare-tool.sh NATIVE_TOOL CROSS_TOOL FILE...}
cross=${2:?}
shift 2

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

runs=0 diffs=0
# compare NAME INPUT ARGS...: one run of each tool, compared.
compare() {
  local name=$1 input=$2; shift 2
  local a=$work/a b=$work/b sa sb
  "$native" "$@" < "$input" > "$a.out" 2> "$a.err"; sa=$?
  "$cross" "$@" < "$input" > "$b.out" 2> "$b.err"; sb=$?
  runs=$((runs + 1))
  if [ "$sa" != "$sb" ] || ! cmp -s "$a.out" "$b.out" || ! cmp -s "$a.err" "$b.err"; then
    diffs=$((diffs + 1))
    echo "differs: $name: gutf8conv $* (exit $sa, $sb; $(wc -c < "$a.out") and $(wc -c < "$b.out") bytes)"
  fi
}

for f in "$@"; do
  base=$(basename "$f" .txt)
  clean=$work/$base.txt damaged=$work/$base-damaged.txt
  cp "$f" "$clean"
  # One byte in 97 replaced: 0xFF (never valid) and 0xE2 (a lead byte
  # whose sequence is cut), alternately.
  od -An -v -tu1 -w1 "$f" |
    LC_ALL=C awk '{ n++; b = $1; if (n % 97 == 0) b = (n % 194 == 0) ? 255 : 226; printf "%c", b }' > "$damaged"
  for input in "$clean" "$damaged"; do
    name=$(basename "$input")
    for to in UTF-32LE UTF-32BE UTF-16LE UTF-16BE CESU-8 MUTF-8 WTF-8; do
      compare "$name" "$input" -t "$to" --on-error=replace
    done
    compare "$name" "$input" --to-ucs4
    for mode in strict replace skip escape latin1 cp1252; do
      compare "$name" "$input" --repair --on-error="$mode" --report
    done
    compare "$name" "$input" --repair --profile=wtf8 --on-error=replace --bom=insert
  done
  for form in UTF-32LE UTF-32BE UTF-16LE UTF-16BE; do
    "$native" -t "$form" < "$clean" > "$work/$base.$form"
    compare "$base.$form" "$work/$base.$form" -f "$form"
    compare "$base.$form" "$work/$base.$form" -f "$form" -t CESU-8
  done
done

echo "compare-tool: $runs runs, $diffs differ"
[ "$diffs" -eq 0 ]
