#!/usr/bin/env bash
# README command 2: set up (apt packages, pinned npm test packages), build with warnings as
# errors, and run the whole test suite; then build the core libraries, the CLI and the GUI with
# clang (warnings as errors too: what one compiler accepts the other must); then build the core,
# the CLI and their tests again with AddressSanitizer + UndefinedBehaviorSanitizer and run those
# (docs/reliability.md says which labels and why). Prints ctest's summaries and exits with the
# first failing status. AGUI_SANITIZERS=0 skips the sanitizer pass, AGUI_CLANG=0 the clang
# build (a quicker local run).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
"$here/scripts/setup.sh" --tests
cd "$here"
# ccache (the top-level CMakeLists uses it when installed): paths below the checkout are hashed as
# relative ones and the working directory is left out of the hash, so a clean clone in another
# folder (CI) reuses what the last build here compiled.
export CCACHE_BASEDIR="$here" CCACHE_NOHASHDIR=true
# Free space before each build, so a build that runs out of disk says how much it had.
disk() { echo "test.sh: before the $1 build, $(df -Ph . | awk 'NR==2 {print $4}') free"; }
disk dev
cmake --preset dev
cmake --build --preset dev
ctest --preset dev "$@"
if [ "${AGUI_CLANG:-1}" != 0 ]; then
  disk clang
  cmake --preset clang
  cmake --build --preset clang
fi
if [ "${AGUI_SANITIZERS:-1}" != 0 ]; then
  disk asan
  cmake --preset asan
  cmake --build --preset asan
  ctest --preset asan "$@"
fi
