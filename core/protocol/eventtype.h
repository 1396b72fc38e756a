#pragma once

#include <QString>
#include <QStringView>

#include <string_view>

namespace agui {

// The 31 event types of AG-UI 1.0, the legacy THINKING_* ones (0.x, still seen on the wire),
// and two kinds that are not types: Unknown (a JSON object whose type we do not know, kept as
// is) and Invalid (a frame that is not a JSON object or carries no string "type").
enum class EventType : quint8 {
    RunStarted,
    RunFinished,
    RunError,
    StepStarted,
    StepFinished,
    TextMessageStart,
    TextMessageContent,
    TextMessageEnd,
    TextMessageChunk,
    ToolCallStart,
    ToolCallArgs,
    ToolCallEnd,
    ToolCallChunk,
    ToolCallResult,
    StateSnapshot,
    StateDelta,
    MessagesSnapshot,
    ActivitySnapshot,
    ActivityDelta,
    ReasoningStart,
    ReasoningMessageStart,
    ReasoningMessageContent,
    ReasoningMessageEnd,
    ReasoningMessageChunk,
    ReasoningEnd,
    ReasoningEncryptedValue,
    SubagentStarted,
    SubagentFinished,
    SubagentError,
    Raw,
    Custom,
    // legacy 0.x
    ThinkingStart,
    ThinkingEnd,
    ThinkingTextMessageStart,
    ThinkingTextMessageContent,
    ThinkingTextMessageEnd,
    // not types
    Unknown,
    Invalid,
};

inline constexpr int kAguiEventTypeCount = 31; // RunStarted .. Custom
inline constexpr int kEventTypeCount = int(EventType::Invalid) + 1;

// For colouring and filtering by family in the views.
enum class EventFamily : quint8 {
    Lifecycle,
    Text,
    Tool,
    State,
    Activity,
    Reasoning,
    Custom,
    Invalid
};

// Wire name ("RUN_STARTED"); Unknown and Invalid give "UNKNOWN" / "INVALID".
QString eventTypeName(EventType type);
const char *eventTypeNameLatin1(EventType type); // same, as a static C string
// Unknown for any string that is not one of the 31 + legacy names.
EventType eventTypeFromName(QStringView name);
EventType eventTypeFromUtf8(std::string_view name); // same, from a JSON string's bytes
EventFamily eventFamily(EventType type);
QString eventFamilyName(EventFamily family); // "lifecycle", "text", ...
bool isLegacyType(EventType type); // THINKING_*
bool isChunkType(EventType type); // *_CHUNK

} // namespace agui
