#include "core/mcp/httpendpoint.h"

#include "core/mcp/server.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QUrl>

namespace agui::mcp {

namespace {

const QByteArray kJson = QByteArrayLiteral("application/json");
const QByteArray kSessionHeader = QByteArrayLiteral("Mcp-Session-Id");

bool isLoopbackName(const QString &host)
{
    return host == QLatin1String("127.0.0.1") || host == QLatin1String("localhost")
        || host == QLatin1String("::1") || host == QLatin1String("[::1]");
}

// Compares all of both, so how long it takes says nothing about how much of a guess was right.
bool sameSecret(const QByteArray &a, const QByteArray &b)
{
    unsigned char diff = a.size() == b.size() ? 0 : 1;
    for (qsizetype i = 0; i < a.size(); ++i)
        diff |= static_cast<unsigned char>(a.at(i) ^ (i < b.size() ? b.at(i) : 0));
    return diff == 0;
}

// A JSON-RPC error that belongs to no request (the message could not be read as one).
QByteArray rpcError(int code, const QString &message)
{
    return QJsonDocument(QJsonObject {{QLatin1String("jsonrpc"), QLatin1String("2.0")},
                                      {QLatin1String("id"), QJsonValue()},
                                      {QLatin1String("error"),
                                       QJsonObject {{QLatin1String("code"), code},
                                                    {QLatin1String("message"), message}}}})
        .toJson(QJsonDocument::Compact);
}

} // namespace

HttpEndpoint::HttpEndpoint(Server *server, net::HttpServer *http, const QString &path,
                           QObject *parent)
    : QObject(parent)
    , m_server(server)
{
    http->route("POST", path, [this](const net::HttpRequest &r, net::HttpResponder *out) {
        if (admit(r, out))
            post(r, out);
    });
    http->route("GET", path, [this](const net::HttpRequest &r, net::HttpResponder *out) {
        if (admit(r, out))
            out->respondError(405,
                              QStringLiteral("this server sends nothing unasked: there is no "
                                             "stream to open with GET"),
                              {{"Allow", "POST, DELETE"}});
    });
    http->route("DELETE", path, [this](const net::HttpRequest &r, net::HttpResponder *out) {
        if (admit(r, out))
            remove(r, out);
    });
}

bool HttpEndpoint::isLoopbackHost(const QByteArray &hostHeader)
{
    // Host is "name[:port]"; an IPv6 literal comes in brackets.
    const QUrl url(QStringLiteral("http://") + QString::fromLatin1(hostHeader));
    return url.isValid() && isLoopbackName(url.host());
}

bool HttpEndpoint::isLoopbackOrigin(const QByteArray &origin)
{
    const QUrl url(QString::fromLatin1(origin));
    return url.isValid()
        && (url.scheme() == QLatin1String("http") || url.scheme() == QLatin1String("https"))
        && isLoopbackName(url.host());
}

bool HttpEndpoint::admit(const net::HttpRequest &request, net::HttpResponder *responder) const
{
    if (!isLoopbackHost(request.header("Host"))) {
        responder->respondError(403,
                                QStringLiteral("Host must name this machine's loopback "
                                               "address (127.0.0.1, localhost or [::1])"));
        return false;
    }
    if (request.hasHeader("Origin") && !isLoopbackOrigin(request.header("Origin"))) {
        responder->respondError(403,
                                QStringLiteral("requests from a web page of another origin "
                                               "are refused"));
        return false;
    }
    if (!m_token.isEmpty()) {
        const QByteArray auth = request.header("Authorization");
        const QByteArray scheme = QByteArrayLiteral("Bearer ");
        if (!auth.startsWith(scheme) || !sameSecret(auth.mid(scheme.size()).trimmed(), m_token)) {
            responder->respondError(401,
                                    QStringLiteral("this server needs \"Authorization: Bearer "
                                                   "<token>\" with the token it was started with"),
                                    {{"WWW-Authenticate", "Bearer"}});
            return false;
        }
    }
    const QByteArray version = request.header("MCP-Protocol-Version");
    if (!version.isEmpty() && !Server::protocolVersions().contains(QString::fromLatin1(version))) {
        responder->respondError(400,
                                QStringLiteral("MCP-Protocol-Version %1 is not one this server "
                                               "speaks (%2)")
                                    .arg(QString::fromLatin1(version),
                                         Server::protocolVersions().join(QStringLiteral(", "))));
        return false;
    }
    return true;
}

bool HttpEndpoint::checkSession(const net::HttpRequest &request, net::HttpResponder *responder,
                                bool initializing)
{
    const QByteArray id = request.header(kSessionHeader);
    if (initializing)
        return true; // a new session; one it might name is left to end on its own
    if (id.isEmpty()) {
        responder->respond(400, kJson,
                           rpcError(InvalidRequest,
                                    QStringLiteral("no Mcp-Session-Id: send initialize first, "
                                                   "then the session id it answered with")));
        return false;
    }
    if (!m_sessions.contains(id)) {
        responder->respond(404, kJson,
                           rpcError(InvalidRequest,
                                    QStringLiteral("no such session (it ended, or the inspector "
                                                   "restarted): initialize again")));
        return false;
    }
    return true;
}

void HttpEndpoint::post(const net::HttpRequest &request, net::HttpResponder *responder)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(request.body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        // Server::handle words the error (parse error, or not one object) as stdio gets it.
        responder->respond(400, kJson, m_server->handle(request.body));
        Q_EMIT messageHandled({}, {}, 400);
        return;
    }
    const QJsonObject message = doc.object();
    const QString method = message.value(QLatin1String("method")).toString();
    const bool initializing = method == QLatin1String("initialize");
    if (!checkSession(request, responder, initializing)) {
        Q_EMIT messageHandled(method, {}, responder->hasResponded() ? 400 : 0);
        return;
    }
    bool respond = false;
    const QJsonObject response = m_server->handle(message, &respond);
    const QString tool = method == QLatin1String("tools/call")
        ? message.value(QLatin1String("params")).toObject().value(QLatin1String("name")).toString()
        : QString();
    if (!respond) {
        responder->respond(202, {}, {});
        Q_EMIT messageHandled(method, tool, 202);
        return;
    }
    net::HttpResponder::Headers headers;
    if (initializing && response.contains(QLatin1String("result")))
        headers.append({kSessionHeader, newSession()});
    responder->respond(200, kJson, QJsonDocument(response).toJson(QJsonDocument::Compact), headers);
    Q_EMIT messageHandled(method, tool, 200);
}

void HttpEndpoint::remove(const net::HttpRequest &request, net::HttpResponder *responder)
{
    if (!checkSession(request, responder, false))
        return;
    m_sessions.remove(request.header(kSessionHeader));
    responder->respond(204, {}, {});
    Q_EMIT sessionsChanged(sessionCount());
}

QByteArray HttpEndpoint::newSession()
{
    if (m_sessions.size() >= kMaxSessions) {
        auto oldest = m_sessions.begin();
        for (auto it = m_sessions.begin(); it != m_sessions.end(); ++it) {
            if (it.value() < oldest.value())
                oldest = it;
        }
        m_sessions.erase(oldest);
    }
    // 128 random bits from the system's generator: visible ASCII, as the spec asks.
    QByteArray id(16, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(id.data()), 4);
    id = id.toHex();
    m_sessions.insert(id, ++m_sessionSerial);
    Q_EMIT sessionsChanged(sessionCount());
    return id;
}

} // namespace agui::mcp
