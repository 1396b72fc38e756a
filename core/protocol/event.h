#pragma once

#include "core/finding/diagnostic.h"
#include "core/protocol/eventtype.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace agui {

// How the event reached us.
enum class Framing : quint8 {
    Sse, // one server-sent event (text/event-stream)
    Proto, // one length-prefixed protobuf frame (application/vnd.ag-ui.event+proto)
    JsonLine, // one line of a .jsonl file
    Synthetic, // made by us (chunk expansion); raw is empty, origin names the source event
    // One frame of a CopilotKit runtime's debug feed: an SSE event whose data is an envelope
    // (timestamp, agentId, threadId, runId) around the AG-UI event (core/wire/debugenvelope.h);
    // the payload is the event inside it.
    CopilotKitDebug,
};

// One AG-UI event exactly as received, plus what we understood of it. Nothing here is
// "fixed": an event that does not parse is still an Event (type Invalid) with its bytes and
// the parse error among its diagnostics; an unknown type or field is kept and flagged.
struct Event
{
    qint64 seq = -1; // 0-based position in its stream/session
    qint64 receivedAtUs = -1; // arrival time, microseconds since the Unix epoch; -1 unknown
    qint64 streamOffset = -1; // first byte of the frame in its stream (response body / file)
    Framing framing = Framing::Sse;
    QByteArray raw; // the frame's bytes exactly as received (SSE block, proto frame, line)
    QByteArray
        payload; // the bytes the JSON was read from (SSE data lines joined; proto: the message)
    EventType type = EventType::Invalid;
    QString typeName; // the "type" string as sent (kept for Unknown types)
    QJsonObject json; // the parsed object (empty for Invalid)
    Diagnostics diagnostics;
    qint64 originSeq = -1; // Synthetic events: seq of the event they were expanded from

    bool isValid() const { return type != EventType::Invalid; }
    bool hasErrors() const;
    // Convenience accessors for the id fields every view shows.
    QString stringField(QLatin1StringView key) const { return json.value(key).toString(); }
};

} // namespace agui
