// ChunkExpander follows @ag-ui/client 1.0 transformChunks (agui-protocol.md §1.5): lanes by
// subagentRunId, START/CONTENT/END synthesis, closing triggers, and the errors of the client
// verbatim.
#include "core/protocol/chunkexpander.h"
#include "core/protocol/decoder.h"

#include <QJsonDocument>
#include <QTest>

using namespace agui;

namespace {

qint64 g_seq = 0;

Event ev(const char *json)
{
    Event e = decodePayload(QByteArray(json), Framing::Sse);
    e.seq = g_seq++;
    e.receivedAtUs = 1000 + e.seq;
    e.streamOffset = 10 * e.seq;
    return e;
}

// Compact "TYPE{json}" list, without the type key, for readable comparisons.
QStringList render(const QList<Event> &events)
{
    QStringList out;
    for (const Event &e : events) {
        QJsonObject o = e.json;
        o.remove(QStringLiteral("type"));
        out << e.typeName + QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
    }
    return out;
}

QStringList feed(ChunkExpander &x, std::initializer_list<const char *> jsons)
{
    QList<Event> all;
    for (const char *j : jsons)
        all += x.expand(ev(j));
    return render(all);
}

QStringList L(std::initializer_list<const char *> items)
{
    QStringList out;
    for (const char *i : items)
        out << QString::fromUtf8(i);
    return out;
}

} // namespace

class TestChunkExpander : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void nonChunkEventsPassThrough()
    {
        ChunkExpander x;
        const Event e = ev(R"({"type":"TEXT_MESSAGE_START","messageId":"m"})");
        const QList<Event> out = x.expand(e);
        QCOMPARE(out.size(), 1);
        QCOMPARE(out[0].seq, e.seq);
        QCOMPARE(out[0].framing, Framing::Sse);
        QCOMPARE(out[0].json, e.json);
    }

    void textChunksExpand()
    {
        ChunkExpander x;
        const Event first = ev(R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"m1","delta":"Hel"})");
        const QList<Event> a = x.expand(first);
        QCOMPARE(render(a),
                 L({R"(TEXT_MESSAGE_START{"messageId":"m1","role":"assistant"})",
                    R"(TEXT_MESSAGE_CONTENT{"delta":"Hel","messageId":"m1"})"}));
        for (const Event &s : a) {
            QCOMPARE(s.framing, Framing::Synthetic);
            QCOMPARE(s.originSeq, first.seq);
            QCOMPARE(s.seq, qint64(-1));
            QCOMPARE(s.receivedAtUs, first.receivedAtUs);
            QCOMPARE(s.streamOffset, first.streamOffset);
            QVERIFY(s.raw.isEmpty());
        }
        QCOMPARE(feed(x,
                      {R"({"type":"TEXT_MESSAGE_CHUNK","delta":"lo"})",
                       R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"m1"})",
                       R"({"type":"RUN_FINISHED","threadId":"t","runId":"r"})"}),
                 L({R"(TEXT_MESSAGE_CONTENT{"delta":"lo","messageId":"m1"})",
                    // the id-only continuation yields nothing, like the client
                    R"(TEXT_MESSAGE_END{"messageId":"m1"})",
                    R"(RUN_FINISHED{"runId":"r","threadId":"t"})"}));
        QVERIFY(x.openStreams().isEmpty());
    }

    void roleNameMetadataRawEvent()
    {
        ChunkExpander x;
        QCOMPARE(
            feed(
                x,
                {R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"m","role":"user","name":"ann","metadata":{"k":1}})",
                 R"({"type":"TEXT_MESSAGE_CHUNK","rawEvent":{"p":1}})",
                 R"({"type":"TEXT_MESSAGE_CHUNK","metadata":{"k":2}})"}),
            L({R"(TEXT_MESSAGE_START{"messageId":"m","metadata":{"k":1},"name":"ann","role":"user"})",
               R"(TEXT_MESSAGE_CONTENT{"delta":"","messageId":"m","rawEvent":{"p":1}})",
               R"(TEXT_MESSAGE_CONTENT{"delta":"","messageId":"m","metadata":{"k":2}})"}));
    }

    void newIdClosesAndReopens()
    {
        ChunkExpander x;
        QCOMPARE(
            feed(
                x,
                {R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"m1","delta":"a"})",
                 R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"m2","delta":"b"})",
                 R"({"type":"TOOL_CALL_CHUNK","toolCallId":"c1","toolCallName":"f","parentMessageId":"m2","delta":"args"})",
                 R"({"type":"REASONING_MESSAGE_CHUNK","messageId":"r1","delta":"hm"})"}),
            L({R"(TEXT_MESSAGE_START{"messageId":"m1","role":"assistant"})",
               R"(TEXT_MESSAGE_CONTENT{"delta":"a","messageId":"m1"})",
               R"(TEXT_MESSAGE_END{"messageId":"m1"})",
               R"(TEXT_MESSAGE_START{"messageId":"m2","role":"assistant"})",
               R"(TEXT_MESSAGE_CONTENT{"delta":"b","messageId":"m2"})",
               // a different kind closes the open stream of the lane too
               R"(TEXT_MESSAGE_END{"messageId":"m2"})",
               R"(TOOL_CALL_START{"parentMessageId":"m2","toolCallId":"c1","toolCallName":"f"})",
               R"(TOOL_CALL_ARGS{"delta":"args","toolCallId":"c1"})",
               R"(TOOL_CALL_END{"toolCallId":"c1"})",
               R"(REASONING_MESSAGE_START{"messageId":"r1","role":"reasoning"})",
               R"(REASONING_MESSAGE_CONTENT{"delta":"hm","messageId":"r1"})"}));
    }

    void firstChunkNeedsId_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("message");
        QTest::newRow("text") << QByteArray(R"({"type":"TEXT_MESSAGE_CHUNK","delta":"x"})")
                              << "/messageId"
                              << "First TEXT_MESSAGE_CHUNK must have a messageId";
        QTest::newRow("tool id") << QByteArray(R"({"type":"TOOL_CALL_CHUNK","toolCallName":"f"})")
                                 << "/toolCallId"
                                 << "First TOOL_CALL_CHUNK must have a toolCallId";
        QTest::newRow("tool name")
            << QByteArray(R"({"type":"TOOL_CALL_CHUNK","toolCallId":"c"})") << "/toolCallName"
            << "First TOOL_CALL_CHUNK must have a toolCallName";
        QTest::newRow("reasoning")
            << QByteArray(R"({"type":"REASONING_MESSAGE_CHUNK","delta":"x"})") << "/messageId"
            << "First REASONING_MESSAGE_CHUNK must have a messageId";
    }

    void firstChunkNeedsId()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, path);
        QFETCH(QString, message);
        ChunkExpander x;
        const Event e = ev(json.constData());
        const QList<Event> out = x.expand(e);
        QCOMPARE(out.size(), 1);
        QCOMPARE(out[0].seq, e.seq); // the chunk itself, kept, with the error of the client
        QCOMPARE(out[0].framing, Framing::Sse);
        QCOMPARE(out[0].diagnostics.size(), 1);
        QCOMPARE(out[0].diagnostics[0].ruleId, QStringLiteral("chunk.first-needs-id"));
        QCOMPARE(out[0].diagnostics[0].severity, Severity::Error);
        QCOMPARE(out[0].diagnostics[0].path, path);
        QCOMPARE(out[0].diagnostics[0].message, message);
    }

    void firstChunkErrorStillClosesTheLane()
    {
        ChunkExpander x;
        feed(x, {R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"m1"})"});
        const QList<Event> out = x.expand(ev(R"({"type":"TOOL_CALL_CHUNK","delta":"x"})"));
        QCOMPARE(out.size(), 2);
        QCOMPARE(out[0].type, EventType::TextMessageEnd);
        QCOMPARE(out[1].type, EventType::ToolCallChunk);
        QCOMPARE(out[1].diagnostics.value(0).ruleId, QStringLiteral("chunk.first-needs-id"));
        QVERIFY(x.openStreams().isEmpty());
    }

    void cannotContinue_data()
    {
        QTest::addColumn<QByteArray>("opener");
        QTest::addColumn<QByteArray>("chunk");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("message");
        QTest::newRow("role") << QByteArray(R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"m1"})")
                              << QByteArray(R"({"type":"TEXT_MESSAGE_CHUNK","role":"user"})")
                              << "/role"
                              << "Cannot continue text message 'm1': chunk role 'user' does not "
                                 "match the open stream's role 'assistant'.";
        QTest::newRow("name absent")
            << QByteArray(R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"m1"})")
            << QByteArray(R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"m1","name":"bob"})")
            << "/name"
            << "Cannot continue text message 'm1': chunk name 'bob' does not match the open "
               "stream's name (absent).";
        QTest::newRow("toolCallName")
            << QByteArray(R"({"type":"TOOL_CALL_CHUNK","toolCallId":"c1","toolCallName":"f"})")
            << QByteArray(R"({"type":"TOOL_CALL_CHUNK","toolCallName":"g","delta":"x"})")
            << "/toolCallName"
            << "Cannot continue tool call 'c1': chunk toolCallName 'g' does not match the open "
               "stream's toolCallName 'f'.";
        QTest::newRow("parentMessageId")
            << QByteArray(
                   R"({"type":"TOOL_CALL_CHUNK","toolCallId":"c1","toolCallName":"f","parentMessageId":"m1"})")
            << QByteArray(R"({"type":"TOOL_CALL_CHUNK","toolCallId":"c1","parentMessageId":"m2"})")
            << "/parentMessageId"
            << "Cannot continue tool call 'c1': chunk parentMessageId 'm2' does not match the "
               "open stream's parentMessageId 'm1'.";
        QTest::newRow("subagent")
            << QByteArray(R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"m1","subagentRunId":"s1"})")
            << QByteArray(R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"m1","subagentRunId":"s2"})")
            << "/subagentRunId"
            << "Cannot continue text message 'm1': chunk subagentRunId 's2' does not match the "
               "open stream's subagent 's1'.";
        QTest::newRow("subagent vs parent")
            << QByteArray(R"({"type":"REASONING_MESSAGE_CHUNK","messageId":"r1"})")
            << QByteArray(
                   R"({"type":"REASONING_MESSAGE_CHUNK","messageId":"r1","subagentRunId":"s2"})")
            << "/subagentRunId"
            << "Cannot continue reasoning message 'r1': chunk subagentRunId 's2' does not match "
               "the open stream's subagent '(the parent agent)'.";
    }

    void cannotContinue()
    {
        QFETCH(QByteArray, opener);
        QFETCH(QByteArray, chunk);
        QFETCH(QString, path);
        QFETCH(QString, message);
        ChunkExpander x;
        QCOMPARE(x.expand(ev(opener.constData())).size(), 1);
        const QList<Event> out = x.expand(ev(chunk.constData()));
        QCOMPARE(out.size(), 1);
        QCOMPARE(out[0].framing, Framing::Sse);
        QCOMPARE(out[0].diagnostics.size(), 1);
        QCOMPARE(out[0].diagnostics[0].ruleId, QStringLiteral("chunk.cannot-continue"));
        QCOMPARE(out[0].diagnostics[0].path, path);
        QCOMPARE(out[0].diagnostics[0].message, message);
        QCOMPARE(x.openStreams().size(), 1); // the open stream is untouched
    }

    void lanesBySubagent()
    {
        ChunkExpander x;
        QCOMPARE(
            feed(
                x,
                {R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"p1","delta":"a"})",
                 R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"s1m","subagentRunId":"s1","delta":"b"})",
                 // id-less, untagged: the open text stream of the parent lane comes first
                 R"({"type":"TEXT_MESSAGE_CHUNK","delta":"c"})",
                 // tagged: its own lane
                 R"({"type":"TEXT_MESSAGE_CHUNK","subagentRunId":"s1","delta":"d"})",
                 // a bracket event in lane s1 closes only s1
                 R"({"type":"STEP_STARTED","stepName":"x","subagentRunId":"s1"})"}),
            L({R"(TEXT_MESSAGE_START{"messageId":"p1","role":"assistant"})",
               R"(TEXT_MESSAGE_CONTENT{"delta":"a","messageId":"p1"})",
               R"(TEXT_MESSAGE_START{"messageId":"s1m","role":"assistant","subagentRunId":"s1"})",
               R"(TEXT_MESSAGE_CONTENT{"delta":"b","messageId":"s1m","subagentRunId":"s1"})",
               R"(TEXT_MESSAGE_CONTENT{"delta":"c","messageId":"p1"})",
               R"(TEXT_MESSAGE_CONTENT{"delta":"d","messageId":"s1m","subagentRunId":"s1"})",
               R"(TEXT_MESSAGE_END{"messageId":"s1m","subagentRunId":"s1"})",
               R"(STEP_STARTED{"stepName":"x","subagentRunId":"s1"})"}));
        QCOMPARE(x.openStreams(), (QHash<QString, QString> {{QString(), QStringLiteral("p1")}}));
    }

    void idOnlyChunkFindsItsLane()
    {
        ChunkExpander x;
        // The chunk names the id open in lane s1 without a tag: continues there (with s1 tag).
        QCOMPARE(
            feed(x,
                 {R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"m","subagentRunId":"s1"})",
                  R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"m","delta":"x"})"}),
            L({R"(TEXT_MESSAGE_START{"messageId":"m","role":"assistant","subagentRunId":"s1"})",
               R"(TEXT_MESSAGE_CONTENT{"delta":"x","messageId":"m","subagentRunId":"s1"})"}));
    }

    void onlyOneLaneOpen()
    {
        ChunkExpander x;
        QCOMPARE(
            feed(
                x,
                {R"({"type":"TOOL_CALL_CHUNK","toolCallId":"c","toolCallName":"f","subagentRunId":"s1"})",
                 R"({"type":"TOOL_CALL_CHUNK","delta":"{}"})"}),
            L({R"(TOOL_CALL_START{"subagentRunId":"s1","toolCallId":"c","toolCallName":"f"})",
               R"(TOOL_CALL_ARGS{"delta":"{}","subagentRunId":"s1","toolCallId":"c"})"}));
    }

    void ambiguous()
    {
        ChunkExpander x;
        feed(x,
             {R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"a","subagentRunId":"s1"})",
              R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"b","subagentRunId":"s2"})"});
        const QList<Event> out = x.expand(ev(R"({"type":"TEXT_MESSAGE_CHUNK","delta":"?"})"));
        QCOMPARE(out.size(), 1);
        QCOMPARE(out[0].diagnostics.value(0).ruleId, QStringLiteral("chunk.ambiguous"));
        QCOMPARE(out[0].diagnostics.value(0).message,
                 QStringLiteral("Ambiguous TEXT_MESSAGE_CHUNK: it carries neither a messageId "
                                "nor a subagentRunId, but 2 lanes have an open text message. "
                                "Attribute the chunk to the subagent it belongs to."));
        const QList<Event> tool = x.expand(ev(R"({"type":"TOOL_CALL_CHUNK","delta":"?"})"));
        // no tool lane open: the first-chunk rule applies instead
        QCOMPARE(tool.last().diagnostics.value(0).ruleId, QStringLiteral("chunk.first-needs-id"));
    }

    void closingTriggers_data()
    {
        QTest::addColumn<QByteArray>("trigger");
        QTest::addColumn<int>("closed"); // how many of the two lanes (parent, s1) it closes
        QTest::addColumn<bool>("parentFirst");
        const struct
        {
            const char *json;
            int closed;
        } rows[] = {
            {R"({"type":"TEXT_MESSAGE_START","messageId":"x"})", 1},
            {R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"x","delta":""})", 1},
            {R"({"type":"TEXT_MESSAGE_END","messageId":"x"})", 1},
            {R"({"type":"TOOL_CALL_START","toolCallId":"x","toolCallName":"f"})", 1},
            {R"({"type":"TOOL_CALL_ARGS","toolCallId":"x","delta":""})", 1},
            {R"({"type":"TOOL_CALL_END","toolCallId":"x"})", 1},
            {R"({"type":"TOOL_CALL_RESULT","messageId":"t","toolCallId":"x","content":""})", 1},
            {R"({"type":"STATE_SNAPSHOT","snapshot":{}})", 1},
            {R"({"type":"STATE_DELTA","delta":[]})", 1},
            {R"({"type":"CUSTOM","name":"n","value":1})", 1},
            {R"({"type":"STEP_STARTED","stepName":"s"})", 1},
            {R"({"type":"STEP_FINISHED","stepName":"s"})", 1},
            {R"({"type":"REASONING_START","messageId":"x"})", 1},
            {R"({"type":"REASONING_MESSAGE_START","messageId":"x","role":"reasoning"})", 1},
            {R"({"type":"REASONING_MESSAGE_CONTENT","messageId":"x","delta":""})", 1},
            {R"({"type":"REASONING_MESSAGE_END","messageId":"x"})", 1},
            {R"({"type":"REASONING_END","messageId":"x"})", 1},
            {R"({"type":"THINKING_START"})", 1},
            {R"({"type":"RUN_STARTED","threadId":"t","runId":"r"})", 2},
            {R"({"type":"RUN_FINISHED","threadId":"t","runId":"r"})", 2},
            {R"({"type":"RUN_ERROR","message":"m"})", 2},
            {R"({"type":"MESSAGES_SNAPSHOT","messages":[]})", 2},
            {R"({"type":"RAW","event":{}})", 0},
            {R"({"type":"ACTIVITY_SNAPSHOT","messageId":"a","activityType":"x","content":{}})", 0},
            {R"({"type":"ACTIVITY_DELTA","messageId":"a","activityType":"x","patch":[]})", 0},
            {R"({"type":"REASONING_ENCRYPTED_VALUE","subtype":"message","entityId":"p","encryptedValue":"v"})",
             0},
            {R"({"type":"SUBAGENT_STARTED","subagentRunId":"s9","name":"n"})", 0},
            {R"({"type":"SUBAGENT_FINISHED","subagentRunId":"s9"})", 0},
            {R"({"type":"made_up"})", 0},
        };
        for (const auto &r : rows)
            QTest::newRow(r.json) << QByteArray(r.json) << r.closed << true;
    }

    void closingTriggers()
    {
        QFETCH(QByteArray, trigger);
        QFETCH(int, closed);
        ChunkExpander x;
        feed(
            x,
            {R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"p"})",
             R"({"type":"TOOL_CALL_CHUNK","toolCallId":"c","toolCallName":"f","subagentRunId":"s1"})"});
        const Event t = ev(trigger.constData());
        const QList<Event> out = x.expand(t);
        QCOMPARE(out.size(), closed + 1);
        QCOMPARE(out.last().seq, t.seq); // the trigger comes after the synthesised ENDs
        if (closed >= 1) {
            QCOMPARE(out[0].type, EventType::TextMessageEnd);
            QCOMPARE(out[0].originSeq, t.seq);
        }
        if (closed == 2)
            QCOMPARE(render({out[1]}),
                     L({R"(TOOL_CALL_END{"subagentRunId":"s1","toolCallId":"c"})"}));
        QCOMPARE(x.openStreams().size(), 2 - closed);
    }

    void subagentEndClosesItsLane()
    {
        ChunkExpander x;
        feed(x,
             {R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"p"})",
              R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"q","subagentRunId":"s1"})"});
        QCOMPARE(feed(x, {R"({"type":"SUBAGENT_ERROR","subagentRunId":"s1","message":"x"})"}),
                 L({R"(TEXT_MESSAGE_END{"messageId":"q","subagentRunId":"s1"})",
                    R"(SUBAGENT_ERROR{"message":"x","subagentRunId":"s1"})"}));
        QCOMPARE(x.openStreams().size(), 1);
    }

    void toolCallIdSharedWithMessageIdIsAnotherKind()
    {
        // Ids are per kind: a tool chunk with the id of the open text stream opens a new stream.
        ChunkExpander x;
        QCOMPARE(feed(x,
                      {R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"same"})",
                       R"({"type":"TOOL_CALL_CHUNK","toolCallId":"same","toolCallName":"f"})"}),
                 L({R"(TEXT_MESSAGE_START{"messageId":"same","role":"assistant"})",
                    R"(TEXT_MESSAGE_END{"messageId":"same"})",
                    R"(TOOL_CALL_START{"toolCallId":"same","toolCallName":"f"})"}));
    }
};

QTEST_GUILESS_MAIN(TestChunkExpander)
#include "test_chunk_expander.moc"
