#pragma once

#include <QList>
#include <QString>

namespace agui::ui {

class WindowServices;

// Keyboard navigation, installed after every tab exists: the Go menu (go to event Ctrl+G,
// next/previous event with a finding F8/Shift+F8, next/previous run Alt+Down/Alt+Up), a Ctrl+1…
// shortcut per tab in the View menu, and Help > Keyboard Shortcuts (F1), which lists every menu
// action with a shortcut: the menus are the one source of that list.
void installNavigationActions(WindowServices *window);

// Every menu action with a shortcut, as Help > Keyboard Shortcuts lists it.
struct ShortcutEntry
{
    QString keys; // "Ctrl+G" (several separated by ", ")
    QString action; // without mnemonics
    QString menu; // "Go", "View › Show Tab"
};
QList<ShortcutEntry> menuShortcuts(const WindowServices *window);

} // namespace agui::ui
