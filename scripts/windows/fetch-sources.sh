#!/usr/bin/env bash
# usage: fetch-sources.sh PACKAGE...
# Fetches Debian 12's source packages (the .dsc and its files) into the cache and unpacks each
# with its Debian patches applied (dpkg-source -x), at sources/PACKAGE. A source package is named
# by the deb-src twin of the system's own apt sources, in a private apt configuration under the
# cache: the system's sources are never edited. A package whose files cannot be fetched is
# reported and left out (exit 0); the caller decides what that means.
set -euo pipefail
source "$(dirname "$0")/common.sh"

apt_dir=$cache/apt
mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$apt_dir/sources.list.d" "$sources"
# deb-src twins of every deb entry the system uses (deb822 .sources files and one-line lists).
: >"$apt_dir/sources.list.d/debian.sources"
for f in /etc/apt/sources.list.d/*.sources; do
  [ -f "$f" ] && sed 's/^Types:.*$/Types: deb-src/' "$f" >>"$apt_dir/sources.list.d/debian.sources" && echo >>"$apt_dir/sources.list.d/debian.sources"
done
: >"$apt_dir/sources.list"
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
  [ -f "$f" ] && grep -E '^deb ' "$f" | sed 's/^deb /deb-src /' >>"$apt_dir/sources.list" || true
done
apt_opts=(-o "Dir::Etc::SourceList=$apt_dir/sources.list" -o "Dir::Etc::SourceParts=$apt_dir/sources.list.d"
          -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache" -o "APT::Sandbox::User=root")
# Source indexes are fetched again once a day at most.
stamp=$apt_dir/lists/.updated
if [ ! -f "$stamp" ] || [ -n "$(find "$stamp" -mmin +1440)" ]; then
  apt-get -qq "${apt_opts[@]}" update
  touch "$stamp"
fi

for package in "$@"; do
  dir=$sources/$package
  if [ -f "$dir/.agui-unpacked" ]; then
    echo "$package: $(cat "$dir/.agui-unpacked") (cached)"
    continue
  fi
  work=$sources/.download-$package
  rm -rf "$work"; mkdir -p "$work"
  if ! (cd "$work" && apt-get -qq "${apt_opts[@]}" source --download-only "$package" >"$work/log" 2>&1); then
    echo "$package: cannot be fetched: $(grep -m1 -oE '(404|403|Unable to find)[^[]*' "$work/log" || tail -1 "$work/log")"
    continue
  fi
  dsc=$(ls "$work"/*.dsc)
  rm -rf "$dir"
  dpkg-source --no-check -x "$dsc" "$dir" >/dev/null
  mkdir -p "$sources/dsc"
  cp "$dsc" "$sources/dsc/"
  basename "$dsc" .dsc >"$dir/.agui-unpacked"
  rm -rf "$work"
  echo "$package: $(cat "$dir/.agui-unpacked")"
done
