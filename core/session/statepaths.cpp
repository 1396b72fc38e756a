#include "core/session/statepaths.h"

#include "core/json/jsondiff.h"
#include "core/json/jsonpatch.h"
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

// "/a/-" names the end of an array: report the index the value lands at.
json::Pointer concrete(const QJsonValue &doc, const QString &text)
{
    std::optional<json::Pointer> p = json::Pointer::parse(text);
    if (!p)
        return json::Pointer();
    if (!p->isRoot() && p->tokens().last() == QLatin1String("-")) {
        const QJsonValue parent = valueAt(doc, p->parent());
        if (parent.isArray())
            return p->parent().child(parent.toArray().size());
    }
    return *p;
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
    QJsonValue doc = before;
    for (const auto &[sentIndex, op] : clientPatchOps(patch)) {
        Q_UNUSED(sentIndex);
        const QString kind = op.value(QLatin1String("op")).toString();
        const json::Pointer path = concrete(doc, op.value(QLatin1String("path")).toString());
        const QJsonValue pathBefore = valueAt(doc, path);
        // An insert into an array shifts the items after it; it is reported as an addition.
        const bool arrayInsert = kind == QLatin1String("add") && !path.isRoot()
            && valueAt(doc, path.parent()).isArray();
        std::optional<json::Pointer> from;
        QJsonValue fromBefore;
        if (kind == QLatin1String("move")) {
            from = json::Pointer::parse(op.value(QLatin1String("from")).toString());
            if (from)
                fromBefore = valueAt(doc, *from);
        }
        const json::PatchResult r = json::applyPatch(doc, QJsonArray {op});
        if (!r.ok)
            break; // cannot happen for a patch that applied whole; stop rather than guess
        doc = r.document;
        if (kind == QLatin1String("test"))
            continue;
        if (from && *from != path)
            addChange(out, *from, fromBefore, QJsonValue(QJsonValue::Undefined));
        addChange(out, path, arrayInsert ? QJsonValue(QJsonValue::Undefined) : pathBefore,
                  valueAt(doc, path));
    }
    return out;
}

QList<StatePathChange> statePathsOfReplacement(const QJsonValue &before, const QJsonValue &after)
{
    QList<StatePathChange> out;
    const QJsonArray ops = json::diff(before, after);
    for (const QJsonValue &opValue : ops) {
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
