#include "ui/views/deliveredeventsmodel.h"

#include "core/protocol/catalogue.h"
#include "core/session/session.h"
#include "ui/models/eventlistmodel.h"
#include "ui/models/sessiondocument.h"

#include <QColor>

#include <algorithm>

namespace agui::ui {

namespace {

constexpr qsizetype kMadeCacheLimit = 20000;

} // namespace

DeliveredEventsModel::DeliveredEventsModel(SessionDocument *document, QObject *parent)
    : QAbstractProxyModel(parent)
    , m_document(document)
{
    m_readTimer.setSingleShot(true);
    m_readTimer.setInterval(0);
    connect(&m_readTimer, &QTimer::timeout, this, &DeliveredEventsModel::readWanted);
}

void DeliveredEventsModel::setSourceModel(QAbstractItemModel *source)
{
    beginResetModel();
    for (const QMetaObject::Connection &c : std::as_const(m_sourceConnections))
        disconnect(c);
    m_sourceConnections.clear();
    QAbstractProxyModel::setSourceModel(source);
    if (source) {
        const auto reset = [this] {
            beginResetModel();
            rebuild();
            endResetModel();
        };
        m_sourceConnections << connect(source, &QAbstractItemModel::modelReset, this, reset)
                            << connect(source, &QAbstractItemModel::layoutChanged, this, reset)
                            << connect(source, &QAbstractItemModel::rowsRemoved, this, reset)
                            << connect(source, &QAbstractItemModel::rowsInserted, this,
                                       &DeliveredEventsModel::onSourceRowsInserted)
                            << connect(source, &QAbstractItemModel::dataChanged, this,
                                       [this](const QModelIndex &, const QModelIndex &) {
                                           if (rowCount() > 0)
                                               Q_EMIT dataChanged(
                                                   index(0, 0),
                                                   index(rowCount() - 1, columnCount() - 1));
                                       });
    }
    rebuild();
    endResetModel();
}

qint64 DeliveredEventsModel::seqOf(int sourceRow) const
{
    return sourceModel()->index(sourceRow, 0).data(EventListModel::SeqRole).toLongLong();
}

void DeliveredEventsModel::appendRowsFor(int first, int last, std::vector<Row> &out) const
{
    if (!m_document)
        return;
    const Session &session = m_document->session();
    const QList<Session::ClientRejection> &rejections = session.clientRejections();
    for (int r = first; r <= last; ++r) {
        const qint64 seq = seqOf(r);
        const int count = session.deliveredCount(seq);
        for (int k = 0; k < count; ++k)
            if (session.isDelivered(seq, k))
                out.push_back(Row {r, k});
        if (std::any_of(rejections.cbegin(), rejections.cend(),
                        [seq](const Session::ClientRejection &j) { return j.seq == seq; }))
            out.push_back(Row {r, kRejectionNote});
    }
}

qint64 DeliveredEventsModel::deliveredCount() const
{
    return std::count_if(m_rows.cbegin(), m_rows.cend(),
                         [](const Row &row) { return row.index != kRejectionNote; });
}

QVariant DeliveredEventsModel::rejectionData(qint64 seq, int column, int role) const
{
    if (role == IsRejectionRole)
        return true;
    if (role == DeliveryRole)
        return QString();
    if (role == EventListModel::SeqRole)
        return seq;
    const QList<Session::ClientRejection> &rejections = m_document->session().clientRejections();
    const auto it = std::find_if(rejections.cbegin(), rejections.cend(),
                                 [seq](const Session::ClientRejection &j) { return j.seq == seq; });
    if (it == rejections.cend())
        return {};
    const QString why
        = tr("@ag-ui/client rejects the stream at event %1 and delivers nothing more of this run "
             "(%2: %3)")
              .arg(seq)
              .arg(it->ruleId, it->message);
    switch (role) {
    case Qt::DisplayRole:
        return column == EventListModel::TypeColumn   ? tr("REJECTED")
            : column == EventListModel::SummaryColumn ? why
                                                      : QVariant();
    case Qt::ToolTipRole:
        return why;
    case Qt::ForegroundRole:
        return column == EventListModel::TypeColumn || column == EventListModel::SummaryColumn
            ? QVariant(QColor(0xd0, 0x30, 0x30))
            : QVariant();
    default:
        return {};
    }
}

void DeliveredEventsModel::rebuild()
{
    m_rows.clear();
    m_made.clear();
    if (sourceModel() && sourceModel()->rowCount() > 0)
        appendRowsFor(0, sourceModel()->rowCount() - 1, m_rows);
}

void DeliveredEventsModel::onSourceRowsInserted(const QModelIndex &, int first, int last)
{
    // The list only grows at its end; anything else is a new picture.
    if (!m_rows.empty() && first <= m_rows.back().sourceRow) {
        beginResetModel();
        rebuild();
        endResetModel();
        return;
    }
    std::vector<Row> added;
    appendRowsFor(first, last, added);
    if (added.empty())
        return;
    const int at = int(m_rows.size());
    beginInsertRows(QModelIndex(), at, at + int(added.size()) - 1);
    m_rows.insert(m_rows.end(), added.begin(), added.end());
    endInsertRows();
}

QModelIndex DeliveredEventsModel::mapToSource(const QModelIndex &proxyIndex) const
{
    if (!proxyIndex.isValid() || !sourceModel() || proxyIndex.row() >= int(m_rows.size()))
        return {};
    return sourceModel()->index(m_rows[size_t(proxyIndex.row())].sourceRow, proxyIndex.column());
}

QModelIndex DeliveredEventsModel::mapFromSource(const QModelIndex &sourceIndex) const
{
    if (!sourceIndex.isValid())
        return {};
    // The first event delivered for that received one.
    const auto it
        = std::lower_bound(m_rows.cbegin(), m_rows.cend(), sourceIndex.row(),
                           [](const Row &row, int sourceRow) { return row.sourceRow < sourceRow; });
    if (it == m_rows.cend() || it->sourceRow != sourceIndex.row())
        return {};
    return index(int(it - m_rows.cbegin()), sourceIndex.column());
}

QModelIndex DeliveredEventsModel::index(int row, int column, const QModelIndex &parent) const
{
    if (parent.isValid() || row < 0 || row >= rowCount() || column < 0 || column >= columnCount())
        return {};
    return createIndex(row, column);
}

QModelIndex DeliveredEventsModel::parent(const QModelIndex &) const
{
    return {};
}

int DeliveredEventsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int DeliveredEventsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() || !sourceModel() ? 0 : sourceModel()->columnCount();
}

QVariant DeliveredEventsModel::data(const QModelIndex &proxyIndex, int role) const
{
    const QModelIndex source = mapToSource(proxyIndex);
    if (!source.isValid() || !m_document)
        return {};
    const Row &row = m_rows[size_t(proxyIndex.row())];
    const qint64 seq = seqOf(row.sourceRow);
    if (row.index == kRejectionNote)
        return rejectionData(seq, proxyIndex.column(), role);
    if (role == IsRejectionRole)
        return false;
    if (!m_document->session().isReshaped(seq))
        return role == DeliveryRole ? QVariant(deliveryName(Delivery::AsReceived))
                                    : source.data(role);
    const auto made = m_made.constFind(seq);
    const bool known = made != m_made.cend() && row.index < made->size();
    if (!known && !m_wanted.contains(seq)) {
        m_wanted.append(seq);
        const_cast<QTimer &>(m_readTimer).start();
    }
    if (role == DeliveryRole)
        return known ? made->at(row.index).how : QString();
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return source.data(role);
    switch (proxyIndex.column()) {
    case EventListModel::SeqColumn:
        return row.index == 0 ? QString::number(seq)
                              : QStringLiteral("%1.%2").arg(seq).arg(row.index);
    case EventListModel::TypeColumn:
        return known ? made->at(row.index).type : QStringLiteral("…");
    case EventListModel::IdColumn:
        return known ? made->at(row.index).id : QStringLiteral("…");
    case EventListModel::SummaryColumn:
        return known ? tr("%1 from event %2").arg(made->at(row.index).how).arg(seq)
                     : QStringLiteral("…");
    default:
        return source.data(role);
    }
}

// What the client made of the events rows asked about, read from the session (a replay from
// the nearest checkpoint each): off the paint path.
void DeliveredEventsModel::readWanted()
{
    if (!m_document || m_wanted.isEmpty())
        return;
    if (m_made.size() > kMadeCacheLimit)
        m_made.clear();
    const QList<qint64> wanted = std::exchange(m_wanted, {});
    for (const qint64 seq : wanted) {
        QList<Made> made;
        for (const DeliveredEvent &d : m_document->session().deliveredAt(seq)) {
            const std::string_view key = primaryIdKey(d.type);
            made.append(
                Made {eventTypeName(d.type),
                      d.json.value(QLatin1StringView(key.data(), qsizetype(key.size()))).toString(),
                      deliveryName(d.how)});
        }
        m_made.insert(seq, made);
    }
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

} // namespace agui::ui
