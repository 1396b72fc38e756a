#include "ui/window/copilotkitfeed.h"

#include "core/capture/capturewriter.h"
#include "core/copilotkit/debugfeedclient.h"
#include "core/recording/runrecorder.h"
#include "ui/live/liveruncontroller.h"
#include "ui/models/sessiondocument.h"
#include "ui/widgets/servicestatusstrip.h"
#include "ui/window/windowservices.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QInputDialog>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QToolButton>

namespace agui::ui {

CopilotKitFeedControl::CopilotKitFeedControl(WindowServices *window)
    : QObject(window->hostWindow())
    , m_window(window)
{
    setObjectName(QStringLiteral("copilotkitFeedControl"));
    m_action = new QAction(tr("Attach to CopilotKit Debug Feed…"), this);
    m_action->setObjectName(QStringLiteral("attachCopilotKitFeed"));
    m_action->setCheckable(true);
    m_action->setToolTip(tr("Record a CopilotKit runtime's debug feed: every run of every agent, "
                            "a run of the session per agent and thread"));
    connect(m_action, &QAction::triggered, this, [this] {
        if (isAttached())
            detach();
        else
            showDialog();
        m_action->setChecked(isAttached());
    });
    // A file opened (or a new session started by someone else) replaces the session the feed
    // records into.
    connect(window->document(), &SessionDocument::aboutToReset, this, [this] {
        if (!m_starting)
            detach();
    });
    m_status = new ServiceStatusStrip(QStringLiteral("copilotkitFeed"), tr("Copy"),
                                      window->hostWindow());
    m_status->copyButton()->setToolTip(tr("Copy the feed's URL"));
    connect(m_status->copyButton(), &QToolButton::clicked, this, [this] {
        if (m_client)
            QApplication::clipboard()->setText(m_client->feedUrl().toString());
    });
    connect(m_status, &ServiceStatusStrip::stopClicked, this, &CopilotKitFeedControl::detach);
    window->hostWindow()->statusBar()->addPermanentWidget(m_status);
    m_status->hide();
}

CopilotKitFeedControl::~CopilotKitFeedControl()
{
    // The document may be gone already (an older child of the window): record nothing more.
    if (m_client)
        disconnect(m_client.get(), nullptr, this, nullptr);
}

bool CopilotKitFeedControl::isAttached() const
{
    return m_client && m_client->isActive();
}

int CopilotKitFeedControl::streamCount() const
{
    return m_client ? int(m_client->demux().streams().size()) : 0;
}

qint64 CopilotKitFeedControl::frameCount() const
{
    return m_client ? m_client->demux().framesRouted() : 0;
}

void CopilotKitFeedControl::showDialog()
{
    bool ok = false;
    const QString text = QInputDialog::getText(
        m_window->hostWindow(), tr("Attach to CopilotKit Debug Feed"),
        tr("The runtime's base URL (its basePath, e.g. http://localhost:3000/api/copilotkit).\n"
           "The runtime serves its feed only with debug on (new CopilotRuntime({ agents, debug: "
           "true })) or under NODE_ENV=development."),
        QLineEdit::Normal,
        m_base.isValid() ? m_base.toString()
                         : QStringLiteral("http://localhost:3000/api/copilotkit"),
        &ok);
    if (!ok || text.trimmed().isEmpty())
        return;
    const SessionDocument *document = m_window->document();
    if (document->size() > 0 || !document->capture().runs.isEmpty()) {
        QMessageBox box(QMessageBox::Question, tr("Attach to CopilotKit Debug Feed"),
                        tr("The feed records into a new session, which replaces the one open now. "
                           "Save it first (File > Save As…) to keep it."),
                        QMessageBox::Ok | QMessageBox::Cancel, m_window->hostWindow());
        box.setTextFormat(Qt::PlainText);
        box.button(QMessageBox::Ok)->setText(tr("Start a New Session"));
        if (box.exec() != QMessageBox::Ok)
            return;
    }
    if (!attach(QUrl(text.trimmed(), QUrl::StrictMode)))
        m_window->hostWindow()->statusBar()->showMessage(m_lastError, 15000);
}

bool CopilotKitFeedControl::attach(const QUrl &base)
{
    m_lastError.clear();
    if (!base.isValid()
        || (base.scheme() != QLatin1String("http") && base.scheme() != QLatin1String("https")))
        m_lastError = tr("The runtime's URL must be an http:// or https:// URL.");
    else if (m_window->liveRun()->isRunning())
        m_lastError = tr("Stop the running run before attaching to a debug feed.");
    if (!m_lastError.isEmpty())
        return false;
    detach();
    m_starting = true;
    m_window->startSession(WindowServices::SessionOrigin::Proxy);
    m_starting = false;
    m_window->hostWindow()->setWindowTitle(tr("CopilotKit Debug Feed — AG-UI Inspector"));
    m_base = base;
    m_streams.clear();
    m_notesAnnounced = 0;
    SessionDocument *document = m_window->document();
    m_feedRun = document->recordRun();
    m_client = std::make_unique<copilotkit::DebugFeedClient>(
        m_feedRun.get(), [this, document](const copilotkit::FeedStream &) {
            m_streams.push_back(document->recordRun());
            return m_streams.back().get();
        });
    connect(m_client.get(), &copilotkit::DebugFeedClient::attached, this,
            &CopilotKitFeedControl::updateStatus);
    connect(m_client.get(), &copilotkit::DebugFeedClient::frameRouted, this,
            &CopilotKitFeedControl::updateStatus);
    connect(m_client.get(), &copilotkit::DebugFeedClient::failed, this,
            [this](const QString &message) {
                m_lastError = message;
                m_window->hostWindow()->statusBar()->showMessage(message, 30000);
            });
    connect(m_client.get(), &copilotkit::DebugFeedClient::finished, this,
            &CopilotKitFeedControl::onFinished);
    m_client->start(base);
    m_action->setChecked(true);
    updateStatus();
    m_status->show();
    Q_EMIT attachedChanged(true);
    return true;
}

void CopilotKitFeedControl::detach()
{
    if (isAttached())
        m_client->stop(); // finished() follows, at once
}

void CopilotKitFeedControl::onFinished()
{
    announceNotes();
    m_status->hide();
    m_action->setChecked(false);
    Q_EMIT attachedChanged(false);
}

// What the feed showed of the runtime's traps, said when seen and kept with the session.
void CopilotKitFeedControl::announceNotes()
{
    const Diagnostics &notes = m_client->demux().notes();
    for (; m_notesAnnounced < notes.size(); ++m_notesAnnounced) {
        const Diagnostic &note = notes.at(m_notesAnnounced);
        const QString text = QStringLiteral("%1 (feed byte %2): %3")
                                 .arg(note.ruleId)
                                 .arg(note.byteOffset)
                                 .arg(note.message);
        m_window->document()->mutableCapture().notes.append({-1, nowUs(), text});
        m_window->hostWindow()->statusBar()->showMessage(note.message, 15000);
    }
}

void CopilotKitFeedControl::updateStatus()
{
    if (!m_client)
        return;
    announceNotes();
    m_status->setText(tr("CopilotKit debug feed %1: %n stream(s)", nullptr, streamCount())
                          .arg(m_base.toDisplayString())
                      + tr(", %n frame(s)", nullptr, int(qMin<qint64>(frameCount(), INT_MAX))));
}

CopilotKitFeedControl *installCopilotKitFeed(WindowServices *window)
{
    auto *control = new CopilotKitFeedControl(window);
    QMenu *run = window->menu(WindowServices::MenuId::Run);
    run->addSeparator();
    run->addAction(control->attachAction());
    return control;
}

} // namespace agui::ui
