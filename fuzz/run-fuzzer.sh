#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# run-fuzzer.sh FUZZER SEED_DIR DICT SECONDS: a bounded libFuzzer run over the
# seeds, growing its corpus in a temporary directory so that the source
# tree keeps only the seeds.  Fails when the fuzzer finds anything.
set -eu
fuzzer=$1 seeds=$2 dict=$3 seconds=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/corpus"
# Crash inputs land in the work dir; print them so that a failure can be replayed.
status=0
ASAN_OPTIONS=${ASAN_OPTIONS:-halt_on_error=1:abort_on_error=1:print_stacktrace=1} \
UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:abort_on_error=1:print_stacktrace=1} \
"$fuzzer" -max_total_time="$seconds" -dict="$dict" -artifact_prefix="$work/" \
  -print_final_stats=1 "$work/corpus" "$seeds" 2>&1 || status=$?
for f in "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-*; do
  [ -e "$f" ] || continue
  echo "finding: $f"
  od -A d -t x1 "$f" | head -n 20
  status=1
done
exit "$status"
