// core/recording: what a live run (the window's, a proxy exchange) leaves in its session's
// Recording. Every byte is kept before it is decoded, credentials never reach the capture, an
// error body is recorded but not decoded, concurrent runs keep their own events and their order,
// the in-memory budget spills to the capture file, and a run outlives a dropped recording.

#include "core/capture/capturereader.h"
#include "core/capture/capturewriter.h"
#include "core/recording/loadrecording.h"
#include "core/recording/recording.h"
#include "core/recording/runrecorder.h"

#include <QBuffer>
#include <QSet>
#include <QTest>

using namespace agui;

namespace {

RecordedRequest request(const QString &url = QStringLiteral("http://127.0.0.1:1/agent"))
{
    return {true, 1000, QStringLiteral("POST"), url, {}, "{}", {}};
}

RecordedResponse sseResponse(int status = 200)
{
    return {true,
            2000,
            status,
            {{QStringLiteral("Content-Type"), QStringLiteral("text/event-stream")}}};
}

QByteArray sse(const QByteArray &json)
{
    return "data: " + json + "\n\n";
}

// A capture file in memory: what a run records with a file, read back.
struct CaptureFile
{
    QByteArray bytes;
    QBuffer device {&bytes};
    CaptureWriter writer;

    bool open() { return device.open(QIODevice::WriteOnly) && writer.open(&device); }
    Capture read()
    {
        writer.close();
        return readCapture(bytes);
    }
};

const QByteArray kStarted = R"({"type":"RUN_STARTED","threadId":"t","runId":"r"})";
const QByteArray kFinished = R"({"type":"RUN_FINISHED","threadId":"t","runId":"r"})";

} // namespace

class TestRecording : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void keepsEveryByteBeforeDecoding()
    {
        auto recording = std::make_shared<Recording>();
        QList<QPair<qint64, qint64>> appended;
        recording->setListener({[&](qint64 first, qint64 last) {
                                    appended.append({first, last});
                                },
                                {},
                                {}});
        const auto run = recording->recordRun();
        run->requestSent(request());
        run->responseStarted(sseResponse());
        const QByteArray broken = "data: {\"type\":\"TEXT_MESSAGE_START\",\n\n";
        run->chunkReceived(sse(kStarted), 3000);
        run->chunkReceived(broken, 4000);
        run->chunkReceived(sse(kFinished), 5000);
        run->runEnded(RunEnd::Finished, QString(), 6000);

        const RunRecording &recorded = recording->capture().runs.at(0);
        QByteArray body;
        for (const Chunk &c : recorded.chunks)
            body += c.bytes;
        QCOMPARE(body, sse(kStarted) + broken + sse(kFinished));
        QCOMPARE(recorded.end, RunEnd::Finished);
        QCOMPARE(recorded.endedAtUs, 6000);
        QCOMPARE(recording->session().size(), 3);
        QVERIFY(!recording->session().events().event(1).isValid()); // kept, as an Invalid event
        QCOMPARE(appended, (QList<QPair<qint64, qint64>> {{0, 0}, {1, 1}, {2, 2}}));
        QCOMPARE(recording->captureRunOf(2), 0);
    }

    // A tracer's recording: every event and its receive time, no body bytes held.
    void recordsOnlyLetsTheBytesGo()
    {
        SessionOptions recordsOnly;
        recordsOnly.checkpointInterval = 0;
        recordsOnly.keepBytes = false;
        auto recording = std::make_shared<Recording>(recordsOnly, false);
        const auto run = recording->recordRun();
        run->requestSent(request());
        run->responseStarted(sseResponse());
        run->chunkReceived(sse(kStarted), 3000);
        run->chunkReceived(sse(kFinished), 5000);
        run->runEnded(RunEnd::Finished, QString(), 6000);
        const RunRecording &recorded = recording->capture().runs.at(0);
        QVERIFY(recorded.chunks.isEmpty());
        QCOMPARE(recorded.end, RunEnd::Finished);
        QCOMPARE(recorded.request.method, QStringLiteral("POST"));
        QCOMPARE(recording->session().size(), 2);
        QCOMPARE(recording->session().events().receivedAtUs(1), 5000);
        QCOMPARE(recording->session().current().run(0).status, RunStatus::Finished);
        QCOMPARE(recording->bodyBytesInMemory(), 0);
    }

    void credentialsNeverReachTheCapture()
    {
        auto recording = std::make_shared<Recording>();
        const auto run = recording->recordRun();
        RecordedRequest r = request(QStringLiteral("http://127.0.0.1:1/agent?api_key=s3cret"));
        r.headers = {{QStringLiteral("Authorization"), QStringLiteral("Bearer s3cret")}};
        run->requestSent(r);
        const RecordedRequest &kept = recording->capture().runs.at(0).request;
        QVERIFY2(!kept.url.contains(QStringLiteral("s3cret")), qPrintable(kept.url));
        for (const auto &[name, value] : kept.headers)
            QVERIFY2(!value.contains(QStringLiteral("s3cret")), qPrintable(value));
    }

    void anErrorBodyIsRecordedNotDecoded()
    {
        auto recording = std::make_shared<Recording>();
        const auto run = recording->recordRun();
        run->requestSent(request());
        run->responseStarted(sseResponse(500));
        run->chunkReceived(sse(kStarted), 3000);
        run->runEnded(RunEnd::Error, QStringLiteral("HTTP 500"), 4000);
        QCOMPARE(recording->capture().runs.at(0).chunks.size(), 1);
        QCOMPARE(recording->session().size(), 0);
        QCOMPARE(recording->capture().runs.at(0).endError, QStringLiteral("HTTP 500"));
    }

    void concurrentRunsKeepTheirEventsAndTheirOrder()
    {
        auto recording = std::make_shared<Recording>();
        const auto a = recording->recordRun();
        const auto b = recording->recordRun();
        a->requestSent(request());
        b->requestSent(request());
        a->responseStarted(sseResponse());
        b->responseStarted(sseResponse());
        a->chunkReceived(sse(kStarted), 3000);
        b->chunkReceived(sse(kStarted), 3100);
        a->chunkReceived(sse(kFinished), 3200);
        b->chunkReceived(sse(kFinished), 3300);
        a->runEnded(RunEnd::Finished, QString(), 3400);
        b->runEnded(RunEnd::Finished, QString(), 3500);
        QCOMPARE(a->runIndex(), 0);
        QCOMPARE(b->runIndex(), 1);
        const QList<int> runs {recording->captureRunOf(0), recording->captureRunOf(1),
                               recording->captureRunOf(2), recording->captureRunOf(3)};
        QCOMPARE(runs, (QList<int> {0, 1, 0, 1}));
        // Each chunk's place among all of them, so Save As writes them as they came.
        QCOMPARE(recording->capture().runs.at(0).chunks.at(1).order, 2);
        QCOMPARE(recording->capture().runs.at(1).chunks.at(0).order, 1);
    }

    void pastTheBudgetTheBodyIsInTheFileOnly()
    {
        CaptureFile file;
        QVERIFY(file.open());
        auto recording = std::make_shared<Recording>();
        recording->setMemoryBudget(sse(kStarted).size());
        const auto run = recording->recordRun(&file.writer);
        run->requestSent(request());
        run->responseStarted(sseResponse());
        run->chunkReceived(sse(kStarted), 3000);
        QVERIFY(!recording->bodySpilled());
        run->chunkReceived(sse(kFinished), 4000);
        run->runEnded(RunEnd::Finished, QString(), 5000);
        QVERIFY(recording->bodySpilled());
        QCOMPARE(recording->capture().runs.at(0).chunks.size(), 1);
        QCOMPARE(recording->session().size(), 2); // decoded all the same
        const Capture onDisk = file.read();
        QCOMPARE(onDisk.runs.size(), 1);
        QCOMPARE(onDisk.runs.at(0).chunks.size(), 2);
    }

    void aFileIsReadIntoTheSameObject()
    {
        // Two runs whose chunks interleave, the first cut off: each event knows its run, and
        // the capture keeps every chunk for Save As.
        Recording recording;
        const SessionLoadResult loaded = loadIntoRecording(
            QStringLiteral(AGUI_TEST_DATA_DIR "/capture/interleaved-cut-off.aguicap"), recording);
        QVERIFY2(loaded.ok, qPrintable(loaded.error));
        const Capture &capture = recording.capture();
        QVERIFY(capture.runs.size() >= 2);
        QSet<int> runsSeen;
        for (qint64 seq = 0; seq < recording.session().size(); ++seq) {
            const int run = recording.captureRunOf(seq);
            QVERIFY2(run >= 0 && run < capture.runs.size(), qPrintable(QString::number(seq)));
            runsSeen.insert(run);
        }
        QCOMPARE(runsSeen.size(), int(capture.runs.size()));
        for (const RunRecording &run : capture.runs)
            QVERIFY(!run.chunks.isEmpty());
    }

    void aRunOutlivesADroppedRecording()
    {
        CaptureFile file;
        QVERIFY(file.open());
        auto recording = std::make_shared<Recording>();
        const auto run = recording->recordRun(&file.writer);
        run->requestSent(request());
        run->responseStarted(sseResponse());
        run->chunkReceived(sse(kStarted), 3000);
        recording.reset(); // the window opened a file in the middle of the run
        run->chunkReceived(sse(kFinished), 4000);
        run->runEnded(RunEnd::Finished, QString(), 5000);
        const Capture onDisk = file.read();
        QCOMPARE(onDisk.runs.at(0).chunks.size(), 2);
        QCOMPARE(onDisk.runs.at(0).end, RunEnd::Finished);
    }
};

QTEST_GUILESS_MAIN(TestRecording)
#include "test_recording.moc"
