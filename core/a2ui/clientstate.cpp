#include "core/a2ui/clientstate.h"

#include "core/a2ui/catalogcheck.h"

#include <QJsonArray>

namespace agui::a2ui {

namespace {

Version versionNamed(const QString &name)
{
    for (Version v :
         {Version::V0_8, Version::V0_9, Version::V0_9_1, Version::V0_10, Version::V1_0}) {
        if (versionName(v) == name)
            return v;
    }
    return Version::Unknown;
}

// "component": {"const": name} first, then the component's own properties.
QJsonObject inlineComponent(const QString &name, const QJsonObject &schema)
{
    QJsonObject properties {
        {QStringLiteral("component"), QJsonObject {{QStringLiteral("const"), name}}}};
    const QJsonObject own = schema.value(QLatin1String("properties")).toObject();
    for (auto it = own.begin(); it != own.end(); ++it)
        properties.insert(it.key(), it.value());
    QJsonArray required {QStringLiteral("component")};
    for (const QJsonValue &r : schema.value(QLatin1String("required")).toArray()) {
        if (r != QJsonValue(QStringLiteral("component")))
            required.append(r);
    }
    const QJsonObject common {
        {QStringLiteral("$ref"), QStringLiteral("common_types.json#/$defs/ComponentCommon")}};
    return {{QStringLiteral("allOf"),
             QJsonArray {common,
                         QJsonObject {{QStringLiteral("properties"), properties},
                                      {QStringLiteral("required"), required}}}}};
}

} // namespace

QJsonObject inlineCatalog(const Catalog &catalog)
{
    QJsonObject out {{QStringLiteral("catalogId"), catalog.catalogId}};
    QJsonObject components;
    for (auto it = catalog.components.begin(); it != catalog.components.end(); ++it)
        components.insert(it.key(), inlineComponent(it.key(), it.value().toObject()));
    if (!components.isEmpty())
        out.insert(QStringLiteral("components"), components);
    QJsonArray functions;
    for (auto it = catalog.functions.begin(); it != catalog.functions.end(); ++it) {
        QJsonObject f = it.value().toObject();
        f.insert(QStringLiteral("name"), it.key());
        functions.append(f);
    }
    if (!functions.isEmpty())
        out.insert(QStringLiteral("functions"), functions);
    if (!catalog.theme.isEmpty())
        out.insert(QStringLiteral("theme"), catalog.theme.value(QLatin1String("properties")));
    return out;
}

QJsonObject rendererCapabilities(const QList<Catalog> &catalogs, const QString &version,
                                 bool includeInlineCatalogs)
{
    const Version v = versionNamed(version);
    QJsonArray ids;
    QJsonArray inlined;
    for (const Catalog &c : catalogs) {
        if (!catalogServesVersion(c.protocolVersion, v))
            continue;
        ids.append(c.catalogId);
        if (includeInlineCatalogs)
            inlined.append(inlineCatalog(c));
    }
    QJsonObject entry {{QStringLiteral("supportedCatalogIds"), ids}};
    if (includeInlineCatalogs)
        entry.insert(QStringLiteral("inlineCatalogs"), inlined);
    return {{version, entry}};
}

std::optional<QJsonObject> clientDataModel(const SurfaceSet &set, const QString &version)
{
    const Version v = versionNamed(version);
    QJsonObject surfaces;
    for (const QString &id : set.surfaceIds()) {
        const Surface *s = set.surface(id);
        const bool sameFamily = s->version == v || (isV09Family(s->version) && isV09Family(v));
        if (s->sendDataModel && sameFamily)
            surfaces.insert(id, s->dataModel);
    }
    if (surfaces.isEmpty())
        return std::nullopt;
    return QJsonObject {{QStringLiteral("version"), version},
                        {QStringLiteral("surfaces"), surfaces}};
}

} // namespace agui::a2ui
