// The scripted demo agent: deterministic output, the A2UI form on the first run, an answered
// user action on the next, a state projection that changes, and a stream that passes the
// protocol's schema validation and the session linter with no error.

#include "core/agent/a2uiagui.h"
#include "core/agent/demoagent.h"
#include "core/json/jsonpatch.h"
#include "core/json/jsonpointer.h"
#include "core/protocol/catalogue.h"
#include "core/protocol/decoder.h"
#include "core/session/linter.h"

#include <QJsonDocument>
#include <QtTest>

using namespace agui;

namespace {

QJsonObject input(const char *runId, const QJsonObject &forwardedProps = {})
{
    return QJsonObject {{QStringLiteral("threadId"), QStringLiteral("t1")},
                        {QStringLiteral("runId"), QString::fromLatin1(runId)},
                        {QStringLiteral("state"), QJsonObject {}},
                        {QStringLiteral("messages"), QJsonArray {}},
                        {QStringLiteral("tools"), QJsonArray {}},
                        {QStringLiteral("context"), QJsonArray {}},
                        {QStringLiteral("forwardedProps"), forwardedProps}};
}

QList<QJsonObject> ofType(const QList<QJsonObject> &events, const char *type)
{
    QList<QJsonObject> out;
    for (const QJsonObject &e : events)
        if (e.value(QStringLiteral("type")).toString() == QLatin1String(type))
            out.append(e);
    return out;
}

QString textOf(const QList<QJsonObject> &events)
{
    QString text;
    for (const QJsonObject &e : ofType(events, "TEXT_MESSAGE_CONTENT"))
        text += e.value(QStringLiteral("delta")).toString();
    return text;
}

QJsonObject findComponent(const QJsonArray &messages, const QString &id)
{
    QJsonObject found;
    for (const QJsonValue &m : messages) {
        const QJsonArray comps = m.toObject()
                                     .value(QStringLiteral("updateComponents"))
                                     .toObject()
                                     .value(QStringLiteral("components"))
                                     .toArray();
        for (const QJsonValue &c : comps)
            if (c.toObject().value(QStringLiteral("id")).toString() == id)
                found = c.toObject(); // later updates replace earlier ones
    }
    return found;
}

// The data model a renderer builds from the surface's updateDataModel messages.
QJsonValue dataModel(const QJsonArray &messages)
{
    QJsonValue model = QJsonObject {};
    for (const QJsonValue &m : messages) {
        const QJsonObject upd = m.toObject().value(QStringLiteral("updateDataModel")).toObject();
        if (upd.isEmpty())
            continue;
        const QString path = upd.value(QStringLiteral("path")).toString(QStringLiteral("/"));
        const QJsonArray op {
            QJsonObject {{QStringLiteral("op"), QStringLiteral("add")},
                         {QStringLiteral("path"), path == QStringLiteral("/") ? QString() : path},
                         {QStringLiteral("value"), upd.value(QStringLiteral("value"))}}};
        const json::PatchResult r = json::applyPatch(model, op);
        if (r.ok)
            model = r.document;
    }
    return model;
}

// Every schema or linter finding of severity error, as text (empty: the run is clean).
QStringList errorsOf(const QList<QJsonObject> &events, const QJsonObject &runInput)
{
    QStringList errors;
    Linter linter;
    linter.setRunInput(runInput);
    qint64 seq = 0;
    for (const QJsonObject &obj : events) {
        const EventType type = eventTypeFromName(obj.value(QStringLiteral("type")).toString());
        for (const Diagnostic &d : validateEvent(obj, type))
            if (d.severity == Severity::Error)
                errors << QStringLiteral("#%1 %2: %3").arg(seq).arg(d.ruleId, d.message);
        Event e = decodePayload(QJsonDocument(obj).toJson(QJsonDocument::Compact), Framing::Sse);
        e.seq = seq++;
        linter.feed(e);
    }
    linter.finish();
    for (const Finding &f : linter.takeFindings())
        if (f.diagnostic.severity == Severity::Error)
            errors << QStringLiteral("#%1 %2: %3")
                          .arg(f.eventIndex)
                          .arg(f.diagnostic.ruleId, f.diagnostic.message);
    return errors;
}

void checkClean(const QList<QJsonObject> &events, const QJsonObject &runInput)
{
    const QStringList errors = errorsOf(events, runInput);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
}

QJsonObject actionFor(const QJsonObject &surfaceEvent, const QJsonObject &model)
{
    const QJsonArray msgs = *a2uiagui::a2uiMessages(surfaceEvent);
    const QJsonObject button = findComponent(msgs, QStringLiteral("submit"));
    const QJsonObject event = button.value(QStringLiteral("action"))
                                  .toObject()
                                  .value(QStringLiteral("event"))
                                  .toObject();
    QJsonObject context;
    const QJsonObject declared = event.value(QStringLiteral("context")).toObject();
    for (auto it = declared.begin(); it != declared.end(); ++it) {
        const QString path = it.value().toObject().value(QStringLiteral("path")).toString();
        context.insert(it.key(), json::resolve(model, path).value_or(QJsonValue()));
    }
    return QJsonObject {{QStringLiteral("name"), event.value(QStringLiteral("name"))},
                        {QStringLiteral("surfaceId"), QStringLiteral("order")},
                        {QStringLiteral("sourceComponentId"), QStringLiteral("submit")},
                        {QStringLiteral("timestamp"), QStringLiteral("2026-06-01T10:00:00Z")},
                        {QStringLiteral("context"), context}};
}

} // namespace

class TestDemoAgent : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void deterministic()
    {
        DemoAgent a;
        DemoAgent b;
        const auto first = a.run(input("r1"));
        QCOMPARE(b.run(input("r1")), first);
        QCOMPARE(a.run(input("r1")), first); // no hidden state leaks into a form run
        QVERIFY(first.size() > 40);
    }

    void firstRunHasTheForm()
    {
        DemoAgent agent;
        const auto events = agent.run(input("r1"));
        QCOMPARE(events.first().value(QStringLiteral("type")).toString(),
                 QStringLiteral("RUN_STARTED"));
        QCOMPARE(events.first().value(QStringLiteral("runId")).toString(), QStringLiteral("r1"));
        QCOMPARE(events.last().value(QStringLiteral("type")).toString(),
                 QStringLiteral("RUN_FINISHED"));
        const auto surfaces = ofType(events, "ACTIVITY_SNAPSHOT");
        QCOMPARE(surfaces.size(), 1);
        const QJsonArray msgs = *a2uiagui::a2uiMessages(surfaces.first());
        QCOMPARE(msgs.first()
                     .toObject()
                     .value(QStringLiteral("createSurface"))
                     .toObject()
                     .value(QStringLiteral("catalogId"))
                     .toString(),
                 QStringLiteral("https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"));
        QCOMPARE(findComponent(msgs, QStringLiteral("root"))
                     .value(QStringLiteral("component"))
                     .toString(),
                 QStringLiteral("Card"));
        const QJsonObject field = findComponent(msgs, QStringLiteral("name"));
        QCOMPARE(field.value(QStringLiteral("component")).toString(), QStringLiteral("TextField"));
        QCOMPARE(field.value(QStringLiteral("value"))
                     .toObject()
                     .value(QStringLiteral("path"))
                     .toString(),
                 QStringLiteral("/form/name"));
        QCOMPARE(field.value(QStringLiteral("checks"))
                     .toArray()
                     .first()
                     .toObject()
                     .value(QStringLiteral("condition"))
                     .toObject()
                     .value(QStringLiteral("call"))
                     .toString(),
                 QStringLiteral("required"));
        const QJsonObject picker = findComponent(msgs, QStringLiteral("size"));
        QCOMPARE(picker.value(QStringLiteral("component")).toString(),
                 QStringLiteral("ChoicePicker"));
        QCOMPARE(picker.value(QStringLiteral("options")).toArray().size(), 3);
        const QJsonObject button = findComponent(msgs, QStringLiteral("submit"));
        QCOMPARE(button.value(QStringLiteral("action"))
                     .toObject()
                     .value(QStringLiteral("event"))
                     .toObject()
                     .value(QStringLiteral("name"))
                     .toString(),
                 QStringLiteral("submit_order"));
        // Reasoning, unicode text and two tool calls with streamed arguments and results.
        QVERIFY(!ofType(events, "REASONING_MESSAGE_CONTENT").isEmpty());
        QVERIFY(textOf(events).contains(QStringLiteral("Zürich")));
        QVERIFY(textOf(events).contains(QStringLiteral("🧊")));
        QStringList tools;
        for (const QJsonObject &e : ofType(events, "TOOL_CALL_START"))
            tools << e.value(QStringLiteral("toolCallName")).toString();
        QCOMPARE(tools,
                 (QStringList {QStringLiteral("update_plan"), QStringLiteral("get_weather")}));
        QVERIFY(ofType(events, "TOOL_CALL_ARGS").size() >= 4);
        QCOMPARE(ofType(events, "TOOL_CALL_RESULT").size(), 2);
    }

    void stateProjectionChangesOverTheRun()
    {
        DemoAgent agent;
        const auto events = agent.run(input("r1"));
        const auto snaps = ofType(events, "STATE_SNAPSHOT");
        QCOMPARE(snaps.size(), 1);
        QJsonValue state = snaps.first().value(QStringLiteral("snapshot"));
        const QJsonValue initial = state;
        QStringList statuses;
        for (const QJsonObject &d : ofType(events, "STATE_DELTA")) {
            const json::PatchResult r = json::applyPatch(state, d.value(QStringLiteral("delta")));
            QVERIFY2(r.ok, qPrintable(r.error.message));
            state = r.document;
            statuses << state.toObject().value(QStringLiteral("status")).toString();
        }
        QVERIFY(statuses.size() >= 6);
        QCOMPARE(statuses.last(), QStringLiteral("waiting_for_user"));
        QVERIFY(state.toObject().value(QStringLiteral("plan")).toArray().size() == 2);
        QVERIFY(state.toObject()
                    .value(QStringLiteral("usage"))
                    .toObject()
                    .value(QStringLiteral("totalTokens"))
                    .toInt()
                > 0);
        QVERIFY(state != initial);
    }

    void actionRunAnswers()
    {
        DemoAgent agent;
        const auto first = agent.run(input("r1"));
        const QJsonObject surface = ofType(first, "ACTIVITY_SNAPSHOT").first();
        QJsonObject model = dataModel(*a2uiagui::a2uiMessages(surface)).toObject();
        // The user types a name and picks a size.
        QJsonObject form = model.value(QStringLiteral("form")).toObject();
        form.insert(QStringLiteral("name"), QStringLiteral("Ada"));
        form.insert(QStringLiteral("size"), QJsonArray {QStringLiteral("large")});
        model.insert(QStringLiteral("form"), form);
        const QJsonObject action = actionFor(surface, model);
        const QJsonObject props {
            {QStringLiteral("a2uiAction"), QJsonObject {{QStringLiteral("userAction"), action}}}};
        const auto second = agent.run(input("r2", props));
        QVERIFY2(textOf(second).contains(QStringLiteral("Ordered a large for Ada")),
                 qPrintable(textOf(second)));
        const auto updated = ofType(second, "ACTIVITY_SNAPSHOT");
        QCOMPARE(updated.size(), 1);
        QCOMPARE(updated.first().value(QStringLiteral("messageId")),
                 surface.value(QStringLiteral("messageId")));
        const QJsonArray msgs = *a2uiagui::a2uiMessages(updated.first());
        QVERIFY(msgs.size() > a2uiagui::a2uiMessages(surface)->size()); // resends all, plus new
        QVERIFY(findComponent(msgs, QStringLiteral("confirm"))
                    .value(QStringLiteral("text"))
                    .toString()
                    .contains(QStringLiteral("Ada")));
        QCOMPARE(dataModel(msgs)
                     .toObject()
                     .value(QStringLiteral("order"))
                     .toObject()
                     .value(QStringLiteral("status"))
                     .toString(),
                 QStringLiteral("placed"));
        QVERIFY(!ofType(second, "STATE_DELTA").isEmpty());
        // A fresh agent (server restarted) answers the same action the same way.
        DemoAgent fresh;
        QCOMPARE(fresh.run(input("r2", props)), second);
    }

    void projectionContinuesFromInputState()
    {
        DemoAgent agent;
        QJsonObject in = input("r5");
        in.insert(QStringLiteral("state"),
                  QJsonObject {{QStringLiteral("mode"), QStringLiteral("expert")},
                               {QStringLiteral("foreign"), 1}});
        const auto events = agent.run(in);
        const QJsonObject snapshot
            = ofType(events, "STATE_SNAPSHOT").first().value(QStringLiteral("snapshot")).toObject();
        QCOMPARE(snapshot.value(QStringLiteral("status")).toString(), QStringLiteral("running"));
        QVERIFY(!snapshot.contains(QStringLiteral("foreign"))); // only the projection's keys
        // The mode the client held is kept until the script changes it.
        QCOMPARE(snapshot.value(QStringLiteral("mode")).toString(), QStringLiteral("expert"));
    }

    void actionWithoutNameIsRefusedPolitely()
    {
        DemoAgent agent;
        QJsonObject action {
            {QStringLiteral("name"), QStringLiteral("submit_order")},
            {QStringLiteral("surfaceId"), QStringLiteral("order")},
            {QStringLiteral("context"), QJsonObject {{QStringLiteral("name"), QString()}}}};
        const QJsonObject props {
            {QStringLiteral("a2uiAction"), QJsonObject {{QStringLiteral("userAction"), action}}}};
        const auto events = agent.run(input("r3", props));
        QVERIFY(textOf(events).contains(QStringLiteral("needs a name")));
        QVERIFY(ofType(events, "ACTIVITY_SNAPSHOT").isEmpty());
    }

    void everyEventValidAndLintsClean()
    {
        DemoAgent agent;
        const auto first = agent.run(input("r1"));
        checkClean(first, input("r1"));
        const QJsonObject surface = ofType(first, "ACTIVITY_SNAPSHOT").first();
        QJsonObject model = dataModel(*a2uiagui::a2uiMessages(surface)).toObject();
        QJsonObject form = model.value(QStringLiteral("form")).toObject();
        form.insert(QStringLiteral("name"), QStringLiteral("Zoë"));
        model.insert(QStringLiteral("form"), form);
        const QJsonObject props {
            {QStringLiteral("a2uiAction"),
             QJsonObject {{QStringLiteral("userAction"), actionFor(surface, model)}}}};
        const auto second = agent.run(input("r2", props));
        QVERIFY(textOf(second).contains(QStringLiteral("Ordered a medium for Zoë")));
        checkClean(second, input("r2", props));
    }

    void checkerSeesBrokenRuns()
    {
        // The clean check above is not vacuous: the same run without RUN_STARTED, or with a
        // text message left open, has errors.
        DemoAgent agent;
        auto events = agent.run(input("r1"));
        QVERIFY(!errorsOf(events.mid(1), input("r1")).isEmpty());
        qsizetype end = -1;
        for (qsizetype i = 0; i < events.size(); ++i)
            if (events.at(i).value(QStringLiteral("type")).toString()
                == QStringLiteral("TEXT_MESSAGE_END"))
                end = i;
        QVERIFY(end > 0);
        events.removeAt(end);
        QVERIFY(!errorsOf(events, input("r1")).isEmpty());
    }

    void streamIsPaced()
    {
        DemoAgent agent(DemoAgent::Options {25});
        const auto chunks = agent.stream(input("r1"));
        QCOMPARE(chunks.size(), agent.run(input("r1")).size());
        QCOMPARE(chunks.first().delayMs, 0);
        QCOMPARE(chunks.at(1).delayMs, 25);
        QVERIFY(chunks.at(1).raw.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestDemoAgent)
#include "test_demo_agent.moc"
