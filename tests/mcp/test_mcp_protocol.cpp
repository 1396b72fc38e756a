// The MCP server's protocol side (core/mcp/server.h): initialize and version negotiation,
// notifications, malformed messages, unknown methods, the tool list, resources and the prompt.

#include "mcp_test_util.h"

using namespace agui;
using namespace agui::test;

class TestMcpProtocol : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void negotiatesTheProtocolVersion_data()
    {
        QTest::addColumn<QString>("asked");
        QTest::addColumn<QString>("answered");
        QTest::newRow("2025-06-18") << QStringLiteral("2025-06-18") << QStringLiteral("2025-06-18");
        QTest::newRow("2024-11-05") << QStringLiteral("2024-11-05") << QStringLiteral("2024-11-05");
        QTest::newRow("unknown: our newest")
            << QStringLiteral("1999-01-01") << mcp::Server::protocolVersions().first();
    }

    void negotiatesTheProtocolVersion()
    {
        QFETCH(QString, asked);
        QFETCH(QString, answered);
        mcp::Server server(QStringLiteral("9.9"));
        const QJsonObject r
            = request(server, QStringLiteral("initialize"),
                      {{QLatin1String("protocolVersion"), asked},
                       {QLatin1String("capabilities"), QJsonObject()},
                       {QLatin1String("clientInfo"),
                        QJsonObject {{QLatin1String("name"), QLatin1String("t")},
                                     {QLatin1String("version"), QLatin1String("1")}}}})
                  .value(QLatin1String("result"))
                  .toObject();
        QCOMPARE(r.value(QLatin1String("protocolVersion")).toString(), answered);
        const QJsonObject caps = r.value(QLatin1String("capabilities")).toObject();
        for (const char *c : {"tools", "resources", "prompts"})
            QVERIFY2(caps.value(QLatin1String(c)).isObject(), c);
        QCOMPARE(r.value(QLatin1String("serverInfo")).toObject().value(QLatin1String("version")),
                 QJsonValue(QStringLiteral("9.9")));
    }

    void notificationsAndResponsesGetNoAnswer()
    {
        mcp::Server server(QStringLiteral("1"));
        QVERIFY(
            server.handle(QByteArray(R"({"jsonrpc":"2.0","method":"notifications/initialized"})"))
                .isEmpty());
        QVERIFY(server.handle(QByteArray(R"({"jsonrpc":"2.0","id":7,"result":{}})")).isEmpty());
    }

    void malformedMessagesGetJsonRpcErrors_data()
    {
        QTest::addColumn<QByteArray>("message");
        QTest::addColumn<int>("code");
        QTest::addColumn<QJsonValue>("id");
        QTest::newRow("not JSON") << QByteArray("{\"jsonrpc\":") << -32700 << QJsonValue();
        QTest::newRow("batch") << QByteArray("[]") << -32600 << QJsonValue();
        QTest::newRow("no jsonrpc")
            << QByteArray(R"({"id":1,"method":"ping"})") << -32600 << QJsonValue(1);
        QTest::newRow("object id")
            << QByteArray(R"({"jsonrpc":"2.0","id":{},"method":"ping"})") << -32600 << QJsonValue();
        QTest::newRow("unknown method")
            << QByteArray(R"({"jsonrpc":"2.0","id":"a","method":"tools/destroy"})") << -32601
            << QJsonValue(QStringLiteral("a"));
        QTest::newRow("params not an object")
            << QByteArray(R"({"jsonrpc":"2.0","id":2,"method":"tools/list","params":[1]})")
            << -32602 << QJsonValue(2);
    }

    void malformedMessagesGetJsonRpcErrors()
    {
        QFETCH(QByteArray, message);
        QFETCH(int, code);
        QFETCH(QJsonValue, id);
        mcp::Server server(QStringLiteral("1"));
        const QJsonObject r = QJsonDocument::fromJson(server.handle(message)).object();
        QCOMPARE(r.value(QLatin1String("jsonrpc")).toString(), QStringLiteral("2.0"));
        QCOMPARE(errorCode(r), code);
        QVERIFY(!errorMessage(r).isEmpty());
        QCOMPARE(r.value(QLatin1String("id")), id);
    }

    void pingAnswersEmpty()
    {
        mcp::Server server(QStringLiteral("1"));
        const QJsonObject r = request(server, QStringLiteral("ping"));
        QVERIFY(r.value(QLatin1String("result")).isObject());
        QVERIFY(r.value(QLatin1String("result")).toObject().isEmpty());
    }

    void everyToolHasSchemas()
    {
        mcp::Server server(QStringLiteral("1"));
        const QJsonArray tools = request(server, QStringLiteral("tools/list"))
                                     .value(QLatin1String("result"))
                                     .toObject()
                                     .value(QLatin1String("tools"))
                                     .toArray();
        QStringList names;
        for (const QJsonValue &v : tools) {
            const QJsonObject t = v.toObject();
            names << t.value(QLatin1String("name")).toString();
            QVERIFY(!t.value(QLatin1String("description")).toString().isEmpty());
            for (const char *schema : {"inputSchema", "outputSchema"})
                QCOMPARE(t.value(QLatin1String(schema)).toObject().value(QLatin1String("type")),
                         QJsonValue(QStringLiteral("object")));
        }
        names.sort();
        QCOMPARE(
            names,
            QStringLiteral("diff get_event lint list_captures list_events list_exchanges list_runs "
                           "messages_at "
                           "open_capture state_at state_patch surfaces_at timing tool_calls")
                .split(QLatin1Char(' ')));
    }

    void resourcesListAndRead()
    {
        mcp::Server server(QStringLiteral("1"));
        QString name;
        QString error;
        QVERIFY(server.captures().open(demoCapture(), {}, &name, &error));
        QCOMPARE(name, QStringLiteral("demo"));
        const QJsonArray list = request(server, QStringLiteral("resources/list"))
                                    .value(QLatin1String("result"))
                                    .toObject()
                                    .value(QLatin1String("resources"))
                                    .toArray();
        QStringList uris;
        for (const QJsonValue &v : list)
            uris << v.toObject().value(QLatin1String("uri")).toString();
        QCOMPARE(uris,
                 QStringLiteral("agui://capture/demo/events agui://capture/demo/runs/1 "
                                "agui://capture/demo/runs/2 agui://capture/demo/runs/3")
                     .split(QLatin1Char(' ')));

        const auto read = [&](const QString &uri) {
            return request(server, QStringLiteral("resources/read"), {{QLatin1String("uri"), uri}});
        };
        const QJsonObject content = read(QStringLiteral("agui://capture/demo/events"))
                                        .value(QLatin1String("result"))
                                        .toObject()
                                        .value(QLatin1String("contents"))
                                        .toArray()
                                        .first()
                                        .toObject();
        QCOMPARE(content.value(QLatin1String("mimeType")).toString(),
                 QStringLiteral("application/json"));
        const QJsonObject events
            = QJsonDocument::fromJson(content.value(QLatin1String("text")).toString().toUtf8())
                  .object();
        QCOMPARE(events.value(QLatin1String("events")).toArray().size(), 47);
        const QJsonObject run
            = QJsonDocument::fromJson(read(QStringLiteral("agui://capture/demo/runs/3"))
                                          .value(QLatin1String("result"))
                                          .toObject()
                                          .value(QLatin1String("contents"))
                                          .toArray()
                                          .first()
                                          .toObject()
                                          .value(QLatin1String("text"))
                                          .toString()
                                          .toUtf8())
                  .object();
        QCOMPARE(run.value(QLatin1String("run")).toObject().value(QLatin1String("run")).toInt(), 3);
        QVERIFY(run.value(QLatin1String("findings")).isArray());

        for (const char *missing :
             {"agui://capture/demo/runs/4", "agui://capture/nope/events", "file:///etc/passwd"}) {
            const QJsonObject r = read(QLatin1String(missing));
            QCOMPARE(errorCode(r), -32002);
            QVERIFY2(errorMessage(r).contains(QLatin1String(missing)), qPrintable(errorMessage(r)));
        }
    }

    void diagnoseRunPrompt()
    {
        mcp::Server server(QStringLiteral("1"));
        QString name;
        QString error;
        QVERIFY(server.captures().open(errorsCapture(), {}, &name, &error));
        const QJsonArray prompts = request(server, QStringLiteral("prompts/list"))
                                       .value(QLatin1String("result"))
                                       .toObject()
                                       .value(QLatin1String("prompts"))
                                       .toArray();
        QCOMPARE(prompts.size(), 1);
        QCOMPARE(prompts.first().toObject().value(QLatin1String("name")).toString(),
                 QStringLiteral("diagnose_run"));
        const QJsonObject r = request(server, QStringLiteral("prompts/get"),
                                      {{QLatin1String("name"), QLatin1String("diagnose_run")},
                                       {QLatin1String("arguments"),
                                        QJsonObject {{QLatin1String("run"), QLatin1String("1")}}}});
        const QJsonObject message = r.value(QLatin1String("result"))
                                        .toObject()
                                        .value(QLatin1String("messages"))
                                        .toArray()
                                        .first()
                                        .toObject();
        QCOMPARE(message.value(QLatin1String("role")).toString(), QStringLiteral("user"));
        const QString text = message.value(QLatin1String("content"))
                                 .toObject()
                                 .value(QLatin1String("text"))
                                 .toString();
        // The orphan TEXT_MESSAGE_CONTENT (event 1) is where it goes wrong, by verify.T2.
        QVERIFY2(text.contains(QLatin1String("verify.T2 at event 1")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("where it goes wrong: 1")), qPrintable(text));
        QVERIFY(text.contains(QLatin1String("\"nope\"")));

        const QJsonObject bad
            = request(server, QStringLiteral("prompts/get"),
                      {{QLatin1String("name"), QLatin1String("diagnose_run")},
                       {QLatin1String("arguments"),
                        QJsonObject {{QLatin1String("run"), QLatin1String("7")}}}});
        QCOMPARE(errorCode(bad), -32602);
        QVERIFY2(errorMessage(bad).contains(QLatin1String("\"run\"")),
                 qPrintable(errorMessage(bad)));
    }
};

QTEST_GUILESS_MAIN(TestMcpProtocol)
#include "test_mcp_protocol.moc"
