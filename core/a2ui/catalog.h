#pragma once

// A catalog as the A2UI specification defines it (a2ui.org, "Catalogs"; the published basic
// catalogs are JSON Schema documents): a catalogId, the components and functions it offers, each
// a JSON Schema, and a theme schema. Catalogs are outside input (an app advertises its own), so
// loading reports what is wrong instead of trusting the document, and components are validated
// against the catalog's own schemas with jsonschema.h.
//
// Versions: v0.8 catalogs keep their theme under "styles"; from v0.9 it is "theme" or
// "$defs/theme". A "$defs/anyComponent" (or "anyFunction") oneOf of "#/components/X" refs limits
// the catalog to those. From v1.0, every component, property, function and argument name is a
// UAX #31 identifier (the one reserved "@" name is "@index").

#include "core/a2ui/jsonschema.h"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace agui::a2ui {

struct Catalog
{
    QString catalogId;
    QString protocolVersion; // "v0.8", "v0.9", "v0.9.1" or "v1.0"
    QJsonObject components; // name -> schema, as written
    QJsonObject functions; // name -> definition, as written
    QJsonObject theme; // the theme's schema; {} when the catalog has none
    QJsonObject document; // the catalog as loaded
    QString baseUri; // what its "#…" references are relative to: its $id, else its catalogId
    SchemaSet schemas; // the catalog and the common types its references reach
};

struct CatalogLoad
{
    std::optional<Catalog> catalog;
    QString error; // why the document is not a catalog (a CatalogError in the suites' terms)
};

// Loads a catalog document. Its version is its "protocolVersion", else the one its $id or
// catalogId URL names (…/v0_9/…), else versionHint ("" = v0.9, the first version with catalog
// files); catalogId, when not empty, overrides the
// document's. commonTypes are the common_types.json documents its references may reach; the one
// of the catalog's version also answers a relative "common_types.json".
CatalogLoad loadCatalog(const QJsonObject &document, const QString &versionHint = {},
                        const QString &catalogId = {}, const QList<QJsonObject> &commonTypes = {});

// The catalog's schemas with every $ref replaced by what it names, as far as that terminates (a
// reference back into itself stays a reference): the form an agent prompt or an inspector shows.
QJsonValue inlinedSchema(const Catalog &catalog, const QJsonValue &schema);

// The catalog as one self-contained JSON Schema document: every reference to another document
// becomes "#/$defs/<name>", with the common types it reaches (transitively) copied into $defs
// unless the catalog defines that name itself; the top-level $id, title, description and
// protocolVersion are dropped. The "catalog_schema" of the conformance suites' published-catalog
// cases.
QJsonObject bundledCatalogSchema(const Catalog &catalog);

// Every $ref in a document is local ("#…") and resolves within it.
bool isSelfContained(const QJsonObject &document, QString *firstProblem = nullptr);

// Validates a component instance ({"id", "component", …}) against the catalog: an unknown
// component type is one error at "/component". Values opaque() accepts are not judged.
SchemaErrors validateComponent(const Catalog &catalog, const QJsonObject &component,
                               const SchemaSet::Opaque &opaque = {});

// v1.0: the component's schema with its calls opaque, then every call it holds that names no
// catalog or this one, against this catalog (catalogcheck.h): what "validating a component
// against one catalog" means once calls may run in another catalog.
SchemaErrors validateComponentOpaqueCalls(const Catalog &catalog, const QJsonObject &component);

// UAX #31 default identifier: XID_Start or "_", then XID_Continue (approximated by the Unicode
// general categories they are derived from).
bool isUax31Identifier(const QString &name);

} // namespace agui::a2ui
