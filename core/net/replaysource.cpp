#include "core/net/replaysource.h"

namespace agui::net {

ReplaySource::ReplaySource(Capture capture, double speed)
    : m_capture(std::move(capture))
    , m_speed(speed > 0 ? speed : 1.0)
{ }

QList<AgentChunk> ReplaySource::pacedChunks(const RunRecording &run, double speed)
{
    QList<AgentChunk> out;
    // The first chunk keeps its distance from the response head (or the request) too.
    qint64 previousUs
        = run.response.receivedAtUs >= 0 ? run.response.receivedAtUs : run.request.sentAtUs;
    for (const Chunk &chunk : run.chunks) {
        qint64 delayMs = 0;
        if (chunk.receivedAtUs >= 0 && previousUs >= 0 && chunk.receivedAtUs > previousUs)
            delayMs = qint64(double(chunk.receivedAtUs - previousUs) / 1000.0 / speed);
        if (chunk.receivedAtUs >= 0)
            previousUs = chunk.receivedAtUs;
        if (!chunk.bytes.isEmpty())
            out.append(AgentChunk {delayMs, {}, chunk.bytes});
    }
    return out;
}

RunReply ReplaySource::next(const QJsonObject &)
{
    if (m_fixedRun >= 0) {
        if (m_fixedRun >= m_capture.runs.size()) {
            RunReply none;
            none.errorStatus = 503;
            none.error = QStringLiteral("the capture has no run %1").arg(m_fixedRun);
            return none;
        }
        ++m_served;
        return replyFor(m_capture.runs.at(m_fixedRun));
    }
    while (m_next < m_capture.runs.size()) {
        const RunRecording &run = m_capture.runs.at(m_next++);
        if (run.chunks.isEmpty() && !run.response.present)
            continue;
        ++m_served;
        return replyFor(run);
    }
    RunReply done;
    done.errorStatus = 503;
    done.error = QStringLiteral("the capture has no more recorded runs (%1 served)").arg(m_served);
    return done;
}

RunReply ReplaySource::replyFor(const RunRecording &run) const
{
    RunReply reply;
    reply.chunks = pacedChunks(run, m_speed);
    if (run.response.present && run.response.status > 0)
        reply.status = run.response.status;
    reply.contentType
        = headerValue(run.response.headers, QLatin1StringView {"Content-Type"}).toUtf8();
    if (reply.contentType.isEmpty())
        reply.contentType = run.framing == Framing::Proto
            ? QByteArrayLiteral("application/vnd.ag-ui.event+proto")
            : run.framing == Framing::JsonLine ? QByteArrayLiteral("application/jsonl")
                                               : QByteArrayLiteral("text/event-stream");
    return reply;
}

} // namespace agui::net
