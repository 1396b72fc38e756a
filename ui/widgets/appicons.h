#pragma once

#include <QIcon>
#include <QString>

namespace agui::ui {

// One of the app's own icons by name ("agui-inspector", "bookmark", "changed", "held"): the SVG
// where the build has Qt SVG, else the PNG sizes rendered from it at build time
// (cmake/AguiIcons.cmake). Callers never name a file.
QIcon appIcon(const QString &name);

} // namespace agui::ui
