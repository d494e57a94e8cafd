#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
#   ./dev.sh demo   install what is missing, build, convert a sample both ways
#   ./dev.sh test   install what is missing, build with every option, run every test
#   ./dev.sh deps   only install the Debian packages
set -euo pipefail
cd "$(dirname "$0")"

PACKAGES=(
  meson ninja-build pkg-config gcc clang libclang-rt-14-dev
  libglib2.0-dev libglib2.0-bin
  gobject-introspection libgirepository1.0-dev gir1.2-glib-2.0
  valac gjs python3-gi
  gtk-doc-tools docbook-xml docbook-xsl xsltproc man-db libglib2.0-doc
  valgrind util-linux
)

deps() {
  local missing=() p
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "==> installing: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# setup DIR MESON_ARGS...: a fresh build directory.
setup() {
  local dir=$1; shift
  rm -rf "$dir"
  mkdir -p "$(dirname "$dir")"   # a fresh clone has no _build/ yet
  meson setup "$dir" "$@" >"$dir.setup.log" 2>&1 || { cat "$dir.setup.log"; return 1; }
  ninja -C "$dir"
}

demo() {
  deps
  setup _build/demo -Dtests=false -Dintrospection=disabled -Dvapi=disabled
  local tool=_build/demo/tools/gutf8conv sample=data/sample.txt
  echo
  echo "==> $sample (UTF-8 with a signature):"
  cat "$sample"
  echo "==> its bytes:"
  od -A d -t x1 "$sample" | head -n 4
  echo "==> gutf8conv --byte-order=be --bom=strip $sample   (UCS-4, signature dropped):"
  "$tool" --byte-order=be --bom=strip "$sample" | od -A d -t x1 | head -n 6
  echo "==> ... | gutf8conv --to-utf8 --byte-order=be --bom=insert   (back to UTF-8, one signature):"
  "$tool" --byte-order=be --bom=strip "$sample" \
    | "$tool" --to-utf8 --byte-order=be --bom=insert > _build/demo/roundtrip.txt
  cat _build/demo/roundtrip.txt
  if cmp -s "$sample" _build/demo/roundtrip.txt; then
    echo "==> round trip: byte-identical to $sample"
  else
    echo "==> round trip: DIFFERS from $sample" >&2
    return 1
  fi
  echo "==> a malformed byte, three ways:"
  printf 'caf\xc3 ok\n' | "$tool" --on-error=replace | "$tool" --to-utf8
  printf 'caf\xc3 ok\n' | "$tool" --on-error=escape | "$tool" --to-utf8 --on-error=escape | od -c | head -n 1
  printf 'caf\xc3 ok\n' | "$tool" >/dev/null || echo "(exit status $?)"
}

LOGS=()

# run_tests DIR [MESON_TEST_ARGS...]: run the suite, remember its log.
run_tests() {
  local dir=$1; shift
  meson test -C "$dir" --print-errorlogs "$@" || true
  local log
  log=$(ls -t "$dir"/meson-logs/testlog*.json | head -n 1)
  LOGS+=("$log")
}

# Hardening (issue 6): sanitizers, valgrind, fuzzers, ThreadSanitizer.
hardening_stages() {
  # (1) The C suite built with ASan and UBSan; any report aborts its test.
  # The binding tests are left out: this build has no introspection.
  setup _build/asan -Db_sanitize=address,undefined -Dintrospection=disabled \
    -Dvapi=disabled -Dgtk_doc=false -Dtests=true
  ASAN_OPTIONS=halt_on_error=1:abort_on_error=1:print_stacktrace=1:detect_leaks=1 \
  UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:print_stacktrace=1 \
    run_tests _build/asan --no-suite slow --no-suite fuzz --no-suite tsan \
      --no-suite introspection --timeout-multiplier 4
  # (2) The C tests of the full build under valgrind memcheck.
  run_tests _build/full --setup valgrind
  # (3) Each libFuzzer target for 60 s over its seeds, and (4) the thread
  # test under ThreadSanitizer: one clang build, one run.
  CC=clang setup _build/fuzz -Dintrospection=disabled -Dvapi=disabled \
    -Dgtk_doc=false -Dtests=true
  run_tests _build/fuzz --suite fuzz --suite tsan
}

# run_kernel_tests DIR: the C suite again with each other kernel this CPU
# runs forced (the plain run above used the best one).
run_kernel_tests() {
  local dir=$1 k best
  best=$("$dir"/tests/test-kernels --list-kernels | tail -n 1)
  for k in $("$dir"/tests/test-kernels --list-kernels); do
    [ "$k" = "$best" ] && continue
    echo "==> kernel $k"
    run_tests "$dir" --setup "$k" --suite c
  done
}

run_all_tests() {
  deps
  setup _build/full -Dintrospection=enabled -Dvapi=enabled -Dgtk_doc=true -Dtests=true
  run_tests _build/full
  run_kernel_tests _build/full
  hardening_stages
  echo
  /usr/bin/python3 .ci/summarize.py "${LOGS[@]}"
}

case "${1:-}" in
  demo) demo ;;
  test) run_all_tests ;;
  deps) deps ;;
  *) echo "usage: $0 demo|test|deps" >&2; exit 2 ;;
esac
