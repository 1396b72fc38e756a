// The MCP server's tools on real captures: each answer equals what the core gives the CLI for the
// same question, paging returns every item exactly once, and bad arguments are invalid-params
// errors naming the argument (tool execution failures: isError results).

#include "mcp_test_util.h"

#include "core/analysis/lintfindings.h"
#include "core/json/jsonpatch.h"
#include "core/session/eventfilter.h"

using namespace agui;
using namespace agui::test;

class TestMcpTools : public QObject
{
    Q_OBJECT

    mcp::Server m_server {QStringLiteral("1")};
    const mcp::OpenCapture *m_demo = nullptr;

private Q_SLOTS:
    void initTestCase()
    {
        QString name;
        QString error;
        QVERIFY2(m_server.captures().open(demoCapture(), {}, &name, &error), qPrintable(error));
        m_demo = m_server.captures().find(name);
        QVERIFY(m_demo);
        QVERIFY(m_demo->events().size() > 40);
    }

    void listEventsPagesEveryEventOnce_data()
    {
        QTest::addColumn<QString>("filter");
        QTest::addColumn<int>("limit");
        QTest::newRow("all, 7 per page") << QString() << 7;
        QTest::newRow("all, one page") << QString() << 500;
        QTest::newRow("filtered, 2 per page") << QStringLiteral("family:tool,lifecycle") << 2;
        QTest::newRow("text search") << QStringLiteral("Paris") << 1;
    }

    void listEventsPagesEveryEventOnce()
    {
        QFETCH(QString, filter);
        QFETCH(int, limit);
        QJsonObject args {{QLatin1String("limit"), limit}};
        if (!filter.isEmpty())
            args.insert(QLatin1String("filter"), filter);
        int pages = 0;
        const QJsonArray rows
            = allPages(m_server, QStringLiteral("list_events"), args, "events", &pages);
        const EventFilter f = EventFilter::parse(filter);
        QList<qint64> expected;
        for (qint64 seq = 0; seq < m_demo->events().size(); ++seq) {
            if (f.matches(m_demo->events(), seq))
                expected << seq;
        }
        QList<qint64> got;
        for (const QJsonValue &r : rows)
            got << qint64(r.toObject().value(QLatin1String("index")).toDouble());
        QCOMPARE(got, expected);
        QVERIFY(!expected.isEmpty());
        QVERIFY(pages >= (expected.size() + limit - 1) / limit);
    }

    void lintIsWhatTheCliPrints()
    {
        const QJsonArray paged
            = allPages(m_server, QStringLiteral("lint"), {{QLatin1String("limit"), 1}}, "findings");
        QJsonArray expected;
        for (const analysis::FileFinding &f :
             analysis::placedFindings(m_demo->capture(), m_demo->session(), m_demo->data().origins))
            expected.append(analysis::findingToJson(m_demo->path, f));
        QCOMPARE(paged, expected);
    }

    void lintFilters()
    {
        mcp::Server server(QStringLiteral("1"));
        QString name;
        QString error;
        QVERIFY(server.captures().open(errorsCapture(), {}, &name, &error));
        const auto findings = [&](const QJsonObject &args) {
            return structured(call(server, QStringLiteral("lint"), args))
                .value(QLatin1String("findings"))
                .toArray();
        };
        const QJsonArray all = findings({});
        QCOMPARE(all.size(), 2);
        const QJsonArray errors = findings({{QLatin1String("severity"), QLatin1String("error")}});
        QCOMPARE(errors.size(), 1);
        QCOMPARE(errors.first().toObject().value(QLatin1String("ruleId")).toString(),
                 QStringLiteral("verify.T2"));
        // Placed in the file as lint places it: event 1 starts on line 2, byte 78.
        QCOMPARE(errors.first().toObject().value(QLatin1String("byteOffset")).toInt(), 78);
        QCOMPARE(findings({{QLatin1String("rule"), QLatin1String("session.*")}}).size(), 1);
        QCOMPARE(findings({{QLatin1String("rule"), QLatin1String("T2")}}).size(), 0);
        QCOMPARE(findings({{QLatin1String("run"), 1}}).size(), 2);
        QCOMPARE(findings({{QLatin1String("filter"), QLatin1String("type:RUN_*")}}).size(), 0);
    }

    void stateAtAndPatch()
    {
        const qint64 last = m_demo->events().size() - 1;
        for (const qint64 at : {qint64(-1), qint64(5), qint64(20), last}) {
            const QJsonObject r = structured(
                call(m_server, QStringLiteral("state_at"), {{QLatin1String("index"), at}}));
            QCOMPARE(r.value(QLatin1String("index")).toInteger(), at);
            const SessionSnapshot snapshot
                = at == last ? m_demo->session().current() : m_demo->session().snapshotAt(at);
            QCOMPARE(r.value(QLatin1String("state")), snapshot.state());
        }
        const QJsonObject patch
            = structured(call(m_server, QStringLiteral("state_patch"),
                              {{QLatin1String("from"), 3}, {QLatin1String("to"), last}}));
        const json::PatchResult applied = json::applyPatch(m_demo->session().snapshotAt(3).state(),
                                                           patch.value(QLatin1String("patch")));
        QVERIFY(applied.ok);
        QCOMPARE(applied.document, m_demo->session().current().state());
    }

    void messagesAtPagesTheClientsMessages()
    {
        const QJsonArray paged = allPages(m_server, QStringLiteral("messages_at"),
                                          {{QLatin1String("limit"), 2}}, "messages");
        QCOMPARE(paged, messagesAsAgUi(m_demo->session().current()));
        QVERIFY(paged.size() > 2);
    }

    void toolCallsWithLatency()
    {
        const QJsonArray calls = allPages(m_server, QStringLiteral("tool_calls"), {}, "toolCalls");
        QCOMPARE(calls.size(), m_demo->session().current().toolCallCount());
        const QJsonObject first = calls.first().toObject();
        QCOMPARE(first.value(QLatin1String("name")).toString(), QStringLiteral("get_forecast"));
        QVERIFY(first.value(QLatin1String("parsedArgs")).isObject());
        QVERIFY(first.value(QLatin1String("startEvent")).isDouble());
        QVERIFY(first.value(QLatin1String("latency"))
                    .toObject()
                    .value(QLatin1String("totalMs"))
                    .isDouble());
    }

    void runsSurfacesTimingAndDiff()
    {
        const QJsonArray runs = allPages(m_server, QStringLiteral("list_runs"), {}, "runs");
        QCOMPARE(runs.size(), 3);
        QStringList statuses;
        for (const QJsonValue &r : runs)
            statuses << r.toObject().value(QLatin1String("status")).toString();
        QVERIFY(statuses.contains(QStringLiteral("errored")));

        const QJsonObject surfaces = structured(call(m_server, QStringLiteral("surfaces_at")));
        QVERIFY(surfaces.value(QLatin1String("surfaces")).isArray());

        const QJsonObject timing = structured(call(m_server, QStringLiteral("timing")));
        QCOMPARE(timing.value(QLatin1String("timing")).toObject(),
                 analysis::timingToJson(m_demo->data().timing()));

        const QJsonObject same = structured(call(m_server, QStringLiteral("diff"), {}));
        QCOMPARE(same.value(QLatin1String("same")).toBool(), true);
        const QJsonObject runsDiffer
            = structured(call(m_server, QStringLiteral("diff"),
                              {{QLatin1String("runA"), 1}, {QLatin1String("runB"), 2}}));
        QCOMPARE(runsDiffer.value(QLatin1String("same")).toBool(), false);
        QVERIFY(runsDiffer.value(QLatin1String("total")).toInt() > 0);
    }

    void getEventShowsBytesAndFindings()
    {
        mcp::Server server(QStringLiteral("1"));
        QString name;
        QString error;
        QVERIFY(server.captures().open(errorsCapture(), {}, &name, &error));
        const QJsonObject e
            = structured(call(server, QStringLiteral("get_event"), {{QLatin1String("index"), 1}}));
        QCOMPARE(
            e.value(QLatin1String("json")).toObject().value(QLatin1String("messageId")).toString(),
            QStringLiteral("nope"));
        const QJsonObject raw = e.value(QLatin1String("raw")).toObject();
        QCOMPARE(raw.value(QLatin1String("encoding")).toString(), QStringLiteral("text"));
        QVERIFY(raw.value(QLatin1String("data"))
                    .toString()
                    .startsWith(QLatin1String("{\"type\":\"TEXT_MESSAGE_CONTENT\"")));
        QCOMPARE(e.value(QLatin1String("findings")).toArray().size(), 2);
        const QJsonObject b64 = structured(
            call(server, QStringLiteral("get_event"),
                 {{QLatin1String("index"), 1}, {QLatin1String("raw"), QLatin1String("base64")}}));
        QCOMPARE(QByteArray::fromBase64(b64.value(QLatin1String("raw"))
                                            .toObject()
                                            .value(QLatin1String("data"))
                                            .toString()
                                            .toLatin1()),
                 raw.value(QLatin1String("data")).toString().toUtf8());
    }

    void badArgumentsAreInvalidParams_data()
    {
        QTest::addColumn<QString>("tool");
        QTest::addColumn<QJsonObject>("arguments");
        QTest::addColumn<QString>("named");
        QTest::newRow("unknown tool")
            << QStringLiteral("rm_rf") << QJsonObject() << QStringLiteral("rm_rf");
        QTest::newRow("unknown argument")
            << QStringLiteral("list_events")
            << QJsonObject {{QLatin1String("fliter"), QLatin1String("x")}}
            << QStringLiteral("\"fliter\"");
        QTest::newRow("index out of range")
            << QStringLiteral("get_event") << QJsonObject {{QLatin1String("index"), 100000}}
            << QStringLiteral("\"index\"");
        QTest::newRow("index missing") << QStringLiteral("get_event") << QJsonObject()
                                       << QStringLiteral("\"index\" is required");
        QTest::newRow("wrong type") << QStringLiteral("state_at")
                                    << QJsonObject {{QLatin1String("index"), QLatin1String("3")}}
                                    << QStringLiteral("\"index\"");
        QTest::newRow("limit too big")
            << QStringLiteral("list_events") << QJsonObject {{QLatin1String("limit"), 100000}}
            << QStringLiteral("\"limit\" must be an integer from 1 to 500");
        QTest::newRow("bad filter")
            << QStringLiteral("list_events")
            << QJsonObject {{QLatin1String("filter"), QLatin1String("run:1 colour:red")}}
            << QStringLiteral("at character 7");
        QTest::newRow("bad cursor") << QStringLiteral("lint")
                                    << QJsonObject {{QLatin1String("cursor"), QLatin1String("@@")}}
                                    << QStringLiteral("\"cursor\"");
        QTest::newRow("unknown capture")
            << QStringLiteral("list_runs")
            << QJsonObject {{QLatin1String("capture"), QLatin1String("other")}}
            << QStringLiteral("\"capture\" names no open capture");
        QTest::newRow("bad run") << QStringLiteral("lint")
                                 << QJsonObject {{QLatin1String("run"), 9}}
                                 << QStringLiteral("\"run\"");
        QTest::newRow("bad severity")
            << QStringLiteral("lint")
            << QJsonObject {{QLatin1String("severity"), QLatin1String("fatal")}}
            << QStringLiteral("\"severity\" must be one of");
    }

    void badArgumentsAreInvalidParams()
    {
        QFETCH(QString, tool);
        QFETCH(QJsonObject, arguments);
        QFETCH(QString, named);
        const QJsonObject r = call(m_server, tool, arguments);
        QCOMPARE(errorCode(r), -32602);
        QVERIFY2(errorMessage(r).contains(named), qPrintable(errorMessage(r)));
    }

    void cursorOfAnotherQueryIsRefused()
    {
        const QJsonObject first = structured(
            call(m_server, QStringLiteral("list_events"), {{QLatin1String("limit"), 1}}));
        const QJsonObject r
            = call(m_server, QStringLiteral("list_events"),
                   {{QLatin1String("filter"), QLatin1String("family:tool")},
                    {QLatin1String("cursor"), first.value(QLatin1String("nextCursor"))}});
        QCOMPARE(errorCode(r), -32602);
        QVERIFY2(errorMessage(r).contains(QLatin1String("different query")),
                 qPrintable(errorMessage(r)));
    }

    void openCaptureFailureIsAToolError()
    {
        mcp::Server server(QStringLiteral("1"));
        const QJsonObject r
            = call(server, QStringLiteral("open_capture"),
                   {{QLatin1String("path"), QLatin1String("/nonexistent/x.aguicap")}});
        const QJsonObject result = r.value(QLatin1String("result")).toObject();
        QCOMPARE(result.value(QLatin1String("isError")).toBool(), true);
        QVERIFY(result.value(QLatin1String("content"))
                    .toArray()
                    .first()
                    .toObject()
                    .value(QLatin1String("text"))
                    .toString()
                    .contains(QLatin1String("no such file")));
        // With no capture open, a tool that needs one says so.
        QVERIFY(errorMessage(call(server, QStringLiteral("list_runs")))
                    .contains(QLatin1String("no capture is open")));
        // The same file twice: one capture.
        const QJsonObject a = structured(
            call(server, QStringLiteral("open_capture"), {{QLatin1String("path"), demoCapture()}}));
        const QJsonObject b = structured(
            call(server, QStringLiteral("open_capture"), {{QLatin1String("path"), demoCapture()}}));
        QCOMPARE(a.value(QLatin1String("name")), b.value(QLatin1String("name")));
        QCOMPARE(server.captures().all().size(), size_t(1));
    }

    void credentialsNeverInAnyResult()
    {
        // A HAR whose request carries an Authorization header, an X-Api-Key, an api_key query
        // item and whose response sets a cookie, all "SECRET-...".
        mcp::Server server(QStringLiteral("1"));
        QString name;
        QString error;
        QVERIFY(server.captures().open(QStringLiteral(AGUI_TEST_DATA_DIR "/mcp/credentials.har"),
                                       {}, &name, &error));
        QByteArray everything;
        for (const mcp::Tool &tool : server.tools()) {
            QJsonObject args;
            if (tool.name == QLatin1String("get_event"))
                args.insert(QLatin1String("index"), 0);
            if (tool.name == QLatin1String("state_patch"))
                args.insert(QLatin1String("from"), -1);
            if (tool.name == QLatin1String("open_capture"))
                continue;
            const QJsonObject r = call(server, tool.name, args);
            QVERIFY2(!structured(r).isEmpty(), qPrintable(tool.name));
            everything += QJsonDocument(r).toJson();
        }
        for (const char *uri :
             {"agui://capture/credentials/events", "agui://capture/credentials/runs/1"})
            everything += QJsonDocument(request(server, QStringLiteral("resources/read"),
                                                {{QLatin1String("uri"), QLatin1String(uri)}}))
                              .toJson();
        everything
            += QJsonDocument(request(server, QStringLiteral("prompts/get"),
                                     {{QLatin1String("name"), QLatin1String("diagnose_run")}}))
                   .toJson();
        QVERIFY(everything.contains("<redacted>"));
        QVERIFY2(!everything.contains("SECRET"), everything.constData());
    }

    void textContentCopiesTheStructuredResult()
    {
        const QJsonObject result
            = call(m_server, QStringLiteral("list_runs")).value(QLatin1String("result")).toObject();
        const QString text = result.value(QLatin1String("content"))
                                 .toArray()
                                 .first()
                                 .toObject()
                                 .value(QLatin1String("text"))
                                 .toString();
        QCOMPARE(QJsonDocument::fromJson(text.toUtf8()).object(),
                 result.value(QLatin1String("structuredContent")).toObject());
    }
};

QTEST_GUILESS_MAIN(TestMcpTools)
#include "test_mcp_tools.moc"
