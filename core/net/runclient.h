#pragma once

// Runs an AG-UI agent over HTTP: POSTs a RunAgentInput and streams the response (HttpExchange:
// our own HTTP/1.1 over a socket). Every chunk read is first handed to the recording sink, then
// decoded (StreamDecoder) into Events that are signalled as they complete; the body is never
// buffered whole. A non-2xx answer is a failure that keeps the status and the start of the body
// (kMaxErrorBodyBytes; all of it is recorded). Bytes that are not HTTP (a broken chunked body, a
// server that answers TLS) are recorded and decoded too, and the failure says what broke where.
// A stall watchdog reports silence.

#include "core/capture/capture.h"
#include "core/net/chunksink.h"
#include "core/protocol/event.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QTimer>
#include <QUrl>

#include <memory>

namespace agui {
class StreamDecoder;
}

namespace agui::net {

class HttpExchange;

class RunClient : public QObject
{
    Q_OBJECT

public:
    enum class Status {
        Idle,
        Connecting, // request sent, no response head yet
        Streaming, // 2xx head received, body arriving
        Stalled, // no byte for stallTimeout while Connecting/Streaming (may resume)
        Finished, // body ended normally
        Failed, // HTTP status not 2xx, or a transport error (see httpStatus/errorString/body)
        Stopped, // stop() was called
    };
    Q_ENUM(Status)

    static constexpr qint64 kMaxErrorBodyBytes = 64 * 1024; // of a non-2xx body, in memory

    explicit RunClient(QObject *parent = nullptr);
    ~RunClient() override;

    // Not owned; outlives the run. nullptr: nothing is recorded.
    void setSink(ChunkSink *sink) { m_sink = sink; }
    // Silence (ms) after which the run is reported Stalled; 0 disables. Default 30 s.
    void setStallTimeout(int ms) { m_stallMs = ms; }
    int stallTimeout() const { return m_stallMs; }
    // When set, a stall also aborts the run (status Failed). Default off.
    void setAbortOnStall(bool abort) { m_abortOnStall = abort; }
    // Seq of the next run's first event (default 0), so a session holding several runs keeps
    // one numbering: pass session.size() before start().
    void setFirstSeq(qint64 seq) { m_firstSeq = seq; }
    // false: the body is only recorded (ChunkSink), not decoded here; the sink's owner decodes
    // it on its own path (the inspector's session feeds the chunks straight into its store).
    // eventsReceived() is then never emitted.
    void setDecodeEvents(bool decode) { m_decodeEvents = decode; }

    // Starts a run (a run in progress is stopped first). Headers sent: Content-Type
    // application/json, Accept text/event-stream, Cache-Control no-cache, Accept-Encoding
    // identity, then extraHeaders (which may override them; Content-Length, Connection and
    // Transfer-Encoding are the client's own, and a header with a control character in its value
    // fails the run before anything is sent). Redirects are not followed.
    void start(const QUrl &url, const QJsonObject &runAgentInput,
               const HttpHeaders &extraHeaders = {});
    // Same with the exact bytes to POST (a composed body, possibly invalid on purpose).
    void startWithBody(const QUrl &url, const QByteArray &body,
                       const HttpHeaders &extraHeaders = {});
    // Aborts the run; status Stopped. Nothing more is signalled for it.
    void stop();

    Status status() const { return m_status; }
    bool isActive() const;
    int httpStatus() const { return m_httpStatus; } // 0 before the head / on transport errors
    QString contentType() const { return m_contentType; }
    // For a 2xx answer whose Content-Type names neither AG-UI binding: what was done with its
    // body (read as SSE, as the reference client does); "" otherwise.
    QString bindingNote() const;
    QString errorString() const { return m_error; }
    // Start of the body of a non-2xx answer (or of an answer that is not HTTP).
    QByteArray errorBody() const { return m_errorBody; }
    qint64 bytesReceived() const { return m_bytes; }
    qint64 eventsDecoded() const { return m_events; }

    static QString statusName(Status status);

Q_SIGNALS:
    void statusChanged(agui::net::RunClient::Status status);
    void eventsReceived(const QList<agui::Event> &events);
    void stalled(int silentMs);
    void failed(const QString &message, int httpStatus, const QByteArray &body);
    void finished(); // Finished, Failed or Stopped reached

private:
    void onHead();
    void onReceived(const QByteArray &bytes);
    void onFinished(const QString &transportError);
    QString failureMessage(const QString &transportError) const;
    void abortExchange();
    void onStallTimeout();
    void setStatus(Status status);
    void endRun(Status status, RunEnd end, const QString &error);
    void emitEvents(const QList<Event> &events);

    std::unique_ptr<HttpExchange> m_exchange;
    ChunkSink *m_sink = nullptr;
    std::unique_ptr<StreamDecoder> m_decoder;
    QTimer m_stallTimer;
    int m_stallMs = 30000;
    qint64 m_firstSeq = 0;
    bool m_decodeEvents = true;
    bool m_abortOnStall = false;
    bool m_headSeen = false;
    Status m_status = Status::Idle;
    int m_httpStatus = 0;
    QString m_contentType;
    QString m_location; // of a redirect, credentials redacted
    QString m_error;
    QByteArray m_errorBody;
    qint64 m_bytes = 0;
    qint64 m_events = 0;
};

} // namespace agui::net
