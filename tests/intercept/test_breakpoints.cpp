// Breakpoints (a rewrite rule's "break" action): the rewriter holds the matching event and
// everything after it, a person's decision (resume, edit, drop, inject) decides what goes on in
// its place, the proxy keeps the front end's SSE connection alive meanwhile, and the recording
// keeps both what the agent sent and what the front end got.

#include "tests/intercept/proxyfixtures.h"

#include "core/capture/capturereader.h"
#include "core/capture/capturewriter.h"
#include "core/intercept/replacementevents.h"
#include "core/intercept/rulerewriter.h"
#include "core/net/agentproxy.h"
#include "core/net/chunksink.h"
#include "core/net/httpserver.h"
#include "core/wire/protoevent.h"
#include "core/wire/protoframes.h"

#include <QBuffer>
#include <QJsonDocument>

using namespace agui;
using namespace agui::intercept;
using namespace proxytest;

namespace {

const QByteArray kStarted = sse(R"({"type":"RUN_STARTED","threadId":"t","runId":"r1"})");
const QByteArray kOne = sse(R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"one"})");
const QByteArray kTwo = sse(R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"two"})");
const QByteArray kFinished = sse(R"({"type":"RUN_FINISHED","threadId":"t","runId":"r1"})");
const QByteArray kBody = kStarted + kOne + kTwo + kFinished;

QJsonObject object(const QByteArray &json)
{
    return QJsonDocument::fromJson(json).object();
}

RewriteRules breakOn(const QString &filter)
{
    QString error;
    const RewriteRules rules = RewriteRules().withBreakpoints({filter}, &error);
    if (!error.isEmpty())
        qFatal("breakpoint does not parse: %s", qPrintable(error));
    return rules;
}

struct Fed
{
    std::unique_ptr<net::BodyRewriter> rewriter;
    net::BodyRewriter::Output out;
};

Fed feedAll(const RewriteRules &rules, const QByteArray &body, const QString &contentType)
{
    QString whyNot;
    Fed fed;
    fed.rewriter = makeRuleRewriter(rules, 0, response(contentType), &whyNot);
    for (qsizetype at = 0; at < body.size(); at += 7) // cut anywhere, events too
        fed.rewriter->feed(QByteArrayView(body).sliced(at, qMin<qsizetype>(7, body.size() - at)),
                           fed.out);
    fed.rewriter->finish(fed.out);
    return fed;
}

QByteArray joined(const QList<net::BodyRewriter::Piece> &pieces)
{
    QByteArray bytes;
    for (const auto &piece : pieces)
        bytes += piece.bytes;
    return bytes;
}

// An agent that sends kBody in one go.
struct Agent
{
    net::HttpServer server;
    explicit Agent(const QByteArray &body)
    {
        server.route("POST", QStringLiteral("/agent"),
                     [body](const net::HttpRequest &, net::HttpResponder *responder) {
                         responder->beginStream(200, "text/event-stream", {});
                         responder->write(body);
                         responder->finish();
                     });
    }
};

} // namespace

class TestBreakpoints : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void breakpointsAreBreakRulesAheadOfTheOthers()
    {
        const RewriteRules own = rules(R"([{"name":"lose it","filter":"type:TOOL_CALL_END",
                                             "action":"drop"},
                                            {"filter":"type:RUN_STARTED","action":"drop"}])");
        QVERIFY(!own.hasBreakpoints());
        QString error;
        const RewriteRules both = own.withBreakpoints(
            {QStringLiteral("type:RUN_STARTED"), QStringLiteral(" ")}, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(both.rules().size(), 3);
        QCOMPARE(both.rules().at(0).action, RewriteAction::Break);
        QCOMPARE(both.rules().at(0).name, QStringLiteral("breakpoint type:RUN_STARTED"));
        QCOMPARE(both.rules().at(1).name, QStringLiteral("lose it"));
        QCOMPARE(both.rules().at(2).name, QStringLiteral("rule 2")); // as the file numbers it
        QVERIFY(both.hasBreakpoints());
        QVERIFY(both.toJson().contains("\"action\":\"break\""));

        const RewriteRules bad = own.withBreakpoints({QStringLiteral("type:(")}, &error);
        QVERIFY(bad.isEmpty());
        QVERIFY2(error.startsWith(QStringLiteral("rule 1 (\"breakpoint type:(\"): \"filter\"")),
                 qPrintable(error));
        QVERIFY(rules(R"([{"filter":"type:RUN_STARTED","action":"break"}])").hasBreakpoints());

        // Set again (the window changes them while the proxy runs): the new ones replace the
        // old, the file's rules stay behind them with their names.
        const RewriteRules again = both.withBreakpoints(
            {QStringLiteral("text:search"), QStringLiteral(" request ")}, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(again.rules().size(), 3);
        QCOMPARE(again.rules().at(0).name, QStringLiteral("breakpoint text:search"));
        QCOMPARE(again.rules().at(1).name, QStringLiteral("lose it"));
        QCOMPARE(again.rules().at(2).name, QStringLiteral("rule 2"));
        QVERIFY(again.breaksOnRequest());
        QCOMPARE(again.breakpoints(),
                 QStringList({QStringLiteral("text:search"), QStringLiteral("request")}));
        const RewriteRules none = again.withBreakpoints({}, &error);
        QCOMPARE(none.rules().size(), 2);
        QVERIFY(!none.hasBreakpoints());
        QVERIFY(none.breakpoints().isEmpty());
    }

    void theRewriterHoldsTheEventAndWhatFollowsIt()
    {
        Fed fed = feedAll(breakOn(QStringLiteral("text:two")), kBody,
                          QStringLiteral("text/event-stream"));
        QCOMPARE(fed.out.held.size(), 1);
        const net::HeldEvent held = fed.out.held.first();
        QCOMPARE(held.offset, kStarted.size() + kOne.size());
        QCOMPARE(held.raw, kTwo);
        QCOMPARE(object(held.json).value(QStringLiteral("delta")).toString(),
                 QStringLiteral("two"));
        QCOMPARE(held.rule, QStringLiteral("breakpoint text:two"));
        QCOMPARE(held.type, QStringLiteral("TEXT_MESSAGE_CONTENT"));
        // The pieces: what came before as sent, the held event, what came after as sent.
        qsizetype at = 0;
        while (fed.out.pieces.at(at).hold < 0)
            ++at;
        QCOMPARE(joined(fed.out.pieces.mid(0, at)), QByteArray(kStarted + kOne));
        QCOMPARE(fed.out.pieces.at(at).hold, held.id);
        QCOMPARE(fed.out.pieces.at(at).bytes, kTwo);
        QCOMPARE(joined(fed.out.pieces.mid(at + 1)), kFinished);
        QVERIFY(fed.out.rewrites.isEmpty()); // nothing changed yet
    }

    void aDecisionSaysWhatGoesOnInstead_data()
    {
        QTest::addColumn<bool>("resume");
        QTest::addColumn<QList<QJsonObject>>("events");
        QTest::addColumn<QByteArray>("keepAlive");
        QTest::addColumn<QByteArray>("sent");
        QTest::addColumn<bool>("recorded");
        const QJsonObject edited
            = object(R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"TWO"})");
        const QByteArray editedSse
            = sse(R"({"delta":"TWO","messageId":"m1","type":"TEXT_MESSAGE_CONTENT"})");
        const QJsonObject custom = object(R"({"type":"CUSTOM","name":"x","value":1})");
        const QByteArray customSse = sse(R"({"name":"x","type":"CUSTOM","value":1})");
        QTest::newRow("resume") << true << QList<QJsonObject>() << QByteArray() << kTwo << false;
        QTest::newRow("resume after keep-alives")
            << true << QList<QJsonObject>() << QByteArray(": k\n\n") << kTwo << true;
        QTest::newRow("edit") << false << QList<QJsonObject> {edited} << QByteArray() << editedSse
                              << true;
        QTest::newRow("drop") << false << QList<QJsonObject>() << QByteArray() << QByteArray()
                              << true;
        QTest::newRow("inject before and after")
            << false << QList<QJsonObject> {custom, edited, custom} << QByteArray()
            << QByteArray(customSse + editedSse + customSse) << true;
    }

    void aDecisionSaysWhatGoesOnInstead()
    {
        QFETCH(bool, resume);
        QFETCH(QList<QJsonObject>, events);
        QFETCH(QByteArray, keepAlive);
        QFETCH(QByteArray, sent);
        QFETCH(bool, recorded);
        Fed fed = feedAll(breakOn(QStringLiteral("text:two")), kBody,
                          QStringLiteral("text/event-stream"));
        net::BodyRewriter::Output out;
        fed.rewriter->resolve(fed.out.held.first(), {resume, events}, keepAlive, out);
        QCOMPARE(joined(out.pieces), sent);
        QVERIFY(out.held.isEmpty());
        QCOMPARE(out.rewrites.size(), recorded ? 1 : 0);
        if (recorded) {
            const BodyRewrite &change = out.rewrites.first();
            QCOMPARE(change.action, QStringLiteral("break"));
            QCOMPARE(change.rule, QStringLiteral("breakpoint text:two"));
            QCOMPARE(change.offset, kStarted.size() + kOne.size());
            QCOMPARE(change.length, kTwo.size());
            QCOMPARE(change.delivered,
                     QByteArray(keepAlive + sent)); // what the front end got, in order
            QVERIFY(change.error.isEmpty());
        }
    }

    void aProtobufEventIsHeldAndRewrittenAsAFrame()
    {
        const auto frame = [](const char *json) {
            return encodeProtoFrame(encodeProtoEvent(object(json)).message);
        };
        const QByteArray started = frame(R"({"type":"RUN_STARTED","threadId":"t","runId":"r"})");
        const QByteArray text
            = frame(R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"two"})");
        Fed fed = feedAll(breakOn(QStringLiteral("type:TEXT_MESSAGE_CONTENT")), started + text,
                          QStringLiteral("application/vnd.ag-ui.event+proto"));
        QCOMPARE(fed.out.held.size(), 1);
        QCOMPARE(fed.out.held.first().raw, text);
        QCOMPARE(object(fed.out.held.first().json).value(QStringLiteral("delta")).toString(),
                 QStringLiteral("two"));
        net::BodyRewriter::Output out;
        const QJsonObject edited
            = object(R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"TWO"})");
        fed.rewriter->resolve(fed.out.held.first(), {false, {edited}}, {}, out);
        QCOMPARE(joined(out.pieces),
                 frame(R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"TWO"})"));
    }

    // What a person types in the held event's place: every mistake says where, schema findings
    // are warnings that do not stop the event going on.
    void whatAPersonWritesIsReadAsEvents()
    {
        const ReplacementEvents one = readReplacementEvents(
            R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"TWO"})");
        QVERIFY2(one.ok(), qPrintable(one.error));
        QCOMPARE(one.events.size(), 1);
        QVERIFY(one.warnings.isEmpty());

        const ReplacementEvents none = readReplacementEvents("[]");
        QVERIFY(none.ok());
        QVERIFY(none.events.isEmpty()); // a drop

        const ReplacementEvents broken
            = readReplacementEvents("{\n  \"type\": \"CUSTOM\",\n  x\n}");
        QVERIFY(!broken.ok());
        QVERIFY2(broken.error.startsWith(QStringLiteral("not JSON at line 3, column ")),
                 qPrintable(broken.error));

        const ReplacementEvents notEvents
            = readReplacementEvents(R"([{"type":"CUSTOM","name":"a","value":1}, 3])");
        QCOMPARE(notEvents.error, QStringLiteral("event 2 must be an object with a \"type\""));
        QVERIFY(notEvents.events.isEmpty());

        const ReplacementEvents invalid
            = readReplacementEvents(R"([{"type":"TEXT_MESSAGE_CONTENT","messageId":"m1"}])");
        QVERIFY(invalid.ok()); // sent as written, on purpose
        QCOMPARE(invalid.events.size(), 1);
        QCOMPARE(invalid.warnings.size(), 1);
        QVERIFY2(invalid.warnings.first().startsWith(QStringLiteral("event 1 (/delta): ")),
                 qPrintable(invalid.warnings.first()));
    }

    // Through the proxy: the front end gets everything before the held event at once, keep-alive
    // comments while it waits, then the edited event and the rest; the capture keeps both streams.
    void theProxyHoldsAnEventUntilThePersonDecides()
    {
        Agent agent(kBody);
        QVERIFY(agent.server.listen());
        QBuffer file;
        file.open(QIODevice::WriteOnly);
        CaptureWriter writer;
        QVERIFY(writer.open(&file));
        const RewriteRules rules = breakOn(QStringLiteral("type:TEXT_MESSAGE_CONTENT text:two"));
        net::AgentProxy proxy;
        setUpProxy(proxy, agent.server.url(QStringLiteral("/agent")), rules, &writer);
        proxy.setKeepAliveInterval(20);
        QSignalSpy held(&proxy, &net::AgentProxy::eventHeld);
        QSignalSpy ended(&proxy, &net::AgentProxy::exchangeEnded);
        QVERIFY(proxy.listen());

        FrontEnd front(proxy.url());
        QTRY_COMPARE_WITH_TIMEOUT(held.size(), 1, 60000);
        const auto hold = held.first().at(1).value<net::HeldEvent>();
        QCOMPARE(hold.raw, kTwo);
        // Everything before it arrives; then only keep-alives while the person looks.
        QTRY_VERIFY_WITH_TIMEOUT(front.body.startsWith(QByteArray(kStarted + kOne))
                                     && front.body.contains(net::AgentProxy::keepAliveComment()),
                                 60000);
        QVERIFY(!front.body.contains("two"));
        QVERIFY(!front.done);
        QVERIFY(!proxy.resolveHold(0, hold.id + 1, {})); // no such hold

        const QJsonObject edited
            = object(R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"TWO"})");
        QVERIFY(proxy.resolveHold(0, hold.id, {false, {edited}}));
        QTRY_VERIFY_WITH_TIMEOUT(front.done, 60000);
        QVERIFY2(front.error.isEmpty(), qPrintable(front.error));
        QVERIFY(!proxy.resolveHold(0, hold.id, {})); // resolved already, and the exchange ended
        const QByteArray tail
            = sse(R"({"delta":"TWO","messageId":"m1","type":"TEXT_MESSAGE_CONTENT"})") + kFinished;
        QVERIFY(front.body.endsWith(tail));
        const QByteArray waited
            = front.body.sliced(kStarted.size() + kOne.size(),
                                front.body.size() - kStarted.size() - kOne.size() - tail.size());
        QCOMPARE(waited.size() % net::AgentProxy::keepAliveComment().size(), 0);
        QCOMPARE(waited.count(net::AgentProxy::keepAliveComment()),
                 waited.size() / net::AgentProxy::keepAliveComment().size());

        QTRY_COMPARE_WITH_TIMEOUT(ended.size(), 1, 60000);
        writer.close();
        const Capture capture = readCapture(file.data());
        QCOMPARE(capture.runs.size(), 1);
        QCOMPARE(capture.runs.first().body(), kBody); // what the agent sent
        QCOMPARE(capture.runs.first().deliveredBody(), front.body); // what the front end got
        QCOMPARE(capture.runs.first().rewrites.first().action, QStringLiteral("break"));
    }

    // The rules change later events while an earlier one is held; the person decides after:
    // read back, the changes are in body order all the same and give what the front end got.
    void changesMadeAfterLaterOnesAreRecordedInBodyOrder()
    {
        Agent agent(kBody);
        QVERIFY(agent.server.listen());
        QBuffer file;
        file.open(QIODevice::WriteOnly);
        CaptureWriter writer;
        QVERIFY(writer.open(&file));
        QString error;
        const RewriteRules rules
            = proxytest::rules(R"([{"name":"lose the finish","filter":"type:RUN_FINISHED",
                                   "action":"drop"}])")
                  .withBreakpoints({QStringLiteral("text:two")}, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        net::AgentProxy proxy;
        setUpProxy(proxy, agent.server.url(QStringLiteral("/agent")), rules, &writer);
        QSignalSpy held(&proxy, &net::AgentProxy::eventHeld);
        QSignalSpy changes(&proxy, &net::AgentProxy::bodyRewritten);
        QSignalSpy ended(&proxy, &net::AgentProxy::exchangeEnded);
        QVERIFY(proxy.listen());
        FrontEnd front(proxy.url());
        QTRY_COMPARE_WITH_TIMEOUT(held.size(), 1, 60000);
        QTRY_COMPARE_WITH_TIMEOUT(changes.size(), 1, 60000); // the finish, dropped already
        QVERIFY(proxy.resolveHold(0, held.first().at(1).value<net::HeldEvent>().id, {false, {}}));
        QTRY_VERIFY_WITH_TIMEOUT(front.done, 60000);
        QCOMPARE(front.body, QByteArray(kStarted + kOne));
        QTRY_COMPARE_WITH_TIMEOUT(ended.size(), 1, 60000);
        writer.close();
        const RunRecording run = readCapture(file.data()).runs.first();
        QCOMPARE(run.rewrites.size(), 2);
        QCOMPARE(run.rewrites.at(0).action, QStringLiteral("break"));
        QCOMPARE(run.rewrites.at(1).rule, QStringLiteral("lose the finish"));
        QCOMPARE(run.deliveredBody(), front.body);
    }

    // A front end that gives up while an event is held: the upstream request is cancelled and
    // the recording says the held event never reached it.
    void aHeldEventTheFrontEndNeverGotIsRecordedAsSuch()
    {
        Agent agent(kBody);
        QVERIFY(agent.server.listen());
        const RewriteRules rules = breakOn(QStringLiteral("type:RUN_FINISHED"));
        net::AgentProxy proxy;
        setUpProxy(proxy, agent.server.url(QStringLiteral("/agent")), rules);
        QSignalSpy held(&proxy, &net::AgentProxy::eventHeld);
        QSignalSpy changes(&proxy, &net::AgentProxy::bodyRewritten);
        QSignalSpy ended(&proxy, &net::AgentProxy::exchangeEnded);
        QVERIFY(proxy.listen());
        auto front = std::make_unique<FrontEnd>(proxy.url());
        QTRY_COMPARE_WITH_TIMEOUT(held.size(), 1, 60000);
        QTRY_COMPARE_WITH_TIMEOUT(front->body, QByteArray(kStarted + kOne + kTwo), 60000);
        front.reset(); // hangs up
        QTRY_COMPARE_WITH_TIMEOUT(ended.size(), 1, 60000);
        QCOMPARE(ended.first().at(1).value<RunEnd>(), RunEnd::Aborted);
        QCOMPARE(changes.size(), 1);
        const auto lost = changes.first().at(1).value<BodyRewrite>();
        QCOMPARE(lost.offset, kBody.size() - kFinished.size());
        QCOMPARE(lost.length, kFinished.size());
        QVERIFY(lost.delivered.isEmpty()); // no keep-alive had gone yet (15 s by default)
        QVERIFY2(lost.error.contains(QStringLiteral("never reached the front end")),
                 qPrintable(lost.error));
        QCOMPARE(proxy.exchangesOpen(), 0);
    }

    // Breakpoints turned off while an event is held: it goes on unchanged at once, later
    // matches are not held, and on again they hold once more.
    void turningBreakpointsOffReleasesWhatIsHeld()
    {
        Agent agent(kBody);
        QVERIFY(agent.server.listen());
        const RewriteRules rules = breakOn(QStringLiteral("type:TEXT_MESSAGE_CONTENT"));
        net::AgentProxy proxy;
        setUpProxy(proxy, agent.server.url(QStringLiteral("/agent")), rules);
        proxy.setBreakOnRequest(true);
        QSignalSpy heldRequests(&proxy, &net::AgentProxy::requestHeld);
        QSignalSpy held(&proxy, &net::AgentProxy::eventHeld);
        QSignalSpy changes(&proxy, &net::AgentProxy::bodyRewritten);
        QVERIFY(proxy.listen());

        FrontEnd first(proxy.url());
        QTRY_COMPARE_WITH_TIMEOUT(heldRequests.size(), 1, 60000);
        QVERIFY(proxy.resolveRequest(0, {}));
        QTRY_COMPARE_WITH_TIMEOUT(held.size(), 1, 60000);
        QTRY_COMPARE_WITH_TIMEOUT(first.body, kStarted, 60000);
        proxy.setBreakpointsActive(false);
        QVERIFY(!proxy.breakpointsActive());
        QTRY_VERIFY_WITH_TIMEOUT(first.done, 60000);
        QCOMPARE(first.body, kBody); // both deltas, as the agent sent them
        QCOMPARE(held.size(), 1); // the second was not held
        QVERIFY(changes.isEmpty()); // resumed before any keep-alive: nothing differs

        FrontEnd second(proxy.url()); // neither its request nor its events are held
        QTRY_VERIFY_WITH_TIMEOUT(second.done, 60000);
        QCOMPARE(second.body, kBody);
        QCOMPARE(heldRequests.size(), 1);

        proxy.setBreakpointsActive(true);
        FrontEnd third(proxy.url());
        QTRY_COMPARE_WITH_TIMEOUT(heldRequests.size(), 2, 60000);
        proxy.setBreakpointsActive(false); // a held request goes on as the front end sent it
        QTRY_VERIFY_WITH_TIMEOUT(third.done, 60000);
        QCOMPARE(third.body, kBody);
    }

    // A listener may decide within requestHeld itself (a direct connection): the proxy knows
    // the exchange by then.
    void aRequestCanBeDecidedAsItIsHeld()
    {
        Agent agent(kBody);
        QVERIFY(agent.server.listen());
        net::AgentProxy proxy;
        const RewriteRules none;
        setUpProxy(proxy, agent.server.url(QStringLiteral("/agent")), none);
        proxy.setBreakOnRequest(true);
        bool decided = false;
        connect(&proxy, &net::AgentProxy::requestHeld, &proxy,
                [&](int exchange) { decided = proxy.resolveRequest(exchange, {}); });
        QVERIFY(proxy.listen());
        FrontEnd front(proxy.url());
        QTRY_VERIFY_WITH_TIMEOUT(front.done, 60000);
        QVERIFY(decided);
        QCOMPARE(front.body, kBody);
    }

    // The breakpoint on the request: nothing is recorded or sent until the person decides; an
    // edited body goes to the agent and the capture keeps both; a refused request gets 503 and
    // never reaches the agent; one whose front end hangs up is recorded all the same.
    void aRequestWaitsForThePersonAndTheCaptureKeepsBothBodies()
    {
        QList<QByteArray> received; // the bodies the agent got
        net::HttpServer agent;
        agent.route("POST", QStringLiteral("/agent"),
                    [&received](const net::HttpRequest &request, net::HttpResponder *responder) {
                        received.append(request.body);
                        responder->beginStream(200, "text/event-stream", {});
                        responder->write(kBody);
                        responder->finish();
                    });
        QVERIFY(agent.listen());
        QBuffer file;
        file.open(QIODevice::WriteOnly);
        CaptureWriter writer;
        QVERIFY(writer.open(&file));
        const RewriteRules rules = breakOn(QStringLiteral("request"));
        QVERIFY(rules.breaksOnRequest() && rules.hasBreakpoints() && rules.isEmpty());
        net::AgentProxy proxy;
        setUpProxy(proxy, agent.url(QStringLiteral("/agent")), rules, &writer);
        proxy.setBreakOnRequest(rules.breaksOnRequest());
        QSignalSpy held(&proxy, &net::AgentProxy::requestHeld);
        QSignalSpy ended(&proxy, &net::AgentProxy::exchangeEnded);
        QVERIFY(proxy.listen());

        FrontEnd edited(proxy.url());
        QTRY_COMPARE_WITH_TIMEOUT(held.size(), 1, 60000);
        const auto request = held.first().at(1).value<RecordedRequest>();
        QCOMPARE(request.body, QByteArray("{}"));
        QVERIFY(request.url.endsWith(QLatin1String("/agent")));
        QTest::qWait(100);
        QVERIFY(received.isEmpty());
        QVERIFY(!edited.done);
        QVERIFY(!proxy.resolveHold(0, 0, {})); // not an event hold
        QVERIFY(proxy.resolveRequest(
            0, {net::RequestDecision::Action::Forward, QByteArray(R"({"threadId":"edited"})")}));
        QVERIFY(!proxy.resolveRequest(0, {})); // decided already
        QTRY_VERIFY_WITH_TIMEOUT(edited.done, 60000);
        QCOMPARE(edited.body, kBody);
        QCOMPARE(received, QList<QByteArray>({R"({"threadId":"edited"})"}));

        FrontEnd refused(proxy.url());
        QTRY_COMPARE_WITH_TIMEOUT(held.size(), 2, 60000);
        QVERIFY(proxy.resolveRequest(1, {net::RequestDecision::Action::Refuse, {}}));
        QTRY_VERIFY_WITH_TIMEOUT(refused.done, 60000);
        QCOMPARE(refused.exchange.response().head().status, 503);
        QCOMPARE(received.size(), 1);

        auto gone = std::make_unique<FrontEnd>(proxy.url());
        QTRY_COMPARE_WITH_TIMEOUT(held.size(), 3, 60000);
        gone.reset(); // hangs up while its request waits
        QTRY_COMPARE_WITH_TIMEOUT(ended.size(), 3, 60000);
        QCOMPARE(received.size(), 1);
        QCOMPARE(proxy.exchangesOpen(), 0);

        writer.close();
        const Capture capture = readCapture(file.data());
        QCOMPARE(capture.runs.size(), 3);
        QCOMPARE(capture.runs.at(0).request.body, QByteArray(R"({"threadId":"edited"})"));
        QCOMPARE(capture.runs.at(0).request.frontEndBody, std::optional(QByteArray("{}")));
        QCOMPARE(capture.runs.at(0).end, RunEnd::Finished);
        QCOMPARE(capture.runs.at(1).request.body, QByteArray("{}"));
        QVERIFY(!capture.runs.at(1).request.frontEndBody);
        QCOMPARE(capture.runs.at(1).end, RunEnd::Error);
        QVERIFY2(capture.runs.at(1).endError.startsWith(QLatin1String("refused at a breakpoint")),
                 qPrintable(capture.runs.at(1).endError));
        QCOMPARE(capture.runs.at(2).request.body, QByteArray("{}"));
        QCOMPARE(capture.runs.at(2).end, RunEnd::Aborted);
        QVERIFY2(capture.runs.at(2).endError.contains(QLatin1String("while its request was held")),
                 qPrintable(capture.runs.at(2).endError));
    }
};

QTEST_GUILESS_MAIN(TestBreakpoints)
#include "test_breakpoints.moc"
