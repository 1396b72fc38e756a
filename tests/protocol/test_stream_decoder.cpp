// StreamDecoder: bytes -> Events for SSE and JSON lines, independent of chunking, with exact byte
// ranges, heartbeats kept and wire findings attached to the event concerned.
#include "core/protocol/streamdecoder.h"
#include "core/wire/protoevent.h"
#include "core/wire/protoframes.h"

#include <QTest>

using namespace agui;

namespace {

// agui-protocol.md Appendix A: what EventEncoder.encodeSSE emits for a minimal run.
const QByteArray kRun
    = "data: {\"type\":\"RUN_STARTED\",\"threadId\":\"t1\",\"runId\":\"r1\"}\n\n"
      "data: {\"type\":\"TEXT_MESSAGE_START\",\"messageId\":\"m1\",\"role\":"
      "\"assistant\"}\n\n"
      "data: {\"type\":\"TEXT_MESSAGE_CONTENT\",\"messageId\":\"m1\",\"delta\":"
      "\"Hi\"}\n\n"
      "data: {\"type\":\"TEXT_MESSAGE_END\",\"messageId\":\"m1\"}\n\n"
      "data: {\"type\":\"RUN_FINISHED\",\"threadId\":\"t1\",\"runId\":\"r1\"}\n\n";

QList<Event> decodeAll(Framing framing, const QList<QByteArray> &chunks,
                       StreamDecoder *keep = nullptr)
{
    StreamDecoder local(framing);
    StreamDecoder &d = keep ? *keep : local;
    QList<Event> out;
    qint64 t = 100;
    for (const QByteArray &c : chunks)
        out += d.feed(c, t++);
    out += d.finish();
    return out;
}

// Everything except arrival time, which legitimately depends on chunking.
void compareEvents(const QList<Event> &a, const QList<Event> &b, const char *what)
{
    QVERIFY2(a.size() == b.size(), what);
    for (qsizetype i = 0; i < a.size(); ++i) {
        QVERIFY2(a[i].seq == b[i].seq, what);
        QVERIFY2(a[i].type == b[i].type, what);
        QVERIFY2(a[i].raw == b[i].raw, what);
        QVERIFY2(a[i].payload == b[i].payload, what);
        QVERIFY2(a[i].streamOffset == b[i].streamOffset, what);
        QVERIFY2(a[i].json == b[i].json, what);
        QVERIFY2(a[i].diagnostics == b[i].diagnostics, what);
    }
}

void everySplitGivesSameEvents(Framing framing, const QByteArray &body)
{
    const QList<Event> whole = decodeAll(framing, {body});
    for (qsizetype k = 0; k <= body.size(); ++k) {
        const QList<Event> split = decodeAll(framing, {body.left(k), body.mid(k)});
        compareEvents(whole, split, qPrintable(QStringLiteral("split at %1").arg(k)));
        if (QTest::currentTestFailed())
            return;
    }
    QList<QByteArray> bytes;
    for (char c : body)
        bytes.append(QByteArray(1, c));
    compareEvents(whole, decodeAll(framing, bytes), "byte by byte");
}

bool hasRule(const Event &e, const char *rule)
{
    for (const Diagnostic &d : e.diagnostics)
        if (d.ruleId == QLatin1String(rule))
            return true;
    return false;
}

} // namespace

class TestStreamDecoder : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void sseMinimalRun()
    {
        StreamDecoder d(Framing::Sse);
        const QList<Event> events = decodeAll(Framing::Sse, {kRun}, &d);
        QCOMPARE(events.size(), 5);
        const EventType types[]
            = {EventType::RunStarted, EventType::TextMessageStart, EventType::TextMessageContent,
               EventType::TextMessageEnd, EventType::RunFinished};
        QByteArray joined;
        for (qsizetype i = 0; i < events.size(); ++i) {
            const Event &e = events[i];
            QCOMPARE(e.seq, i);
            QCOMPARE(e.type, types[i]);
            QCOMPARE(e.framing, Framing::Sse);
            QCOMPARE(e.streamOffset, qint64(joined.size())); // byte ranges tile the body
            QVERIFY(e.raw.startsWith("data: {"));
            QVERIFY(e.raw.endsWith("}\n\n"));
            QCOMPARE(e.payload, e.raw.mid(6, e.raw.size() - 8));
            QVERIFY2(e.diagnostics.isEmpty(), qPrintable(e.diagnostics.value(0).message));
            joined += e.raw;
        }
        QCOMPARE(joined, kRun);
        QCOMPARE(d.bytesSeen(), qint64(kRun.size()));
        QCOMPARE(d.nextSeq(), qint64(5));
        QVERIFY(d.heartbeats().isEmpty());
        QCOMPARE(events[2].stringField(QLatin1StringView("delta")), QStringLiteral("Hi"));
    }

    void sseChunkedAtEveryOffset()
    {
        const QByteArray body = ": hello\n\n" + kRun.left(120) + "event: custom\nid: 7\n"
            + kRun.mid(120) + "data: {\"type\":\"X\"\ndata: ,\"a\":1}\n\ndata: {bad\n\n"
            + "data: {\"type\":\"STEP_STARTED\",\"stepName\":\"s\"}";
        everySplitGivesSameEvents(Framing::Sse, body);
    }

    void receivedAtIsTheCompletingChunk()
    {
        StreamDecoder d(Framing::Sse, 40);
        const qsizetype cut = kRun.indexOf("\n\n") + 1; // first frame lacks its last "\n"
        QList<Event> a = d.feed(kRun.left(cut), 1000);
        QVERIFY(a.isEmpty());
        a = d.feed(kRun.mid(cut), 2000);
        QCOMPARE(a.size(), 5);
        QCOMPARE(a[0].seq, qint64(40)); // numbering from the given start
        QCOMPARE(a[0].receivedAtUs, qint64(2000));
        QCOMPARE(a[4].seq, qint64(44));
        QVERIFY(d.finish().isEmpty());
    }

    void heartbeatsKept()
    {
        StreamDecoder d(Framing::Sse);
        const QByteArray ping = ": ping\n\n";
        QList<Event> events = d.feed(QByteArray(kRun.left(kRun.indexOf("\n\n") + 2) + ping), 7);
        events += d.feed(ping, 8);
        events += d.finish();
        QCOMPARE(events.size(), 1);
        QCOMPARE(d.heartbeats().size(), 2);
        const qint64 first = kRun.indexOf("\n\n") + 2;
        QCOMPARE(d.heartbeats()[0].streamOffset, first);
        QCOMPARE(d.heartbeats()[0].receivedAtUs, qint64(7));
        QCOMPARE(d.heartbeats()[0].raw, ping);
        QCOMPARE(d.heartbeats()[1].streamOffset, first + ping.size());
        QCOMPARE(d.heartbeats()[1].receivedAtUs, qint64(8));
        QCOMPARE(d.takeHeartbeats().size(), 2);
        QVERIFY(d.heartbeats().isEmpty());
        QCOMPARE(d.heartbeatCount(), qint64(2));
    }

    void crlfFlagged()
    {
        QByteArray body = kRun;
        body.replace("\n", "\r\n");
        const QList<Event> events = decodeAll(Framing::Sse, {body});
        QCOMPARE(events.size(), 5); // WHATWG-correct parsing still finds them all
        for (const Event &e : events) {
            QVERIFY(hasRule(e, "wire.crlf-framing"));
            QCOMPARE(e.diagnostics[0].severity, Severity::Warning);
            QCOMPARE(e.diagnostics[0].byteOffset, e.streamOffset + e.raw.indexOf('\r'));
            QVERIFY(e.diagnostics[0].message.contains(QStringLiteral("reference client")));
            QVERIFY(e.isValid());
        }
        // The client glues every event after the first into one frame: an error from the
        // second event on (interop disagreement D2), a warning on the first.
        QVERIFY(!events[0].hasErrors());
        for (qsizetype i = 1; i < events.size(); ++i)
            QVERIFY2(events[i].hasErrors(), qPrintable(QString::number(i)));
        everySplitGivesSameEvents(Framing::Sse, body);
    }

    void crlfSingleEventAndLfSeparatorDoNotGlue()
    {
        // One CRLF event alone parses in the client; an LF "\n\n" after it ends the frame.
        const QByteArray body(
            "data: {\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\r\n\r\n"
            ": keep-alive\n\n"
            "data: {\"type\":\"RUN_FINISHED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n");
        const QList<Event> events = decodeAll(Framing::Sse, {body});
        QCOMPARE(events.size(), 2);
        QVERIFY(!events[0].hasErrors());
        QVERIFY(!events[1].hasErrors());
    }

    void unterminatedLastFrame()
    {
        const QByteArray body = kRun + "data: {\"type\":\"RUN_ERROR\",\"message\":\"x\"}";
        const QList<Event> events = decodeAll(Framing::Sse, {body});
        QCOMPARE(events.size(), 6);
        const Event &last = events.last();
        QCOMPARE(last.type, EventType::RunError); // still parsed, as the client does
        QVERIFY(hasRule(last, "wire.unterminated-frame"));
        QCOMPARE(last.streamOffset, qint64(kRun.size()));
        QCOMPARE(last.raw, body.mid(kRun.size()));
        for (const Diagnostic &d : last.diagnostics)
            if (d.ruleId == QLatin1String("wire.unterminated-frame"))
                QCOMPARE(d.severity, Severity::Warning);
    }

    void eventNameIsInfo()
    {
        const QList<Event> events
            = decodeAll(Framing::Sse,
                        {"event: message\ndata: {\"type\":\"RAW\",\"event\":1}\n\n"
                         "event: agui\ndata: {\"type\":\"RAW\",\"event\":2}\n\n"});
        QCOMPARE(events.size(), 2);
        QVERIFY(events[0].diagnostics.isEmpty());
        QCOMPARE(events[1].diagnostics.size(), 1);
        QCOMPARE(events[1].diagnostics[0].ruleId, QStringLiteral("wire.sse-event-name"));
        QCOMPARE(events[1].diagnostics[0].severity, Severity::Info);
        QVERIFY(events[1].diagnostics[0].message.contains(QStringLiteral("'agui'")));
    }

    void invalidJsonOffsetIsInTheStream()
    {
        const QByteArray frame = "id: 1\ndata: {\"type\":\ndata: ]}\n\n";
        const QList<Event> events = decodeAll(Framing::Sse, {kRun + frame});
        QCOMPARE(events.size(), 6);
        const Event &e = events.last();
        QCOMPARE(e.type, EventType::Invalid);
        QCOMPARE(e.raw, frame);
        QCOMPARE(e.payload, QByteArray("{\"type\":\n]}"));
        QCOMPARE(e.diagnostics.size(), 1);
        const Diagnostic &d = e.diagnostics[0];
        QCOMPARE(d.ruleId, QStringLiteral("wire.not-json"));
        // Qt reports the error at or just after the ']' (payload offset 9 or 10); it lies on the
        // second data line, whose value starts at raw offset 6 + 15 + 6.
        const qint64 bracket = kRun.size() + frame.indexOf("]}");
        QVERIFY2(d.byteOffset == bracket || d.byteOffset == bracket + 1,
                 qPrintable(QString::number(d.byteOffset)));
    }

    void overLongLineIsAnInvalidEvent()
    {
        // 16 MiB default limit: feed a long line in pieces.
        StreamDecoder d(Framing::JsonLine);
        const QByteArray piece(1024 * 1024, 'x');
        QList<Event> events;
        for (int i = 0; i < 17; ++i)
            events += d.feed(piece, i);
        events += d.feed("\n{\"type\":\"RAW\",\"event\":0}\n", 99);
        events += d.finish();
        QCOMPARE(events.size(), 2);
        QCOMPARE(events[0].type, EventType::Invalid);
        QVERIFY(hasRule(events[0], "wire.line-too-long"));
        QCOMPARE(events[0].raw.size(), 17 * piece.size() + 1); // bytes kept
        QCOMPARE(events[1].type, EventType::Raw);
        QCOMPARE(events[1].streamOffset, qint64(17 * piece.size() + 1));
    }

    void sseFrameOverClientLimit()
    {
        const QByteArray big = "data: {\"type\":\"RAW\",\"event\":\""
            + QByteArray(10 * 1024 * 1024, 'a') + "\"}\n\n";
        const QList<Event> events = decodeAll(Framing::Sse, {big, kRun.left(60)});
        QCOMPARE(events.size(), 2);
        QCOMPARE(events[0].type, EventType::Raw); // still decoded: we keep reading
        QVERIFY(hasRule(events[0], "wire.sse-frame-too-large"));
        QVERIFY(!hasRule(events[1], "wire.sse-frame-too-large"));
    }

    void invalidUtf8ReportedOnce()
    {
        const QByteArray frame = "data: {\"type\":\"CUSTOM\",\"name\":\"a\xff\",\"value\":1}\n\n";
        const QList<Event> events = decodeAll(Framing::Sse, {frame});
        QCOMPARE(events.size(), 1);
        QCOMPARE(events[0].type, EventType::Custom);
        QCOMPARE(events[0].diagnostics.size(), 1);
        QCOMPARE(events[0].diagnostics[0].ruleId, QStringLiteral("wire.invalid-utf8"));
        QCOMPARE(events[0].diagnostics[0].byteOffset, qint64(frame.indexOf('\xff')));
    }

    void jsonLines()
    {
        const QByteArray body = "{\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\n"
                                "\n"
                                "[1]\r\n"
                                "{\"type\":\"CUSTOM\",\"name\":\"n\",\"value\":1}";
        StreamDecoder d(Framing::JsonLine);
        const QList<Event> events = decodeAll(Framing::JsonLine, {body}, &d);
        QCOMPARE(events.size(), 3);
        QCOMPARE(events[0].type, EventType::RunStarted);
        QCOMPARE(events[0].framing, Framing::JsonLine);
        QCOMPARE(events[0].streamOffset, qint64(0));
        QCOMPARE(events[0].raw, body.left(body.indexOf('\n') + 1));
        QCOMPARE(events[0].payload, body.left(body.indexOf('\n')));
        QCOMPARE(events[1].type, EventType::Invalid);
        QCOMPARE(events[1].diagnostics.value(0).ruleId, QStringLiteral("wire.not-object"));
        QCOMPARE(events[1].raw, QByteArray("[1]\r\n"));
        QCOMPARE(events[1].payload, QByteArray("[1]"));
        QVERIFY(!hasRule(events[1], "wire.crlf-framing")); // not an SSE concern
        QCOMPARE(events[2].type, EventType::Custom);
        QVERIFY(hasRule(events[2], "wire.unterminated-frame"));
        QCOMPARE(events[2].seq, qint64(2));
        QCOMPARE(d.heartbeats().size(), 1); // the blank line, kept
        QCOMPARE(d.heartbeats()[0].raw, QByteArray("\n"));
        QCOMPARE(d.bytesSeen(), qint64(body.size()));
        everySplitGivesSameEvents(Framing::JsonLine, body);
    }

    void protoMinimalRun()
    {
        // agui-protocol.md Appendix A: the same run over the protobuf binding.
        const QByteArray body = QByteArray::fromHex("0000000e620c0a02080b120274311a027231"
                                                    "000000130a110a0012026d311a09617373697374616e74"
                                                    "0000000e120c0a02080112026d311a024869"
                                                    "0000000a1a080a02080212026d31"
                                                    "0000000e6a0c0a02080c120274311a027231");
        const QList<Event> sse = decodeAll(Framing::Sse, {kRun});
        StreamDecoder d(Framing::Proto, 7);
        const QList<Event> proto = decodeAll(Framing::Proto, {body}, &d);
        QCOMPARE(proto.size(), 5);
        qint64 offset = 0;
        for (qsizetype i = 0; i < proto.size(); ++i) {
            QCOMPARE(proto[i].seq, 7 + i);
            QCOMPARE(proto[i].framing, Framing::Proto);
            QCOMPARE(proto[i].type, sse[i].type);
            QCOMPARE(proto[i].json, sse[i].json);
            QCOMPARE(proto[i].streamOffset, offset);
            QCOMPARE(proto[i].payload, proto[i].raw.mid(4));
            QVERIFY2(proto[i].diagnostics.isEmpty(),
                     qPrintable(proto[i].diagnostics.value(0).message));
            offset += proto[i].raw.size();
        }
        QCOMPARE(offset, qint64(body.size()));
        everySplitGivesSameEvents(Framing::Proto, body);
    }

    void protoBadFrames()
    {
        const ProtoEncodeResult ok = encodeProtoEvent(
            QJsonObject {{QStringLiteral("type"), QStringLiteral("STEP_STARTED")},
                         {QStringLiteral("stepName"), QStringLiteral("s")}});
        QVERIFY(ok.ok());
        const QByteArray good = encodeProtoFrame(ok.message);
        const QByteArray garbage = encodeProtoFrame(QByteArray("\xff\xff\xff", 3));
        const QByteArray body = good + garbage + good + QByteArray::fromHex("000000");
        const QList<Event> events = decodeAll(Framing::Proto, {body});
        QCOMPARE(events.size(), 4);
        QCOMPARE(events[0].type, EventType::StepStarted);
        QCOMPARE(events[1].type, EventType::Invalid);
        QVERIFY(hasRule(events[1], "wire.proto-invalid"));
        QCOMPARE(events[1].raw, garbage); // bytes kept
        QCOMPARE(events[2].type, EventType::StepStarted);
        QCOMPARE(events[2].streamOffset, qint64(good.size() + garbage.size()));
        QCOMPARE(events[3].type, EventType::Invalid); // the truncated tail, kept
        QCOMPARE(events[3].raw, QByteArray::fromHex("000000"));
        QVERIFY(hasRule(events[3], "wire.proto-truncated-frame"));
        everySplitGivesSameEvents(Framing::Proto, body);
    }

    void protoSchemaFindings()
    {
        // Decoded objects go through the same decoding and schema validation as JSON text.
        const ProtoEncodeResult r = encodeProtoEvent(
            QJsonObject {{QStringLiteral("type"), QStringLiteral("TEXT_MESSAGE_CONTENT")},
                         {QStringLiteral("messageId"), QStringLiteral("m")},
                         {QStringLiteral("delta"), QStringLiteral("x")}});
        QVERIFY(r.ok());
        const QList<Event> events = decodeAll(Framing::Proto, {encodeProtoFrame(r.message)});
        QCOMPARE(events.size(), 1);
        QCOMPARE(events[0].stringField(QLatin1StringView("delta")), QStringLiteral("x"));
        QVERIFY(events[0].diagnostics.isEmpty());
    }

    void jsonLineErrorOffset()
    {
        const QByteArray body = "{\"type\":\"RAW\",\"event\":1}\n{\"type\" \"RAW\"}\n";
        const QList<Event> events = decodeAll(Framing::JsonLine, {body});
        QCOMPARE(events.size(), 2);
        const Diagnostic d = events[1].diagnostics.value(0);
        QCOMPARE(d.ruleId, QStringLiteral("wire.not-json"));
        const qint64 lineStart = body.indexOf('\n') + 1;
        QVERIFY(d.byteOffset >= lineStart + 7 && d.byteOffset <= lineStart + 9);
    }
};

QTEST_GUILESS_MAIN(TestStreamDecoder)
#include "test_stream_decoder.moc"
