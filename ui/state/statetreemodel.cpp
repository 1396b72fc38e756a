#include "ui/state/statetreemodel.h"

#include "core/json/jsontext.h"

#include <QBrush>
#include <QColor>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace agui::ui {

QString compactJsonText(const QJsonValue &value)
{
    if (value.isUndefined())
        return {};
    return json::toCompactJson(value);
}

StateTreeModel::StateTreeModel(QObject *parent)
    : JsonTreeModel(parent)
{ }

void StateTreeModel::setState(const QJsonValue &state, const QList<StatePathChange> &changes)
{
    m_changes = changes;
    m_changedAt.clear();
    m_ancestors.clear();
    for (qsizetype i = 0; i < changes.size(); ++i) {
        const QString &path = changes.at(i).path;
        if (changes.at(i).kind != StatePathChange::Kind::Removed)
            m_changedAt.insert(path, i);
        // Every proper prefix ending before a '/' is an ancestor ("" is the root, not a row).
        for (qsizetype at = path.indexOf(QLatin1Char('/'), 1); at > 0;
             at = path.indexOf(QLatin1Char('/'), at + 1))
            m_ancestors.insert(path.left(at), true);
    }
    setJson(state);
}

QVariant StateTreeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    if (role != ChangeKindRole && role != ContainsChangeRole && role != BeforeValueRole
        && role != Qt::BackgroundRole && role != Qt::ToolTipRole)
        return JsonTreeModel::data(index, role);
    const QString pointer = JsonTreeModel::data(index, PointerRole).toString();
    const auto it = m_changedAt.constFind(pointer);
    const StatePathChange *change = it == m_changedAt.constEnd() ? nullptr : &m_changes.at(*it);
    switch (role) {
    case ChangeKindRole:
        return change ? statePathChangeKindName(change->kind) : QString();
    case ContainsChangeRole:
        return m_ancestors.contains(pointer);
    case BeforeValueRole:
        return change ? compactJsonText(change->before) : QString();
    case Qt::BackgroundRole:
        if (change)
            return QBrush(change->kind == StatePathChange::Kind::Added ? QColor(46, 160, 67, 70)
                                                                       : QColor(210, 153, 34, 70));
        if (m_ancestors.contains(pointer))
            return QBrush(QColor(210, 153, 34, 25));
        return {};
    case Qt::ToolTipRole:
        if (change) {
            const QString before = compactJsonText(change->before);
            return tr("%1 by this event\nbefore: %2\nafter: %3")
                .arg(statePathChangeKindName(change->kind),
                     before.isEmpty() ? tr("(absent)") : before.left(2000),
                     compactJsonText(change->after).left(2000));
        }
        return JsonTreeModel::data(index, role);
    }
    return {};
}

} // namespace agui::ui
