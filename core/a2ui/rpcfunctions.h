#pragma once

// v1.0 function calls across the wire (a2ui.org v1.0, "Functions"): the agent calls a renderer
// function with callRendererFunction and gets a rendererFunctionResponse; the renderer calls an
// agent function with callAgentFunction and matches the agentFunctionResponse by its
// functionCallId. A catalog function says who may call it ("allowedCallers": rendererOnly,
// agentOnly, rendererOrAgent) and whether it needs a user gesture ("requiresUserActivation").
//
// The policy and the messages are here; running a function is the caller's (the inspector runs
// none of an agent's requests by itself: it shows what a renderer would answer).

#include <QHash>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace agui::a2ui {

struct RendererFunction
{
    QString allowedCallers = QStringLiteral("rendererOrAgent");
    bool requiresUserActivation = false;
    // Runs the function with its arguments; sets *error when it fails (never shown to the agent,
    // which gets a generic EXECUTION_ERROR). Empty: the function returns nothing (null).
    std::function<QJsonValue(const QJsonObject &args, QString *error)> run;
};

struct RendererFunctions
{
    QStringList catalogIds; // the catalogs the renderer has
    QHash<QString, RendererFunction> functions; // by name
};

struct RpcAnswer
{
    // The message to send back ({"version":"v1.0","rendererFunctionResponse":{…}}), or nothing
    // (an agentFunctionResponse is answered by nobody).
    std::optional<QJsonObject> response;
    QString error; // the message itself is malformed: nothing can be answered
    QString executionError; // why the function failed, for the inspector (not sent)
};

// What a renderer answers to one message from the agent: a callRendererFunction is checked
// (catalog, function, allowedCallers, user activation) and run; an agentFunctionResponse needs no
// answer.
RpcAnswer answerRendererRpc(const QJsonObject &message, const RendererFunctions &functions,
                            bool userActivation);

// The callAgentFunction message for a call the renderer makes: {"version":"v1.0",
// "callAgentFunction":{surfaceId, functionCallId, callFunction}}.
QJsonObject callAgentFunctionMessage(const QString &surfaceId, const QString &functionCallId,
                                     const QJsonObject &callFunction);

struct AgentFunctionResult
{
    QString functionCallId;
    QJsonValue value; // the result, when the agent sent one
    QJsonObject error; // {code, message}, when the agent sent that instead
};

// The result of a pending call an agentFunctionResponse carries; nullopt when the message is no
// agentFunctionResponse or answers a call that is not pending.
std::optional<AgentFunctionResult> agentFunctionResult(const QJsonObject &message,
                                                       const QStringList &pendingCallIds);

} // namespace agui::a2ui
