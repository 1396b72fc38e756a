#pragma once

#include <QAccessibleWidget>
#include <QHash>
#include <QPersistentModelIndex>
#include <QPointer>

namespace agui::ui {

class FlatTableView;

// A FlatTableView as assistive technology reads it: a table of its model's rows and columns.
// Qt's own accessible table serves QTableView, QTreeView and QListView, chosen by class name, so
// it never serves this view; installFactory() makes Qt ask for this one instead.
//
// A cell's interface is made when first asked for and kept under its child number (row times
// columns plus column) until the rows change under it; rows appended keep every number.
class FlatTableAccessible
    : public QAccessibleWidget
    , public QAccessibleTableInterface
{
public:
    explicit FlatTableAccessible(FlatTableView *view);
    ~FlatTableAccessible() override;
    static void installFactory(); // once per process; later calls do nothing

    int childCount() const override;
    QAccessibleInterface *child(int index) const override;
    int indexOfChild(const QAccessibleInterface *child) const override;
    QAccessibleInterface *childAt(int x, int y) const override;
    QAccessibleInterface *focusChild() const override;
    void *interface_cast(QAccessible::InterfaceType type) override;

    QAccessibleInterface *caption() const override { return nullptr; }
    QAccessibleInterface *summary() const override { return nullptr; }
    QAccessibleInterface *cellAt(int row, int column) const override;
    int selectedCellCount() const override;
    QList<QAccessibleInterface *> selectedCells() const override;
    QString columnDescription(int column) const override;
    QString rowDescription(int) const override { return {}; }
    int selectedColumnCount() const override { return 0; } // rows are selected, not columns
    int selectedRowCount() const override;
    int columnCount() const override;
    int rowCount() const override;
    QList<int> selectedColumns() const override { return {}; }
    QList<int> selectedRows() const override;
    bool isColumnSelected(int) const override { return false; }
    bool isRowSelected(int row) const override;
    bool selectRow(int row) override;
    bool selectColumn(int) override { return false; }
    bool unselectRow(int row) override;
    bool unselectColumn(int) override { return false; }
    void modelChange(QAccessibleTableModelChangeEvent *event) override;

private:
    FlatTableView *view() const;
    void forgetCells();

    mutable QHash<int, QAccessible::Id> m_cells; // child number -> registered cell
};

// One cell of a FlatTableAccessible.
class FlatTableCellAccessible
    : public QAccessibleInterface
    , public QAccessibleTableCellInterface
{
public:
    FlatTableCellAccessible(FlatTableView *view, const QModelIndex &index);

    bool isValid() const override;
    QObject *object() const override { return nullptr; }
    QWindow *window() const override;
    QAccessibleInterface *childAt(int, int) const override { return nullptr; }
    QAccessibleInterface *parent() const override;
    QAccessibleInterface *child(int) const override { return nullptr; }
    int childCount() const override { return 0; }
    int indexOfChild(const QAccessibleInterface *) const override { return -1; }
    QString text(QAccessible::Text t) const override;
    void setText(QAccessible::Text, const QString &) override { } // read-only
    QRect rect() const override;
    QAccessible::Role role() const override { return QAccessible::Cell; }
    QAccessible::State state() const override;
    void *interface_cast(QAccessible::InterfaceType type) override;

    bool isSelected() const override;
    QList<QAccessibleInterface *> columnHeaderCells() const override { return {}; }
    QList<QAccessibleInterface *> rowHeaderCells() const override { return {}; }
    int columnIndex() const override { return m_index.column(); }
    int rowIndex() const override { return m_index.row(); }
    int columnExtent() const override { return 1; }
    int rowExtent() const override { return 1; }
    QAccessibleInterface *table() const override { return parent(); }

private:
    QPointer<FlatTableView> m_view;
    QPersistentModelIndex m_index;
};

} // namespace agui::ui
