#include "core/session/statepaths.h"

#include "core/json/jsondiff.h"
#include "core/json/jsonpointer.h"
#include "core/protocol/clientpatch.h"

#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>

namespace agui {

namespace {

QJsonValue valueAt(const QJsonValue &doc, const json::Pointer &p)
{
    return json::resolve(doc, p).value_or(QJsonValue(QJsonValue::Undefined));
}

void addChange(QList<StatePathChange> &out, const json::Pointer &p, const QJsonValue &before,
               const QJsonValue &after)
{
    StatePathChange c;
    c.path = p.toString();
    c.before = before;
    c.after = after;
    if (before.isUndefined())
        c.kind = StatePathChange::Kind::Added;
    else if (after.isUndefined())
        c.kind = StatePathChange::Kind::Removed;
    else
        c.kind = StatePathChange::Kind::Replaced;
    out.append(c);
}

} // namespace

QList<StatePathChange> statePathsOfPatch(const QJsonValue &before, const QJsonValue &patch)
{
    QList<StatePathChange> out;
    const ClientPatchTrace trace = traceClientPatch(before, patch);
    if (!trace.result.ok)
        return out;
    for (const ClientPatchStep &step : trace.steps) {
        const QString kind = step.op.value(QLatin1String("op")).toString();
        if (step.outcome != ClientPatchStep::Outcome::Applied || kind == QLatin1String("test"))
            continue;
        const std::optional<json::Pointer> path = json::Pointer::parse(step.path);
        if (!path)
            continue;
        // A move also empties its source (reported as a removal, unless it moved onto itself).
        if (kind == QLatin1String("move")) {
            const std::optional<json::Pointer> from
                = json::Pointer::parse(step.op.value(QLatin1String("from")).toString());
            if (from && *from != *path)
                addChange(out, *from, step.fromValue, QJsonValue(QJsonValue::Undefined));
        }
        // An insert into an array shifts the items after it; it is reported as an addition.
        addChange(out, *path, step.before, step.after);
    }
    return out;
}

QList<StatePathChange> statePathsOfReplacement(const QJsonValue &before, const QJsonValue &after)
{
    QList<StatePathChange> out;
    const QJsonArray ops = json::diff(before, after);
    for (const auto &opValue : ops) {
        const QJsonObject op = opValue.toObject();
        const std::optional<json::Pointer> p
            = json::Pointer::parse(op.value(QLatin1String("path")).toString());
        if (!p)
            continue;
        addChange(out, *p, valueAt(before, *p), valueAt(after, *p));
    }
    // json::diff lists ops in the seed's application order; a view reads paths in document order.
    std::stable_sort(
        out.begin(), out.end(),
        [](const StatePathChange &a, const StatePathChange &b) { return a.path < b.path; });
    return out;
}

} // namespace agui
