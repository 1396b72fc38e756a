# Shared by scripts/package-windows.sh and the scripts it runs (sourced, not run).
# Where things go, and a timer for each part.

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cache=${AGUI_WINDOWS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/agui-inspector}
qt_version=6.4.2
qt_prefix=${AGUI_WINDOWS_QT:-$cache/qt-$qt_version-mingw64}
deps_prefix=$cache/deps-mingw64
sources=$cache/sources
toolchain=$repo/cmake/toolchains/mingw-w64-x86_64.cmake
jobs=${AGUI_JOBS:-$(nproc)}

sudo_cmd=()
[ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)

# step NAME COMMAND...: runs COMMAND, prints how long it took, and records it for the summary.
step_log=${step_log:-}
step() {
  local name=$1; shift
  local start=$SECONDS
  echo "== $name"
  "$@"
  local took=$((SECONDS - start))
  printf '   %s: %d min %02d s\n' "$name" $((took / 60)) $((took % 60))
  [ -n "$step_log" ] && printf '%-44s %4d min %02d s\n' "$name" $((took / 60)) $((took % 60)) >>"$step_log"
  return 0
}

# A hash of what decides a cached build: the files and text given, the cross compiler's version.
inputs_key() {
  {
    for f in "$@"; do
      if [ -f "$f" ]; then sha256sum "$f" | cut -d' ' -f1; else echo "$f"; fi
    done
    x86_64-w64-mingw32-g++-posix --version | head -1
  } | sha256sum | cut -d' ' -f1
}
