#include "core/a2ui/rpcfunctions.h"

namespace agui::a2ui {

namespace {

const QString kVersion = QStringLiteral("v1.0");
const QString kInvalidCall = QStringLiteral("INVALID_FUNCTION_CALL");

QJsonObject response(const QString &functionCallId, const QString &key, const QJsonValue &v)
{
    return {{QStringLiteral("version"), kVersion},
            {QStringLiteral("rendererFunctionResponse"),
             QJsonObject {{QStringLiteral("functionCallId"), functionCallId}, {key, v}}}};
}

QJsonObject errorResponse(const QString &functionCallId, const QString &code,
                          const QString &message)
{
    return response(
        functionCallId, QStringLiteral("error"),
        QJsonObject {{QStringLiteral("code"), code}, {QStringLiteral("message"), message}});
}

} // namespace

RpcAnswer answerRendererRpc(const QJsonObject &message, const RendererFunctions &functions,
                            bool userActivation)
{
    if (message.contains(QLatin1String("agentFunctionResponse")))
        return {}; // the answer to one of our calls: nothing goes back
    const QJsonValue callValue = message.value(QLatin1String("callRendererFunction"));
    if (!callValue.isObject())
        return {std::nullopt, QStringLiteral("not a callRendererFunction message"), {}};
    const QJsonObject call = callValue.toObject();
    const QString id = call.value(QLatin1String("functionCallId")).toString();
    if (id.isEmpty())
        return {
            std::nullopt, QStringLiteral("callRendererFunction.functionCallId is required"), {}};
    const QJsonValue functionValue = call.value(QLatin1String("callFunction"));
    if (!functionValue.isObject())
        return {std::nullopt,
                QStringLiteral("callRendererFunction.callFunction is required (an object)"),
                {}};
    const QJsonObject function = functionValue.toObject();
    // v1.0 spells the name "@call" in components; the RPC examples use "call". Both are read.
    const QString name = function.value(QLatin1String("call"))
                             .toString(function.value(QLatin1String("@call")).toString());
    const QString catalogId = function.value(QLatin1String("catalogId")).toString();

    if (!catalogId.isEmpty() && !functions.catalogIds.contains(catalogId))
        return {
            errorResponse(id, kInvalidCall, QStringLiteral("Catalog not found: %1").arg(catalogId)),
            {},
            {}};
    const auto found = functions.functions.constFind(name);
    if (found == functions.functions.cend())
        return {errorResponse(id, kInvalidCall, QStringLiteral("Function not found: %1").arg(name)),
                {},
                {}};
    if (found->allowedCallers == QLatin1String("rendererOnly"))
        return {errorResponse(id, kInvalidCall,
                              QStringLiteral("Function '%1' cannot be called by agent "
                                             "(allowedCallers is rendererOnly).")
                                  .arg(name)),
                {},
                {}};
    if (found->requiresUserActivation && !userActivation)
        return {errorResponse(id, kInvalidCall,
                              QStringLiteral("Function '%1' requires user activation context to "
                                             "execute.")
                                  .arg(name)),
                {},
                {}};
    QString failure;
    const QJsonValue value = found->run
        ? found->run(function.value(QLatin1String("args")).toObject(), &failure)
        : QJsonValue(QJsonValue::Null);
    if (!failure.isEmpty())
        return {errorResponse(id, QStringLiteral("EXECUTION_ERROR"),
                              QStringLiteral("An error occurred during function execution.")),
                {},
                failure};
    return {response(id, QStringLiteral("value"),
                     value.isUndefined() ? QJsonValue(QJsonValue::Null) : value),
            {},
            {}};
}

QJsonObject callAgentFunctionMessage(const QString &surfaceId, const QString &functionCallId,
                                     const QJsonObject &callFunction)
{
    return {{QStringLiteral("version"), kVersion},
            {QStringLiteral("callAgentFunction"),
             QJsonObject {{QStringLiteral("surfaceId"), surfaceId},
                          {QStringLiteral("functionCallId"), functionCallId},
                          {QStringLiteral("callFunction"), callFunction}}}};
}

std::optional<AgentFunctionResult> agentFunctionResult(const QJsonObject &message,
                                                       const QStringList &pendingCallIds)
{
    const QJsonObject r = message.value(QLatin1String("agentFunctionResponse")).toObject();
    const QString id = r.value(QLatin1String("functionCallId")).toString();
    if (id.isEmpty() || !pendingCallIds.contains(id))
        return std::nullopt;
    return AgentFunctionResult {id, r.value(QLatin1String("value")),
                                r.value(QLatin1String("error")).toObject()};
}

} // namespace agui::a2ui
