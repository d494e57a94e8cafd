#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# subproject.sh MESON SRCROOT README WORKDIR
#
# Builds a tiny parent project that takes gutf8conv as a meson subproject,
# with the wrap file and the dependency() line the README gives, once with
# the shared library and once with -Ddefault_library=static.  Checks that
# the program runs, how it is linked, and that the subproject built only
# the library: no tool, tests, fuzzers or benchmark.  Then without the
# wrap: the same line fails as the README says, and its fallback: line
# builds a program that runs.  TAP.
set -u
meson=$1 src=$2 readme=$3 work=$4
echo "1..11"
rm -rf "$work"
mkdir -p "$work/parent/subprojects"
p=$work/parent

# The README's wrap file and dependency lines, under "## Using it as a
# meson subproject": its ```ini block and its ```meson blocks (the Nth
# with "section meson N").
section() {
  awk -v lang="$1" -v nth="${2:-1}" '/^## Using it as a meson subproject/ { f = 1; next }
    f && /^## / { exit }
    f && $0 == "```" lang { if (++seen == nth) c = 1; next } c && /^```$/ { exit } c' "$readme"
}
section ini > "$p/subprojects/gutf8conv.wrap"
# The source tree stands for the clone the wrap would make.
ln -s "$src" "$p/subprojects/gutf8conv"
# parent N: the parent's meson.build, with the README's Nth ```meson block.
parent() {
  {
    echo "project('parent', 'c')"
    section meson "$1"
    echo "executable('parent', 'parent.c', dependencies: gutf8conv_dep)"
  } > "$p/meson.build"
}
parent 1
cat > "$p/parent.c" <<'C'
#include <gutf8conv/gutf8conv.h>

int
main (void)
{
  g_autoptr(GUtf8ConvConverter) conv = gutf8conv_converter_new_full (
      GUTF8CONV_DIRECTION_UTF8_TO_UCS4, GUTF8CONV_BYTE_ORDER_BIG_ENDIAN,
      GUTF8CONV_BOM_STRIP, GUTF8CONV_ERROR_MODE_REPLACE, GUTF8CONV_PROFILE_UNICODE);
  g_autoptr(GBytes) in = g_bytes_new_static ("\xef\xbb\xbf" "A\xc3\xa9\xff", 7);
  g_autoptr(GBytes) out = gutf8conv_converter_convert_bytes (conv, in, NULL);
  const guint8 *b = g_bytes_get_data (out, NULL);

  for (gsize i = 0; i < g_bytes_get_size (out); i++)
    g_print ("%02x", b[i]);
  g_print (" %s\n", gutf8conv_check_version (1, 1, 0) == NULL ? "1.1" : "old");
  return 0;
}
C
want="00000041000000e90000fffd 1.1"
n=0

# build DIR LOG [OPTION...]: configures and builds the parent in DIR.
build() {
  local dir=$1 log=$2
  shift 2
  "$meson" setup "$dir" "$p" --wrap-mode=forcefallback "$@" \
    -Dgutf8conv:introspection=disabled -Dgutf8conv:vapi=disabled >"$log" 2>&1 &&
    ninja -C "$dir" >>"$log" 2>&1
}

# runs DIR WHAT: one TAP line, whether the parent built in DIR converts.
runs() {
  n=$((n + 1))
  got=$("$1/parent" 2>&1)
  if [ "$got" = "$want" ]; then
    echo "ok $n - it converts with the subproject's library ($2)"
  else
    echo "not ok $n - it converts with the subproject's library ($2): got '$got', want '$want'"
  fi
}

for kind in shared static; do
  b=$work/build-$kind
  n=$((n + 1))
  if build "$b" "$work/$kind.log" -Ddefault_library=$kind; then
    echo "ok $n - a parent builds with gutf8conv as a subproject ($kind)"
  else
    echo "not ok $n - a parent builds with gutf8conv as a subproject ($kind)"
    sed 's/^/# /' "$work/$kind.log" | tail -n 30
    n=$((n + 3))
    for i in 1 2 3; do echo "not ok $((n - 3 + i)) - ($kind) # not run"; done
    continue
  fi

  runs "$b" $kind

  n=$((n + 1))
  needed=$(readelf -d "$b/parent" | grep NEEDED)
  case "$kind:$needed" in
    shared:*libgutf8conv-1.0.so.1*|static:*)
      if [ "$kind" = static ] && printf '%s' "$needed" | grep -q libgutf8conv; then
        echo "not ok $n - the static build links libgutf8conv in: $needed"
      else
        echo "ok $n - linked as asked ($kind)"
      fi ;;
    *) echo "not ok $n - the shared build needs libgutf8conv-1.0.so.1: $needed" ;;
  esac

  # meson makes a build directory for every subdir() it enters.
  n=$((n + 1))
  extra=""
  for d in tools tests fuzz bench doc/examples introspection/examples; do
    [ -e "$b/subprojects/gutf8conv/$d" ] && extra="$extra $d"
  done
  if [ -z "$extra" ] && [ -e "$b/subprojects/gutf8conv/gutf8conv" ]; then
    echo "ok $n - the subproject built the library only ($kind)"
  else
    echo "not ok $n - the subproject built more than the library ($kind):$extra"
  fi
done

# Without the wrap: a clone in subprojects/ alone.
rm "$p/subprojects/gutf8conv.wrap"
b=$work/build-nowrap
n=$((n + 1))
if build "$b" "$work/nowrap.log"; then
  echo "not ok $n - without the wrap, the plain dependency() line configures after all"
elif grep -q 'Dependency "gutf8conv-1.0" not found' "$work/nowrap.log"; then
  echo "ok $n - without the wrap, the plain dependency() line fails as the README says"
else
  echo "not ok $n - without the wrap, the plain dependency() line fails otherwise"
  sed 's/^/# /' "$work/nowrap.log" | tail -n 20
fi

parent 2
rm -rf "$b"
n=$((n + 1))
if build "$b" "$work/fallback.log"; then
  echo "ok $n - without the wrap, the fallback: line builds"
else
  echo "not ok $n - without the wrap, the fallback: line builds"
  sed 's/^/# /' "$work/fallback.log" | tail -n 30
fi
runs "$b" fallback:
