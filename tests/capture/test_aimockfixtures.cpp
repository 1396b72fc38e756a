// CopilotKit aimock AG-UI fixture files (docs/fixtures.md, @copilotkit/aimock 1.43.0): detected
// from content; each fixture opened as a run whose request its match accepts and whose body is
// its events, paced by delayMs; a capture written as a fixture file with a delayMs chosen from
// its pacing; capture -> fixture -> capture keeps every event; every kind of bad input reported
// with the fixture, the field, its line and byte, and nothing in the file lost from view.

#include "core/capture/aimockmatch.h"
#include "core/capture/aimockpacing.h"
#include "core/capture/aimockwriter.h"
#include "core/capture/captureloader.h"
#include "core/capture/capturereader.h"
#include "core/capture/formatdetect.h"

#include <QBuffer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace agui;

namespace {

struct Loaded
{
    Capture capture;
    QList<QList<Event>> eventsByRun;
};

Loaded load(const QByteArray &bytes)
{
    Loaded out;
    QByteArray copy = bytes;
    QBuffer buffer(&copy);
    buffer.open(QIODevice::ReadOnly);
    CaptureLoadOptions options;
    options.keepChunks = true;
    options.onEvent = [&](Event &&event, const EventOrigin &origin) {
        if (out.eventsByRun.size() <= origin.runIndex)
            out.eventsByRun.resize(origin.runIndex + 1);
        out.eventsByRun[origin.runIndex].append(std::move(event));
    };
    out.capture = loadCapture(buffer, options);
    out.eventsByRun.resize(out.capture.runs.size());
    return out;
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QJsonObject parsed(const QByteArray &json)
{
    return QJsonDocument::fromJson(json).object();
}

QStringList typesOf(const QList<Event> &events)
{
    QStringList types;
    for (const Event &e : events)
        types.append(e.typeName);
    return types;
}

QStringList names(std::initializer_list<const char *> list)
{
    QStringList out;
    for (const char *name : list)
        out.append(QString::fromLatin1(name));
    return out;
}

QString problemsText(const Capture &capture)
{
    QStringList lines;
    for (const CaptureProblem &p : capture.problems)
        lines.append(QStringLiteral("%1 line %2 byte %3: %4")
                         .arg(p.ruleId)
                         .arg(p.line)
                         .arg(p.byteOffset)
                         .arg(p.message));
    return lines.join(QLatin1Char('\n'));
}

// Two fixtures: events with a delay, then the text shorthand.
const char kConfig[]
    = "{\n"
      "  \"agui\": {\n"
      "    \"fixtures\": [\n"
      "      {\n"
      "        \"match\": {\"message\": \"weather\", \"toolName\": \"forecast\"},\n"
      "        \"delayMs\": 25,\n"
      "        \"events\": [\n"
      "          {\"type\": \"RUN_STARTED\", \"threadId\": \"t1\", \"runId\": "
      "\"r1\"},\n"
      "          {\n"
      "            \"type\": \"TEXT_MESSAGE_CHUNK\",\n"
      "            \"messageId\": \"m1\",\n"
      "            \"role\": \"assistant\",\n"
      "            \"delta\": \"Sunny, \\\"warm\\\"  and dry\"\n"
      "          },\n"
      "          {\"type\": \"RUN_FINISHED\", \"threadId\": \"t1\", \"runId\": "
      "\"r1\"}\n"
      "        ]\n"
      "      },\n"
      "      {\"match\": {\"toolCallId\": \"call-9\"}, \"text\": \"Done.\"}\n"
      "    ]\n"
      "  }\n"
      "}\n";

// A capture of ours with one run: a request and events at the given receive times.
Capture recordedRun(const QByteArray &requestBody, const QList<QByteArray> &events,
                    const QList<qint64> &timesUs)
{
    Capture capture;
    capture.format = CaptureFormat::Agui;
    RunRecording run;
    run.request.present = true;
    run.request.method = QStringLiteral("POST");
    run.request.url = QStringLiteral("http://127.0.0.1:1/agent");
    run.request.sentAtUs = timesUs.value(0) - 1000;
    run.request.body = requestBody;
    run.response.present = true;
    run.response.status = 200;
    run.response.receivedAtUs = timesUs.value(0);
    run.response.headers = {{QStringLiteral("Content-Type"), QStringLiteral("text/event-stream")}};
    for (qsizetype i = 0; i < events.size(); ++i)
        run.chunks.append(Chunk {timesUs[i], "data: " + events[i] + "\n\n", -1, false, i});
    run.end = RunEnd::Finished;
    capture.runs.append(run);
    return capture;
}

} // namespace

class TestAimockFixtures : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void detectsFixtureFiles_data()
    {
        QTest::addColumn<QByteArray>("head");
        QTest::addColumn<int>("format");
        const auto row = [](const char *name, const char *head, CaptureFormat format) {
            QTest::newRow(name) << QByteArray(head) << int(format);
        };
        row("config, agui first", "{\n  \"agui\": {\"fixtures\": []}}",
            CaptureFormat::AimockFixture);
        row("config, settings first", "{ \"port\": 4000, \"agui\": {}}",
            CaptureFormat::AimockFixture);
        row("recorder file", "{\"fixtures\": [{\"match\": {}, \"events\": []}]}",
            CaptureFormat::AimockFixture);
        row("an event line is still jsonl", "{\"type\":\"RUN_STARTED\"}\n",
            CaptureFormat::JsonLines);
        row("HAR still HAR", "{\"log\": {\"entries\": []}}", CaptureFormat::Har);
        row("our capture still ours", "{\"agui-capture\":1}\n", CaptureFormat::Agui);
    }
    void detectsFixtureFiles()
    {
        QFETCH(QByteArray, head);
        QFETCH(int, format);
        QCOMPARE(int(detectCaptureFormat(head, true)), format);
        QCOMPARE(captureFormatName(CaptureFormat::AimockFixture), QStringLiteral("aimock"));
    }

    void opensEachFixtureAsARun()
    {
        const Loaded l = load(kConfig);
        QCOMPARE(l.capture.format, CaptureFormat::AimockFixture);
        QVERIFY2(l.capture.problems.isEmpty(), qPrintable(problemsText(l.capture)));
        QCOMPARE(l.capture.runs.size(), 2);

        const RunRecording &first = l.capture.runs[0];
        QCOMPARE(first.label, QStringLiteral("fixture 0"));
        QCOMPARE(first.request.method, QStringLiteral("POST"));
        QCOMPARE(first.request.url, QStringLiteral("/agui"));
        // The match as written is kept, and the request is one that match accepts.
        const AimockMatch match = AimockMatch::fromJson(parsed(
            headerValue(first.request.headers, QLatin1StringView(kAimockMatchHeader)).toUtf8()));
        QCOMPARE(match.message.value_or(QString()), QStringLiteral("weather"));
        QCOMPARE(match.toolName.value_or(QString()), QStringLiteral("forecast"));
        QVERIFY(!match.toolCallId && !match.stateKey);
        const QJsonObject input = parsed(first.request.body);
        QVERIFY(aimockMatches(input, match));
        QCOMPARE(input.value(QLatin1String("threadId")).toString(), QStringLiteral("t1"));
        QCOMPARE(input.value(QLatin1String("runId")).toString(), QStringLiteral("r1"));
        QCOMPARE(first.response.status, 200);
        QCOMPARE(headerValue(first.response.headers, QLatin1StringView("content-type")),
                 QStringLiteral("text/event-stream"));
        QCOMPARE(first.end, RunEnd::Finished);

        // Events framed as aimock frames them, one line each, as written (members in order,
        // strings untouched), paced by delayMs.
        QCOMPARE(typesOf(l.eventsByRun[0]),
                 names({"RUN_STARTED", "TEXT_MESSAGE_CHUNK", "RUN_FINISHED"}));
        QCOMPARE(l.eventsByRun[0][1].raw,
                 QByteArray("data: {\"type\":\"TEXT_MESSAGE_CHUNK\",\"messageId\":\"m1\",\"role\":"
                            "\"assistant\",\"delta\":\"Sunny, \\\"warm\\\"  and dry\"}\n\n"));
        for (qsizetype i = 0; i < first.chunks.size(); ++i)
            QCOMPARE(first.chunks[i].receivedAtUs - first.chunks[0].receivedAtUs, i * 25000);
        QCOMPARE(first.chunks[1].sourceOffset,
                 QByteArray(kConfig).indexOf("{\n            \"type\""));

        // The text shorthand as aimock expands it.
        QCOMPARE(typesOf(l.eventsByRun[1]),
                 names({"RUN_STARTED", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT",
                        "TEXT_MESSAGE_END", "RUN_FINISHED"}));
        QCOMPARE(l.eventsByRun[1][2].json.value(QLatin1String("delta")).toString(),
                 QStringLiteral("Done."));
        const QJsonObject toolInput = parsed(l.capture.runs[1].request.body);
        QVERIFY(aimockMatches(toolInput, AimockMatch {{}, QStringLiteral("call-9"), {}, {}}));
        // Runs follow one another in time.
        QVERIFY(l.capture.runs[1].request.sentAtUs > first.endedAtUs);
    }

    void opensWhatAimocksRecorderWrites()
    {
        const QByteArray file
            = "{\n  \"fixtures\": [\n    {\n      \"match\": {\"message\": \"hi\"},\n"
              "      \"events\": [{\"type\": \"RUN_STARTED\", \"threadId\": "
              "\"t\", \"runId\": \"r\"}, {\"type\": \"RUN_FINISHED\", "
              "\"threadId\": \"t\", \"runId\": \"r\"}]\n    }\n  ]\n}\n";
        const Loaded l = load(file);
        QCOMPARE(l.capture.format, CaptureFormat::AimockFixture);
        QVERIFY2(l.capture.problems.isEmpty(), qPrintable(problemsText(l.capture)));
        QCOMPARE(l.capture.runs.size(), 1);
        QCOMPARE(typesOf(l.eventsByRun[0]), names({"RUN_STARTED", "RUN_FINISHED"}));
    }

    // The package's own example (tests/data/aimock/README.md).
    void opensThePackagesExample()
    {
        const Loaded l
            = load(readFile(QStringLiteral(AGUI_TEST_DATA_DIR "/aimock/agui-text-response.json")));
        QCOMPARE(l.capture.format, CaptureFormat::AimockFixture);
        QVERIFY2(l.capture.problems.isEmpty(), qPrintable(problemsText(l.capture)));
        QCOMPARE(l.capture.runs.size(), 2);
        QCOMPARE(typesOf(l.eventsByRun[0]),
                 names({"RUN_STARTED", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT",
                        "TEXT_MESSAGE_END", "RUN_FINISHED"}));
        QCOMPARE(l.eventsByRun[0][2].json.value(QLatin1String("delta")).toString(),
                 QStringLiteral("Hi! How can I help you today?"));
        QCOMPARE(typesOf(l.eventsByRun[1]),
                 names({"RUN_STARTED", "TOOL_CALL_START", "TOOL_CALL_ARGS", "TOOL_CALL_END",
                        "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END",
                        "RUN_FINISHED"}));
        QVERIFY(aimockLastUserText(parsed(l.capture.runs[1].request.body))
                    .contains(QLatin1String("search")));
    }

    void writesAFixtureFromARecordedRun()
    {
        const QByteArray body
            = R"({"threadId":"t","runId":"r","messages":[{"id":"u1","role":"user","content":[{"type":"text","text":"Plan my trip"}]},{"id":"a1","role":"assistant","content":""},{"id":"x1","role":"tool","toolCallId":"call-1","content":"ok"}],"tools":[],"state":{}})";
        const QList<QByteArray> events
            = {R"({"type":"RUN_STARTED","threadId":"t","runId":"r","timestamp":1})",
               R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"m","delta":"Paris","timestamp":2})",
               R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"m","delta":"!"})",
               R"({"type":"RUN_FINISHED","threadId":"t","runId":"r","timestamp":4})"};
        // Gaps of 10, 20 and 400 ms: the median is 20.
        const qint64 t0 = 1'800'000'000'000'000;
        const Capture capture
            = recordedRun(body, events, {t0, t0 + 10'000, t0 + 30'000, t0 + 430'000});
        const AimockExport out = captureToAimock(capture);
        QVERIFY2(out.warnings.isEmpty(), qPrintable(out.warnings.join(QLatin1Char('\n'))));
        QCOMPARE(out.fixtures.size(), 1);
        QCOMPARE(out.fixtures[0].run, 0);
        QCOMPARE(out.fixtures[0].events, 4);
        QCOMPARE(out.fixtures[0].delay.delayMs, 20);
        QCOMPARE(out.fixtures[0].delay.gaps, 3);
        QCOMPARE(out.fixtures[0].unstamped, 1);
        QVERIFY(!out.fixtures[0].matchFromImport);

        const QJsonObject fixture = parsed(out.text)
                                        .value(QLatin1String("agui"))
                                        .toObject()
                                        .value(QLatin1String("fixtures"))
                                        .toArray()
                                        .at(0)
                                        .toObject();
        QCOMPARE(fixture.value(QLatin1String("match")).toObject(),
                 QJsonObject({{QStringLiteral("message"), QStringLiteral("Plan my trip")},
                              {QStringLiteral("toolCallId"), QStringLiteral("call-1")}}));
        QCOMPARE(fixture.value(QLatin1String("delayMs")).toInt(), 20);
        const QJsonArray written = fixture.value(QLatin1String("events")).toArray();
        QCOMPARE(written.size(), events.size());
        for (qsizetype i = 0; i < events.size(); ++i)
            QCOMPARE(written[i].toObject(), parsed(events[i]));
        // Each event as received, one per line.
        QVERIFY(out.text.contains(QByteArray("\n          " + events[1] + ",\n")));
    }

    void leavesOutWhatAFixtureCannotHold()
    {
        Capture capture = recordedRun(
            R"({"messages":[{"id":"u","role":"user","content":"hi"}]})",
            {R"({"type":"RUN_STARTED","threadId":"t","runId":"r"})", "not json"}, {1000, 2000});
        capture.runs[0].chunks.append(Chunk {3000, ": keep-alive\n\n", -1, false, 2});
        RunRecording failed = capture.runs[0];
        failed.response.status = 500;
        capture.runs.append(failed);
        const AimockExport out = captureToAimock(capture);
        QCOMPARE(out.fixtures.size(), 1);
        QCOMPARE(out.fixtures[0].events, 1);
        const QString warnings = out.warnings.join(QLatin1Char('\n'));
        QVERIFY2(warnings.contains(QLatin1String("run 0: 1 frame that is not a JSON object")),
                 qPrintable(warnings));
        QVERIFY2(warnings.contains(QLatin1String("run 0: 1 keep-alive")), qPrintable(warnings));
        QVERIFY2(warnings.contains(QLatin1String("run 1: no fixture: it answered HTTP 500")),
                 qPrintable(warnings));
    }

    void warnsAboutAFixtureAnEarlierOneAnswers()
    {
        Capture capture
            = recordedRun(R"({"messages":[{"id":"u","role":"user","content":"hello there"}]})",
                          {R"({"type":"RUN_STARTED","threadId":"t","runId":"r"})"}, {1000});
        RunRecording second = capture.runs[0];
        second.request.body = R"({"messages":[{"id":"u","role":"user","content":"hello"}]})";
        capture.runs.append(second);
        std::swap(capture.runs[0], capture.runs[1]); // "hello" first: it takes "hello there" too
        const AimockExport out = captureToAimock(capture);
        QCOMPARE(out.fixtures.size(), 2);
        QVERIFY2(out.warnings.size() == 1
                     && out.warnings[0].startsWith(
                         QLatin1String("run 1: its request would be served fixture 0")),
                 qPrintable(out.warnings.join(QLatin1Char('\n'))));
    }

    void choosesTheDelayFromThePacing_data()
    {
        QTest::addColumn<QList<qint64>>("timesUs");
        QTest::addColumn<int>("delayMs");
        QTest::addColumn<int>("gaps");
        QTest::addColumn<QString>("reason");
        const auto row
            = [](const char *name, QList<qint64> times, int delayMs, int gaps, const char *reason) {
                  QTest::newRow(name) << times << delayMs << gaps << QString::fromUtf8(reason);
              };
        row("none", {}, 0, 0, "fewer than two events: no gap");
        row("one", {5}, 0, 0, "fewer than two events: no gap");
        row("odd", {0, 10'000, 30'000, 60'000}, 20, 3,
            "the median of 3 gaps between arrivals (20.0 ms)");
        row("even: the mean of the middle two", {0, 10'000, 20'000, 40'000, 80'000}, 15, 4,
            "the median of 4 gaps between arrivals (15.0 ms)");
        row("a long pause does not count more than once", {0, 10'000, 20'000, 5'000'000}, 10, 3,
            "the median of 3 gaps between arrivals (10.0 ms)");
        row("events that arrived together are one arrival", {0, 0, 100'000, 100'000, 300'000}, 75,
            2,
            "the run's 300.0 ms spread evenly over its 5 events (75.0 ms): the median of 2 gaps "
            "between arrivals (150.0 ms) would make the fixture last longer than the run");
        row("a burst, then one more event", {0, 0, 0, 0, 2'900'000}, 725, 1,
            "the run's 2900.0 ms spread evenly over its 5 events (725.0 ms): the median of 1 gap "
            "between arrivals (2900.0 ms) would make the fixture last longer than the run");
        row("token by token", {0, 30'000, 60'000, 90'000, 120'000, 150'000}, 30, 5,
            "the median of 5 gaps between arrivals (30.0 ms)");
        row("all at once (a HAR body)", {7, 7, 7}, 0, 0, "all 3 events arrived at once");
        row("rounded", {0, 12'600}, 13, 1, "the median of 1 gap between arrivals (12.6 ms)");
        row("unknown times", {-1, -1, -1}, 0, 0, "the receive times are unknown");
    }
    void choosesTheDelayFromThePacing()
    {
        QFETCH(QList<qint64>, timesUs);
        QFETCH(int, delayMs);
        QFETCH(int, gaps);
        QFETCH(QString, reason);
        const AimockDelayChoice choice = chooseAimockDelay(timesUs);
        QCOMPARE(choice.delayMs, delayMs);
        QCOMPARE(choice.gaps, gaps);
        QCOMPARE(choice.reason, reason);
    }

    // capture -> fixture file -> capture: the same events in every run, and a second export of
    // the import writes the same file (the match kept from the import, the delay from its pacing).
    void roundTripKeepsEveryEvent()
    {
        const Loaded original
            = load(readFile(QStringLiteral(AGUI_SOURCE_DIR "/resources/samples/demo.aguicap")));
        QCOMPARE(original.capture.runs.size(), 3);
        const AimockExport exported = captureToAimock(original.capture);
        // The demo's first run has a keep-alive comment, which a fixture cannot hold.
        QCOMPARE(exported.warnings,
                 QStringList({QStringLiteral("run 0: 1 keep-alive or comment frame left out "
                                             "(aimock serves events only)")}));
        QCOMPARE(exported.fixtures.size(), 3);

        const Loaded imported = load(exported.text);
        QVERIFY2(imported.capture.problems.isEmpty(), qPrintable(problemsText(imported.capture)));
        QCOMPARE(imported.capture.runs.size(), 3);
        for (int r = 0; r < 3; ++r) {
            const QList<Event> &a = original.eventsByRun[r];
            const QList<Event> &b = imported.eventsByRun[r];
            QCOMPARE(b.size(), a.size());
            for (qsizetype i = 0; i < a.size(); ++i) {
                QCOMPARE(b[i].typeName, a[i].typeName);
                QCOMPARE(b[i].json, a[i].json);
            }
            // The run's own request still picks its fixture.
            QVERIFY(aimockMatches(parsed(original.capture.runs[r].request.body),
                                  exported.fixtures[r].match));
        }
        const AimockExport again = captureToAimock(imported.capture);
        QVERIFY(again.fixtures.value(0).matchFromImport);
        QCOMPARE(again.text, exported.text);
    }

    // Each kind of bad input: the rule, the severity, the message naming the fixture and the
    // field, and the exact place (the byte where the offending value starts, and its line).
    void reportsBadInputWhereItIs_data()
    {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<QByteArray>("at"); // the text the problem points at (its first byte)
        QTest::addColumn<QString>("ruleId");
        QTest::addColumn<int>("severity");
        QTest::addColumn<QString>("message");
        QTest::addColumn<int>("runs");
        const auto row = [](const char *name, const char *file, const char *at, const char *rule,
                            Severity severity, const char *message, int runs) {
            QTest::newRow(name) << QByteArray(file) << QByteArray(at)
                                << QStringLiteral("capture.") + QLatin1String(rule) << int(severity)
                                << QString::fromUtf8(message) << runs;
        };
        // Qt's parser points just past the token it could not take (the HAR import says the same).
        row("not JSON", "{\"agui\": {\"fixtures\": [}}", "}", "bad-record", Severity::Error,
            "not a valid aimock fixture file", 0);
        row("unknown fixture field",
            "{\"agui\": {\"fixtures\": [\n{\"match\": {}, \"events\": [], \"delay\": 5}]}}", "5}",
            "aimock-unknown-field", Severity::Warning,
            "fixture 0: agui.fixtures[0].delay is not a field of an aimock AG-UI fixture", 1);
        row("unknown match condition",
            "{\"agui\": {\"fixtures\": [{\"match\": {\"mesage\": \"hi\"}, \"events\": []}]}}",
            "\"hi\"", "aimock-unknown-field", Severity::Warning,
            "fixture 0: agui.fixtures[0].match.mesage is not a condition aimock reads", 1);
        row("event not an object",
            "{\"agui\": {\"fixtures\": [{\"match\": {}, \"events\": [\n{\"type\": "
            "\"RUN_STARTED\"},\n 42]}]}}",
            "42]", "bad-record", Severity::Error,
            "fixture 0: agui.fixtures[0].events[1] must be an object, not a number", 1);
        row("delayMs a string",
            "{\"agui\": {\"fixtures\": [{\"match\": {}, \"delayMs\": \"10\", \"events\": []}]}}",
            "\"10\"", "bad-record", Severity::Error,
            "fixture 0: agui.fixtures[0].delayMs must be a number, not a string", 1);
        row("delayMs negative",
            "{\"agui\": {\"fixtures\": [{\"match\": {}, \"delayMs\": -5, \"events\": []}]}}", "-5",
            "bad-record", Severity::Error,
            "fixture 0: agui.fixtures[0].delayMs must be a number ≥ 0, not -5", 1);
        row("message a number",
            "{\"agui\": {\"fixtures\": [{\"match\": {\"message\": 7}, \"events\": []}]}}", "7}",
            "bad-record", Severity::Error,
            "fixture 0: agui.fixtures[0].match.message must be a string, not a number", 1);
        row("match missing", "{\"fixtures\": [{\"events\": []}, {\"match\": {}, \"events\": []}]}",
            "{\"events\"", "bad-record", Severity::Error, "fixture 0: fixtures[0] has no \"match\"",
            2);
        row("events not a list",
            "{\"agui\": {\"fixtures\": [{\"match\": {}, \"events\": {\"type\": \"X\"}}]}}",
            "{\"type\"", "bad-record", Severity::Error,
            "fixture 0: agui.fixtures[0].events must be an array, not an object", 1);
        row("fixture not an object",
            "{\"agui\": {\"fixtures\": [{\"match\": {}, \"events\": []}, "
            "\"oops\"]}}",
            "\"oops\"", "bad-record", Severity::Error,
            "fixture 1: agui.fixtures[1] must be an object, not a string", 2);
        row("fixtures not a list", "{\"agui\": {\"fixtures\": {}}}", "{}}", "bad-record",
            Severity::Error, "agui.fixtures must be an array, not an object", 0);
        row("agui not an object", "{\"agui\": []}", "[]", "bad-record", Severity::Error,
            "agui must be an object, not an array", 0);
        row("an LLM fixture file",
            "{\"fixtures\": [{\"match\": {\"userMessage\": \"hi\"}, \"response\": {\"content\": "
            "\"x\"}}]}",
            "\"hi\"", "aimock-unknown-field", Severity::Warning,
            "fixture 0: fixtures[0].match.userMessage is not a condition aimock reads", 1);
        row("a config without agui", "{\"llm\": {\"fixtures\": \"f.json\"}}", "{\"llm\"",
            "bad-record", Severity::Error,
            "an aimock config file without an \"agui\" section: it holds no AG-UI fixtures "
            "(sections: llm)",
            0);
        row("both text and events",
            "{\"agui\": {\"fixtures\": [{\"match\": {\"message\": \"a\"}, \"text\": \"t\", "
            "\"events\": []}]}}",
            "[]", "aimock-ignored", Severity::Warning,
            "fixture 0: agui.fixtures[0] has both \"text\" and \"events\": aimock serves the text",
            1);
        row("neither text nor events",
            "{\"agui\": {\"fixtures\": [{\"match\": {\"message\": \"a\"}, \"text\": \"\"}]}}",
            "{\"match\"", "aimock-ignored", Severity::Warning,
            "fixture 0: agui.fixtures[0] has neither a non-empty \"text\" nor an \"events\" list",
            1);
        row("shadowed",
            "{\"agui\": {\"fixtures\": [{\"match\": {\"message\": \"hel\"}, \"events\": []},\n "
            "{\"match\": {\"message\": \"hello\"}, \"events\": []}]}}",
            "{\"match\": {\"message\": \"hello\"", "aimock-shadowed", Severity::Warning,
            "fixture 1 is never served: fixture 0, earlier in the file, matches every request "
            "fixture 1 matches",
            2);
        row("unknown top-level field", "{\"agui\": {\"fixtures\": []}, \"agiu\": {}}", "{}}",
            "aimock-unknown-field", Severity::Warning, "agiu is not a field of aimock's config", 0);
    }
    void reportsBadInputWhereItIs()
    {
        QFETCH(QByteArray, file);
        QFETCH(QByteArray, at);
        QFETCH(QString, ruleId);
        QFETCH(int, severity);
        QFETCH(QString, message);
        QFETCH(int, runs);
        const Loaded l = load(file);
        QCOMPARE(l.capture.format, CaptureFormat::AimockFixture);
        const auto it
            = std::find_if(l.capture.problems.cbegin(), l.capture.problems.cend(),
                           [&](const CaptureProblem &p) { return p.message.startsWith(message); });
        QVERIFY2(it != l.capture.problems.cend(), qPrintable(problemsText(l.capture)));
        QCOMPARE(it->ruleId, ruleId);
        QCOMPARE(int(it->severity), severity);
        const qint64 offset = file.lastIndexOf(at);
        QVERIFY(offset >= 0);
        QCOMPARE(it->byteOffset, offset);
        QCOMPARE(it->line, 1 + qint64(file.left(offset).count('\n')));
        QCOMPARE(l.capture.runs.size(), runs);
    }

    // Nothing in the file is lost from view: what aimock ignores is kept as a note, and an event
    // that is not an object is still an event of the session (which the linter reports).
    void keepsEverythingInView()
    {
        const QByteArray file
            = "{\"agui\": {\"fixtures\": [{\"match\": {\"message\": \"a\", \"predicate\": true}, "
              "\"events\": [{\"type\": \"RUN_STARTED\", \"threadId\": \"t\", \"runId\": \"r\"}, "
              "[1, 2]], \"comment\": {\"why\": \"kept\"}}]}, \"note\": \"top\"}";
        const Loaded l = load(file);
        QStringList notes;
        for (const CaptureNote &n : l.capture.notes)
            notes.append(n.text);
        const QString all = notes.join(QLatin1Char('\n'));
        QVERIFY2(all.contains(QLatin1String("agui.fixtures[0].match.predicate: true")),
                 qPrintable(all));
        QVERIFY2(all.contains(QLatin1String("agui.fixtures[0].comment: {\"why\": \"kept\"}")),
                 qPrintable(all));
        QVERIFY2(all.contains(QLatin1String("note: \"top\"")), qPrintable(all));
        QCOMPARE(l.eventsByRun[0].size(), 2);
        QCOMPARE(l.eventsByRun[0][1].raw, QByteArray("data: [1,2]\n\n"));
        QVERIFY(!l.eventsByRun[0][1].isValid());
    }
};

QTEST_GUILESS_MAIN(TestAimockFixtures)
#include "test_aimockfixtures.moc"
