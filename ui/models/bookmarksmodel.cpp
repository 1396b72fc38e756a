#include "ui/models/bookmarksmodel.h"

#include "ui/models/bookmarklist.h"
#include "ui/models/sessiondocument.h"

#include <algorithm>

namespace agui::ui {

BookmarksModel::BookmarksModel(BookmarkList *bookmarks, SessionDocument *document, QObject *parent)
    : QAbstractTableModel(parent)
    , m_bookmarks(bookmarks)
    , m_document(document)
    , m_seqs(bookmarks->seqs())
{
    connect(bookmarks, &BookmarkList::added, this, &BookmarksModel::onAdded);
    connect(bookmarks, &BookmarkList::aboutToRemove, this, &BookmarksModel::onAboutToRemove);
    connect(bookmarks, &BookmarkList::noteChanged, this, &BookmarksModel::onNoteChanged);
    connect(bookmarks, &BookmarkList::reset, this, &BookmarksModel::onReset);
    connect(document, &SessionDocument::eventsAppended, this, &BookmarksModel::onEventsAppended);
}

QModelIndex BookmarksModel::indexOfSeq(qint64 seq, int column) const
{
    const auto it = std::lower_bound(m_seqs.cbegin(), m_seqs.cend(), seq);
    if (it == m_seqs.cend() || *it != seq)
        return {};
    return index(int(it - m_seqs.cbegin()), column);
}

void BookmarksModel::onAdded(qint64 seq)
{
    const int row = int(std::lower_bound(m_seqs.cbegin(), m_seqs.cend(), seq) - m_seqs.cbegin());
    beginInsertRows({}, row, row);
    m_seqs.insert(row, seq);
    endInsertRows();
}

// Before the bookmark goes, so a view never meets a row whose bookmark is gone.
void BookmarksModel::onAboutToRemove(qint64 seq)
{
    const QModelIndex at = indexOfSeq(seq);
    if (!at.isValid())
        return;
    beginRemoveRows({}, at.row(), at.row());
    m_seqs.removeAt(at.row());
    endRemoveRows();
}

void BookmarksModel::onNoteChanged(qint64 seq)
{
    const QModelIndex at = indexOfSeq(seq);
    if (at.isValid())
        Q_EMIT dataChanged(at, at);
}

void BookmarksModel::onReset()
{
    beginResetModel();
    m_seqs = m_bookmarks->seqs();
    endResetModel();
}

void BookmarksModel::onEventsAppended()
{
    if (!m_seqs.isEmpty())
        Q_EMIT dataChanged(index(0, TypeColumn), index(int(m_seqs.size()) - 1, TypeColumn));
}

int BookmarksModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_seqs.size());
}

int BookmarksModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant BookmarksModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_seqs.size() || !m_bookmarks || !m_document)
        return {};
    const qint64 seq = m_seqs.at(index.row());
    if (role == SeqRole)
        return seq;
    if (role == Qt::TextAlignmentRole && index.column() == SeqColumn)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::EditRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case SeqColumn:
        return QString::number(seq);
    case TypeColumn:
        // A capture may bookmark an event this session does not have (a cut or damaged file).
        return seq < m_document->size() ? m_document->row(seq).typeName : tr("(no such event)");
    case NoteColumn:
        return m_bookmarks->note(seq);
    }
    return {};
}

bool BookmarksModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!index.isValid() || index.column() != NoteColumn || role != Qt::EditRole || !m_bookmarks)
        return false;
    m_bookmarks->setNote(m_seqs.at(index.row()), value.toString());
    return true;
}

QVariant BookmarksModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SeqColumn:
        return tr("#");
    case TypeColumn:
        return tr("Type");
    case NoteColumn:
        return tr("Note");
    }
    return {};
}

Qt::ItemFlags BookmarksModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
    if (index.column() == NoteColumn)
        f |= Qt::ItemIsEditable;
    return f;
}

} // namespace agui::ui
