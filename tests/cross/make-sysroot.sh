#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
#
#   tests/cross/make-sysroot.sh ARCH DIR
#
# Makes DIR a sysroot for the Debian architecture ARCH (arm64, s390x, ...)
# holding GLib and what it links, from Debian's packages for ARCH: enough to
# cross-compile against GLib and to run the result under qemu-user.
#
# The host's dpkg never gains a foreign architecture (multiarch would
# upgrade host packages for arm64 and cannot co-install s390x GLib on
# Debian 12): apt downloads through a private state under DIR.state/ and
# dpkg -x unpacks.  A second run with the same package list does nothing.
set -eu

arch=${1:?usage: make-sysroot.sh ARCH DIR}
root=${2:?usage: make-sysroot.sh ARCH DIR}

# GLib's runtime and -dev packages, and those of every library its .pc files
# name in Requires.private (pkg-config resolves them all); ICU for the
# CESU-8 oracle.
PACKAGES="libc6 libc6-dev libcrypt1 libcrypt-dev linux-libc-dev libgcc-s1
  libglib2.0-0 libglib2.0-dev libffi8 libffi-dev
  libpcre2-8-0 libpcre2-16-0 libpcre2-32-0 libpcre2-posix3 libpcre2-dev
  zlib1g zlib1g-dev libmount1 libmount-dev libblkid1 libblkid-dev
  libselinux1 libselinux1-dev libsepol2 libsepol-dev libuuid1 uuid-dev
  libicu72 libicu-dev libstdc++6"

stamp=$root/.gutf8conv-sysroot
want="$arch $(echo $PACKAGES)"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  exit 0
fi

mkdir -p "$root.state"
state=$(cd "$root.state" && pwd)
mkdir -p "$state/lists/partial" "$state/cache/archives/partial" "$state/debs"
: > "$state/status"

# The host's sources, with a private state: lists, cache, an empty dpkg
# status, and ARCH as the only architecture.
apt_private() {
  apt-get -q \
    -o APT::Architecture="$arch" -o APT::Architectures::="$arch" \
    -o Dir::State="$state" -o Dir::State::Lists="$state/lists" \
    -o Dir::State::status="$state/status" -o Dir::Cache="$state/cache" \
    -o Debug::NoLocking=1 -o APT::Sandbox::User=root \
    "$@"
}

echo "make-sysroot: $arch package lists"
# Some mirrors serve a security list for ppc64el or s390x that fails its
# size check on every update; the release's own lists are enough for GLib,
# so a failure that names only -security lists is a warning.
if ! apt_private update >"$state/update.log" 2>&1; then
  if grep '^E: Failed to fetch' "$state/update.log" | grep -qv -- '-security/' ||
     ! grep -q '^E: Failed to fetch' "$state/update.log"; then
    cat "$state/update.log"
    exit 1
  fi
  echo "make-sysroot: $arch security lists refused by the mirror; the release's lists are used"
fi
echo "make-sysroot: downloading $(echo $PACKAGES | wc -w) packages for $arch"
rm -f "$state/debs"/*.deb
(cd "$state/debs" && apt_private download $PACKAGES) >"$state/download.log" 2>&1 ||
  { cat "$state/download.log"; exit 1; }

rm -rf "$root"
mkdir -p "$root"
for deb in "$state/debs"/*.deb; do
  dpkg -x "$deb" "$root"
done

# Debian 12 is merged-/usr: /lib is a link to usr/lib in an installed
# system, and the dynamic loader's path in every binary is /lib/...
for d in lib bin sbin; do
  if [ -d "$root/usr/$d" ] && [ ! -e "$root/$d" ]; then
    ln -s "usr/$d" "$root/$d"
  fi
done

# Absolute links (libfoo.so -> /lib/ARCH/libfoo.so.1) would point into the
# host: make each relative to where it sits inside the sysroot, by the path
# alone (-s): resolved through the host's own /lib -> usr/lib, libm.so
# pointed at a usr/lib/ARCH/libm.so.6 the sysroot does not have, and the
# linker took ppc64el's static libm.a, which does not link.
find "$root" -type l | while read -r link; do
  target=$(readlink "$link")
  case $target in
    /*)
      dir=$(dirname "${link#"$root"}")
      rel=$(realpath -m -s --relative-to="$dir" "$target")
      ln -sfn "$rel" "$link"
      ;;
  esac
done

echo "$want" > "$stamp"
echo "make-sysroot: $root ready"
