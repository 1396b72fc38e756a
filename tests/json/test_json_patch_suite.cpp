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

    // Runs every case not disabled upstream; returns false (with a QTest failure) on the first
    // case that does not behave as the suite says.
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
                qInfo("%s case %lld disabled upstream: %s", qPrintable(fileName),
                      static_cast<long long>(i),
                      qPrintable(testCase.value(QLatin1String("comment")).toString()));
                continue;
            }
            ++counts.run;
            const QString label = QStringLiteral("%1 case %2 (%3)")
                                      .arg(fileName)
                                      .arg(i)
                                      .arg(testCase.value(QLatin1String("comment")).toString());
            const QJsonValue doc = testCase.value(QLatin1String("doc"));
            const QJsonValue patch = testCase.value(QLatin1String("patch"));
            const agui::json::PatchResult result = applyPatch(doc, patch);
            const bool wantsError = testCase.contains(QLatin1String("error"));
            const bool hasExpected = testCase.contains(QLatin1String("expected"));
            QString failure;
            if (wantsError) {
                ++counts.withError;
                if (result.ok)
                    failure = QStringLiteral("applied, but the suite expects an error: %1")
                                  .arg(testCase.value(QLatin1String("error")).toString());
                else if (!jsonEquals(result.document, doc))
                    failure = QStringLiteral("failed but changed the document (not atomic): %1")
                                  .arg(toCompactJson(result.document));
                else if (result.error.message.isEmpty())
                    failure = QStringLiteral("failed without a message");
            } else {
                if (hasExpected)
                    ++counts.withExpected;
                else
                    ++counts.applyOnly;
                if (!result.ok)
                    failure = QStringLiteral("did not apply: op %1 (%2): %3")
                                  .arg(result.error.opIndex)
                                  .arg(result.error.field, result.error.message);
                else if (hasExpected
                         && !jsonEquals(result.document, testCase.value(QLatin1String("expected"))))
                    failure = QStringLiteral("got %1, expected %2")
                                  .arg(toCompactJson(result.document),
                                       toCompactJson(testCase.value(QLatin1String("expected"))));
            }
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
