#include "ui/window/mainwindow.h"
#include "ui/persistsettings.h"

#include "core/capture/capturewriter.h"
#include "core/capture/eventexport.h"
#include "ui/dialogs/connectdialog.h"
#include "ui/eventpresentation.h"
#include "ui/live/demoservice.h"
#include "ui/live/liveruncontroller.h"
#include "ui/models/captureloader.h"
#include "ui/models/eventfiltermodel.h"
#include "ui/models/eventlistmodel.h"
#include "ui/models/sessiondocument.h"
#include "ui/models/timetravel.h"
#include "ui/timeline/playbackcontrols.h"
#include "ui/views/deliveredeventsmodel.h"
#include "ui/views/eventdetailview.h"
#include "ui/views/eventlistview.h"
#include "ui/widgets/appicons.h"
#include "ui/widgets/filterlineedit.h"
#include "ui/widgets/glyphicon.h"
#include "ui/widgets/lazywidget.h"
#include "ui/widgets/plaintooltips.h"
#include "ui/window/bookmarkactions.h"
#include "ui/window/colouringactions.h"
#include "ui/window/copilotkitfeed.h"
#include "ui/window/copyactions.h"
#include "ui/window/filechangenotice.h"
#include "ui/window/findingsdock.h"
#include "ui/window/fixturesave.h"
#include "ui/window/mcpshare.h"
#include "ui/window/navigationactions.h"
#include "ui/window/otelactions.h"
#include "ui/window/proxycontrol.h"
#include "ui/window/reportstabs.h"
#include "ui/window/servecapture.h"
#include "ui/window/sessionviews.h"
#include "ui/window/surfacestab.h"
#include "ui/window/theme.h"

#include <QAbstractButton>
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressDialog>
#include <QSaveFile>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

#include <algorithm>

// Resources of a static library are registered by hand (outside any namespace).
static void initAguiResources()
{
    Q_INIT_RESOURCE(resources);
}

namespace agui::ui {

namespace {

constexpr int kMaxRecent = 10;

} // namespace

QString MainWindow::openFileFilter()
{
    return tr("Captures (*.aguicap *.agui.jsonl *.jsonl *.sse *.har *.aimock.json *.proto *.bin "
              "*.txt);;CopilotKit aimock fixtures (*.aimock.json *.json);;All files (*)");
}

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
{
    initAguiResources();
    installPlainToolTips(); // agent data in tooltips is never rendered as HTML
    setWindowTitle(tr("AG-UI Inspector"));
    setWindowIcon(appIcon(QStringLiteral("agui-inspector")));
    setAcceptDrops(true);
    m_document = new SessionDocument(this);
    m_timeTravel = new TimeTravel(this);
    m_timeTravel->setDocument(m_document);
    m_listModel = new EventListModel(m_document, this);
    m_filterModel = new EventFilterModel(this);
    m_filterModel->setSourceModel(m_listModel);
    m_loader = new CaptureLoader(this);
    m_live = new LiveRunController(m_document, this);
    connect(m_loader, &CaptureLoader::previewReady, this, &MainWindow::onLoadPreview);
    connect(m_loader, &CaptureLoader::finished, this, &MainWindow::onLoadFinished);
    connect(m_loader, &CaptureLoader::progress, this, &MainWindow::showLoadProgress);
    createCentralArea();
    createActions();
    // State, Transcript, Tool Calls tabs; the timeline under the list, and Play/Pause/Step under
    // the timeline and in the Go menu.
    installPlaybackControls(this, installSessionViews(this));
    installSurfacesTab(this); // the Surfaces tab and Run > Compose Run…
    installReportTabs(this); // the Timing and Diff tabs
    installCopyActions(this); // Edit > Copy Events as JSON, as curl, JSON Pointer
    installServeAction(this); // File > Serve This Capture…
    installOtelActions(); // File > Export as OpenTelemetry Trace…, Run > trace context
    installMcpShare(this); // File > Share with Coding Agents…
    m_proxy = installProxyControl(this); // File > Start Proxy…
    installCopilotKitFeed(this); // Run > Attach to CopilotKit Debug Feed…
    installColouringRules(this); // View > Colouring Rules…
    installNavigationActions(this); // Go menu, tab shortcuts, Help > Keyboard Shortcuts
    installBookmarkActions(this); // Ctrl+B, F2 / Shift+F2, the Bookmarks panel
    installFindingsDock(this); // View > Findings, the session's findings in one list
    // A warning when the open capture is rewritten on disk.
    connect(this, &MainWindow::captureLoaded, installFileChangeNotice(this),
            &FileChangeNotice::watch);
    connect(m_filterModel, &EventFilterModel::countsChanged, this, &MainWindow::updateCounts);
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_deliveredModel, signal, this, &MainWindow::updateCounts);
    connect(m_deliveredModel, &QAbstractItemModel::modelReset, this, &MainWindow::updateCounts);
    connect(m_live, &LiveRunController::stateChanged, this, &MainWindow::onRunStateChanged);
    m_connectionLabel->setText(m_live->statusText());
    restoreSettings();
    applyPaletteMode();
    updateCounts();
    updateActions();
}

MainWindow::~MainWindow() = default;

void MainWindow::onRunStateChanged()
{
    m_connectionLabel->setText(m_live->statusText());
    m_connectionLabel->setToolTip(m_live->statusDetail());
    if (m_live->isRunning() && m_origin == SessionOrigin::Empty) {
        // The first run of a session: the session is the endpoint's now, and the title says so
        // (the built-in demo agent by name: a new user should know the run is not theirs).
        m_origin = SessionOrigin::Live;
        const QUrl url = m_live->lastRequest().url;
        const bool demo = m_demo && url == m_demo->url();
        setWindowTitle(demo ? tr("Built-in demo agent (live) — AG-UI Inspector")
                            : tr("%1 (live) — AG-UI Inspector")
                                  .arg(url.host()
                                       + (url.port() > 0 ? QStringLiteral(":%1").arg(url.port())
                                                         : QString())));
        if (demo)
            statusBar()->showMessage(
                tr("This run is the built-in demo agent's, served on this machine: Run > "
                   "Connect… runs your own agent"),
                15000);
    }
    updateActions();
    updateCounts(); // the empty list's words ("Waiting for the first event…")
    if (m_live->isRunning())
        return;
    refreshShownFindings(); // end-of-stream findings
    // A run that ended with nothing selected (following the tail) selects what is worth a look.
    m_listModel->flushPendingRows();
    if (m_list->currentSeq() < 0 && usefulEventSeq() >= 0)
        selectEvent(usefulEventSeq());
}

void MainWindow::createCentralArea()
{
    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->setObjectName(QStringLiteral("mainSplitter"));

    auto *left = new QWidget(m_splitter);
    m_listPane = left;
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(4, 4, 0, 0);
    leftLayout->setSpacing(4);
    auto *filterRow = new QHBoxLayout;
    m_filterEdit = new FilterLineEdit(left);
    m_filterEdit->setVocabularySource([this] { return m_document->filterVocabulary(); });
    m_filterCounts = new QLabel(left);
    m_filterCounts->setObjectName(QStringLiteral("filterCounts"));
    m_filterCounts->setTextFormat(Qt::PlainText);
    auto *listMode = new QComboBox(left);
    listMode->setObjectName(QStringLiteral("eventListMode"));
    listMode->addItems({tr("As received"), tr("As delivered")});
    listMode->setToolTip(
        tr("As delivered: the events as @ag-ui/client 1.0.0 hands them to an application — "
           "unknown events dropped, unknown members stripped, chunks expanded, retired types "
           "converted, the ENDs it inserts, nothing after a point where it rejects the stream"));
    filterRow->addWidget(m_filterEdit, 1);
    filterRow->addWidget(listMode);
    filterRow->addWidget(m_filterCounts);
    leftLayout->addLayout(filterRow);
    m_list = new EventListView(left);
    m_list->setModel(m_filterModel);
    m_deliveredModel = new DeliveredEventsModel(m_document, this);
    connect(listMode, &QComboBox::currentIndexChanged, this,
            [this](int index) { setListShowsDelivered(index == 1); });
    leftLayout->addWidget(m_list, 1);
    connect(m_filterEdit, &FilterLineEdit::filterReady, this, [this](const EventFilter &filter) {
        const qint64 seq = m_list->currentSeq() >= 0 ? m_list->currentSeq() : m_pendingSelect;
        m_filterModel->setFilter(filter);
        // The selection follows the event, not the row number, across filter changes; when the
        // scan has not reached it yet, it is selected when the scan ends.
        m_pendingSelect = -1;
        if (seq >= 0 && !m_list->selectSeq(seq) && m_filterModel->isFiltering())
            m_pendingSelect = seq;
    });
    connect(m_filterModel, &EventFilterModel::filteringFinished, this, [this] {
        if (m_pendingSelect >= 0)
            m_list->selectSeq(m_pendingSelect);
        m_pendingSelect = -1;
    });
    // The error of the text as it is now, not the first one typed; gone once the text is valid.
    connect(m_filterEdit, &FilterLineEdit::syntaxChecked, this,
            [this](FilterLineEdit::SyntaxState state) {
                const QString prefix = tr("Filter: ");
                if (state == FilterLineEdit::Invalid)
                    statusBar()->showMessage(prefix + m_filterEdit->errorString(), 4000);
                else if (statusBar()->currentMessage().startsWith(prefix))
                    statusBar()->clearMessage();
            });
    connect(m_list, &EventListView::currentSeqChanged, this, &MainWindow::showCurrentEvent);

    m_tabs = new QTabWidget(m_splitter);
    m_tabs->setObjectName(QStringLiteral("detailTabs"));
    m_tabs->setDocumentMode(true);
    m_detail = new EventDetailView(m_tabs);
    addDetailTab(m_detail, QStringLiteral("event"), tr("Event"));
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int index) {
        if (auto *lazy = qobject_cast<LazyWidget *>(m_tabs->widget(index)))
            lazy->view();
    });

    m_splitter->addWidget(left);
    m_splitter->addWidget(m_tabs);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    setCentralWidget(m_splitter);

    m_connectionLabel = new QLabel(this);
    m_connectionLabel->setTextFormat(Qt::PlainText);
    m_countsLabel = new QLabel(this);
    m_countsLabel->setTextFormat(Qt::PlainText);
    statusBar()->addWidget(m_connectionLabel, 1);
    statusBar()->addPermanentWidget(m_countsLabel);

    connect(m_document, &SessionDocument::eventsAppended, this, &MainWindow::refreshShownFindings);
    connect(m_document, &SessionDocument::findingsAdded, this, &MainWindow::refreshShownFindings);
    connect(m_document, &SessionDocument::resetDone, this, [this] {
        m_shownSeq = -1;
        m_detail->clear();
        updateCounts();
    });
}

void MainWindow::setListShowsDelivered(bool delivered)
{
    const qint64 seq = m_list->currentSeq();
    m_deliveredModel->setSourceModel(delivered ? m_filterModel : nullptr);
    m_list->setModel(delivered ? static_cast<QAbstractItemModel *>(m_deliveredModel)
                               : m_filterModel);
    // An event the list no longer has (the client drops it, or it comes after a rejection) is
    // not left in the detail pane as if it were selected.
    if (seq < 0 || !m_list->selectSeq(seq))
        showCurrentEvent(-1);
    updateCounts();
}

void MainWindow::createActions()
{
    m_connectAction = new QAction(glyphIcon(Glyph::Play), tr("&Connect…"), this);
    m_connectAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_connectAction->setToolTip(tr("Start a run against an AG-UI endpoint"));
    connect(m_connectAction, &QAction::triggered, this, [this] { showConnectDialog(); });

    m_stopAction = new QAction(glyphIcon(Glyph::Stop), tr("&Stop"), this);
    m_stopAction->setShortcut(QKeySequence(Qt::Key_Escape));
    m_stopAction->setShortcutContext(Qt::WindowShortcut);
    connect(m_stopAction, &QAction::triggered, m_live, &LiveRunController::stop);

    m_openAction = new QAction(glyphIcon(Glyph::Open), tr("&Open…"), this);
    m_openAction->setShortcut(QKeySequence::Open);
    connect(m_openAction, &QAction::triggered, this, &MainWindow::openDialog);

    m_saveAsAction = new QAction(glyphIcon(Glyph::Save), tr("Save &As…"), this);
    // Ctrl+Shift+S everywhere (docs/gui.md), also where the platform names no Save As key.
    QList<QKeySequence> saveAsKeys = QKeySequence::keyBindings(QKeySequence::SaveAs);
    if (!saveAsKeys.contains(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)))
        saveAsKeys.prepend(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    m_saveAsAction->setShortcuts(saveAsKeys);
    connect(m_saveAsAction, &QAction::triggered, this, &MainWindow::saveAsDialog);

    m_followAction = new QAction(glyphIcon(Glyph::FollowEnd), tr("&Follow Live"), this);
    m_followAction->setCheckable(true);
    m_followAction->setChecked(true);
    // Ctrl+L is the filter bar's, as a browser's address bar.
    m_followAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    m_followAction->setToolTip(tr("Scroll to new events while the list is at its end"));
    connect(m_followAction, &QAction::toggled, m_list, &EventListView::setFollowLive);

    m_newSessionAction = new QAction(tr("&New Session"), this);
    m_newSessionAction->setShortcut(QKeySequence::New);
    m_newSessionAction->setToolTip(tr("An empty session: the next run starts it"));
    connect(m_newSessionAction, &QAction::triggered, this, [this] { startSession(); });
    m_closeAction = new QAction(tr("&Close"), this);
    m_closeAction->setShortcut(QKeySequence::Close);
    m_closeAction->setToolTip(tr("Close the open capture or session"));
    connect(m_closeAction, &QAction::triggered, this, [this] { startSession(); });

    auto *quitAction = new QAction(tr("&Quit"), this);
    quitAction->setShortcut(QKeySequence::Quit);
    connect(quitAction, &QAction::triggered, this, &QWidget::close);

    auto *findAction = new QAction(tr("&Filter Events"), this);
    findAction->setShortcuts({QKeySequence::Find, QKeySequence(Qt::CTRL | Qt::Key_L)});
    connect(findAction, &QAction::triggered, this, [this] {
        m_filterEdit->setFocus();
        m_filterEdit->selectAll();
    });
    auto *copyAction = new QAction(tr("&Copy Value"), this);
    copyAction->setShortcut(QKeySequence::Copy);
    copyAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_detail->addAction(copyAction);
    connect(copyAction, &QAction::triggered, m_detail, &EventDetailView::copySelectedValue);

    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_newSessionAction);
    file->addAction(m_openAction);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addAction(m_saveAsAction);
    file->addAction(m_closeAction);
    file->addSeparator();
    file->addAction(quitAction);
    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(findAction);
    edit->addAction(copyAction);
    QMenu *run = menuBar()->addMenu(tr("&Run"));
    run->addAction(m_connectAction);
    run->addAction(m_stopAction);
    run->addSeparator();
    m_demoAction = run->addAction(tr("Run the &Demo Agent"), this, [this] { startDemoRun(); });
    m_demoAction->setToolTip(tr("Serve the built-in demo agent on this machine and run it"));
    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->addAction(m_followAction);
    QMenu *theme = view->addMenu(tr("&Theme"));
    auto *themes = new QActionGroup(this);
    const ThemeMode current = themeModeFromName(
        persistSettings() ? QSettings().value(QStringLiteral("view/theme")).toString() : QString());
    const std::pair<ThemeMode, QString> choices[] = {{ThemeMode::System, tr("Follow the &System")},
                                                     {ThemeMode::Light, tr("&Light")},
                                                     {ThemeMode::Dark, tr("&Dark")}};
    for (const auto &choice : choices) {
        // Not a structured binding: clang 14 cannot capture one in a lambda.
        const ThemeMode mode = choice.first;
        QAction *a = theme->addAction(choice.second);
        a->setCheckable(true);
        a->setChecked(mode == current);
        themes->addAction(a);
        connect(a, &QAction::triggered, this, [mode] {
            applyTheme(mode);
            if (persistSettings())
                QSettings().setValue(QStringLiteral("view/theme"), themeModeName(mode));
        });
    }
    if (current != ThemeMode::System)
        applyTheme(current);
    QMenu *go = menuBar()->addMenu(tr("&Go"));
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    const std::pair<MenuId, QMenu *> menus[]
        = {{MenuId::File, file}, {MenuId::Edit, edit}, {MenuId::Run, run},
           {MenuId::View, view}, {MenuId::Go, go},     {MenuId::Help, help}};
    for (const auto &[id, menu] : menus)
        m_menus[int(id)] = menu;
    help->addAction(tr("&About AG-UI Inspector"), this, [this] {
        QMessageBox::about(this, tr("About AG-UI Inspector"),
                           tr("AG-UI Inspector %1\nInspector and debugger for AG-UI event streams.")
                               .arg(QApplication::applicationVersion()));
    });

    QToolBar *bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar")); // saveState() needs it
    m_toolBar = bar;
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addAction(m_connectAction);
    bar->addAction(m_stopAction);
    bar->addSeparator();
    bar->addAction(m_openAction);
    bar->addAction(m_saveAsAction);
    bar->addSeparator();
    bar->addAction(m_followAction);
    rebuildRecentMenu();
}

void MainWindow::updateActions()
{
    const bool running = m_live->isRunning();
    m_stopAction->setEnabled(running);
    m_connectAction->setEnabled(!running);
    if (m_demoAction)
        m_demoAction->setEnabled(!running);
    m_openAction->setEnabled(!running);
    const bool hasSession = m_document->size() > 0 || !m_document->capture().runs.isEmpty();
    m_saveAsAction->setEnabled(hasSession);
    m_newSessionAction->setEnabled(!running);
    m_closeAction->setEnabled(!running && (hasSession || m_origin != SessionOrigin::Empty));
}

void MainWindow::updateCounts()
{
    const qint64 shown = m_filterModel->rowCount();
    const qint64 total = m_filterModel->totalCount();
    // What an empty list means, said in it.
    if (total == 0 && m_live->isRunning())
        m_list->setEmptyText(tr("Waiting for the first event…"));
    else if (total == 0 && m_origin == SessionOrigin::Empty)
        m_list->setEmptyText(tr("No session open.\n\nFile > Open… (Ctrl+O) a capture, or drop one "
                                "here\nRun > Connect… (Ctrl+R) an agent's AG-UI endpoint\nRun > "
                                "Run the Demo Agent: a built-in agent on this machine"));
    else if (total == 0)
        m_list->setEmptyText(tr("This session has no events."));
    else if (shown == 0 && !m_filterModel->isFiltering())
        m_list->setEmptyText(tr("No events match the filter."));
    else
        m_list->setEmptyText(QString());
    QString counts = m_filterModel->filter().isEmpty() ? tr("%1 events").arg(total)
                                                       : tr("%1 of %2 shown").arg(shown).arg(total);
    if (m_list->model() == m_deliveredModel)
        counts
            = tr("%1 delivered of %2 received").arg(m_deliveredModel->deliveredCount()).arg(total);
    if (m_filterModel->isFiltering())
        counts += tr(" (filtering…)");
    m_filterCounts->setText(counts);
    const int runs = m_document->runCount();
    QString status = (total == 1 ? tr("1 event") : tr("%1 events").arg(total))
        + (runs == 1 ? tr(" · 1 run") : tr(" · %1 runs").arg(runs));
    const qint64 withDiag = m_document->diagnosticEventCount();
    if (withDiag > 0)
        status += tr(" · %1 with diagnostics").arg(withDiag);
    m_countsLabel->setText(status);
    if (m_saveAsAction)
        updateActions();
}

void MainWindow::showCurrentEvent(qint64 seq)
{
    if (seq == m_shownSeq)
        return;
    m_shownSeq = seq;
    if (seq < 0 || seq >= m_document->size()) {
        m_detail->clear();
        return;
    }
    const Event event = m_document->eventAt(seq);
    m_detail->setEvent(event, m_document->row(seq).runIndex, m_document->diagnostics(seq));
    const BodyRewrite *rewrite = m_document->rewriteOf(seq);
    m_detail->setRewrite(rewrite, event.raw);
    if (const RecordedRequest *request = m_document->changedRequestOf(seq); request && !rewrite)
        m_detail->setRequestChange(*request);
}

void MainWindow::setFollowLive(bool follow)
{
    m_followAction->setChecked(follow); // the list follows the action
}

bool MainWindow::selectEvent(qint64 seq)
{
    m_listModel->flushPendingRows();
    return m_list->selectSeq(seq);
}

bool MainWindow::goToEvent(qint64 seq)
{
    if (seq >= m_document->size()) {
        statusBar()->showMessage(tr("Event %1 is not in this session").arg(seq), 4000);
        return false;
    }
    if (selectEvent(seq))
        return true;
    statusBar()->showMessage(tr("Event %1 is hidden by the filter").arg(seq), 4000);
    return false;
}

void MainWindow::showBottomDock(QDockWidget *dock, int minimumHeight)
{
    if (!dock->isHidden())
        return;
    // A panel built on the dock's first show is built now, so that the dock is laid out with it
    // in one pass: built inside show(), it took a second pass after the list had scrolled to
    // its last event, and the list's shrinking viewport hid that event.
    if (auto *lazy = qobject_cast<LazyWidget *>(dock->widget()))
        lazy->view();
    dock->show();
    // After the dock is laid out, or the layout's first pass sizes it again.
    QTimer::singleShot(0, dock, [this, dock, minimumHeight] {
        resizeDocks({dock}, {std::max(minimumHeight, height() / 6)}, Qt::Vertical);
    });
}

qint64 MainWindow::lastEventSeq() const
{
    return m_document->size() - 1;
}

qint64 MainWindow::usefulEventSeq() const
{
    const qint64 error = m_document->firstEventWithError();
    return error >= 0 ? error : lastEventSeq();
}

void MainWindow::refreshShownFindings()
{
    if (m_shownSeq < 0 || m_shownSeq >= m_document->size()
        || m_document->row(m_shownSeq).diagnosticCount == m_detail->diagnosticCount())
        return;
    m_detail->setDiagnostics(m_document->diagnostics(m_shownSeq));
}

QMenu *MainWindow::menu(MenuId id) const
{
    return m_menus[int(id)];
}

void MainWindow::addDetailTab(QWidget *view, const QString &name, const QString &title)
{
    view->setObjectName(name + QStringLiteral("Tab"));
    m_tabs->addTab(view, title);
}

LazyWidget *MainWindow::addDetailTab(const QString &name, const QString &title,
                                     std::function<QWidget *()> build)
{
    // The view gets the tab's object name too, so findChild<View *>(name + "Tab") finds it.
    auto *tab = new LazyWidget([name, build = std::move(build)] {
        QWidget *view = build();
        view->setObjectName(name + QStringLiteral("Tab"));
        return view;
    });
    addDetailTab(tab, name, title);
    return tab;
}

int MainWindow::detailTabIndex(const QString &name) const
{
    for (int i = 0; i < m_tabs->count(); ++i) {
        if (m_tabs->widget(i)->objectName() == name + QStringLiteral("Tab"))
            return i;
    }
    return -1;
}

QWidget *MainWindow::detailTabView(const QString &name)
{
    const int index = detailTabIndex(name);
    if (index < 0)
        return nullptr;
    QWidget *tab = m_tabs->widget(index);
    auto *lazy = qobject_cast<LazyWidget *>(tab);
    return lazy ? lazy->view() : tab;
}

void MainWindow::addBelowEventList(QWidget *widget)
{
    widget->setParent(m_listPane);
    m_listPane->layout()->addWidget(widget);
}

bool MainWindow::showTab(const QString &name)
{
    if (const int index = detailTabIndex(name); index >= 0) {
        m_tabs->setCurrentIndex(index);
        return true;
    }
    m_tabs->setCurrentWidget(m_detail);
    // "event-raw", "event-diagnostics", "event-changed": a page of the selected event.
    if (name.startsWith(QLatin1String("event-")))
        return m_detail->showPage(name.mid(6));
    return name == QLatin1String("event");
}

void MainWindow::applyFilterText(const QString &text)
{
    m_filterEdit->setText(text);
    Q_EMIT m_filterEdit->returnPressed();
    m_filterModel->finishFiltering();
}

void MainWindow::openCapture(const QString &path)
{
    if (m_live->isRunning()) {
        showError(tr("Open Capture"), tr("Stop the running run before opening a capture."));
        return;
    }
    m_lastError.clear();
    m_loadClock.start();
    m_loadPath = path;
    m_loader->start(path);
    // A progress dialog only when the load takes a while (minimumDuration).
    m_progress = new QProgressDialog(tr("Opening %1…").arg(QFileInfo(path).fileName()),
                                     tr("Cancel"), 0, 0, this);
    m_progress->setWindowModality(Qt::WindowModal);
    m_progress->setMinimumDuration(400);
    m_progress->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_progress, &QProgressDialog::canceled, this, [this, path] {
        m_loader->cancel();
        dropLoadPreview();
        statusBar()->showMessage(tr("Opening %1 cancelled").arg(path), 4000);
        Q_EMIT captureLoaded(path, false);
    });
}

void MainWindow::showLoadProgress(qint64 done, qint64 total, qint64 events)
{
    if (!m_progress || total <= 0)
        return;
    m_progress->setMaximum(1000);
    m_progress->setValue(int(done * 1000 / total));
    const double seconds = qMax<qint64>(m_loadClock.elapsed(), 1) / 1000.0;
    m_progress->setLabelText(tr("Opening %1…\n%L2 events · %L3 events/s · %L4 of %L5 MB")
                                 .arg(QFileInfo(m_loadPath).fileName())
                                 .arg(events)
                                 .arg(qint64(events / seconds))
                                 .arg(done / 1048576)
                                 .arg(total / 1048576));
}

bool MainWindow::openCaptureAndWait(const QString &path, QString *error)
{
    QEventLoop loop;
    bool ok = false;
    auto c = connect(this, &MainWindow::captureLoaded, &loop, [&](const QString &, bool result) {
        ok = result;
        loop.quit();
    });
    openCapture(path);
    loop.exec();
    disconnect(c);
    if (error)
        *error = m_lastError;
    return ok;
}

// The first events of a large file while the rest loads: shown, not selected (the load's end
// selects what is worth a look), and the title says the file is still loading.
void MainWindow::onLoadPreview()
{
    CaptureLoadResult preview = m_loader->takePreview();
    m_document->setSourceName(preview.path);
    m_document->adopt(std::move(preview.backing));
    m_showsLoadPreview = true;
    setWindowTitle(tr("%1 (loading…) — AG-UI Inspector").arg(QFileInfo(preview.path).fileName()));
}

void MainWindow::dropLoadPreview()
{
    if (!m_showsLoadPreview)
        return;
    m_showsLoadPreview = false;
    m_document->clear();
    setWindowTitle(tr("AG-UI Inspector"));
}

void MainWindow::onLoadFinished()
{
    CaptureLoadResult result = m_loader->takeResult();
    if (m_progress) {
        m_progress->disconnect(this); // its canceled() must not report a cancel now
        m_progress->close();
    }
    if (!result.error.isEmpty()) {
        dropLoadPreview();
        m_lastError = tr("Cannot open %1: %2").arg(result.path, result.error);
        showError(tr("Open Capture"), m_lastError);
        Q_EMIT captureLoaded(result.path, false);
        return;
    }
    m_document->setSourceName(result.path);
    m_document->adopt(std::move(result.backing));
    m_showsLoadPreview = false;
    m_live->resetThread();
    m_origin = SessionOrigin::File;
    setWindowFilePath(result.path);
    setWindowTitle(tr("%1 — AG-UI Inspector").arg(QFileInfo(result.path).fileName()));
    addRecentFile(result.path);
    const auto &problems = m_document->capture().problems;
    if (!problems.isEmpty()) {
        const CaptureProblem &p = problems.first();
        statusBar()->showMessage(tr("%1 problem(s) reading the capture; first at byte %2: %3")
                                     .arg(problems.size())
                                     .arg(p.byteOffset)
                                     .arg(p.message),
                                 10000);
    }
    if (m_document->size() > 0)
        selectEvent(usefulEventSeq());
    Q_EMIT captureLoaded(result.path, true);
}

bool MainWindow::saveCapture(const QString &path, QString *error, QString *warning) const
{
    const bool eventsOnly
        = path.endsWith(QLatin1String(".jsonl")) && !path.endsWith(QLatin1String(".agui.jsonl"));
    const bool fixtures = isAimockFixturePath(path);
    QString spillError;
    if (!eventsOnly && !fixtures && m_live->saveSpilledRecording(path, &spillError)) {
        // A live body too large for memory: the recording file is the capture.
        if (spillError.isEmpty())
            spillError = appendBookmarks(path, m_document->capture().bookmarks);
        if (error)
            *error = spillError;
        return spillError.isEmpty();
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = file.errorString();
        return false;
    }
    if (fixtures) {
        if (!writeAimockFixtures(m_document->capture(), file, error, warning)) {
            file.cancelWriting();
            return false;
        }
    } else if (eventsOnly) {
        qint64 rewrittenCount = 0;
        for (qint64 seq = 0; seq < m_document->size(); ++seq) {
            const Event e = m_document->eventAt(seq);
            if (e.framing == Framing::Synthetic)
                continue;
            QString rewritten;
            file.write(eventAsJsonLine(e, &rewritten));
            if (!rewritten.isEmpty() && rewrittenCount++ == 0 && warning)
                *warning = tr("event %1: %2").arg(seq).arg(rewritten);
        }
        if (rewrittenCount > 1 && warning)
            *warning = tr("%n events re-encoded (first: %1)", nullptr, int(rewrittenCount))
                           .arg(*warning);
        const qsizetype marks = m_document->capture().bookmarks.size();
        if (marks > 0 && warning) // JSON lines hold events only
            *warning = (warning->isEmpty() ? QString() : *warning + QStringLiteral("; "))
                + (marks == 1 ? tr("the bookmark is not saved")
                              : tr("%1 bookmarks are not saved").arg(marks))
                + tr(": only the .aguicap format keeps them");
    } else {
        CaptureWriter writer;
        if (!writer.open(&file) || !writer.writeCapture(m_document->capture())) {
            if (error)
                *error = writer.errorString();
            file.cancelWriting();
            return false;
        }
    }
    if (!file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}

void MainWindow::openDialog()
{
    const QString dir = persistSettings()
        ? QSettings().value(QStringLiteral("files/lastDir")).toString()
        : QString();
    const QString path
        = QFileDialog::getOpenFileName(this, tr("Open Capture"), dir, openFileFilter());
    if (path.isEmpty())
        return;
    if (persistSettings())
        QSettings().setValue(QStringLiteral("files/lastDir"), QFileInfo(path).absolutePath());
    openCapture(path);
}

void MainWindow::installOtelActions()
{
    auto *otel = new OtelActions(this, m_document, m_live, persistSettings());
    QMenu *file = menu(MenuId::File);
    const QList<QAction *> fileActions = file->actions();
    // Before the separator above Quit.
    file->insertAction(fileActions.size() >= 2 ? fileActions[fileActions.size() - 2] : nullptr,
                       otel->exportAction());
    auto enable = [this, otel] {
        otel->exportAction()->setEnabled(!m_document->capture().runs.isEmpty()
                                         || m_document->size() > 0);
    };
    connect(m_document, &SessionDocument::resetDone, otel, enable);
    connect(m_document, &SessionDocument::eventsAppended, otel, enable);
    enable();
    QMenu *run = menu(MenuId::Run);
    run->addSeparator();
    run->addAction(otel->sendTraceContextAction());
    run->addAction(otel->copyTraceIdAction());
    run->addAction(otel->openTraceAction());
    run->addAction(otel->liveExportAction());
    connect(otel, &OtelActions::message, statusBar(), &QStatusBar::showMessage);
}

void MainWindow::saveAsDialog()
{
    QString selectedFilter;
    const QString fixtureFilter = tr("CopilotKit aimock fixtures (*.aimock.json)");
    QString path = QFileDialog::getSaveFileName(
        this, tr("Save Capture As"), QString(),
        tr("AG-UI Inspector capture (*.aguicap);;Events as JSON Lines (*.jsonl);;") + fixtureFilter,
        &selectedFilter);
    if (path.isEmpty())
        return;
    if (selectedFilter == fixtureFilter && !isAimockFixturePath(path)) {
        // The name says the format (saveCapture).
        if (path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
            path.chop(5);
        path += QStringLiteral(".aimock.json");
    }
    QString error;
    QString warning;
    if (!saveCapture(path, &error, &warning)) {
        showError(tr("Save Capture"), tr("Cannot save %1: %2").arg(path, error));
        return;
    }
    addRecentFile(path);
    if (warning.isEmpty())
        statusBar()->showMessage(tr("Saved %1").arg(path), 4000);
    else
        statusBar()->showMessage(tr("Saved %1; %2").arg(path, warning), 15000);
}

void MainWindow::showConnectDialog(const QString &endpoint)
{
    ConnectDialog dialog(this);
    const QJsonObject carried = m_live->nextRunInput();
    if (!carried.isEmpty())
        dialog.setInitialInput(carried);
    if (!m_live->lastRequest().url.isEmpty()) {
        dialog.setEndpoint(m_live->lastRequest().url.toString());
        dialog.setHeaders(m_live->lastRequest().headers);
    }
    if (!endpoint.isEmpty())
        dialog.setEndpoint(endpoint);
    if (dialog.exec() != QDialog::Accepted || !confirmRunStartsSession(tr("Connect")))
        return;
    m_live->start(dialog.request());
}

bool MainWindow::confirmRunStartsSession(const QString &title)
{
    if (m_origin != SessionOrigin::File && m_origin != SessionOrigin::Proxy)
        return true;
    if (m_document->size() == 0 && m_document->capture().runs.isEmpty()) {
        startSession();
        return true;
    }
    const QString name = m_origin == SessionOrigin::File
        ? tr("the capture %1").arg(QFileInfo(windowFilePath()).fileName())
        : tr("the proxy's session");
    QMessageBox box(QMessageBox::Question, title,
                    tr("This run starts a new session in place of %1, which stays as it is on "
                       "disk; Save As keeps what is only in the window.")
                        .arg(name),
                    QMessageBox::Ok | QMessageBox::Cancel, this);
    box.setTextFormat(Qt::PlainText);
    box.button(QMessageBox::Ok)->setText(tr("Start a New Session"));
    if (box.exec() != QMessageBox::Ok)
        return false;
    startSession();
    return true;
}

void MainWindow::startSession(SessionOrigin origin)
{
    if (m_live->isRunning())
        return;
    if (m_loader->isRunning()) {
        m_loader->cancel();
        dropLoadPreview();
    }
    m_document->clear();
    m_live->resetThread(); // also puts its status back to "Not connected"
    m_origin = origin;
    m_lastError.clear();
    m_pendingSelect = -1;
    setWindowFilePath(QString());
    setWindowTitle(tr("AG-UI Inspector"));
    statusBar()->clearMessage();
    m_connectionLabel->setText(m_live->statusText());
    m_connectionLabel->setToolTip(QString());
    updateCounts();
    updateActions();
}

bool MainWindow::startRun(const RunRequest &request)
{
    if (m_live->isRunning())
        return false;
    m_live->start(request);
    return true;
}

bool MainWindow::startDemoRun(QString *error)
{
    if (m_live->isRunning() || !confirmRunStartsSession(tr("Run the Demo Agent")))
        return false;
    if (!m_demo)
        m_demo = new DemoService(this);
    if (!m_demo->start()) {
        const QString message = tr("Cannot start the demo agent: %1").arg(m_demo->errorString());
        showError(tr("Demo Agent"), message);
        if (error)
            *error = message;
        return false;
    }
    RunRequest request;
    request.url = m_demo->url();
    const QJsonObject carried
        = m_live->lastRequest().url == request.url ? m_live->nextRunInput() : QJsonObject();
    request.input = carried.isEmpty() ? ConnectDialog::defaultInput() : carried;
    m_live->start(request);
    return true;
}

bool MainWindow::waitForRunToEnd(int timeoutMs)
{
    if (!m_live->isRunning())
        return true;
    QEventLoop loop;
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    connect(m_live, &LiveRunController::stateChanged, &loop, [this, &loop] {
        if (!m_live->isRunning())
            loop.quit();
    });
    loop.exec();
    m_listModel->flushPendingRows();
    return !m_live->isRunning();
}

void MainWindow::addRecentFile(const QString &path)
{
    if (!persistSettings())
        return;
    QSettings settings;
    QStringList files = settings.value(QStringLiteral("files/recent")).toStringList();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaxRecent)
        files.removeLast();
    settings.setValue(QStringLiteral("files/recent"), files);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = persistSettings()
        ? QSettings().value(QStringLiteral("files/recent")).toStringList()
        : QStringList();
    for (const QString &file : files) {
        QAction *a = m_recentMenu->addAction(QFileInfo(file).fileName());
        a->setToolTip(file);
        connect(a, &QAction::triggered, this, [this, file] { openCapture(file); });
    }
    m_recentMenu->setEnabled(!files.isEmpty());
}

void MainWindow::showError(const QString &title, const QString &text)
{
    m_lastError = text;
    statusBar()->showMessage(text, 10000);
    // Never a modal box in headless runs (tests, screenshot mode): they would block forever.
    if (QGuiApplication::platformName() != QLatin1String("offscreen") && isVisible()) {
        // The text may quote a file or a server: plain text, never HTML.
        QMessageBox box(QMessageBox::Warning, title, text, QMessageBox::Ok, this);
        box.setTextFormat(Qt::PlainText);
        box.exec();
    }
}

void MainWindow::applyPaletteMode()
{
    const QColor window = palette().color(QPalette::Window);
    m_dark = window.lightness() < 128;
    m_listModel->setDarkPalette(m_dark);
    m_detail->setDarkPalette(m_dark);
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        applyPaletteMode();
    QMainWindow::changeEvent(event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (event->mimeData()->hasUrls() && event->mimeData()->urls().first().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.first().isLocalFile()) {
        event->acceptProposedAction();
        openCapture(urls.first().toLocalFile());
    }
}

void MainWindow::fitToScreen()
{
    const QScreen *screen = this->screen() ? this->screen() : QGuiApplication::primaryScreen();
    if (!screen)
        return;
    const QRect available = screen->availableGeometry();
    const QSize size = (QSizeF(available.size()) * 0.8).toSize();
    setGeometry(QStyle::alignedRect(Qt::LeftToRight, Qt::AlignCenter, size, available));
    applyFirstLayout(size);
}

void MainWindow::applyFirstLayout(const QSize &size)
{
    resize(size);
    m_splitter->setSizes({size.width() * 62 / 100, size.width() * 38 / 100});
}

void MainWindow::restoreSettings()
{
    if (!persistSettings())
        return fitToScreen();
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray()))
        fitToScreen();
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    // The bottom docks (findings, bookmarks) show themselves when they have something to say; a
    // launch starts with an empty session, where restored docks are blank boxes that take a
    // quarter of the list's height.
    for (QDockWidget *dock : findChildren<QDockWidget *>())
        if (dockWidgetArea(dock) == Qt::BottomDockWidgetArea)
            dock->hide();
    m_splitter->restoreState(settings.value(QStringLiteral("window/splitter")).toByteArray());
    // A split saved while a wide pane squeezed the event list is not brought back: the list is
    // the window's main view and keeps at least 40% of its width.
    const QList<int> sizes = m_splitter->sizes();
    const int total = sizes.size() == 2 ? sizes[0] + sizes[1] : 0;
    if (total > 0 && sizes[0] < total * 40 / 100)
        m_splitter->setSizes({total * 62 / 100, total * 38 / 100});
    m_followAction->setChecked(settings.value(QStringLiteral("view/follow"), true).toBool());
}

void MainWindow::saveSettings()
{
    if (!persistSettings())
        return;
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("window/splitter"), m_splitter->saveState());
    settings.setValue(QStringLiteral("view/follow"), m_followAction->isChecked());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    m_live->stop();
    m_loader->cancel();
    saveSettings();
    QMainWindow::closeEvent(event);
}

} // namespace agui::ui
