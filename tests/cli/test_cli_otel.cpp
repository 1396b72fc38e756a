// OpenTelemetry end to end (docs/otel.md): `otel` writes and sends a capture's spans (a
// collector of the test's own throttles it first; the headers the environment names arrive and
// are never printed), `run` sends a W3C traceparent (new, given, or none), and `proxy
// --otlp-endpoint` forwards the agent's bytes untouched while the collector refuses, keeps the
// front end's traceparent, and delivers every exchange's spans once the collector takes them.

#include "core/net/httpexchange.h"
#include "core/net/httpserver.h"

#include "cli_process.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace agui;
using agui::test::runCli;

namespace {

constexpr int kTimeoutMs = 60000;
const QString kDemo = QStringLiteral(AGUI_SOURCE_DIR "/resources/samples/demo.aguicap");

QByteArray sse(const QByteArray &json)
{
    return "data: " + json + "\n\n";
}

const QByteArray kBody = sse(R"({"type":"RUN_STARTED","threadId":"t","runId":"r1"})")
    + sse(R"({"type":"TOOL_CALL_START","toolCallId":"c1","toolCallName":"lookup"})")
    + sse(R"({"type":"TOOL_CALL_END","toolCallId":"c1"})")
    + sse(R"({"type":"RUN_FINISHED","threadId":"t","runId":"r1"})");

// An OTLP/HTTP collector: refuses with 503 (Retry-After: 1) while `refusing`, else takes the
// request; keeps what it took.
struct Collector
{
    net::HttpServer server;
    bool refusing = false;
    int refused = 0;
    QList<net::HttpRequest> taken;
    Collector()
    {
        server.route("POST", QStringLiteral("/v1/traces"),
                     [this](const net::HttpRequest &request, net::HttpResponder *responder) {
                         if (refusing) {
                             ++refused;
                             responder->respond(503, "text/plain", "busy", {{"Retry-After", "1"}});
                             return;
                         }
                         taken.append(request);
                         responder->respond(200, "application/x-protobuf", {});
                     });
        server.listen();
    }
    QString base() const
    {
        QUrl url = server.url();
        url.setPath({});
        return url.toString();
    }
    QByteArray body() const
    {
        QByteArray all;
        for (const net::HttpRequest &r : taken)
            all += r.body;
        return all;
    }
};

// The agent: answers every POST with kBody and keeps each request.
struct Agent
{
    net::HttpServer server;
    QList<net::HttpRequest> received;
    Agent()
    {
        server.route("POST", QStringLiteral("/agent"),
                     [this](const net::HttpRequest &request, net::HttpResponder *responder) {
                         received.append(request);
                         responder->beginStream(200, "text/event-stream", {});
                         responder->write(kBody);
                         responder->finish();
                     });
        server.listen();
    }
    QString url() const { return server.url().toString() + QStringLiteral("agent"); }
};

QByteArray headerOf(const net::HttpRequest &request, const QByteArray &name)
{
    return request.header(name);
}

} // namespace

class TestCliOtel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void writesOtlpJson()
    {
        const auto r = runCli({QStringLiteral("otel"), kDemo});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject request = QJsonDocument::fromJson(r.out).object();
        const QJsonArray spans = request[QLatin1String("resourceSpans")][0]
                                        [QLatin1String("scopeSpans")][0][QLatin1String("spans")]
                                            .toArray();
        QVERIFY(!spans.isEmpty());
        QVERIFY(r.err.contains("spans from"));
        QVERIFY(r.err.contains("without content"));
        // The ids are hex, as OTLP's JSON encoding writes them.
        QVERIFY(QRegularExpression(QStringLiteral("^[0-9a-f]{32}$"))
                    .match(spans[0][QLatin1String("traceId")].toString())
                    .hasMatch());
    }

    void sendsToAThrottlingCollector()
    {
        Collector collector;
        collector.refusing = true;
        // Once throttled, the collector takes the retry.
        QTimer::singleShot(1500, [&collector] { collector.refusing = false; });
        qputenv("OTEL_EXPORTER_OTLP_HEADERS", "x-api-key=s3cr3t-value");
        const auto r = runCli(
            {QStringLiteral("otel"), kDemo, QStringLiteral("--endpoint"), collector.base()});
        qunsetenv("OTEL_EXPORTER_OTLP_HEADERS");
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(collector.refused >= 1);
        QVERIFY(!collector.taken.isEmpty());
        QCOMPARE(headerOf(collector.taken.first(), "x-api-key"), QByteArray("s3cr3t-value"));
        QCOMPARE(headerOf(collector.taken.first(), "content-type"),
                 QByteArray("application/x-protobuf"));
        QVERIFY(r.err.contains("sent "));
        QVERIFY(!r.err.contains("s3cr3t-value")); // credentials are never printed
        QVERIFY(!r.out.contains("s3cr3t-value"));
    }

    void badUsageSaysWhat()
    {
        auto r = runCli(
            {QStringLiteral("otel"), kDemo, QStringLiteral("--protocol"), QStringLiteral("grpc")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("gRPC is not supported"));
        r = runCli({QStringLiteral("otel"), QStringLiteral("/nonexistent.aguicap")});
        QCOMPARE(r.exitCode, 2);
    }

    void runSendsTraceContext()
    {
        Agent agent;
        QTemporaryDir dir;
        const QString recorded = dir.filePath(QStringLiteral("run.aguicap"));
        auto r = runCli({QStringLiteral("run"), agent.url(), QStringLiteral("--record"), recorded});
        QCOMPARE(r.exitCode, 0);
        const QByteArray sent = headerOf(agent.received.last(), "traceparent");
        QVERIFY2(QRegularExpression(QStringLiteral("^00-[0-9a-f]{32}-[0-9a-f]{16}-01$"))
                     .match(QString::fromLatin1(sent))
                     .hasMatch(),
                 sent.constData());
        QVERIFY(r.err.contains(QByteArray(QByteArray("traceparent ") + sent)));
        // rerun sends a trace of its own, not the recorded one again.
        r = runCli({QStringLiteral("rerun"), recorded});
        QCOMPARE(r.exitCode, 0);
        const QByteArray again = headerOf(agent.received.last(), "traceparent");
        QVERIFY(!again.isEmpty());
        QVERIFY(again != sent);

        const QByteArray given = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
        r = runCli({QStringLiteral("run"), agent.url(), QStringLiteral("--traceparent"),
                    QString::fromLatin1(given)});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(headerOf(agent.received.last(), "traceparent"), given);

        r = runCli({QStringLiteral("run"), agent.url(), QStringLiteral("--no-traceparent")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(headerOf(agent.received.last(), "traceparent").isEmpty());

        r = runCli({QStringLiteral("run"), agent.url(), QStringLiteral("--traceparent"),
                    QStringLiteral("00-XYZ")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("--traceparent"));
    }

    void proxyExportsThroughAnOutage()
    {
        Agent agent;
        Collector collector;
        collector.refusing = true; // down until both exchanges are over
        QProcess proxy;
        proxy.start(QStringLiteral(AGUI_INSPECT_BINARY),
                    {QStringLiteral("proxy"), QStringLiteral("--upstream"), agent.url(),
                     QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
                     QStringLiteral("--exchanges"), QStringLiteral("2"),
                     QStringLiteral("--otlp-endpoint"), collector.base()});
        QVERIFY(QTest::qWaitFor([&] { return proxy.canReadLine(); }, kTimeoutMs));
        const QUrl url(QString::fromUtf8(proxy.readLine()).trimmed());
        const QByteArray frontTrace = "0af7651916cd43dd8448eb211c80319c";
        for (int i = 0; i < 2; ++i) {
            net::HttpExchange front;
            QByteArray got;
            bool done = false;
            connect(&front, &net::HttpExchange::received, [&](const QByteArray &b) { got += b; });
            connect(&front, &net::HttpExchange::finished, [&](const QString &) { done = true; });
            front.start(url, "POST",
                        {{QStringLiteral("traceparent"),
                          QStringLiteral("00-%1-b7ad6b7169203331-01")
                              .arg(QString::fromLatin1(frontTrace))}},
                        "{}");
            QVERIFY(QTest::qWaitFor([&] { return done; }, kTimeoutMs));
            // The agent's bytes, whole, while the collector refuses everything.
            QCOMPARE(got, kBody);
            QVERIFY(collector.taken.isEmpty());
        }
        // The front end's trace context went on to the agent untouched.
        QCOMPARE(headerOf(agent.received.first(), "traceparent"),
                 "00-" + frontTrace + "-b7ad6b7169203331-01");
        QVERIFY(QTest::qWaitFor([&] { return collector.refused >= 1; }, kTimeoutMs));
        collector.refusing = false;
        QVERIFY(QTest::qWaitFor([&] { return proxy.state() == QProcess::NotRunning; }, kTimeoutMs));
        const QByteArray err = proxy.readAllStandardError();
        QVERIFY2(proxy.exitCode() == 0, err.constData());
        // Every span of both exchanges, in the front end's trace: 2 runs + 2 tool calls.
        QVERIFY2(err.contains("otel: 2 exchanges, 4 spans exported, 0 dropped (queue full), 0 "
                              "failed"),
                 err.constData());
        QVERIFY(collector.body().contains(QByteArray::fromHex(frontTrace)));
    }
};

QTEST_GUILESS_MAIN(TestCliOtel)
#include "test_cli_otel.moc"
