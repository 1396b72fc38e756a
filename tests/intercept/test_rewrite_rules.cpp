// Rewrite rules (core/intercept): the rules file and its errors, what a rule does to an SSE or a
// protobuf body however the body is split into reads, and the proxy applying them between a
// front end and an agent while the recording keeps the agent's bytes and every change.

#include "tests/intercept/proxyfixtures.h"

#include "core/capture/capturereader.h"
#include "core/capture/capturewriter.h"
#include "core/intercept/rewriterules.h"
#include "core/intercept/rulerewriter.h"
#include "core/net/agentproxy.h"
#include "core/net/chunksink.h"
#include "core/net/httpexchange.h"
#include "core/net/httpserver.h"
#include "core/wire/protoevent.h"
#include "core/wire/protoframes.h"

#include <QBuffer>
#include <QJsonDocument>
#include <QPointer>
#include <QTemporaryDir>
#include <QtTest>

using namespace agui;
using namespace agui::intercept;
using namespace proxytest;

namespace {

QString ruleError(const QByteArray &json)
{
    QString error;
    const RewriteRules parsed = RewriteRules::fromJson(json, &error);
    return parsed.isEmpty() ? error : QStringLiteral("(parsed)");
}

struct Rewritten
{
    QByteArray bytes; // the pieces joined
    QList<net::BodyRewriter::Piece> pieces;
    QList<BodyRewrite> rewrites;
};

// Feeds body in pieces cut at `cuts` (ascending offsets) and collects everything.
Rewritten rewrite(const RewriteRules &rules, const QByteArray &body, const QList<qsizetype> &cuts,
                  const QString &contentType = QStringLiteral("text/event-stream"),
                  int exchange = 0)
{
    QString whyNot;
    const auto rewriter = makeRuleRewriter(rules, exchange, response(contentType), &whyNot);
    Rewritten result;
    net::BodyRewriter::Output out;
    qsizetype from = 0;
    for (const qsizetype cut : cuts) {
        rewriter->feed(QByteArrayView(body).sliced(from, cut - from), out);
        from = cut;
    }
    rewriter->feed(QByteArrayView(body).sliced(from), out);
    rewriter->finish(out);
    for (const auto &piece : std::as_const(out.pieces))
        result.bytes += piece.bytes;
    result.pieces = out.pieces;
    result.rewrites = out.rewrites;
    return result;
}

const QByteArray kRunStarted = sse(R"({"type":"RUN_STARTED","threadId":"t","runId":"r1"})");
const QByteArray kStart
    = sse(R"({"type":"TEXT_MESSAGE_START","messageId":"m1","role":"assistant"})");
const QByteArray kOne = sse(R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"one"})");
const QByteArray kTwo = sse(R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"two"})");
const QByteArray kKeepAlive = ": still here\n\n";
const QByteArray kEnd = sse(R"({"type":"TEXT_MESSAGE_END","messageId":"m1"})");
const QByteArray kToolStart
    = sse(R"({"type":"TOOL_CALL_START","toolCallId":"c1","toolCallName":"search"})");
const QByteArray kToolEnd = sse(R"({"type":"TOOL_CALL_END","toolCallId":"c1"})");
const QByteArray kFinished = sse(R"({"type":"RUN_FINISHED","threadId":"t","runId":"r1"})");

QByteArray stream()
{
    return kRunStarted + kStart + kOne + kTwo + kKeepAlive + kEnd + kToolStart + kToolEnd
        + kFinished;
}

const QByteArray kRules = R"({"rules": [
  {"name": "lose the end", "filter": "type:TOOL_CALL_END", "action": "drop"},
  {"name": "shout", "filter": "type:TEXT_MESSAGE_CONTENT text:two", "action": "edit",
   "patch": [{"op": "replace", "path": "/delta", "value": "TWO"}]},
  {"name": "mark", "filter": "type:RUN_STARTED", "action": "inject",
   "after": [{"type": "CUSTOM", "name": "marker", "value": 1}]},
  {"name": "slow finish", "filter": "type:RUN_FINISHED", "action": "delay", "ms": 5},
  {"name": "off", "filter": "type:TEXT_MESSAGE_START", "action": "drop", "enabled": false}
]})";

// What kRules make of stream(), written out by hand.
QByteArray expectedStream()
{
    return kRunStarted + sse(R"({"name":"marker","type":"CUSTOM","value":1})") + kStart + kOne
        + sse(R"({"delta":"TWO","messageId":"m1","type":"TEXT_MESSAGE_CONTENT"})") + kKeepAlive
        + kEnd + kToolStart + kFinished;
}

QByteArray protoFrame(const QByteArray &json)
{
    const ProtoEncodeResult encoded = encodeProtoEvent(QJsonDocument::fromJson(json).object());
    if (!encoded.ok())
        qFatal("cannot encode %s: %s", json.constData(), qPrintable(encoded.error));
    return encodeProtoFrame(encoded.message);
}

} // namespace

class TestRewriteRules : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aRulesFileParses()
    {
        const RewriteRules parsed = rules(kRules);
        QCOMPARE(parsed.rules().size(), 5);
        QCOMPARE(parsed.rules().at(0).name, QStringLiteral("lose the end"));
        QCOMPARE(parsed.rules().at(0).action, RewriteAction::Drop);
        QCOMPARE(parsed.rules().at(1).action, RewriteAction::Edit);
        QCOMPARE(parsed.rules().at(1).patch.size(), 1);
        QCOMPARE(parsed.rules().at(2).after.size(), 1);
        QCOMPARE(parsed.rules().at(3).delayMs, 5);
        QVERIFY(!parsed.rules().at(4).enabled);
        // A bare array works too, and a rule without a name is named by its place.
        const RewriteRules bare = rules(R"([{"filter": "type:RUN_*", "action": "drop"}])");
        QCOMPARE(bare.rules().at(0).name, QStringLiteral("rule 1"));
        // What is kept with a recording reads back as the same rules.
        QCOMPARE(rules(parsed.toJson()).rules().size(), 5);
    }

    void everyMistakeNamesTheRuleAndTheField_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("error");
        QTest::newRow("not json") << QByteArray("{\"rules\": [")
                                  << QStringLiteral("not JSON at byte");
        QTest::newRow("no rules") << QByteArray(R"({"rule": []})")
                                  << QStringLiteral("expected {\"rules\": [...]} or an array");
        QTest::newRow("action") << QByteArray(R"([{"filter":"type:RUN_*","action":"drop"},
                                                  {"name":"x","filter":"type:RUN_*","action":"zap"}])")
                                << QStringLiteral("rule 2 (\"x\"): \"action\" must be one of drop, "
                                                  "delay, edit, inject");
        QTest::newRow("filter syntax") << QByteArray(R"([{"filter":"colour:red","action":"drop"}])")
                                       << QStringLiteral("rule 1: \"filter\": unknown key");
        QTest::newRow("no filter") << QByteArray(R"([{"action":"drop"}])")
                                   << QStringLiteral("rule 1: \"filter\" must be a filter");
        QTest::newRow("has") << QByteArray(R"([{"filter":"has:error","action":"drop"}])")
                             << QStringLiteral("rule 1: \"filter\": has: cannot be used in a rule");
        QTest::newRow("delay") << QByteArray(
            R"([{"filter":"type:RUN_*","action":"delay","ms":-4}])")
                               << QStringLiteral("rule 1: \"ms\" must be a whole number");
        QTest::newRow("patch") << QByteArray(
            R"([{"filter":"type:RUN_*","action":"edit","patch":{}}])")
                               << QStringLiteral("rule 1: \"patch\" must be a JSON Patch");
        QTest::newRow("inject") << QByteArray(R"([{"filter":"type:RUN_*","action":"inject"}])")
                                << QStringLiteral("rule 1: an inject rule needs");
        QTest::newRow("inject event")
            << QByteArray(R"([{"filter":"type:RUN_*","action":"inject","before":[{"x":1}]}])")
            << QStringLiteral("rule 1: \"before\"[0] must be an event object with a \"type\"");
        QTest::newRow("unknown field")
            << QByteArray(R"([{"filter":"type:RUN_*","action":"drop","delay":3}])")
            << QStringLiteral("rule 1: unknown field \"delay\"");
        QTest::newRow("times") << QByteArray(
            R"([{"filter":"type:RUN_*","action":"drop","times":0}])")
                               << QStringLiteral("rule 1: \"times\" must be a whole number of 1");
    }

    void everyMistakeNamesTheRuleAndTheField()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, error);
        const QString got = ruleError(json);
        QVERIFY2(got.startsWith(error), qPrintable(got));
    }

    void aRulesFileThatCannotBeReadNamesTheFile()
    {
        QString error;
        RewriteRules::fromFile(QStringLiteral("/nonexistent/rules.json"), &error);
        QVERIFY2(error.startsWith(QStringLiteral("/nonexistent/rules.json: ")), qPrintable(error));
    }

    // The same body cut at every byte gives the same bytes for the front end and the same changes.
    void sseRulesActOnWholeEventsHoweverTheBodyIsSplit()
    {
        const RewriteRules parsed = rules(kRules);
        const QByteArray body = stream();
        const Rewritten whole = rewrite(parsed, body, {});
        QCOMPARE(whole.bytes, expectedStream());
        QCOMPARE(whole.rewrites.size(), 4);
        QCOMPARE(whole.rewrites.at(0).action, QStringLiteral("inject"));
        QCOMPARE(whole.rewrites.at(0).offset, 0);
        QCOMPARE(whole.rewrites.at(0).length, kRunStarted.size());
        QCOMPARE(whole.rewrites.at(1).rule, QStringLiteral("shout"));
        QCOMPARE(whole.rewrites.at(1).offset, (kRunStarted + kStart + kOne).size());
        QCOMPARE(whole.rewrites.at(2).action, QStringLiteral("drop"));
        QVERIFY(whole.rewrites.at(2).delivered.isEmpty());
        QCOMPARE(body.mid(whole.rewrites.at(2).offset, whole.rewrites.at(2).length), kToolEnd);
        QCOMPARE(whole.rewrites.at(3).delayMs, 5);
        // The delay holds the finish event itself, not what came before it.
        QCOMPARE(whole.pieces.last().bytes, kFinished);
        QCOMPARE(whole.pieces.last().delayMs, 5);

        for (qsizetype cut = 1; cut < body.size(); ++cut) {
            const Rewritten split = rewrite(parsed, body, {cut});
            QCOMPARE(split.bytes, whole.bytes);
            QCOMPARE(split.rewrites.size(), whole.rewrites.size());
        }
        QList<qsizetype> everyByte;
        for (qsizetype i = 1; i < body.size(); ++i)
            everyByte.append(i);
        QCOMPARE(rewrite(parsed, body, everyByte).bytes, whole.bytes);
    }

    // Nothing matched: the very bytes go on, BOM, CRLF, comments and an unfinished last event too.
    void eventsNoRuleTakesPassByteForByte()
    {
        const QByteArray body
            = "\xEF\xBB\xBF"
              ": hello\r\n\r\n"
              "data: {\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\r\n\r\n"
              "data: not json\n\n"
              "data: {\"type\":\"RUN_FINI";
        const Rewritten out
            = rewrite(rules(R"([{"filter":"type:TOOL_CALL_END","action":"drop"}])"), body, {7, 20});
        QCOMPARE(out.bytes, body);
        QVERIFY(out.rewrites.isEmpty());
    }

    void timesAndRunLimitWhatARuleTakes()
    {
        const QByteArray body = kOne + kTwo + kOne;
        const RewriteRules once
            = rules(R"([{"filter":"type:TEXT_MESSAGE_CONTENT","action":"drop","times":1}])");
        QCOMPARE(rewrite(once, body, {}).bytes, kTwo + kOne);
        // run: counts exchanges from 1, as the event list counts runs.
        const RewriteRules second = rules(R"([{"filter":"run:2 id:m1","action":"drop"}])");
        QCOMPARE(rewrite(second, body, {}, QStringLiteral("text/event-stream"), 0).bytes, body);
        QVERIFY(rewrite(second, body, {}, QStringLiteral("text/event-stream"), 1).bytes.isEmpty());
    }

    // A patch that fails never sends half an edit: the original goes on and the change says why.
    void aFailingPatchLeavesTheEventAsItWas()
    {
        const RewriteRules failing = rules(R"([{"name":"bad","filter":"type:TEXT_MESSAGE_CONTENT",
            "action":"edit","patch":[{"op":"remove","path":"/nothing"}]}])");
        const Rewritten out = rewrite(failing, kOne, {});
        QCOMPARE(out.bytes, kOne);
        QCOMPARE(out.rewrites.size(), 1);
        QVERIFY2(out.rewrites.at(0).error.startsWith(QStringLiteral("patch operation 0: ")),
                 qPrintable(out.rewrites.at(0).error));
        QCOMPARE(out.rewrites.at(0).delivered, kOne);
    }

    void protobufFramesAreRewrittenAsFrames()
    {
        const QByteArray started = protoFrame(kRunStarted.mid(6, kRunStarted.size() - 8));
        const QByteArray one = protoFrame(kOne.mid(6, kOne.size() - 8));
        const QByteArray two = protoFrame(kTwo.mid(6, kTwo.size() - 8));
        const QByteArray toolEnd = protoFrame(kToolEnd.mid(6, kToolEnd.size() - 8));
        const QByteArray body = started + one + two + toolEnd;
        const Rewritten out = rewrite(rules(kRules), body, {3, started.size() + 2},
                                      QStringLiteral("application/vnd.ag-ui.event+proto"));
        ProtoFrameSplitter splitter;
        splitter.feed(out.bytes);
        splitter.finish();
        QStringList seen;
        for (const ProtoFrame &frame : splitter.takeFrames()) {
            const ProtoDecodeResult decoded = decodeProtoEvent(frame.message);
            QVERIFY2(decoded.ok(), qPrintable(decoded.error));
            seen.append(decoded.event.value(QStringLiteral("type")).toString() + QLatin1Char(' ')
                        + decoded.event.value(QStringLiteral("delta")).toString());
        }
        const QStringList expected {QStringLiteral("RUN_STARTED "), QStringLiteral("CUSTOM "),
                                    QStringLiteral("TEXT_MESSAGE_CONTENT one"),
                                    QStringLiteral("TEXT_MESSAGE_CONTENT TWO")};
        QCOMPARE(seen, expected);
        QVERIFY(out.bytes.startsWith(started)); // untouched frames keep their bytes
    }

    // An event longer than the proxy holds goes on as it comes, unchanged, even if a rule
    // would have matched it; the events after it are rewritten again.
    void anEndlessEventIsNotHeld()
    {
        const QByteArray huge = "data: {\"type\":\"TOOL_CALL_END\",\"toolCallId\":\""
            + QByteArray(17 * 1024 * 1024, 'x') + "\"}\n\n";
        QString whyNot;
        // The rewriter keeps its own copy of the rules: a temporary is fine.
        const auto rewriter = makeRuleRewriter(
            rules(kRules), 0, response(QStringLiteral("text/event-stream")), &whyNot);
        net::BodyRewriter::Output out;
        rewriter->feed(QByteArrayView(huge).first(huge.size() - 4), out);
        qsizetype passed = 0;
        for (const auto &piece : std::as_const(out.pieces))
            passed += piece.bytes.size();
        QVERIFY2(passed > 16 * 1024 * 1024, "the proxy holds an unfinished event without bound");
        rewriter->feed(QByteArrayView(huge).last(4), out);
        rewriter->feed(kToolEnd, out);
        rewriter->finish(out);
        QByteArray all;
        for (const auto &piece : std::as_const(out.pieces))
            all += piece.bytes;
        QCOMPARE(all, huge); // the long one unchanged, the short TOOL_CALL_END dropped
        QCOMPARE(out.rewrites.size(), 1);
        QCOMPARE(out.rewrites.first().offset, huge.size());
    }

    void aCompressedBodyIsNotRewritten()
    {
        QString whyNot;
        QVERIFY(!makeRuleRewriter(
            rules(kRules), 0, response(QStringLiteral("text/event-stream"), QStringLiteral("gzip")),
            &whyNot));
        QCOMPARE(whyNot, QStringLiteral("the body is gzip-encoded; it passes unchanged"));
        RecordedResponse notFound = response(QStringLiteral("text/html"));
        notFound.status = 404;
        QVERIFY(!makeRuleRewriter(rules(kRules), 0, notFound, &whyNot));
        QCOMPARE(whyNot,
                 QStringLiteral("the answer is 404, not an event stream; it passes unchanged"));
        QVERIFY(makeRuleRewriter(
            rules(kRules), 0,
            response(QStringLiteral("text/event-stream"), QStringLiteral("identity")), &whyNot));
    }

    // A delay while the agent keeps sending more than the proxy holds: the upstream read pauses
    // and resumes, and the front end gets every byte, in order.
    void aDelayedStreamLargerThanTheProxyHoldsArrivesWhole()
    {
        QByteArray body = kRunStarted;
        const QByteArray filler = sse("{\"type\":\"TEXT_MESSAGE_CONTENT\",\"messageId\":\"m1\","
                                      "\"delta\":\""
                                      + QByteArray(60 * 1024, 'x') + "\"}");
        while (body.size() < 3 * net::AgentProxy::kMaxQueuedBytes)
            body += filler;
        body += kFinished;
        net::HttpServer upstream;
        upstream.route("POST", QStringLiteral("/agent"),
                       [&](const net::HttpRequest &, net::HttpResponder *responder) {
                           responder->beginStream(200, "text/event-stream", {});
                           QPointer<net::HttpResponder> r(responder);
                           auto sent = std::make_shared<qsizetype>(0);
                           auto pump = [r, sent, &body] {
                               while (r && *sent < body.size() && r->bytesQueued() < (1 << 20)) {
                                   // Counted before the write: write() may call back into
                                   // this pump (drained) before it returns.
                                   const qsizetype at = std::exchange(*sent, *sent + 64 * 1024);
                                   r->write(body.mid(at, 64 * 1024));
                               }
                               if (r && *sent >= body.size() && r->bytesQueued() == 0)
                                   r->finish();
                           };
                           connect(responder, &net::HttpResponder::drained, responder, pump);
                           pump();
                       });
        QVERIFY(upstream.listen());
        net::AgentProxy proxy;
        const RewriteRules parsed
            = rules(R"([{"filter":"type:RUN_STARTED","action":"delay","ms":300}])");
        setUpProxy(proxy, upstream.url(QStringLiteral("/agent")), parsed);
        QVERIFY(proxy.listen());
        FrontEnd front(proxy.url());
        QTRY_VERIFY_WITH_TIMEOUT(front.done, 120000);
        QVERIFY2(front.error.isEmpty(), qPrintable(front.error));
        const QByteArray &got = front.body;
        QCOMPARE(got.size(), body.size());
        qsizetype firstDifference = 0;
        while (firstDifference < got.size() && got.at(firstDifference) == body.at(firstDifference))
            ++firstDifference;
        QVERIFY2(got == body,
                 qPrintable(QStringLiteral("differs from byte %1: got %2, sent %3")
                                .arg(firstDifference)
                                .arg(QString::fromLatin1(got.mid(firstDifference, 40)),
                                     QString::fromLatin1(body.mid(firstDifference, 40)))));
    }

    // Through the proxy: the front end gets the rewritten stream, the recording the agent's bytes
    // and every change, and the capture read back gives both streams.
    void theProxyAppliesRulesAndRecordsBothStreams()
    {
        const QByteArray body = stream();
        net::HttpServer upstream;
        upstream.route("POST", QStringLiteral("/agent"),
                       [&](const net::HttpRequest &, net::HttpResponder *responder) {
                           responder->beginStream(200, "text/event-stream", {});
                           // In pieces that cut events in two, as a network would.
                           for (qsizetype at = 0; at < body.size(); at += 37)
                               responder->write(body.mid(at, 37));
                           responder->finish();
                       });
        QVERIFY(upstream.listen());

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("proxied.aguicap"));
        CaptureWriter writer;
        QVERIFY(writer.open(path));
        const RewriteRules parsed = rules(kRules);
        net::AgentProxy proxy;
        setUpProxy(proxy, upstream.url(QStringLiteral("/agent")), parsed, &writer);
        QSignalSpy changes(&proxy, &net::AgentProxy::bodyRewritten);
        QSignalSpy ended(&proxy, &net::AgentProxy::exchangeEnded);
        QVERIFY(proxy.listen());

        FrontEnd front(proxy.url());
        QTRY_VERIFY_WITH_TIMEOUT(front.done, 60000);
        QVERIFY2(front.error.isEmpty(), qPrintable(front.error));
        const QByteArray &got = front.body;
        QCOMPARE(got, expectedStream());
        QTRY_COMPARE_WITH_TIMEOUT(ended.size(), 1, 60000);
        QCOMPARE(changes.size(), 4);
        writer.close();

        Capture capture;
        QString readError;
        QVERIFY2(readCaptureFile(path, &capture, &readError), qPrintable(readError));
        QVERIFY(capture.problems.isEmpty());
        QCOMPARE(capture.runs.size(), 1);
        const RunRecording &run = capture.runs.first();
        QCOMPARE(run.body(), body); // what the agent sent
        QCOMPARE(run.rewrites.size(), 4);
        QCOMPARE(run.rewrites.at(1).rule, QStringLiteral("shout"));
        QCOMPARE(run.deliveredBody(), got); // what the front end got
        QCOMPARE(run.end, RunEnd::Finished);

        // Written out again (Save As), the changes survive.
        QBuffer copy;
        copy.open(QIODevice::WriteOnly);
        CaptureWriter again;
        QVERIFY(again.open(&copy));
        QVERIFY(again.writeCapture(capture));
        again.close();
        const Capture reread = readCapture(copy.data());
        QCOMPARE(reread.runs.first().rewrites.size(), 4);
        QCOMPARE(reread.runs.first().deliveredBody(), got);
    }
};

QTEST_GUILESS_MAIN(TestRewriteRules)
#include "test_rewrite_rules.moc"
