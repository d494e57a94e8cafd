#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# check-pot.sh SRCROOT WORKDIR
#
# The message catalog of the library and the tool: regenerates it from the sources listed in
# po/POTFILES and checks that po/gutf8conv.pot, the template translators
# start from, has exactly the same messages.  When it fails, run
# `ninja -C _build gutf8conv-pot` and commit po/gutf8conv.pot.  TAP.
set -u
src=$1 work=$2
if ! command -v xgettext >/dev/null || ! command -v msgcmp >/dev/null; then
  echo "1..0 # SKIP xgettext/msgcmp not installed (Debian: gettext)"
  exit 0
fi
echo "1..3"
mkdir -p "$work"

# 1. Every source that marks messages is in POTFILES.
missing=""
for f in $(cd "$src" && grep -lE '(^|[^A-Za-z0-9_])N?_\("' tools/*.c gutf8conv/*.c gutf8conv/kernels/*.c); do
  grep -qx "$f" "$src/po/POTFILES" || missing="$missing $f"
done
if [ -z "$missing" ]; then
  echo "ok 1 - po/POTFILES lists every source with translatable messages"
else
  echo "not ok 1 - po/POTFILES lacks:$missing"
fi

# 2. The catalog regenerates (the keywords GLib's gettext preset uses).
if xgettext --from-code=UTF-8 --add-comments=Translators --keyword=_ --keyword=N_ \
     --keyword=C_:1c,2 --keyword=NC_:1c,2 --flag=N_:1:pass-c-format \
     --directory="$src" --files-from="$src/po/POTFILES" --package-name=gutf8conv \
     -o "$work/regenerated.pot" 2>"$work/xgettext.log" &&
   [ "$(grep -c '^msgid "[^"]' "$work/regenerated.pot")" -ge 10 ]; then
  echo "ok 2 - xgettext extracts the library's and the tool's messages ($(grep -c '^msgid "[^"]' "$work/regenerated.pot"))"
else
  echo "not ok 2 - xgettext extracts the library's and the tool's messages"
  sed 's/^/# /' "$work/xgettext.log"
fi

# 3. The committed template has the same messages, neither more nor fewer.
if msgcmp --use-untranslated "$work/regenerated.pot" "$src/po/gutf8conv.pot" >"$work/cmp.log" 2>&1 &&
   msgcmp --use-untranslated "$src/po/gutf8conv.pot" "$work/regenerated.pot" >>"$work/cmp.log" 2>&1; then
  echo "ok 3 - po/gutf8conv.pot is up to date"
else
  echo "not ok 3 - po/gutf8conv.pot is out of date: ninja gutf8conv-pot, then commit it"
  sed 's/^/# /' "$work/cmp.log"
fi
