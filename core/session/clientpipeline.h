#pragma once

#include "core/finding/diagnostic.h"
#include "core/json/jsonview.h"
#include "core/protocol/chunkexpander.h"
#include "core/protocol/event.h"
#include "core/protocol/eventview.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QVarLengthArray>

#include <memory>
#include <vector>

namespace agui {

// How a delivered event relates to the received event it came from.
enum class Delivery : quint8 {
    AsReceived, // the received event, unchanged
    Stripped, // the received event with material the client removes: unrecognised members and
              // union members (enforce stage), legacy nulls (compatibility boundary)
    Converted, // a retired shape translated: THINKING_* -> REASONING_*, legacy binary content
               // parts -> media parts (compatibility boundary)
    Expanded, // made from a *_CHUNK: the START and CONTENT / ARGS events
    Closing, // a *_END the client inserts to close a chunk stream another event ended
};

// "as received", "stripped", "converted", "expanded", "closing".
QString deliveryName(Delivery how);

// What the client's pipeline made of one received event.
struct ClientStep
{
    // The events delivered to the application, in order, each with how it came about. Their JSON
    // lives in the pipeline (or, for AsReceived, in the received event's document) and is valid
    // until the pipeline's next process().
    QVarLengthArray<EventView, 4> events;
    QVarLengthArray<Delivery, 4> how;
    // The client's chunk-stage errors (chunk.* rule ids, its messages): a chunk it rejects is not
    // among events.
    Diagnostics diagnostics;

    void clear()
    {
        emptyInPlace(events);
        emptyInPlace(how);
        diagnostics.clear();
    }
};

// The stages of @ag-ui/client 1.0.0 between the transport and verification, in its order (its
// AbstractAgent.runAgent pipeline): the always-on compatibility boundary (retired THINKING_* ->
// REASONING_* with ids minted, legacy nulls removed, legacy binary content parts upgraded), the
// enforcement stage (events of unknown types dropped, unknown members and union members
// stripped), chunk expansion (*_CHUNK -> START/CONTENT/END, closing ENDs inserted). What comes
// out is what the client's verification, its apply step and the application see. One
// implementation for the inspector's reducer, linter and client's view.
//
// The enforcement stage strips exactly what the schema layer reported on the event
// (schema.unknown-field, compat.newer-field, schema.unknown-variant with the path of what the
// client removes, legacy nulls of schema.deprecated), so an event the catalogue found clean is
// passed through untouched, without a second look.
//
// The client mints random UUIDs for the ids retired THINKING_* events lack; the pipeline mints
// "thinking-<seq>" (seq of the opening event) so replays, and so time travel, are deterministic.
//
// Copyable: a checkpoint of the session's fold holds one (open chunk streams, thinking ids).
class ClientPipeline
{
public:
    ClientPipeline();
    ClientPipeline(const ClientPipeline &other);
    ClientPipeline &operator=(const ClientPipeline &other);
    ClientPipeline(ClientPipeline &&) noexcept;
    ClientPipeline &operator=(ClientPipeline &&) noexcept;
    ~ClientPipeline();

    // `decodeDiagnostics`: what the protocol layer found on the event (EventDecoder, the store).
    void process(const EventView &received, const Diagnostics &decodeDiagnostics, ClientStep &out);
    // A new request: the client builds its pipeline per run (open chunk streams and the thinking
    // ids of the compatibility boundary start afresh).
    void reset();

    // Open chunk streams, for status displays and tests: lane ("" = parent) -> open id.
    QHash<QString, QString> openChunkStreams() const { return m_expander.openStreams(); }

private:
    // The compatibility boundary and the enforcement stage (one rewrite of the event).
    EventView compat(const EventView &e, const Diagnostics &diagnostics, Delivery &how);
    json::JsonDoc &scratch();

    QString m_thinkingSpanId; // the open THINKING_START span ("" = none)
    QString m_thinkingMessageId; // the open THINKING_TEXT_MESSAGE
    ChunkExpander m_expander;
    Expansion m_expansion;
    std::vector<std::unique_ptr<json::JsonDoc>> m_docs; // scratch documents; not copied
    size_t m_docsUsed = 0;
};

// One delivered event, materialised (views, the CLI, tests).
struct DeliveredEvent
{
    qint64 originSeq = -1; // the received event it came from
    int index = 0; // its position among the events delivered for that received event
    Delivery how = Delivery::AsReceived;
    EventType type = EventType::Invalid;
    QJsonObject json;
    QByteArray text; // the same as compact JSON text, members in the order delivered
};

} // namespace agui
