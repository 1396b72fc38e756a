#include "ui/window/servecapture.h"

#include "ui/eventpresentation.h"
#include "ui/models/sessiondocument.h"
#include "ui/window/windowservices.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDateTime>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStatusBar>
#include <QToolButton>
#include <QTreeWidget>

#include <algorithm>

namespace agui::ui {

CaptureServer::CaptureServer(WindowServices *window)
    : QObject(window->hostWindow())
    , m_window(window)
{
    setObjectName(QStringLiteral("captureServer"));
    m_serve = new QAction(CaptureServer::tr("Ser&ve This Capture…"), window->hostWindow());
    m_serve->setObjectName(QStringLiteral("serveCaptureAction"));
    m_serve->setToolTip(CaptureServer::tr("Serve the recorded runs to a front end on this machine: "
                                          "each POST gets a recorded run with its pacing"));
    connect(m_serve, &QAction::triggered, this, &CaptureServer::showDialog);
    createStatusWidget();
    // A stopped server's requests belong to the session it served: a new one starts without.
    connect(window->document(), &SessionDocument::resetDone, this, [this] {
        if (!m_server)
            forgetRequests();
    });
    // The Received Requests dock is made when serving first starts: most sessions never serve,
    // and making it was 2 M of the window's start-up instructions.
}

void CaptureServer::createStatusWidget()
{
    m_status = new ServiceStatusStrip(QStringLiteral("serve"), CaptureServer::tr("Copy"),
                                      m_window->hostWindow());
    m_status->copyButton()->setToolTip(CaptureServer::tr("Copy the URL"));
    connect(m_status->copyButton(), &QToolButton::clicked, this,
            [this] { QApplication::clipboard()->setText(url().toString()); });
    connect(m_status, &ServiceStatusStrip::stopClicked, this, &CaptureServer::stop);
    m_window->hostWindow()->statusBar()->addPermanentWidget(m_status);
    m_status->hide();
}

void CaptureServer::createDock()
{
    m_dock = new QDockWidget(CaptureServer::tr("Received Requests"), m_window->hostWindow());
    m_dock->setObjectName(QStringLiteral("receivedRequestsDock"));
    auto *split = new QSplitter(Qt::Vertical, m_dock);
    m_requests = new QTreeWidget(split);
    m_requests->setObjectName(QStringLiteral("receivedRequests"));
    m_requests->setRootIsDecorated(false);
    m_requests->setHeaderLabels({CaptureServer::tr("Time"), CaptureServer::tr("Method"),
                                 CaptureServer::tr("Target"), CaptureServer::tr("Body"),
                                 CaptureServer::tr("Answer")});
    m_requests->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_requestView = new QPlainTextEdit(split);
    m_requestView->setObjectName(QStringLiteral("receivedRequestText"));
    m_requestView->setReadOnly(true); // what a front end sent: plain text, never rich text
    m_requestView->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    connect(m_requests, &QTreeWidget::currentItemChanged, this,
            [this] { showRequest(m_requests->indexOfTopLevelItem(m_requests->currentItem())); });
    m_dock->setWidget(split);
    m_window->hostWindow()->addDockWidget(Qt::BottomDockWidgetArea, m_dock);
    m_dock->hide();
}

bool CaptureServer::start(const net::ReplayServer::Options &options, quint16 port)
{
    stop();
    auto *server = new net::ReplayServer(m_window->document()->capture(), options, this);
    if (!server->listen(QHostAddress::LocalHost, port)) {
        m_lastError
            = CaptureServer::tr("Cannot serve on port %1: %2").arg(port).arg(server->errorString());
        m_window->hostWindow()->statusBar()->showMessage(m_lastError, 10000);
        delete server;
        return false;
    }
    m_server = server;
    connect(server, &net::ReplayServer::requestReceived, this, &CaptureServer::addRequest);
    m_status->setText(CaptureServer::tr("Serving at %1").arg(url().toString()));
    m_status->show();
    if (!m_dock)
        createDock();
    if (m_dock->isHidden()) {
        m_dock->show();
        // A strip under the list, not half the window: the session stays the main view.
        m_window->hostWindow()->resizeDocks(
            {m_dock}, {std::max(160, m_window->hostWindow()->height() / 4)}, Qt::Vertical);
    }
    Q_EMIT servingChanged(true);
    return true;
}

void CaptureServer::forgetRequests()
{
    m_received.clear();
    if (!m_dock)
        return;
    m_requests->clear();
    m_requestView->clear();
    m_dock->hide();
}

void CaptureServer::stop()
{
    if (!m_server)
        return;
    m_server->close();
    m_server->deleteLater();
    m_server = nullptr;
    m_status->hide();
    Q_EMIT servingChanged(false);
}

QUrl CaptureServer::url() const
{
    return m_server ? m_server->url() : QUrl();
}

void CaptureServer::addRequest(const net::ReceivedRequest &request)
{
    m_received.append(request);
    const QString time = QDateTime::fromMSecsSinceEpoch(request.atUs / 1000)
                             .toLocalTime()
                             .toString(QStringLiteral("HH:mm:ss.zzz"));
    // Requests the endpoint did not take (another path or method) say what they were answered.
    const QString answer = request.status == 0 ? CaptureServer::tr("to the endpoint")
                                               : QString::number(request.status) + QLatin1Char(' ')
            + QString::fromLatin1(net::HttpResponder::reasonPhrase(request.status));
    auto *item = new QTreeWidgetItem(
        m_requests,
        {time, request.method, request.target,
         CaptureServer::tr("%n byte(s)", nullptr, int(request.body.size())), answer});
    if (!m_requests->currentItem())
        m_requests->setCurrentItem(item);
}

void CaptureServer::showRequest(int index)
{
    if (index < 0 || index >= m_received.size()) {
        m_requestView->clear();
        return;
    }
    const net::ReceivedRequest &r = m_received.at(index);
    QString text = r.method + QLatin1Char(' ') + r.target + QLatin1Char('\n');
    for (const auto &[name, value] : r.headers)
        text += name + QStringLiteral(": ") + value + QLatin1Char('\n');
    text += QLatin1Char('\n') + QString::fromUtf8(r.body);
    m_requestView->setPlainText(text);
}

void CaptureServer::showDialog()
{
    const Capture &capture = m_window->document()->capture();
    QDialog dialog(m_window->hostWindow());
    dialog.setWindowTitle(CaptureServer::tr("Serve This Capture"));
    auto *port = new QSpinBox(&dialog);
    port->setRange(0, 65535);
    port->setSpecialValueText(CaptureServer::tr("any free port"));
    auto *speed = new QComboBox(&dialog);
    for (double x : {0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0})
        speed->addItem(QStringLiteral("%1×").arg(x), x);
    speed->setCurrentIndex(speed->findData(1.0));
    auto *run = new QComboBox(&dialog);
    run->addItem(CaptureServer::tr("The next recorded run for each request"), -1);
    for (int i = 0; i < capture.runs.size(); ++i)
        run->addItem(recordedRunLabel(capture.runs.at(i), i, RunLabelDetail::Short), i);
    auto *form = new QFormLayout(&dialog);
    form->addRow(CaptureServer::tr("Port on 127.0.0.1:"), port);
    form->addRow(CaptureServer::tr("Pacing:"), speed);
    form->addRow(CaptureServer::tr("Answer with:"), run);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    buttons->button(QDialogButtonBox::Ok)->setText(CaptureServer::tr("Serve"));
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    form->addRow(buttons);
    if (dialog.exec() != QDialog::Accepted)
        return;
    net::ReplayServer::Options options;
    options.speed = speed->currentData().toDouble();
    options.run = run->currentData().toInt();
    start(options, quint16(port->value()));
}

CaptureServer *installServeAction(WindowServices *window)
{
    auto *server = new CaptureServer(window);
    QMenu *file = window->menu(WindowServices::MenuId::File);
    const QList<QAction *> actions = file->actions();
    // After Save As, before Quit.
    file->insertAction(actions.size() > 3 ? actions[3] : nullptr, server->serveAction());
    auto enable = [window, server] {
        server->serveAction()->setEnabled(!window->document()->capture().runs.isEmpty());
    };
    QObject::connect(window->document(), &SessionDocument::resetDone, server, enable);
    enable();
    return server;
}

} // namespace agui::ui
