#pragma once

#include <QtGlobal>

#include <functional>

class QAction;
class QDockWidget;
class QMainWindow;
class QMenu;
class QString;
class QTabWidget;
class QToolBar;
class QWidget;

namespace agui::ui {

class EventDetailView;
class EventListModel;
class EventListView;
class LazyWidget;
class LiveRunController;
struct RunRequest;
class SessionDocument;
class TimeTravel;

// What a feature installed into the window may use of it: the menus and bars to attach its
// actions to, the places its views go, the event navigation, and the session the window shows.
// The installers of ui/window and ui/timeline see this, never MainWindow, so the window's
// insides (its layout, its loading, its settings) change without them noticing, and a feature
// cannot reach for what it was not given. MainWindow implements it.
class WindowServices
{
public:
    virtual ~WindowServices() = default;

    // The Qt window itself: parent of dialogs and docks, its status bar, its title. Qt's own
    // interface, not ours.
    virtual QMainWindow *hostWindow() const = 0;

    // Menus and bars. Features attach through these, never by looking up object names or
    // titles, so a renamed menu cannot silently leave a feature unattached.
    enum class MenuId { File, Edit, Run, View, Go, Help };
    virtual QMenu *menu(MenuId id) const = 0;
    virtual QToolBar *mainToolBar() const = 0;
    virtual QAction *stopAction() const = 0;

    // The session shown and the views every feature shares.
    virtual SessionDocument *document() const = 0;
    virtual EventListModel *listModel() const = 0;
    virtual EventListView *eventList() const = 0;
    virtual EventDetailView *detailView() const = 0;
    // The time-travel cursor: the event every session view shows the world after.
    virtual TimeTravel *timeTravel() const = 0;
    virtual LiveRunController *liveRun() const = 0;

    // Navigation. goToEvent() is selectEvent() or a status-bar message saying why not.
    virtual bool selectEvent(qint64 seq) = 0;
    virtual bool goToEvent(qint64 seq) = 0;
    virtual qint64 lastEventSeq() const = 0;
    // A detail tab by name ("state", "timing", …); false (and the event tab) when it does not
    // exist yet.
    virtual bool showTab(const QString &name) = 0;
    virtual void setFollowLive(bool follow) = 0;

    // Where views go. A detail tab: its object name is name + "Tab". The lazy form builds the
    // view when the tab is first shown or its view asked for (detailTabView), for views that
    // follow the session by themselves once built; it returns the placeholder.
    virtual void addDetailTab(QWidget *view, const QString &name, const QString &title) = 0;
    virtual LazyWidget *addDetailTab(const QString &name, const QString &title,
                                     std::function<QWidget *()> build)
        = 0;
    virtual QWidget *detailTabView(const QString &name) = 0; // nullptr: no such tab
    virtual QTabWidget *detailTabs() const = 0;
    virtual void addBelowEventList(QWidget *widget) = 0;
    // A dock of the bottom area as a strip under the list, not half the window.
    virtual void showBottomDock(QDockWidget *dock, int minimumHeight) = 0;

    // Where the shown session came from, and starting another. A run the user starts continues
    // the window's own live session; with a file's or the proxy's session open,
    // confirmRunStartsSession asks whether to start a new one (and does on yes).
    enum class SessionOrigin { Empty, Live, File, Proxy };
    virtual SessionOrigin sessionOrigin() const = 0;
    virtual bool confirmRunStartsSession(const QString &title) = 0;
    virtual void startSession(SessionOrigin origin = SessionOrigin::Empty) = 0;
    virtual bool startRun(const RunRequest &request) = 0; // false: a run is already running

protected:
    WindowServices() = default;
    WindowServices(const WindowServices &) = default;
    WindowServices &operator=(const WindowServices &) = default;
};

} // namespace agui::ui
