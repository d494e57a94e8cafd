#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# check-build.sh SRCROOT WORKDIR SECONDS
#
# Runs build.sh as OSS-Fuzz would (clang, ASan and fuzzer-no-link in
# CFLAGS, LIB_FUZZING_ENGINE=-fsanitize=fuzzer, fresh OUT and WORK), then
# each fuzzer it produced for SECONDS on its unpacked seed corpus, with its
# dictionary.  TAP.
set -u
src=$1 work=$2 seconds=$3
rm -rf "$work"
mkdir -p "$work/out" "$work/work" "$work/src"
targets="decode encode stream"
echo "1..$((1 + 3 * $(echo $targets | wc -w)))"

if CC=clang CXX=clang++ \
   CFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only -fsanitize=address -fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link" \
   CXXFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only -fsanitize=address -fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link" \
   LIB_FUZZING_ENGINE=-fsanitize=fuzzer SANITIZER=address FUZZING_ENGINE=libfuzzer \
   SRC="$work/src" WORK="$work/work" OUT="$work/out" GUTF8CONV_SRC="$src" \
   bash "$src/fuzz/oss-fuzz/build.sh" >"$work/build.log" 2>&1; then
  echo "ok 1 - build.sh with OSS-Fuzz's variables"
else
  echo "not ok 1 - build.sh with OSS-Fuzz's variables"
  tail -n 30 "$work/build.log" | sed 's/^/# /'
fi

n=1
for t in $targets; do
  f=$work/out/fuzz-$t
  n=$((n + 1))
  if [ -x "$f" ] && [ -s "$f.dict" ] && [ -s "$f"_seed_corpus.zip ]; then
    echo "ok $n - fuzz-$t, its dictionary and its seed corpus are in OUT"
  else
    echo "not ok $n - fuzz-$t, its dictionary and its seed corpus are in OUT"
  fi
  n=$((n + 1))
  mkdir -p "$work/corpus-$t"
  if unzip -q -o "$f"_seed_corpus.zip -d "$work/corpus-$t" 2>/dev/null &&
     [ "$(ls "$work/corpus-$t" | wc -l)" -gt 0 ]; then
    echo "ok $n - fuzz-$t's seed corpus unpacks ($(ls "$work/corpus-$t" | wc -l) inputs)"
  else
    echo "not ok $n - fuzz-$t's seed corpus unpacks"
  fi
  n=$((n + 1))
  if ASAN_OPTIONS=halt_on_error=1:abort_on_error=1 \
     "$f" -max_total_time="$seconds" -dict="$f.dict" -artifact_prefix="$work/" \
       "$work/corpus-$t" >"$work/run-$t.log" 2>&1; then
    echo "ok $n - fuzz-$t runs $seconds s on its seeds ($(grep -o 'Done [0-9]* runs' "$work/run-$t.log"))"
  else
    echo "not ok $n - fuzz-$t runs $seconds s on its seeds"
    tail -n 30 "$work/run-$t.log" | sed 's/^/# /'
  fi
done
