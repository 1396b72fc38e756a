#include "core/otel/otlpprotobuf.h"

#include "core/wire/protowire.h"

namespace agui::otel {

namespace {

using agui::proto::Writer;

// Field numbers, opentelemetry-proto v1.11.0.
namespace field {
// collector/trace/v1/trace_service.proto, ExportTraceServiceRequest
constexpr quint32 kRequestResourceSpans = 1;
// trace/v1/trace.proto, ResourceSpans
constexpr quint32 kResourceSpansResource = 1;
constexpr quint32 kResourceSpansScopeSpans = 2;
// trace/v1/trace.proto, ScopeSpans
constexpr quint32 kScopeSpansScope = 1;
constexpr quint32 kScopeSpansSpans = 2;
// trace/v1/trace.proto, Span
constexpr quint32 kSpanTraceId = 1; // bytes
constexpr quint32 kSpanSpanId = 2; // bytes
constexpr quint32 kSpanParentSpanId = 4; // bytes
constexpr quint32 kSpanName = 5;
constexpr quint32 kSpanKind = 6; // enum SpanKind
constexpr quint32 kSpanStartTime = 7; // fixed64
constexpr quint32 kSpanEndTime = 8; // fixed64
constexpr quint32 kSpanAttributes = 9; // repeated KeyValue
constexpr quint32 kSpanEvents = 11; // repeated Span.Event
constexpr quint32 kSpanDroppedEventsCount = 12; // uint32
constexpr quint32 kSpanStatus = 15;
// trace/v1/trace.proto, Span.Event
constexpr quint32 kEventTime = 1; // fixed64
constexpr quint32 kEventName = 2;
constexpr quint32 kEventAttributes = 3;
// trace/v1/trace.proto, Status (1 is reserved)
constexpr quint32 kStatusMessage = 2;
constexpr quint32 kStatusCode = 3; // enum StatusCode
// common/v1/common.proto, InstrumentationScope
constexpr quint32 kScopeName = 1;
constexpr quint32 kScopeVersion = 2;
// common/v1/common.proto, KeyValue
constexpr quint32 kKeyValueKey = 1;
constexpr quint32 kKeyValueValue = 2;
// common/v1/common.proto, AnyValue (oneof value)
constexpr quint32 kAnyString = 1;
constexpr quint32 kAnyBool = 2;
constexpr quint32 kAnyInt = 3; // int64
constexpr quint32 kAnyDouble = 4;
constexpr quint32 kAnyArray = 5; // ArrayValue
// common/v1/common.proto, ArrayValue
constexpr quint32 kArrayValues = 1;
// resource/v1/resource.proto, Resource
constexpr quint32 kResourceAttributes = 1;
} // namespace field

// proto3 leaves a scalar at its default off the wire; these helpers keep that rule in one place.
void optionalString(Writer &w, quint32 number, const QString &text)
{
    if (!text.isEmpty())
        w.stringField(number, text);
}

void optionalBytes(Writer &w, quint32 number, const QByteArray &bytes)
{
    if (!bytes.isEmpty())
        w.bytesField(number, bytes);
}

void optionalEnum(Writer &w, quint32 number, int value)
{
    if (value != 0)
        w.int32Field(number, value);
}

void optionalFixed64(Writer &w, quint32 number, quint64 value)
{
    if (value != 0)
        w.fixed64Field(number, value);
}

QByteArray anyValue(const Value &value);

QByteArray arrayValue(const QStringList &items)
{
    Writer w;
    for (const QString &item : items)
        w.bytesField(field::kArrayValues, anyValue(Value(item)));
    return w.take();
}

// A oneof arm has explicit presence: it is written even when it holds "", 0 or false.
QByteArray anyValue(const Value &value)
{
    Writer w;
    if (const auto *text = std::get_if<QString>(&value))
        w.stringField(field::kAnyString, *text);
    else if (const auto *flag = std::get_if<bool>(&value))
        w.boolField(field::kAnyBool, *flag);
    else if (const auto *integer = std::get_if<qint64>(&value))
        w.int64Field(field::kAnyInt, *integer);
    else if (const auto *number = std::get_if<double>(&value))
        w.doubleField(field::kAnyDouble, *number);
    else if (const auto *items = std::get_if<QStringList>(&value))
        w.bytesField(field::kAnyArray, arrayValue(*items));
    return w.take();
}

void writeAttributes(Writer &w, quint32 number, const Attributes &attributes)
{
    for (const Attribute &attribute : attributes) {
        Writer keyValue;
        optionalString(keyValue, field::kKeyValueKey, attribute.key);
        keyValue.bytesField(field::kKeyValueValue, anyValue(attribute.value));
        w.bytesField(number, keyValue.data());
    }
}

QByteArray event(const SpanEvent &event)
{
    Writer w;
    optionalFixed64(w, field::kEventTime, event.timeUnixNano);
    optionalString(w, field::kEventName, event.name);
    writeAttributes(w, field::kEventAttributes, event.attributes);
    return w.take();
}

QByteArray status(const Span &span)
{
    Writer w;
    optionalString(w, field::kStatusMessage, span.statusMessage);
    optionalEnum(w, field::kStatusCode, int(span.statusCode));
    return w.take();
}

QByteArray span(const Span &span)
{
    Writer w;
    optionalBytes(w, field::kSpanTraceId, span.traceId);
    optionalBytes(w, field::kSpanSpanId, span.spanId);
    optionalBytes(w, field::kSpanParentSpanId, span.parentSpanId);
    optionalString(w, field::kSpanName, span.name);
    optionalEnum(w, field::kSpanKind, int(span.kind));
    optionalFixed64(w, field::kSpanStartTime, span.startTimeUnixNano);
    optionalFixed64(w, field::kSpanEndTime, span.endTimeUnixNano);
    writeAttributes(w, field::kSpanAttributes, span.attributes);
    for (const SpanEvent &e : span.events)
        w.bytesField(field::kSpanEvents, event(e));
    if (span.droppedEventsCount > 0) {
        w.tag(field::kSpanDroppedEventsCount, agui::proto::Varint);
        w.varint(span.droppedEventsCount);
    }
    // An unset status with no message is Status's default: left out like any default.
    const QByteArray statusBytes = status(span);
    if (!statusBytes.isEmpty())
        w.bytesField(field::kSpanStatus, statusBytes);
    return w.take();
}

QByteArray scopeSpans(const Batch &batch)
{
    Writer scope;
    optionalString(scope, field::kScopeName, batch.scopeName);
    optionalString(scope, field::kScopeVersion, batch.scopeVersion);
    Writer w;
    w.bytesField(field::kScopeSpansScope, scope.data());
    for (const Span &s : batch.spans)
        w.bytesField(field::kScopeSpansSpans, span(s));
    return w.take();
}

QByteArray resourceSpans(const Batch &batch)
{
    Writer resource;
    writeAttributes(resource, field::kResourceAttributes, batch.resource);
    Writer w;
    w.bytesField(field::kResourceSpansResource, resource.data());
    w.bytesField(field::kResourceSpansScopeSpans, scopeSpans(batch));
    return w.take();
}

} // namespace

QByteArray encodeOtlpProtobuf(const Batch &batch)
{
    Writer w;
    w.bytesField(field::kRequestResourceSpans, resourceSpans(batch));
    return w.take();
}

} // namespace agui::otel
