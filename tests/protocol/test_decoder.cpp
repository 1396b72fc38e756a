// decodePayload: invalid JSON (with byte offset), non-object, missing type, unknown type, valid.
#include "core/protocol/decoder.h"

#include <QTest>

using namespace agui;

class TestDecoder : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void validEvent()
    {
        const QByteArray payload
            = R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"Hi"})";
        const Event e = decodePayload(payload, Framing::Sse);
        QCOMPARE(e.type, EventType::TextMessageContent);
        QCOMPARE(e.typeName, QStringLiteral("TEXT_MESSAGE_CONTENT"));
        QCOMPARE(e.framing, Framing::Sse);
        QCOMPARE(e.payload, payload);
        QCOMPARE(e.stringField(QLatin1StringView("delta")), QStringLiteral("Hi"));
        QVERIFY(e.diagnostics.isEmpty());
        QVERIFY(e.isValid());
    }

    void schemaFindingsAttached()
    {
        const Event e = decodePayload(R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m1"})",
                                      Framing::JsonLine);
        QCOMPARE(e.type, EventType::TextMessageContent);
        QCOMPARE(e.framing, Framing::JsonLine);
        QCOMPARE(e.diagnostics.size(), 1);
        QCOMPARE(e.diagnostics[0].ruleId, QStringLiteral("schema.required"));
        // Ours, then the issue of the ZodError the client throws.
        QCOMPARE(e.diagnostics[0].message,
                 QStringLiteral("'delta' is required on TEXT_MESSAGE_CONTENT — @ag-ui/client: "
                                "{\"message\":\"Invalid input: expected string, received "
                                "undefined\",\"path\":[\"delta\"]}"));
        QVERIFY(e.hasErrors());
    }

    void invalidJsonNamesOffset()
    {
        const QByteArray payload = R"({"type":"RUN_STARTED",,"x":1})";
        const Event e = decodePayload(payload, Framing::Sse);
        QCOMPARE(e.type, EventType::Invalid);
        QVERIFY(!e.isValid());
        QCOMPARE(e.payload, payload); // bytes kept
        QVERIFY(e.json.isEmpty());
        QCOMPARE(e.diagnostics.size(), 1);
        const Diagnostic &d = e.diagnostics[0];
        QCOMPARE(d.ruleId, QStringLiteral("wire.not-json"));
        QCOMPARE(d.severity, Severity::Error);
        QCOMPARE(d.byteOffset, 22); // the second comma, where JSON.parse says "position 22"
        QVERIFY2(d.message.contains(QStringLiteral("at byte 22 of the payload")),
                 qPrintable(d.message));
    }

    // A payload cut short is not JSON at its own end, not one byte past it (the client says
    // "Unterminated string in JSON at position 93" of this 93-byte payload).
    void aPayloadCutShortIsNotJsonAtItsEnd()
    {
        // A plain literal: moc stops reading a file at a raw string with an unbalanced quote.
        QByteArray payload = "{\"type\":\"TEXT_MESSAGE_CONTENT\",\"messageId\":\"m1\",\"delta\":\"";
        payload += QByteArray(93 - payload.size(), 'x');
        const Event e = decodePayload(payload, Framing::Sse);
        QCOMPARE(e.diagnostics.value(0).byteOffset, 93);
        QVERIFY2(e.diagnostics.value(0).message.contains(
                     QStringLiteral("not JSON at byte 93 of the payload")),
                 qPrintable(e.diagnostics.value(0).message));
    }

    void truncatedAndEmpty()
    {
        const Event t = decodePayload(R"({"type":"RUN_STARTED")", Framing::Sse);
        QCOMPARE(t.type, EventType::Invalid);
        QCOMPARE(t.diagnostics.value(0).ruleId, QStringLiteral("wire.not-json"));
        const Event e = decodePayload(QByteArray(), Framing::Sse);
        QCOMPARE(e.type, EventType::Invalid);
        QCOMPARE(e.diagnostics.value(0).ruleId, QStringLiteral("wire.not-json"));
        QVERIFY(e.diagnostics.value(0).message.contains(QStringLiteral("empty")));
    }

    void invalidUtf8ReadLikeTheClient()
    {
        const QByteArray payload("{\"type\":\"CUSTOM\",\"name\":\"a\xff b\",\"value\":1}");
        const Event e = decodePayload(payload, Framing::Sse);
        QCOMPARE(e.type, EventType::Custom);
        QCOMPARE(e.stringField(QLatin1StringView("name")), QStringLiteral("a\ufffd b"));
        QCOMPARE(e.payload, payload); // the bytes as received
        QCOMPARE(e.diagnostics.size(), 1);
        QCOMPARE(e.diagnostics[0].ruleId, QStringLiteral("wire.invalid-utf8"));
        QCOMPARE(e.diagnostics[0].severity, Severity::Warning);
    }

    void invalidUtf8ReplacedAsTextDecoderDoes_data()
    {
        // Expected counts of U+FFFD between 'a' and 'b', from TextDecoder('utf-8') in Node.
        QTest::addColumn<QByteArray>("bad");
        QTest::addColumn<int>("replacements");
        QTest::newRow("overlong") << QByteArray::fromHex("c0af") << 2;
        QTest::newRow("surrogate") << QByteArray::fromHex("eda080") << 3;
        QTest::newRow("cut 4-byte") << QByteArray::fromHex("f09f98") << 1;
        QTest::newRow("cut 3-byte") << QByteArray::fromHex("e29c") << 1;
        QTest::newRow("stray") << QByteArray::fromHex("ff") << 1;
        QTest::newRow("above U+10FFFF") << QByteArray::fromHex("f4908080") << 4;
        QTest::newRow("overlong 3-byte") << QByteArray::fromHex("e0808f") << 3;
        QTest::newRow("lone lead") << QByteArray::fromHex("c3") << 1;
    }

    void invalidUtf8ReplacedAsTextDecoderDoes()
    {
        QFETCH(QByteArray, bad);
        QFETCH(int, replacements);
        const Event e = decodePayload(
            "{\"type\":\"CUSTOM\",\"name\":\"a" + bad + "b\",\"value\":1}", Framing::Sse);
        QCOMPARE(e.type, EventType::Custom);
        QCOMPARE(e.stringField(QLatin1StringView("name")),
                 QLatin1Char('a') + QString(replacements, QChar(0xFFFD)) + QLatin1Char('b'));
    }

    void notAnObject()
    {
        for (const char *payload : {"[1,2]", "\"RUN_STARTED\"", "42", "null"}) {
            const Event e = decodePayload(QByteArray(payload), Framing::Sse);
            QCOMPARE(e.type, EventType::Invalid);
            QCOMPARE(e.diagnostics.size(), 1);
            QCOMPARE(e.diagnostics[0].ruleId, QStringLiteral("wire.not-object"));
            QCOMPARE(e.diagnostics[0].message,
                     QStringLiteral("Invalid event: the frame is not a JSON object."));
            QCOMPARE(e.payload, QByteArray(payload));
        }
    }

    void noType()
    {
        for (const char *payload :
             {R"({"messageId":"m"})", R"({"type":""})", R"({"type":5})", R"({"type":null})"}) {
            const Event e = decodePayload(QByteArray(payload), Framing::Sse);
            QCOMPARE(e.type, EventType::Invalid);
            QCOMPARE(e.diagnostics.size(), 1);
            QCOMPARE(e.diagnostics[0].ruleId, QStringLiteral("wire.no-type"));
            QCOMPARE(e.diagnostics[0].message,
                     QStringLiteral("Invalid event: the frame carries no event type."));
            QVERIFY(!e.json.isEmpty()); // the object is kept for the views
        }
    }

    void unknownTypeKept()
    {
        const Event e = decodePayload(R"({"type":"error","message":"x"})", Framing::Sse);
        QCOMPARE(e.type, EventType::Unknown);
        QCOMPARE(e.typeName, QStringLiteral("error"));
        QCOMPARE(e.json.value(QStringLiteral("message")).toString(), QStringLiteral("x"));
        QCOMPARE(e.diagnostics.size(), 1);
        QCOMPARE(e.diagnostics[0].ruleId, QStringLiteral("schema.unknown-type"));
        QCOMPARE(e.diagnostics[0].severity, Severity::Warning);
        QVERIFY(e.isValid());
    }

    void legacyTypeDecoded()
    {
        const Event e = decodePayload(R"({"type":"THINKING_START"})", Framing::Sse);
        QCOMPARE(e.type, EventType::ThinkingStart);
        QCOMPARE(e.diagnostics.value(0).ruleId, QStringLiteral("schema.deprecated"));
    }
};

QTEST_GUILESS_MAIN(TestDecoder)
#include "test_decoder.moc"
