#include "core/session/legacy.h"

#include "core/json/tapebuilder.h"

namespace agui {

namespace {

QString mintedId(qint64 seq)
{
    return QStringLiteral("thinking-%1").arg(seq);
}

// The event under its new type: its members kept (but `drop`), then `messageId` (and `role`).
EventView retyped(const EventView &event, EventType type, const QString &messageId,
                  bool reasoningRole, std::string_view drop, json::JsonDoc &scratch)
{
    json::TapeBuilder b;
    b.beginObject();
    b.key("type");
    b.string(std::string_view(eventTypeNameLatin1(type)));
    b.membersOf(event.json, [&](std::string_view key) {
        return key == "type" || key == "messageId" || (reasoningRole && key == "role")
            || (!drop.empty() && key == drop);
    });
    b.key("messageId");
    b.string(messageId);
    if (reasoningRole) {
        b.key("role");
        b.string("reasoning");
    }
    b.endObject();
    b.finishInto(scratch);
    EventView out = event;
    out.type = type;
    out.json = scratch.root();
    out.synthetic = true;
    return out;
}

} // namespace

EventView mapLegacyEvent(ReducerState &state, const EventView &event, json::JsonDoc &scratch)
{
    switch (event.type) {
    case EventType::ThinkingStart:
        state.thinkingSpanId = mintedId(event.seq);
        // REASONING_START has no title.
        return retyped(event, EventType::ReasoningStart, state.thinkingSpanId, false, "title",
                       scratch);
    case EventType::ThinkingTextMessageStart:
        state.thinkingMessageId = mintedId(event.seq);
        return retyped(event, EventType::ReasoningMessageStart, state.thinkingMessageId, true, {},
                       scratch);
    case EventType::ThinkingTextMessageContent:
        return retyped(event, EventType::ReasoningMessageContent,
                       state.thinkingMessageId.isEmpty() ? mintedId(event.seq)
                                                         : state.thinkingMessageId,
                       false, {}, scratch);
    case EventType::ThinkingTextMessageEnd: {
        const QString id
            = state.thinkingMessageId.isEmpty() ? mintedId(event.seq) : state.thinkingMessageId;
        state.thinkingMessageId.clear();
        return retyped(event, EventType::ReasoningMessageEnd, id, false, {}, scratch);
    }
    case EventType::ThinkingEnd: {
        const QString id
            = state.thinkingSpanId.isEmpty() ? mintedId(event.seq) : state.thinkingSpanId;
        state.thinkingSpanId.clear();
        return retyped(event, EventType::ReasoningEnd, id, false, {}, scratch);
    }
    default:
        return event;
    }
}

} // namespace agui
