// RunClient against the in-process server: events arrive decoded and recorded first, stop()
// works, non-2xx keeps status and body, the stall watchdog reports silence.

#include "core/capture/capturereader.h"
#include "core/capture/capturewriter.h"
#include "core/net/aguiendpoint.h"
#include "core/net/httpserver.h"
#include "core/net/runclient.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace agui;
using namespace agui::net;

namespace {

class RecordingSink : public ChunkSink
{
public:
    RecordedRequest request;
    RecordedResponse response;
    QByteArray body;
    int chunks = 0;
    RunEnd end = RunEnd::Open;
    int ends = 0;

    void requestSent(const RecordedRequest &r) override { request = r; }
    void responseStarted(const RecordedResponse &r) override { response = r; }
    void chunkReceived(const QByteArray &bytes, qint64) override
    {
        ++chunks;
        body += bytes;
    }
    void runEnded(RunEnd e, const QString &, qint64) override
    {
        end = e;
        ++ends;
    }
};

QJsonObject numberedEvent(int i)
{
    return QJsonObject {{QStringLiteral("type"), QStringLiteral("CUSTOM")},
                        {QStringLiteral("name"), QStringLiteral("n")},
                        {QStringLiteral("value"), i}};
}

} // namespace

class TestRunClient : public QObject
{
    Q_OBJECT

private:
    HttpServer *m_server = nullptr;
    AgUiEndpoint *m_endpoint = nullptr;
    int m_count = 5;
    qint64 m_pace = 0;
    HttpRequest m_lastRequest;

    QUrl url(const char *path = "/agent") const { return m_server->url(QString::fromLatin1(path)); }

private Q_SLOTS:
    void init()
    {
        m_server = new HttpServer;
        m_count = 5;
        m_pace = 0;
        m_endpoint
            = new AgUiEndpoint(m_server, QStringLiteral("/agent"), [this](const QJsonObject &) {
                  RunReply reply;
                  for (int i = 0; i < m_count; ++i)
                      reply.chunks.append(AgentChunk {i == 0 ? 0 : m_pace, numberedEvent(i), {}});
                  return reply;
              });
        m_server->route(
            "POST", QStringLiteral("/echo-headers"),
            [this](const HttpRequest &r, HttpResponder *out) {
                m_lastRequest = r;
                out->respond(
                    200, "text/event-stream",
                    "data: {\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n");
            });
        QVERIFY(m_server->listen());
    }
    void cleanup()
    {
        delete m_server;
        m_server = nullptr;
    }

    void eventsArriveDecodedAndRecorded()
    {
        m_count = 50;
        RunClient client;
        RecordingSink sink;
        client.setSink(&sink);
        QList<Event> events;
        QList<RunClient::Status> statuses;
        connect(&client, &RunClient::eventsReceived, this,
                [&](const QList<Event> &batch) { events += batch; });
        connect(&client, &RunClient::statusChanged, this,
                [&](RunClient::Status s) { statuses << s; });
        QSignalSpy finished(&client, &RunClient::finished);
        client.start(url(), QJsonObject {{QStringLiteral("threadId"), QStringLiteral("t")}});
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
        QVERIFY2(client.status() == RunClient::Status::Finished, qPrintable(client.errorString()));
        QCOMPARE(
            statuses,
            (QList<RunClient::Status> {RunClient::Status::Connecting, RunClient::Status::Streaming,
                                       RunClient::Status::Finished}));
        QCOMPARE(events.size(), 50);
        for (int i = 0; i < events.size(); ++i) {
            QCOMPARE(events.at(i).seq, qint64(i));
            QCOMPARE(events.at(i).type, EventType::Custom);
            QCOMPARE(events.at(i).json.value(QStringLiteral("value")).toInt(), i);
            QVERIFY(events.at(i).receivedAtUs > 0);
        }
        // Recorded: the request as sent, the head, every body byte, the end.
        QCOMPARE(sink.request.method, QStringLiteral("POST"));
        QCOMPARE(QJsonDocument::fromJson(sink.request.body)
                     .object()
                     .value(QStringLiteral("threadId"))
                     .toString(),
                 QStringLiteral("t"));
        QCOMPARE(sink.response.status, 200);
        QCOMPARE(sink.body.count("data: "), 50);
        QCOMPARE(client.bytesReceived(), sink.body.size());
        QCOMPARE(sink.end, RunEnd::Finished);
        QCOMPARE(sink.ends, 1);
    }

    void recordsBeforeDecoding()
    {
        RunClient client;
        RecordingSink sink;
        client.setSink(&sink);
        int recordedWhenFirstDecoded = -1;
        connect(&client, &RunClient::eventsReceived, this, [&](const QList<Event> &) {
            if (recordedWhenFirstDecoded < 0)
                recordedWhenFirstDecoded = sink.chunks;
        });
        QSignalSpy finished(&client, &RunClient::finished);
        client.start(url(), {});
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
        QVERIFY(recordedWhenFirstDecoded >= 1); // the chunk was in the sink before its events left
    }

    void recordsIntoACaptureFile()
    {
        // The capture writer plugs in through CaptureWriterSink; what it wrote reads back as the
        // same bytes, with the request (credentials redacted by the writer) and the response.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("c.agui.jsonl"));
        CaptureWriter writer;
        QVERIFY(writer.open(path));
        CaptureWriterSink sink(&writer);
        RunClient client;
        client.setSink(&sink);
        QByteArray body;
        QSignalSpy finished(&client, &RunClient::finished);
        client.start(url(), QJsonObject {{QStringLiteral("threadId"), QStringLiteral("t")}},
                     {{QStringLiteral("Authorization"), QStringLiteral("Bearer secret-token")}});
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
        writer.close();
        Capture capture;
        QString error;
        QVERIFY2(readCaptureFile(path, &capture, &error), qPrintable(error));
        QCOMPARE(capture.runs.size(), 1);
        const RunRecording &run = capture.runs.first();
        QCOMPARE(run.response.status, 200);
        QCOMPARE(run.end, RunEnd::Finished);
        for (const Chunk &c : run.chunks)
            body += c.bytes;
        QCOMPARE(body.count("data: "), 5);
        QCOMPARE(qint64(body.size()), client.bytesReceived());
        QFile raw(path);
        QVERIFY(raw.open(QIODevice::ReadOnly));
        QVERIFY(!raw.readAll().contains("secret-token"));
    }

    void firstSeqContinuesNumbering()
    {
        RunClient client;
        client.setFirstSeq(100);
        QList<Event> events;
        connect(&client, &RunClient::eventsReceived, this,
                [&](const QList<Event> &b) { events += b; });
        QSignalSpy finished(&client, &RunClient::finished);
        client.start(url(), {});
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
        QCOMPARE(events.size(), 5);
        QCOMPARE(events.first().seq, 100);
        QCOMPARE(events.last().seq, 104);
    }

    void requestHeaders()
    {
        RunClient client;
        QSignalSpy finished(&client, &RunClient::finished);
        client.start(url("/echo-headers"), {},
                     {{QStringLiteral("Authorization"), QStringLiteral("Bearer secret")},
                      {QStringLiteral("X-Extra"), QStringLiteral("1")}});
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
        QCOMPARE(m_lastRequest.header("Content-Type"), QByteArray("application/json"));
        QCOMPARE(m_lastRequest.header("Accept"), QByteArray("text/event-stream"));
        QCOMPARE(m_lastRequest.header("Cache-Control"), QByteArray("no-cache"));
        QCOMPARE(m_lastRequest.header("Accept-Encoding"), QByteArray("identity"));
        QCOMPARE(m_lastRequest.header("Authorization"), QByteArray("Bearer secret"));
        QCOMPARE(m_lastRequest.header("X-Extra"), QByteArray("1"));
        QCOMPARE(client.eventsDecoded(), 1);
    }

    void stopWorks()
    {
        m_count = 1000;
        m_pace = 10;
        QSignalSpy ended(m_endpoint, &AgUiEndpoint::runEnded);
        RunClient client;
        RecordingSink sink;
        client.setSink(&sink);
        qint64 received = 0;
        connect(&client, &RunClient::eventsReceived, this,
                [&](const QList<Event> &b) { received += b.size(); });
        client.start(url(), {});
        QTRY_VERIFY_WITH_TIMEOUT(received >= 3, 10000);
        client.stop();
        QCOMPARE(client.status(), RunClient::Status::Stopped);
        QCOMPARE(sink.end, RunEnd::Aborted);
        const qint64 atStop = received;
        QTRY_COMPARE_WITH_TIMEOUT(ended.size(), 1, 10000); // the server saw the client leave
        QCOMPARE(ended.first().first().toBool(), false);
        QTest::qWait(50);
        QCOMPARE(received, atStop); // nothing after stop
        QVERIFY(received < 1000);
    }

    void http500WithHtmlBodyFails()
    {
        const QByteArray html = "<html><body><h1>500 Internal Server Error</h1></body></html>";
        m_server->route(
            "POST", QStringLiteral("/broken"),
            [html](const HttpRequest &, HttpResponder *r) { r->respond(500, "text/html", html); });
        RunClient client;
        RecordingSink sink;
        client.setSink(&sink);
        QSignalSpy failed(&client, &RunClient::failed);
        QSignalSpy events(&client, &RunClient::eventsReceived);
        client.start(url("/broken"), {});
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 10000);
        QCOMPARE(client.status(), RunClient::Status::Failed);
        QCOMPARE(client.httpStatus(), 500);
        QCOMPARE(client.errorBody(), html);
        QCOMPARE(failed.first().at(1).toInt(), 500);
        QCOMPARE(failed.first().at(2).toByteArray(), html);
        QVERIFY(failed.first().at(0).toString().startsWith(QStringLiteral("HTTP 500")));
        QCOMPARE(events.size(), 0); // an error body is not decoded as events
        QCOMPARE(sink.body, html); // but it is recorded
        QCOMPARE(sink.response.status, 500);
        QCOMPARE(sink.end, RunEnd::Error);
    }

    void redirectsAreNotFollowed()
    {
        m_server->route("POST", QStringLiteral("/moved"),
                        [](const HttpRequest &, HttpResponder *r) {
                            r->respond(307, "text/plain", "moved", {{"Location", "/agent"}});
                        });
        RunClient client;
        QSignalSpy failed(&client, &RunClient::failed);
        client.start(url("/moved"), {});
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 10000);
        QCOMPARE(client.httpStatus(), 307);
    }

    void connectionRefusedFails()
    {
        const quint16 port = m_server->port();
        m_server->close();
        RunClient client;
        QSignalSpy failed(&client, &RunClient::failed);
        client.start(QUrl(QStringLiteral("http://127.0.0.1:%1/agent").arg(port)), {});
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 10000);
        QCOMPARE(client.httpStatus(), 0);
        QVERIFY(!client.errorString().isEmpty());
    }

    void stallWatchdogFiresAndRecovers()
    {
        QPointer<HttpResponder> held;
        m_server->route(
            "POST", QStringLiteral("/quiet"), [&](const HttpRequest &, HttpResponder *r) {
                r->beginStream(200, "text/event-stream");
                r->write("data: {\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n");
                held = r; // then silence
            });
        RunClient client;
        client.setStallTimeout(150);
        QCOMPARE(RunClient().stallTimeout(), 30000); // the default
        QSignalSpy stalled(&client, &RunClient::stalled);
        QSignalSpy finished(&client, &RunClient::finished);
        client.start(url("/quiet"), {});
        QTRY_COMPARE_WITH_TIMEOUT(stalled.size(), 1, 10000);
        QCOMPARE(client.status(), RunClient::Status::Stalled);
        QCOMPARE(stalled.first().first().toInt(), 150);
        QVERIFY(client.isActive()); // reported, not aborted
        QCOMPARE(finished.size(), 0);
        // Data again: streaming resumes, then the body ends normally.
        QVERIFY(held);
        held->write("data: {\"type\":\"RUN_FINISHED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n");
        QTRY_COMPARE_WITH_TIMEOUT(client.status(), RunClient::Status::Streaming, 10000);
        held->finish();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
        QCOMPARE(client.status(), RunClient::Status::Finished);
        QCOMPARE(client.eventsDecoded(), 2);
    }

    void stallCanAbortWhenAsked()
    {
        m_server->route("POST", QStringLiteral("/silent"),
                        [](const HttpRequest &, HttpResponder *r) {
                            r->beginStream(200, "text/event-stream");
                        });
        RunClient client;
        client.setStallTimeout(100);
        client.setAbortOnStall(true);
        QSignalSpy failed(&client, &RunClient::failed);
        client.start(url("/silent"), {});
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 10000);
        QCOMPARE(client.status(), RunClient::Status::Failed);
    }
};

QTEST_GUILESS_MAIN(TestRunClient)
#include "test_run_client.moc"
