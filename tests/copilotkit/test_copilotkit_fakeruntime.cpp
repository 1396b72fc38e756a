// core/copilotkit against a loopback fake runtime (core/net HttpServer): which transport a base
// URL speaks and what each attempt answered, /info answering HTML, and the debug feed off (404),
// on a single-endpoint runtime (405), and breaking off mid-frame, every byte kept in a Recording.

#include "core/copilotkit/debugfeedclient.h"
#include "core/copilotkit/runtimeprobe.h"
#include "core/net/httpserver.h"
#include "core/recording/recording.h"
#include "core/recording/runrecorder.h"

#include <QSignalSpy>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <memory>
#include <vector>

using namespace agui;
using namespace agui::copilotkit;

namespace {

constexpr int kWaitMs = 30000;

const QByteArray kInfo = "{\"version\":\"1.75.0\",\"mode\":\"sse\",\"agents\":{\"echo\":{"
                         "\"name\":\"echo\",\"description\":\"d\",\"className\":\"C\"}}}";

QByteArray frame(qint64 ms, const QByteArray &agent, const QByteArray &event)
{
    return "data: {\"timestamp\":" + QByteArray::number(ms) + ",\"agentId\":\"" + agent
        + "\",\"threadId\":\"t-" + agent + "\",\"runId\":\"r\",\"event\":" + event + "}\n\n";
}

ProbeResult probe(const QUrl &url, TransportChoice choice)
{
    RuntimeProbe p;
    ProbeResult result;
    bool done = false;
    QObject::connect(&p, &RuntimeProbe::finished, [&](const ProbeResult &r) {
        result = r;
        done = true;
    });
    p.start(url, choice);
    if (!QTest::qWaitFor([&] { return done; }, kWaitMs))
        result.error = QStringLiteral("the probe did not finish within %1 ms").arg(kWaitMs);
    return result;
}

// A feed recorded into a Recording, as the window attaches one.
struct FeedRecording
{
    std::shared_ptr<Recording> recording = std::make_shared<Recording>();
    std::unique_ptr<RunRecorder> feedRun = recording->recordRun();
    std::vector<std::unique_ptr<RunRecorder>> streams;
    DebugFeedClient client {feedRun.get(), [this](const FeedStream &) {
                                streams.push_back(recording->recordRun());
                                return streams.back().get();
                            }};
};

} // namespace

class TestCopilotKitFakeRuntime : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aRestRuntimeIsFoundAtInfo()
    {
        net::HttpServer server;
        server.route("GET", QStringLiteral("/api/copilotkit/info"),
                     [](const net::HttpRequest &, net::HttpResponder *r) {
                         r->respond(200, "application/json", kInfo);
                     });
        QVERIFY(server.listen());
        const ProbeResult r
            = probe(server.url(QStringLiteral("/api/copilotkit/")), TransportChoice::Auto);
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(*r.transport, RuntimeTransport::Rest);
        QCOMPARE(r.info->agentIds(), QStringList {QStringLiteral("echo")});
        QCOMPARE(r.attempts.size(), 1);
        QVERIFY2(r.summary().contains(QLatin1String("REST transport"))
                     && r.summary().contains(QLatin1String("/api/copilotkit/info answered 200")),
                 qPrintable(r.summary()));
    }

    void aSingleEndpointIsFoundAfterInfoFails()
    {
        net::HttpServer server;
        QByteArray envelope;
        server.route("POST", QStringLiteral("/rt"),
                     [&](const net::HttpRequest &req, net::HttpResponder *r) {
                         envelope = req.body;
                         r->respond(200, "application/json", kInfo);
                     });
        QVERIFY(server.listen());
        const ProbeResult r = probe(server.url(QStringLiteral("/rt")), TransportChoice::Auto);
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(*r.transport, RuntimeTransport::SingleEndpoint);
        QCOMPARE(envelope, QByteArray("{\"method\":\"info\"}"));
        QCOMPARE(r.attempts.size(), 2);
        QVERIFY2(r.attempts[0].startsWith(QLatin1String("GET "))
                     && r.attempts[0].contains(QLatin1String("answered 404")),
                 qPrintable(r.attempts[0]));
        QVERIFY(r.summary().contains(QLatin1String("single-endpoint")));
        // Asked for REST only, the same URL is no runtime.
        const ProbeResult rest = probe(server.url(QStringLiteral("/rt")), TransportChoice::Rest);
        QVERIFY(!rest.ok());
        QVERIFY2(rest.error.contains(QLatin1String("answered 404")), qPrintable(rest.error));
    }

    // The app's page instead of its runtime: both attempts are named, HTML first.
    void infoAnsweringHtmlSaysSo()
    {
        net::HttpServer server;
        server.setFallback([](const net::HttpRequest &, net::HttpResponder *r) {
            r->respond(200, "text/html; charset=utf-8",
                       "<!DOCTYPE html>\n<html><body>My app</body></html>\n");
        });
        QVERIFY(server.listen());
        const ProbeResult r = probe(server.url(QStringLiteral("/")), TransportChoice::Auto);
        QVERIFY(!r.ok());
        QVERIFY2(r.error.contains(QLatin1String("either transport")), qPrintable(r.error));
        QVERIFY2(r.error.contains(QLatin1String("/info answered an HTML page")),
                 qPrintable(r.error));
        QVERIFY2(r.error.contains(QLatin1String("{\"method\":\"info\"} answered an HTML page")),
                 qPrintable(r.error));
        QVERIFY2(r.error.contains(QLatin1String("/api/copilotkit")), qPrintable(r.error));
    }

    void aFeedThatIsOffNamesTheOption()
    {
        net::HttpServer server;
        server.route("GET", QStringLiteral("/api/copilotkit/cpk-debug-events"),
                     [](const net::HttpRequest &, net::HttpResponder *r) {
                         r->respond(404, "text/plain", "Not Found");
                     });
        QVERIFY(server.listen());
        FeedRecording f;
        QSignalSpy done(&f.client, &DebugFeedClient::finished);
        f.client.start(server.url(QStringLiteral("/api/copilotkit")));
        QVERIFY(done.wait(kWaitMs));
        QCOMPARE(f.client.httpStatus(), 404);
        QVERIFY2(f.client.errorString().contains(QLatin1String("debug: true"))
                     && f.client.errorString().contains(QLatin1String("NODE_ENV")),
                 qPrintable(f.client.errorString()));
        // The answer is kept, as any error body is.
        const Capture &c = f.recording->capture();
        QCOMPARE(c.runs.size(), 1);
        QCOMPARE(c.runs[0].response.status, 404);
        QCOMPARE(c.runs[0].body(), QByteArray("Not Found"));
        QCOMPARE(c.runs[0].end, RunEnd::Error);
    }

    void aSingleEndpointRuntimeHasNoFeed()
    {
        net::HttpServer server;
        server.setFallback([](const net::HttpRequest &, net::HttpResponder *r) {
            r->respond(405, "application/json", "{\"error\":\"Method not allowed\"}",
                       {{"Allow", "POST"}});
        });
        QVERIFY(server.listen());
        FeedRecording f;
        QSignalSpy done(&f.client, &DebugFeedClient::finished);
        f.client.start(server.url(QStringLiteral("/api/copilotkit")));
        QVERIFY(done.wait(kWaitMs));
        QVERIFY2(f.client.errorString().contains(QLatin1String("single-endpoint")),
                 qPrintable(f.client.errorString()));
    }

    // The runtime goes away in the middle of a frame: an error naming it, every byte kept, the
    // complete frames decoded into their stream's run.
    void aFeedThatDropsMidFrameKeepsEveryByte()
    {
        net::HttpServer server;
        const QByteArray head = ": connected\n\n"
            + frame(1000, "echo",
                    "{\"type\":\"RUN_STARTED\",\"threadId\":\"t-echo\",\"runId\":\"r\"}")
            + frame(1001, "slow",
                    "{\"type\":\"RUN_STARTED\",\"threadId\":\"t-slow\",\"runId\":\"r\"}");
        const QByteArray partial = "data: {\"timestamp\":1002,\"agentId\":\"echo\",\"thr";
        server.route("GET", QStringLiteral("/api/copilotkit/cpk-debug-events"),
                     [&](const net::HttpRequest &, net::HttpResponder *r) {
                         r->beginStream(200, "text/event-stream");
                         r->write(head);
                         r->write(partial);
                         QTimer::singleShot(100, r, [r] { r->abort(); });
                     });
        QVERIFY(server.listen());
        FeedRecording f;
        QSignalSpy done(&f.client, &DebugFeedClient::finished);
        QSignalSpy attached(&f.client, &DebugFeedClient::attached);
        f.client.start(server.url(QStringLiteral("/api/copilotkit")));
        QVERIFY(done.wait(kWaitMs));
        QCOMPARE(attached.size(), 1);
        QVERIFY(!f.client.errorString().isEmpty());
        QVERIFY(f.client.demux().endedInsideFrame());
        const Capture &c = f.recording->capture();
        QCOMPARE(c.runs.size(), 3);
        QByteArray all;
        QList<Chunk> chunks;
        for (const RunRecording &r : c.runs)
            chunks.append(r.chunks);
        std::sort(chunks.begin(), chunks.end(),
                  [](const Chunk &a, const Chunk &b) { return a.order < b.order; });
        for (const Chunk &ch : chunks)
            all.append(ch.bytes);
        QCOMPARE(all, head + partial);
        QVERIFY(c.runs[0].body().endsWith(partial));
        QCOMPARE(c.runs[1].label, QStringLiteral("echo · t-echo"));
        QCOMPARE(f.recording->session().events().summary(0).type, EventType::RunStarted);
        bool named = false;
        for (const Diagnostic &d : f.client.demux().notes())
            named = named
                || (d.ruleId == QLatin1String("copilotkit.feed-cut")
                    && d.byteOffset == head.size());
        QVERIFY(named);
    }
};

QTEST_GUILESS_MAIN(TestCopilotKitFakeRuntime)
#include "test_copilotkit_fakeruntime.moc"
