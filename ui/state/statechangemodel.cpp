#include "ui/state/statechangemodel.h"

#include "core/protocol/clientpatch.h"

#include "core/json/jsonpatch.h"
#include "ui/state/statetreemodel.h"

#include <QBrush>
#include <QColor>
#include <QJsonArray>
#include <QJsonObject>

namespace agui::ui {

namespace {

QString shortJson(const QJsonValue &value)
{
    QString text = compactJsonText(value);
    if (text.size() > 120)
        text = text.left(120) + QStringLiteral("…");
    return text;
}

QString appliedEffect(const QString &op, const QString &path, const QString &from,
                      const QJsonValue &before, const QJsonValue &after, bool arrayInsert)
{
    const QString where = path.isEmpty() ? QObject::tr("the whole state") : path;
    if (op == QLatin1String("add")) {
        if (arrayInsert)
            return QObject::tr("inserted at %1").arg(where);
        return before.isUndefined()
            ? QObject::tr("added %1").arg(where)
            : QObject::tr("replaced %1 (add on an existing member)").arg(where);
    }
    if (op == QLatin1String("remove"))
        return QObject::tr("removed %1").arg(where);
    if (op == QLatin1String("replace"))
        return json::jsonEquals(before, after)
            ? QObject::tr("replaced %1 with an equal value").arg(where)
            : QObject::tr("replaced %1").arg(where);
    if (op == QLatin1String("move"))
        return QObject::tr("moved %1 to %2").arg(from, where);
    if (op == QLatin1String("copy"))
        return QObject::tr("copied %1 to %2").arg(from, where);
    if (op == QLatin1String("test"))
        return QObject::tr("test passed at %1").arg(where);
    return QObject::tr("%1 at %2").arg(op, where);
}

} // namespace

QString stateChangeOutcomeName(StateChangeRow::Outcome outcome)
{
    switch (outcome) {
    case StateChangeRow::Outcome::Applied:
        return QStringLiteral("applied");
    case StateChangeRow::Outcome::Failed:
        return QStringLiteral("failed");
    case StateChangeRow::Outcome::Skipped:
        return QStringLiteral("skipped");
    case StateChangeRow::Outcome::NotReached:
        return QStringLiteral("not-reached");
    case StateChangeRow::Outcome::Dropped:
        return QStringLiteral("dropped");
    }
    return {};
}

QList<StateChangeRow> describeStateDelta(const QJsonObject &event, const QJsonValue &before)
{
    QList<StateChangeRow> rows;
    const QJsonValue patch = event.value(QLatin1String("delta"));
    if (!patch.isArray()) {
        StateChangeRow row;
        row.outcome = StateChangeRow::Outcome::Failed;
        row.effect = QObject::tr("failed: delta is not an array of JSON Patch operations; the "
                                 "state is unchanged");
        rows.append(row);
        return rows;
    }
    // The one client-like application (core/protocol/clientpatch.h), op by op.
    const ClientPatchTrace trace = traceClientPatch(before, patch);
    const qsizetype failedAt = trace.result.failedOp;
    for (const ClientPatchStep &step : trace.steps) {
        StateChangeRow row;
        row.opIndex = int(step.index);
        row.op = step.op.value(QLatin1String("op")).toString();
        row.path = step.op.value(QLatin1String("path")).toString();
        row.from = step.op.value(QLatin1String("from")).toString();
        row.before = step.before;
        row.after = step.after;
        const QString effect
            = appliedEffect(row.op, step.path, row.from, step.before, step.after, step.arrayInsert);
        switch (step.outcome) {
        case ClientPatchStep::Outcome::Dropped:
            row.outcome = StateChangeRow::Outcome::Dropped;
            row.effect = QObject::tr("dropped by the reference client (\"%1\" is not a JSON "
                                     "Patch operation)")
                             .arg(row.op);
            break;
        case ClientPatchStep::Outcome::Applied:
            row.outcome = StateChangeRow::Outcome::Applied;
            row.effect = effect;
            break;
        case ClientPatchStep::Outcome::Skipped:
            // The client applies a delta atomically: one failing op and none of them count.
            row.outcome = StateChangeRow::Outcome::Skipped;
            row.effect = QObject::tr("skipped with the patch (op %1 failed); alone it would "
                                     "have: %2")
                             .arg(failedAt)
                             .arg(effect);
            break;
        case ClientPatchStep::Outcome::Failed:
            row.outcome = StateChangeRow::Outcome::Failed;
            row.after = QJsonValue(QJsonValue::Undefined);
            row.effect = QObject::tr("failed: %1").arg(trace.result.message);
            break;
        case ClientPatchStep::Outcome::NotReached:
            row.outcome = StateChangeRow::Outcome::NotReached;
            row.effect = QObject::tr("not reached (op %1 failed)").arg(failedAt);
            break;
        }
        rows.append(row);
    }
    return rows;
}

QList<StateChangeRow> describeStateSnapshot(const QList<StatePathChange> &paths)
{
    QList<StateChangeRow> rows;
    for (const StatePathChange &c : paths) {
        StateChangeRow row;
        row.op = statePathChangeKindName(c.kind);
        row.path = c.path;
        row.before = c.before;
        row.after = c.after;
        const QString where = c.path.isEmpty() ? QObject::tr("the whole state") : c.path;
        switch (c.kind) {
        case StatePathChange::Kind::Added:
            row.effect = QObject::tr("%1 added by the snapshot").arg(where);
            break;
        case StatePathChange::Kind::Removed:
            row.effect = QObject::tr("%1 dropped by the snapshot").arg(where);
            break;
        case StatePathChange::Kind::Replaced:
            row.effect = QObject::tr("%1 replaced by the snapshot").arg(where);
            break;
        }
        rows.append(row);
    }
    return rows;
}

StateChangeModel::StateChangeModel(QObject *parent)
    : RowTableModel({tr("#"), tr("Op"), tr("Path"), tr("Effect"), tr("Before"), tr("After")},
                    parent)
{ }

QVariant StateChangeModel::data(const QModelIndex &index, int role) const
{
    const StateChangeRow *found = rowAt(index);
    if (!found)
        return {};
    const StateChangeRow &row = *found;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case IndexColumn:
            return row.opIndex >= 0 ? QString::number(row.opIndex) : QString();
        case OpColumn:
            return row.op;
        case PathColumn:
            return row.from.isEmpty() ? row.path : row.from + QStringLiteral(" → ") + row.path;
        case EffectColumn:
            return row.effect;
        case BeforeColumn:
            return shortJson(row.before);
        case AfterColumn:
            return shortJson(row.after);
        }
        return {};
    case Qt::ToolTipRole:
        switch (index.column()) {
        case BeforeColumn:
            return compactJsonText(row.before).left(4000);
        case AfterColumn:
            return compactJsonText(row.after).left(4000);
        default:
            return row.effect;
        }
    case Qt::ForegroundRole:
        if (row.outcome == StateChangeRow::Outcome::Failed)
            return QBrush(QColor(200, 40, 40));
        if (row.outcome != StateChangeRow::Outcome::Applied)
            return QBrush(QColor(128, 128, 128));
        return {};
    case OutcomeRole:
        return stateChangeOutcomeName(row.outcome);
    case PathRole:
        return row.path;
    }
    return {};
}

} // namespace agui::ui
