#pragma once

#include "ui/live/runrequest.h"

#include <QJsonObject>
#include <QObject>
#include <QPointer>

#include <functional>
#include <memory>

namespace agui {
class CaptureWriter;
class RunRecorder;
namespace net {
class ChunkSink;
class FanOutSink;
class RunClient;
} // namespace net
} // namespace agui

namespace agui::ui {

class SessionDocument;

// Runs AG-UI requests against an endpoint (core/net RunClient: POST, streamed, stall watchdog)
// and feeds the session as events arrive. Every chunk is recorded before it is decoded: first
// to the session's capture file (append-only, one write per record, so a crash or kill loses
// nothing already received), then to the document's in-memory capture (Save As). Several runs
// share one session and one capture file; nextRunInput() carries the thread forward like
// @ag-ui/client does.
class LiveRunController : public QObject
{
    Q_OBJECT
public:
    enum class State { Idle, Connecting, Streaming, Stalled, Finished, Failed, Stopped };
    Q_ENUM(State)

    explicit LiveRunController(SessionDocument *document, QObject *parent = nullptr);
    ~LiveRunController() override;

    void start(const RunRequest &request);
    void stop();

    // W3C trace context (docs/otel.md): each run sends a traceparent, a new trace whose parent
    // is the run's span in an OpenTelemetry export, unless the request's headers hold one (sent
    // as given) or this is off. On by default.
    void setSendTraceContext(bool send) { m_sendTraceContext = send; }
    bool sendsTraceContext() const { return m_sendTraceContext; }
    // The trace of the last run started (16 bytes; empty when it sent none).
    QByteArray lastTraceId() const { return m_traceId; }
    // A second listener of every run's bytes (the live OpenTelemetry export); empty: none.
    using SinkFactory = std::function<std::unique_ptr<net::ChunkSink>()>;
    void setExtraSinkFactory(SinkFactory factory) { m_extraSinks = std::move(factory); }
    bool isRunning() const;
    State state() const { return m_state; }
    QString statusText() const;
    QString statusDetail() const;
    int httpStatus() const;
    QByteArray errorBody() const;
    QString errorString() const;
    QString captureFilePath() const { return m_capturePath; }
    qint64 bytesReceived() const;
    qint64 eventsReceived() const;

    // A silent server is reported after this long without a byte (heartbeats count).
    void setStallTimeoutMs(int ms);
    // Where the session's capture file is written; default: the app's data folder. Empty
    // string: record in memory only.
    void setCaptureDirectory(const QString &dir)
    {
        m_captureDir = dir;
        m_captureDirSet = true;
    }

    // A new capture file's path in that directory ("<prefix>-<date>-<time>.aguicap"; the
    // directory is made); empty when recording to memory only.
    QString newCapturePath(const QString &prefix) const;

    // The body for the next run on this thread: same threadId, a new runId, the thread's
    // messages and state as the events left them; empty before the first run.
    QJsonObject nextRunInput() const;
    RunRequest lastRequest() const { return m_lastRequest; }
    // Forget the thread (a capture was opened in its place).
    void resetThread();

    // Some body bytes of this session's live runs are only in captureFilePath().
    bool bodyOnlyOnDisk() const;
    // Save As for such a session: copies the recording when the session is exactly that
    // recording, else says where the bytes are (*error). False when nothing was spilled (the
    // document's own capture is complete: save that).
    bool saveSpilledRecording(const QString &path, QString *error) const;

Q_SIGNALS:
    void stateChanged(State state);
    void failed(const QString &message, int httpStatus, const QByteArray &body);

private:
    void onClientStatus();
    void addTraceContext(HttpHeaders &headers);
    bool ensureCaptureFile();

    QPointer<SessionDocument> m_document;
    std::unique_ptr<net::RunClient> m_client;
    std::unique_ptr<CaptureWriter> m_writer;
    std::unique_ptr<RunRecorder> m_recorder;
    std::unique_ptr<net::FanOutSink> m_sinks; // the recorder and the extra sink
    SinkFactory m_extraSinks;
    bool m_sendTraceContext = true;
    QByteArray m_traceId;
    qint64 m_events = 0; // decoded in the current run
    QString m_captureDir;
    bool m_captureDirSet = false;
    QString m_capturePath;
    QString m_recordError;
    RunRequest m_lastRequest;
    QJsonObject m_threadInput; // the thread's last RunAgentInput (tools, context, ...)
    int m_firstRecordedRun = 0; // the document's first run recorded in the capture file
    State m_state = State::Idle;
};

} // namespace agui::ui
