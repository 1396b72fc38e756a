// The demo server against the reference AG-UI client (@ag-ui/client, pinned in
// tests/interop/node_modules): it verifies and applies every event, so a protocol mistake in
// our stream fails this test. Skipped when node or the packages are missing.

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QtTest>

class TestServeInterop : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void referenceClientRoundTrip()
    {
        const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
        if (node.isEmpty())
            QSKIP("node is not installed");
        if (!QFileInfo::exists(QStringLiteral(AGUI_NODE_MODULES "/@ag-ui/client/package.json")))
            QSKIP("@ag-ui/client is not installed (npm ci in tests/interop)");

        QProcess serve;
        serve.start(QStringLiteral(AGUI_INSPECT_BIN),
                    {QStringLiteral("serve"), QStringLiteral("--demo"), QStringLiteral("--port"),
                     QStringLiteral("0"), QStringLiteral("--pace"), QStringLiteral("0")});
        QVERIFY(serve.waitForStarted(10000));
        const auto stop = qScopeGuard([&] {
            serve.kill();
            serve.waitForFinished(5000);
        });
        QTRY_VERIFY_WITH_TIMEOUT(serve.canReadLine(), 10000);
        const QString url = QString::fromUtf8(serve.readLine()).trimmed();

        QProcess client;
        client.start(node,
                     {QStringLiteral(AGUI_SOURCE_DIR "/tests/net/reference_client.cjs"), url,
                      QStringLiteral(AGUI_NODE_MODULES)});
        QVERIFY(client.waitForFinished(60000));
        const QByteArray err = client.readAllStandardError();
        QVERIFY2(client.exitCode() == 0, err.constData());
        const QJsonObject summary
            = QJsonDocument::fromJson(client.readAllStandardOutput().trimmed()).object();
        QVERIFY(summary.value(QStringLiteral("run1Events")).toInt() > 40);
        QVERIFY(summary.value(QStringLiteral("run2Events")).toInt() > 20);
        QVERIFY2(summary.value(QStringLiteral("lastText"))
                     .toString()
                     .startsWith(QStringLiteral("Ordered a small for Grace")),
                 qPrintable(summary.value(QStringLiteral("lastText")).toString()));
        QCOMPARE(summary.value(QStringLiteral("activities")).toInt(), 1); // replaced, not added
        QCOMPARE(summary.value(QStringLiteral("operations")).toInt(), 5);
        const QJsonObject state = summary.value(QStringLiteral("state")).toObject();
        QCOMPARE(state.value(QStringLiteral("status")).toString(), QStringLiteral("done"));
        QCOMPARE(state.value(QStringLiteral("mode")).toString(), QStringLiteral("assist"));
    }
};

QTEST_GUILESS_MAIN(TestServeInterop)
#include "test_serve_interop.moc"
