#include "core/net/httpexchange.h"

#include <QTcpSocket>
#include <QTimer>

#if QT_CONFIG(ssl)
#include <QSslSocket>
#endif

namespace agui::net {

namespace {

bool isToken(QStringView s)
{
    if (s.isEmpty())
        return false;
    for (const QChar c : s) {
        const char16_t u = c.unicode();
        const bool ok = (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9')
            || QStringView(u"!#$%&'*+-.^_`|~").contains(c);
        if (!ok)
            return false;
    }
    return true;
}

int defaultPort(const QUrl &url)
{
    return url.scheme() == u"https" ? 443 : 80;
}

} // namespace

HttpExchange::HttpExchange(QObject *parent)
    : QObject(parent)
{ }

HttpExchange::~HttpExchange()
{
    abort();
}

QString HttpExchange::checkHeaders(const HttpHeaders &headers)
{
    for (const auto &[name, value] : headers) {
        if (!isToken(name))
            return QStringLiteral("header name \"%1\" is not a valid HTTP token")
                .arg(name.left(80));
        for (const QChar c : value) {
            if ((c.unicode() < 0x20 && c != u'\t') || c.unicode() == 0x7f)
                return QStringLiteral("the value of header %1 holds a control character "
                                      "(a line break would inject other headers)")
                    .arg(name);
        }
        for (const char *own : {"Content-Length", "Transfer-Encoding", "Connection"}) {
            if (name.compare(QLatin1StringView(own), Qt::CaseInsensitive) == 0)
                return QStringLiteral("header %1 is set by the client itself").arg(name);
        }
    }
    return {};
}

QByteArray HttpExchange::requestHead(const QUrl &url, const QByteArray &method,
                                     const HttpHeaders &headers, qint64 bodyBytes)
{
    QByteArray target = url.path(QUrl::FullyEncoded).toLatin1();
    if (target.isEmpty())
        target = "/";
    if (url.hasQuery())
        target += '?' + url.query(QUrl::FullyEncoded).toLatin1();
    QByteArray head = method + ' ' + target + " HTTP/1.1\r\n";
    bool hasHost = false;
    for (const auto &h : headers)
        hasHost = hasHost || h.first.compare(u"Host", Qt::CaseInsensitive) == 0;
    if (!hasHost) {
        QByteArray host = url.host(QUrl::FullyEncoded).toLatin1();
        if (host.contains(':'))
            host = '[' + host + ']'; // IPv6 literal
        if (url.port() >= 0 && url.port() != defaultPort(url))
            host += ':' + QByteArray::number(url.port());
        head += "Host: " + host + "\r\n";
    }
    for (const auto &[name, value] : headers)
        head += name.toLatin1() + ": " + value.toUtf8() + "\r\n";
    head += "Content-Length: " + QByteArray::number(bodyBytes) + "\r\nConnection: close\r\n\r\n";
    return head;
}

void HttpExchange::start(const QUrl &url, const QByteArray &method, const HttpHeaders &headers,
                         const QByteArray &body)
{
    abort();
    ++m_generation;
    m_parser = HttpResponseParser();
    m_headSignalled = false;
    m_paused = false;
    m_active = true;
    m_url = url;
    m_tls = url.scheme() == u"https";
    if (!url.isValid() || url.host().isEmpty() || (url.scheme() != u"http" && !m_tls)) {
        endLater(QStringLiteral("cannot run %1: only http:// and https:// URLs with a host")
                     .arg(url.toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery)));
        return;
    }
    if (const QString problem = checkHeaders(headers); !problem.isEmpty()) {
        endLater(QStringLiteral("request not sent: %1").arg(problem));
        return;
    }
    m_request = requestHead(url, method, headers, body.size()) + body;
#if QT_CONFIG(ssl)
    if (m_tls) {
        if (!QSslSocket::supportsSsl()) {
            endLater(QStringLiteral("cannot run %1: no TLS support (OpenSSL) is installed")
                         .arg(url.toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery)));
            return;
        }
        auto *ssl = new QSslSocket;
        m_socket.reset(ssl);
        connect(ssl, &QSslSocket::encrypted, this, &HttpExchange::onConnected);
    }
#else
    if (m_tls) {
        endLater(QStringLiteral("cannot run %1: this build has no TLS support")
                     .arg(url.toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery)));
        return;
    }
#endif
    if (!m_socket) {
        m_socket = std::make_unique<QTcpSocket>();
        connect(m_socket.get(), &QTcpSocket::connected, this, &HttpExchange::onConnected);
    }
    m_socket->setReadBufferSize(kReadBufferBytes);
    connect(m_socket.get(), &QTcpSocket::readyRead, this, &HttpExchange::onReadyRead);
    connect(m_socket.get(), &QTcpSocket::errorOccurred, this, &HttpExchange::onSocketError);
    connect(m_socket.get(), &QTcpSocket::disconnected, this,
            [this] { onSocketError(QAbstractSocket::RemoteHostClosedError); });
    const quint16 port = quint16(url.port(defaultPort(url)));
#if QT_CONFIG(ssl)
    if (m_tls) {
        static_cast<QSslSocket *>(m_socket.get())->connectToHostEncrypted(url.host(), port);
        return;
    }
#endif
    m_socket->connectToHost(url.host(), port);
}

void HttpExchange::onConnected()
{
    m_socket->setSocketOption(QAbstractSocket::LowDelayOption, 1); // see HttpServer::accept
    m_socket->write(m_request);
    m_request.clear();
}

void HttpExchange::setPaused(bool paused)
{
    m_paused = paused;
    if (!paused && m_active && m_socket && m_socket->bytesAvailable() > 0)
        QMetaObject::invokeMethod(this, &HttpExchange::onReadyRead, Qt::QueuedConnection);
}

void HttpExchange::onReadyRead()
{
    if (!m_active || m_paused)
        return;
    consume(m_socket->readAll());
    if (!m_active)
        return;
    if (m_parser.state() == HttpResponseParser::State::Done)
        end({});
    else if (m_parser.state() == HttpResponseParser::State::Failed)
        end(m_parser.errorString());
}

void HttpExchange::consume(const QByteArray &bytes)
{
    QByteArray out = m_parser.feed(bytes);
    if (!m_headSignalled && m_parser.headComplete()) {
        m_headSignalled = true;
        Q_EMIT headReceived();
        if (!m_active)
            return;
    }
    out += m_parser.takeUnparsed();
    if (!out.isEmpty())
        Q_EMIT received(out);
}

void HttpExchange::onSocketError(QAbstractSocket::SocketError error)
{
    if (!m_active)
        return;
    if (error != QAbstractSocket::RemoteHostClosedError) {
        end(describeSocketError(error));
        return;
    }
    // The server closed: what it sent last is still to be read, then the body may end here.
    consume(m_socket->readAll());
    if (!m_active)
        return;
    m_parser.finish();
    const QByteArray rest = m_parser.takeUnparsed();
    if (!rest.isEmpty())
        Q_EMIT received(rest);
    if (m_active)
        end(m_parser.state() == HttpResponseParser::State::Done ? QString()
                                                                : m_parser.errorString());
}

QString HttpExchange::describeSocketError(QAbstractSocket::SocketError error) const
{
    const QString where
        = QStringLiteral("%1:%2").arg(m_url.host()).arg(m_url.port(defaultPort(m_url)));
    switch (error) {
    case QAbstractSocket::ConnectionRefusedError:
        return QStringLiteral("connection refused by %1 (is the agent running?)").arg(where);
    case QAbstractSocket::HostNotFoundError:
        return QStringLiteral("host not found: %1").arg(m_url.host());
    case QAbstractSocket::SslHandshakeFailedError:
        return QStringLiteral("TLS handshake with %1 failed: %2 (does it speak plain http://?)")
            .arg(where, m_socket->errorString());
    default:
        return QStringLiteral("%1: %2").arg(where, m_socket->errorString());
    }
}

void HttpExchange::end(const QString &error)
{
    if (!m_active)
        return;
    abort();
    Q_EMIT finished(error);
}

void HttpExchange::endLater(const QString &error)
{
    // Only this exchange: a start() in between begins another one.
    QTimer::singleShot(0, this, [this, error, generation = m_generation] {
        if (generation == m_generation)
            end(error);
    });
}

void HttpExchange::abort()
{
    m_active = false;
    if (!m_socket)
        return;
    QTcpSocket *socket = m_socket.release();
    socket->disconnect(this);
    socket->abort();
    socket->deleteLater(); // we may be inside one of its signals
}

} // namespace agui::net
