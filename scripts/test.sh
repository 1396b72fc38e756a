#!/usr/bin/env bash
# README command 2: set up (apt packages, pinned npm test packages), build with warnings as
# errors, and run the whole test suite; prints ctest's summary and exits with its status.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
"$here/scripts/setup.sh" --tests
cd "$here"
cmake --preset dev
cmake --build --preset dev
ctest --preset dev "$@"
