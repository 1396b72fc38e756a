// EventChange: what each event changed, for the views' highlighting (Session::changeAt).

#include "session_test_util.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace agui;
using agui::test::feed;

namespace {

QJsonValue parse(const char *text)
{
    return QJsonDocument::fromJson("[" + agui::test::json(text) + "]").array().at(0);
}

StatePathChange pathChange(const char *path, StatePathChange::Kind kind, const QJsonValue &before,
                           const QJsonValue &after)
{
    StatePathChange c;
    c.path = QString::fromUtf8(path);
    c.kind = kind;
    c.before = before;
    c.after = after;
    return c;
}

const QJsonValue kNone(QJsonValue::Undefined);

} // namespace

class TestEventChange : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void messageGrowth()
    {
        Session s;
        feed(s,
             {"{'type':'RUN_STARTED','threadId':'t','runId':'r'}",
              "{'type':'TEXT_MESSAGE_START','messageId':'m'}",
              "{'type':'TEXT_MESSAGE_CONTENT','messageId':'m','delta':'abc'}"});
        const EventChange start = s.changeAt(1);
        QCOMPARE(start.messagesAdded, QStringList {QStringLiteral("m")});
        QVERIFY(start.messagesChanged.isEmpty());
        QCOMPARE(start.runIndex, 0);
        const EventChange content = s.changeAt(2);
        QCOMPARE(content.messagesChanged, QStringList {QStringLiteral("m")});
        QCOMPARE(content.textAppended, 3);
        QCOMPARE(content.appliedTypes, QList<EventType> {EventType::TextMessageContent});
        QVERIFY(s.changeAt(0).runChanged);
        QVERIFY(!s.changeAt(1).runChanged);
    }

    void statePathsOfADelta()
    {
        Session s;
        feed(s,
             {"{'type':'STATE_SNAPSHOT','snapshot':{'a':1,'list':[1],'gone':true}}",
              "{'type':'STATE_DELTA','delta':["
              "{'op':'replace','path':'/a','value':2},"
              "{'op':'add','path':'/list/-','value':5},"
              "{'op':'remove','path':'/gone'},"
              "{'op':'test','path':'/a','value':2},"
              "{'op':'move','from':'/a','path':'/b'}]}"});
        const EventChange c = s.changeAt(1);
        QVERIFY(c.stateChanged);
        QVERIFY(!c.stateReplaced);
        using K = StatePathChange::Kind;
        const QList<StatePathChange> want {
            pathChange("/a", K::Replaced, QJsonValue(1), QJsonValue(2)),
            pathChange("/list/1", K::Added, kNone, QJsonValue(5)),
            pathChange("/gone", K::Removed, QJsonValue(true), kNone),
            pathChange("/a", K::Removed, QJsonValue(2), kNone),
            pathChange("/b", K::Added, kNone, QJsonValue(2)),
        };
        QCOMPARE(c.statePaths, want);
        // The cheap record made at append time has no paths.
        QVERIFY(s.lastChange().statePaths.isEmpty());
        QVERIFY(s.lastChange().stateChanged);
    }

    void statePathsOfASnapshot()
    {
        Session s;
        feed(s,
             {"{'type':'STATE_SNAPSHOT','snapshot':{'a':1,'b':{'c':1}}}",
              "{'type':'STATE_SNAPSHOT','snapshot':{'a':1,'b':{'c':2},'d':[]}}"});
        const EventChange c = s.changeAt(1);
        QVERIFY(c.stateReplaced);
        using K = StatePathChange::Kind;
        QCOMPARE(c.statePaths,
                 (QList<StatePathChange> {
                     pathChange("/b/c", K::Replaced, QJsonValue(1), QJsonValue(2)),
                     pathChange("/d", K::Added, kNone, QJsonValue(QJsonArray())),
                 }));
    }

    void failedDeltaIsADiagnosticNotAChange()
    {
        Session s;
        feed(s,
             {"{'type':'STATE_SNAPSHOT','snapshot':{'items':[]}}",
              "{'type':'STATE_DELTA','delta':[{'op':'replace','path':'/items/3','value':'x'}]}"});
        const EventChange c = s.changeAt(1);
        QVERIFY(!c.stateChanged);
        QVERIFY(c.statePaths.isEmpty());
        QCOMPARE(c.diagnostics.size(), 1);
        QCOMPARE(c.diagnostics.at(0).ruleId, QStringLiteral("session.delta-failed"));
        QCOMPARE(c.diagnostics.at(0).path, QStringLiteral("/delta/0/path"));
        QVERIFY(c.diagnostics.at(0).message.contains(QStringLiteral("/items/3")));
        QCOMPARE(s.current().state(), parse("{'items':[]}"));
        // ... and a finding of the session layer on that event.
        bool found = false;
        for (const Finding &f : s.findingsAt(1))
            found = found
                || (f.layer == QStringLiteral("session")
                    && f.diagnostic.ruleId == QStringLiteral("session.delta-failed"));
        QVERIFY(found);
    }

    void toolCallAdvances()
    {
        Session s;
        feed(s,
             {"{'type':'TOOL_CALL_START','toolCallId':'c','toolCallName':'f'}",
              "{'type':'TOOL_CALL_ARGS','toolCallId':'c','delta':'{}'}",
              "{'type':'TOOL_CALL_END','toolCallId':'c'}",
              "{'type':'TOOL_CALL_RESULT','messageId':'res','toolCallId':'c','content':'ok'}"});
        const EventChange start = s.changeAt(0);
        QCOMPARE(start.toolCalls.size(), 1);
        QVERIFY(start.toolCalls.at(0).created);
        QCOMPARE(start.messagesAdded, QStringList {QStringLiteral("c")});
        const EventChange args = s.changeAt(1);
        QCOMPARE(args.toolCalls.at(0).argsAppended, 2);
        QCOMPARE(args.toolCalls.at(0).after, ToolCallStatus::StreamingArgs);
        const EventChange end = s.changeAt(2);
        QCOMPARE(end.toolCalls.at(0).before, ToolCallStatus::StreamingArgs);
        QCOMPARE(end.toolCalls.at(0).after, ToolCallStatus::ArgsComplete);
        const EventChange result = s.changeAt(3);
        QCOMPARE(result.toolCalls.at(0).after, ToolCallStatus::Answered);
        QCOMPARE(result.messagesAdded, QStringList {QStringLiteral("res")});
    }

    void chunkRecordCoversItsSynthesisedEvents()
    {
        Session s;
        feed(s,
             {"{'type':'TEXT_MESSAGE_CHUNK','messageId':'m','delta':'hi'}",
              "{'type':'TEXT_MESSAGE_CHUNK','messageId':'n','delta':'yo'}"});
        const EventChange c = s.changeAt(1);
        QCOMPARE(c.appliedTypes,
                 (QList<EventType> {EventType::TextMessageEnd, EventType::TextMessageStart,
                                    EventType::TextMessageContent}));
        QCOMPARE(c.messagesAdded, QStringList {QStringLiteral("n")});
        QCOMPARE(c.textAppended, 2);
    }

    void activitiesStepsSubagents()
    {
        Session s;
        feed(s,
             {"{'type':'ACTIVITY_SNAPSHOT','messageId':'a','activityType':'X','content':{}}",
              "{'type':'STEP_STARTED','stepName':'s'}",
              "{'type':'SUBAGENT_STARTED','subagentRunId':'sa','name':'n'}",
              "{'type':'REASONING_START','messageId':'span'}"});
        QCOMPARE(s.changeAt(0).activitiesChanged, QStringList {QStringLiteral("a")});
        QCOMPARE(s.changeAt(1).stepsChanged, QList<int> {0});
        QCOMPARE(s.changeAt(2).subagentsChanged, QList<int> {0});
        QCOMPARE(s.changeAt(3).reasoningSpansChanged, QList<int> {0});
        QVERIFY(!s.changeAt(3).isEmpty());
    }

    void outOfRange()
    {
        Session s;
        QVERIFY(s.changeAt(0).isEmpty());
        QCOMPARE(s.changeAt(-1).seq, -1);
    }
};

QTEST_GUILESS_MAIN(TestEventChange)
#include "test_event_change.moc"
