// Session diff: alignment by type and ids, each section (events, runs, messages, tool calls,
// state, surfaces, timing), each ignore option, run against run, and the reports.

#include "core/agent/demoagent.h"
#include "core/analysis/capturesession.h"
#include "core/analysis/sessiondiff.h"
#include "core/protocol/runagentinput.h"

#include "sessionbuild.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QXmlStreamReader>
#include <QtTest>

using namespace agui;
using namespace agui::analysis;
using namespace agui::test;

namespace {

SessionDiff compare(const QList<QJsonObject> &a, const QList<QJsonObject> &b,
                    const DiffOptions &options = {})
{
    const auto sa = sessionOf(a);
    const auto sb = sessionOf(b);
    return diffSessions({sa.get(), -1, {}, QStringLiteral("a")},
                        {sb.get(), -1, {}, QStringLiteral("b")}, options);
}

const DiffItem *find(const SessionDiff &d, const QString &section, DiffKind kind,
                     const QString &key)
{
    for (const DiffItem &i : d.items) {
        if (i.section == section && i.kind == kind && i.key == key)
            return &i;
    }
    return nullptr;
}

QJsonObject replaced(QJsonObject o, const char *key, const QJsonValue &value)
{
    o.insert(QLatin1String(key), value);
    return o;
}

} // namespace

class TestSessionDiff : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameCaptureIsSame()
    {
        CaptureSession a;
        CaptureSession b;
        QString error;
        const QString demo = QStringLiteral(AGUI_SOURCE_DIR "/resources/samples/demo.aguicap");
        QVERIFY(loadCaptureSession(demo, &a, &error));
        QVERIFY(loadCaptureSession(demo, &b, &error));
        const SessionDiff d = diffSessions({a.session.get(), -1, a.timing(), QStringLiteral("a")},
                                           {b.session.get(), -1, b.timing(), QStringLiteral("b")});
        QVERIFY2(d.same(), qPrintable(dump(d)));
        QCOMPARE(d.eventsMatched, a.session->size());
    }

    void changedTextIsAChangeWithItsPatch()
    {
        QList<QJsonObject> b = baseRun();
        b[2] = replaced(b[2], "delta", QStringLiteral("Hello there"));
        const SessionDiff d = compare(baseRun(), b);
        const DiffItem *e = find(d, QStringLiteral("events"), DiffKind::Changed,
                                 QStringLiteral("TEXT_MESSAGE_CONTENT m1 #1"));
        QVERIFY2(e, qPrintable(dump(d)));
        QCOMPARE(e->seqA, 2);
        QCOMPARE(e->seqB, 2);
        const QJsonObject op {{QLatin1String("op"), QStringLiteral("replace")},
                              {QLatin1String("path"), QStringLiteral("/delta")},
                              {QLatin1String("value"), QStringLiteral("Hello there")}};
        QCOMPARE(e->patch, QJsonArray {op});
        QVERIFY(
            find(d, QStringLiteral("messages"), DiffKind::Changed, QStringLiteral("message m1")));
        QCOMPARE(d.items.size(), 2);
        DiffOptions ignoreText;
        ignoreText.ignoreText = true;
        QVERIFY2(compare(baseRun(), b, ignoreText).same(),
                 qPrintable(dump(compare(baseRun(), b, ignoreText))));
    }

    void textSplitDifferentlyIsSameWhenTextIsIgnored()
    {
        QList<QJsonObject> b = baseRun();
        b[2] = replaced(b[2], "delta", QStringLiteral("Hello"));
        b.insert(3, replaced(b[2], "delta", QStringLiteral(" world")));
        const SessionDiff d = compare(baseRun(), b);
        QVERIFY(find(d, QStringLiteral("events"), DiffKind::Added,
                     QStringLiteral("TEXT_MESSAGE_CONTENT m1 #2")));
        // The message text is the same either way.
        QVERIFY(
            !find(d, QStringLiteral("messages"), DiffKind::Changed, QStringLiteral("message m1")));
        DiffOptions ignoreText;
        ignoreText.ignoreText = true;
        QVERIFY(compare(baseRun(), b, ignoreText).same());
    }

    void freshIdsLineUpWhenIdsAreIgnored()
    {
        QList<QJsonObject> b;
        for (QJsonObject o : baseRun()) {
            QByteArray text = QJsonDocument(o).toJson(QJsonDocument::Compact);
            text.replace("\"m1\"", "\"msg-9f2\"")
                .replace("\"c1\"", "\"call-77\"")
                .replace("\"r1\"", "\"run-b\"")
                .replace("\"tm1\"", "\"tool-msg-2\"");
            b.append(QJsonDocument::fromJson(text).object());
        }
        const SessionDiff d = compare(baseRun(), b);
        QVERIFY(find(d, QStringLiteral("events"), DiffKind::Missing,
                     QStringLiteral("TEXT_MESSAGE_START m1 #1")));
        QVERIFY(find(d, QStringLiteral("events"), DiffKind::Added,
                     QStringLiteral("TEXT_MESSAGE_START msg-9f2 #1")));
        QVERIFY(find(d, QStringLiteral("toolCalls"), DiffKind::Added,
                     QStringLiteral("tool call call-77")));
        DiffOptions ignoreIds;
        ignoreIds.ignoreIds = true;
        const SessionDiff same = compare(baseRun(), b, ignoreIds);
        QVERIFY2(same.same(), qPrintable(dump(same)));
        QCOMPARE(same.eventsMatched, baseRun().size());
    }

    void reorderedEventsAreReportedOnce()
    {
        QList<QJsonObject> b = baseRun();
        b.move(8, 1); // the state snapshot before the text
        const SessionDiff d = compare(baseRun(), b);
        QVERIFY2(find(d, QStringLiteral("events"), DiffKind::Reordered,
                      QStringLiteral("STATE_SNAPSHOT #1")),
                 qPrintable(dump(d)));
        QCOMPARE(d.count(DiffKind::Reordered), 1);
        QCOMPARE(d.count(DiffKind::Added) + d.count(DiffKind::Missing), 0);
    }

    void stateToolCallsAndTimestamps()
    {
        QList<QJsonObject> b = baseRun();
        b[5] = replaced(b[5], "delta", QStringLiteral("{\"city\":\"Rome\"}"));
        b[8] = replaced(b[8], "snapshot",
                        QJsonObject {{QLatin1String("count"), 2},
                                     {QLatin1String("name"), QStringLiteral("x")},
                                     {QLatin1String("extra"), true}});
        b[9] = replaced(b[9], "timestamp", 5000);
        const SessionDiff d = compare(baseRun(), b);
        const DiffItem *args = find(d, QStringLiteral("toolCalls"), DiffKind::Changed,
                                    QStringLiteral("tool call c1"));
        QVERIFY2(args, qPrintable(dump(d)));
        QCOMPARE(args->patch[0][QLatin1String("path")].toString(),
                 QStringLiteral("/arguments/city"));
        QVERIFY(find(d, QStringLiteral("state"), DiffKind::Changed, QStringLiteral("/count")));
        QVERIFY(find(d, QStringLiteral("state"), DiffKind::Added, QStringLiteral("/extra")));
        QVERIFY(find(d, QStringLiteral("events"), DiffKind::Changed,
                     QStringLiteral("RUN_FINISHED r1 #1")));
        DiffOptions ignoreTimestamps;
        ignoreTimestamps.ignoreTimestamps = true;
        QVERIFY(!find(compare(baseRun(), b, ignoreTimestamps), QStringLiteral("events"),
                      DiffKind::Changed, QStringLiteral("RUN_FINISHED r1 #1")));
    }

    void surfacesAreCompared()
    {
        QJsonObject input = RunAgentInput::create().toJson();
        input.insert(QLatin1String("threadId"), QStringLiteral("t-demo"));
        input.insert(QLatin1String("runId"), QStringLiteral("r-demo"));
        const QList<QJsonObject> original = DemoAgent().run(input);
        QList<QJsonObject> events;
        bool changed = false;
        for (const QJsonObject &o : original) {
            QByteArray text = QJsonDocument(o).toJson(QJsonDocument::Compact);
            if (o.value(QLatin1String("type")).toString() == QLatin1String("ACTIVITY_SNAPSHOT")
                && text.contains("Order a drink")) {
                text.replace("Order a drink", "Order a coffee");
                changed = true;
            }
            events.append(QJsonDocument::fromJson(text).object());
        }
        QVERIFY2(changed, "the demo agent's form says 'Order a drink'");
        const SessionDiff d = compare(original, events);
        const DiffItem *surface = find(d, QStringLiteral("surfaces"), DiffKind::Changed,
                                       QStringLiteral("surface ") + DemoAgent::surfaceId());
        QVERIFY2(surface, qPrintable(dump(d)));
        QVERIFY(surface->patch[0][QLatin1String("path")].toString().startsWith(
            QLatin1String("/components/")));
        QVERIFY(compare(original, original).same());
    }

    void runAgainstRun()
    {
        CaptureSession demo;
        QString error;
        QVERIFY(loadCaptureSession(
            QStringLiteral(AGUI_SOURCE_DIR "/resources/samples/demo.aguicap"), &demo, &error));
        const Session *s = demo.session.get();
        const SessionDiff same = diffSessions({s, 1, {}, QStringLiteral("run 1")},
                                              {s, 1, {}, QStringLiteral("run 1")});
        QVERIFY(same.same());
        QVERIFY(same.eventsMatched > 0);
        const SessionDiff other = diffSessions({s, 0, {}, QStringLiteral("run 0")},
                                               {s, 1, {}, QStringLiteral("run 1")});
        QVERIFY(!other.same());
        QCOMPARE(other.eventsA + other.eventsB,
                 s->current().run(0).eventCount + s->current().run(1).eventCount);
    }

    void timingBeyondToleranceIsAChange()
    {
        TimingReport a;
        TimingReport b;
        ExchangeTiming x;
        x.ttfbMs = 200;
        x.durationMs = 1000;
        ExchangeTiming y = x;
        y.ttfbMs = 260; // within 50% and 100 ms
        y.durationMs = 5000; // far beyond
        a.exchanges = {x};
        b.exchanges = {y};
        const auto sa = sessionOf(baseRun());
        const SessionDiff d = diffSessions({sa.get(), -1, a, {}}, {sa.get(), -1, b, {}});
        QCOMPARE(d.items.size(), 1);
        QCOMPARE(d.items[0].section, QStringLiteral("timing"));
        QCOMPARE(d.items[0].key, QStringLiteral("exchange 0 durationMs"));
        DiffOptions ignoreTiming;
        ignoreTiming.ignoreTiming = true;
        QVERIFY(diffSessions({sa.get(), -1, a, {}}, {sa.get(), -1, b, {}}, ignoreTiming).same());
    }

    void reports()
    {
        QList<QJsonObject> b = baseRun();
        b[2] = replaced(b[2], "delta", QStringLiteral("Hello there"));
        const auto sa = sessionOf(baseRun());
        const auto sb = sessionOf(b);
        const DiffSide A {sa.get(), -1, {}, QStringLiteral("golden.aguicap")};
        const DiffSide B {sb.get(), -1, {}, QStringLiteral("actual.aguicap")};
        const SessionDiff d = diffSessions(A, B);
        const QJsonObject json = diffToJson(d, A, B, {});
        QCOMPARE(json[QLatin1String("same")].toBool(), false);
        QCOMPARE(json[QLatin1String("counts")][QLatin1String("changed")].toInt(), 2);
        QCOMPARE(json[QLatin1String("differences")][0][QLatin1String("section")].toString(),
                 QStringLiteral("events"));

        QXmlStreamReader xml(diffToJUnit(d, A, B));
        int testcases = 0;
        QStringList failing;
        QString current;
        while (!xml.atEnd()) {
            xml.readNext();
            if (xml.isStartElement() && xml.name() == QLatin1String("testcase")) {
                ++testcases;
                current = xml.attributes().value(QLatin1String("name")).toString();
            }
            if (xml.isStartElement() && xml.name() == QLatin1String("failure"))
                failing.append(current);
        }
        QVERIFY(!xml.hasError());
        QCOMPARE(testcases, 7);
        QCOMPARE(failing, (QStringList {QStringLiteral("events"), QStringLiteral("messages")}));
    }
};

QTEST_GUILESS_MAIN(TestSessionDiff)
#include "test_sessiondiff.moc"
