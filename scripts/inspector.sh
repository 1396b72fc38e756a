#!/usr/bin/env bash
# README command 1: set up, build (release) and launch the inspector. With no arguments it starts
# the built-in demo agent and connects to it; any arguments are passed on (e.g. a capture file).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
"$here/scripts/setup.sh"
cd "$here"
cmake --preset release >/dev/null
cmake --build --preset release --target agui-inspector
# No arguments: the embedded default, the built-in demo agent served in-process and connected to.
[ $# -eq 0 ] && set -- --demo
exec "$here/build/release/app/gui/agui-inspector" "$@"
