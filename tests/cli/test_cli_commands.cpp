// Runs the agui-inspect binary on sample files: exit codes, output formats, numbers, time travel,
// conversions, standard input and unreadable input.

#include "cli_process.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

namespace {

using agui::test::readFile;
using agui::test::sample;

QString demo()
{
    return agui::test::demoCapture();
}
using Result = agui::test::CliResult;

Result run(const QStringList &args, const QByteArray &stdinBytes = {})
{
    return agui::test::runCli(args, stdinBytes);
}

QJsonValue parse(const QByteArray &text)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError)
        return QJsonValue(QJsonValue::Undefined);
    return doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object());
}

} // namespace

class TestCliCommands : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void lintExitCodes()
    {
        const Result clean = run({QStringLiteral("lint"), sample("clean.sse")});
        QCOMPARE(clean.exitCode, 0);
        QVERIFY(clean.out.contains("0 errors"));

        const Result bad = run({QStringLiteral("lint"), sample("errors.jsonl")});
        QCOMPARE(bad.exitCode, 1);
        // FILE:event N (byte B): SEVERITY RULE PATH: MESSAGE
        const QByteArray line = bad.out.split('\n').first();
        QVERIFY2(line.contains("errors.jsonl:event 1 (byte 78): error verify.T2 /messageId: "
                               "Cannot send 'TEXT_MESSAGE_CONTENT'"),
                 line.constData());

        // Several files: an error anywhere gives 1.
        QCOMPARE(
            run({QStringLiteral("lint"), sample("clean.sse"), sample("errors.jsonl")}).exitCode, 1);
        QCOMPARE(run({QStringLiteral("lint"), demo()}).exitCode, 0);
    }

    void lintJsonIsOneObjectPerFinding()
    {
        const Result r = run({QStringLiteral("lint"), QStringLiteral("--format"),
                              QStringLiteral("json"), sample("errors.jsonl")});
        QCOMPARE(r.exitCode, 1);
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QVERIFY(!lines.isEmpty());
        bool sawVerify = false;
        for (const QByteArray &l : lines) {
            const QJsonObject o = parse(l).toObject();
            QVERIFY2(!o.isEmpty(), l.constData());
            for (const char *key : {"file", "ruleId", "severity", "eventIndex", "path", "message"})
                QVERIFY2(o.contains(QLatin1String(key)), key);
            if (o[QLatin1String("ruleId")].toString() == QLatin1String("verify.T2")) {
                sawVerify = true;
                QCOMPARE(o[QLatin1String("severity")].toString(), QStringLiteral("error"));
                QCOMPARE(o[QLatin1String("eventIndex")].toInt(), 1);
                QCOMPARE(o[QLatin1String("path")].toString(), QStringLiteral("/messageId"));
                // The byte is where event 1 (line 2) starts in the file.
                QCOMPARE(o[QLatin1String("byteOffset")].toInt(),
                         readFile(sample("errors.jsonl")).indexOf('\n') + 1);
            }
        }
        QVERIFY(sawVerify);
    }

    void unreadableInputExitsTwoWithOneLine()
    {
        const QString missing = QStringLiteral("/nonexistent/dir/nothing.sse");
        Result r = run({QStringLiteral("lint"), missing});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY(r.err.contains(missing.toUtf8()));

        QTemporaryDir dir;
        const QString html = dir.filePath(QStringLiteral("page.sse"));
        QFile f(html);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("<html><body>502 Bad Gateway</body></html>\n");
        f.close();
        for (const char *command : {"lint", "stats", "cat", "state", "messages"}) {
            r = run({QLatin1String(command), html});
            QCOMPARE(r.exitCode, 2);
            QCOMPARE(r.err.count('\n'), 1);
            QVERIFY2(r.err.contains("page.sse: unrecognised content at byte 0"), r.err.constData());
        }
        r = run({QStringLiteral("stats"), QStringLiteral("-")}, QByteArray());
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("<stdin>: the input is empty"), r.err.constData());
    }

    void statsNumbers()
    {
        const Result r = run({QStringLiteral("stats"), QStringLiteral("--format=json"), demo()});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = parse(r.out).toObject();
        QCOMPARE(o[QLatin1String("format")].toString(), QStringLiteral("agui"));
        QCOMPARE(o[QLatin1String("events")].toInt(), 47);
        QCOMPARE(o[QLatin1String("runs")].toInt(), 3);
        QCOMPARE(o[QLatin1String("httpExchanges")].toInt(), 3);
        QCOMPARE(o[QLatin1String("messages")].toInt(), 12);
        QCOMPARE(o[QLatin1String("toolCalls")].toInt(), 2);
        QCOMPARE(o[QLatin1String("heartbeats")].toInt(), 1);
        const QJsonObject byType = o[QLatin1String("eventsByType")].toObject();
        QCOMPARE(byType[QLatin1String("TEXT_MESSAGE_CONTENT")].toInt(), 7);
        QCOMPARE(byType[QLatin1String("RUN_ERROR")].toInt(), 1);
        const QJsonObject byStatus = o[QLatin1String("runsByStatus")].toObject();
        QCOMPARE(byStatus[QLatin1String("finished")].toInt(), 2);
        QCOMPARE(byStatus[QLatin1String("errored")].toInt(), 1);
        QCOMPARE(o[QLatin1String("bytes")].toObject()[QLatin1String("file")].toInteger(),
                 readFile(demo()).size());
        QVERIFY(o[QLatin1String("durationMs")].toDouble() > 90000);
        QCOMPARE(o[QLatin1String("durationFrom")].toString(), QStringLiteral("arrival"));

        const Result text = run({QStringLiteral("stats"), sample("clean.sse")});
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.contains("events:      12"));
        QVERIFY(text.out.contains("keep-alives: 1"));
        // A raw body has no arrival times: the events' own timestamps give the span.
        QVERIFY2(text.out.contains("duration:    1.030 s (from the events' timestamps"),
                 text.out.constData());
    }

    void devToolsExportsAreInputsToo()
    {
        const QString dir = QStringLiteral(AGUI_TEST_DATA_DIR "/capture/devtools/");
        Result r = run({QStringLiteral("stats"), QStringLiteral("--format=json"),
                        dir + QStringLiteral("runs-edge.agui.jsonl")});
        QCOMPARE(r.exitCode, 0);
        QJsonObject o = parse(r.out).toObject();
        QCOMPARE(o[QLatin1String("format")].toString(), QStringLiteral("devtools"));
        QCOMPARE(o[QLatin1String("httpExchanges")].toInt(), 4); // connIds c1..c4
        QCOMPARE(o[QLatin1String("events")].toInt(), 14);
        QCOMPARE(o[QLatin1String("durationFrom")].toString(), QStringLiteral("arrival"));
        r = run({QStringLiteral("stats"), QStringLiteral("--format=json"),
                 dir + QStringLiteral("happy-run.agui.jsonl")});
        o = parse(r.out).toObject();
        QCOMPARE(o[QLatin1String("heartbeats")].toInt(), 1); // the keepalive line
        QCOMPARE(o[QLatin1String("durationMs")].toDouble(), 368.0); // tMs 12 .. 380
        // The malformed export: the linter's errors, exit 1.
        r = run({QStringLiteral("lint"), dir + QStringLiteral("malformed.agui.jsonl")});
        QCOMPARE(r.exitCode, 1);
    }

    void stateAt()
    {
        const auto state = [](const char *at) {
            const Result r = run({QStringLiteral("state"), sample("clean.sse"),
                                  QStringLiteral("--at"), QLatin1String(at)});
            return std::make_pair(r.exitCode, r.out);
        };
        // Before any snapshot the state is {}, like agent.state.
        QCOMPARE(state("8").first, 0);
        QCOMPARE(parse(state("8").second), QJsonValue(QJsonObject()));
        auto [code9, out9] = state("9");
        QCOMPARE(code9, 0);
        QCOMPARE(parse(out9).toObject(),
                 (QJsonObject {{QStringLiteral("city"), QStringLiteral("Paris")},
                               {QStringLiteral("tempC"), QJsonValue()}}));
        auto [code10, out10] = state("10");
        QCOMPARE(code10, 0);
        QCOMPARE(parse(out10).toObject()[QLatin1String("tempC")].toInt(), 21);
        // Default: after the last event.
        const Result last = run({QStringLiteral("state"), sample("clean.sse")});
        QCOMPARE(parse(last.out), parse(out10));
        QCOMPARE(state("12").first, 2); // only 12 events: 0..11
        QCOMPARE(state("x").first, 2);

        // A multi-run capture: state of run 1 before run 2 started.
        const Result demo30 = run({QStringLiteral("state"), demo(), QStringLiteral("--at=30")});
        QCOMPARE(parse(demo30.out).toObject()[QLatin1String("city")].toString(),
                 QStringLiteral("Paris"));
        const Result demoEnd = run({QStringLiteral("state"), demo()});
        QCOMPARE(parse(demoEnd.out).toObject()[QLatin1String("history")].toArray().size(), 2);
    }

    void messagesAt()
    {
        Result r = run({QStringLiteral("messages"), sample("clean.sse"), QStringLiteral("--at"),
                        QStringLiteral("3")});
        QCOMPARE(r.exitCode, 0);
        QJsonArray messages = parse(r.out).toArray();
        QCOMPARE(messages.size(), 1);
        QCOMPARE(messages[0].toObject()[QLatin1String("content")].toString(),
                 QStringLiteral("Checking the weather in Paris."));

        r = run({QStringLiteral("messages"), sample("clean.sse")});
        messages = parse(r.out).toArray();
        QCOMPARE(messages.size(), 2);
        const QJsonObject call
            = messages[0].toObject()[QLatin1String("toolCalls")].toArray()[0].toObject();
        QCOMPARE(call[QLatin1String("id")].toString(), QStringLiteral("tc1"));
        QCOMPARE(call[QLatin1String("type")].toString(), QStringLiteral("function"));
        QCOMPARE(call[QLatin1String("function")].toObject()[QLatin1String("arguments")].toString(),
                 QStringLiteral("{\"city\":\"Paris\"}"));
        const QJsonObject tool = messages[1].toObject();
        QCOMPARE(tool[QLatin1String("role")].toString(), QStringLiteral("tool"));
        QCOMPARE(tool[QLatin1String("toolCallId")].toString(), QStringLiteral("tc1"));

        // -1: before any event; event 0 (RUN_STARTED) already has the run input's messages.
        r = run({QStringLiteral("messages"), demo(), QStringLiteral("--at"), QStringLiteral("-1")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(parse(r.out).toArray().size(), 0);
        r = run({QStringLiteral("messages"), demo(), QStringLiteral("--at"), QStringLiteral("0")});
        messages = parse(r.out).toArray();
        QCOMPARE(messages.size(), 1);
        QCOMPARE(messages[0].toObject()[QLatin1String("id")].toString(),
                 QStringLiteral("msg-user-1"));
        r = run({QStringLiteral("messages"), demo()});
        QCOMPARE(parse(r.out).toArray().size(), 12);
    }

    void convertRoundTrips()
    {
        QTemporaryDir dir;
        const auto path = [&](const char *name) { return dir.filePath(QLatin1String(name)); };
        const auto convert = [](const QString &in, const QString &out) {
            return run({QStringLiteral("convert"), in, out}).exitCode;
        };
        // SSE -> capture -> SSE is byte for byte (keep-alive included).
        QCOMPARE(convert(sample("clean.sse"), path("a.aguicap")), 0);
        QCOMPARE(convert(path("a.aguicap"), path("b.sse")), 0);
        QCOMPARE(readFile(path("b.sse")), readFile(sample("clean.sse")));
        // ... and gives the same events as SSE -> JSONL directly.
        QCOMPARE(convert(sample("clean.sse"), path("c.jsonl")), 0);
        QCOMPARE(convert(path("a.aguicap"), path("d.jsonl")), 0);
        QCOMPARE(readFile(path("d.jsonl")), readFile(path("c.jsonl")));
        QCOMPARE(readFile(path("c.jsonl")).count('\n'), 12);
        // JSONL -> capture -> JSONL is byte for byte.
        QCOMPARE(convert(sample("errors.jsonl"), path("e.aguicap")), 0);
        QCOMPARE(convert(path("e.aguicap"), path("f.jsonl")), 0);
        QCOMPARE(readFile(path("f.jsonl")), readFile(sample("errors.jsonl")));
        // The multi-run capture survives capture -> capture with its runs and requests.
        QCOMPARE(convert(demo(), path("g.aguicap")), 0);
        const Result a = run({QStringLiteral("stats"), QStringLiteral("--format=json"), demo()});
        const Result b
            = run({QStringLiteral("stats"), QStringLiteral("--format=json"), path("g.aguicap")});
        QJsonObject sa = parse(a.out).toObject();
        QJsonObject sb = parse(b.out).toObject();
        for (QJsonObject *o : {&sa, &sb}) {
            o->remove(QLatin1String("file"));
            o->remove(QLatin1String("bytes")); // the file differs by its header and run records
        }
        QCOMPARE(sb, sa);
        // Output format from --to, '-' = standard output.
        const Result toStdout = run({QStringLiteral("convert"), QStringLiteral("--to"),
                                     QStringLiteral("jsonl"), demo(), QStringLiteral("-")});
        QCOMPARE(toStdout.exitCode, 0);
        QCOMPARE(toStdout.out.count('\n'), 47);
        QCOMPARE(convert(sample("clean.sse"), path("out.unknown")), 2);
    }

    void standardInput()
    {
        const QByteArray sse = readFile(sample("clean.sse"));
        Result r = run({QStringLiteral("stats"), QStringLiteral("--format"), QStringLiteral("json"),
                        QStringLiteral("-")},
                       sse);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(parse(r.out).toObject()[QLatin1String("events")].toInt(), 12);
        r = run({QStringLiteral("lint"), QStringLiteral("-")}, readFile(sample("errors.jsonl")));
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.out.startsWith("<stdin>:event 1 (byte 78): error verify.T2"));
    }

    // A file from half a megabyte up is read with the heap on huge pages
    // (core/platform/heap.h); standard input never is. The same bytes give the same findings.
    void aBigFileReadsLikeTheSameBytesOnStandardInput()
    {
        QByteArray sse;
        int events = 0;
        auto event = [&](const QByteArray &json) {
            sse += "data: " + json + "\n\n";
            ++events;
        };
        for (int run = 0; sse.size() < 700 * 1024; ++run) {
            const QByteArray n = QByteArray::number(run);
            event(R"({"type":"RUN_STARTED","threadId":"t","runId":"r)" + n + R"("})");
            event(R"({"type":"TEXT_MESSAGE_START","messageId":"m)" + n
                  + R"(","role":"assistant"})");
            for (int d = 0; d < 50; ++d)
                event(R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m)" + n + R"(","delta":"w )"
                      + QByteArray::number(d) + R"( "})");
            event(R"({"type":"TEXT_MESSAGE_END","messageId":"m)" + n + R"("})");
            event(R"({"type":"RUN_FINISHED","threadId":"t","runId":"r)" + n + R"("})");
        }
        event(R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"nobody","delta":"x"})");
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("big.sse"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(sse) == sse.size());
        file.close();

        auto findings = [](const QByteArray &out) {
            QList<QJsonObject> list;
            for (const QByteArray &line : out.trimmed().split('\n')) {
                QJsonObject o = parse(line).toObject();
                o.remove(QLatin1String("file"));
                list.append(o);
            }
            return list;
        };
        const QStringList lint {QStringLiteral("lint"), QStringLiteral("--format"),
                                QStringLiteral("json")};
        const Result fromFile = run(lint + QStringList {path});
        const Result fromStdin = run(lint + QStringList {QStringLiteral("-")}, sse);
        QCOMPARE(fromFile.exitCode, 1);
        QCOMPARE(fromStdin.exitCode, 1);
        const QList<QJsonObject> found = findings(fromFile.out);
        QCOMPARE(found, findings(fromStdin.out));
        QVERIFY(std::any_of(found.begin(), found.end(), [&](const QJsonObject &o) {
            return o[QLatin1String("ruleId")].toString() == QLatin1String("verify.T2")
                && o[QLatin1String("eventIndex")].toInt() == events - 1;
        }));

        const QStringList stats {QStringLiteral("stats"), QStringLiteral("--format"),
                                 QStringLiteral("json")};
        QJsonObject fileStats = parse(run(stats + QStringList {path}).out).toObject();
        QJsonObject stdinStats
            = parse(run(stats + QStringList {QStringLiteral("-")}, sse).out).toObject();
        QCOMPARE(fileStats[QLatin1String("events")].toInt(), events);
        fileStats.remove(QLatin1String("file"));
        stdinStats.remove(QLatin1String("file"));
        QCOMPARE(fileStats, stdinStats);
    }

    void protobufInputIsDetectedFromContent()
    {
        // The reference's minimal run over the protobuf binding, on standard input (no name).
        const QByteArray body = QByteArray::fromHex("0000000e620c0a02080b120274311a027231"
                                                    "000000130a110a0012026d311a09617373697374616e74"
                                                    "0000000e120c0a02080112026d311a024869"
                                                    "0000000a1a080a02080212026d31"
                                                    "0000000e6a0c0a02080c120274311a027231");
        Result r = run({QStringLiteral("cat"), QStringLiteral("-")}, body);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 5);
        QCOMPARE(parse(lines[2]).toObject()[QLatin1String("delta")].toString(),
                 QStringLiteral("Hi"));
        r = run({QStringLiteral("messages"), QStringLiteral("-")}, body);
        QCOMPARE(r.exitCode, 0);
        const QJsonObject m = parse(r.out).toArray()[0].toObject();
        QCOMPARE(m[QLatin1String("id")].toString(), QStringLiteral("m1"));
        QCOMPARE(m[QLatin1String("content")].toString(), QStringLiteral("Hi"));
    }

    void catEventsAndRawBytes()
    {
        Result r = run({QStringLiteral("cat"), sample("clean.sse")});
        QCOMPARE(r.exitCode, 0);
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 12);
        QCOMPARE(parse(lines[0]).toObject()[QLatin1String("type")].toString(),
                 QStringLiteral("RUN_STARTED"));
        r = run({QStringLiteral("cat"), QStringLiteral("--raw"), sample("clean.sse")});
        QCOMPARE(r.exitCode, 0);
        QByteArray withoutKeepAlive = readFile(sample("clean.sse"));
        withoutKeepAlive.replace(": keep-alive\n\n", "");
        QCOMPARE(r.out, withoutKeepAlive);
    }

    void catAsTheClientDelivers()
    {
        Result r = run(
            {QStringLiteral("cat"), QStringLiteral("--as-client"), sample("client-view.jsonl")});
        QCOMPARE(r.exitCode, 0);
        QStringList types;
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        for (const QByteArray &l : lines)
            types.append(parse(l).toObject()[QLatin1String("type")].toString());
        QCOMPARE(types,
                 (QStringList {
                     QStringLiteral("RUN_STARTED"), QStringLiteral("TEXT_MESSAGE_START"),
                     QStringLiteral("TEXT_MESSAGE_CONTENT"), QStringLiteral("TEXT_MESSAGE_CONTENT"),
                     QStringLiteral("TEXT_MESSAGE_END"), QStringLiteral("RUN_FINISHED")}));
        // The unknown member is stripped, the continuation names the open message.
        QCOMPARE(parse(lines[3]).toObject(),
                 (QJsonObject {{QStringLiteral("type"), QStringLiteral("TEXT_MESSAGE_CONTENT")},
                               {QStringLiteral("messageId"), QStringLiteral("m1")},
                               {QStringLiteral("delta"), QStringLiteral("lo")}}));
        QVERIFY2(r.err.contains("client-view.jsonl:event 5: @ag-ui/client rejects the stream"),
                 r.err.constData());
        QVERIFY(r.err.contains("verify.L2"));

        r = run({QStringLiteral("cat"), QStringLiteral("--as-client"), QStringLiteral("--origins"),
                 sample("client-view.jsonl")});
        QList<int> origins;
        QStringList how;
        for (const QByteArray &l : r.out.trimmed().split('\n')) {
            origins.append(parse(l).toObject()[QLatin1String("origin")].toInt());
            how.append(parse(l).toObject()[QLatin1String("how")].toString());
        }
        QCOMPARE(origins, (QList<int> {0, 1, 1, 3, 4, 4}));
        QCOMPARE(how,
                 (QStringList {QStringLiteral("as received"), QStringLiteral("expanded"),
                               QStringLiteral("expanded"), QStringLiteral("expanded"),
                               QStringLiteral("closing"), QStringLiteral("as received")}));
        QCOMPARE(run({QStringLiteral("cat"), QStringLiteral("--raw"), QStringLiteral("--as-client"),
                      sample("client-view.jsonl")})
                     .exitCode,
                 2);
    }

    void lintReportsA2uiSurfaces()
    {
        const Result r = run({QStringLiteral("lint"), QStringLiteral("--format"),
                              QStringLiteral("json"), sample("a2ui-broken.jsonl")});
        QCOMPARE(r.exitCode, 1);
        QHash<QString, int> byRule; // rule -> event index
        for (const QByteArray &l : r.out.trimmed().split('\n')) {
            const QJsonObject o = parse(l).toObject();
            if (o[QLatin1String("layer")].toString() == QLatin1String("a2ui"))
                byRule.insert(o[QLatin1String("ruleId")].toString(),
                              o[QLatin1String("eventIndex")].toInt());
        }
        QCOMPARE(byRule.value(QStringLiteral("a2ui.cycle"), -1), 1);
        QCOMPARE(byRule.value(QStringLiteral("a2ui.dangling-child"), -1), 1);
        QCOMPARE(byRule.value(QStringLiteral("a2ui.bad-message"), -1), 2);
        const Result text = run({QStringLiteral("lint"), sample("a2ui-broken.jsonl")});
        QVERIFY(text.out.contains("a2ui-broken.jsonl:event 1 (byte"));
        QVERIFY(text.out.contains("a2ui.cycle"));
    }

    void truncatedCaptureIsReadAndReported()
    {
        QTemporaryDir dir;
        QByteArray bytes = readFile(demo());
        bytes.chop(40); // a crash in the middle of the last record
        const QString path = dir.filePath(QStringLiteral("cut.aguicap"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
        f.close();
        Result r = run({QStringLiteral("stats"), QStringLiteral("--format=json"), path});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(parse(r.out).toObject()[QLatin1String("events")].toInt(), 47);
        QVERIFY2(r.err.contains("warning: ") && r.err.contains("cut.aguicap:29 (byte "),
                 r.err.constData());
        r = run({QStringLiteral("lint"), path});
        QVERIFY(r.out.contains("warning capture.truncated"));
    }

    // Only agui-inspect-net links Qt Network; agui-inspect's own commands start without it.
    void theCliMapsNoNetworkLibrary()
    {
#if defined(Q_OS_LINUX)
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LD_TRACE_LOADED_OBJECTS"), QStringLiteral("1")); // as ldd
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(AGUI_INSPECT_BINARY), {});
        QVERIFY(p.waitForFinished(60000));
        const QByteArray libraries = p.readAllStandardOutput();
        QVERIFY2(libraries.contains("libQt6Core"), libraries.constData()); // the trace works
        QVERIFY2(!libraries.contains("libQt6Network"), libraries.constData());
#else
        QSKIP("the loader's trace is glibc's");
#endif
    }

    // A network command runs in agui-inspect-net with the same arguments and streams.
    void networkCommandsAreHandedOn()
    {
        const Result help = run({QStringLiteral("--help")});
        for (const char *name : {"mcp", "proxy", "rerun", "run", "serve"})
            QVERIFY2(help.out.contains(QByteArray(QByteArray("\n  ") + name + ' ')), name);
        const Result r = run({QStringLiteral("serve"), QStringLiteral("--no-such-option")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("agui-inspect serve: unknown option --no-such-option"),
                 r.err.constData());
    }

    void aNetworkCommandWithoutItsHelperSaysWhatIsMissing()
    {
#if defined(Q_OS_WIN)
        QSKIP("one binary on Windows");
#else
        QTemporaryDir dir;
        const QString alone = dir.filePath(QStringLiteral("agui-inspect"));
        QVERIFY(QFile::copy(QStringLiteral(AGUI_INSPECT_BINARY), alone));
        QProcess p;
        p.start(alone, {QStringLiteral("serve"), QStringLiteral("--demo")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 2);
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(err.contains("serve is a network command, run by agui-inspect-net, which is not "
                              "installed"),
                 err.constData());
        // Its own commands still work.
        p.start(alone, {QStringLiteral("stats"), demo()});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
#endif
    }
};

QTEST_GUILESS_MAIN(TestCliCommands)
#include "test_cli_commands.moc"
