#pragma once

#include "core/session/change.h"
#include "ui/models/rowtablemodel.h"

#include <QJsonValue>

namespace agui::ui {

// One line of "what this event did to the state": a STATE_DELTA op with its effect, or one
// location a STATE_SNAPSHOT changed (its diff against the state before it).
struct StateChangeRow
{
    enum class Outcome : quint8 {
        Applied, // the op changed the state (or a test passed)
        Failed, // the op that made the patch fail; reason in effect
        Skipped, // applied on its own, but the patch failed later: the client skips it whole
        NotReached, // after the failing op
        Dropped, // the client's enforce stage removes it (unknown op)
    };
    int opIndex = -1; // delta op index; -1 for snapshot diff rows
    QString op; // "add"/"remove"/... for deltas; "added"/"removed"/"replaced" for snapshots
    QString path; // JSON Pointer as sent ("-" appends resolved in effect)
    QString from; // move / copy source
    QString effect; // one sentence
    QJsonValue before; // value at path before (Undefined: absent)
    QJsonValue after; // value at path after (Undefined: absent)
    Outcome outcome = Outcome::Applied;
};

// What a STATE_DELTA's ops did one by one against the state before it (applying them singly,
// as the client does in order) — including, for a patch that failed, which op failed and why
// and that the others were skipped with it. event is the event's JSON.
QList<StateChangeRow> describeStateDelta(const QJsonObject &event, const QJsonValue &before);
// A STATE_SNAPSHOT: the locations where it differs from the state before it.
QList<StateChangeRow> describeStateSnapshot(const QList<StatePathChange> &paths);

// The rows above as a flat table: #, Op, Path, Effect, Before, After.
class StateChangeModel : public RowTableModel<StateChangeRow>
{
    Q_OBJECT
public:
    enum Column {
        IndexColumn,
        OpColumn,
        PathColumn,
        EffectColumn,
        BeforeColumn,
        AfterColumn, // the column titles given to RowTableModel are the count
    };
    enum Role {
        OutcomeRole = Qt::UserRole + 1, // QString "applied"/"failed"/"skipped"/"not-reached"
        PathRole, // QString: the path (resolved for appends)
    };

    explicit StateChangeModel(QObject *parent = nullptr);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
};

QString stateChangeOutcomeName(StateChangeRow::Outcome outcome);

} // namespace agui::ui
