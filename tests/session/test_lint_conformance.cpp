// The ag-ui-validate conformance corpus (tests/data/lint/conformance, MIT, see README there) run
// through our linter: every finding an invalid fixture expects must have a counterpart of the
// mapped rule at the same event index (and the same JSON Pointer when the fixture gives one), and
// the valid Dojo streams must produce no error.

#include "core/finding/rulecategory.h"
#include "core/session/lintrules.h"
#include "test_lint_support.h"

#include <QDir>
#include <QHash>
#include <QTest>

using namespace agui;
using namespace agui::testing;

namespace {

// ag-ui-validate rule id -> our rule ids that report the same problem (any of them counts).
const QHash<QString, QStringList> &mapping()
{
    static const QHash<QString, QStringList> map = {
        {QStringLiteral("AGUI001"), {QStringLiteral("verify.L3")}},
        {QStringLiteral("AGUI002"), {QStringLiteral("verify.L4")}},
        {QStringLiteral("AGUI003"), {QStringLiteral("lint.truncated-run")}},
        {QStringLiteral("AGUI004"), {QStringLiteral("verify.L1"), QStringLiteral("verify.L2")}},
        {QStringLiteral("AGUI005"), {QStringLiteral("lint.terminal-after-terminal")}},
        {QStringLiteral("AGUI006"), {QStringLiteral("verify.S2"), QStringLiteral("verify.S3")}},
        {QStringLiteral("AGUI007"), {QStringLiteral("verify.L5")}},
        {QStringLiteral("AGUI008"), {QStringLiteral("lint.run-id-mismatch")}},
        {QStringLiteral("AGUI101"), {QStringLiteral("verify.T2")}},
        {QStringLiteral("AGUI102"), {QStringLiteral("verify.T3")}},
        {QStringLiteral("AGUI103"), {QStringLiteral("verify.L6")}},
        {QStringLiteral("AGUI104"), {QStringLiteral("lint.restart-closed-id")}},
        {QStringLiteral("AGUI105"), {QStringLiteral("lint.empty-text-delta")}},
        {QStringLiteral("AGUI106"), {QStringLiteral("verify.T1")}},
        {QStringLiteral("AGUI201"), {QStringLiteral("verify.C2")}},
        {QStringLiteral("AGUI202"), {QStringLiteral("verify.C3")}},
        {QStringLiteral("AGUI203"), {QStringLiteral("verify.L9")}},
        {QStringLiteral("AGUI204"), {QStringLiteral("lint.tool-args-invalid-json")}},
        {QStringLiteral("AGUI205"), {QStringLiteral("lint.restart-closed-id")}},
        {QStringLiteral("AGUI206"), {QStringLiteral("lint.tool-result-open-call")}},
        {QStringLiteral("AGUI207"), {QStringLiteral("lint.tool-result-unknown-call")}},
        {QStringLiteral("AGUI208"), {QStringLiteral("lint.parent-message-unknown")}},
        {QStringLiteral("AGUI301"), {QStringLiteral("lint.state-delta-before-snapshot")}},
        {QStringLiteral("AGUI302"), {QStringLiteral("lint.state-delta-failed")}},
        // A malformed patch document is the schema layer's (an unknown op is
        // schema.unknown-variant: the client strips that op and applies the rest, and so does the
        // linter's state model).
        {QStringLiteral("AGUI303"),
         {QStringLiteral("schema.unknown-variant"), QStringLiteral("schema.enum"),
          QStringLiteral("schema.required"), QStringLiteral("schema.type"),
          QStringLiteral("schema.format")}},
        {QStringLiteral("AGUI304"), {QStringLiteral("lint.state-snapshot-discards-deltas")}},
        {QStringLiteral("AGUI401"), {QStringLiteral("verify.R3")}},
        // "Reasoning unterminated at run end": open reasoning messages or spans at RUN_FINISHED.
        {QStringLiteral("AGUI402"), {QStringLiteral("verify.L7"), QStringLiteral("verify.L8")}},
        {QStringLiteral("AGUI601"), {QStringLiteral("verify.A7"), QStringLiteral("verify.A8")}},
        {QStringLiteral("AGUI602"), {QStringLiteral("verify.A10")}},
        {QStringLiteral("AGUI603"), {QStringLiteral("verify.A10")}},
        {QStringLiteral("AGUI604"), {QStringLiteral("verify.L10")}},
        {QStringLiteral("AGUI605"), {QStringLiteral("verify.A9")}},
        {QStringLiteral("AGUI606"), {QStringLiteral("verify.A11")}},
        {QStringLiteral("AGUI502"), {QStringLiteral("wire.not-json")}},
        {QStringLiteral("AGUI503"), {QStringLiteral("schema.unknown-type")}},
        {QStringLiteral("AGUI504"),
         {QStringLiteral("schema.required"), QStringLiteral("schema.type"),
          QStringLiteral("schema.enum")}},
        {QStringLiteral("AGUI901"), {QStringLiteral("lint.raw-wraps-typed-event")}},
        {QStringLiteral("AGUI902"), {QStringLiteral("lint.no-timestamps")}},
        {QStringLiteral("AGUI903"), {QStringLiteral("lint.custom-name-not-namespaced")}},
    };
    return map;
}

// Stream fixtures we deliberately do not match, with the reason.
const QHash<QString, QString> &unmapped()
{
    static const QHash<QString, QString> map = {
        {QStringLiteral("AGUI305"),
         QStringLiteral("fires only when the user declares the 'shared-state' Dojo feature "
                        "(options.json); the linter has no feature declarations")},
    };
    return map;
}

QString dataDir()
{
    return QStringLiteral(AGUI_TEST_DATA_DIR "/lint/conformance");
}

} // namespace

class TestLintConformance : public QObject
{
    Q_OBJECT

private:
    // Each expected ag-ui-validate finding must have a mapped counterpart.
    static void checkExpected(const QJsonArray &expected, const Findings &ours)
    {
        for (const QJsonValue &value : expected) {
            const QJsonObject want = value.toObject();
            const QString rule = want.value(QStringLiteral("rule")).toString();
            const qint64 index = want.value(QStringLiteral("eventIndex")).toInteger();
            const QString pointer = want.value(QStringLiteral("pointer")).toString();
            QVERIFY2(mapping().contains(rule) || unmapped().contains(rule),
                     qPrintable(
                         QStringLiteral("%1 is neither mapped nor listed as unmapped").arg(rule)));
            if (!mapping().contains(rule))
                continue;
            bool found = false;
            for (const Finding &f : ours) {
                // An unknown union member is reported where the client removes it: the op
                // (or message, part) holding the bad discriminator the fixture points at.
                const bool holds = f.diagnostic.ruleId == QLatin1String("schema.unknown-variant")
                    && pointer.startsWith(f.diagnostic.path + QLatin1Char('/'));
                if (mapping().value(rule).contains(f.diagnostic.ruleId) && f.eventIndex == index
                    && (pointer.isEmpty() || f.diagnostic.path == pointer || holds))
                    found = true;
            }
            QVERIFY2(
                found,
                qPrintable(QStringLiteral("%1 at event %2 (%3): no %4 there; ours:\n%5")
                               .arg(rule)
                               .arg(index)
                               .arg(pointer, mapping().value(rule).join(u'|'), describe(ours))));
        }
    }

private Q_SLOTS:
    void invalidFixture_data()
    {
        QTest::addColumn<QString>("dir");
        const QStringList dirs = QDir(dataDir() + QStringLiteral("/invalid"))
                                     .entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
        QVERIFY(dirs.size() == 41); // 35 of catalogue 0.2.0, AGUI601-606 of 0.4.0
        for (const QString &d : dirs)
            QTest::newRow(qPrintable(d)) << d;
    }

    void invalidFixture()
    {
        QFETCH(QString, dir);
        const QString rule = dir.left(7);
        if (unmapped().contains(rule))
            QSKIP(qPrintable(QStringLiteral("unmapped: ") + unmapped().value(rule)));
        const QString path = dataDir() + QStringLiteral("/invalid/") + dir;
        bool ok = false;
        const QList<QByteArray> lines = readJsonLines(path + QStringLiteral("/stream.jsonl"), &ok);
        QVERIFY(ok);
        const QJsonArray expected = readJsonFile(path + QStringLiteral("/expected.json")).array();
        QVERIFY(!expected.isEmpty());
        // The fixture is about its own rule: it must be among what it expects.
        bool ownRule = false;
        for (const QJsonValue &v : expected)
            ownRule = ownRule || v.toObject().value(QStringLiteral("rule")).toString() == rule;
        QVERIFY(ownRule);
        checkExpected(expected, lintLines(lines));
    }

    void validFixture_data()
    {
        QTest::addColumn<QString>("file");
        const QStringList files
            = QDir(dataDir() + QStringLiteral("/valid"))
                  .entryList({QStringLiteral("*.jsonl")}, QDir::Files, QDir::Name);
        QVERIFY(files.size() == 7);
        for (const QString &f : files)
            QTest::newRow(qPrintable(f)) << f;
    }

    void validFixture()
    {
        QFETCH(QString, file);
        const QString path = dataDir() + QStringLiteral("/valid/") + file;
        bool ok = false;
        const QList<QByteArray> lines = readJsonLines(path, &ok);
        QVERIFY(ok);
        QVERIFY(!lines.isEmpty());
        const Findings ours = lintLines(lines);
        for (const Finding &f : ours)
            QVERIFY2(f.diagnostic.severity != Severity::Error, qPrintable(describe(f)));
        const QString expectedPath
            = path.left(path.size() - 6) + QStringLiteral(".expected.json"); // minus ".jsonl"
        if (QFile::exists(expectedPath))
            checkExpected(readJsonFile(expectedPath).array(), ours);
    }

    // Our rules fall in the category of the ag-ui-validate rule they answer (catalog.json,
    // catalogue 0.4.0), so findings of both linters group alike in SARIF and JUnit. Exceptions:
    // a schema violation, a non-JSON payload and an unknown event type are "transport" there and
    // our schema layer's own ("schema"); lint.restart-closed-id answers both AGUI104 (a message
    // id) and AGUI205 (a tool call id) and is "text" here, "toolcall" for the second there.
    void categoriesAgreeWithTheCatalogue()
    {
        const QJsonObject catalog
            = readJsonFile(dataDir() + QStringLiteral("/catalog.json")).object();
        const QJsonArray rules = catalog.value(QStringLiteral("rules")).toArray();
        QVERIFY(rules.size() >= 46);
        int compared = 0;
        for (const QJsonValue &v : rules) {
            const QJsonObject rule = v.toObject();
            const QString id = rule.value(QStringLiteral("id")).toString();
            const QString theirs = rule.value(QStringLiteral("category")).toString();
            QVERIFY2(!theirs.isEmpty(), qPrintable(id));
            for (const QString &ours : mapping().value(id)) {
                if (ours.startsWith(QStringLiteral("schema."))
                    || (id == QLatin1String("AGUI205")
                        && ours == QLatin1String("lint.restart-closed-id")))
                    continue; // see above
                QVERIFY2(ruleCategory(ours) == theirs,
                         qPrintable(QStringLiteral("%1 is %2 there, %3 is %4 here")
                                        .arg(id, theirs, ours, ruleCategory(ours))));
                ++compared;
            }
        }
        QVERIFY(compared >= 40);
        for (const LintRule &rule : lintRules())
            QVERIFY2(ruleCategory(QString(rule.id)) != QLatin1String("other"),
                     qPrintable(QString(rule.id)));
    }

    void mappingTargetsAreRealRules()
    {
        // Our side of the mapping names rules of the linter's table, or the protocol/wire layer's
        // passed-through ids.
        for (auto it = mapping().cbegin(); it != mapping().cend(); ++it) {
            for (const QString &id : it.value()) {
                if (id.startsWith(QStringLiteral("verify."))
                    || id.startsWith(QStringLiteral("lint.")))
                    QVERIFY2(findLintRule(id), qPrintable(id));
                else
                    QVERIFY2(id.startsWith(QStringLiteral("schema."))
                                 || id.startsWith(QStringLiteral("wire.")),
                             qPrintable(id));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestLintConformance)
#include "test_lint_conformance.moc"
