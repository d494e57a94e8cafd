#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# run-fuzzer.sh FUZZER DICT SECONDS DIR...: a bounded libFuzzer run over the
# seed directories, growing its corpus in a temporary directory so that the
# source tree keeps only the seeds.  SECONDS 0 runs each input once, no
# mutation (the regression inputs).  Fails when the fuzzer finds anything.
set -eu
fuzzer=$1 dict=$2 seconds=$3
shift 3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/corpus"
if [ "$seconds" -eq 0 ]; then
  limit=-runs=0
else
  limit=-max_total_time=$seconds
fi
status=0
ASAN_OPTIONS=${ASAN_OPTIONS:-halt_on_error=1:abort_on_error=1:print_stacktrace=1} \
UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:abort_on_error=1:print_stacktrace=1} \
"$fuzzer" "$limit" -dict="$dict" -artifact_prefix="$work/" \
  -print_final_stats=1 "$work/corpus" "$@" 2>&1 || status=$?
# Show what was found, so that the failure can be replayed.
for f in "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-*; do
  [ -e "$f" ] || continue
  echo "finding: $f"
  od -A d -t x1 "$f" | head -n 20
  status=1
done
exit "$status"
