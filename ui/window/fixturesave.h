#pragma once

#include "core/capture/capture.h"

#include <QIODevice>
#include <QString>

namespace agui::ui {

// Save As to a CopilotKit aimock fixture file (docs/fixtures.md): the capture's runs as AG-UI
// fixtures. False with *error when writing failed; *summary says the delayMs chosen for each
// fixture and what the file could not hold, for the status bar.
bool writeAimockFixtures(const Capture &capture, QIODevice &file, QString *error, QString *summary);

// Whether a path names an aimock fixture file (what Save As writes it as).
bool isAimockFixturePath(const QString &path);

} // namespace agui::ui
