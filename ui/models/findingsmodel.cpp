#include "ui/models/findingsmodel.h"

#include "core/session/session.h"
#include "ui/eventpresentation.h"
#include "ui/models/sessiondocument.h"

namespace agui::ui {

FindingsModel::FindingsModel(SessionDocument *document, QObject *parent)
    : QAbstractTableModel(parent)
    , m_document(document)
{
    connect(document, &SessionDocument::aboutToReset, this, &FindingsModel::onAboutToReset);
    connect(document, &SessionDocument::resetDone, this, &FindingsModel::onResetDone);
    connect(document, &SessionDocument::eventsAppended, this, &FindingsModel::sync);
    connect(document, &SessionDocument::findingsAdded, this, &FindingsModel::sync);
    m_rows = countFrom(0);
}

void FindingsModel::setMinimumSeverity(Severity severity)
{
    if (severity == m_minimum)
        return;
    beginResetModel();
    m_minimum = severity;
    m_rows.clear();
    const Findings &all = m_document->session().findings();
    for (qsizetype i = 0; i < m_seen; ++i) {
        if (all.at(i).diagnostic.severity >= m_minimum)
            m_rows.append(qint32(i));
    }
    endResetModel();
}

void FindingsModel::sync()
{
    if (m_resetting || !m_document)
        return;
    if (m_document->session().findings().size() == m_seen)
        return;
    const QList<qint32> shown = countFrom(m_seen);
    if (!shown.isEmpty()) {
        beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + shown.size() - 1));
        m_rows += shown;
        endInsertRows();
    }
    Q_EMIT countsChanged();
}

QList<qint32> FindingsModel::countFrom(qsizetype first)
{
    QList<qint32> shown;
    if (!m_document)
        return shown;
    const Findings &all = m_document->session().findings();
    for (qsizetype i = first; i < all.size(); ++i) {
        const Finding &f = all.at(i);
        ++m_counts[int(f.diagnostic.severity)];
        if (f.eventIndex < 0) {
            ++m_streamCount;
            m_streamProblems += f.diagnostic.severity != Severity::Info ? 1 : 0;
        }
        if (f.diagnostic.severity >= m_minimum)
            shown.append(qint32(i));
    }
    m_seen = all.size();
    return shown;
}

void FindingsModel::onAboutToReset()
{
    m_resetting = true;
    beginResetModel();
}

void FindingsModel::onResetDone()
{
    m_rows.clear();
    m_seen = 0;
    m_counts = {};
    m_streamCount = 0;
    m_streamProblems = 0;
    m_rows = countFrom(0);
    m_resetting = false;
    endResetModel();
    Q_EMIT countsChanged();
}

int FindingsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int FindingsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FindingsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size() || !m_document)
        return {};
    const Finding &f = m_document->session().findings().at(m_rows.at(index.row()));
    const Diagnostic &d = f.diagnostic;
    if (role == SeqRole)
        return f.eventIndex;
    if (role == Qt::DecorationRole && index.column() == SeverityColumn)
        return m_severityIcons(d.severity);
    if (role == Qt::TextAlignmentRole && index.column() == EventColumn)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const bool aboutEvent = f.eventIndex >= 0 && f.eventIndex < m_document->size();
    switch (index.column()) {
    case SeverityColumn:
        return severityName(d.severity);
    case EventColumn:
        if (f.eventIndex < 0)
            return role == Qt::ToolTipRole
                ? tr("About the stream as a whole: known only once it ended")
                : tr("stream");
        return QString::number(f.eventIndex);
    case TypeColumn:
        return aboutEvent ? m_document->row(f.eventIndex).typeName : QString();
    case RuleColumn:
        return role == Qt::ToolTipRole ? tr("%1 (%2 layer)").arg(d.ruleId, f.layer) : d.ruleId;
    case PathColumn:
        return d.path;
    case MessageColumn:
        return d.byteOffset >= 0 ? d.message + tr(" (byte %1)").arg(d.byteOffset) : d.message;
    }
    return {};
}

QVariant FindingsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SeverityColumn:
        return tr("Severity");
    case EventColumn:
        return tr("#");
    case TypeColumn:
        return tr("Type");
    case RuleColumn:
        return tr("Rule");
    case PathColumn:
        return tr("Path");
    case MessageColumn:
        return tr("Message");
    }
    return {};
}

} // namespace agui::ui
