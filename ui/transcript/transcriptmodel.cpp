#include "ui/transcript/transcriptmodel.h"

#include "ui/state/statetreemodel.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace agui::ui {

namespace {

// Painting a megabyte of text per card helps no one; the full text stays in FullTextRole.
constexpr qsizetype kMaxBodyChars = 6000;

QString pretty(const QJsonValue &value)
{
    if (value.isObject())
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Indented))
            .trimmed();
    if (value.isArray())
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Indented))
            .trimmed();
    return compactJsonText(value);
}

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
    QString args = call->parsedArgs ? compactJsonText(*call->parsedArgs) : call->args;
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
    if (message.contentJson.isArray() && !message.isActivity()) {
        QStringList parts;
        for (const QJsonValue &part : message.contentJson.toArray())
            parts.append(part.isObject() ? partText(part.toObject()) : compactJsonText(part));
        return parts.join(QLatin1Char('\n'));
    }
    if (message.contentJson.isString())
        return message.contentJson.toString();
    return pretty(message.contentJson);
}

TranscriptModel::TranscriptModel(QObject *parent)
    : QAbstractListModel(parent)
{ }

void TranscriptModel::setSnapshot(const SessionSnapshot &snapshot, const SessionSnapshot &before,
                                  const EventChange &change)
{
    const bool isMerge = change.appliedTypes.contains(EventType::MessagesSnapshot);
    const QSet<QString> added(change.messagesAdded.cbegin(), change.messagesAdded.cend());
    const QSet<QString> changed(change.messagesChanged.cbegin(), change.messagesChanged.cend());

    QList<TranscriptItem> items;
    items.reserve(snapshot.messageCount() + change.messagesRemoved.size());
    auto describe = [&](const SessionSnapshot &from, const Message &m, bool dropped) {
        TranscriptItem item;
        item.message = m;
        item.dropped = dropped;
        if (dropped)
            item.tag = QStringLiteral("dropped");
        else if (added.contains(m.id))
            item.tag = isMerge ? QStringLiteral("appended") : QStringLiteral("new");
        else if (changed.contains(m.id))
            item.tag = isMerge ? QStringLiteral("replaced") : QStringLiteral("changed");
        QStringList head {m.role.isEmpty() ? tr("(no role)") : m.role};
        if (!m.name.isEmpty())
            head.append(m.name);
        if (m.isActivity() && !m.activityType.isEmpty())
            head.append(m.activityType);
        head.append(m.id);
        if (m.runIndex >= 0 && m.runIndex < from.runCount()
            && !from.run(m.runIndex).runId.isEmpty())
            head.append(from.run(m.runIndex).runId);
        if (m.firstSeq >= 0)
            head.append(m.lastSeq > m.firstSeq ? tr("events %1–%2").arg(m.firstSeq).arg(m.lastSeq)
                                               : tr("event %1").arg(m.firstSeq));
        else if (m.fromSnapshot)
            head.append(tr("from the run input"));
        item.header = head.join(QStringLiteral(" · "));

        QStringList body;
        if (m.role == QLatin1String("tool") && !m.toolCallId.isEmpty())
            body.append(tr("result of %1:").arg(m.toolCallId));
        const QString content = messageContentText(m);
        if (!content.isEmpty())
            body.append(content);
        for (const QString &id : m.toolCalls)
            body.append(toolCallLine(from, id));
        if (!m.error.isEmpty())
            body.append(tr("error: %1").arg(m.error));
        if (!m.encryptedValue.isEmpty())
            body.append(
                tr("[encrypted value, %n character(s)]", nullptr, int(m.encryptedValue.size())));
        item.body = body.join(QLatin1Char('\n'));
        return item;
    };
    for (qsizetype i = 0; i < snapshot.messageCount(); ++i)
        items.append(describe(snapshot, snapshot.message(i), false));
    // Dropped messages go back where they were: after the nearest earlier message still there.
    for (const QString &id : change.messagesRemoved) {
        const qsizetype oldPos = before.messagePosition(id);
        if (oldPos < 0)
            continue;
        qsizetype insertAt = 0;
        for (qsizetype p = oldPos - 1; p >= 0; --p) {
            const QString prev = before.message(p).id;
            auto it = std::find_if(items.cbegin(), items.cend(),
                                   [&](const TranscriptItem &t) { return t.message.id == prev; });
            if (it != items.cend()) {
                insertAt = (it - items.cbegin()) + 1;
                break;
            }
        }
        items.insert(insertAt, describe(before, before.message(oldPos), true));
    }

    if (isMerge) {
        const qsizetype kept = snapshot.messageCount() - change.messagesAdded.size();
        m_mergeSummary = tr("MESSAGES_SNAPSHOT merge: %1 appended, %2 replaced, %3 dropped, %4 "
                            "kept unchanged.")
                             .arg(change.messagesAdded.size())
                             .arg(change.messagesChanged.size())
                             .arg(change.messagesRemoved.size())
                             .arg(qMax<qsizetype>(0, kept - change.messagesChanged.size()));
    } else {
        m_mergeSummary.clear();
    }

    auto key = [](const TranscriptItem &t) {
        return t.dropped ? QStringLiteral("dropped:") + t.message.id : t.message.id;
    };
    bool extends = items.size() >= m_items.size();
    for (qsizetype i = 0; extends && i < m_items.size(); ++i)
        extends = key(items.at(i)) == key(m_items.at(i));
    if (!extends) {
        beginResetModel();
        m_items = std::move(items);
        endResetModel();
        return;
    }
    const qsizetype old = m_items.size();
    qsizetype first = -1;
    qsizetype last = -1;
    for (qsizetype i = 0; i < old; ++i) {
        const TranscriptItem &a = m_items.at(i);
        const TranscriptItem &b = items.at(i);
        if (a.body != b.body || a.header != b.header || a.tag != b.tag) {
            if (first < 0)
                first = i;
            last = i;
        }
    }
    if (items.size() > old) {
        beginInsertRows({}, int(old), int(items.size() - 1));
        m_items = std::move(items);
        endInsertRows();
    } else {
        m_items = std::move(items);
    }
    if (first >= 0)
        Q_EMIT dataChanged(index(int(first)), index(int(last)));
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
    if (const TranscriptItem *item = itemAt(index.row()))
        setExpanded(item->message.id, !isExpanded(item->message.id));
}

const TranscriptItem *TranscriptModel::itemAt(int row) const
{
    return row >= 0 && row < m_items.size() ? &m_items.at(row) : nullptr;
}

int TranscriptModel::rowOf(const QString &messageId) const
{
    for (qsizetype i = 0; i < m_items.size(); ++i)
        if (m_items.at(i).message.id == messageId && !m_items.at(i).dropped)
            return int(i);
    return -1;
}

int TranscriptModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_items.size());
}

QString TranscriptModel::bodyOf(const TranscriptItem &item) const
{
    if (item.message.role == QLatin1String("reasoning") && !m_expanded.contains(item.message.id))
        return tr("▸ Reasoning, %n character(s) — click to expand", nullptr, int(item.body.size()));
    if (item.body.size() > kMaxBodyChars)
        return item.body.left(kMaxBodyChars)
            + tr("\n… (%n more character(s))", nullptr, int(item.body.size() - kMaxBodyChars));
    return item.body;
}

QVariant TranscriptModel::data(const QModelIndex &index, int role) const
{
    const TranscriptItem *item = itemAt(index.row());
    if (!index.isValid() || !item)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        return QString(item->header + QLatin1Char('\n') + bodyOf(*item));
    case Qt::ToolTipRole:
        return item->tag.isEmpty() ? QVariant() : tr("This event: %1").arg(item->tag);
    case MessageIdRole:
        return item->message.id;
    case RoleRole:
        return item->message.role;
    case TagRole:
        return item->tag;
    case HeaderRole:
        return item->header;
    case BodyRole:
        return bodyOf(*item);
    case FullTextRole:
        return item->body;
    case IsReasoningRole:
        return item->message.role == QLatin1String("reasoning");
    case ExpandedRole:
        return m_expanded.contains(item->message.id);
    case DroppedRole:
        return item->dropped;
    }
    return {};
}

} // namespace agui::ui
