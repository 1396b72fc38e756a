// The ag_ui.Event envelope's numbering, shared by the protobuf event encoder
// (protoeventencode.cpp) and decoder (protoeventdecode.cpp): event type names, ag_ui.EventType
// enum values, Event oneof fields and message names, plus the small JSON helpers both use.

#include "core/wire/protoevent_p.h"

#include <iterator>

namespace agui::protoevent {

const EventKind kEventKinds[] = {
    {"TEXT_MESSAGE_START", 1},
    {"TEXT_MESSAGE_CONTENT", 2},
    {"TEXT_MESSAGE_END", 3},
    {"TOOL_CALL_START", 4},
    {"TOOL_CALL_ARGS", 5},
    {"TOOL_CALL_END", 6},
    {"STATE_SNAPSHOT", 7},
    {"STATE_DELTA", 8},
    {"MESSAGES_SNAPSHOT", 9},
    {"RAW", 10},
    {"CUSTOM", 11},
    {"RUN_STARTED", 12},
    {"RUN_FINISHED", 13},
    {"RUN_ERROR", 14},
    {"STEP_STARTED", 15},
    {"STEP_FINISHED", 16},
    {"SUBAGENT_STARTED", 19},
    {"SUBAGENT_FINISHED", 20},
    {"SUBAGENT_ERROR", 21},
    {"TEXT_MESSAGE_CHUNK", 17},
    {"TOOL_CALL_CHUNK", 18},
    {"TOOL_CALL_RESULT", 22},
    {"ACTIVITY_SNAPSHOT", 23},
    {"ACTIVITY_DELTA", 24},
    {"REASONING_START", 25},
    {"REASONING_MESSAGE_START", 26},
    {"REASONING_MESSAGE_CONTENT", 27},
    {"REASONING_MESSAGE_END", 28},
    {"REASONING_MESSAGE_CHUNK", 29},
    {"REASONING_END", 30},
    {"REASONING_ENCRYPTED_VALUE", 31},
};

const char *const kPatchOps[] = {"add", "remove", "replace", "move", "copy", "test"};

int enumValueOf(const QString &type)
{
    for (int i = 0; i < int(std::size(kEventKinds)); ++i) {
        if (type == QLatin1String(kEventKinds[i].type))
            return i;
    }
    return -1;
}

int enumValueForOneof(quint32 field)
{
    for (int i = 0; i < int(std::size(kEventKinds)); ++i) {
        if (quint32(kEventKinds[i].oneofField) == field)
            return i;
    }
    return -1;
}

// "TOOL_CALL_RESULT" -> "ToolCallResultEvent" (the message carrying that event).
QByteArray messageNameFor(const QString &type)
{
    QByteArray out;
    bool upper = true;
    for (const QChar c : type) {
        if (c == QLatin1Char('_')) {
            upper = true;
            continue;
        }
        out.append(upper ? c.toUpper().toLatin1() : c.toLower().toLatin1());
        upper = false;
    }
    return out + "Event";
}

QString key(const char *k)
{
    return QString::fromLatin1(k);
}

void putIfDefined(QJsonObject &o, const QString &k, const QJsonValue &v)
{
    if (!v.isUndefined())
        o.insert(k, v);
}

} // namespace agui::protoevent
