#pragma once

// The A2UI surfaces a session holds as of a snapshot: the glue between the session model and
// core/a2ui (which knows nothing of sessions). Used by the GUI's Surfaces tab, the session diff
// and the MCP server alike.

#include "core/a2ui/surfacemodel.h"
#include "core/session/snapshot.h"

namespace agui::analysis {

// The A2UI sources of a snapshot in thread order: each a2ui-surface activity message (its content
// as the session holds it, deltas applied) and each tool message whose content carries
// a2ui_operations. A tool result that an activity already shows (the middleware names the
// activity "a2ui-surface-[<surfaceId>-]<toolCallId>") is left out, so it is not applied twice.
QList<a2ui::A2uiSource> a2uiSourcesOf(const SessionSnapshot &snapshot);

// buildSurfaceSet(a2uiSourcesOf(snapshot)).
a2ui::SurfaceSet surfacesOf(const SessionSnapshot &snapshot);

// A surface as the agent built it: {"catalogId", "rootId", "components": {id: the component in
// the v0.9 shape}, "dataModel": the agent's model (no user edits)}. What the session diff
// compares and the MCP server's surfaces_at returns.
QJsonObject surfaceToJson(const a2ui::Surface &surface);

} // namespace agui::analysis
