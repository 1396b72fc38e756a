// The recording proxy between a front end (our HttpExchange here; the pinned @ag-ui/client in
// tests/interop) and an upstream agent: what arrives at the front end is byte for byte what the
// agent sent, the request reaches the agent unchanged but for hop-by-hop headers, every byte is
// recorded, and failures on either side are passed on and recorded as they happened. Map local:
// a mapped path is answered by a replay of a capture instead of the upstream, recorded the same.

#include "faultserver.h"

#include "core/net/agentproxy.h"
#include "core/net/chunksink.h"
#include "core/net/httpexchange.h"
#include "core/net/httpserver.h"
#include "core/net/replayserver.h"

#include <QPointer>
#include <QSignalSpy>
#include <QTimer>
#include <QtTest>

using namespace agui;
using namespace agui::net;

namespace {

// What the proxy recorded for one exchange.
struct Recording
{
    RecordedRequest request;
    RecordedResponse response;
    QByteArray body;
    RunEnd end = RunEnd::Open;
    QString error;
    bool ended = false;
};

class RecordingSink : public ChunkSink
{
public:
    explicit RecordingSink(Recording *r)
        : m_r(r)
    { }
    void requestSent(const RecordedRequest &request) override { m_r->request = request; }
    void responseStarted(const RecordedResponse &response) override { m_r->response = response; }
    void chunkReceived(const QByteArray &bytes, qint64) override { m_r->body += bytes; }
    void runEnded(RunEnd end, const QString &error, qint64) override
    {
        m_r->end = end;
        m_r->error = error;
        m_r->ended = true;
    }

private:
    Recording *m_r;
};

// A front end: one request through the proxy, the body it got and how it ended.
struct FrontEnd
{
    HttpExchange exchange;
    QByteArray body;
    QString error;
    bool done = false;

    void post(const QUrl &url, const QByteArray &body, const HttpHeaders &headers = {})
    {
        QObject::connect(&exchange, &HttpExchange::received,
                         [this](const QByteArray &bytes) { this->body += bytes; });
        QObject::connect(&exchange, &HttpExchange::finished, [this](const QString &e) {
            error = e;
            done = true;
        });
        exchange.start(url, QByteArrayLiteral("POST"), headers, body);
    }
};

QByteArray sse(int i)
{
    return "data: {\"type\":\"TEXT_MESSAGE_CONTENT\",\"messageId\":\"m\",\"delta\":\"piece "
        + QByteArray::number(i) + "\"}\n\n";
}

} // namespace

class TestAgentProxy : public QObject
{
    Q_OBJECT

private:
    Recording m_recording;
    AgentProxy m_proxy;

    void startProxy(const QUrl &upstream)
    {
        m_recording = Recording {};
        m_proxy.close();
        m_proxy.setUpstream(upstream);
        m_proxy.setSinkFactory([this](int) -> std::unique_ptr<ChunkSink> {
            return std::make_unique<RecordingSink>(&m_recording);
        });
        QVERIFY(m_proxy.listen());
    }

private Q_SLOTS:
    void whereRequestsGo()
    {
        const QUrl base(QStringLiteral("http://127.0.0.1:8000/base"));
        QCOMPARE(AgentProxy::forwardUrl(base, "/"), base);
        QCOMPARE(AgentProxy::forwardUrl(base, "/v1/agent?x=1%202").toEncoded(),
                 QByteArray("http://127.0.0.1:8000/base/v1/agent?x=1%202"));
        QCOMPARE(AgentProxy::forwardUrl(QUrl(QStringLiteral("http://h/")), "/agent").toString(),
                 QStringLiteral("http://h/agent"));
        const HttpHeaders forwarded
            = AgentProxy::forwardHeaders({{"Content-Type", "application/json"},
                                          {"Connection", "keep-alive"},
                                          {"Host", "proxy"},
                                          {"Authorization", "Bearer t"},
                                          {"Transfer-Encoding", "chunked"},
                                          {"Content-Length", "5"},
                                          {"Proxy-Authorization", "x"},
                                          {"Accept", "text/event-stream"}});
        const HttpHeaders expected {
            {QStringLiteral("Content-Type"), QStringLiteral("application/json")},
            {QStringLiteral("Authorization"), QStringLiteral("Bearer t")},
            {QStringLiteral("Accept"), QStringLiteral("text/event-stream")}};
        QCOMPARE(forwarded, expected);
    }

    // A streamed answer in pieces over time: the front end gets the same bytes, the upstream
    // the same request (path, query, body, end-to-end headers), the recording both.
    void streamsByteForByteAndRecords()
    {
        HttpServer upstream;
        HttpRequest seen;
        QByteArray sent;
        upstream.route("POST", QStringLiteral("/base/agent"),
                       [&](const HttpRequest &request, HttpResponder *responder) {
                           seen = request;
                           responder->beginStream(200, "text/event-stream",
                                                  {{"X-Agent", "test"}, {"Connection", "close"}});
                           auto *timer = new QTimer(responder);
                           QPointer<HttpResponder> r(responder);
                           connect(timer, &QTimer::timeout, responder,
                                   [&, r, timer, i = 0]() mutable {
                                       if (!r)
                                           return;
                                       if (i == 20) {
                                           timer->stop();
                                           r->finish();
                                           return;
                                       }
                                       sent += sse(i);
                                       r->write(sse(i++));
                                   });
                           timer->start(5);
                       });
        QVERIFY(upstream.listen());
        startProxy(upstream.url(QStringLiteral("/base")));
        QSignalSpy head(&m_proxy, &AgentProxy::responseStarted);

        FrontEnd front;
        const QByteArray input = R"({"threadId":"t","runId":"r","messages":[]})";
        QUrl url = m_proxy.url();
        url.setPath(QStringLiteral("/agent"));
        url.setQuery(QStringLiteral("v=2"));
        front.post(url, input,
                   {{QStringLiteral("Content-Type"), QStringLiteral("application/json")},
                    {QStringLiteral("Authorization"), QStringLiteral("Bearer secret-token")},
                    {QStringLiteral("X-Trace"), QStringLiteral("abc")}});
        QTRY_VERIFY_WITH_TIMEOUT(front.done, 60000);
        QVERIFY2(front.error.isEmpty(), qPrintable(front.error));
        QCOMPARE(front.body, sent);
        QCOMPARE(front.exchange.response().head().status, 200);
        QCOMPARE(front.exchange.response().head().header("X-Agent"), QByteArray("test"));
        QCOMPARE(front.exchange.response().head().header("Content-Type"),
                 QByteArray("text/event-stream"));

        QCOMPARE(seen.body, input);
        QCOMPARE(seen.target, QByteArray("/base/agent?v=2"));
        QCOMPARE(seen.header("X-Trace"), QByteArray("abc"));
        QCOMPARE(seen.header("Authorization"), QByteArray("Bearer secret-token"));

        QTRY_VERIFY_WITH_TIMEOUT(m_recording.ended, 60000);
        QCOMPARE(m_recording.end, RunEnd::Finished);
        QCOMPARE(m_recording.body, sent);
        QCOMPARE(m_recording.response.status, 200);
        QCOMPARE(m_recording.request.body, input);
        QCOMPARE(m_recording.request.method, QStringLiteral("POST"));
        QCOMPARE(head.size(), 1);
        QCOMPARE(m_proxy.exchangesOpen(), 0);
    }

    void refusedUpstreamIsA502()
    {
        QTcpServer probe; // a port that was free a moment ago, now closed
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        const quint16 port = probe.serverPort();
        probe.close();
        startProxy(QUrl(QStringLiteral("http://127.0.0.1:%1/").arg(port)));
        FrontEnd front;
        front.post(m_proxy.url(), "{}");
        QTRY_VERIFY_WITH_TIMEOUT(front.done, 60000);
        QCOMPARE(front.exchange.response().head().status, 502);
        QVERIFY2(front.body.contains("connection refused"), front.body.constData());
        QTRY_VERIFY_WITH_TIMEOUT(m_recording.ended, 60000);
        QCOMPARE(m_recording.end, RunEnd::Error);
        QVERIFY(m_recording.error.contains(QStringLiteral("connection refused")));
    }

    // The agent dies mid-frame (inside a chunk it announced): the front end's body breaks off at
    // the same byte, and the recording holds every byte and says it was an error.
    void upstreamDyingMidStreamBreaksTheFrontEndsBody()
    {
        const QByteArray rest = "data: {\"type\":\"TEXT_MES";
        const QByteArray partial = sse(0) + rest;
        FaultServer upstream;
        upstream.setScript(
            {FaultStep::head(faultHead(200, "text/event-stream", "Transfer-Encoding: chunked\r\n")),
             FaultStep::framing(QByteArray::number(sse(0).size(), 16) + "\r\n"),
             FaultStep::send(sse(0)), FaultStep::framing("\r\n"), FaultStep::pause(50),
             FaultStep::framing("400\r\n"), FaultStep::send(rest), FaultStep::close()});
        startProxy(upstream.url());
        FrontEnd front;
        front.post(m_proxy.url(), "{}");
        QTRY_VERIFY_WITH_TIMEOUT(front.done, 60000);
        QVERIFY(!front.error.isEmpty()); // not a clean end of body
        QCOMPARE(front.body, partial);
        QTRY_VERIFY_WITH_TIMEOUT(m_recording.ended, 60000);
        QCOMPARE(m_recording.end, RunEnd::Error);
        QCOMPARE(m_recording.body, partial);
    }

    // The front end hangs up mid-stream: the upstream request is cancelled (the agent sees its
    // client go) and the recording says who hung up.
    void frontEndHangingUpCancelsTheUpstream()
    {
        HttpServer upstream;
        bool agentSawClientGo = false;
        upstream.route("POST", QStringLiteral("/"), [&](const HttpRequest &, HttpResponder *r) {
            r->beginStream(200, "text/event-stream");
            r->write(sse(0));
            connect(r, &HttpResponder::clientGone, this, [&] { agentSawClientGo = true; });
        });
        QVERIFY(upstream.listen());
        startProxy(upstream.url());
        auto front = std::make_unique<FrontEnd>();
        front->post(m_proxy.url(), "{}");
        QTRY_COMPARE_WITH_TIMEOUT(front->body, sse(0), 60000);
        front->exchange.abort();
        QTRY_VERIFY_WITH_TIMEOUT(m_recording.ended, 60000);
        QCOMPARE(m_recording.end, RunEnd::Aborted);
        QCOMPARE(m_recording.error, QStringLiteral("the front end disconnected"));
        QTRY_VERIFY_WITH_TIMEOUT(agentSawClientGo, 60000);
    }

    // Several front ends at once: each gets its own answer, each is its own exchange.
    void mapLocalAnswersFromACapture();
    void concurrentExchanges()
    {
        HttpServer upstream;
        upstream.route("POST", QStringLiteral("/"),
                       [&](const HttpRequest &request, HttpResponder *responder) {
                           QPointer<HttpResponder> r(responder);
                           const QByteArray echo = request.body;
                           responder->beginStream(200, "text/event-stream");
                           QTimer::singleShot(30, responder, [r, echo] {
                               if (r) {
                                   r->write("data: " + echo + "\n\n");
                                   r->finish();
                               }
                           });
                       });
        QVERIFY(upstream.listen());
        m_proxy.close();
        m_proxy.setUpstream(upstream.url());
        m_proxy.setSinkFactory({});
        QVERIFY(m_proxy.listen());
        QSignalSpy ended(&m_proxy, &AgentProxy::exchangeEnded);
        std::vector<std::unique_ptr<FrontEnd>> fronts;
        for (int i = 0; i < 8; ++i) {
            fronts.push_back(std::make_unique<FrontEnd>());
            fronts.back()->post(m_proxy.url(), "{\"n\":" + QByteArray::number(i) + "}");
        }
        QTRY_COMPARE_WITH_TIMEOUT(ended.size(), 8, 60000);
        for (int i = 0; i < 8; ++i) {
            QTRY_VERIFY_WITH_TIMEOUT(fronts[i]->done, 60000);
            QCOMPARE(fronts[i]->body, "data: {\"n\":" + QByteArray::number(i) + "}\n\n");
        }
    }
};

void TestAgentProxy::mapLocalAnswersFromACapture()
{
    // The capture: one recorded run whose body came in three chunks.
    Capture capture;
    RunRecording run;
    run.request.present = true;
    run.response.present = true;
    run.response.status = 200;
    run.response.headers = {{QStringLiteral("Content-Type"), QStringLiteral("text/event-stream")}};
    QByteArray recorded;
    for (int i = 0; i < 3; ++i) {
        run.chunks.append(Chunk {-1, sse(i), -1, false});
        recorded += sse(i);
    }
    run.end = RunEnd::Finished;
    capture.runs.append(run);
    ReplayServer replay(capture, ReplayServer::Options {});
    QVERIFY(replay.listen());

    HttpServer upstream;
    int upstreamHits = 0;
    upstream.route("POST", QStringLiteral("/agent"),
                   [&](const HttpRequest &, HttpResponder *responder) {
                       ++upstreamHits;
                       responder->respond(200, "text/event-stream", sse(99));
                   });
    QVERIFY(upstream.listen());
    startProxy(upstream.url(QStringLiteral("/agent")));
    m_proxy.mapLocal(QStringLiteral("/replayed"), replay.url());
    QCOMPARE(m_proxy.destination("/replayed?x=1"), replay.url());
    QCOMPARE(m_proxy.destination("/"), upstream.url(QStringLiteral("/agent")));

    FrontEnd mapped;
    QUrl url = m_proxy.url();
    url.setPath(QStringLiteral("/replayed"));
    mapped.post(url, QByteArrayLiteral("{}"),
                {{QStringLiteral("Content-Type"), QStringLiteral("application/json")}});
    QTRY_VERIFY_WITH_TIMEOUT(mapped.done, 60000);
    QVERIFY2(mapped.error.isEmpty(), qPrintable(mapped.error));
    QCOMPARE(mapped.body, recorded); // the capture's bytes, not the upstream's
    QCOMPARE(upstreamHits, 0);
    QTRY_VERIFY_WITH_TIMEOUT(m_recording.ended, 60000);
    QCOMPARE(m_recording.body, recorded); // recorded like any other exchange
    QCOMPARE(m_recording.request.url, replay.url().toString());

    FrontEnd live; // any other path still goes upstream
    live.post(m_proxy.url(), QByteArrayLiteral("{}"));
    QTRY_VERIFY_WITH_TIMEOUT(live.done, 60000);
    QCOMPARE(live.body, sse(99));
    QCOMPARE(upstreamHits, 1);
}

QTEST_GUILESS_MAIN(TestAgentProxy)
#include "test_agent_proxy.moc"
