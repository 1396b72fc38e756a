#pragma once

#include "core/session/session.h"
#include "ui/models/sessiondocument.h"

#include <QSet>

namespace agui::ui {

// The one adapter between the GUI and core/session: a Session (compact EventStore, linter,
// reducer, checkpoints) plus the little bookkeeping the status bar wants. Built on a worker
// thread when a capture is opened, then handed to the GUI thread; used from one thread at a time.
class EventBacking
{
public:
    qint64 size() const { return m_session.size(); }
    Event event(qint64 seq) const { return m_session.events().event(seq); }
    QByteArray payload(qint64 seq) const { return m_session.events().payload(seq); }
    EventRow row(qint64 seq) const;
    QString summary(qint64 seq) const; // parses the payload: not for paint
    // Everything known about the event: decode diagnostics and linter/reducer findings.
    Diagnostics diagnostics(qint64 seq) const;
    int runCount() const { return int(m_session.current().runCount()); }
    qint64 diagnosticEventCount() const { return m_eventsWithFindings.size(); }

    void append(const Event &event);
    void appendFrame(const DecodedFrame &frame); // the fast path (capture loading)
    void setRunInput(const QJsonObject &input) { m_session.setRunInput(input); }
    void finish();

    const Session &session() const { return m_session; }

private:
    void collectFindings();

    Session m_session;
    mutable EventDecoder m_decoder; // summaries
    QSet<qint64> m_eventsWithFindings;
    qsizetype m_findingsSeen = 0;
};

} // namespace agui::ui
