#include "ui/views/flattableview.h"

#include "ui/views/flattableaccessible.h"

#include <QHeaderView>
#include <QPaintEvent>
#include <QPainter>
#include <QScrollBar>

namespace agui::ui {

FlatTableView::FlatTableView(QWidget *parent)
    : QAbstractItemView(parent)
    , m_header(new QHeaderView(Qt::Horizontal, this))
    , m_rowHeight(fontMetrics().height() + 2)
{
    FlatTableAccessible::installFactory(); // a table to screen readers, as QTableView is
    setSelectionBehavior(SelectRows);
    setVerticalScrollMode(ScrollPerItem);
    setHorizontalScrollMode(ScrollPerPixel);
    connect(m_header, &QHeaderView::sectionResized, this, &FlatTableView::relayout);
    connect(m_header, &QHeaderView::sectionMoved, this, &FlatTableView::relayout);
    connect(m_header, &QHeaderView::sectionCountChanged, this, &FlatTableView::relayout);
}

void FlatTableView::relayout()
{
    updateGeometries();
    viewport()->update();
}

void FlatTableView::setModel(QAbstractItemModel *model)
{
    for (const auto &c : std::as_const(m_rowConnections))
        disconnect(c);
    m_rowConnections.clear();
    QAbstractItemView::setModel(model);
    m_header->setModel(model);
    if (!model)
        return;
    // Rows come and go in bulk (a capture's batches, a filter's slices): the scroll range is
    // all that depends on their number.
    m_rowConnections
        = {connect(model, &QAbstractItemModel::rowsInserted, this, &FlatTableView::relayout),
           connect(model, &QAbstractItemModel::rowsRemoved, this, &FlatTableView::relayout),
           connect(model, &QAbstractItemModel::modelReset, this, &FlatTableView::relayout),
           connect(model, &QAbstractItemModel::layoutChanged, this, &FlatTableView::relayout)};
    updateGeometries();
}

void FlatTableView::setRowHeight(int height)
{
    m_rowHeight = qMax(1, height);
    relayout();
}

int FlatTableView::rowCount() const
{
    return model() ? model()->rowCount(rootIndex()) : 0;
}

int FlatTableView::firstRowInView() const
{
    return verticalScrollBar()->value();
}

int FlatTableView::rowsInView() const
{
    return viewport()->height() / m_rowHeight;
}

int FlatTableView::rowTop(int row) const
{
    return (row - firstRowInView()) * m_rowHeight;
}

int FlatTableView::rowAt(int y) const
{
    if (y < 0)
        return -1;
    const int row = firstRowInView() + y / m_rowHeight;
    return row < rowCount() ? row : -1;
}

int FlatTableView::columnAt(int x) const
{
    return m_header->logicalIndexAt(x);
}

QRect FlatTableView::visualRect(const QModelIndex &index) const
{
    if (!index.isValid() || index.parent() != rootIndex() || isIndexHidden(index))
        return {};
    const int column = index.column();
    return {m_header->sectionViewportPosition(column), rowTop(index.row()),
            m_header->sectionSize(column), m_rowHeight};
}

QModelIndex FlatTableView::indexAt(const QPoint &point) const
{
    const int row = rowAt(point.y());
    const int column = columnAt(point.x());
    if (row < 0 || column < 0)
        return {};
    return model()->index(row, column, rootIndex());
}

void FlatTableView::scrollTo(const QModelIndex &index, ScrollHint hint)
{
    if (!index.isValid() || index.parent() != rootIndex())
        return;
    const int row = index.row();
    const int first = firstRowInView();
    const int page = qMax(1, rowsInView());
    int top = first;
    switch (hint) {
    case PositionAtTop:
        top = row;
        break;
    case PositionAtBottom:
        top = row - page + 1;
        break;
    case PositionAtCenter:
        top = row - page / 2;
        break;
    case EnsureVisible:
        if (row < first)
            top = row;
        else if (row >= first + page)
            top = row - page + 1;
        break;
    }
    verticalScrollBar()->setValue(top); // the bar keeps it in range
    // The cell's column comes into view too, as in QTableView.
    if (isIndexHidden(index))
        return;
    const int left = m_header->sectionPosition(index.column());
    const int right = left + m_header->sectionSize(index.column());
    QScrollBar *bar = horizontalScrollBar();
    if (left < bar->value())
        bar->setValue(left);
    else if (right > bar->value() + viewport()->width())
        bar->setValue(qMin(left, right - viewport()->width()));
}

int FlatTableView::sizeHintForColumn(int column) const
{
    // The rows in view only, as QTableView does: the default asks every row of the model.
    if (!model() || column < 0)
        return -1;
    QStyleOptionViewItem option;
    initViewItemOption(&option);
    const int last = qMin(rowCount() - 1, firstRowInView() + rowsInView());
    int hint = 0;
    for (int row = firstRowInView(); row <= last; ++row) {
        const QModelIndex index = model()->index(row, column, rootIndex());
        hint = qMax(hint, itemDelegateForIndex(index)->sizeHint(option, index).width());
    }
    return hint;
}

int FlatTableView::movedColumn(int column, int step) const
{
    for (int visual = m_header->visualIndex(column) + step;
         visual >= 0 && visual < m_header->count(); visual += step) {
        const int logical = m_header->logicalIndex(visual);
        if (!m_header->isSectionHidden(logical))
            return logical;
    }
    return column;
}

QModelIndex FlatTableView::moveCursor(CursorAction cursorAction, Qt::KeyboardModifiers)
{
    const int rows = rowCount();
    if (rows == 0 || m_header->count() == m_header->hiddenSectionCount())
        return {};
    const QModelIndex current = currentIndex();
    if (!current.isValid())
        return model()->index(0, movedColumn(m_header->logicalIndex(0), 0), rootIndex());
    int row = current.row();
    int column = current.column();
    const int page = qMax(1, rowsInView());
    const int towardsRight = isRightToLeft() ? -1 : 1;
    switch (cursorAction) {
    case MoveUp:
        --row;
        break;
    case MoveDown:
        ++row;
        break;
    case MovePageUp:
        row -= page;
        break;
    case MovePageDown:
        row += page;
        break;
    case MoveHome: // the first and last rows, as in a list (a table's go to the row's ends)
        row = 0;
        break;
    case MoveEnd:
        row = rows - 1;
        break;
    case MoveLeft:
        column = movedColumn(column, -towardsRight);
        break;
    case MoveRight:
        column = movedColumn(column, towardsRight);
        break;
    case MoveNext:
    case MovePrevious:
        return current;
    }
    return model()->index(qBound(0, row, rows - 1), column, rootIndex());
}

int FlatTableView::horizontalOffset() const
{
    return horizontalScrollBar()->value();
}

int FlatTableView::verticalOffset() const
{
    return firstRowInView() * m_rowHeight;
}

bool FlatTableView::isIndexHidden(const QModelIndex &index) const
{
    return m_header->isSectionHidden(index.column());
}

void FlatTableView::setSelection(const QRect &rect, QItemSelectionModel::SelectionFlags command)
{
    if (!model() || !selectionModel())
        return;
    // Whole rows from the rectangle's top to its bottom; a rectangle reaching past the last row
    // (dragged below it) ends there, one wholly past it (a click below the rows) selects none.
    const QRect r = rect.normalized();
    auto rowOf = [this](int y) {
        return firstRowInView() + (y >= 0 ? y / m_rowHeight : (y - m_rowHeight + 1) / m_rowHeight);
    };
    const int top = qMax(0, rowOf(r.top()));
    const int bottom = qMin(rowCount() - 1, rowOf(r.bottom()));
    QItemSelection selection;
    if (top <= bottom) {
        const int lastColumn = model()->columnCount(rootIndex()) - 1;
        selection.select(model()->index(top, 0, rootIndex()),
                         model()->index(bottom, lastColumn, rootIndex()));
    }
    selectionModel()->select(selection, command);
}

QRegion FlatTableView::visualRegionForSelection(const QItemSelection &selection) const
{
    const int first = firstRowInView();
    const int last = first + rowsInView(); // the partly shown row below the whole ones too
    QRegion region;
    for (const QItemSelectionRange &range : selection) {
        if (!range.isValid() || range.parent() != rootIndex())
            continue;
        const int top = qMax(range.top(), first);
        const int bottom = qMin(range.bottom(), last);
        if (top <= bottom)
            region += QRect(0, rowTop(top), viewport()->width(), (bottom - top + 1) * m_rowHeight);
    }
    return region;
}

void FlatTableView::updateGeometries()
{
    if (m_inGeometries) // the margins below resize the viewport, which comes back here
        return;
    m_inGeometries = true;
    const int headerHeight = m_header->isHidden() ? 0 : m_header->sizeHint().height();
    setViewportMargins(0, headerHeight, 0, 0);
    const QRect area = viewport()->geometry();
    m_header->setGeometry(area.left(), area.top() - headerHeight, area.width(), headerHeight);
    const int page = qMax(1, rowsInView());
    QScrollBar *rows = verticalScrollBar();
    rows->setRange(0, qMax(0, rowCount() - page));
    rows->setPageStep(page);
    rows->setSingleStep(1);
    QScrollBar *columns = horizontalScrollBar();
    columns->setPageStep(area.width());
    columns->setSingleStep(qMax(1, fontMetrics().horizontalAdvance(QLatin1Char('0')) * 2));
    columns->setRange(0, qMax(0, m_header->length() - area.width()));
    m_inGeometries = false;
    QAbstractItemView::updateGeometries();
}

void FlatTableView::scrollContentsBy(int dx, int dy)
{
    m_header->setOffset(horizontalScrollBar()->value());
    // The vertical bar counts rows.
    QAbstractItemView::scrollContentsBy(isRightToLeft() ? -dx : dx, dy * m_rowHeight);
}

void FlatTableView::setEmptyText(const QString &text)
{
    if (text == m_emptyText)
        return;
    m_emptyText = text;
    viewport()->update();
}

void FlatTableView::paintEvent(QPaintEvent *event)
{
    if (!model())
        return;
    QPainter painter(viewport());
    if (rowCount() == 0 && !m_emptyText.isEmpty()) {
        painter.setPen(palette().color(QPalette::Disabled, QPalette::Text));
        const QRect box = viewport()->rect().adjusted(24, 24, -24, -24);
        painter.drawText(box, Qt::AlignCenter | Qt::TextWordWrap, m_emptyText);
        return;
    }
    QStyleOptionViewItem base;
    initViewItemOption(&base);
    base.state &= ~(QStyle::State_HasFocus | QStyle::State_Selected | QStyle::State_MouseOver);
    const QRect area = event->rect();
    const int first = firstRowInView() + qMax(0, area.top()) / m_rowHeight;
    const int last = qMin(rowCount() - 1, firstRowInView() + area.bottom() / m_rowHeight);
    for (int row = first; row <= last; ++row)
        paintRow(painter, row, area, base);
}

void FlatTableView::paintRow(QPainter &painter, int row, const QRect &area,
                             const QStyleOptionViewItem &base)
{
    const QModelIndex current = currentIndex();
    const bool focus = (hasFocus() || viewport()->hasFocus()) && current.isValid();
    QStyleOptionViewItem option = base;
    if (alternatingRowColors() && row % 2 == 1)
        option.features |= QStyleOptionViewItem::Alternate;
    for (int visual = 0; visual < m_header->count(); ++visual) {
        const int column = m_header->logicalIndex(visual);
        if (m_header->isSectionHidden(column))
            continue;
        option.rect = QRect(m_header->sectionViewportPosition(column), rowTop(row),
                            m_header->sectionSize(column), m_rowHeight);
        if (!option.rect.intersects(area))
            continue;
        const QModelIndex index = model()->index(row, column, rootIndex());
        option.state = base.state;
        if (selectionModel() && selectionModel()->isSelected(index))
            option.state |= QStyle::State_Selected;
        if (focus && index == current)
            option.state |= QStyle::State_HasFocus;
        style()->drawPrimitive(QStyle::PE_PanelItemViewRow, &option, &painter, this);
        itemDelegateForIndex(index)->paint(&painter, option, index);
    }
}

} // namespace agui::ui
