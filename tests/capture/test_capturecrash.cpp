// Crash safety: a capture cut at ANY byte (what a crash mid-write leaves) is read without
// crashing, yields every chunk whose record was complete, and says it was truncated.

#include "core/capture/capturereader.h"
#include "core/capture/capturewriter.h"

#include <QBuffer>
#include <QtTest>

using namespace agui;

class TestCaptureCrash : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void truncatedAtEveryOffset()
    {
        QByteArray file;
        QBuffer buffer(&file);
        buffer.open(QIODevice::WriteOnly);
        CaptureWriter writer;
        QVERIFY(writer.open(&buffer));

        // Record where each chunk record ends, to know what a prefix must yield.
        QList<QByteArray> chunks;
        QList<qsizetype> chunkRecordEnds; // offset just past the record's '}' (before '\n')
        const auto addChunk = [&](int run, const QByteArray &bytes) {
            QVERIFY(writer.writeChunk(run, bytes, 1000 + chunks.size()));
            chunks.append(bytes);
            chunkRecordEnds.append(file.size() - 1);
        };
        RecordedRequest request;
        request.method = QStringLiteral("POST");
        request.url = QStringLiteral("http://localhost/agent");
        request.body = QByteArrayLiteral("{\"threadId\":\"t\"}");
        const int a = writer.beginRun(request);
        RecordedResponse response;
        response.status = 200;
        response.headers = {{QStringLiteral("Content-Type"), QStringLiteral("text/event-stream")}};
        QVERIFY(writer.writeResponse(a, response));
        addChunk(a, "data: {\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n");
        addChunk(a, QByteArray("data: \xe2\x82", 8)); // a split UTF-8 sequence: stored as b64
        addChunk(a, QByteArray("\xac {\"x\":1}\n\n", 11));
        const int b = writer.beginRun(request);
        addChunk(b, "data: {\"type\":\"TEXT_MESSAGE_CONTENT\",\"delta\":\"\\u00e9\\n\"}\n\n");
        addChunk(a, "data: {\"type\":\"RUN_FINISHED\"}\n\n");
        QVERIFY(writer.endRun(a, RunEnd::Finished, {}, 5000));
        addChunk(b, QByteArray(300, 'z'));
        QVERIFY(writer.endRun(b, RunEnd::Aborted, QStringLiteral("stopped"), 6000));
        writer.close();
        QVERIFY(file.endsWith('\n'));

        const QByteArrayView ownPrefix("{\"agui-capture\"");
        for (qsizetype cut = 0; cut <= file.size(); ++cut) {
            const QByteArray prefix = file.left(cut);
            CaptureReadOptions options;
            options.blockSize = 4096; // the minimum: several blocks for the larger prefixes
            const Capture capture = readCapture(prefix, options);
            if (cut < ownPrefix.size())
                continue; // too short to say what it is; reading it must merely not crash
            QCOMPARE(capture.format, CaptureFormat::Agui);
            qsizetype expected = 0;
            while (expected < chunkRecordEnds.size() && chunkRecordEnds[expected] <= cut)
                ++expected;
            QList<QByteArray> got;
            for (const RunRecording &r : capture.runs) {
                for (const Chunk &c : r.chunks)
                    got.append(c.bytes);
            }
            // Chunks come back grouped by run; compare as multisets of the expected prefix.
            QList<QByteArray> want = chunks.first(expected);
            std::sort(got.begin(), got.end());
            std::sort(want.begin(), want.end());
            QVERIFY2(got == want,
                     qPrintable(QStringLiteral("cut at %1: %2 chunks, want %3")
                                    .arg(cut)
                                    .arg(got.size())
                                    .arg(want.size())));
            const bool atLineEnd = cut == 0 || file[cut - 1] == '\n' || file[cut] == '\n';
            QCOMPARE(capture.truncated, !atLineEnd);
            // A cut never counts as a corrupt record: only a warning saying where it was cut.
            QVERIFY2(!capture.hasErrors(),
                     qPrintable(QStringLiteral("cut at %1: %2")
                                    .arg(cut)
                                    .arg(capture.problems.value(0).message)));
            if (capture.truncated) {
                QCOMPARE(capture.problems.size(), 1);
                QVERIFY(capture.problems[0].byteOffset >= 0);
                QVERIFY(capture.problems[0].byteOffset < cut);
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestCaptureCrash)
#include "test_capturecrash.moc"
