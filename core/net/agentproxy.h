#pragma once

// A recording reverse proxy between a real front end and its agent. The front end points at the
// proxy; each request is forwarded to the upstream with its method, body and headers unchanged
// (minus hop-by-hop headers and Host), and the response is passed back as it arrives: status and
// headers once the upstream's head is in, then every piece of body the moment it is read (SSE
// and protobuf alike, compressed or not: the bytes are not touched). Each request is one
// exchange, recorded like a run of our own client (request, response head, every chunk with its
// receive time, the end and who ended it) through a ChunkSink the caller provides, so a capture
// file or the GUI's live session gets it.
//
// Upstream failures reach the front end as they happened: refused or an unparsable answer before
// any head -> 502 with a JSON error body; a body that breaks off -> the front end's body breaks
// off too (no final chunk). A front end that hangs up cancels the upstream request. Several
// front ends and concurrent exchanges at once. A front end that reads slower than the agent
// writes pauses the upstream read (TCP flow control), so memory stays bounded.
//
// Where a request goes: a request for "/" goes to the upstream URL itself; any other target is
// appended to the upstream's path ("/v1/agent?x=1" on http://host:8000/base -> /base/v1/agent?x=1).
// Map local: a request whose path is mapped goes to the mapped URL instead (a replay of a capture,
// docs/proxy.md), and is forwarded, recorded and rewritten like any other.

#include "core/capture/capture.h"
#include "core/net/bodyrewriter.h"
#include "core/net/chunksink.h"

#include <QHash>
#include <QHostAddress>
#include <QObject>
#include <QUrl>

#include <functional>
#include <memory>

namespace agui::net {

class HttpServer;
class HttpResponder;
struct HttpRequest;

class AgentProxy : public QObject
{
    Q_OBJECT

public:
    // Bytes waiting for a slow front end before the upstream read pauses.
    static constexpr qint64 kMaxQueuedBytes = 4 * 1024 * 1024;

    explicit AgentProxy(QObject *parent = nullptr);
    ~AgentProxy() override;

    void setUpstream(const QUrl &upstream) { m_upstream = upstream; }
    QUrl upstream() const { return m_upstream; }
    // Requests for exactly `path` (the target without its query) go to `target` itself.
    void mapLocal(const QString &path, const QUrl &target) { m_mapped.insert(path, target); }
    // Where a request for `target` goes: a mapped URL, else forwardUrl(upstream(), target).
    QUrl destination(const QByteArray &target) const;
    // Called once per exchange, before its request is forwarded: where it is recorded (may
    // return nullptr: not recorded). The sink lives until the exchange ended.
    using SinkFactory = std::function<std::unique_ptr<ChunkSink>(int exchange)>;
    void setSinkFactory(SinkFactory factory) { m_sinkFactory = std::move(factory); }
    // Called once per exchange when the upstream's head is in: what rewrites the body on its way
    // to the front end (may return nullptr: the body passes untouched, piece by piece, as read).
    // With a rewriter the body goes on event by event: an event's bytes wait until it is whole.
    using RewriterFactory = std::function<std::unique_ptr<BodyRewriter>(
        int exchange, const RecordedResponse &response)>;
    void setRewriterFactory(RewriterFactory factory) { m_rewriterFactory = std::move(factory); }
    // Breakpoints (a rewriter's hold pieces): the event and everything after it wait until
    // resolveHold() says what goes on in its place. False when that exchange has ended or holds
    // no such event.
    bool resolveHold(int exchange, int hold, const HoldDecision &decision);
    // A breakpoint on the request: each request waits, before it is recorded or forwarded,
    // until resolveRequest() says what goes upstream (requestHeld tells). The front end gets no
    // answer meanwhile: before the upstream's head there is nothing to keep its connection alive
    // with.
    void setBreakOnRequest(bool on) { m_breakOnRequest = on; }
    // False when that exchange has ended or its request is not held.
    bool resolveRequest(int exchange, const RequestDecision &decision);
    // Off: breakpoints stop nothing (a debugger's "deactivate breakpoints"). Whatever is held
    // goes on at once (events resumed, requests forwarded, unchanged) and no request or event is
    // held until they are on again. The rules' other actions go on acting.
    void setBreakpointsActive(bool active);
    bool breakpointsActive() const { return m_breakpointsActive; }
    // While an SSE stream is held, a comment line goes to the front end this often (ms; 0:
    // never), so neither it nor anything in between times the idle connection out. A comment
    // is what SSE keeps connections alive with: readers ignore it (WHATWG HTML, "Server-sent
    // events", §9.2.6). A protobuf stream has no such frame and gets none.
    void setKeepAliveInterval(int ms) { m_keepAliveMs = ms; }
    static constexpr int kDefaultKeepAliveMs = 15000;
    static const QByteArray &keepAliveComment();

    // Port 0 picks a free port. False on failure (errorString()).
    bool listen(const QHostAddress &address = QHostAddress::LocalHost, quint16 port = 0);
    // Stops listening; every exchange still open ends (aborted, "the proxy was stopped"), its
    // request recorded even when a breakpoint held it. The destructor does the same.
    void close();
    QUrl url() const; // where front ends should point
    QString errorString() const;

    int exchangesStarted() const { return m_nextExchange; }
    int exchangesOpen() const { return m_open; }
    // Front ends' connections still open. An exchange that has ended may still be writing its
    // answer's last bytes; its connection closes once they are out.
    int connectionsOpen() const;

    // "127.0.0.1:8766", "[::1]:0": where a proxy listens (--listen). False on anything else.
    static bool parseListenAddress(const QString &text, QHostAddress *host, quint16 *port);
    // "/agent=session.aguicap": a path (from "/") and the capture answering it (--map-local).
    // False on anything else.
    static bool parseMapLocal(const QString &text, QString *path, QString *capture);
    // The upstream URL a request target is forwarded to (see above).
    static QUrl forwardUrl(const QUrl &upstream, const QByteArray &target);
    // The request's headers as they are forwarded: without hop-by-hop headers, Host and
    // Content-Length (the transport writes its own).
    static HttpHeaders forwardHeaders(const QList<QPair<QByteArray, QByteArray>> &headers);

Q_SIGNALS:
    // A breakpoint holds this request (as the front end sent it, with the URL it would go to);
    // nothing is recorded or sent upstream until resolveRequest().
    void requestHeld(int exchange, const agui::RecordedRequest &request);
    // The request as it went upstream (a refused one: as it came, never sent).
    void exchangeStarted(int exchange, const agui::RecordedRequest &request);
    void responseStarted(int exchange, const agui::RecordedResponse &response);
    void chunkForwarded(int exchange, qint64 bytes);
    // A rewriter changed what the front end gets (also given to the exchange's sink).
    void bodyRewritten(int exchange, const agui::BodyRewrite &rewrite);
    // A breakpoint holds this event: everything before it has gone on, nothing after it will
    // until resolveHold(). One at a time per exchange, in body order.
    void eventHeld(int exchange, const agui::net::HeldEvent &held);
    // end: Finished (the body ended as framed), Error (upstream failure; error says which),
    // Aborted (the front end hung up).
    void exchangeEnded(int exchange, agui::RunEnd end, const QString &error);

private:
    class Exchange;
    friend class Exchange;
    void handle(const HttpRequest &request, HttpResponder *responder);
    void ended(int exchange, RunEnd end, const QString &error);

    std::unique_ptr<HttpServer> m_server;
    QUrl m_upstream;
    QHash<QString, QUrl> m_mapped; // map local: path -> where it is answered
    SinkFactory m_sinkFactory;
    RewriterFactory m_rewriterFactory;
    QHash<int, Exchange *> m_live; // exchanges not yet ended, by number
    int m_keepAliveMs = kDefaultKeepAliveMs;
    bool m_breakOnRequest = false;
    bool m_breakpointsActive = true;
    int m_nextExchange = 0;
    int m_open = 0;
};

} // namespace agui::net
