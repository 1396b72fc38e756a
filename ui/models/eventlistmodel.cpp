#include "ui/models/eventlistmodel.h"

#include "ui/eventpresentation.h"

#include <QApplication>
#include <QFont>
#include <QStyle>

namespace agui::ui {

EventListModel::EventListModel(SessionDocument *document, QObject *parent)
    : QAbstractTableModel(parent)
    , m_document(document)
{
    m_flushTimer.setSingleShot(true);
    m_flushTimer.setInterval(kFlushIntervalMs);
    connect(&m_flushTimer, &QTimer::timeout, this, &EventListModel::flushPendingRows);
    m_summaryTimer.setSingleShot(true);
    m_summaryTimer.setInterval(0);
    connect(&m_summaryTimer, &QTimer::timeout, this, &EventListModel::computeWantedSummaries);
    connect(document, &SessionDocument::eventsAppended, this, &EventListModel::onEventsAppended);
    connect(document, &SessionDocument::aboutToReset, this, [this] {
        m_flushTimer.stop();
        m_summaryTimer.stop();
        m_summaries.clear();
        m_wanted.clear();
        beginResetModel();
    });
    connect(document, &SessionDocument::resetDone, this, [this] {
        m_announcedRows = int(m_document->size());
        endResetModel();
    });
    m_announcedRows = int(document->size());
}

void EventListModel::setDarkPalette(bool dark)
{
    if (dark == m_dark)
        return;
    m_dark = dark;
    // Whole-table recolour: layoutChanged keeps selection and avoids Qt 6's O(rows) dataChanged
    // repaint union over a huge range (QTBUG-124173, as Wireshark notes).
    Q_EMIT layoutAboutToBeChanged();
    Q_EMIT layoutChanged();
}

void EventListModel::onEventsAppended(qint64, qint64)
{
    // A timer that is already running is left alone: the batch closes at most 50 ms after its
    // first event, however fast events keep coming.
    if (!m_flushTimer.isActive())
        m_flushTimer.start();
}

qint64 EventListModel::pendingRowCount() const
{
    return m_document ? m_document->size() - m_announcedRows : 0;
}

void EventListModel::flushPendingRows()
{
    m_flushTimer.stop();
    if (!m_document)
        return;
    const int total = int(m_document->size());
    if (total <= m_announcedRows)
        return;
    beginInsertRows({}, m_announcedRows, total - 1);
    m_announcedRows = total;
    endInsertRows();
}

int EventListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_announcedRows;
}

int EventListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

void EventListModel::prefetchSummaries(const QList<qint64> &seqs)
{
    if (!m_document)
        return;
    if (m_summaries.size() + seqs.size() > kSummaryCacheLimit)
        m_summaries.clear(); // bounded: the rows on screen are asked for again right away
    for (const qint64 seq : seqs)
        if (seq >= 0 && seq < m_document->size() && !m_summaries.contains(seq))
            m_summaries.insert(seq, m_document->summary(seq));
}

QString EventListModel::summary(qint64 seq) const
{
    const auto it = m_summaries.constFind(seq);
    if (it != m_summaries.cend())
        return *it;
    if (!m_wanted.contains(seq))
        m_wanted.append(seq);
    if (!m_summaryTimer.isActive())
        const_cast<QTimer &>(m_summaryTimer).start();
    return QString();
}

void EventListModel::computeWantedSummaries()
{
    const QList<qint64> wanted = std::exchange(m_wanted, {});
    prefetchSummaries(wanted);
    for (const qint64 seq : wanted)
        if (seq < m_announcedRows) {
            const QModelIndex cell = index(int(seq), SummaryColumn);
            Q_EMIT dataChanged(cell, cell, {Qt::DisplayRole, Qt::ToolTipRole});
        }
}

QIcon EventListModel::diagnosticIcon(Severity severity) const
{
    QIcon &icon = m_icons[int(severity)];
    if (icon.isNull() && qApp) {
        const auto pixmap = severity == Severity::Error ? QStyle::SP_MessageBoxCritical
            : severity == Severity::Warning             ? QStyle::SP_MessageBoxWarning
                                                        : QStyle::SP_MessageBoxInformation;
        icon = QApplication::style()->standardIcon(pixmap);
    }
    return icon;
}

QVariant EventListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !m_document || index.row() >= m_announcedRows)
        return {};
    const qint64 seq = index.row();
    switch (role) {
    case Qt::DisplayRole: {
        const EventSummary row = m_document->row(seq);
        switch (index.column()) {
        case SeqColumn:
            return QString::number(seq);
        case TimeColumn:
            return formatTime(row.receivedAtUs);
        case DeltaColumn: {
            if (seq == 0 || row.receivedAtUs < 0)
                return QString();
            const qint64 previous = m_document->row(seq - 1).receivedAtUs;
            return previous < 0 ? QString() : formatDelta(row.receivedAtUs - previous);
        }
        case RunColumn:
            return row.runIndex < 0 ? QStringLiteral("–") : QString::number(row.runIndex + 1);
        case TypeColumn:
            return row.typeName;
        case IdColumn:
            return row.primaryId;
        case SummaryColumn:
            return summary(seq);
        case DiagnosticsColumn:
            return row.diagnosticCount > 0 ? QString::number(row.diagnosticCount) : QString();
        }
        return {};
    }
    case Qt::ForegroundRole:
        if (index.column() == TypeColumn)
            return familyColor(eventFamily(m_document->row(seq).type), m_dark);
        return {};
    case Qt::DecorationRole:
        if (index.column() == DiagnosticsColumn) {
            const EventSummary row = m_document->row(seq);
            if (row.diagnosticCount > 0)
                return diagnosticIcon(row.worstSeverity.value_or(Severity::Info));
        }
        return {};
    case Qt::ToolTipRole:
        if (index.column() == DiagnosticsColumn) {
            QStringList lines;
            for (const Diagnostic &d : m_document->diagnostics(seq))
                lines << QStringLiteral("%1 [%2] %3")
                             .arg(severityName(d.severity), d.ruleId, d.message);
            return lines.join(QLatin1Char('\n'));
        }
        if (index.column() == SummaryColumn)
            return summary(seq);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == SeqColumn || index.column() == DeltaColumn
            || index.column() == RunColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case SeqRole:
        return seq;
    case EventTypeRole:
        return int(m_document->row(seq).type);
    case FamilyRole:
        return int(eventFamily(m_document->row(seq).type));
    case DiagnosticCountRole:
        return m_document->row(seq).diagnosticCount;
    }
    return {};
}

QVariant EventListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SeqColumn:
        return tr("#");
    case TimeColumn:
        return tr("Time");
    case DeltaColumn:
        return tr("Δ");
    case RunColumn:
        return tr("Run");
    case TypeColumn:
        return tr("Type");
    case IdColumn:
        return tr("Id");
    case SummaryColumn:
        return tr("Summary");
    case DiagnosticsColumn:
        return tr("Diag");
    }
    return {};
}

Qt::ItemFlags EventListModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
}

} // namespace agui::ui
