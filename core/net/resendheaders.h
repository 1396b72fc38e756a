#pragma once

#include "core/capture/capture.h"

namespace agui::net {

// The headers of a recorded request that are sent again when the request is re-sent (`rerun`,
// the window's Run Again): not the transport's own (Host, Content-Length, hop-by-hop: what
// AgentProxy::forwardHeaders leaves out), not credentials, which a capture only holds
// redacted (the user gives those again), and not the W3C trace context (traceparent,
// tracestate): a new run is a new trace, never a second client span of the recorded one.
HttpHeaders resendableHeaders(const HttpHeaders &recorded);

// Whether text holds the capture's redaction marker (as is, or percent-encoded in a URL).
bool isRedacted(const QString &text);

} // namespace agui::net
