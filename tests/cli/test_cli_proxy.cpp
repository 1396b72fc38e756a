// `agui-inspect proxy --break` end to end: the built binary between a front end and an agent of
// the test's own, with the person's answers typed on its standard input. A held request is
// edited, a held event replaced by what was typed (a mistake first, asked again), a request
// refused; the recording keeps what the agent sent and what the front end got. Standard input
// that ends lets everything go on. Break rules without --break are refused.

#include "core/capture/capturereader.h"
#include "core/net/httpexchange.h"
#include "core/net/httpserver.h"

#include "cli_process.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace agui;

namespace {

constexpr int kTimeoutMs = 60000;

QByteArray sse(const QByteArray &json)
{
    return "data: " + json + "\n\n";
}

const QByteArray kStarted = sse(R"({"type":"RUN_STARTED","threadId":"t","runId":"r1"})");
const QByteArray kOne = sse(R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"one"})");
const QByteArray kFinished = sse(R"({"type":"RUN_FINISHED","threadId":"t","runId":"r1"})");
const QByteArray kBody = kStarted + kOne + kFinished;

// The agent: answers every POST with kBody and keeps the bodies it got.
struct Agent
{
    net::HttpServer server;
    QList<QByteArray> received;
    Agent()
    {
        server.route("POST", QStringLiteral("/agent"),
                     [this](const net::HttpRequest &request, net::HttpResponder *responder) {
                         received.append(request.body);
                         responder->beginStream(200, "text/event-stream", {});
                         responder->write(kBody);
                         responder->finish();
                     });
    }
};

// A front end: one POST, the status and body it got.
struct FrontEnd
{
    net::HttpExchange exchange;
    QByteArray body;
    bool done = false;
    explicit FrontEnd(const QString &url)
    {
        QObject::connect(&exchange, &net::HttpExchange::received,
                         [this](const QByteArray &bytes) { body += bytes; });
        QObject::connect(&exchange, &net::HttpExchange::finished,
                         [this](const QString &) { done = true; });
        exchange.start(QUrl(url), QByteArrayLiteral("POST"), {},
                       QByteArrayLiteral(R"({"threadId":"t"})"));
    }
    int status() const { return exchange.response().head().status; }
};

// The proxy process; its standard error is read as it comes (the prompts).
class Proxy
{
public:
    ~Proxy()
    {
        m_process.kill();
        m_process.waitForFinished(10000);
    }
    QString start(const QStringList &args)
    {
        m_process.start(QStringLiteral(AGUI_INSPECT_BINARY),
                        QStringList {QStringLiteral("proxy")} + args);
        if (!QTest::qWaitFor([this] { return m_process.canReadLine(); }, kTimeoutMs))
            return {};
        return QString::fromUtf8(m_process.readLine()).trimmed();
    }
    // Waits until standard error has said `text` `times` times in all.
    bool said(const QByteArray &text, int times = 1)
    {
        return QTest::qWaitFor(
            [&] {
                m_err += m_process.readAllStandardError();
                return m_err.count(text) >= times;
            },
            kTimeoutMs);
    }
    void type(const QByteArray &line) { m_process.write(line + '\n'); }
    void closeInput() { m_process.closeWriteChannel(); }
    bool finished()
    {
        return QTest::qWaitFor([this] { return m_process.state() == QProcess::NotRunning; },
                               kTimeoutMs);
    }
    int exitCode() const { return m_process.exitCode(); }
    QByteArray err()
    {
        m_err += m_process.readAllStandardError();
        return m_err;
    }

private:
    QProcess m_process;
    QByteArray m_err;
};

} // namespace

class TestCliProxy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void breakpointsAreAnsweredOnStandardInput()
    {
        QTemporaryDir dir;
        const QString record = dir.filePath(QStringLiteral("held.aguicap"));
        Agent agent;
        QVERIFY(agent.server.listen());
        Proxy proxy;
        const QString url = proxy.start(
            {QStringLiteral("--upstream"), agent.server.url(QStringLiteral("/agent")).toString(),
             QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"), QStringLiteral("--record"),
             record, QStringLiteral("--break"), QStringLiteral("request"),
             QStringLiteral("--break"), QStringLiteral("type:TEXT_MESSAGE_CONTENT"),
             QStringLiteral("--exchanges"), QStringLiteral("2")});
        QVERIFY2(url.startsWith(QLatin1String("http://127.0.0.1:")), qPrintable(url));

        FrontEnd first(url);
        QVERIFY2(proxy.said("request held: POST"), proxy.err().constData());
        QVERIFY(agent.received.isEmpty());
        proxy.type(R"({"threadId":"edited"})");
        QVERIFY2(proxy.said("held at \"breakpoint type:TEXT_MESSAGE_CONTENT\""),
                 proxy.err().constData());
        QCOMPARE(agent.received, QList<QByteArray>({R"({"threadId":"edited"})"}));
        proxy.type(R"({"type": "TEXT_MESSAGE_CONTENT", "delta": )"); // a mistake: asked again
        QVERIFY2(proxy.said("not sent: not JSON at line 1"), proxy.err().constData());
        QVERIFY(proxy.said("held at \"breakpoint type:TEXT_MESSAGE_CONTENT\"", 2));
        proxy.type(R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"ONE"})");
        QVERIFY(QTest::qWaitFor([&] { return first.done; }, kTimeoutMs));
        QCOMPARE(first.body,
                 kStarted + sse(R"({"delta":"ONE","messageId":"m1","type":"TEXT_MESSAGE_CONTENT"})")
                     + kFinished);

        FrontEnd second(url);
        QVERIFY2(proxy.said("request held: POST", 2), proxy.err().constData());
        proxy.type("x");
        QVERIFY(QTest::qWaitFor([&] { return second.done; }, kTimeoutMs));
        QCOMPARE(second.status(), 503);
        QCOMPARE(agent.received.size(), 1);
        QVERIFY(proxy.finished());
        QCOMPARE(proxy.exitCode(), 2); // the refused exchange did not end as framed

        Capture capture;
        QString error;
        QVERIFY2(readCaptureFile(record, &capture, &error), qPrintable(error));
        QCOMPARE(capture.runs.size(), 2);
        const RunRecording &edited = capture.runs.first();
        QCOMPARE(edited.request.body, QByteArray(R"({"threadId":"edited"})"));
        QCOMPARE(edited.request.frontEndBody, std::optional(QByteArray(R"({"threadId":"t"})")));
        QCOMPARE(edited.body(), kBody);
        QCOMPARE(edited.deliveredBody(), first.body);
        QCOMPARE(capture.runs.at(1).end, RunEnd::Error);
    }

    // Nobody left to answer: the held event goes on, and nothing more is held.
    void theEndOfInputLetsEverythingGoOn()
    {
        Agent agent;
        QVERIFY(agent.server.listen());
        Proxy proxy;
        const QString url = proxy.start(
            {QStringLiteral("--upstream"), agent.server.url(QStringLiteral("/agent")).toString(),
             QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"), QStringLiteral("--break"),
             QStringLiteral("type:RUN_STARTED"), QStringLiteral("--exchanges"),
             QStringLiteral("2")});
        QVERIFY(!url.isEmpty());
        FrontEnd first(url);
        QVERIFY(proxy.said("held at \"breakpoint type:RUN_STARTED\""));
        proxy.closeInput();
        QVERIFY(QTest::qWaitFor([&] { return first.done; }, kTimeoutMs));
        QCOMPARE(first.body, kBody);
        QVERIFY(proxy.said("breakpoints off (standard input closed)"));
        FrontEnd second(url);
        QVERIFY(QTest::qWaitFor([&] { return second.done; }, kTimeoutMs));
        QCOMPARE(second.body, kBody);
        QVERIFY(proxy.finished());
        QCOMPARE(proxy.exitCode(), 0);
        QCOMPARE(proxy.err().count("held at"), 1);
    }

    void breakRulesNeedSomeoneToAnswer()
    {
        QTemporaryDir dir;
        const QString rules = dir.filePath(QStringLiteral("rules.json"));
        QFile file(rules);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"([{"filter":"type:RUN_STARTED","action":"break"}])");
        file.close();
        const test::CliResult refused = test::runCli(
            {QStringLiteral("proxy"), QStringLiteral("--upstream"),
             QStringLiteral("http://127.0.0.1:9/"), QStringLiteral("--rules"), rules});
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains("\"break\" rules need a person: add --break FILTER"),
                 refused.err.constData());
        const test::CliResult badFilter
            = test::runCli({QStringLiteral("proxy"), QStringLiteral("--upstream"),
                            QStringLiteral("http://127.0.0.1:9/"), QStringLiteral("--break"),
                            QStringLiteral("type:(")});
        QCOMPARE(badFilter.exitCode, 2);
        QVERIFY2(badFilter.err.contains("--break: rule 1 (\"breakpoint type:(\")"),
                 badFilter.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliProxy)
#include "test_cli_proxy.moc"
