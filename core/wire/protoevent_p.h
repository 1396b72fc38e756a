#pragma once

// Private to core/wire: what the protobuf event encoder (protoeventencode.cpp) and decoder
// (protoeventdecode.cpp) share, defined in protoevent.cpp: the ag_ui.EventType / Event oneof
// numbering, the JSON Patch op enum, and small JSON helpers.

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace agui::protoevent {

// The 31 event types in ag_ui.EventType enum order, with the Event oneof field that carries each
// (the two numberings differ).
struct EventKind
{
    const char *type;
    int oneofField;
};

extern const EventKind kEventKinds[31];
// JSON Patch op names in ag_ui.JsonPatchOperationType enum order.
extern const char *const kPatchOps[6];

// The ag_ui.EventType enum value of an event type name / of the Event oneof field; -1 if none.
int enumValueOf(const QString &type);
int enumValueForOneof(quint32 field);
// "TOOL_CALL_RESULT" -> "ToolCallResultEvent" (the message carrying that event).
QByteArray messageNameFor(const QString &type);
QString key(const char *k);
void putIfDefined(QJsonObject &o, const QString &k, const QJsonValue &v);

} // namespace agui::protoevent
