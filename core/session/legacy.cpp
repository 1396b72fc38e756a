#include "core/session/legacy.h"

namespace agui {

namespace {

QString mintedId(qint64 seq)
{
    return QStringLiteral("thinking-%1").arg(seq);
}

Event retyped(const Event &event, EventType type)
{
    Event out = event;
    out.type = type;
    out.typeName = eventTypeName(type);
    out.json.insert(QLatin1String("type"), out.typeName);
    return out;
}

} // namespace

Event mapLegacyEvent(ReducerState &state, const Event &event)
{
    switch (event.type) {
    case EventType::ThinkingStart: {
        state.thinkingSpanId = mintedId(event.seq);
        Event out = retyped(event, EventType::ReasoningStart);
        out.json.remove(QLatin1String("title")); // REASONING_START has no title
        out.json.insert(QLatin1String("messageId"), state.thinkingSpanId);
        return out;
    }
    case EventType::ThinkingTextMessageStart: {
        state.thinkingMessageId = mintedId(event.seq);
        Event out = retyped(event, EventType::ReasoningMessageStart);
        out.json.insert(QLatin1String("messageId"), state.thinkingMessageId);
        out.json.insert(QLatin1String("role"), QLatin1String("reasoning"));
        return out;
    }
    case EventType::ThinkingTextMessageContent: {
        Event out = retyped(event, EventType::ReasoningMessageContent);
        out.json.insert(QLatin1String("messageId"),
                        state.thinkingMessageId.isEmpty() ? mintedId(event.seq)
                                                          : state.thinkingMessageId);
        return out;
    }
    case EventType::ThinkingTextMessageEnd: {
        Event out = retyped(event, EventType::ReasoningMessageEnd);
        out.json.insert(QLatin1String("messageId"),
                        state.thinkingMessageId.isEmpty() ? mintedId(event.seq)
                                                          : state.thinkingMessageId);
        state.thinkingMessageId.clear();
        return out;
    }
    case EventType::ThinkingEnd: {
        Event out = retyped(event, EventType::ReasoningEnd);
        out.json.insert(QLatin1String("messageId"),
                        state.thinkingSpanId.isEmpty() ? mintedId(event.seq)
                                                       : state.thinkingSpanId);
        state.thinkingSpanId.clear();
        return out;
    }
    default:
        return event;
    }
}

} // namespace agui
