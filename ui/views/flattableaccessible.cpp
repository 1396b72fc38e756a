#include "ui/views/flattableaccessible.h"

#include "ui/views/flattableview.h"

#include <QWidget>
#include <QWindow>

#include <algorithm>

namespace agui::ui {

namespace {

QAccessibleInterface *makeFlatTableAccessible(const QString &className, QObject *object)
{
    // Qt asks with each class name from the object's own up to QObject: answering for this one
    // serves its subclasses (the event list) too.
    if (className != QLatin1String(FlatTableView::staticMetaObject.className()))
        return nullptr;
    auto *view = qobject_cast<FlatTableView *>(object);
    return view ? new FlatTableAccessible(view) : nullptr;
}

} // namespace

FlatTableAccessible::FlatTableAccessible(FlatTableView *view)
    : QAccessibleWidget(view, QAccessible::Table)
{ }

FlatTableAccessible::~FlatTableAccessible()
{
    forgetCells();
}

void FlatTableAccessible::installFactory()
{
    static const bool installed = [] {
        QAccessible::installFactory(makeFlatTableAccessible);
        return true;
    }();
    Q_UNUSED(installed);
}

FlatTableView *FlatTableAccessible::view() const
{
    return static_cast<FlatTableView *>(widget());
}

void FlatTableAccessible::forgetCells()
{
    for (const QAccessible::Id id : std::as_const(m_cells))
        QAccessible::deleteAccessibleInterface(id);
    m_cells.clear();
}

int FlatTableAccessible::rowCount() const
{
    return view()->rowCount();
}

int FlatTableAccessible::columnCount() const
{
    const QAbstractItemModel *model = view()->model();
    return model ? model->columnCount(view()->rootIndex()) : 0;
}

int FlatTableAccessible::childCount() const
{
    return rowCount() * columnCount();
}

QAccessibleInterface *FlatTableAccessible::child(int index) const
{
    const int columns = columnCount();
    if (index < 0 || columns == 0 || index >= rowCount() * columns)
        return nullptr;
    if (const auto held = m_cells.constFind(index); held != m_cells.cend())
        return QAccessible::accessibleInterface(*held);
    const QModelIndex cell
        = view()->model()->index(index / columns, index % columns, view()->rootIndex());
    auto *made = new FlatTableCellAccessible(view(), cell);
    m_cells.insert(index, QAccessible::registerAccessibleInterface(made));
    return made;
}

QAccessibleInterface *FlatTableAccessible::cellAt(int row, int column) const
{
    const int columns = columnCount();
    if (row < 0 || row >= rowCount() || column < 0 || column >= columns)
        return nullptr;
    return child(row * columns + column);
}

int FlatTableAccessible::indexOfChild(const QAccessibleInterface *child) const
{
    const auto *cell
        = child ? const_cast<QAccessibleInterface *>(child)->tableCellInterface() : nullptr;
    if (!cell || child->parent() != this)
        return -1;
    return cell->rowIndex() * columnCount() + cell->columnIndex();
}

QAccessibleInterface *FlatTableAccessible::childAt(int x, int y) const
{
    const QPoint inViewport = view()->viewport()->mapFromGlobal(QPoint(x, y));
    const QModelIndex index = view()->indexAt(inViewport);
    return index.isValid() ? cellAt(index.row(), index.column()) : nullptr;
}

QAccessibleInterface *FlatTableAccessible::focusChild() const
{
    const QModelIndex current = view()->currentIndex();
    return current.isValid() ? cellAt(current.row(), current.column()) : nullptr;
}

void *FlatTableAccessible::interface_cast(QAccessible::InterfaceType type)
{
    if (type == QAccessible::TableInterface)
        return static_cast<QAccessibleTableInterface *>(this);
    return QAccessibleWidget::interface_cast(type);
}

int FlatTableAccessible::selectedCellCount() const
{
    return selectedRowCount() * columnCount();
}

QList<QAccessibleInterface *> FlatTableAccessible::selectedCells() const
{
    QList<QAccessibleInterface *> cells;
    const int columns = columnCount();
    for (const int row : selectedRows()) {
        for (int column = 0; column < columns; ++column)
            cells.append(cellAt(row, column));
    }
    return cells;
}

QString FlatTableAccessible::columnDescription(int column) const
{
    const QAbstractItemModel *model = view()->model();
    return model ? model->headerData(column, Qt::Horizontal).toString() : QString();
}

int FlatTableAccessible::selectedRowCount() const
{
    return int(selectedRows().size());
}

QList<int> FlatTableAccessible::selectedRows() const
{
    QList<int> rows;
    if (const QItemSelectionModel *selection = view()->selectionModel()) {
        for (const QModelIndex &index : selection->selectedRows())
            rows.append(index.row());
    }
    std::sort(rows.begin(), rows.end());
    return rows;
}

bool FlatTableAccessible::isRowSelected(int row) const
{
    const QItemSelectionModel *selection = view()->selectionModel();
    return selection && selection->isRowSelected(row, view()->rootIndex());
}

bool FlatTableAccessible::selectRow(int row)
{
    QItemSelectionModel *selection = view()->selectionModel();
    if (!selection || row < 0 || row >= rowCount())
        return false;
    const QModelIndex index = view()->model()->index(row, 0, view()->rootIndex());
    const bool single = view()->selectionMode() == QAbstractItemView::SingleSelection;
    selection->select(index,
                      (single ? QItemSelectionModel::ClearAndSelect : QItemSelectionModel::Select)
                          | QItemSelectionModel::Rows);
    return true;
}

bool FlatTableAccessible::unselectRow(int row)
{
    QItemSelectionModel *selection = view()->selectionModel();
    if (!selection || row < 0 || row >= rowCount())
        return false;
    selection->select(view()->model()->index(row, 0, view()->rootIndex()),
                      QItemSelectionModel::Deselect | QItemSelectionModel::Rows);
    return true;
}

void FlatTableAccessible::modelChange(QAccessibleTableModelChangeEvent *event)
{
    // Rows added after the last keep every cell's number; anything else renumbers them.
    const bool appended = event->modelChangeType() == QAccessibleTableModelChangeEvent::RowsInserted
        && event->lastRow() == rowCount() - 1;
    if (!appended)
        forgetCells();
}

FlatTableCellAccessible::FlatTableCellAccessible(FlatTableView *view, const QModelIndex &index)
    : m_view(view)
    , m_index(index)
{ }

bool FlatTableCellAccessible::isValid() const
{
    return m_view && m_index.isValid();
}

QWindow *FlatTableCellAccessible::window() const
{
    return m_view ? m_view->window()->windowHandle() : nullptr;
}

QAccessibleInterface *FlatTableCellAccessible::parent() const
{
    return m_view ? QAccessible::queryAccessibleInterface(m_view.data()) : nullptr;
}

QString FlatTableCellAccessible::text(QAccessible::Text t) const
{
    if (!isValid())
        return {};
    switch (t) {
    case QAccessible::Name: {
        const QString spoken = m_index.data(Qt::AccessibleTextRole).toString();
        return spoken.isEmpty() ? m_index.data(Qt::DisplayRole).toString() : spoken;
    }
    case QAccessible::Description: {
        const QString described = m_index.data(Qt::AccessibleDescriptionRole).toString();
        return described.isEmpty() ? m_index.data(Qt::ToolTipRole).toString() : described;
    }
    default:
        return {};
    }
}

QRect FlatTableCellAccessible::rect() const
{
    if (!isValid())
        return {};
    const QRect inViewport = m_view->visualRect(m_index);
    return inViewport.translated(m_view->viewport()->mapToGlobal(QPoint(0, 0)));
}

QAccessible::State FlatTableCellAccessible::state() const
{
    QAccessible::State state;
    if (!isValid()) {
        state.invalid = true;
        return state;
    }
    state.selectable = true;
    state.focusable = true;
    state.selected = isSelected();
    state.focused = m_view->hasFocus() && m_view->currentIndex() == m_index;
    state.offscreen = !m_view->visualRect(m_index).intersects(m_view->viewport()->rect());
    state.invisible = state.offscreen;
    return state;
}

void *FlatTableCellAccessible::interface_cast(QAccessible::InterfaceType type)
{
    if (type == QAccessible::TableCellInterface)
        return static_cast<QAccessibleTableCellInterface *>(this);
    return nullptr;
}

bool FlatTableCellAccessible::isSelected() const
{
    return isValid() && m_view->selectionModel() && m_view->selectionModel()->isSelected(m_index);
}

} // namespace agui::ui
