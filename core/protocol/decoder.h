#pragma once

#include "core/json/jsonparser.h"
#include "core/protocol/event.h"
#include "core/protocol/eventview.h"

#include <QByteArray>
#include <QJsonObject>

namespace agui {

// One frame's payload -> its event type, a view of its JSON object and what is wrong with it
// (the protocol layer's single entry point for one frame's JSON).
//
// Rule ids (besides the schema.* ones of catalogue.h):
//   wire.not-json    error  the payload is not JSON; message names the byte offset in the payload
//                           and the parser's error; Diagnostic::byteOffset = offset in the payload
//                           (StreamDecoder rebases it onto the stream)
//   wire.not-object  error  "Invalid event: the frame is not a JSON object."
//   wire.no-type     error  "Invalid event: the frame carries no event type."
//   wire.invalid-utf8 warning the payload had bytes that are not UTF-8: read with U+FFFD
//                           replacements exactly as the reference client's TextDecoder does
// Unknown types give EventType::Unknown with the object kept and a schema.unknown-type warning.
//
// An EventDecoder reuses its parser and document from one frame to the next: the view it
// returns is valid until the next decode. One per thread.
class EventDecoder
{
public:
    struct Result
    {
        EventType type = EventType::Invalid;
        json::JsonView json; // the object (also for a typeless one); undefined when not an object
        Diagnostics diagnostics;
        bool replacedInvalidUtf8 = false;
        bool readByFallback = false; // the strict parser read it (see json::JsonParser)
    };

    // validate = false skips the schema layer (replaying events already checked once).
    const Result &decode(QByteArrayView payload, bool validate = true);
    // An object decoded from elsewhere (a protobuf frame): copied onto this decoder's tape.
    const Result &decodeObject(const QJsonObject &object, bool validate = true);

private:
    const Result &classify(bool validate);

    json::JsonParser m_parser;
    json::JsonDoc m_doc;
    Result m_result;
};

// The same, materialised as an agui::Event with its own QJsonObject (views, tools, tests). The
// caller sets seq, receivedAtUs, streamOffset and raw; these set framing, payload, type,
// typeName, json and diagnostics.
Event decodePayload(const QByteArray &payload, Framing framing);
// For an already parsed object (e.g. a protobuf frame turned into JSON); payload left empty.
Event decodeObject(const QJsonObject &obj, Framing framing);
// An Event from a pipeline view (json copied out).
Event materialize(const EventView &view, Framing framing);

} // namespace agui
