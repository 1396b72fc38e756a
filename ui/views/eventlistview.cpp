#include "ui/views/eventlistview.h"

#include "ui/models/eventlistmodel.h"
#include "ui/views/idelision.h"
#include "ui/widgets/columnmenu.h"

#include <QAbstractProxyModel>
#include <QApplication>
#include <QHeaderView>
#include <QScrollBar>
#include <QStyle>
#include <QStyledItemDelegate>

namespace agui::ui {

namespace {

// Ids are often long generated strings sharing a prefix and a suffix: each is elided so that what
// tells it apart from the ids of the rows beside it stays in view (idelision.h). The neighbours'
// ids are the model's display text, already computed: nothing is parsed here.
class IdElideDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        const auto neighbour = [&index](int step) {
            const QModelIndex other = index.siblingAtRow(index.row() + step);
            return other.isValid() ? other.data().toString() : QString();
        };
        const int margins = 2
                * (option->widget ? option->widget->style() : QApplication::style())
                      ->pixelMetric(QStyle::PM_FocusFrameHMargin, option, option->widget)
            + 2;
        option->text = elideIdAmong(option->text, neighbour(-1), neighbour(1), option->fontMetrics,
                                    option->rect.width() - margins);
        option->textElideMode = Qt::ElideRight; // what is left fits, or nearly
    }
};

} // namespace

EventListView::EventListView(QWidget *parent)
    : FlatTableView(parent)
{
    setTabKeyNavigation(false); // Tab moves the focus on, as it does from any list
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setTextElideMode(Qt::ElideRight);
    // Rows keep FlatTableView's one height, as dense as a tree's text rows; the Diag column's
    // icon scales down to fit.
    header()->setStretchLastSection(false);
    header()->setSectionsMovable(true);
    header()->setHighlightSections(false);
    header()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    installColumnMenu(header());
    m_tailTimer.setSingleShot(true);
    m_tailTimer.setInterval(0);
    connect(&m_tailTimer, &QTimer::timeout, this, [this] { scrollToBottom(); });
    // Before a scroll repaints, the rows it brings into view get their summaries (parsed here,
    // never during paint: see EventListModel::prefetchSummaries).
    connect(verticalScrollBar(), &QScrollBar::valueChanged, this,
            &EventListView::prefetchVisibleSummaries);
}

EventListModel *EventListView::eventModel() const
{
    QAbstractItemModel *m = model();
    while (auto *proxy = qobject_cast<QAbstractProxyModel *>(m))
        m = proxy->sourceModel();
    return qobject_cast<EventListModel *>(m);
}

void EventListView::prefetchVisibleSummaries()
{
    EventListModel *events = eventModel();
    if (!events)
        return;
    QList<qint64> seqs;
    const QAbstractItemModel *rows = model();
    const int first = rowAt(0);
    if (first < 0)
        return;
    int last = rowAt(viewport()->height() - 1);
    if (last < 0)
        last = rows->rowCount() - 1;
    for (int row = first; row <= last; ++row) {
        const qint64 seq = rows->index(row, 0).data(EventListModel::SeqRole).toLongLong();
        if (!events->hasSummary(seq))
            seqs.append(seq);
    }
    if (!seqs.isEmpty())
        events->prefetchSummaries(seqs);
}

void EventListView::resizeEvent(QResizeEvent *event)
{
    FlatTableView::resizeEvent(event);
    prefetchVisibleSummaries();
}

void EventListView::setModel(QAbstractItemModel *model)
{
    for (const auto &c : std::as_const(m_modelConnections))
        disconnect(c);
    m_modelConnections.clear();
    FlatTableView::setModel(model);
    if (!model)
        return;
    m_modelConnections << connect(model, &QAbstractItemModel::rowsAboutToBeInserted, this,
                                  &EventListView::rowsAboutToBeInsertedIntoModel);
    m_modelConnections << connect(model, &QAbstractItemModel::rowsInserted, this,
                                  &EventListView::rowsInsertedIntoModel);
    m_modelConnections << connect(model, &QAbstractItemModel::modelReset, this,
                                  [this] { fitNumberColumns(true); });
    connect(selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                Q_EMIT currentSeqChanged(
                    current.isValid() ? current.data(EventListModel::SeqRole).toLongLong() : -1);
            });
    auto *h = header();
    h->setSectionResizeMode(QHeaderView::Interactive);
    // Widths from the font, so HiDPI and large fonts keep the columns readable.
    const QFontMetrics fm = fontMetrics();
    const int digit = fm.horizontalAdvance(QLatin1Char('0'));
    const int pad = digit * 2;
    fitNumberColumns(true);
    h->resizeSection(EventListModel::TimeColumn,
                     fm.horizontalAdvance(QStringLiteral("00:00:00.000")) + pad);
    h->resizeSection(EventListModel::DeltaColumn,
                     fm.horizontalAdvance(QStringLiteral("+99.9 ms")) + pad);
    // The common long types fit; the longest (REASONING_MESSAGE_CONTENT) elides, leaving the
    // summary room at the default window size.
    h->resizeSection(EventListModel::TypeColumn,
                     fm.horizontalAdvance(QStringLiteral("TEXT_MESSAGE_CONTENT")) + pad);
    h->resizeSection(EventListModel::IdColumn, digit * 12);
    h->resizeSection(EventListModel::DiagnosticsColumn, digit * 7);
    // The summary takes what is left; the diagnostics column stays visible at the right.
    h->setSectionResizeMode(EventListModel::SummaryColumn, QHeaderView::Stretch);
    setItemDelegateForColumn(EventListModel::IdColumn, new IdElideDelegate(this));
}

void EventListView::setFollowLive(bool follow)
{
    m_follow = follow;
    if (follow)
        scrollToBottom();
}

bool EventListView::isAtBottom() const
{
    const QScrollBar *bar = verticalScrollBar();
    return bar->value() >= bar->maximum();
}

void EventListView::rowsAboutToBeInsertedIntoModel()
{
    m_wasAtBottom = isAtBottom();
}

int EventListView::numberColumnWidth(int column, qint64 largest) const
{
    const QFontMetrics fm = fontMetrics();
    const int digits = int(QString::number(qMax<qint64>(largest, 0)).size());
    const QString title = model()->headerData(column, Qt::Horizontal).toString();
    // "#" also holds the bookmark marker: room for it, so a bookmarked row's number is whole.
    const int icon = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    const int marker = column == EventListModel::SeqColumn ? icon + icon / 4 : 0;
    return qMax(fm.horizontalAdvance(QString(qMax(digits, 3), QLatin1Char('9'))),
                fm.horizontalAdvance(title))
        + fm.horizontalAdvance(QLatin1Char('0')) * 2 + marker;
}

void EventListView::fitNumberColumns(bool reset)
{
    const EventListModel *events = eventModel();
    const SessionDocument *document = events ? events->document() : nullptr;
    if (!document || !model())
        return;
    // From the largest value there is (the last event number, the run count), never from the
    // rows in view: a million-event capture's "#" fits its last row from the start.
    const std::pair<int, qint64> largest[] = {{EventListModel::SeqColumn, document->size() - 1},
                                              {EventListModel::RunColumn, document->runCount()}};
    for (const auto &[column, value] : largest) {
        const int width = numberColumnWidth(column, value);
        if (reset || header()->sectionSize(column) < width)
            header()->resizeSection(column, width);
    }
}

void EventListView::rowsInsertedIntoModel()
{
    fitNumberColumns(false);
    if (m_follow && m_wasAtBottom)
        m_tailTimer.start();
}

qint64 EventListView::currentSeq() const
{
    const QModelIndex current = currentIndex();
    return current.isValid() ? current.data(EventListModel::SeqRole).toLongLong() : -1;
}

bool EventListView::selectSeq(qint64 seq)
{
    QAbstractItemModel *m = model();
    if (!m || seq < 0)
        return false;
    // Rows are in ascending sequence order under any filter: binary search the visible rows.
    int lo = 0;
    int hi = m->rowCount() - 1;
    while (lo <= hi) {
        const int mid = lo + (hi - lo) / 2;
        const qint64 s = m->index(mid, 0).data(EventListModel::SeqRole).toLongLong();
        if (s == seq) {
            const QModelIndex idx = m->index(mid, 0);
            selectionModel()->setCurrentIndex(
                idx, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
            scrollTo(idx, QAbstractItemView::PositionAtCenter);
            return true;
        }
        if (s < seq)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return false;
}

} // namespace agui::ui
