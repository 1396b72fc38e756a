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
