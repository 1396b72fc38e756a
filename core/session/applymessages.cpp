// TEXT_MESSAGE_* and REASONING_MESSAGE_* / REASONING_ENCRYPTED_VALUE: streamed messages
// (@ag-ui/client 1.0.0 defaultApplyEvents). Appending a delta touches only the message concerned:
// O(delta) amortised, whatever the length of the thread.

#include "core/session/applycontext.h"

#include "core/json/wtf8.h"
#include "core/wire/messageroles.h"

namespace agui {

namespace {

enum class Stream : quint8 { Text, Reasoning };

// The known roles as shared constants: one allocation per message fewer.
QString sharedRole(const QString &role)
{
    for (const QString &r : messageRoles())
        if (r == role)
            return r;
    return role;
}

QString typeName(const ApplyContext &ctx)
{
    return eventTypeName(ctx.event.type);
}

// Position of the message named by the event, or -1 after reporting why it cannot be used
// (unknown id, or an activity message: ids must be unique across activity and text messages).
qsizetype targetMessage(ApplyContext &ctx, Stream stream)
{
    // The message the previous delta went to, if this one names it too (see StreamCache).
    ReducerState::StreamCache &cache = ctx.state.lastMessage;
    const std::string_view idUtf8 = ctx.event.value(EventKey::MessageId).utf8();
    if (cache.position >= 0 && cache.generation == ctx.snap.structureGeneration()
        && cache.id == idUtf8)
        return cache.position;
    const QString id = ctx.str(QLatin1String("messageId"));
    const qsizetype pos = ctx.snap.messagePosition(id);
    if (pos < 0) {
        ctx.diagnose("session.unknown-message", Severity::Warning, QStringLiteral("/messageId"),
                     QStringLiteral("%1: No message found with ID '%2'; the event was not applied.")
                         .arg(typeName(ctx), id));
        return -1;
    }
    if (ctx.snap.message(pos).isActivity()) {
        ctx.diagnose("session.activity-id-conflict", Severity::Warning,
                     QStringLiteral("/messageId"),
                     QStringLiteral("%1: Message '%2' is an activity message — message ids must be "
                                    "unique across activity and %3 messages; the event was not "
                                    "applied.")
                         .arg(typeName(ctx), id,
                              stream == Stream::Text ? QStringLiteral("text")
                                                     : QStringLiteral("reasoning")));
        return -1;
    }
    cache.id.assign(idUtf8);
    cache.position = pos;
    cache.generation = ctx.snap.structureGeneration();
    return pos;
}

void touch(ApplyContext &ctx, Message &m)
{
    m.lastSeq = ctx.seq;
    ++m.eventCount;
}

void start(ApplyContext &ctx, Stream stream)
{
    const QString id = ctx.str(QLatin1String("messageId"));
    qsizetype pos = ctx.snap.messagePosition(id);
    if (pos >= 0 && ctx.snap.message(pos).isActivity()) {
        targetMessage(ctx, stream); // reports the conflict
        return;
    }
    if (pos < 0) {
        Message m;
        m.id = id;
        if (stream == Stream::Text) {
            const QJsonValue role = ctx.qvalue(QLatin1String("role"));
            // Like the client's destructuring default: only an absent role means assistant.
            m.role = sharedRole(role.isString() ? role.toString() : QStringLiteral("assistant"));
            m.rareMembers.set(&MessageRare::name, ctx.str(QLatin1String("name")));
        } else {
            m.role = sharedRole(QStringLiteral("reasoning"));
        }
        m.contentKind = ContentKind::Text;
        m.rareMembers.set(&MessageRare::subagentRunId, ctx.str(QLatin1String("subagentRunId")));
        m.runIndex = ctx.snap.currentRunIndex();
        m.firstSeq = ctx.seq;
        m.lastSeq = ctx.seq;
        m.eventCount = 1;
        mergeEventMetadata(m.rareMembers, ctx.event);
        ctx.snap.appendMessage(std::move(m));
        ctx.noteMessageAdded(id);
        return;
    }
    // A re-START of an existing id reuses the message (the client appends to the old one).
    Message &m = ctx.snap.messageRef(pos);
    touch(ctx, m);
    if (mergeEventMetadata(m.rareMembers, ctx.event))
        ctx.noteMessageChanged(id);
}

void content(ApplyContext &ctx, Stream stream)
{
    const qsizetype pos = targetMessage(ctx, stream);
    if (pos < 0)
        return;
    Message &m = ctx.snap.messageRef(pos);
    if (m.contentKind != ContentKind::Text) {
        // Like the client: non-string content counts as "" before the delta is appended.
        m.contentKind = ContentKind::Text;
        m.rareMembers.set(&MessageRare::contentJson, QJsonValue());
        m.text.clear();
    }
    const qsizetype appended = json::appendWtf8(m.text, ctx.event.value(EventKey::Delta).utf8());
    touch(ctx, m);
    mergeEventMetadata(m.rareMembers, ctx.event);
    ctx.change.textAppended += appended;
    ctx.noteMessageChanged(m.id);
}

void end(ApplyContext &ctx, Stream stream)
{
    const qsizetype pos = targetMessage(ctx, stream);
    if (pos < 0)
        return;
    Message &m = ctx.snap.messageRef(pos);
    touch(ctx, m);
    // The text is complete: give back the growth reserve of the appends (O(length), once).
    m.text.squeeze();
    if (mergeEventMetadata(m.rareMembers, ctx.event))
        ctx.noteMessageChanged(m.id);
}

void encryptedValue(ApplyContext &ctx)
{
    const QString subtype = ctx.str(QLatin1String("subtype"));
    const QString entity = ctx.str(QLatin1String("entityId"));
    const QString value = ctx.str(QLatin1String("encryptedValue"));
    // AG-UI 1.1's encryptedValueType, as sent: the client's pipeline strips it from what it
    // delivers, a 1.1 consumer keeps it.
    const json::JsonView sentType = ctx.sent("encryptedValueType");
    const QString type = sentType.isString() ? json::sharedString(sentType.utf8()) : QString();
    if (subtype == QLatin1String("tool-call")) {
        const ToolCall *call = ctx.snap.findToolCall(entity);
        const qsizetype holder = call ? ctx.snap.messagePosition(call->parentMessageId) : -1;
        if (holder >= 0 && ctx.snap.message(holder).role == QLatin1String("assistant")
            && ctx.snap.message(holder).toolCalls.contains(entity)) {
            const ToolCallStatus status = call->status;
            ToolCallRare &rare = ctx.snap.toolCallRef(ctx.snap.toolCallIndex(entity)).editRare();
            rare.encryptedValue = value;
            rare.encryptedValueType = type;
            ctx.noteToolCall(entity, status, false);
            ctx.noteMessageChanged(ctx.snap.message(holder).id);
            return;
        }
        ctx.diagnose("session.unknown-entity", Severity::Warning, QStringLiteral("/entityId"),
                     QStringLiteral("REASONING_ENCRYPTED_VALUE: no tool call '%1' in an assistant "
                                    "message; the value was not attached.")
                         .arg(entity));
        return;
    }
    const qsizetype pos = ctx.snap.messagePosition(entity);
    if (pos < 0 || ctx.snap.message(pos).isActivity()) {
        ctx.diagnose("session.unknown-entity", Severity::Warning, QStringLiteral("/entityId"),
                     QStringLiteral("REASONING_ENCRYPTED_VALUE: %1 '%2'; the value was not "
                                    "attached.")
                         .arg(pos < 0
                                  ? QStringLiteral("no message")
                                  : QStringLiteral("activities take no encrypted value, message"),
                              entity));
        return;
    }
    Message &m = ctx.snap.messageRef(pos);
    m.editRare().encryptedValue = value;
    m.editRare().encryptedValueType = type;
    touch(ctx, m);
    ctx.noteMessageChanged(entity);
}

} // namespace

bool applyTextEvent(ApplyContext &ctx)
{
    switch (ctx.event.type) {
    case EventType::TextMessageStart:
        start(ctx, Stream::Text);
        return true;
    case EventType::TextMessageContent:
        content(ctx, Stream::Text);
        return true;
    case EventType::TextMessageEnd:
        end(ctx, Stream::Text);
        return true;
    default:
        return false;
    }
}

bool applyReasoningEvent(ApplyContext &ctx)
{
    switch (ctx.event.type) {
    case EventType::ReasoningMessageStart:
        start(ctx, Stream::Reasoning);
        return true;
    case EventType::ReasoningMessageContent:
        content(ctx, Stream::Reasoning);
        return true;
    case EventType::ReasoningMessageEnd:
        end(ctx, Stream::Reasoning);
        return true;
    case EventType::ReasoningEncryptedValue:
        encryptedValue(ctx);
        return true;
    default:
        return false;
    }
}

} // namespace agui
