#pragma once

#include "core/session/clientpipeline.h"

#include <QAbstractProxyModel>
#include <QHash>
#include <QPointer>
#include <QTimer>

#include <vector>

namespace agui {
class Session;
}

namespace agui::ui {

class SessionDocument;

// The event list "as delivered": one row per event @ag-ui/client hands to an application
// (core/session/clientpipeline.h), laid over the received rows the filter shows. A received event
// the client drops has no row; one it turns into several (a chunk, an event closing chunk
// streams) has one row each; nothing after the point where the client rejects the stream. Each
// row keeps the received event's SeqRole, so selecting it selects the event it came from. Where
// the client rejects the stream, a row says so (the rule and its message, as `cat --as-client`
// notes on standard error), on the rejected event's SeqRole.
//
// A row delivered unchanged reads every column from the received row. A row the client made
// (expanded, inserted, stripped, converted) shows the delivered event's type and id and how it
// came about; those are read from the session off the paint path, a batch at a time (like the
// list's summaries), and shown as "…" until then.
class DeliveredEventsModel : public QAbstractProxyModel
{
    Q_OBJECT
public:
    enum Role {
        DeliveryRole = Qt::UserRole + 40, // QString: deliveryName(), "" while not read yet
        IsRejectionRole, // bool: the row notes where the client rejects the stream
    };

    DeliveredEventsModel(SessionDocument *document, QObject *parent = nullptr);

    void setSourceModel(QAbstractItemModel *sourceModel) override;

    QModelIndex mapToSource(const QModelIndex &proxyIndex) const override;
    QModelIndex mapFromSource(const QModelIndex &sourceIndex) const override;
    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    // Events the client delivers (the rejection notes are not events).
    qint64 deliveredCount() const;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    static constexpr int kRejectionNote = -1;
    struct Row
    {
        int sourceRow;
        int index; // among the events delivered for that received event; kRejectionNote: the
                   // row that says the client stops here, and why
    };
    struct Made
    {
        QString type, id, how;
    };
    void rebuild();
    void appendRowsFor(int firstSourceRow, int lastSourceRow, std::vector<Row> &out) const;
    void onSourceRowsInserted(const QModelIndex &parent, int first, int last);
    void readWanted();
    qint64 seqOf(int sourceRow) const;
    QVariant rejectionData(qint64 seq, int column, int role) const;

    QPointer<SessionDocument> m_document;
    std::vector<Row> m_rows;
    mutable QHash<qint64, QList<Made>> m_made; // seq -> what the client made of it
    mutable QList<qint64> m_wanted;
    QTimer m_readTimer;
    QList<QMetaObject::Connection> m_sourceConnections;
};

} // namespace agui::ui
