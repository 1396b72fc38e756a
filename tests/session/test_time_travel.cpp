// Time travel: for every N of every capture, snapshotAt(N) (nearest checkpoint + at most K
// reductions of re-materialised events) equals a fresh replay of events 0..N, for several K.
// Quotes inside JSON strings are written \u0022 in raw literals: moc mis-reads a backslash-quote
// there.

#include "session_test_util.h"

#include <QJsonDocument>
#include <QRandomGenerator>
#include <QTest>

using namespace agui;

namespace {

// A stream that exercises every applier, with ids re-used across runs and some failures.
QByteArray generatedCapture()
{
    QByteArray out;
    auto line = [&](const QString &json) { out += json.toUtf8() + '\n'; };
    for (int run = 0; run < 4; ++run) {
        const QString r = QString::number(run);
        line(QStringLiteral(R"({"type":"RUN_STARTED","threadId":"t%1","runId":"r%2"})")
                 .arg(run % 2)
                 .arg(r));
        line(QStringLiteral(R"({"type":"STATE_SNAPSHOT","snapshot":{"n":0,"items":[]}})"));
        line(QStringLiteral(R"({"type":"STEP_STARTED","stepName":"s"})"));
        for (int m = 0; m < 3; ++m) {
            const QString id = QStringLiteral("m%1-%2").arg(r).arg(m);
            line(QStringLiteral(R"({"type":"TEXT_MESSAGE_START","messageId":"%1"})").arg(id));
            for (int d = 0; d < 5; ++d)
                line(QStringLiteral(
                         R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"%1","delta":"w%2 "})")
                         .arg(id)
                         .arg(d));
            line(QStringLiteral(R"({"type":"TEXT_MESSAGE_END","messageId":"%1"})").arg(id));
            line(
                QStringLiteral(
                    R"({"type":"TOOL_CALL_START","toolCallId":"c%1","toolCallName":"f","parentMessageId":"%1"})")
                    .arg(id));
            line(QStringLiteral(
                     R"({"type":"TOOL_CALL_ARGS","toolCallId":"c%1","delta":"{\u0022a\u0022:"})")
                     .arg(id));
            line(QStringLiteral(R"({"type":"TOOL_CALL_ARGS","toolCallId":"c%1","delta":"%2}"})")
                     .arg(id)
                     .arg(m));
            line(QStringLiteral(R"({"type":"TOOL_CALL_END","toolCallId":"c%1"})").arg(id));
            line(
                QStringLiteral(
                    R"({"type":"STATE_DELTA","delta":[{"op":"replace","path":"/n","value":%1},{"op":"add","path":"/items/-","value":"%2"}]})")
                    .arg(m)
                    .arg(id));
            line(
                QStringLiteral(
                    R"({"type":"TOOL_CALL_RESULT","messageId":"res%1","toolCallId":"c%1","content":"ok"})")
                    .arg(id));
            line(QStringLiteral(
                R"({"type":"STATE_DELTA","delta":[{"op":"remove","path":"/nothing"}]})"));
            line(
                QStringLiteral(R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"k%1","delta":"chunk"})")
                    .arg(id));
            line(QStringLiteral(R"({"type":"THINKING_TEXT_MESSAGE_START"})"));
            line(QStringLiteral(R"({"type":"THINKING_TEXT_MESSAGE_CONTENT","delta":"hm"})"));
            line(QStringLiteral(R"({"type":"THINKING_TEXT_MESSAGE_END"})"));
            line(
                QStringLiteral(
                    R"({"type":"ACTIVITY_SNAPSHOT","messageId":"act%1","activityType":"P","content":{"v":[]}})")
                    .arg(r));
            line(
                QStringLiteral(
                    R"({"type":"ACTIVITY_DELTA","messageId":"act%1","activityType":"P","patch":[{"op":"add","path":"/v/-","value":%2}]})")
                    .arg(r)
                    .arg(m));
        }
        line(QStringLiteral(R"({"type":"STEP_FINISHED","stepName":"s"})"));
        if (run == 2)
            line(QStringLiteral(
                R"({"type":"MESSAGES_SNAPSHOT","messages":[{"id":"m0-0","role":"assistant","content":"replaced"},{"id":"snap","role":"user","content":"s"}]})"));
        line(QStringLiteral(R"({"type":"RUN_FINISHED","threadId":"t%1","runId":"r%2"})")
                 .arg(run % 2)
                 .arg(r));
    }
    return out;
}

// A fresh session fed events 0..n of the stored stream (the reference for seeks).
SessionSnapshot replayTo(const Session &source, qint64 n)
{
    Session fresh;
    for (qint64 i = 0; i <= n; ++i)
        fresh.append(source.events().event(i));
    return fresh.current();
}

// The id look-ups of a restored checkpoint (indexes rebuilt from the id keys) answer as those of
// the replay (indexes built event by event): operator== compares content, not these.
void checkSameIndexes(const SessionSnapshot &seek, const SessionSnapshot &replay)
{
    for (qsizetype p = 0; p < replay.messageCount(); ++p) {
        const QString &id = replay.message(p).id;
        QCOMPARE(seek.messagePosition(id), replay.messagePosition(id));
    }
    for (qsizetype i = 0; i < replay.toolCallCount(); ++i) {
        const QString &id = replay.toolCall(i).id;
        QCOMPARE(seek.toolCallIndex(id), replay.toolCallIndex(id));
    }
    for (qsizetype i = 0; i < replay.subagentCount(); ++i) {
        const QString &id = replay.subagent(i).subagentRunId;
        QCOMPARE(seek.findSubagent(id), replay.findSubagent(id));
    }
    QCOMPARE(seek.messagePosition(QStringLiteral("never-an-id")), -1);
}

void checkAllIndexes(const QByteArray &bytes, int interval, const QString &label)
{
    Session session(interval);
    ingestBytes(session, bytes);
    QVERIFY2(session.size() > 0, qPrintable(label));
    // A second ingest without finish() is the reference for the last index (finish() truncates
    // open runs in current()).
    for (qint64 n = -1; n < session.size() - 1; ++n) {
        const SessionSnapshot seek = session.snapshotAt(n);
        const SessionSnapshot replay = n < 0 ? Session().current() : replayTo(session, n);
        QVERIFY2(seek == replay,
                 qPrintable(QStringLiteral("%1 K=%2: snapshotAt(%3) differs from a replay")
                                .arg(label)
                                .arg(interval)
                                .arg(n)));
        QCOMPARE(messagesAsAgUi(seek), messagesAsAgUi(replay));
        checkSameIndexes(seek, replay);
    }
    // Random order (exercises the seek cache in both directions).
    QRandomGenerator rng(42);
    for (int i = 0; i < 50; ++i) {
        const qint64 n = rng.bounded(qint64(session.size() - 1));
        QVERIFY2(session.snapshotAt(n) == replayTo(session, n),
                 qPrintable(
                     QStringLiteral("%1 K=%2 random seek to %3").arg(label).arg(interval).arg(n)));
    }
}

} // namespace

class TestTimeTravel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void capturesAtEveryIndex_data()
    {
        QTest::addColumn<QString>("capture");
        QTest::addColumn<int>("interval");
        for (const QString &c : agui::test::captures())
            for (int k : {1, 3, 16})
                QTest::newRow(qPrintable(QStringLiteral("%1 K=%2").arg(c).arg(k))) << c << k;
    }

    void capturesAtEveryIndex()
    {
        QFETCH(QString, capture);
        QFETCH(int, interval);
        const QByteArray bytes = agui::test::readData(capture);
        QVERIFY2(!bytes.isEmpty(), qPrintable(capture));
        checkAllIndexes(bytes, interval, capture);
    }

    void generatedStreamAtEveryIndex_data()
    {
        QTest::addColumn<int>("interval");
        for (int k : {1, 7, 64, 1024})
            QTest::newRow(qPrintable(QStringLiteral("K=%1").arg(k))) << k;
    }

    void generatedStreamAtEveryIndex()
    {
        QFETCH(int, interval);
        checkAllIndexes(generatedCapture(), interval, QStringLiteral("generated"));
    }

    void checkpointsEveryK()
    {
        Session session(10);
        ingestBytes(session, generatedCapture());
        QCOMPARE(session.checkpointCount(), 1 + session.size() / 10);
    }

    void lastIndexAfterFinishIsCurrent()
    {
        Session session(8);
        ingestBytes(session, agui::test::readData(QStringLiteral("devtools/messages-edge.jsonl")));
        QVERIFY(session.isFinished());
        QVERIFY(session.snapshotAt(session.size() - 1) == session.current());
        QCOMPARE(session.current().run(0).status, RunStatus::Truncated);
        QCOMPARE(session.snapshotAt(session.size() - 2).run(0).status, RunStatus::Running);
    }

    void changeAtMatchesAppendTimeChange()
    {
        const QByteArray bytes = generatedCapture();
        Session live(5);
        SessionFeeder feeder(live, Framing::JsonLine);
        QList<EventChange> atAppend;
        for (const QByteArray &line : bytes.split('\n')) {
            if (line.isEmpty())
                continue;
            feeder.feed(QByteArray(line + '\n'));
            atAppend.append(live.lastChange());
        }
        for (qint64 i = 0; i < live.size(); ++i) {
            EventChange detailed = live.changeAt(i);
            detailed.statePaths.clear(); // only computed in detail
            EventChange cheap = atAppend.at(i);
            QCOMPARE(detailed.messagesAdded, cheap.messagesAdded);
            QCOMPARE(detailed.messagesChanged, cheap.messagesChanged);
            QCOMPARE(detailed.messagesRemoved, cheap.messagesRemoved);
            QCOMPARE(detailed.toolCalls, cheap.toolCalls);
            QCOMPARE(detailed.diagnostics, cheap.diagnostics);
            QCOMPARE(detailed.appliedTypes, cheap.appliedTypes);
            QCOMPARE(detailed.runIndex, cheap.runIndex);
        }
    }
};

QTEST_GUILESS_MAIN(TestTimeTravel)
#include "test_time_travel.moc"
