#!/usr/bin/env bash
# What differs between Linux, Windows and macOS lives in core/platform (one header per concern, a
# posix/ and a windows/ implementation the build picks). Elsewhere in the product no file includes
# a system's own headers or asks which system it is built for. The one exception: app/cli/forward,
# which the build compiles only where a process can be replaced by another (exec, not Windows).
# Nor does any declare a `thread_local`: one with a destructor crashes at thread exit in the
# Windows build (core/platform/threadlocal.h says why); platform::threadLocal<T>() is the way.
set -euo pipefail
cd "$1"
pattern='#include[[:space:]]*<(windows|unistd|fcntl|io|malloc|psapi|winsock2|wincred|signal|csignal|dlfcn)\.h>|#include[[:space:]]*<csignal>|#include[[:space:]]*<sys/|Q_OS_(WIN|UNIX|LINUX|MACOS|DARWIN)|defined\(__linux__\)|_WIN32|__GLIBC__|__APPLE__|\bthread_local\b'
hits=$(grep -rnE "$pattern" core ui app --include='*.cpp' --include='*.h' \
       | grep -v '^core/platform/' | grep -v '^app/cli/forward/' || true)
if [ -n "$hits" ]; then
  echo "system-specific code outside core/platform:"
  echo "$hits"
  exit 1
fi
echo "system-specific code only in core/platform"
