// The one way a capture becomes a Session (core/ingest): two threads give exactly what one gives,
// whatever the format, the block size or where batches end; cancelling stops both threads.

#include "core/capture/capturewriter.h"
#include "core/ingest/batchqueue.h"
#include "core/ingest/sessionloader.h"

#include "tests/testfiles.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <thread>

using namespace agui;

namespace {

QString dataPath(const QString &relative)
{
    return QStringLiteral(AGUI_TEST_DATA_DIR "/") + relative;
}

// A long session in SSE with a bit of everything, several runs.
QByteArray generatedSse(int runs)
{
    QByteArray out;
    auto event = [&out](const QByteArray &json) { out += "data: " + json + "\n\n"; };
    for (int r = 0; r < runs; ++r) {
        const QByteArray n = QByteArray::number(r);
        event(R"({"type":"RUN_STARTED","threadId":"t","runId":"r)" + n + R"("})");
        if (r == 0)
            event(R"({"type":"STATE_SNAPSHOT","snapshot":{"list":[],"n":0}})");
        event(R"({"type":"TEXT_MESSAGE_START","messageId":"m)" + n + R"(","role":"assistant"})");
        for (int d = 0; d < 40; ++d)
            event(R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m)" + n + R"(","delta":"wörd )"
                  + QByteArray::number(d) + R"( "})");
        event(R"({"type":"TEXT_MESSAGE_END","messageId":"m)" + n + R"("})");
        event(R"({"type":"STATE_DELTA","delta":[{"op":"add","path":"/list/-","value":)" + n
              + R"(},{"op":"replace","path":"/n","value":)" + n + "}]}");
        if (r % 7 == 3)
            out += ": keep-alive\n\n";
        if (r % 11 == 5)
            event(R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"nope","delta":"x"})");
        if (r % 13 == 8)
            out += "data: {not json\n\n";
        out += "data: {\"type\":\"RUN_FINISHED\",\n";
        out += "data: \"threadId\":\"t\",\"runId\":\"r" + n + "\"}\n\n"; // two data lines
    }
    return out;
}

struct Loaded
{
    Session session;
    Capture capture;
    SessionLoadResult result;
    int heartbeats = 0;
    QList<EventOrigin> origins;
};

void load(const QString &path, bool twoThreads, qint64 blockSize, Loaded *out)
{
    SessionLoadOptions options;
    options.twoThreads = twoThreads;
    options.blockSize = blockSize;
    options.keepChunks = true;
    options.onHeartbeat = [out](const Heartbeat &, const EventOrigin &) { ++out->heartbeats; };
    options.onFrame
        = [out](const DecodedFrame &, const EventOrigin &origin) { out->origins.append(origin); };
    out->result = loadIntoSession(path, out->session, &out->capture, options);
}

QString describe(const Finding &f)
{
    return QStringLiteral("%1 %2 %3 %4")
        .arg(f.eventIndex)
        .arg(f.diagnostic.ruleId, f.diagnostic.path, f.diagnostic.message);
}

} // namespace

class TestSessionLoader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void twoThreadsEqualOne_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<qint64>("blockSize");
        // Raw SSE generated here, read in blocks that cut frames (and batches) anywhere.
        const QString sse = m_dir.filePath(QStringLiteral("generated.sse"));
        QFile f(sse);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(generatedSse(300));
        f.close();
        QTest::newRow("generated sse, 4 KiB blocks") << sse << qint64(4096);
        QTest::newRow("generated sse, 1 MiB blocks") << sse << qint64(1 << 20);
        // The same body recorded in our own format, one chunk record per 1000 bytes.
        const QString own = m_dir.filePath(QStringLiteral("generated.aguicap"));
        {
            CaptureWriter writer;
            QVERIFY(writer.open(own));
            RecordedRequest request;
            request.present = true;
            request.method = QStringLiteral("POST");
            request.url = QStringLiteral("http://127.0.0.1/agent");
            request.body = R"({"threadId":"t","runId":"r0","messages":[],"state":{"seed":1}})";
            const int run = writer.beginRun(request);
            const QByteArray body = generatedSse(60);
            for (qsizetype at = 0; at < body.size(); at += 1000)
                writer.writeChunk(
                    run, QByteArrayView(body).sliced(at, qMin<qsizetype>(1000, body.size() - at)),
                    1'800'000'000'000'000 + at);
            writer.endRun(run, RunEnd::Finished);
        }
        QTest::newRow("own format") << own << qint64(4096);
        const QString files[] = {
            QStringLiteral("wire/appendix-a.proto"),
            QStringLiteral("wire/appendix-a-events.jsonl"),
            QStringLiteral("wire/tool-call-crlf.sse"),
            QStringLiteral("wire/heartbeats.sse"),
            QStringLiteral("capture/samples/errors.jsonl"),
            QStringLiteral("capture/devtools/chunked-run.agui.jsonl"),
            QStringLiteral("capture/devtools/malformed.agui.jsonl"),
            QStringLiteral("ui-views/views.agui.jsonl"),
        };
        for (const QString &file : files)
            QTest::newRow(qPrintable(file)) << dataPath(file) << qint64(4096);
    }

    void twoThreadsEqualOne()
    {
        QFETCH(QString, path);
        QFETCH(qint64, blockSize);
        Loaded one;
        Loaded two;
        load(path, false, blockSize, &one);
        load(path, true, blockSize, &two);
        QVERIFY(one.result.ok);
        QVERIFY(two.result.ok);
        QVERIFY(!two.result.cancelled);
        QVERIFY(one.session.size() > 0);
        QCOMPARE(two.session.size(), one.session.size());
        QCOMPARE(two.result.events, one.result.events);
        QCOMPARE(two.heartbeats, one.heartbeats);
        QCOMPARE(two.origins.size(), one.origins.size());
        for (qsizetype i = 0; i < one.origins.size(); ++i) {
            QCOMPARE(two.origins[i].runIndex, one.origins[i].runIndex);
            QCOMPARE(two.origins[i].sourceOffset, one.origins[i].sourceOffset);
        }
        const EventStore &a = one.session.events();
        const EventStore &b = two.session.events();
        for (qint64 seq = 0; seq < a.size(); ++seq) {
            QCOMPARE(b.type(seq), a.type(seq));
            QCOMPARE(b.raw(seq), a.raw(seq));
            QCOMPARE(b.payload(seq), a.payload(seq));
            QCOMPARE(b.streamOffset(seq), a.streamOffset(seq));
            QCOMPARE(b.receivedAtUs(seq), a.receivedAtUs(seq));
            QCOMPARE(b.primaryId(seq), a.primaryId(seq));
            QCOMPARE(b.runIndex(seq), a.runIndex(seq));
            QCOMPARE(b.diagnostics(seq).size(), a.diagnostics(seq).size());
        }
        QCOMPARE(two.session.findings().size(), one.session.findings().size());
        for (qsizetype i = 0; i < one.session.findings().size(); ++i)
            QCOMPARE(describe(two.session.findings()[i]), describe(one.session.findings()[i]));
        QVERIFY(two.session.current() == one.session.current());
        QVERIFY(two.session.isFinished());
        QCOMPARE(two.capture.runs.size(), one.capture.runs.size());
        QCOMPARE(two.capture.problems.size(), one.capture.problems.size());
        QCOMPARE(two.capture.bodyBytes(), one.capture.bodyBytes());
        // Time travel works on the loaded session (bytes kept, checkpoints made).
        const qint64 middle = a.size() / 2;
        QVERIFY(two.session.snapshotAt(middle) == one.session.snapshotAt(middle));
    }

    // The store holds each chunk once: frames inside a chunk share the capture's bytes.
    void bytesAreSharedWithTheCapture()
    {
        const QByteArray body = generatedSse(500);
        const QString path = write(QStringLiteral("shared.sse"), body);
        Loaded loaded;
        load(path, true, 1 << 16, &loaded);
        QVERIFY(loaded.result.ok);
        // Copies only for frames cut by a block boundary: far less than the body again.
        QVERIFY2(loaded.session.events().bytesStored() < body.size() + body.size() / 10,
                 qPrintable(QString::number(loaded.session.events().bytesStored())));
        QCOMPARE(loaded.capture.bodyBytes(), qint64(body.size()));
    }

    // A file is read through a mapping of it: the store's bytes are the file's, and stay readable
    // when the capture that read them is gone (the store keeps the mapping).
    void theStoreKeepsTheMappedFileItShares()
    {
        const QByteArray body = generatedSse(300);
        const QString path = write(QStringLiteral("mapped.sse"), body);
        Session session;
        SessionLoadOptions options;
        options.blockSize = 4096;
        QVERIFY(loadIntoSession(path, session, nullptr, options).ok); // its own capture, dropped
        QVERIFY(session.size() > 300 * 40);
        for (qint64 seq = 0; seq < session.size(); ++seq) {
            const EventStore &store = session.events();
            const qint64 at = store.streamOffset(seq);
            QCOMPARE(store.rawView(seq),
                     QByteArrayView(body).sliced(at, store.rawView(seq).size()));
        }
    }

    void cancellingStopsBothThreads()
    {
        const QString path = write(QStringLiteral("long.sse"), generatedSse(3000));
        std::atomic_bool cancel {false};
        Session session;
        Capture capture;
        SessionLoadOptions options;
        options.blockSize = 4096;
        options.cancel = &cancel;
        // Cancelled as soon as the first events are in: the rest is never read.
        options.onFrame = [&cancel](const DecodedFrame &, const EventOrigin &) { cancel = true; };
        const SessionLoadResult r = loadIntoSession(path, session, &capture, options);
        QVERIFY(r.ok);
        QVERIFY(r.cancelled);
        QVERIFY(!session.isFinished());
        QVERIFY(session.size() > 0);
        QVERIFY(session.size() < 3000 * 45);
    }

    // The reader hands a batch over early only while the session's thread waits for one: the
    // queue says so while popFull waits on an empty queue, and not once it has a batch.
    void queueSaysWhenTheSessionThreadWaits()
    {
        ingest::BatchQueue queue;
        QVERIFY(!queue.consumerWaiting());
        std::unique_ptr<ingest::Batch> popped;
        std::thread consumer([&] { popped = queue.popFull(); });
        QTRY_VERIFY_WITH_TIMEOUT(queue.consumerWaiting(), 30000);
        std::unique_ptr<ingest::Batch> batch = queue.takeEmpty();
        batch->items.emplace_back();
        queue.pushFull(std::move(batch));
        consumer.join();
        QVERIFY(popped);
        QCOMPARE(popped->items.size(), size_t(1));
        QVERIFY(!queue.consumerWaiting());
        queue.finishProducing();
        QVERIFY(!queue.popFull());
    }

    void unreadableInputSaysWhy()
    {
        Session session;
        Capture capture;
        const SessionLoadResult r
            = loadIntoSession(m_dir.filePath(QStringLiteral("missing.sse")), session, &capture);
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains(QStringLiteral("cannot open")), qPrintable(r.error));
        QCOMPARE(session.size(), 0);
    }

private:
    QString write(const QString &name, const QByteArray &bytes)
    {
        return testing::writeTestFile(m_dir, name, bytes);
    }

    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestSessionLoader)
#include "test_session_loader.moc"
