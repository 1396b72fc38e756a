// Loading: one pass, chunks decoded by the protocol StreamDecoder, seq across runs, byte
// positions in the file, progress and cancel.

#include "core/capture/captureloader.h"
#include "core/capture/capturewriter.h"

#include <QBuffer>

#include <QtTest>
#include <thread>

using namespace agui;

namespace {

struct Loaded
{
    Capture capture;
    QList<Event> events;
    QList<EventOrigin> origins;
    int heartbeats = 0;
};

Loaded load(const QByteArray &bytes)
{
    Loaded out;
    QByteArray copy = bytes;
    QBuffer buffer(&copy);
    buffer.open(QIODevice::ReadOnly);
    CaptureLoadOptions options;
    options.onEvent = [&](Event &&e, const EventOrigin &o) {
        out.events.append(e);
        out.origins.append(o);
    };
    options.onHeartbeat = [&](const Heartbeat &, const EventOrigin &) { ++out.heartbeats; };
    out.capture = loadCapture(buffer, options);
    return out;
}

} // namespace

class TestCaptureLoader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rawSseGivesExactFileOffsets()
    {
        const QByteArray sse
            = "data: {\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n"
              ": keep-alive\n\n"
              "data: {\"type\":\"RUN_FINISHED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n";
        const Loaded l = load(sse);
        QCOMPARE(l.capture.format, CaptureFormat::Sse);
        QCOMPARE(l.events.size(), 2);
        QCOMPARE(l.heartbeats, 1);
        QCOMPARE(l.events[0].seq, 0);
        QCOMPARE(l.events[1].seq, 1);
        QCOMPARE(l.events[1].typeName, QStringLiteral("RUN_FINISHED"));
        QCOMPARE(l.origins[0].sourceOffset, 0);
        QCOMPARE(l.origins[1].sourceOffset, sse.indexOf("data: {\"type\":\"RUN_FINISHED"));
    }

    void jsonLines()
    {
        const QByteArray jsonl = "{\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\n"
                                 "{\"type\":\"RUN_FINISHED\",\"threadId\":\"t\",\"runId\":\"r\"}\n";
        const Loaded l = load(jsonl);
        QCOMPARE(l.capture.format, CaptureFormat::JsonLines);
        QCOMPARE(l.events.size(), 2);
        QCOMPARE(l.events[1].framing, Framing::JsonLine);
        QCOMPARE(l.origins[1].sourceOffset, jsonl.indexOf('\n') + 1);
    }

    void ownFormatInterleavedRunsAndSplitFrames()
    {
        QByteArray file;
        QBuffer buffer(&file);
        buffer.open(QIODevice::WriteOnly);
        CaptureWriter writer;
        QVERIFY(writer.open(&buffer));
        RecordedRequest request;
        request.method = QStringLiteral("POST");
        const int a = writer.beginRun(request);
        const int b = writer.beginRun(request);
        // A frame split over two chunks of run a, with a chunk of run b in between.
        QVERIFY(writer.writeChunk(a, "data: {\"type\":\"RUN_STA", 10));
        QVERIFY(writer.writeChunk(
            b, "data: {\"type\":\"RUN_STARTED\",\"threadId\":\"u\",\"runId\":\"q\"}\n\n", 11));
        QVERIFY(writer.writeChunk(a, "RTED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n", 12));
        writer.close();
        const Loaded l = load(file);
        QCOMPARE(l.capture.format, CaptureFormat::Agui);
        QCOMPARE(l.events.size(), 2);
        QCOMPARE(l.origins[0].runIndex, 1);
        QCOMPARE(l.origins[1].runIndex, 0);
        QCOMPARE(l.events[0].seq, 0);
        QCOMPARE(l.events[1].seq, 1);
        QCOMPARE(l.events[1].receivedAtUs, 12); // completed by the later chunk
        QCOMPARE(l.events[1].json.value(QLatin1String("threadId")).toString(), QStringLiteral("t"));
        // The event starts in the run's first chunk: its record's line in the file.
        QCOMPARE(l.origins[1].sourceOffset, file.indexOf("{\"k\":\"chunk\",\"run\":0"));

        // Same result from a capture already in memory.
        QList<qint64> seqs;
        QList<int> runs;
        CaptureLoadOptions options;
        options.onEvent = [&](Event &&e, const EventOrigin &o) {
            seqs.append(e.seq);
            runs.append(o.runIndex);
        };
        forEachEvent(readCapture(file), options);
        QCOMPARE(seqs, (QList<qint64> {0, 1}));
        QCOMPARE(runs, (QList<int> {1, 0}));
    }

    void originsStayRightOverManyChunks()
    {
        // More chunks than the loader keeps in its offset table at once.
        QByteArray file;
        QBuffer buffer(&file);
        buffer.open(QIODevice::WriteOnly);
        CaptureWriter writer;
        QVERIFY(writer.open(&buffer));
        const int run = writer.beginRun(RecordedRequest());
        QList<qint64> recordStarts;
        for (int i = 0; i < 10000; ++i) {
            recordStarts.append(file.size());
            // Every other event is split over two chunks: it starts in the first one.
            if (i % 2) {
                QVERIFY(writer.writeChunk(run, "data: {\"type\":\"CUS", i));
                QVERIFY(writer.writeChunk(run, "TOM\",\"name\":\"n\",\"value\":1}\n\n", i));
            } else {
                QVERIFY(writer.writeChunk(
                    run, "data: {\"type\":\"CUSTOM\",\"name\":\"n\",\"value\":1}\n\n", i));
            }
        }
        writer.close();
        const Loaded l = load(file);
        QCOMPARE(l.events.size(), 10000);
        for (int i = 0; i < 10000; ++i) {
            QCOMPARE(l.origins[i].sourceOffset, recordStarts[i]);
            QCOMPARE(l.events[i].receivedAtUs, i);
        }
    }

    void errorResponsesAreNotDecodedAsEvents()
    {
        QByteArray file;
        QBuffer buffer(&file);
        buffer.open(QIODevice::WriteOnly);
        CaptureWriter writer;
        QVERIFY(writer.open(&buffer));
        const int ok = writer.beginRun(RecordedRequest());
        const int failed = writer.beginRun(RecordedRequest());
        RecordedResponse response;
        response.status = 200;
        QVERIFY(writer.writeResponse(ok, response));
        response.status = 502;
        response.headers = {{QStringLiteral("Content-Type"), QStringLiteral("application/json")}};
        QVERIFY(writer.writeResponse(failed, response));
        // A line break in the body: the one-line message keeps it on one line.
        QVERIFY(writer.writeChunk(failed, "{\"error\":\"upstream\n down\"}", 1));
        QVERIFY(writer.writeChunk(
            ok, "data: {\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n", 2));
        writer.close();
        const Loaded l = load(file);
        QCOMPARE(l.events.size(), 1);
        QCOMPARE(l.origins[0].runIndex, 0);
        QCOMPARE(l.capture.problems.size(), 1);
        const CaptureProblem &p = l.capture.problems[0];
        QCOMPARE(p.ruleId, QStringLiteral("capture.http-error"));
        QCOMPARE(p.severity, Severity::Error);
        QVERIFY2(
            p.message.startsWith(QLatin1String("run 1: HTTP 502: {\"error\":\"upstream down\"}")),
            qPrintable(p.message));
        QVERIFY(p.byteOffset > 0);
    }

    void protobufFramesAreDetectedAndDecoded()
    {
        // The minimal run of the protocol reference (appendix A) over the protobuf binding.
        const QByteArray body = QByteArray::fromHex("0000000e620c0a02080b120274311a027231"
                                                    "000000130a110a0012026d311a09617373697374616e74"
                                                    "0000000e120c0a02080112026d311a024869"
                                                    "0000000a1a080a02080212026d31"
                                                    "0000000e6a0c0a02080c120274311a027231");
        const Loaded l = load(body);
        QCOMPARE(l.capture.format, CaptureFormat::Protobuf);
        QCOMPARE(l.capture.runs[0].framing, Framing::Proto);
        QStringList types;
        for (const Event &e : l.events)
            types.append(e.typeName);
        QCOMPARE(
            types,
            (QStringList {QStringLiteral("RUN_STARTED"), QStringLiteral("TEXT_MESSAGE_START"),
                          QStringLiteral("TEXT_MESSAGE_CONTENT"),
                          QStringLiteral("TEXT_MESSAGE_END"), QStringLiteral("RUN_FINISHED")}));
        QCOMPARE(l.origins[1].sourceOffset, 18); // 4-byte length + 14-byte message before it
    }

    void runsInAWorkerThreadAndCancelsFromOutside()
    {
        QByteArray sse;
        for (int i = 0; i < 50000; ++i)
            sse += "data: {\"type\":\"CUSTOM\",\"name\":\"n\",\"value\":" + QByteArray::number(i)
                + "}\n\n";
        std::atomic_bool cancel {false};
        std::atomic<qint64> progressCalls {0};
        std::atomic<qint64> events {0};
        Capture result;
        // Plain std::thread: no Qt event loop anywhere, as in QtConcurrent::run.
        std::thread worker([&] {
            QBuffer buffer(&sse);
            buffer.open(QIODevice::ReadOnly);
            CaptureLoadOptions options;
            options.blockSize = 4096;
            options.cancel = &cancel;
            options.onEvent = [&](Event &&, const EventOrigin &) { ++events; };
            options.onProgress = [&](qint64, qint64) {
                ++progressCalls;
                // Wait for the other thread to cancel, like a user pressing Stop mid-load.
                while (!cancel.load())
                    std::this_thread::sleep_for(std::chrono::milliseconds(1));
            };
            result = loadCapture(buffer, options);
        });
        while (progressCalls.load() == 0)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        cancel = true;
        worker.join();
        QVERIFY(result.cancelled);
        QVERIFY(events.load() > 0);
        QVERIFY(events.load() < 50000);
    }

    void progressAndCancel()
    {
        QByteArray sse;
        for (int i = 0; i < 20000; ++i)
            sse += "data: {\"type\":\"CUSTOM\",\"name\":\"n\",\"value\":" + QByteArray::number(i)
                + "}\n\n";
        QBuffer buffer(&sse);
        buffer.open(QIODevice::ReadOnly);
        std::atomic_bool cancel {false};
        qint64 events = 0;
        qint64 lastDone = 0;
        CaptureLoadOptions options;
        options.cancel = &cancel;
        options.blockSize = 4096;
        options.onEvent = [&](Event &&, const EventOrigin &) { ++events; };
        options.onProgress = [&](qint64 done, qint64 total) {
            QCOMPARE(total, sse.size());
            QVERIFY(done > lastDone);
            lastDone = done;
            cancel = true; // after the first block
        };
        const Capture capture = loadCapture(buffer, options);
        QVERIFY(capture.cancelled);
        QVERIFY(events > 0);
        QVERIFY(events < 20000);
        QVERIFY(lastDone < sse.size());
    }
};

QTEST_GUILESS_MAIN(TestCaptureLoader)
#include "test_captureloader.moc"
