// Property: how a stream is cut into chunks must not change what the SSE parser reports. For each
// captured body in tests/data/wire/*.sse, the result of feeding it whole is compared with every
// two-chunk split, a byte-per-feed run and seeded random chunk sizes: same events (data, fields,
// byte ranges, raw bytes, issues), same keep-alives and comments.

#include "core/wire/sseparser.h"
#include "ssetestutil.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTest>

class TestSseSplitProperty : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyFileIsCovered();
    void splits_data();
    void splits();
};

namespace {

QString dataDir()
{
    return QStringLiteral(AGUI_TEST_DATA_DIR "/wire");
}

QByteArray readFile(const QString &name)
{
    QFile f(dataDir() + QLatin1Char('/') + name);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

QList<QByteArray> cutAt(const QByteArray &all, const QList<qsizetype> &sizes)
{
    QList<QByteArray> chunks;
    qsizetype pos = 0;
    for (const qsizetype size : sizes) {
        chunks << all.mid(pos, size);
        pos += size;
    }
    if (pos < all.size())
        chunks << all.mid(pos);
    return chunks;
}

struct Expectation
{
    const char *file;
    int events;
    int keepAlives;
    int comments;
    const char *endings;
    int bomLength;
    bool lastTerminated;
};

// What each file holds, checked once on the whole-stream parse so the property is not vacuous.
const Expectation kFiles[] = {
    {"appendix-a.sse", 5, 0, 0, "lf", 0, true},
    {"tool-call.sse", 12, 0, 0, "lf", 0, true},
    {"tool-call-crlf.sse", 12, 0, 0, "crlf", 0, true},
    {"tool-call-cr.sse", 12, 0, 0, "cr", 0, true},
    {"heartbeats.sse", 12, 7, 11, "lf", 0, true},
    {"utf8-deltas.sse", 10, 0, 0, "lf", 0, true},
    {"event-id-fields.sse", 5, 1, 0, "lf", 0, true},
    {"bom-unterminated.sse", 5, 0, 0, "lf", 3, false},
};

} // namespace

void TestSseSplitProperty::everyFileIsCovered()
{
    // A new .sse file must get an expectation row (and so a reviewed description).
    const QStringList files = QDir(dataDir()).entryList({QStringLiteral("*.sse")}, QDir::Files);
    QStringList listed;
    for (const Expectation &e : kFiles)
        listed << QString::fromLatin1(e.file);
    listed.sort();
    QCOMPARE(files, listed);
}

void TestSseSplitProperty::splits_data()
{
    QTest::addColumn<int>("index");
    for (int i = 0; i < int(std::size(kFiles)); ++i)
        QTest::newRow(kFiles[i].file) << i;
}

void TestSseSplitProperty::splits()
{
    QFETCH(int, index);
    const Expectation &x = kFiles[index];
    const QByteArray all = readFile(QString::fromLatin1(x.file));
    QVERIFY2(!all.isEmpty(), x.file);

    const ssetest::ParseResult whole = ssetest::parseChunks({all});
    QCOMPARE(ssetest::coverageError(whole, all), QString());
    QCOMPARE(whole.events.size(), x.events);
    QCOMPARE(whole.keepAlives.size(), x.keepAlives);
    QCOMPARE(whole.comments.size(), x.comments);
    QCOMPARE(agui::lineEndingsName(whole.streamEndings), QString::fromLatin1(x.endings));
    QCOMPARE(whole.bomLength, qint64(x.bomLength));
    QCOMPARE(whole.events.last().terminated, x.lastTerminated);
    for (const agui::SseEvent &e : whole.events) {
        // Every event of these bodies is an AG-UI event object.
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(e.data, &error);
        QVERIFY2(error.error == QJsonParseError::NoError, e.data.constData());
        QVERIFY(doc.object().value(QStringLiteral("type")).isString());
        if (x.lastTerminated && !e.issues.isEmpty())
            QFAIL(qPrintable(e.issues.first().message));
    }
    const QStringList expected = ssetest::describe(whole);

    for (qsizetype k = 0; k <= all.size(); ++k) {
        const ssetest::ParseResult r = ssetest::parseChunks({all.left(k), all.mid(k)});
        const QStringList got = ssetest::describe(r);
        if (got != expected)
            QCOMPARE(got, expected); // (only evaluated on failure, with the split in the log)
        const QString coverage = ssetest::coverageError(r, all);
        QVERIFY2(coverage.isEmpty(),
                 qPrintable(QStringLiteral("split at %1: %2").arg(k).arg(coverage)));
    }

    QList<qsizetype> ones(all.size(), 1);
    const ssetest::ParseResult bytewise = ssetest::parseChunks(cutAt(all, ones));
    QCOMPARE(ssetest::describe(bytewise), expected);
    QCOMPARE(ssetest::coverageError(bytewise, all), QString());

    QRandomGenerator rng(20261130u + quint32(index)); // seeded: failures reproduce
    for (int round = 0; round < 50; ++round) {
        QList<qsizetype> sizes;
        qsizetype total = 0;
        while (total < all.size()) {
            const qsizetype size = rng.bounded(1, 48);
            sizes << size;
            total += size;
        }
        const ssetest::ParseResult r = ssetest::parseChunks(cutAt(all, sizes));
        const QStringList got = ssetest::describe(r);
        if (got != expected) {
            qWarning() << "random round" << round << "chunk sizes" << sizes;
            QCOMPARE(got, expected);
        }
        QCOMPARE(ssetest::coverageError(r, all), QString());
    }
}

QTEST_GUILESS_MAIN(TestSseSplitProperty)
#include "test_sse_split_property.moc"
