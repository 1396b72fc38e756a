#include "ui/window/mcpshare.h"

#include "core/json/jsontext.h"

#include "core/mcp/sessionshare.h"
#include "ui/dialogs/credentialstore.h"
#include "ui/models/sessiondocument.h"
#include "ui/persistsettings.h"
#include "ui/window/windowservices.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QMainWindow>
#include <QMenu>
#include <QPushButton>
#include <QRandomGenerator>
#include <QSpinBox>
#include <QStatusBar>
#include <QThread>
#include <QTimer>
#include <QToolButton>

namespace agui::ui {

namespace {

const char kServerName[] = "agui-inspector";
const char kTokenKey[] = "agui-inspector/mcp-share/token";
constexpr int kUpdateDelayMs = 500; // a live run's events go over in batches, not one by one

QByteArray newToken()
{
    QByteArray bytes(24, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(bytes.data()), 6);
    return bytes.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
}

// The header value both JSON setups carry.
QString bearer(const QByteArray &token)
{
    return QStringLiteral("Bearer ") + QString::fromLatin1(token);
}

} // namespace

McpShare::McpShare(WindowServices *window)
    : QObject(window->hostWindow())
    , m_window(window)
{
    setObjectName(QStringLiteral("mcpShare"));
    m_action = new QAction(McpShare::tr("S&hare with Coding Agents…"), window->hostWindow());
    m_action->setObjectName(QStringLiteral("mcpShareAction"));
    m_action->setCheckable(true);
    m_action->setToolTip(McpShare::tr("Let a coding agent (Claude Code, VS Code, Cursor) read "
                                      "this session over MCP, on this machine only"));
    connect(m_action, &QAction::triggered, this, [this] {
        if (isSharing())
            stop();
        else
            showDialog();
        m_action->setChecked(isSharing());
    });
    m_debounce = new QTimer(this);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(kUpdateDelayMs);
    connect(m_debounce, &QTimer::timeout, this, &McpShare::sendUpdate);
    connect(window->document(), &SessionDocument::eventsAppended, this, &McpShare::scheduleUpdate);
    connect(window->document(), &SessionDocument::resetDone, this, &McpShare::scheduleUpdate);
    createStatusWidget();
}

McpShare::~McpShare()
{
    shutDownWorker();
}

void McpShare::createStatusWidget()
{
    m_status = new ServiceStatusStrip(QStringLiteral("mcpShare"), McpShare::tr("Copy Setup"),
                                      m_window->hostWindow());
    QToolButton *copy = m_status->copyButton();
    copy->setPopupMode(QToolButton::InstantPopup);
    auto *menu = new QMenu(copy);
    const auto addCopy = [this, menu](const QString &text, const QString &name,
                                      QString (McpShare::*setup)() const) {
        QAction *action = menu->addAction(text);
        action->setObjectName(name);
        connect(action, &QAction::triggered, this,
                [this, setup] { QApplication::clipboard()->setText((this->*setup)()); });
    };
    addCopy(McpShare::tr("Claude Code Command"), QStringLiteral("mcpCopyClaude"),
            &McpShare::claudeCodeCommand);
    addCopy(McpShare::tr("VS Code mcp.json"), QStringLiteral("mcpCopyVsCode"),
            &McpShare::vsCodeConfig);
    addCopy(McpShare::tr("Cursor mcp.json"), QStringLiteral("mcpCopyCursor"),
            &McpShare::cursorConfig);
    copy->setMenu(menu);
    connect(m_status, &ServiceStatusStrip::stopClicked, this, &McpShare::stop);
    m_window->hostWindow()->statusBar()->addPermanentWidget(m_status);
    m_status->hide();
}

void McpShare::showDialog()
{
    QDialog dialog(m_window->hostWindow());
    dialog.setWindowTitle(McpShare::tr("Share with Coding Agents"));
    auto *form = new QFormLayout(&dialog);
    auto *about = new QLabel(
        McpShare::tr("A coding agent on this machine will be able to read this session "
                     "through MCP (Model Context Protocol): its runs, events, findings, state, "
                     "messages, tool calls and surfaces, live runs included. Read-only; only "
                     "programs on this machine that have the access token get in. After "
                     "starting, Copy Setup gives the command or file that registers it with "
                     "Claude Code, VS Code or Cursor."),
        &dialog);
    about->setTextFormat(Qt::PlainText);
    about->setWordWrap(true);
    form->addRow(about);
    auto *port = new QSpinBox(&dialog);
    port->setObjectName(QStringLiteral("mcpSharePort"));
    port->setRange(1024, 65535);
    port->setValue(kDefaultPort);
    form->addRow(McpShare::tr("Port on 127.0.0.1:"), port);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    buttons->button(QDialogButtonBox::Ok)->setText(McpShare::tr("Share"));
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    form->addRow(buttons);
    if (dialog.exec() == QDialog::Accepted)
        startWithStoredToken(quint16(port->value()));
}

// The keychain's token when there is one, so a registered agent keeps working across restarts;
// a new one (remembered there) otherwise.
void McpShare::startWithStoredToken(quint16 port)
{
    if (!m_token.isEmpty() || !persistSettings() || !CredentialStore::isAvailable()) {
        start(port, m_token);
        return;
    }
    auto *store = new CredentialStore(this);
    store->read(QString::fromLatin1(kTokenKey), [this, store, port](bool ok, const QString &value) {
        store->deleteLater();
        if (ok && !value.isEmpty()) {
            start(port, value.toLatin1());
            return;
        }
        start(port);
        auto *writer = new CredentialStore(this);
        writer->write(QString::fromLatin1(kTokenKey), QString::fromLatin1(m_token),
                      [writer](bool, const QString &) { writer->deleteLater(); });
    });
}

void McpShare::start(quint16 port, const QByteArray &token)
{
    shutDownWorker();
    m_status->hide(); // until the new server listens
    m_token = token.isEmpty() ? newToken() : token;
    m_thread = new QThread(this);
    m_thread->setObjectName(QStringLiteral("mcpShare"));
    auto *share = new mcp::SessionShare(QCoreApplication::applicationVersion());
    share->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, share, &QObject::deleteLater);
    connect(share, &mcp::SessionShare::started, this, &McpShare::onStarted);
    connect(share, &mcp::SessionShare::failed, this, [this](const QString &reason) {
        shutDownWorker();
        m_status->hide();
        m_window->hostWindow()->statusBar()->showMessage(
            McpShare::tr("Cannot share with coding agents: %1").arg(reason), 10000);
        m_action->setChecked(false);
        Q_EMIT failed(reason);
    });
    connect(share, &mcp::SessionShare::updated, this, &McpShare::onUpdated);
    connect(share, &mcp::SessionShare::messageHandled, this, &McpShare::onMessage);
    connect(share, &mcp::SessionShare::sessionsChanged, this, [this](int count) {
        m_agentSessions = count;
        updateStatus();
    });
    m_share = share;
    m_thread->start();
    m_updateInFlight = true; // the first copy goes with start()
    m_updatePending = false;
    const Capture capture = m_window->document()->capture();
    const QString source = m_window->document()->sourceName();
    const QByteArray shareToken = m_token;
    QMetaObject::invokeMethod(
        share,
        [share, capture, source, port, shareToken] {
            share->start(capture, source, port, shareToken);
        },
        Qt::QueuedConnection);
}

void McpShare::stop()
{
    const bool wasSharing = isSharing();
    shutDownWorker();
    m_status->hide();
    m_action->setChecked(false);
    if (wasSharing)
        Q_EMIT sharingChanged(false);
}

// Waits for the worker: a tool call in progress finishes first (it reads the session the worker
// owns). Only stopping and closing the window wait; nothing else does. Touches no widget: it also
// runs while the window is being destroyed.
void McpShare::shutDownWorker()
{
    m_debounce->stop();
    if (m_thread) {
        if (m_share) {
            mcp::SessionShare *share = m_share;
            QMetaObject::invokeMethod(
                share, [share] { share->stop(); }, Qt::QueuedConnection);
        }
        m_thread->quit();
        m_thread->wait();
        delete m_thread;
        m_thread = nullptr;
    }
    m_url = QUrl();
    m_agentSessions = 0;
    m_toolCalls = 0;
    m_updateInFlight = false;
    m_updatePending = false;
}

void McpShare::onStarted(const QUrl &url)
{
    m_url = url;
    m_action->setChecked(true);
    updateStatus();
    m_status->show();
    Q_EMIT sharingChanged(true);
}

void McpShare::scheduleUpdate()
{
    if (!m_thread)
        return;
    if (m_updateInFlight) {
        m_updatePending = true;
        return;
    }
    if (!m_debounce->isActive())
        m_debounce->start();
}

void McpShare::sendUpdate()
{
    if (!m_share)
        return;
    m_updateInFlight = true;
    m_updatePending = false;
    mcp::SessionShare *share = m_share;
    const Capture capture = m_window->document()->capture(); // shares the bytes, copies nothing
    QMetaObject::invokeMethod(
        share, [share, capture] { share->update(capture); }, Qt::QueuedConnection);
}

void McpShare::onUpdated(qint64 events)
{
    m_updateInFlight = false;
    m_sharedEvents = events;
    updateStatus();
    Q_EMIT sharedEventsChanged(events);
    if (m_updatePending)
        scheduleUpdate();
}

void McpShare::onMessage(const QString &method, const QString &tool, int status)
{
    Q_UNUSED(status);
    if (method == QLatin1String("tools/call") && !tool.isEmpty())
        ++m_toolCalls;
    updateStatus();
}

void McpShare::updateStatus()
{
    if (!isSharing())
        return;
    const QLocale locale;
    m_status->setText(
        McpShare::tr("Shared with coding agents at %1 · agent sessions: %2 · tool calls: %3 · "
                     "%4 events")
            .arg(m_url.toString(), locale.toString(m_agentSessions), locale.toString(m_toolCalls),
                 locale.toString(m_sharedEvents)));
    m_status->setDetails(McpShare::tr("MCP over HTTP, loopback only, with an access token "
                                      "(Copy Setup puts it on the clipboard)"));
}

QString McpShare::claudeCodeCommand() const
{
    return QStringLiteral("claude mcp add --transport http %1 %2 --header \"Authorization: Bearer "
                          "%3\"")
        .arg(QLatin1String(kServerName), m_url.toString(), QString::fromLatin1(m_token));
}

QString McpShare::vsCodeConfig() const
{
    const QJsonObject server {{QLatin1String("type"), QLatin1String("http")},
                              {QLatin1String("url"), m_url.toString()},
                              {QLatin1String("headers"),
                               QJsonObject {{QLatin1String("Authorization"), bearer(m_token)}}}};
    const QJsonObject servers {{QLatin1String(kServerName), server}};
    return json::toIndentedJson(QJsonObject {{QLatin1String("servers"), servers}});
}

QString McpShare::cursorConfig() const
{
    const QJsonObject server {{QLatin1String("url"), m_url.toString()},
                              {QLatin1String("headers"),
                               QJsonObject {{QLatin1String("Authorization"), bearer(m_token)}}}};
    const QJsonObject servers {{QLatin1String(kServerName), server}};
    return json::toIndentedJson(QJsonObject {{QLatin1String("mcpServers"), servers}});
}

McpShare *installMcpShare(WindowServices *window)
{
    auto *share = new McpShare(window);
    QMenu *file = window->menu(WindowServices::MenuId::File);
    const QList<QAction *> actions = file->actions();
    // Beside Serve This Capture…, before Quit.
    file->insertAction(actions.size() > 4 ? actions[4] : nullptr, share->shareAction());
    return share;
}

} // namespace agui::ui
