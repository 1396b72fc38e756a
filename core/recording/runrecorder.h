#pragma once

#include "core/net/chunksink.h"

#include <memory>

namespace agui {

class CaptureWriter;
class Recording;

// Records one run into a Recording (core/recording/recording.h): what a RunClient or the proxy
// sends and receives for one request goes here, to the capture file first when there is one.
class RunRecorder : public net::ChunkSink
{
public:
    RunRecorder(std::weak_ptr<Recording> recording, CaptureWriter *file);
    ~RunRecorder() override;

    void requestSent(const RecordedRequest &request) override;
    void responseStarted(const RecordedResponse &response) override;
    void runDescribed(Framing framing, const QString &label) override;
    void chunkReceived(const QByteArray &bytes, qint64 receivedAtUs) override;
    void runEnded(RunEnd end, const QString &error, qint64 atUs) override;
    void bodyRewritten(const BodyRewrite &rewrite) override;

    int runIndex() const { return m_index; } // in the recording's capture; -1 before requestSent

private:
    std::shared_ptr<Recording> recording() const; // null once dropped or before requestSent

    std::weak_ptr<Recording> m_recording;
    std::unique_ptr<net::CaptureWriterSink> m_file;
    int m_index = -1;
};

} // namespace agui
