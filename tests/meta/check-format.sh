#!/usr/bin/env bash
# Fails when a C++ file of the project is not formatted with the project's .clang-format.
set -euo pipefail
cd "$1"
files=$(git ls-files -co --exclude-standard -- '*.cpp' '*.h' 2>/dev/null || find app core ui tests bench -name '*.cpp' -o -name '*.h')
bad=0
for f in $files; do
  [ -f "$f" ] || continue
  case "$f" in */node_modules/*|build/*) continue;; esac
  if ! clang-format --dry-run -Werror "$f" >/dev/null 2>&1; then
    echo "not clang-formatted: $f (run: clang-format -i $f)"
    bad=1
  fi
done
[ $bad = 0 ] && echo "all $(echo "$files" | wc -w) C++ files are clang-formatted"
exit $bad
