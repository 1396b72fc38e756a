#include "ui/models/sessiondocument.h"

#include "ui/models/eventbacking.h"

#include "core/capture/rewriteorder.h"
#include "core/protocol/eventsummary.h"
#include "core/session/ingest.h"

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

void EventBacking::noteCaptureRun(qint64 firstSeq, int run)
{
    // Concurrent runs interleave chunk by chunk: a span per change, not per event.
    if (m_runSpans.isEmpty() || m_runSpans.last().second != run)
        m_runSpans.append({firstSeq, run});
}

int EventBacking::captureRunOf(qint64 seq) const
{
    const auto after = std::upper_bound(
        m_runSpans.cbegin(), m_runSpans.cend(), seq,
        [](qint64 value, const QPair<qint64, int> &span) { return value < span.first; });
    return after == m_runSpans.cbegin() ? -1 : std::prev(after)->second;
}

void EventBacking::append(const Event &event)
{
    m_session.append(event);
}

SessionDocument::SessionDocument(QObject *parent)
    : QObject(parent)
    , m_backing(createBacking())
{ }

SessionDocument::~SessionDocument() = default;

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
    // A new request ends the previous one if nobody did (Session::endRequest): that can report
    // its run truncated, on an event already shown.
    const qsizetype findingsBefore = session().findings().size();
    m_backing->setRunInput(input);
    announceFindingsSince(findingsBefore);
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
    const int run = captureRunOf(seq);
    if (run < 0 || run >= m_capture.runs.size() || m_capture.runs.at(run).rewrites.isEmpty())
        return nullptr;
    const EventSummary summary = row(seq);
    return summary.framing == Framing::Synthetic
        ? nullptr // a chunk's expansion: the change is on the chunk event itself
        : m_capture.runs.at(run).rewriteAt(summary.streamOffset);
}

const RecordedRequest *SessionDocument::changedRequestOf(qint64 seq) const
{
    const int run = captureRunOf(seq);
    if (run < 0 || run >= m_capture.runs.size() || !m_capture.runs.at(run).request.frontEndBody)
        return nullptr; // the common case, asked for every painted row: no summary built
    return row(seq).type == EventType::RunStarted ? &m_capture.runs.at(run).request : nullptr;
}

void SessionDocument::addRewrite(int run, const BodyRewrite &rewrite)
{
    if (run < 0 || run >= m_capture.runs.size())
        return;
    insertInBodyOrder(m_capture.runs[run].rewrites, rewrite);
    Q_EMIT rewritesChanged();
}

void SessionDocument::setHeldFrom(const QHash<int, qint64> &heldFrom)
{
    if (heldFrom == m_heldFrom)
        return;
    m_heldFrom = heldFrom;
    Q_EMIT heldChanged();
}

bool SessionDocument::isHeldBack(qint64 seq) const
{
    if (m_heldFrom.isEmpty())
        return false;
    const auto from = m_heldFrom.constFind(captureRunOf(seq));
    if (from == m_heldFrom.cend())
        return false;
    const EventSummary summary = row(seq);
    return summary.framing != Framing::Synthetic && summary.streamOffset >= *from;
}

void SessionDocument::appendEvents(const QList<Event> &events)
{
    if (events.isEmpty())
        return;
    const qint64 first = size();
    appendToBacking(*m_backing, events);
    Q_EMIT eventsAppended(first, size() - 1);
}

SessionFeeder *SessionDocument::bodyFeeder(int run)
{
    if (run < 0 || run >= m_capture.runs.size())
        return nullptr;
    const RecordedResponse &response = m_capture.runs.at(run).response;
    if (response.present && (response.status < 200 || response.status > 299))
        return nullptr; // the error body is recorded, not decoded
    std::unique_ptr<SessionFeeder> &feeder = m_bodyFeeders[run];
    if (!feeder)
        feeder
            = std::make_unique<SessionFeeder>(m_backing->session(), m_capture.runs.at(run).framing);
    return feeder.get();
}

void SessionDocument::feedChunk(int run, const QByteArray &chunk, qint64 receivedAtUs)
{
    SessionFeeder *feeder = bodyFeeder(run);
    if (!feeder)
        return;
    const qint64 first = size();
    const qsizetype findingsBefore = session().findings().size();
    feeder->feed(chunk, receivedAtUs);
    if (size() > first) {
        m_backing->noteCaptureRun(first, run);
        Q_EMIT eventsAppended(first, size() - 1);
    }
    // A run's end can settle findings on events already shown (a streamed surface's).
    announceFindingsSince(findingsBefore);
}

void SessionDocument::finishRunBody(int run)
{
    const auto it = m_bodyFeeders.find(run);
    if (it == m_bodyFeeders.end())
        return;
    const qint64 first = size();
    const qsizetype findingsBefore = session().findings().size();
    it->second->finish(false); // more runs may follow in this session
    m_bodyFeeders.erase(it);
    // The request ends with its body, unless another body is still streaming: concurrent runs
    // (a proxy's) interleave in one session, which cannot tell their events apart, and must not
    // have the other run's verification started afresh in its middle.
    if (m_bodyFeeders.empty())
        m_backing->session().endRequest();
    if (size() > first) {
        m_backing->noteCaptureRun(first, run);
        Q_EMIT eventsAppended(first, size() - 1);
    }
    announceFindingsSince(findingsBefore);
}

void SessionDocument::announceFindingsSince(qsizetype first)
{
    if (session().findings().size() > first)
        Q_EMIT findingsAdded(first);
}

void SessionDocument::clear()
{
    m_capture = Capture {};
    m_sourceName.clear();
    adopt(createBacking());
}

void SessionDocument::adopt(std::shared_ptr<EventBacking> backing)
{
    m_bodyFeeders.clear();
    m_heldFrom.clear(); // held in the session going away
    Q_EMIT aboutToReset();
    m_backing = backing ? std::move(backing) : createBacking();
    Q_EMIT resetDone();
}

} // namespace agui::ui
