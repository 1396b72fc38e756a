#pragma once

// Entry point for the session and the UI: the surfaces as of an event, as a pure function of the
// session's a2ui-surface activity messages and tool results (the caller passes the JSON; core/a2ui
// knows nothing of the session).

#include "core/a2ui/surfaceset.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

#include <optional>

namespace agui::a2ui {

// "a2ui-surface" and "a2ui_operations" (what @ag-ui/a2ui-middleware uses).
QString surfaceActivityType();
QString operationsKey();

// Where A2UI messages came from, in session order.
struct A2uiSource
{
    enum class Kind : quint8 {
        Activity, // content of an ACTIVITY_SNAPSHOT (after any ACTIVITY_DELTA) of type a2ui-surface
        ToolResult, // content of a TOOL_CALL_RESULT / tool message (string or parsed JSON)
    };
    Kind kind = Kind::Activity;
    QString id; // activity messageId, or the tool call id / tool message id
    QJsonValue content;
};

// content.a2ui_operations of an a2ui-surface activity; nullopt when the key is absent (lifecycle
// content such as {status:"building"}). *error is set when the key is there but not an array.
std::optional<QJsonArray> operationsFromActivity(const QJsonObject &content,
                                                 QString *error = nullptr);

// a2ui_operations from a tool result's content: an object {"a2ui_operations":[...]}, or a string
// holding that JSON (possibly a JSON string holding it again, as some servers double-encode).
// nullopt when the content carries no operations.
std::optional<QJsonArray> operationsFromToolResult(const QJsonValue &content);

// Applies an ACTIVITY_DELTA's JSON Patch to an activity's content (atomic). False and *error
// (naming the op) when the patch does not apply; content is left untouched then.
bool applyActivityDelta(QJsonObject &content, const QJsonValue &patch, QString *error = nullptr);

// The SurfaceSet of these sources applied in order. Activity sources without operations become
// PendingSurface entries; tool results without operations are skipped.
SurfaceSet buildSurfaceSet(const QList<A2uiSource> &sources);

// Convenience for one snapshot: the surfaces of one a2ui-surface activity content.
SurfaceSet surfacesFromActivity(const QJsonObject &content, const QString &sourceId = {});

} // namespace agui::a2ui
