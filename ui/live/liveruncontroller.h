#pragma once

#include "ui/live/runrequest.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <memory>

class QNetworkAccessManager;
class QNetworkReply;

namespace agui {
class CaptureWriter;
class StreamDecoder;
} // namespace agui

namespace agui::ui {

class SessionDocument;

// Runs one AG-UI request at a time against an endpoint and feeds the session as bytes arrive.
// Order per chunk: the bytes are written to the session's capture file first (append-only,
// one write per record, so a crash or kill loses nothing already received), then mirrored in
// the document's in-memory capture, then decoded into events. Several runs share one session
// and one capture file; nextRunInput() carries the thread forward like @ag-ui/client does.
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
    bool isRunning() const;
    State state() const { return m_state; }
    QString statusText() const;
    QString statusDetail() const;
    int httpStatus() const { return m_httpStatus; }
    QByteArray errorBody() const { return m_errorBody; }
    QString errorString() const { return m_error; }
    QString captureFilePath() const { return m_capturePath; }
    qint64 bytesReceived() const { return m_bytes; }
    qint64 eventsReceived() const { return m_events; }

    // A silent server is reported after this long without a byte (heartbeats count).
    void setStallTimeoutMs(int ms) { m_stallTimeoutMs = ms; }
    // Where the session's capture file is written; default: the app's data folder. Empty
    // string: record in memory only (tests).
    void setCaptureDirectory(const QString &dir)
    {
        m_captureDir = dir;
        m_captureDirSet = true;
    }

    // The body for the next run on this thread: same threadId, a new runId, the thread's
    // messages and state as they stand after the last run; the first run gets a fresh thread.
    QJsonObject nextRunInput() const;
    RunRequest lastRequest() const { return m_lastRequest; }
    // Forget the thread (a capture was opened in its place).
    void resetThread();

Q_SIGNALS:
    void stateChanged(State state);
    void failed(const QString &message, int httpStatus, const QByteArray &body);

private:
    void setState(State state);
    void onMetaData();
    void onReadyRead();
    void onFinished();
    void checkStall();
    bool ensureCaptureFile();
    void finishDecoder();

    QPointer<SessionDocument> m_document;
    QNetworkAccessManager *m_network = nullptr;
    QPointer<QNetworkReply> m_reply;
    std::unique_ptr<CaptureWriter> m_writer;
    std::unique_ptr<StreamDecoder> m_decoder;
    QString m_captureDir;
    bool m_captureDirSet = false;
    QString m_capturePath;
    int m_runId = -1; // run number in the capture file
    int m_captureRunIndex = -1; // index into the document's in-memory capture
    RunRequest m_lastRequest;
    State m_state = State::Idle;
    bool m_stopRequested = false;
    bool m_httpError = false;
    int m_httpStatus = 0;
    QByteArray m_errorBody;
    QString m_error;
    qint64 m_bytes = 0;
    qint64 m_events = 0;
    QTimer m_stallTimer;
    QElapsedTimer m_sinceLastByte;
    int m_stallTimeoutMs = 30000;
    qint64 m_runStartSeq = 0;
    QJsonObject m_threadInput; // the thread's last RunAgentInput (tools, context, ...)
};

} // namespace agui::ui
