#!/usr/bin/env bash
# Issue 12's benchmark table in one command (bench/README.md): configures and builds the Release
# tree (preset "bench", build/bench), generates the inputs, runs every benchmark one at a time
# and prints the table (also written as JSON to bench/results/).
#
#   bench/run.sh                  every row
#   bench/run.sh lint gui-open    only these rows (bench_run list names them)
#   bench/run.sh --callgrind      also instruction counts of rows 1-5 (slow: valgrind)
#   bench/run.sh --no-build       measure the tree as it is
#
# Environment: BENCH_RUNS (repetitions per figure, default 3), BENCH_STARTUP_RUNS (11),
# BENCH_CLIENT_CAP_S (900), BENCH_SCALE (1m, the default, or 100k for a quick run),
# AGUI_BUILD_WRAPPER (a command the configure and build steps run under, e.g. a lock on a shared
# machine; the benchmarks themselves never run under it).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"

build=1
callgrind=0
rows=()
for arg in "$@"; do
  case "$arg" in
    --callgrind) callgrind=1 ;;
    --no-build) build=0 ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "bench/run.sh: unknown option $arg" >&2; exit 2 ;;
    *) rows+=("$arg") ;;
  esac
done

# shellcheck disable=SC2206 # the wrapper is a command with arguments
wrapper=(${AGUI_BUILD_WRAPPER:-})
if [ $build = 1 ]; then
  "${wrapper[@]}" cmake --preset bench >/dev/null
  "${wrapper[@]}" cmake --build --preset bench
fi

bench_run=build/bench/bench/bench_run
filter=()
if [ ${#rows[@]} -gt 0 ]; then
  filter=(-R "^bench_($(IFS='|'; echo "${rows[*]}")|report)\$")
else
  "$bench_run" clean # a full run: no row of an older build in the table
fi
if [ $callgrind = 1 ]; then
  ctest --preset bench-callgrind
fi
ctest --preset bench "${filter[@]}"
