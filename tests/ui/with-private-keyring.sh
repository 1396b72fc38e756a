#!/bin/sh
# Runs a command inside a private D-Bus session with its own gnome-keyring (the Secret Service),
# unlocked with a throwaway password, in a temporary home: the test meets a real keychain and
# never the user's.
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export HOME="$tmp" XDG_DATA_HOME="$tmp/data" XDG_CONFIG_HOME="$tmp/config" \
  XDG_CACHE_HOME="$tmp/cache" XDG_RUNTIME_DIR="$tmp/run"
mkdir -p "$XDG_DATA_HOME" "$XDG_CONFIG_HOME" "$XDG_CACHE_HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
dbus-run-session -- sh -c '
  printf %s throwaway | gnome-keyring-daemon --unlock --components=secrets >/dev/null
  exec "$@"' sh "$@"
