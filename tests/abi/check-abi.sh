#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# check-abi.sh BASELINE.abi LIBRARY WORKDIR HEADER...: the ABI guard (TAP).
#
# 1. abidiff of the 1.0.0 ABI (BASELINE, abidw's dump of the 1.0.0 library)
#    against LIBRARY: no function, variable
#    or ELF symbol may be removed or changed.  Additions are allowed and
#    listed; so are new enumerators (abidiff calls them harmless).
# 2. The guard itself can fail: LIBRARY's own dump (through its public
#    HEADERs, as the baseline was made) taken as the baseline,
#    the 1.0.0 ABI (which lacks 1.1's functions) must be refused.
set -u
baseline=$1 lib=$2 work=$3
shift 3

if ! command -v abidiff >/dev/null || ! command -v abidw >/dev/null; then
  echo "1..0 # SKIP abidiff/abidw not installed (Debian: abigail-tools)"
  exit 0
fi
echo "1..2"

# verdict REPORT STATUS: 0 when abidiff found nothing removed or changed.
# abidiff's status: bit 0 error, bit 1 usage, bit 2 some change, bit 3 an
# incompatible change; its summary lines say which kind.
verdict() {
  [ $(( $2 & 11 )) -eq 0 ] || return 1
  ! grep -Eq '(^|[^0-9])[1-9][0-9]* (Removed|Changed)' "$1"
}

mkdir -p "$work"
# No header filter on LIBRARY's side: with one, abidiff takes GLib's types
# (guint64...) for private and lets a changed return type through.  The
# baseline was dumped with --drop-private-types, so the instance struct,
# private by G_DECLARE_FINAL_TYPE, is a declaration there and may change.
abidiff "$baseline" "$lib" >"$work/report.txt" 2>&1
status=$?
sed 's/^/# /' "$work/report.txt"
if verdict "$work/report.txt" "$status"; then
  echo "ok 1 - nothing of the 1.0.0 ABI removed or changed (abidiff status $status)"
else
  echo "not ok 1 - the 1.0.0 ABI is broken (abidiff status $status)"
fi

# shellcheck disable=SC2086
abidw --drop-private-types --no-corpus-path --no-comp-dir-path --no-show-locs \
  $(for h in "$@"; do printf ' --header-file %s' "$h"; done) \
  --out-file "$work/current.abi" "$lib" >/dev/null 2>&1
abidiff "$work/current.abi" "$baseline" >"$work/reverse.txt" 2>&1
status=$?
if [ -s "$work/current.abi" ] && ! verdict "$work/reverse.txt" "$status"; then
  echo "ok 2 - the guard refuses a library that lost functions (status $status)"
else
  echo "not ok 2 - the guard accepted the 1.0.0 ABI against this library's (status $status)"
  sed 's/^/# /' "$work/reverse.txt"
fi
