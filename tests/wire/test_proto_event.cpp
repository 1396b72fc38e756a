// ag_ui.Event protobuf codec: the Appendix A frames decode to the JSON events and encode back
// byte for byte; a varied event set round-trips; malformed messages are rejected with a reason.

#include "core/wire/protoevent.h"
#include "core/wire/protoframes.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using agui::ProtoDecodeResult;

class TestProtoEvent : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void appendixA();
    void roundTrip();
    void malformed_data();
    void malformed();
    void defaultsAndMerging();
    void encodeProblems();
};

namespace {

QByteArray readData(const char *name)
{
    QFile f(QStringLiteral(AGUI_TEST_DATA_DIR "/wire/") + QLatin1String(name));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QString compact(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

} // namespace

void TestProtoEvent::appendixA()
{
    agui::ProtoFrameSplitter splitter;
    splitter.feed(readData("appendix-a.proto"));
    splitter.finish();
    const QList<agui::ProtoFrame> frames = splitter.takeFrames();
    const QList<QByteArray> lines = readData("appendix-a-events.jsonl").split('\n');
    QCOMPARE(frames.size(), 5);
    for (int i = 0; i < frames.size(); ++i) {
        const QJsonObject expected = QJsonDocument::fromJson(lines.at(i)).object();
        QVERIFY(!expected.isEmpty());
        const ProtoDecodeResult decoded = agui::decodeProtoEvent(frames.at(i).message);
        QVERIFY2(decoded.ok(), qPrintable(decoded.error));
        QCOMPARE(compact(decoded.event), compact(expected));
        const agui::ProtoEncodeResult encoded = agui::encodeProtoEvent(expected);
        QVERIFY(encoded.ok());
        QVERIFY(encoded.warnings.isEmpty());
        QCOMPARE(encoded.message.toHex(), frames.at(i).message.toHex());
        QCOMPARE(agui::encodeProtoFrame(encoded.message), frames.at(i).raw);
    }
}

void TestProtoEvent::roundTrip()
{
    const QJsonArray events = QJsonDocument::fromJson(readData("proto-events.json")).array();
    QCOMPARE(events.size(), 35);
    for (const QJsonValue &v : events) {
        const QJsonObject event = v.toObject();
        const agui::ProtoEncodeResult encoded = agui::encodeProtoEvent(event);
        QVERIFY2(encoded.ok(), qPrintable(encoded.error));
        QVERIFY2(encoded.warnings.isEmpty(), qPrintable(encoded.warnings.join(QLatin1Char('\n'))));
        const ProtoDecodeResult decoded = agui::decodeProtoEvent(encoded.message);
        QVERIFY2(decoded.ok(), qPrintable(decoded.error));
        QCOMPARE(compact(decoded.event), compact(event));
    }
}

void TestProtoEvent::malformed_data()
{
    QTest::addColumn<QByteArray>("hex");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("error");
    const int invalid = int(ProtoDecodeResult::Status::Invalid);
    QTest::newRow("empty") << QByteArray("") << invalid
                           << QStringLiteral("Invalid event: the envelope carries no event");
    QTest::newRow("two events") << QByteArray("620c0a02080b120274311a027231"
                                              "1a080a02080212026d31")
                                << invalid
                                << QStringLiteral("Invalid event: the envelope carries two events "
                                                  "(fields 12 and 3)");
    QTest::newRow("type mismatch") << QByteArray("620c0a020801120274311a027231") << invalid
                                   << QStringLiteral("Invalid event: envelope carries RUN_STARTED "
                                                     "but the base event declares "
                                                     "TEXT_MESSAGE_CONTENT");
    QTest::newRow("no baseEvent") << QByteArray("620412027431") << invalid
                                  << QStringLiteral(
                                         "Invalid event: RUN_STARTED carries no baseEvent");
    QTest::newRow("truncated") << QByteArray("620c0a02") << invalid
                               << QStringLiteral("length-delimited field runs past the end of its "
                                                 "message at byte 0");
    QTest::newRow("event field not a message") << QByteArray("6008") << invalid
                                               << QStringLiteral("Invalid event: event field 12 at "
                                                                 "byte 0 is not a message");
    QTest::newRow("unknown event kind only")
        << QByteArray("c202030a0161") << int(ProtoDecodeResult::Status::UnknownEventType)
        << QStringLiteral("Unknown event type: the envelope "
                          "carries only event kinds this "
                          "build does not know");
    QTest::newRow("nested garbage")
        << QByteArray("6204ffffffff") << invalid << QStringLiteral("malformed field tag at byte 0");
}

void TestProtoEvent::malformed()
{
    QFETCH(QByteArray, hex);
    QFETCH(int, status);
    QFETCH(QString, error);
    const ProtoDecodeResult r = agui::decodeProtoEvent(QByteArray::fromHex(hex));
    QCOMPARE(int(r.status), status);
    QCOMPARE(r.error, error);
    QVERIFY(r.event.isEmpty());
    QCOMPARE(agui::protoDecodeFailureMessage(r.error),
             QStringLiteral("Failed to decode protocol buffer message: ") + error);
}

void TestProtoEvent::defaultsAndMerging()
{
    // A singular message split over two occurrences merges (protobuf semantics).
    const ProtoDecodeResult merged
        = agui::decodeProtoEvent(QByteArray::fromHex("62080a02080b12027431"
                                                     "62041a027231"));
    QVERIFY2(merged.ok(), qPrintable(merged.error));
    QCOMPARE(compact(merged.event),
             QStringLiteral(R"({"runId":"r1","threadId":"t1","type":"RUN_STARTED"})"));

    // A proto3 string absent from the wire reads as "" (what a JS client sees).
    const ProtoDecodeResult defaults
        = agui::decodeProtoEvent(QByteArray::fromHex("22080a02080312026331"));
    QVERIFY2(defaults.ok(), qPrintable(defaults.error));
    QCOMPARE(compact(defaults.event),
             QStringLiteral(R"({"toolCallId":"c1","toolCallName":"","type":"TOOL_CALL_START"})"));

    // A patch op this build cannot name rides on as its decimal spelling.
    const ProtoDecodeResult op
        = agui::decodeProtoEvent(QByteArray::fromHex("420c0a0208071206080912022f61"));
    QVERIFY2(op.ok(), qPrintable(op.error));
    QCOMPARE(compact(op.event),
             QStringLiteral(R"({"delta":[{"op":"9","path":"/a"}],"type":"STATE_DELTA"})"));
}

void TestProtoEvent::encodeProblems()
{
    const agui::ProtoEncodeResult unknown
        = agui::encodeProtoEvent(QJsonObject {{QStringLiteral("type"), QStringLiteral("NOPE")}});
    QVERIFY(!unknown.ok());
    QVERIFY(unknown.message.isEmpty());
    QVERIFY(!agui::encodeProtoEvent(QJsonObject {}).ok());

    const agui::ProtoEncodeResult wrongType = agui::encodeProtoEvent(
        QJsonObject {{QStringLiteral("type"), QStringLiteral("TEXT_MESSAGE_CONTENT")},
                     {QStringLiteral("messageId"), 7},
                     {QStringLiteral("delta"), QStringLiteral("x")}});
    QVERIFY(wrongType.ok());
    QCOMPARE(wrongType.warnings,
             QStringList {QStringLiteral("/messageId: expected a string, not encoded")});

    const agui::ProtoEncodeResult badOp = agui::encodeProtoEvent(
        QJsonObject {{QStringLiteral("type"), QStringLiteral("STATE_DELTA")},
                     {QStringLiteral("delta"),
                      QJsonArray {QJsonObject {{QStringLiteral("op"), QStringLiteral("frobnicate")},
                                               {QStringLiteral("path"), QStringLiteral("/a")}}}}});
    QCOMPARE(badOp.warnings.size(), 1);
    QVERIFY(badOp.warnings.at(0).startsWith(QStringLiteral("/delta/0/op:")));

    // An outcome list under a type the wire does not carry it with (found by fuzz_proto: the
    // decoder keeps such lists, the encoder drops them like @ag-ui/proto 1.0.0) is reported.
    const auto finished = [](const QJsonObject &outcome) {
        return agui::encodeProtoEvent(
            QJsonObject {{QStringLiteral("type"), QStringLiteral("RUN_FINISHED")},
                         {QStringLiteral("threadId"), QStringLiteral("t")},
                         {QStringLiteral("runId"), QStringLiteral("r")},
                         {QStringLiteral("outcome"), outcome}});
    };
    const QJsonArray interrupts {QJsonObject {{QStringLiteral("id"), QStringLiteral("i1")}}};
    const agui::ProtoEncodeResult carried
        = finished(QJsonObject {{QStringLiteral("type"), QStringLiteral("interrupt")},
                                {QStringLiteral("interrupts"), interrupts}});
    QVERIFY(carried.ok());
    QVERIFY(carried.warnings.isEmpty());
    const agui::ProtoEncodeResult dropped
        = finished(QJsonObject {{QStringLiteral("type"), QStringLiteral("cancelled")},
                                {QStringLiteral("interrupts"), interrupts}});
    QVERIFY(dropped.ok());
    QCOMPARE(dropped.warnings,
             QStringList {QStringLiteral("/outcome/interrupts not encoded: the protobuf binding "
                                         "carries it only with outcome type \"interrupt\", not "
                                         "\"cancelled\"")});
    const agui::ProtoDecodeResult back = agui::decodeProtoEvent(dropped.message);
    const QJsonObject cancelled {{QStringLiteral("type"), QStringLiteral("cancelled")}};
    QCOMPARE(back.event.value(QStringLiteral("outcome")).toObject(), cancelled);
}

QTEST_GUILESS_MAIN(TestProtoEvent)
#include "test_proto_event.moc"
