// TOOL_CALL_START / ARGS / END / RESULT (@ag-ui/client 1.0.0 defaultApplyEvents): the call lives in
// an assistant message's toolCalls (the client's model) and, with its history, in the tool call
// table.

#include "core/session/applycontext.h"

#include "core/json/wtf8.h"
#include "core/session/toolargs.h"

namespace agui {

namespace {

// Position of the message holding the call (the client's "find the message whose toolCalls has
// it"), or -1. Calls are registered with their holder, so this is a look-up, not a scan.
qsizetype holderOf(const SessionSnapshot &snap, const QString &callId)
{
    const ToolCall *call = snap.findToolCall(callId);
    if (!call)
        return -1;
    const qsizetype pos = snap.messagePosition(call->parentMessageId);
    if (pos < 0 || !snap.message(pos).toolCalls.contains(callId))
        return -1;
    return pos;
}

Message newAssistant(ApplyContext &ctx, const QString &id)
{
    Message m;
    m.id = id;
    m.role = QStringLiteral("assistant");
    m.hasToolCalls = true;
    m.runIndex = ctx.snap.currentRunIndex();
    m.firstSeq = ctx.seq;
    m.lastSeq = ctx.seq;
    return m;
}

void start(ApplyContext &ctx)
{
    SessionSnapshot &snap = ctx.snap;
    const QString id = ctx.str(QLatin1String("toolCallId"));
    const QString name = ctx.str(QLatin1String("toolCallName"));
    const QString parentId = ctx.str(QLatin1String("parentMessageId"));
    const QString subagent = ctx.str(QLatin1String("subagentRunId"));

    if (!ctx.state.runStartedSet.contains(id)) {
        ctx.state.runStartedSet.insert(id);
        ctx.state.runStartedCalls.append(id);
    }

    const qsizetype holder = holderOf(snap, id);
    if (holder >= 0) {
        // Existing call: the client only renames it (and merges metadata).
        ToolCall &call = snap.toolCallRef(snap.toolCallIndex(id));
        ToolCallAdvance &adv = ctx.noteToolCall(id, call.status, false);
        if (call.name != name) {
            ctx.diagnose("session.tool-call-renamed", Severity::Warning,
                         QStringLiteral("/toolCallName"),
                         QStringLiteral("TOOL_CALL_START: tool call '%1' already exists with name "
                                        "'%2' — updating it to '%3'")
                             .arg(id, call.name, name));
            call.name = name;
        }
        mergeEventMetadata(call.rareMembers, ctx.event);
        adv.after = call.status;
        ctx.noteMessageChanged(snap.message(holder).id);
        return;
    }

    // The message that will hold the call (client: parent if it is an assistant message, else a
    // new assistant message named after the unknown parent, or after the call).
    qsizetype target = -1;
    QString newId = id;
    if (!parentId.isEmpty()) {
        const qsizetype parent = snap.messagePosition(parentId);
        if (parent >= 0 && snap.message(parent).role == QLatin1String("assistant")) {
            target = parent;
        } else if (parent >= 0) {
            ctx.diagnose("session.parent-not-assistant", Severity::Warning,
                         QStringLiteral("/parentMessageId"),
                         QStringLiteral("TOOL_CALL_START: parentMessageId '%1' matches a '%2' "
                                        "message, not assistant — falling back to toolCallId")
                             .arg(parentId, snap.message(parent).role));
        } else {
            newId = parentId;
        }
    }
    if (target < 0) {
        Message m = newAssistant(ctx, newId);
        m.rareMembers.set(&MessageRare::subagentRunId, subagent);
        snap.appendMessage(std::move(m));
        target = snap.messageCount() - 1;
        ctx.noteMessageAdded(newId);
    } else {
        ctx.noteMessageChanged(snap.message(target).id);
    }
    Message &holderMsg = snap.messageRef(target);
    holderMsg.hasToolCalls = true;
    holderMsg.toolCalls.append(id);
    holderMsg.lastSeq = ctx.seq;
    ++holderMsg.eventCount;

    ToolCall call;
    call.id = id;
    call.name = name;
    call.parentMessageId = holderMsg.id;
    call.rareMembers.set(&ToolCallRare::subagentRunId, subagent);
    call.runIndex = snap.currentRunIndex();
    call.startSeq = ctx.seq;
    call.startedAtUs = ctx.atUs;
    mergeEventMetadata(call.rareMembers, ctx.event);
    const qsizetype existing = snap.toolCallIndex(id);
    if (existing >= 0) {
        // Known call no message holds any more (dropped by a MESSAGES_SNAPSHOT): starts afresh.
        const ToolCallStatus before = snap.toolCall(existing).status;
        snap.toolCallRef(existing) = call;
        ctx.noteToolCall(id, before, true).after = call.status;
    } else {
        snap.appendToolCall(call);
        ctx.noteToolCall(id, call.status, true);
    }
}

// The call named by an ARGS / END event, or -1 after reporting why it cannot be applied.
qsizetype callFor(ApplyContext &ctx, qsizetype *holder)
{
    // The call the previous ARGS went to, if this event names it too (see StreamCache).
    ReducerState::StreamCache &cache = ctx.state.lastToolCall;
    const std::string_view idUtf8 = ctx.event.value(EventKey::ToolCallId).utf8();
    if (cache.position >= 0 && cache.generation == ctx.snap.structureGeneration()
        && cache.id == idUtf8 && ctx.snap.message(cache.holder).toolCalls.contains(cache.qid)) {
        *holder = cache.holder;
        return cache.position;
    }
    const QString id = ctx.str(QLatin1String("toolCallId"));
    *holder = holderOf(ctx.snap, id);
    if (*holder < 0) {
        ctx.diagnose("session.unknown-tool-call", Severity::Warning, QStringLiteral("/toolCallId"),
                     QStringLiteral("%1: No message found containing tool call with ID '%2'; the "
                                    "event was not applied.")
                         .arg(eventTypeName(ctx.event.type), id));
        return -1;
    }
    cache.id.assign(idUtf8);
    cache.qid = id;
    cache.position = ctx.snap.toolCallIndex(id);
    cache.holder = *holder;
    cache.generation = ctx.snap.structureGeneration();
    return cache.position;
}

void args(ApplyContext &ctx)
{
    qsizetype holder = -1;
    const qsizetype index = callFor(ctx, &holder);
    if (index < 0)
        return;
    ToolCall &call = ctx.snap.toolCallRef(index);
    const qsizetype appended = json::appendWtf8(call.args, ctx.event.value(EventKey::Delta).utf8());
    ++call.argsEventCount;
    mergeEventMetadata(call.rareMembers, ctx.event);
    ToolCallAdvance &adv = ctx.noteToolCall(call.id, call.status, false);
    adv.argsAppended += appended;
    adv.after = call.status;
    Message &m = ctx.snap.messageRef(holder);
    m.lastSeq = ctx.seq;
    ++m.eventCount;
    ctx.noteMessageChanged(m.id);
}

void end(ApplyContext &ctx)
{
    qsizetype holder = -1;
    const qsizetype index = callFor(ctx, &holder);
    if (index < 0)
        return;
    ToolCall &call = ctx.snap.toolCallRef(index);
    ToolCallAdvance &adv = ctx.noteToolCall(call.id, call.status, false);
    parseToolArgs(call);
    call.args.squeeze(); // complete: give back the growth reserve of the appends
    if (call.status == ToolCallStatus::StreamingArgs)
        call.status = ToolCallStatus::ArgsComplete;
    call.endSeq = ctx.seq;
    call.endedAtUs = ctx.atUs;
    if (mergeEventMetadata(call.rareMembers, ctx.event))
        ctx.noteMessageChanged(ctx.snap.message(holder).id);
    adv.after = call.status;
}

void result(ApplyContext &ctx)
{
    SessionSnapshot &snap = ctx.snap;
    const QString messageId = ctx.str(QLatin1String("messageId"));
    const QString callId = ctx.str(QLatin1String("toolCallId"));
    ctx.state.runAnsweredCalls.insert(callId);

    Message m;
    m.id = messageId;
    m.toolCallId = callId;
    const QString role = ctx.str(QLatin1String("role"));
    m.role = role.isEmpty() ? QStringLiteral("tool") : role;
    const QJsonValue content = ctx.qvalue(QLatin1String("content"));
    if (content.isString()) {
        m.contentKind = ContentKind::Text;
        m.text = content.toString();
    } else if (!content.isUndefined()) {
        m.contentKind = ContentKind::Json;
        m.editRare().contentJson = content;
    }
    m.rareMembers.set(&MessageRare::subagentRunId, ctx.str(QLatin1String("subagentRunId")));
    m.runIndex = snap.currentRunIndex();
    m.firstSeq = ctx.seq;
    m.lastSeq = ctx.seq;
    m.eventCount = 1;
    mergeEventMetadata(m.rareMembers, ctx.event);

    // The call's result shares the message's text (set before the message moves into the thread).
    const qsizetype index = snap.toolCallIndex(callId);
    if (index >= 0)
        snap.toolCallRef(index).setResult(m);

    // Right after the assistant message holding the call, after its tool messages; else last.
    qsizetype holder = holderOf(snap, callId);
    if (holder >= 0 && snap.message(holder).role != QLatin1String("assistant"))
        holder = -1;
    if (holder < 0) {
        snap.appendMessage(std::move(m));
    } else {
        qsizetype at = holder + 1;
        while (at < snap.messageCount() && snap.message(at).role == QLatin1String("tool"))
            ++at;
        snap.insertMessage(at, std::move(m));
    }
    ctx.noteMessageAdded(messageId);

    if (index >= 0) {
        ToolCall &call = snap.toolCallRef(index);
        ToolCallAdvance &adv = ctx.noteToolCall(callId, call.status, false);
        call.status = ToolCallStatus::Answered;
        call.resultMessageId = messageId;
        call.resultSeq = ctx.seq;
        call.answeredAtUs = ctx.atUs;
        adv.after = call.status;
    }
}

} // namespace

bool applyToolCallEvent(ApplyContext &ctx)
{
    switch (ctx.event.type) {
    case EventType::ToolCallStart:
        start(ctx);
        return true;
    case EventType::ToolCallArgs:
        args(ctx);
        return true;
    case EventType::ToolCallEnd:
        end(ctx);
        return true;
    case EventType::ToolCallResult:
        result(ctx);
        return true;
    default:
        return false;
    }
}

} // namespace agui
