#include "core/net/chunksink.h"

#include "core/capture/capturewriter.h"

namespace agui::net {

void CaptureWriterSink::requestSent(const RecordedRequest &request)
{
    m_run = m_writer->beginRun(request);
}

void CaptureWriterSink::responseStarted(const RecordedResponse &response)
{
    if (m_run >= 0)
        m_writer->writeResponse(m_run, response);
}

void CaptureWriterSink::runDescribed(Framing framing, const QString &label)
{
    if (m_run >= 0)
        m_writer->describeRun(m_run, framing, label);
}

void CaptureWriterSink::chunkReceived(const QByteArray &bytes, qint64 receivedAtUs)
{
    if (m_run >= 0)
        m_writer->writeChunk(m_run, bytes, receivedAtUs);
}

void CaptureWriterSink::runEnded(RunEnd end, const QString &error, qint64 atUs)
{
    if (m_run >= 0)
        m_writer->endRun(m_run, end, error, atUs);
}

void CaptureWriterSink::bodyRewritten(const BodyRewrite &rewrite)
{
    if (m_run >= 0)
        m_writer->writeRewrite(m_run, rewrite);
}

} // namespace agui::net

namespace agui::net {

void FanOutSink::requestSent(const RecordedRequest &request)
{
    for (const auto &sink : m_sinks)
        sink->requestSent(request);
}

void FanOutSink::responseStarted(const RecordedResponse &response)
{
    for (const auto &sink : m_sinks)
        sink->responseStarted(response);
}

void FanOutSink::runDescribed(Framing framing, const QString &label)
{
    for (const auto &sink : m_sinks)
        sink->runDescribed(framing, label);
}

void FanOutSink::chunkReceived(const QByteArray &bytes, qint64 receivedAtUs)
{
    for (const auto &sink : m_sinks)
        sink->chunkReceived(bytes, receivedAtUs);
}

void FanOutSink::runEnded(RunEnd end, const QString &error, qint64 atUs)
{
    for (const auto &sink : m_sinks)
        sink->runEnded(end, error, atUs);
}

void FanOutSink::bodyRewritten(const BodyRewrite &rewrite)
{
    for (const auto &sink : m_sinks)
        sink->bodyRewritten(rewrite);
}

} // namespace agui::net
