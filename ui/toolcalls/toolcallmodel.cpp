#include "ui/toolcalls/toolcallmodel.h"

#include "core/json/jsontext.h"
#include "core/session/toolargs.h"

#include <QBrush>
#include <QColor>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace agui::ui {

namespace {

QString oneLine(QString text, int limit = 200)
{
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    if (text.size() > limit)
        text = text.left(limit) + QStringLiteral("…");
    return text;
}

// The result once a TOOL_CALL_RESULT (or tool message) answered the call; "" before.
QString resultText(const ToolCall &call)
{
    if (call.status != ToolCallStatus::Answered && call.resultMessageId.isEmpty())
        return {};
    switch (call.resultKind) {
    case ContentKind::Absent:
        return {};
    case ContentKind::Text:
        return call.resultString;
    case ContentKind::Json:
        return json::toIndentedJson(call.rare().resultJson);
    }
    return {};
}

qint64 endUs(const ToolCall &call)
{
    return call.status == ToolCallStatus::Answered ? call.answeredAtUs : call.endedAtUs;
}

} // namespace

QString formatTimeUs(qint64 us)
{
    if (us < 0)
        return {};
    return QDateTime::fromMSecsSinceEpoch(us / 1000, Qt::UTC)
        .toString(QStringLiteral("HH:mm:ss.zzz"));
}

QString formatDurationUs(qint64 us)
{
    if (us < 0)
        return {};
    if (us < 1000)
        return QStringLiteral("%1 µs").arg(us);
    if (us < 10'000'000)
        return QStringLiteral("%1 ms").arg(us / 1000);
    return QStringLiteral("%1 s").arg(double(us) / 1e6, 0, 'f', 1);
}

QString toolCallPhaseName(ToolCallPhase phase)
{
    switch (phase) {
    case ToolCallPhase::StreamingArgs:
        return QStringLiteral("streaming args");
    case ToolCallPhase::ArgsComplete:
        return QStringLiteral("args complete");
    case ToolCallPhase::Answered:
        return QStringLiteral("answered");
    case ToolCallPhase::NeverAnswered:
        return QStringLiteral("never answered");
    }
    return {};
}

ToolCallPhase toolCallPhase(const SessionSnapshot &snapshot, const ToolCall &call)
{
    if (call.status == ToolCallStatus::Answered)
        return ToolCallPhase::Answered;
    const bool runEnded = call.runIndex >= 0 && call.runIndex < snapshot.runCount()
        && snapshot.run(call.runIndex).status != RunStatus::Running;
    if (runEnded)
        return ToolCallPhase::NeverAnswered;
    return call.status == ToolCallStatus::StreamingArgs ? ToolCallPhase::StreamingArgs
                                                        : ToolCallPhase::ArgsComplete;
}

ToolCallModel::ToolCallModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void ToolCallModel::setSnapshot(const SessionSnapshot &snapshot)
{
    const int oldCount = int(m_snapshot.toolCallCount());
    const int newCount = int(snapshot.toolCallCount());
    const int common = qMin(oldCount, newCount);
    // Same session: the calls at one index are the same call. Anything else (a new capture) is
    // a different list.
    const bool samePrefix
        = common == 0 || m_snapshot.toolCall(common - 1).id == snapshot.toolCall(common - 1).id;
    if (!samePrefix) {
        beginResetModel();
        m_snapshot = snapshot;
        endResetModel();
        return;
    }
    if (oldCount > newCount) {
        beginRemoveRows({}, newCount, oldCount - 1);
        m_snapshot = snapshot;
        endRemoveRows();
    } else if (newCount > oldCount) {
        beginInsertRows({}, oldCount, newCount - 1);
        m_snapshot = snapshot;
        endInsertRows();
    } else {
        m_snapshot = snapshot;
    }
    if (common > 0)
        Q_EMIT dataChanged(index(0, 0), index(common - 1, ColumnCount - 1));
}

const ToolCall *ToolCallModel::callAt(int row) const
{
    return row >= 0 && row < m_snapshot.toolCallCount() ? &m_snapshot.toolCall(row) : nullptr;
}

int ToolCallModel::rowOf(const QString &toolCallId) const
{
    return int(m_snapshot.toolCallIndex(toolCallId));
}

int ToolCallModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_snapshot.toolCallCount());
}

int ToolCallModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString ToolCallModel::runLabel(int runIndex) const
{
    if (runIndex < 0 || runIndex >= m_snapshot.runCount())
        return {};
    const QString &id = m_snapshot.run(runIndex).runId;
    return id.isEmpty() ? tr("run %1").arg(runIndex + 1) : id;
}

QVariant ToolCallModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_snapshot.toolCallCount())
        return {};
    const ToolCall &call = m_snapshot.toolCall(index.row());
    const ToolCallPhase phase = toolCallPhase(m_snapshot, call);
    const bool argsInvalid = !call.rare().argsError.isEmpty();
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return call.name;
        case StatusColumn:
            return toolCallPhaseName(phase);
        case ArgsColumn:
            if (argsInvalid)
                return tr("⚠ not valid JSON: %1").arg(oneLine(call.args, 80));
            return oneLine(toolArgsText(call));
        case ResultColumn:
            return oneLine(resultText(call));
        case ParentMessageColumn:
            return call.parentMessageId;
        case RunColumn:
            return runLabel(call.runIndex);
        case StartColumn:
            return formatTimeUs(call.startedAtUs);
        case EndColumn:
            return formatTimeUs(endUs(call));
        case DurationColumn:
            return call.startedAtUs >= 0 && endUs(call) >= 0
                ? formatDurationUs(endUs(call) - call.startedAtUs)
                : QString();
        case IdColumn:
            return call.id;
        }
        return {};
    case Qt::ToolTipRole:
        if (index.column() == ArgsColumn && argsInvalid)
            return call.rare().argsError;
        if (index.column() == StatusColumn && phase == ToolCallPhase::NeverAnswered)
            return tr("Its run ended without a TOOL_CALL_RESULT for it.");
        if (index.column() == ArgsColumn)
            return data(index, ArgsTextRole).toString().left(4000);
        if (index.column() == ResultColumn)
            return resultText(call).left(4000);
        return {};
    case Qt::ForegroundRole:
        if ((index.column() == ArgsColumn && argsInvalid)
            || (index.column() == StatusColumn && phase == ToolCallPhase::NeverAnswered))
            return QBrush(QColor(200, 40, 40));
        return {};
    case ToolCallIdRole:
        return call.id;
    case PhaseRole:
        return toolCallPhaseName(phase);
    case ArgsTextRole:
        // On a tooltip or the detail pane's request, never per painted row.
        if (call.status != ToolCallStatus::StreamingArgs) {
            if (const std::optional<QJsonValue> args = parsedToolArgs(call))
                return json::toIndentedJson(*args);
        }
        return call.args;
    case ArgsErrorRole:
        return call.rare().argsError;
    case ResultTextRole:
        return resultText(call);
    }
    return {};
}

QVariant ToolCallModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Name");
    case StatusColumn:
        return tr("Status");
    case ArgsColumn:
        return tr("Arguments");
    case ResultColumn:
        return tr("Result");
    case ParentMessageColumn:
        return tr("Parent Message");
    case RunColumn:
        return tr("Run");
    case StartColumn:
        return tr("Start");
    case EndColumn:
        return tr("End");
    case DurationColumn:
        return tr("Duration");
    case IdColumn:
        return tr("Id");
    }
    return {};
}

} // namespace agui::ui
