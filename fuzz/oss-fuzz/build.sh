#!/bin/bash -eu
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# OSS-Fuzz's build script for gutf8conv.  OSS-Fuzz sets CC, CFLAGS (the
# sanitizer and -fsanitize=fuzzer-no-link), LIB_FUZZING_ENGINE, SRC, WORK and
# OUT; the source is $SRC/gutf8conv (GUTF8CONV_SRC overrides it, for CI).
# It builds fuzz-decode, fuzz-encode and fuzz-stream into $OUT, each with
# its seed corpus (<fuzzer>_seed_corpus.zip: the seeds and the regression
# inputs) and the UTF-8 dictionary (<fuzzer>.dict).

src=${GUTF8CONV_SRC:-$SRC/gutf8conv}
build=$WORK/gutf8conv-build

rm -rf "$build"
meson setup "$build" "$src" \
  --buildtype=plain --default-library=static \
  -Dtests=disabled -Dtool=disabled -Dintrospection=disabled -Dvapi=disabled -Dgtk_doc=false \
  -Dfuzzing_engine="$LIB_FUZZING_ENGINE"
ninja -C "$build" fuzz/fuzz-decode fuzz/fuzz-encode fuzz/fuzz-stream

for target in decode encode stream; do
  cp "$build/fuzz/fuzz-$target" "$OUT/"
  cp "$src/fuzz/utf8.dict" "$OUT/fuzz-$target.dict"
  rm -f "$OUT/fuzz-${target}_seed_corpus.zip"
  for d in "$src/fuzz/corpus/$target" "$src/fuzz/regressions/$target"; do
    if [ -d "$d" ]; then
      (cd "$d" && zip -q -j "$OUT/fuzz-${target}_seed_corpus.zip" ./*)
    fi
  done
done
