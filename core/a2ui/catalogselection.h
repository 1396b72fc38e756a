#pragma once

// Which catalog a component or a function call of a surface belongs to (a2ui.org, v1.0
// "Catalogs": a surface has a default catalog and the catalogs it may use; a component or a call
// may name its own "catalogId"). Before v1.0 a surface has exactly one catalog and a catalogId on
// a component or call is ignored.

#include <QHash>
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace agui::a2ui {

struct SurfaceCatalogs
{
    QString surfaceId;
    QString protocolVersion; // the surface's, e.g. "v1.0"
    QString defaultCatalogId; // "" when the surface has none (v1.0 allows that)
    QStringList supportedCatalogIds;
    QHash<QString, QString> catalogVersions; // catalogId -> its protocolVersion, where known
};

struct CatalogSelection
{
    QString catalogId; // "" with an error
    QString error; // a CatalogError in the suites' terms
};

// A catalog of another protocol version than the surface's cannot be mixed in: the first such
// one, as an error; "" when there is none.
QString catalogVersionConflict(const SurfaceCatalogs &surface);

// The catalog a component or call ({…, "catalogId"?}) resolves to: its own catalogId (v1.0),
// else the surface default; an error when that catalog is not one the surface supports, or when
// there is none.
CatalogSelection selectCatalog(const SurfaceCatalogs &surface, const QJsonObject &item);

} // namespace agui::a2ui
