#include "core/net/httpserver.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpServer>
#include <QTcpSocket>

#ifdef Q_OS_UNIX
#include <sys/socket.h>
#endif

namespace agui::net {

namespace {

constexpr int kLingerMs = 2000; // how long to drain an unread request body after an error

bool isToken(QByteArrayView s)
{
    if (s.isEmpty())
        return false;
    for (const char c : s) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
            || QByteArrayView("!#$%&'*+-.^_`|~").contains(c);
        if (!ok)
            return false;
    }
    return true;
}

} // namespace

// ---- HttpRequest ----

QByteArray HttpRequest::header(QByteArrayView name) const
{
    for (const auto &[key, value] : headers)
        if (QByteArrayView(key).compare(name, Qt::CaseInsensitive) == 0)
            return value.trimmed();
    return {};
}

bool HttpRequest::hasHeader(QByteArrayView name) const
{
    for (const auto &h : headers)
        if (QByteArrayView(h.first).compare(name, Qt::CaseInsensitive) == 0)
            return true;
    return false;
}

// ---- HttpResponder ----

HttpResponder::HttpResponder(QTcpSocket *socket, QObject *parent)
    : QObject(parent)
    , m_socket(socket)
{ }

QByteArray HttpResponder::reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return QByteArrayLiteral("OK");
    case 204:
        return QByteArrayLiteral("No Content");
    case 400:
        return QByteArrayLiteral("Bad Request");
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
    return true;
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

// ---- HttpConnection: reads and parses one request, then hands it to the server ----

class HttpConnection : public QObject
{
public:
    HttpConnection(HttpServer *server, QTcpSocket *socket)
        : QObject(server)
        , m_server(server)
        , m_socket(socket)
        , m_responder(new HttpResponder(socket, this))
    {
        socket->setParent(this);
        ++m_server->m_connections;
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

    ~HttpConnection() override { --m_server->m_connections; }

private:
    enum class Phase { Head, Body, Dispatched, Draining };

    void onReadyRead()
    {
        const QByteArray bytes = m_socket->readAll();
        if (m_phase == Phase::Dispatched || m_phase == Phase::Draining)
            return; // one request per connection; anything after it is not read
        m_buffer += bytes;
        if (m_phase == Phase::Head)
            readHead();
        if (m_phase == Phase::Body)
            readBody();
    }

    void readHead()
    {
        const HttpServer::Limits &limits = m_server->limits();
        qsizetype end = m_buffer.indexOf("\r\n\r\n");
        qsizetype sepLen = 4;
        const qsizetype lfEnd = m_buffer.indexOf("\n\n");
        if (lfEnd >= 0 && (end < 0 || lfEnd < end)) {
            end = lfEnd;
            sepLen = 2;
        }
        if ((end < 0 && m_buffer.size() > limits.maxHeaderBytes) || end > limits.maxHeaderBytes) {
            fail(431,
                 QStringLiteral("request line and headers exceed %1 bytes")
                     .arg(limits.maxHeaderBytes));
            return;
        }
        if (end < 0)
            return;
        const QByteArray head = m_buffer.left(end);
        m_buffer.remove(0, end + sepLen);
        QList<QByteArray> lines = head.split('\n');
        for (QByteArray &line : lines)
            if (line.endsWith('\r'))
                line.chop(1);
        // Request line: METHOD SP target SP HTTP/x.y
        const QList<QByteArray> parts = lines.first().split(' ');
        if (parts.size() != 3 || !isToken(parts.at(0)) || parts.at(1).isEmpty()
            || !parts.at(2).startsWith("HTTP/1.")) {
            fail(400,
                 QStringLiteral("malformed request line \"%1\"")
                     .arg(QString::fromLatin1(lines.first().left(200))));
            return;
        }
        m_request.method = parts.at(0);
        m_request.target = parts.at(1);
        m_request.version = parts.at(2);
        m_request.peer = m_socket->peerAddress();
        const QByteArray pathPart = m_request.target.split('?').first();
        m_request.path = QUrl::fromPercentEncoding(pathPart);
        if (!m_request.path.startsWith(u'/')) {
            fail(400, QStringLiteral("request target must be an absolute path"));
            return;
        }
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QByteArray &line = lines.at(i);
            const qsizetype colon = line.indexOf(':');
            if (colon <= 0 || !isToken(QByteArrayView(line).first(colon))) {
                fail(400, QStringLiteral("malformed header line %1").arg(i + 1));
                return;
            }
            m_request.headers.append({line.left(colon), line.mid(colon + 1).trimmed()});
        }
        if (m_request.hasHeader("Transfer-Encoding")) {
            fail(411,
                 QStringLiteral("request bodies must be sent with Content-Length "
                                "(Transfer-Encoding is not supported)"));
            return;
        }
        m_expectedBody = 0;
        if (m_request.hasHeader("Content-Length")) {
            bool ok = false;
            const QByteArray text = m_request.header("Content-Length");
            m_expectedBody = text.toLongLong(&ok);
            if (!ok || m_expectedBody < 0 || text.startsWith('+')) {
                fail(400,
                     QStringLiteral("invalid Content-Length \"%1\"")
                         .arg(QString::fromLatin1(text.left(40))));
                return;
            }
            if (m_expectedBody > limits.maxBodyBytes) {
                fail(413,
                     QStringLiteral("request body of %1 bytes exceeds the limit of %2 bytes")
                         .arg(m_expectedBody)
                         .arg(limits.maxBodyBytes));
                return;
            }
        }
        m_phase = Phase::Body;
        // curl sends "Expect: 100-continue" before larger bodies and waits for this (or a
        // second) before sending the body.
        if (m_expectedBody > m_buffer.size()
            && m_request.header("Expect").compare("100-continue", Qt::CaseInsensitive) == 0)
            m_socket->write(QByteArrayLiteral("HTTP/1.1 100 Continue\r\n\r\n"));
    }

    void readBody()
    {
        if (m_buffer.size() < m_expectedBody)
            return;
        m_request.body = m_buffer.left(m_expectedBody);
        m_buffer.clear();
        m_phase = Phase::Dispatched;
        m_timer.stop();
        m_server->dispatch(m_request, m_responder);
    }

    // Answers an error before the request was read completely. The unread rest of the request
    // is drained for a moment so that closing does not reset the connection before the client
    // has read the answer.
    void fail(int status, const QString &message)
    {
        m_phase = Phase::Draining;
        m_timer.stop();
        Q_EMIT m_server->requestHandled(m_request.method, m_request.path, status);
        m_responder->m_state = HttpResponder::State::Done;
        if (m_socket->state() != QAbstractSocket::ConnectedState)
            return;
        const QByteArray body = HttpResponder::errorBody(status, message);
        m_responder->writeHead(status, QByteArrayLiteral("application/json"), {}, body.size());
        m_socket->write(body);
#ifdef Q_OS_UNIX
        m_socket->flush();
        if (m_socket->bytesToWrite() == 0) {
            ::shutdown(int(m_socket->socketDescriptor()), SHUT_WR);
            QTimer::singleShot(kLingerMs, this, [this] { m_socket->abort(); });
            return;
        }
        connect(m_socket, &QTcpSocket::bytesWritten, this, [this] {
            if (m_socket->bytesToWrite() == 0 && !m_shutDown) {
                m_shutDown = true;
                ::shutdown(int(m_socket->socketDescriptor()), SHUT_WR);
                QTimer::singleShot(kLingerMs, this, [this] { m_socket->abort(); });
            }
        });
#else
        m_socket->disconnectFromHost();
#endif
    }

    void onTimeout()
    {
        if (m_phase == Phase::Head || m_phase == Phase::Body)
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
    QTimer m_timer;
    QByteArray m_buffer;
    HttpRequest m_request;
    qint64 m_expectedBody = 0;
    Phase m_phase = Phase::Head;
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
            new HttpConnection(this, socket);
    });
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
