// Protobuf framing (4-byte big-endian length + message): splitting at every offset, limits,
// truncation at end of stream (with the reference client's message).

#include "core/wire/protoframes.h"

#include <QFile>
#include <QTest>

using agui::ProtoFrame;
using agui::ProtoFrameSplitter;

class TestProtoFrames : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void appendixAEverySplit();
    void bytewiseAndCoverage();
    void emptyFrameAndEmptyStream();
    void tooLargeIsReportedButRead();
    void truncatedAtEnd_data();
    void truncatedAtEnd();
    void encodeFrame();
};

namespace {

QByteArray appendixA()
{
    QFile f(QStringLiteral(AGUI_TEST_DATA_DIR "/wire/appendix-a.proto"));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QList<ProtoFrame> run(const QList<QByteArray> &chunks, ProtoFrameSplitter::Options options = {})
{
    ProtoFrameSplitter s(options);
    QList<ProtoFrame> frames;
    for (const QByteArray &c : chunks) {
        s.feed(c);
        frames += s.takeFrames();
    }
    s.finish();
    frames += s.takeFrames();
    return frames;
}

QString describe(const QList<ProtoFrame> &frames)
{
    QStringList out;
    for (const ProtoFrame &f : frames) {
        QString s = QStringLiteral("%1+%2 n=%3 %4")
                        .arg(f.offset)
                        .arg(f.length)
                        .arg(f.declaredLength)
                        .arg(QString::fromLatin1(f.message.toHex()));
        if (!f.complete)
            s += QStringLiteral(" incomplete");
        for (const agui::WireIssue &i : f.issues)
            s += QStringLiteral(" [%1@%2]").arg(agui::wireIssueRuleId(i.kind)).arg(i.byteOffset);
        out << s;
    }
    return out.join(QLatin1Char('\n'));
}

} // namespace

void TestProtoFrames::appendixAEverySplit()
{
    const QByteArray all = appendixA();
    QCOMPARE(all.size(), 91);
    const QList<ProtoFrame> whole = run({all});
    QCOMPARE(whole.size(), 5);
    QCOMPARE(whole.at(0).offset, 0);
    QCOMPARE(whole.at(0).length, 18);
    QCOMPARE(whole.at(0).message, QByteArray::fromHex("620c0a02080b120274311a027231"));
    QCOMPARE(whole.at(1).offset, 18);
    QCOMPARE(whole.at(1).declaredLength, 0x13u);
    QCOMPARE(whole.at(4).offset, 91 - 18);
    for (const ProtoFrame &f : whole) {
        QVERIFY(f.complete);
        QVERIFY(f.issues.isEmpty());
        QCOMPARE(f.raw, all.mid(f.offset, f.length));
    }
    const QString expected = describe(whole);
    for (qsizetype k = 0; k <= all.size(); ++k) {
        const QString got = describe(run({all.left(k), all.mid(k)}));
        if (got != expected)
            QFAIL(qPrintable(QStringLiteral("split at %1:\n%2").arg(k).arg(got)));
    }
}

void TestProtoFrames::bytewiseAndCoverage()
{
    const QByteArray all = appendixA();
    QList<QByteArray> bytes;
    for (const char c : all)
        bytes << QByteArray(1, c);
    const QList<ProtoFrame> frames = run(bytes);
    QCOMPARE(describe(frames), describe(run({all})));
    qint64 pos = 0;
    for (const ProtoFrame &f : frames) {
        QCOMPARE(f.offset, pos);
        pos += f.length;
    }
    QCOMPARE(pos, all.size());
}

void TestProtoFrames::emptyFrameAndEmptyStream()
{
    QVERIFY(run({}).isEmpty());
    const QList<ProtoFrame> frames
        = run({QByteArray::fromHex("00000000"), QByteArray::fromHex("00000001ff")});
    QCOMPARE(frames.size(), 2);
    QVERIFY(frames.at(0).message.isEmpty());
    QVERIFY(frames.at(0).complete);
    QCOMPARE(frames.at(1).message, QByteArray::fromHex("ff"));
}

void TestProtoFrames::tooLargeIsReportedButRead()
{
    ProtoFrameSplitter::Options options;
    options.maxFrameBytes = 3;
    const QByteArray stream = QByteArray::fromHex("00000003aabbcc"
                                                  "00000004aabbccdd"
                                                  "00000001ee");
    const QList<ProtoFrame> frames = run({stream}, options);
    QCOMPARE(frames.size(), 3);
    QVERIFY(frames.at(0).issues.isEmpty());
    QCOMPARE(frames.at(1).message, QByteArray::fromHex("aabbccdd"));
    QCOMPARE(frames.at(1).issues.size(), 1);
    QCOMPARE(frames.at(1).issues.at(0).kind, agui::WireIssueKind::FrameTooLarge);
    QCOMPARE(frames.at(1).issues.at(0).byteOffset, 7);
    QVERIFY(frames.at(1).hasErrors());
    QCOMPARE(frames.at(2).offset, 15);

    // The default limit is the reference client's 10 MiB, with its message.
    QByteArray prefix = QByteArray::fromHex("00a00001"); // 10 MiB + 1
    QByteArray big = prefix + QByteArray(10 * 1024 * 1024 + 1, 'x');
    const QList<ProtoFrame> one = run({big});
    QCOMPARE(one.size(), 1);
    QCOMPARE(one.at(0).issues.size(), 1);
    QVERIFY(one.at(0).issues.at(0).message.startsWith(
        QStringLiteral("Protobuf message size exceeded maximum limit of 10 MB")));
}

void TestProtoFrames::truncatedAtEnd_data()
{
    QTest::addColumn<QByteArray>("stream");
    QTest::addColumn<int>("trailing");
    QTest::addColumn<quint32>("declared");
    QTest::newRow("two prefix bytes") << QByteArray::fromHex("00000001aa0000") << 2 << 0u;
    QTest::newRow("prefix only") << QByteArray::fromHex("00000001aa00000005") << 4 << 5u;
    QTest::newRow("half a message") << QByteArray::fromHex("00000001aa00000005aabb") << 6 << 5u;
}

void TestProtoFrames::truncatedAtEnd()
{
    QFETCH(QByteArray, stream);
    QFETCH(int, trailing);
    QFETCH(quint32, declared);
    const QList<ProtoFrame> frames = run({stream});
    QCOMPARE(frames.size(), 2);
    const ProtoFrame &last = frames.at(1);
    QVERIFY(!last.complete);
    QCOMPARE(last.offset, 5);
    QCOMPARE(last.length, trailing);
    QCOMPARE(last.raw, stream.mid(5));
    QCOMPARE(last.declaredLength, declared);
    QCOMPARE(last.issues.size(), 1);
    QCOMPARE(last.issues.at(0).kind, agui::WireIssueKind::TruncatedFrame);
    QCOMPARE(
        last.issues.at(0).message,
        QStringLiteral("The binary stream ended mid-frame: %1 trailing bytes could not be read "
                       "as a complete message.")
            .arg(trailing));
}

void TestProtoFrames::encodeFrame()
{
    QCOMPARE(agui::encodeProtoFrame(QByteArray::fromHex("620c0a02080b120274311a027231")),
             appendixA().left(18));
    QCOMPARE(agui::encodeProtoFrame(QByteArray(300, 'a')).left(4), QByteArray::fromHex("0000012c"));
}

QTEST_GUILESS_MAIN(TestProtoFrames)
#include "test_proto_frames.moc"
