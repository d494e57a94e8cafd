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
      # Valgrind's report goes to a file, shown without the five lines
      # Debian 12's valgrind prints for every pidfd_open() (syscall 434,
      # which GLib's child watch uses), so that real reports stand out.
      log=$(mktemp)
      status=0
      valgrind --tool=memcheck --error-exitcode=1 --leak-check=full \
        --errors-for-leak-kinds=definite,possible --show-leak-kinds=definite,possible \
        --suppressions=/usr/share/glib-2.0/valgrind/glib.supp --suppressions="$supp" \
        --num-callers=30 --quiet --log-file="$log" "$@" || status=$?
      grep -v -e 'unhandled amd64-linux syscall: 434' \
              -e 'You may be able to write your own handler' \
              -e 'README_MISSING_SYSCALL_OR_IOCTL' \
              -e 'Nevertheless we consider this a bug' \
              -e 'valgrind.org/support/bug_reports.html' "$log" >&2 || true
      rm -f "$log"
      exit "$status"
    fi
    ;;
esac
exec "$@"
