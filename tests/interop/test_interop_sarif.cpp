// `agui-inspect lint --format sarif` against the official SARIF 2.1.0 JSON schema
// (peer/validate-sarif.mjs: Ajv with the schema @datadog/datadog-ci-plugin-sarif bundles, pinned
// in package.json), on captures of every kind: findings of all layers, several files, a clean
// file, a HAR. Also proves the validator rejects a log that breaks the schema.
// Needs node and the pinned packages (README test command); fails, never skips, without them.

#include "interopsupport.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace interop;

namespace {

QString data(const char *path)
{
    return QStringLiteral(AGUI_TEST_DATA_DIR "/") + QLatin1String(path);
}

QString peer()
{
    return QStringLiteral(AGUI_SOURCE_DIR "/tests/interop/peer/validate-sarif.mjs");
}

} // namespace

class TestInteropSarif : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void lintSarifIsValid()
    {
        QString why;
        const QString node = findNode(&why);
        QVERIFY2(!node.isEmpty(), qPrintable(why));
        QTemporaryDir dir;
        const QList<QStringList> inputs {
            {data("capture/samples/errors.jsonl"), data("capture/samples/clean.sse")},
            {QStringLiteral(AGUI_SOURCE_DIR "/resources/samples/demo.aguicap")},
            {data("capture/devtools/malformed.agui.jsonl"), data("wire/tool-call-crlf.sse"),
             data("wire/appendix-a.proto")},
            {data("har/chromium-demo.har")},
        };
        QStringList files;
        for (const QStringList &input : inputs) {
            QProcess p;
            p.start(QStringLiteral(AGUI_INSPECT_BINARY),
                    QStringList {QStringLiteral("lint"), QStringLiteral("--format"),
                                 QStringLiteral("sarif"), QStringLiteral("--docs-base"),
                                 QStringLiteral("https://example.org/agui-inspector/")}
                        + input);
            QVERIFY(p.waitForFinished(120000));
            QVERIFY2(p.exitCode() == 0 || p.exitCode() == 1, p.readAllStandardError().constData());
            const QString file = dir.filePath(QStringLiteral("log%1.sarif").arg(files.size()));
            QFile out(file);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(p.readAllStandardOutput());
            files.append(file);
        }
        const NodeResult result = runNodeJson(node, QStringList {peer()} + files);
        QVERIFY2(result.ok(), qPrintable(result.error));
        QVERIFY2(result.json[QLatin1String("ok")].toBool(),
                 QJsonDocument(result.json).toJson().constData());
        QVERIFY(result.json[QLatin1String("schemaId")].toString().endsWith(
            QLatin1String("sarif-schema-2.1.0.json")));
        QCOMPARE(result.json[QLatin1String("files")].toArray().size(), files.size());
    }

    void validatorRejectsABrokenLog()
    {
        QString why;
        const QString node = findNode(&why);
        QVERIFY2(!node.isEmpty(), qPrintable(why));
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("bad.sarif"));
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(
            R"({"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"level":"loud","message":{"text":"m"}}]}]})");
        out.close();
        const NodeResult result = runNodeJson(node, {peer(), file});
        QVERIFY2(result.ok(), qPrintable(result.error));
        QCOMPARE(result.json[QLatin1String("ok")].toBool(), false);
    }
};

QTEST_GUILESS_MAIN(TestInteropSarif)
#include "test_interop_sarif.moc"
