#pragma once

#include "core/protocol/event.h"

#include <QByteArray>
#include <QJsonObject>

namespace agui {

// Payload -> Event (the protocol layer's single entry point for one frame's JSON).
//
// Rule ids (besides the schema.* ones of catalogue.h):
//   wire.not-json    error  the payload is not JSON; message names the byte offset in the payload
//                           and Qt's parse error; Diagnostic::byteOffset = offset in the payload
//                           (StreamDecoder rebases it onto the stream)
//   wire.not-object  error  "Invalid event: the frame is not a JSON object."
//   wire.no-type     error  "Invalid event: the frame carries no event type."
//   wire.invalid-utf8 warning the payload had bytes that are not UTF-8: read with U+FFFD
//                           replacements exactly as the reference client's TextDecoder does
// Unknown types give EventType::Unknown with typeName and json kept and a schema.unknown-type
// warning. The caller sets seq, receivedAtUs, streamOffset and raw; decodePayload sets framing,
// payload, type, typeName, json and diagnostics.
Event decodePayload(const QByteArray &payload, Framing framing);

// Same, for an already parsed object (e.g. a protobuf frame turned into JSON); payload is left
// empty for the caller to fill.
Event decodeObject(const QJsonObject &obj, Framing framing);

} // namespace agui
