// SSE encoder: exact bytes (what @ag-ui/encoder's encodeSSE writes) and round trips through
// the SSE parser.

#include "core/wire/sseencoder.h"
#include "core/wire/sseparser.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

class TestSseEncoder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void exactBytesFromObject();
    void appendixAFramesFromPayloads();
    void multiLinePayload();
    void emptyPayload();
    void comments();
    void roundTrip();
};

namespace {

QList<agui::SseEvent> parseAll(const QByteArray &stream,
                               QList<agui::SseComment> *comments = nullptr)
{
    agui::SseParser parser;
    parser.feed(stream);
    parser.finish();
    if (comments)
        *comments = parser.takeComments();
    return parser.takeEvents();
}

} // namespace

void TestSseEncoder::exactBytesFromObject()
{
    const QJsonObject started {{QStringLiteral("type"), QStringLiteral("RUN_STARTED")},
                               {QStringLiteral("threadId"), QStringLiteral("t1")},
                               {QStringLiteral("runId"), QStringLiteral("r1")}};
    // QJsonObject orders keys; the framing is the reference encoder's.
    QCOMPARE(
        agui::encodeSse(started),
        QByteArray("data: {\"runId\":\"r1\",\"threadId\":\"t1\",\"type\":\"RUN_STARTED\"}\n\n"));

    const QJsonObject content {
        {QStringLiteral("type"), QStringLiteral("TEXT_MESSAGE_CONTENT")},
        {QStringLiteral("messageId"), QStringLiteral("m1")},
        {QStringLiteral("delta"), QString::fromUtf8("line1\nh\xC3\xA9 \xF0\x9F\x98\x80")}};
    // A newline inside a string is escaped, so the event stays one data line; UTF-8 is raw.
    QCOMPARE(
        agui::encodeSse(content),
        QByteArray("data: {\"delta\":\"line1\\nh\xC3\xA9 \xF0\x9F\x98\x80\",\"messageId\":\"m1\","
                   "\"type\":\"TEXT_MESSAGE_CONTENT\"}\n\n"));
}

void TestSseEncoder::appendixAFramesFromPayloads()
{
    QFile f(QStringLiteral(AGUI_TEST_DATA_DIR "/wire/appendix-a.sse"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray expected = f.readAll();
    const QByteArray payloads[] = {
        R"({"type":"RUN_STARTED","threadId":"t1","runId":"r1"})",
        R"({"type":"TEXT_MESSAGE_START","messageId":"m1","role":"assistant"})",
        R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"Hi"})",
        R"({"type":"TEXT_MESSAGE_END","messageId":"m1"})",
        R"({"type":"RUN_FINISHED","threadId":"t1","runId":"r1"})",
    };
    QByteArray encoded;
    for (const QByteArray &p : payloads)
        encoded += agui::encodeSse(QByteArrayView(p));
    QCOMPARE(encoded, expected);
}

void TestSseEncoder::multiLinePayload()
{
    const QByteArray pretty = "{\n  \"type\": \"RUN_STARTED\"\r\n}";
    const QByteArray encoded = agui::encodeSse(QByteArrayView(pretty));
    QCOMPARE(encoded, QByteArray("data: {\ndata:   \"type\": \"RUN_STARTED\"\ndata: }\n\n"));
    const QList<agui::SseEvent> events = parseAll(encoded);
    QCOMPARE(events.size(), 1);
    // CRLF inside the payload comes back as LF (SSE data cannot carry a CR).
    QCOMPARE(events.at(0).data, QByteArray("{\n  \"type\": \"RUN_STARTED\"\n}"));
    QCOMPARE(events.at(0).dataLineCount, 3);
}

void TestSseEncoder::emptyPayload()
{
    const QByteArray encoded = agui::encodeSse(QByteArrayView());
    QCOMPARE(encoded, QByteArray("data: \n\n"));
    const QList<agui::SseEvent> events = parseAll(encoded);
    QCOMPARE(events.size(), 1);
    QCOMPARE(events.at(0).data, QByteArray());
}

void TestSseEncoder::comments()
{
    QCOMPARE(agui::encodeSseComment(), QByteArray(":\n\n"));
    QCOMPARE(agui::encodeSseComment("ping"), QByteArray(":ping\n\n"));
    QCOMPARE(agui::encodeSseComment("a\nb"), QByteArray(":a\n:b\n\n"));
    QList<agui::SseComment> comments;
    QVERIFY(parseAll(agui::encodeSseComment("a\nb"), &comments).isEmpty());
    QCOMPARE(comments.size(), 2);
    QCOMPARE(comments.at(1).text, QByteArray("b"));
    QCOMPARE(comments.at(1).offset, 3);
}

void TestSseEncoder::roundTrip()
{
    const QJsonObject state {
        {QStringLiteral("list"), QJsonArray {1, 2.5, true, QJsonValue()}},
        {QStringLiteral("text"), QString::fromUtf8("\xE4\xBD\xA0\xE5\xA5\xBD\r\n\"q\"")}};
    const QList<QJsonObject> events = {
        {{QStringLiteral("type"), QStringLiteral("RUN_STARTED")},
         {QStringLiteral("threadId"), QStringLiteral("t")},
         {QStringLiteral("runId"), QStringLiteral("r")}},
        {{QStringLiteral("type"), QStringLiteral("STATE_SNAPSHOT")},
         {QStringLiteral("snapshot"), state}},
        {{QStringLiteral("type"), QStringLiteral("CUSTOM")},
         {QStringLiteral("name"), QStringLiteral("n")},
         {QStringLiteral("value"), QStringLiteral("x\u2028y")}},
    };
    QByteArray stream;
    QList<qint64> offsets;
    for (const QJsonObject &e : events) {
        offsets << stream.size();
        stream += agui::encodeSse(e);
    }
    const QList<agui::SseEvent> parsed = parseAll(stream);
    QCOMPARE(parsed.size(), events.size());
    for (qsizetype i = 0; i < parsed.size(); ++i) {
        QCOMPARE(parsed.at(i).offset, offsets.at(i));
        QCOMPARE(parsed.at(i).raw, agui::encodeSse(events.at(i)));
        QVERIFY(parsed.at(i).issues.isEmpty());
        QCOMPARE(QJsonDocument::fromJson(parsed.at(i).data).object(), events.at(i));
    }
}

QTEST_GUILESS_MAIN(TestSseEncoder)
#include "test_sse_encoder.moc"
