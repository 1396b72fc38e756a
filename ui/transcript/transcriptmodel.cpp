#include "ui/transcript/transcriptmodel.h"

#include "core/json/jsontext.h"
#include "core/session/toolargs.h"

#include "ui/state/statetreemodel.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace agui::ui {

namespace {

// Painting a megabyte of text per card helps no one; the full text stays in FullTextRole.
constexpr qsizetype kMaxBodyChars = 6000;

QString partText(const QJsonObject &part)
{
    const QString type = part.value(QLatin1String("type")).toString();
    if (type == QLatin1String("text"))
        return part.value(QLatin1String("text")).toString();
    QString what = part.value(QLatin1String("mimeType")).toString();
    if (what.isEmpty()) {
        const QJsonObject source = part.value(QLatin1String("source")).toObject();
        what = source.value(QLatin1String("mimeType")).toString();
        if (what.isEmpty())
            what = source.value(QLatin1String("url")).toString();
    }
    return what.isEmpty() ? QStringLiteral("[%1]").arg(type)
                          : QStringLiteral("[%1: %2]").arg(type, what);
}

QString toolCallLine(const SessionSnapshot &snapshot, const QString &id)
{
    const ToolCall *call = snapshot.findToolCall(id);
    if (!call)
        return QObject::tr("→ tool call %1").arg(id);
    QString args = toolArgsText(*call);
    if (args.size() > 300)
        args = args.left(300) + QStringLiteral("…");
    return QObject::tr("→ %1(%2)  [%3]").arg(call->name, args, id);
}

} // namespace

QString messageContentText(const Message &message)
{
    switch (message.contentKind) {
    case ContentKind::Absent:
        return {};
    case ContentKind::Text:
        return message.text;
    case ContentKind::Json:
        break;
    }
    const QJsonValue &content = message.rare().contentJson;
    if (content.isArray() && !message.isActivity()) {
        QStringList parts;
        for (const QJsonValue &part : content.toArray())
            parts.append(part.isObject() ? partText(part.toObject()) : compactJsonText(part));
        return parts.join(QLatin1Char('\n'));
    }
    if (content.isString())
        return content.toString();
    return json::toIndentedJson(content);
}

TranscriptModel::TranscriptModel(QObject *parent)
    : QAbstractListModel(parent)
{ }

const Message &TranscriptModel::Rows::message(int row) const
{
    const qint32 r = rows.at(row);
    return r >= 0 ? snapshot.message(r) : dropped.at(-r - 1);
}

QString TranscriptModel::Rows::tag(int row) const
{
    if (rows.at(row) < 0)
        return QStringLiteral("dropped");
    const QString &id = message(row).id;
    if (added.contains(id))
        return isMerge ? QStringLiteral("appended") : QStringLiteral("new");
    if (changed.contains(id))
        return isMerge ? QStringLiteral("replaced") : QStringLiteral("changed");
    return {};
}

qint64 TranscriptModel::Rows::signature(int row) const
{
    const Message &m = message(row);
    // The message's own last change, plus how far its tool calls got (their lines are part of
    // the message's card), plus the tag.
    qint64 sig = m.lastSeq * 1'000'003 + m.eventCount;
    for (const QString &id : m.toolCalls) {
        if (const ToolCall *call = snapshot.findToolCall(id))
            sig = sig * 31 + call->argsEventCount * 7 + qint64(call->status) + call->endSeq;
    }
    const QString t = tag(row);
    sig = sig * 31 + (t.isEmpty() ? 0 : t.at(0).unicode() + t.size());
    return sig;
}

void TranscriptModel::setSnapshot(const SessionSnapshot &snapshot, const SessionSnapshot &before,
                                  const EventChange &change)
{
    Rows next;
    next.snapshot = snapshot;
    next.isMerge = change.appliedTypes.contains(EventType::MessagesSnapshot);
    next.added = QSet<QString>(change.messagesAdded.cbegin(), change.messagesAdded.cend());
    next.changed = QSet<QString>(change.messagesChanged.cbegin(), change.messagesChanged.cend());
    next.rows.reserve(snapshot.messageCount() + change.messagesRemoved.size());
    for (qsizetype i = 0; i < snapshot.messageCount(); ++i)
        next.rows.append(qint32(i));
    // Dropped messages go back where they were: after the nearest earlier message still there.
    for (const QString &id : change.messagesRemoved) {
        const qsizetype oldPos = before.messagePosition(id);
        if (oldPos < 0)
            continue;
        qsizetype insertAt = 0;
        for (qsizetype p = oldPos - 1; p >= 0; --p) {
            const qsizetype now = snapshot.messagePosition(before.message(p).id);
            if (now >= 0) {
                insertAt = next.rows.indexOf(qint32(now)) + 1;
                break;
            }
        }
        next.dropped.append(before.message(oldPos));
        next.rows.insert(insertAt, -qint32(next.dropped.size()));
    }

    if (next.isMerge) {
        const qsizetype kept = snapshot.messageCount() - change.messagesAdded.size();
        m_mergeSummary
            = tr("MESSAGES_SNAPSHOT merge: %1 appended, %2 replaced, %3 dropped, %4 kept "
                 "unchanged.")
                  .arg(change.messagesAdded.size())
                  .arg(change.messagesChanged.size())
                  .arg(change.messagesRemoved.size())
                  .arg(qMax<qsizetype>(0, kept - change.messagesChanged.size()));
    } else {
        m_mergeSummary.clear();
    }

    const int oldCount = int(m_data.rows.size());
    const int newCount = int(next.rows.size());
    // One pass over the common prefix (rows showing the same message) that also marks the rows
    // something between the two events can have touched: a message changed after the earlier
    // event (or a dropped row). Tool calls that moved and tagged messages are marked below.
    // Only marked rows are compared in full, so a cursor move is O(rows) integer compares.
    const qint64 lo = qMin(m_data.snapshot.lastSeq(), next.snapshot.lastSeq());
    const int limit = qMin(oldCount, newCount);
    QList<char> candidate;
    candidate.reserve(limit);
    int common = 0;
    for (; common < limit; ++common) {
        const bool droppedA = m_data.rows.at(common) < 0;
        if (droppedA != (next.rows.at(common) < 0))
            break;
        const Message &a = m_data.message(common);
        const Message &b = next.message(common);
        if (a.id != b.id)
            break;
        candidate.append(droppedA || a.lastSeq > lo || b.lastSeq > lo);
    }
    auto markRow = [&](const Rows &rows, const QString &messageId) {
        const qsizetype position = rows.snapshot.messagePosition(messageId);
        if (position < 0)
            return;
        const int row
            = rows.dropped.isEmpty() ? int(position) : int(rows.rows.indexOf(qint32(position)));
        if (row >= 0 && row < common)
            candidate[row] = 1;
    };
    for (const Rows *rows : {&m_data, &next}) {
        for (const QString &id : rows->added)
            markRow(*rows, id);
        for (const QString &id : rows->changed)
            markRow(*rows, id);
        const SessionSnapshot &snap = rows->snapshot;
        for (qsizetype i = 0; i < snap.toolCallCount(); ++i) {
            const ToolCall &c = snap.toolCall(i);
            if (c.startSeq > lo || c.endSeq > lo || c.resultSeq > lo
                || (c.endSeq < 0 && c.startSeq >= 0))
                markRow(*rows, c.parentMessageId);
        }
    }
    QList<std::pair<int, int>> changedRuns;
    for (int row = 0; row < common; ++row) {
        if (!candidate.at(row) || m_data.signature(row) == next.signature(row))
            continue;
        if (!changedRuns.isEmpty() && changedRuns.last().second == row - 1)
            changedRuns.last().second = row;
        else
            changedRuns.append({row, row});
    }
    if (oldCount > common) {
        beginRemoveRows({}, common, oldCount - 1);
        m_data.rows.resize(common);
        endRemoveRows();
    }
    if (newCount > common) {
        beginInsertRows({}, common, newCount - 1);
        m_data = std::move(next);
        endInsertRows();
    } else {
        m_data = std::move(next);
    }
    for (const auto &run : std::as_const(changedRuns))
        Q_EMIT dataChanged(index(run.first), index(run.second));
}

void TranscriptModel::setExpanded(const QString &messageId, bool expanded)
{
    if (expanded == m_expanded.contains(messageId))
        return;
    if (expanded)
        m_expanded.insert(messageId);
    else
        m_expanded.remove(messageId);
    const int row = rowOf(messageId);
    if (row >= 0)
        Q_EMIT dataChanged(index(row), index(row));
}

void TranscriptModel::toggleExpanded(const QModelIndex &index)
{
    if (const Message *m = messageAt(index.row()))
        setExpanded(m->id, !isExpanded(m->id));
}

const Message *TranscriptModel::messageAt(int row) const
{
    return row >= 0 && row < m_data.rows.size() ? &m_data.message(row) : nullptr;
}

bool TranscriptModel::isDropped(int row) const
{
    return row >= 0 && row < m_data.rows.size() && m_data.rows.at(row) < 0;
}

int TranscriptModel::rowOf(const QString &messageId) const
{
    const qsizetype position = m_data.snapshot.messagePosition(messageId);
    if (position < 0)
        return -1;
    if (m_data.dropped.isEmpty())
        return int(position);
    return int(m_data.rows.indexOf(qint32(position)));
}

int TranscriptModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_data.rows.size());
}

QString TranscriptModel::headerOf(int row) const
{
    const Message &m = m_data.message(row);
    const SessionSnapshot &from = m_data.snapshot;
    QStringList head {m.role.isEmpty() ? tr("(no role)") : m.role};
    const MessageRare &rare = m.rare();
    if (!rare.name.isEmpty())
        head.append(rare.name);
    if (m.isActivity() && !rare.activityType.isEmpty())
        head.append(rare.activityType);
    head.append(m.id);
    if (m.runIndex >= 0 && m.runIndex < from.runCount() && !from.run(m.runIndex).runId.isEmpty())
        head.append(from.run(m.runIndex).runId);
    if (m.firstSeq >= 0)
        head.append(m.lastSeq > m.firstSeq ? tr("events %1–%2").arg(m.firstSeq).arg(m.lastSeq)
                                           : tr("event %1").arg(m.firstSeq));
    else if (m.fromSnapshot)
        head.append(tr("from the run input"));
    return head.join(QStringLiteral(" · "));
}

QString TranscriptModel::bodyOf(int row) const
{
    const Message &m = m_data.message(row);
    QStringList body;
    if (m.role == QLatin1String("tool") && !m.toolCallId.isEmpty())
        body.append(tr("result of %1:").arg(m.toolCallId));
    const QString content = messageContentText(m);
    if (!content.isEmpty())
        body.append(content);
    for (const QString &id : m.toolCalls)
        body.append(toolCallLine(m_data.snapshot, id));
    const MessageRare &rare = m.rare();
    if (!rare.error.isEmpty())
        body.append(tr("error: %1").arg(rare.error));
    if (!rare.encryptedValue.isEmpty() && rare.encryptedValueType.isEmpty())
        body.append(
            tr("[encrypted value, %n character(s)]", nullptr, int(rare.encryptedValue.size())));
    else if (!rare.encryptedValue.isEmpty())
        body.append(tr("[encrypted value of type %1, %n character(s)]", nullptr,
                       int(rare.encryptedValue.size()))
                        .arg(rare.encryptedValueType));
    return body.join(QLatin1Char('\n'));
}

QString TranscriptModel::shownBody(int row) const
{
    const Message &m = m_data.message(row);
    const QString body = bodyOf(row);
    if (m.role == QLatin1String("reasoning") && !m_expanded.contains(m.id))
        return tr("▸ Reasoning, %n character(s) — click to expand", nullptr, int(body.size()));
    if (body.size() > kMaxBodyChars)
        return body.left(kMaxBodyChars)
            + tr("\n… (%n more character(s))", nullptr, int(body.size() - kMaxBodyChars));
    return body;
}

QVariant TranscriptModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_data.rows.size())
        return {};
    const int row = index.row();
    switch (role) {
    case Qt::DisplayRole:
        return QString(headerOf(row) + QLatin1Char('\n') + shownBody(row));
    case Qt::ToolTipRole: {
        const QString tag = m_data.tag(row);
        return tag.isEmpty() ? QVariant() : tr("This event: %1").arg(tag);
    }
    case MessageIdRole:
        return m_data.message(row).id;
    case RoleRole:
        return m_data.message(row).role;
    case TagRole:
        return m_data.tag(row);
    case HeaderRole:
        return headerOf(row);
    case BodyRole:
        return shownBody(row);
    case FullTextRole:
        return bodyOf(row);
    case IsReasoningRole:
        return m_data.message(row).role == QLatin1String("reasoning");
    case ExpandedRole:
        return m_expanded.contains(m_data.message(row).id);
    case DroppedRole:
        return m_data.rows.at(row) < 0;
    }
    return {};
}

} // namespace agui::ui
