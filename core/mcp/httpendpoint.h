#pragma once

// MCP's Streamable HTTP transport (MCP specification, revision 2025-06-18, "Transports") for a
// Server, on core/net's HttpServer: how the GUI shares its open session with a coding agent, and
// `agui-inspect mcp --http`. One endpoint path:
//   POST   one JSON-RPC message. A request is answered 200 application/json with its response
//          (this server never sends requests or notifications of its own, so it needs no SSE
//          stream); a notification or a client's response is answered 202 with no body.
//   GET    405: there is no server-to-client stream to open.
//   DELETE ends the session named by Mcp-Session-Id (204).
// Sessions: the response to initialize carries a new Mcp-Session-Id; every later request must
// carry it (400 without, 404 for one that ended or never was). An MCP-Protocol-Version header, when
// sent, must name a revision the server speaks (400 otherwise).
// Guarding a loopback server against other pages and programs on the machine:
//   - Host must name a loopback host (127.0.0.1, localhost, [::1]) and Origin, when sent, a
//     loopback origin; 403 otherwise. This is the spec's defence against DNS rebinding: a web page
//     that rebinds its own name to 127.0.0.1 still sends its own Host and Origin.
//   - With a token set, every request needs "Authorization: Bearer <token>"; 401 otherwise. The
//     comparison takes the same time whatever the token sent.

#include "core/net/httpserver.h"

#include <QByteArray>
#include <QHash>
#include <QObject>
#include <QString>

namespace agui::mcp {

class Server;

class HttpEndpoint : public QObject
{
    Q_OBJECT

public:
    static constexpr int kMaxSessions = 64; // the oldest session ends to make room for another

    // Routes `path` on `http` to `server`; both must outlive this object.
    HttpEndpoint(Server *server, net::HttpServer *http,
                 const QString &path = QStringLiteral("/mcp"), QObject *parent = nullptr);

    void setBearerToken(const QByteArray &token) { m_token = token; } // empty: no token needed
    int sessionCount() const { return int(m_sessions.size()); }

    static bool isLoopbackHost(const QByteArray &hostHeader); // "127.0.0.1:4790", "[::1]", ...
    static bool isLoopbackOrigin(const QByteArray &origin); // "http://localhost:5173", ...

Q_SIGNALS:
    // After each POST: the JSON-RPC method (empty for a client's response), the tool's name for
    // tools/call, and the HTTP status answered. For the GUI's status line and logs; no arguments or
    // results, which may hold what the agent asked about.
    void messageHandled(const QString &method, const QString &tool, int status);
    void sessionsChanged(int count);

private:
    bool admit(const net::HttpRequest &request, net::HttpResponder *responder) const;
    bool checkSession(const net::HttpRequest &request, net::HttpResponder *responder,
                      bool initializing);
    void post(const net::HttpRequest &request, net::HttpResponder *responder);
    void remove(const net::HttpRequest &request, net::HttpResponder *responder);
    QByteArray newSession();

    Server *m_server;
    QByteArray m_token;
    QHash<QByteArray, qint64> m_sessions; // id -> when it began (for evicting the oldest)
    qint64 m_sessionSerial = 0;
};

} // namespace agui::mcp
