#pragma once

// A small HTTP/1.1 server on QTcpServer, for the demo/replay agent endpoint and the tests.
// Why not QHttpServer: Qt 6.4's QHttpServer cannot stream a response (no chunked writes over
// time), and an AG-UI run is a long-lived text/event-stream body.
//
// Scope: one request per connection (every response says "Connection: close"), request bodies
// by Content-Length only (a chunked request body gets 411), limits on header and body size and
// a read timeout. Requests are parsed by HttpRequestParser (httprequestparser.h). Errors are
// answered with a JSON body {"error":{"status":N,"message":"..."}}:
//   400 malformed request line / header / Content-Length   404 no such path
//   405 path exists, method does not (Allow header lists the methods)
//   408 request not complete within the read timeout       411 no Content-Length for a body
//   413 body over the limit (decided from Content-Length, before reading the body)
//   431 request line + headers over the header limit
//   503 every connection slot is serving a response, or the request bodies held in memory
//       would exceed Limits::maxBufferedBodyBytes
// Memory is bounded: at most maxConnections connections, each holding at most maxHeaderBytes of
// head plus one read, and maxBufferedBodyBytes of request bodies over all of them. When all slots
// are taken, the connection that has been reading its request the longest (a slowloris client)
// is answered 408 and closed to make room; only when every slot is streaming a response is the
// newcomer answered 503.
// Binds 127.0.0.1 unless told otherwise.

#include "core/net/httprequestparser.h"

#include <QByteArray>
#include <QHostAddress>
#include <QList>
#include <QObject>
#include <QPair>
#include <QPointer>
#include <QString>
#include <QTimer>
#include <QUrl>

#include <functional>

class QTcpServer;
class QTcpSocket;

namespace agui::net {

class HttpConnection;

// The answer to one request: either whole (respond) or streamed (beginStream, write..., finish).
// Lives as long as the connection; hold it in a QPointer when writing later from a timer.
class HttpResponder : public QObject
{
    Q_OBJECT

public:
    using Headers = QList<QPair<QByteArray, QByteArray>>;

    // A complete response with Content-Length; the connection closes after it is sent.
    void respond(int status, const QByteArray &contentType, const QByteArray &body,
                 const Headers &extra = {});
    // A JSON error body {"error":{"status":status,"message":message}}.
    void respondError(int status, const QString &message, const Headers &extra = {});

    // Streamed response: the head now (Transfer-Encoding: chunked), then one HTTP chunk per
    // write(). Returns false once the client has gone (nothing is written then).
    void beginStream(int status, const QByteArray &contentType, const Headers &extra = {});
    bool write(const QByteArray &bytes);
    void finish(); // the last (empty) chunk, then close
    // Closes a streamed response without its last chunk, so the client sees the body break off
    // (a proxy passing on an upstream that died mid-stream).
    void abort();

    bool isOpen() const; // the client is still connected and finish() not called
    bool hasResponded() const { return m_state != State::Idle; }
    qint64 bytesQueued() const; // written to the socket, not yet sent

    static QByteArray reasonPhrase(int status);
    static QByteArray errorBody(int status, const QString &message);

Q_SIGNALS:
    // The peer closed the connection (or it failed) before the response was complete.
    void clientGone();
    // Bytes queued by write() went out to the client (bytesQueued() is lower now).
    void drained();

private:
    friend class HttpConnection;
    explicit HttpResponder(QTcpSocket *socket, QObject *parent);
    void writeHead(int status, const QByteArray &contentType, const Headers &extra,
                   qint64 contentLength);
    void closeAfterWrite();

    enum class State { Idle, Streaming, Done };
    QTcpSocket *m_socket;
    State m_state = State::Idle;
};

class HttpServer : public QObject
{
    Q_OBJECT

public:
    struct Limits
    {
        qint64 maxHeaderBytes = kMaxHeaderBytes; // request line + headers
        qint64 maxBodyBytes = kMaxBodyBytes;
        int readTimeoutMs = kReadTimeoutMs; // the whole request must arrive within this
        int maxConnections = kMaxConnections; // open at once (see above)
        qint64 maxBufferedBodyBytes = kMaxBufferedBodyBytes; // over all connections
    };
    static constexpr qint64 kMaxHeaderBytes = 64 * 1024;
    static constexpr qint64 kMaxBodyBytes = 8 * 1024 * 1024;
    static constexpr int kReadTimeoutMs = 15000;
    static constexpr int kMaxConnections = 1024;
    static constexpr qint64 kMaxBufferedBodyBytes = 64 * 1024 * 1024;
    using Handler = std::function<void(const HttpRequest &, HttpResponder *)>;

    explicit HttpServer(QObject *parent = nullptr);
    ~HttpServer() override;

    void setLimits(const Limits &limits) { m_limits = limits; }
    const Limits &limits() const { return m_limits; }

    // Exact path match; the handler must answer through the responder (now or later).
    void route(const QByteArray &method, const QString &path, Handler handler);
    // Every request no route matches (any method, any path), instead of 404/405: a proxy.
    void setFallback(Handler handler) { m_fallback = std::move(handler); }

    // Port 0 picks a free port (see port()). False on failure (errorString()).
    bool listen(const QHostAddress &address = QHostAddress::LocalHost, quint16 port = 0);
    void close();
    quint16 port() const;
    QHostAddress address() const;
    QUrl url(const QString &path = QStringLiteral("/")) const;
    QString errorString() const;

    int openConnections() const { return int(m_open.size()); }
    qint64 bufferedBodyBytes() const { return m_bufferedBody; } // reserved by Content-Length
    int connectionsEvicted() const { return m_evicted; } // slow readers closed to make room
    int connectionsRefused() const { return m_refused; } // answered 503: no slot free

Q_SIGNALS:
    // After each request is parsed (or refused): method, path, status answered or 0 if streamed
    // by a handler. For logging.
    void requestHandled(const QByteArray &method, const QString &path, int status);

private:
    friend class HttpConnection;
    void accept(QTcpSocket *socket);
    bool makeRoom();
    void dispatch(const HttpRequest &request, HttpResponder *responder);

    struct Route
    {
        QByteArray method;
        QString path;
        Handler handler;
    };

    QTcpServer *m_server;
    QList<Route> m_routes;
    Handler m_fallback;
    Limits m_limits;
    QList<HttpConnection *> m_open; // oldest first
    qint64 m_bufferedBody = 0;
    int m_evicted = 0;
    int m_refused = 0;
};

} // namespace agui::net
