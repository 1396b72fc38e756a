#pragma once

namespace agui::ui {

class MainWindow;

// View > Colouring Rules…: the event list's colouring rules (ui/models/colouringrules.h), read
// from the settings at start, edited in ColouringRulesDialog, saved back and applied at once.
void installColouringRules(MainWindow *window);

} // namespace agui::ui
