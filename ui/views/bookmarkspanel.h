#pragma once

#include <QWidget>

class QTreeView;

namespace agui::ui {

class BookmarkList;
class BookmarksModel;
class SessionDocument;

// The Bookmarks panel: the bookmarked events (number, type, note) in event order. Double-click
// or Enter asks the window to select the event (eventActivated); Delete removes the bookmark;
// the note is edited in place (click a selected note, or start typing) and shown as plain text.
class BookmarksPanel : public QWidget
{
    Q_OBJECT
public:
    BookmarksPanel(BookmarkList *bookmarks, SessionDocument *document, QWidget *parent = nullptr);

    QTreeView *view() const { return m_view; }
    BookmarksModel *model() const { return m_model; }
    // Makes the bookmark on seq the panel's current row (no activation: the window's selection
    // is already there).
    void showBookmark(qint64 seq);
    void editNote(qint64 seq); // the in-place editor on its note

Q_SIGNALS:
    void eventActivated(qint64 seq);

private:
    void removeCurrent();

    BookmarkList *m_bookmarks = nullptr;
    BookmarksModel *m_model = nullptr;
    QTreeView *m_view = nullptr;
};

} // namespace agui::ui
