#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# valgrind-wrap.sh BUILD_ROOT SUPPRESSIONS COMMAND...: the exe_wrapper of the
# 'valgrind' test setup.  Runs COMMAND under memcheck when it is a program
# built here (the C tests); interpreters running scripts (Python, GJS) are
# run as they are, since their own allocations are not ours to check.
set -eu
root=$1 supp=$2
shift 2
case "$1" in
  "$root"/*)
    if [ "$(head -c 4 "$1" | od -A n -t x1 | tr -d ' ')" = 7f454c46 ]; then
      G_SLICE=always-malloc G_DEBUG=gc-friendly
      export G_SLICE G_DEBUG
      exec valgrind --tool=memcheck --error-exitcode=1 --leak-check=full \
        --errors-for-leak-kinds=definite,possible --show-leak-kinds=definite,possible \
        --suppressions=/usr/share/glib-2.0/valgrind/glib.supp --suppressions="$supp" \
        --num-callers=30 --quiet "$@"
    fi
    ;;
esac
exec "$@"
