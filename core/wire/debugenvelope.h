#pragma once

// A CopilotKit runtime's debug feed (GET {runtime}/cpk-debug-events, @copilotkit/runtime 1.75.0,
// dist/v2/runtime/handlers/handle-debug-events.mjs) sends one SSE frame per AG-UI event, whose
// data is an envelope, JSON.stringify of
//   {"timestamp": ms since the epoch, "agentId": "...", "threadId": "...", "runId": "...",
//    "event": { the AG-UI event as the runtime streamed it }}
// (dist/v2/runtime/core/debug-event-bus.mjs, DebugEventBus.broadcast). This finds where the
// event lies inside the envelope's bytes, so the event is decoded from the bytes as received,
// not from a copy written again.

#include <QByteArrayView>
#include <QString>

namespace agui {

struct DebugEnvelopeScan
{
    // Where the "event" member's value lies in the envelope text; -1 when there is none.
    qsizetype eventStart = -1;
    qsizetype eventLength = 0;
    // Why it is not an envelope ("" when eventStart >= 0), and at which byte of the text.
    QString error;
    qsizetype errorOffset = -1;

    bool ok() const { return eventStart >= 0; }
};

// Scans the top level of a JSON object for its "event" member (the last one, as JSON.parse
// keeps the last of a repeated key). Values are skipped, not validated: the event is checked by
// the decoder like any other, the other members by whoever reads them. A key written with
// escapes ("\u0065vent") is not recognised: JSON.stringify never writes one.
DebugEnvelopeScan scanDebugEnvelope(QByteArrayView text);

} // namespace agui
