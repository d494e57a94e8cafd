#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# test-completion.sh COMPLETION TOOL: the bash completion of gutf8conv
# against the tool's own --help (TAP).  The options and values offered must
# be exactly those --help lists, and each value must be one the tool takes.
set -u
completion=$1 tool=$2
# shellcheck source=/dev/null
. "$completion"

n=0 failed=0
check() {  # check NAME EXPECTED ACTUAL
  n=$((n + 1))
  if [ "$2" = "$3" ]; then
    echo "ok $n - $1"
  else
    echo "not ok $n - $1"
    echo "#   expected: $2"
    echo "#   got:      $3"
    failed=1
  fi
}

# complete WORD...: what completing the last WORD offers, sorted, on one line.
complete_words() {
  COMP_WORDS=("$@")
  COMP_CWORD=$(($# - 1))
  COMPREPLY=()
  _gutf8conv 2>/dev/null
  printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ' | sed 's/ $//'
}

help=$(LC_ALL=C "$tool" --help)
# The completion asks the tool on PATH for the names of -f and -t.
PATH=$(cd "$(dirname "$tool")" && pwd):$PATH
sorted() { tr ' ' '\n' | grep -v '^$' | sort | tr '\n' ' ' | sed 's/ $//'; }

# Every option --help lists in its option lines, and nothing else (the
# "=" marks an option that takes a value).
want=$(printf '%s\n' "$help" | grep -E '^ +-' | sed -E 's/^ +//; s/  .*//' |
       grep -oE '(^|[ ,])--?[a-z0-9-]+(=[A-Z]+)?' |
       sed -E 's/^[ ,]//; s/=[A-Z]+$/=/' | sort -u | tr '\n' ' ')
want=$(printf '%s' "$want" | sorted)
check "every option of --help, and only those" "$want" "$(complete_words gutf8conv -)"
check "a prefix completes to its option" "--profile=" "$(complete_words gutf8conv --pro)"

# The values of each option, from its --help line ("ORDER  text: a, b (default ...), c").
for opt in byte-order bom on-error profile; do
  line=$(printf '%s\n' "$help" | grep -E "^ +--$opt=")
  values=$(printf '%s\n' "${line#*: }" | sed -E 's/ \([^)]*\)//g; s/,/ /g' | sorted)
  check "--$opt= offers what --help lists" "$values" "$(complete_words gutf8conv "--$opt" =)"
  check "--$opt VALUE (a separate word) offers the same" "$values" "$(complete_words gutf8conv "--$opt" "")"
  for v in $values; do
    n=$((n + 1))
    if "$tool" "--$opt=$v" </dev/null >/dev/null 2>&1; then
      echo "ok $n - the tool takes --$opt=$v"
    else
      echo "not ok $n - the tool refuses --$opt=$v"
      failed=1
    fi
  done
done
check "a value prefix" "replace" "$(complete_words gutf8conv --on-error = rep)"
check "a value prefix, separate word" "strip" "$(complete_words gutf8conv --bom st)"

# -f and -t: the names --list prints, in both forms, any case.
names=$("$tool" --list | sorted)
for opt in -f --from-code -t --to-code; do
  check "$opt NAME offers what --list prints" "$names" "$(complete_words gutf8conv "$opt" "")"
done
check "--from-code= offers what --list prints" "$names" "$(complete_words gutf8conv --from-code =)"
check "--to-code= with a prefix" "UTF-32 UTF-32BE UTF-32LE" "$(complete_words gutf8conv --to-code = UTF-3)"
check "-t with a lower-case prefix" "cesu-8" "$(complete_words gutf8conv -t ces)"
for name in $names; do
  n=$((n + 1))
  if "$tool" -f "$name" </dev/null >/dev/null 2>&1 || "$tool" -t "$name" </dev/null >/dev/null 2>&1; then
    echo "ok $n - the tool takes the name $name"
  else
    echo "not ok $n - the tool refuses the name $name"
    failed=1
  fi
done
check "a value after other options" "cesu8" \
  "$(complete_words gutf8conv --repair --profile = ce)"

# Files: after -o, and as operands.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
: >"$dir/input-a.txt"
: >"$dir/input-b.txt"
check "-o completes file names" "$dir/input-a.txt $dir/input-b.txt" \
  "$(complete_words gutf8conv -o "$dir/in")"
check "operands complete file names" "$dir/input-b.txt" \
  "$(complete_words gutf8conv --to-utf8 "$dir/input-b")"
check "--output FILE completes file names" "$dir/input-a.txt $dir/input-b.txt" \
  "$(complete_words gutf8conv --output "$dir/in")"
check "--output=FILE completes file names" "$dir/input-a.txt $dir/input-b.txt" \
  "$(complete_words gutf8conv --output = "$dir/in")"
# A value, not a file name, after an option that takes one.
cd "$dir" || exit 1
check "a value, no file names, after --bom and a space" "insert" "$(complete_words gutf8conv --bom in)"
cd - >/dev/null || exit 1

echo "1..$n"
exit $failed
