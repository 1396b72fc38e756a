#pragma once

namespace agui::ui {

class WindowServices;

// View > Colouring Rules…: the event list's colouring rules (ui/models/colouringrules.h), read
// from the settings at start, edited in ColouringRulesDialog, saved back and applied at once.
void installColouringRules(WindowServices *window);

} // namespace agui::ui
