#include "core/otel/otlpjson.h"

#include <QLocale>

#include <cmath>

namespace agui::otel {

namespace {

// Appends JSON text to one buffer; the caller writes the commas, so member order is exactly the
// order of the calls.
class JsonOut
{
public:
    void raw(const char *text) { m_text.append(text); }
    void key(const char *name)
    {
        m_text.append('"');
        m_text.append(name);
        m_text.append("\":");
    }
    void string(const QString &text) { quoted(text.toUtf8()); }
    void hex(const QByteArray &bytes) { quoted(bytes.toHex()); }
    // proto3's JSON mapping writes 64-bit integers as strings: a JavaScript number would lose
    // the low bits of a nanosecond timestamp.
    void int64(qint64 value) { quoted(QByteArray::number(value)); }
    void uint64(quint64 value) { quoted(QByteArray::number(value)); }
    void integer(int value) { m_text.append(QByteArray::number(value)); }
    void boolean(bool value) { m_text.append(value ? "true" : "false"); }
    void number(double value);

    QByteArray take() { return std::exchange(m_text, {}); }

private:
    void quoted(const QByteArray &utf8);

    QByteArray m_text;
};

void JsonOut::quoted(const QByteArray &utf8)
{
    m_text.append('"');
    for (const char c : utf8) {
        switch (c) {
        case '"':
            m_text.append("\\\"");
            break;
        case '\\':
            m_text.append("\\\\");
            break;
        case '\n':
            m_text.append("\\n");
            break;
        case '\r':
            m_text.append("\\r");
            break;
        case '\t':
            m_text.append("\\t");
            break;
        default:
            if (uchar(c) < 0x20) {
                m_text.append("\\u00");
                m_text.append(QByteArray::number(uchar(c), 16).rightJustified(2, '0'));
            } else {
                m_text.append(c);
            }
        }
    }
    m_text.append('"');
}

void JsonOut::number(double value)
{
    // JSON has no NaN or infinities; proto3's JSON mapping spells them as these strings.
    if (std::isnan(value))
        quoted("NaN");
    else if (std::isinf(value))
        quoted(value > 0 ? "Infinity" : "-Infinity");
    else
        m_text.append(QByteArray::number(value, 'g', QLocale::FloatingPointShortest));
}

void writeAnyValue(JsonOut &out, const Value &value);

// AnyValue's oneof arms (common.proto: 1 stringValue, 2 boolValue, 3 intValue, 4 doubleValue,
// 5 arrayValue).
void writeArm(JsonOut &out, const QString &text)
{
    out.key("stringValue");
    out.string(text);
}

void writeArm(JsonOut &out, qint64 number)
{
    out.key("intValue");
    out.int64(number);
}

void writeArm(JsonOut &out, double number)
{
    out.key("doubleValue");
    out.number(number);
}

void writeArm(JsonOut &out, bool flag)
{
    out.key("boolValue");
    out.boolean(flag);
}

void writeArm(JsonOut &out, const QStringList &items)
{
    out.key("arrayValue");
    out.raw("{");
    out.key("values");
    out.raw("[");
    for (qsizetype i = 0; i < items.size(); ++i) {
        if (i > 0)
            out.raw(",");
        writeAnyValue(out, Value(items.at(i)));
    }
    out.raw("]}");
}

void writeAnyValue(JsonOut &out, const Value &value)
{
    out.raw("{");
    std::visit([&out](const auto &v) { writeArm(out, v); }, value);
    out.raw("}");
}

void writeAttributes(JsonOut &out, const Attributes &attributes)
{
    out.key("attributes");
    out.raw("[");
    for (qsizetype i = 0; i < attributes.size(); ++i) {
        if (i > 0)
            out.raw(",");
        out.raw("{");
        out.key("key");
        out.string(attributes.at(i).key);
        out.raw(",");
        out.key("value");
        writeAnyValue(out, attributes.at(i).value);
        out.raw("}");
    }
    out.raw("]");
}

void writeEvent(JsonOut &out, const SpanEvent &event)
{
    out.raw("{");
    out.key("timeUnixNano");
    out.uint64(event.timeUnixNano);
    out.raw(",");
    out.key("name");
    out.string(event.name);
    out.raw(",");
    writeAttributes(out, event.attributes);
    out.raw("}");
}

void writeEvents(JsonOut &out, const QList<SpanEvent> &events)
{
    out.key("events");
    out.raw("[");
    for (qsizetype i = 0; i < events.size(); ++i) {
        if (i > 0)
            out.raw(",");
        writeEvent(out, events.at(i));
    }
    out.raw("]");
}

void writeStatus(JsonOut &out, const Span &span)
{
    out.key("status");
    out.raw("{");
    if (!span.statusMessage.isEmpty()) {
        out.key("message");
        out.string(span.statusMessage);
        out.raw(",");
    }
    out.key("code");
    out.integer(int(span.statusCode));
    out.raw("}");
}

// Span members in trace.proto's field order: traceId 1, spanId 2, parentSpanId 4, name 5,
// kind 6, startTimeUnixNano 7, endTimeUnixNano 8, attributes 9, events 11,
// droppedEventsCount 12, status 15.
void writeSpan(JsonOut &out, const Span &span)
{
    out.raw("{");
    out.key("traceId");
    out.hex(span.traceId);
    out.raw(",");
    out.key("spanId");
    out.hex(span.spanId);
    out.raw(",");
    if (!span.parentSpanId.isEmpty()) {
        out.key("parentSpanId");
        out.hex(span.parentSpanId);
        out.raw(",");
    }
    out.key("name");
    out.string(span.name);
    out.raw(",");
    out.key("kind");
    out.integer(int(span.kind));
    out.raw(",");
    out.key("startTimeUnixNano");
    out.uint64(span.startTimeUnixNano);
    out.raw(",");
    out.key("endTimeUnixNano");
    out.uint64(span.endTimeUnixNano);
    out.raw(",");
    writeAttributes(out, span.attributes);
    out.raw(",");
    if (!span.events.isEmpty()) {
        writeEvents(out, span.events);
        out.raw(",");
    }
    if (span.droppedEventsCount > 0) {
        out.key("droppedEventsCount");
        out.integer(int(span.droppedEventsCount));
        out.raw(",");
    }
    writeStatus(out, span);
    out.raw("}");
}

void writeScopeSpans(JsonOut &out, const Batch &batch)
{
    out.raw("{");
    out.key("scope");
    out.raw("{");
    out.key("name");
    out.string(batch.scopeName);
    out.raw(",");
    out.key("version");
    out.string(batch.scopeVersion);
    out.raw("},");
    out.key("spans");
    out.raw("[");
    for (qsizetype i = 0; i < batch.spans.size(); ++i) {
        if (i > 0)
            out.raw(",");
        writeSpan(out, batch.spans.at(i));
    }
    out.raw("]}");
}

} // namespace

QByteArray encodeOtlpJson(const Batch &batch)
{
    JsonOut out;
    out.raw("{");
    out.key("resourceSpans");
    out.raw("[{");
    out.key("resource");
    out.raw("{");
    writeAttributes(out, batch.resource);
    out.raw("},");
    out.key("scopeSpans");
    out.raw("[");
    writeScopeSpans(out, batch);
    out.raw("]}]}");
    return out.take();
}

} // namespace agui::otel
