// Internal events -> AG-UI (port contract B): every row of the mapping table, the projection
// and its deltas, options, closing at turn end, coalescing and input errors.

#include "core/agent/internalevents.h"
#include "core/agent/renderer.h"
#include "core/json/jsonpatch.h"

#include <QJsonDocument>
#include <QtTest>

using namespace agui;

namespace {

QJsonObject ev(const char *json)
{
    return QJsonDocument::fromJson(QByteArray(json)).object();
}

QStringList types(const QList<QJsonObject> &events)
{
    QStringList out;
    for (const QJsonObject &e : events)
        out << e.value(QStringLiteral("type")).toString();
    return out;
}

QStringList sl(std::initializer_list<const char *> items)
{
    QStringList out;
    for (const char *s : items)
        out << QString::fromLatin1(s);
    return out;
}

// Renders each event, failing the test on an input error; returns all output events.
QList<QJsonObject> feed(Renderer &r, std::initializer_list<const char *> events)
{
    QList<QJsonObject> out;
    for (const char *json : events) {
        const Renderer::Result res = r.render(ev(json));
        if (!res.error.isEmpty())
            qWarning("render error: %s", qPrintable(res.error));
        out += res.events;
    }
    return out;
}

Renderer started(const char *turn = R"({"type":"turn_started","turn_id":"r1","thread_id":"t1"})")
{
    Renderer r;
    r.render(ev(turn));
    return r;
}

} // namespace

class TestRenderer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void turnStarted()
    {
        Renderer r;
        const auto out = feed(r, {R"({"type":"turn_started","turn_id":"r1","thread_id":"t1"})"});
        QCOMPARE(out,
                 QList<QJsonObject> {ev(R"({"type":"RUN_STARTED","threadId":"t1","runId":"r1"})")});
        QCOMPARE(r.projection().value(QStringLiteral("status")).toString(),
                 QStringLiteral("running"));
    }

    void turnStartedOptionsOverride()
    {
        Renderer::Options o;
        o.threadId = QStringLiteral("T");
        o.runId = QStringLiteral("R");
        Renderer r(o);
        const auto out = feed(r, {R"({"type":"turn_started","turn_id":"r1"})"});
        QCOMPARE(out.first(), ev(R"({"type":"RUN_STARTED","threadId":"T","runId":"R"})"));
    }

    void turnStartedWithoutThreadIsAnError()
    {
        Renderer r;
        const auto res = r.render(ev(R"({"type":"turn_started","turn_id":"r1"})"));
        QVERIFY(res.events.isEmpty());
        QVERIFY(res.error.contains(QStringLiteral("thread_id")));
    }

    void turnStartedWhileOpenIsAnError()
    {
        Renderer r = started();
        const auto res = r.render(ev(R"({"type":"turn_started","turn_id":"r2","thread_id":"t1"})"));
        QVERIFY(res.events.isEmpty());
        QVERIFY2(res.error.contains(QStringLiteral("still open")), qPrintable(res.error));
        // After the turn ends a new one may start.
        feed(r, {R"({"type":"turn_completed"})"});
        QCOMPARE(
            types(
                r.render(ev(R"({"type":"turn_started","turn_id":"r2","thread_id":"t1"})")).events),
            sl({"RUN_STARTED"}));
        feed(r, {R"({"type":"turn_cancelled"})"});
        QVERIFY(r.render(ev(R"({"type":"turn_started","turn_id":"r3","thread_id":"t1"})"))
                    .error.isEmpty());
    }

    void snapshotOnTurnStartOption()
    {
        Renderer::Options o;
        o.snapshotOnTurnStart = true;
        Renderer r(o);
        const auto out = feed(r,
                              {R"({"type":"turn_started","turn_id":"r1","thread_id":"t"})",
                               R"({"type":"state_changed","status":"running"})"});
        QCOMPARE(types(out), sl({"RUN_STARTED", "STATE_SNAPSHOT"})); // already sent: no delta
        QCOMPARE(out.at(1)
                     .value(QStringLiteral("snapshot"))
                     .toObject()
                     .value(QStringLiteral("status"))
                     .toString(),
                 QStringLiteral("running"));
    }

    void textDelta()
    {
        Renderer r = started();
        const auto out = feed(r,
                              {R"({"type":"text_delta","message_id":"m","delta":"He"})",
                               R"({"type":"text_delta","message_id":"m","delta":"llo"})",
                               R"({"type":"text_delta","message_id":"m","delta":""})"});
        QCOMPARE(types(out),
                 sl({"TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_CONTENT"}));
        QCOMPARE(out.at(0),
                 ev(R"({"type":"TEXT_MESSAGE_START","messageId":"m","role":"assistant"})"));
        QCOMPARE(out.at(2).value(QStringLiteral("delta")).toString(), QStringLiteral("llo"));
    }

    void thinkingDeltaAndMessageCompleted()
    {
        Renderer r = started();
        const auto out = feed(r,
                              {R"({"type":"thinking_delta","message_id":"m","delta":"hmm"})",
                               R"({"type":"thinking_delta","message_id":"m","delta":"!"})",
                               R"({"type":"text_delta","message_id":"m","delta":"ok"})",
                               R"({"type":"message_completed","message_id":"m"})"});
        QCOMPARE(types(out),
                 sl({"REASONING_START", "REASONING_MESSAGE_START", "REASONING_MESSAGE_CONTENT",
                     "REASONING_MESSAGE_CONTENT", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT",
                     "TEXT_MESSAGE_END", "REASONING_MESSAGE_END", "REASONING_END"}));
        QCOMPARE(
            out.at(1),
            ev(R"({"type":"REASONING_MESSAGE_START","messageId":"m-reasoning","role":"reasoning"})"));
        QCOMPARE(out.at(0).value(QStringLiteral("messageId")).toString(),
                 QStringLiteral("m-reasoning"));
        // Completing again closes nothing.
        QVERIFY(feed(r, {R"({"type":"message_completed","message_id":"m"})"}).isEmpty());
    }

    void toolcallDeltaThenStarted()
    {
        Renderer r = started();
        const auto out = feed(
            r,
            {R"({"type":"toolcall_delta","message_id":"m","tool_call_id":"c","tool_name":"f","delta":"[1,"})",
             R"({"type":"toolcall_delta","message_id":"m","tool_call_id":"c","tool_name":"f","delta":"2]"})",
             R"({"type":"tool_started","tool_call_id":"c","tool_name":"f","args":[1,2]})"});
        QCOMPARE(types(out),
                 sl({"TOOL_CALL_START", "TOOL_CALL_ARGS", "TOOL_CALL_ARGS", "TOOL_CALL_END"}));
        QCOMPARE(
            out.at(0),
            ev(R"({"type":"TOOL_CALL_START","toolCallId":"c","toolCallName":"f","parentMessageId":"m"})"));
        QCOMPARE(out.at(3), ev(R"({"type":"TOOL_CALL_END","toolCallId":"c"})"));
        // Arguments after END are refused (AG-UI would reject TOOL_CALL_ARGS after END).
        const auto late = r.render(
            ev(R"({"type":"toolcall_delta","tool_call_id":"c","tool_name":"f","delta":"x"})"));
        QVERIFY(late.events.isEmpty());
        QVERIFY(late.error.contains(QStringLiteral("\"c\"")));
    }

    void toolStartedNeverStreamed()
    {
        Renderer r = started();
        const auto out = feed(
            r, {R"({"type":"tool_started","tool_call_id":"c","tool_name":"f","args":{"q":"x"}})"});
        QCOMPARE(types(out), sl({"TOOL_CALL_START", "TOOL_CALL_ARGS", "TOOL_CALL_END"}));
        QCOMPARE(
            QJsonDocument::fromJson(out.at(1).value(QStringLiteral("delta")).toString().toUtf8())
                .object(),
            ev(R"({"q":"x"})"));
        QVERIFY(!out.at(0).contains(QStringLiteral("parentMessageId")));
    }

    void toolCompletedStringAndStructured()
    {
        Renderer r = started();
        auto out = feed(r,
                        {R"({"type":"tool_started","tool_call_id":"c","tool_name":"f","args":{}})",
                         R"({"type":"tool_completed","tool_call_id":"c","result":"sunny"})"});
        QCOMPARE(
            out.last(),
            ev(R"({"type":"TOOL_CALL_RESULT","messageId":"c-result","toolCallId":"c","content":"sunny","role":"tool"})"));
        out = feed(
            r,
            {R"({"type":"tool_started","tool_call_id":"d","tool_name":"f","args":{}})",
             R"({"type":"tool_completed","tool_call_id":"d","result":{"t":21},"is_error":false})"});
        QCOMPARE(out.last().value(QStringLiteral("content")).toString(),
                 QStringLiteral("{\"t\":21}"));
    }

    void toolCompletedClosesOpenCall()
    {
        Renderer r = started();
        const auto out
            = feed(r,
                   {R"({"type":"toolcall_delta","tool_call_id":"c","tool_name":"f","delta":"{}"})",
                    R"({"type":"tool_completed","tool_call_id":"c","result":"x"})"});
        QCOMPARE(types(out),
                 sl({"TOOL_CALL_START", "TOOL_CALL_ARGS", "TOOL_CALL_END", "TOOL_CALL_RESULT"}));
    }

    void toolBlocked()
    {
        Renderer r = started();
        const auto out
            = feed(r,
                   {R"({"type":"tool_started","tool_call_id":"c","tool_name":"rm","args":{}})",
                    R"({"type":"tool_blocked","tool_call_id":"c","reason":"denied by policy"})"});
        QCOMPARE(out.last().value(QStringLiteral("content")).toString(),
                 QStringLiteral("denied by policy"));
        QCOMPARE(out.last().value(QStringLiteral("type")).toString(),
                 QStringLiteral("TOOL_CALL_RESULT"));
    }

    void turnCompletedClosesEverything()
    {
        Renderer r = started();
        const auto out
            = feed(r,
                   {R"({"type":"thinking_delta","message_id":"a","delta":"x"})",
                    R"({"type":"text_delta","message_id":"b","delta":"y"})",
                    R"({"type":"toolcall_delta","tool_call_id":"c","tool_name":"f","delta":"{}"})",
                    R"({"type":"turn_completed"})"});
        QCOMPARE(types(out).mid(7),
                 sl({"TEXT_MESSAGE_END", "REASONING_MESSAGE_END", "REASONING_END", "TOOL_CALL_END",
                     "RUN_FINISHED"}));
        QCOMPARE(out.last(), ev(R"({"type":"RUN_FINISHED","threadId":"t1","runId":"r1"})"));
        QCOMPARE(r.projection().value(QStringLiteral("status")).toString(), QStringLiteral("idle"));
    }

    void turnError()
    {
        Renderer r = started();
        auto out = feed(r, {R"({"type":"turn_error","message":"boom","code":"E1"})"});
        QCOMPARE(out,
                 QList<QJsonObject> {ev(R"({"type":"RUN_ERROR","message":"boom","code":"E1"})")});
        QCOMPARE(r.projection().value(QStringLiteral("status")).toString(),
                 QStringLiteral("error"));
        Renderer r2 = started();
        out = feed(r2, {R"({"type":"turn_error","message":"boom"})"});
        QVERIFY(!out.first().contains(QStringLiteral("code")));
    }

    void turnCancelled()
    {
        Renderer r = started();
        const auto out = feed(r, {R"({"type":"turn_cancelled"})"});
        QCOMPARE(types(out), sl({"RUN_ERROR"}));
        QCOMPARE(out.first().value(QStringLiteral("code")).toString(), QStringLiteral("cancelled"));
        QCOMPARE(r.projection().value(QStringLiteral("status")).toString(),
                 QStringLiteral("cancelled"));
    }

    void compactionUsesProvider()
    {
        Renderer::Options o;
        o.messages = [] {
            return QJsonArray {QJsonObject {{QStringLiteral("id"), QStringLiteral("u1")},
                                            {QStringLiteral("role"), QStringLiteral("user")},
                                            {QStringLiteral("content"), QStringLiteral("hi")}}};
        };
        Renderer r(o);
        const auto out = feed(r, {R"({"type":"compaction_completed"})"});
        QCOMPARE(types(out), sl({"MESSAGES_SNAPSHOT"}));
        QCOMPARE(out.first().value(QStringLiteral("messages")).toArray().size(), 1);
        // Without a provider the event's own list is used; with neither it is an error.
        Renderer plain;
        QCOMPARE(plain.render(ev(R"({"type":"compaction_completed","messages":[]})")).events.size(),
                 1);
        QVERIFY(!plain.render(ev(R"({"type":"compaction_completed"})")).error.isEmpty());
    }

    void stateEventsSendDeltas_data()
    {
        QTest::addColumn<QByteArray>("event");
        QTest::addColumn<QString>("key");
        QTest::newRow("state_changed")
            << QByteArray(R"({"type":"state_changed","status":"thinking"})")
            << QStringLiteral("status");
        QTest::newRow("mode_changed")
            << QByteArray(R"({"type":"mode_changed","mode":"plan"})") << QStringLiteral("mode");
        QTest::newRow("usage_updated")
            << QByteArray(R"({"type":"usage_updated","usage":{"inputTokens":5}})")
            << QStringLiteral("usage");
        QTest::newRow("plan_updated")
            << QByteArray(R"({"type":"plan_updated","plan":[{"step":"a"}]})")
            << QStringLiteral("plan");
        QTest::newRow("permission_request")
            << QByteArray(R"({"type":"permission_request","request":{"id":"p"}})")
            << QStringLiteral("pendingPermission");
    }
    void stateEventsSendDeltas()
    {
        QFETCH(QByteArray, event);
        QFETCH(QString, key);
        Renderer r;
        const QJsonObject before = r.sentProjection();
        const auto res = r.render(ev(event.constData()));
        QVERIFY2(res.error.isEmpty(), qPrintable(res.error));
        QCOMPARE(res.events.first().value(QStringLiteral("type")).toString(),
                 QStringLiteral("STATE_DELTA"));
        const auto applied
            = json::applyPatch(before, res.events.first().value(QStringLiteral("delta")));
        QVERIFY(applied.ok);
        QCOMPARE(applied.document.toObject(), r.projection());
        QVERIFY(r.projection().value(key) != before.value(key));
        QCOMPARE(r.sentProjection(), r.projection());
        // The same event again changes nothing: no delta.
        QVERIFY(
            !types(r.render(ev(event.constData())).events).contains(QStringLiteral("STATE_DELTA")));
    }

    void deltaIsRelativeToWhatWasSent()
    {
        Renderer r = started(); // status running, not yet sent
        const auto out = feed(r, {R"({"type":"mode_changed","mode":"code"})"});
        QCOMPARE(out.size(), 1);
        const auto applied = json::applyPatch(Renderer::defaultProjection(),
                                              out.first().value(QStringLiteral("delta")));
        QVERIFY(applied.ok);
        QCOMPARE(applied.document.toObject().value(QStringLiteral("status")).toString(),
                 QStringLiteral("running"));
    }

    void snapshotMarksSent()
    {
        Renderer r = started();
        const QJsonObject snap = r.snapshot();
        QCOMPARE(snap.value(QStringLiteral("type")).toString(), QStringLiteral("STATE_SNAPSHOT"));
        QCOMPARE(snap.value(QStringLiteral("snapshot")).toObject(), r.projection());
        QVERIFY(feed(r, {R"({"type":"state_changed","status":"running"})"}).isEmpty());
    }

    void permissionRequestAndUiResolved()
    {
        Renderer r;
        auto out = feed(
            r,
            {R"({"type":"permission_request","request_id":"p1","tool_name":"bash","input":{"cmd":"ls"}})"});
        QCOMPARE(types(out), sl({"STATE_DELTA", "CUSTOM"}));
        QCOMPARE(r.projection().value(QStringLiteral("pendingPermission")).toObject(),
                 ev(R"({"requestId":"p1","toolName":"bash","input":{"cmd":"ls"}})"));
        QCOMPARE(
            out.at(1),
            ev(R"({"type":"CUSTOM","name":"permission_request","value":{"request_id":"p1","tool_name":"bash","input":{"cmd":"ls"}}})"));
        out = feed(r, {R"({"type":"ui_resolved","request_id":"p1","answer":"allow"})"});
        QCOMPARE(types(out), sl({"STATE_DELTA", "CUSTOM"}));
        QVERIFY(r.projection().value(QStringLiteral("pendingPermission")).isNull());
        QCOMPARE(out.first().value(QStringLiteral("delta")).toArray(),
                 QJsonArray {ev(R"({"op":"replace","path":"/pendingPermission","value":null})")});
    }

    void customRows_data()
    {
        QTest::addColumn<QString>("name");
        for (const char *n :
             {"ui_request", "notice", "stream_reset", "subagent_started", "subagent_finished"})
            QTest::newRow(n) << QString::fromLatin1(n);
    }
    void customRows()
    {
        QFETCH(QString, name);
        Renderer r;
        QJsonObject e {{QStringLiteral("type"), name},
                       {QStringLiteral("text"), QStringLiteral("x")}};
        const auto res = r.render(e);
        QVERIFY(res.error.isEmpty());
        const QJsonObject want {{QStringLiteral("type"), QStringLiteral("CUSTOM")},
                                {QStringLiteral("name"), name},
                                {QStringLiteral("value"), ev(R"({"text":"x"})")}};
        QCOMPARE(res.events.size(), 1);
        QCOMPARE(res.events.first(), want);
    }

    void initialProjectionFromDocuments()
    {
        const QJsonObject p
            = Renderer::initialProjection(ev(R"({"mode":"code","model":"m","other":1})"));
        QCOMPARE(p.value(QStringLiteral("mode")).toString(), QStringLiteral("code"));
        QCOMPARE(p.value(QStringLiteral("status")).toString(), QStringLiteral("idle"));
        QVERIFY(!p.contains(QStringLiteral("other")));
        QCOMPARE(p.size(), 6);
        QCOMPARE(
            Renderer::defaultProjection(),
            ev(R"({"status":"idle","mode":null,"model":null,"usage":{},"plan":[],"pendingPermission":null})"));
    }

    void inputErrors_data()
    {
        QTest::addColumn<QByteArray>("event");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("no type") << QByteArray(R"({"x":1})") << QStringLiteral("type");
        QTest::newRow("unknown") << QByteArray(R"({"type":"frobnicate"})")
                                 << QStringLiteral("frobnicate");
        QTest::newRow("missing field")
            << QByteArray(R"({"type":"text_delta","delta":"x"})") << QStringLiteral("message_id");
        QTest::newRow("wrong kind")
            << QByteArray(R"({"type":"text_delta","message_id":3,"delta":"x"})")
            << QStringLiteral("message_id");
        QTest::newRow("bare prefix")
            << QByteArray(R"({"type":"subagent_"})") << QStringLiteral("subagent_");
    }
    void inputErrors()
    {
        QFETCH(QByteArray, event);
        QFETCH(QString, mentions);
        Renderer r = started();
        const QJsonObject before = r.projection();
        const auto res = r.render(ev(event.constData()));
        QVERIFY(res.events.isEmpty());
        QVERIFY2(res.error.contains(mentions), qPrintable(res.error));
        QCOMPARE(r.projection(), before);
    }

    void everyTableRowIsKnown()
    {
        for (const internal::InternalEventSpec &spec : internal::internalEvents()) {
            QString name = QString(spec.type);
            if (name.endsWith(u'_'))
                name += QStringLiteral("x");
            QVERIFY2(internal::findInternalEvent(name) == &spec, qPrintable(name));
        }
    }

    void coalesceMergesOnlyConsecutiveSameId()
    {
        const QList<QJsonObject> in {
            ev(R"({"type":"TOOL_CALL_ARGS","toolCallId":"a","delta":"1"})"),
            ev(R"({"type":"TOOL_CALL_ARGS","toolCallId":"a","delta":"2"})"),
            ev(R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"a","delta":"x"})"),
            ev(R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"a","delta":"y","timestamp":5})"),
            ev(R"({"type":"TOOL_CALL_ARGS","toolCallId":"a","delta":"3"})")};
        const auto out = Renderer::coalesce(in);
        QCOMPARE(types(out), sl({"TOOL_CALL_ARGS", "TEXT_MESSAGE_CONTENT", "TOOL_CALL_ARGS"}));
        QCOMPARE(out.at(0).value(QStringLiteral("delta")).toString(), QStringLiteral("12"));
        QCOMPARE(out.at(1), ev(R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"a","delta":"xy"})"));
    }
};

QTEST_GUILESS_MAIN(TestRenderer)
#include "test_renderer.moc"
