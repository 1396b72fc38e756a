// Import of AG-UI DevTools .agui.jsonl exports (tests/data/capture/devtools, MIT): every line
// kind understood, no line lost, one run per connId, tMs kept as arrival times, keep-alives
// kept as non-events. Expectations come from the folder's index.json.

#include "core/capture/captureloader.h"
#include "core/capture/capturereader.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace agui;

namespace {
QString dataDir()
{
    return QStringLiteral(AGUI_TEST_DATA_DIR "/capture/devtools");
}
} // namespace

class TestDevToolsImport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void importsEveryFile_data()
    {
        QTest::addColumn<QJsonObject>("expected");
        QFile index(dataDir() + QStringLiteral("/index.json"));
        QVERIFY(index.open(QIODevice::ReadOnly));
        const QJsonArray files = QJsonDocument::fromJson(index.readAll())
                                     .object()
                                     .value(QLatin1String("files"))
                                     .toArray();
        QCOMPARE(files.size(), 8);
        for (const QJsonValue &f : files) {
            const QJsonObject o = f.toObject();
            QTest::newRow(qPrintable(o.value(QLatin1String("file")).toString())) << o;
        }
    }
    void importsEveryFile()
    {
        QFETCH(QJsonObject, expected);
        const QString path
            = dataDir() + QLatin1Char('/') + expected[QLatin1String("file")].toString();
        Capture capture;
        QString error;
        QMap<QString, int> types;
        QList<int> eventRuns;
        int heartbeats = 0;
        qint64 lastSeq = -1;
        CaptureLoadOptions options;
        options.keepChunks = true;
        options.onEvent = [&](Event &&e, const EventOrigin &origin) {
            QCOMPARE(e.seq, lastSeq + 1);
            lastSeq = e.seq;
            QVERIFY(e.receivedAtUs > 0);
            QVERIFY(origin.sourceOffset > 0);
            types[e.typeName] += 1;
            eventRuns.append(origin.runIndex);
        };
        options.onHeartbeat = [&](const Heartbeat &beat, const EventOrigin &) {
            QVERIFY(beat.raw.startsWith(": "));
            ++heartbeats;
        };
        QVERIFY2(loadCaptureFile(path, &capture, &error, options), qPrintable(error));
        QCOMPARE(capture.format, CaptureFormat::DevTools);
        QVERIFY2(capture.problems.isEmpty(), qPrintable(capture.problems.value(0).message));
        QCOMPARE(capture.tool, QStringLiteral("ag-ui-devtools@0.1.0"));

        const QJsonObject kinds = expected[QLatin1String("lineKinds")].toObject();
        const QJsonArray connections = expected[QLatin1String("connections")].toArray();
        QCOMPARE(capture.runs.size(), connections.size());
        int requests = 0;
        for (int i = 0; i < capture.runs.size(); ++i) {
            QCOMPARE(capture.runs[i].label, connections[i].toString());
            if (capture.runs[i].request.present) {
                ++requests;
                QCOMPARE(capture.runs[i].request.method, QStringLiteral("POST"));
                // The body is the RunAgentInput exactly as written in the file.
                const QJsonObject input
                    = QJsonDocument::fromJson(capture.runs[i].request.body).object();
                QVERIFY(input.contains(QLatin1String("threadId")));
            }
        }
        QCOMPARE(requests, kinds[QLatin1String("request")].toInt());
        QCOMPARE(eventRuns.size(), kinds[QLatin1String("event")].toInt());
        QCOMPARE(heartbeats, kinds[QLatin1String("keepalive")].toInt());
        const QJsonObject wantTypes = expected[QLatin1String("eventTypes")].toObject();
        QCOMPARE(types.size(), wantTypes.size());
        for (auto it = wantTypes.begin(); it != wantTypes.end(); ++it)
            QCOMPARE(types.value(it.key()), it.value().toInt());
    }

    void eventsKeepTheirTextAndTime()
    {
        Capture capture;
        QString error;
        QList<Event> events;
        CaptureLoadOptions options;
        options.onEvent = [&](Event &&e, const EventOrigin &) { events.append(e); };
        QVERIFY(loadCaptureFile(dataDir() + QStringLiteral("/happy-run.agui.jsonl"), &capture,
                                &error, options));
        QCOMPARE(events.size(), 14);
        // capturedAt 2026-08-13T10:00:00.000Z + tMs 12
        const qint64 base
            = QDateTime::fromString(QStringLiteral("2026-08-13T10:00:00.000Z"), Qt::ISODateWithMs)
                  .toMSecsSinceEpoch()
            * 1000;
        QCOMPARE(events[0].receivedAtUs, base + 12000);
        QCOMPARE(events[0].payload,
                 QByteArray(
                     "{\"type\":\"RUN_STARTED\",\"threadId\":\"t_happy\",\"runId\":\"r_happy\"}"));
        QCOMPARE(capture.runs[0].request.sentAtUs, base);
    }

    void runsFollowConnIds()
    {
        Capture capture;
        QString error;
        QList<int> runOf;
        CaptureLoadOptions options;
        options.onEvent = [&](Event &&, const EventOrigin &o) { runOf.append(o.runIndex); };
        QVERIFY(loadCaptureFile(dataDir() + QStringLiteral("/runs-edge.agui.jsonl"), &capture,
                                &error, options));
        // c1: 5 events, c2: 5, c3: 3, c4 (no request line): 1.
        QCOMPARE(runOf, (QList<int> {0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 3}));
        QVERIFY(!capture.runs[3].request.present);
        QCOMPARE(capture.runs[3].label, QStringLiteral("c4"));
    }

    void redactedExportsAreFlagged()
    {
        const QByteArray file = "{\"kind\":\"header\",\"schemaVersion\":1,\"tool\":\"t\","
                                "\"redacted\":[\"deltas\",\"toolArgs\"]}\n";
        const Capture capture = readCapture(file);
        QCOMPARE(capture.problems.size(), 1);
        QCOMPARE(capture.problems[0].severity, Severity::Info);
        QCOMPARE(capture.problems[0].ruleId, QStringLiteral("capture.devtools-redacted"));
        QVERIFY(capture.problems[0].message.contains(QLatin1String("deltas, toolArgs")));
    }

    void badLinesAreReportedNotDropped()
    {
        const QByteArray file
            = "{\"kind\":\"header\",\"schemaVersion\":1,\"tool\":\"t\",\"capturedAt\":\"x\"}\n"
              "{\"kind\":\"event\",\"connId\":\"c1\",\"seq\":1,\"tMs\":1,\"event\":{\"type\":\"RUN_"
              "STARTED\"}}\n"
              "not json at all\n"
              "{\"kind\":\"mystery\",\"connId\":\"c1\",\"x\":1}\n"
              "{\"kind\":\"event\",\"connId\":\"c1\",\"seq\":2,\"tMs\":2,\"event\":{\"type\":\"RUN_"
              "FIN";
        const Capture capture = readCapture(file);
        QCOMPARE(capture.format, CaptureFormat::DevTools);
        QCOMPARE(capture.runs.size(), 1);
        QCOMPARE(capture.runs[0].chunks.size(), 1);
        QCOMPARE(capture.problems.size(), 3);
        QCOMPARE(capture.problems[0].line, 3);
        QCOMPARE(capture.problems[0].severity, Severity::Error);
        QCOMPARE(capture.problems[1].line, 4);
        QCOMPARE(capture.notes.size(), 1); // the unknown line kept as a note
        QVERIFY(capture.truncated);
    }
};

QTEST_GUILESS_MAIN(TestDevToolsImport)
#include "test_devtoolsimport.moc"
