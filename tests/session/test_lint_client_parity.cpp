// Message parity with the real reference client: every stream under tests/data/lint/ is run
// through the pinned @ag-ui/client 1.0's own transformChunks + verifyEvents (node, script
// tests/data/lint/client-parity.js) and through our linter. Where the client throws, our first
// verify-layer finding must carry the same message at the same event; where it accepts the
// stream, we must report no verify finding. Needs node and the npm packages of tests/interop
// (label "interop"); skipped with a reason when they are missing.

#include "core/session/lintrules.h"
#include "test_lint_support.h"

#include <QDir>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>

using namespace agui;
using namespace agui::testing;

class TestLintClientParity : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void verifyMatchesTheReferenceClient()
    {
        const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
        if (node.isEmpty())
            QSKIP("node is not installed");
        const QString modules = QStringLiteral(AGUI_NODE_MODULES);
        if (!QFile::exists(modules + QStringLiteral("/@ag-ui/client/package.json")))
            QSKIP("tests/interop/node_modules is not installed (npm ci in tests/interop)");
        const QString dataDir = QStringLiteral(AGUI_TEST_DATA_DIR "/lint");

        QProcess proc;
        proc.start(node, {dataDir + QStringLiteral("/client-parity.js"), modules, dataDir});
        QVERIFY(proc.waitForFinished(120000));
        QVERIFY2(proc.exitCode() == 0, proc.readAllStandardError().constData());
        const QList<QByteArray> out = proc.readAllStandardOutput().split('\n');

        QSet<QString> verifyRulesSeenFromClient;
        int streams = 0;
        for (const QByteArray &line : out) {
            if (line.trimmed().isEmpty())
                continue;
            const QJsonObject r = QJsonDocument::fromJson(line).object();
            const QString rule = r.value(QStringLiteral("rule")).toString();
            const QString kind = r.value(QStringLiteral("kind")).toString();
            // THINKING_* are 0.x events: the 1.0 client converts them before verify (compat
            // stage, not run by the script), so its verify has nothing to say about them.
            if (rule.startsWith(QStringLiteral("verify.TH")))
                continue;
            ++streams;
            const Findings ours
                = lintLines(readJsonLines(dataDir + QLatin1Char('/') + rule + QLatin1Char('/')
                                          + kind + QStringLiteral(".jsonl")));
            const Finding *firstVerify = nullptr;
            for (const Finding &f : ours) {
                if (f.layer == QStringLiteral("verify")) {
                    firstVerify = &f;
                    break;
                }
            }
            const QString where = rule + QLatin1Char('/') + kind;
            const QJsonValue error = r.value(QStringLiteral("error"));
            if (error.isNull()) {
                if (firstVerify)
                    QFAIL(qPrintable(where + QStringLiteral(": client accepts, we report ")
                                     + describe(*firstVerify)));
                continue;
            }
            QVERIFY2(firstVerify,
                     qPrintable(where + QStringLiteral(": client rejects with \"")
                                + error.toString() + QStringLiteral("\", we report nothing")));
            QCOMPARE(firstVerify->diagnostic.message, error.toString());
            QCOMPARE(firstVerify->eventIndex, r.value(QStringLiteral("index")).toInteger());
            verifyRulesSeenFromClient.insert(firstVerify->diagnostic.ruleId);
        }
        QVERIFY(streams > 0);
        // Every 1.0 verify rule was produced by the client itself at least once.
        for (const LintRule &rule : lintRules()) {
            const QString id(rule.id);
            if (id.startsWith(QStringLiteral("verify."))
                && !id.startsWith(QStringLiteral("verify.TH")))
                QVERIFY2(verifyRulesSeenFromClient.contains(id), qPrintable(id));
        }
    }
};

QTEST_GUILESS_MAIN(TestLintClientParity)
#include "test_lint_client_parity.moc"
