#include "core/session/session.h"

#include "core/session/reducer.h"

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
    // Checkpoint 0: the state before any event.
    m_checkpoints.append(*m_state);
    m_checkpoints.last().snapshot.dropIndexes();
}

Session::~Session() = default;

void Session::setRunInput(const QJsonObject &runAgentInput)
{
    const qint64 before = size();
    m_runInputs[before].append(runAgentInput);
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
void Session::process(const EventView &view, const Diagnostics &diagnostics)
{
    const qint64 seq = view.seq;
    // The reducer first: the linter reuses what it computed (a state patch is applied once).
    EventChange &change = m_lastChange;
    change.clear();
    reduceEvent(*m_state, view, change, /*detailed=*/false);
    m_linter.feed(view, diagnostics, &change);
    if (m_linter.hasFindings()) {
        for (Finding &f : m_linter.takeFindings())
            addFinding(std::move(f));
    }
    for (const Diagnostic &d : std::as_const(change.diagnostics))
        addFinding(Finding {seq, d, QStringLiteral("session")});
    m_store.setRunIndex(seq, change.runIndex);

    if (m_interval > 0 && (seq + 1) % m_interval == 0) {
        m_checkpoints.append(*m_state);
        m_checkpoints.last().snapshot.dropIndexes();
    }
}

void Session::append(const QList<Event> &events)
{
    for (const Event &e : events)
        append(e);
}

void Session::finish()
{
    if (m_finished)
        return;
    m_finished = true;
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
    reduceEvent(state, m_store.view(seq, m_replayDecoder), change ? *change : scratch, detailed);
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
