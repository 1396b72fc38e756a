#pragma once

#include <QElapsedTimer>
#include <QMainWindow>
#include <QPointer>

#include "windowservices.h"

#include <functional>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QProgressDialog;
class QSplitter;
class QTabWidget;
class QToolBar;

namespace agui::ui {

class CaptureLoader;
class DemoService;
class EventDetailView;
class DeliveredEventsModel;
class EventFilterModel;
class EventListModel;
class EventListView;
class FilterLineEdit;
class LazyWidget;
struct RunRequest;
class ProxyControl;
class LiveRunController;
class SessionDocument;
class TimeTravel;

// The inspector window: the event list (filter bar above) on the left, the selected event on
// the right, toolbar Connect… / Stop / Open / Save As / Follow live, status bar with the
// connection state and the shown/total counts.
class MainWindow
    : public QMainWindow
    , public WindowServices
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Loads in the background (progress dialog, cancellable); captureLoaded() tells the end.
    void openCapture(const QString &path);
    // Same, waiting (with a local event loop) until it is done; for the screenshot mode/tests.
    bool openCaptureAndWait(const QString &path, QString *error = nullptr);
    // .jsonl: the events as JSON lines (the core's export, as `agui-inspect convert` writes them:
    // protobuf events as their decoded JSON); *warning then names events that had to be
    // re-encoded to fit on a line. Anything else: the inspector's own capture format.
    bool saveCapture(const QString &path, QString *error = nullptr,
                     QString *warning = nullptr) const;

    // Where the session the window shows came from. A run the user starts continues the window's
    // own live session (its thread); a capture opened from a file, or the proxy's session, is
    // left as it is: a run there starts a new session (confirmRunStartsSession). Run Again is the
    // one run that joins a file's session, to be compared with the recorded one.
    SessionOrigin sessionOrigin() const override { return m_origin; }
    // Before a run the user starts (Connect, Run the Demo Agent, Compose Run): true when it may
    // start. With a file's or the proxy's session open, asks whether to start a new session
    // (the open one is replaced: Save As keeps it) and starts one on yes.
    bool confirmRunStartsSession(const QString &title) override;
    // An empty session in place of the open one (File > New Session, File > Close, a proxy
    // starting): no events, no thread to continue, a title and status bar that speak for it.
    // `origin` says what will fill it (Proxy) or that the next run will (Empty).
    void startSession(SessionOrigin origin = SessionOrigin::Empty) override;

    // Serves the built-in demo agent in-process and starts a run against it (first launch).
    bool startDemoRun(QString *error = nullptr);
    // The Connect dialog, its endpoint filled in when one is given; runs what it is accepted with.
    void showConnectDialog(const QString &endpoint = QString());
    bool startRun(const RunRequest &request) override; // false when a run is already running
    // Waits (local event loop) until the current run has ended; false on timeout.
    bool waitForRunToEnd(int timeoutMs);

    bool selectEvent(qint64 seq) override;
    // selectEvent(), or a status-bar message saying why not (not in this session, hidden by the
    // filter): what a view's "go to this event" does.
    bool goToEvent(qint64 seq) override;
    qint64 lastEventSeq() const override;
    // What to show when a capture opens or a run ends: the first event with an error, else the
    // last event (-1 when there are none).
    qint64 usefulEventSeq() const;
    // "event" | "state" | "transcript" | "tools" | "surfaces" | "timing" | "diff"; tabs that do not
    // exist yet fall back to the event tab (returns false then).
    bool showTab(const QString &name) override;
    void applyFilterText(const QString &text); // sets the bar's text and applies at once
    // View > Follow Live: new events scroll the list to its end (checked in the menu as well).
    void setFollowLive(bool follow) override;
    // The event list as received (every frame) or as @ag-ui/client delivers it to an
    // application (DeliveredEventsModel); the selected event stays selected.
    void setListShowsDelivered(bool delivered);

    SessionDocument *document() const override { return m_document; }
    EventListModel *listModel() const override { return m_listModel; }
    EventFilterModel *filterModel() const { return m_filterModel; }
    EventListView *eventList() const override { return m_list; }
    EventDetailView *detailView() const override { return m_detail; }
    FilterLineEdit *filterEdit() const { return m_filterEdit; }
    LiveRunController *liveRun() const override { return m_live; }
    ProxyControl *proxyControl() const { return m_proxy; } // File > Start Proxy…
    QLabel *connectionLabel() const { return m_connectionLabel; }
    QLabel *countsLabel() const { return m_countsLabel; }
    QString lastError() const { return m_lastError; }

    // WindowServices: what the installers of ui/window and ui/timeline use (windowservices.h).
    QMainWindow *hostWindow() const override { return const_cast<MainWindow *>(this); }
    QMenu *menu(MenuId id) const override;
    QToolBar *mainToolBar() const override { return m_toolBar; }
    QAction *stopAction() const override { return m_stopAction; }
    // A tab of the detail pane. name ("state", "timing", …) is what showTab() and the
    // screenshot mode's --tab take; the tab's object name is name + "Tab".
    void addDetailTab(QWidget *view, const QString &name, const QString &title) override;
    // The same, with the view built by build() when the tab is first shown or its view asked for
    // (detailTabView); until then the tab holds an empty placeholder. For views that follow the
    // session by themselves once built (they catch up when they attach).
    // Returns the placeholder (the tab's widget until and after the view is built in it).
    LazyWidget *addDetailTab(const QString &name, const QString &title,
                             std::function<QWidget *()> build) override;
    // The view of tab name, built now if it was not yet; nullptr when there is no such tab.
    QWidget *detailTabView(const QString &name) override;
    QTabWidget *detailTabs() const override { return m_tabs; }
    void
    addBelowEventList(QWidget *widget) override; // the timeline, under the list and its filter bar
    // Shows a dock of the bottom area as a strip under the list (a sixth of the window, at least
    // minimumHeight), not half the window: the session stays the main view.
    void showBottomDock(QDockWidget *dock, int minimumHeight) override;
    // The time-travel cursor: the event every session view shows the world after. One per
    // window, beside the document it reads.
    TimeTravel *timeTravel() const override { return m_timeTravel; }

    // The Open dialog's file types: every format the inspector reads (.har and protobuf bodies
    // too), then all files.
    static QString openFileFilter();

    // The first launch's layout at this size (the list wider than the detail): headless
    // screenshots use it, so they show what a new user sees.
    void applyFirstLayout(const QSize &size);

Q_SIGNALS:
    void captureLoaded(const QString &path, bool ok);

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    int detailTabIndex(const QString &name) const; // -1 when there is no such tab
    void createActions();
    void createCentralArea();
    void showCurrentEvent(qint64 seq);
    void updateCounts();
    void updateActions();
    void onLoadPreview();
    void onLoadFinished();
    void dropLoadPreview(); // a load that showed its first events failed or was cancelled
    void showLoadProgress(qint64 done, qint64 total, qint64 events);
    void openDialog();
    void saveAsDialog();
    void installOtelActions();
    void addRecentFile(const QString &path);
    void rebuildRecentMenu();
    void applyPaletteMode();
    void showError(const QString &title, const QString &text);
    void restoreSettings();
    void fitToScreen(); // first launch: most of the screen, the list wider than the detail
    void refreshShownFindings(); // a later event may add a finding about the shown one
    void onRunStateChanged();
    void saveSettings();

    SessionDocument *m_document = nullptr;
    ProxyControl *m_proxy = nullptr;
    TimeTravel *m_timeTravel = nullptr;
    QMenu *m_menus[int(MenuId::Help) + 1] = {};
    QToolBar *m_toolBar = nullptr;
    QWidget *m_listPane = nullptr; // the filter bar, the list and what is added below it
    EventListModel *m_listModel = nullptr;
    EventFilterModel *m_filterModel = nullptr;
    DeliveredEventsModel *m_deliveredModel = nullptr; // has a source only while shown
    EventListView *m_list = nullptr;
    EventDetailView *m_detail = nullptr;
    FilterLineEdit *m_filterEdit = nullptr;
    QLabel *m_filterCounts = nullptr;
    QTabWidget *m_tabs = nullptr;
    QSplitter *m_splitter = nullptr;
    QLabel *m_connectionLabel = nullptr;
    QLabel *m_countsLabel = nullptr;
    CaptureLoader *m_loader = nullptr;
    QPointer<QProgressDialog> m_progress;
    QElapsedTimer m_loadClock; // events/s in the progress dialog
    QString m_loadPath;
    LiveRunController *m_live = nullptr;
    bool m_showsLoadPreview = false; // the document holds a loading file's first events
    DemoService *m_demo = nullptr;
    QMenu *m_recentMenu = nullptr;
    QAction *m_connectAction = nullptr;
    QAction *m_stopAction = nullptr;
    QAction *m_openAction = nullptr;
    QAction *m_saveAsAction = nullptr;
    QAction *m_followAction = nullptr;
    QAction *m_demoAction = nullptr;
    QAction *m_newSessionAction = nullptr;
    QAction *m_closeAction = nullptr;
    SessionOrigin m_origin = SessionOrigin::Empty;
    QString m_lastError;
    qint64 m_shownSeq = -1;
    qint64 m_pendingSelect = -1;
    bool m_dark = false;
};

} // namespace agui::ui
