#pragma once

// File > Serve This Capture…: the open session's recorded runs served to a front end over the
// AG-UI HTTP binding on this machine (core/net's ReplayServer, the one `agui-inspect serve
// --replay` uses). The status bar shows the URL with Copy and Stop; a "Received Requests" dock
// lists every request that arrives (time, method, target, body size) and shows the selected
// one's headers — credentials redacted — and body as plain text, so a front-end developer sees
// what the front end sent next to what it got.

#include "core/net/replayserver.h"
#include "ui/widgets/servicestatusstrip.h"

#include <QObject>
#include <QPointer>

class QAction;
class QDockWidget;
class QPlainTextEdit;
class QTreeWidget;
class QWidget;

namespace agui::ui {

class WindowServices;

class CaptureServer : public QObject
{
    Q_OBJECT
public:
    explicit CaptureServer(WindowServices *window);

    // Serves the window's session now; false (lastError()) when it cannot listen.
    bool start(const net::ReplayServer::Options &options, quint16 port = 0);
    void stop();
    bool isServing() const { return m_server != nullptr; }
    QUrl url() const;
    QString lastError() const { return m_lastError; }

    QAction *serveAction() const { return m_serve; }
    // The Received Requests dock's list and text; nullptr until serving first starts.
    QTreeWidget *requestList() const { return m_requests; }
    QPlainTextEdit *requestView() const { return m_requestView; }
    const QList<net::ReceivedRequest> &received() const { return m_received; }
    QWidget *statusWidget() const { return m_status; }

Q_SIGNALS:
    void servingChanged(bool serving);

private:
    void showDialog();
    void addRequest(const net::ReceivedRequest &request);
    void showRequest(int index);
    void createStatusWidget();
    void createDock();
    void forgetRequests();

    WindowServices *m_window;
    QAction *m_serve = nullptr;
    net::ReplayServer *m_server = nullptr;
    ServiceStatusStrip *m_status = nullptr;
    QDockWidget *m_dock = nullptr;
    QTreeWidget *m_requests = nullptr;
    QPlainTextEdit *m_requestView = nullptr;
    QList<net::ReceivedRequest> m_received;
    QString m_lastError;
};

// Adds File > Serve This Capture… (one call from the window's constructor).
CaptureServer *installServeAction(WindowServices *window);

} // namespace agui::ui
