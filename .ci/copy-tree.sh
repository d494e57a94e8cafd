#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
#
#   .ci/copy-tree.sh DEST
#
# Copies the source tree as it is, committed or not, into DEST, without
# git: a tree copied without .git or unpacked from a `meson dist` tarball
# is copied the same way.  Left out: .git, _dev/ (dev.sh's builds and
# chroots), every meson build directory whatever its name (the ones with
# meson-private/), and Python's caches.
set -eu
cd "$(dirname "$0")/.."
dest=$1
mkdir -p "$dest"
tar --anchored --exclude=./.git --exclude=./_dev --exclude-tag-all=meson-private \
    --exclude='*/__pycache__' --exclude='*.pyc' -cf - . | tar -xf - -C "$dest"
