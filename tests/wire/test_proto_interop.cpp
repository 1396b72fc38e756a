// Interop: our ag_ui.Event encoder/decoder against the reference @ag-ui/proto 1.0.0 run by node
// (tests/interop/proto/codec.mjs). Byte-for-byte equal encodings of the shared event set, equal
// JSON when both decode the same bytes, and agreement on which malformed messages are rejected.
// Skipped when node or the pinned npm packages are not installed (npm ci in tests/interop).

#include "core/wire/protoevent.h"
#include "core/wire/protowire.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

class TestProtoInterop : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void encodeMatchesReference();
    void decodeMatchesReference();
    void rejectsWhatReferenceRejects();
    void decodesDeepNestingLikeReference();
    void encryptedValueTypeRoundTripsAndReferenceSkipsIt();

private:
    QStringList runCodec(const QString &mode, const QString &file);

    QString m_node;
    QJsonArray m_events;
    QTemporaryDir m_tmp;
};

namespace {

QByteArray readData(const char *name)
{
    QFile f(QStringLiteral(AGUI_TEST_DATA_DIR "/wire/") + QLatin1String(name));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

void TestProtoInterop::initTestCase()
{
    m_node = QStandardPaths::findExecutable(QStringLiteral("node"));
    if (m_node.isEmpty())
        QSKIP("node is not installed");
    if (!QDir(QStringLiteral(AGUI_NODE_MODULES "/@ag-ui/proto")).exists())
        QSKIP("@ag-ui/proto is not installed (run npm ci in tests/interop)");
    QVERIFY(m_tmp.isValid());
    m_events = QJsonDocument::fromJson(readData("proto-events.json")).array();
    for (const QByteArray &line : readData("appendix-a-events.jsonl").split('\n')) {
        if (!line.isEmpty())
            m_events.append(QJsonDocument::fromJson(line).object());
    }
    QCOMPARE(m_events.size(), 40);
}

QStringList TestProtoInterop::runCodec(const QString &mode, const QString &file)
{
    QProcess node;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("SUPPRESS_TRANSFORMATION_WARNINGS"), QStringLiteral("1"));
    node.setProcessEnvironment(env);
    node.start(m_node,
               {QStringLiteral(AGUI_SOURCE_DIR "/tests/interop/proto/codec.mjs"), mode, file});
    if (!node.waitForFinished(120000) || node.exitStatus() != QProcess::NormalExit
        || node.exitCode() != 0) {
        qWarning().noquote() << "node failed:" << node.readAllStandardError();
        return {};
    }
    QStringList lines = QString::fromUtf8(node.readAllStandardOutput()).split(QLatin1Char('\n'));
    while (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    return lines;
}

void TestProtoInterop::encodeMatchesReference()
{
    const QString file = m_tmp.filePath(QStringLiteral("events.json"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QJsonDocument(m_events).toJson());
    f.close();
    const QStringList reference = runCodec(QStringLiteral("encode"), file);
    QCOMPARE(reference.size(), m_events.size());
    for (qsizetype i = 0; i < m_events.size(); ++i) {
        const QJsonObject event = m_events.at(i).toObject();
        const agui::ProtoEncodeResult ours = agui::encodeProtoEvent(event);
        QVERIFY2(ours.ok(), qPrintable(ours.error));
        if (QString::fromLatin1(ours.message.toHex()) != reference.at(i)) {
            qWarning().noquote() << "event" << i << event.value(QStringLiteral("type")).toString();
            QCOMPARE(QString::fromLatin1(ours.message.toHex()), reference.at(i));
        }
    }
}

void TestProtoInterop::decodeMatchesReference()
{
    QStringList hexLines;
    QList<QByteArray> messages;
    for (const QJsonValue &v : std::as_const(m_events)) {
        messages << agui::encodeProtoEvent(v.toObject()).message;
        hexLines << QString::fromLatin1(messages.last().toHex());
    }
    // A few wire-only shapes too: merged occurrences, absent proto3 strings, unknown patch op.
    for (const char *hex : {"62080a02080b12027431"
                            "62041a027231",
                            "22080a02080312026331", "420c0a0208071206080912022f61"}) {
        messages << QByteArray::fromHex(hex);
        hexLines << QString::fromLatin1(hex);
    }
    const QString file = m_tmp.filePath(QStringLiteral("frames.hex"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(hexLines.join(QLatin1Char('\n')).toLatin1());
    f.close();
    const QStringList reference = runCodec(QStringLiteral("decode"), file);
    QCOMPARE(reference.size(), messages.size());
    for (qsizetype i = 0; i < messages.size(); ++i) {
        QVERIFY2(!reference.at(i).startsWith(QStringLiteral("ERROR")), qPrintable(reference.at(i)));
        const QJsonObject theirs = QJsonDocument::fromJson(reference.at(i).toUtf8()).object();
        const agui::ProtoDecodeResult ours = agui::decodeProtoEvent(messages.at(i));
        QVERIFY2(ours.ok(), qPrintable(ours.error));
        QCOMPARE(QJsonDocument(ours.event).toJson(QJsonDocument::Compact),
                 QJsonDocument(theirs).toJson(QJsonDocument::Compact));
    }
}

void TestProtoInterop::rejectsWhatReferenceRejects()
{
    const QStringList bad = {
        QStringLiteral("620c0a02080b120274311a027231"
                       "1a080a02080212026d31"), // two events
        QStringLiteral("620c0a020801120274311a027231"), // base type disagrees
        QStringLiteral("620412027431"), // no baseEvent
        QStringLiteral("620c0a02"), // truncated
        QStringLiteral("6008"), // event field with a varint
        QStringLiteral("c202030a0161"), // only an unknown event kind
    };
    const QString file = m_tmp.filePath(QStringLiteral("bad.hex"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bad.join(QLatin1Char('\n')).toLatin1());
    f.close();
    const QStringList reference = runCodec(QStringLiteral("decode"), file);
    QCOMPARE(reference.size(), bad.size());
    for (qsizetype i = 0; i < bad.size(); ++i) {
        QVERIFY2(reference.at(i).startsWith(QStringLiteral("ERROR")), qPrintable(bad.at(i)));
        const agui::ProtoDecodeResult ours
            = agui::decodeProtoEvent(QByteArray::fromHex(bad.at(i).toLatin1()));
        QVERIFY2(!ours.ok(), qPrintable(bad.at(i)));
        // The reference names a frame of only unknown kinds distinctly; so do we.
        QCOMPARE(reference.at(i).contains(QStringLiteral("Unknown event type")),
                 ours.status == agui::ProtoDecodeResult::Status::UnknownEventType);
    }
}

// An A2UI surface nested 300 objects/arrays deep inside an ACTIVITY_SNAPSHOT decodes, and equals
// what @ag-ui/proto decodes; past the documented bound (proto::kMaxValueNesting) the decoder says
// so instead of recursing on.
void TestProtoInterop::decodesDeepNestingLikeReference()
{
    const auto nested = [](int levels) {
        QJsonValue v = QStringLiteral("leaf");
        for (int i = 1; i < levels; ++i)
            v = (i % 2) ? QJsonValue(QJsonObject {{QStringLiteral("children"), v}})
                        : QJsonValue(QJsonArray {v});
        return QJsonObject {
            {QStringLiteral("type"), QStringLiteral("ACTIVITY_SNAPSHOT")},
            {QStringLiteral("messageId"), QStringLiteral("surface-1")},
            {QStringLiteral("activityType"), QStringLiteral("a2ui-surface")},
            {QStringLiteral("content"), QJsonObject {{QStringLiteral("a2ui_operations"), v}}}};
    };
    const agui::ProtoEncodeResult deep = agui::encodeProtoEvent(nested(300));
    QVERIFY2(deep.ok(), qPrintable(deep.error));
    const QString file = m_tmp.filePath(QStringLiteral("deep.hex"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(deep.message.toHex());
    f.close();
    const QStringList reference = runCodec(QStringLiteral("decode"), file);
    QCOMPARE(reference.size(), 1);
    QVERIFY2(!reference.first().startsWith(QStringLiteral("ERROR")), qPrintable(reference.first()));
    const agui::ProtoDecodeResult ours = agui::decodeProtoEvent(deep.message);
    QVERIFY2(ours.ok(), qPrintable(ours.error));
    QCOMPARE(QJsonDocument(ours.event).toJson(QJsonDocument::Compact),
             QJsonDocument::fromJson(reference.first().toUtf8()).toJson(QJsonDocument::Compact));

    const agui::ProtoEncodeResult tooDeep
        = agui::encodeProtoEvent(nested(agui::proto::kMaxValueNesting + 2));
    QVERIFY2(tooDeep.ok(), qPrintable(tooDeep.error));
    const agui::ProtoDecodeResult refused = agui::decodeProtoEvent(tooDeep.message);
    QVERIFY(!refused.ok());
    QVERIFY2(refused.error.contains(QString::number(agui::proto::kMaxValueNesting)),
             qPrintable(refused.error));
}

// AG-UI 1.1's encryptedValueType has no field in @ag-ui/proto 1.0.0; ours writes it as an
// extension field (core/wire/protoschema.cpp). Our decoder gets it back on every carrier; the
// reference decodes the same bytes to what it decodes from its own encoding (it skips the field).
void TestProtoInterop::encryptedValueTypeRoundTripsAndReferenceSkipsIt()
{
    const QJsonArray events = QJsonDocument::fromJson(R"([
        {"type":"REASONING_ENCRYPTED_VALUE","subtype":"message","entityId":"rm1",
         "encryptedValue":"c2VjcmV0","encryptedValueType":"anthropic.redacted_thinking"},
        {"type":"MESSAGES_SNAPSHOT","messages":[
          {"id":"a1","role":"assistant","content":"hi","encryptedValue":"b3BhcXVl",
           "encryptedValueType":"openai.reasoning","toolCalls":[{"id":"c1","type":"function",
           "function":{"name":"f","arguments":"{}"},"encryptedValue":"eHl6",
           "encryptedValueType":"vendor.call"}]},
          {"id":"r1","role":"reasoning","content":"thinking","encryptedValue":"cg==",
           "encryptedValueType":"anthropic.redacted_thinking"}]}
    ])")
                                  .array();
    QCOMPARE(events.size(), 2);
    QStringList ourHex;
    QStringList referenceHex;
    const QString file = m_tmp.filePath(QStringLiteral("evt.json"));
    {
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(events).toJson());
    }
    referenceHex = runCodec(QStringLiteral("encode"), file);
    QCOMPARE(referenceHex.size(), events.size());
    for (const QJsonValue &v : events) {
        const agui::ProtoEncodeResult encoded = agui::encodeProtoEvent(v.toObject());
        QVERIFY2(encoded.ok(), qPrintable(encoded.error));
        const agui::ProtoDecodeResult back = agui::decodeProtoEvent(encoded.message);
        QVERIFY2(back.ok(), qPrintable(back.error));
        QCOMPARE(QJsonDocument(back.event).toJson(QJsonDocument::Compact),
                 QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
        ourHex << QString::fromLatin1(encoded.message.toHex());
    }
    const QString frames = m_tmp.filePath(QStringLiteral("evt.hex"));
    {
        QFile f(frames);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write((ourHex + referenceHex).join(QLatin1Char('\n')).toLatin1());
    }
    const QStringList decoded = runCodec(QStringLiteral("decode"), frames);
    QCOMPARE(decoded.size(), 2 * events.size());
    for (qsizetype i = 0; i < events.size(); ++i) {
        QVERIFY2(!decoded.at(i).startsWith(QStringLiteral("ERROR")), qPrintable(decoded.at(i)));
        QCOMPARE(decoded.at(i), decoded.at(i + events.size()));
        QVERIFY(!decoded.at(i).contains(QStringLiteral("encryptedValueType")));
    }
}

QTEST_GUILESS_MAIN(TestProtoInterop)
#include "test_proto_interop.moc"
