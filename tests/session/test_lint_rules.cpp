// Every linter rule has a failing and a passing stream under tests/data/lint/<rule id>/:
// fail.jsonl must produce exactly the findings of expected.json for that rule (event index, JSON
// Pointer path, severity and message; verify rules carry the reference client's exact text), and
// pass.jsonl must produce no finding of that rule and no error at all.

#include "core/session/lintrules.h"
#include "test_lint_support.h"

#include <QDir>
#include <QTest>

using namespace agui;
using namespace agui::testing;

class TestLintRules : public QObject
{
    Q_OBJECT

private:
    static QString dataDir() { return QStringLiteral(AGUI_TEST_DATA_DIR "/lint"); }

private Q_SLOTS:
    void everyRuleHasData()
    {
        const QDir dir(dataDir());
        for (const LintRule &rule : lintRules()) {
            const QString ruleDir = dir.filePath(QString(rule.id));
            QVERIFY2(QFile::exists(ruleDir + QStringLiteral("/fail.jsonl")),
                     qPrintable(QStringLiteral("no fail.jsonl for %1").arg(QString(rule.id))));
            QVERIFY2(QFile::exists(ruleDir + QStringLiteral("/pass.jsonl")),
                     qPrintable(QStringLiteral("no pass.jsonl for %1").arg(QString(rule.id))));
            QVERIFY2(QFile::exists(ruleDir + QStringLiteral("/expected.json")),
                     qPrintable(QStringLiteral("no expected.json for %1").arg(QString(rule.id))));
        }
    }

    void everyDataDirIsARule()
    {
        const QStringList dirs
            = QDir(dataDir()).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
        for (const QString &name : dirs) {
            if (name == QStringLiteral("conformance"))
                continue;
            QVERIFY2(findLintRule(name),
                     qPrintable(QStringLiteral("%1 is not a rule id in lintrules.cpp").arg(name)));
        }
    }

    void failingStream_data()
    {
        QTest::addColumn<QString>("ruleId");
        for (const LintRule &rule : lintRules())
            QTest::newRow(rule.id.data()) << QString(rule.id);
    }

    void failingStream()
    {
        QFETCH(QString, ruleId);
        const QString dir = dataDir() + QLatin1Char('/') + ruleId;
        const QJsonObject expected = readJsonFile(dir + QStringLiteral("/expected.json")).object();
        QCOMPARE(expected.value(QStringLiteral("rule")).toString(), ruleId);
        const LintRule *rule = findLintRule(ruleId);
        QVERIFY(rule);
        QCOMPARE(severityName(rule->severity),
                 expected.value(QStringLiteral("severity")).toString());

        bool ok = false;
        const QList<QByteArray> lines = readJsonLines(dir + QStringLiteral("/fail.jsonl"), &ok);
        QVERIFY(ok);
        const Findings all = lintLines(lines);
        Findings mine;
        for (const Finding &f : all) {
            if (f.diagnostic.ruleId == ruleId)
                mine.append(f);
        }
        const QJsonArray want = expected.value(QStringLiteral("findings")).toArray();
        QVERIFY2(!want.isEmpty(), "expected.json lists no finding");
        QVERIFY2(mine.size() == want.size(),
                 qPrintable(QStringLiteral("expected %1 finding(s) of %2, got:\n%3")
                                .arg(want.size())
                                .arg(ruleId, describe(all))));
        for (qsizetype i = 0; i < want.size(); ++i) {
            const QJsonObject w = want.at(i).toObject();
            const Finding &f = mine.at(i);
            QCOMPARE(f.eventIndex, w.value(QStringLiteral("eventIndex")).toInteger());
            QCOMPARE(f.diagnostic.path, w.value(QStringLiteral("path")).toString());
            QCOMPARE(severityName(f.diagnostic.severity),
                     expected.value(QStringLiteral("severity")).toString());
            QCOMPARE(f.layer, QString(rule->layer));
            if (w.contains(QStringLiteral("message"))) {
                QCOMPARE(f.diagnostic.message, w.value(QStringLiteral("message")).toString());
            } else {
                const QString prefix = w.value(QStringLiteral("messagePrefix")).toString();
                QVERIFY2(!prefix.isEmpty(), "expected.json entry has no message");
                QVERIFY2(f.diagnostic.message.startsWith(prefix)
                             && f.diagnostic.message.size() > prefix.size(),
                         qPrintable(f.diagnostic.message));
            }
        }
    }

    void passingStream_data() { failingStream_data(); }

    void passingStream()
    {
        QFETCH(QString, ruleId);
        bool ok = false;
        const QList<QByteArray> lines = readJsonLines(
            dataDir() + QLatin1Char('/') + ruleId + QStringLiteral("/pass.jsonl"), &ok);
        QVERIFY(ok);
        const Findings all = lintLines(lines);
        for (const Finding &f : all) {
            QVERIFY2(f.diagnostic.ruleId != ruleId, qPrintable(describe(f)));
            QVERIFY2(f.diagnostic.severity != Severity::Error, qPrintable(describe(f)));
        }
    }
};

QTEST_GUILESS_MAIN(TestLintRules)
#include "test_lint_rules.moc"
