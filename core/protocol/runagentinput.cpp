#include "core/protocol/runagentinput.h"

#include "core/protocol/catalogue.h"

#include <QJsonDocument>
#include <QJsonParseError>
#include <QUuid>

namespace agui {

namespace {

const QString kThreadId = QStringLiteral("threadId");
const QString kRunId = QStringLiteral("runId");
const QString kParentRunId = QStringLiteral("parentRunId");
const QString kState = QStringLiteral("state");
const QString kMessages = QStringLiteral("messages");
const QString kTools = QStringLiteral("tools");
const QString kContext = QStringLiteral("context");
const QString kForwardedProps = QStringLiteral("forwardedProps");
const QString kResume = QStringLiteral("resume");
const QString kProtocolVersion = QStringLiteral("protocolVersion");

} // namespace

QJsonObject RunAgentInput::toJson() const
{
    // A member of the wrong JSON type sits in `extra` (see fromJson()) and wins: it is given back
    // exactly as it came.
    QJsonObject o = extra;
    auto put = [&o](const QString &key, const QJsonValue &value) {
        if (!o.contains(key))
            o.insert(key, value);
    };
    put(kThreadId, threadId);
    put(kRunId, runId);
    if (parentRunId)
        put(kParentRunId, *parentRunId);
    if (!state.isUndefined())
        put(kState, state);
    put(kMessages, messages);
    put(kTools, tools);
    put(kContext, context);
    if (!forwardedProps.isUndefined())
        put(kForwardedProps, forwardedProps);
    if (resume)
        put(kResume, *resume);
    if (protocolVersion)
        put(kProtocolVersion, *protocolVersion);
    return o;
}

RunAgentInput RunAgentInput::fromJson(const QJsonObject &obj)
{
    RunAgentInput in;
    in.state = QJsonValue(QJsonValue::Undefined);
    in.forwardedProps = QJsonValue(QJsonValue::Undefined);
    in.protocolVersion.reset();
    for (auto it = obj.begin(); it != obj.end(); ++it) {
        const QString &k = it.key();
        const QJsonValue v = it.value();
        bool taken = true;
        if (k == kThreadId && v.isString())
            in.threadId = v.toString();
        else if (k == kRunId && v.isString())
            in.runId = v.toString();
        else if (k == kParentRunId && v.isString())
            in.parentRunId = v.toString();
        else if (k == kState)
            in.state = v;
        else if (k == kMessages && v.isArray())
            in.messages = v.toArray();
        else if (k == kTools && v.isArray())
            in.tools = v.toArray();
        else if (k == kContext && v.isArray())
            in.context = v.toArray();
        else if (k == kForwardedProps)
            in.forwardedProps = v;
        else if (k == kResume && v.isArray())
            in.resume = v.toArray();
        else if (k == kProtocolVersion && v.isString())
            in.protocolVersion = v.toString();
        else
            taken = false;
        if (!taken)
            in.extra.insert(k, v);
    }
    return in;
}

RunAgentInput RunAgentInput::create()
{
    RunAgentInput in;
    in.threadId = newRunId();
    in.runId = newRunId();
    return in;
}

QString newRunId()
{
    // QUuid::createUuid() makes a random (version 4) UUID.
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}

Diagnostics validateRunAgentInput(const QJsonObject &input)
{
    return validateRunAgentInputSchema(input);
}

QJsonObject runAgentInputOfBody(const QByteArray &body)
{
    if (body.isEmpty())
        return {};
    const QJsonDocument document = QJsonDocument::fromJson(body);
    if (!document.isObject())
        return {};
    const QJsonObject o = document.object();
    // A CopilotKit runtime's single endpoint takes {"method": "agent/run", "params": {...},
    // "body": RunAgentInput} (@copilotkit/runtime 1.75.0, resolveSingleRoute): the input is
    // the body.
    if (o.value(QLatin1String("method")).toString().startsWith(QLatin1String("agent/"))
        && o.value(QLatin1String("body")).isObject() && !o.contains(QLatin1String("threadId")))
        return o.value(QLatin1String("body")).toObject();
    return o;
}

Diagnostics validateRunAgentInputText(const QByteArray &body)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &error);
    if (error.error != QJsonParseError::NoError)
        return {Diagnostic {QStringLiteral("input.not-json"), Severity::Error, QString(),
                            QStringLiteral("the body is not JSON: %1 at byte %2")
                                .arg(error.errorString())
                                .arg(error.offset),
                            error.offset}};
    if (!doc.isObject())
        return {Diagnostic {QStringLiteral("input.not-object"), Severity::Error, QString(),
                            QStringLiteral("the body must be a JSON object (RunAgentInput)"), -1}};
    return validateRunAgentInput(doc.object());
}

QJsonObject nextRunInput(const QJsonObject &previous, const QJsonArray &messages,
                         const QJsonValue &state, const QString &runId)
{
    RunAgentInput in = RunAgentInput::fromJson(previous);
    // The members set below replace whatever the previous input held there, even mistyped.
    for (const QString &k :
         {kThreadId, kRunId, kParentRunId, kState, kMessages, kResume, kProtocolVersion})
        in.extra.remove(k);
    if (!previous.value(kThreadId).isString())
        in.threadId.clear();
    if (in.threadId.isEmpty())
        in.threadId = newRunId();
    in.runId = runId.isEmpty() ? newRunId() : runId;
    in.parentRunId.reset();
    in.resume.reset();
    in.protocolVersion = QString::fromLatin1(kAguiProtocolVersion);
    in.state = state.isUndefined() || state.isNull() ? QJsonValue(QJsonObject()) : state;
    if (in.forwardedProps.isUndefined() || in.forwardedProps.isNull())
        in.forwardedProps = QJsonObject();
    in.messages = QJsonArray();
    for (const auto &m : messages) {
        QJsonObject message = m.toObject();
        if (message.value(QStringLiteral("role")).toString() == QLatin1String("activity"))
            continue;
        if (message.value(QStringLiteral("subagentRunId")).isNull())
            message.remove(QStringLiteral("subagentRunId"));
        in.messages.append(m.isObject() ? QJsonValue(message) : m);
    }
    return in.toJson();
}

} // namespace agui
