#pragma once

#include "core/protocol/event.h"

#include <QHash>
#include <QJsonValue>
#include <QList>
#include <QString>

#include <optional>

namespace agui {

// Expands *_CHUNK events into START/CONTENT/END brackets exactly like @ag-ui/client 1.0's
// transformChunks (agui-protocol.md §1.5), so the reducer and the linter see what the reference
// client sees.
//
// expand() returns, in order: the synthesised *_END events of lanes the event closes, then either
// the event itself (non-chunk events, unchanged) or the synthesised events of a chunk
// (Framing::Synthetic, originSeq = the chunk's seq, seq -1 for the caller to number, raw empty,
// receivedAtUs/streamOffset copied from the chunk). A chunk the client would reject is returned
// itself with an error diagnostic carrying the client's message verbatim:
//   chunk.first-needs-id    "First TEXT_MESSAGE_CHUNK must have a messageId", ...
//   chunk.ambiguous         "Ambiguous TEXT_MESSAGE_CHUNK: it carries neither a messageId nor ..."
//   chunk.cannot-continue   "Cannot continue text message 'm1': chunk role 'user' does not ..."
// A continuation chunk with nothing to say (no delta, rawEvent or metadata) yields no event,
// like the client.
class ChunkExpander
{
public:
    QList<Event> expand(const Event &e);
    // Forget all open chunk streams (new stream/session).
    void reset() { m_lanes.clear(); }
    // Open chunk streams, for tests and status displays: lane ("" = parent) -> open id.
    QHash<QString, QString> openStreams() const;

    enum class Kind : quint8 { Text, Tool, Reasoning };

private:
    // Values as the chunk carried them; QJsonValue::Undefined = absent (null is kept distinct,
    // as the client compares with === undefined).
    struct OpenStream
    {
        Kind kind = Kind::Text;
        QJsonValue id; // messageId / toolCallId
        QJsonValue role, name, toolCallName, parentMessageId, subagentRunId;
    };
    using LaneKey = std::optional<QString>; // nullopt = parent lane
    struct Lane
    {
        LaneKey key;
        OpenStream stream;
    };

    qsizetype findLane(const LaneKey &key) const;
    QList<Event> closeLane(const LaneKey &key, const Event &trigger);
    QList<Event> closeAll(const Event &trigger);
    QList<Event> expandChunk(const Event &e, Kind kind);

    QList<Lane> m_lanes; // insertion order, like the client's Map
};

} // namespace agui
