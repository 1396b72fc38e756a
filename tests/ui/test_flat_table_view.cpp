// FlatTableView, the event list's table that keeps nothing per row: where rows and cells are,
// scrolling to an index, the keyboard and the mouse selecting whole rows, columns moved and
// hidden through the header, and that painting and measuring ask for the rows in view only.

#include "ui/views/flattableview.h"

#include <QAbstractTableModel>
#include <QAccessible>
#include <QHeaderView>
#include <QScrollBar>
#include <QSet>
#include <QStyledItemDelegate>
#include <QTest>

using namespace agui::ui;

namespace {

// Many rows that cost nothing: a cell's text is its coordinates.
class GridModel : public QAbstractTableModel
{
public:
    explicit GridModel(int rows)
        : m_rows(rows)
    { }
    int rowCount(const QModelIndex &parent = {}) const override
    {
        return parent.isValid() ? 0 : m_rows;
    }
    int columnCount(const QModelIndex &parent = {}) const override
    {
        return parent.isValid() ? 0 : 4;
    }
    QVariant data(const QModelIndex &index, int role) const override
    {
        if (role != Qt::DisplayRole)
            return {};
        return QStringLiteral("%1,%2").arg(index.row()).arg(index.column());
    }
    void append(int rows)
    {
        beginInsertRows({}, m_rows, m_rows + rows - 1);
        m_rows += rows;
        endInsertRows();
    }

private:
    int m_rows;
};

// Remembers the cells it was asked to paint or measure.
class RecordingDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override
    {
        painted.insert({index.row(), index.column()});
        if (option.state & QStyle::State_Selected)
            paintedSelected.insert(index.row());
        QStyledItemDelegate::paint(painter, option, index);
    }
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        measured.insert(index.row());
        return QStyledItemDelegate::sizeHint(option, index);
    }
    mutable QSet<std::pair<int, int>> painted;
    mutable QSet<int> paintedSelected;
    mutable QSet<int> measured;
};

} // namespace

class TestFlatTableView : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void rowsAndCellsLieWhereTheirNumbersSay();
    void scrollToPlacesTheRowAsAsked();
    void addedRowsExtendTheScrollRange();
    void keyboardMovesAndExtendsWholeRows();
    void mouseSelectsWholeRows();
    void movedAndHiddenColumnsFollowTheHeader();
    void paintingAndMeasuringAskForTheRowsInViewOnly();
    void assistiveTechnologyReadsItAsATable();

private:
    GridModel *m_model = nullptr;
    FlatTableView *m_view = nullptr;
    RecordingDelegate *m_delegate = nullptr;
};

void TestFlatTableView::init()
{
    m_model = new GridModel(100000);
    m_view = new FlatTableView;
    m_delegate = new RecordingDelegate(m_view);
    m_view->setItemDelegate(m_delegate);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setModel(m_model);
    m_view->setRowHeight(20);
    for (int column = 0; column < 4; ++column)
        m_view->header()->resizeSection(column, 100);
    m_view->resize(500, 300);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
}

void TestFlatTableView::cleanup()
{
    delete m_view;
    delete m_model;
}

void TestFlatTableView::rowsAndCellsLieWhereTheirNumbersSay()
{
    const int page = m_view->viewport()->height() / 20;
    QCOMPARE(m_view->verticalScrollBar()->pageStep(), page);
    QCOMPARE(m_view->verticalScrollBar()->maximum(), 100000 - page);
    QCOMPARE(m_view->rowAt(0), 0);
    QCOMPARE(m_view->rowAt(45), 2);
    QCOMPARE(m_view->rowAt(-1), -1);
    QCOMPARE(m_view->columnAt(250), 2);

    m_view->verticalScrollBar()->setValue(5000);
    QCOMPARE(m_view->rowAt(45), 5002);
    const QModelIndex cell = m_model->index(5002, 2);
    QCOMPARE(m_view->indexAt(QPoint(250, 45)), cell);
    QCOMPARE(m_view->visualRect(cell), QRect(200, 40, 100, 20));
    // Rows scrolled out of view lie above it.
    QCOMPARE(m_view->visualRect(m_model->index(4999, 0)).top(), -20);
    // Past the last row there is none.
    m_view->scrollToBottom();
    QCOMPARE(m_view->rowAt((page - 1) * 20), 99999);
    QCOMPARE(m_view->rowAt(page * 20), -1);
}

void TestFlatTableView::scrollToPlacesTheRowAsAsked()
{
    QScrollBar *bar = m_view->verticalScrollBar();
    const int page = bar->pageStep();
    m_view->scrollTo(m_model->index(700, 0), QAbstractItemView::PositionAtTop);
    QCOMPARE(bar->value(), 700);
    m_view->scrollTo(m_model->index(700, 0), QAbstractItemView::PositionAtBottom);
    QCOMPARE(bar->value(), 700 - page + 1);
    m_view->scrollTo(m_model->index(700, 0), QAbstractItemView::PositionAtCenter);
    QCOMPARE(bar->value(), 700 - page / 2);
    // In view already: no move. Below: the least move that shows it, at the bottom.
    m_view->scrollTo(m_model->index(701, 0), QAbstractItemView::EnsureVisible);
    QCOMPARE(bar->value(), 700 - page / 2);
    m_view->scrollTo(m_model->index(900, 0), QAbstractItemView::EnsureVisible);
    QCOMPARE(bar->value(), 900 - page + 1);
    m_view->scrollTo(m_model->index(10, 0), QAbstractItemView::EnsureVisible);
    QCOMPARE(bar->value(), 10);
    // Near the end the bar's range holds the view at the last page.
    m_view->scrollTo(m_model->index(99999, 0), QAbstractItemView::PositionAtTop);
    QCOMPARE(bar->value(), bar->maximum());
    // A column out of view comes into view.
    m_view->header()->resizeSection(3, 400);
    m_view->scrollTo(m_model->index(0, 3));
    const QRect cell = m_view->visualRect(m_model->index(0, 3));
    QVERIFY(cell.right() < m_view->viewport()->width());
    QCOMPARE(m_view->header()->offset(), m_view->horizontalScrollBar()->value());
}

void TestFlatTableView::addedRowsExtendTheScrollRange()
{
    QScrollBar *bar = m_view->verticalScrollBar();
    const int page = bar->pageStep();
    m_model->append(2500);
    QCOMPARE(bar->maximum(), 102500 - page);
    m_view->scrollToBottom();
    QCOMPARE(m_view->rowAt((page - 1) * 20), 102499);
}

void TestFlatTableView::keyboardMovesAndExtendsWholeRows()
{
    QItemSelectionModel *selection = m_view->selectionModel();
    m_view->setCurrentIndex(m_model->index(10, 1));
    QTest::keyClick(m_view, Qt::Key_Down);
    QCOMPARE(m_view->currentIndex(), m_model->index(11, 1));
    QTest::keyClick(m_view, Qt::Key_Right);
    QCOMPARE(m_view->currentIndex(), m_model->index(11, 2));
    QTest::keyClick(m_view, Qt::Key_PageDown);
    QCOMPARE(m_view->currentIndex().row(), 11 + m_view->verticalScrollBar()->pageStep());
    QTest::keyClick(m_view, Qt::Key_End);
    QCOMPARE(m_view->currentIndex().row(), 99999);
    QCOMPARE(m_view->verticalScrollBar()->value(), m_view->verticalScrollBar()->maximum());
    QTest::keyClick(m_view, Qt::Key_Home);
    QCOMPARE(m_view->currentIndex().row(), 0);
    QCOMPARE(m_view->verticalScrollBar()->value(), 0);
    QTest::keyClick(m_view, Qt::Key_Up); // stays on the first row
    QCOMPARE(m_view->currentIndex().row(), 0);

    QTest::keyClick(m_view, Qt::Key_Down, Qt::ShiftModifier);
    QTest::keyClick(m_view, Qt::Key_Down, Qt::ShiftModifier);
    const QModelIndexList rows = selection->selectedRows();
    QCOMPARE(rows.size(), 3);
    for (int row = 0; row < 3; ++row)
        QVERIFY(selection->isRowSelected(row));
}

void TestFlatTableView::mouseSelectsWholeRows()
{
    QWidget *viewport = m_view->viewport();
    QItemSelectionModel *selection = m_view->selectionModel();
    QTest::mouseClick(viewport, Qt::LeftButton, {}, QPoint(150, 45)); // row 2, column 1
    QCOMPARE(m_view->currentIndex(), m_model->index(2, 1));
    QCOMPARE(selection->selectedRows().size(), 1);
    QVERIFY(selection->isRowSelected(2));
    QTest::mouseClick(viewport, Qt::LeftButton, Qt::ShiftModifier, QPoint(50, 105)); // row 5
    QCOMPARE(selection->selectedRows().size(), 4);
    for (int row = 2; row <= 5; ++row)
        QVERIFY(selection->isRowSelected(row));
    QTest::mouseClick(viewport, Qt::LeftButton, Qt::ControlModifier, QPoint(50, 85)); // row 4
    QVERIFY(!selection->isRowSelected(4));
    QCOMPARE(selection->selectedRows().size(), 3);

    // The selected rows are painted selected, every column of them.
    m_delegate->paintedSelected.clear();
    m_view->viewport()->repaint();
    QCOMPARE(m_delegate->paintedSelected, (QSet<int> {2, 3, 5}));

    // Below the last row there is none to select: a click there selects nothing.
    GridModel few(3);
    m_view->setModel(&few);
    QTest::mouseClick(viewport, Qt::LeftButton, {}, QPoint(50, 25));
    QVERIFY(m_view->selectionModel()->isRowSelected(1));
    QTest::mouseClick(viewport, Qt::LeftButton, {}, QPoint(50, 200));
    QVERIFY(!m_view->selectionModel()->hasSelection());
    m_view->setModel(m_model);
}

void TestFlatTableView::movedAndHiddenColumnsFollowTheHeader()
{
    QHeaderView *header = m_view->header();
    header->moveSection(3, 0); // column 3 shown first
    QCOMPARE(m_view->columnAt(50), 3);
    QCOMPARE(m_view->indexAt(QPoint(150, 5)), m_model->index(0, 0));
    QCOMPARE(m_view->visualRect(m_model->index(0, 3)).left(), 0);

    header->setSectionHidden(0, true);
    QVERIFY(m_view->visualRect(m_model->index(0, 0)).isEmpty());
    QCOMPARE(m_view->columnAt(150), 1);
    m_delegate->painted.clear();
    m_view->viewport()->repaint();
    QVERIFY(!m_delegate->painted.isEmpty());
    for (const auto &[row, column] : std::as_const(m_delegate->painted))
        QVERIFY2(column != 0, "a hidden column was painted");

    // Left and right step over the hidden column, in the order shown.
    m_view->setCurrentIndex(m_model->index(0, 3));
    QTest::keyClick(m_view, Qt::Key_Right);
    QCOMPARE(m_view->currentIndex().column(), 1);
    QTest::keyClick(m_view, Qt::Key_Left);
    QCOMPARE(m_view->currentIndex().column(), 3);
}

void TestFlatTableView::paintingAndMeasuringAskForTheRowsInViewOnly()
{
    m_view->verticalScrollBar()->setValue(50000);
    m_delegate->painted.clear();
    m_view->viewport()->repaint();
    const int rowsShown = m_view->viewport()->height() / 20 + 1;
    QSet<int> rows;
    for (const auto &[row, column] : std::as_const(m_delegate->painted))
        rows.insert(row);
    QVERIFY(rows.contains(50000));
    for (int row : std::as_const(rows))
        QVERIFY2(row >= 50000 && row < 50000 + rowsShown, qPrintable(QString::number(row)));

    m_delegate->measured.clear();
    QVERIFY(m_view->sizeHintForColumn(1) > 0);
    QVERIFY(m_delegate->measured.contains(50000));
    QVERIFY(m_delegate->measured.size() <= rowsShown);
}

void TestFlatTableView::assistiveTechnologyReadsItAsATable()
{
    // Qt's accessible table serves any item view; a screen reader reads rows and cells.
    QAccessibleInterface *view = QAccessible::queryAccessibleInterface(m_view);
    QVERIFY(view);
    QCOMPARE(view->role(), QAccessible::Table);
    QAccessibleTableInterface *table = view->tableInterface();
    QVERIFY(table);
    QCOMPARE(table->rowCount(), 100000);
    QCOMPARE(table->columnCount(), 4);
    QAccessibleInterface *cell = table->cellAt(7, 2);
    QVERIFY(cell);
    QCOMPARE(cell->text(QAccessible::Name), QStringLiteral("7,2"));
    QCOMPARE(cell->role(), QAccessible::Cell);
    QCOMPARE(cell->tableCellInterface()->rowIndex(), 7);
    QCOMPARE(cell->tableCellInterface()->columnIndex(), 2);
    QCOMPARE(view->indexOfChild(cell), 7 * 4 + 2);
    QCOMPARE(view->child(7 * 4 + 2), cell); // asked again: the same cell
    QCOMPARE(cell->parent(), view);
    QCOMPARE(cell->rect(),
             QRect(m_view->viewport()->mapToGlobal(QPoint(200, 140)), QSize(100, 20)));
    QVERIFY(!table->cellAt(100000, 0));

    // Selecting through the interface selects in the view, and the reverse.
    QVERIFY(table->selectRow(3));
    QVERIFY(m_view->selectionModel()->isRowSelected(3));
    QCOMPARE(table->selectedRows(), QList<int> {3});
    QVERIFY(table->cellAt(3, 1)->state().selected);
    m_view->selectionModel()->select(m_model->index(9, 0),
                                     QItemSelectionModel::Select | QItemSelectionModel::Rows);
    QCOMPARE(table->selectedRows(), (QList<int> {3, 9}));
    QCOMPARE(table->selectedCellCount(), 8);
    QVERIFY(table->unselectRow(3));
    QCOMPARE(table->selectedRows(), QList<int> {9});
    m_view->setCurrentIndex(m_model->index(5, 1));
    QCOMPARE(view->focusChild(), table->cellAt(5, 1));
    QCOMPARE(table->columnDescription(0), m_model->headerData(0, Qt::Horizontal).toString());
}

QTEST_MAIN(TestFlatTableView)
#include "test_flat_table_view.moc"
