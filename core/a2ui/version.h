#pragma once

// A2UI protocol versions and catalog ids (a2ui-protocol reference §1, §6). The version is worked
// out for every message on its own, never per session: one batch may mix versions.

#include <QJsonObject>
#include <QString>

namespace agui::a2ui {

enum class Version : quint8 {
    Unknown, // no recognisable operation key, or a "version" string we do not know
    V0_8, // no "version"; surfaceUpdate / dataModelUpdate / beginRendering / bare deleteSurface
    V0_9, // "version":"v0.9"
    V0_9_1, // "version":"v0.9.1" (same message shapes as v0.9)
    V0_10, // "version":"v0.10" (draft; treated like v0.9)
    V1_0, // "version":"v1.0"
};

// "v0.8", "v0.9", "v0.9.1", "v0.10", "v1.0", "unknown".
QString versionName(Version version);
// v0.9, v0.9.1 and v0.10 share the v0.9 message shapes.
bool isV09Family(Version version);

// Per-message detection (§1.1): the "version" string first; without one, the v0.8 operation keys.
// versionText receives the raw "version" value ("" when absent).
Version detectVersion(const QJsonObject &message, QString *versionText = nullptr);

// The one operation key of a message ("createSurface", "surfaceUpdate", ...), or "" when the
// message holds none of the known keys. More than one known key: the first in protocol order, and
// *ambiguous is set.
QString operationKey(const QJsonObject &message, bool *ambiguous = nullptr);

// The canonical basic catalog ids.
QString basicCatalogIdV09(); // https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json
QString basicCatalogIdV10(); // https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json
QString
standardCatalogIdV08(); // https://a2ui.org/specification/v0_8/standard_catalog_definition.json

// True for every id known to mean the basic/standard catalog, aliases included: the middleware's
// .../v0_9/basic_catalog.json, the v0_9_1 and v0_10 paths, catalogs/v1/basic.json, the v0.8
// standard catalog, and "basic" (what render_a2ui callers sometimes pass).
bool isBasicCatalog(const QString &catalogId);

// The component types of the basic catalog for a version family (v0.8: MultipleChoice; v0.9+:
// ChoicePicker), and whether a type belongs to it.
QStringList basicComponentTypes(Version version);
bool isBasicComponentType(const QString &type, Version version);

} // namespace agui::a2ui
