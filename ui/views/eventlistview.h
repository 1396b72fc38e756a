#pragma once

#include "ui/views/flattableview.h"

#include <QTimer>

namespace agui::ui {

class EventListModel;

// The event table. Follow-tail is Wireshark's rule: new rows scroll the view to the end only
// when following is on AND the user was already at the end, so reading older events while a
// stream runs is never interrupted. Selection is left alone on appends (rows are only added
// after the existing ones), so it survives new rows.
//
// A flat table, not a tree: QTreeView lays out every row again after each insert (it keeps one
// item per row and rebuilds them all), which was most of the GUI thread's time in a
// million-event live run; nor QTableView, which keeps a record per row (see FlatTableView).
class EventListView : public FlatTableView
{
    Q_OBJECT
public:
    explicit EventListView(QWidget *parent = nullptr);

    void setModel(QAbstractItemModel *model) override;
    void setFollowLive(bool follow);
    bool followLive() const { return m_follow; }
    bool isAtBottom() const;
    // The session sequence number of the current row, -1 when none.
    qint64 currentSeq() const;
    // Selects the row showing seq (if visible under the filter) and scrolls to it.
    bool selectSeq(qint64 seq);

Q_SIGNALS:
    void currentSeqChanged(qint64 seq);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    EventListModel *eventModel() const; // under the filter proxy
    void prefetchVisibleSummaries();
    void rowsAboutToBeInsertedIntoModel();
    void rowsInsertedIntoModel();
    // Widens "#" and "Run" to their largest value (reset: to exactly that, after a new model).
    void fitNumberColumns(bool reset);
    int numberColumnWidth(int column, qint64 largest) const;

    bool m_follow = true;
    bool m_wasAtBottom = true;
    QTimer m_tailTimer;
    QList<QMetaObject::Connection> m_modelConnections;
};

} // namespace agui::ui
