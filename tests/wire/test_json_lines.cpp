// JSON-lines splitter: one row per case, each checked with the chunks as given, whole and
// byte by byte; every byte must land in exactly one reported line.

#include "core/wire/jsonlines.h"

#include <QTest>

using agui::JsonLineSplitter;

class TestJsonLines : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void split_data();
    void split();
    void state();
};

namespace {

using Chunks = QList<QByteArray>;

QString escaped(const QByteArray &bytes)
{
    QString out;
    for (const char c : bytes) {
        const auto u = static_cast<uchar>(c);
        if (c == '\n')
            out += QStringLiteral("\\n");
        else if (c == '\r')
            out += QStringLiteral("\\r");
        else if (u < 0x20 || u >= 0x7F)
            out += QStringLiteral("\\x%1").arg(u, 2, 16, QLatin1Char('0'));
        else
            out += QLatin1Char(c);
    }
    return out;
}

struct Result
{
    QStringList lines;
    QString coverageError;
};

Result run(const Chunks &chunks, qint64 maxLine)
{
    JsonLineSplitter::Options options;
    if (maxLine > 0)
        options.maxLineBytes = maxLine;
    JsonLineSplitter splitter(options);
    QList<agui::JsonLine> lines;
    QByteArray all;
    for (const QByteArray &c : chunks) {
        all += c;
        splitter.feed(c);
        lines += splitter.takeLines();
    }
    splitter.finish();
    lines += splitter.takeLines();

    Result r;
    qint64 pos = splitter.bomLength();
    for (const agui::JsonLine &l : lines) {
        QString s
            = QStringLiteral("L %1+%2 \"%3\"").arg(l.offset).arg(l.length).arg(escaped(l.bytes));
        if (l.crlf)
            s += QStringLiteral(" crlf");
        if (!l.terminated)
            s += QStringLiteral(" unterminated");
        if (l.overlong)
            s += QStringLiteral(" overlong");
        if (l.isBlank())
            s += QStringLiteral(" blank");
        QStringList issues;
        for (const agui::WireIssue &i : l.issues)
            issues << QStringLiteral("%1@%2").arg(agui::wireIssueRuleId(i.kind)).arg(i.byteOffset);
        if (!issues.isEmpty())
            s += QStringLiteral(" issues=") + issues.join(QLatin1Char(','));
        r.lines << s;
        if (l.offset != pos || l.raw.size() != l.length || all.mid(l.offset, l.length) != l.raw)
            r.coverageError = QStringLiteral("line at %1 does not match the stream").arg(l.offset);
        pos += l.length;
    }
    if (r.coverageError.isEmpty() && pos != all.size())
        r.coverageError = QStringLiteral("lines end at %1 of %2 bytes").arg(pos).arg(all.size());
    return r;
}

} // namespace

void TestJsonLines::split_data()
{
    QTest::addColumn<Chunks>("chunks");
    QTest::addColumn<qint64>("maxLine");
    QTest::addColumn<QStringList>("expected");
    auto row = [](const char *name, const Chunks &chunks, const QList<QByteArray> &expected,
                  qint64 maxLine = 0) {
        QStringList lines;
        for (const QByteArray &l : expected)
            lines << QString::fromUtf8(l);
        QTest::newRow(name) << chunks << maxLine << lines;
    };
    row("lf", {"{\"a\":1}\n{\"b\":2}\n"}, {"L 0+8 \"{\"a\":1}\"", "L 8+8 \"{\"b\":2}\""});
    row("crlf", {"a\r\nb\r\n"}, {"L 0+3 \"a\" crlf", "L 3+3 \"b\" crlf"});
    row("cr at chunk end, lf next", {"a\r", "\nb\n"}, {"L 0+3 \"a\" crlf", "L 3+2 \"b\""});
    row("bare cr is content", {"a\rb\n"}, {"L 0+4 \"a\\rb\""});
    row("last line without line end", {"a\nb"},
        {"L 0+2 \"a\"", "L 2+1 \"b\" unterminated issues=wire.jsonl-unterminated-line@2"});
    row("blank lines are reported", {"\n  \n{}\n"},
        {"L 0+1 \"\" blank", "L 1+3 \"  \" blank", "L 4+3 \"{}\""});
    row("bom at start is skipped", {"\xEF\xBB\xBF{}\n"}, {"L 3+3 \"{}\""});
    row("line too long", {"12345\nab\n"},
        {"L 0+6 \"\" overlong issues=wire.line-too-long@0", "L 6+3 \"ab\""}, 4);
    row("crlf line at the limit", {"1234\r\n"}, {"L 0+6 \"1234\" crlf"}, 4);
    row("over-long crlf line", {"12345\r\nx\n"},
        {"L 0+7 \"\" crlf overlong issues=wire.line-too-long@0", "L 7+2 \"x\""}, 4);
    row("over-long last line", {"ab\n123456"},
        {"L 0+3 \"ab\"",
         "L 3+6 \"\" unterminated overlong issues=wire.line-too-long@3,"
         "wire.jsonl-unterminated-line@3"},
        4);
    row("trailing cr counts at end of stream", {"1234\r"},
        {"L 0+5 \"\" unterminated overlong issues=wire.line-too-long@0,"
         "wire.jsonl-unterminated-line@0"},
        4);
    row("invalid utf-8", {"\"\xFF\"\n"}, {"L 0+4 \"\"\\xff\"\" issues=wire.invalid-utf8@1"});
    row("empty stream", {}, {});
}

void TestJsonLines::split()
{
    QFETCH(Chunks, chunks);
    QFETCH(qint64, maxLine);
    QFETCH(QStringList, expected);
    QByteArray all;
    for (const QByteArray &c : chunks)
        all += c;
    Chunks bytes;
    for (const char c : all)
        bytes << QByteArray(1, c);

    for (const Chunks &variant : {chunks, Chunks {all}, bytes}) {
        const Result r = run(variant, maxLine);
        QCOMPARE(r.lines, expected);
        QCOMPARE(r.coverageError, QString());
    }
}

void TestJsonLines::state()
{
    JsonLineSplitter s;
    s.feed("{}\n{}");
    QCOMPARE(s.lineCount(), 1);
    QCOMPARE(s.bytesSeen(), 5);
    s.finish();
    QVERIFY(s.isFinished());
    QCOMPARE(s.lineCount(), 2);
    s.feed("more\n");
    QCOMPARE(s.bytesSeen(), 5);
    QCOMPARE(s.takeLines().size(), 2);
    QVERIFY(s.takeLines().isEmpty());
}

QTEST_GUILESS_MAIN(TestJsonLines)
#include "test_json_lines.moc"
