#pragma once

#include "core/protocol/event.h"

#include <QColor>
#include <QString>

namespace agui::ui {

// How events look in every view: one place for the one-line summary, the id column and the
// family colours, so the list, the detail pane and the README screenshots agree.

// One line describing the event (core/protocol/eventsummary.h) for a materialised event.
QString oneLineSummary(const Event &event);

// A colour per family that reads on the given background (light or dark palette).
QColor familyColor(EventFamily family, bool darkBackground);

// "12:03:04.567" (local time) for a microsecond Unix timestamp; "" when unknown (-1).
QString formatTime(qint64 receivedAtUs);
// "+12.3 ms", "+1.204 s"; "" when either time is unknown.
QString formatDelta(qint64 deltaUs);

} // namespace agui::ui
