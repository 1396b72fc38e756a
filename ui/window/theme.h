#pragma once

#include <QString>

namespace agui::ui {

// Light and dark palettes. "system" keeps the platform's palette (on desktops whose Qt platform
// theme follows the system's dark mode, the app follows it too; Qt 6.4 has no colour-scheme API
// of its own), "light"/"dark" force Fusion with our palettes. Views re-colour themselves on
// QEvent::PaletteChange.
enum class ThemeMode { System, Light, Dark };

ThemeMode themeModeFromName(const QString &name); // System for anything unknown
QString themeModeName(ThemeMode mode); // "system", "light", "dark"
void applyTheme(ThemeMode mode);
// Puts the platform's style inside AppStyle (standard icons made when first drawn); before the
// first window. applyTheme's styles are AppStyles too.
void installAppStyle();

} // namespace agui::ui
