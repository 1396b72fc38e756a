#!/usr/bin/env bash
# core/ links only Qt Core and Network (CMake checks the link side); this checks the include side.
set -euo pipefail
cd "$1"
hits=$(grep -rnE '#include[[:space:]]*[<"](QtGui|QtWidgets|QWidget|QApplication|QGuiApplication|QPainter|QColor|QPixmap|QImage|QIcon|QFont|QPalette)' core || true)
if [ -n "$hits" ]; then
  echo "core/ must not include Qt Gui or Widgets headers:"
  echo "$hits"
  exit 1
fi
echo "core/ includes no Qt Gui/Widgets header"
