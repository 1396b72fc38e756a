#pragma once

#include "core/session/change.h"
#include "ui/models/jsontreemodel.h"

#include <QHash>

namespace agui::ui {

// The state document as a tree (JsonTreeModel) with the locations the selected event changed
// marked: ChangeKindRole on the changed node itself ("added" / "replaced"), ContainsChangeRole on
// its ancestors (so a collapsed branch still shows that something inside moved), and a tinted
// background. Removed locations are no longer in the tree; the view lists them.
class StateTreeModel : public JsonTreeModel
{
    Q_OBJECT
public:
    enum StateRole {
        ChangeKindRole = CompactJsonRole + 16, // QString "added"/"replaced"/"" (this node)
        ContainsChangeRole, // bool: a descendant changed
        BeforeValueRole, // QString: compact JSON before the change ("" when added)
    };

    explicit StateTreeModel(QObject *parent = nullptr);

    // One reset: the state after the event and what that event changed.
    void setState(const QJsonValue &state, const QList<StatePathChange> &changes);
    const QList<StatePathChange> &changes() const { return m_changes; }

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    QList<StatePathChange> m_changes;
    QHash<QString, qsizetype> m_changedAt; // pointer -> m_changes index
    QHash<QString, bool> m_ancestors; // pointers of ancestors of changed locations
};

QString compactJsonText(const QJsonValue &value); // "" for undefined

} // namespace agui::ui
