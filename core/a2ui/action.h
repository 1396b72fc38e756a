#pragma once

// Building what a Button click sends (a2ui-protocol §4): the userAction object with its context
// resolved from the data model at click time, and the envelopes it travels in.

#include "core/a2ui/surface.h"

#include <QDateTime>
#include <QJsonObject>
#include <QString>

namespace agui::a2ui {

struct ActionBuild
{
    enum class Kind : quint8 {
        Event, // a server event: userAction is filled and goes to the agent
        LocalFunction, // v0.9 {functionCall}: runs in the client, nothing is sent
        None, // the component has no action (or the component does not exist)
    };
    Kind kind = Kind::None;
    // {name, surfaceId, sourceComponentId, timestamp, context} (+ userMessage for v1.0 when set)
    QJsonObject userAction;
    QJsonObject functionCall; // for LocalFunction
    QString error; // why kind is None, or problems resolving the context
};

// ISO 8601 in UTC with a "Z" and no milliseconds when there are none: "2026-06-01T10:00:00Z".
QString actionTimestamp(const QDateTime &when);

// The userAction for a click on componentId (v0.9 action.event{name, context{key: DynamicValue}},
// v0.8 action{name, context:[{key, value:BoundValue}]}, and the flat {name, context} some producers
// send on v0.9). Context values are resolved against dataModel in scopePath (template instances).
ActionBuild buildUserAction(const Surface &surface, const QString &componentId,
                            const QJsonValue &dataModel, const QDateTime &timestamp,
                            const QString &scopePath = {});

// The A2UI client message for a userAction: v0.8 {"userAction":{...}}; v0.9+ {"version":..,
// "action":{...}}.
QJsonObject actionMessage(const QJsonObject &userAction, Version version);

// forwardedProps for the next AG-UI run: {"a2uiAction":{"userAction":userAction}}.
QJsonObject forwardedPropsForAction(const QJsonObject &userAction);

} // namespace agui::a2ui
