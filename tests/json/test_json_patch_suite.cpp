// Runs the upstream RFC 6902 test suite (npm json-patch-test-suite 1.1.0, Apache-2.0) straight
// from tests/interop/node_modules; the files are not copied into this repository.
#include "core/json/jsonpatch.h"
#include "core/json/jsontext.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using agui::json::applyPatch;
using agui::json::jsonEquals;
using agui::json::toCompactJson;

namespace {

const QString suiteDir = QStringLiteral(AGUI_NODE_MODULES "/json-patch-test-suite");

struct SuiteCounts
{
    int total = 0;
    int disabled = 0;
    int run = 0;
    int withExpected = 0;
    int withError = 0;
    int applyOnly = 0;
    int passed = 0;
};

} // namespace

class TestJsonPatchSuite : public QObject
{
    Q_OBJECT

private:
    // Loads one suite file; a missing file is a failure with the command that fixes it, never a
    // silent skip (a green run must mean the suite really ran).
    bool loadSuite(const QString &fileName, QJsonArray *cases)
    {
        QFile file(suiteDir + QLatin1Char('/') + fileName);
        if (!file.open(QIODevice::ReadOnly)) {
            QTest::qFail(
                qPrintable(QStringLiteral("cannot read %1 (%2): the pinned npm packages "
                                          "are missing; run `npm ci` in tests/interop")
                               .arg(QDir::toNativeSeparators(file.fileName()), file.errorString())),
                __FILE__, __LINE__);
            return false;
        }
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
        if (!doc.isArray()) {
            QTest::qFail(qPrintable(QStringLiteral("%1 is not a JSON array of cases: %2 at byte %3")
                                        .arg(file.fileName(), parseError.errorString())
                                        .arg(parseError.offset)),
                         __FILE__, __LINE__);
            return false;
        }
        *cases = doc.array();
        return true;
    }

    // Empty when the case behaves as the suite says, else what went wrong.
    static QString caseFailure(const QJsonObject &testCase)
    {
        const QJsonValue doc = testCase.value(QLatin1String("doc"));
        const agui::json::PatchResult result
            = applyPatch(doc, testCase.value(QLatin1String("patch")));
        if (testCase.contains(QLatin1String("error"))) {
            // Every failure must leave the document exactly as it was (atomicity).
            if (result.ok)
                return QStringLiteral("applied, but the suite expects an error: %1")
                    .arg(testCase.value(QLatin1String("error")).toString());
            if (!jsonEquals(result.document, doc))
                return QStringLiteral("failed but changed the document (not atomic): %1")
                    .arg(toCompactJson(result.document));
            if (result.error.message.isEmpty())
                return QStringLiteral("failed without a message");
            qInfo("expected failure (%s): op %lld [%s] %s",
                  qPrintable(testCase.value(QLatin1String("error")).toString()),
                  static_cast<long long>(result.error.opIndex), qPrintable(result.error.field),
                  qPrintable(result.error.message));
            return QString();
        }
        if (!result.ok)
            return QStringLiteral("did not apply: op %1 (%2): %3")
                .arg(result.error.opIndex)
                .arg(result.error.field, result.error.message);
        if (testCase.contains(QLatin1String("expected"))
            && !jsonEquals(result.document, testCase.value(QLatin1String("expected"))))
            return QStringLiteral("got %1, expected %2")
                .arg(toCompactJson(result.document),
                     toCompactJson(testCase.value(QLatin1String("expected"))));
        return QString();
    }

    // Runs every case not disabled upstream; *ok is false (with one QTest failure listing them
    // all) when any case does not behave as the suite says.
    SuiteCounts runSuite(const QString &fileName, bool *ok)
    {
        SuiteCounts counts;
        QJsonArray cases;
        *ok = loadSuite(fileName, &cases);
        if (!*ok)
            return counts;
        QStringList failures;
        for (qsizetype i = 0; i < cases.size(); ++i) {
            const QJsonObject testCase = cases.at(i).toObject();
            ++counts.total;
            if (testCase.value(QLatin1String("disabled")).toBool()) {
                ++counts.disabled;
                // Not asserted (upstream disabled it), but shown: what we do with it.
                const QString outcome = caseFailure(testCase);
                qInfo("%s case %lld disabled upstream: %s -> ours: %s", qPrintable(fileName),
                      static_cast<long long>(i),
                      qPrintable(testCase.value(QLatin1String("comment")).toString()),
                      outcome.isEmpty() ? "behaves as the case says" : qPrintable(outcome));
                continue;
            }
            ++counts.run;
            const QString label = QStringLiteral("%1 case %2 (%3)")
                                      .arg(fileName)
                                      .arg(i)
                                      .arg(testCase.value(QLatin1String("comment")).toString());
            if (testCase.contains(QLatin1String("error")))
                ++counts.withError;
            else if (testCase.contains(QLatin1String("expected")))
                ++counts.withExpected;
            else
                ++counts.applyOnly;
            const QString failure = caseFailure(testCase);
            if (failure.isEmpty())
                ++counts.passed;
            else
                failures.append(label + QStringLiteral(": ") + failure);
        }
        qInfo("%s: %d cases, %d disabled upstream, %d run (%d with expected, %d with error, %d "
              "apply-only), %d passed",
              qPrintable(fileName), counts.total, counts.disabled, counts.run, counts.withExpected,
              counts.withError, counts.applyOnly, counts.passed);
        if (!failures.isEmpty()) {
            QTest::qFail(qPrintable(failures.join(QLatin1Char('\n'))), __FILE__, __LINE__);
            *ok = false;
        }
        return counts;
    }

private Q_SLOTS:
    void testsJson()
    {
        bool ok = false;
        const SuiteCounts counts = runSuite(QStringLiteral("tests.json"), &ok);
        if (!ok)
            return;
        // Pinned package 1.1.0: these numbers only change when the pin changes.
        QCOMPARE(counts.total, 78);
        QCOMPARE(counts.disabled, 3);
        QCOMPARE(counts.passed, counts.run);
        QCOMPARE(counts.run, 75);
    }

    void specTestsJson()
    {
        bool ok = false;
        const SuiteCounts counts = runSuite(QStringLiteral("spec_tests.json"), &ok);
        if (!ok)
            return;
        QCOMPARE(counts.total, 17);
        QCOMPARE(counts.disabled, 1);
        QCOMPARE(counts.passed, counts.run);
        QCOMPARE(counts.run, 16);
    }
};

QTEST_GUILESS_MAIN(TestJsonPatchSuite)
#include "test_json_patch_suite.moc"
