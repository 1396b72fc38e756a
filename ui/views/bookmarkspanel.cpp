#include "ui/views/bookmarkspanel.h"

#include "ui/models/bookmarklist.h"
#include "ui/models/bookmarksmodel.h"

#include <QAction>
#include <QHeaderView>
#include <QTreeView>
#include <QVBoxLayout>

namespace agui::ui {

BookmarksPanel::BookmarksPanel(BookmarkList *bookmarks, SessionDocument *document, QWidget *parent)
    : QWidget(parent)
    , m_bookmarks(bookmarks)
{
    m_model = new BookmarksModel(bookmarks, document, this);
    m_view = new QTreeView(this);
    m_view->setObjectName(QStringLiteral("bookmarksView"));
    m_view->setModel(m_model);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAllColumnsShowFocus(true);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    // Double-click goes to the event, so the note is edited by clicking it once selected, by
    // typing, or from Edit > Edit Bookmark Note…
    m_view->setEditTriggers(QAbstractItemView::SelectedClicked | QAbstractItemView::EditKeyPressed
                            | QAbstractItemView::AnyKeyPressed);
    m_view->header()->setStretchLastSection(true);
    m_view->header()->setSectionResizeMode(BookmarksModel::SeqColumn,
                                           QHeaderView::ResizeToContents);
    m_view->header()->setSectionResizeMode(BookmarksModel::TypeColumn,
                                           QHeaderView::ResizeToContents);
    // Typing edits the note, whichever cell was clicked: the note is the only editable column.
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid() && current.column() != BookmarksModel::NoteColumn)
                    m_view->setCurrentIndex(current.siblingAtColumn(BookmarksModel::NoteColumn));
            });
    connect(m_view, &QTreeView::activated, this, [this](const QModelIndex &index) {
        Q_EMIT eventActivated(index.data(BookmarksModel::SeqRole).toLongLong());
    });
    auto *remove = new QAction(tr("Remove Bookmark"), m_view);
    remove->setShortcut(QKeySequence::Delete);
    remove->setShortcutContext(Qt::WidgetShortcut); // not while the note's editor has the key
    connect(remove, &QAction::triggered, this, &BookmarksPanel::removeCurrent);
    m_view->addAction(remove);
    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
}

void BookmarksPanel::showBookmark(qint64 seq)
{
    const QModelIndex at = m_model->indexOfSeq(seq);
    if (!at.isValid())
        return;
    m_view->setCurrentIndex(at);
    m_view->scrollTo(at);
}

void BookmarksPanel::editNote(qint64 seq)
{
    showBookmark(seq);
    const QModelIndex at = m_model->indexOfSeq(seq);
    if (!at.isValid())
        return;
    m_view->setFocus();
    m_view->edit(at);
}

void BookmarksPanel::removeCurrent()
{
    const QModelIndex current = m_view->currentIndex();
    if (current.isValid())
        m_bookmarks->remove(current.data(BookmarksModel::SeqRole).toLongLong());
}

} // namespace agui::ui
