// One session, several requests: a live session or a capture of several runs POSTs one
// RunAgentInput per run, and @ag-ui/client's runAgent builds its pipeline and its verifier afresh
// for each (so a new request's RUN_STARTED is no "run still active" error). A run whose body
// ends without RUN_FINISHED or RUN_ERROR is truncated there, reported at the request's last event
// as soon as the body ends, and shown Truncated from that event on, whichever way the session is
// fed (a live body's end, the next request, the end of the session) and whatever a seek replays.

#include "session_test_util.h"

#include <QJsonObject>
#include <QTest>

using namespace agui;
using namespace agui::test;

namespace {

QJsonObject input(const char *runId)
{
    return QJsonObject {{QStringLiteral("threadId"), QStringLiteral("t")},
                        {QStringLiteral("runId"), QString::fromLatin1(runId)}};
}

Findings withRule(const Findings &all, const QString &rule)
{
    Findings out;
    for (const Finding &f : all)
        if (f.diagnostic.ruleId == rule)
            out.append(f);
    return out;
}

RunStatus statusOf(const SessionSnapshot &snapshot, const QString &runId)
{
    for (qsizetype i = 0; i < snapshot.runCount(); ++i)
        if (snapshot.run(i).runId == runId)
            return snapshot.run(i).status;
    return RunStatus::Running;
}

// Request r1 cut after its text message opened, then request r2 whole.
void feedCutThenWhole(Session &s, bool endFirstBody)
{
    s.setRunInput(input("r1"));
    feed(s,
         {"{'type':'RUN_STARTED','threadId':'t','runId':'r1'}",
          "{'type':'TEXT_MESSAGE_START','messageId':'m1','role':'assistant'}"});
    if (endFirstBody)
        s.endRequest();
    s.setRunInput(input("r2"));
    feed(s,
         {"{'type':'RUN_STARTED','threadId':'t','runId':'r2'}",
          "{'type':'RUN_FINISHED','threadId':'t','runId':'r2'}"});
}

} // namespace

class TestRequests : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void aCutRequestIsTruncatedAtItsLastEvent_data();
    void aCutRequestIsTruncatedAtItsLastEvent();
    void theNextRequestIsVerifiedAfresh();
    void aLiveBodyEndReportsAtOnce();
    void aSeekFromACheckpointKeepsTheTruncation();
    void aWholeRequestEndsQuietly();
    void aStreamWithoutRequestsReportsAtItsEnd();
    void aRequestAfterAFinishedSessionIsVerifiedAfresh();
};

void TestRequests::aCutRequestIsTruncatedAtItsLastEvent_data()
{
    QTest::addColumn<bool>("endFirstBody");
    QTest::newRow("ended by the next request") << false;
    QTest::newRow("body end said") << true;
}

void TestRequests::aCutRequestIsTruncatedAtItsLastEvent()
{
    QFETCH(bool, endFirstBody);
    Session s;
    feedCutThenWhole(s, endFirstBody);
    s.finish();
    const Findings truncated = withRule(s.findings(), QStringLiteral("lint.truncated-run"));
    QCOMPARE(truncated.size(), 1);
    QCOMPARE(truncated.first().eventIndex, 1);
    QCOMPARE(truncated.first().diagnostic.message,
             QStringLiteral("Run 'r1' ended without RUN_FINISHED or RUN_ERROR: the stream stopped "
                            "mid-run (truncated run); still open: text messages m1"));
    QCOMPARE(statusOf(s.current(), QStringLiteral("r1")), RunStatus::Truncated);
    QCOMPARE(statusOf(s.current(), QStringLiteral("r2")), RunStatus::Finished);
    // Time travel: running while the body streamed, truncated from its last event on.
    QCOMPARE(statusOf(s.snapshotAt(0), QStringLiteral("r1")), RunStatus::Running);
    QCOMPARE(statusOf(s.snapshotAt(1), QStringLiteral("r1")), RunStatus::Truncated);
    QCOMPARE(statusOf(s.snapshotAt(2), QStringLiteral("r1")), RunStatus::Truncated);
}

void TestRequests::theNextRequestIsVerifiedAfresh()
{
    Session s;
    feedCutThenWhole(s, false);
    s.finish();
    for (const Finding &f : s.findings())
        QVERIFY2(f.layer != QLatin1String("verify"), qPrintable(f.diagnostic.message));
    QVERIFY(s.clientRejections().isEmpty());
    // The message r1 left open is not open in r2's stream: its content there is an error.
    Session t;
    t.setRunInput(input("r1"));
    feed(t,
         {"{'type':'RUN_STARTED','threadId':'t','runId':'r1'}",
          "{'type':'TEXT_MESSAGE_START','messageId':'m1','role':'assistant'}"});
    t.setRunInput(input("r2"));
    feed(t,
         {"{'type':'RUN_STARTED','threadId':'t','runId':'r2'}",
          "{'type':'TEXT_MESSAGE_CONTENT','messageId':'m1','delta':'x'}"});
    QCOMPARE(withRule(t.findingsAt(3), QStringLiteral("verify.T2")).size(), 1);
}

void TestRequests::aLiveBodyEndReportsAtOnce()
{
    Session s;
    s.setRunInput(input("r1"));
    SessionFeeder feeder(s, Framing::JsonLine);
    feeder.feed(test::json("{'type':'RUN_STARTED','threadId':'t','runId':'r1'}\n"
                           "{'type':'TOOL_CALL_START','toolCallId':'c1','toolCallName':'f'}\n"));
    QVERIFY(withRule(s.findings(), QStringLiteral("lint.truncated-run")).isEmpty());
    feeder.finish(/*finishSession=*/false);
    QVERIFY(withRule(s.findings(), QStringLiteral("lint.truncated-run")).isEmpty());
    s.endRequest(); // what the window does when the run's body ends
    QVERIFY(!s.isFinished());
    const Findings truncated = withRule(s.findingsAt(1), QStringLiteral("lint.truncated-run"));
    QCOMPARE(truncated.size(), 1);
    QVERIFY2(truncated.first().diagnostic.message.endsWith(QStringLiteral("tool calls c1")),
             qPrintable(truncated.first().diagnostic.message));
    QCOMPARE(statusOf(s.current(), QStringLiteral("r1")), RunStatus::Truncated);
    // Said once: neither a second end nor the session's end says it again.
    s.endRequest();
    s.finish();
    QCOMPARE(withRule(s.findings(), QStringLiteral("lint.truncated-run")).size(), 1);
}

void TestRequests::aSeekFromACheckpointKeepsTheTruncation()
{
    // K = 2: the checkpoint after event 1 is taken before the request ends there.
    Session s(2);
    feedCutThenWhole(s, true);
    feed(s, {"{'type':'RUN_STARTED','threadId':'t','runId':'r3'}"});
    QCOMPARE(statusOf(s.snapshotAt(2), QStringLiteral("r1")), RunStatus::Truncated);
    QCOMPARE(statusOf(s.snapshotAt(3), QStringLiteral("r1")), RunStatus::Truncated);
    QCOMPARE(statusOf(s.snapshotAt(0), QStringLiteral("r1")), RunStatus::Running);
}

void TestRequests::aWholeRequestEndsQuietly()
{
    Session s;
    s.setRunInput(input("r1"));
    feed(s,
         {"{'type':'RUN_STARTED','threadId':'t','runId':'r1'}",
          "{'type':'RUN_FINISHED','threadId':'t','runId':'r1'}"});
    s.endRequest();
    s.setRunInput(input("r2"));
    feed(s,
         {"{'type':'RUN_STARTED','threadId':'t','runId':'r2'}",
          "{'type':'RUN_ERROR','message':'boom'}"});
    s.finish();
    QVERIFY(withRule(s.findings(), QStringLiteral("lint.truncated-run")).isEmpty());
    QCOMPARE(statusOf(s.current(), QStringLiteral("r1")), RunStatus::Finished);
}

void TestRequests::aStreamWithoutRequestsReportsAtItsEnd()
{
    Session s;
    feed(s, {"{'type':'RUN_STARTED','threadId':'t','runId':'r1'}"});
    s.finish();
    const Findings truncated = withRule(s.findings(), QStringLiteral("lint.truncated-run"));
    QCOMPARE(truncated.size(), 1);
    QCOMPARE(truncated.first().eventIndex, -1);
}

// An opened file (a stream without requests, its last run cut short) and then a request of ours
// (Run Again in the window): the file's open run is no "run still active" error on the new one.
void TestRequests::aRequestAfterAFinishedSessionIsVerifiedAfresh()
{
    Session s;
    feed(s,
         {"{'type':'RUN_STARTED','threadId':'t','runId':'r1'}",
          "{'type':'TEXT_MESSAGE_START','messageId':'m1','role':'assistant'}"});
    s.finish(); // the file's end
    QCOMPARE(withRule(s.findings(), QStringLiteral("lint.truncated-run")).size(), 1);
    s.setRunInput(input("r2"));
    feed(s,
         {"{'type':'RUN_STARTED','threadId':'t','runId':'r2'}",
          "{'type':'RUN_FINISHED','threadId':'t','runId':'r2'}"});
    s.endRequest();
    for (const Finding &f : s.findingsAt(2))
        QVERIFY2(f.layer != QLatin1String("verify"), qPrintable(f.diagnostic.message));
    QVERIFY(s.findingsAt(3).isEmpty());
    QVERIFY(s.clientRejections().isEmpty());
    QCOMPARE(statusOf(s.current(), QStringLiteral("r2")), RunStatus::Finished);
}

QTEST_MAIN(TestRequests)
#include "test_requests.moc"
