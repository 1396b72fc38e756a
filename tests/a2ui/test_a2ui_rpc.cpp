// v1.0 renderer/agent function calls over the wire: what a renderer answers and how an agent's
// answer is matched to the call. rpc_functions.yaml has the official cases; these pin the order
// of the checks and that a failure's detail stays with the renderer.

#include "a2uitestutil.h"
#include "core/a2ui/rpcfunctions.h"

#include <QtTest>

using namespace agui::a2ui;
using a2uitest::obj;

class TestA2uiRpc : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void checksComeBeforeRunning();
    void failureDetailIsNotSent();
    void agentAnswersMatchPendingCalls();
};

namespace {

int g_runs = 0;

RendererFunctions fixture()
{
    RendererFunctions f;
    f.catalogIds = {QStringLiteral("basic")};
    RendererFunction open;
    open.requiresUserActivation = true;
    open.run = [](const QJsonObject &args, QString *) {
        ++g_runs;
        return QJsonValue(args.value(QLatin1String("url")));
    };
    f.functions.insert(QStringLiteral("open"), open);
    RendererFunction reset;
    reset.allowedCallers = QStringLiteral("rendererOnly");
    reset.run = [](const QJsonObject &, QString *) {
        ++g_runs;
        return QJsonValue();
    };
    f.functions.insert(QStringLiteral("reset"), reset);
    RendererFunction broken;
    broken.run = [](const QJsonObject &, QString *error) {
        *error = QStringLiteral("disk full");
        return QJsonValue();
    };
    f.functions.insert(QStringLiteral("broken"), broken);
    return f;
}

QJsonObject callOf(const char *function)
{
    return QJsonObject {{QStringLiteral("version"), QStringLiteral("v1.0")},
                        {QStringLiteral("callRendererFunction"),
                         QJsonObject {{QStringLiteral("functionCallId"), QStringLiteral("c1")},
                                      {QStringLiteral("callFunction"), obj(function)}}}};
}

QString errorCode(const RpcAnswer &a)
{
    return a.response->value(QLatin1String("rendererFunctionResponse"))
        .toObject()
        .value(QLatin1String("error"))
        .toObject()
        .value(QLatin1String("code"))
        .toString();
}

} // namespace

void TestA2uiRpc::checksComeBeforeRunning()
{
    g_runs = 0;
    // No gesture, no run; a rendererOnly function is never run for the agent.
    QCOMPARE(errorCode(answerRendererRpc(callOf(R"({"call":"open","args":{"url":"u"}})"), fixture(),
                                         false)),
             QStringLiteral("INVALID_FUNCTION_CALL"));
    QCOMPARE(errorCode(answerRendererRpc(callOf(R"({"call":"reset"})"), fixture(), true)),
             QStringLiteral("INVALID_FUNCTION_CALL"));
    // An unknown catalog is reported before the function is looked up.
    const RpcAnswer unknown
        = answerRendererRpc(callOf(R"({"call":"nope","catalogId":"x"})"), fixture(), true);
    QVERIFY(QJsonDocument(*unknown.response).toJson().contains("Catalog not found: x"));
    QCOMPARE(g_runs, 0);
    const RpcAnswer ok
        = answerRendererRpc(callOf(R"({"@call":"open","args":{"url":"u"}})"), fixture(), true);
    QCOMPARE(
        *ok.response,
        obj(R"({"version":"v1.0","rendererFunctionResponse":{"functionCallId":"c1","value":"u"}})"));
    QCOMPARE(g_runs, 1);
}

void TestA2uiRpc::failureDetailIsNotSent()
{
    const RpcAnswer a = answerRendererRpc(callOf(R"({"call":"broken"})"), fixture(), true);
    QCOMPARE(errorCode(a), QStringLiteral("EXECUTION_ERROR"));
    QCOMPARE(a.executionError, QStringLiteral("disk full"));
    QVERIFY(!QJsonDocument(*a.response).toJson().contains("disk full"));
    // A malformed call cannot be answered at all.
    QVERIFY(!answerRendererRpc(obj(R"({"callRendererFunction":{"functionCallId":"c"}})"), fixture(),
                               true)
                 .response);
}

void TestA2uiRpc::agentAnswersMatchPendingCalls()
{
    const QJsonObject sent = callAgentFunctionMessage(QStringLiteral("s"), QStringLiteral("a1"),
                                                      obj(R"({"call":"lookup"})"));
    QCOMPARE(
        sent.value(QLatin1String("callAgentFunction")).toObject().value(QLatin1String("surfaceId")),
        QJsonValue(QStringLiteral("s")));
    const QJsonObject answer
        = obj(R"({"version":"v1.0","agentFunctionResponse":{"functionCallId":"a1","value":3}})");
    QCOMPARE(agentFunctionResult(answer, {QStringLiteral("a1")})->value, QJsonValue(3));
    QVERIFY(!agentFunctionResult(answer, {QStringLiteral("other")}));
    // The renderer answers an agentFunctionResponse with nothing.
    QVERIFY(!answerRendererRpc(answer, fixture(), true).response);
}

QTEST_GUILESS_MAIN(TestA2uiRpc)
#include "test_a2ui_rpc.moc"
