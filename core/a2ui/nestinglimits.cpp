#include "core/a2ui/nestinglimits.h"

#include <QJsonArray>
#include <QJsonObject>

#include <optional>

namespace agui::a2ui {

namespace {

bool isCall(const QJsonObject &o)
{
    return o.value(QLatin1String("call")).isString() || o.value(QLatin1String("@call")).isString();
}

// One step of the pointer to where the walk is: an object's key or an array's index. Kept as
// parts and written out only for a finding, since every component of every activity snapshot
// takes this walk and almost none crosses a limit.
struct Step
{
    QString key;
    qsizetype index = -1;
};

QString pointerOf(const QList<Step> &steps)
{
    QString out;
    for (const Step &step : steps) {
        out += QLatin1Char('/');
        if (step.index >= 0) {
            out += QString::number(step.index);
            continue;
        }
        QString key = step.key;
        out += key.replace(QLatin1Char('~'), QLatin1String("~0"))
                   .replace(QLatin1Char('/'), QLatin1String("~1"));
    }
    return out;
}

struct Walk
{
    std::optional<QString> tooDeep; // where the value depth limit is crossed
    std::optional<QString> callsTooDeep; // where the call depth limit is crossed
    QList<Step> steps;

    void visit(const QJsonValue &v, int depth, int calls)
    {
        if (tooDeep && callsTooDeep)
            return;
        if (!v.isObject() && !v.isArray())
            return;
        if (depth > kMaxValueDepth) {
            if (!tooDeep)
                tooDeep = pointerOf(steps);
            return; // deeper still is the same finding
        }
        if (v.isArray()) {
            const QJsonArray a = v.toArray();
            for (qsizetype i = 0; i < a.size(); ++i) {
                steps.append(Step {QString(), i});
                visit(a.at(i), depth + 1, calls);
                steps.removeLast();
            }
            return;
        }
        const QJsonObject o = v.toObject();
        const int nowCalls = isCall(o) ? calls + 1 : calls;
        if (nowCalls > kMaxCallDepth && !callsTooDeep)
            callsTooDeep = pointerOf(steps);
        for (auto it = o.begin(); it != o.end(); ++it) {
            steps.append(Step {it.key(), -1});
            visit(it.value(), depth + 1, nowCalls);
            steps.removeLast();
        }
    }
};

} // namespace

Issues nestingLimitIssues(const Surface &surface)
{
    Issues out;
    if (surface.version == Version::V0_8 || surface.version == Version::Unknown)
        return out;
    for (const QString &id : surface.componentOrder) {
        const Component *c = surface.component(id);
        if (!c)
            continue;
        Walk walk;
        walk.visit(c->original, 0, 0);
        const auto finding = [&](const QString &path, const QString &message) {
            out.append(Issue {QStringLiteral("a2ui.nesting-limit"), Severity::Error,
                              surface.surfaceId, id, path, message, surface.sourceId, -1,
                              QString()});
        };
        if (walk.tooDeep)
            finding(*walk.tooDeep,
                    QStringLiteral("Global recursion limit exceeded: \"%1\" nests deeper than %2 "
                                   "levels")
                        .arg(id)
                        .arg(kMaxValueDepth));
        if (walk.callsTooDeep)
            finding(*walk.callsTooDeep,
                    QStringLiteral("functionCall depth exceeds %1: calls nested in \"%2\"")
                        .arg(kMaxCallDepth)
                        .arg(id));
    }
    return out;
}

} // namespace agui::a2ui
