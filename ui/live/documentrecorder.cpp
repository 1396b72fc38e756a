#include "ui/live/documentrecorder.h"

#include "core/capture/capturewriter.h"
#include "core/capture/redaction.h"
#include "ui/live/liveruncontroller.h"
#include "ui/models/sessiondocument.h"

namespace agui::ui {

DocumentRecorder::DocumentRecorder(SessionDocument *document, CaptureWriter *writer,
                                   qint64 *inMemory, bool *spilled)
    : m_document(document)
    , m_inMemory(inMemory)
    , m_spilled(spilled)
{
    if (writer)
        m_file = std::make_unique<net::CaptureWriterSink>(writer);
}

DocumentRecorder::~DocumentRecorder() = default;

void DocumentRecorder::requestSent(const RecordedRequest &request)
{
    if (m_file)
        m_file->requestSent(request);
    if (!m_document)
        return;
    RunRecording recording;
    recording.id
        = m_file && m_file->run() >= 0 ? m_file->run() : int(m_document->capture().runs.size());
    recording.request = request;
    recording.request.headers = redactHeaders(request.headers);
    recording.request.url = redactUrl(request.url);
    m_document->mutableCapture().runs.append(recording);
    m_index = int(m_document->capture().runs.size()) - 1;
}

void DocumentRecorder::responseStarted(const RecordedResponse &response)
{
    if (m_file)
        m_file->responseStarted(response);
    if (RunRecording *r = current()) {
        r->response = response;
        r->response.headers = redactHeaders(response.headers);
        r->framing = framingForContentType(
            headerValue(response.headers, QLatin1StringView("Content-Type")));
    }
}

void DocumentRecorder::chunkReceived(const QByteArray &bytes, qint64 receivedAtUs)
{
    if (m_file)
        m_file->chunkReceived(bytes, receivedAtUs);
    if (RunRecording *r = current()) {
        // Its place among every run's chunks: concurrent runs (proxy exchanges) are saved in it.
        const qint64 order = m_document->mutableCapture().chunkCount++;
        if (m_file && *m_inMemory + bytes.size() > LiveRunController::kMaxInMemoryBodyBytes) {
            *m_spilled = true; // in the file only: a huge body must not fill memory twice
        } else {
            *m_inMemory += bytes.size();
            r->chunks.append(Chunk {receivedAtUs, bytes, -1, false, order});
        }
        m_document->feedChunk(m_index, bytes, receivedAtUs); // recorded first, then decoded
    }
}

void DocumentRecorder::runEnded(RunEnd end, const QString &error, qint64 atUs)
{
    if (m_file)
        m_file->runEnded(end, error, atUs);
    if (RunRecording *r = current()) {
        r->end = end;
        r->endError = error;
        r->endedAtUs = atUs;
        r->endOrder = m_document->capture().chunkCount;
        m_document->finishRunBody(m_index);
    }
}

void DocumentRecorder::bodyRewritten(const BodyRewrite &rewrite)
{
    if (m_file)
        m_file->bodyRewritten(rewrite);
    if (current())
        m_document->addRewrite(m_index, rewrite);
}

RunRecording *DocumentRecorder::current()
{
    if (!m_document || m_index < 0 || m_index >= m_document->capture().runs.size())
        return nullptr;
    return &m_document->mutableCapture().runs[m_index];
}

} // namespace agui::ui
