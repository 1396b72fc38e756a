// The OTLP encodings and the outside inputs of core/otel: the JSON body's field names, hex ids,
// string int64s and integer enums; the protobuf body read back field by field (numbers and wire
// types of every message level); W3C traceparent parsing against the spec's cases; deriveId;
// the OTEL_* environment variables; Retry-After.

#include "core/otel/otlpconfig.h"
#include "core/otel/otlpjson.h"
#include "core/otel/otlpprotobuf.h"
#include "core/otel/otlpretry.h"
#include "core/otel/traceparent.h"
#include "core/wire/protowire.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <QTimeZone>

#include <cstring>
#include <limits>

using namespace agui::otel;
using agui::proto::Field;

class TestOtelEncoding : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void jsonShape();
    void jsonValues();
    void jsonExactText();
    void protobufLevels();
    void protobufValues();
    void protobufDefaults();
    void deterministic();
    void traceParentParse_data();
    void traceParentParse();
    void traceParentRoundTrip();
    void deriveIdIsDeterministic();
    void configDefaults();
    void configEndpoint_data();
    void configEndpoint();
    void configTracesEndpointAsIs();
    void configBadEndpoint();
    void configHeaders();
    void configMalformedHeaders();
    void configProtocol();
    void configTimeout();
    void configResource();
    void configDescribe();
    void retryAfter_data();
    void retryAfter();
};

namespace {

const QByteArray kTraceId = QByteArray::fromHex("4bf92f3577b34da6a3ce929d0e0e4736");
const QByteArray kRootId = QByteArray::fromHex("00f067aa0ba902b7");
const QByteArray kChildId = QByteArray::fromHex("b7ad6b7169203331");
constexpr quint64 kStart = 1700000000123456789ULL; // past 2^53: a JSON number would round it
constexpr quint64 kEnd = 1700000001987654321ULL;
constexpr qint64 kBigInt = 9007199254740993LL; // 2^53 + 1

// A root span (no parent, no events, status unset) and a child with every kind of attribute
// value, an event and an error status.
Batch sampleBatch()
{
    Span root;
    root.traceId = kTraceId;
    root.spanId = kRootId;
    root.name = QStringLiteral("invoke_agent demo");
    root.kind = SpanKind::Client;
    root.startTimeUnixNano = kStart;
    root.endTimeUnixNano = kEnd;
    root.attributes = {{QStringLiteral("gen_ai.operation.name"), QStringLiteral("invoke_agent")}};

    Span child;
    child.traceId = kTraceId;
    child.spanId = kChildId;
    child.parentSpanId = kRootId;
    child.name = QStringLiteral("execute_tool search");
    child.kind = SpanKind::Internal;
    child.startTimeUnixNano = kStart + 1;
    child.endTimeUnixNano = kEnd - 1;
    child.attributes = {
        {QStringLiteral("text"), QStringLiteral("say \"hi\"\n")},
        {QStringLiteral("count"), qint64(kBigInt)},
        {QStringLiteral("negative"), qint64(-5)},
        {QStringLiteral("ratio"), 0.25},
        {QStringLiteral("flag"), true},
        {QStringLiteral("tags"), QStringList {QStringLiteral("a"), QStringLiteral("b")}},
    };
    child.events = {{QStringLiteral("exception"),
                     kStart + 5,
                     {{QStringLiteral("exception.message"), QStringLiteral("boom")}}}};
    child.statusCode = StatusCode::Error;
    child.statusMessage = QStringLiteral("tool failed");

    Batch batch;
    batch.resource = {{QStringLiteral("service.name"), QStringLiteral("agui-inspector")}};
    batch.scopeName = QStringLiteral("agui-inspector");
    batch.scopeVersion = QStringLiteral("1.2.3");
    batch.spans = {root, child};
    return batch;
}

QJsonObject parsedJson(const Batch &batch)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(encodeOtlpJson(batch), &error);
    if (error.error != QJsonParseError::NoError)
        qWarning("not JSON: %s", qPrintable(error.errorString()));
    return doc.object();
}

QJsonArray jsonSpans(const QJsonObject &request)
{
    return request[u"resourceSpans"][0][u"scopeSpans"][0][u"spans"].toArray();
}

// The attribute's AnyValue object, by key.
QJsonObject jsonAttribute(const QJsonObject &owner, const QString &key)
{
    for (const QJsonValue &a : owner[u"attributes"].toArray()) {
        if (a[u"key"].toString() == key)
            return a[u"value"].toObject();
    }
    return {};
}

// One message level read: its fields view `bytes`, which the struct keeps alive.
struct Message
{
    QByteArray bytes;
    QList<Field> fields;
};

Message fieldsOf(const QByteArray &bytes)
{
    Message m {bytes, {}};
    QString error;
    if (!agui::proto::readFields(m.bytes, &m.fields, &error))
        qWarning("unreadable message: %s", qPrintable(error));
    return m;
}

// "number:wireType" per field, in wire order: one message level's shape.
QStringList shape(const Message &m)
{
    QStringList out;
    for (const Field &f : m.fields)
        out.append(QStringLiteral("%1:%2").arg(f.number).arg(f.wireType));
    return out;
}

QStringList shapeOf(const QByteArray &bytes)
{
    return shape(fieldsOf(bytes));
}

// The payload of the n-th Len field numbered `number`.
QByteArray payload(const Message &m, quint32 number, int n = 0)
{
    for (const Field &f : m.fields) {
        if (f.number == number && f.wireType == agui::proto::Len && n-- == 0)
            return f.bytes.toByteArray();
    }
    return {};
}

quint64 scalar(const Message &m, quint32 number)
{
    for (const Field &f : m.fields) {
        if (f.number == number)
            return f.scalar;
    }
    return 0;
}

QByteArray protoSpan(const Batch &batch, int n)
{
    const auto request = fieldsOf(encodeOtlpProtobuf(batch));
    const auto resourceSpans = fieldsOf(payload(request, 1));
    const auto scopeSpans = fieldsOf(payload(resourceSpans, 2));
    return payload(scopeSpans, 2, n);
}

// The AnyValue of the n-th attribute (field `number`) of a message.
Message protoAttributeValue(const Message &owner, quint32 number, int n)
{
    const auto keyValue = fieldsOf(payload(owner, number, n));
    return fieldsOf(payload(keyValue, 2));
}

QProcessEnvironment environment(const QList<QPair<QString, QString>> &variables)
{
    QProcessEnvironment env;
    for (const auto &[name, value] : variables)
        env.insert(name, value);
    return env;
}

OtlpConfig configOf(const QList<QPair<QString, QString>> &variables, QStringList *problems)
{
    return OtlpConfig::fromEnvironment(environment(variables), problems);
}

QDateTime fixedNow()
{
    return QDateTime(QDate(2025, 1, 1), QTime(0, 0), QTimeZone::utc());
}

} // namespace

void TestOtelEncoding::jsonShape()
{
    const QJsonObject request = parsedJson(sampleBatch());
    QCOMPARE(request.keys(), QStringList {QStringLiteral("resourceSpans")});
    const QJsonObject resourceSpans = request[u"resourceSpans"][0].toObject();
    QCOMPARE(jsonAttribute(resourceSpans[u"resource"].toObject(),
                           QStringLiteral("service.name"))[u"stringValue"]
                 .toString(),
             QStringLiteral("agui-inspector"));
    const QJsonObject scope = resourceSpans[u"scopeSpans"][0][u"scope"].toObject();
    QCOMPARE(scope[u"name"].toString(), QStringLiteral("agui-inspector"));
    QCOMPARE(scope[u"version"].toString(), QStringLiteral("1.2.3"));

    const QJsonArray spans = jsonSpans(request);
    QCOMPARE(spans.size(), 2);
    const QJsonObject root = spans[0].toObject();
    const QJsonObject child = spans[1].toObject();
    // Ids are lowercase hex, not base64.
    QCOMPARE(root[u"traceId"].toString(), QStringLiteral("4bf92f3577b34da6a3ce929d0e0e4736"));
    QCOMPARE(root[u"spanId"].toString(), QStringLiteral("00f067aa0ba902b7"));
    QCOMPARE(child[u"parentSpanId"].toString(), QStringLiteral("00f067aa0ba902b7"));
    // Left out when empty: the root's parent, events and status message.
    QVERIFY(!root.contains(u"parentSpanId"));
    QVERIFY(!root.contains(u"events"));
    QVERIFY(!root[u"status"].toObject().contains(u"message"));
    QCOMPARE(root[u"status"][u"code"].toVariant(), QVariant(0.0));
    // 64-bit integers as decimal strings, exactly.
    QCOMPARE(root[u"startTimeUnixNano"].toString(), QStringLiteral("1700000000123456789"));
    QCOMPARE(root[u"endTimeUnixNano"].toString(), QStringLiteral("1700000001987654321"));
    // Enums as integers.
    QVERIFY(root[u"kind"].isDouble());
    QCOMPARE(root[u"kind"].toInt(), 3);
    QCOMPARE(child[u"kind"].toInt(), 1);
    QVERIFY(child[u"status"][u"code"].isDouble());
    QCOMPARE(child[u"status"][u"code"].toInt(), 2);
    QCOMPARE(child[u"status"][u"message"].toString(), QStringLiteral("tool failed"));
    const QJsonObject event = child[u"events"][0].toObject();
    QCOMPARE(event[u"name"].toString(), QStringLiteral("exception"));
    QCOMPARE(event[u"timeUnixNano"].toString(), QStringLiteral("1700000000123456794"));
    QCOMPARE(jsonAttribute(event, QStringLiteral("exception.message"))[u"stringValue"].toString(),
             QStringLiteral("boom"));
}

void TestOtelEncoding::jsonValues()
{
    const QJsonObject child = jsonSpans(parsedJson(sampleBatch()))[1].toObject();
    QCOMPARE(jsonAttribute(child, QStringLiteral("text"))[u"stringValue"].toString(),
             QStringLiteral("say \"hi\"\n"));
    QCOMPARE(jsonAttribute(child, QStringLiteral("count"))[u"intValue"].toString(),
             QStringLiteral("9007199254740993"));
    QCOMPARE(jsonAttribute(child, QStringLiteral("negative"))[u"intValue"].toString(),
             QStringLiteral("-5"));
    QVERIFY(jsonAttribute(child, QStringLiteral("ratio"))[u"doubleValue"].isDouble());
    QCOMPARE(jsonAttribute(child, QStringLiteral("ratio"))[u"doubleValue"].toDouble(), 0.25);
    QCOMPARE(jsonAttribute(child, QStringLiteral("flag"))[u"boolValue"].toVariant(),
             QVariant(true));
    const QJsonArray tags
        = jsonAttribute(child, QStringLiteral("tags"))[u"arrayValue"][u"values"].toArray();
    QCOMPARE(tags.size(), 2);
    QCOMPARE(tags[1][u"stringValue"].toString(), QStringLiteral("b"));

    // JSON has no NaN or infinity: proto3's JSON mapping spells them as strings.
    Batch batch = sampleBatch();
    batch.spans[0].attributes = {
        {QStringLiteral("nan"), std::numeric_limits<double>::quiet_NaN()},
        {QStringLiteral("inf"), -std::numeric_limits<double>::infinity()},
    };
    const QJsonObject root = jsonSpans(parsedJson(batch))[0].toObject();
    QCOMPARE(jsonAttribute(root, QStringLiteral("nan"))[u"doubleValue"].toString(),
             QStringLiteral("NaN"));
    QCOMPARE(jsonAttribute(root, QStringLiteral("inf"))[u"doubleValue"].toString(),
             QStringLiteral("-Infinity"));
}

void TestOtelEncoding::jsonExactText()
{
    // Compact, members in field-number order.
    Span span;
    span.traceId = kTraceId;
    span.spanId = kRootId;
    span.name = QStringLiteral("s");
    span.startTimeUnixNano = 1;
    span.endTimeUnixNano = 2;
    span.attributes
        = {{QStringLiteral("n"), qint64(7)}, {QStringLiteral("c"), QStringLiteral("\x01")}};
    Batch batch;
    batch.resource = {{QStringLiteral("service.name"), QStringLiteral("svc")}};
    batch.scopeName = QStringLiteral("scope");
    batch.spans = {span};
    QCOMPARE(
        encodeOtlpJson(batch),
        QByteArray(R"({"resourceSpans":[{"resource":{"attributes":[{"key":"service.name",)"
                   R"("value":{"stringValue":"svc"}}]},"scopeSpans":[{"scope":{"name":"scope",)"
                   R"("version":""},"spans":[{"traceId":"4bf92f3577b34da6a3ce929d0e0e4736",)"
                   R"("spanId":"00f067aa0ba902b7","name":"s","kind":1,"startTimeUnixNano":"1",)"
                   R"("endTimeUnixNano":"2","attributes":[{"key":"n","value":{"intValue":"7"}},)"
                   R"({"key":"c","value":{"stringValue":"\u0001"}}],"status":{"code":0}}]}]}]})"));
}

void TestOtelEncoding::protobufLevels()
{
    const QByteArray bytes = encodeOtlpProtobuf(sampleBatch());
    // ExportTraceServiceRequest: resource_spans = 1.
    const auto request = fieldsOf(bytes);
    QCOMPARE(shape(request), QStringList {QStringLiteral("1:2")});
    // ResourceSpans: resource = 1, scope_spans = 2.
    const auto resourceSpans = fieldsOf(payload(request, 1));
    QCOMPARE(shape(resourceSpans), (QStringList {QStringLiteral("1:2"), QStringLiteral("2:2")}));
    // Resource: attributes = 1; KeyValue: key = 1, value = 2; AnyValue string_value = 1.
    const auto resource = fieldsOf(payload(resourceSpans, 1));
    QCOMPARE(shape(resource), QStringList {QStringLiteral("1:2")});
    const auto keyValue = fieldsOf(payload(resource, 1));
    QCOMPARE(shape(keyValue), (QStringList {QStringLiteral("1:2"), QStringLiteral("2:2")}));
    QCOMPARE(payload(keyValue, 1), QByteArray("service.name"));
    QCOMPARE(shapeOf(payload(keyValue, 2)), QStringList {QStringLiteral("1:2")});
    QCOMPARE(payload(fieldsOf(payload(keyValue, 2)), 1), QByteArray("agui-inspector"));
    // ScopeSpans: scope = 1, spans = 2 (repeated); InstrumentationScope: name = 1, version = 2.
    const auto scopeSpans = fieldsOf(payload(resourceSpans, 2));
    QCOMPARE(shape(scopeSpans),
             (QStringList {QStringLiteral("1:2"), QStringLiteral("2:2"), QStringLiteral("2:2")}));
    const auto scope = fieldsOf(payload(scopeSpans, 1));
    QCOMPARE(shape(scope), (QStringList {QStringLiteral("1:2"), QStringLiteral("2:2")}));
    QCOMPARE(payload(scope, 1), QByteArray("agui-inspector"));
    QCOMPARE(payload(scope, 2), QByteArray("1.2.3"));

    // Span: trace_id 1, span_id 2, parent_span_id 4 (bytes), name 5, kind 6 (varint), start 7
    // and end 8 (fixed64), attributes 9, events 11, status 15.
    const auto root = fieldsOf(payload(scopeSpans, 2, 0));
    QCOMPARE(shape(root),
             (QStringList {QStringLiteral("1:2"), QStringLiteral("2:2"), QStringLiteral("5:2"),
                           QStringLiteral("6:0"), QStringLiteral("7:1"), QStringLiteral("8:1"),
                           QStringLiteral("9:2")}));
    QCOMPARE(payload(root, 1), kTraceId);
    QCOMPARE(payload(root, 2), kRootId);
    QCOMPARE(payload(root, 5), QByteArray("invoke_agent demo"));
    QCOMPARE(scalar(root, 6), quint64(3));
    QCOMPARE(scalar(root, 7), kStart);
    QCOMPARE(scalar(root, 8), kEnd);

    const auto child = fieldsOf(payload(scopeSpans, 2, 1));
    QStringList childShape {QStringLiteral("1:2"), QStringLiteral("2:2"), QStringLiteral("4:2"),
                            QStringLiteral("5:2"), QStringLiteral("6:0"), QStringLiteral("7:1"),
                            QStringLiteral("8:1")};
    for (int i = 0; i < 6; ++i)
        childShape.append(QStringLiteral("9:2"));
    childShape << QStringLiteral("11:2") << QStringLiteral("15:2");
    QCOMPARE(shape(child), childShape);
    QCOMPARE(payload(child, 4), kRootId);
    // Span.Event: time_unix_nano 1 (fixed64), name 2, attributes 3.
    const auto event = fieldsOf(payload(child, 11));
    QCOMPARE(shape(event),
             (QStringList {QStringLiteral("1:1"), QStringLiteral("2:2"), QStringLiteral("3:2")}));
    QCOMPARE(scalar(event, 1), kStart + 5);
    QCOMPARE(payload(event, 2), QByteArray("exception"));
    // Status: message 2, code 3 (1 is reserved).
    const auto status = fieldsOf(payload(child, 15));
    QCOMPARE(shape(status), (QStringList {QStringLiteral("2:2"), QStringLiteral("3:0")}));
    QCOMPARE(payload(status, 2), QByteArray("tool failed"));
    QCOMPARE(scalar(status, 3), quint64(2));
}

void TestOtelEncoding::protobufValues()
{
    const auto child = fieldsOf(protoSpan(sampleBatch(), 1));
    // AnyValue: string_value 1, bool_value 2, int_value 3 (varint), double_value 4 (fixed64),
    // array_value 5; ArrayValue: values 1.
    const auto text = protoAttributeValue(child, 9, 0);
    QCOMPARE(shape(text), QStringList {QStringLiteral("1:2")});
    QCOMPARE(payload(text, 1), QByteArray("say \"hi\"\n"));
    const auto count = protoAttributeValue(child, 9, 1);
    QCOMPARE(shape(count), QStringList {QStringLiteral("3:0")});
    QCOMPARE(scalar(count, 3), quint64(kBigInt));
    const auto negative = protoAttributeValue(child, 9, 2);
    QCOMPARE(scalar(negative, 3), quint64(qint64(-5))); // int64: two's complement, 10 bytes
    const auto ratio = protoAttributeValue(child, 9, 3);
    QCOMPARE(shape(ratio), QStringList {QStringLiteral("4:1")});
    double d = 0;
    const quint64 bits = scalar(ratio, 4);
    std::memcpy(&d, &bits, sizeof d);
    QCOMPARE(d, 0.25);
    const auto flag = protoAttributeValue(child, 9, 4);
    QCOMPARE(shape(flag), QStringList {QStringLiteral("2:0")});
    QCOMPARE(scalar(flag, 2), quint64(1));
    const auto tags = protoAttributeValue(child, 9, 5);
    QCOMPARE(shape(tags), QStringList {QStringLiteral("5:2")});
    const auto array = fieldsOf(payload(tags, 5));
    QCOMPARE(shape(array), (QStringList {QStringLiteral("1:2"), QStringLiteral("1:2")}));
    QCOMPARE(payload(fieldsOf(payload(array, 1, 1)), 1), QByteArray("b"));
    // An event's attributes are KeyValues too.
    const auto event = fieldsOf(payload(child, 11));
    QCOMPARE(payload(protoAttributeValue(event, 3, 0), 1), QByteArray("boom"));
}

void TestOtelEncoding::protobufDefaults()
{
    // A oneof arm is written even when it holds a default; a span's default scalars and an
    // unset status are left out, as proto3 serializers do.
    Span span;
    span.traceId = kTraceId;
    span.spanId = kRootId;
    span.kind = SpanKind::Unspecified;
    span.attributes = {{QStringLiteral("empty"), QString()},
                       {QStringLiteral("zero"), qint64(0)},
                       {QStringLiteral("false"), false}};
    Batch batch;
    batch.spans = {span};
    const auto fields = fieldsOf(protoSpan(batch, 0));
    QCOMPARE(shape(fields),
             (QStringList {QStringLiteral("1:2"), QStringLiteral("2:2"), QStringLiteral("9:2"),
                           QStringLiteral("9:2"), QStringLiteral("9:2")}));
    QCOMPARE(shape(protoAttributeValue(fields, 9, 0)), QStringList {QStringLiteral("1:2")});
    QCOMPARE(shape(protoAttributeValue(fields, 9, 1)), QStringList {QStringLiteral("3:0")});
    QCOMPARE(shape(protoAttributeValue(fields, 9, 2)), QStringList {QStringLiteral("2:0")});
}

void TestOtelEncoding::deterministic()
{
    const Batch batch = sampleBatch();
    const Batch copy = sampleBatch();
    QCOMPARE(encodeOtlpProtobuf(batch), encodeOtlpProtobuf(copy));
    QCOMPARE(encodeOtlpJson(batch), encodeOtlpJson(copy));
    const QByteArray json = encodeOtlpJson(batch);
    QVERIFY(!json.contains('\n'));
    QVERIFY(!json.contains(": "));
}

void TestOtelEncoding::traceParentParse_data()
{
    QTest::addColumn<QByteArray>("header");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QString>("errorPart"); // when invalid: a part of the message

    const QByteArray trace = "4bf92f3577b34da6a3ce929d0e0e4736";
    const QByteArray parent = "00f067aa0ba902b7";
    const QByteArray good = "00-" + trace + '-' + parent + "-01";
    // The W3C Trace Context examples.
    QTest::newRow("spec example") << good << true << QString();
    QTest::newRow("not sampled") << QByteArray("00-" + trace + '-' + parent + "-00") << true
                                 << QString();
    QTest::newRow("uppercase trace-id")
        << QByteArray("00-" + trace.toUpper() + '-' + parent + "-01") << false
        << QStringLiteral("trace-id: 'B' at character 4 is not a lowercase hex digit (uppercase");
    QTest::newRow("uppercase flags") << QByteArray("00-" + trace + '-' + parent + "-0A") << false
                                     << QStringLiteral("trace-flags: 'A' at character 54");
    QTest::newRow("zero trace-id")
        << QByteArray("00-" + QByteArray(32, '0') + '-' + parent + "-01") << false
        << QStringLiteral("trace-id (characters 3-34) is all zero");
    QTest::newRow("zero parent-id")
        << QByteArray("00-" + trace + '-' + QByteArray(16, '0') + "-01") << false
        << QStringLiteral("parent-id (characters 36-51) is all zero");
    QTest::newRow("version ff") << QByteArray("ff-" + trace + '-' + parent + "-01") << false
                                << QStringLiteral("version ff");
    QTest::newRow("future version, more fields")
        << QByteArray("cc-" + trace + '-' + parent + "-01-what-the-future-will-be-like") << true
        << QString();
    QTest::newRow("future version, exact size")
        << QByteArray("cc-" + trace + '-' + parent + "-01") << true << QString();
    QTest::newRow("future version, no dash after flags")
        << QByteArray("cc-" + trace + '-' + parent + "-01.what") << false
        << QStringLiteral("'.' at character 55 after the trace-flags");
    QTest::newRow("00 with more fields")
        << QByteArray(good + "-extra") << false << QStringLiteral("'-' at character 55");
    QTest::newRow("trace-id too short")
        << QByteArray("00-" + trace.chopped(1) + '-' + parent + "-01") << false
        << QStringLiteral("trace-id: '-' at character 34");
    QTest::newRow("parent-id too long")
        << QByteArray("00-" + trace + '-' + parent + "a-01") << false
        << QStringLiteral("'a' at character 52 where '-' after the parent-id was expected");
    QTest::newRow("flags one digit") << QByteArray("00-" + trace + '-' + parent + "-1") << false
                                     << QStringLiteral("ends at character 54, inside the "
                                                       "trace-flags");
    QTest::newRow("truncated") << QByteArray("00-4bf9") << false
                               << QStringLiteral("ends at character 7, inside the trace-id");
    QTest::newRow("empty") << QByteArray() << false
                           << QStringLiteral("ends at character 0, inside the version");
    QTest::newRow("wrong separator") << QByteArray("00_" + trace + '-' + parent + "-01") << false
                                     << QStringLiteral("'_' at character 2");
    QTest::newRow("control byte") << QByteArray("00-" + trace + '-' + parent + "-0\n") << false
                                  << QStringLiteral("byte 0x0a at character 54");
    QTest::newRow("leading space")
        << QByteArray(' ' + good) << false << QStringLiteral("version: ' ' at character 0");
}

void TestOtelEncoding::traceParentParse()
{
    QFETCH(QByteArray, header);
    QFETCH(bool, valid);
    QFETCH(QString, errorPart);
    QString error;
    const std::optional<TraceParent> parsed = TraceParent::parse(header, &error);
    QCOMPARE(parsed.has_value(), valid);
    if (!valid) {
        QVERIFY2(error.contains(errorPart), qPrintable(error));
        QVERIFY(!TraceParent::parse(header, nullptr)); // no error wanted: still refused
        return;
    }
    QVERIFY(error.isEmpty());
    QVERIFY(parsed->isValid());
    QCOMPARE(parsed->traceId.toHex(), QByteArray("4bf92f3577b34da6a3ce929d0e0e4736"));
    QCOMPARE(parsed->parentId.toHex(), QByteArray("00f067aa0ba902b7"));
    // Version 00 writes back as it came; a higher version is written as 00.
    const QByteArray written = parsed->toHeader();
    QCOMPARE(written.left(3), QByteArray("00-"));
    if (header.startsWith("00-"))
        QCOMPARE(written, header);
    QCOMPARE(TraceParent::parse(written, nullptr), parsed);
}

void TestOtelEncoding::traceParentRoundTrip()
{
    const TraceParent a = TraceParent::generate();
    const TraceParent b = TraceParent::generate();
    QVERIFY(a.isValid());
    QCOMPARE(a.traceId.size(), 16);
    QCOMPARE(a.parentId.size(), 8);
    QCOMPARE(a.flags, quint8(1));
    QVERIFY(a.traceId != b.traceId);
    QCOMPARE(a.toHeader().size(), 55);
    QCOMPARE(TraceParent::parse(a.toHeader(), nullptr), std::optional<TraceParent>(a));

    TraceParent flags = a;
    flags.flags = 0xab;
    QVERIFY(flags.toHeader().endsWith("-ab"));
    QCOMPARE(TraceParent::parse(flags.toHeader(), nullptr)->flags, quint8(0xab));
    // A higher version's other flag bits may mean something else: only "sampled" is kept.
    QByteArray future = flags.toHeader();
    future[0] = '0';
    future[1] = '1';
    QCOMPARE(TraceParent::parse(future, nullptr)->flags, quint8(0x01));

    TraceParent invalid = a;
    invalid.parentId = QByteArray(8, '\0');
    QVERIFY(!invalid.isValid());
    QVERIFY(invalid.toHeader().isEmpty());
    invalid.parentId = QByteArray(7, 'x');
    QVERIFY(!invalid.isValid());
    QVERIFY(invalid.toHeader().isEmpty());
}

void TestOtelEncoding::deriveIdIsDeterministic()
{
    const QByteArray seed = "capture.aguicap#run-1";
    const QByteArray traceId = deriveId(seed, 16);
    QCOMPARE(traceId.size(), 16);
    QCOMPARE(deriveId(seed, 16), traceId);
    QCOMPARE(traceId, QCryptographicHash::hash(seed, QCryptographicHash::Sha256).first(16));
    QCOMPARE(deriveId(seed, 8), traceId.first(8));
    QVERIFY(deriveId("capture.aguicap#run-2", 16) != traceId);
    QCOMPARE(deriveId(seed, 64).size(), 32); // no more than SHA-256 gives
    TraceParent derived {traceId, deriveId(QByteArray(seed + "#span"), 8)};
    QVERIFY(derived.isValid());
}

void TestOtelEncoding::configDefaults()
{
    QStringList problems;
    const OtlpConfig config = configOf({}, &problems);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    QCOMPARE(config.tracesUrl, QUrl(QStringLiteral("http://localhost:4318/v1/traces")));
    QCOMPARE(config.protocol, OtlpConfig::Protocol::HttpProtobuf);
    QVERIFY(config.headers.isEmpty());
    QCOMPARE(config.timeoutMs, 10000);
    QCOMPARE(config.serviceName, QString());
    QVERIFY(config.hasUsableUrl());
    // An empty variable counts as unset.
    const OtlpConfig empty = configOf({{QStringLiteral("OTEL_EXPORTER_OTLP_ENDPOINT"), QString()},
                                       {QStringLiteral("OTEL_EXPORTER_OTLP_TIMEOUT"), QString()}},
                                      &problems);
    QVERIFY(problems.isEmpty());
    QCOMPARE(empty.tracesUrl, config.tracesUrl);
}

void TestOtelEncoding::configEndpoint_data()
{
    QTest::addColumn<QString>("base");
    QTest::addColumn<QString>("traces");
    QTest::newRow("host") << QStringLiteral("http://collector:4318")
                          << QStringLiteral("http://collector:4318/v1/traces");
    QTest::newRow("host, slash") << QStringLiteral("http://collector:4318/")
                                 << QStringLiteral("http://collector:4318/v1/traces");
    QTest::newRow("path") << QStringLiteral("https://otlp.example.com/tenant")
                          << QStringLiteral("https://otlp.example.com/tenant/v1/traces");
    QTest::newRow("path, slash") << QStringLiteral("https://otlp.example.com/tenant/")
                                 << QStringLiteral("https://otlp.example.com/tenant/v1/traces");
}

void TestOtelEncoding::configEndpoint()
{
    QFETCH(QString, base);
    QFETCH(QString, traces);
    QStringList problems;
    const OtlpConfig config
        = configOf({{QStringLiteral("OTEL_EXPORTER_OTLP_ENDPOINT"), base}}, &problems);
    QVERIFY(problems.isEmpty());
    QCOMPARE(config.tracesUrl.toString(), traces);
    OtlpConfig fromCommandLine;
    fromCommandLine.setEndpoint(base);
    QCOMPARE(fromCommandLine.tracesUrl.toString(), traces);
}

void TestOtelEncoding::configTracesEndpointAsIs()
{
    QStringList problems;
    const OtlpConfig config = configOf(
        {{QStringLiteral("OTEL_EXPORTER_OTLP_ENDPOINT"), QStringLiteral("http://a:4318")},
         {QStringLiteral("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"),
          QStringLiteral("http://b:9999/custom/path")}},
        &problems);
    QVERIFY(problems.isEmpty());
    QCOMPARE(config.tracesUrl.toString(), QStringLiteral("http://b:9999/custom/path"));
}

void TestOtelEncoding::configBadEndpoint()
{
    QStringList problems;
    const OtlpConfig config = configOf({{QStringLiteral("OTEL_EXPORTER_OTLP_ENDPOINT"),
                                         QStringLiteral("ftp://user:hunter2@collector/")}},
                                       &problems);
    QCOMPARE(problems.size(), 1);
    QVERIFY2(problems[0].startsWith(u"OTEL_EXPORTER_OTLP_ENDPOINT is not an http:// or https://"),
             qPrintable(problems[0]));
    QVERIFY(!problems[0].contains(u"hunter2"));
    QCOMPARE(config.tracesUrl, QUrl(QStringLiteral("http://localhost:4318/v1/traces")));
    problems.clear();
    configOf({{QStringLiteral("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"), QStringLiteral("collector")}},
             &problems);
    QCOMPARE(problems.size(), 1);
    QVERIFY(problems[0].startsWith(u"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"));
}

void TestOtelEncoding::configHeaders()
{
    QStringList problems;
    const OtlpConfig config
        = configOf({{QStringLiteral("OTEL_EXPORTER_OTLP_HEADERS"),
                     QStringLiteral(" Authorization = Bearer%20abc%2Cdef , x-tenant=acme,,")},
                    {QStringLiteral("OTEL_EXPORTER_OTLP_TRACES_HEADERS"),
                     QStringLiteral("X-TENANT=traces-only,x-extra=1+1%3D2")}},
                   &problems);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    // Decoded and trimmed; the trace-specific value replaces the general one in place.
    const QList<QPair<QByteArray, QByteArray>> expected {
        {"Authorization", "Bearer abc,def"},
        {"X-TENANT", "traces-only"},
        {"x-extra", "1+1=2"},
    };
    QCOMPARE(config.headers, expected);
}

void TestOtelEncoding::configMalformedHeaders()
{
    QStringList problems;
    const OtlpConfig config
        = configOf({{QStringLiteral("OTEL_EXPORTER_OTLP_HEADERS"),
                     QStringLiteral("good=1,Bearer s3cr3t-token,api-key=s3cr3t%zz,"
                                    "inject=s3cr3t%0D%0AHost: evil,bad key=s3cr3t")}},
                   &problems);
    QCOMPARE(config.headers, (QList<QPair<QByteArray, QByteArray>> {{"good", "1"}}));
    QCOMPARE(problems.size(), 4);
    for (const QString &p : problems) {
        QVERIFY2(p.startsWith(u"OTEL_EXPORTER_OTLP_HEADERS: entry "), qPrintable(p));
        QVERIFY2(!p.contains(u"s3cr3t"), qPrintable(p)); // never a value
    }
    QVERIFY2(problems[0].contains(u"entry 2 of 5 has no '='"), qPrintable(problems[0]));
    QVERIFY2(problems[1].contains(u"entry 3 of 5 (key api-key) has a '%' not followed"),
             qPrintable(problems[1]));
    QVERIFY2(problems[2].contains(u"entry 4 of 5 (key inject) has a value that decodes to a "
                                  u"control character"),
             qPrintable(problems[2]));
    QVERIFY2(problems[3].contains(u"entry 5 of 5 has an empty key or one that is not"),
             qPrintable(problems[3]));
}

void TestOtelEncoding::configProtocol()
{
    QCOMPARE(OtlpConfig::parseProtocol(u"http/protobuf"), OtlpConfig::Protocol::HttpProtobuf);
    QCOMPARE(OtlpConfig::parseProtocol(u" http/json "), OtlpConfig::Protocol::HttpJson);
    QVERIFY(!OtlpConfig::parseProtocol(u"grpc"));
    QVERIFY(!OtlpConfig::parseProtocol(u"http"));
    QCOMPARE(OtlpConfig::protocolName(OtlpConfig::Protocol::HttpJson), QStringLiteral("http/json"));

    QStringList problems;
    OtlpConfig config = configOf(
        {{QStringLiteral("OTEL_EXPORTER_OTLP_PROTOCOL"), QStringLiteral("http/json")}}, &problems);
    QCOMPARE(config.protocol, OtlpConfig::Protocol::HttpJson);
    config = configOf(
        {{QStringLiteral("OTEL_EXPORTER_OTLP_PROTOCOL"), QStringLiteral("http/json")},
         {QStringLiteral("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL"), QStringLiteral("http/protobuf")}},
        &problems);
    QCOMPARE(config.protocol, OtlpConfig::Protocol::HttpProtobuf);
    QVERIFY(problems.isEmpty());
    config
        = configOf({{QStringLiteral("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL"), QStringLiteral("grpc")}},
                   &problems);
    QCOMPARE(config.protocol, OtlpConfig::Protocol::HttpProtobuf);
    QCOMPARE(problems.size(), 1);
    QVERIFY2(problems[0].startsWith(u"OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: grpc is not supported"),
             qPrintable(problems[0]));
}

void TestOtelEncoding::configTimeout()
{
    QStringList problems;
    OtlpConfig config = configOf(
        {{QStringLiteral("OTEL_EXPORTER_OTLP_TIMEOUT"), QStringLiteral("2500")}}, &problems);
    QCOMPARE(config.timeoutMs, 2500);
    config
        = configOf({{QStringLiteral("OTEL_EXPORTER_OTLP_TIMEOUT"), QStringLiteral("2500")},
                    {QStringLiteral("OTEL_EXPORTER_OTLP_TRACES_TIMEOUT"), QStringLiteral("700")}},
                   &problems);
    QCOMPARE(config.timeoutMs, 700);
    QVERIFY(problems.isEmpty());
    for (const QString &bad : {QStringLiteral("10s"), QStringLiteral("-5"), QStringLiteral("0"),
                               QStringLiteral("99999999999")}) {
        problems.clear();
        config = configOf({{QStringLiteral("OTEL_EXPORTER_OTLP_TIMEOUT"), bad}}, &problems);
        QCOMPARE(config.timeoutMs, 10000);
        QCOMPARE(problems.size(), 1);
        QVERIFY(problems[0].startsWith(u"OTEL_EXPORTER_OTLP_TIMEOUT: '" + bad + u"'"));
    }
}

void TestOtelEncoding::configResource()
{
    QStringList problems;
    OtlpConfig config = configOf(
        {{QStringLiteral("OTEL_RESOURCE_ATTRIBUTES"),
          QStringLiteral("service.name=from%20attributes, deployment.environment.name=dev")}},
        &problems);
    QVERIFY(problems.isEmpty());
    QCOMPARE(config.serviceName, QStringLiteral("from attributes"));
    const QList<QPair<QString, QString>> expected {
        {QStringLiteral("service.name"), QStringLiteral("from attributes")},
        {QStringLiteral("deployment.environment.name"), QStringLiteral("dev")},
    };
    QCOMPARE(config.resourceAttributes, expected);
    config = configOf(
        {{QStringLiteral("OTEL_RESOURCE_ATTRIBUTES"), QStringLiteral("service.name=attr")},
         {QStringLiteral("OTEL_SERVICE_NAME"), QStringLiteral("from-variable")}},
        &problems);
    QCOMPARE(config.serviceName, QStringLiteral("from-variable"));
    config = configOf({{QStringLiteral("OTEL_RESOURCE_ATTRIBUTES"), QStringLiteral("oops")}},
                      &problems);
    QCOMPARE(problems.size(), 1);
    QVERIFY(problems[0].startsWith(u"OTEL_RESOURCE_ATTRIBUTES: entry 1 of 1 has no '='"));
}

void TestOtelEncoding::configDescribe()
{
    QStringList problems;
    const OtlpConfig config
        = configOf({{QStringLiteral("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"),
                     QStringLiteral("https://user:pw@otlp.example.com/v1/traces?key=s3cr3t")},
                    {QStringLiteral("OTEL_EXPORTER_OTLP_PROTOCOL"), QStringLiteral("http/json")},
                    {QStringLiteral("OTEL_EXPORTER_OTLP_HEADERS"),
                     QStringLiteral("authorization=Bearer%20s3cr3t,x-team=s3cr3t")}},
                   &problems);
    QVERIFY(problems.isEmpty());
    const QString text = config.describe();
    QVERIFY2(text.contains(u"https://otlp.example.com/v1/traces?…"), qPrintable(text));
    QVERIFY(text.contains(u"http/json"));
    QVERIFY(text.contains(u"authorization, x-team"));
    QVERIFY(text.contains(u"10000 ms"));
    QVERIFY2(!text.contains(u"s3cr3t") && !text.contains(u"pw@"), qPrintable(text));
}

void TestOtelEncoding::retryAfter_data()
{
    QTest::addColumn<QByteArray>("value");
    QTest::addColumn<qint64>("expected"); // -1: nullopt
    QTest::newRow("seconds") << QByteArray("120") << qint64(120000);
    QTest::newRow("zero") << QByteArray("0") << qint64(0);
    QTest::newRow("whitespace") << QByteArray(" 5\t") << qint64(5000);
    QTest::newRow("over an hour") << QByteArray("7200") << kMaxRetryAfterMs;
    QTest::newRow("huge") << QByteArray("999999999999999999999999") << kMaxRetryAfterMs;
    QTest::newRow("IMF-fixdate") << QByteArray("Wed, 01 Jan 2025 00:00:30 GMT") << qint64(30000);
    QTest::newRow("date in the past") << QByteArray("Sun, 06 Nov 1994 08:49:37 GMT") << qint64(0);
    QTest::newRow("date far ahead")
        << QByteArray("Fri, 01 Jan 2027 00:00:00 GMT") << kMaxRetryAfterMs;
    QTest::newRow("rfc850") << QByteArray("Wednesday, 01-Jan-25 00:01:00 GMT") << qint64(60000);
    QTest::newRow("rfc850, last century")
        << QByteArray("Sunday, 06-Nov-94 08:49:37 GMT") << qint64(0);
    QTest::newRow("asctime") << QByteArray("Wed Jan  1 00:00:09 2025") << qint64(9000);
    QTest::newRow("empty") << QByteArray() << qint64(-1);
    QTest::newRow("word") << QByteArray("soon") << qint64(-1);
    QTest::newRow("negative") << QByteArray("-5") << qint64(-1);
    QTest::newRow("fraction") << QByteArray("1.5") << qint64(-1);
    QTest::newRow("not GMT") << QByteArray("Wed, 01 Jan 2025 00:00:30 UTC") << qint64(-1);
    QTest::newRow("no such day") << QByteArray("Wed, 31 Feb 2025 00:00:30 GMT") << qint64(-1);
    QTest::newRow("hour 25") << QByteArray("Wed, 01 Jan 2025 25:00:30 GMT") << qint64(-1);
    QTest::newRow("bad day name") << QByteArray("Xyz, 01 Jan 2025 00:00:30 GMT") << qint64(-1);
    QTest::newRow("two spaces") << QByteArray("Wed,  01 Jan 2025 00:00:30 GMT") << qint64(-1);
}

void TestOtelEncoding::retryAfter()
{
    QFETCH(QByteArray, value);
    QFETCH(qint64, expected);
    const std::optional<qint64> ms = parseRetryAfterMs(value, fixedNow());
    QCOMPARE(ms.value_or(-1), expected);
}

QTEST_GUILESS_MAIN(TestOtelEncoding)
#include "test_otel_encoding.moc"
