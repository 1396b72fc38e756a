#include "ui/models/eventfiltermodel.h"

#include "ui/models/eventlistmodel.h"

#include <QElapsedTimer>

#include <algorithm>

namespace agui::ui {

EventFilterModel::EventFilterModel(QObject *parent)
    : QAbstractProxyModel(parent)
{
    // The next slice of a scan runs once the events queued meanwhile (paints, input) are done.
    m_scanTimer.setSingleShot(true);
    m_scanTimer.setInterval(0);
    connect(&m_scanTimer, &QTimer::timeout, this, [this] { scanSlice(kSliceMs); });
}

void EventFilterModel::setSourceModel(QAbstractItemModel *sourceModel)
{
    beginResetModel();
    for (const auto &c : std::as_const(m_connections))
        disconnect(c);
    m_connections.clear();
    QAbstractProxyModel::setSourceModel(sourceModel);
    m_eventModel = qobject_cast<EventListModel *>(sourceModel);
    Q_ASSERT_X(!sourceModel || m_eventModel, "EventFilterModel",
               "the source must be an EventListModel");
    if (sourceModel) {
        m_connections << connect(sourceModel, &QAbstractItemModel::rowsAboutToBeInserted, this,
                                 &EventFilterModel::onSourceRowsAboutToBeInserted);
        m_connections << connect(sourceModel, &QAbstractItemModel::rowsInserted, this,
                                 &EventFilterModel::onSourceRowsInserted);
        m_connections << connect(sourceModel, &QAbstractItemModel::modelAboutToBeReset, this,
                                 [this] { beginResetModel(); });
        m_connections << connect(sourceModel, &QAbstractItemModel::modelReset, this, [this] {
            restartScan();
            endResetModel();
            scanSlice(kSliceMs);
        });
        m_connections << connect(sourceModel, &QAbstractItemModel::layoutAboutToBeChanged, this,
                                 [this] { Q_EMIT layoutAboutToBeChanged(); });
        m_connections << connect(sourceModel, &QAbstractItemModel::layoutChanged, this,
                                 [this] { Q_EMIT layoutChanged(); });
        m_connections << connect(sourceModel, &QAbstractItemModel::dataChanged, this,
                                 [this](const QModelIndex &topLeft, const QModelIndex &bottomRight,
                                        const QList<int> &roles) {
                                     const QModelIndex a = mapFromSource(topLeft);
                                     const QModelIndex b = mapFromSource(bottomRight);
                                     if (a.isValid() && b.isValid())
                                         Q_EMIT dataChanged(a, b, roles);
                                 });
        m_connections << connect(sourceModel, &QAbstractItemModel::headerDataChanged, this,
                                 &QAbstractItemModel::headerDataChanged);
    }
    restartScan();
    endResetModel();
    scanSlice(kSliceMs);
}

qint64 EventFilterModel::totalCount() const
{
    return sourceModel() ? sourceModel()->rowCount() : 0;
}

bool EventFilterModel::accepts(int sourceRow) const
{
    SessionDocument *doc = m_eventModel->document();
    return m_filter.matches(doc->row(sourceRow), [doc, sourceRow] {
        return QString::fromUtf8(doc->payload(sourceRow));
    });
}

void EventFilterModel::restartScan()
{
    m_scanTimer.stop();
    m_rows.clear();
    m_scanned = 0;
}

bool EventFilterModel::isFiltering() const
{
    return !passThrough() && m_eventModel && m_scanned < m_eventModel->rowCount();
}

void EventFilterModel::finishFiltering()
{
    if (isFiltering())
        scanSlice(-1);
}

void EventFilterModel::scanSlice(qint64 budgetMs)
{
    if (!m_eventModel || passThrough()) {
        emitCounts();
        return;
    }
    const int total = m_eventModel->rowCount();
    QElapsedTimer clock;
    clock.start();
    std::vector<int> found;
    while (m_scanned < total) {
        if (accepts(m_scanned))
            found.push_back(m_scanned);
        ++m_scanned;
        // Checking the clock every 4096 rows keeps its cost out of the loop.
        if (budgetMs >= 0 && (m_scanned & 4095) == 0 && clock.elapsed() >= budgetMs)
            break;
    }
    if (!found.empty()) {
        const int start = int(m_rows.size());
        beginInsertRows({}, start, start + int(found.size()) - 1);
        m_rows.insert(m_rows.end(), found.begin(), found.end());
        endInsertRows();
    }
    emitCounts();
    if (m_scanned < total)
        m_scanTimer.start();
    else
        Q_EMIT filteringFinished();
}

void EventFilterModel::setFilter(const EventFilter &filter)
{
    if (!filter.isValid() || filter.text() == m_filter.text())
        return;
    beginResetModel();
    m_filter = filter;
    restartScan();
    endResetModel();
    scanSlice(kSliceMs);
}

void EventFilterModel::onSourceRowsAboutToBeInserted(const QModelIndex &parent, int first, int last)
{
    if (parent.isValid() || !passThrough())
        return;
    beginInsertRows({}, first, last);
}

void EventFilterModel::onSourceRowsInserted(const QModelIndex &parent, int first, int last)
{
    if (parent.isValid())
        return;
    if (passThrough()) {
        endInsertRows();
        emitCounts();
        return;
    }
    // Rows the running scan has not reached yet are left to it.
    if (m_scanned < first) {
        emitCounts();
        return;
    }
    m_scanned = last + 1;
    // The source appends only, so matches of the new rows go after every row we have.
    std::vector<int> added;
    for (int row = first; row <= last; ++row) {
        if (accepts(row))
            added.push_back(row);
    }
    if (!added.empty()) {
        const int start = int(m_rows.size());
        beginInsertRows({}, start, start + int(added.size()) - 1);
        m_rows.insert(m_rows.end(), added.begin(), added.end());
        endInsertRows();
    }
    emitCounts();
}

void EventFilterModel::emitCounts()
{
    Q_EMIT countsChanged(rowCount(), totalCount());
}

QModelIndex EventFilterModel::mapToSource(const QModelIndex &proxyIndex) const
{
    if (!proxyIndex.isValid() || !sourceModel())
        return {};
    const int row = passThrough() ? proxyIndex.row() : m_rows[size_t(proxyIndex.row())];
    return sourceModel()->index(row, proxyIndex.column());
}

QModelIndex EventFilterModel::mapFromSource(const QModelIndex &sourceIndex) const
{
    if (!sourceIndex.isValid() || sourceIndex.model() != sourceModel())
        return {};
    if (passThrough())
        return createIndex(sourceIndex.row(), sourceIndex.column());
    const auto it = std::lower_bound(m_rows.begin(), m_rows.end(), sourceIndex.row());
    if (it == m_rows.end() || *it != sourceIndex.row())
        return {};
    return createIndex(int(it - m_rows.begin()), sourceIndex.column());
}

QModelIndex EventFilterModel::index(int row, int column, const QModelIndex &parent) const
{
    if (parent.isValid() || row < 0 || column < 0 || row >= rowCount() || column >= columnCount())
        return {};
    return createIndex(row, column);
}

QModelIndex EventFilterModel::parent(const QModelIndex &) const
{
    return {};
}

int EventFilterModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() || !sourceModel())
        return 0;
    return passThrough() ? sourceModel()->rowCount() : int(m_rows.size());
}

int EventFilterModel::columnCount(const QModelIndex &parent) const
{
    if (parent.isValid() || !sourceModel())
        return 0;
    return sourceModel()->columnCount();
}

bool EventFilterModel::hasChildren(const QModelIndex &parent) const
{
    return !parent.isValid() && rowCount() > 0;
}

QModelIndex EventFilterModel::sibling(int row, int column, const QModelIndex &) const
{
    return index(row, column);
}

Qt::ItemFlags EventFilterModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return sourceModel()->flags(mapToSource(index));
}

} // namespace agui::ui
