// The run client against a misbehaving server (faultcases.h): for each scenario the run ends
// with the status and message a user needs, nothing crashes or hangs, every body byte the server
// sent is in the capture file (compared by SHA-256 and count), and no read handed the decoder
// more than the socket's bounded buffer (so the event loop is never held by one huge read).

#include "faultcases.h"

#include "core/capture/capturereader.h"
#include "core/capture/capturewriter.h"
#include "core/net/chunksink.h"
#include "core/net/httpexchange.h"
#include "core/net/runclient.h"
#include "tests/testplatform.h"

#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace agui;
using namespace agui::net;

namespace {

// Records into the capture file and notes the largest piece handed over.
class MeasuringSink : public CaptureWriterSink
{
public:
    using CaptureWriterSink::CaptureWriterSink;
    qint64 largest = 0;
    void chunkReceived(const QByteArray &bytes, qint64 at) override
    {
        largest = qMax<qint64>(largest, bytes.size());
        CaptureWriterSink::chunkReceived(bytes, at);
    }
};

} // namespace

class TestRunClientFaults : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scenario_data() { addFaultCaseRows(); }

    // A body far larger than memory would like: the capture on disk grows with it, the
    // client's memory does not (heartbeats are counted, not kept; reads are bounded).
    void responseFarLargerThanMemory()
    {
#if defined(__SANITIZE_ADDRESS__) // ~20× slower per byte: the same path, a quarter of the bytes
        const qint64 body = 256LL * 1024 * 1024;
#else
        const qint64 body = 1024LL * 1024 * 1024;
#endif
        FaultServer server;
        server.setScript(farLargerThanMemory(body));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("huge.aguicap"));
        CaptureWriter writer;
        QVERIFY(writer.open(path));
        CaptureWriterSink sink(&writer);
        RunClient client;
        client.setSink(&sink);
        qint64 events = 0;
        connect(&client, &RunClient::eventsReceived, this,
                [&](const QList<Event> &batch) { events += batch.size(); });
        const qint64 before = residentBytes();
        qint64 peak = before;
        QTimer sampler;
        connect(&sampler, &QTimer::timeout, this, [&] { peak = qMax(peak, residentBytes()); });
        sampler.start(20);
        QSignalSpy finished(&client, &RunClient::finished);
        client.start(server.url(), {});
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 1200000);
        sampler.stop();
        QVERIFY2(client.status() == RunClient::Status::Finished, qPrintable(client.errorString()));
        QCOMPARE(events, 2);
        QCOMPARE(client.bytesReceived(), server.bodyBytesSent());
        writer.close();
        QVERIFY(QFileInfo(path).size() > body); // every byte went to the disk
        const RecordedBody recorded = readRecordedBody(path);
        QCOMPARE(recorded.bodyBytes, server.bodyBytesSent());
        QCOMPARE(recorded.sha256, server.bodySha256());
        qInfo("resident memory grew by %lld MiB for a %lld MiB body", (peak - before) >> 20,
              body >> 20);
#if !defined(__SANITIZE_ADDRESS__) // ASan's quarantine and shadow are not the program's memory
        // Bounded: a small fraction of the body (both ends of the loopback are in this process).
        if (before >= 0)
            QVERIFY2(peak - before < 256LL * 1024 * 1024,
                     qPrintable(QStringLiteral("grew by %1 MiB").arg((peak - before) >> 20)));
#endif
    }

    void scenario()
    {
        QFETCH(int, index);
        const FaultCase c = faultCases().at(index);
        if (const QString why = faultCaseSkipReason(c); !why.isEmpty())
            QSKIP(qPrintable(why));
        FaultServer server;
        loadFaultCase(server, c);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("run.aguicap"));
        CaptureWriter writer;
        QVERIFY(writer.open(path));
        MeasuringSink sink(&writer);
        RunClient client;
        client.setSink(&sink);
        client.setStallTimeout(c.outcome == FaultCase::Outcome::Stalled ? 300 : 120000);
        qint64 events = 0;
        connect(&client, &RunClient::eventsReceived, this,
                [&](const QList<Event> &batch) { events += batch.size(); });
        QSignalSpy finished(&client, &RunClient::finished);
        client.start(faultTargetUrl(c, server),
                     QJsonObject {{QStringLiteral("threadId"), QStringLiteral("t")}});

        if (c.outcome == FaultCase::Outcome::Stalled) {
            QTRY_COMPARE_WITH_TIMEOUT(client.status(), RunClient::Status::Stalled, 60000);
            QCOMPARE(finished.size(), 0); // reported, not ended
            client.stop();
            QCOMPARE(client.status(), RunClient::Status::Stopped);
        } else {
            QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 600000);
        }
        const QString error = client.errorString();
        if (c.outcome == FaultCase::Outcome::Finished) {
            QVERIFY2(client.status() == RunClient::Status::Finished, qPrintable(error));
            if (!c.message.isEmpty())
                QVERIFY2(client.bindingNote().contains(c.message),
                         qPrintable(client.bindingNote()));
        } else if (c.outcome == FaultCase::Outcome::Failed) {
            QCOMPARE(client.status(), RunClient::Status::Failed);
            if (c.target == FaultCase::Target::HttpsToPlainServer && agui::testing::underWine())
                QEXPECT_FAIL("",
                             "Wine's Schannel (GnuTLS) takes a plain-text answer to the TLS "
                             "hello for a closed connection, not a failed handshake",
                             Continue);
            QVERIFY2(error.contains(c.message), qPrintable(error));
        }
        QCOMPARE(client.httpStatus(), c.httpStatus);
        if (c.events >= 0)
            QCOMPARE(events, c.events);
        QVERIFY(!error.contains(QStringLiteral("leaked"))); // a redirect's token is redacted
        QVERIFY(sink.largest <= HttpExchange::kReadBufferBytes);

        // Every body byte the server sent is in the capture, and the run's end is recorded.
        writer.close();
        const RecordedBody recorded = readRecordedBody(path);
        QCOMPARE(recorded.bodyBytes, server.bodyBytesSent());
        QCOMPARE(recorded.sha256, server.bodySha256());
        QCOMPARE(client.bytesReceived(), server.bodyBytesSent());
        QCOMPARE(recorded.status, c.httpStatus);
        if (c.outcome == FaultCase::Outcome::Stalled) {
            QCOMPARE(recorded.end, RunEnd::Aborted);
        } else {
            QCOMPARE(recorded.end,
                     c.outcome == FaultCase::Outcome::Finished ? RunEnd::Finished : RunEnd::Error);
            QCOMPARE(recorded.endError, error);
        }
        if (c.httpStatus >= 300 && c.httpStatus < 400)
            QCOMPARE(server.connections(), 1); // the redirect was not followed
    }
};

QTEST_GUILESS_MAIN(TestRunClientFaults)
#include "test_run_client_faults.moc"
