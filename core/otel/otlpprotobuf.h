#pragma once

// A batch of spans as the OTLP/HTTP binary body (Content-Type: application/x-protobuf): an
// opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest. Field numbers and types are
// those of opentelemetry-proto v1.11.0 (collector/trace/v1/trace_service.proto,
// trace/v1/trace.proto, common/v1/common.proto, resource/v1/resource.proto); otlpprotobuf.cpp
// lists them per message.
//
// Byte-for-byte deterministic: fields in field-number order, repeated fields in the batch's
// order, and, as proto3 serializers do, scalar fields holding their default value (0, "", empty
// bytes) left out, except inside AnyValue's oneof, whose arm is always written.

#include "core/otel/otelspan.h"

#include <QByteArray>

namespace agui::otel {

QByteArray encodeOtlpProtobuf(const Batch &batch);

} // namespace agui::otel
