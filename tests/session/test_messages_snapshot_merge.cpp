// MESSAGES_SNAPSHOT is a merge, not a blind replace (agui-protocol.md §3.6): every case of the
// client's rule, checked on the model and on messagesAsAgUi.

#include "session_test_util.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace agui;
using agui::test::ev;
using agui::test::feed;

namespace {

QJsonArray arr(const char *json)
{
    return QJsonDocument::fromJson(QByteArray(json)).array();
}

QStringList ids(const SessionSnapshot &snap)
{
    QStringList out;
    for (qsizetype i = 0; i < snap.messageCount(); ++i)
        out.append(snap.message(i).id);
    return out;
}

// A thread with: user u1, assistant a1 (text), activity act (type PLAN), reasoning r1.
void seed(Session &s)
{
    feed(
        s,
        {R"({"type":"RUN_STARTED","threadId":"t","runId":"r",
                "input":{"threadId":"t","runId":"r","messages":[{"id":"u1","role":"user","content":"q"}]}})",
         R"({"type":"TEXT_MESSAGE_START","messageId":"a1"})",
         R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"a1","delta":"local"})",
         R"({"type":"TEXT_MESSAGE_END","messageId":"a1"})",
         R"({"type":"ACTIVITY_SNAPSHOT","messageId":"act","activityType":"PLAN","content":{"s":1}})",
         R"({"type":"REASONING_MESSAGE_START","messageId":"r1","role":"reasoning"})",
         R"({"type":"REASONING_MESSAGE_CONTENT","messageId":"r1","delta":"why"})",
         R"({"type":"REASONING_MESSAGE_END","messageId":"r1"})"});
}

} // namespace

class TestMessagesSnapshotMerge : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void replacesInPlaceAndDropsAbsent()
    {
        Session s;
        seed(s);
        // a1 replaced in place (position kept), u1 absent -> dropped, activity kept (the snapshot
        // has no activity and no marker), reasoning kept (the snapshot has none), n1 appended.
        feed(s, {R"({"type":"MESSAGES_SNAPSHOT","messages":[
                   {"id":"n1","role":"user","content":"new"},
                   {"id":"a1","role":"assistant","content":"server"}]})"});
        const SessionSnapshot &snap = s.current();
        QCOMPARE(ids(snap),
                 (QStringList {QStringLiteral("a1"), QStringLiteral("act"), QStringLiteral("r1"),
                               QStringLiteral("n1")}));
        QCOMPARE(snap.message(0).text, QStringLiteral("server"));
        QVERIFY(snap.message(0).fromSnapshot);
        QCOMPARE(s.lastChange().messagesRemoved, QStringList {QStringLiteral("u1")});
        QCOMPARE(s.lastChange().messagesChanged, QStringList {QStringLiteral("a1")});
        QCOMPARE(s.lastChange().messagesAdded, QStringList {QStringLiteral("n1")});
        QCOMPARE(messagesAsAgUi(snap), arr(R"([{"id":"a1","role":"assistant","content":"server"},
                         {"id":"act","role":"activity","activityType":"PLAN","content":{"s":1}},
                         {"id":"r1","role":"reasoning","content":"why"},
                         {"id":"n1","role":"user","content":"new"}])"));
        QCOMPARE(snap.messagePosition(QStringLiteral("n1")), 3);
        QCOMPARE(snap.messagePosition(QStringLiteral("u1")), -1);
    }

    void activityDroppedWhenSnapshotHasActivities()
    {
        Session s;
        seed(s);
        // No marker, but the snapshot carries an activity message: authoritative for all types.
        feed(s, {R"({"type":"MESSAGES_SNAPSHOT","messages":[
                   {"id":"act2","role":"activity","activityType":"OTHER","content":{}}]})"});
        QCOMPARE(ids(s.current()), (QStringList {QStringLiteral("r1"), QStringLiteral("act2")}));
    }

    void activityKeptUnlessListedAsAuthoritative()
    {
        Session s;
        seed(s);
        feed(s, {R"({"type":"MESSAGES_SNAPSHOT","messages":[
                   {"id":"act2","role":"activity","activityType":"OTHER","content":{}}],
                   "metadata":{"@ag-ui/client":{"authoritativeActivityTypes":["OTHER"]}}})"});
        QCOMPARE(
            ids(s.current()),
            (QStringList {QStringLiteral("act"), QStringLiteral("r1"), QStringLiteral("act2")}));
    }

    void activityDroppedWhenListed()
    {
        Session s;
        seed(s);
        feed(s, {R"({"type":"MESSAGES_SNAPSHOT","messages":[],
                   "metadata":{"@ag-ui/client":{"authoritativeActivityTypes":["PLAN"]}}})"});
        QCOMPARE(ids(s.current()), QStringList {QStringLiteral("r1")});
    }

    void activityDroppedWhenAuthoritativeForAll()
    {
        Session s;
        seed(s);
        feed(s, {R"({"type":"MESSAGES_SNAPSHOT","messages":[],
                   "metadata":{"@ag-ui/client":{"authoritativeActivityTypes":null}}})"});
        QCOMPARE(ids(s.current()), QStringList {QStringLiteral("r1")});
    }

    void emptyListIsAuthoritativeForNone()
    {
        Session s;
        seed(s);
        // An empty list (or a malformed marker) is authoritative for no type, even though the
        // snapshot has an activity message.
        feed(s, {R"({"type":"MESSAGES_SNAPSHOT","messages":[
                   {"id":"act2","role":"activity","activityType":"PLAN","content":{}}],
                   "metadata":{"@ag-ui/client":{"authoritativeActivityTypes":[]}}})"});
        QCOMPARE(
            ids(s.current()),
            (QStringList {QStringLiteral("act"), QStringLiteral("r1"), QStringLiteral("act2")}));
    }

    void reasoningDroppedWhenSnapshotHasReasoning()
    {
        Session s;
        seed(s);
        feed(s, {R"({"type":"MESSAGES_SNAPSHOT","messages":[
                   {"id":"r2","role":"reasoning","content":"server reasoning"}]})"});
        QCOMPARE(ids(s.current()), (QStringList {QStringLiteral("act"), QStringLiteral("r2")}));
    }

    void newMessagesAppendedInSnapshotOrder()
    {
        Session s;
        seed(s);
        feed(s, {R"({"type":"MESSAGES_SNAPSHOT","messages":[
                   {"id":"z","role":"user","content":"1"},
                   {"id":"a1","role":"assistant","content":"kept"},
                   {"id":"y","role":"assistant","content":"2","toolCalls":[
                      {"id":"tc","type":"function","function":{"name":"f","arguments":"{}"}}]},
                   {"id":"tm","role":"tool","toolCallId":"tc","content":"res"}]})"});
        const SessionSnapshot &snap = s.current();
        QCOMPARE(ids(snap),
                 (QStringList {QStringLiteral("a1"), QStringLiteral("act"), QStringLiteral("r1"),
                               QStringLiteral("z"), QStringLiteral("y"), QStringLiteral("tm")}));
        // Calls listed in a snapshot join the tool call table, answered by the tool message.
        const ToolCall *call = snap.findToolCall(QStringLiteral("tc"));
        QVERIFY(call);
        QCOMPARE(call->parentMessageId, QStringLiteral("y"));
        QCOMPARE(call->status, ToolCallStatus::Answered);
        QCOMPARE(call->resultMessageId, QStringLiteral("tm"));
        QCOMPARE(messageAsAgUi(snap, snap.message(4)),
                 arr(R"([{"id":"y","role":"assistant","content":"2","toolCalls":[
                      {"id":"tc","type":"function","function":{"name":"f","arguments":"{}"}}]}])")
                     .at(0)
                     .toObject());
    }

    // The positional match (a snapshot repeating the thread in order) and the hash agree; a
    // repeated id in the snapshot takes its last occurrence, as the client's Map does.
    void inOrderAndRepeatedIds()
    {
        Session s;
        seed(s);
        // In order: every local message at its own position, then a new one.
        feed(s, {R"({"type":"MESSAGES_SNAPSHOT","messages":[
                   {"id":"u1","role":"user","content":"q"},
                   {"id":"a1","role":"assistant","content":"local"},
                   {"id":"act","role":"activity","activityType":"PLAN","content":{"s":2}},
                   {"id":"r1","role":"reasoning","content":"why"},
                   {"id":"n1","role":"user","content":"next"}]})"});
        QCOMPARE(ids(s.current()),
                 (QStringList {QStringLiteral("u1"), QStringLiteral("a1"), QStringLiteral("act"),
                               QStringLiteral("r1"), QStringLiteral("n1")}));
        QCOMPARE(s.lastChange().messagesChanged, QStringList {QStringLiteral("act")});
        QCOMPARE(s.lastChange().messagesAdded, QStringList {QStringLiteral("n1")});
        // a1 twice: the local a1 takes the last version, and neither is appended again (the
        // activity and the reasoning stay: the snapshot has neither kind).
        feed(s, {R"({"type":"MESSAGES_SNAPSHOT","messages":[
                   {"id":"u1","role":"user","content":"q"},
                   {"id":"a1","role":"assistant","content":"first"},
                   {"id":"a1","role":"assistant","content":"second"}]})"});
        const SessionSnapshot &snap = s.current();
        QCOMPARE(ids(snap),
                 (QStringList {QStringLiteral("u1"), QStringLiteral("a1"), QStringLiteral("act"),
                               QStringLiteral("r1")}));
        QCOMPARE(snap.message(1).text, QStringLiteral("second"));
    }

    void snapshotMessagesLoseWhatTheClientStrips()
    {
        Session s;
        feed(s, {R"({"type":"MESSAGES_SNAPSHOT","messages":[
                   {"id":"u","role":"user","content":[{"type":"text","text":"hi"}],"name":"",
                    "metadata":{"k":1},"subagentRunId":null,"custom":42},
                   {"id":"t","role":"tool","toolCallId":"c","content":"x","name":"no"}]})"});
        // The received event keeps what the schema does not know (and the schema layer says the
        // client strips it)...
        QCOMPARE(
            s.events().event(0).json.value(QLatin1String("messages"))[0][QLatin1String("custom")],
            QJsonValue(42));
        // ... the model is what the client builds: its enforce stage strips it (tool messages
        // have no name).
        QVERIFY(!s.current().message(0).rare().extra.contains(QLatin1String("custom")));
        QCOMPARE(s.current().message(1).rare().name, QString());
        QCOMPARE(messagesAsAgUi(s.current()),
                 arr(R"([{"id":"u","role":"user","content":[{"type":"text","text":"hi"}],"name":"",
                          "metadata":{"k":1}},
                         {"id":"t","role":"tool","toolCallId":"c","content":"x"}])"));
    }

    void streamingContinuesIntoReplacedMessage()
    {
        Session s;
        seed(s);
        feed(
            s,
            {R"({"type":"MESSAGES_SNAPSHOT","messages":[{"id":"a1","role":"assistant","content":"A"}]})",
             R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"a1","delta":"B"})"});
        QCOMPARE(s.current().findMessage(QStringLiteral("a1"))->text, QStringLiteral("AB"));
    }

    void identicalReplacementIsNotAChange()
    {
        Session s;
        feed(
            s,
            {R"({"type":"MESSAGES_SNAPSHOT","messages":[{"id":"u","role":"user","content":"x"}]})",
             R"({"type":"MESSAGES_SNAPSHOT","messages":[{"id":"u","role":"user","content":"x"}]})"});
        QVERIFY(s.lastChange().messagesChanged.isEmpty());
        QVERIFY(s.lastChange().messagesAdded.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestMessagesSnapshotMerge)
#include "test_messages_snapshot_merge.moc"
