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
    EventSummary row(qint64 seq) const { return m_session.events().summary(seq); }
    QString summary(qint64 seq) const; // parses the payload: not for paint
    qint64 timestampUs(qint64 seq) const; // the event's "timestamp" field; parses: not for paint
    // Everything known about the event: decode diagnostics and linter/reducer findings.
    Diagnostics diagnostics(qint64 seq) const;
    int runCount() const { return int(m_session.current().runCount()); }
    // Events with at least one finding (counted as the findings come in, when asked).
    qint64 diagnosticEventCount() const;

    // Which recorded run (an index into the capture's runs) the events from firstSeq on came
    // from, until the next note: told by whoever feeds the session (the loader, live runs).
    void noteCaptureRun(qint64 firstSeq, int run);
    int captureRunOf(qint64 seq) const; // -1 when not told

    void append(const Event &event); // materialised events (tests)
    void setRunInput(const QJsonObject &input) { m_session.setRunInput(input); }
    void finish() { m_session.finish(); }

    const Session &session() const { return m_session; }
    Session &session() { return m_session; } // loaders and live runs append through it

private:
    Session m_session;
    mutable EventDecoder m_decoder; // summaries
    mutable QSet<qint64> m_eventsWithFindings;
    mutable qsizetype m_findingsSeen = 0;
    QList<QPair<qint64, int>> m_runSpans; // (first seq, capture run), one per change of run
};

} // namespace agui::ui
