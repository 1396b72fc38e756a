#!/usr/bin/env bash
# The window's features (ui/window's installers, ui/timeline, the dialogs, the views) see the
# window through WindowServices (ui/window/windowservices.h), never MainWindow: only the window
# itself and the app that creates it include mainwindow.h or name the class.
set -euo pipefail
cd "$1"
hits=$(grep -rnE '#include[[:space:]]*"(ui/window/)?mainwindow\.h"|\bMainWindow\b' ui \
         --include='*.cpp' --include='*.h' \
       | grep -vE '^ui/window/mainwindow\.(h|cpp):' | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' || true)
if [ -n "$hits" ]; then
  echo "ui/ outside the window itself must use WindowServices, not MainWindow:"
  echo "$hits"
  exit 1
fi
echo "only ui/window/mainwindow.{h,cpp} know MainWindow"
