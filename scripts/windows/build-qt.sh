#!/usr/bin/env bash
# usage: build-qt.sh [--check]    (--check: exit 0 when cached for these inputs, 1 when not)
#
# Cross-builds Qt 6.4.2 (qtbase: Core, Gui, Widgets, Network, Concurrent, Test) for 64-bit Windows
# from Debian 12's source package, once: the result is kept at $qt_prefix and used again while
# the inputs that decide it (the source package, the options, the toolchain file, the compiler)
# are the same. Debian's own Qt is the host Qt (moc, rcc, uic run on this machine).
#
# Options, and why:
# - the bundled zlib, PCRE2, FreeType, HarfBuzz, libpng, libjpeg, double-conversion and md4c
#   (src/3rdparty/, kept in Debian's source): nothing of the build machine goes into Windows DLLs;
# - Schannel, the Windows TLS, instead of OpenSSL: https without shipping a TLS library;
# - no tablet events: Debian's source leaves out src/3rdparty/wintab, which they need;
# - OpenGL stays on, loaded at run time (dynamic): Qt 6.4.2's Windows platform plugin does not
#   compile without it, and the inspector draws with the raster engine all the same;
# - no SQL, D-Bus, print support, Vulkan, zstd: the inspector uses none of them.
set -euo pipefail
source "$(dirname "$0")/common.sh"

src=$sources/qt6-base
[ -f "$src/.agui-unpacked" ] || { echo "the qt6-base source is missing (fetch-sources.sh qt6-base)"; exit 1; }
qt_options=(
  -DCMAKE_BUILD_TYPE=Release
  -DQT_HOST_PATH=/usr -DQT_HOST_PATH_CMAKE_DIR=/usr/lib/x86_64-linux-gnu/cmake
  -DQT_BUILD_EXAMPLES=OFF -DQT_BUILD_TESTS=OFF -DQT_BUILD_BENCHMARKS=OFF
  -DFEATURE_pkg_config=OFF -DFEATURE_sql=OFF -DFEATURE_dbus=OFF -DFEATURE_printsupport=OFF
  -DFEATURE_opengl_dynamic=ON -DFEATURE_tabletevent=OFF -DFEATURE_zstd=OFF -DFEATURE_vulkan=OFF
  -DFEATURE_schannel=ON -DFEATURE_openssl=OFF
  -DFEATURE_system_zlib=OFF -DFEATURE_system_pcre2=OFF -DFEATURE_system_freetype=OFF
  -DFEATURE_system_harfbuzz=OFF -DFEATURE_system_png=OFF -DFEATURE_system_jpeg=OFF
  -DFEATURE_system_doubleconversion=OFF -DFEATURE_system_textmarkdownreader=OFF
)
# What decides the result: the source package, these options, the toolchain file, the compiler.
key=$(inputs_key "$sources/dsc/$(cat "$src/.agui-unpacked").dsc" "$toolchain" "${qt_options[*]}")
if [ -f "$qt_prefix/.agui-key" ] && [ "$(cat "$qt_prefix/.agui-key")" = "$key" ]; then
  [ "${1:-}" = --check ] || echo "Qt $qt_version for Windows: cached at $qt_prefix"
  exit 0
fi
[ "${1:-}" = --check ] && exit 1 # asked only whether it is cached

build=$cache/qt-build
rm -rf "$build" "$qt_prefix"
mkdir -p "$build"
echo "configuring Qt $qt_version for Windows (log: $build/configure.log)"
cmake -S "$src" -B "$build" -G Ninja -DCMAKE_TOOLCHAIN_FILE="$toolchain" \
  -DCMAKE_INSTALL_PREFIX="$qt_prefix" "${qt_options[@]}" >"$build/configure.log" 2>&1 || { tail -40 "$build/configure.log"; exit 1; }
echo "building Qt $qt_version for Windows with $jobs jobs (log: $build/build.log)"
cmake --build "$build" --parallel "$jobs" >"$build/build.log" 2>&1 || { tail -40 "$build/build.log"; exit 1; }
cmake --install "$build" >"$build/install.log" 2>&1 || { tail -40 "$build/install.log"; exit 1; }
echo "$key" >"$qt_prefix/.agui-key"
rm -rf "$build" # about 2 GB; the installed prefix is what is kept
echo "Qt $qt_version for Windows: built into $qt_prefix ($(du -sh "$qt_prefix" | cut -f1))"
