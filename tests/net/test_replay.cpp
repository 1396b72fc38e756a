// serve --replay: each POST gets the next recorded run, byte for byte, with the recorded
// spacing divided by the speed; recorded failures are replayed as failures; then 503.

#include "core/capture/capturewriter.h"
#include "core/net/aguiendpoint.h"
#include "core/net/httpserver.h"
#include "core/net/replaysource.h"
#include "core/net/runclient.h"

#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace agui;
using namespace agui::net;

namespace {

const QByteArray kStarted
    = "data: {\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n";
const QByteArray kFinished
    = "data: {\"type\":\"RUN_FINISHED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n";
const QByteArray kHtml = "<h1>oops</h1>";

Capture recorded()
{
    const qint64 t0 = 1'700'000'000'000'000;
    Capture c;
    c.format = CaptureFormat::Agui;
    RunRecording ok;
    ok.id = 0;
    ok.request.present = true;
    ok.request.sentAtUs = t0;
    ok.request.method = QStringLiteral("POST");
    ok.request.url = QStringLiteral("http://127.0.0.1:1/agent");
    ok.response.present = true;
    ok.response.receivedAtUs = t0 + 10'000;
    ok.response.status = 200;
    ok.response.headers = {{QStringLiteral("Content-Type"), QStringLiteral("text/event-stream")}};
    // The second chunk splits an event: replay keeps the recorded chunking.
    ok.chunks = {Chunk {t0 + 20'000, kStarted + kFinished.left(20), -1, false},
                 Chunk {t0 + 220'000, kFinished.mid(20), -1, false}};
    ok.end = RunEnd::Finished;
    RunRecording failed;
    failed.id = 1;
    failed.request = ok.request;
    failed.response.present = true;
    failed.response.receivedAtUs = t0 + 500'000;
    failed.response.status = 500;
    failed.response.headers = {{QStringLiteral("Content-Type"), QStringLiteral("text/html")}};
    failed.chunks = {Chunk {t0 + 500'100, kHtml, -1, false}};
    failed.end = RunEnd::Error;
    c.runs = {ok, failed};
    return c;
}

struct Result
{
    RunClient::Status status = RunClient::Status::Idle;
    int http = 0;
    QByteArray body;
    QByteArray errorBody;
    int events = 0;
};

class BodySink : public ChunkSink
{
public:
    QByteArray body;
    void chunkReceived(const QByteArray &bytes, qint64) override { body += bytes; }
};

Result post(const QUrl &url)
{
    RunClient client;
    BodySink sink;
    client.setSink(&sink);
    Result r;
    QObject::connect(&client, &RunClient::eventsReceived, &client,
                     [&](const QList<Event> &b) { r.events += int(b.size()); });
    QSignalSpy finished(&client, &RunClient::finished);
    client.start(url, QJsonObject {});
    finished.wait(20000);
    r.status = client.status();
    r.http = client.httpStatus();
    r.body = sink.body;
    r.errorBody = client.errorBody();
    return r;
}

} // namespace

class TestReplay : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void pacingFollowsRecordingAndSpeed()
    {
        const Capture c = recorded();
        const QList<AgentChunk> normal = ReplaySource::pacedChunks(c.runs.at(0), 1.0);
        QCOMPARE(normal.size(), 2);
        QCOMPARE(normal.at(0).delayMs, 10); // after the response head
        QCOMPARE(normal.at(1).delayMs, 200);
        QCOMPARE(normal.at(1).raw, kFinished.mid(20));
        const QList<AgentChunk> fast = ReplaySource::pacedChunks(c.runs.at(0), 4.0);
        QCOMPARE(fast.at(1).delayMs, 50);
    }

    void inProcessReplay()
    {
        HttpServer server;
        ReplaySource source(recorded(), 20.0);
        AgUiEndpoint endpoint(&server, QStringLiteral("/"),
                              [&](const QJsonObject &in) { return source.next(in); });
        QVERIFY(server.listen());
        const Result first = post(server.url());
        QCOMPARE(first.status, RunClient::Status::Finished);
        QCOMPARE(first.body, kStarted + kFinished); // byte for byte
        QCOMPARE(first.events, 2);
        const Result second = post(server.url());
        QCOMPARE(second.status, RunClient::Status::Failed);
        QCOMPARE(second.http, 500);
        QCOMPARE(second.errorBody, kHtml);
        const Result third = post(server.url());
        QCOMPARE(third.http, 503);
        QVERIFY(third.errorBody.contains("no more recorded runs"));
        QCOMPARE(source.served(), 2);
    }

    void serveReplayCommand()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString file = dir.filePath(QStringLiteral("run.agui.jsonl"));
        {
            CaptureWriter writer;
            QVERIFY2(writer.open(file), qPrintable(writer.errorString()));
            QVERIFY(writer.writeCapture(recorded()));
            writer.close();
        }
        QProcess serve;
        serve.start(QStringLiteral(AGUI_INSPECT_BIN),
                    {QStringLiteral("serve"), QStringLiteral("--replay"), file,
                     QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--speed"),
                     QStringLiteral("50")});
        QVERIFY(serve.waitForStarted(10000));
        const auto stopServe = qScopeGuard([&] {
            serve.kill();
            serve.waitForFinished(5000);
        });
        QTRY_VERIFY_WITH_TIMEOUT(serve.canReadLine(), 10000);
        const QUrl url(QString::fromUtf8(serve.readLine()).trimmed());
        QVERIFY(url.port() > 0);
        const Result first = post(url);
        QCOMPARE(first.status, RunClient::Status::Finished);
        QCOMPARE(first.body, kStarted + kFinished);
        QCOMPARE(post(url).http, 500);
        QCOMPARE(post(url).http, 503);

        QProcess missing;
        missing.start(QStringLiteral(AGUI_INSPECT_BIN),
                      {QStringLiteral("serve"), QStringLiteral("--replay"),
                       dir.filePath(QStringLiteral("nope"))});
        QVERIFY(missing.waitForFinished(10000));
        QCOMPARE(missing.exitCode(), 2);
    }
};

QTEST_GUILESS_MAIN(TestReplay)
#include "test_replay.moc"
