#pragma once

// Spans as OpenTelemetry's trace data model holds them (OTLP 1.x, opentelemetry-proto
// trace/v1/trace.proto), independent of how they are sent: the AG-UI mapping (tracemapping.h)
// makes them, the OTLP encoders (otlpjson.h, otlpprotobuf.h) write them, the exporter
// (otlpexporter.h) sends them.

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <variant>

namespace agui::otel {

// An attribute value: string, int64, double, bool or an array of strings (AnyValue's kinds that
// the mapping uses).
using Value = std::variant<QString, qint64, double, bool, QStringList>;

struct Attribute
{
    QString key;
    Value value;

    friend bool operator==(const Attribute &, const Attribute &) = default;
};
using Attributes = QList<Attribute>;

// Span.SpanKind, numbered as in trace.proto.
enum class SpanKind : int {
    Unspecified = 0,
    Internal = 1,
    Server = 2,
    Client = 3,
    Producer = 4,
    Consumer = 5
};

// Status.StatusCode, numbered as in trace.proto.
enum class StatusCode : int { Unset = 0, Ok = 1, Error = 2 };

struct SpanEvent
{
    QString name;
    quint64 timeUnixNano = 0;
    Attributes attributes;

    friend bool operator==(const SpanEvent &, const SpanEvent &) = default;
};

struct Span
{
    QByteArray traceId; // 16 bytes
    QByteArray spanId; // 8 bytes
    QByteArray parentSpanId; // 8 bytes, empty for a root span
    QString name;
    SpanKind kind = SpanKind::Internal;
    quint64 startTimeUnixNano = 0;
    quint64 endTimeUnixNano = 0;
    Attributes attributes;
    QList<SpanEvent> events;
    // Events left out to keep a span readable (its findings past a bound): OTLP's
    // dropped_events_count, so a backend shows that there were more.
    quint32 droppedEventsCount = 0;
    StatusCode statusCode = StatusCode::Unset;
    QString statusMessage;

    friend bool operator==(const Span &, const Span &) = default;
};

// What one export request carries: one resource (the service) and one instrumentation scope.
struct Batch
{
    Attributes resource; // service.name, ...
    QString scopeName; // "agui-inspector"
    QString scopeVersion;
    QList<Span> spans;

    friend bool operator==(const Batch &, const Batch &) = default;
};

} // namespace agui::otel
