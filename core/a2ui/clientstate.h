#pragma once

// What a renderer sends back to the agent about itself (A2UI v0.9+, "client capabilities" and
// "client data model"): the catalogs it supports, optionally inline, and the data model of every
// surface created with "sendDataModel": true. The composer attaches them to the next message; the
// inspector shows what a real renderer would have sent.

#include "core/a2ui/catalog.h"
#include "core/a2ui/surfaceset.h"

#include <QJsonObject>
#include <QList>

#include <optional>

namespace agui::a2ui {

// {"<version>": {"supportedCatalogIds": [...], "inlineCatalogs": [...]}}: the catalogs that serve
// surfaces of that protocol version, in the order given; inlineCatalogs only when asked for.
QJsonObject rendererCapabilities(const QList<Catalog> &catalogs, const QString &version,
                                 bool includeInlineCatalogs);

// A catalog as a renderer describes it inline: each component as the common ComponentCommon plus
// its own properties under a "component" const; functions as a list of {name, returnType,
// parameters}; the theme's properties.
QJsonObject inlineCatalog(const Catalog &catalog);

// {"version": "<version>", "surfaces": {"<surfaceId>": <data model>}} over the surfaces of that
// protocol version that asked for their data model; nullopt when none did (nothing is sent).
std::optional<QJsonObject> clientDataModel(const SurfaceSet &set, const QString &version);

} // namespace agui::a2ui
