#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# configure-without-python.sh SRCDIR BUILDDIR
#
# Meson setup, the build and the C tests must not need
# /usr/bin/python3 (nor any python3 on PATH) unless a Python test is
# enabled.  In a private mount namespace /usr/bin/python3 is made
# unrunnable and PATH keeps no python3; meson itself runs from another
# interpreter, as it would on a system without that path.  Needs root
# (unshare); prints TAP.
set -u
src=$1
build=$2

echo "1..2"
if [ "$(id -u)" -ne 0 ] || ! command -v unshare >/dev/null; then
  echo "ok 1 # SKIP needs root and unshare"
  echo "ok 2 # SKIP needs root and unshare"
  exit 0
fi

# An interpreter for meson that is not /usr/bin/python3.
runner=""
for p in /root/.pyenv/versions/*/bin/python3 /usr/local/bin/python3; do
  [ -x "$p" ] && [ "$(readlink -f "$p")" != "$(readlink -f /usr/bin/python3)" ] && { runner=$p; break; }
done
if [ -z "$runner" ]; then
  echo "ok 1 # SKIP no python3 other than /usr/bin/python3 to run meson with"
  echo "ok 2 # SKIP no python3 other than /usr/bin/python3 to run meson with"
  exit 0
fi
mesonpath=$(dirname "$(dirname "$(/usr/bin/python3 -c 'import mesonbuild, sys; sys.stdout.write(mesonbuild.__file__)')")")

rm -rf "$build"
mkdir -p "$build"

# In a private mount namespace: /usr/bin without python3 (an overlay in
# which it is deleted), and a PATH with no python3.
hide='
  set -e
  mkdir -p "$B/ov"
  mount -t tmpfs tmpfs "$B/ov"
  mkdir "$B/ov/upper" "$B/ov/work"
  for t in glib-mkenums glib-genmarshal; do cp "/usr/bin/$t" "$B/ov/lower-$t"; done
  mount -t overlay overlay -o "lowerdir=/usr/bin,upperdir=$B/ov/upper,workdir=$B/ov/work" /usr/bin
  rm -f /usr/bin/python3 /usr/bin/python3.* /usr/bin/python
  test ! -e /usr/bin/python3
  # GLib'"'"'s own Python tools would name that system'"'"'s interpreter.
  for t in glib-mkenums glib-genmarshal; do
    { echo "#!$R"; tail -n +2 "$B/ov/lower-$t"; } > "/usr/bin/$t"
    chmod +x "/usr/bin/$t"
  done
  export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
  ! command -v python3 >/dev/null
  export PYTHONPATH="$M"
'
run () {
  B=$build M=$mesonpath R=$runner S=$src unshare --mount --propagation private sh -c "$hide$1"
}

if run '"$R" -m mesonbuild.mesonmain setup "$B/b" "$S" -Dintrospection=disabled -Dvapi=disabled -Dgtk_doc=false >"$B/setup.log" 2>&1'; then
  echo "ok 1 - meson setup with no /usr/bin/python3 and no python3 on PATH"
else
  echo "not ok 1 - meson setup with no /usr/bin/python3 and no python3 on PATH"
  sed 's/^/# /' "$build/setup.log" | tail -n 20
  echo "not ok 2 - build and C tests # not run"
  exit 1
fi

if run '"$R" -m mesonbuild.mesonmain compile -C "$B/b" >"$B/build.log" 2>&1 &&
        "$R" -m mesonbuild.mesonmain test -C "$B/b" --suite c >>"$B/build.log" 2>&1'; then
  echo "ok 2 - build and the C tests with no /usr/bin/python3"
else
  echo "not ok 2 - build and the C tests with no /usr/bin/python3"
  sed 's/^/# /' "$build/build.log" | tail -n 30
  exit 1
fi
