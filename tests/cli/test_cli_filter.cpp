// agui-inspect cat|stats|lint --filter: the GUI's filter language on the command line, and the
// usage error (exit 2, naming the character) when the filter does not parse.

#include "cli_process.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

namespace {

using agui::test::runCli;
using agui::test::sample;

QList<QJsonObject> jsonLines(const QByteArray &text)
{
    QList<QJsonObject> out;
    for (const QByteArray &line : text.trimmed().split('\n')) {
        if (!line.isEmpty())
            out << QJsonDocument::fromJson(line).object();
    }
    return out;
}

} // namespace

class TestCliFilter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void catWritesTheMatchingEvents()
    {
        const auto r = runCli({QStringLiteral("cat"), QStringLiteral("--filter"),
                               QStringLiteral("type:TOOL_CALL_START,TOOL_CALL_END run:2"),
                               agui::test::demoCapture()});
        QCOMPARE(r.exitCode, 0);
        const QList<QJsonObject> events = jsonLines(r.out);
        QCOMPARE(events.size(), 2);
        QCOMPARE(events[0][QLatin1String("type")].toString(), QStringLiteral("TOOL_CALL_START"));
        QCOMPARE(events[1][QLatin1String("type")].toString(), QStringLiteral("TOOL_CALL_END"));
        QCOMPARE(events[0][QLatin1String("toolCallId")], events[1][QLatin1String("toolCallId")]);
    }

    void catRawKeepsTheBytes()
    {
        const auto r = runCli({QStringLiteral("cat"), QStringLiteral("--raw"),
                               QStringLiteral("--filter=has:error"), sample("errors.jsonl")});
        QCOMPARE(r.exitCode, 0);
        // Only event 1 (the orphan content) has an error; its line exactly as in the file.
        const QList<QByteArray> lines = agui::test::readFile(sample("errors.jsonl")).split('\n');
        QCOMPARE(r.out, lines.at(1) + '\n');
    }

    void lintKeepsFindingsOfMatchingEvents()
    {
        const QString file = sample("errors.jsonl");
        const auto all = runCli(
            {QStringLiteral("lint"), QStringLiteral("--format"), QStringLiteral("json"), file});
        const auto none
            = runCli({QStringLiteral("lint"), QStringLiteral("--format"), QStringLiteral("json"),
                      QStringLiteral("--filter"), QStringLiteral("type:RUN_*"), file});
        const auto some
            = runCli({QStringLiteral("lint"), QStringLiteral("--format"), QStringLiteral("json"),
                      QStringLiteral("--filter"), QStringLiteral("type:TEXT_*"), file});
        QCOMPARE(all.exitCode, 1);
        QCOMPARE(none.exitCode, 0); // --fail-on counts only what is kept
        QVERIFY(none.out.isEmpty());
        QCOMPARE(some.exitCode, 1);
        const QList<QJsonObject> kept = jsonLines(some.out);
        QVERIFY(!kept.isEmpty());
        for (const QJsonObject &f : kept)
            QCOMPARE(f[QLatin1String("eventIndex")].toInt(), 1);
        for (const QJsonObject &f : jsonLines(all.out)) {
            if (f[QLatin1String("eventIndex")].toInt(-1) == 1)
                QVERIFY(kept.contains(f));
        }
    }

    void statsCountsTheMatchingEvents()
    {
        const auto r = runCli({QStringLiteral("stats"), QStringLiteral("--format"),
                               QStringLiteral("json"), QStringLiteral("--filter"),
                               QStringLiteral("family:tool"), agui::test::demoCapture()});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o[QLatin1String("filter")].toString(), QStringLiteral("family:tool"));
        const QJsonObject byType = o[QLatin1String("eventsByType")].toObject();
        int sum = 0;
        for (auto it = byType.begin(); it != byType.end(); ++it) {
            QVERIFY2(it.key().startsWith(QLatin1String("TOOL_CALL_")), qPrintable(it.key()));
            sum += it.value().toInt();
        }
        QCOMPARE(o[QLatin1String("events")].toInt(), sum);
        QVERIFY(sum > 0);
        QVERIFY(o[QLatin1String("eventsTotal")].toInt() > sum);
    }

    void invalidFilterIsAUsageError_data()
    {
        QTest::addColumn<QString>("command");
        QTest::newRow("cat") << QStringLiteral("cat");
        QTest::newRow("stats") << QStringLiteral("stats");
        QTest::newRow("lint") << QStringLiteral("lint");
    }

    void invalidFilterIsAUsageError()
    {
        QFETCH(QString, command);
        const auto r = runCli({command, QStringLiteral("--filter"),
                               QStringLiteral("run:1 colour:red"), sample("errors.jsonl")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        const QString err = QString::fromUtf8(r.err);
        QVERIFY2(err.contains(QStringLiteral("--filter: unknown key \"colour:\"")),
                 qPrintable(err));
        QVERIFY2(err.contains(QStringLiteral("at character 7")), qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(TestCliFilter)
#include "test_cli_filter.moc"
