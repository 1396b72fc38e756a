#include "core/a2ui/indexscope.h"

#include "core/a2ui/tree.h"

#include <QJsonArray>
#include <QSet>

namespace agui::a2ui {

namespace {

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
    for (const char *key : {"@call", "call"}) {
        if (o.value(QLatin1String(key)) == QJsonValue(QStringLiteral("@index")))
            return path.isEmpty() ? QStringLiteral("/") : path;
    }
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
    const QSet<QString> inTemplates = templated(surface);
    for (const QString &id : surface.componentOrder) {
        if (inTemplates.contains(id))
            continue;
        const QString at = indexCall(surface.components.value(id).original, QString());
        if (at.isEmpty())
            continue;
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
