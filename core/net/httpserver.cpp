#include "core/net/httpserver.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpServer>
#include <QTcpSocket>

#include <algorithm>
#include <memory>

#include "core/platform/processinfo.h"
#include "core/platform/sockets.h"

namespace agui::net {

namespace {

constexpr int kLingerMs = 2000; // how long to drain an unread request body after an error

} // namespace

// ---- HttpResponder ----

HttpResponder::HttpResponder(QTcpSocket *socket, QObject *parent)
    : QObject(parent)
    , m_socket(socket)
{
    connect(socket, &QTcpSocket::bytesWritten, this, &HttpResponder::drained);
}

QByteArray HttpResponder::reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return QByteArrayLiteral("OK");
    case 202:
        return QByteArrayLiteral("Accepted");
    case 204:
        return QByteArrayLiteral("No Content");
    case 400:
        return QByteArrayLiteral("Bad Request");
    case 401:
        return QByteArrayLiteral("Unauthorized");
    case 403:
        return QByteArrayLiteral("Forbidden");
    case 404:
        return QByteArrayLiteral("Not Found");
    case 405:
        return QByteArrayLiteral("Method Not Allowed");
    case 406:
        return QByteArrayLiteral("Not Acceptable");
    case 408:
        return QByteArrayLiteral("Request Timeout");
    case 411:
        return QByteArrayLiteral("Length Required");
    case 413:
        return QByteArrayLiteral("Content Too Large");
    case 415:
        return QByteArrayLiteral("Unsupported Media Type");
    case 431:
        return QByteArrayLiteral("Request Header Fields Too Large");
    case 500:
        return QByteArrayLiteral("Internal Server Error");
    case 503:
        return QByteArrayLiteral("Service Unavailable");
    default:
        return QByteArrayLiteral("Status");
    }
}

QByteArray HttpResponder::errorBody(int status, const QString &message)
{
    const QJsonObject body {
        {QStringLiteral("error"),
         QJsonObject {{QStringLiteral("status"), status}, {QStringLiteral("message"), message}}}};
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

bool HttpResponder::isOpen() const
{
    return m_state != State::Done && m_socket
        && m_socket->state() == QAbstractSocket::ConnectedState;
}

qint64 HttpResponder::bytesQueued() const
{
    return m_socket ? m_socket->bytesToWrite() : 0;
}

void HttpResponder::writeHead(int status, const QByteArray &contentType, const Headers &extra,
                              qint64 contentLength)
{
    QByteArray head
        = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status) + "\r\n";
    if (!contentType.isEmpty())
        head += "Content-Type: " + contentType + "\r\n";
    if (contentLength >= 0)
        head += "Content-Length: " + QByteArray::number(contentLength) + "\r\n";
    else
        head += "Transfer-Encoding: chunked\r\n";
    head += "Connection: close\r\n";
    for (const auto &[name, value] : extra)
        head += name + ": " + value + "\r\n";
    head += "\r\n";
    m_socket->write(head);
}

void HttpResponder::respond(int status, const QByteArray &contentType, const QByteArray &body,
                            const Headers &extra)
{
    if (m_state != State::Idle || !m_socket)
        return;
    m_state = State::Done;
    if (m_socket->state() != QAbstractSocket::ConnectedState)
        return;
    writeHead(status, contentType, extra, body.size());
    m_socket->write(body);
    closeAfterWrite();
}

void HttpResponder::respondError(int status, const QString &message, const Headers &extra)
{
    respond(status, QByteArrayLiteral("application/json"), errorBody(status, message), extra);
}

void HttpResponder::beginStream(int status, const QByteArray &contentType, const Headers &extra)
{
    if (m_state != State::Idle || !m_socket || m_socket->state() != QAbstractSocket::ConnectedState)
        return;
    m_state = State::Streaming;
    writeHead(status, contentType, extra, -1);
}

bool HttpResponder::write(const QByteArray &bytes)
{
    if (m_state != State::Streaming || !isOpen())
        return false;
    if (bytes.isEmpty()) // an empty chunk would end the body
        return true;
    m_socket->write(QByteArray::number(bytes.size(), 16) + "\r\n" + bytes + "\r\n");
    m_socket->flush(); // a streamed event goes out now, not when the event loop next turns
    return true;
}

void HttpResponder::abort()
{
    m_state = State::Done;
    if (m_socket && m_socket->state() == QAbstractSocket::ConnectedState)
        closeAfterWrite(); // what was written goes out; the body's end never does
}

void HttpResponder::finish()
{
    if (m_state != State::Streaming)
        return;
    m_state = State::Done;
    if (m_socket && m_socket->state() == QAbstractSocket::ConnectedState) {
        m_socket->write(QByteArrayLiteral("0\r\n\r\n"));
        closeAfterWrite();
    }
}

void HttpResponder::closeAfterWrite()
{
    // disconnectFromHost() sends what is queued first, then closes.
    m_socket->disconnectFromHost();
}

// ---- HttpConnection: reads one request (HttpRequestParser), then hands it to the server ----

class HttpConnection : public QObject
{
public:
    HttpConnection(HttpServer *server, QTcpSocket *socket)
        : QObject(server)
        , m_server(server)
        , m_socket(socket)
        , m_responder(new HttpResponder(socket, this))
        , m_parser(std::make_unique<HttpRequestParser>(HttpRequestParser::Limits {
              server->limits().maxHeaderBytes, server->limits().maxBodyBytes}))
    {
        socket->setParent(this);
        m_server->m_open.append(this);
        m_timer.setSingleShot(true);
        connect(&m_timer, &QTimer::timeout, this, [this] { onTimeout(); });
        m_timer.start(m_server->limits().readTimeoutMs);
        connect(socket, &QTcpSocket::readyRead, this, [this] { onReadyRead(); });
        connect(socket, &QTcpSocket::disconnected, this, [this] { onDisconnected(); });
        connect(socket, &QTcpSocket::errorOccurred, this, [this](QAbstractSocket::SocketError) {
            if (m_socket->state() != QAbstractSocket::ConnectedState)
                onDisconnected();
        });
    }

    ~HttpConnection() override
    {
        release();
        m_server->m_open.removeOne(this);
    }

    bool isReading() const { return m_phase == Phase::Request; }
    bool isDraining() const { return m_phase == Phase::Draining; }

    // Closed at once to make room for a newer connection (HttpServer::makeRoom).
    void evict()
    {
        if (m_phase == Phase::Request) {
            Q_EMIT m_server->requestHandled(m_parser->request().method, m_parser->request().path,
                                            408);
        }
        m_server->m_open.removeOne(this);
        m_phase = Phase::Draining;
        m_timer.stop();
        m_gone = true;
        m_responder->m_state = HttpResponder::State::Done;
        m_socket->abort();
        deleteLater();
    }

private:
    enum class Phase { Request, Dispatched, Draining };

    void onReadyRead()
    {
        const QByteArray bytes = m_socket->readAll();
        if (m_phase != Phase::Request)
            return; // one request per connection; anything after it is not read
        switch (m_parser->feed(bytes)) {
        case HttpRequestParser::State::Head:
            return;
        case HttpRequestParser::State::Failed:
            fail(m_parser->errorStatus(), m_parser->errorMessage());
            return;
        case HttpRequestParser::State::Body:
            if (!reserve())
                return;
            if (m_parser->takeContinueRequest())
                m_socket->write(QByteArrayLiteral("HTTP/1.1 100 Continue\r\n\r\n"));
            return;
        case HttpRequestParser::State::Complete:
            if (reserve())
                dispatch();
            return;
        }
    }

    // Counts the announced body against the server-wide budget before any of it is held.
    bool reserve()
    {
        if (m_reserved > 0 || m_parser->expectedBodyBytes() == 0)
            return true;
        const qint64 wanted = m_parser->expectedBodyBytes();
        const qint64 budget = m_server->limits().maxBufferedBodyBytes;
        if (m_server->m_bufferedBody + wanted > budget) {
            fail(503,
                 QStringLiteral("server busy: request bodies in memory would exceed %1 bytes")
                     .arg(budget));
            return false;
        }
        m_reserved = wanted;
        m_server->m_bufferedBody += wanted;
        return true;
    }

    void release()
    {
        m_server->m_bufferedBody -= m_reserved;
        m_reserved = 0;
    }

    void dispatch()
    {
        m_phase = Phase::Dispatched;
        m_timer.stop();
        HttpRequest request = m_parser->request();
        request.peer = m_socket->peerAddress();
        m_parser.reset(); // the body lives in `request` only, for the handler's call
        release();
        m_server->dispatch(request, m_responder);
    }

    // Answers an error before the request was read completely. The unread rest of the request
    // is drained for a moment so that closing does not reset the connection before the client
    // has read the answer.
    void fail(int status, const QString &message)
    {
        m_phase = Phase::Draining;
        m_timer.stop();
        release();
        Q_EMIT m_server->requestHandled(m_parser->request().method, m_parser->request().path,
                                        status);
        m_responder->m_state = HttpResponder::State::Done;
        if (m_socket->state() != QAbstractSocket::ConnectedState)
            return;
        const QByteArray body = HttpResponder::errorBody(status, message);
        m_responder->writeHead(status, QByteArrayLiteral("application/json"), {}, body.size());
        m_socket->write(body);
        m_socket->flush();
        if (m_socket->bytesToWrite() == 0) {
            platform::shutdownSending(m_socket->socketDescriptor());
            QTimer::singleShot(kLingerMs, this, [this] { m_socket->abort(); });
            return;
        }
        connect(m_socket, &QTcpSocket::bytesWritten, this, [this] {
            if (m_socket->bytesToWrite() == 0 && !m_shutDown) {
                m_shutDown = true;
                platform::shutdownSending(m_socket->socketDescriptor());
                QTimer::singleShot(kLingerMs, this, [this] { m_socket->abort(); });
            }
        });
    }

    void onTimeout()
    {
        if (m_phase == Phase::Request)
            fail(408,
                 QStringLiteral("request not received within %1 ms")
                     .arg(m_server->limits().readTimeoutMs));
    }

    void onDisconnected()
    {
        if (m_gone)
            return;
        m_gone = true;
        m_timer.stop();
        if (m_responder->m_state != HttpResponder::State::Done)
            Q_EMIT m_responder->clientGone();
        m_responder->m_state = HttpResponder::State::Done;
        deleteLater();
    }

    HttpServer *m_server;
    QTcpSocket *m_socket;
    HttpResponder *m_responder;
    std::unique_ptr<HttpRequestParser> m_parser; // until the request is dispatched
    QTimer m_timer;
    qint64 m_reserved = 0; // body bytes counted in HttpServer::m_bufferedBody
    Phase m_phase = Phase::Request;
    bool m_gone = false;
    bool m_shutDown = false;
};

// ---- HttpServer ----

HttpServer::HttpServer(QObject *parent)
    : QObject(parent)
    , m_server(new QTcpServer(this))
{
    connect(m_server, &QTcpServer::newConnection, this, [this] {
        while (QTcpSocket *socket = m_server->nextPendingConnection())
            accept(socket);
    });
}

void HttpServer::accept(QTcpSocket *socket)
{
    // A stream of small events: each goes out when written, not held back by Nagle's algorithm
    // until the peer's delayed ACK (up to 40 ms on Linux).
    socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    if (m_open.size() < m_limits.maxConnections || makeRoom()) {
        new HttpConnection(this, socket);
        return;
    }
    // Every slot is serving a response: say so and close (the client may retry later).
    ++m_refused;
    Q_EMIT requestHandled({}, {}, 503);
    const QByteArray body = HttpResponder::errorBody(
        503, QStringLiteral("server busy: %1 connections open").arg(m_open.size()));
    socket->write("HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
                  "Content-Length: "
                  + QByteArray::number(body.size())
                  + "\r\nRetry-After: 1\r\nConnection: close\r\n\r\n" + body);
    connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    QTimer::singleShot(kLingerMs, socket, [socket] { socket->abort(); });
    socket->disconnectFromHost();
}

bool HttpServer::makeRoom()
{
    // A connection already answered and draining goes first, then the one that has been
    // reading its request the longest: a slow (or slowloris) client waits, a newcomer is served.
    for (HttpConnection *c : std::as_const(m_open)) {
        if (c->isDraining()) {
            c->evict();
            return true;
        }
    }
    for (HttpConnection *c : std::as_const(m_open)) {
        if (c->isReading()) {
            c->evict();
            ++m_evicted;
            return true;
        }
    }
    return false;
}

HttpServer::~HttpServer()
{
    // Connections (and endpoints) go first, while the server they report to still exists.
    const QObjectList kids = children();
    for (QObject *child : kids)
        if (child != m_server)
            delete child;
}

void HttpServer::route(const QByteArray &method, const QString &path, Handler handler)
{
    m_routes.append(Route {method, path, std::move(handler)});
}

bool HttpServer::listen(const QHostAddress &address, quint16 port)
{
    // Each connection is a descriptor: make sure maxConnections of them can be open (Debian's
    // default soft limit is 1024 for the whole process). Out of descriptors, accept() would fail
    // and the listening socket would keep waking the event loop.
    platform::allowOpenFiles(m_limits.maxConnections + 256);
    // Qt's default backlog is 50: a burst of clients beyond it has its handshakes dropped and
    // retried for a minute or more. Let the kernel queue as many as we would hold (it caps this
    // at its own somaxconn).
    m_server->setListenBacklogSize(m_limits.maxConnections);
    return m_server->listen(address, port);
}

void HttpServer::close()
{
    m_server->close();
}

quint16 HttpServer::port() const
{
    return m_server->serverPort();
}

QHostAddress HttpServer::address() const
{
    return m_server->serverAddress();
}

QUrl HttpServer::url(const QString &path) const
{
    QUrl url;
    url.setScheme(QStringLiteral("http"));
    url.setHost(m_server->serverAddress().toString());
    url.setPort(m_server->serverPort());
    url.setPath(path);
    return url;
}

QString HttpServer::errorString() const
{
    return m_server->errorString();
}

void HttpServer::dispatch(const HttpRequest &request, HttpResponder *responder)
{
    QList<QByteArray> allowed;
    for (const Route &r : std::as_const(m_routes)) {
        if (r.path != request.path)
            continue;
        if (r.method == request.method) {
            Q_EMIT requestHandled(request.method, request.path, 0);
            r.handler(request, responder);
            return;
        }
        allowed.append(r.method);
    }
    if (allowed.isEmpty() && m_fallback) {
        Q_EMIT requestHandled(request.method, request.path, 0);
        m_fallback(request, responder);
        return;
    }
    if (allowed.isEmpty()) {
        Q_EMIT requestHandled(request.method, request.path, 404);
        responder->respondError(404, QStringLiteral("no resource at %1").arg(request.path));
        return;
    }
    Q_EMIT requestHandled(request.method, request.path, 405);
    responder->respondError(405,
                            QStringLiteral("%1 is not allowed on %2 (allowed: %3)")
                                .arg(QString::fromLatin1(request.method), request.path,
                                     QString::fromLatin1(allowed.join(", "))),
                            {{QByteArrayLiteral("Allow"), allowed.join(", ")}});
}

} // namespace agui::net
