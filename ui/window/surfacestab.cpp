#include "ui/window/surfacestab.h"

#include "core/capture/redaction.h"
#include "core/session/session.h"
#include "ui/a2ui/sessionsurfaces.h"
#include "ui/a2ui/surfacespanel.h"
#include "ui/composer/composerdialog.h"
#include "ui/live/liveruncontroller.h"
#include "ui/models/sessiondocument.h"
#include "ui/views/eventlistview.h"
#include "ui/widgets/glyphicon.h"
#include "ui/widgets/lazywidget.h"
#include "ui/window/windowservices.h"

#include <QAction>
#include <QMainWindow>
#include <QMenu>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>

namespace agui::ui {

namespace {

// Right after anchor in a menu or toolbar (at the end when anchor is not there).
void insertAfter(QWidget *container, QAction *anchor, QAction *action)
{
    const QList<QAction *> actions = container->actions();
    const qsizetype at = actions.indexOf(anchor);
    container->insertAction(at >= 0 && at + 1 < actions.size() ? actions[at + 1] : nullptr, action);
}

} // namespace

SurfacesTab::SurfacesTab(WindowServices *window)
    : QObject(window->hostWindow())
    , m_window(window)
{
    setObjectName(QStringLiteral("surfacesTabController"));
    // The panel (a scroll area, the surface picker, the data model view) is built when the tab
    // is first shown: most sessions have no surface to show.
    m_tab = window->addDetailTab(QStringLiteral("surfaces"), tr("Surfaces"), [this] {
        m_panel = new SurfacesPanel;
        connect(m_panel, &SurfacesPanel::userActionTriggered, this,
                [this](const QJsonObject &action) { openComposer(action); });
        return m_panel;
    });

    m_timer.setSingleShot(true);
    m_timer.setInterval(kCoalesceMs);
    connect(&m_timer, &QTimer::timeout, this, &SurfacesTab::rebuild);

    SessionDocument *document = window->document();
    EventListView *list = window->eventList();
    connect(list, &EventListView::currentSeqChanged, this, [this, document, list](qint64 seq) {
        m_requestedSeq = seq;
        // Selecting the newest event (or nothing) means "the tail": the tab then follows the
        // events a run appends, as the list does when Follow Live is on.
        m_followTail = seq < 0 || (seq == document->size() - 1 && list->followLive());
        requestUpdate();
    });
    connect(document, &SessionDocument::eventsAppended, this, [this] {
        if (m_followTail)
            requestUpdate(); // a snapshot before the appended events does not change
    });
    connect(document, &SessionDocument::resetDone, this, [this, list] {
        // Another session: the old surfaces' edits must not be carried into it.
        if (m_panel)
            m_panel->setSurfaces(a2ui::SurfaceSet());
        m_requestedSeq = list->currentSeq();
        m_followTail = m_requestedSeq < 0;
        m_shownSeq = -2;
        requestUpdate();
    });
    connect(window->detailTabs(), &QTabWidget::currentChanged, this, [this] {
        if (isShown() && m_dirty)
            rebuild(); // it becomes visible: show it as of now, without a delay
    });

    m_compose
        = new QAction(glyphIcon(Glyph::SkipForward), tr("Compose &Run…"), window->hostWindow());
    m_compose->setObjectName(QStringLiteral("composeRunAction"));
    m_compose->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_compose->setToolTip(tr("Compose the next run on this thread (message, A2UI action, resume "
                             "or raw JSON) and send it to the last endpoint"));
    connect(m_compose, &QAction::triggered, this, [this] { openComposer(); });
    // Beside Connect… and Stop: the composer starts runs too.
    insertAfter(window->menu(WindowServices::MenuId::Run), window->stopAction(), m_compose);
    insertAfter(window->mainToolBar(), window->stopAction(), m_compose);
    LiveRunController *live = window->liveRun();
    connect(live, &LiveRunController::stateChanged, this,
            [this, live] { m_compose->setEnabled(!live->isRunning()); });
    m_compose->setEnabled(!live->isRunning());

    m_requestedSeq = list->currentSeq();
    m_followTail = m_requestedSeq < 0;
}

SurfacesPanel *SurfacesTab::panel()
{
    m_tab->view(); // sets m_panel
    return m_panel;
}

bool SurfacesTab::isShown() const
{
    return m_window->detailTabs()->currentWidget() == m_tab;
}

void SurfacesTab::requestUpdate()
{
    m_dirty = true;
    // Hidden: nothing is computed until the tab is shown. Shown: a burst of selection moves or
    // appended batches is coalesced to one rebuild per kCoalesceMs with the newest position.
    if (isShown() && !m_timer.isActive())
        m_timer.start();
}

void SurfacesTab::flush()
{
    if (m_dirty)
        rebuild();
}

void SurfacesTab::rebuild()
{
    m_timer.stop();
    if (!isShown())
        return; // stays dirty: rebuilt when the tab is shown
    const SessionDocument *document = m_window->document();
    const qint64 size = document->size();
    const qint64 seq = m_followTail || m_requestedSeq >= size ? -1 : m_requestedSeq;
    m_dirty = false;
    if (seq == m_shownSeq && (seq >= 0 || size == m_shownSize))
        return; // the same snapshot: keep the widgets (and what is being typed) untouched
    m_shownSeq = seq;
    m_shownSize = size;
    if (size == 0) {
        panel()->setSurfaces(a2ui::SurfaceSet());
        return;
    }
    const Session &session = document->session();
    panel()->setSurfaces(seq < 0 ? surfacesOf(session.current())
                                 : surfacesOf(session.snapshotAt(seq)));
}

ComposerDialog *SurfacesTab::openComposer(const QJsonObject &userAction)
{
    if (m_composer)
        m_composer->close(); // one composed run at a time
    auto *composer = new ComposerDialog(m_window->hostWindow());
    composer->setAttribute(Qt::WA_DeleteOnClose);
    // The thread as it stands after the newest event: what the next run continues.
    composer->setContext(composerContextOf(m_window->document()->session().current()));
    if (!userAction.isEmpty())
        composer->setUserAction(userAction);
    // Where Send goes, said before it is pressed (credentials never shown: redactUrl).
    QString problem;
    const RunRequest target = composedRunTarget(&problem);
    composer->setEndpoint(problem.isEmpty() ? redactUrl(target.url.toString()) : QString(),
                          problem);
    connect(composer, &ComposerDialog::sendRequested, this,
            [this](const QByteArray &body, const QJsonObject &input, bool) {
                sendComposed(body, input);
            });
    m_composer = composer;
    composer->open(); // window-modal without a nested event loop
    Q_EMIT composerOpened(composer);
    return composer;
}

// The composed body continues this session's thread, so it goes to that thread's endpoint: the
// one an opened capture's runs went to, or the window's own last run's. Never another session's
// endpoint: the thread's messages and state would go to an agent that never had them.
RunRequest SurfacesTab::composedRunTarget(QString *problem) const
{
    const LiveRunController *live = m_window->liveRun();
    RunRequest request;
    const Capture &capture = m_window->document()->capture();
    const RecordedRequest *recorded
        = capture.runs.isEmpty() ? nullptr : &capture.runs.last().request;
    if (recorded && recorded->present && !recorded->url.isEmpty()) {
        request.url = QUrl(recorded->url);
        request.acceptProtobuf = headerValue(recorded->headers, QLatin1StringView("Accept"))
                                     .contains(QLatin1String("vnd.ag-ui.event+proto"));
        if (redactUrl(live->lastRequest().url.toString()) == recorded->url)
            request = live->lastRequest(); // the same endpoint: its headers (credentials) too
    } else if (m_window->sessionOrigin() == WindowServices::SessionOrigin::Live) {
        request = live->lastRequest();
    }
    if (request.url.isValid() && !request.url.isEmpty())
        return request;
    *problem = m_window->sessionOrigin() == WindowServices::SessionOrigin::File
        ? tr("This capture does not say where its runs were sent, so its thread has no endpoint "
             "to continue at: Run > Connect… starts a new session with an agent of your choice.")
        : tr("No endpoint is known for this session: start a run with Run > Connect… first.");
    return {};
}

bool SurfacesTab::sendComposed(const QByteArray &body, const QJsonObject &input)
{
    LiveRunController *live = m_window->liveRun();
    if (live->isRunning()) {
        reportError(tr("A run is in progress: stop it before sending the composed run."));
        return false;
    }
    QString problem;
    RunRequest request = composedRunTarget(&problem);
    if (!problem.isEmpty()) {
        reportError(problem);
        return false;
    }
    // A surface's action answers that surface: like Run Again, the run joins the session the
    // surface came from (its thread, its endpoint), where the agent's reply updates it. Any other
    // composed run leaves a capture's or the proxy's session as it is and starts a new one.
    const bool answersSurface
        = m_composer && m_composer->mode() == ComposerDialog::Mode::UserAction;
    if (!answersSurface && !m_window->confirmRunStartsSession(tr("Compose Run")))
        return false;
    request.body = body; // the exact bytes, even invalid on purpose
    request.input = input;
    m_lastError.clear();
    live->start(request);
    return true;
}

void SurfacesTab::reportError(const QString &message)
{
    m_lastError = message;
    m_window->hostWindow()->statusBar()->showMessage(message, 10000);
}

SurfacesTab *installSurfacesTab(WindowServices *window)
{
    return new SurfacesTab(window);
}

} // namespace agui::ui
