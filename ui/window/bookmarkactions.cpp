#include "ui/window/bookmarkactions.h"

#include "core/capture/capturewriter.h"
#include "ui/models/bookmarklist.h"
#include "ui/models/eventlistmodel.h"
#include "ui/models/sessiondocument.h"
#include "ui/views/bookmarkspanel.h"
#include "ui/views/eventlistview.h"
#include "ui/widgets/lazywidget.h"
#include "ui/window/windowservices.h"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QStatusBar>

#include <limits>

namespace agui::ui {

namespace {

QAction *addAction(QMenu *menu, const QString &text, const QKeySequence &shortcut,
                   const QString &name)
{
    QAction *a = menu->addAction(text);
    a->setObjectName(name);
    a->setShortcut(shortcut);
    a->setShortcutContext(Qt::WindowShortcut);
    return a;
}

} // namespace

BookmarkActions::BookmarkActions(WindowServices *window)
    : QObject(window->hostWindow())
    , m_window(window)
{
    setObjectName(QStringLiteral("bookmarkActions"));
    m_bookmarks = new BookmarkList(window->document(), this);
    window->listModel()->setBookmarks(m_bookmarks);
    createDock();
    addActions();
}

void BookmarkActions::createDock()
{
    m_dock = new QDockWidget(BookmarkActions::tr("Bookmarks"), m_window->hostWindow());
    m_dock->setObjectName(QStringLiteral("bookmarksDock")); // saveState() needs it
    // The panel is built when the dock is first shown (the list's markers and the Go menu work
    // from the bookmark list without it).
    m_content = new LazyWidget(
        [this] {
            m_panel = new BookmarksPanel(m_bookmarks, m_window->document());
            m_panel->setObjectName(QStringLiteral("bookmarksPanel"));
            connect(m_panel, &BookmarksPanel::eventActivated, this, &BookmarkActions::activate);
            EventListView *list = m_window->eventList();
            connect(list, &EventListView::currentSeqChanged, m_panel,
                    &BookmarksPanel::showBookmark);
            m_panel->showBookmark(list->currentSeq());
            return m_panel;
        },
        m_dock);
    m_dock->setWidget(m_content);
    m_window->hostWindow()->addDockWidget(Qt::BottomDockWidgetArea, m_dock);
    m_dock->hide();
    // A capture opened with bookmarks shows them: otherwise only the list's markers would say
    // that someone left notes in it.
    connect(m_bookmarks, &BookmarkList::reset, this, [this] {
        if (m_bookmarks->size() > 0)
            showDock();
    });
}

void BookmarkActions::addActions()
{
    QMenu *edit = m_window->menu(WindowServices::MenuId::Edit);
    edit->addSeparator();
    QAction *toggle
        = addAction(edit, BookmarkActions::tr("Toggle &Bookmark"),
                    QKeySequence(Qt::CTRL | Qt::Key_B), QStringLiteral("toggleBookmarkAction"));
    connect(toggle, &QAction::triggered, this, &BookmarkActions::toggleCurrent);
    m_window->eventList()->addAction(toggle); // the list's context menu lists its actions
    connect(addAction(edit, BookmarkActions::tr("Edit Bookmark &Note…"),
                      QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B),
                      QStringLiteral("editBookmarkNoteAction")),
            &QAction::triggered, this, &BookmarkActions::editCurrentNote);
    QMenu *go = m_window->menu(WindowServices::MenuId::Go);
    go->addSeparator();
    connect(addAction(go, BookmarkActions::tr("Next Boo&kmark"), QKeySequence(Qt::Key_F2),
                      QStringLiteral("nextBookmarkAction")),
            &QAction::triggered, this, [this] { step(true); });
    connect(addAction(go, BookmarkActions::tr("Previous Bookm&ark"),
                      QKeySequence(Qt::SHIFT | Qt::Key_F2),
                      QStringLiteral("previousBookmarkAction")),
            &QAction::triggered, this, [this] { step(false); });
    QAction *show = m_dock->toggleViewAction();
    show->setText(BookmarkActions::tr("&Bookmarks"));
    m_window->menu(WindowServices::MenuId::View)->addAction(show);
}

BookmarksPanel *BookmarkActions::panel()
{
    m_content->view(); // sets m_panel
    return m_panel;
}

void BookmarkActions::showDock()
{
    m_window->showBottomDock(m_dock, 110);
}

void BookmarkActions::showMessage(const QString &text) const
{
    m_window->hostWindow()->statusBar()->showMessage(text, 4000);
}

void BookmarkActions::toggleCurrent()
{
    const qint64 seq = m_window->eventList()->currentSeq();
    if (seq < 0)
        return showMessage(BookmarkActions::tr("Select an event to bookmark"));
    showMessage(m_bookmarks->toggle(seq)
                    ? BookmarkActions::tr("Bookmarked event %1").arg(seq)
                    : BookmarkActions::tr("Removed the bookmark on event %1").arg(seq));
}

void BookmarkActions::editCurrentNote()
{
    const qint64 seq = m_window->eventList()->currentSeq();
    if (seq < 0)
        return showMessage(BookmarkActions::tr("Select an event to bookmark"));
    m_bookmarks->add(seq); // no-op when it is bookmarked already
    showDock();
    panel()->editNote(seq);
}

void BookmarkActions::step(bool forward)
{
    if (m_bookmarks->size() == 0)
        return showMessage(BookmarkActions::tr("No bookmarks"));
    const qint64 current = m_window->eventList()->currentSeq();
    qint64 from = current >= 0 ? current : (forward ? -1 : m_window->lastEventSeq() + 1);
    bool wrapped = false;
    // At most one lap: bookmarks the filter hides (or beyond the session's events) are skipped.
    for (qsizetype tries = 0; tries <= m_bookmarks->size(); ++tries) {
        qint64 seq = m_bookmarks->nearest(from, forward);
        if (seq < 0) {
            wrapped = true;
            seq = m_bookmarks->nearest(forward ? -1 : std::numeric_limits<qint64>::max(), forward);
        }
        if (m_window->selectEvent(seq)) {
            if (wrapped)
                showMessage(forward ? BookmarkActions::tr("Wrapped to the first bookmark")
                                    : BookmarkActions::tr("Wrapped to the last bookmark"));
            return;
        }
        from = seq;
    }
    showMessage(BookmarkActions::tr("The filter hides every bookmarked event"));
}

void BookmarkActions::activate(qint64 seq)
{
    m_window->goToEvent(seq);
}

BookmarkActions *installBookmarkActions(WindowServices *window)
{
    return new BookmarkActions(window);
}

QString appendBookmarks(const QString &path, const QList<Bookmark> &bookmarks)
{
    if (bookmarks.isEmpty())
        return {};
    CaptureWriter writer;
    if (!writer.openAppend(path))
        return writer.errorString();
    for (const Bookmark &b : bookmarks) {
        if (!writer.writeBookmark(b))
            return writer.errorString();
    }
    return {};
}

} // namespace agui::ui
