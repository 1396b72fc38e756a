// How the linter behaves around its rules: pass-through of the protocol layer's diagnostics,
// indices of findings on chunk-expanded events, carrying on after errors (and with which state),
// run input, and the rule table / docs staying in step.

#include "core/protocol/streamdecoder.h"
#include "core/session/emptyhash.h"
#include "core/session/lintrules.h"
#include "test_lint_support.h"

#include <QRegularExpression>
#include <QTest>

using namespace agui;
using namespace agui::testing;

namespace {

QList<QByteArray> lines(std::initializer_list<const char *> list)
{
    QList<QByteArray> out;
    for (const char *l : list)
        out.append(QByteArray(l));
    return out;
}

Findings withRule(const Findings &all, const QString &prefix)
{
    Findings out;
    for (const Finding &f : all) {
        if (f.diagnostic.ruleId.startsWith(prefix))
            out.append(f);
    }
    return out;
}

QList<qint64> indices(const Findings &findings)
{
    QList<qint64> out;
    for (const Finding &f : findings)
        out.append(f.eventIndex);
    return out;
}

const char *kRs = R"({"type":"RUN_STARTED","threadId":"t1","runId":"r1"})";
const char *kRf = R"({"type":"RUN_FINISHED","threadId":"t1","runId":"r1"})";

} // namespace

class TestLintEngine : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void passesSchemaDiagnosticsThrough()
    {
        const Findings all
            = lintLines(lines({kRs, R"({"type":"TEXT_MESSAGE_START","messageId":"m1"})",
                               R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m1"})",
                               R"({"type":"TEXT_MESSAGE_END","messageId":"m1"})", kRf}));
        const Findings schema = withRule(all, QStringLiteral("schema."));
        QCOMPARE(schema.size(), 1);
        QCOMPARE(schema.first().layer, QStringLiteral("schema"));
        QCOMPARE(schema.first().eventIndex, 2);
        QCOMPARE(schema.first().diagnostic.path, QStringLiteral("/delta"));
        QCOMPARE(schema.first().diagnostic.severity, Severity::Error);
        // The event stays in the ordering model: its END is fine, nothing is open at the end.
        QVERIFY2(withRule(all, QStringLiteral("verify.")).isEmpty(), qPrintable(describe(all)));
    }

    void invalidFramesReachOnlyTheSchemaLayer()
    {
        const Findings all = lintLines(lines({kRs, "{not json", R"({"type":"AGUI_PING"})", kRf}));
        QCOMPARE(withRule(all, QStringLiteral("wire.not-json")).size(), 1);
        QCOMPARE(withRule(all, QStringLiteral("wire.not-json")).first().eventIndex, 1);
        QCOMPARE(withRule(all, QStringLiteral("schema.unknown-type")).size(), 1);
        QVERIFY(withRule(all, QStringLiteral("verify.")).isEmpty());
    }

    void wireDiagnosticsArePassedThrough()
    {
        // CRLF framing is found by the stream decoder and reaches the linter on the event.
        StreamDecoder decoder(Framing::Sse);
        QList<Event> events = decoder.feed(
            QByteArrayView(
                "data: {\"type\":\"RUN_STARTED\",\"threadId\":\"t1\",\"runId\":\"r1\"}\r\n\r\n"
                "data: {\"type\":\"RUN_FINISHED\",\"threadId\":\"t1\",\"runId\":\"r1\"}\r\n\r\n"),
            0);
        events += decoder.finish();
        QCOMPARE(events.size(), 2);
        Linter linter;
        for (const Event &e : std::as_const(events))
            linter.feed(e);
        linter.finish();
        const Findings crlf = withRule(linter.takeFindings(), QStringLiteral("wire.crlf-framing"));
        QVERIFY(!crlf.isEmpty());
        QCOMPARE(crlf.first().eventIndex, 0);
        QCOMPARE(crlf.first().layer, QStringLiteral("schema"));
    }

    void chunkFindingsCarryTheChunkIndex()
    {
        // Chunks after RUN_FINISHED expand to START + CONTENT: both rejected, both at the chunk.
        const Findings all = lintLines(
            lines({kRs, kRf, R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"m1","delta":"late"})"}));
        const Findings l2 = withRule(all, QStringLiteral("verify.L2"));
        QCOMPARE(indices(l2), (QList<qint64> {2, 2}));
        QVERIFY(l2.at(0).diagnostic.message.contains(QStringLiteral("'TEXT_MESSAGE_START'")));
        QVERIFY(l2.at(1).diagnostic.message.contains(QStringLiteral("'TEXT_MESSAGE_CONTENT'")));
    }

    void chunkOnlyProducerIsClean()
    {
        // RUN_FINISHED closes the open chunk stream (synthesised END): no "still active".
        const Findings all = lintLines(lines(
            {kRs, R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"m1","delta":"a"})",
             R"({"type":"TEXT_MESSAGE_CHUNK","delta":"b"})",
             R"({"type":"TOOL_CALL_CHUNK","toolCallId":"c1","toolCallName":"f","delta":"{}"})",
             kRf}));
        for (const Finding &f : all)
            QVERIFY2(f.diagnostic.severity != Severity::Error, qPrintable(describe(f)));
    }

    void chunkErrorsArePassedThroughOnce()
    {
        const Findings all
            = lintLines(lines({kRs, R"({"type":"TEXT_MESSAGE_CHUNK","delta":"no id"})", kRf}));
        const Findings chunk = withRule(all, QStringLiteral("chunk."));
        QCOMPARE(chunk.size(), 1);
        QCOMPARE(chunk.first().eventIndex, 1);
        QCOMPARE(chunk.first().layer, QStringLiteral("schema"));
        QCOMPARE(chunk.first().diagnostic.message,
                 QStringLiteral("First TEXT_MESSAGE_CHUNK must have a messageId"));
    }

    void reportsEveryProblemNotJustTheFirst()
    {
        const Findings all = lintLines(
            lines({kRs, R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"x","delta":"a"})",
                   R"({"type":"TOOL_CALL_END","toolCallId":"y"})",
                   R"({"type":"STEP_FINISHED","stepName":"z"})",
                   R"({"type":"TEXT_MESSAGE_START","messageId":"m"})", kRf}));
        QStringList rules;
        for (const Finding &f : withRule(all, QStringLiteral("verify.")))
            rules.append(f.diagnostic.ruleId);
        QCOMPARE(rules,
                 (QStringList {QStringLiteral("verify.T2"), QStringLiteral("verify.C3"),
                               QStringLiteral("verify.S3"), QStringLiteral("verify.L6")}));
    }

    void startOfOpenIdIsIgnored()
    {
        // The second START is not applied: one END closes the message.
        const Findings all
            = lintLines(lines({kRs, R"({"type":"TEXT_MESSAGE_START","messageId":"m1"})",
                               R"({"type":"TEXT_MESSAGE_START","messageId":"m1"})",
                               R"({"type":"TEXT_MESSAGE_END","messageId":"m1"})", kRf}));
        QCOMPARE(indices(withRule(all, QStringLiteral("verify."))), (QList<qint64> {2}));
    }

    void idsAreToldApartByTheirExactText()
    {
        // The rules number ids by their bytes: "" is an id like any other, two lone surrogates
        // are two ids, and each report quotes the id as sent. Only the second STARTs reuse ended
        // ids; the tool call "x" is not the message "x".
        const Findings all = lintLines(lines(
            {kRs, R"({"type":"TEXT_MESSAGE_START","messageId":""})",
             R"({"type":"TEXT_MESSAGE_END","messageId":""})",
             R"({"type":"TEXT_MESSAGE_START","messageId":"\ud800"})",
             R"({"type":"TEXT_MESSAGE_END","messageId":"\ud800"})",
             R"({"type":"TEXT_MESSAGE_START","messageId":"\ud801"})",
             R"({"type":"TEXT_MESSAGE_END","messageId":"\ud801"})",
             R"({"type":"TEXT_MESSAGE_START","messageId":"r\u00e9sum\u00e9"})",
             R"({"type":"TEXT_MESSAGE_END","messageId":"r\u00e9sum\u00e9"})",
             R"({"type":"TEXT_MESSAGE_START","messageId":"x"})",
             R"({"type":"TEXT_MESSAGE_END","messageId":"x"})",
             R"({"type":"TOOL_CALL_START","toolCallId":"x","toolCallName":"f","parentMessageId":"x"})",
             R"({"type":"TOOL_CALL_END","toolCallId":"x"})",
             R"({"type":"TEXT_MESSAGE_START","messageId":""})",
             R"({"type":"TEXT_MESSAGE_START","messageId":"\ud800"})",
             R"({"type":"TEXT_MESSAGE_START","messageId":"r\u00e9sum\u00e9"})",
             R"({"type":"TOOL_CALL_START","toolCallId":"x","toolCallName":"f","parentMessageId":"y"})",
             kRf}));
        const Findings restarts = withRule(all, QStringLiteral("lint.restart-closed-id"));
        QCOMPARE(indices(restarts), (QList<qint64> {13, 14, 15, 16}));
        const auto says = [&](qsizetype i, const QString &text) {
            return restarts.at(i).diagnostic.message.contains(text);
        };
        QVERIFY(says(0, QStringLiteral("message id '', whose message already ended at event 2")));
        QVERIFY(says(
            1,
            QStringLiteral("id '%1', whose message already ended at event 4").arg(QChar(0xD800))));
        QVERIFY(says(2,
                     QStringLiteral("id 'r\u00e9sum\u00e9', whose message already ended at "
                                    "event 8")));
        QVERIFY(says(3, QStringLiteral("tool call id 'x', which already ended at event 12")));
        // "y" names no message (the message "x" and the call "x" do not make it one) ...
        const Findings parent = withRule(all, QStringLiteral("lint.parent-message-unknown"));
        QCOMPARE(indices(parent), (QList<qint64> {16}));
        QVERIFY(parent.at(0).diagnostic.message.contains(u"parentMessageId 'y'"));
        // ... and the ids a run's end cuts off are listed by their text, sorted.
        QList<QByteArray> cutOff = lines({kRs});
        for (const char *id : {"f", "e", "d", "c", "b", "a"}) // sorted only by the report
            cutOff.append(QByteArray(R"({"type":"TEXT_MESSAGE_START","messageId":")") + id + "\"}");
        cutOff += lines({R"({"type":"TOOL_CALL_START","toolCallId":"t2","toolCallName":"f"})",
                         R"({"type":"TOOL_CALL_START","toolCallId":"t1","toolCallName":"f"})"});
        const Findings truncated
            = withRule(lintLines(cutOff), QStringLiteral("lint.truncated-run"));
        QCOMPARE(truncated.size(), 1);
        QVERIFY2(truncated.at(0).diagnostic.message.contains(
                     u"still open: text messages a, b, c, d, e, f; tool calls t1, t2"),
                 qPrintable(truncated.at(0).diagnostic.message));
    }

    void eventsAfterRunErrorAreAppliedAndEachReported()
    {
        const Findings all = lintLines(lines({kRs, R"({"type":"RUN_ERROR","message":"boom"})",
                                              R"({"type":"TEXT_MESSAGE_START","messageId":"m1"})",
                                              R"({"type":"TEXT_MESSAGE_END","messageId":"m1"})"}));
        const Findings verify = withRule(all, QStringLiteral("verify."));
        QCOMPARE(indices(verify), (QList<qint64> {2, 3}));
        for (const Finding &f : verify)
            QCOMPARE(f.diagnostic.ruleId, QStringLiteral("verify.L1")); // no T3: START applied
        QVERIFY(withRule(all, QStringLiteral("lint.truncated-run")).isEmpty());
    }

    void runStartedDuringARunStartsANewOne()
    {
        const Findings all
            = lintLines(lines({kRs, R"({"type":"TEXT_MESSAGE_START","messageId":"m1"})",
                               R"({"type":"RUN_STARTED","threadId":"t1","runId":"r2"})",
                               R"({"type":"RUN_FINISHED","threadId":"t1","runId":"r2"})"}));
        const Findings verify = withRule(all, QStringLiteral("verify."));
        QCOMPARE(verify.size(), 1);
        QCOMPARE(verify.first().diagnostic.ruleId, QStringLiteral("verify.L4"));
        QCOMPARE(verify.first().eventIndex, 2);
    }

    void verifyMessageVariants_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("rule");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("message");
        const QString omit = QStringLiteral(" The field is optional — omit it entirely.");
        QTest::newRow("A4 code null")
            << QByteArray(
                   R"({"type":"SUBAGENT_ERROR","subagentRunId":"s1","message":"x","code":null})")
            << QStringLiteral("verify.A4") << QStringLiteral("/code")
            << QStringLiteral("Cannot send 'SUBAGENT_ERROR' with 'code: null'.") + omit;
        QTest::newRow("A4 interruptIds null") << QByteArray(
            R"({"type":"SUBAGENT_FINISHED","subagentRunId":"s1","outcome":{"type":"suspended","interruptIds":null}})")
                                              << QStringLiteral("verify.A4")
                                              << QStringLiteral("/outcome/interruptIds")
                                              << QStringLiteral(
                                                     "Cannot send 'SUBAGENT_FINISHED' with "
                                                     "'outcome.interruptIds: null'.")
                + omit;
        QTest::newRow("A5 non-string interrupt id") << QByteArray(
            R"({"type":"SUBAGENT_FINISHED","subagentRunId":"s1","outcome":{"type":"suspended","interruptIds":["i1",7]}})")
                                                    << QStringLiteral("verify.A5")
                                                    << QStringLiteral("/outcome/interruptIds/1")
                                                    << QStringLiteral(
                                                           "Cannot send 'SUBAGENT_FINISHED' with a "
                                                           "non-string entry in "
                                                           "'outcome.interruptIds'. Interrupt ids "
                                                           "are strings.");
        QTest::newRow("A6 no id")
            << QByteArray(R"({"type":"SUBAGENT_STARTED","name":"helper"})")
            << QStringLiteral("verify.A6") << QStringLiteral("/subagentRunId")
            << QStringLiteral("Cannot send 'SUBAGENT_STARTED' without a 'subagentRunId'.");
        QTest::newRow("A10 no id")
            << QByteArray(R"({"type":"SUBAGENT_ERROR","message":"x"})")
            << QStringLiteral("verify.A10") << QStringLiteral("/subagentRunId")
            << QStringLiteral("Cannot send 'SUBAGENT_ERROR' without a 'subagentRunId'.");
        QTest::newRow("A10 no message")
            << QByteArray(R"({"type":"SUBAGENT_ERROR","subagentRunId":"s1"})")
            << QStringLiteral("verify.A10") << QStringLiteral("/message")
            << QStringLiteral("Cannot send 'SUBAGENT_ERROR' without a 'message'.");
        QTest::newRow("A11 tool call") << QByteArray(
            R"({"type":"TOOL_CALL_ARGS","toolCallId":"c1","delta":"{}","subagentRunId":"s2"})")
                                       << QStringLiteral("verify.A11")
                                       << QStringLiteral("/subagentRunId")
                                       << QStringLiteral("Cannot send 'TOOL_CALL_ARGS': "
                                                         "subagentRunId 's2' does not match the "
                                                         "tool call 'c1' opener's subagent 's1'.");
    }

    void verifyMessageVariants()
    {
        QFETCH(QByteArray, line);
        QFETCH(QString, rule);
        QFETCH(QString, path);
        QFETCH(QString, message);
        // A run with subagent s1 active and its tool call c1 open, then the event under test.
        const QList<QByteArray> stream = {
            QByteArray(kRs),
            QByteArray(R"({"type":"SUBAGENT_STARTED","subagentRunId":"s1","name":"h"})"),
            QByteArray(
                R"({"type":"TOOL_CALL_START","toolCallId":"c1","toolCallName":"f","subagentRunId":"s1"})"),
            line};
        const Findings found = withRule(lintLines(stream), rule);
        QVERIFY2(found.size() == 1, qPrintable(describe(lintLines(stream))));
        QCOMPARE(found.first().eventIndex, 3);
        QCOMPARE(found.first().diagnostic.path, path);
        QCOMPARE(found.first().diagnostic.message, message);
    }

    // The rules empty their per-run sets at every RUN_STARTED: small ones keep their buckets for
    // the next run, a large one is given back.
    void perRunSetsAreEmptiedKeepingSmallBuckets()
    {
        QSet<QString> small;
        for (int i = 0; i < 10; ++i)
            small.insert(QStringLiteral("id%1").arg(i));
        const qsizetype buckets = small.capacity();
        emptyKeepingBuckets(small);
        QVERIFY(small.isEmpty());
        QVERIFY(!small.contains(QStringLiteral("id3")));
        QCOMPARE(small.capacity(), buckets);
        small.insert(QStringLiteral("next"));
        QCOMPARE(small.size(), 1);

        QHash<QString, int> large;
        for (int i = 0; i < 5000; ++i)
            large.insert(QStringLiteral("id%1").arg(i), i);
        emptyKeepingBuckets(large);
        QVERIFY(large.isEmpty());
        QCOMPARE(large.capacity(), 0);
    }

    void runInputGivesTheStateBase()
    {
        Linter linter;
        linter.setRunInput(
            QJsonObject {{QStringLiteral("state"), QJsonObject {{QStringLiteral("a"), 1}}}});
        const QList<QByteArray> stream
            = lines({kRs, R"({"type":"STATE_DELTA","delta":[{"op":"test","path":"/a","value":1}]})",
                     R"({"type":"STATE_DELTA","delta":[{"op":"remove","path":"/zz"}]})", kRf});
        for (qsizetype i = 0; i < stream.size(); ++i)
            linter.feed(eventFromLine(stream.at(i), i));
        linter.finish();
        const Findings all = linter.takeFindings();
        QVERIFY(withRule(all, QStringLiteral("lint.state-delta-before-snapshot")).isEmpty());
        QCOMPARE(indices(withRule(all, QStringLiteral("lint.state-delta-failed"))),
                 (QList<qint64> {2}));
    }

    void stateCarriesAcrossRuns()
    {
        const Findings all = lintLines(
            lines({kRs, R"({"type":"STATE_SNAPSHOT","snapshot":{"a":1}})", kRf,
                   R"({"type":"RUN_STARTED","threadId":"t1","runId":"r2"})",
                   R"({"type":"STATE_DELTA","delta":[{"op":"replace","path":"/a","value":2}]})",
                   R"({"type":"STATE_DELTA","delta":[{"op":"test","path":"/a","value":2}]})",
                   R"({"type":"RUN_FINISHED","threadId":"t1","runId":"r2"})"}));
        QVERIFY2(withRule(all, QStringLiteral("lint.state")).isEmpty(), qPrintable(describe(all)));
    }

    void unknownPatchOpsAreStrippedLikeTheClient()
    {
        const Findings all = lintLines(lines(
            {kRs, R"({"type":"STATE_SNAPSHOT","snapshot":{}})",
             R"({"type":"STATE_DELTA","delta":[{"op":"merge","path":"/x","value":1},{"op":"add","path":"/a","value":1}]})",
             R"({"type":"STATE_DELTA","delta":[{"op":"test","path":"/a","value":1}]})",
             R"({"type":"STATE_DELTA","delta":[{"op":"merge","path":"/x","value":1},{"op":"remove","path":"/zz"}]})",
             kRf}));
        // The add behind the unknown op was applied (the test passes); the failing remove is named
        // by its position in the delta as sent.
        const Findings failed = withRule(all, QStringLiteral("lint.state-delta-failed"));
        QCOMPARE(failed.size(), 1);
        QCOMPARE(failed.first().eventIndex, 4);
        QCOMPARE(failed.first().diagnostic.path, QStringLiteral("/delta/1"));
        QVERIFY2(failed.first().diagnostic.message.startsWith(
                     QStringLiteral("STATE_DELTA op 1 (remove /zz) failed to apply: ")),
                 qPrintable(failed.first().diagnostic.message));
    }

    void missingSeqUsesRunningCount()
    {
        Linter linter;
        for (const char *line : {kRs, R"({"type":"TEXT_MESSAGE_END","messageId":"m9"})"}) {
            Event e = decodePayload(QByteArray(line), Framing::JsonLine);
            linter.feed(e); // seq -1
        }
        const Findings f = withRule(linter.takeFindings(), QStringLiteral("verify.T3"));
        QCOMPARE(indices(f), (QList<qint64> {1}));
        QCOMPARE(linter.eventsSeen(), 2);
    }

    void takeFindingsDrainsAndFinishIsOnce()
    {
        Linter linter;
        linter.feed(eventFromLine(kRs, 0));
        QVERIFY(linter.takeFindings().isEmpty());
        linter.finish();
        const Findings end = linter.takeFindings();
        QCOMPARE(withRule(end, QStringLiteral("lint.truncated-run")).size(), 1);
        QCOMPARE(end.first().eventIndex, -1);
        QVERIFY(linter.takeFindings().isEmpty());
        linter.finish();
        QVERIFY(linter.takeFindings().isEmpty());
    }

    void ruleTableIsConsistent()
    {
        QSet<QString> ids;
        for (const LintRule &rule : lintRules()) {
            const QString id(rule.id);
            QVERIFY2(!ids.contains(id), qPrintable(id));
            ids.insert(id);
            QVERIFY(rule.layer == QLatin1StringView("verify")
                    || rule.layer == QLatin1StringView("lint")
                    || rule.layer == QLatin1StringView("compat"));
            // Client compatibility is information about the pinned client, never a fault of the
            // stream; a draft rule warns at most (1.1 does not require it).
            if (rule.layer == QLatin1StringView("compat"))
                QCOMPARE(rule.severity, Severity::Info);
            if (rule.status == RuleStatus::Draft) {
                QCOMPARE(rule.layer, QLatin1StringView("lint"));
                QVERIFY(rule.severity != Severity::Error);
            }
            QVERIFY(id.startsWith(QString(rule.layer) + QLatin1Char('.')));
            // The client aborts on each verify rule, except the 0.x client's THINKING_* ones:
            // the 1.0 client translates those events before it verifies.
            if (rule.layer == QLatin1StringView("verify"))
                QCOMPARE(rule.severity,
                         id.startsWith(QLatin1String("verify.TH")) ? Severity::Warning
                                                                   : Severity::Error);
            QVERIFY(!rule.title.isEmpty() && !rule.meaning.isEmpty() && !rule.source.isEmpty());
            QCOMPARE(findLintRule(id), &rule);
        }
        QVERIFY(!findLintRule(u"lint.no-such-rule"));
    }

    void docsDescribeEveryRule()
    {
        QFile doc(QStringLiteral(AGUI_SOURCE_DIR "/docs/lint-rules.md"));
        QVERIFY(doc.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(doc.readAll());
        for (const LintRule &rule : lintRules()) {
            const QString heading = QStringLiteral("### `%1`").arg(QString(rule.id));
            QVERIFY2(text.contains(heading), qPrintable(QString(rule.id)));
        }
    }
};

QTEST_GUILESS_MAIN(TestLintEngine)
#include "test_lint_engine.moc"
