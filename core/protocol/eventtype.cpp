#include "core/protocol/eventtype.h"

#include <QHash>

#include <algorithm>
#include <array>
#include <cstring>

namespace agui {

namespace {

struct TypeInfo
{
    EventType type;
    const char *name;
    EventFamily family;
};

// The order follows EventType; a static_assert below keeps them in step.
constexpr std::array<TypeInfo, kEventTypeCount> kTypes {{
    {EventType::RunStarted, "RUN_STARTED", EventFamily::Lifecycle},
    {EventType::RunFinished, "RUN_FINISHED", EventFamily::Lifecycle},
    {EventType::RunError, "RUN_ERROR", EventFamily::Lifecycle},
    {EventType::StepStarted, "STEP_STARTED", EventFamily::Lifecycle},
    {EventType::StepFinished, "STEP_FINISHED", EventFamily::Lifecycle},
    {EventType::TextMessageStart, "TEXT_MESSAGE_START", EventFamily::Text},
    {EventType::TextMessageContent, "TEXT_MESSAGE_CONTENT", EventFamily::Text},
    {EventType::TextMessageEnd, "TEXT_MESSAGE_END", EventFamily::Text},
    {EventType::TextMessageChunk, "TEXT_MESSAGE_CHUNK", EventFamily::Text},
    {EventType::ToolCallStart, "TOOL_CALL_START", EventFamily::Tool},
    {EventType::ToolCallArgs, "TOOL_CALL_ARGS", EventFamily::Tool},
    {EventType::ToolCallEnd, "TOOL_CALL_END", EventFamily::Tool},
    {EventType::ToolCallChunk, "TOOL_CALL_CHUNK", EventFamily::Tool},
    {EventType::ToolCallResult, "TOOL_CALL_RESULT", EventFamily::Tool},
    {EventType::StateSnapshot, "STATE_SNAPSHOT", EventFamily::State},
    {EventType::StateDelta, "STATE_DELTA", EventFamily::State},
    {EventType::MessagesSnapshot, "MESSAGES_SNAPSHOT", EventFamily::State},
    {EventType::ActivitySnapshot, "ACTIVITY_SNAPSHOT", EventFamily::Activity},
    {EventType::ActivityDelta, "ACTIVITY_DELTA", EventFamily::Activity},
    {EventType::ReasoningStart, "REASONING_START", EventFamily::Reasoning},
    {EventType::ReasoningMessageStart, "REASONING_MESSAGE_START", EventFamily::Reasoning},
    {EventType::ReasoningMessageContent, "REASONING_MESSAGE_CONTENT", EventFamily::Reasoning},
    {EventType::ReasoningMessageEnd, "REASONING_MESSAGE_END", EventFamily::Reasoning},
    {EventType::ReasoningMessageChunk, "REASONING_MESSAGE_CHUNK", EventFamily::Reasoning},
    {EventType::ReasoningEnd, "REASONING_END", EventFamily::Reasoning},
    {EventType::ReasoningEncryptedValue, "REASONING_ENCRYPTED_VALUE", EventFamily::Reasoning},
    {EventType::SubagentStarted, "SUBAGENT_STARTED", EventFamily::Lifecycle},
    {EventType::SubagentFinished, "SUBAGENT_FINISHED", EventFamily::Lifecycle},
    {EventType::SubagentError, "SUBAGENT_ERROR", EventFamily::Lifecycle},
    {EventType::Raw, "RAW", EventFamily::Custom},
    {EventType::Custom, "CUSTOM", EventFamily::Custom},
    {EventType::ThinkingStart, "THINKING_START", EventFamily::Reasoning},
    {EventType::ThinkingEnd, "THINKING_END", EventFamily::Reasoning},
    {EventType::ThinkingTextMessageStart, "THINKING_TEXT_MESSAGE_START", EventFamily::Reasoning},
    {EventType::ThinkingTextMessageContent, "THINKING_TEXT_MESSAGE_CONTENT",
     EventFamily::Reasoning},
    {EventType::ThinkingTextMessageEnd, "THINKING_TEXT_MESSAGE_END", EventFamily::Reasoning},
    {EventType::Unknown, "UNKNOWN", EventFamily::Custom},
    {EventType::Invalid, "INVALID", EventFamily::Invalid},
}};

constexpr bool typesInOrder()
{
    for (int i = 0; i < kEventTypeCount; ++i)
        if (int(kTypes[i].type) != i)
            return false;
    return true;
}
static_assert(typesInOrder(), "kTypes must list EventType values in declaration order");

const QHash<QString, EventType> &typesByName()
{
    static const QHash<QString, EventType> byName = [] {
        QHash<QString, EventType> h;
        for (const auto &info : kTypes)
            if (info.type != EventType::Unknown && info.type != EventType::Invalid)
                h.insert(QString::fromLatin1(info.name), info.type);
        return h;
    }();
    return byName;
}

// The wire names by length, for look-ups straight from a JSON string's bytes: at most five
// share a length, so a look-up is a few same-length compares (a binary search over all the
// names cost 300 instructions an event, a tenth of the reading thread's own work on a flood).
struct NameIndex
{
    static constexpr size_t kMaxLength = 48;
    std::array<std::pair<std::string_view, EventType>, kEventTypeCount - 2> byLength;
    std::array<quint8, kMaxLength + 2> start {}; // byLength[start[n], start[n + 1]) have length n
    NameIndex()
    {
        size_t n = 0;
        for (const auto &info : kTypes)
            if (info.type != EventType::Unknown && info.type != EventType::Invalid)
                byLength[n++] = {std::string_view(info.name), info.type};
        std::sort(byLength.begin(), byLength.end(),
                  [](const auto &a, const auto &b) { return a.first.size() < b.first.size(); });
        size_t at = 0;
        for (size_t length = 0; length <= kMaxLength + 1; ++length) {
            while (at < byLength.size() && byLength[at].first.size() < length)
                ++at;
            start[length] = quint8(at);
        }
        Q_ASSERT(byLength.back().first.size() <= kMaxLength);
    }
    EventType find(std::string_view name) const
    {
        if (name.size() > kMaxLength)
            return EventType::Unknown;
        for (size_t i = start[name.size()]; i < start[name.size() + 1]; ++i)
            if (std::memcmp(byLength[i].first.data(), name.data(), name.size()) == 0)
                return byLength[i].second;
        return EventType::Unknown;
    }
};

const std::array<QString, kEventTypeCount> &typeNames()
{
    static const std::array<QString, kEventTypeCount> names = [] {
        std::array<QString, kEventTypeCount> a;
        for (const auto &info : kTypes)
            a[size_t(info.type)] = QString::fromLatin1(info.name);
        return a;
    }();
    return names;
}

} // namespace

QString eventTypeName(EventType type)
{
    return typeNames()[size_t(type)]; // shared: no allocation per call
}

const char *eventTypeNameLatin1(EventType type)
{
    return kTypes[size_t(type)].name;
}

EventType eventTypeFromName(QStringView name)
{
    return typesByName().value(name.toString(), EventType::Unknown);
}

EventType eventTypeFromUtf8(std::string_view name)
{
    static const NameIndex index;
    return index.find(name);
}

EventFamily eventFamily(EventType type)
{
    return kTypes[size_t(type)].family;
}

QString eventFamilyName(EventFamily family)
{
    switch (family) {
    case EventFamily::Lifecycle:
        return QStringLiteral("lifecycle");
    case EventFamily::Text:
        return QStringLiteral("text");
    case EventFamily::Tool:
        return QStringLiteral("tool");
    case EventFamily::State:
        return QStringLiteral("state");
    case EventFamily::Activity:
        return QStringLiteral("activity");
    case EventFamily::Reasoning:
        return QStringLiteral("reasoning");
    case EventFamily::Custom:
        return QStringLiteral("custom");
    case EventFamily::Invalid:
        return QStringLiteral("invalid");
    }
    return {};
}

bool isLegacyType(EventType type)
{
    return type >= EventType::ThinkingStart && type <= EventType::ThinkingTextMessageEnd;
}

bool isChunkType(EventType type)
{
    return type == EventType::TextMessageChunk || type == EventType::ToolCallChunk
        || type == EventType::ReasoningMessageChunk;
}

} // namespace agui
