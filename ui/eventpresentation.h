#pragma once

#include "core/capture/capture.h"
#include "core/finding/diagnostic.h"
#include "core/protocol/event.h"

#include <QColor>
#include <QIcon>
#include <QString>
#include <QStyle>

namespace agui::ui {

// How events look in every view: one place for the one-line summary, the id column and the
// family colours, so the list, the detail pane and the README screenshots agree.

// One line describing the event (core/protocol/eventsummary.h) for a materialised event.
QString oneLineSummary(const Event &event);

// A colour per family that reads on the given background (light or dark palette).
QColor familyColor(EventFamily family, bool darkBackground);

// The style's message-box icon for a finding's severity: the list, the detail pane and the
// Findings panel mark the same severity the same way.
QStyle::StandardPixmap severityPixmap(Severity severity);
// Those icons, made on first use and kept: models hand one out per row they show.
class SeverityIcons
{
public:
    QIcon operator()(Severity severity) const;

private:
    mutable QIcon m_icons[3];
};

// "12:03:04.567" (local time) for a microsecond Unix timestamp; "" when unknown (-1).
QString formatTime(qint64 receivedAtUs);
// "+12.3 ms", "+1.204 s"; "" when either time is unknown.
QString formatDelta(qint64 deltaUs);

// A recorded run as pickers name it, counted from 1 like the list's Run column: "Run 2
// (runId r2)", or with the request as well, "Run 2: POST http://… (runId r2)". The runId is
// the one the RunAgentInput in the request body asked for, when it names one.
// Raw bytes as text: valid UTF-8 as it is, CR as \r, other control bytes and bytes that are not
// valid UTF-8 as \xNN, so nothing hides behind U+FFFD (plain text: for QPlainTextEdit).
QString rawAsText(const QByteArray &raw);

enum class RunLabelDetail { Short, WithRequest };
QString recordedRunLabel(const RunRecording &run, int index, RunLabelDetail detail);

} // namespace agui::ui
