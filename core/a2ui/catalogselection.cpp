#include "core/a2ui/catalogselection.h"

namespace agui::a2ui {

namespace {

bool namesOwnCatalog(const QString &version)
{
    return !version.startsWith(QLatin1String("v0."));
}

} // namespace

QString catalogVersionConflict(const SurfaceCatalogs &surface)
{
    for (const QString &id : surface.supportedCatalogIds) {
        const QString version = surface.catalogVersions.value(id);
        if (!version.isEmpty() && version != surface.protocolVersion)
            return QStringLiteral("Protocol version mismatch: cannot mix catalog '%1' (%2) with "
                                  "surface version %3.")
                .arg(id, version, surface.protocolVersion);
    }
    return {};
}

CatalogSelection selectCatalog(const SurfaceCatalogs &surface, const QJsonObject &item)
{
    const QJsonValue own = item.value(QLatin1String("catalogId"));
    const QString id = namesOwnCatalog(surface.protocolVersion) && own.isString()
        ? own.toString()
        : surface.defaultCatalogId;
    if (id.isEmpty())
        return {QString(),
                QStringLiteral("Surface '%1' has no default catalog and the item names none.")
                    .arg(surface.surfaceId)};
    if (!surface.supportedCatalogIds.contains(id) && id != surface.defaultCatalogId)
        return {QString(),
                QStringLiteral("Catalog '%1' is not supported by surface '%2'.")
                    .arg(id, surface.surfaceId)};
    return {id, QString()};
}

} // namespace agui::a2ui
