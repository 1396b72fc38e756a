#include "core/recording/runrecorder.h"

#include "core/recording/recording.h"

namespace agui {

RunRecorder::RunRecorder(std::weak_ptr<Recording> recording, CaptureWriter *file)
    : m_recording(std::move(recording))
{
    if (file)
        m_file = std::make_unique<net::CaptureWriterSink>(file);
}

RunRecorder::~RunRecorder() = default;

std::shared_ptr<Recording> RunRecorder::recording() const
{
    return m_index < 0 ? nullptr : m_recording.lock();
}

void RunRecorder::requestSent(const RecordedRequest &request)
{
    if (m_file)
        m_file->requestSent(request);
    if (const std::shared_ptr<Recording> r = m_recording.lock())
        m_index = r->beginRun(request, m_file ? m_file->run() : -1);
}

void RunRecorder::responseStarted(const RecordedResponse &response)
{
    if (m_file)
        m_file->responseStarted(response);
    if (const std::shared_ptr<Recording> r = recording())
        r->responseStarted(m_index, response);
}

void RunRecorder::runDescribed(Framing framing, const QString &label)
{
    if (m_file)
        m_file->runDescribed(framing, label);
    if (const std::shared_ptr<Recording> r = recording())
        r->describeRun(m_index, framing, label);
}

void RunRecorder::chunkReceived(const QByteArray &bytes, qint64 receivedAtUs)
{
    if (m_file)
        m_file->chunkReceived(bytes, receivedAtUs); // recorded first, then decoded
    if (const std::shared_ptr<Recording> r = recording())
        r->chunkReceived(m_index, bytes, receivedAtUs, m_file != nullptr);
}

void RunRecorder::runEnded(RunEnd end, const QString &error, qint64 atUs)
{
    if (m_file)
        m_file->runEnded(end, error, atUs);
    if (const std::shared_ptr<Recording> r = recording())
        r->runEnded(m_index, end, error, atUs);
}

void RunRecorder::bodyRewritten(const BodyRewrite &rewrite)
{
    if (m_file)
        m_file->bodyRewritten(rewrite);
    if (const std::shared_ptr<Recording> r = recording())
        r->addRewrite(m_index, rewrite);
}

} // namespace agui
