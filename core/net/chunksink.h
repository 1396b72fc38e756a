#pragma once

// Where a RunClient records what it sends and receives, BEFORE anything is decoded, so that a
// capture holds every byte even when decoding fails. Implemented by CaptureWriterSink (a
// capture file) and by tests.

#include "core/capture/capture.h"

#include <QByteArray>
#include <QString>

#include <memory>
#include <vector>

namespace agui::net {

class ChunkSink
{
public:
    virtual ~ChunkSink() = default;
    virtual void requestSent(const RecordedRequest &request) { Q_UNUSED(request); }
    virtual void responseStarted(const RecordedResponse &response) { Q_UNUSED(response); }
    // What the response head alone cannot say: the body's framing (a CopilotKit debug feed's
    // streams) and the source's name for the run. After requestSent (and responseStarted, when
    // there is a response), before the first chunk.
    virtual void runDescribed(Framing framing, const QString &label)
    {
        Q_UNUSED(framing);
        Q_UNUSED(label);
    }
    // Every piece of the response body exactly as read, error bodies included.
    virtual void chunkReceived(const QByteArray &bytes, qint64 receivedAtUs) = 0;
    virtual void runEnded(RunEnd end, const QString &error, qint64 atUs)
    {
        Q_UNUSED(end);
        Q_UNUSED(error);
        Q_UNUSED(atUs);
    }
    // A proxy's rewrite rule changed what the front end gets (after the chunks it concerns).
    virtual void bodyRewritten(const BodyRewrite &rewrite) { Q_UNUSED(rewrite); }
};

} // namespace agui::net

namespace agui {
class CaptureWriter;
} // namespace agui

namespace agui::net {

// Records into a CaptureWriter (not owned; must be open): one capture run per request.
class CaptureWriterSink : public ChunkSink
{
public:
    explicit CaptureWriterSink(agui::CaptureWriter *writer)
        : m_writer(writer)
    { }
    void requestSent(const RecordedRequest &request) override;
    void responseStarted(const RecordedResponse &response) override;
    void runDescribed(Framing framing, const QString &label) override;
    void chunkReceived(const QByteArray &bytes, qint64 receivedAtUs) override;
    void runEnded(RunEnd end, const QString &error, qint64 atUs) override;
    void bodyRewritten(const BodyRewrite &rewrite) override;
    int run() const { return m_run; } // the capture's run number, -1 before requestSent

private:
    agui::CaptureWriter *m_writer;
    int m_run = -1;
};

} // namespace agui::net

namespace agui::net {

// Hands every call on to each of its sinks, in the order they were added (a proxy's exchange
// going to the capture file and to the trace exporter).
class FanOutSink : public ChunkSink
{
public:
    void add(std::unique_ptr<ChunkSink> sink)
    {
        m_sinks.push_back(sink.get());
        m_owned.push_back(std::move(sink));
    }
    void add(ChunkSink *sink) { m_sinks.push_back(sink); } // not owned; outlives this one
    bool isEmpty() const { return m_sinks.empty(); }

    void requestSent(const RecordedRequest &request) override;
    void responseStarted(const RecordedResponse &response) override;
    void runDescribed(Framing framing, const QString &label) override;
    void chunkReceived(const QByteArray &bytes, qint64 receivedAtUs) override;
    void runEnded(RunEnd end, const QString &error, qint64 atUs) override;
    void bodyRewritten(const BodyRewrite &rewrite) override;

private:
    std::vector<ChunkSink *> m_sinks;
    std::vector<std::unique_ptr<ChunkSink>> m_owned;
};

} // namespace agui::net
