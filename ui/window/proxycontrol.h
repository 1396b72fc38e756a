#pragma once

// File > Start Proxy…: the recording proxy (core/net's AgentProxy, the one `agui-inspect proxy`
// runs) in the window. A front end points at the proxy instead of its agent; each exchange is a
// run of the window's live session, shown as it happens and recorded the way the window's own
// runs are (the session's Recording: request with credentials redacted, response head, every chunk
// with its receive time, the end). The status bar shows the URL to give the front end, the
// counts, Copy and Stop.
//
// The proxy runs on a thread of its own (ProxyWorker); its recording comes over as queued
// signals, in order, so the GUI never waits on a socket and a busy GUI never slows a stream.
//
// Sessions: starting the proxy starts a fresh session (the Start Proxy dialog asks first when
// the window holds one), and refuses while the window's own run is going. Connect… while the
// proxy runs adds its runs beside the proxy's. Opening a capture replaces the session the proxy
// records into, so it stops the proxy. Stop (or closing the window) ends the exchanges still
// open as aborted, with every byte received until then.

#include "core/capture/capture.h"
#include "core/intercept/rewriterules.h"
#include "core/net/bodyrewriter.h"
#include "ui/widgets/servicestatusstrip.h"

#include <QHostAddress>
#include <QObject>
#include <QPointer>
#include <QUrl>

#include <map>
#include <memory>
#include <optional>

class QAction;
class QThread;

namespace agui {
class RunRecorder;
} // namespace agui

namespace agui::ui {

class WindowServices;
class ProxyWorker;

class ProxyControl : public QObject
{
    Q_OBJECT

public:
    explicit ProxyControl(WindowServices *window);
    ~ProxyControl() override;

    // Starts a fresh session and the proxy on address:port (0: any free port) forwarding to
    // upstream. False (lastError()) when it cannot start at all (a bad upstream URL, the window's
    // own run going); otherwise asynchronous: runningChanged(true) or failed(reason) follows.
    bool start(const QHostAddress &address, quint16 port, const QUrl &upstream);
    // The rewrite rules the next start() applies (docs/proxy.md); source names them (a file) in
    // the session's notes. Empty rules: every body passes untouched.
    void setRewriteRules(const intercept::RewriteRules &rules, const QString &source);
    int rewriteCount() const { return m_rewrites; } // changes the rules made since start()
    // Map local for the next start(): requests for path are answered from the capture file
    // (docs/proxy.md, "Map local"); an empty capture: none.
    void setMapLocal(const QString &path, const QString &capture);
    void stop();
    bool isRunning() const { return m_url.isValid(); }
    QUrl url() const { return m_url; } // where the front end should point
    QUrl upstream() const { return m_upstream; }
    int exchangeCount() const { return m_exchanges; }
    int openCount() const { return int(m_open.size()); }
    QString lastError() const { return m_lastError; }
    // The capture file the proxy writes as it goes (crash-safe, as the CLI's --record), in the
    // window's capture folder; empty when the window records to memory only or it failed.
    QString recordingPath() const { return m_recordPath; }

    // Events and requests the breakpoints hold, oldest first; each exchange waits at its own.
    struct Hold
    {
        int exchange = -1;
        int run = -1; // indexes the document's capture; -1 for a request (not recorded yet)
        net::HeldEvent event;
        std::optional<RecordedRequest> request; // set: the request is held, not an event
    };
    const QList<Hold> &holds() const { return m_holds; }
    bool hasBreakpoints() const { return m_rules.hasBreakpoints(); }
    // What goes on in place of holds().first() (an event); the exchange goes on.
    void resolveFirstHold(const net::HoldDecision &decision);
    // What goes upstream in place of holds().first() (a request).
    void resolveFirstRequest(const net::RequestDecision &decision);
    // Every held event resumed and every held request forwarded, unchanged; the breakpoints
    // stay, so the next match holds again.
    void resumeAll();
    // Breakpoints changed while the proxy runs (the Breakpoint tab), in place of the ones set
    // before; the rules file's rules stay. Exchanges that start from now on use them; those
    // under way keep theirs. False, with *error naming the filter, when one does not parse.
    bool setBreakpoints(const QStringList &filters, QString *error);
    QStringList breakpoints() const { return m_rules.breakpoints(); }
    // Off: nothing is held, and what is held goes on unchanged; on again at the next start.
    void setBreakpointsActive(bool active);
    bool breakpointsActive() const { return m_breakpointsActive; }

    QAction *startAction() const { return m_action; }
    ServiceStatusStrip *statusWidget() const { return m_status; }

Q_SIGNALS:
    void runningChanged(bool running);
    void failed(const QString &reason);
    void exchangeEnded(int run); // run indexes the document's capture
    void holdsChanged();
    void breakpointsChanged(); // setBreakpoints() or setBreakpointsActive()

private:
    void showDialog();
    bool confirmNewSession();
    void beginSession();
    void createStatusWidget();
    void updateStatus();
    void onStarted(const QUrl &url);
    void onFailed(const QString &reason);
    void onRequest(int exchange, const RecordedRequest &request);
    void onResponse(int exchange, const RecordedResponse &response);
    void onChunk(int exchange, const QByteArray &bytes, qint64 receivedAtUs);
    void onEnded(int exchange, RunEnd end, const QString &error, qint64 atUs);
    void onRewritten(int exchange, const BodyRewrite &rewrite);
    void onRulesNotApplied(int exchange, const QString &why);
    void onEventHeld(int exchange, const net::HeldEvent &held);
    void onRequestHeld(int exchange, const RecordedRequest &request);
    void forgetHolds(int exchange); // -1: all (the proxy stopped)
    void holdsUpdated(); // m_holds changed: the list's marks, then holdsChanged()
    void addNote(const QString &text); // to the session and the recording file
    void onSessionReplaced();
    void endOpenExchanges(const QString &why);
    enum class Pending { Record, Drop };
    void shutDownWorker(Pending pending);

    WindowServices *m_window;
    QAction *m_action = nullptr;
    ServiceStatusStrip *m_status = nullptr;
    QThread *m_thread = nullptr;
    QPointer<ProxyWorker> m_worker;
    QUrl m_url;
    QUrl m_upstream;
    QString m_lastError;
    QString m_recordPath;
    QString m_recordError;
    std::map<int, std::unique_ptr<RunRecorder>> m_open; // by exchange
    int m_exchanges = 0;
    intercept::RewriteRules m_rules;
    QString m_rulesSource;
    QString m_mapPath;
    QString m_mapCapture;
    int m_rewrites = 0;
    QList<Hold> m_holds;
    bool m_breakpointsActive = true;
    bool m_startingSession = false; // our own reset of the document, not someone else's
};

// Adds File > Start Proxy… (one call from the window's constructor).
ProxyControl *installProxyControl(WindowServices *window);

} // namespace agui::ui
