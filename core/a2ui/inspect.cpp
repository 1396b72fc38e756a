#include "core/a2ui/inspect.h"

#include "core/a2ui/binding.h"
#include "core/a2ui/functions.h"
#include "core/json/jsonpointer.h"

#include <QJsonArray>

namespace agui::a2ui {

QJsonObject inspectComponent(const Surface &surface, const QString &componentId,
                             const QString &scopePath)
{
    const Component *c = surface.component(componentId);
    if (!c)
        return QJsonObject {{QStringLiteral("id"), componentId},
                            {QStringLiteral("error"),
                             QStringLiteral("surface \"%1\" has no component \"%2\"")
                                 .arg(surface.surfaceId, componentId)}};
    QJsonArray bindings;
    for (auto it = c->normalized.begin(); it != c->normalized.end(); ++it) {
        if (it.key() == QStringLiteral("id") || it.key() == QStringLiteral("component")
            || it.key() == QStringLiteral("children"))
            continue;
        for (const QString &path : dependencyPaths(it.value(), scopePath)) {
            QJsonObject b {{QStringLiteral("prop"), it.key()}, {QStringLiteral("path"), path}};
            const auto value = json::resolve(surface.dataModel, path);
            b.insert(QStringLiteral("resolved"), value.has_value());
            if (value)
                b.insert(QStringLiteral("value"), *value);
            bindings.append(b);
        }
    }
    QJsonObject out {{QStringLiteral("id"), c->id},
                     {QStringLiteral("type"), c->type},
                     {QStringLiteral("version"), versionName(c->version)},
                     {QStringLiteral("scopePath"), scopePath},
                     {QStringLiteral("original"), c->original},
                     {QStringLiteral("normalized"), c->normalized},
                     {QStringLiteral("bindings"), bindings}};
    if (c->normalized.contains(QStringLiteral("checks"))) {
        const ChecksResult r = evaluateChecks(c->normalized.value(QStringLiteral("checks")),
                                              surface.dataModel, scopePath);
        QJsonArray failures;
        for (const CheckFailure &f : r.failures)
            failures.append(f.message);
        out.insert(QStringLiteral("checks"),
                   QJsonObject {{QStringLiteral("ok"), r.ok},
                                {QStringLiteral("failures"), failures},
                                {QStringLiteral("errors"), QJsonArray::fromStringList(r.errors)}});
    }
    return out;
}

} // namespace agui::a2ui
