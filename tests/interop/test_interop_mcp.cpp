// `agui-inspect mcp` driven by the real MCP client, @modelcontextprotocol/sdk (pinned in
// package.json), through its StdioClientTransport and, against `agui-inspect mcp --http`, its
// StreamableHTTPClientTransport with a bearer token (peer/mcp-client.mjs): every tool called on
// test captures and compared with the CLI's answer to the same question (lint --format json,
// state --at, messages --at, cat, stats, diff), each structuredContent validated by the SDK
// against the tool's outputSchema, paging that returns every item once, and bad arguments that
// come back as MCP errors with a clear message.
// Needs node and the pinned packages (README test command); fails, never skips, without them.

#include "interopsupport.h"

#include <QJsonArray>
#include <QTest>

using namespace interop;

class TestInteropMcp : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sdkClientAgainstTheServer_data()
    {
        QTest::addColumn<bool>("http");
        QTest::addColumn<QStringList>("captures");
        const QString demo = QStringLiteral(AGUI_SOURCE_DIR "/resources/samples/demo.aguicap");
        const QString data = QStringLiteral(AGUI_TEST_DATA_DIR "/");
        QTest::newRow("demo and errors")
            << false << QStringList {demo, data + QStringLiteral("capture/samples/errors.jsonl")};
        QTest::newRow("a2ui, client view, crlf sse")
            << false
            << QStringList {data + QStringLiteral("capture/samples/a2ui-broken.jsonl"),
                            data + QStringLiteral("capture/samples/client-view.jsonl"),
                            data + QStringLiteral("wire/tool-call-crlf.sse")};
        QTest::newRow("devtools export, HAR")
            << false
            << QStringList {data + QStringLiteral("capture/devtools/malformed.agui.jsonl"),
                            data + QStringLiteral("har/chromium-demo.har")};
        QTest::newRow("streamable http: demo and errors")
            << true << QStringList {demo, data + QStringLiteral("capture/samples/errors.jsonl")};
    }

    void sdkClientAgainstTheServer()
    {
        QFETCH(bool, http);
        QFETCH(QStringList, captures);
        QString why;
        const QString node = findNode(&why);
        QVERIFY2(!node.isEmpty(), qPrintable(why));
        QStringList args {QStringLiteral(AGUI_SOURCE_DIR "/tests/interop/peer/mcp-client.mjs")};
        if (http)
            args << QStringLiteral("--http");
        args << QStringLiteral(AGUI_INSPECT_BINARY);
        const NodeResult r = runNodeJson(node, args + captures);
        QVERIFY2(r.ok(), qPrintable(r.error));
        QStringList failures;
        for (const QJsonValue &f : r.json.value(QLatin1String("failures")).toArray())
            failures << f.toString();
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QLatin1Char('\n'))));
        QVERIFY(r.json.value(QLatin1String("ok")).toBool());
        // Every per-capture comparison ran (a dozen checks each, plus the shared ones).
        QVERIFY2(r.json.value(QLatin1String("checks")).toInt() >= 12 * captures.size(),
                 qPrintable(QString::number(r.json.value(QLatin1String("checks")).toInt())));
    }
};

QTEST_GUILESS_MAIN(TestInteropMcp)
#include "test_interop_mcp.moc"
