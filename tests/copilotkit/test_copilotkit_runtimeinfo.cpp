// core/copilotkit: a runtime's /info read as @copilotkit/runtime 1.75.0 writes it, what is not
// one named with where, and the requests of both transports as the runtime's client sends them.

#include "core/copilotkit/runtimeinfo.h"
#include "core/copilotkit/runtimeroutes.h"
#include "core/protocol/runagentinput.h"

#include <QJsonDocument>
#include <QTest>

using namespace agui;
using namespace agui::copilotkit;

namespace {

// What the runtime answered in test_interop_copilotkit (our two test agents).
const QByteArray kInfo
    = "{\"version\":\"1.75.0\",\"agents\":{\"echo\":{\"name\":\"echo\",\"description\":\"Says "
      "hello in three pieces\",\"className\":\"ScriptedAgent\"},\"slow\":{\"name\":\"slow\","
      "\"description\":\"Streams\",\"className\":\"ScriptedAgent\"}},"
      "\"audioFileTranscriptionEnabled\":false,\"mode\":\"sse\",\"threadEndpoints\":{\"list\":"
      "true},\"suggestions\":true,\"a2uiEnabled\":false,\"openGenerativeUIEnabled\":false,"
      "\"telemetryDisabled\":true}";

const QString kWhere = QStringLiteral("GET http://127.0.0.1:3000/api/copilotkit/info");

QJsonObject json(const QByteArray &text)
{
    return QJsonDocument::fromJson(text).object();
}

} // namespace

class TestCopilotKitRuntimeInfo : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsTheRuntimesAnswer()
    {
        const RuntimeInfoResult r
            = parseRuntimeInfo(kInfo, QStringLiteral("application/json"), kWhere);
        QVERIFY2(r.info, qPrintable(r.error));
        QCOMPARE(r.info->version, QStringLiteral("1.75.0"));
        QCOMPARE(r.info->mode, QStringLiteral("sse"));
        QCOMPARE(r.info->agentIds(), QStringList({QStringLiteral("echo"), QStringLiteral("slow")}));
        const RuntimeAgent *echo = r.info->agent(QStringLiteral("echo"));
        QVERIFY(echo);
        QCOMPARE(echo->description, QStringLiteral("Says hello in three pieces"));
        QCOMPARE(echo->className, QStringLiteral("ScriptedAgent"));
        QVERIFY(r.info->unknownMembers.isEmpty());
    }

    void anHtmlPageIsNamedWithWhereItCameFrom()
    {
        const RuntimeInfoResult r
            = parseRuntimeInfo("<!DOCTYPE html>\n<html><head><title>My app</title></head></html>",
                               QStringLiteral("text/html; charset=utf-8"), kWhere);
        QVERIFY(!r.info);
        QVERIFY2(r.error.contains(kWhere), qPrintable(r.error));
        QVERIFY2(r.error.contains(QLatin1String("HTML page")), qPrintable(r.error));
        QVERIFY2(r.error.contains(QLatin1String("<!DOCTYPE html>")), qPrintable(r.error));
        QVERIFY2(r.error.contains(QLatin1String("/api/copilotkit")), qPrintable(r.error));
        QCOMPARE(r.errorOffset, 0);
        // HTML sent as JSON is still HTML.
        QVERIFY(!parseRuntimeInfo("  <html>", QStringLiteral("application/json"), kWhere).info);
    }

    void notJsonSaysTheByte()
    {
        const RuntimeInfoResult r
            = parseRuntimeInfo("{\"version\": 1.75.0}", QStringLiteral("application/json"), kWhere);
        QVERIFY(!r.info);
        QVERIFY2(r.error.contains(QLatin1String("not JSON")), qPrintable(r.error));
        QVERIFY(r.errorOffset > 0);
        QVERIFY2(r.error.contains(QStringLiteral("byte %1").arg(r.errorOffset)),
                 qPrintable(r.error));
    }

    void aJsonAnswerThatIsNoRuntime()
    {
        RuntimeInfoResult r = parseRuntimeInfo("{\"ok\":true}", {}, kWhere);
        QVERIFY(!r.info);
        QVERIFY2(r.error.contains(QLatin1String("\"agents\""))
                     && r.error.contains(QLatin1String("ok")),
                 qPrintable(r.error));
        r = parseRuntimeInfo("{\"error\":\"Not found\"}", {}, kWhere);
        QVERIFY2(r.error.contains(QLatin1String("answered an error: Not found")),
                 qPrintable(r.error));
        r = parseRuntimeInfo("{\"agents\":{\"x\":3}}", {}, kWhere);
        QVERIFY2(r.error.contains(QLatin1String("agents/x")), qPrintable(r.error));
        r = parseRuntimeInfo("[]", {}, kWhere);
        QVERIFY2(r.error.contains(QLatin1String("not an object")), qPrintable(r.error));
        r = parseRuntimeInfo("", {}, kWhere);
        QVERIFY2(r.error.contains(QLatin1String("empty")), qPrintable(r.error));
    }

    void unknownMembersAreKeptAndListed()
    {
        QJsonObject o = json(kInfo);
        o.insert(QStringLiteral("quantumMode"), true);
        const RuntimeInfoResult r = parseRuntimeInfo(QJsonDocument(o).toJson(),
                                                     QStringLiteral("application/json"), kWhere);
        QVERIFY(r.info);
        QCOMPARE(r.info->unknownMembers, QStringList {QStringLiteral("quantumMode")});
        QCOMPARE(r.info->raw.value(QLatin1String("quantumMode")), QJsonValue(true));
    }

    void anAgentTheRuntimeLacksIsNamedWithTheOnesItHas()
    {
        const RuntimeInfo info = *parseRuntimeInfo(kInfo, {}, kWhere).info;
        QVERIFY(!info.agent(QStringLiteral("ghost")));
        const QString m = unknownAgentMessage(info, QStringLiteral("ghost"),
                                              QStringLiteral("http://h/api/copilotkit"));
        QCOMPARE(m,
                 QStringLiteral("no agent 'ghost' at http://h/api/copilotkit; the runtime has "
                                "2: echo, slow"));
        const RuntimeInfo none = *parseRuntimeInfo("{\"agents\":{}}", {}, kWhere).info;
        QVERIFY(unknownAgentMessage(none, QStringLiteral("a"), QStringLiteral("u"))
                    .contains(QLatin1String("none")));
    }

    void restRoutes()
    {
        const QUrl base(QStringLiteral("http://h:3000/api/copilotkit/"));
        QCOMPARE(runtimeBase(base).toString(), QStringLiteral("http://h:3000/api/copilotkit"));
        QCOMPARE(infoRequest(base, RuntimeTransport::Rest).url.toString(),
                 QStringLiteral("http://h:3000/api/copilotkit/info"));
        QCOMPARE(infoRequest(base, RuntimeTransport::Rest).method, QByteArray("GET"));
        const QJsonObject input = RunAgentInput::create().toJson();
        const RuntimeRequest run = agentRequest(base, RuntimeTransport::Rest, AgentAction::Run,
                                                QStringLiteral("my agent"), input);
        QCOMPARE(run.method, QByteArray("POST"));
        QCOMPARE(run.url.toString(QUrl::FullyEncoded),
                 QStringLiteral("http://h:3000/api/copilotkit/agent/my%20agent/run"));
        QCOMPARE(json(run.body), input);
        QVERIFY(run.streams);
        const RuntimeRequest connect = agentRequest(
            base, RuntimeTransport::Rest, AgentAction::Connect, QStringLiteral("a"), input);
        QCOMPARE(connect.url.path(), QStringLiteral("/api/copilotkit/agent/a/connect"));
        const RuntimeRequest stop = agentRequest(base, RuntimeTransport::Rest, AgentAction::Stop,
                                                 QStringLiteral("a"), {}, QStringLiteral("t/1"));
        QCOMPARE(stop.url.toString(QUrl::FullyEncoded),
                 QStringLiteral("http://h:3000/api/copilotkit/agent/a/stop/t%2F1"));
        QCOMPARE(stop.body, QByteArray("{}"));
        QVERIFY(!stop.streams);
        const RuntimeRequest stopRun
            = agentRequest(base, RuntimeTransport::Rest, AgentAction::Stop, QStringLiteral("a"), {},
                           QStringLiteral("t"), QStringLiteral("r"));
        QCOMPARE(json(stopRun.body), QJsonObject({{QStringLiteral("runId"), QStringLiteral("r")}}));
        QCOMPARE(debugFeedRequest(base).url.toString(),
                 QStringLiteral("http://h:3000/api/copilotkit/cpk-debug-events"));
    }

    void singleEndpointEnvelopes()
    {
        const QUrl base(QStringLiteral("http://h/api/copilotkit"));
        const RuntimeRequest info = infoRequest(base, RuntimeTransport::SingleEndpoint);
        QCOMPARE(info.method, QByteArray("POST"));
        QCOMPARE(info.url, base);
        QCOMPARE(json(info.body),
                 QJsonObject({{QStringLiteral("method"), QStringLiteral("info")}}));
        const QJsonObject input = RunAgentInput::create().toJson();
        const RuntimeRequest run = agentRequest(base, RuntimeTransport::SingleEndpoint,
                                                AgentAction::Run, QStringLiteral("echo"), input);
        QCOMPARE(run.url, base);
        const QJsonObject envelope = json(run.body);
        QCOMPARE(envelope.value(QLatin1String("method")).toString(), QStringLiteral("agent/run"));
        QCOMPARE(envelope.value(QLatin1String("params")).toObject(),
                 QJsonObject({{QStringLiteral("agentId"), QStringLiteral("echo")}}));
        QCOMPARE(envelope.value(QLatin1String("body")).toObject(), input);
        // The session seeds from the input inside the envelope, live and from a capture.
        QCOMPARE(runAgentInputOfBody(run.body), input);
        const QJsonObject stop
            = json(agentRequest(base, RuntimeTransport::SingleEndpoint, AgentAction::Stop,
                                QStringLiteral("echo"), {}, QStringLiteral("t"))
                       .body);
        QCOMPARE(stop.value(QLatin1String("method")).toString(), QStringLiteral("agent/stop"));
        QCOMPARE(stop.value(QLatin1String("params")).toObject(),
                 QJsonObject({{QStringLiteral("agentId"), QStringLiteral("echo")},
                              {QStringLiteral("threadId"), QStringLiteral("t")}}));
        QVERIFY(!stop.contains(QLatin1String("body")));
        QCOMPARE(json(agentRequest(base, RuntimeTransport::SingleEndpoint, AgentAction::Connect,
                                   QStringLiteral("echo"), input)
                          .body)
                     .value(QLatin1String("method"))
                     .toString(),
                 QStringLiteral("agent/connect"));
    }
};

QTEST_GUILESS_MAIN(TestCopilotKitRuntimeInfo)
#include "test_copilotkit_runtimeinfo.moc"
