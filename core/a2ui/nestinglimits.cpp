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

struct Walk
{
    std::optional<QString> tooDeep; // where the value depth limit is crossed
    std::optional<QString> callsTooDeep; // where the call depth limit is crossed

    void visit(const QJsonValue &v, const QString &path, int depth, int calls)
    {
        if (tooDeep && callsTooDeep)
            return;
        if (!v.isObject() && !v.isArray())
            return;
        if (depth > kMaxValueDepth) {
            if (!tooDeep)
                tooDeep = path;
            return; // deeper still is the same finding
        }
        if (v.isArray()) {
            const QJsonArray a = v.toArray();
            for (qsizetype i = 0; i < a.size(); ++i)
                visit(a.at(i), path + QLatin1Char('/') + QString::number(i), depth + 1, calls);
            return;
        }
        const QJsonObject o = v.toObject();
        const int nowCalls = isCall(o) ? calls + 1 : calls;
        if (nowCalls > kMaxCallDepth && !callsTooDeep)
            callsTooDeep = path;
        for (auto it = o.begin(); it != o.end(); ++it) {
            QString key = it.key();
            key.replace(QLatin1Char('~'), QLatin1String("~0"))
                .replace(QLatin1Char('/'), QLatin1String("~1"));
            visit(it.value(), path + QLatin1Char('/') + key, depth + 1, nowCalls);
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
        walk.visit(c->original, QString(), 0, 0);
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
