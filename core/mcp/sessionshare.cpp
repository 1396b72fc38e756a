#include "core/mcp/sessionshare.h"

#include "core/mcp/httpendpoint.h"
#include "core/mcp/server.h"
#include "core/net/httpserver.h"

namespace agui::mcp {

SessionShare::SessionShare(const QString &version, QObject *parent)
    : QObject(parent)
    , m_version(version)
{ }

SessionShare::~SessionShare()
{
    stop(); // the endpoint and the HTTP server go before the server and session they read
}

void SessionShare::start(const Capture &capture, const QString &sourcePath, quint16 port,
                         const QByteArray &token)
{
    stop();
    m_growing = std::make_unique<analysis::GrowingCaptureSession>();
    m_growing->update(capture); // before the port opens: no request sees a half-made session
    m_server = std::make_unique<Server>(m_version);
    m_server->captures().follow(&m_growing->current(), QString::fromLatin1(kCaptureName),
                                sourcePath);
    m_http = new net::HttpServer(this);
    m_endpoint = new HttpEndpoint(m_server.get(), m_http, QStringLiteral("/mcp"), this);
    m_endpoint->setBearerToken(token);
    connect(m_endpoint, &HttpEndpoint::messageHandled, this, &SessionShare::messageHandled);
    connect(m_endpoint, &HttpEndpoint::sessionsChanged, this, &SessionShare::sessionsChanged);
    if (!m_http->listen(QHostAddress::LocalHost, port)) {
        const QString reason = m_http->errorString();
        stop();
        Q_EMIT failed(reason);
        return;
    }
    Q_EMIT started(url());
    Q_EMIT updated(eventCount());
}

void SessionShare::update(const Capture &capture)
{
    if (!m_growing)
        return;
    m_growing->update(capture);
    Q_EMIT updated(eventCount());
}

void SessionShare::stop()
{
    delete m_endpoint; // before the server it routes to
    m_endpoint = nullptr;
    if (m_http)
        m_http->close();
    delete m_http;
    m_http = nullptr;
    m_server.reset();
    m_growing.reset();
}

QUrl SessionShare::url() const
{
    return m_http ? m_http->url(QStringLiteral("/mcp")) : QUrl();
}

qint64 SessionShare::eventCount() const
{
    return m_growing && m_growing->current().session ? m_growing->current().session->events().size()
                                                     : 0;
}

} // namespace agui::mcp
