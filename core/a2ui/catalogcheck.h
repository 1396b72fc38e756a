#pragma once

// A surface's components held to the catalogs they resolve to (v0.9+), as a validator or a
// strict renderer does: the surface's catalog (v0.9) or each component's and each call's own
// "catalogId", else the surface default (v1.0), must be a catalog the session knows, of the
// surface's protocol version; the component must validate against its catalog's schema; a call
// must name a function of its catalog with arguments its schema accepts; the theme must validate
// against the catalog's theme schema.
//
// Where the specification leaves it to the renderer, we: check a v1.0 call against the catalog it
// names (or the surface default), never the catalog of the component holding it; treat a call
// inside a component as opaque while validating the component (its value is only known when it
// runs, and it is checked on its own); accept a reserved "@" name only for "@index".

#include "core/a2ui/catalog.h"
#include "core/a2ui/issue.h"
#include "core/a2ui/surface.h"

#include <QList>

namespace agui::a2ui {

// Whether a catalog of this protocolVersion serves a surface of that version: v0.9, v0.9.1 and
// v0.10 serve one another's surfaces, v0.8 and v1.0 only their own.
bool catalogServesVersion(const QString &catalogVersion, Version surfaceVersion);

// The catalogs a session knows, by catalogId. A basic catalog answers for every alias of the
// basic catalog (version.h) on a surface of its version family.
class CatalogRegistry
{
public:
    void add(const Catalog &catalog);
    bool isEmpty() const { return m_catalogs.isEmpty(); }
    QStringList catalogIds() const;
    const QList<Catalog> &catalogs() const { return m_catalogs; }
    // The catalog a surface of this version means by catalogId, or nullptr.
    const Catalog *find(const QString &catalogId, Version surfaceVersion) const;
    // What find() answers for an id it does not know (a validator given one catalog checks every
    // surface against it); "" = nothing.
    void setFallback(const QString &catalogId) { m_fallback = catalogId; }

private:
    QList<Catalog> m_catalogs;
    QString m_fallback;
};

// Rule ids of the findings (docs/a2ui.md):
//   a2ui.catalog-not-found   a catalogId the session has no catalog for (or one of another
//                            protocol version than the surface)
//   a2ui.no-default-catalog  a v1.0 component or call that names no catalog on a surface without
//                            a default catalog
//   a2ui.catalog-schema      a component, a call's arguments or the theme fail the catalog's
//                            schema (the path names the property)
//   a2ui.unknown-function    a call to a function its catalog does not define, or to a reserved
//                            "@" name other than "@index"
//   a2ui.bad-message         a catalogId that is not a string
//   a2ui.unallowed-parent    v1.0: a component placed under a parent its catalog's
//                            "allowedParents" does not list (the root's parent is "Surface")
//   a2ui.unallowed-child     v1.0: a child its parent's "allowedChildren" does not list
// schemas = false checks only what resolves (catalogs, functions), not the schemas.
Issues checkSurfaceCatalogs(const Surface &surface, const CatalogRegistry &catalogs,
                            bool schemas = true);

// The v1.0 calls of one component value, checked against the catalogs they resolve to:
// defaultCatalogId is the surface default ("" = none). When lenient, a call naming a catalog
// the registry lacks is accepted after its names are checked (validating against one catalog
// alone, which cannot judge another). componentId and surfaceId only label the findings.
Issues checkCalls(const QJsonValue &value, const QString &defaultCatalogId,
                  const CatalogRegistry &catalogs, Version surfaceVersion, bool lenient,
                  const QString &surfaceId = {}, const QString &componentId = {});

} // namespace agui::a2ui
