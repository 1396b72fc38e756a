#pragma once

#include "core/finding/diagnostic.h"
#include "core/json/jsonview.h"
#include "core/protocol/event.h"
#include "core/protocol/eventview.h"

#include <QHash>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QVarLengthArray>

#include <memory>
#include <optional>
#include <vector>

namespace agui {

// What one received event turns into after chunk expansion: the events in order, and the
// errors of a chunk the client would reject.
struct Expansion
{
    QVarLengthArray<EventView, 4> events;
    Diagnostics diagnostics; // chunk.* errors (the rejected chunk is among events, as itself)
    void clear()
    {
        emptyInPlace(events);
        diagnostics.clear();
    }
};

// Expands *_CHUNK events into START/CONTENT/END brackets exactly like @ag-ui/client 1.0's
// transformChunks (docs.ag-ui.com/spec/1.1/basic/patterns/streaming), so the reducer and the linter
// see what the reference client sees.
//
// expand() gives, in order: the synthesised *_END events of lanes the event closes, then either
// the event itself (non-chunk events, unchanged) or the synthesised events of a chunk
// (synthetic = true, seq and receivedAtUs of the chunk). A chunk the client would reject is
// given as itself, with an error carrying the client's message verbatim:
//   chunk.first-needs-id    "First TEXT_MESSAGE_CHUNK must have a messageId", ...
//   chunk.ambiguous         "Ambiguous TEXT_MESSAGE_CHUNK: it carries neither a messageId nor ..."
//   chunk.cannot-continue   "Cannot continue text message 'm1': chunk role 'user' does not ..."
// A continuation chunk with nothing to say (no delta, rawEvent or metadata) yields no event,
// like the client. The synthesised events live in the expander: they are valid until the next
// expand(). Copying an expander copies its open streams (checkpoints), not those documents.
class ChunkExpander
{
public:
    ChunkExpander();
    ChunkExpander(const ChunkExpander &other);
    ChunkExpander &operator=(const ChunkExpander &other);
    ChunkExpander(ChunkExpander &&) noexcept;
    ChunkExpander &operator=(ChunkExpander &&) noexcept;
    ~ChunkExpander();

    void expand(const EventView &e, Expansion &out);
    // The same for a materialised event (tools, tests): synthesised events come back with
    // Framing::Synthetic and originSeq = e.seq; a rejected chunk as a copy of e with the error
    // appended to its diagnostics.
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
    void closeLane(const LaneKey &key, const EventView &trigger, Expansion &out);
    void closeAll(const EventView &trigger, Expansion &out);
    void expandChunk(const EventView &e, Kind kind, Expansion &out);
    // A synthesised event whose document the expander owns until the next expand().
    json::JsonDoc &nextDocument();
    void emitSynthetic(const EventView &origin, EventType type, json::JsonDoc &doc, Expansion &out);

    QList<Lane> m_lanes; // insertion order, like the client's Map
    std::vector<std::unique_ptr<json::JsonDoc>> m_docs; // reused; not copied
    size_t m_docsUsed = 0;
};

} // namespace agui
