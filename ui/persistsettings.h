#pragma once

namespace agui::ui {

// Whether the window keeps its settings between launches (and may use the OS keychain for
// credentials). Off for the tests and the screenshot and bench modes, which run with a clean
// slate and must not read or write the user's.
void setPersistSettings(bool persist);
bool persistSettings();

} // namespace agui::ui
