// agui-inspect mcp end to end over its standard streams: one JSON-RPC response line per request,
// nothing for notifications, nothing but protocol on standard output, exit 0 at the end of
// input; an unreadable capture on the command line is exit 2 naming it. (The full tool set is
// exercised through the real MCP client in tests/interop/test_interop_mcp.)

#include "cli_process.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using agui::test::runCli;

class TestCliMcp : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void answersEachRequestOnItsOwnLine()
    {
        const QByteArray in
            = R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}})"
              "\n"
              R"({"jsonrpc":"2.0","method":"notifications/initialized"})"
              "\n\n"
              R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"list_runs","arguments":{}}})"
              "\n"
              "not json\n";
        const auto r = runCli({QStringLiteral("mcp"), agui::test::demoCapture()}, in);
        QCOMPARE(r.exitCode, 0);
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 3);
        QList<QJsonObject> responses;
        for (const QByteArray &line : lines)
            responses << QJsonDocument::fromJson(line).object();
        QCOMPARE(responses[0]
                     .value(QLatin1String("result"))
                     .toObject()
                     .value(QLatin1String("protocolVersion"))
                     .toString(),
                 QStringLiteral("2025-06-18"));
        const QJsonObject runs = responses[1]
                                     .value(QLatin1String("result"))
                                     .toObject()
                                     .value(QLatin1String("structuredContent"))
                                     .toObject();
        QCOMPARE(runs.value(QLatin1String("capture")).toString(), QStringLiteral("demo"));
        QCOMPARE(runs.value(QLatin1String("runs")).toArray().size(), 3);
        QCOMPARE(responses[2].value(QLatin1String("error")).toObject().value(QLatin1String("code")),
                 QJsonValue(-32700));
        QVERIFY(r.err.contains("opened"));
    }

    void unreadableCaptureIsExitTwo()
    {
        const auto r = runCli({QStringLiteral("mcp"), QStringLiteral("/nonexistent/run.aguicap")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.contains("/nonexistent/run.aguicap: no such file"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliMcp)
#include "test_cli_mcp.moc"
