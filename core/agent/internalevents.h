#pragma once

// The internal events an agent feeds the Renderer (one JSON object per event, {"type":NAME,...};
// a JSON-lines file holds one per line). The seed's own field names could not be read, so these
// are the project's choice; this is the ONE table that names them: the renderer reads fields
// only through these constants and validates input against kInternalEvents. Documented in
// docs/internal-events.md.

#include <QLatin1StringView>
#include <QList>

namespace agui::internal {

// Event type names.
namespace type {
inline constexpr QLatin1StringView TurnStarted {"turn_started"};
inline constexpr QLatin1StringView TextDelta {"text_delta"};
inline constexpr QLatin1StringView ThinkingDelta {"thinking_delta"};
inline constexpr QLatin1StringView MessageCompleted {"message_completed"};
inline constexpr QLatin1StringView ToolcallDelta {"toolcall_delta"};
inline constexpr QLatin1StringView ToolStarted {"tool_started"};
inline constexpr QLatin1StringView ToolCompleted {"tool_completed"};
inline constexpr QLatin1StringView ToolBlocked {"tool_blocked"};
inline constexpr QLatin1StringView TurnCompleted {"turn_completed"};
inline constexpr QLatin1StringView TurnError {"turn_error"};
inline constexpr QLatin1StringView TurnCancelled {"turn_cancelled"};
inline constexpr QLatin1StringView CompactionCompleted {"compaction_completed"};
inline constexpr QLatin1StringView StateChanged {"state_changed"};
inline constexpr QLatin1StringView ModeChanged {"mode_changed"};
inline constexpr QLatin1StringView UsageUpdated {"usage_updated"};
inline constexpr QLatin1StringView PlanUpdated {"plan_updated"};
inline constexpr QLatin1StringView PermissionRequest {"permission_request"};
inline constexpr QLatin1StringView UiRequest {"ui_request"};
inline constexpr QLatin1StringView UiResolved {"ui_resolved"};
inline constexpr QLatin1StringView Notice {"notice"};
inline constexpr QLatin1StringView StreamReset {"stream_reset"};
inline constexpr QLatin1StringView SubagentPrefix {"subagent_"}; // subagent_* (any suffix)
} // namespace type

// Field names.
namespace field {
inline constexpr QLatin1StringView Type {"type"};
inline constexpr QLatin1StringView TurnId {"turn_id"};
inline constexpr QLatin1StringView ThreadId {"thread_id"};
inline constexpr QLatin1StringView MessageId {"message_id"};
inline constexpr QLatin1StringView Delta {"delta"};
inline constexpr QLatin1StringView ToolCallId {"tool_call_id"};
inline constexpr QLatin1StringView ToolName {"tool_name"};
inline constexpr QLatin1StringView Args {"args"};
inline constexpr QLatin1StringView Result {"result"};
inline constexpr QLatin1StringView IsError {"is_error"};
inline constexpr QLatin1StringView Reason {"reason"};
inline constexpr QLatin1StringView Message {"message"};
inline constexpr QLatin1StringView Code {"code"};
inline constexpr QLatin1StringView Status {"status"};
inline constexpr QLatin1StringView Mode {"mode"};
inline constexpr QLatin1StringView Model {"model"};
inline constexpr QLatin1StringView Usage {"usage"};
inline constexpr QLatin1StringView Plan {"plan"};
inline constexpr QLatin1StringView Request {"request"};
inline constexpr QLatin1StringView Messages {"messages"};
} // namespace field

// JSON kinds a field may have (bit set).
enum Kind : unsigned {
    String = 1,
    Bool = 2,
    Number = 4,
    Object = 8,
    Array = 16,
    Null = 32,
    Any = 63,
};

struct FieldSpec
{
    QLatin1StringView name;
    unsigned kinds = 0;
    bool required = false;
};

// What the renderer does with an event (several may apply).
enum Output : unsigned {
    Lifecycle = 1, // RUN_STARTED / RUN_FINISHED / RUN_ERROR
    Stream = 2, // text, reasoning or tool-call bracket events
    StateDelta = 4, // recomputes the projection and sends STATE_DELTA when it changed
    Custom = 8, // CUSTOM {name: type, value: the payload without "type"}
    Snapshot = 16, // MESSAGES_SNAPSHOT
};

struct InternalEventSpec
{
    QLatin1StringView type;
    QList<FieldSpec> fields;
    unsigned outputs = 0;
    const char *agui = ""; // what it becomes, for docs and --help
};

// The mapping table (seed-port contract B). subagent_* events match the SubagentPrefix row.
const QList<InternalEventSpec> &internalEvents();
// The row for a type name (subagent_* names give the prefix row); nullptr if unknown.
const InternalEventSpec *findInternalEvent(QStringView typeName);

} // namespace agui::internal
