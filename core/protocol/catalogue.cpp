// The AG-UI event specification as data: the per-type table (fields, JSON kinds, enum values,
// nested shapes, descriptions, primary id keys) and the look-ups over it. Checking an event
// against it is schemavalidator.cpp's job.

#include "core/protocol/catalogue.h"

#include "core/protocol/catalogue_p.h"
#include "core/wire/messageroles.h"

#include <array>

namespace agui {

namespace catalogue {

FieldSpec req(const char *name, FieldKind kind, const char *description, const char *shape,
              QStringList enumValues)
{
    FieldSpec f;
    f.name = QString::fromLatin1(name);
    f.key = QByteArray(name);
    f.kind = kind;
    f.required = true;
    f.description = QString::fromUtf8(description);
    f.shape = QString::fromLatin1(shape);
    f.enumValues = std::move(enumValues);
    for (const QString &v : f.enumValues)
        f.enumKeys.append(v.toUtf8());
    return f;
}

FieldSpec opt(const char *name, FieldKind kind, const char *description, const char *shape,
              QStringList enumValues)
{
    FieldSpec f = req(name, kind, description, shape, std::move(enumValues));
    f.required = false;
    return f;
}

FieldSpec nullStripped(FieldSpec f)
{
    f.nullStripped = true;
    return f;
}

FieldSpec legacyNullable(FieldSpec f)
{
    f.legacyNull = true;
    return f;
}

QStringList words(std::initializer_list<const char *> list)
{
    QStringList out;
    for (const char *w : list)
        out.append(QString::fromLatin1(w));
    return out;
}

// ---------------------------------------------------------------------------------------------
// Nested shapes (@ag-ui/core 1.0.0 schemas).

const QList<FieldSpec> &tokenUsageFields()
{
    static const QList<FieldSpec> f = {
        opt("provider", FieldKind::String, "provider id, e.g. \"openai\""),
        opt("model", FieldKind::String, "model name"),
        opt("inputTokens", FieldKind::Integer, "input tokens (incl. cached)", "count"),
        opt("outputTokens", FieldKind::Integer, "output tokens (incl. reasoning)", "count"),
        opt("totalTokens", FieldKind::Integer, "total tokens", "count"),
        opt("reasoningTokens", FieldKind::Integer, "reasoning tokens (part of output)", "count"),
        opt("cachedInputTokens", FieldKind::Integer, "cached input tokens (part of input)",
            "count"),
        opt("cacheWriteInputTokens", FieldKind::Integer, "input tokens written to the cache",
            "count"),
    };
    return f;
}

const QList<FieldSpec> &interruptFields()
{
    static const QList<FieldSpec> f = {
        req("id", FieldKind::String, "interrupt id, answered by RunAgentInput.resume"),
        req("reason", FieldKind::String, "why the run paused (open string)"),
        opt("message", FieldKind::String, "text for the user"),
        opt("toolCallId", FieldKind::String, "tool call the interrupt is about"),
        opt("responseSchema", FieldKind::Object, "JSON Schema of the expected answer"),
        opt("expiresAt", FieldKind::String, "expiry, ISO 8601 by convention"),
        opt("metadata", FieldKind::Object, "open map"),
        opt("subagentRunId", FieldKind::String, "subagent that raised it"),
    };
    return f;
}

const QList<FieldSpec> &toolFields()
{
    static const QList<FieldSpec> f = {
        req("name", FieldKind::String, "tool name"),
        req("description", FieldKind::String, "what the tool does"),
        legacyNullable(opt("parameters", FieldKind::NonNull, "JSON Schema of the arguments")),
        opt("metadata", FieldKind::Object, "open map"),
    };
    return f;
}

const QList<FieldSpec> &contextFields()
{
    static const QList<FieldSpec> f = {
        req("description", FieldKind::String, "what the value is"),
        req("value", FieldKind::String, "the context value"),
    };
    return f;
}

const QList<FieldSpec> &resumeFields()
{
    static const QList<FieldSpec> f = {
        req("interruptId", FieldKind::String, "the interrupt answered"),
        req("status", FieldKind::String, "resolved or cancelled", "",
            words({"resolved", "cancelled"})),
        legacyNullable(opt("payload", FieldKind::NonNull, "the answer")),
        opt("metadata", FieldKind::Object, "open map"),
    };
    return f;
}

const QList<FieldSpec> &runAgentInputFields()
{
    static const QList<FieldSpec> f = {
        req("threadId", FieldKind::String, "conversation thread id"),
        req("runId", FieldKind::String, "this run's id (UUID v4 by default)"),
        req("messages", FieldKind::Array, "the thread's messages (no activity messages)",
            "Message[]"),
        opt("protocolVersion", FieldKind::String, "the consumer's protocol version, e.g. \"1.0\""),
        opt("parentRunId", FieldKind::String, "run this one branches from"),
        // @ag-ui/core 1.0's schema accepts state: null, but the client's enforce stage silently
        // removes it (checked against @ag-ui/client 1.0).
        nullStripped(opt("state", FieldKind::NonNull, "shared state")),
        opt("tools", FieldKind::Array, "frontend tools the agent may call", "Tool[]"),
        opt("context", FieldKind::Array, "extra context entries", "Context[]"),
        legacyNullable(
            opt("forwardedProps", FieldKind::NonNull, "application-specific passthrough")),
        opt("resume", FieldKind::Array, "answers to the previous run's interrupts",
            "ResumeEntry[]"),
    };
    return f;
}

const QList<FieldSpec> &allFieldSpecsRef(EventType type)
{
    static const std::array<QList<FieldSpec>, kEventTypeCount> all = [] {
        std::array<QList<FieldSpec>, kEventTypeCount> a;
        for (int t = 0; t < kEventTypeCount; ++t) {
            const EventSpec &spec = eventSpec(EventType(t));
            a[size_t(t)] = spec.fields + baseFieldSpecs();
            if (spec.attribution)
                a[size_t(t)].append(attributionFieldSpec());
        }
        return a;
    }();
    return all[size_t(type)];
}

const FieldKindWords &fieldKindWords(FieldKind kind)
{
    // In FieldKind's order.
    static const FieldKindWords words[] = {
        {"string", "a string", "string"},
        {"integer", "an integer", "int"},
        {"number", "a number", "number"},
        {"boolean", "a boolean", "boolean"},
        {"object", "an object", "object"},
        {"array", "an array", "array"},
        {"any (may be null)", "any JSON value", ""},
        {"any except null", "any value but null", ""},
        {"string | array", "a string or an array", ""},
    };
    static_assert(std::size(words) == size_t(FieldKind::StringOrArray) + 1);
    return words[size_t(kind)];
}

} // namespace catalogue

namespace {

using catalogue::legacyNullable;
using catalogue::opt;
using catalogue::req;
using catalogue::words;

// ---------------------------------------------------------------------------------------------
// The event table.

std::array<EventSpec, kEventTypeCount> buildSpecs()
{
    std::array<EventSpec, kEventTypeCount> s;
    auto set = [&s](EventType t, const char *description, QList<FieldSpec> fields,
                    bool attribution = true) {
        EventSpec &e = s[size_t(t)];
        e.type = t;
        e.typeName = eventTypeName(t);
        e.description = QString::fromUtf8(description);
        e.fields = std::move(fields);
        e.attribution = attribution;
    };
    const auto S = FieldKind::String;
    const auto messageId = req("messageId", S, "message id");
    const auto toolCallId = req("toolCallId", S, "tool call id");
    const auto delta = req("delta", S, "text fragment to append (may be \"\")");
    const auto usage = opt("usage", FieldKind::Array, "token usage, one entry per provider+model",
                           "TokenUsage[]");

    set(EventType::RunStarted, "a run begins",
        {req("threadId", S, "conversation thread id"), req("runId", S, "run id"),
         opt("protocolVersion", S, "the producer's protocol version, e.g. \"1.0\""),
         opt("parentRunId", S, "run this one branches from / was invoked by"),
         opt("input", FieldKind::Object, "echo of the RunAgentInput", "RunAgentInput")},
        false);
    set(EventType::RunFinished, "the run ended (success, interrupt or cancelled)",
        {req("threadId", S, "conversation thread id"), req("runId", S, "run id"),
         legacyNullable(opt("result", FieldKind::Any, "the run's result value")),
         legacyNullable(opt("outcome", FieldKind::Object,
                            "success / interrupt / cancelled (absent = success)", "RunOutcome")),
         usage},
        false);
    set(EventType::RunError, "the run failed",
        {req("message", S, "error text"), opt("code", S, "error code (open string)"), usage},
        false);
    set(EventType::StepStarted, "a named step begins", {req("stepName", S, "step name")});
    set(EventType::StepFinished, "a named step ends", {req("stepName", S, "step name")});
    set(EventType::TextMessageStart, "a text message begins",
        {messageId, opt("role", S, "author role (absent = assistant)", "", textMessageRoles()),
         opt("name", S, "author name")});
    set(EventType::TextMessageContent, "text appended to an open message", {messageId, delta});
    set(EventType::TextMessageEnd, "a text message ends", {messageId});
    set(EventType::TextMessageChunk, "text message shorthand (expanded into START/CONTENT/END)",
        {opt("messageId", S, "message id (required on the first chunk)"),
         opt("role", S, "author role", "", textMessageRoles()), opt("delta", S, "text fragment"),
         opt("name", S, "author name")});
    set(EventType::ToolCallStart, "a tool call begins",
        {toolCallId, req("toolCallName", S, "tool name"),
         legacyNullable(opt("parentMessageId", S, "assistant message holding the call"))});
    set(EventType::ToolCallArgs, "argument text appended to an open tool call",
        {toolCallId, req("delta", S, "JSON text fragment (may be \"\")")});
    set(EventType::ToolCallEnd, "a tool call's arguments are complete", {toolCallId});
    set(EventType::ToolCallChunk, "tool call shorthand (expanded into START/ARGS/END)",
        {opt("toolCallId", S, "tool call id (required on the first chunk)"),
         opt("toolCallName", S, "tool name (required on the first chunk)"),
         legacyNullable(opt("parentMessageId", S, "assistant message holding the call")),
         opt("delta", S, "argument fragment")});
    set(EventType::ToolCallResult, "a tool's result (creates a tool message)",
        {req("messageId", S, "id of the tool message it creates"), toolCallId,
         req("content", FieldKind::StringOrArray, "result: string or ContentPart[]",
             "ContentPart[]"),
         opt("role", S, "always \"tool\"", "", words({"tool"}))});
    set(EventType::StateSnapshot, "the whole shared state",
        {req("snapshot", FieldKind::Any, "the new state (any JSON, may be null)")});
    set(EventType::StateDelta, "a JSON Patch (RFC 6902) against the state",
        {req("delta", FieldKind::Array, "patch operations", "JsonPatch")});
    set(EventType::MessagesSnapshot, "the whole message list (merged by id)",
        {req("messages", FieldKind::Array, "messages", "Message[]")}, false);
    set(EventType::ActivitySnapshot, "an activity message's content",
        {messageId, req("activityType", S, "activity kind (open string)"),
         req("content", FieldKind::Object, "activity content"),
         opt("replace", FieldKind::Boolean, "replace an existing activity (absent = true)")});
    set(EventType::ActivityDelta, "a JSON Patch against an activity's content",
        {messageId, req("activityType", S, "activity kind (open string)"),
         req("patch", FieldKind::Array, "patch operations", "JsonPatch")});
    set(EventType::ReasoningStart, "a reasoning span begins",
        {req("messageId", S, "reasoning span id")});
    set(EventType::ReasoningMessageStart, "a reasoning message begins",
        {messageId, req("role", S, "always \"reasoning\"", "", words({"reasoning"}))});
    set(EventType::ReasoningMessageContent, "reasoning text appended", {messageId, delta});
    set(EventType::ReasoningMessageEnd, "a reasoning message ends", {messageId});
    set(EventType::ReasoningMessageChunk, "reasoning shorthand (expanded into START/CONTENT/END)",
        {opt("messageId", S, "message id (required on the first chunk)"),
         opt("delta", S, "text fragment")});
    set(EventType::ReasoningEnd, "a reasoning span ends",
        {req("messageId", S, "reasoning span id")});
    set(EventType::ReasoningEncryptedValue, "opaque provider artefact for a message or tool call",
        {req("subtype", S, "what entityId names", "", words({"tool-call", "message"})),
         req("entityId", S, "message or tool call id"),
         req("encryptedValue", S, "opaque provider string")});
    set(EventType::SubagentStarted, "a subagent invocation begins",
        {req("subagentRunId", S, "the subagent invocation's id"), req("name", S, "subagent name"),
         opt("description", S, "what it does"), opt("parentSubagentRunId", S, "invoking subagent"),
         opt("parentToolCallId", S, "tool call that invoked it"),
         opt("parentMessageId", S, "message that invoked it")},
        false);
    set(EventType::SubagentFinished, "a subagent invocation ended",
        {req("subagentRunId", S, "the subagent invocation's id"),
         legacyNullable(opt("result", FieldKind::Any, "its result value")),
         opt("outcome", FieldKind::Object, "success or suspended", "SubagentOutcome")},
        false);
    set(EventType::SubagentError, "a subagent invocation failed",
        {req("subagentRunId", S, "the subagent invocation's id"), req("message", S, "error text"),
         opt("code", S, "error code")},
        false);
    set(EventType::Raw, "a provider-native event passed through",
        {req("event", FieldKind::Any, "the native event (any JSON, may be null)"),
         opt("source", S, "provider/framework name")});
    set(EventType::Custom, "an application-defined event",
        {req("name", S, "event name"),
         req("value", FieldKind::Any, "event value (any JSON, may be null)")});
    // Legacy 0.x. The compat stage keeps their other members when it converts them to
    // REASONING_*, so attribution stays valid on them.
    set(EventType::ThinkingStart, "legacy: a thinking span begins (now REASONING_START)",
        {opt("title", FieldKind::Any, "span label (dropped by the client, whatever it is)")});
    set(EventType::ThinkingEnd, "legacy: a thinking span ends (now REASONING_END)", {});
    set(EventType::ThinkingTextMessageStart,
        "legacy: a thinking message begins (now REASONING_MESSAGE_START)", {});
    set(EventType::ThinkingTextMessageContent,
        "legacy: thinking text appended (now REASONING_MESSAGE_CONTENT)",
        {req("delta", S, "text fragment")});
    set(EventType::ThinkingTextMessageEnd,
        "legacy: a thinking message ends (now REASONING_MESSAGE_END)", {});
    set(EventType::Unknown, "an event type outside the catalogue", {}, false);
    set(EventType::Invalid, "a frame that is not an event", {}, false);

    // The id each type is listed under.
    // (A QList, not an initializer_list: a braced list inside a pair would dangle.)
    const std::pair<const char *, QList<EventType>> ids[] = {
        {"runId", {EventType::RunStarted, EventType::RunFinished}},
        {"code", {EventType::RunError}},
        {"stepName", {EventType::StepStarted, EventType::StepFinished}},
        {"messageId",
         {EventType::TextMessageStart, EventType::TextMessageContent, EventType::TextMessageEnd,
          EventType::TextMessageChunk, EventType::ActivitySnapshot, EventType::ActivityDelta,
          EventType::ReasoningStart, EventType::ReasoningMessageStart,
          EventType::ReasoningMessageContent, EventType::ReasoningMessageEnd,
          EventType::ReasoningMessageChunk, EventType::ReasoningEnd}},
        {"toolCallId",
         {EventType::ToolCallStart, EventType::ToolCallArgs, EventType::ToolCallEnd,
          EventType::ToolCallChunk, EventType::ToolCallResult}},
        {"subagentRunId",
         {EventType::SubagentStarted, EventType::SubagentFinished, EventType::SubagentError}},
        {"entityId", {EventType::ReasoningEncryptedValue}},
        {"name", {EventType::Custom}},
        {"source", {EventType::Raw}},
    };
    for (const auto &[key, types] : ids)
        for (const EventType t : types)
            s[size_t(t)].primaryIdKey = key;
    for (const EventType t :
         {EventType::TextMessageContent, EventType::TextMessageChunk, EventType::ToolCallArgs,
          EventType::ToolCallChunk, EventType::ReasoningMessageContent,
          EventType::ReasoningMessageChunk, EventType::ThinkingTextMessageContent})
        s[size_t(t)].streamsDelta = true;
    return s;
}

const std::array<EventSpec, kEventTypeCount> &specs()
{
    static const std::array<EventSpec, kEventTypeCount> s = buildSpecs();
    return s;
}

} // namespace

QList<EventType> aguiEventTypes()
{
    QList<EventType> out;
    for (int i = 0; i < kAguiEventTypeCount; ++i)
        out.append(EventType(i));
    return out;
}

QList<EventType> legacyEventTypes()
{
    QList<EventType> out;
    for (int i = 0; i < kEventTypeCount; ++i)
        if (isLegacyType(EventType(i)))
            out.append(EventType(i));
    return out;
}

QList<FieldSpec> baseFieldSpecs()
{
    static const QList<FieldSpec> f = {
        req("type", FieldKind::String, "the event type"),
        opt("timestamp", FieldKind::Integer, "integer, ms since the Unix epoch by convention",
            "timestamp"),
        legacyNullable(
            opt("rawEvent", FieldKind::NonNull, "the provider-native source event, for debugging")),
        opt("metadata", FieldKind::Object, "open map merged into the message / tool call built"),
    };
    return f;
}

FieldSpec attributionFieldSpec()
{
    return opt("subagentRunId", FieldKind::String,
               "subagent invocation that produced the event (absent = the parent agent)");
}

const EventSpec &eventSpec(EventType type)
{
    return specs()[size_t(type)];
}

std::string_view primaryIdKey(EventType type)
{
    return std::string_view(specs()[size_t(type)].primaryIdKey);
}

QList<FieldSpec> allFieldSpecs(EventType type)
{
    return catalogue::allFieldSpecsRef(type);
}

QString fieldTypeText(const FieldSpec &field)
{
    if (!field.enumValues.isEmpty())
        return field.enumValues.size() == 1
            ? QLatin1Char('"') + field.enumValues.first() + QLatin1Char('"')
            : QLatin1Char('"') + field.enumValues.join(QStringLiteral("\" | \""))
                + QLatin1Char('"');
    if (field.shape == QLatin1String("JsonPatch"))
        return QStringLiteral("JSON Patch op[]");
    if (field.kind == FieldKind::StringOrArray)
        return QStringLiteral("string | ") + field.shape;
    if (!field.shape.isEmpty() && field.shape != QLatin1String("timestamp")
        && field.shape != QLatin1String("count"))
        return field.shape;
    return QString::fromLatin1(catalogue::fieldKindWords(field.kind).name);
}

QList<FieldSpec> runAgentInputFieldSpecs()
{
    return catalogue::runAgentInputFields();
}

} // namespace agui
