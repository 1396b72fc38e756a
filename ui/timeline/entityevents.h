#pragma once

#include <QList>

namespace agui {
class Session;
struct Message;
struct ToolCall;
} // namespace agui

namespace agui::ui {

// The events that built one message / tool call, for "clicking it selects its events": the
// event that created it, every event in between that names it (its primary id), and the last
// event that changed it. Scans only the entity's own [first, last] range, using the store's
// compact records (no re-decoding), and stops at maxEvents.
QList<qint64> eventsOfMessage(const Session &session, const Message &message,
                              qsizetype maxEvents = 100000);
QList<qint64> eventsOfToolCall(const Session &session, const ToolCall &call,
                               qsizetype maxEvents = 100000);

} // namespace agui::ui
