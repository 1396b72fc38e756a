// Lint reports: every rule id has a documentation anchor that is a heading of docs/lint-rules.md;
// SARIF structure (the schema itself is checked by the interop test); JUnit shape; line index.

#include "core/analysis/lintreport.h"
#include "core/session/lintrules.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QXmlStreamReader>
#include <QtTest>

using namespace agui;
using namespace agui::analysis;

namespace {

QSet<QString> docAnchors()
{
    QFile f(QStringLiteral(AGUI_SOURCE_DIR "/docs/lint-rules.md"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QSet<QString> anchors;
    static const QRegularExpression heading(QStringLiteral("^#{1,6} (.*)$"));
    for (const QString &line : QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'))) {
        const QRegularExpressionMatch m = heading.match(line);
        if (m.hasMatch())
            anchors.insert(headingSlug(m.captured(1).trimmed()));
    }
    return anchors;
}

QList<LintedFile> sample()
{
    LintedFile a;
    a.name = QStringLiteral("captures/run one.sse");
    a.findings
        = {{QStringLiteral("verify.T2"), Severity::Error, QStringLiteral("verify"), 1, 78, 3, 1,
            QStringLiteral("/messageId"), QStringLiteral("Cannot send 'TEXT_MESSAGE_CONTENT'")},
           {QStringLiteral("lint.no-timestamps"), Severity::Info, QStringLiteral("lint"), -1, -1,
            -1, -1, QString(), QStringLiteral("no timestamps")},
           {QStringLiteral("wire.crlf-framing"), Severity::Warning, QStringLiteral("schema"), 0, 0,
            1, 1, QString(), QStringLiteral("CRLF")}};
    LintedFile b;
    b.name = QStringLiteral("/abs/clean.jsonl");
    return {a, b};
}

} // namespace

class TestLintReport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyRuleHasAnAnchorInTheDocs()
    {
        const QSet<QString> anchors = docAnchors();
        QVERIFY(anchors.size() > 50);
        for (const LintRule &r : lintRules()) {
            const QString anchor = ruleDocAnchor(QString(r.id));
            QVERIFY2(anchors.contains(anchor),
                     qPrintable(QString(r.id) + QStringLiteral(" -> #") + anchor));
        }
        for (const char *id :
             {"schema.required", "wire.not-json", "chunk.ambiguous", "input.not-json",
              "session.delta-failed", "capture.truncated", "capture.har-no-body", "a2ui.cycle"}) {
            const QString anchor = ruleDocAnchor(QLatin1String(id));
            QVERIFY2(anchors.contains(anchor),
                     qPrintable(QLatin1String(id) + QStringLiteral(" -> #") + anchor));
        }
        QCOMPARE(ruleDocReference(QStringLiteral("verify.T2")),
                 QStringLiteral("docs/lint-rules.md#verifyt2"));
        QCOMPARE(ruleDocAnchor(QStringLiteral("lint.truncated-run")),
                 QStringLiteral("linttruncated-run"));
    }

    void headingSlugs()
    {
        QCOMPARE(headingSlug(QStringLiteral("`verify.L1`")), QStringLiteral("verifyl1"));
        QCOMPARE(headingSlug(QStringLiteral("Session model findings (`session.*`)")),
                 QStringLiteral("session-model-findings-session"));
        QCOMPARE(headingSlug(QStringLiteral("Three layers")), QStringLiteral("three-layers"));
    }

    void sarifHasRulesResultsAndLocations()
    {
        const QJsonObject log
            = QJsonDocument::fromJson(
                  sarifLog(sample(),
                           {QStringLiteral("1.2.3"), QStringLiteral("https://example.org/")}))
                  .object();
        QCOMPARE(log[QLatin1String("version")].toString(), QStringLiteral("2.1.0"));
        const QJsonObject run = log[QLatin1String("runs")][0].toObject();
        const QJsonObject driver = run[QLatin1String("tool")][QLatin1String("driver")].toObject();
        QCOMPARE(driver[QLatin1String("name")].toString(), QStringLiteral("agui-inspect"));
        QCOMPARE(driver[QLatin1String("version")].toString(), QStringLiteral("1.2.3"));
        const QJsonArray rules = driver[QLatin1String("rules")].toArray();
        QCOMPARE(rules.size(), lintRules().size() + 1); // + wire.crlf-framing
        const QJsonArray results = run[QLatin1String("results")].toArray();
        QCOMPARE(results.size(), 3);
        for (const QJsonValue &r : results) {
            const int index = r[QLatin1String("ruleIndex")].toInt();
            QCOMPARE(rules[index][QLatin1String("id")].toString(),
                     r[QLatin1String("ruleId")].toString());
        }
        const QJsonObject first = results[0].toObject();
        QCOMPARE(first[QLatin1String("level")].toString(), QStringLiteral("error"));
        QCOMPARE(results[1][QLatin1String("level")].toString(), QStringLiteral("note"));
        const QJsonObject physical
            = first[QLatin1String("locations")][0][QLatin1String("physicalLocation")].toObject();
        QCOMPARE(physical[QLatin1String("artifactLocation")][QLatin1String("uri")].toString(),
                 QStringLiteral("captures/run%20one.sse"));
        QCOMPARE(physical[QLatin1String("region")][QLatin1String("startLine")].toInt(), 3);
        QCOMPARE(physical[QLatin1String("region")][QLatin1String("byteOffset")].toInt(), 78);
        QCOMPARE(first[QLatin1String("locations")][0][QLatin1String("logicalLocations")][0]
                      [QLatin1String("fullyQualifiedName")]
                          .toString(),
                 QStringLiteral("event 1/messageId"));
        QCOMPARE(rules[index(rules, "verify.T2")][QLatin1String("helpUri")].toString(),
                 QStringLiteral("https://example.org/docs/lint-rules.md#verifyt2"));
        // Categories as rule tags (as ag-ui-validate 0.4.0 writes them), "draft" for a draft rule,
        // and on each result.
        const auto tags = [&rules](const char *id) {
            return rules[index(rules, id)][QLatin1String("properties")][QLatin1String("tags")]
                .toArray();
        };
        QCOMPARE(tags("verify.T2"), QJsonArray {QStringLiteral("text")});
        QCOMPARE(tags("lint.thread-changed"),
                 (QJsonArray {QStringLiteral("lifecycle"), QStringLiteral("draft")}));
        QCOMPARE(tags("compat.newer-field"), QJsonArray {QStringLiteral("compat")});
        QCOMPARE(tags("wire.crlf-framing"), QJsonArray {QStringLiteral("transport")});
        QCOMPARE(first[QLatin1String("properties")][QLatin1String("category")].toString(),
                 QStringLiteral("text"));
        QCOMPARE(run[QLatin1String("artifacts")][1][QLatin1String("location")][QLatin1String("uri")]
                     .toString(),
                 QStringLiteral("file:///abs/clean.jsonl"));
    }

    void junitFailsAtTheThreshold()
    {
        for (const auto &[failOn, expected] :
             {std::pair {Severity::Error, 1}, std::pair {Severity::Warning, 2},
              std::pair {Severity::Info, 3}}) {
            QXmlStreamReader xml(junitLintReport(sample(), failOn));
            int failures = 0;
            int testcases = 0;
            int suites = 0;
            QStringList categories;
            QString total;
            while (!xml.atEnd()) {
                xml.readNext();
                if (!xml.isStartElement())
                    continue;
                if (xml.name() == QLatin1String("property")
                    && xml.attributes().value(QLatin1String("name")) == QLatin1String("category"))
                    categories.append(xml.attributes().value(QLatin1String("value")).toString());
                if (xml.name() == QLatin1String("testsuites"))
                    total = xml.attributes().value(QLatin1String("failures")).toString();
                suites += xml.name() == QLatin1String("testsuite");
                testcases += xml.name() == QLatin1String("testcase");
                failures += xml.name() == QLatin1String("failure");
            }
            QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
            QCOMPARE(suites, 2);
            QCOMPARE(testcases, 4); // three findings, and "no findings" for the clean file
            QCOMPARE(failures, expected);
            QCOMPARE(total, QString::number(expected));
            QCOMPARE(categories.size(), 3); // one per finding
        }
    }

    void lineIndexCountsCharacters()
    {
        const LineIndex index(QByteArray("ab\n\xC3\xA9x\n"));
        qint64 line = 0;
        qint64 column = 0;
        QVERIFY(index.locate(0, &line, &column));
        QCOMPARE(line, 1);
        QCOMPARE(column, 1);
        QVERIFY(index.locate(5, &line, &column)); // 'x' after a two-byte character
        QCOMPARE(line, 2);
        QCOMPARE(column, 2);
        QVERIFY(!index.locate(99, &line, &column));
    }

private:
    static int index(const QJsonArray &rules, const char *id)
    {
        for (qsizetype i = 0; i < rules.size(); ++i) {
            if (rules[i][QLatin1String("id")].toString() == QLatin1String(id))
                return int(i);
        }
        return -1;
    }
};

QTEST_GUILESS_MAIN(TestLintReport)
#include "test_lintreport.moc"
