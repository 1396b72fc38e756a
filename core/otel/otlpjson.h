#pragma once

// A batch of spans as the OTLP/HTTP JSON body (Content-Type: application/json): an
// ExportTraceServiceRequest in the "JSON Protobuf Encoding" of the OTLP specification
// (opentelemetry-proto v1.11.0, docs/specification.md). That is proto3's JSON mapping with
// OTLP's deviations: lowerCamelCase keys, trace and span ids as lowercase hex (not base64), enums
// as integers; 64-bit integers are decimal strings, as proto3's mapping has them.
//
// The text is compact and byte-for-byte deterministic: members in the order of their field
// numbers in the .proto files, attributes in the batch's order. Left out when empty: a span's
// parentSpanId, its status message and its events.

#include "core/otel/otelspan.h"

#include <QByteArray>

namespace agui::otel {

QByteArray encodeOtlpJson(const Batch &batch);

} // namespace agui::otel
