#pragma once

// File > Share with Coding Agents…: the window's open session served to a coding agent (Claude
// Code, VS Code, Cursor) over MCP's Streamable HTTP transport, the tools of `agui-inspect mcp`
// (docs/mcp.md) on the session as it is now, live runs included. Off until the user starts it;
// loopback only; every request needs a bearer token. The token is kept in the OS keychain when
// there is one (so an agent registered once keeps working), else for as long as the app runs. It
// is never shown: the Copy buttons put it on the clipboard inside the setup they copy.
//
// The server and the session it reads live on a thread of their own (core/mcp's SessionShare):
// the window hands it a copy of the capture when events arrive (at most one copy on its way at a
// time) and it decodes only what is new, so neither an agent's bulk tool call nor the decoding
// ever holds up the GUI thread.

#include "ui/widgets/servicestatusstrip.h"

#include <QObject>
#include <QPointer>
#include <QUrl>

class QAction;
class QThread;
class QTimer;
class QWidget;

namespace agui::mcp {
class SessionShare;
}

namespace agui::ui {

class WindowServices;

class McpShare : public QObject
{
    Q_OBJECT

public:
    static constexpr quint16 kDefaultPort = 4790;

    explicit McpShare(WindowServices *window);
    ~McpShare() override;

    // Starts sharing with this token (empty: a new random one). Asynchronous: sharingChanged(true)
    // or failed(reason) follows.
    void start(quint16 port, const QByteArray &token = {});
    void stop();
    bool isSharing() const { return m_url.isValid(); }
    QUrl url() const { return m_url; }
    qint64 sharedEvents() const { return m_sharedEvents; } // in the copy agents read now
    int agentSessions() const { return m_agentSessions; }

    // What the Copy menu puts on the clipboard, token included.
    QString claudeCodeCommand() const;
    QString vsCodeConfig() const; // .vscode/mcp.json
    QString cursorConfig() const; // .cursor/mcp.json and other "mcpServers" files

    QAction *shareAction() const { return m_action; }
    QWidget *statusWidget() const { return m_status; }

Q_SIGNALS:
    void sharingChanged(bool sharing);
    void failed(const QString &reason);
    void sharedEventsChanged(qint64 events);

private:
    void showDialog();
    void startWithStoredToken(quint16 port);
    void createStatusWidget();
    void updateStatus();
    void scheduleUpdate();
    void sendUpdate();
    void onStarted(const QUrl &url);
    void onUpdated(qint64 events);
    void onMessage(const QString &method, const QString &tool, int status);
    void shutDownWorker();

    WindowServices *m_window;
    QAction *m_action = nullptr;
    ServiceStatusStrip *m_status = nullptr;
    QTimer *m_debounce = nullptr;
    QThread *m_thread = nullptr;
    QPointer<mcp::SessionShare> m_share;
    QByteArray m_token;
    QUrl m_url;
    qint64 m_sharedEvents = 0;
    int m_agentSessions = 0;
    int m_toolCalls = 0;
    bool m_updateInFlight = false; // one copy on its way at a time
    bool m_updatePending = false; // events arrived meanwhile
};

// Adds File > Share with Coding Agents… (one call from the window's constructor).
McpShare *installMcpShare(WindowServices *window);

} // namespace agui::ui
