#!/usr/bin/env bash
# README command 2: set up (apt packages, pinned npm test packages), build with warnings as
# errors, and run the whole test suite; then build the core, the CLI and their tests with
# AddressSanitizer + UndefinedBehaviorSanitizer (the "asan" preset) and run those tests again
# (docs/reliability.md says what is left out of that run and why). Arguments go to both ctest
# runs. Prints each ctest summary; exits non-zero if either run failed.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
"$here/scripts/setup.sh" --tests
cd "$here"
status=0
cmake --preset dev
cmake --build --preset dev
ctest --preset dev "$@" || status=$?

echo "== the same core, CLI and net tests under ASan + UBSan (asan preset) =="
cmake --preset asan
cmake --build --preset asan
ctest --preset asan "$@" || status=$?
exit "$status"
