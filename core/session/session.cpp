#include "core/session/session.h"

#include "core/protocol/runagentinput.h"

#include "core/session/a2uifindings.h"
#include "core/session/reducer.h"

#include <algorithm>

namespace agui {

struct Session::SeekCache
{
    qint64 seq = -2;
    ReducerState state;
};

Session::Session(int checkpointInterval)
    : Session(SessionOptions {qMax(1, checkpointInterval), true})
{ }

Session::Session(const SessionOptions &options)
    : m_interval(qMax(0, options.checkpointInterval))
    , m_state(std::make_unique<ReducerState>())
{
    m_store.setKeepBytes(options.keepBytes);
    m_store.setKeepRecords(options.keepRecords);
    // Checkpoint 0: the state before any event.
    m_checkpoints.append(*m_state);
    m_checkpoints.last().snapshot.dropIndexes();
}

Session::~Session() = default;

void Session::seedFromRequestBody(const QByteArray &requestBody)
{
    const QJsonObject input = runAgentInputOfBody(requestBody);
    if (!input.isEmpty())
        setRunInput(input);
}

void Session::setRunInput(const QJsonObject &runAgentInput)
{
    endRequest(); // the previous request's body, when nobody said it ended
    if (m_finished) {
        // A request after the stream's end (Run Again on an opened file): the client starts it
        // from scratch, whatever the file's last run left open, and its body ends as any
        // request's does (endRequest reports it truncated; the stream's own end was said).
        m_finished = false;
        m_linter.startRequestAfterFinish();
    }
    const qint64 before = size();
    m_runInputs[before].append(runAgentInput);
    if (m_requestStarts.isEmpty() || m_requestStarts.last() != before)
        m_requestStarts.append(before);
    reduceRunInput(*m_state, runAgentInput, before);
    m_linter.setRunInput(runAgentInput);
    m_cache.reset();
}

void Session::addFinding(Finding f)
{
    const qsizetype index = m_findings.size();
    if (f.eventIndex >= 0 && f.eventIndex < size()) {
        m_findingsByEvent[f.eventIndex].append(index);
        m_store.addFindingSeverity(f.eventIndex, f.diagnostic.severity);
    }
    m_findings.append(std::move(f));
}

void Session::appendFrame(const DecodedFrame &frame)
{
    EventView view = frame.event;
    view.seq = size();
    StoredEvent stored;
    stored.type = view.type;
    stored.framing = frame.framing;
    stored.receivedAtUs = view.receivedAtUs;
    stored.streamOffset = frame.streamOffset;
    stored.raw = frame.raw;
    stored.payload = frame.payload;
    stored.json = view.json;
    stored.diagnostics = frame.diagnostics;
    stored.chunk = frame.chunk;
    m_store.append(stored);
    process(view, *frame.diagnostics);
}

void Session::append(Event e)
{
    e.seq = size();
    m_store.append(e);
    const json::JsonDoc doc = json::JsonDoc::fromQJson(e.json);
    EventView view;
    view.type = e.type;
    view.json = e.json.isEmpty() && e.type == EventType::Invalid ? json::JsonView() : doc.root();
    view.seq = e.seq;
    view.receivedAtUs = e.receivedAtUs;
    view.synthetic = e.framing == Framing::Synthetic;
    process(view, e.diagnostics);
}

// The pipeline after the store: linter, reducer, checkpoint.
void Session::process(const EventView &received, const Diagnostics &diagnostics)
{
    // Every stage reads the same few members: find them once (a two-thread load did already).
    EventView view = received;
    if (!view.hasMemberIndex()) {
        m_members.index(view.json);
        view.attachMembers(&m_members);
    }
    const qint64 seq = view.seq;
    m_requestEnded = false;
    // The reducer first: the linter reuses what it computed (a state patch is applied once).
    EventChange &change = m_lastChange;
    change.clear();
    m_state->pipeline.process(view, diagnostics, m_step);
    applyDelivered(*m_state, view, m_step, change, /*detailed=*/false);
    m_linter.feed(view, diagnostics, &m_step, &change);
    const bool reshaped = std::any_of(m_step.how.cbegin(), m_step.how.cend(),
                                      [](Delivery how) { return how != Delivery::AsReceived; });
    m_deliveredCounts.append(quint16(qMin<qsizetype>(m_step.events.size(), kCountMask))
                             | (reshaped ? kReshapedBit : 0));
    if (m_linter.hasFindings()) {
        for (Finding &f : m_linter.takeFindings())
            addFinding(std::move(f));
        noteRejection(seq);
    }
    for (const Diagnostic &d : std::as_const(change.diagnostics))
        addFinding(Finding {seq, d, QStringLiteral("session")});
    if (view.type == EventType::RunStarted)
        settleSurfaces(); // a run that never finished ended here
    if (!change.activitiesChanged.isEmpty()) {
        for (SurfaceFindings &found : a2uiFindings(m_state->snapshot, change, seq)) {
            for (Finding &f : found.now)
                addFinding(std::move(f));
            holdUntilSettled(std::move(found));
        }
    }
    if (view.type == EventType::RunFinished || view.type == EventType::RunError)
        settleSurfaces();
    m_store.setRunIndex(seq, change.runIndex);

    if (m_interval > 0 && (seq + 1) % m_interval == 0) {
        m_checkpoints.append(*m_state);
        m_checkpoints.last().snapshot.dropIndexes();
    }
}

// A later change to the same surface message replaces what an earlier one would have found.
void Session::holdUntilSettled(SurfaceFindings found)
{
    const auto same
        = [&found](const SurfaceFindings &held) { return held.activityId == found.activityId; };
    m_unsettled.removeIf(same);
    if (!found.ifSettled.isEmpty())
        m_unsettled.append(std::move(found));
}

void Session::settleSurfaces()
{
    for (SurfaceFindings &held : m_unsettled)
        for (Finding &f : held.ifSettled)
            addFinding(std::move(f));
    m_unsettled.clear();
}

// The first error of the layers that model the client's rejections ends what it delivers, until
// the next request.
void Session::noteRejection(qint64 seq)
{
    const qint64 request = m_requestStarts.isEmpty() ? 0 : m_requestStarts.last();
    if (!m_rejections.isEmpty() && m_rejections.last().seq >= request)
        return;
    const int piece = m_linter.rejectedPiece();
    if (piece < 0)
        return;
    for (const qsizetype i : m_findingsByEvent.value(seq)) {
        const Finding &f = m_findings.at(i);
        if (f.diagnostic.severity == Severity::Error
            && (f.layer == QLatin1String("schema") || f.layer == QLatin1String("verify"))) {
            m_rejections.append(
                ClientRejection {seq, piece, f.diagnostic.ruleId, f.diagnostic.message});
            return;
        }
    }
}

bool Session::isDelivered(qint64 seq, int index) const
{
    for (const ClientRejection &r : m_rejections) {
        if (seq < r.seq || (seq == r.seq && index < r.delivered))
            continue;
        // After the rejection: delivered again only from the next request on.
        const auto next = std::upper_bound(m_requestStarts.cbegin(), m_requestStarts.cend(), r.seq);
        if (next == m_requestStarts.cend() || seq < *next)
            return false;
    }
    return true;
}

QList<DeliveredEvent> Session::deliveredAt(qint64 seq) const
{
    QList<DeliveredEvent> out;
    if (seq < 0 || seq >= size() || !canTimeTravel() || deliveredCount(seq) == 0)
        return out;
    ReducerState state = stateAt(seq - 1);
    applyStoredInputsAt(state, seq);
    ClientStep step;
    const EventView view = m_store.view(seq, m_replayDecoder);
    state.pipeline.process(view, m_store.diagnostics(seq), step);
    for (qsizetype i = 0; i < step.events.size(); ++i) {
        const EventView &e = step.events.at(i);
        DeliveredEvent d;
        d.originSeq = seq;
        d.index = int(i);
        d.how = step.how.at(i);
        d.type = e.type;
        d.json = e.json.toQJsonObject();
        d.text = e.json.toJson();
        out.append(std::move(d));
    }
    return out;
}

QList<DeliveredEvent> Session::clientView() const
{
    QList<DeliveredEvent> out;
    for (qint64 seq = 0; seq < size(); ++seq) {
        if (deliveredCount(seq) == 0)
            continue;
        for (DeliveredEvent &d : deliveredAt(seq))
            if (isDelivered(seq, d.index))
                out.append(std::move(d));
    }
    return out;
}

void Session::append(const QList<Event> &events)
{
    for (const Event &e : events)
        append(e);
}

void Session::endRequest()
{
    if (m_requestEnded || size() == 0 || m_finished)
        return;
    m_requestEnded = true;
    settleSurfaces();
    const qint64 last = size() - 1;
    m_requestEnds.append(last);
    m_linter.endRequest(last);
    for (Finding &f : m_linter.takeFindings())
        addFinding(std::move(f));
    reduceFinish(*m_state);
    // A checkpoint taken after the last event holds the state before this end: replays start
    // after it, so it must hold the end too.
    if (m_interval > 0 && size() % m_interval == 0)
        reduceFinish(m_checkpoints.last());
    m_cache.reset();
}

void Session::finish()
{
    if (m_finished)
        return;
    if (!m_requestStarts.isEmpty())
        endRequest();
    m_finished = true;
    settleSurfaces();
    m_linter.finish();
    for (Finding &f : m_linter.takeFindings())
        addFinding(std::move(f));
    reduceFinish(*m_state);
    m_cache.reset();
}

const SessionSnapshot &Session::current() const
{
    return m_state->snapshot;
}

qsizetype Session::checkpointCount() const
{
    return m_checkpoints.size();
}

Findings Session::findingsAt(qint64 seq) const
{
    Findings out;
    const auto it = m_findingsByEvent.constFind(seq);
    if (it != m_findingsByEvent.constEnd())
        for (qsizetype i : *it)
            out.append(m_findings.at(i));
    return out;
}

void Session::applyStoredInputsAt(ReducerState &state, qint64 seq) const
{
    const auto it = m_runInputs.constFind(seq);
    if (it != m_runInputs.constEnd())
        for (const QJsonObject &input : *it)
            reduceRunInput(state, input, seq);
}

void Session::reduceStored(ReducerState &state, qint64 seq, EventChange *change,
                           bool detailed) const
{
    applyStoredInputsAt(state, seq);
    EventChange scratch;
    reduceEvent(state, m_store.view(seq, m_replayDecoder), m_store.diagnostics(seq),
                change ? *change : scratch, detailed);
    if (std::binary_search(m_requestEnds.cbegin(), m_requestEnds.cend(), seq))
        reduceFinish(state);
}

// The reducer state after events 0..seq (seq >= -1), from the nearest checkpoint or the seek
// cache, whichever is closer below seq: at most K reductions.
ReducerState Session::stateAt(qint64 seq) const
{
    const qint64 checkpoint = qMin<qint64>((seq + 1) / m_interval, m_checkpoints.size() - 1);
    const qint64 checkpointSeq = checkpoint * m_interval - 1;
    ReducerState state;
    qint64 from;
    if (m_cache && m_cache->seq <= seq && m_cache->seq >= checkpointSeq) {
        state = m_cache->state;
        from = m_cache->seq + 1;
    } else {
        state = m_checkpoints.at(checkpoint);
        state.snapshot.rebuildIndexes();
        from = checkpointSeq + 1;
    }
    for (qint64 i = from; i <= seq; ++i)
        reduceStored(state, i, nullptr, false);
    if (!m_cache)
        m_cache = std::make_unique<SeekCache>();
    m_cache->seq = seq;
    m_cache->state = state;
    return state;
}

SessionSnapshot Session::snapshotAt(qint64 seq) const
{
    if (seq >= size() - 1 || !canTimeTravel())
        return m_state->snapshot;
    if (seq < -1)
        seq = -1;
    return stateAt(seq).snapshot;
}

EventChange Session::changeAt(qint64 seq) const
{
    EventChange change;
    if (seq < 0 || seq >= size() || !canTimeTravel())
        return change;
    ReducerState state = stateAt(seq - 1);
    reduceStored(state, seq, &change, /*detailed=*/true);
    return change;
}

} // namespace agui
