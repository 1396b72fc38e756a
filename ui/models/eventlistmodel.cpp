#include "ui/models/eventlistmodel.h"

#include "core/session/session.h"

#include "ui/eventpresentation.h"
#include "ui/models/bookmarklist.h"
#include "ui/widgets/appicons.h"

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
    m_marksTimer.setSingleShot(true);
    m_marksTimer.setInterval(kFlushIntervalMs);
    connect(&m_marksTimer, &QTimer::timeout, this, [this] {
        if (m_announcedRows > 0)
            Q_EMIT dataChanged(index(0, SummaryColumn), index(m_announcedRows - 1, SummaryColumn),
                               {Qt::DecorationRole, Qt::ToolTipRole, ProxyMarkRole});
    });
    connect(document, &SessionDocument::heldChanged, this, &EventListModel::proxyMarksChanged);
    connect(document, &SessionDocument::rewritesChanged, this, &EventListModel::proxyMarksChanged);
    m_summaryTimer.setSingleShot(true);
    m_summaryTimer.setInterval(0);
    connect(&m_summaryTimer, &QTimer::timeout, this, &EventListModel::computeWantedSummaries);
    connect(document, &SessionDocument::eventsAppended, this, &EventListModel::onEventsAppended);
    connect(document, &SessionDocument::findingsAdded, this, &EventListModel::onFindingsAdded);
    connect(document, &SessionDocument::aboutToReset, this, [this] {
        m_flushTimer.stop();
        m_summaryTimer.stop();
        m_parsed.clear();
        m_wanted.clear();
        m_ruleOfRow.clear();
        beginResetModel();
    });
    connect(document, &SessionDocument::resetDone, this, [this] {
        m_announcedRows = int(m_document->size());
        endResetModel();
        updateClock();
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

void EventListModel::setColouringRules(ColouringRules rules)
{
    m_colouring = std::move(rules);
    m_ruleOfRow.clear();
    Q_EMIT layoutAboutToBeChanged(); // a recolour of every row: see setDarkPalette
    Q_EMIT layoutChanged();
}

int EventListModel::colouringRuleOf(qint64 seq) const
{
    if (m_colouring.isEmpty())
        return -1;
    if (qint64(m_ruleOfRow.size()) <= seq)
        m_ruleOfRow.resize(size_t(m_document->size()), kRuleUnknown);
    qint16 &rule = m_ruleOfRow[size_t(seq)];
    if (rule == kRuleUnknown)
        rule = qint16(m_colouring.match(m_document->session().events(), seq));
    return rule;
}

EventListModel::ProxyMark EventListModel::proxyMarkOf(qint64 seq) const
{
    if (m_document->isHeldBack(seq))
        return ProxyMark::HeldBack;
    if (m_document->rewriteOf(seq) || m_document->changedRequestOf(seq))
        return ProxyMark::Changed;
    return ProxyMark::None;
}

void EventListModel::proxyMarksChanged()
{
    if (!m_marksTimer.isActive())
        m_marksTimer.start();
}

void EventListModel::setBookmarks(BookmarkList *bookmarks)
{
    m_bookmarks = bookmarks;
    m_bookmarkIcon = appIcon(QStringLiteral("bookmark"));
    for (auto signal : {&BookmarkList::added, &BookmarkList::removed, &BookmarkList::noteChanged})
        connect(bookmarks, signal, this, &EventListModel::bookmarkChanged);
    // Only the few bookmarked rows change, never a whole-table dataChanged.
    connect(bookmarks, &BookmarkList::reset, this, [this] {
        for (const qint64 seq : m_bookmarks->seqs())
            bookmarkChanged(seq);
    });
}

void EventListModel::bookmarkChanged(qint64 seq)
{
    if (seq < m_announcedRows)
        Q_EMIT dataChanged(index(int(seq), SeqColumn), index(int(seq), SeqColumn),
                           {Qt::DecorationRole, Qt::ToolTipRole, BookmarkedRole});
}

void EventListModel::onEventsAppended(qint64, qint64)
{
    // A timer that is already running is left alone: the batch closes at most 50 ms after its
    // first event, however fast events keep coming.
    if (!m_flushTimer.isActive())
        m_flushTimer.start();
}

void EventListModel::onFindingsAdded(qsizetype first)
{
    const Findings &findings = m_document->session().findings();
    for (qsizetype i = first; i < findings.size(); ++i) {
        const qint64 seq = findings.at(i).eventIndex;
        if (seq < 0 || seq >= m_announcedRows)
            continue; // about the stream, or a row not shown yet (it will be drawn fresh)
        if (seq < qint64(m_ruleOfRow.size()))
            m_ruleOfRow[size_t(seq)] = kRuleUnknown; // a colouring rule may test severity
        Q_EMIT dataChanged(index(int(seq), 0), index(int(seq), ColumnCount - 1));
    }
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
    updateClock();
}

void EventListModel::updateClock()
{
    const bool timestamps = m_document && m_document->size() > 0 && !m_document->hasReceiveTimes();
    if (timestamps == m_showsTimestamps)
        return;
    m_showsTimestamps = timestamps;
    m_parsed.clear(); // parsed without the times
    Q_EMIT headerDataChanged(Qt::Horizontal, TimeColumn, DeltaColumn);
    if (m_announcedRows > 0)
        Q_EMIT dataChanged(index(0, TimeColumn), index(m_announcedRows - 1, DeltaColumn));
}

int EventListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_announcedRows;
}

int EventListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

EventListModel::ParsedRow EventListModel::parseRow(qint64 seq) const
{
    ParsedRow parsed;
    parsed.summary = m_document->summary(seq);
    if (m_showsTimestamps) {
        parsed.sentAtUs = m_document->timestampUs(seq);
        parsed.previousSentAtUs = m_document->timestampUs(seq - 1);
    }
    return parsed;
}

void EventListModel::prefetchSummaries(const QList<qint64> &seqs)
{
    if (!m_document)
        return;
    if (m_parsed.size() + seqs.size() > kSummaryCacheLimit)
        m_parsed.clear(); // bounded: the rows on screen are asked for again right away
    for (const qint64 seq : seqs)
        if (seq >= 0 && seq < m_document->size() && !m_parsed.contains(seq))
            m_parsed.insert(seq, parseRow(seq));
}

const EventListModel::ParsedRow &EventListModel::parsed(qint64 seq) const
{
    static const ParsedRow kNotYet;
    const auto it = m_parsed.constFind(seq);
    if (it != m_parsed.cend())
        return *it;
    if (!m_wanted.contains(seq))
        m_wanted.append(seq);
    if (!m_summaryTimer.isActive())
        const_cast<QTimer &>(m_summaryTimer).start();
    return kNotYet;
}

void EventListModel::computeWantedSummaries()
{
    const QList<qint64> wanted = std::exchange(m_wanted, {});
    prefetchSummaries(wanted);
    for (const qint64 seq : wanted)
        if (seq < m_announcedRows)
            Q_EMIT dataChanged(index(int(seq), 0), index(int(seq), ColumnCount - 1),
                               {Qt::DisplayRole, Qt::ToolTipRole});
}

qint64 EventListModel::shownTimeUs(qint64 seq, const EventSummary &row) const
{
    return m_showsTimestamps ? parsed(seq).sentAtUs : row.receivedAtUs;
}

qint64 EventListModel::shownDeltaUs(qint64 seq, const EventSummary &row) const
{
    if (seq == 0)
        return -1;
    const qint64 now = shownTimeUs(seq, row);
    const qint64 before
        = m_showsTimestamps ? parsed(seq).previousSentAtUs : m_document->row(seq - 1).receivedAtUs;
    return now < 0 || before < 0 ? -1 : now - before;
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
            return formatTime(shownTimeUs(seq, row));
        case DeltaColumn:
            return formatDelta(shownDeltaUs(seq, row));
        case RunColumn:
            return row.runIndex < 0 ? QStringLiteral("–") : QString::number(row.runIndex + 1);
        case TypeColumn:
            return row.typeName;
        case IdColumn:
            return row.primaryId;
        case SummaryColumn:
            return parsed(seq).summary;
        case DiagnosticsColumn:
            return row.diagnosticCount > 0 ? QString::number(row.diagnosticCount) : QString();
        }
        return {};
    }
    case Qt::BackgroundRole: {
        const int rule = colouringRuleOf(seq);
        return rule < 0 ? QVariant()
                        : QVariant(ColouringRules::shownOn(m_colouring.background(rule), m_dark));
    }
    case Qt::ForegroundRole: {
        const int rule = colouringRuleOf(seq);
        if (rule >= 0)
            return ColouringRules::textOn(
                ColouringRules::shownOn(m_colouring.background(rule), m_dark));
        if (index.column() == TypeColumn)
            return familyColor(eventFamily(m_document->row(seq).type), m_dark);
        return {};
    }
    case Qt::DecorationRole:
        if (index.column() == SeqColumn && m_bookmarks && m_bookmarks->contains(seq))
            return m_bookmarkIcon;
        if (index.column() == DiagnosticsColumn) {
            const EventSummary row = m_document->row(seq);
            if (row.diagnosticCount > 0)
                return m_severityIcons(row.worstSeverity.value_or(Severity::Info));
        }
        if (index.column() == SummaryColumn) {
            const ProxyMark mark = proxyMarkOf(seq);
            if (mark != ProxyMark::None && m_changedIcon.isNull()) {
                m_changedIcon = appIcon(QStringLiteral("changed"));
                m_heldIcon = appIcon(QStringLiteral("held"));
            }
            return mark == ProxyMark::HeldBack ? QVariant(m_heldIcon)
                : mark == ProxyMark::Changed   ? QVariant(m_changedIcon)
                                               : QVariant();
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
        if (index.column() == SummaryColumn) {
            switch (proxyMarkOf(seq)) {
            case ProxyMark::HeldBack:
                return tr("Held at a breakpoint: the front end has not got this event yet\n%1")
                    .arg(parsed(seq).summary);
            case ProxyMark::Changed:
                return tr("Changed by the proxy on its way (see Changed by Proxy)\n%1")
                    .arg(parsed(seq).summary);
            case ProxyMark::None:
                break;
            }
            return parsed(seq).summary;
        }
        if (index.column() == SeqColumn && m_bookmarks && m_bookmarks->contains(seq)) {
            const QString note = m_bookmarks->note(seq);
            return note.isEmpty() ? tr("Bookmarked") : tr("Bookmark: %1").arg(note);
        }
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
    case BookmarkedRole:
        return m_bookmarks && m_bookmarks->contains(seq);
    case ProxyMarkRole:
        return int(proxyMarkOf(seq));
    }
    return {};
}

QVariant EventListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole
        && (section == TimeColumn || section == DeltaColumn))
        return m_showsTimestamps
            ? tr("No receive times in this capture: the events' own \"timestamp\" fields (the "
                 "sender's clock, which says nothing of the network)")
            : tr("When the inspector received the event");
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
