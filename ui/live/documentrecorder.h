#pragma once

#include "core/net/chunksink.h"

#include <QPointer>

#include <memory>

namespace agui {
class CaptureWriter;
} // namespace agui

namespace agui::ui {

class SessionDocument;

// Records one run into the window's session, the way every live run is recorded (the window's
// own runs and the proxy's exchanges alike): the capture file first (when there is one), then
// the document's in-memory capture (credentials redacted there too, as the file writer does),
// and only then the body is decoded (SessionDocument::feedChunk). With a file, the in-memory
// copy keeps body bytes up to a budget shared by the session's runs
// (LiveRunController::kMaxInMemoryBodyBytes); past it they are in the file only and *spilled
// says so. Without a file every byte stays in memory.
class DocumentRecorder : public net::ChunkSink
{
public:
    DocumentRecorder(SessionDocument *document, CaptureWriter *writer, qint64 *inMemory,
                     bool *spilled);
    ~DocumentRecorder() override;

    void requestSent(const RecordedRequest &request) override;
    void responseStarted(const RecordedResponse &response) override;
    void chunkReceived(const QByteArray &bytes, qint64 receivedAtUs) override;
    void runEnded(RunEnd end, const QString &error, qint64 atUs) override;
    void bodyRewritten(const BodyRewrite &rewrite) override;

    int runIndex() const { return m_index; } // in the document's capture; -1 before requestSent

private:
    RunRecording *current();

    QPointer<SessionDocument> m_document;
    std::unique_ptr<net::CaptureWriterSink> m_file;
    qint64 *m_inMemory;
    bool *m_spilled;
    int m_index = -1;
};

} // namespace agui::ui
