// The structural comparison of two runs (re-run against the agent): event types in order, tool
// names and argument keys, state paths; ids, text, values and timing aside.

#include "core/analysis/capturesession.h"
#include "core/analysis/runcompare.h"
#include "core/capture/capturereader.h"
#include "core/capture/capturewriter.h"

#include "sessionbuild.h"

#include <QBuffer>
#include <QJsonArray>
#include <QtTest>

#include <algorithm>

using namespace agui;
using namespace agui::analysis;
using namespace agui::test;

namespace {

SessionDiff compare(const QList<QJsonObject> &a, const QList<QJsonObject> &b)
{
    const auto sa = sessionOf(a);
    const auto sb = sessionOf(b);
    return compareRunStructure({sa.get(), -1, {}, QStringLiteral("a")},
                               {sb.get(), -1, {}, QStringLiteral("b")});
}

QJsonObject with(QJsonObject o, const char *key, const QJsonValue &value)
{
    o.insert(QLatin1String(key), value);
    return o;
}

// A recorded exchange whose body is these events as SSE, as a 200 response.
RunRecording recorded(const QList<QJsonObject> &events, int id)
{
    RunRecording run;
    run.id = id;
    run.request.present = true;
    run.request.method = QStringLiteral("POST");
    run.request.url = QStringLiteral("http://127.0.0.1:8000/agent");
    run.response.present = true;
    run.response.status = 200;
    run.response.headers = {{QStringLiteral("Content-Type"), QStringLiteral("text/event-stream")}};
    for (const QJsonObject &e : events)
        run.chunks.append(
            {-1, "data: " + QJsonDocument(e).toJson(QJsonDocument::Compact) + "\n\n", -1, false});
    run.end = RunEnd::Finished;
    return run;
}

// The only item of d (fails the test when there is not exactly one).
DiffItem only(const SessionDiff &d)
{
    if (d.items.size() != 1)
        qWarning().noquote() << dump(d);
    return d.items.size() == 1 ? d.items.first() : DiffItem {};
}

} // namespace

class TestRunCompare : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void identicalRunsMatch()
    {
        const SessionDiff d = compare(baseRun(), baseRun());
        QVERIFY2(d.same(), qPrintable(dump(d)));
        QCOMPARE(d.eventsA, 10);
        QCOMPARE(d.eventsMatched, 10);
    }

    void idsTextValuesAndTimingAside()
    {
        QList<QJsonObject> b = baseRun();
        for (QJsonObject &e : b)
            e = with(e, "timestamp", e.value(QLatin1String("timestamp")).toDouble() + 60000);
        b[0] = with(b[0], "runId", QStringLiteral("r-fresh"));
        for (const int i : {1, 2, 3})
            b[i] = with(b[i], "messageId", QStringLiteral("m-fresh"));
        b[2] = with(b[2], "delta", QStringLiteral("Good"));
        // The same text split over more events is the same structure.
        b.insert(3, with(b[2], "delta", QStringLiteral(" morning")));
        b[6] = with(b[6], "delta", QStringLiteral("{\"city\":\"Rome\"}"));
        b[9] = with(b[9], "snapshot",
                    QJsonObject {{QLatin1String("count"), 7},
                                 {QLatin1String("name"), QStringLiteral("y")}});
        const SessionDiff d = compare(baseRun(), b);
        QVERIFY2(d.same(), qPrintable(dump(d)));
        QCOMPARE(d.eventsB, 10);
    }

    void missingEventNamesBothIndices()
    {
        QList<QJsonObject> b = baseRun();
        b.removeAt(7); // TOOL_CALL_RESULT
        const DiffItem item = only(compare(baseRun(), b));
        QCOMPARE(item.section, QStringLiteral("eventTypes"));
        QCOMPARE(item.kind, DiffKind::Missing);
        QCOMPARE(item.key, QStringLiteral("TOOL_CALL_RESULT at B event 7"));
        QCOMPARE(item.seqA, 7);
        QCOMPARE(item.a.toString(), QStringLiteral("TOOL_CALL_RESULT"));

        // And the other way round: an event only the second run has.
        const DiffItem added = only(compare(b, baseRun()));
        QCOMPARE(added.kind, DiffKind::Added);
        QCOMPARE(added.key, QStringLiteral("TOOL_CALL_RESULT at A event 7"));
        QCOMPARE(added.seqB, 7);
    }

    void otherEventTypeIsMissingAndAdded()
    {
        QList<QJsonObject> b = baseRun();
        b[8] = ev(R"({"type":"CUSTOM","name":"x","value":1})");
        const SessionDiff d = compare(baseRun(), b);
        QCOMPARE(d.count(DiffKind::Missing), 3); // STATE_SNAPSHOT, its paths /count and /name
        QCOMPARE(d.count(DiffKind::Added), 1);
        QCOMPARE(d.eventsMatched, 9);
        QCOMPARE(d.items[0].key, QStringLiteral("STATE_SNAPSHOT at B event 8"));
        QCOMPARE(d.items[1].key, QStringLiteral("CUSTOM at A event 9"));
    }

    void differentToolName()
    {
        QList<QJsonObject> b = baseRun();
        b[4] = with(b[4], "toolCallName", QStringLiteral("search"));
        const DiffItem item = only(compare(baseRun(), b));
        QCOMPARE(item.section, QStringLiteral("toolCalls"));
        QCOMPARE(item.kind, DiffKind::Changed);
        QCOMPARE(item.key, QStringLiteral("tool call #1"));
        QCOMPARE(item.seqA, 4);
        QCOMPARE(item.seqB, 4);
        const QJsonObject op {{QLatin1String("op"), QStringLiteral("replace")},
                              {QLatin1String("path"), QStringLiteral("/name")},
                              {QLatin1String("value"), QStringLiteral("search")}};
        QCOMPARE(item.patch, QJsonArray {op});
    }

    void differentArgumentKeys()
    {
        QList<QJsonObject> b = baseRun();
        b[5] = with(b[5], "delta", QStringLiteral("{\"city\":\"Paris\",\"units\":{\"t\":\"C\"}}"));
        const DiffItem item = only(compare(baseRun(), b));
        QCOMPARE(item.section, QStringLiteral("toolCalls"));
        QCOMPARE(item.kind, DiffKind::Changed);
        QCOMPARE(item.b.toObject().value(QLatin1String("argumentKeys")).toArray(),
                 (QJsonArray {QStringLiteral("/city"), QStringLiteral("/units"),
                              QStringLiteral("/units/t")}));

        // Arguments that are not an object have no keys: that differs too.
        b[5] = with(b[5], "delta", QStringLiteral("[1,2]"));
        QCOMPARE(only(compare(baseRun(), b)).b.toObject().value(QLatin1String("argumentKeys")),
                 QJsonValue());
    }

    void missingToolCall()
    {
        QList<QJsonObject> b = baseRun();
        b.remove(4, 4); // the whole tool call
        const SessionDiff d = compare(baseRun(), b);
        QCOMPARE(d.count(DiffKind::Missing), 5); // four events and the call
        const auto call = std::find_if(d.items.cbegin(), d.items.cend(), [](const DiffItem &i) {
            return i.section == QLatin1String("toolCalls");
        });
        QVERIFY2(call != d.items.cend(), qPrintable(dump(d)));
        QCOMPARE(call->kind, DiffKind::Missing);
        QCOMPARE(call->seqA, 4);
    }

    void differentStatePath()
    {
        QList<QJsonObject> b = baseRun();
        b[8] = with(b[8], "snapshot",
                    QJsonObject {{QLatin1String("count"), 1}, {QLatin1String("title"), 2}});
        const SessionDiff d = compare(baseRun(), b);
        QCOMPARE(d.items.size(), 2);
        QCOMPARE(d.items[0].section, QStringLiteral("statePaths"));
        QCOMPARE(d.items[0].kind, DiffKind::Missing);
        QCOMPARE(d.items[0].key, QStringLiteral("/name"));
        QCOMPARE(d.items[0].seqA, 8);
        QCOMPARE(d.items[1].kind, DiffKind::Added);
        QCOMPARE(d.items[1].key, QStringLiteral("/title"));
        QCOMPARE(d.items[1].seqB, 8);
    }

    void deltaPathsCount()
    {
        QList<QJsonObject> a = baseRun();
        a.insert(9, ev(R"({"type":"STATE_DELTA","delta":[{"op":"add","path":"/items","value":[]},
                        {"op":"add","path":"/items/-","value":{"id":1}}]})"));
        QList<QJsonObject> b = a;
        b[9] = ev(R"({"type":"STATE_DELTA","delta":[{"op":"add","path":"/items","value":[]},
                   {"op":"move","from":"/name","path":"/label"}]})");
        const SessionDiff d = compare(a, b);
        QStringList keys;
        for (const DiffItem &i : d.items)
            keys.append(diffKindName(i.kind) + QLatin1Char(' ') + i.key);
        QCOMPARE(
            keys,
            (QStringList {QStringLiteral("missing /items/-"), QStringLiteral("added /label")}));
    }

    void recordedRunsAreComparedEachOnItsOwn()
    {
        // A re-run against the same agent: the same ids again. Each run on its own, they match.
        Capture capture;
        capture.runs = {recorded(baseRun(), 0), recorded(baseRun(), 1)};
        QCOMPARE(firstSeqOfRun(capture, 0), 0);
        QCOMPARE(firstSeqOfRun(capture, 1), 10);
        QCOMPARE(firstSeqOfRun(capture, 2), -1);
        QCOMPARE(seqsOfRun(capture, 1).size(), 10);
        QCOMPARE(seqsOfRun(capture, 1).last(), 19);
        const SessionDiff same = diffRecordedRuns(capture, 0, 1, {});
        QVERIFY2(same.same(), qPrintable(dump(same)));
        QCOMPARE(same.eventsA, 10);
        QCOMPARE(same.eventsMatched, 10);

        // A different answer: the difference names side A's event by its index in the capture.
        QList<QJsonObject> changed = baseRun();
        changed[2] = with(changed[2], "delta", QStringLiteral("Goodbye"));
        capture.runs.append(recorded(changed, 2));
        const SessionDiff text = diffRecordedRuns(capture, 1, 2, {});
        QVERIFY(!text.same());
        for (const DiffItem &i : text.items)
            QVERIFY2(i.seqA < 0 || (i.seqA >= 10 && i.seqA < 20), qPrintable(dump(text)));
        QVERIFY(std::any_of(text.items.cbegin(), text.items.cend(),
                            [](const DiffItem &i) { return i.seqA >= 10; }));
    }

    // Two runs recorded at the same time (a proxy's concurrent exchanges): their chunk records
    // interleave in the file. A difference still names side A's own event.
    void interleavedRunsMapToTheirOwnEvents()
    {
        QBuffer file;
        file.open(QIODevice::WriteOnly);
        CaptureWriter writer;
        QVERIFY(writer.open(&file));
        const RunRecording base = recorded(baseRun(), 0);
        QList<QJsonObject> changed = baseRun();
        changed[2] = with(changed[2], "delta", QStringLiteral("Goodbye"));
        const RunRecording other = recorded(changed, 1);
        const int a = writer.beginRun(base.request);
        const int b = writer.beginRun(other.request);
        QVERIFY(writer.writeResponse(a, base.response));
        QVERIFY(writer.writeResponse(b, other.response));
        for (qsizetype i = 0; i < base.chunks.size(); ++i) {
            QVERIFY(writer.writeChunk(b, other.chunks.at(i).bytes, 1000 + 2 * i));
            QVERIFY(writer.writeChunk(a, base.chunks.at(i).bytes, 1001 + 2 * i));
        }
        writer.close();
        const Capture capture = readCapture(file.data());
        QCOMPARE(capture.runs.size(), 2);

        const QList<qint64> seqsA = seqsOfRun(capture, 0);
        const QList<qint64> seqsB = seqsOfRun(capture, 1);
        QCOMPARE(seqsA.size(), 10);
        QCOMPARE(seqsB.size(), 10);
        QList<qint64> all = seqsA + seqsB;
        std::sort(all.begin(), all.end());
        for (qsizetype i = 0; i < all.size(); ++i)
            QCOMPARE(all.at(i), i); // every event belongs to exactly one run

        const SessionDiff d = diffRecordedRuns(capture, 0, 1, {});
        QVERIFY(!d.same());
        for (const DiffItem &i : d.items)
            QVERIFY2(i.seqA < 0 || seqsA.contains(i.seqA), qPrintable(dump(d)));
        QVERIFY(std::any_of(d.items.cbegin(), d.items.cend(),
                            [](const DiffItem &i) { return i.seqA >= 0; }));
    }

    void runAgainstRunOfOneSession()
    {
        CaptureSession capture;
        QString error;
        QVERIFY2(
            loadCaptureSession(QStringLiteral(AGUI_SOURCE_DIR "/resources/samples/demo.aguicap"),
                               &capture, &error),
            qPrintable(error));
        QVERIFY(capture.session->current().runCount() >= 2);
        const Session *s = capture.session.get();
        const SessionDiff same = compareRunStructure({s, 0, {}, {}}, {s, 0, {}, {}});
        QVERIFY2(same.same(), qPrintable(dump(same)));
        QCOMPARE(same.eventsMatched, same.eventsA);
        QVERIFY(same.eventsA < s->size()); // only run 0's events
        const SessionDiff other = compareRunStructure({s, 0, {}, {}}, {s, 1, {}, {}});
        QVERIFY(!other.same());
        for (const DiffItem &i : other.items)
            QVERIFY2(i.seqA < 0 || s->events().runIndex(i.seqA) == 0, qPrintable(dump(other)));
    }
};

QTEST_GUILESS_MAIN(TestRunCompare)
#include "test_runcompare.moc"
