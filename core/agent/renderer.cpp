#include "core/agent/renderer.h"

#include "core/agent/internalevents.h"
#include "core/json/jsondiff.h"
#include "core/json/jsontext.h"

#include <QJsonDocument>

namespace agui {

namespace {

namespace f = internal::field;
namespace t = internal::type;

QJsonObject aguiEvent(const char *type)
{
    return QJsonObject {{QStringLiteral("type"), QString::fromLatin1(type)}};
}

QJsonObject withType(const char *type, std::initializer_list<QPair<QString, QJsonValue>> fields)
{
    QJsonObject event(fields);
    event.insert(QStringLiteral("type"), QString::fromLatin1(type));
    return event;
}

QString kindNames(unsigned kinds)
{
    QStringList names;
    if (kinds & internal::String)
        names << QStringLiteral("a string");
    if (kinds & internal::Bool)
        names << QStringLiteral("a boolean");
    if (kinds & internal::Number)
        names << QStringLiteral("a number");
    if (kinds & internal::Object)
        names << QStringLiteral("an object");
    if (kinds & internal::Array)
        names << QStringLiteral("an array");
    if (kinds & internal::Null)
        names << QStringLiteral("null");
    return names.join(QStringLiteral(" or "));
}

bool hasKind(const QJsonValue &v, unsigned kinds)
{
    switch (v.type()) {
    case QJsonValue::String:
        return kinds & internal::String;
    case QJsonValue::Bool:
        return kinds & internal::Bool;
    case QJsonValue::Double:
        return kinds & internal::Number;
    case QJsonValue::Object:
        return kinds & internal::Object;
    case QJsonValue::Array:
        return kinds & internal::Array;
    case QJsonValue::Null:
        return kinds & internal::Null;
    case QJsonValue::Undefined:
        return false;
    }
    return false;
}

// "request_id" -> "requestId": internal payloads are snake_case, AG-UI state is camelCase.
QString camelCase(const QString &snake)
{
    QString out;
    out.reserve(snake.size());
    bool upper = false;
    for (const QChar c : snake) {
        if (c == u'_' && !out.isEmpty()) {
            upper = true;
            continue;
        }
        out.append(upper ? c.toUpper() : c);
        upper = false;
    }
    return out;
}

QJsonObject payloadOf(const QJsonObject &e)
{
    QJsonObject payload = e;
    payload.remove(f::Type);
    return payload;
}

// TOOL_CALL_ARGS / TOOL_CALL_RESULT carry text: strings as they are, anything else as JSON text.
QString asText(const QJsonValue &v)
{
    return v.isString() ? v.toString() : json::toCompactJson(v);
}

QString validate(const QJsonObject &e, const internal::InternalEventSpec &spec,
                 const QString &typeName)
{
    for (const internal::FieldSpec &field : spec.fields) {
        const QJsonValue v = e.value(field.name);
        if (v.isUndefined()) {
            if (field.required)
                return QStringLiteral("%1: missing required field \"%2\"")
                    .arg(typeName, QString(field.name));
            continue;
        }
        if (!hasKind(v, field.kinds))
            return QStringLiteral("%1: field \"%2\" must be %3")
                .arg(typeName, QString(field.name), kindNames(field.kinds));
    }
    return {};
}

} // namespace

Renderer::Renderer()
    : Renderer(Options {})
{ }

Renderer::Renderer(Options options)
    : m_options(std::move(options))
{
    m_projection
        = m_options.projection ? initialProjection(*m_options.projection) : defaultProjection();
    m_sent = m_projection;
}

QJsonObject Renderer::defaultProjection()
{
    return QJsonObject {
        {QStringLiteral("status"), QStringLiteral("idle")},
        {QStringLiteral("mode"), QJsonValue::Null},
        {QStringLiteral("model"), QJsonValue::Null},
        {QStringLiteral("usage"), QJsonObject {}},
        {QStringLiteral("plan"), QJsonArray {}},
        {QStringLiteral("pendingPermission"), QJsonValue::Null},
    };
}

QJsonObject Renderer::initialProjection(const QJsonObject &documents)
{
    QJsonObject projection = defaultProjection();
    for (auto it = projection.begin(); it != projection.end(); ++it) {
        const QJsonValue stored = documents.value(it.key());
        if (!stored.isUndefined())
            it.value() = stored;
    }
    return projection;
}

QString Renderer::reasoningIdFor(const QString &messageId)
{
    return messageId + QStringLiteral("-reasoning");
}

QString Renderer::toolResultIdFor(const QString &toolCallId)
{
    return toolCallId + QStringLiteral("-result");
}

QJsonObject Renderer::snapshot()
{
    m_sent = m_projection;
    return withType("STATE_SNAPSHOT", {{QStringLiteral("snapshot"), m_projection}});
}

void Renderer::emitStateDelta(QList<QJsonObject> &out)
{
    const QJsonArray delta = json::diff(m_sent, m_projection);
    if (delta.isEmpty())
        return;
    out.append(withType("STATE_DELTA", {{QStringLiteral("delta"), delta}}));
    m_sent = m_projection;
}

void Renderer::startTurn(const QJsonObject &e, QList<QJsonObject> &out)
{
    m_threadId
        = m_options.threadId.isEmpty() ? e.value(f::ThreadId).toString() : m_options.threadId;
    m_runId = m_options.runId.isEmpty() ? e.value(f::TurnId).toString() : m_options.runId;
    m_openText.clear();
    m_openReasoning.clear();
    m_openCalls.clear();
    m_endedCalls.clear();
    m_projection.insert(QStringLiteral("status"), QStringLiteral("running"));
    out.append(
        withType("RUN_STARTED",
                 {{QStringLiteral("threadId"), m_threadId}, {QStringLiteral("runId"), m_runId}}));
    if (m_options.snapshotOnTurnStart)
        out.append(snapshot());
}

void Renderer::closeMessage(const QString &messageId, QList<QJsonObject> &out)
{
    if (m_openText.removeOne(messageId))
        out.append(withType("TEXT_MESSAGE_END", {{QStringLiteral("messageId"), messageId}}));
    if (m_openReasoning.removeOne(messageId)) {
        const QString rid = reasoningIdFor(messageId);
        out.append(withType("REASONING_MESSAGE_END", {{QStringLiteral("messageId"), rid}}));
        out.append(withType("REASONING_END", {{QStringLiteral("messageId"), rid}}));
    }
}

void Renderer::closeOpenStreams(QList<QJsonObject> &out)
{
    const QStringList text = m_openText;
    for (const QString &id : text)
        closeMessage(id, out);
    const QStringList reasoning = m_openReasoning;
    for (const QString &id : reasoning)
        closeMessage(id, out);
    const QStringList calls = m_openCalls;
    for (const QString &id : calls)
        endToolCall(id, out);
}

void Renderer::ensureToolCallStarted(const QString &callId, const QString &name,
                                     const QString &parentMessageId, QList<QJsonObject> &out)
{
    if (m_openCalls.contains(callId) || m_endedCalls.contains(callId))
        return;
    QJsonObject start = withType(
        "TOOL_CALL_START",
        {{QStringLiteral("toolCallId"), callId}, {QStringLiteral("toolCallName"), name}});
    if (!parentMessageId.isEmpty())
        start.insert(QStringLiteral("parentMessageId"), parentMessageId);
    out.append(start);
    m_openCalls.append(callId);
}

void Renderer::endToolCall(const QString &callId, QList<QJsonObject> &out)
{
    if (!m_openCalls.removeOne(callId))
        return;
    out.append(withType("TOOL_CALL_END", {{QStringLiteral("toolCallId"), callId}}));
    m_endedCalls.insert(callId);
}

Renderer::Result Renderer::render(const QJsonObject &e)
{
    Result result;
    const QJsonValue typeValue = e.value(f::Type);
    if (!typeValue.isString() || typeValue.toString().isEmpty()) {
        result.error = QStringLiteral("internal event has no string \"type\"");
        return result;
    }
    const QString typeName = typeValue.toString();
    const internal::InternalEventSpec *spec = internal::findInternalEvent(typeName);
    if (!spec) {
        result.error = QStringLiteral("unknown internal event type \"%1\"").arg(typeName);
        return result;
    }
    result.error = validate(e, *spec, typeName);
    if (!result.error.isEmpty())
        return result;

    QList<QJsonObject> &out = result.events;
    const QString messageId = e.value(f::MessageId).toString();
    const QString callId = e.value(f::ToolCallId).toString();
    const QString delta = e.value(f::Delta).toString();

    if (typeName == t::TurnStarted) {
        if (m_options.threadId.isEmpty() && !e.value(f::ThreadId).isString()) {
            result.error = QStringLiteral("turn_started: no thread id (field \"thread_id\" "
                                          "missing and no threadId option)");
            return result;
        }
        if (m_turnOpen) {
            // AG-UI allows no RUN_STARTED while a run is active; the agent never ended the turn.
            result.error = QStringLiteral("turn_started: turn \"%1\" is still open (no "
                                          "turn_completed, turn_error or turn_cancelled)")
                               .arg(m_runId);
            return result;
        }
        startTurn(e, out);
        m_turnOpen = true;
    } else if (typeName == t::TextDelta) {
        if (!m_openText.contains(messageId)) {
            out.append(withType("TEXT_MESSAGE_START",
                                {{QStringLiteral("messageId"), messageId},
                                 {QStringLiteral("role"), QStringLiteral("assistant")}}));
            m_openText.append(messageId);
        }
        if (!delta.isEmpty())
            out.append(withType(
                "TEXT_MESSAGE_CONTENT",
                {{QStringLiteral("messageId"), messageId}, {QStringLiteral("delta"), delta}}));
    } else if (typeName == t::ThinkingDelta) {
        const QString rid = reasoningIdFor(messageId);
        if (!m_openReasoning.contains(messageId)) {
            out.append(withType("REASONING_START", {{QStringLiteral("messageId"), rid}}));
            out.append(withType("REASONING_MESSAGE_START",
                                {{QStringLiteral("messageId"), rid},
                                 {QStringLiteral("role"), QStringLiteral("reasoning")}}));
            m_openReasoning.append(messageId);
        }
        if (!delta.isEmpty())
            out.append(
                withType("REASONING_MESSAGE_CONTENT",
                         {{QStringLiteral("messageId"), rid}, {QStringLiteral("delta"), delta}}));
    } else if (typeName == t::MessageCompleted) {
        closeMessage(messageId, out);
    } else if (typeName == t::ToolcallDelta) {
        if (m_endedCalls.contains(callId)) {
            result.error = QStringLiteral("toolcall_delta: tool call \"%1\" already has complete "
                                          "arguments (tool_started came before)")
                               .arg(callId);
            return result;
        }
        ensureToolCallStarted(callId, e.value(f::ToolName).toString(), messageId, out);
        if (!delta.isEmpty())
            out.append(withType(
                "TOOL_CALL_ARGS",
                {{QStringLiteral("toolCallId"), callId}, {QStringLiteral("delta"), delta}}));
    } else if (typeName == t::ToolStarted) {
        if (!m_openCalls.contains(callId) && !m_endedCalls.contains(callId)) {
            // Never streamed: the whole call at once.
            ensureToolCallStarted(callId, e.value(f::ToolName).toString(), messageId, out);
            const QJsonValue args = e.value(f::Args);
            if (!args.isUndefined() && !asText(args).isEmpty())
                out.append(withType("TOOL_CALL_ARGS",
                                    {{QStringLiteral("toolCallId"), callId},
                                     {QStringLiteral("delta"), asText(args)}}));
        }
        endToolCall(callId, out);
    } else if (typeName == t::ToolCompleted || typeName == t::ToolBlocked) {
        endToolCall(callId, out); // a result implies the arguments were complete
        QString content;
        if (typeName == t::ToolBlocked)
            content = e.value(f::Reason).isString() ? e.value(f::Reason).toString()
                                                    : QStringLiteral("blocked");
        else if (!e.value(f::Result).isUndefined())
            content = asText(e.value(f::Result));
        out.append(withType("TOOL_CALL_RESULT",
                            {{QStringLiteral("messageId"), toolResultIdFor(callId)},
                             {QStringLiteral("toolCallId"), callId},
                             {QStringLiteral("content"), content},
                             {QStringLiteral("role"), QStringLiteral("tool")}}));
    } else if (typeName == t::TurnCompleted) {
        closeOpenStreams(out);
        m_projection.insert(QStringLiteral("status"), QStringLiteral("idle"));
        out.append(withType(
            "RUN_FINISHED",
            {{QStringLiteral("threadId"), m_threadId}, {QStringLiteral("runId"), m_runId}}));
        m_endedCalls.clear();
        m_turnOpen = false;
    } else if (typeName == t::TurnError || typeName == t::TurnCancelled) {
        const bool cancelled = typeName == t::TurnCancelled;
        m_projection.insert(QStringLiteral("status"),
                            cancelled ? QStringLiteral("cancelled") : QStringLiteral("error"));
        QJsonObject error = aguiEvent("RUN_ERROR");
        QString message = e.value(f::Message).toString();
        if (message.isEmpty() && cancelled)
            message = QStringLiteral("The turn was cancelled");
        error.insert(QStringLiteral("message"), message);
        if (cancelled)
            error.insert(QStringLiteral("code"), QStringLiteral("cancelled"));
        else if (e.value(f::Code).isString())
            error.insert(QStringLiteral("code"), e.value(f::Code));
        out.append(error);
        // RUN_ERROR ends the run with whatever was open; nothing may follow it.
        m_openText.clear();
        m_openReasoning.clear();
        m_openCalls.clear();
        m_endedCalls.clear();
        m_turnOpen = false;
    } else if (typeName == t::CompactionCompleted) {
        QJsonArray messages;
        if (m_options.messages)
            messages = m_options.messages();
        else if (e.value(f::Messages).isArray())
            messages = e.value(f::Messages).toArray();
        else {
            result.error = QStringLiteral("compaction_completed: no messages provider and no "
                                          "\"messages\" array in the event");
            return result;
        }
        out.append(withType("MESSAGES_SNAPSHOT", {{QStringLiteral("messages"), messages}}));
    } else if (typeName == t::StateChanged) {
        m_projection.insert(QStringLiteral("status"), e.value(f::Status));
        if (e.contains(f::Model))
            m_projection.insert(QStringLiteral("model"), e.value(f::Model));
        emitStateDelta(out);
    } else if (typeName == t::ModeChanged) {
        m_projection.insert(QStringLiteral("mode"), e.value(f::Mode));
        emitStateDelta(out);
    } else if (typeName == t::UsageUpdated) {
        m_projection.insert(QStringLiteral("usage"), e.value(f::Usage));
        if (e.contains(f::Model))
            m_projection.insert(QStringLiteral("model"), e.value(f::Model));
        emitStateDelta(out);
    } else if (typeName == t::PlanUpdated) {
        m_projection.insert(QStringLiteral("plan"), e.value(f::Plan));
        emitStateDelta(out);
    } else if (typeName == t::PermissionRequest) {
        QJsonObject pending;
        if (e.value(f::Request).isObject()) {
            pending = e.value(f::Request).toObject();
        } else {
            const QJsonObject payload = payloadOf(e);
            for (auto it = payload.begin(); it != payload.end(); ++it)
                pending.insert(camelCase(it.key()), it.value());
        }
        m_projection.insert(QStringLiteral("pendingPermission"), pending);
        emitStateDelta(out);
    } else if (typeName == t::UiResolved) {
        m_projection.insert(QStringLiteral("pendingPermission"), QJsonValue::Null);
        emitStateDelta(out);
    }

    if (spec->outputs & internal::Custom)
        out.append(withType(
            "CUSTOM",
            {{QStringLiteral("name"), typeName}, {QStringLiteral("value"), payloadOf(e)}}));
    return result;
}

QList<QJsonObject> Renderer::coalesce(const QList<QJsonObject> &events)
{
    QList<QJsonObject> out;
    out.reserve(events.size());
    // The id field that makes an event mergeable, or empty.
    const auto mergeKey = [](const QJsonObject &e) -> QLatin1StringView {
        const QString type = e.value(QLatin1StringView {"type"}).toString();
        if (type == QLatin1StringView {"TEXT_MESSAGE_CONTENT"})
            return QLatin1StringView {"messageId"};
        if (type == QLatin1StringView {"TOOL_CALL_ARGS"})
            return QLatin1StringView {"toolCallId"};
        return {};
    };
    for (const QJsonObject &e : events) {
        const QLatin1StringView key = mergeKey(e);
        if (!key.isEmpty() && !out.isEmpty()) {
            QJsonObject &last = out.last();
            if (last.value(QLatin1StringView {"type"}) == e.value(QLatin1StringView {"type"})
                && last.value(key).isString() && last.value(key) == e.value(key)) {
                const QString merged = last.value(QLatin1StringView {"delta"}).toString()
                    + e.value(QLatin1StringView {"delta"}).toString();
                last.insert(QStringLiteral("delta"), merged);
                continue;
            }
        }
        out.append(e);
    }
    return out;
}

} // namespace agui
