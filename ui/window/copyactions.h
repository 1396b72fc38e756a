#pragma once

#include <QByteArray>
#include <QList>

namespace agui {
struct RecordedRequest;
}

namespace agui::ui {

class WindowServices;
class SessionDocument;

// Edit > Copy Events as JSON (one event: its JSON as received; several: JSON lines), Copy as
// curl (the request of the selected event's run, credentials left to shell variables), Copy
// JSON Pointer (the field selected in the detail tree); also the event list's context menu.
void installCopyActions(WindowServices *window);

// The selected events' JSON lines, in sequence order (at most kMaxCopiedEvents).
constexpr qsizetype kMaxCopiedEvents = 100000;
QByteArray eventsAsJsonLines(const SessionDocument &document, const QList<qint64> &seqs);

// The recorded request of the run event seq belongs to: the exchange whose RunAgentInput has
// that run's runId, else the only exchange recorded; nullptr when there is none (.sse files).
const RecordedRequest *requestOfEvent(const SessionDocument &document, qint64 seq);

} // namespace agui::ui
