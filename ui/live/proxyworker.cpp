#include "ui/live/proxyworker.h"

#include "core/capture/capturereader.h"
#include "core/intercept/rulerewriter.h"
#include "core/net/agentproxy.h"
#include "core/net/chunksink.h"
#include "core/net/replayserver.h"

#include <QPointer>

namespace agui::ui {

namespace {

// One exchange's recording, passed on as the worker's signals (queued to the window).
class SignalSink : public net::ChunkSink
{
public:
    SignalSink(ProxyWorker *worker, int exchange)
        : m_worker(worker)
        , m_exchange(exchange)
    { }

    void requestSent(const RecordedRequest &request) override
    {
        if (m_worker)
            Q_EMIT m_worker->requestSent(m_exchange, request);
    }
    void responseStarted(const RecordedResponse &response) override
    {
        if (m_worker)
            Q_EMIT m_worker->responseStarted(m_exchange, response);
    }
    void chunkReceived(const QByteArray &bytes, qint64 receivedAtUs) override
    {
        if (m_worker)
            Q_EMIT m_worker->chunkReceived(m_exchange, bytes, receivedAtUs);
    }
    void runEnded(RunEnd end, const QString &error, qint64 atUs) override
    {
        if (m_worker)
            Q_EMIT m_worker->runEnded(m_exchange, end, error, atUs);
    }
    void bodyRewritten(const BodyRewrite &rewrite) override
    {
        if (m_worker)
            Q_EMIT m_worker->bodyRewritten(m_exchange, rewrite);
    }

private:
    QPointer<ProxyWorker> m_worker;
    int m_exchange;
};

} // namespace

ProxyWorker::ProxyWorker(QObject *parent)
    : QObject(parent)
{ }

ProxyWorker::~ProxyWorker()
{
    stop(); // the proxy's sockets go on the thread that made them
}

void ProxyWorker::start(const QHostAddress &address, quint16 port, const QUrl &upstream,
                        const intercept::RewriteRules &rules, const MapLocal &map)
{
    stop();
    m_rules = rules;
    m_proxy = std::make_unique<net::AgentProxy>();
    m_proxy->setUpstream(upstream);
    if (!map.capture.isEmpty()) {
        const QString problem = serveMapLocal(map);
        if (!problem.isEmpty()) {
            stop();
            Q_EMIT failed(problem);
            return;
        }
    }
    m_proxy->setSinkFactory([this](int exchange) -> std::unique_ptr<net::ChunkSink> {
        return std::make_unique<SignalSink>(this, exchange);
    });
    if (!m_rules.isEmpty())
        m_proxy->setRewriterFactory([this](int exchange, const RecordedResponse &response) {
            QString whyNot;
            auto rewriter = intercept::makeRuleRewriter(m_rules, exchange, response, &whyNot);
            if (!whyNot.isEmpty())
                Q_EMIT rulesNotApplied(exchange, whyNot);
            return rewriter;
        });
    connect(m_proxy.get(), &net::AgentProxy::eventHeld, this, &ProxyWorker::eventHeld);
    if (!m_proxy->listen(address, port)) {
        const QString reason = m_proxy->errorString();
        m_proxy.reset();
        Q_EMIT failed(reason);
        return;
    }
    Q_EMIT started(m_proxy->url());
}

// The capture served on a loopback port of its own, its path mapped there (as the CLI's
// --map-local does); what is wrong, naming the file, or empty.
QString ProxyWorker::serveMapLocal(const MapLocal &map)
{
    Capture capture;
    QString error;
    if (!readCaptureFile(map.capture, &capture, &error))
        return tr("map local: %1: %2").arg(map.capture, error);
    if (capture.runs.isEmpty())
        return tr("map local: %1: the capture has no recorded run").arg(map.capture);
    m_replay
        = std::make_unique<net::ReplayServer>(std::move(capture), net::ReplayServer::Options {});
    if (!m_replay->listen())
        return tr("map local: cannot serve %1: %2").arg(map.capture, m_replay->errorString());
    m_proxy->mapLocal(map.path, m_replay->url());
    return {};
}

void ProxyWorker::resolveHold(int exchange, int hold, const net::HoldDecision &decision)
{
    if (m_proxy)
        m_proxy->resolveHold(exchange, hold, decision); // false: it ended meanwhile
}

void ProxyWorker::stop()
{
    if (!m_proxy)
        return;
    m_proxy->close();
    m_proxy.reset();
    m_replay.reset();
}

} // namespace agui::ui
