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

namespace agui {
class CaptureWriter;
} // namespace agui

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

    // Map local: requests for path are answered from the capture file (read here, on the
    // worker's thread; a capture that cannot be read fails the start, naming it).
    struct MapLocal
    {
        QString path;
        QString capture;
    };
    struct Settings
    {
        QHostAddress address = QHostAddress(QHostAddress::LocalHost);
        quint16 port = 0; // 0: any free port
        QUrl upstream;
        intercept::RewriteRules rules; // none: every body passes untouched
        MapLocal map;
        // A capture file written here as it happens, record by record (crash-safe, as the
        // CLI's --record), with `notes` first; empty: the window's session only.
        QString recordPath;
        QStringList notes;
    };
    // started(url) or failed(reason) tells how it went; recordingFailed(reason) when the
    // recording file cannot be written (the proxy runs all the same).
    void start(const Settings &settings);
    // Closes the port; the exchanges in progress end (aborted, "the proxy was stopped": their
    // front ends see the connection close) and the recording file is closed.
    void stop();
    // A note for the recording file (the window keeps its own copy in the session).
    void writeNote(const QString &text);
    // A person's decision about an event a breakpoint holds (eventHeld).
    void resolveHold(int exchange, int hold, const agui::net::HoldDecision &decision);
    // New rules (breakpoints changed while it runs): for the exchanges that start from now on;
    // those under way keep the rules they started with.
    void setRules(const intercept::RewriteRules &rules);
    // Off: nothing is held, and what is held goes on unchanged (AgentProxy::setBreakpointsActive).
    void setBreakpointsActive(bool active);
    // A person's decision about a request the breakpoint on the request holds (requestHeld).
    void resolveRequest(int exchange, const agui::net::RequestDecision &decision);

Q_SIGNALS:
    void started(const QUrl &url);
    void failed(const QString &reason);
    void recordingFailed(const QString &reason);
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
    // The breakpoint on the request holds this request (not recorded yet: requestSent follows
    // the decision); the exchange waits for resolveRequest().
    void requestHeld(int exchange, const agui::RecordedRequest &request);

private:
    QString serveMapLocal(const MapLocal &map);
    void openRecording(const QString &path, const QStringList &notes);

    intercept::RewriteRules m_rules; // each exchange's rewriter starts from these
    bool m_breakpointsActive = true;
    std::unique_ptr<net::AgentProxy> m_proxy;
    std::unique_ptr<net::ReplayServer> m_replay; // map local's capture, on a loopback port
    std::unique_ptr<CaptureWriter> m_file; // the recording file, when there is one
};

} // namespace agui::ui
