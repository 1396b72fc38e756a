#pragma once

#include "core/recording/recording.h"
#include "core/session/session.h"
#include "ui/models/sessiondocument.h"

#include <QSet>

namespace agui::ui {

// The one adapter between the GUI and the core's Recording (its Session: compact EventStore,
// linter, reducer, checkpoints; its capture; the runs the events came from) plus the little
// bookkeeping the status bar wants. Built on a worker thread when a capture is opened, then
// handed to the GUI thread; used from one thread at a time.
class EventBacking
{
public:
    EventBacking();
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
    void noteCaptureRun(qint64 firstSeq, int run) { m_recording->noteCaptureRun(firstSeq, run); }
    int captureRunOf(qint64 seq) const { return m_recording->captureRunOf(seq); }

    void append(const Event &event); // materialised events (tests)
    void finish() { m_session.finish(); }

    const Session &session() const { return m_session; }
    Session &session() { return m_session; } // loaders append through it
    const Recording &recording() const { return *m_recording; }
    Recording &recording() { return *m_recording; }

private:
    std::shared_ptr<Recording> m_recording; // shared: a live run's sink holds it weakly
    Session &m_session; // the recording's
    mutable EventDecoder m_decoder; // summaries
    mutable QSet<qint64> m_eventsWithFindings;
    mutable qsizetype m_findingsSeen = 0;
};

} // namespace agui::ui
