#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
#   ./dev.sh demo   install what the demo builds with (DEMO_PACKAGES, about
#                   100 MB), build, convert a sample both ways
#   ./dev.sh test   install what is missing, build with every option, run every test
#   ./dev.sh cross  install what is missing, cross-build for aarch64, s390x and ppc64le,
#                   run their tests under qemu-user (also part of `test`)
#   ./dev.sh installed  install what is missing, build and install the installed
#                   tests into _dev/installed-prefix, run them with
#                   gnome-desktop-testing-runner (also part of `test`)
#   ./dev.sh debian install what is missing, build the Debian packages, lintian,
#                   install them here, run their autopkgtests, purge them
#                   (also part of `test`)
#   ./dev.sh trixie install debootstrap if missing, build with every option
#                   and run the whole meson suite in a minimal Debian 13
#                   chroot under _dev/ (also part of `test`; root only)
#   ./dev.sh deps   only install the Debian packages
#
# Builds go under _dev/, never _build/, which is yours (the README's
# `meson setup _build`).
set -euo pipefail
cd "$(dirname "$0")"

DEV=_dev

PACKAGES=(
  meson ninja-build pkg-config gcc clang libclang-rt-14-dev
  libglib2.0-dev libglib2.0-bin
  gobject-introspection libgirepository1.0-dev gir1.2-glib-2.0
  valac gjs python3-gi
  gtk-doc-tools docbook-xml docbook-xsl xsltproc man-db libglib2.0-doc
  valgrind util-linux
  libicu-dev openjdk-17-jdk-headless abigail-tools bash-completion gettext zip unzip
  gcc-aarch64-linux-gnu gcc-s390x-linux-gnu gcc-powerpc64le-linux-gnu qemu-user
  gnome-desktop-testing
  # The Debian packages' stage (debian/control's Build-Depends are above).
  debhelper lintian
  # The Debian 13 stage's chroot.
  debootstrap
)

# What the demo builds with (-Dtests=disabled -Dintrospection=disabled
# -Dvapi=disabled, no gtk-doc): a C toolchain, meson and GLib's headers.
DEMO_PACKAGES=(meson ninja-build pkg-config gcc libc6-dev libglib2.0-dev)

# deps [PACKAGE...]: install those of the packages (default: all of
# PACKAGES) that are missing.
deps() {
  local missing=() p
  [ $# -gt 0 ] || set -- "${PACKAGES[@]}"
  for p in "$@"; do
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
  mkdir -p "$(dirname "$dir")"   # a fresh clone has no $DEV/ yet
  meson setup "$dir" "$@" >"$dir.setup.log" 2>&1 || { cat "$dir.setup.log"; return 1; }
  ninja -C "$dir"
}

demo() {
  echo "==> the demo builds with: ${DEMO_PACKAGES[*]}"
  deps "${DEMO_PACKAGES[@]}"
  setup "$DEV/demo" -Dtests=disabled -Dintrospection=disabled -Dvapi=disabled
  local tool=$DEV/demo/tools/gutf8conv sample=data/sample.txt
  echo
  echo "==> $sample (UTF-8 with a signature):"
  cat "$sample"
  echo "==> its bytes:"
  od -A d -t x1 "$sample" | head -n 4
  echo "==> gutf8conv --bom=strip $sample   (UCS-4, big-endian, signature dropped):"
  "$tool" --bom=strip "$sample" | od -A d -t x1 | head -n 6
  echo "==> ... | gutf8conv --to-utf8 --bom=insert   (back to UTF-8, one signature):"
  "$tool" --bom=strip "$sample" | "$tool" --to-utf8 --bom=insert > "$DEV/demo/roundtrip.txt"
  cat "$DEV/demo/roundtrip.txt"
  if cmp -s "$sample" "$DEV/demo/roundtrip.txt"; then
    echo "==> round trip: byte-identical to $sample"
  else
    echo "==> round trip: DIFFERS from $sample" >&2
    return 1
  fi
  echo "==> a malformed byte, four ways:"
  printf 'caf\xc3 ok\n' | "$tool" --on-error=replace | "$tool" --to-utf8
  printf 'caf\xc3 ok\n' | "$tool" --on-error=escape | "$tool" --to-utf8 --on-error=escape | od -c | head -n 1
  printf 'caf\xe9 ok\n' | "$tool" --repair --on-error=latin1
  printf 'caf\xc3 ok\n' | "$tool" >/dev/null || echo "(exit status $?)"
}

LOGS=()
FAILED_STAGES=()

# run_tests DIR LOGBASE [MESON_TEST_ARGS...]: run the suite, remember its log.
run_tests() {
  local dir=$1 base=$2; shift 2
  meson test -C "$dir" --print-errorlogs --logbase "$base" "$@" || true
  # With --setup NAME meson writes $base-NAME.json.
  local log
  log=$(ls -t "$dir/meson-logs/$base.json" "$dir/meson-logs/$base"-*.json 2>/dev/null | head -n 1 || true)
  LOGS+=("${log:-$dir/meson-logs/$base.json}")
}

# stage NAME COMMAND...: a step that is not a test; its failure is named
# in the summary, and the other stages still run.
stage() {
  local name=$1; shift
  echo "==> $name"
  if ! "$@"; then
    echo "==> stage failed: $name" >&2
    FAILED_STAGES+=("$name")
  fi
}

# The C suite again with each other kernel this CPU runs forced (the plain
# run used the best one).
kernel_tests() {
  local dir=$1 k best
  best=$("$dir"/tests/test-kernels --list-kernels | tail -n 1)
  for k in $("$dir"/tests/test-kernels --list-kernels); do
    [ "$k" = "$best" ] && continue
    echo "==> kernel $k"
    run_tests "$dir" "kernel-$k" --setup "$k" --suite c
  done
}

# The fast C tests 20 times over while a second run keeps both cores busy:
# a test that depends on timing or scheduling fails here.  test-kernels
# (suite kernels) stays out: one thread, a fixed seed, a minute a run, and
# run once per kernel above.
stress_tests() {
  local dir=$1 flag
  flag=$(mktemp)
  ( while [ -e "$flag" ]; do
      meson test -C "$dir" --no-rebuild --suite c --no-suite kernels --logbase load -q >/dev/null 2>&1 || true
    done ) &
  local load=$!
  run_tests "$dir" stress --no-rebuild --suite c --no-suite kernels --repeat 20 --num-processes 2
  rm -f "$flag"
  wait "$load" || true
}

# Sanitizers, valgrind, fuzzers, ThreadSanitizer.
hardening_stages() {
  # (1) The C suite built by clang with ASan and UBSan; any report aborts
  # its test.  The binding tests are left out: this build has no
  # introspection.
  if CC=clang stage "setup: clang ASan+UBSan build" setup "$DEV/asan" \
       -Db_sanitize=address,undefined -Db_lundef=false -Dintrospection=disabled \
       -Dvapi=disabled -Dgtk_doc=false -Dtests=enabled; then
    ASAN_OPTIONS=halt_on_error=1:abort_on_error=1:print_stacktrace=1:detect_leaks=1 \
    UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:print_stacktrace=1 \
      run_tests "$DEV/asan" asan --no-suite slow --no-suite fuzz --no-suite tsan \
        --no-suite introspection --no-suite build --timeout-multiplier 4
  fi
  # (2) The C tests of the full build under valgrind memcheck.
  run_tests "$DEV/full" valgrind --setup valgrind
  # (3) Each libFuzzer target for 60 s over its seeds, and (4) the thread
  # test under ThreadSanitizer: one clang build, one run.
  if CC=clang stage "setup: clang fuzz build" setup "$DEV/fuzz" -Dintrospection=disabled \
       -Dvapi=disabled -Dgtk_doc=false -Dtests=enabled; then
    run_tests "$DEV/fuzz" fuzz --suite fuzz --suite tsan
  fi
}

# Cross builds: aarch64, where the NEON kernel runs, s390x, a big-endian
# host, and ppc64le (POWER9).  GLib comes from a sysroot of Debian's packages
# for the target (tests/cross/); meson runs each test under qemu-user, and
# binfmt_misc hands qemu the programs the tests spawn.  The slow tests
# (beyond 4 GiB: minutes under qemu) stay out.
cross_arch() {
  local arch=$1 start=$SECONDS
  local sysroot=$DEV/sysroot-$arch dir=$DEV/cross-$arch ini=$DEV/cross-$arch.ini
  stage "cross $arch: sysroot" tests/cross/make-sysroot.sh "$arch" "$sysroot" || return 0
  stage "cross $arch: cross file" tests/cross/cross-file.sh "$arch" "$sysroot" "$ini" || return 0
  # Without it the tests that spawn the tool fail (and are counted so).
  stage "cross $arch: binfmt_misc for qemu" tests/cross/binfmt.sh "$arch" || true
  stage "setup: $arch cross build" setup "$dir" --cross-file "$ini" -Dintrospection=disabled \
    -Dvapi=disabled -Dgtk_doc=false -Dtests=enabled || return 0
  # The cross file's exe_wrapper, to list the kernels the target runs.
  local qemu k best
  read -ra qemu <<< "$(sed -n "s/^exe_wrapper = \[\(.*\)\]/\1/p" "$ini" | tr -d "',")"
  export QEMU_LD_PREFIX=$PWD/$sysroot
  # The programs the tests spawn go through binfmt_misc, not the wrapper:
  # the CPU the wrapper names (its -cpu), for them too.
  local i
  for ((i = 1; i + 1 < ${#qemu[@]}; i++)); do
    if [ "${qemu[i]}" = -cpu ]; then export QEMU_CPU=${qemu[i + 1]}; fi
  done
  run_tests "$dir" "$arch-c" --suite c --timeout-multiplier 6
  run_tests "$dir" "$arch-hardening" --suite hardening --no-suite slow --timeout-multiplier 6
  # The C suite again with each other kernel the target runs forced, as
  # kernel_tests does (a kernel the test setups do not know yet included).
  best=$("${qemu[@]}" "$dir"/tests/test-kernels --list-kernels | tail -n 1)
  for k in $("${qemu[@]}" "$dir"/tests/test-kernels --list-kernels); do
    [ "$k" = "$best" ] && continue
    echo "==> $arch: kernel $k"
    GUTF8CONV_KERNEL=$k run_tests "$dir" "$arch-kernel-$k" --suite c --timeout-multiplier 6
  done
  # Six scripts of the corpus, the smaller files but mixed.txt (every
  # script, ASCII runs, emoji), so that it takes a minute or two.
  stage "cross $arch: the tool as this machine's" tests/cross/compare-tool.sh \
    "$(native_tool)" "$dir/tools/gutf8conv" \
    bench/corpus/{arabic,chinese,emoji,hindi,russian,mixed}.txt
  unset QEMU_LD_PREFIX QEMU_CPU
  echo "==> cross $arch: $((SECONDS - start)) s (kernels: $("${qemu[@]}" "$dir"/tests/test-kernels --list-kernels | tr '\n' ' '))"
}

# The tool of this machine, to compare a target's with: the full build's,
# or one built for it alone (./dev.sh cross).
native_tool() {
  if [ ! -x "$DEV/full/tools/gutf8conv" ] && [ ! -x "$DEV/native/tools/gutf8conv" ]; then
    setup "$DEV/native" -Dtests=disabled -Dintrospection=disabled -Dvapi=disabled \
      -Dgtk_doc=false >&2
  fi
  if [ -x "$DEV/full/tools/gutf8conv" ]; then
    echo "$DEV/full/tools/gutf8conv"
  else
    echo "$DEV/native/tools/gutf8conv"
  fi
}

cross_stages() {
  cross_arch arm64
  cross_arch s390x
  cross_arch ppc64el
}

summarize() {
  echo
  local args=()
  for s in ${FAILED_STAGES[@]+"${FAILED_STAGES[@]}"}; do
    args+=(--failed-stage "$s")
  done
  /usr/bin/python3 .ci/summarize.py ${args[@]+"${args[@]}"} ${LOGS[@]+"${LOGS[@]}"}
}

# The installed tests as a distribution runs them: built with
# -Dinstalled_tests=true, installed into a prefix under _dev/, and run by
# gnome-desktop-testing-runner with nothing of the build or source tree;
# the prefix's library and typelib through LD_LIBRARY_PATH and
# GI_TYPELIB_PATH, as the README says for another prefix, and nothing
# else: the Python tests find the prefix's PyGObject overrides themselves.
# .ci/installed-tests.py writes a log that summarize.py counts.
installed_tests() {
  local dir=$DEV/installed prefix=$PWD/$DEV/installed-prefix log=$DEV/installed-tests.json
  rm -rf "$prefix" "$log"
  setup "$dir" --prefix="$prefix" --libdir=lib -Dinstalled_tests=true \
    -Dintrospection=enabled -Dvapi=enabled -Dgtk_doc=false -Dtests=enabled || return 1
  meson install -C "$dir" --no-rebuild >"$dir.install.log" 2>&1 || { cat "$dir.install.log"; return 1; }
  rm -rf "$dir"   # proof that they need nothing of it
  LOGS+=("$log")
  LD_LIBRARY_PATH=$prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} \
  GI_TYPELIB_PATH=$prefix/lib/girepository-1.0${GI_TYPELIB_PATH:+:$GI_TYPELIB_PATH} \
    /usr/bin/python3 .ci/installed-tests.py --datadir "$prefix/share" --prefix "$prefix" \
      --log "$log" gutf8conv-1.0 || true   # its failures are in the log
}

# The Debian packages: built, checked by lintian, installed on
# this machine, used by the autopkgtests, purged.  Last of the stages, so
# that no other one sees them installed; each check counts in the summary.
debian_packages() {
  local start=$SECONDS
  .ci/debian-packages.sh "$DEV/deb" "$DEV/deb.tap" || true
  LOGS+=("$DEV/deb.tap")
  echo "==> Debian packages: $((SECONDS - start)) s"
}

# Debian 13 (trixie): the full gcc build and its whole meson suite in a
# minimal trixie chroot, for the GLib, meson, gcc, GObject-Introspection,
# PyGObject, GJS and valac newer than Debian 12's.  The chroot is made by
# debootstrap and apt from the Debian mirror of this machine's apt
# sources, then kept as a tarball, $DEV/trixie-root-HASH.tar (HASH: of the
# package list), from which later runs unpack it; delete it to take
# trixie's packages afresh.  /dev, /dev/pts and /proc are bind-mounted
# while it is used and unmounted on return, failed or not.  Its meson test
# log is $DEV/trixie.json.
TRIXIE_PACKAGES=(
  meson ninja-build pkg-config gcc libc6-dev
  libglib2.0-dev libglib2.0-bin
  gobject-introspection libgirepository1.0-dev gir1.2-glib-2.0
  valac gjs python3-gi
  gtk-doc-tools docbook-xml docbook-xsl xsltproc man-db libglib2.0-doc
  libicu-dev openjdk-21-jdk-headless abigail-tools bash-completion gettext zip unzip
)
TRIXIE_ROOT=$DEV/trixie-root

# The first Debian archive this machine's apt sources name.
debian_mirror() {
  local m
  m=$(sed -n -E -e '/^[[:space:]]*#/d' -e 's,.*(https?://[^ ]+/debian)/?( .*)?$,\1,p' \
        /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources \
        2>/dev/null | head -n 1)
  echo "${m:-http://deb.debian.org/debian}"
}

# trixie_umount [inner]: unmounts every mount under the chroot, deepest
# first, and the chroot's own tmpfs unless "inner".
trixie_umount() {
  local root m
  root=$(cd "$DEV" 2>/dev/null && pwd -P) || return 0
  root=$root/trixie-root
  awk -v r="$root" -v inner="${1:-}" '(inner == "" && $2 == r) || index($2, r "/") == 1 { print $2 }' \
    /proc/self/mounts | sort -r |
    while read -r m; do umount "$m" || umount -l "$m"; done
}

trixie_mount() {
  mount --bind /dev "$TRIXIE_ROOT/dev" && mount --bind /dev/pts "$TRIXIE_ROOT/dev/pts" &&
    mount -t proc proc "$TRIXIE_ROOT/proc"
}

# in_trixie COMMAND: runs the shell command in the chroot, as root, in a
# clean environment.
in_trixie() {
  chroot "$TRIXIE_ROOT" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin \
    HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive /bin/sh -c "$1"
}

# The chroot with the packages installed: unpacked from the tarball, or
# made and then saved as it.
trixie_root() {
  local hash tarball start=$SECONDS
  hash=$(printf '%s\n' "${TRIXIE_PACKAGES[@]}" | sha256sum | cut -c 1-12)
  tarball=$DEV/trixie-root-$hash.tar
  if [ -f "$tarball" ]; then
    mkdir -p "$TRIXIE_ROOT" && tar -xf "$tarball" -C "$TRIXIE_ROOT" || return 1
    echo "==> trixie: chroot unpacked from $tarball ($((SECONDS - start)) s)"
    return 0
  fi
  echo "==> trixie: debootstrap --variant=minbase trixie from $(debian_mirror) (log: $DEV/trixie-debootstrap.log)"
  debootstrap --variant=minbase trixie "$TRIXIE_ROOT" "$(debian_mirror)" \
    > "$DEV/trixie-debootstrap.log" 2>&1 || { tail -n 20 "$DEV/trixie-debootstrap.log"; return 1; }
  echo "==> trixie: installing ${TRIXIE_PACKAGES[*]}"
  trixie_mount || return 1
  in_trixie "apt-get update -qq && apt-get install -y -qq --no-install-recommends \
               ${TRIXIE_PACKAGES[*]} && apt-get clean" > "$DEV/trixie-apt.log" 2>&1 ||
    { tail -n 20 "$DEV/trixie-apt.log"; trixie_umount inner; return 1; }
  trixie_umount inner
  rm -f "$DEV"/trixie-root-*.tar
  tar -cf "$tarball.part" -C "$TRIXIE_ROOT" . && mv "$tarball.part" "$tarball" || return 1
  echo "==> trixie: chroot made and saved as $tarball ($((SECONDS - start)) s)"
}

trixie_stage() {
  local start=$SECONDS status=0 log=$DEV/trixie.json
  [ "$(id -u)" -eq 0 ] || { echo "==> trixie: needs root (debootstrap, mount, chroot)" >&2; return 1; }
  mkdir -p "$DEV"
  # What an interrupted run left.
  trixie_umount
  rm -rf --one-file-system "$TRIXIE_ROOT" "$log"
  trap trixie_umount EXIT
  trap 'exit 1' INT TERM
  # In memory when it can (about 2 GB at most): unmounting it is then
  # what deletes it, where rm takes minutes.
  mkdir -p "$TRIXIE_ROOT"
  mount -t tmpfs -o size=6g,mode=755 tmpfs "$TRIXIE_ROOT" ||
    echo "==> trixie: no tmpfs, the chroot is on disk"
  trixie_root && .ci/copy-tree.sh "$TRIXIE_ROOT/src" && trixie_mount || status=1
  if [ $status -eq 0 ]; then
    in_trixie "cd /src && meson setup _trixie -Dintrospection=enabled -Dvapi=enabled \
                 -Dgtk_doc=true -Dtests=enabled > _trixie.setup.log 2>&1 ||
                 { cat _trixie.setup.log; exit 1; }
               ninja -C _trixie" || status=1
  fi
  if [ $status -eq 0 ]; then
    in_trixie "meson test -C /src/_trixie --print-errorlogs --logbase trixie" || true
    if cp "$TRIXIE_ROOT/src/_trixie/meson-logs/trixie.json" "$log"; then
      LOGS+=("$log")
    else
      status=1
    fi
  fi
  trixie_umount
  trap - EXIT INT TERM
  rm -rf --one-file-system "$TRIXIE_ROOT"
  echo "==> Debian 13 (trixie): $((SECONDS - start)) s"
  return $status
}

run_all_tests() {
  deps
  if stage "setup: full build" setup "$DEV/full" -Dintrospection=enabled -Dvapi=enabled \
       -Dgtk_doc=true -Dtests=enabled; then
    run_tests "$DEV/full" full
    kernel_tests "$DEV/full"
    stress_tests "$DEV/full"
  fi
  hardening_stages
  stage "installed tests" installed_tests
  cross_stages
  stage "Debian 13 (trixie)" trixie_stage
  debian_packages
  summarize
}

case "${1:-}" in
  demo) demo ;;
  test) run_all_tests ;;
  cross) deps; cross_stages; summarize ;;
  installed) deps; stage "installed tests" installed_tests; summarize ;;
  debian) deps; debian_packages; summarize ;;
  trixie) deps debootstrap; stage "Debian 13 (trixie)" trixie_stage; summarize ;;
  deps) deps ;;
  *) echo "usage: $0 demo|test|cross|installed|debian|trixie|deps" >&2; exit 2 ;;
esac
