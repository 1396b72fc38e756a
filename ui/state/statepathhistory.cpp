#include "ui/state/statepathhistory.h"

#include "core/json/jsonpointer.h"
#include "core/session/session.h"
#include "ui/state/statetreemodel.h"

namespace agui::ui {

namespace {

// a is b or an ancestor of b (JSON Pointer text; "" is the root).
bool isAncestorOrSelf(const QString &a, const QString &b)
{
    return a.isEmpty() || a == b || (b.startsWith(a) && b.at(a.size()) == QLatin1Char('/'));
}

QJsonValue below(const QJsonValue &value, const QString &rest)
{
    return json::resolve(value, rest).value_or(QJsonValue(QJsonValue::Undefined));
}

} // namespace

QList<PathHistoryEntry> statePathHistory(const Session &session, const QString &path,
                                         qint64 uptoSeq, qsizetype maxEntries, bool *truncated)
{
    QList<PathHistoryEntry> out;
    if (truncated)
        *truncated = false;
    const EventStore &store = session.events();
    uptoSeq = qMin(uptoSeq, store.size() - 1);
    for (qint64 seq = 0; seq <= uptoSeq; ++seq) {
        const EventType type = store.type(seq);
        if (type != EventType::StateSnapshot && type != EventType::StateDelta)
            continue;
        const EventChange change = session.changeAt(seq);
        for (const StatePathChange &c : change.statePaths) {
            PathHistoryEntry entry;
            entry.seq = seq;
            entry.typeName = eventTypeName(type);
            if (isAncestorOrSelf(c.path, path) && c.path != path) {
                // A whole branch above the path was replaced: what happened at the path itself.
                const QString rest = path.mid(c.path.size());
                entry.path = path;
                entry.before = below(c.before, rest);
                entry.after = below(c.after, rest);
                if (entry.before == entry.after)
                    continue;
                entry.kind = entry.before.isUndefined() ? StatePathChange::Kind::Added
                    : entry.after.isUndefined()         ? StatePathChange::Kind::Removed
                                                        : StatePathChange::Kind::Replaced;
            } else if (isAncestorOrSelf(path, c.path)) {
                entry.path = c.path;
                entry.kind = c.kind;
                entry.before = c.before;
                entry.after = c.after;
            } else {
                continue;
            }
            out.append(entry);
            if (out.size() >= maxEntries) {
                if (truncated)
                    *truncated = true;
                return out;
            }
        }
    }
    return out;
}

StatePathHistoryModel::StatePathHistoryModel(QObject *parent)
    : RowTableModel({tr("Event"), tr("Type"), tr("Path"), tr("Change"), tr("Before"), tr("After")},
                    parent)
{ }

void StatePathHistoryModel::setHistory(const QString &path, QList<PathHistoryEntry> entries)
{
    m_path = path; // read by no cell: the reset below is what views act on
    setRows(std::move(entries));
}

QVariant StatePathHistoryModel::data(const QModelIndex &index, int role) const
{
    const PathHistoryEntry *found = rowAt(index);
    if (!found)
        return {};
    const PathHistoryEntry &e = *found;
    if (role == SeqRole)
        return e.seq;
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const int limit = role == Qt::ToolTipRole ? 4000 : 200;
    switch (index.column()) {
    case SeqColumn:
        return QString::number(e.seq);
    case TypeColumn:
        return e.typeName;
    case PathColumn:
        return e.path.isEmpty() ? tr("(whole state)") : e.path;
    case KindColumn:
        return statePathChangeKindName(e.kind);
    case BeforeColumn:
        return compactJsonText(e.before).left(limit);
    case AfterColumn:
        return compactJsonText(e.after).left(limit);
    }
    return {};
}

} // namespace agui::ui
