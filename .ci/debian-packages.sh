#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
#   .ci/debian-packages.sh WORKDIR TAPFILE
#
# The Debian packages, as CI checks them: built from a copy of
# the tree with `dpkg-buildpackage -us -uc -b`, checked by lintian (an
# error fails), installed on this machine with apt-get, used through every
# autopkgtest of debian/tests/control in a bare environment (no
# LD_LIBRARY_PATH, GI_TYPELIB_PATH or PKG_CONFIG_PATH: only what the
# packages installed), and purged, with the machine's package list checked
# to be what it was.  Each check is one TAP line in TAPFILE, which
# .ci/summarize.py counts; the exit status is 1 when any failed.
#
# Needs root (or sudo) for apt-get, and the Build-Depends installed
# (`./dev.sh deps`).  DEB_BUILD_OPTIONS defaults to "nocheck parallel=2":
# the test suite runs in the other stages.
set -uo pipefail
cd "$(dirname "$0")/.."

work=$1 tap=$2
mkdir -p "$work"
work=$(cd "$work" && pwd)
: > "$tap"
n=0
failures=0

# check NAME COMMAND...: runs COMMAND, writes its TAP line.
check() {
  local name=$1 start=$SECONDS; shift
  n=$((n + 1))
  if "$@"; then
    echo "ok $n - $name" >> "$tap"
    echo "==> ok: $name ($((SECONDS - start)) s)"
  else
    echo "not ok $n - $name" >> "$tap"
    echo "==> FAILED: $name ($((SECONDS - start)) s)" >&2
    failures=$((failures + 1))
    return 1
  fi
}

finish() {
  echo "1..$n" >> "$tap"
  exit $((failures > 0))
}

sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo

# The packages debian/control builds here (dh_listpackages' answer).
packages=()

build() {
  local src=$work/src
  rm -rf "$work"
  mkdir -p "$src"
  # The tree as it is, committed or not, without build directories (no
  # git needed: the tree may be a copy or a tarball).
  .ci/copy-tree.sh "$src" || return 1
  echo "==> dpkg-buildpackage -us -uc -b (log: $work/build.log)"
  if ! (cd "$src" && DEB_BUILD_OPTIONS=${DEB_BUILD_OPTIONS:-nocheck parallel=2} \
          dpkg-buildpackage -us -uc -b) > "$work/build.log" 2>&1; then
    tail -n 40 "$work/build.log"
    return 1
  fi
  mapfile -t packages < <(cd "$src" && dh_listpackages)
  ls -l "$work"/*.deb
}

lintian_check() {
  # lintian refuses nothing for running as root, it only says so.
  lintian --fail-on error --display-info --tag-display-limit 0 "$work"/*.changes 2>&1 \
    | grep -v '^running with root privileges' | tee "$work/lintian.txt"
  local status=${PIPESTATUS[0]}
  echo "lintian: exit status $status, $(grep -c '^E:' "$work/lintian.txt") error(s)," \
       "$(grep -c '^W:' "$work/lintian.txt") warning(s)"
  [ "$status" -eq 0 ]
}

installed_list() {
  dpkg-query -W -f='${binary:Package} ${Version} ${db:Status-Abbrev}\n' | sort
}

debs() {
  local p
  for p in "${packages[@]}"; do
    ls "$work/${p}_"*.deb
  done
}

installed=0
install_packages() {
  installed=1
  local p version
  version=$(cd "$work/src" && dpkg-parsechangelog -S Version)
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends \
    $(debs) > "$work/install.log" 2>&1 || { cat "$work/install.log"; return 1; }
  for p in "${packages[@]}"; do
    [ "$(dpkg-query -W -f='${Version} ${db:Status-Abbrev}' "$p" 2>/dev/null)" = "$version ii " ] \
      || { echo "$p $version is not installed"; return 1; }
  done
}

# autopkgtest NAME: debian/tests/NAME as autopkgtest runs it, in a fresh
# directory and a bare environment.
autopkgtest() {
  local name=$1 tmp status
  tmp=$(mktemp -d)
  (cd / && env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
     HOME="$tmp" LANG=C.UTF-8 AUTOPKGTEST_TMP="$tmp" AUTOPKGTEST_ARTIFACTS="$tmp" \
     "$work/src/debian/tests/$name") > "$work/autopkgtest-$name.log" 2>&1
  status=$?
  sed 's/^/    /' "$work/autopkgtest-$name.log"
  rm -rf "$tmp"
  return $status
}

# Everything installed since the list was taken: ours and what apt pulled
# in for them.
purge_packages() {
  local extra
  mapfile -t extra < <(comm -13 <(cut -d' ' -f1 "$work/before.txt") <(installed_list | cut -d' ' -f1))
  installed=0
  [ ${#extra[@]} -eq 0 ] && return 0
  echo "==> purging: ${extra[*]}"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get purge -y -q "${extra[@]}" > "$work/purge.log" 2>&1 \
    || { cat "$work/purge.log"; return 1; }
}

same_as_before() {
  installed_list > "$work/after.txt"
  diff -u "$work/before.txt" "$work/after.txt"
}

check "packages built (dpkg-buildpackage -us -uc -b)" build || finish
check "lintian: no errors" lintian_check

# Left over from an interrupted run: purged first, so that the list taken
# is the machine without them.
leftover=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null | grep -q '^[ih]' && leftover+=("$p")
done
if [ ${#leftover[@]} -gt 0 ]; then
  echo "==> purging a previous run's packages: ${leftover[*]}"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get purge -y -q "${leftover[@]}" >/dev/null
fi
installed_list > "$work/before.txt"
trap '[ $installed -eq 0 ] || purge_packages' EXIT

if check "installed with apt-get: ${packages[*]}" install_packages; then
  for t in $(sed -n 's/^Tests:[[:space:]]*//p' "$work/src/debian/tests/control" | tr ',' ' '); do
    check "autopkgtest $t" autopkgtest "$t"
  done
fi
check "purged" purge_packages
check "package list as before" same_as_before
finish
