// The recording proxy with the real front end: the pinned @ag-ui/client (peer/proxy-compare.mjs)
// runs every scenario of the node peer agent once directly and once through
// `agui-inspect proxy`, on both bindings. Through the proxy it must see the same thing: the same
// verdict, the same events as received, the same events delivered to the application, the same
// messages and state. The proxy's recording must hold every exchange it forwarded. Through a
// proxy with rewrite rules, an edited TEXT_MESSAGE_CONTENT changes exactly that text in the
// client's messages, and a dropped TOOL_CALL_END makes the client reject the run with the
// message our linter gives for the stream the client got (the recording's delivered body). A
// breakpoint (the proxy in this process, decided by the test as a person would) that edits that
// delta changes exactly that text too.
// Needs node and the pinned packages (README test command); fails, never skips, without them.

#include "interopsupport.h"

#include "core/analysis/capturesession.h"
#include "core/capture/capturereader.h"
#include "core/intercept/rewriterules.h"
#include "core/intercept/rulerewriter.h"
#include "core/net/agentproxy.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace agui;
using namespace interop;

namespace {

// What the client saw, without what legitimately differs between two runs of one scenario: the
// run ids the client makes up for each run (random UUIDs, replaced by their index wherever they
// appear).
QJsonObject seen(const QJsonObject &dump)
{
    QByteArray text = QJsonDocument(dump).toJson(QJsonDocument::Compact);
    const QJsonArray runs = dump.value(QLatin1String("runs")).toArray();
    for (qsizetype i = 0; i < runs.size(); ++i) {
        const QByteArray runId = runs.at(i)
                                     .toObject()
                                     .value(QLatin1String("input"))
                                     .toObject()
                                     .value(QLatin1String("runId"))
                                     .toString()
                                     .toUtf8();
        if (!runId.isEmpty()) // also inside ids the agent derives from it ("<runId>-b")
            text.replace(runId, QByteArray("run #" + QByteArray::number(i)));
    }
    return QJsonDocument::fromJson(text).object();
}

// The messages of a chat-unicode dump with m-1's first delta ("Grüße, ") as "GRÜSSE, ", as the
// client must show them when the proxy changed exactly that delta; empty if there is none.
QJsonArray greetingShouted(const QJsonObject &dump)
{
    QJsonArray messages = dump.value(QLatin1String("messages")).toArray();
    for (qsizetype i = 0; i < messages.size(); ++i) {
        QJsonObject message = messages.at(i).toObject();
        const QString content = message.value(QLatin1String("content")).toString();
        if (message.value(QLatin1String("id")).toString() == QLatin1String("m-1")
            && content.startsWith(QStringLiteral("Grüße, "))) {
            message.insert(QStringLiteral("content"),
                           QString(QStringLiteral("GRÜSSE, ") + content.mid(7)));
            messages.replace(i, message);
            return messages;
        }
    }
    return {};
}

} // namespace

class TestInteropProxy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QString why;
        m_node = findNode(&why);
        QVERIFY2(!m_node.isEmpty(), qPrintable(why));
        QString error;
        m_base = startPeerAgent(m_peer, m_node, &error);
        QVERIFY2(!m_base.isEmpty(), qPrintable(error));
        QVERIFY(m_dir.isValid());
        m_record = m_dir.filePath(QStringLiteral("proxy.aguicap"));
        m_proxyUrl = m_proxy.start(QStringLiteral(AGUI_INSPECT_BINARY),
                                   {QStringLiteral("proxy"), QStringLiteral("--upstream"), m_base,
                                    QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
                                    QStringLiteral("--record"), m_record},
                                   QStringLiteral("(http://\\S+)"), &error);
        QVERIFY2(!m_proxyUrl.isEmpty(), qPrintable(error));
        if (m_proxyUrl.endsWith(QLatin1Char('/')))
            m_proxyUrl.chop(1);
        m_plans = httpGetJson(QUrl(m_base + QStringLiteral("/scenarios")), &error).toArray();
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(m_plans.size() >= 20);
    }

    void cleanupTestCase()
    {
        m_proxy.stop();
        m_peer.stop();
    }

    void sameThroughTheProxy_data()
    {
        QTest::addColumn<QString>("binding");
        QTest::newRow("sse") << QStringLiteral("sse");
        QTest::newRow("proto") << QStringLiteral("proto");
    }

    void sameThroughTheProxy()
    {
        QFETCH(QString, binding);
        const NodeResult r = runNodeJson(
            m_node,
            {kPeerDir + QStringLiteral("proxy-compare.mjs"), QStringLiteral("--peer"), m_base,
             QStringLiteral("--proxy"), m_proxyUrl, QStringLiteral("--binding"), binding});
        QVERIFY2(r.ok(), qPrintable(r.error));
        const QJsonArray results = r.json.value(QLatin1String("results")).toArray();
        QCOMPARE(results.size(), m_plans.size());
        for (const QJsonValue &v : results) {
            const QJsonObject result = v.toObject();
            const QString name = result.value(QLatin1String("name")).toString();
            const QJsonObject a = seen(result.value(QLatin1String("direct")).toObject());
            const QJsonObject b = seen(result.value(QLatin1String("proxied")).toObject());
            QVERIFY2(!a.value(QLatin1String("runs")).toArray().isEmpty(), qPrintable(name));
            QVERIFY2(
                a == b,
                qPrintable(QStringLiteral("%1: direct:\n%2\nthrough the proxy:\n%3")
                               .arg(name, QString::fromUtf8(QJsonDocument(a).toJson().left(3000)),
                                    QString::fromUtf8(QJsonDocument(b).toJson().left(3000)))));
            m_forwarded += int(a.value(QLatin1String("runs")).toArray().size());
        }
        m_forwarded += 1; // the scenario list
    }

    // Every exchange forwarded is a run of the recording, with its request and a 2xx answer.
    void theRecordingHoldsEveryExchange()
    {
        QVERIFY(m_forwarded > 0);
        Capture capture;
        QString error;
        QTRY_VERIFY_WITH_TIMEOUT(
            (readCaptureFile(m_record, &capture, &error), capture.runs.size() >= m_forwarded),
            60000);
        for (const RunRecording &run : std::as_const(capture.runs)) {
            QVERIFY(run.request.present);
            QVERIFY(run.request.url.startsWith(m_base));
            QVERIFY(run.response.present);
            QCOMPARE(run.end, RunEnd::Finished);
        }
    }

    void rewriteRulesReachTheClient()
    {
        const QString rulesPath = m_dir.filePath(QStringLiteral("rules.json"));
        QFile rulesFile(rulesPath);
        QVERIFY(rulesFile.open(QIODevice::WriteOnly));
        rulesFile.write(R"({"rules": [
          {"name": "lose the end", "filter": "type:TOOL_CALL_END id:tc-1", "action": "drop"},
          {"name": "shout", "filter": "type:TEXT_MESSAGE_CONTENT id:m-1", "action": "edit",
           "times": 1, "patch": [{"op": "replace", "path": "/delta", "value": "GRÜSSE, "}]}
        ]})");
        rulesFile.close();
        const QString record = m_dir.filePath(QStringLiteral("rules.aguicap"));
        ServerProcess proxy;
        QString error;
        QString url = proxy.start(QStringLiteral(AGUI_INSPECT_BINARY),
                                  {QStringLiteral("proxy"), QStringLiteral("--upstream"), m_base,
                                   QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
                                   QStringLiteral("--record"), record, QStringLiteral("--rules"),
                                   rulesPath},
                                  QStringLiteral("(http://\\S+)"), &error);
        QVERIFY2(!url.isEmpty(), qPrintable(error));
        if (url.endsWith(QLatin1Char('/')))
            url.chop(1);
        const auto dump = [this](const QString &peer, const QString &scenario) {
            return runNodeJson(m_node,
                               {kPeerDir + QStringLiteral("client-dump.mjs"),
                                QStringLiteral("--peer"), peer, QStringLiteral("--scenario"),
                                scenario});
        };

        // The edit: the first delta of m-1 and nothing else.
        const NodeResult direct = dump(m_base, QStringLiteral("chat-unicode"));
        const NodeResult edited = dump(url, QStringLiteral("chat-unicode"));
        QVERIFY2(direct.ok() && edited.ok(), qPrintable(direct.error + edited.error));
        QVERIFY(edited.json.value(QLatin1String("ok")).toBool());
        const QJsonArray expected = greetingShouted(direct.json);
        QVERIFY(!expected.isEmpty());
        const QString md
            = describeDifference(edited.json.value(QLatin1String("messages")), expected);
        QVERIFY2(md.isEmpty(), qPrintable(md));

        // The drop: the client rejects the run, as our linter says of what it got.
        const NodeResult dropped = dump(url, QStringLiteral("tool-calls"));
        QVERIFY2(dropped.ok(), qPrintable(dropped.error));
        QVERIFY(!dropped.json.value(QLatin1String("ok")).toBool());
        const QString clientError = dropped.json.value(QLatin1String("error")).toString();
        proxy.stop();

        Capture capture;
        QVERIFY2(readCaptureFile(record, &capture, &error), qPrintable(error));
        const RunRecording *toolCalls = nullptr;
        for (const RunRecording &run : std::as_const(capture.runs))
            if (run.request.url.endsWith(QLatin1String("/scenario/tool-calls")))
                toolCalls = &run;
        QVERIFY(toolCalls);
        QCOMPARE(toolCalls->rewrites.size(), 1);
        QCOMPARE(toolCalls->rewrites.first().action, QStringLiteral("drop"));
        // What the front end got, as a capture of its own, linted.
        Capture delivered;
        RunRecording run = *toolCalls;
        run.chunks = {Chunk {-1, toolCalls->deliveredBody(), -1, false}};
        run.rewrites.clear();
        delivered.runs.append(run);
        analysis::CaptureSession linted;
        analysis::sessionFromCapture(delivered, &linted);
        QString predicted;
        for (const Finding &f : linted.session->findings())
            if (predicted.isEmpty() && f.layer != QLatin1String("lint")
                && f.diagnostic.severity == Severity::Error)
                predicted = f.diagnostic.message;
        QVERIFY2(
            !predicted.isEmpty() && clientError.contains(predicted),
            qPrintable(
                QStringLiteral("the client said: %1\nour linter: %2").arg(clientError, predicted)));
    }

    // A breakpoint on m-1's deltas, decided as a person would (queued, after the hit): the first
    // edited, the others resumed. The client's messages change in exactly that text.
    void aBreakpointEditReachesTheClient()
    {
        QString error;
        const intercept::RewriteRules rules = intercept::RewriteRules().withBreakpoints(
            {QStringLiteral("type:TEXT_MESSAGE_CONTENT id:m-1")}, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        net::AgentProxy proxy;
        proxy.setUpstream(QUrl(m_base));
        proxy.setRewriterFactory([&rules](int exchange, const RecordedResponse &head) {
            QString whyNot;
            return intercept::makeRuleRewriter(rules, exchange, head, &whyNot);
        });
        int hits = 0;
        connect(&proxy, &net::AgentProxy::eventHeld, &proxy,
                [&proxy, &hits](int exchange, const net::HeldEvent &held) {
                    QJsonObject event = QJsonDocument::fromJson(held.json).object();
                    const bool first = hits++ == 0;
                    event.insert(QStringLiteral("delta"), QStringLiteral("GRÜSSE, "));
                    const net::HoldDecision decision
                        = first ? net::HoldDecision {false, {event}} : net::HoldDecision {};
                    QTimer::singleShot(0, &proxy, [&proxy, exchange, id = held.id, decision] {
                        proxy.resolveHold(exchange, id, decision);
                    });
                });
        QVERIFY(proxy.listen());
        QString url = proxy.url().toString();
        if (url.endsWith(QLatin1Char('/')))
            url.chop(1);
        const auto dump = [this](const QString &peer) {
            return runNodeJson(m_node,
                               {kPeerDir + QStringLiteral("client-dump.mjs"),
                                QStringLiteral("--peer"), peer, QStringLiteral("--scenario"),
                                QStringLiteral("chat-unicode")},
                               300000, true);
        };
        const NodeResult direct = dump(m_base);
        const NodeResult edited = dump(url);
        QVERIFY2(direct.ok() && edited.ok(), qPrintable(direct.error + edited.error));
        QVERIFY(edited.json.value(QLatin1String("ok")).toBool());
        QVERIFY(hits > 1); // every delta of m-1 was held, the first changed
        const QJsonArray expected = greetingShouted(direct.json);
        QVERIFY(!expected.isEmpty());
        const QString md
            = describeDifference(edited.json.value(QLatin1String("messages")), expected);
        QVERIFY2(md.isEmpty(), qPrintable(md));
    }

private:
    QString m_node;
    QString m_base;
    QString m_proxyUrl;
    QString m_record;
    QTemporaryDir m_dir;
    QJsonArray m_plans;
    ServerProcess m_peer;
    ServerProcess m_proxy;
    int m_forwarded = 0;
};

QTEST_GUILESS_MAIN(TestInteropProxy)
#include "test_interop_proxy.moc"
