#pragma once

#include "core/capture/capture.h"

#include <QObject>

class QAction;
class QDockWidget;

namespace agui::ui {

class BookmarkList;
class BookmarksPanel;
class LazyWidget;
class WindowServices;

// Bookmarks on events: Edit > Toggle Bookmark (Ctrl+B) and Edit Bookmark Note… (Ctrl+Shift+B)
// on the selected event, Go > Next / Previous Bookmark (F2 / Shift+F2, wrapping around as
// editors do), View > Bookmarks (the panel, a dock). Bookmarked rows carry a marker in the
// event list's "#". The bookmarks live in the document's capture, so they load when a capture
// opens and Save As writes them in the project's format.
class BookmarkActions : public QObject
{
    Q_OBJECT
public:
    explicit BookmarkActions(WindowServices *window);

    BookmarkList *bookmarks() const { return m_bookmarks; }
    BookmarksPanel *panel(); // built now if the dock was never shown
    QDockWidget *dock() const { return m_dock; }

    void toggleCurrent();
    void editCurrentNote();
    void step(bool forward); // the next / previous bookmark the filter shows

private:
    void createDock();
    void addActions();
    void activate(qint64 seq); // from the panel: select the event in the window
    void showDock();
    void showMessage(const QString &text) const;

    WindowServices *m_window = nullptr;
    BookmarkList *m_bookmarks = nullptr;
    LazyWidget *m_content = nullptr; // the dock's widget; m_panel is built in it
    BookmarksPanel *m_panel = nullptr;
    QDockWidget *m_dock = nullptr;
};

BookmarkActions *installBookmarkActions(WindowServices *window);

// A spilled live recording is saved as a copy of its file; its bookmarks are appended to the
// copy. Returns the error, empty on success.
QString appendBookmarks(const QString &path, const QList<Bookmark> &bookmarks);

} // namespace agui::ui
