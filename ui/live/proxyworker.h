#pragma once

// The recording proxy (core/net's AgentProxy) on a thread of its own, for the window's File >
// Start Proxy…: forwarding a front end's stream never waits for the GUI, and a busy GUI never
// slows a stream down. Everything here runs on the worker thread; the window talks to it by
// queued calls and hears every exchange through the signals, in order, recorded before the
// bytes are forwarded (AgentProxy's ChunkSink), so the window's session gets every byte the
// front end gets.

#include "core/capture/capture.h"
#include "core/intercept/rewriterules.h"
#include "core/net/bodyrewriter.h"

#include <QHostAddress>
#include <QObject>
#include <QUrl>

#include <memory>

namespace agui::net {
class AgentProxy;
class ReplayServer;
} // namespace agui::net

namespace agui::ui {

class ProxyWorker : public QObject
{
    Q_OBJECT

public:
    explicit ProxyWorker(QObject *parent = nullptr);
    ~ProxyWorker() override;

    // Listens on address:port (0: any free port) and forwards to upstream. started(url) or
    // failed(reason) tells how it went.
    // Rewrite rules (none: every body passes untouched) act on the events on their way to the
    // front end.
    // Map local: requests for mapPath are answered from the capture at mapCapture (read here, on
    // the worker's thread; a capture that cannot be read fails the start, naming it).
    struct MapLocal
    {
        QString path;
        QString capture;
    };
    void start(const QHostAddress &address, quint16 port, const QUrl &upstream,
               const intercept::RewriteRules &rules = {}, const MapLocal &map = {});
    // Closes the port and drops the exchanges in progress (their front ends see the connection
    // close). Their runs are not ended here: the window ends what it recorded.
    void stop();
    // A person's decision about an event a breakpoint holds (eventHeld).
    void resolveHold(int exchange, int hold, const agui::net::HoldDecision &decision);

Q_SIGNALS:
    void started(const QUrl &url);
    void failed(const QString &reason);
    // One exchange, as AgentProxy's ChunkSink sees it (the request not yet redacted: the
    // window's recorder redacts it, as it does its own runs').
    void requestSent(int exchange, const agui::RecordedRequest &request);
    void responseStarted(int exchange, const agui::RecordedResponse &response);
    void chunkReceived(int exchange, const QByteArray &bytes, qint64 receivedAtUs);
    void runEnded(int exchange, agui::RunEnd end, const QString &error, qint64 atUs);
    void bodyRewritten(int exchange, const agui::BodyRewrite &rewrite);
    // A rule could not act on this exchange's body (it is compressed).
    void rulesNotApplied(int exchange, const QString &why);
    // A breakpoint holds this event; the exchange waits for resolveHold().
    void eventHeld(int exchange, const agui::net::HeldEvent &held);

private:
    QString serveMapLocal(const MapLocal &map);

    intercept::RewriteRules m_rules; // each exchange's rewriter starts from these
    std::unique_ptr<net::AgentProxy> m_proxy;
    std::unique_ptr<net::ReplayServer> m_replay; // map local's capture, on a loopback port
};

} // namespace agui::ui
