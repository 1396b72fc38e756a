#pragma once

// The W3C Trace Context `traceparent` header (https://www.w3.org/TR/trace-context/):
// "00-<trace-id: 32 hex>-<parent-id: 16 hex>-<trace-flags: 2 hex>", lowercase hex only. It is
// read from requests the proxy forwards and written on the requests the inspector sends, so a
// run's spans join the trace the agent's own instrumentation writes.

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <optional>

namespace agui::otel {

struct TraceParent
{
    QByteArray traceId; // 16 bytes
    QByteArray parentId; // 8 bytes: the span that sent (or is about to send) the request
    quint8 flags = 1; // trace-flags; bit 0 is "sampled"

    // The sizes are right and neither id is all zero (the spec's invalid value).
    bool isValid() const;
    // "00-<32 hex>-<16 hex>-<2 hex>"; empty for an invalid context, so none is ever sent.
    QByteArray toHeader() const;

    // Reads a header value strictly by the spec: version 00 is exactly 55 characters; a higher
    // version (not ff) is read for its first four fields when those are followed by the end or
    // '-'. On failure returns nullopt and sets *error (when not null) to what is wrong and at
    // which character (counted from 0).
    static std::optional<TraceParent> parse(QByteArrayView header, QString *error);
    // A new root context: random ids from QRandomGenerator::system(), sampled.
    static TraceParent generate();

    friend bool operator==(const TraceParent &, const TraceParent &) = default;
};

// A deterministic id of `bytes` bytes (1 to 32): the first bytes of SHA-256 of the seed, so the
// same capture exports with the same trace and span ids every time. Never all zero (the spec's
// invalid id): that case, one in 2^64 for a span id, becomes ...01.
QByteArray deriveId(QByteArrayView seed, int bytes);

} // namespace agui::otel
