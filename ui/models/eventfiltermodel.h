#pragma once

#include "core/session/eventfilter.h"

#include <QAbstractProxyModel>
#include <QPointer>
#include <QTimer>

#include <vector>

namespace agui::ui {

class EventListModel;

// The filtered view of the event list. A custom flat proxy (Wireshark's packet_list_proxy_model
// idea) rather than QSortFilterProxyModel: the source only ever appends, rows stay in sequence
// order (sorting is by sequence only), so the proxy keeps a sorted vector of the visible source
// rows, tests only the new rows on append, and maps with a binary search. With no filter it is a
// pass-through and stores nothing. Filtering reads EventSummary (typed), not display strings.
class EventFilterModel : public QAbstractProxyModel
{
    Q_OBJECT
public:
    explicit EventFilterModel(QObject *parent = nullptr);

    void setSourceModel(QAbstractItemModel *sourceModel) override;
    // An invalid filter is ignored (the bar shows the error); the last valid one stays applied.
    void setFilter(const EventFilter &filter);
    const EventFilter &filter() const { return m_filter; }
    qint64 totalCount() const;
    // A new filter over many rows is applied in slices of kSliceMs (Wireshark's idle-work idea),
    // matches appearing as they are found, so typing in the filter bar never freezes the window.
    static constexpr int kSliceMs = 25;
    bool isFiltering() const;
    void finishFiltering(); // runs the rest of the scan now (tests, screenshot mode)

    QModelIndex mapToSource(const QModelIndex &proxyIndex) const override;
    QModelIndex mapFromSource(const QModelIndex &sourceIndex) const override;
    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    bool hasChildren(const QModelIndex &parent = {}) const override;
    QModelIndex sibling(int row, int column, const QModelIndex &idx) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

Q_SIGNALS:
    void countsChanged(qint64 shown, qint64 total);
    void filteringFinished();

private:
    bool passThrough() const { return m_filter.isEmpty(); }
    bool accepts(int sourceRow) const;
    void restartScan();
    void scanSlice(qint64 budgetMs);
    void onSourceRowsAboutToBeInserted(const QModelIndex &parent, int first, int last);
    void onSourceRowsInserted(const QModelIndex &parent, int first, int last);
    void emitCounts();

    QPointer<EventListModel> m_eventModel;
    EventFilter m_filter;
    std::vector<int> m_rows; // visible source rows, ascending; unused in pass-through
    int m_scanned = 0; // source rows [0, m_scanned) have been tested against the filter
    QTimer m_scanTimer;
    QList<QMetaObject::Connection> m_connections;
};

} // namespace agui::ui
