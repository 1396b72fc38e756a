// Decodes a recorded AG-UI response body into its events, independently of the client under test,
// and checks each against @ag-ui/core's zod schemas. Protobuf bodies (content type exactly
// application/vnd.ag-ui.event+proto, as the reference client decides) are read frame by frame with
// @ag-ui/proto; anything else as SSE split on blank lines, like the reference parser.
import { AGUIUnknownEventTypeError, decode } from "@ag-ui/proto";
import { EventSchemas } from "@ag-ui/core/schemas";

const PROTO = "application/vnd.ag-ui.event+proto";

function protoEvents(bytes) {
  const events = [];
  let at = 0;
  while (at + 4 <= bytes.length) {
    const n = bytes.readUInt32BE(at);
    if (at + 4 + n > bytes.length) break;
    try {
      events.push(decode(bytes.subarray(at + 4, at + 4 + n)));
    } catch (err) {
      // The reference client drops frames of event kinds it does not know (with a warning).
      if (!(err instanceof AGUIUnknownEventTypeError)) throw err;
    }
    at += 4 + n;
  }
  const wireError = at < bytes.length ? `${bytes.length - at} trailing bytes are not a complete frame` : null;
  return { events, wireError };
}

function sseEvents(bytes) {
  const events = [];
  let wireError = null;
  for (const block of bytes.toString("utf8").split("\n\n")) {
    const data = block
      .split("\n")
      .filter((l) => l.startsWith("data:"))
      .map((l) => l.slice(5).replace(/^ /, ""));
    if (data.length === 0) continue;
    try {
      events.push(JSON.parse(data.join("\n")));
    } catch (err) {
      wireError ??= `frame ${events.length} is not JSON: ${err.message}`;
    }
  }
  return { events, wireError };
}

export function decodeBody(bytes, contentType) {
  let decoded;
  try {
    decoded = contentType === PROTO ? protoEvents(bytes) : sseEvents(bytes);
  } catch (err) {
    return { events: [], schemaErrors: [], wireError: err.message };
  }
  const schemaErrors = [];
  decoded.events.forEach((e, index) => {
    const r = EventSchemas.safeParse(e);
    if (!r.success) schemaErrors.push({ index, type: e && e.type, issues: r.error.issues.map((i) => `${i.path.join("/")}: ${i.message}`) });
  });
  return { ...decoded, schemaErrors };
}
