#pragma once

#include <QAbstractTableModel>
#include <QPointer>

namespace agui::ui {

class BookmarkList;
class SessionDocument;

// The Bookmarks panel's table: one row per bookmark in event order, with the event's number,
// its type (from the document's typed row summary, never parsed from JSON here) and the note,
// which is editable. Rows are inserted and removed one by one as bookmarks change, so an edit
// or a selection in the panel survives another bookmark being added.
class BookmarksModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { SeqColumn, TypeColumn, NoteColumn, ColumnCount };
    enum Role { SeqRole = Qt::UserRole + 1 };

    BookmarksModel(BookmarkList *bookmarks, SessionDocument *document, QObject *parent = nullptr);

    QModelIndex indexOfSeq(qint64 seq, int column = NoteColumn) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

private:
    void onAdded(qint64 seq);
    void onAboutToRemove(qint64 seq);
    void onNoteChanged(qint64 seq);
    void onReset();
    void onEventsAppended(); // a bookmark on an event not received yet gets its type

    QPointer<BookmarkList> m_bookmarks;
    QPointer<SessionDocument> m_document;
    QList<qint64> m_seqs; // the bookmarks' events, ascending: row order
};

} // namespace agui::ui
