#pragma once

#include "core/capture/capture.h"
#include "core/protocol/event.h"
#include "core/session/eventstore.h"
#include "core/session/filtercompletion.h"

#include <QHash>
#include <QObject>
#include <QString>

#include <memory>

namespace agui {
class CaptureWriter;
class RunRecorder;
class Session;
} // namespace agui

namespace agui::ui {

class EventBacking;

// The GUI's one view of a session: the events received or loaded so far, in sequence order.
// All views read through it, so the storage behind it (core/session's Session and EventStore)
// is reached from one adapter (EventBacking) only. Lives in the GUI thread; a capture is loaded
// into a fresh backing off-thread and swapped in with adopt().
class SessionDocument : public QObject
{
    Q_OBJECT
public:
    explicit SessionDocument(QObject *parent = nullptr);
    ~SessionDocument() override;

    qint64 size() const;
    EventSummary row(qint64 seq) const; // what the list shows and filters on, typed
    // Not event(seq): that would hide QObject::event(QEvent *) (clang's -Woverloaded-virtual).
    Event eventAt(qint64 seq) const;
    QByteArray payload(qint64 seq) const; // the JSON text, without re-decoding
    // The one-line summary (core/protocol/eventsummary.h): parses the event's bytes, so views
    // call it outside paint and cache it (EventListModel).
    QString summary(qint64 seq) const;
    // Times: receive times when the capture has any; otherwise the list shows the events' own
    // "timestamp" (the sender's clock), which timestampUs() parses (not for paint either).
    bool hasReceiveTimes() const;
    qint64 timestampUs(qint64 seq) const; // µs since the epoch, -1 when the event has none
    // Decode diagnostics plus the linter's and reducer's findings about the event.
    Diagnostics diagnostics(qint64 seq) const;
    // The model the events build (runs, messages, tool calls, state) and time travel.
    const Session &session() const;
    // The RunAgentInput of the run whose events come next (seeds messages and state).
    void setRunInput(const QJsonObject &input);
    int runCount() const;
    // The recorded run (index into capture().runs) event seq came from; -1 when unknown.
    int captureRunOf(qint64 seq) const;
    // What a proxy's rewrite rule did to event seq on its way to the front end (docs/proxy.md);
    // nullptr when it went on as the agent sent it.
    const BodyRewrite *rewriteOf(qint64 seq) const;
    // The request of event seq's run when seq is a RUN_STARTED and a proxy's breakpoint on the
    // request changed that request before it went to the agent; nullptr otherwise.
    const RecordedRequest *changedRequestOf(qint64 seq) const;
    // Where a proxy's breakpoints hold the runs' bodies: capture run -> the held event's body
    // offset. That event and the run's events after it have not reached the front end yet.
    void setHeldFrom(const QHash<int, qint64> &heldFrom);
    // Event seq is held at a breakpoint, or waits behind one.
    bool isHeldBack(qint64 seq) const;
    // The names the filter bar completes from: the ids seen so far and the run count, read
    // from whatever backing is current when the completion is asked for.
    FilterVocabulary filterVocabulary() const;
    qint64 diagnosticEventCount() const;
    qint64 firstEventWithError() const; // -1 when no event has an error-level finding
    // The nearest event after (forward) or before `from` with a finding; -1 when none.
    qint64 nearestEventWithFinding(qint64 from, bool forward) const;

    // Appends in arrival order; seq is (re)assigned to the session's running count.
    void appendEvents(const QList<Event> &events);
    // The sink of a live run (the window's, a proxy exchange): the session's Recording keeps
    // its bytes (and `file`, when given, first) and decodes its body as it arrives, on the path
    // a file load takes; eventsAppended and findingsAdded say what it added. A run rewritten by
    // the proxy says so with rewritesChanged.
    std::unique_ptr<RunRecorder> recordRun(CaptureWriter *file = nullptr);
    // Some body bytes of the live runs are in their capture file only (past the in-memory
    // budget, Recording::kDefaultMemoryBudget).
    bool bodySpilled() const;
    void clear();

    // Replaces the contents with a backing built elsewhere (a worker thread; its Recording holds
    // the capture its events were read from): one reset.
    void adopt(std::shared_ptr<EventBacking> backing);
    static std::shared_ptr<EventBacking> createBacking();
    static void appendToBacking(EventBacking &backing, const QList<Event> &events);

    // The recordings behind the events (request, response head, every body chunk), for Save As
    // in the project's capture format. Live runs add theirs as they go.
    const Capture &capture() const;
    Capture &mutableCapture();

    QString sourceName() const { return m_sourceName; }
    void setSourceName(const QString &name) { m_sourceName = name; }

Q_SIGNALS:
    void eventsAppended(qint64 first, qint64 last);
    // Findings from index `first` of session().findings() on were added without new events
    // (a run's body ended truncated: the finding goes on its last event, already shown).
    void findingsAdded(qsizetype first);
    void aboutToReset();
    void resetDone();
    void heldChanged(); // setHeldFrom() changed which events are held back
    void rewritesChanged(); // addRewrite()

private:
    void listenTo(EventBacking &backing); // its recording's news become this document's signals

    std::shared_ptr<EventBacking> m_backing;
    QString m_sourceName;
};

} // namespace agui::ui
