#include "core/recording/recording.h"

#include "core/capture/redaction.h"
#include "core/capture/rewriteorder.h"
#include "core/recording/runrecorder.h"
#include "core/session/ingest.h"

#include <algorithm>

namespace agui {

Recording::Recording() = default;

Recording::Recording(const SessionOptions &session, bool keepBodies)
    : m_session(session)
    , m_keepBodies(keepBodies)
{ }
Recording::~Recording() = default;

std::unique_ptr<RunRecorder> Recording::recordRun(CaptureWriter *file)
{
    return std::make_unique<RunRecorder>(weak_from_this(), file);
}

void Recording::setRunInput(const QJsonObject &input)
{
    const qsizetype findingsBefore = m_session.findings().size();
    m_session.setRunInput(input);
    if (m_session.findings().size() > findingsBefore && m_listener.findingsAdded)
        m_listener.findingsAdded(findingsBefore);
}

int Recording::beginRun(const RecordedRequest &request, int id)
{
    RunRecording run;
    run.id = id >= 0 ? id : int(m_capture.runs.size());
    run.request = request;
    // Credentials never reach the session's capture, as the file writer keeps them out of files.
    run.request.headers = redactHeaders(request.headers);
    run.request.url = redactUrl(request.url);
    m_capture.runs.append(run);
    return int(m_capture.runs.size()) - 1;
}

void Recording::responseStarted(int run, const RecordedResponse &response)
{
    if (run < 0 || run >= m_capture.runs.size())
        return;
    RunRecording &r = m_capture.runs[run];
    r.response = response;
    r.response.headers = redactHeaders(response.headers);
    r.framing
        = framingForContentType(headerValue(response.headers, QLatin1StringView("Content-Type")));
}

void Recording::describeRun(int run, Framing framing, const QString &label)
{
    if (run < 0 || run >= m_capture.runs.size())
        return;
    m_capture.runs[run].framing = framing;
    m_capture.runs[run].label = label;
}

void Recording::chunkReceived(int run, const QByteArray &bytes, qint64 receivedAtUs, bool inFile)
{
    if (run < 0 || run >= m_capture.runs.size())
        return;
    // Its place among every run's chunks: concurrent runs (proxy exchanges) are saved in it.
    const qint64 order = m_capture.chunkCount++;
    if (!m_keepBodies) {
        // Decoded below, then let go.
    } else if (inFile && m_inMemory + bytes.size() > m_memoryBudget) {
        m_spilled = true; // in the file only
    } else {
        m_inMemory += bytes.size();
        m_capture.runs[run].chunks.append(Chunk {receivedAtUs, bytes, -1, false, order});
    }
    SessionFeeder *feeder = bodyFeeder(run);
    if (!feeder)
        return;
    const qint64 first = m_session.size();
    const qsizetype findingsBefore = m_session.findings().size();
    feeder->feed(bytes, receivedAtUs);
    announce(run, first, findingsBefore);
}

void Recording::runEnded(int run, RunEnd end, const QString &error, qint64 atUs)
{
    if (run < 0 || run >= m_capture.runs.size())
        return;
    RunRecording &r = m_capture.runs[run];
    r.end = end;
    r.endError = error;
    r.endedAtUs = atUs;
    r.endOrder = m_capture.chunkCount;
    const auto it = m_bodyFeeders.find(run);
    if (it == m_bodyFeeders.end())
        return;
    const qint64 first = m_session.size();
    const qsizetype findingsBefore = m_session.findings().size();
    it->second->finish(false); // more runs may follow in this session
    m_bodyFeeders.erase(it);
    // The request ends with its body, unless another body is still streaming: concurrent runs
    // (a proxy's) interleave in one session, which cannot tell their events apart, and must not
    // have the other run's verification started afresh in its middle.
    if (m_bodyFeeders.empty())
        m_session.endRequest();
    announce(run, first, findingsBefore);
}

void Recording::addRewrite(int run, const BodyRewrite &rewrite)
{
    if (run < 0 || run >= m_capture.runs.size())
        return;
    insertInBodyOrder(m_capture.runs[run].rewrites, rewrite);
    if (m_listener.rewritesChanged)
        m_listener.rewritesChanged();
}

SessionFeeder *Recording::bodyFeeder(int run)
{
    const RunRecording &r = m_capture.runs.at(run);
    if (r.response.present && (r.response.status < 200 || r.response.status > 299))
        return nullptr; // the error body is recorded, not decoded: the reference client fails it
    std::unique_ptr<SessionFeeder> &feeder = m_bodyFeeders[run];
    if (!feeder)
        feeder = std::make_unique<SessionFeeder>(m_session, r.framing);
    return feeder.get();
}

void Recording::announce(int run, qint64 firstSeq, qsizetype findingsBefore)
{
    const qint64 size = m_session.size();
    if (size > firstSeq) {
        noteCaptureRun(firstSeq, run);
        if (m_listener.eventsAppended)
            m_listener.eventsAppended(firstSeq, size - 1);
    }
    // A run's end can settle findings on events already shown (a streamed surface's).
    if (m_session.findings().size() > findingsBefore && m_listener.findingsAdded)
        m_listener.findingsAdded(findingsBefore);
}

void Recording::noteCaptureRun(qint64 firstSeq, int run)
{
    // Concurrent runs interleave chunk by chunk: a span per change, not per event.
    if (m_runSpans.isEmpty() || m_runSpans.last().second != run)
        m_runSpans.append({firstSeq, run});
}

int Recording::captureRunOf(qint64 seq) const
{
    const auto after = std::upper_bound(
        m_runSpans.cbegin(), m_runSpans.cend(), seq,
        [](qint64 value, const QPair<qint64, int> &span) { return value < span.first; });
    return after == m_runSpans.cbegin() ? -1 : std::prev(after)->second;
}

const BodyRewrite *Recording::rewriteOf(qint64 seq) const
{
    const int run = captureRunOf(seq);
    if (run < 0 || run >= m_capture.runs.size() || m_capture.runs.at(run).rewrites.isEmpty())
        return nullptr;
    const EventSummary summary = m_session.events().summary(seq);
    return summary.framing == Framing::Synthetic
        ? nullptr // a chunk's expansion: the change is on the chunk event itself
        : m_capture.runs.at(run).rewriteAt(summary.streamOffset);
}

const RecordedRequest *Recording::changedRequestOf(qint64 seq) const
{
    const int run = captureRunOf(seq);
    if (run < 0 || run >= m_capture.runs.size() || !m_capture.runs.at(run).request.frontEndBody)
        return nullptr; // the common case, asked for every painted row: no summary built
    return m_session.events().summary(seq).type == EventType::RunStarted
        ? &m_capture.runs.at(run).request
        : nullptr;
}

bool Recording::setHeldFrom(const QHash<int, qint64> &heldFrom)
{
    if (heldFrom == m_heldFrom)
        return false;
    m_heldFrom = heldFrom;
    return true;
}

bool Recording::isHeldBack(qint64 seq) const
{
    if (m_heldFrom.isEmpty())
        return false;
    const auto from = m_heldFrom.constFind(captureRunOf(seq));
    if (from == m_heldFrom.cend())
        return false;
    const EventSummary summary = m_session.events().summary(seq);
    return summary.framing != Framing::Synthetic && summary.streamOffset >= *from;
}

} // namespace agui
