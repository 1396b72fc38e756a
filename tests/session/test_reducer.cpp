// The reducer against hand-written expectations, event type by event type (agui-protocol.md
// §3.6 apply rules; §1.4 legacy THINKING_*; §1.5 chunks).
// JSON is written with ' for " (see json()): moc cannot read raw string literals holding JSON.

#include "session_test_util.h"

#include "core/session/toolargs.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace agui;
using agui::test::ev;
using agui::test::feed;

namespace {

QJsonValue parse(const char *text)
{
    return QJsonDocument::fromJson("[" + agui::test::json(text) + "]").array().at(0);
}

QStringList ruleIds(const Findings &findings, const QString &layer)
{
    QStringList out;
    for (const Finding &f : findings)
        if (f.layer == layer)
            out.append(f.diagnostic.ruleId);
    return out;
}

} // namespace

class TestReducer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The members most messages, tool calls and runs never set are kept behind one pointer
    // (RareMembers): a record that sets none holds none, which keeps a 1M-event session's model
    // small (bench/HISTORY.md, "149 MB, from the heap profile's list"). One that is set is kept,
    // and a copy (a checkpoint) does not see a later write.
    void rareMembersAreKeptOnlyWhenSet()
    {
        Session s;
        feed(
            s,
            {"{'type':'RUN_STARTED','threadId':'t','runId':'r'}",
             "{'type':'TEXT_MESSAGE_START','messageId':'m','role':'assistant'}",
             "{'type':'TEXT_MESSAGE_CONTENT','messageId':'m','delta':'hi'}",
             "{'type':'TEXT_MESSAGE_END','messageId':'m'}",
             "{'type':'TOOL_CALL_START','toolCallId':'c','toolCallName':'f','parentMessageId':'m'}",
             "{'type':'TOOL_CALL_ARGS','toolCallId':'c','delta':'{}'}",
             "{'type':'TOOL_CALL_END','toolCallId':'c'}",
             "{'type':'TOOL_CALL_RESULT','messageId':'t1','toolCallId':'c','content':'ok'}",
             "{'type':'RUN_FINISHED','threadId':'t','runId':'r'}"});
        const SessionSnapshot plain = s.current();
        QCOMPARE(plain.messageCount(), 2);
        for (qsizetype i = 0; i < plain.messageCount(); ++i)
            QVERIFY2(!plain.message(i).rareMembers.isSet(), qPrintable(plain.message(i).id));
        QVERIFY(!plain.toolCall(0).rareMembers.isSet());
        QVERIFY(!plain.run(0).rareMembers.isSet());

        feed(s,
             {"{'type':'TEXT_MESSAGE_START','messageId':'m2','role':'assistant',"
              "'metadata':{'k':1}}",
              "{'type':'REASONING_ENCRYPTED_VALUE','subtype':'message','entityId':'m',"
              "'encryptedValue':'enc'}"});
        const SessionSnapshot &now = s.current();
        QVERIFY(now.message(2).rareMembers.isSet());
        QCOMPARE(now.message(2).rare().metadata, std::optional(parse("{'k':1}").toObject()));
        QCOMPARE(now.message(0).rare().encryptedValue, QStringLiteral("enc"));
        QVERIFY(plain.message(0).rare().encryptedValue.isEmpty()); // the copy kept its own
        QVERIFY(!plain.message(0).rareMembers.isSet());

        // Equal by value: rare members written back to empty equal none at all.
        Message a = plain.message(0);
        a.editRare().name = QStringLiteral("x");
        QVERIFY(!(a == plain.message(0)));
        a.editRare().name.clear();
        QCOMPARE(a, plain.message(0));
    }

    void runStartedAppendsInputMessages()
    {
        Session s;
        feed(s,
             {"{'type':'RUN_STARTED','threadId':'t1','runId':'r1','parentRunId':'r0',"
              "                    'input':{'threadId':'t1','runId':'r1','messages':["
              "                      {'id':'u1','role':'user','content':'hi'}]}}"});
        const SessionSnapshot &snap = s.current();
        QCOMPARE(snap.runCount(), 1);
        QCOMPARE(snap.run(0).threadId, QStringLiteral("t1"));
        QCOMPARE(snap.run(0).runId, QStringLiteral("r1"));
        QCOMPARE(snap.run(0).rare().parentRunId, QStringLiteral("r0"));
        QCOMPARE(snap.run(0).status, RunStatus::Running);
        QCOMPARE(snap.run(0).firstSeq, 0);
        QCOMPARE(snap.messageCount(), 1);
        QCOMPARE(snap.message(0).id, QStringLiteral("u1"));
        QCOMPARE(snap.message(0).text, QStringLiteral("hi"));
        QVERIFY(snap.message(0).fromSnapshot);
        QCOMPARE(s.lastChange().messagesAdded, QStringList {QStringLiteral("u1")});
    }

    void runFinishedRecordsOutcome()
    {
        Session s;
        feed(s,
             {"{'type':'RUN_STARTED','threadId':'t1','runId':'r1'}",
              "{'type':'TOOL_CALL_START','toolCallId':'c1','toolCallName':'f'}",
              "{'type':'TOOL_CALL_END','toolCallId':'c1'}",
              "{'type':'TOOL_CALL_START','toolCallId':'c2','toolCallName':'g'}",
              "{'type':'TOOL_CALL_END','toolCallId':'c2'}",
              "{'type':'TOOL_CALL_RESULT','messageId':'t','toolCallId':'c2','content':'ok'}",
              "{'type':'RUN_FINISHED','threadId':'t1','runId':'r1','result':{'x':1},"
              "                    'usage':[{'model':'m','inputTokens':3}]}"});
        const Run &run = s.current().run(0);
        QCOMPARE(run.status, RunStatus::Finished);
        QCOMPARE(run.outcomeType, QStringLiteral("success"));
        QCOMPARE(run.rare().result, std::optional<QJsonValue>(parse("{'x':1}")));
        QCOMPARE(run.rare().usage, parse("[{'model':'m','inputTokens':3}]").toArray());
        // Derived like the client: started in the run, never answered.
        QCOMPARE(run.rare().pendingToolCallIds, QStringList {QStringLiteral("c1")});
        QCOMPARE(run.endSeq, 6);
        QCOMPARE(run.eventCount, 7);
    }

    void runFinishedInterruptAndExplicitPending()
    {
        Session s;
        feed(s,
             {"{'type':'RUN_STARTED','threadId':'t1','runId':'r1'}",
              "{'type':'RUN_FINISHED','threadId':'t1','runId':'r1',"
              "                    "
              "'outcome':{'type':'interrupt','interrupts':[{'id':'i1','reason':'approve'}]}}",
              "{'type':'RUN_STARTED','threadId':'t1','runId':'r2'}",
              "{'type':'RUN_FINISHED','threadId':'t1','runId':'r2',"
              "                    'outcome':{'type':'success','pendingToolCallIds':['x']}}"});
        const SessionSnapshot &snap = s.current();
        QCOMPARE(snap.runCount(), 2);
        QCOMPARE(snap.run(0).outcomeType, QStringLiteral("interrupt"));
        QCOMPARE(snap.run(0).rare().interrupts.size(), 1);
        QCOMPARE(snap.run(1).rare().pendingToolCallIds, QStringList {QStringLiteral("x")});
        const QList<ThreadInfo> threads = snap.threads();
        QCOMPARE(threads.size(), 1);
        QCOMPARE(threads.at(0).runIndexes, (QList<int> {0, 1}));
    }

    void runErrorAndImplicitRun()
    {
        Session s;
        feed(s,
             {"{'type':'RUN_ERROR','message':'boom','code':'E1'}",
              "{'type':'RUN_STARTED','threadId':'t2','runId':'r2'}",
              "{'type':'RUN_ERROR','message':'again'}"});
        const SessionSnapshot &snap = s.current();
        QCOMPARE(snap.runCount(), 2);
        QCOMPARE(snap.run(0).status, RunStatus::Errored);
        QCOMPARE(snap.run(0).rare().errorMessage, QStringLiteral("boom"));
        QCOMPARE(snap.run(0).rare().errorCode, QStringLiteral("E1"));
        QCOMPARE(snap.run(1).status, RunStatus::Errored);
        QCOMPARE(snap.run(1).rare().errorMessage, QStringLiteral("again"));
        QCOMPARE(s.events().runIndex(2), 1);
    }

    void finishTruncatesRunningRuns()
    {
        Session s;
        feed(s, {"{'type':'RUN_STARTED','threadId':'t','runId':'r'}"});
        QCOMPARE(s.current().run(0).status, RunStatus::Running);
        s.finish();
        QCOMPARE(s.current().run(0).status, RunStatus::Truncated);
    }

    void severalThreads()
    {
        Session s;
        feed(s,
             {"{'type':'RUN_STARTED','threadId':'a','runId':'1'}",
              "{'type':'RUN_FINISHED','threadId':'a','runId':'1'}",
              "{'type':'RUN_STARTED','threadId':'b','runId':'2'}",
              "{'type':'RUN_FINISHED','threadId':'b','runId':'2'}",
              "{'type':'RUN_STARTED','threadId':'a','runId':'3'}"});
        const QList<ThreadInfo> threads = s.current().threads();
        QCOMPARE(threads.size(), 2);
        QCOMPARE(threads.at(0).threadId, QStringLiteral("a"));
        QCOMPARE(threads.at(0).runIndexes, (QList<int> {0, 2}));
        QCOMPARE(threads.at(1).runIndexes, (QList<int> {1}));
        QCOMPARE(s.current().currentRunIndex(), 2);
    }

    void steps()
    {
        Session s;
        feed(s,
             {"{'type':'RUN_STARTED','threadId':'t','runId':'r'}",
              "{'type':'STEP_STARTED','stepName':'plan'}",
              "{'type':'STEP_STARTED','stepName':'plan','subagentRunId':'s1'}",
              "{'type':'STEP_FINISHED','stepName':'plan'}",
              "{'type':'STEP_FINISHED','stepName':'nope'}"});
        const SessionSnapshot &snap = s.current();
        QCOMPARE(snap.stepCount(), 2);
        QCOMPARE(snap.step(0).endSeq, 3);
        QVERIFY(snap.step(1).isOpen());
        QCOMPARE(snap.step(1).subagentRunId, QStringLiteral("s1"));
        QVERIFY(ruleIds(s.findingsAt(4), QStringLiteral("session"))
                    .contains(QStringLiteral("session.step-not-open")));
    }

    void textMessages()
    {
        Session s;
        feed(s,
             {"{'type':'RUN_STARTED','threadId':'t','runId':'r'}",
              "{'type':'TEXT_MESSAGE_START','messageId':'m1','metadata':{'a':1}}",
              "{'type':'TEXT_MESSAGE_CONTENT','messageId':'m1','delta':'Hel'}",
              "{'type':'TEXT_MESSAGE_CONTENT','messageId':'m1','delta':'lo','metadata':{'b':2}}",
              "{'type':'TEXT_MESSAGE_END','messageId':'m1','metadata':{'a':3}}",
              "{'type':'TEXT_MESSAGE_START','messageId':'m2','role':'user','name':'bob'}",
              "{'type':'TEXT_MESSAGE_CONTENT','messageId':'zz','delta':'x'}"});
        const SessionSnapshot &snap = s.current();
        QCOMPARE(snap.messageCount(), 2);
        const Message &m1 = snap.message(0);
        QCOMPARE(m1.role, QStringLiteral("assistant"));
        QCOMPARE(m1.text, QStringLiteral("Hello"));
        QCOMPARE(m1.rare().metadata, std::optional<QJsonObject>(parse("{'a':3,'b':2}").toObject()));
        QCOMPARE(m1.firstSeq, 1);
        QCOMPARE(m1.lastSeq, 4);
        QCOMPARE(snap.message(1).role, QStringLiteral("user"));
        QCOMPARE(snap.message(1).rare().name, QStringLiteral("bob"));
        QCOMPARE(ruleIds(s.findingsAt(6), QStringLiteral("session")),
                 QStringList {QStringLiteral("session.unknown-message")});
        QCOMPARE(
            messagesAsAgUi(snap),
            parse("[{'id':'m1','role':'assistant','content':'Hello','metadata':{'a':3,'b':2}},"
                  "                           {'id':'m2','role':'user','content':'','name':'bob'}]")
                .toArray());
    }

    void textChunksAreExpanded()
    {
        Session s;
        feed(s,
             {"{'type':'RUN_STARTED','threadId':'t','runId':'r'}",
              "{'type':'TEXT_MESSAGE_CHUNK','messageId':'m1','delta':'Hello'}",
              "{'type':'TEXT_MESSAGE_CHUNK','delta':', world'}",
              "{'type':'TOOL_CALL_CHUNK','toolCallId':'c1','toolCallName':'f',"
              "                    'parentMessageId':'m1','delta':'{\\u0022a\\u0022:'}",
              "{'type':'TOOL_CALL_CHUNK','delta':'1}'}",
              "{'type':'RUN_FINISHED','threadId':'t','runId':'r'}"});
        const SessionSnapshot &snap = s.current();
        QCOMPARE(snap.messageCount(), 1);
        QCOMPARE(snap.message(0).text, QStringLiteral("Hello, world"));
        QCOMPARE(snap.message(0).toolCalls, QStringList {QStringLiteral("c1")});
        const ToolCall *call = snap.findToolCall(QStringLiteral("c1"));
        QVERIFY(call);
        QCOMPARE(call->args, QStringLiteral("{\"a\":1}"));
        // The lane was closed by RUN_FINISHED: a synthesised TOOL_CALL_END parsed the args.
        QCOMPARE(call->status, ToolCallStatus::ArgsComplete);
        QCOMPARE(parsedToolArgs(*call), std::optional<QJsonValue>(parse("{'a':1}")));
        QCOMPARE(s.changeAt(5).appliedTypes,
                 (QList<EventType> {EventType::ToolCallEnd, EventType::RunFinished}));
    }

    // Tool arguments are read the way the client reads them, with JSON.parse: 1e400 is a valid
    // number (Infinity) although Qt's parser calls it illegal, and two values are not one.
    void toolArgsFollowJsonParse()
    {
        Session s;
        feed(s,
             {"{'type':'RUN_STARTED','threadId':'t','runId':'r'}",
              "{'type':'TOOL_CALL_START','toolCallId':'big','toolCallName':'f'}",
              "{'type':'TOOL_CALL_ARGS','toolCallId':'big','delta':'{\\u0022n\\u0022:1e400}'}",
              "{'type':'TOOL_CALL_END','toolCallId':'big'}",
              "{'type':'TOOL_CALL_START','toolCallId':'two','toolCallName':'f'}",
              "{'type':'TOOL_CALL_ARGS','toolCallId':'two','delta':'1,2'}",
              "{'type':'TOOL_CALL_END','toolCallId':'two'}"});
        const ToolCall *big = s.current().findToolCall(QStringLiteral("big"));
        QVERIFY(big);
        QVERIFY2(big->rare().argsError.isEmpty(), qPrintable(big->rare().argsError));
        const std::optional<QJsonValue> bigArgs = parsedToolArgs(*big);
        QVERIFY(bigArgs && bigArgs->isObject());
        QVERIFY(bigArgs->toObject().contains(QLatin1String("n")));
        const ToolCall *two = s.current().findToolCall(QStringLiteral("two"));
        QVERIFY(two);
        QVERIFY(!two->argsAreJson);
        QVERIFY(!parsedToolArgs(*two));
        QCOMPARE(two->rare().argsError, QStringLiteral("the arguments are not one JSON value"));
    }

    // Views show arguments as compact JSON; the compact text is kept only when it differs from
    // the text streamed, and the value is read again from the text when asked for.
    void toolArgsShownCompactKeptOnlyWhenDifferent()
    {
        Session s;
        feed(s,
             {"{'type':'RUN_STARTED','threadId':'t','runId':'r'}",
              "{'type':'TOOL_CALL_START','toolCallId':'tight','toolCallName':'f'}",
              "{'type':'TOOL_CALL_ARGS','toolCallId':'tight','delta':'{\\u0022a\\u0022:1}'}",
              "{'type':'TOOL_CALL_END','toolCallId':'tight'}",
              "{'type':'TOOL_CALL_START','toolCallId':'loose','toolCallName':'f'}",
              "{'type':'TOOL_CALL_ARGS','toolCallId':'loose','delta':'{ \\u0022b\\u0022: 2.50 }'}",
              "{'type':'TOOL_CALL_END','toolCallId':'loose'}",
              "{'type':'TOOL_CALL_START','toolCallId':'open','toolCallName':'f'}",
              "{'type':'TOOL_CALL_ARGS','toolCallId':'open','delta':'{ \\u0022c\\u0022'}"});
        const ToolCall *tight = s.current().findToolCall(QStringLiteral("tight"));
        QVERIFY(tight && tight->argsAreJson);
        QVERIFY(!tight->rareMembers.isSet()); // nothing seldom-set was stored for it
        QCOMPARE(toolArgsText(*tight), QStringLiteral("{\"a\":1}"));
        const ToolCall *loose = s.current().findToolCall(QStringLiteral("loose"));
        QVERIFY(loose && loose->argsAreJson);
        QCOMPARE(loose->args, QStringLiteral("{ \"b\": 2.50 }"));
        QCOMPARE(toolArgsText(*loose), QStringLiteral("{\"b\":2.5}"));
        QCOMPARE(parsedToolArgs(*loose), std::optional<QJsonValue>(parse("{'b':2.5}")));
        // Still streaming: not read yet, shown as streamed.
        const ToolCall *open = s.current().findToolCall(QStringLiteral("open"));
        QVERIFY(open && !open->argsAreJson);
        QCOMPARE(toolArgsText(*open), QStringLiteral("{ \"c\""));
        QVERIFY(!parsedToolArgs(*open));
    }

    void toolResultsShareTheToolMessagesText()
    {
        Session s;
        feed(s,
             {"{'type':'RUN_STARTED','threadId':'t','runId':'r'}",
              "{'type':'TOOL_CALL_START','toolCallId':'text','toolCallName':'f'}",
              "{'type':'TOOL_CALL_ARGS','toolCallId':'text','delta':'{}'}",
              "{'type':'TOOL_CALL_END','toolCallId':'text'}",
              "{'type':'TOOL_CALL_RESULT','messageId':'m1','toolCallId':'text','content':'sunny'}",
              "{'type':'TOOL_CALL_START','toolCallId':'parts','toolCallName':'f'}",
              "{'type':'TOOL_CALL_END','toolCallId':'parts'}",
              "{'type':'TOOL_CALL_RESULT','messageId':'m2','toolCallId':'parts',"
              "'content':[{'type':'text','text':'a'}]}",
              "{'type':'TOOL_CALL_START','toolCallId':'later','toolCallName':'f'}",
              "{'type':'TOOL_CALL_END','toolCallId':'later'}"});
        const SessionSnapshot &now = s.current();
        const ToolCall *text = now.findToolCall(QStringLiteral("text"));
        const Message *m1 = now.findMessage(QStringLiteral("m1"));
        QVERIFY(text && m1);
        QCOMPARE(text->result(), QJsonValue(QStringLiteral("sunny")));
        QCOMPARE(text->resultString.constData(), m1->text.constData()); // one copy of the text
        QVERIFY(!text->rareMembers.isSet()); // nothing seldom-set: no copy of the result
        const ToolCall *parts = now.findToolCall(QStringLiteral("parts"));
        QVERIFY(parts);
        QCOMPARE(parts->result(), parse("[{'type':'text','text':'a'}]"));
        const ToolCall *later = now.findToolCall(QStringLiteral("later"));
        QVERIFY(later && later->result().isUndefined());
        // A tool message in a snapshot answers its call too.
        feed(s,
             {"{'type':'MESSAGES_SNAPSHOT','messages':[{'id':'a','role':'assistant','toolCalls':"
              "[{'id':'later','type':'function','function':{'name':'f','arguments':'{}'}}]},"
              "{'id':'m3','role':'tool','toolCallId':'later','content':'done'}]}"});
        later = s.current().findToolCall(QStringLiteral("later"));
        QVERIFY(later);
        QCOMPARE(later->result(), QJsonValue(QStringLiteral("done")));
        QCOMPARE(later->resultMessageId, QStringLiteral("m3"));
    }

    void toolCallInExistingAssistantMessage()
    {
        Session s;
        feed(s,
             {"{'type':'RUN_STARTED','threadId':'t','runId':'r'}",
              "{'type':'TEXT_MESSAGE_START','messageId':'a1'}",
              "{'type':'TEXT_MESSAGE_END','messageId':'a1'}",
              "{'type':'TOOL_CALL_START','toolCallId':'c1','toolCallName':'f','parentMessageId':'"
              "a1'}",
              "{'type':'TOOL_CALL_ARGS','toolCallId':'c1','delta':'{\\u0022x\\u0022'}",
              "{'type':'TOOL_CALL_ARGS','toolCallId':'c1','delta':':2}'}",
              "{'type':'TOOL_CALL_END','toolCallId':'c1'}",
              "{'type':'TOOL_CALL_START','toolCallId':'c2','toolCallName':'g','parentMessageId':'"
              "a1'}",
              "{'type':'TOOL_CALL_ARGS','toolCallId':'c2','delta':'[bad'}",
              "{'type':'TOOL_CALL_END','toolCallId':'c2'}",
              "{'type':'TEXT_MESSAGE_START','messageId':'later'}",
              "{'type':'TOOL_CALL_RESULT','messageId':'t1','toolCallId':'c1','content':'one'}",
              "{'type':'TOOL_CALL_RESULT','messageId':'t2','toolCallId':'c2','content':[{'type':'"
              "text','text':'two'}]}"});
        const SessionSnapshot &snap = s.current();
        QCOMPARE(snap.messageCount(), 4);
        // Tool messages go right after the assistant message, after its earlier tool messages.
        QCOMPARE(snap.message(0).id, QStringLiteral("a1"));
        QCOMPARE(snap.message(1).id, QStringLiteral("t1"));
        QCOMPARE(snap.message(2).id, QStringLiteral("t2"));
        QCOMPARE(snap.message(3).id, QStringLiteral("later"));
        QCOMPARE(snap.messagePosition(QStringLiteral("later")), 3);
        const ToolCall *c1 = snap.findToolCall(QStringLiteral("c1"));
        QCOMPARE(c1->status, ToolCallStatus::Answered);
        QCOMPARE(parsedToolArgs(*c1), std::optional<QJsonValue>(parse("{'x':2}")));
        QCOMPARE(c1->resultMessageId, QStringLiteral("t1"));
        QCOMPARE(c1->result(), QJsonValue(QStringLiteral("one")));
        QCOMPARE(c1->startSeq, 3);
        QCOMPARE(c1->endSeq, 6);
        QCOMPARE(c1->resultSeq, 11);
        const ToolCall *c2 = snap.findToolCall(QStringLiteral("c2"));
        QVERIFY(!parsedToolArgs(*c2));
        QVERIFY(!c2->rare().argsError.isEmpty());
        QCOMPARE(messagesAsAgUi(snap).at(0).toObject(),
                 parse("{'id':'a1','role':'assistant','content':'','toolCalls':["
                       "                   "
                       "{'id':'c1','type':'function','function':{'name':'f','arguments':'{"
                       "\\u0022x\\u0022:2}'}},"
                       "                   "
                       "{'id':'c2','type':'function','function':{'name':'g','arguments':'[bad'}}]}")
                     .toObject());
        QCOMPARE(messagesAsAgUi(snap).at(2).toObject(),
                 parse("{'id':'t2','role':'tool','toolCallId':'c2',"
                       "                           'content':[{'type':'text','text':'two'}]}")
                     .toObject());
    }

    void toolCallParentRules()
    {
        Session s;
        feed(s,
             {"{'type':'RUN_STARTED','threadId':'t','runId':'r'}",
              "{'type':'TOOL_CALL_START','toolCallId':'c1','toolCallName':'f'}",
              "{'type':'TOOL_CALL_START','toolCallId':'c2','toolCallName':'f','parentMessageId':'"
              "pm'}",
              "{'type':'TEXT_MESSAGE_START','messageId':'u','role':'user'}",
              "{'type':'TOOL_CALL_START','toolCallId':'c3','toolCallName':'f','parentMessageId':'u'"
              ",'subagentRunId':'s'}",
              "{'type':'TOOL_CALL_START','toolCallId':'c1','toolCallName':'renamed'}",
              "{'type':'TOOL_CALL_ARGS','toolCallId':'nope','delta':'x'}"});
        const SessionSnapshot &snap = s.current();
        // No parent: a new assistant message named after the call; unknown parent: named after
        // the parent; non-assistant parent: warning, named after the call.
        QCOMPARE(snap.messageCount(), 4);
        QCOMPARE(snap.message(0).id, QStringLiteral("c1"));
        QCOMPARE(snap.message(0).contentKind, ContentKind::Absent);
        QCOMPARE(snap.message(1).id, QStringLiteral("pm"));
        QCOMPARE(snap.message(3).id, QStringLiteral("c3"));
        QCOMPARE(snap.message(3).rare().subagentRunId, QStringLiteral("s"));
        QCOMPARE(snap.findToolCall(QStringLiteral("c1"))->name, QStringLiteral("renamed"));
        QCOMPARE(ruleIds(s.findingsAt(4), QStringLiteral("session")),
                 QStringList {QStringLiteral("session.parent-not-assistant")});
        QCOMPARE(ruleIds(s.findingsAt(5), QStringLiteral("session")),
                 QStringList {QStringLiteral("session.tool-call-renamed")});
        QCOMPARE(ruleIds(s.findingsAt(6), QStringLiteral("session")),
                 QStringList {QStringLiteral("session.unknown-tool-call")});
        QCOMPARE(
            messagesAsAgUi(snap).at(0).toObject(),
            parse("{'id':'c1','role':'assistant','toolCalls':["
                  "                   "
                  "{'id':'c1','type':'function','function':{'name':'renamed','arguments':''}}]}")
                .toObject());
    }

    void stateSnapshotAndDelta()
    {
        Session s;
        feed(s,
             {"{'type':'RUN_STARTED','threadId':'t','runId':'r'}",
              "{'type':'STATE_DELTA','delta':[{'op':'add','path':'/early','value':1}]}",
              "{'type':'STATE_SNAPSHOT','snapshot':{'items':[],'n':0}}",
              "{'type':'STATE_DELTA','delta':[{'op':'add','path':'/items/-','value':'a'},"
              "                                                    "
              "{'op':'replace','path':'/n','value':1}]}",
              "{'type':'STATE_DELTA','delta':[{'op':'replace','path':'/n','value':2},"
              "                                                    "
              "{'op':'replace','path':'/items/5','value':'x'}]}"});
        const SessionSnapshot &snap = s.current();
        QVERIFY(snap.hasState());
        // The failing delta is skipped whole (n stays 1) and reported.
        QCOMPARE(snap.state(), parse("{'items':['a'],'n':1}"));
        QCOMPARE(snap.stateSeq(), 3);
        QCOMPARE(ruleIds(s.findingsAt(4), QStringLiteral("session")),
                 QStringList {QStringLiteral("session.delta-failed")});
        QCOMPARE(s.findingsAt(4).last().diagnostic.path, QStringLiteral("/delta/1/path"));
        // Like the client, a delta before any snapshot applies to the initial {}.
        QCOMPARE(s.snapshotAt(1).state(), parse("{'early':1}"));
    }

    void activities()
    {
        Session s;
        feed(s,
             {"{'type':'RUN_STARTED','threadId':'t','runId':'r'}",
              "{'type':'ACTIVITY_SNAPSHOT','messageId':'a1','activityType':'PLAN','content':{'"
              "steps':[]}}",
              "{'type':'ACTIVITY_DELTA','messageId':'a1','activityType':'PLAN',"
              "                    'patch':[{'op':'add','path':'/steps/-','value':'s1'}]}",
              "{'type':'ACTIVITY_SNAPSHOT','messageId':'a1','activityType':'PLAN',"
              "                    'content':{'other':true},'replace':false}",
              "{'type':'ACTIVITY_DELTA','messageId':'ghost','activityType':'PLAN','patch':[]}",
              "{'type':'ACTIVITY_DELTA','messageId':'a1','activityType':'PLAN',"
              "                    'patch':[{'op':'remove','path':'/missing'}]}",
              "{'type':'TEXT_MESSAGE_START','messageId':'a1'}",
              "{'type':'ACTIVITY_SNAPSHOT','messageId':'a1','activityType':'PLAN2','content':{'v':"
              "2}}"});
        const SessionSnapshot &snap = s.current();
        QCOMPARE(snap.messageCount(), 1);
        const Message &a = snap.message(0);
        QCOMPARE(a.role, QStringLiteral("activity"));
        QCOMPARE(a.rare().activityType, QStringLiteral("PLAN2"));
        QCOMPARE(a.rare().contentJson, parse("{'v':2}"));
        QCOMPARE(s.snapshotAt(3).message(0).rare().contentJson, parse("{'steps':['s1']}"));
        QCOMPARE(ruleIds(s.findingsAt(4), QStringLiteral("session")),
                 QStringList {QStringLiteral("session.unknown-activity")});
        QCOMPARE(ruleIds(s.findingsAt(5), QStringLiteral("session")),
                 QStringList {QStringLiteral("session.activity-delta-failed")});
        QCOMPARE(ruleIds(s.findingsAt(6), QStringLiteral("session")),
                 QStringList {QStringLiteral("session.activity-id-conflict")});
        QCOMPARE(messagesAsAgUi(snap),
                 parse("[{'id':'a1','role':'activity','activityType':'PLAN2','content':{'v':2}}]")
                     .toArray());
    }

    void activitySnapshotReplacesNonActivity()
    {
        Session s;
        feed(s,
             {"{'type':'RUN_STARTED','threadId':'t','runId':'r'}",
              "{'type':'TEXT_MESSAGE_START','messageId':'m'}",
              "{'type':'ACTIVITY_SNAPSHOT','messageId':'m','activityType':'X','content':{}}"});
        QCOMPARE(s.current().message(0).role, QStringLiteral("activity"));
        QCOMPARE(s.lastChange().activitiesChanged, QStringList {QStringLiteral("m")});
    }

    void reasoning()
    {
        Session s;
        feed(s,
             {"{'type':'RUN_STARTED','threadId':'t','runId':'r'}",
              "{'type':'REASONING_START','messageId':'span'}",
              "{'type':'REASONING_MESSAGE_START','messageId':'rm','role':'reasoning'}",
              "{'type':'REASONING_MESSAGE_CONTENT','messageId':'rm','delta':'think'}",
              "{'type':'REASONING_MESSAGE_END','messageId':'rm'}",
              "{'type':'REASONING_MESSAGE_CHUNK','messageId':'rm2','delta':'more'}",
              "{'type':'REASONING_END','messageId':'span'}",
              "{'type':'REASONING_ENCRYPTED_VALUE','subtype':'message','entityId':'rm','"
              "encryptedValue':'enc'}",
              "{'type':'TOOL_CALL_START','toolCallId':'c','toolCallName':'f'}",
              "{'type':'REASONING_ENCRYPTED_VALUE','subtype':'tool-call','entityId':'c','"
              "encryptedValue':'e2'}",
              "{'type':'REASONING_ENCRYPTED_VALUE','subtype':'message','entityId':'none','"
              "encryptedValue':'e3'}"});
        const SessionSnapshot &snap = s.current();
        QCOMPARE(snap.reasoningSpanCount(), 1);
        QCOMPARE(snap.reasoningSpan(0).id, QStringLiteral("span"));
        QCOMPARE(snap.reasoningSpan(0).endSeq, 6);
        QCOMPARE(snap.message(0).role, QStringLiteral("reasoning"));
        QCOMPARE(snap.message(0).text, QStringLiteral("think"));
        QCOMPARE(snap.message(0).rare().encryptedValue, QStringLiteral("enc"));
        QCOMPARE(snap.message(1).id, QStringLiteral("rm2"));
        QCOMPARE(snap.message(1).text, QStringLiteral("more"));
        QCOMPARE(snap.findToolCall(QStringLiteral("c"))->rare().encryptedValue,
                 QStringLiteral("e2"));
        QCOMPARE(ruleIds(s.findingsAt(10), QStringLiteral("session")),
                 QStringList {QStringLiteral("session.unknown-entity")});
        QCOMPARE(messageAsAgUi(snap, snap.message(0)),
                 parse("{'id':'rm','role':'reasoning','content':'think','encryptedValue':'enc'}")
                     .toObject());
    }

    // AG-UI 1.1's encryptedValueType: the model keeps it (views show it), the client's view and
    // messagesAsAgUi do not (the pinned 1.0 client strips it: compat.newer-field, info).
    void encryptedValueTypeKeptBesideTheClientView()
    {
        Session s;
        feed(s,
             {"{'type':'RUN_STARTED','threadId':'t','runId':'r'}",
              "{'type':'REASONING_MESSAGE_START','messageId':'rm','role':'reasoning'}",
              "{'type':'REASONING_MESSAGE_END','messageId':'rm'}",
              "{'type':'REASONING_ENCRYPTED_VALUE','subtype':'message','entityId':'rm','"
              "encryptedValue':'enc','encryptedValueType':'anthropic.redacted_thinking'}",
              "{'type':'TOOL_CALL_START','toolCallId':'c','toolCallName':'f'}",
              "{'type':'REASONING_ENCRYPTED_VALUE','subtype':'tool-call','entityId':'c','"
              "encryptedValue':'e2','encryptedValueType':'vendor.call'}"});
        const SessionSnapshot &snap = s.current();
        QCOMPARE(snap.message(0).rare().encryptedValueType,
                 QStringLiteral("anthropic.redacted_thinking"));
        QCOMPARE(snap.findToolCall(QStringLiteral("c"))->rare().encryptedValueType,
                 QStringLiteral("vendor.call"));
        QCOMPARE(
            messageAsAgUi(snap, snap.message(0)),
            parse("{'id':'rm','role':'reasoning','content':'','encryptedValue':'enc'}").toObject());
        QCOMPARE(ruleIds(s.findingsAt(3), QStringLiteral("compat")),
                 QStringList {QStringLiteral("compat.newer-field")});
        for (const DeliveredEvent &d : s.clientView())
            QVERIFY(!d.json.contains(QLatin1String("encryptedValueType")));
    }

    void legacyThinkingGetsDeterministicIds()
    {
        Session s;
        feed(s,
             {"{'type':'RUN_STARTED','threadId':'t','runId':'r'}",
              "{'type':'THINKING_START','title':'x'}", "{'type':'THINKING_TEXT_MESSAGE_START'}",
              "{'type':'THINKING_TEXT_MESSAGE_CONTENT','delta':'hmm'}",
              "{'type':'THINKING_TEXT_MESSAGE_END'}",
              "{'type':'THINKING_TEXT_MESSAGE_CONTENT','delta':'orphan'}",
              "{'type':'THINKING_END'}"});
        const SessionSnapshot &snap = s.current();
        QCOMPARE(snap.reasoningSpanCount(), 1);
        QCOMPARE(snap.reasoningSpan(0).id, QStringLiteral("thinking-1"));
        QVERIFY(snap.reasoningSpan(0).legacy);
        QCOMPARE(snap.reasoningSpan(0).endSeq, 6);
        QCOMPARE(snap.messageCount(), 1);
        QCOMPARE(snap.message(0).id, QStringLiteral("thinking-2"));
        QCOMPARE(snap.message(0).role, QStringLiteral("reasoning"));
        QCOMPARE(snap.message(0).text, QStringLiteral("hmm"));
        // A continuation with no opener names an id nothing opened: reported, not applied.
        QCOMPARE(ruleIds(s.findingsAt(5), QStringLiteral("session")),
                 QStringList {QStringLiteral("session.unknown-message")});
        QVERIFY(s.findingsAt(5).last().diagnostic.message.contains(QStringLiteral("thinking-5")));
    }

    void subagents()
    {
        Session s;
        feed(s,
             {"{'type':'RUN_STARTED','threadId':'t','runId':'r'}",
              "{'type':'SUBAGENT_STARTED','subagentRunId':'s1','name':'researcher','"
              "parentToolCallId':'c'}",
              "{'type':'SUBAGENT_STARTED','subagentRunId':'s2','name':'writer'}",
              "{'type':'SUBAGENT_FINISHED','subagentRunId':'s1','result':'done','outcome':{'type':'"
              "success'}}",
              "{'type':'SUBAGENT_ERROR','subagentRunId':'s2','message':'bad','code':'X'}",
              "{'type':'SUBAGENT_FINISHED','subagentRunId':'s2'}"});
        const SessionSnapshot &snap = s.current();
        QCOMPARE(snap.subagentCount(), 2);
        QCOMPARE(snap.subagent(0).status, SubagentStatus::Finished);
        QCOMPARE(snap.subagent(0).parentToolCallId, QStringLiteral("c"));
        QCOMPARE(snap.subagent(0).result,
                 std::optional<QJsonValue>(QJsonValue(QStringLiteral("done"))));
        QCOMPARE(snap.subagent(1).status, SubagentStatus::Errored);
        QCOMPARE(snap.subagent(1).errorMessage, QStringLiteral("bad"));
        QCOMPARE(ruleIds(s.findingsAt(5), QStringLiteral("session")),
                 QStringList {QStringLiteral("session.subagent-not-running")});
    }

    void rawCustomUnknownInvalidChangeNothing()
    {
        Session s;
        feed(s, {"{'type':'RUN_STARTED','threadId':'t','runId':'r'}"});
        const SessionSnapshot before = s.current();
        feed(s,
             {"{'type':'RAW','event':{'x':1}}", "{'type':'CUSTOM','name':'n','value':null}",
              "{'type':'WHATEVER'}", "not json"});
        for (qint64 seq = 1; seq <= 4; ++seq) {
            QVERIFY2(s.changeAt(seq).appliedTypes.isEmpty(), qPrintable(QString::number(seq)));
            QCOMPARE(s.events().runIndex(seq), 0);
        }
        QCOMPARE(s.current().messageCount(), before.messageCount());
        QCOMPARE(s.current().state(), before.state());
        QCOMPARE(s.current().run(0).eventCount, 5);
    }

    void runInputSeedsTheModel()
    {
        Session s;
        s.setRunInput(parse("{'threadId':'t','runId':'r','state':{'k':1},"
                            "                                "
                            "'messages':[{'id':'u1','role':'user','content':'hi'}]}")
                          .toObject());
        feed(s,
             {"{'type':'RUN_STARTED','threadId':'t','runId':'r'}",
              "{'type':'STATE_DELTA','delta':[{'op':'replace','path':'/k','value':2}]}"});
        QCOMPARE(s.current().messageCount(), 1);
        QCOMPARE(s.current().state(), parse("{'k':2}"));
        QCOMPARE(s.current().run(0).rare().input.value(QLatin1String("runId")).toString(),
                 QStringLiteral("r"));
        QCOMPARE(s.snapshotAt(0).messageCount(), 1);
        QCOMPARE(s.snapshotAt(1).state(), parse("{'k':2}"));
    }

    void toolResultsInsertedIntoALongThread()
    {
        // 1500 assistant messages, each holding a call; answers arrive in reverse order, so each
        // tool message is inserted mid-thread (exercises the chunked order's splits).
        Session s;
        const int n = 1500;
        for (int i = 0; i < n; ++i) {
            const QByteArray id = QByteArray::number(i);
            s.append(ev("{'type':'TOOL_CALL_START','toolCallId':'c" + id
                        + "','toolCallName':'f','parentMessageId':'a" + id + "'}"));
        }
        for (int i = n - 1; i >= 0; --i) {
            const QByteArray id = QByteArray::number(i);
            s.append(ev("{'type':'TOOL_CALL_RESULT','messageId':'t" + id + "','toolCallId':'c" + id
                        + "','content':'r'}"));
        }
        const SessionSnapshot &snap = s.current();
        QCOMPARE(snap.messageCount(), 2 * n);
        for (int i = 0; i < n; ++i) {
            QCOMPARE(snap.message(2 * i).id, QStringLiteral("a%1").arg(i));
            QCOMPARE(snap.message(2 * i + 1).id, QStringLiteral("t%1").arg(i));
            QCOMPARE(snap.messagePosition(QStringLiteral("t%1").arg(i)), 2 * i + 1);
        }
        QVERIFY(s.snapshotAt(s.size() - 1) == snap);
    }

    void linterFindingsAreKeptPerEvent()
    {
        Session s;
        feed(s, {"{'type':'TEXT_MESSAGE_CONTENT','messageId':'m','delta':'x'}"});
        QVERIFY(!s.findingsAt(0).isEmpty());
        QVERIFY(s.events().summary(0).diagnosticCount >= 2); // verify + session findings
        QCOMPARE(s.events().summary(0).worstSeverity, std::optional<Severity>(Severity::Error));
    }
};

QTEST_GUILESS_MAIN(TestReducer)
#include "test_reducer.moc"
