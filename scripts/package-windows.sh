#!/usr/bin/env bash
# Builds the Windows installer and the portable zip on Debian 12, and tests them under Wine:
#
#   ./scripts/package-windows.sh [--linux-build DIR] [--if-qt-cached]
#
# 1. installs what is missing (what the native build and its tests need, scripts/setup.sh --tests:
#    Debian's Qt is the host Qt of the cross build; mingw-w64, NSIS, Wine, Xvfb:
#    scripts/windows/install-tools.sh);
# 2. fetches Debian's source packages of Qt and simdjson (and tries Qt SVG's and qtkeychain's);
# 3. cross-builds Qt 6.4.2 and simdjson from them once, into ~/.cache/agui-inspector (used again
#    while their inputs are unchanged; the first Qt build is the long part: packaging/README.md);
# 4. builds the Linux programs the checks compare with (or takes them from --linux-build DIR, a
#    build tree of this checkout that has agui-inspect, agui-inspector and agui_render_icon);
# 5. cross-builds the inspector, the CLI and the core and CLI tests (build/windows);
# 6. runs those tests under Wine (ctest -L windows);
# 7. writes build/windows/agui-inspector-<version>-win64-setup.exe and -win64.zip;
# 8. installs the installer silently into a fresh Wine prefix and checks the installed programs
#    against the Linux ones, then uninstalls (tests/windows/check-installer.sh).
# Prints how long each part took. Exits non-zero when any part fails. --if-qt-cached (CI): when
# Qt for Windows is not in the cache for these inputs, say so and stop (exit 0) instead of
# spending the half hour its build takes.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
step_log=$(mktemp); trap 'rm -f "$step_log"' EXIT
source "$here/windows/common.sh"

linux_build=""
if_qt_cached=0
while [ $# -gt 0 ]; do
  case "$1" in
    --linux-build) linux_build=$(cd "$2" && pwd); shift 2 ;;
    --if-qt-cached) if_qt_cached=1; shift ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    *) echo "package-windows.sh: unknown option $1 (--help)"; exit 2 ;;
  esac
done
out=$repo/build/windows
started=$SECONDS
skip_without_qt() {
  echo "package-windows.sh: skipped: Qt $qt_version for Windows is not in $qt_prefix for these inputs;"
  echo "  ./scripts/package-windows.sh builds it once (packaging/README.md gives the time it takes)"
  exit 0
}
[ $if_qt_cached = 1 ] && [ ! -f "$qt_prefix/.agui-key" ] && skip_without_qt

install_tools() {
  # What the native build and the tests need (Debian's Qt is also the host Qt of the cross
  # build; the pinned npm packages hold test data the Windows tests read too).
  "$repo/scripts/setup.sh" --tests
  "$here/windows/install-tools.sh"
}
step "install the tools" install_tools
step "fetch Debian's sources" "$here/windows/fetch-sources.sh" qt6-base simdjson qt6-svg qtkeychain
[ $if_qt_cached = 1 ] && ! "$here/windows/build-qt.sh" --check && skip_without_qt
step "Qt $qt_version for Windows" "$here/windows/build-qt.sh"
step "simdjson for Windows" "$here/windows/build-simdjson.sh"

build_linux() {
  cmake --preset release >/dev/null
  cmake --build --preset release --target agui-inspect agui-inspector agui_render_icon
  linux_build=$repo/build/release
}
[ -n "$linux_build" ] || step "the Linux programs to compare with" build_linux
for f in app/cli/agui-inspect app/gui/agui-inspector agui_render_icon; do
  [ -x "$linux_build/$f" ] || { echo "missing in $linux_build: $f"; exit 1; }
done

# What was built without: said, not hidden.
[ -f "$sources/qt6-svg/.agui-unpacked" ] \
  || echo "note: Qt SVG's source could not be fetched: the Windows build shows its icons as PNGs rendered at build time"
[ -f "$sources/qtkeychain/.agui-unpacked" ] \
  || echo "note: qtkeychain's source could not be fetched: credentials go to the Windows Credential Manager directly (core/platform)"

licenses="Qt-LGPL-3.0=$sources/qt6-base/LICENSES/LGPL-3.0-only.txt;Qt-GPL-3.0=$sources/qt6-base/LICENSES/GPL-3.0-only.txt"
licenses+=";simdjson=$sources/simdjson/LICENSE;mingw-w64-runtime=/usr/share/doc/mingw-w64-common/copyright"
licenses+=";gcc-runtime=/usr/share/doc/gcc-mingw-w64-base/copyright"
cross_build() {
  cmake -S "$repo" -B "$out" -G Ninja \
    -DCMAKE_TOOLCHAIN_FILE="$qt_prefix/lib/cmake/Qt6/qt.toolchain.cmake" \
    -DQT_CHAINLOAD_TOOLCHAIN_FILE="$toolchain" \
    -DQT_HOST_PATH=/usr -DQT_HOST_PATH_CMAKE_DIR=/usr/lib/x86_64-linux-gnu/cmake \
    -DCMAKE_PREFIX_PATH="$deps_prefix" -DAGUI_WINDOWS_PREFIXES="$deps_prefix" \
    -DCMAKE_BUILD_TYPE=Release -DAGUI_WERROR=ON -DAGUI_BUILD_BENCH=OFF \
    -DAGUI_TEST_AREAS="platform;json;wire;protocol;session;recording;conformance;a2ui;capture;ingest;analysis;agent;intercept;net;mcp;cli" \
    -DAGUI_HOST_RENDER_ICON="$linux_build/agui_render_icon" \
    -DAGUI_THIRD_PARTY_LICENSES="$licenses" >"$out.configure.log" 2>&1 \
    || { tail -40 "$out.configure.log"; return 1; }
  cmake --build "$out" --parallel "$jobs" >"$out.build.log" 2>&1 || { grep -E -A5 "error|FAILED" "$out.build.log" | head -60; return 1; }
  echo "built: $(grep -c '^\[' "$out.build.log") steps (log: $out.build.log)"
}
mkdir -p "$out"
step "cross-build the inspector and its tests" cross_build

# Wine: a prefix of the tests' own, no console pop-ups, no .NET or HTML engine to install; the
# Qt and GCC runtime DLLs found where they were built.
export WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
to_windows_path() { echo "Z:${1//\//\\}"; }
gcc_runtime=$(dirname "$(x86_64-w64-mingw32-g++-posix -print-file-name=libstdc++-6.dll)")
winpthread=$(dirname "$(x86_64-w64-mingw32-g++-posix -print-file-name=libwinpthread-1.dll)")
windows_tests() {
  export WINEPREFIX=$out/wine-tests
  rm -rf "$WINEPREFIX"
  wineboot -i >/dev/null 2>&1
  export WINEPATH="$(to_windows_path "$qt_prefix/bin");$(to_windows_path "$gcc_runtime");$(to_windows_path "$winpthread")"
  ctest --test-dir "$out" -L windows --output-on-failure -j "$jobs"
  wineserver -k || true
  echo "left out under Wine, and why:"
  sed 's/^/  /' "$out/tests-not-under-wine.txt"
}
step "the Windows tests under Wine" windows_tests

package() {
  (cd "$out" && cpack -G NSIS -B "$out/packages" >"$out/cpack-nsis.log" 2>&1) || { tail -30 "$out/cpack-nsis.log"; return 1; }
  (cd "$out" && cpack -G ZIP -B "$out/packages" >"$out/cpack-zip.log" 2>&1) || { tail -30 "$out/cpack-zip.log"; return 1; }
  mv "$out"/packages/*-win64-setup.exe "$out"/packages/*-win64.zip "$out/"
  # The zip holds the installer's tree, file for file.
  local staged
  staged=$(ls -d "$out"/packages/_CPack_Packages/win64/NSIS/*-win64-setup/)
  diff <(cd "$staged" && find . -type f | sed 's|^\./||' | sort) \
       <(cmake -E tar tf "$out"/*-win64.zip | grep -v '/$' | sed 's|^[^/]*/||' | sort) \
    || { echo "the zip and the installer hold different files"; return 1; }
  echo "the installer and the zip hold the same $(cd "$staged" && find . -type f | wc -l) files"
}
step "the installer and the zip" package
setup=$(ls "$out"/agui-inspector-*-win64-setup.exe)
zip=$(ls "$out"/agui-inspector-*-win64.zip)
step "install, check and uninstall under Wine" \
  "$repo/tests/windows/check-installer.sh" "$setup" "$linux_build" "$repo" "$out/installer-check"

echo
echo "Windows packages:"
echo "  $setup ($(du -h "$setup" | cut -f1))"
echo "  $zip ($(du -h "$zip" | cut -f1))"
echo "Time taken:"
cat "$step_log"
total=$((SECONDS - started))
printf '%-44s %4d min %02d s\n' "in all" $((total / 60)) $((total % 60))
