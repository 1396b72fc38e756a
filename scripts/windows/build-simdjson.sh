#!/usr/bin/env bash
# Cross-builds simdjson (Debian 12's source package, 3.0.1) for Windows as a static library into
# $deps_prefix, once while its inputs are the same, as build-qt.sh does for Qt.
set -euo pipefail
source "$(dirname "$0")/common.sh"

src=$sources/simdjson
[ -f "$src/.agui-unpacked" ] || { echo "the simdjson source is missing (fetch-sources.sh simdjson)"; exit 1; }
options=(-DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF -DSIMDJSON_DEVELOPER_MODE=OFF
         -DSIMDJSON_ENABLE_THREADS=ON)
key=$(inputs_key "$sources/dsc/$(cat "$src/.agui-unpacked").dsc" "$toolchain" "${options[*]}")
stamp=$deps_prefix/.agui-key-simdjson
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$key" ]; then
  echo "simdjson for Windows: cached at $deps_prefix"
  exit 0
fi
build=$cache/simdjson-build
rm -rf "$build"
cmake -S "$src" -B "$build" -G Ninja -DCMAKE_TOOLCHAIN_FILE="$toolchain" \
  -DCMAKE_INSTALL_PREFIX="$deps_prefix" "${options[@]}" >"$build.log" 2>&1 || { tail -30 "$build.log"; exit 1; }
cmake --build "$build" --parallel "$jobs" >>"$build.log" 2>&1 || { tail -30 "$build.log"; exit 1; }
cmake --install "$build" >>"$build.log" 2>&1 || { tail -30 "$build.log"; exit 1; }
echo "$key" >"$stamp"
rm -rf "$build" "$build.log"
echo "simdjson for Windows: built into $deps_prefix"
