// The reporting commands end to end, with the built binary: `run` against the demo agent
// (`serve --demo`) and against a server that fails in every way, the golden-file workflow of
// `diff`, lint reports (SARIF, JUnit, --fail-on), timing in `stats`, `redact`, HAR export, aimock
// fixture files.

#include "core/net/httpserver.h"

#include "cli_process.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

using agui::net::HttpRequest;
using agui::net::HttpResponder;
using agui::net::HttpServer;

namespace {

using agui::test::demoCapture;
using agui::test::readFile;
using agui::test::sample;
using Result = agui::test::CliResult;

Result run(const QStringList &args, const QByteArray &stdinBytes = {})
{
    return agui::test::runCli(args, stdinBytes);
}

QList<QJsonObject> jsonLines(const QByteArray &text)
{
    QList<QJsonObject> list;
    for (const QByteArray &line : text.split('\n')) {
        if (!line.trimmed().isEmpty())
            list.append(QJsonDocument::fromJson(line).object());
    }
    return list;
}

const char kSecretBearer[] = "sk-live-SECRET-bearer-0123456789";
const char kSecretKey[] = "key-SECRET-api-9876543210";

QStringList secretHeaders()
{
    return {QStringLiteral("--header"),
            QStringLiteral("Authorization: Bearer ") + QLatin1String(kSecretBearer),
            QStringLiteral("--header=X-Api-Key: ") + QLatin1String(kSecretKey)};
}

bool containsSecret(const QByteArray &bytes)
{
    return bytes.contains("SECRET");
}

} // namespace

class TestCliReports : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_url = m_demo.start(
            {QStringLiteral("--demo"), QStringLiteral("--pace"), QStringLiteral("5")});
        QVERIFY2(m_url.startsWith(QLatin1String("http://127.0.0.1:")), qPrintable(m_url));
    }

    void runPrintsRecordsAndLints()
    {
        const QString record = m_dir.filePath(QStringLiteral("run.aguicap"));
        QStringList args {QStringLiteral("run"),       m_url,
                          QStringLiteral("--record"),  record,
                          QStringLiteral("--timeout"), QStringLiteral("60")};
        args += secretHeaders();
        const Result r = run(args);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QList<QJsonObject> events = jsonLines(r.out);
        QVERIFY(events.size() > 10);
        QCOMPARE(events.first()[QLatin1String("type")].toString(), QStringLiteral("RUN_STARTED"));
        QCOMPARE(events.last()[QLatin1String("type")].toString(), QStringLiteral("RUN_FINISHED"));
        QVERIFY2(r.err.contains(" 0 errors"), r.err.constData());
        // Secrets given in headers reach neither the output nor the capture.
        QVERIFY(!containsSecret(r.out));
        QVERIFY(!containsSecret(r.err));
        const QByteArray capture = readFile(record);
        QVERIFY(capture.contains("\"k\":\"chunk\""));
        QVERIFY2(!containsSecret(capture), capture.left(2000).constData());
        QVERIFY(capture.contains("<redacted>"));
        // The recording is a capture like any other: same events, lints clean, has timing.
        QCOMPARE(jsonLines(run({QStringLiteral("cat"), record}).out).size(), events.size());
        QCOMPARE(run({QStringLiteral("lint"), record}).exitCode, 0);
        const QJsonObject stats
            = QJsonDocument::fromJson(
                  run({QStringLiteral("stats"), QStringLiteral("--format=json"), record}).out)
                  .object();
        const QJsonObject timing = stats[QLatin1String("timing")].toObject();
        QCOMPARE(timing[QLatin1String("timeSource")].toString(), QStringLiteral("arrival"));
        QVERIFY(timing[QLatin1String("exchanges")][0][QLatin1String("ttfbMs")].toDouble() > 0);
    }

    void runTextProtoAndBody()
    {
        const QByteArray body
            = R"({"threadId":"thread-ci","runId":"run-ci","state":{},"messages":[],"tools":[],"context":[],"forwardedProps":{}})";
        const Result text
            = run({QStringLiteral("run"), m_url, QStringLiteral("--body"), QStringLiteral("-"),
                   QStringLiteral("--format"), QStringLiteral("text"), QStringLiteral("--proto")},
                  body);
        QVERIFY2(text.exitCode == 0, text.err.constData());
        QVERIFY(text.out.contains("RUN_STARTED"));
        QVERIFY(text.out.contains("run-ci"));
        QVERIFY(QRegularExpression(QStringLiteral("^\\s+0  \\+0\\.000s  RUN_STARTED "),
                                   QRegularExpression::MultilineOption)
                    .match(QString::fromUtf8(text.out))
                    .hasMatch());
    }

    void runFailures()
    {
        HttpServer server;
        server.route("POST", QStringLiteral("/500"), [](const HttpRequest &, HttpResponder *r) {
            r->respond(500, "text/plain", "upstream model unavailable");
        });
        server.route("POST", QStringLiteral("/bad"), [](const HttpRequest &, HttpResponder *r) {
            r->respond(
                200, "text/event-stream",
                "data: {\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n"
                "data: {\"type\":\"TEXT_MESSAGE_CONTENT\",\"messageId\":\"m\",\"delta\":\"x\"}\n\n"
                "data: {\"type\":\"RUN_FINISHED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n");
        });
        server.route("POST", QStringLiteral("/hang"), [](const HttpRequest &, HttpResponder *r) {
            r->beginStream(200, "text/event-stream");
            r->write("data: {\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n");
        });
        QVERIFY(server.listen());
        const QString base = server.url(QStringLiteral("/")).toString();

        const Result http = run({QStringLiteral("run"), base + QStringLiteral("500")});
        QCOMPARE(http.exitCode, 1);
        QVERIFY2(http.err.contains("HTTP 500"), http.err.constData());
        QVERIFY(http.err.contains("upstream model unavailable"));

        const Result lint = run({QStringLiteral("run"), base + QStringLiteral("bad")});
        QCOMPARE(lint.exitCode, 1);
        QVERIFY2(lint.err.contains("error verify.T2"), lint.err.constData());
        QCOMPARE(jsonLines(lint.out).size(), 3); // every event is still printed

        const Result stall = run({QStringLiteral("run"), base + QStringLiteral("hang"),
                                  QStringLiteral("--stall"), QStringLiteral("1")});
        QCOMPARE(stall.exitCode, 2);
        QVERIFY2(stall.err.contains("no data for 1000 ms"), stall.err.constData());
        QCOMPARE(jsonLines(stall.out).size(), 1);

        const Result timeout = run({QStringLiteral("run"), base + QStringLiteral("hang"),
                                    QStringLiteral("--timeout"), QStringLiteral("1")});
        QCOMPARE(timeout.exitCode, 2);
        QVERIFY2(timeout.err.contains("no complete response within 1 s"), timeout.err.constData());

        const quint16 port = server.port();
        server.close();
        const Result refused
            = run({QStringLiteral("run"), QStringLiteral("http://127.0.0.1:%1/").arg(port)});
        QCOMPARE(refused.exitCode, 2);

        QCOMPARE(run({QStringLiteral("run"), QStringLiteral("ftp://x/")}).exitCode, 2);
        QCOMPARE(run({QStringLiteral("run"), m_url, QStringLiteral("--header"),
                      QStringLiteral("no colon")})
                     .exitCode,
                 2);
    }

    void goldenWorkflow()
    {
        const QString first = m_dir.filePath(QStringLiteral("first.aguicap"));
        const QString second = m_dir.filePath(QStringLiteral("second.aguicap"));
        const QString golden = m_dir.filePath(QStringLiteral("golden.aguicap"));
        QCOMPARE(run({QStringLiteral("run"), m_url, QStringLiteral("--record"), first}).exitCode,
                 0);
        QCOMPARE(run({QStringLiteral("run"), m_url, QStringLiteral("--record"), second}).exitCode,
                 0);
        const Result write
            = run({QStringLiteral("diff"), QStringLiteral("--write-golden"), golden, first});
        QVERIFY2(write.exitCode == 0, write.err.constData());
        // Fresh ids, timestamps and timing differ between two runs of the same agent ...
        const QStringList ignore {QStringLiteral("--ignore-ids"),
                                  QStringLiteral("--ignore-timestamps"),
                                  QStringLiteral("--ignore-timing")};
        const Result plain
            = run({QStringLiteral("diff"), QStringLiteral("--golden"), golden, second});
        QCOMPARE(plain.exitCode, 1);
        // ... and nothing else does.
        const Result same
            = run(QStringList {QStringLiteral("diff"), QStringLiteral("--golden"), golden, second}
                  + ignore);
        QVERIFY2(same.exitCode == 0, same.out.constData());
        QVERIFY(same.out.contains("same"));

        // A different run (the form's button clicked) is different, in every format.
        const QByteArray action
            = R"({"threadId":"t","runId":"r","state":{},"messages":[],"tools":[],"context":[],
            "forwardedProps":{"a2uiAction":{"userAction":{"name":"submit_order","surfaceId":"order","sourceComponentId":"submit",
            "timestamp":"2026-01-01T00:00:00Z","context":{"name":"Ada","size":"large"}}}}})";
        const QString clicked = m_dir.filePath(QStringLiteral("clicked.aguicap"));
        QCOMPARE(run({QStringLiteral("run"), m_url, QStringLiteral("--body"), QStringLiteral("-"),
                      QStringLiteral("--record"), clicked},
                     action)
                     .exitCode,
                 0);
        const Result json
            = run(QStringList {QStringLiteral("diff"), QStringLiteral("--golden"), golden, clicked,
                               QStringLiteral("--format"), QStringLiteral("json")}
                  + ignore);
        QCOMPARE(json.exitCode, 1);
        const QJsonObject o = QJsonDocument::fromJson(json.out).object();
        QCOMPARE(o[QLatin1String("same")].toBool(), false);
        QVERIFY(!o[QLatin1String("differences")].toArray().isEmpty());
        const Result junit = run(
            QStringList {QStringLiteral("diff"), golden, clicked, QStringLiteral("--format=junit")}
            + ignore);
        QCOMPARE(junit.exitCode, 1);
        QXmlStreamReader xml(junit.out);
        int failures = 0;
        while (!xml.atEnd()) {
            xml.readNext();
            failures += xml.isStartElement() && xml.name() == QLatin1String("failure");
        }
        QVERIFY(!xml.hasError());
        QVERIFY(failures > 0);

        const Result missing = run({QStringLiteral("diff"), QStringLiteral("--golden"),
                                    m_dir.filePath(QStringLiteral("none.aguicap")), second});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY(missing.err.contains("--write-golden"));
    }

    void diffRunsOfOneCapture()
    {
        const Result same = run({QStringLiteral("diff"), demoCapture(), demoCapture()});
        QCOMPARE(same.exitCode, 0);
        const Result runs
            = run({QStringLiteral("diff"), QStringLiteral("--run-a"), QStringLiteral("0"),
                   QStringLiteral("--run-b"), QStringLiteral("1"), demoCapture(), demoCapture()});
        QCOMPARE(runs.exitCode, 1);
        QVERIFY(runs.out.contains("different"));
        QCOMPARE(run({QStringLiteral("diff"), QStringLiteral("--run-a"), QStringLiteral("9"),
                      demoCapture(), demoCapture()})
                     .exitCode,
                 2);
    }

    void lintReports()
    {
        const QList<QJsonObject> findings
            = jsonLines(run({QStringLiteral("lint"), QStringLiteral("--format"),
                             QStringLiteral("json"), sample("errors.jsonl")})
                            .out);
        QVERIFY(!findings.isEmpty());
        QVERIFY(findings.first()[QLatin1String("docs")].toString().startsWith(
            QLatin1String("docs/lint-rules.md#")));
        for (const QJsonObject &f : findings)
            QVERIFY2(!f[QLatin1String("category")].toString().isEmpty(),
                     qPrintable(f[QLatin1String("ruleId")].toString()));

        // --rules: id, severity, layer, status, category, title, documentation; draft rules and
        // the client compatibility layer show as what they are.
        const Result rules = run({QStringLiteral("lint"), QStringLiteral("--rules")});
        QCOMPARE(rules.exitCode, 0);
        QVERIFY(rules.out.contains("lint.thread-changed\twarning\tlint\tdraft\tlifecycle\t"));
        QVERIFY(rules.out.contains(
            "compat.producer-protocol-version\tinfo\tcompat\tpublished\tcompat\t"));
        QVERIFY(rules.out.contains("verify.T2\terror\tverify\tpublished\ttext\t"));
        const Result sarif = run({QStringLiteral("lint"), QStringLiteral("--format"),
                                  QStringLiteral("sarif"), sample("errors.jsonl"), demoCapture()});
        QCOMPARE(sarif.exitCode, 1);
        const QJsonObject log = QJsonDocument::fromJson(sarif.out).object();
        QCOMPARE(log[QLatin1String("version")].toString(), QStringLiteral("2.1.0"));
        const QJsonArray results
            = log[QLatin1String("runs")][0][QLatin1String("results")].toArray();
        const qsizetype demoFindings
            = jsonLines(
                  run({QStringLiteral("lint"), QStringLiteral("--format=json"), demoCapture()}).out)
                  .size();
        QCOMPARE(results.size(), findings.size() + demoFindings);
        const QJsonObject region
            = results[0][QLatin1String("locations")][0][QLatin1String("physicalLocation")]
                     [QLatin1String("region")]
                         .toObject();
        QCOMPARE(region[QLatin1String("startLine")].toInt(), 2); // event 1 is line 2
        QCOMPARE(region[QLatin1String("startColumn")].toInt(), 1);

        const Result junit = run({QStringLiteral("lint"), QStringLiteral("--format"),
                                  QStringLiteral("junit"), sample("errors.jsonl")});
        QCOMPARE(junit.exitCode, 1);
        QVERIFY(junit.out.contains("<testsuites"));
        QVERIFY(junit.out.contains("<failure"));

        // --fail-on: the demo capture has no error but infos/warnings.
        QCOMPARE(run({QStringLiteral("lint"), demoCapture()}).exitCode, 0);
        const QList<QJsonObject> demo = jsonLines(
            run({QStringLiteral("lint"), QStringLiteral("--format=json"), demoCapture()}).out);
        bool below = false;
        for (const QJsonObject &f : demo)
            below = below || f[QLatin1String("severity")].toString() != QLatin1String("error");
        QCOMPARE(run({QStringLiteral("lint"), QStringLiteral("--fail-on"), QStringLiteral("info"),
                      demoCapture()})
                     .exitCode,
                 below ? 1 : 0);
        QCOMPARE(run({QStringLiteral("lint"), QStringLiteral("--fail-on"), QStringLiteral("loud"),
                      demoCapture()})
                     .exitCode,
                 2);
    }

    void statsTiming()
    {
        const Result text = run({QStringLiteral("stats"), demoCapture()});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("timing:      from receive times"), text.out.constData());
        QVERIFY(text.out.contains("time to first byte:"));
        QVERIFY(text.out.contains("inter-token gaps:"));
        const Result none = run({QStringLiteral("stats"), sample("clean.sse")});
        QVERIFY(none.out.contains("no receive times"));
        QCOMPARE(run({QStringLiteral("stats"), QStringLiteral("--stall"), QStringLiteral("0"),
                      demoCapture()})
                     .exitCode,
                 2);
    }

    void redactAndHar()
    {
        const QString redacted = m_dir.filePath(QStringLiteral("redacted.aguicap"));
        const Result r = run({QStringLiteral("redact"), demoCapture(), redacted});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.err.contains("values redacted"));
        QVERIFY(!readFile(redacted).contains("Do I need"));
        const auto keys = [](const QByteArray &out) {
            QStringList list;
            for (const QJsonObject &f : jsonLines(out))
                list.append(f[QLatin1String("ruleId")].toString() + QLatin1Char('@')
                            + QString::number(f[QLatin1String("eventIndex")].toInt()));
            return list;
        };
        QCOMPARE(
            keys(run({QStringLiteral("lint"), QStringLiteral("--format=json"), redacted}).out),
            keys(
                run({QStringLiteral("lint"), QStringLiteral("--format=json"), demoCapture()}).out));

        const QString har = m_dir.filePath(QStringLiteral("demo.har"));
        QCOMPARE(run({QStringLiteral("convert"), demoCapture(), har}).exitCode, 0);
        const QJsonObject stats
            = QJsonDocument::fromJson(
                  run({QStringLiteral("stats"), QStringLiteral("--format=json"), har}).out)
                  .object();
        QCOMPARE(stats[QLatin1String("format")].toString(), QStringLiteral("har"));
        QCOMPARE(stats[QLatin1String("events")].toInt(), 47);
        QCOMPARE(stats[QLatin1String("httpExchanges")].toInt(), 3);
        // Every receive time came back: the same diff as the original, timing included.
        QCOMPARE(run({QStringLiteral("diff"), demoCapture(), har}).exitCode, 0);
    }

    // aimock fixture files (docs/fixtures.md): convert writes one, says the delayMs of each
    // fixture, and every input command opens it like any capture.
    void aimockFixturesBothWays()
    {
        const QString fixtures = m_dir.filePath(QStringLiteral("demo.aimock.json"));
        const Result convert = run({QStringLiteral("convert"), demoCapture(), fixtures});
        QVERIFY2(convert.exitCode == 0, convert.err.constData());
        // The rule and the figures it used (docs/fixtures.md): the median gap between arrivals,
        // or the run's duration spread over its events when that is shorter.
        const QRegularExpression choice(QStringLiteral(
            "^fixture (\\d) \\(run \\1, \\d+ events\\): delayMs \\d+, (the median of "
            "\\d+ gaps? between arrivals|the run's [\\d.]+ ms spread evenly over its "
            "\\d+ events)"));
        int choices = 0;
        for (const QByteArray &line : convert.err.split('\n'))
            choices += choice.match(QString::fromUtf8(line)).hasMatch() ? 1 : 0;
        QVERIFY2(choices == 3, convert.err.constData());
        QVERIFY(
            QJsonDocument::fromJson(readFile(fixtures)).object().contains(QLatin1String("agui")));

        const QJsonObject stats
            = QJsonDocument::fromJson(
                  run({QStringLiteral("stats"), QStringLiteral("--format=json"), fixtures}).out)
                  .object();
        QCOMPARE(stats[QLatin1String("format")].toString(), QStringLiteral("aimock"));
        QCOMPARE(stats[QLatin1String("events")].toInt(), 47);
        QCOMPARE(stats[QLatin1String("httpExchanges")].toInt(), 3);
        QCOMPARE(jsonLines(run({QStringLiteral("cat"), fixtures}).out).size(), 47);
        // The same events, and the same findings: a fixture holds no request, so each run's
        // state goes on from the run before, as in the front end that sends the requests.
        QCOMPARE(run({QStringLiteral("cat"), fixtures}).out,
                 run({QStringLiteral("cat"), demoCapture()}).out);
        const Result lint = run({QStringLiteral("lint"), fixtures});
        QVERIFY2(lint.exitCode == 0, QByteArray(lint.out + lint.err).constData());
        QVERIFY2(lint.out.contains("0 errors, 0 warnings, 1 info"), lint.out.constData());

        // A mistake in a fixture file: named with its file, line, byte, fixture and field.
        const QByteArray bad
            = "{\"agui\": {\"fixtures\": [{\"match\": {}, \"events\": [\n"
              "{\"type\": \"RUN_STARTED\", \"threadId\": \"t\", \"runId\": \"r\"},\n"
              "42]}]}}\n";
        const QString badPath = m_dir.filePath(QStringLiteral("bad.aimock.json"));
        QFile f(badPath);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write(bad) == bad.size());
        f.close();
        const QByteArray problem = "(byte " + QByteArray::number(bad.indexOf("42]"))
            + "): fixture 0: agui.fixtures[0].events[1] must be an object, not a number";
        const Result badCat = run({QStringLiteral("cat"), badPath});
        QVERIFY2(badCat.err.contains(QByteArray("error: " + badPath.toUtf8() + ":3 " + problem)),
                 badCat.err.constData());
        const Result badLint = run({QStringLiteral("lint"), badPath});
        QCOMPARE(badLint.exitCode, 1);
        const QByteArray place = badPath.toUtf8() + ":file " + problem.first(problem.indexOf(':'));
        QVERIFY2(badLint.out.contains(QByteArray(place + ": error capture.bad-record: fixture 0")),
                 badLint.out.constData());
    }

private:
    QTemporaryDir m_dir;
    agui::test::ServeProcess m_demo;
    QString m_url;
};

QTEST_GUILESS_MAIN(TestCliReports)
#include "test_cli_reports.moc"
