#include "ui/models/sessiondocument.h"

#include "ui/models/eventbacking.h"

#include "core/protocol/eventsummary.h"
#include "core/recording/runrecorder.h"

#include <algorithm>
#include <cmath>

namespace agui::ui {

QString EventBacking::summary(qint64 seq) const
{
    const EventStore &store = m_session.events();
    const EventView view = store.view(seq, m_decoder);
    return eventSummary(view.type, view.json, store.diagnostics(seq), store.payloadView(seq));
}

qint64 EventBacking::timestampUs(qint64 seq) const
{
    const json::JsonView t = m_session.events().view(seq, m_decoder).json.value("timestamp");
    // Milliseconds since the epoch (the protocol's BaseEvent.timestamp).
    return t.isDouble() && t.toDouble() >= 0 ? qint64(std::llround(t.toDouble() * 1000.0)) : -1;
}

Diagnostics EventBacking::diagnostics(qint64 seq) const
{
    Diagnostics out;
    for (const Finding &f : m_session.findingsAt(seq))
        out.append(f.diagnostic);
    return out;
}

qint64 EventBacking::diagnosticEventCount() const
{
    const Findings &all = m_session.findings();
    for (; m_findingsSeen < all.size(); ++m_findingsSeen) {
        if (all.at(m_findingsSeen).eventIndex >= 0)
            m_eventsWithFindings.insert(all.at(m_findingsSeen).eventIndex);
    }
    return m_eventsWithFindings.size();
}

EventBacking::EventBacking()
    : m_recording(std::make_shared<Recording>())
    , m_session(m_recording->session())
{ }

void EventBacking::append(const Event &event)
{
    m_session.append(event);
}

SessionDocument::SessionDocument(QObject *parent)
    : QObject(parent)
    , m_backing(createBacking())
{
    listenTo(*m_backing);
}

SessionDocument::~SessionDocument()
{
    m_backing->recording().setListener({}); // a run's sink may outlive the document
}

void SessionDocument::listenTo(EventBacking &backing)
{
    backing.recording().setListener(
        {[this](qint64 first, qint64 last) { Q_EMIT eventsAppended(first, last); },
         [this](qsizetype first) { Q_EMIT findingsAdded(first); },
         [this] { Q_EMIT rewritesChanged(); }});
}

std::unique_ptr<RunRecorder> SessionDocument::recordRun(CaptureWriter *file)
{
    return m_backing->recording().recordRun(file);
}

bool SessionDocument::bodySpilled() const
{
    return m_backing->recording().bodySpilled();
}

const Capture &SessionDocument::capture() const
{
    return m_backing->recording().capture();
}

Capture &SessionDocument::mutableCapture()
{
    return m_backing->recording().mutableCapture();
}

std::shared_ptr<EventBacking> SessionDocument::createBacking()
{
    return std::make_shared<EventBacking>();
}

void SessionDocument::appendToBacking(EventBacking &backing, const QList<Event> &events)
{
    for (const Event &e : events)
        backing.append(e);
}

qint64 SessionDocument::size() const
{
    return m_backing->size();
}

Diagnostics SessionDocument::diagnostics(qint64 seq) const
{
    return m_backing->diagnostics(seq);
}

QByteArray SessionDocument::payload(qint64 seq) const
{
    return m_backing->payload(seq);
}

const Session &SessionDocument::session() const
{
    return m_backing->session();
}

void SessionDocument::setRunInput(const QJsonObject &input)
{
    m_backing->recording().setRunInput(input);
}

EventSummary SessionDocument::row(qint64 seq) const
{
    return m_backing->row(seq);
}

QString SessionDocument::summary(qint64 seq) const
{
    return m_backing->summary(seq);
}

bool SessionDocument::hasReceiveTimes() const
{
    return m_backing->session().events().hasReceiveTimes();
}

qint64 SessionDocument::timestampUs(qint64 seq) const
{
    return seq >= 0 && seq < size() ? m_backing->timestampUs(seq) : -1;
}

Event SessionDocument::eventAt(qint64 seq) const
{
    return m_backing->event(seq);
}

qint64 SessionDocument::firstEventWithError() const
{
    // Findings come in stream order, but end-of-stream ones may name earlier events.
    qint64 first = -1;
    for (const Finding &f : session().findings())
        if (f.eventIndex >= 0 && f.diagnostic.severity == Severity::Error
            && (first < 0 || f.eventIndex < first))
            first = f.eventIndex;
    return first;
}

qint64 SessionDocument::nearestEventWithFinding(qint64 from, bool forward) const
{
    qint64 best = -1;
    for (const Finding &f : session().findings()) {
        const qint64 seq = f.eventIndex;
        if (seq >= 0
            && (forward ? seq > from && (best < 0 || seq < best) : seq < from && seq > best))
            best = seq;
    }
    return best;
}

int SessionDocument::runCount() const
{
    return m_backing->runCount();
}

FilterVocabulary SessionDocument::filterVocabulary() const
{
    FilterVocabulary vocabulary;
    vocabulary.runCount = runCount();
    vocabulary.ids = [this](const QString &prefix, int limit) {
        return session().events().ids().withPrefix(prefix, limit);
    };
    return vocabulary;
}

qint64 SessionDocument::diagnosticEventCount() const
{
    return m_backing->diagnosticEventCount();
}

int SessionDocument::captureRunOf(qint64 seq) const
{
    return m_backing->captureRunOf(seq);
}

const BodyRewrite *SessionDocument::rewriteOf(qint64 seq) const
{
    return m_backing->recording().rewriteOf(seq);
}

const RecordedRequest *SessionDocument::changedRequestOf(qint64 seq) const
{
    return m_backing->recording().changedRequestOf(seq);
}

void SessionDocument::setHeldFrom(const QHash<int, qint64> &heldFrom)
{
    if (m_backing->recording().setHeldFrom(heldFrom))
        Q_EMIT heldChanged();
}

bool SessionDocument::isHeldBack(qint64 seq) const
{
    return m_backing->recording().isHeldBack(seq);
}

void SessionDocument::appendEvents(const QList<Event> &events)
{
    if (events.isEmpty())
        return;
    const qint64 first = size();
    appendToBacking(*m_backing, events);
    Q_EMIT eventsAppended(first, size() - 1);
}

void SessionDocument::clear()
{
    m_sourceName.clear();
    adopt(createBacking());
}

void SessionDocument::adopt(std::shared_ptr<EventBacking> backing)
{
    // The recording going away stops talking to the document; a live run still writing into it
    // goes on into its capture file only (RunRecorder holds it weakly).
    m_backing->recording().setListener({});
    Q_EMIT aboutToReset();
    m_backing = backing ? std::move(backing) : createBacking();
    listenTo(*m_backing);
    Q_EMIT resetDone();
}

} // namespace agui::ui
