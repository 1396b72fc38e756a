// SSE parser cases, one row each, checked three ways: the chunks as given, the whole stream in
// one feed, and one byte per feed (so every row is also a chunk-boundary test).

#include "core/wire/sseparser.h"
#include "ssetestutil.h"

#include <QTest>

using agui::SseParser;

class TestSseParser : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parse_data();
    void parse();
    void streamState();
    void dataValueOffsets();
    void defaultLineLimit();
    void utf8Validator_data();
    void utf8Validator();
};

namespace {

using Chunks = QList<QByteArray>;

QByteArray joined(const Chunks &chunks)
{
    QByteArray all;
    for (const QByteArray &c : chunks)
        all += c;
    return all;
}

Chunks bytewise(const QByteArray &all)
{
    Chunks out;
    for (const char c : all)
        out << QByteArray(1, c);
    return out;
}

const QString kReplacement = QString(QChar(0xFFFD));

} // namespace

void TestSseParser::parse_data()
{
    QTest::addColumn<Chunks>("chunks");
    QTest::addColumn<qint64>("maxLine"); // 0 = default
    QTest::addColumn<QStringList>("expected");

    // Expected lines are given as UTF-8 bytes (string literals), compared as text.
    auto row = [](const char *name, const Chunks &chunks, const QList<QByteArray> &expected,
                  qint64 maxLine = 0) {
        QStringList lines;
        for (const QByteArray &line : expected)
            lines << QString::fromUtf8(line);
        QTest::newRow(name) << chunks << maxLine << lines;
    };

    row("lf", {"data: a\n\n"}, {"E 0+9 data=\"a\" endings=lf"});
    row("crlf", {"data: a\r\n\r\n"}, {"E 0+11 data=\"a\" endings=crlf"});
    row("cr", {"data: a\r\r"}, {"E 0+9 data=\"a\" endings=cr"});
    row("cr at chunk end + lf in next chunk is one line end",
        {"data: a\r", "\n\r", "\ndata: b\n\n"},
        {"E 0+11 data=\"a\" endings=crlf", "E 11+9 data=\"b\" endings=lf"});
    row("cr at chunk end + cr in next chunk", {"data: a\r", "\rdata: b\r", "\r"},
        {"E 0+9 data=\"a\" endings=cr", "E 9+9 data=\"b\" endings=cr"});
    row("cr at stream end", {"data: a\r"},
        {"E 0+8 data=\"a\" unterminated endings=cr issues=wire.sse-unterminated-event@0"});
    row("mixed endings", {"data: a\r\n\n"}, {"E 0+10 data=\"a\" endings=lf+crlf"});
    row("multi data lines", {"data: a\ndata: b\ndata:\n\n"},
        {"E 0+23 data=\"a\\nb\\n\" endings=lf"});
    row("event id retry; id persists", {"event: ping\nid: 42\nretry: 3000\ndata: x\n\ndata: y\n\n"},
        {"E 0+40 data=\"x\" event=ping id=42 hasId retry=3000 endings=lf",
         "E 40+9 data=\"y\" id=42 endings=lf"});
    row("bad retry", {"retry: 12a\ndata: x\n\n"},
        {"E 0+20 data=\"x\" endings=lf issues=wire.sse-invalid-retry@0"});
    row("empty retry", {"retry:\ndata: x\n\n"},
        {"E 0+16 data=\"x\" endings=lf issues=wire.sse-invalid-retry@0"});
    row("id containing NUL is ignored", {QByteArray("id: a\0b\ndata: x\n\n", 17)},
        {"E 0+17 data=\"x\" endings=lf issues=wire.sse-id-contains-nul@0"});
    row("comments and heartbeat", {": hello\ndata: x\n\n: ping\n\n"},
        {"E 0+17 data=\"x\" comments=1 endings=lf", "K 17+8 comments=1 endings=lf",
         "C 0 \" hello\"", "C 17 \" ping\""});
    row("bom at start is skipped",
        {"\xEF\xBB\xBF"
         "data: x\n\n"},
        {"E 3+9 data=\"x\" endings=lf"});
    row("bom split across chunks",
        {"\xEF", "\xBB",
         "\xBF"
         "data: x\n\n"},
        {"E 3+9 data=\"x\" endings=lf"});
    row("bom not at start is part of the line",
        {"data: x\n\n\xEF\xBB\xBF"
         "data: y\n\n"},
        {"E 0+9 data=\"x\" endings=lf",
         "K 9+12 comments=0 endings=lf issues=wire.sse-unknown-field@9"});
    row("bom prefix then end of stream", {"\xEF\xBB"},
        {"K 0+2 comments=0 unterminated endings= issues=wire.invalid-utf8@0,"
         "wire.sse-unknown-field@0,wire.sse-unterminated-event@0"});
    row("last event without blank line", {"data: a\n\ndata: b\n"},
        {"E 0+9 data=\"a\" endings=lf",
         "E 9+8 data=\"b\" unterminated endings=lf issues=wire.sse-unterminated-event@9"});
    row("last line without line end", {"data: b"},
        {"E 0+7 data=\"b\" unterminated endings= issues=wire.sse-unterminated-event@0"});
    row("empty data is dispatched", {"data:\n\n"}, {"E 0+7 data=\"\" endings=lf"});
    row("block without data is not dispatched", {"event: x\nid: 7\n\ndata: y\n\n"},
        {"K 0+16 comments=0 endings=lf", "E 16+9 data=\"y\" id=7 endings=lf"});
    row("field without colon", {"data\n\nfoo\n\n"},
        {"E 0+6 data=\"\" endings=lf",
         "K 6+5 comments=0 endings=lf issues=wire.sse-unknown-field@6"});
    row("data, data:, data: and data:  x", {"data\ndata:\ndata: \ndata:  x\n\n"},
        {"E 0+28 data=\"\\n\\n\\n x\" endings=lf"});
    row("field names are case-sensitive", {"Data: x\n\n"},
        {"K 0+9 comments=0 endings=lf issues=wire.sse-unknown-field@0"});
    row("stray blank lines are empty keep-alives", {"\n\ndata: x\n\n"},
        {"K 0+1 comments=0 endings=lf", "K 1+1 comments=0 endings=lf",
         "E 2+9 data=\"x\" endings=lf"});
    row("trailing comment without line end", {"data: x\n\n: bye"},
        {"E 0+9 data=\"x\" endings=lf",
         "K 9+5 comments=1 unterminated endings= issues=wire.sse-unterminated-event@9",
         "C 9 \" bye\""});
    row("empty stream", {}, {});
    row("line too long: reported with offset, kept, resync", {"data: 0123456789\ndata: ok\n\n"},
        {"E 0+27 data=\"ok\" endings=lf issues=wire.line-too-long@0"}, 8);
    row("line at the limit is fine, one more byte is not", {"data: 01\n\ndata: 012\n\n"},
        {"E 0+10 data=\"01\" endings=lf",
         "E 10+11 data=\"\" endings=lf issues=wire.line-too-long@10"},
        8);
    row("over-long comment still surfaces as an event", {": 0123456789\n\ndata: x\n\n"},
        {"E 0+14 data=\"\" endings=lf issues=wire.line-too-long@0", "E 14+9 data=\"x\" endings=lf"},
        8);
    row("over-long line across chunks with CR held",
        {"data: 01234", "56789\r", "\ndata: ok\r\n\r\n"},
        {"E 0+30 data=\"ok\" endings=crlf issues=wire.line-too-long@0"}, 8);
    row("over-long line at end of stream", {"data: x\n\ndata: 0123456789"},
        {"E 0+9 data=\"x\" endings=lf",
         "E 9+16 data=\"\" unterminated endings= issues=wire.line-too-long@9,"
         "wire.sse-unterminated-event@9"},
        8);
    row("invalid utf-8 in data is kept", {"data: \xC3\x28\n\n"},
        {"E 0+10 data=\"\\xc3(\" endings=lf issues=wire.invalid-utf8@6"});
    row("utf-8 encoded surrogate is invalid", {"data: \xED\xA0\x80\n\n"},
        {"E 0+11 data=\"\\xed\\xa0\\x80\" endings=lf issues=wire.invalid-utf8@6"});
    row("invalid utf-8 in event name", {"event: \xFF\ndata: x\n\n"},
        {QStringLiteral("E 0+18 data=\"x\" event=%1 endings=lf issues=wire.invalid-utf8@7")
             .arg(kReplacement)
             .toUtf8()});
    const QByteArray multibyte = "{\"d\":\"h\xC3\xA9 \xE2\x9C\x93 \xF0\x9F\x98\x80\"}";
    row("multi-byte utf-8", {"data: " + multibyte + "\n\n"},
        {QStringLiteral("E 0+28 data=\"%1\" endings=lf")
             .arg(ssetest::escaped(multibyte))
             .toUtf8()});
}

void TestSseParser::parse()
{
    QFETCH(Chunks, chunks);
    QFETCH(qint64, maxLine);
    QFETCH(QStringList, expected);

    SseParser::Options options;
    if (maxLine > 0)
        options.maxLineBytes = maxLine;
    const QByteArray all = joined(chunks);

    const ssetest::ParseResult asGiven = ssetest::parseChunks(chunks, options);
    QCOMPARE(ssetest::describe(asGiven), expected);
    QCOMPARE(ssetest::coverageError(asGiven, all), QString());

    const ssetest::ParseResult whole = ssetest::parseChunks({all}, options);
    QCOMPARE(ssetest::describe(whole), expected);
    QCOMPARE(ssetest::coverageError(whole, all), QString());

    const ssetest::ParseResult bytes = ssetest::parseChunks(bytewise(all), options);
    QCOMPARE(ssetest::describe(bytes), expected);
    QCOMPARE(ssetest::coverageError(bytes, all), QString());
}

void TestSseParser::streamState()
{
    SseParser p;
    p.feed("retry: 500\nid: first\ndata: a\r\n\r\n: ping\n\n");
    QCOMPARE(p.eventCount(), 1);
    QCOMPARE(p.keepAliveCount(), 1);
    QCOMPARE(p.commentCount(), 1);
    QCOMPARE(p.lastEventId(), QStringLiteral("first"));
    QCOMPARE(p.reconnectionTimeMs(), std::optional<qint64>(500));
    QCOMPARE(p.lineEndingsSeen(), agui::LineEndings(agui::LineEnding::Lf | agui::LineEnding::CrLf));
    QCOMPARE(agui::lineEndingsName(p.lineEndingsSeen()), QStringLiteral("lf+crlf"));
    // An empty id resets the last event id (WHATWG: the buffer is set to the value, even "").
    p.feed("id\ndata: b\n\n");
    QVERIFY(p.lastEventId().isEmpty());
    const QList<agui::SseEvent> events = p.takeEvents();
    QCOMPARE(events.size(), 2);
    QVERIFY(events.at(1).hasIdField);
    QVERIFY(p.takeEvents().isEmpty()); // handed over once
    QVERIFY(!p.isFinished());
    p.finish();
    QVERIFY(p.isFinished());
    const qint64 seen = p.bytesSeen();
    p.feed("data: ignored\n\n");
    QCOMPARE(p.bytesSeen(), seen);
    QVERIFY(p.takeEvents().isEmpty());
}

void TestSseParser::dataValueOffsets()
{
    SseParser p;
    p.feed("data: a\ndata:b\ndata\n: c\ndata:  d\n\n");
    p.finish();
    const QList<agui::SseEvent> events = p.takeEvents();
    QCOMPARE(events.size(), 1);
    QCOMPARE(events.at(0).data, QByteArray("a\nb\n\n d"));
    QCOMPARE(events.at(0).dataValueOffsets, (QList<qint64> {6, 13, 19, 30}));
}

void TestSseParser::defaultLineLimit()
{
    SseParser p;
    const qint64 limit = SseParser::Options {}.maxLineBytes;
    QCOMPARE(limit, qint64(16 * 1024 * 1024));
    p.feed("data: ok\n\n");
    const QByteArray prefix = "data: ";
    p.feed(prefix);
    const QByteArray mebibyte(1024 * 1024, 'a');
    for (int i = 0; i < 17; ++i)
        p.feed(mebibyte);
    p.feed("\n\ndata: after\n\n");
    p.finish();
    const QList<agui::SseEvent> events = p.takeEvents();
    QCOMPARE(events.size(), 3);
    const agui::SseEvent &big = events.at(1);
    QCOMPARE(big.offset, 10);
    QCOMPARE(big.length, prefix.size() + 17 * mebibyte.size() + 2);
    QCOMPARE(big.raw.size(), big.length); // every byte kept
    QCOMPARE(big.issues.size(), 1);
    QCOMPARE(big.issues.at(0).kind, agui::WireIssueKind::LineTooLong);
    QCOMPARE(big.issues.at(0).byteOffset, 10);
    QVERIFY(big.issues.at(0).message.contains(QStringLiteral("byte 10")));
    QVERIFY(big.hasErrors());
    QCOMPARE(events.at(2).data, QByteArray("after"));
}

void TestSseParser::utf8Validator_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("firstBad");
    QTest::newRow("ascii") << QByteArray("abc") << -1;
    QTest::newRow("2-byte") << QByteArray("\xC3\xA9") << -1;
    QTest::newRow("3-byte") << QByteArray("\xE4\xB8\xAD") << -1;
    QTest::newRow("4-byte") << QByteArray("\xF0\x9F\x98\x80") << -1;
    QTest::newRow("max code point") << QByteArray("\xF4\x8F\xBF\xBF") << -1;
    QTest::newRow("above max") << QByteArray("a\xF4\x90\x80\x80") << 1;
    QTest::newRow("overlong 2-byte") << QByteArray("\xC0\xAF") << 0;
    QTest::newRow("overlong 3-byte") << QByteArray("ab\xE0\x80\xAF") << 2;
    QTest::newRow("surrogate") << QByteArray("\xED\xB0\x80") << 0;
    QTest::newRow("lone continuation") << QByteArray("x\x80") << 1;
    QTest::newRow("truncated at end") << QByteArray("xy\xF0\x9F\x98") << 2;
    QTest::newRow("bad continuation") << QByteArray("\xE4\xB8x") << 0;
}

void TestSseParser::utf8Validator()
{
    QFETCH(QByteArray, bytes);
    QFETCH(int, firstBad);
    QCOMPARE(agui::firstInvalidUtf8(bytes.constData(), bytes.size()), qsizetype(firstBad));
}

QTEST_GUILESS_MAIN(TestSseParser)
#include "test_sse_parser.moc"
