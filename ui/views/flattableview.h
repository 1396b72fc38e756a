#pragma once

#include <QAbstractItemView>

class QHeaderView;

namespace agui::ui {

// A table of flat rows that all have one height, which keeps nothing per row: a row's place is
// its number times the height. QTableView keeps a section record per row in its vertical header
// (8 bytes each, 8 MB for a million events) and walks all of them again after rows are added;
// here adding rows costs the same at any size. Columns are a QHeaderView's sections, so they
// resize, move and hide as in any table. Scrolling is by whole rows vertically (the scroll
// bar's value is the first row in view) and by pixels horizontally.
//
// Selection is by rows (what the event list needs); the current index keeps its column.
class FlatTableView : public QAbstractItemView
{
    Q_OBJECT
public:
    explicit FlatTableView(QWidget *parent = nullptr);

    void setModel(QAbstractItemModel *model) override;
    QHeaderView *header() const { return m_header; } // the columns' header

    // Said in the middle of the view while it has no rows (plain text, lines kept), so an empty
    // result ("no events match") or an empty window (what to do first) is never a blank table.
    void setEmptyText(const QString &text);
    QString emptyText() const { return m_emptyText; }

    int rowHeight() const { return m_rowHeight; }
    void setRowHeight(int height);
    int rowCount() const;
    // The row or column at a viewport coordinate, -1 when there is none.
    int rowAt(int y) const;
    int columnAt(int x) const;

    QRect visualRect(const QModelIndex &index) const override;
    void scrollTo(const QModelIndex &index, ScrollHint hint = EnsureVisible) override;
    QModelIndex indexAt(const QPoint &point) const override;
    int sizeHintForColumn(int column) const override;

protected:
    QModelIndex moveCursor(CursorAction cursorAction, Qt::KeyboardModifiers modifiers) override;
    int horizontalOffset() const override;
    int verticalOffset() const override;
    bool isIndexHidden(const QModelIndex &index) const override;
    void setSelection(const QRect &rect, QItemSelectionModel::SelectionFlags command) override;
    QRegion visualRegionForSelection(const QItemSelection &selection) const override;
    void updateGeometries() override;
    void scrollContentsBy(int dx, int dy) override;
    void paintEvent(QPaintEvent *event) override;

private:
    void relayout(); // after the rows or the columns changed: the scroll ranges and a repaint
    int firstRowInView() const;
    int rowsInView() const; // whole rows the viewport holds
    int rowTop(int row) const; // in viewport coordinates
    int movedColumn(int column, int step) const; // the next shown column in visual order
    void paintRow(QPainter &painter, int row, const QRect &area, const QStyleOptionViewItem &base);

    QHeaderView *m_header;
    int m_rowHeight;
    bool m_inGeometries = false;
    QString m_emptyText;
    QList<QMetaObject::Connection> m_rowConnections;
};

} // namespace agui::ui
