#include "core/net/agentproxy.h"

#include "core/capture/capturewriter.h"
#include "core/net/httpexchange.h"
#include "core/net/httpserver.h"

#include <QPointer>
#include <QTimer>

#include <optional>
#include <utility>

namespace agui::net {

namespace {

// RFC 9110 §7.6.1: meaningful for one connection only, never forwarded. Host and Content-Length
// are written by the transport for the new connection.
bool isHopByHop(QByteArrayView name)
{
    for (const char *h : {"connection", "keep-alive", "proxy-connection", "proxy-authenticate",
                          "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade",
                          "host", "content-length"}) {
        if (name.compare(QByteArrayView(h), Qt::CaseInsensitive) == 0)
            return true;
    }
    return false;
}

} // namespace

// One request from a front end and its forwarding: owns the upstream HttpExchange and the sink,
// and ends exactly once.
class AgentProxy::Exchange : public QObject
{
public:
    Exchange(AgentProxy *proxy, int id, const HttpRequest &request, HttpResponder *responder)
        : QObject(proxy)
        , m_proxy(proxy)
        , m_id(id)
        , m_responder(responder)
        , m_url(proxy->destination(request.target))
        , m_method(request.method)
    {
        m_request.present = true;
        m_request.method = QString::fromLatin1(request.method);
        m_request.url = m_url.toString();
        m_request.headers = forwardHeaders(request.headers);
        m_request.body = request.body;

        connect(&m_upstream, &HttpExchange::headReceived, this, &Exchange::onHead);
        connect(&m_upstream, &HttpExchange::received, this, &Exchange::onBytes);
        connect(&m_upstream, &HttpExchange::finished, this, &Exchange::onUpstreamEnd);
        connect(responder, &HttpResponder::clientGone, this, &Exchange::onClientGone);
        connect(responder, &HttpResponder::drained, this, &Exchange::onDrained);
        connect(&m_keepAlive, &QTimer::timeout, this, &Exchange::keepAlive);
    }

    // Once the proxy knows it by its number: a listener may decide about a held request from
    // within requestHeld, and an exchange may end at once.
    void begin()
    {
        if (m_proxy->m_breakOnRequest && m_proxy->m_breakpointsActive) {
            m_requestHeld = true;
            Q_EMIT m_proxy->requestHeld(m_id, m_request);
            return;
        }
        forward();
    }

    bool resolveRequest(const RequestDecision &decision)
    {
        if (m_done || !m_requestHeld)
            return false;
        m_requestHeld = false;
        if (decision.action == RequestDecision::Action::Refuse) {
            openRecording();
            if (m_responder)
                m_responder->respondError(
                    503, QStringLiteral("refused at a breakpoint of the inspecting proxy"));
            finish(RunEnd::Error,
                   QStringLiteral("refused at a breakpoint: the request never reached the agent"));
            return true;
        }
        if (decision.body && *decision.body != m_request.body)
            m_request.frontEndBody = std::exchange(m_request.body, *decision.body);
        forward();
        return true;
    }

private:
    // The request is recorded before it goes on, so the recording has it whatever follows.
    void openRecording()
    {
        m_request.sentAtUs = nowUs();
        if (m_proxy->m_sinkFactory)
            m_sink = m_proxy->m_sinkFactory(m_id);
        if (m_sink)
            m_sink->requestSent(m_request);
        Q_EMIT m_proxy->exchangeStarted(m_id, m_request);
    }

    void forward()
    {
        openRecording();
        m_upstream.start(m_url, m_method, m_request.headers, m_request.body);
    }

    void onHead()
    {
        const HttpResponseParser::Head &head = m_upstream.response().head();
        RecordedResponse response;
        response.present = true;
        response.receivedAtUs = nowUs();
        response.status = head.status;
        HttpResponder::Headers extra;
        for (const auto &[name, value] : head.headers) {
            response.headers.append({QString::fromUtf8(name), QString::fromUtf8(value)});
            if (!isHopByHop(name) && name.compare("content-type", Qt::CaseInsensitive) != 0)
                extra.append({name, value});
        }
        if (m_sink)
            m_sink->responseStarted(response);
        Q_EMIT m_proxy->responseStarted(m_id, response);
        if (m_responder)
            m_responder->beginStream(head.status, head.header("Content-Type"), extra);
        if (m_proxy->m_rewriterFactory)
            m_rewriter = m_proxy->m_rewriterFactory(m_id, response);
        m_keepAliveAllowed
            = framingForContentType(QString::fromUtf8(head.header("Content-Type"))) == Framing::Sse;
    }

    void onBytes(const QByteArray &bytes)
    {
        if (m_sink) // recorded first: every byte is kept, whatever happens next
            m_sink->chunkReceived(bytes, nowUs());
        if (!m_upstream.response().headComplete())
            return; // not HTTP: recorded, and answered 502 when the exchange ends
        if (!m_rewriter)
            return pass(bytes);
        BodyRewriter::Output out;
        m_rewriter->feed(bytes, out);
        take(std::move(out));
    }

    void pass(const QByteArray &bytes)
    {
        if (m_responder && m_responder->write(bytes))
            Q_EMIT m_proxy->chunkForwarded(m_id, bytes.size());
        if (m_responder && m_responder->bytesQueued() + m_heldBytes > kMaxQueuedBytes)
            m_upstream.setPaused(true); // until the front end has read some of it
    }

    // A rewriter's output: its changes recorded, its pieces queued behind any delay in progress.
    void take(BodyRewriter::Output out)
    {
        record(out.rewrites);
        for (const HeldEvent &held : std::as_const(out.held))
            m_holds.insert(held.id, held); // QHash copies; its bytes are shared, not copied
        for (BodyRewriter::Piece &piece : out.pieces) {
            m_heldBytes += piece.bytes.size();
            m_held.append(std::move(piece));
        }
        // A delay must not buffer the agent without bound: past the limit it waits, as it does
        // for a slow front end, until the held pieces have gone.
        if (m_heldBytes > kMaxQueuedBytes)
            m_upstream.setPaused(true);
        drain();
    }

    void record(const QList<BodyRewrite> &rewrites)
    {
        for (const BodyRewrite &rewrite : rewrites) {
            if (m_sink)
                m_sink->bodyRewritten(rewrite);
            Q_EMIT m_proxy->bodyRewritten(m_id, rewrite);
        }
    }

public:
    bool resolveHold(int hold, const HoldDecision &decision)
    {
        qsizetype at = 0;
        while (at < m_held.size() && m_held.at(at).hold != hold)
            ++at;
        if (m_done || !m_holds.contains(hold) || at == m_held.size())
            return false;
        replaceHold(at, decision);
        drain();
        return true;
    }

    // The proxy closes under it: recorded as ended (a held request recorded first), the
    // upstream request cancelled, the front end's connection closed.
    void abandon(const QString &why)
    {
        if (m_done)
            return;
        if (std::exchange(m_requestHeld, false))
            openRecording();
        m_upstream.abort();
        finish(RunEnd::Aborted, why);
        if (m_responder)
            m_responder->abort();
    }

    // Breakpoints were turned off: what waits for a person goes on unchanged.
    void releaseHolds()
    {
        if (m_requestHeld)
            resolveRequest({});
        else
            drain(); // resumes the held events on its way
    }

private:
    // The pieces a decision gives go in the place of m_held[at], a hold piece.
    void replaceHold(qsizetype at, const HoldDecision &decision)
    {
        const int hold = m_held.at(at).hold;
        const auto held = m_holds.constFind(hold);
        BodyRewriter::Output out;
        const bool announced = hold == m_announced;
        m_rewriter->resolve(*held, decision, announced ? m_keepAliveSent : QByteArray(), out);
        m_holds.erase(held);
        if (announced) {
            m_announced = -1;
            m_keepAliveSent.clear();
            m_keepAlive.stop();
        }
        m_heldBytes -= m_held.takeAt(at).bytes.size();
        for (BodyRewriter::Piece &piece : out.pieces) {
            m_heldBytes += piece.bytes.size();
            m_held.insert(at++, std::move(piece));
        }
        record(out.rewrites);
    }

    // The first piece waiting is a held event: the person is told, once, and the front end's
    // connection is kept alive until they decide.
    void announce(int hold)
    {
        if (m_announced == hold)
            return;
        m_announced = hold;
        Q_EMIT m_proxy->eventHeld(m_id, m_holds.value(hold));
        if (m_keepAliveAllowed && m_proxy->m_keepAliveMs > 0)
            m_keepAlive.start(m_proxy->m_keepAliveMs);
    }

    void keepAlive()
    {
        // Between events (everything before the held one has gone whole), so a comment is safe.
        if (m_responder && m_responder->write(keepAliveComment()))
            m_keepAliveSent.append(keepAliveComment());
    }

    void drain()
    {
        while (!m_done && !m_delaying && !m_held.isEmpty()) {
            BodyRewriter::Piece &next = m_held.first();
            if (next.hold >= 0 && m_proxy->m_breakpointsActive)
                return announce(next.hold);
            if (next.hold >= 0) {
                replaceHold(0, {}); // breakpoints are off: it goes on as the agent sent it
                continue;
            }
            if (next.delayMs > 0) {
                m_delaying = true;
                QTimer::singleShot(std::exchange(next.delayMs, 0), this, [this] {
                    m_delaying = false;
                    drain();
                });
                return;
            }
            const QByteArray bytes = m_held.takeFirst().bytes;
            m_heldBytes -= bytes.size();
            if (!bytes.isEmpty())
                pass(bytes);
        }
        if (!m_done && m_held.isEmpty() && m_upstreamEnd)
            endWith(*m_upstreamEnd);
    }

    void onDrained()
    {
        if (m_responder && m_responder->bytesQueued() + m_heldBytes <= kMaxQueuedBytes / 2)
            m_upstream.setPaused(false);
    }

    void onUpstreamEnd(const QString &error)
    {
        // An exchange that ended "cleanly" without a head was not HTTP: an error all the same.
        const QString why = m_upstream.response().headComplete() || !error.isEmpty()
            ? error
            : QStringLiteral("the upstream's answer is not HTTP");
        m_upstreamEnd = why;
        if (!m_rewriter)
            return endWith(why);
        BodyRewriter::Output out;
        m_rewriter->finish(out); // what it still holds goes on before the end
        take(std::move(out)); // ends once every held piece has gone, delays included
    }

    void endWith(const QString &why)
    {
        if (m_responder && !m_responder->hasResponded()) // no head: nothing was passed on yet
            m_responder->respondError(502,
                                      QStringLiteral("upstream gave no response: %1").arg(why));
        else if (m_responder && why.isEmpty())
            m_responder->finish();
        else if (m_responder)
            m_responder->abort(); // the front end sees the body break off, as it did here
        finish(why.isEmpty() ? RunEnd::Finished : RunEnd::Error, why);
    }

    void onClientGone()
    {
        if (std::exchange(m_requestHeld, false)) { // recorded all the same, never sent
            openRecording();
            return finish(RunEnd::Aborted,
                          QStringLiteral("the front end disconnected while its request was held "
                                         "at a breakpoint: it never reached the agent"));
        }
        m_upstream.abort(); // nobody reads the answer: cancel the upstream request
        finish(RunEnd::Aborted, QStringLiteral("the front end disconnected"));
    }

    void finish(RunEnd end, const QString &error)
    {
        if (m_done)
            return;
        m_done = true;
        m_keepAlive.stop();
        if (const auto held = m_holds.constFind(m_announced); held != m_holds.cend()) {
            // The recording says the held event never reached the front end, and what did.
            BodyRewrite lost;
            lost.atUs = nowUs();
            lost.offset = held->offset;
            lost.length = held->raw.size();
            lost.rule = held->rule;
            lost.action = QStringLiteral("break");
            lost.delivered = m_keepAliveSent;
            lost.error = QStringLiteral("the exchange ended while this event was held: it never "
                                        "reached the front end");
            record({lost});
        }
        if (m_sink)
            m_sink->runEnded(end, error, nowUs());
        m_proxy->ended(m_id, end, error);
        deleteLater();
    }

    AgentProxy *m_proxy;
    int m_id;
    QPointer<HttpResponder> m_responder;
    QUrl m_url; // where the request goes
    QByteArray m_method;
    RecordedRequest m_request; // as it goes upstream (or is held)
    bool m_requestHeld = false; // a breakpoint holds the request: nothing recorded or sent yet
    HttpExchange m_upstream;
    std::unique_ptr<ChunkSink> m_sink;
    std::unique_ptr<BodyRewriter> m_rewriter;
    QList<BodyRewriter::Piece> m_held; // rewritten pieces not yet written (a delay is running)
    qint64 m_heldBytes = 0;
    bool m_delaying = false;
    QHash<int, HeldEvent> m_holds; // held events not yet resolved, by id
    int m_announced = -1; // the held event the person was told about (the first piece waiting)
    QTimer m_keepAlive;
    QByteArray m_keepAliveSent; // comments sent while m_announced waits
    bool m_keepAliveAllowed = false; // an SSE body
    std::optional<QString> m_upstreamEnd; // the upstream is done; the exchange ends once drained
    bool m_done = false;
};

AgentProxy::AgentProxy(QObject *parent)
    : QObject(parent)
    , m_server(std::make_unique<HttpServer>())
{
    m_server->setFallback([this](const HttpRequest &request, HttpResponder *responder) {
        handle(request, responder);
    });
}

AgentProxy::~AgentProxy()
{
    close(); // every exchange still open is recorded as ended
}

bool AgentProxy::listen(const QHostAddress &address, quint16 port)
{
    return m_server->listen(address, port);
}

void AgentProxy::close()
{
    // Before the port closes: its connections going would read as front ends hanging up.
    const QList<Exchange *> live = m_live.values();
    for (Exchange *exchange : live)
        exchange->abandon(QStringLiteral("the proxy was stopped"));
    m_server->close();
}

int AgentProxy::connectionsOpen() const
{
    return m_server->openConnections();
}

QUrl AgentProxy::url() const
{
    return m_server->url();
}

QString AgentProxy::errorString() const
{
    return m_server->errorString();
}

QUrl AgentProxy::destination(const QByteArray &target) const
{
    const QString path = QUrl::fromEncoded(target).path();
    const auto mapped = m_mapped.constFind(path.isEmpty() ? QStringLiteral("/") : path);
    return mapped != m_mapped.cend() ? *mapped : forwardUrl(m_upstream, target);
}

bool AgentProxy::parseListenAddress(const QString &text, QHostAddress *host, quint16 *port)
{
    const qsizetype colon = text.lastIndexOf(QLatin1Char(':'));
    bool ok = false;
    const int number = colon < 0 ? -1 : text.mid(colon + 1).toInt(&ok);
    QString address = text.left(qMax<qsizetype>(colon, 0));
    if (address.startsWith(QLatin1Char('[')) && address.endsWith(QLatin1Char(']')))
        address = address.mid(1, address.size() - 2);
    if (colon <= 0 || !ok || number < 0 || number > 65535 || !host->setAddress(address))
        return false;
    *port = quint16(number);
    return true;
}

bool AgentProxy::parseMapLocal(const QString &text, QString *path, QString *capture)
{
    const qsizetype eq = text.indexOf(QLatin1Char('='));
    if (eq <= 0 || !text.startsWith(QLatin1Char('/')) || eq + 1 == text.size())
        return false;
    *path = text.left(eq);
    *capture = text.mid(eq + 1);
    return true;
}

QUrl AgentProxy::forwardUrl(const QUrl &upstream, const QByteArray &target)
{
    if (target.isEmpty() || target == "/")
        return upstream;
    QUrl url = upstream;
    const QUrl relative = QUrl::fromEncoded(target);
    QString path = upstream.path(QUrl::FullyEncoded);
    if (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    url.setPath(path + relative.path(QUrl::FullyEncoded), QUrl::TolerantMode);
    url.setQuery(relative.query(QUrl::FullyEncoded), QUrl::TolerantMode);
    return url;
}

HttpHeaders AgentProxy::forwardHeaders(const QList<QPair<QByteArray, QByteArray>> &headers)
{
    HttpHeaders out;
    for (const auto &[name, value] : headers) {
        if (!isHopByHop(name))
            out.append({QString::fromLatin1(name), QString::fromUtf8(value)});
    }
    return out;
}

void AgentProxy::handle(const HttpRequest &request, HttpResponder *responder)
{
    ++m_open;
    const int id = m_nextExchange++;
    auto *exchange = new Exchange(this, id, request, responder);
    m_live.insert(id, exchange);
    exchange->begin();
}

bool AgentProxy::resolveRequest(int exchange, const RequestDecision &decision)
{
    Exchange *live = m_live.value(exchange);
    return live && live->resolveRequest(decision);
}

void AgentProxy::setBreakpointsActive(bool active)
{
    m_breakpointsActive = active;
    if (active)
        return;
    // Releasing may end an exchange (deleted later, so the pointers stay good in this loop).
    const QList<Exchange *> live = m_live.values();
    for (Exchange *exchange : live)
        exchange->releaseHolds();
}

bool AgentProxy::resolveHold(int exchange, int hold, const HoldDecision &decision)
{
    Exchange *live = m_live.value(exchange);
    return live && live->resolveHold(hold, decision);
}

const QByteArray &AgentProxy::keepAliveComment()
{
    static const QByteArray comment(": agui-inspector: an event is held at a breakpoint\n\n");
    return comment;
}

void AgentProxy::ended(int exchange, RunEnd end, const QString &error)
{
    m_live.remove(exchange);
    --m_open;
    Q_EMIT exchangeEnded(exchange, end, error);
}

} // namespace agui::net
