#include "ui/window/proxycontrol.h"

#include "core/capture/capturewriter.h"
#include "core/capture/redaction.h"
#include "core/protocol/eventsummary.h"
#include "core/recording/runrecorder.h"
#include "ui/dialogs/proxydialog.h"
#include "ui/live/liveruncontroller.h"
#include "ui/live/proxyworker.h"
#include "ui/models/sessiondocument.h"
#include "ui/window/breakpointtab.h"
#include "ui/window/windowservices.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QLocale>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>
#include <QThread>
#include <QToolButton>

namespace agui::ui {

ProxyControl::ProxyControl(WindowServices *window)
    : QObject(window->hostWindow())
    , m_window(window)
{
    setObjectName(QStringLiteral("proxyControl"));
    m_action = new QAction(ProxyControl::tr("Start &Proxy…"), window->hostWindow());
    m_action->setObjectName(QStringLiteral("startProxyAction"));
    m_action->setCheckable(true);
    m_action->setToolTip(ProxyControl::tr("Sit between a front end and its agent: every exchange "
                                          "is forwarded unchanged and recorded as a run here"));
    connect(m_action, &QAction::triggered, this, [this] {
        if (isRunning())
            stop();
        else
            showDialog();
        m_action->setChecked(isRunning() || m_thread);
    });
    connect(window->document(), &SessionDocument::aboutToReset, this,
            &ProxyControl::onSessionReplaced);
    // Quitting without closing the window first still ends the thread cleanly.
    connect(qApp, &QCoreApplication::aboutToQuit, this, &ProxyControl::stop);
    createStatusWidget();
}

ProxyControl::~ProxyControl()
{
    // The document may already be gone (it is an older child of the window): record nothing.
    shutDownWorker(Pending::Drop);
}

void ProxyControl::createStatusWidget()
{
    m_status = new ServiceStatusStrip(QStringLiteral("proxy"), ProxyControl::tr("Copy"),
                                      m_window->hostWindow());
    m_status->copyButton()->setToolTip(ProxyControl::tr("Copy the URL to give the front end"));
    connect(m_status->copyButton(), &QToolButton::clicked, this,
            [this] { QApplication::clipboard()->setText(m_url.toString()); });
    connect(m_status, &ServiceStatusStrip::stopClicked, this, &ProxyControl::stop);
    m_window->hostWindow()->statusBar()->addPermanentWidget(m_status);
    m_status->hide();
}

void ProxyControl::showDialog()
{
    ProxyDialog dialog(m_window->hostWindow());
    if (dialog.exec() != QDialog::Accepted || !confirmNewSession())
        return;
    setMapLocal(dialog.mapPath(), dialog.mapCapture());
    setRewriteRules(dialog.rules(),
                    dialog.rulesPath().isEmpty() ? ProxyControl::tr("the Start Proxy dialog")
                                                 : dialog.rulesPath());
    if (!start(dialog.address(), dialog.port(), dialog.upstream()))
        m_window->hostWindow()->statusBar()->showMessage(m_lastError, 10000);
}

// The proxy records into a session of its own: asks before the open one is replaced.
bool ProxyControl::confirmNewSession()
{
    const SessionDocument *document = m_window->document();
    if (document->size() == 0 && document->capture().runs.isEmpty())
        return true;
    QMessageBox box(QMessageBox::Question, ProxyControl::tr("Start Proxy"),
                    ProxyControl::tr("The proxy records into a new session, which replaces the one "
                                     "open now. Save it first (File > Save As…) to keep it."),
                    QMessageBox::Ok | QMessageBox::Cancel, m_window->hostWindow());
    box.setTextFormat(Qt::PlainText);
    box.button(QMessageBox::Ok)->setText(ProxyControl::tr("Start a New Session"));
    return box.exec() == QMessageBox::Ok;
}

bool ProxyControl::start(const QHostAddress &address, quint16 port, const QUrl &upstream)
{
    m_lastError = ProxyDialog::upstreamProblem(upstream);
    if (m_lastError.isEmpty() && m_window->liveRun()->isRunning())
        m_lastError = ProxyControl::tr("Stop the running run before starting the proxy.");
    if (!m_lastError.isEmpty())
        return false;
    stop();
    beginSession();
    m_upstream = upstream;
    if (!m_breakpointsActive) { // a fresh proxy stops at its breakpoints
        m_breakpointsActive = true;
        Q_EMIT breakpointsChanged();
    }
    m_thread = new QThread(this);
    m_thread->setObjectName(QStringLiteral("agentProxy"));
    auto *worker = new ProxyWorker;
    worker->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, worker, &QObject::deleteLater);
    connect(worker, &ProxyWorker::started, this, &ProxyControl::onStarted);
    connect(worker, &ProxyWorker::failed, this, &ProxyControl::onFailed);
    connect(worker, &ProxyWorker::recordingFailed, this, [this](const QString &reason) {
        m_recordPath.clear();
        m_recordError = reason;
        m_window->hostWindow()->statusBar()->showMessage(reason, 10000);
        updateStatus();
    });
    connect(worker, &ProxyWorker::requestSent, this, &ProxyControl::onRequest);
    connect(worker, &ProxyWorker::responseStarted, this, &ProxyControl::onResponse);
    connect(worker, &ProxyWorker::chunkReceived, this, &ProxyControl::onChunk);
    connect(worker, &ProxyWorker::runEnded, this, &ProxyControl::onEnded);
    connect(worker, &ProxyWorker::bodyRewritten, this, &ProxyControl::onRewritten);
    connect(worker, &ProxyWorker::rulesNotApplied, this, &ProxyControl::onRulesNotApplied);
    connect(worker, &ProxyWorker::eventHeld, this, &ProxyControl::onEventHeld);
    connect(worker, &ProxyWorker::requestHeld, this, &ProxyControl::onRequestHeld);
    m_worker = worker;
    m_thread->start();
    m_action->setChecked(true);
    ProxyWorker::Settings settings;
    settings.address = address;
    settings.port = port;
    settings.upstream = upstream;
    settings.rules = m_rules;
    settings.map = {m_mapPath, m_mapCapture};
    // Written by the worker as it happens: a crash of the window loses nothing received.
    m_recordPath = m_window->liveRun()->newCapturePath(QStringLiteral("proxy"));
    settings.recordPath = m_recordPath;
    for (const CaptureNote &note : m_window->document()->capture().notes)
        settings.notes.append(note.text);
    QMetaObject::invokeMethod(
        worker, [worker, settings] { worker->start(settings); }, Qt::QueuedConnection);
    return true;
}

void ProxyControl::setMapLocal(const QString &path, const QString &capture)
{
    m_mapPath = path;
    m_mapCapture = capture;
}

void ProxyControl::setRewriteRules(const intercept::RewriteRules &rules, const QString &source)
{
    m_rules = rules;
    m_rulesSource = source;
}

// A fresh session, as opening a file gives one: the window's next own run continues no thread
// of the old session and records to a new file.
void ProxyControl::beginSession()
{
    m_startingSession = true;
    m_window->startSession(WindowServices::SessionOrigin::Proxy);
    m_startingSession = false;
    m_exchanges = 0;
    m_rewrites = 0;
    m_recordPath.clear();
    m_recordError.clear();
    m_window->hostWindow()->setWindowTitle(ProxyControl::tr("Proxy — AG-UI Inspector"));
    // Kept with the session (Save As writes it), so a reader sees what changed the streams.
    if (!m_mapCapture.isEmpty())
        m_window->document()->mutableCapture().notes.append(
            {-1, nowUs(),
             QStringLiteral("map local: %1 answered from %2").arg(m_mapPath, m_mapCapture)});
    if (m_rules.breaksOnRequest())
        m_window->document()->mutableCapture().notes.append(
            {-1, nowUs(),
             QStringLiteral("breakpoint on the request: each request was held for a person to "
                            "forward, edit or refuse")});
    if (!m_rules.isEmpty())
        m_window->document()->mutableCapture().notes.append(
            {-1, nowUs(),
             QStringLiteral("rewrite rules from %1: %2")
                 .arg(m_rulesSource, QString::fromUtf8(m_rules.toJson()))});
}

void ProxyControl::stop()
{
    const bool wasRunning = isRunning() || m_thread;
    shutDownWorker(Pending::Record);
    endOpenExchanges(ProxyControl::tr("the proxy was stopped"));
    m_status->hide();
    m_action->setChecked(false);
    if (wasRunning)
        Q_EMIT runningChanged(false);
}

// Waits for the worker thread to close the port and drop its connections; what it recorded
// until then is either taken in (Stop: nothing is lost) or dropped (the session it belonged to
// is gone). Touches no widget: it also runs while the window is being destroyed.
void ProxyControl::shutDownWorker(Pending pending)
{
    if (m_thread) {
        if (ProxyWorker *worker = m_worker)
            QMetaObject::invokeMethod(
                worker, [worker] { worker->stop(); }, Qt::QueuedConnection);
        m_thread->quit();
        m_thread->wait();
        delete m_thread; // the worker was deleted on its thread as it finished
        m_thread = nullptr;
    }
    if (pending == Pending::Record)
        QCoreApplication::sendPostedEvents(this, QEvent::MetaCall);
    else
        QCoreApplication::removePostedEvents(this, QEvent::MetaCall);
    m_url = QUrl();
    if (pending == Pending::Record)
        forgetHolds(-1); // their exchanges are gone with the worker (recorded as ended) else
    m_holds.clear(); // no signal: the window may be going away
}

void ProxyControl::endOpenExchanges(const QString &why)
{
    const qint64 at = nowUs();
    for (auto &[exchange, recorder] : m_open) {
        recorder->runEnded(RunEnd::Aborted, why, at);
        Q_EMIT exchangeEnded(recorder->runIndex());
    }
    m_open.clear();
}

void ProxyControl::onSessionReplaced()
{
    if (m_startingSession || (!isRunning() && !m_thread))
        return;
    m_open.clear(); // their runs belonged to the session going away
    shutDownWorker(Pending::Drop);
    m_status->hide();
    m_action->setChecked(false);
    m_window->hostWindow()->statusBar()->showMessage(
        ProxyControl::tr("Proxy stopped: the session it recorded into was replaced"), 10000);
    Q_EMIT runningChanged(false);
}

void ProxyControl::onStarted(const QUrl &url)
{
    m_url = url;
    // Bound to every interface: this machine's front ends reach it on loopback.
    const QHostAddress bound(url.host());
    if (bound == QHostAddress(QHostAddress::AnyIPv4) || bound == QHostAddress(QHostAddress::Any))
        m_url.setHost(QStringLiteral("127.0.0.1"));
    else if (bound == QHostAddress(QHostAddress::AnyIPv6))
        m_url.setHost(QStringLiteral("::1"));
    updateStatus();
    m_status->show();
    Q_EMIT runningChanged(true);
}

void ProxyControl::onFailed(const QString &reason)
{
    shutDownWorker(Pending::Drop);
    m_status->hide();
    m_action->setChecked(false);
    m_lastError = ProxyControl::tr("Cannot start the proxy: %1").arg(reason);
    m_window->hostWindow()->statusBar()->showMessage(m_lastError, 10000);
    Q_EMIT failed(reason);
}

void ProxyControl::onRequest(int exchange, const RecordedRequest &request)
{
    forgetHolds(exchange); // a held request is decided (or its front end hung up)
    std::unique_ptr<RunRecorder> recorder = m_window->document()->recordRun();
    recorder->requestSent(request); // redacted as it is recorded
    m_open[exchange] = std::move(recorder);
    ++m_exchanges;
    updateStatus();
}

void ProxyControl::onResponse(int exchange, const RecordedResponse &response)
{
    if (const auto it = m_open.find(exchange); it != m_open.end())
        it->second->responseStarted(response);
}

void ProxyControl::onChunk(int exchange, const QByteArray &bytes, qint64 receivedAtUs)
{
    if (const auto it = m_open.find(exchange); it != m_open.end())
        it->second->chunkReceived(bytes, receivedAtUs);
}

void ProxyControl::onEnded(int exchange, RunEnd end, const QString &error, qint64 atUs)
{
    const auto it = m_open.find(exchange);
    if (it == m_open.end())
        return;
    const std::unique_ptr<RunRecorder> recorder = std::move(it->second);
    m_open.erase(it);
    forgetHolds(exchange);
    recorder->runEnded(end, error, atUs);
    if (end == RunEnd::Error) {
        m_window->hostWindow()->statusBar()->showMessage(
            ProxyControl::tr("Proxy: run %1 failed: %2")
                .arg(recorder->runIndex() + 1)
                .arg(visibleText(error.simplified())),
            10000);
    }
    updateStatus();
    Q_EMIT exchangeEnded(recorder->runIndex());
}

void ProxyControl::onRewritten(int exchange, const BodyRewrite &rewrite)
{
    if (const auto it = m_open.find(exchange); it != m_open.end()) {
        it->second->bodyRewritten(rewrite);
        ++m_rewrites;
        updateStatus();
    }
}

void ProxyControl::onRulesNotApplied(int exchange, const QString &why)
{
    if (const auto it = m_open.find(exchange); it != m_open.end())
        m_window->hostWindow()->statusBar()->showMessage(
            ProxyControl::tr("Proxy: rules not applied to run %1: %2")
                .arg(it->second->runIndex() + 1)
                .arg(why),
            10000);
}

void ProxyControl::onEventHeld(int exchange, const net::HeldEvent &held)
{
    if (!m_breakpointsActive)
        return; // held before the worker heard they are off: it has let it go since
    const auto it = m_open.find(exchange);
    if (it == m_open.end())
        return;
    m_holds.append({exchange, it->second->runIndex(), held, std::nullopt});
    updateStatus();
    holdsUpdated();
}

void ProxyControl::onRequestHeld(int exchange, const RecordedRequest &request)
{
    if (!m_breakpointsActive)
        return; // held before the worker heard they are off: it has let it go since
    m_holds.append({exchange, -1, {}, request});
    updateStatus();
    holdsUpdated();
}

void ProxyControl::resolveFirstRequest(const net::RequestDecision &decision)
{
    if (m_holds.isEmpty() || !m_holds.first().request)
        return;
    const Hold hold = m_holds.takeFirst();
    if (ProxyWorker *worker = m_worker)
        QMetaObject::invokeMethod(
            worker, [worker, hold, decision] { worker->resolveRequest(hold.exchange, decision); },
            Qt::QueuedConnection);
    updateStatus();
    holdsUpdated();
}

void ProxyControl::resumeAll()
{
    while (!m_holds.isEmpty()) {
        if (m_holds.first().request)
            resolveFirstRequest({});
        else
            resolveFirstHold({});
    }
}

void ProxyControl::addNote(const QString &text)
{
    m_window->document()->mutableCapture().notes.append({-1, nowUs(), text});
    if (ProxyWorker *worker = m_worker)
        QMetaObject::invokeMethod(
            worker, [worker, text] { worker->writeNote(text); }, Qt::QueuedConnection);
}

bool ProxyControl::setBreakpoints(const QStringList &filters, QString *error)
{
    const intercept::RewriteRules rules = m_rules.withBreakpoints(filters, error);
    if (!error->isEmpty())
        return false;
    m_rules = rules;
    ProxyDialog::rememberBreakpoints(m_rules.breakpoints());
    if (ProxyWorker *worker = m_worker)
        QMetaObject::invokeMethod(
            worker, [worker, rules] { worker->setRules(rules); }, Qt::QueuedConnection);
    if (isRunning()) // the session says from when on which breakpoints applied
        addNote(QStringLiteral("breakpoints changed: %1")
                    .arg(m_rules.breakpoints().join(QStringLiteral("; "))));
    Q_EMIT breakpointsChanged();
    return true;
}

void ProxyControl::setBreakpointsActive(bool active)
{
    if (active == m_breakpointsActive)
        return;
    m_breakpointsActive = active;
    if (ProxyWorker *worker = m_worker)
        QMetaObject::invokeMethod(
            worker, [worker, active] { worker->setBreakpointsActive(active); },
            Qt::QueuedConnection);
    if (!active) {
        m_holds.clear(); // the worker lets them go on, unchanged
        holdsUpdated();
    }
    updateStatus();
    Q_EMIT breakpointsChanged();
}

void ProxyControl::resolveFirstHold(const net::HoldDecision &decision)
{
    if (m_holds.isEmpty() || m_holds.first().request)
        return;
    const Hold hold = m_holds.takeFirst();
    if (ProxyWorker *worker = m_worker)
        QMetaObject::invokeMethod(
            worker,
            [worker, hold, decision] {
                worker->resolveHold(hold.exchange, hold.event.id, decision);
            },
            Qt::QueuedConnection);
    updateStatus();
    holdsUpdated();
}

void ProxyControl::forgetHolds(int exchange)
{
    const qsizetype removed = m_holds.removeIf(
        [exchange](const Hold &hold) { return exchange < 0 || hold.exchange == exchange; });
    if (removed > 0)
        holdsUpdated();
}

// The list marks what the front end has not got yet: each held event and what waits behind it.
void ProxyControl::holdsUpdated()
{
    QHash<int, qint64> heldFrom;
    for (const Hold &hold : std::as_const(m_holds)) {
        if (!hold.request
            && (!heldFrom.contains(hold.run) || hold.event.offset < heldFrom[hold.run]))
            heldFrom.insert(hold.run, hold.event.offset);
    }
    m_window->document()->setHeldFrom(heldFrom);
    Q_EMIT holdsChanged();
}

void ProxyControl::updateStatus()
{
    if (!isRunning())
        return;
    const QLocale locale;
    QString text = ProxyControl::tr("Proxy at %1 → %2 · exchanges: %3 · open: %4")
                       .arg(m_url.toString(), redactUrl(m_upstream.toString()),
                            locale.toString(m_exchanges), locale.toString(openCount()));
    if (!m_rules.isEmpty())
        text += ProxyControl::tr(" · changed by rules: %1").arg(locale.toString(m_rewrites));
    if (!m_holds.isEmpty())
        text += ProxyControl::tr(" · held at breakpoints: %1")
                    .arg(locale.toString(qsizetype(m_holds.size())));
    if (!m_breakpointsActive)
        text += ProxyControl::tr(" · breakpoints off");
    m_status->setText(text);
    QString details = ProxyControl::tr("Point the front end at %1 instead of its agent: each "
                                       "request is forwarded to the agent unchanged and recorded "
                                       "as a run of this session")
                          .arg(m_url.toString());
    if (!m_recordPath.isEmpty())
        details += ProxyControl::tr("\n\nRecording to %1").arg(m_recordPath);
    if (!m_recordError.isEmpty())
        details += QStringLiteral("\n\n") + m_recordError;
    m_status->setDetails(details);
}

ProxyControl *installProxyControl(WindowServices *window)
{
    auto *control = new ProxyControl(window);
    QMenu *file = window->menu(WindowServices::MenuId::File);
    // With the other services (Serve This Capture…, Share with Coding Agents…), before the
    // separator above Quit.
    QAction *before = nullptr;
    for (QAction *action : file->actions()) {
        if (action->isSeparator()) {
            before = action;
            break;
        }
    }
    file->insertAction(before, control->startAction());
    installBreakpointTab(window, control);
    return control;
}

} // namespace agui::ui
