#pragma once

// A CopilotKit runtime's debug feed (GET {base}/cpk-debug-events) cut into one stream per
// agent and thread. The feed is one SSE body: ": connected", then one frame per AG-UI event any
// client of the runtime streams, each an envelope {timestamp, agentId, threadId, runId, event}
// (core/wire/debugenvelope.h). Each agent/thread becomes a run of its own, recorded through a
// ChunkSink the caller opens for it (a Recording's RunRecorder, a capture file): its frames go
// there exactly as received, stamped with the feed's timestamp, framed Framing::CopilotKitDebug
// so that decoding reads the event inside each envelope. Whatever is not a stream's frame (the
// comments and keep-alives, a frame that is not an envelope, the unfinished frame of a feed that
// broke off) goes to the feed's own run, so the runs' bytes together are every byte received.

#include "core/capture/capture.h"
#include "core/finding/diagnostic.h"
#include "core/wire/sseparser.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QSet>
#include <QString>

#include <functional>

namespace agui::net {
class ChunkSink;
}

namespace agui::copilotkit {

struct FeedStream
{
    QString agentId;
    QString threadId; // "" for events the runtime sent before the thread's RUN_STARTED
    qint64 frames = 0;
    qint64 firstAtUs = -1; // feed timestamps of its first and last frame
    qint64 lastAtUs = -1;
    QStringList runIds; // in the order they started
    QString label() const; // "agent · thread", the run's label in the capture
};

class DebugFeedDemux : private SseBlockHandler
{
public:
    // The sink of a new stream (not owned; it must outlive the demux's use of it).
    using OpenStream = std::function<net::ChunkSink *(const FeedStream &stream)>;

    // `feedRun` records the feed's own exchange (not owned).
    DebugFeedDemux(net::ChunkSink *feedRun, OpenStream openStream);
    ~DebugFeedDemux() override;

    // The feed's request and response head, to its own run.
    void opened(const RecordedRequest &request, const RecordedResponse &response);
    void feed(const QByteArray &bytes, qint64 receivedAtUs);
    // The feed ended (the runtime closed it, it broke off, or the user stopped): the unfinished
    // frame, if any, goes to the feed's run, and every run ends.
    void finish(RunEnd end, const QString &error, qint64 atUs);

    const QList<FeedStream> &streams() const { return m_streams; }
    // What the reader noticed, byteOffset in the feed: frames that are not envelopes, envelope
    // members the runtime does not write, missing timestamps, a feed cut inside a frame, the
    // runtime's traps (runtimenotes.h).
    const Diagnostics &notes() const { return m_notes; }
    qint64 bytesSeen() const { return m_bytesSeen; }
    qint64 framesRouted() const { return m_framesRouted; }
    bool endedInsideFrame() const { return m_endedInsideFrame; }

    // Told of each frame routed to a stream (its index in streams()).
    std::function<void(int stream)> onFrame;

private:
    void block(const SseBlock &block) override;
    QByteArray takeBlock(const SseBlock &block); // what lies before it goes to the feed run
    QByteArray take(qint64 length); // the next bytes received
    void toFeedRun(const QByteArray &bytes);
    void routeEvent(const SseBlock &block);
    int streamFor(const QString &agentId, const QString &threadId, qint64 atUs);
    void note(const QString &rule, Severity severity, const QString &message, qint64 offset);
    void noteOnce(const QString &key, const QString &rule, Severity severity,
                  const QString &message, qint64 offset);

    net::ChunkSink *m_feedRun;
    OpenStream m_openStream;
    RecordedRequest m_request;
    SseParser m_parser;
    QByteArray m_pending; // bytes received and not yet routed, from m_pendingStart
    qint64 m_pendingStart = 0;
    qint64 m_bytesSeen = 0;
    qint64 m_receivedAtUs = -1; // of the chunk being fed
    QList<FeedStream> m_streams;
    QList<net::ChunkSink *> m_sinks; // per stream
    QHash<QString, int> m_streamByKey;
    QList<QSet<QString>> m_runsSeen; // per stream
    Diagnostics m_notes;
    QSet<QString> m_noted;
    qint64 m_framesRouted = 0;
    bool m_endedInsideFrame = false;
    RunEnd m_finishEnd = RunEnd::Open; // while finishing: how the feed ended
};

} // namespace agui::copilotkit
