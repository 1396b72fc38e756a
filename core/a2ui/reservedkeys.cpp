#include "core/a2ui/reservedkeys.h"

#include <QJsonArray>

namespace agui::a2ui {

namespace {

QString token(const QString &key)
{
    QString t = key;
    t.replace(QLatin1Char('~'), QLatin1String("~0")).replace(QLatin1Char('/'), QLatin1String("~1"));
    return t;
}

void collect(const Surface &s, const QString &componentId, const QJsonValue &v, const QString &path,
             Issues &out)
{
    if (v.isArray()) {
        const QJsonArray a = v.toArray();
        for (qsizetype i = 0; i < a.size(); ++i)
            collect(s, componentId, a.at(i), path + QLatin1Char('/') + QString::number(i), out);
        return;
    }
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString at = path + QLatin1Char('/') + token(it.key());
        const bool defined
            = it.key() == QLatin1String("@path") || it.key() == QLatin1String("@call");
        if (isReservedKey(it.key()) && !defined)
            out.append(Issue {QStringLiteral("a2ui.reserved-key"), Severity::Error, s.surfaceId,
                              componentId, at,
                              QStringLiteral("\"%1\" is in the reserved \"@\" namespace, where "
                                             "v1.0 defines only @path and @call; write \"@%1\" "
                                             "for a literal key")
                                  .arg(it.key()),
                              s.sourceId, -1, QString()});
        collect(s, componentId, it.value(), at, out);
    }
}

} // namespace

bool isReservedKey(const QString &key)
{
    return key.startsWith(QLatin1Char('@')) && !key.startsWith(QLatin1String("@@"));
}

Issues reservedKeyIssues(const Surface &surface)
{
    Issues out;
    if (surface.version != Version::V1_0)
        return out;
    for (const QString &id : surface.componentOrder) {
        const Component *c = surface.component(id);
        if (!c)
            continue;
        // The envelope's own keys (id, component, catalogId) are not values.
        for (auto it = c->original.begin(); it != c->original.end(); ++it)
            collect(surface, id, it.value(), QLatin1Char('/') + token(it.key()), out);
    }
    return out;
}

} // namespace agui::a2ui
