#include "core/a2ui/indexscope.h"

#include "core/a2ui/tree.h"

#include <QJsonArray>
#include <QSet>

#include <optional>

namespace agui::a2ui {

namespace {

bool isIndexCall(const QJsonObject &o)
{
    for (const char *key : {"@call", "call"}) {
        const QJsonValue call = o.value(QLatin1String(key));
        if (call.isString() && call.toString() == QLatin1String("@index"))
            return true;
    }
    return false;
}

// Whether a value holds an "@index" call anywhere. Every component of every activity snapshot
// takes this walk, so it builds no pointers: indexCall() writes the one a finding reports.
bool hasIndexCall(const QJsonValue &v)
{
    if (v.isArray()) {
        const QJsonArray a = v.toArray();
        for (const QJsonValue item : a) {
            if (hasIndexCall(item))
                return true;
        }
        return false;
    }
    if (!v.isObject())
        return false;
    const QJsonObject o = v.toObject();
    if (isIndexCall(o))
        return true;
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (hasIndexCall(it.value()))
            return true;
    }
    return false;
}

// The pointer of the first "@index" call in a value, or "".
QString indexCall(const QJsonValue &v, const QString &path)
{
    if (v.isArray()) {
        const QJsonArray a = v.toArray();
        for (qsizetype i = 0; i < a.size(); ++i) {
            const QString found = indexCall(a.at(i), path + QLatin1Char('/') + QString::number(i));
            if (!found.isEmpty())
                return found;
        }
        return {};
    }
    const QJsonObject o = v.toObject();
    if (isIndexCall(o))
        return path.isEmpty() ? QStringLiteral("/") : path;
    for (auto it = o.begin(); it != o.end(); ++it) {
        QString token = it.key();
        token.replace(QLatin1Char('~'), QLatin1String("~0"))
            .replace(QLatin1Char('/'), QLatin1String("~1"));
        const QString found = indexCall(it.value(), path + QLatin1Char('/') + token);
        if (!found.isEmpty())
            return found;
    }
    return {};
}

// Every component a list template renders: the templates' componentIds and what they contain.
QSet<QString> templated(const Surface &s)
{
    QStringList work;
    for (const QString &id : s.componentOrder) {
        for (const StaticRef &ref : staticReferences(s.components.value(id).normalized)) {
            if (ref.pointer.endsWith(QLatin1String("/componentId")))
                work.append(ref.id);
        }
    }
    QSet<QString> out;
    while (!work.isEmpty()) {
        const QString id = work.takeLast();
        if (out.contains(id) || !s.components.contains(id))
            continue;
        out.insert(id);
        for (const StaticRef &ref : staticReferences(s.components.value(id).normalized))
            work.append(ref.id);
    }
    return out;
}

} // namespace

Issues indexScopeIssues(const Surface &surface)
{
    Issues out;
    if (surface.version == Version::V0_8)
        return out;
    std::optional<QSet<QString>> inTemplates; // found only when some component calls @index
    for (const QString &id : surface.componentOrder) {
        const Component *c = surface.component(id);
        if (!c || !hasIndexCall(c->original))
            continue;
        if (!inTemplates)
            inTemplates = templated(surface);
        if (inTemplates->contains(id))
            continue;
        const QString at = indexCall(c->original, QString());
        out.append(Issue {QStringLiteral("a2ui.index-outside-template"), Severity::Error,
                          surface.surfaceId, id, at,
                          QStringLiteral("@index function can only be evaluated inside a "
                                         "collection template iteration scope. \"%1\" is "
                                         "rendered by no list template.")
                              .arg(id),
                          surface.sourceId, -1, QString()});
    }
    return out;
}

} // namespace agui::a2ui
