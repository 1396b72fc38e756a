#include "ui/live/proxyworker.h"

#include "core/capture/capturereader.h"
#include "core/capture/capturewriter.h"
#include "core/intercept/rulerewriter.h"
#include "core/net/agentproxy.h"
#include "core/net/chunksink.h"
#include "core/net/replayserver.h"

#include <QPointer>

namespace agui::ui {

namespace {

// One exchange's recording: into the recording file first (when there is one), then passed
// on as the worker's signals (queued to the window).
class SignalSink : public net::ChunkSink
{
public:
    SignalSink(ProxyWorker *worker, int exchange, CaptureWriter *file)
        : m_worker(worker)
        , m_exchange(exchange)
    {
        if (file)
            m_file = std::make_unique<net::CaptureWriterSink>(file);
    }

    void requestSent(const RecordedRequest &request) override
    {
        if (m_file)
            m_file->requestSent(request);
        if (m_worker)
            Q_EMIT m_worker->requestSent(m_exchange, request);
    }
    void responseStarted(const RecordedResponse &response) override
    {
        if (m_file)
            m_file->responseStarted(response);
        if (m_worker)
            Q_EMIT m_worker->responseStarted(m_exchange, response);
    }
    void chunkReceived(const QByteArray &bytes, qint64 receivedAtUs) override
    {
        if (m_file)
            m_file->chunkReceived(bytes, receivedAtUs);
        if (m_worker)
            Q_EMIT m_worker->chunkReceived(m_exchange, bytes, receivedAtUs);
    }
    void runEnded(RunEnd end, const QString &error, qint64 atUs) override
    {
        if (m_file)
            m_file->runEnded(end, error, atUs);
        if (m_worker)
            Q_EMIT m_worker->runEnded(m_exchange, end, error, atUs);
    }
    void bodyRewritten(const BodyRewrite &rewrite) override
    {
        if (m_file)
            m_file->bodyRewritten(rewrite);
        if (m_worker)
            Q_EMIT m_worker->bodyRewritten(m_exchange, rewrite);
    }

private:
    QPointer<ProxyWorker> m_worker;
    int m_exchange;
    std::unique_ptr<net::CaptureWriterSink> m_file;
};

} // namespace

ProxyWorker::ProxyWorker(QObject *parent)
    : QObject(parent)
{ }

ProxyWorker::~ProxyWorker()
{
    stop(); // the proxy's sockets go on the thread that made them
}

void ProxyWorker::start(const Settings &settings)
{
    stop();
    m_rules = settings.rules;
    m_proxy = std::make_unique<net::AgentProxy>();
    m_proxy->setUpstream(settings.upstream);
    if (!settings.map.capture.isEmpty()) {
        const QString problem = serveMapLocal(settings.map);
        if (!problem.isEmpty()) {
            stop();
            Q_EMIT failed(problem);
            return;
        }
    }
    openRecording(settings.recordPath, settings.notes);
    m_proxy->setSinkFactory([this](int exchange) -> std::unique_ptr<net::ChunkSink> {
        return std::make_unique<SignalSink>(this, exchange, m_file.get());
    });
    // Installed with no rules too: breakpoints may be set while the proxy runs.
    m_proxy->setRewriterFactory(
        [this](int exchange,
               const RecordedResponse &response) -> std::unique_ptr<net::BodyRewriter> {
            if (m_rules.isEmpty())
                return nullptr; // the body passes piece by piece, as read
            QString whyNot;
            auto rewriter = intercept::makeRuleRewriter(m_rules, exchange, response, &whyNot);
            if (!whyNot.isEmpty())
                Q_EMIT rulesNotApplied(exchange, whyNot);
            return rewriter;
        });
    connect(m_proxy.get(), &net::AgentProxy::eventHeld, this, &ProxyWorker::eventHeld);
    m_proxy->setBreakOnRequest(m_rules.breaksOnRequest());
    m_proxy->setBreakpointsActive(m_breakpointsActive);
    connect(m_proxy.get(), &net::AgentProxy::requestHeld, this, &ProxyWorker::requestHeld);
    if (!m_proxy->listen(settings.address, settings.port)) {
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

void ProxyWorker::setRules(const intercept::RewriteRules &rules)
{
    m_rules = rules;
    if (m_proxy)
        m_proxy->setBreakOnRequest(m_rules.breaksOnRequest());
}

void ProxyWorker::setBreakpointsActive(bool active)
{
    m_breakpointsActive = active;
    if (m_proxy)
        m_proxy->setBreakpointsActive(active);
}

void ProxyWorker::resolveRequest(int exchange, const net::RequestDecision &decision)
{
    if (m_proxy)
        m_proxy->resolveRequest(exchange, decision); // false: the front end hung up meanwhile
}

void ProxyWorker::openRecording(const QString &path, const QStringList &notes)
{
    if (path.isEmpty())
        return;
    m_file = std::make_unique<CaptureWriter>();
    if (!m_file->open(path)) {
        Q_EMIT recordingFailed(tr("Cannot record to %1: %2").arg(path, m_file->errorString()));
        m_file.reset();
        return;
    }
    for (const QString &note : notes)
        m_file->writeNote(-1, note);
}

void ProxyWorker::writeNote(const QString &text)
{
    if (m_file)
        m_file->writeNote(-1, text);
}

void ProxyWorker::stop()
{
    if (m_proxy) {
        m_proxy->close(); // the exchanges still open end, in the file too
        m_proxy.reset();
    }
    m_replay.reset();
    m_file.reset();
}

} // namespace agui::ui
