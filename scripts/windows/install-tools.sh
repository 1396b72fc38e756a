#!/usr/bin/env bash
# What the Windows build needs from Debian 12, installed when missing: the mingw-w64 cross
# compiler (POSIX threads, which std::thread and Qt need), NSIS for the installer, Wine and Xvfb to
# run and look at the Windows programs, and the tools that build and unpack Debian source packages.
set -euo pipefail
source "$(dirname "$0")/common.sh"

packages=(g++-mingw-w64-x86-64-posix mingw-w64-tools nsis wine wine64 xvfb xauth dpkg-dev
          cmake ninja-build ccache file)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
