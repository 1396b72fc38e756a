#pragma once

// A2UI over AG-UI: the C++ port of the seed module A2UIAgent.AGUI (see
// docs/demo-agent.md and the port contract). A surface travels as ACTIVITY_SNAPSHOT events of
// activity type "a2ui-surface" whose content holds every A2UI message of that surface so far
// under "a2ui_operations"; a user's click arrives in the next run's input under
// forwardedProps.a2uiAction.userAction.

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace agui::a2uiagui {

// surfaceId -> the A2UI messages of that surface so far, in arrival order.
using Surfaces = QMap<QString, QJsonArray>;

struct SnapshotsResult
{
    QList<QJsonObject> events; // one ACTIVITY_SNAPSHOT per surface touched, in first-touch order
    Surfaces surfaces; // the accumulator to pass to the next call
};

// "a2ui-surface".
QString activityType();

// {"type":"ACTIVITY_SNAPSHOT","messageId":id,"activityType":"a2ui-surface",
//  "content":{"a2ui_operations":messages},"replace":true}
QJsonObject activitySnapshot(const QString &messageId, const QJsonArray &messages);

// The messageId a surface's snapshots use: "a2ui-surface-<surfaceId>".
QString surfaceMessageId(const QString &surfaceId);

// The surfaceId carried by whichever operation the message holds: createSurface,
// updateComponents, updateDataModel, deleteSurface (v0.9/v1.0) or surfaceUpdate,
// dataModelUpdate, beginRendering, deleteSurface (v0.8). nullopt when it names no surface.
std::optional<QString> surfaceIdOf(const QJsonObject &message);

// Unique surface ids of messages, in first-touch order.
QStringList surfaceIds(const QJsonArray &messages);

// Adds each message to its surface and returns one snapshot per surface touched by this call
// (carrying every message of the surface so far). A surface whose messages end with its
// deleteSurface is dropped from the result's surfaces after its snapshot. Messages naming no
// surface (or that are not objects) are left out.
SnapshotsResult snapshots(const Surfaces &surfaces, const QJsonArray &messages);

// content.a2ui_operations of an ACTIVITY_SNAPSHOT whose activityType is "a2ui-surface";
// nullopt for any other event (not an empty list).
std::optional<QJsonArray> a2uiMessages(const QJsonObject &event);

// forwardedProps.a2uiAction.userAction of a RunAgentInput as the A2UI action message
// {"version":version,"action":userAction}; nullopt when a level is missing or not an object.
// The action is passed on as received (no field is dropped).
std::optional<QJsonObject> userAction(const QJsonObject &runInput,
                                      const QString &version = QStringLiteral("v0.9"));

// One SSE event as AG-UI's HTTP binding sends it: "data: " + compact JSON + "\n\n".
QByteArray encode(const QJsonObject &event);

// TEXT_MESSAGE_START (role assistant), TEXT_MESSAGE_CONTENT, TEXT_MESSAGE_END; empty text gives
// no events at all (a content event needs a non-empty delta).
QList<QJsonObject> textMessage(const QString &messageId, const QString &text);

QJsonObject runStarted(const QString &threadId, const QString &runId);
QJsonObject runFinished(const QString &threadId, const QString &runId);
// RUN_ERROR {message} plus "code" only when given.
QJsonObject runError(const QString &message, const std::optional<QString> &code = std::nullopt);

// The sentence @ag-ui/a2ui-middleware hands the model for a user action (formatUserActionResult):
// User performed action "<name>" on surface "<surfaceId>" (component: <id>). Context: <json>
QString describeUserAction(const QJsonObject &action);

} // namespace agui::a2uiagui
