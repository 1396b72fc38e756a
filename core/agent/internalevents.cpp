#include "core/agent/internalevents.h"

namespace agui::internal {

const QList<InternalEventSpec> &internalEvents()
{
    using namespace field;
    static const QList<InternalEventSpec> table {
        {type::TurnStarted,
         {{TurnId, String, true}, {ThreadId, String, false}},
         Lifecycle,
         "RUN_STARTED (runId = turn_id unless the runId option is set); status running"},
        {type::TextDelta,
         {{MessageId, String, true}, {Delta, String, true}},
         Stream,
         "TEXT_MESSAGE_START once per message, then TEXT_MESSAGE_CONTENT"},
        {type::ThinkingDelta,
         {{MessageId, String, true}, {Delta, String, true}},
         Stream,
         "REASONING_START + REASONING_MESSAGE_START once, then REASONING_MESSAGE_CONTENT"},
        {type::MessageCompleted,
         {{MessageId, String, true}},
         Stream,
         "TEXT_MESSAGE_END, REASONING_MESSAGE_END, REASONING_END for what is open"},
        {type::ToolcallDelta,
         {{MessageId, String, false},
          {ToolCallId, String, true},
          {ToolName, String, true},
          {Delta, String, true}},
         Stream,
         "TOOL_CALL_START once per call, then TOOL_CALL_ARGS"},
        {type::ToolStarted,
         {{ToolCallId, String, true},
          {ToolName, String, true},
          {Args, Any, false},
          {MessageId, String, false}},
         Stream,
         "TOOL_CALL_END (arguments complete); a call never streamed gets START+ARGS+END"},
        {type::ToolCompleted,
         {{ToolCallId, String, true}, {Result, Any, false}, {IsError, Bool, false}},
         Stream,
         "TOOL_CALL_RESULT"},
        {type::ToolBlocked,
         {{ToolCallId, String, true}, {Reason, String, false}},
         Stream,
         "TOOL_CALL_RESULT carrying the reason"},
        {type::TurnCompleted,
         {},
         Lifecycle,
         "RUN_FINISHED after closing what is open; status idle"},
        {type::TurnError,
         {{Message, String, true}, {Code, String, false}},
         Lifecycle,
         "RUN_ERROR; status error"},
        {type::TurnCancelled, {}, Lifecycle, "RUN_ERROR with code \"cancelled\"; status cancelled"},
        {type::CompactionCompleted,
         {{Messages, Array, false}},
         Snapshot,
         "MESSAGES_SNAPSHOT from the messages provider (else the event's messages)"},
        {type::StateChanged,
         {{Status, String, true}, {Model, String | Null, false}},
         StateDelta,
         "STATE_DELTA when the projection changed"},
        {type::ModeChanged, {{Mode, String | Null, true}}, StateDelta, "STATE_DELTA"},
        {type::UsageUpdated,
         {{Usage, Object, true}, {Model, String | Null, false}},
         StateDelta,
         "STATE_DELTA"},
        {type::PlanUpdated, {{Plan, Array, true}}, StateDelta, "STATE_DELTA"},
        {type::PermissionRequest,
         {{Request, Object, false}},
         StateDelta | Custom,
         "STATE_DELTA (pendingPermission) and CUSTOM"},
        {type::UiRequest, {}, Custom, "CUSTOM"},
        {type::UiResolved,
         {},
         StateDelta | Custom,
         "STATE_DELTA (pendingPermission null) and CUSTOM"},
        {type::Notice, {}, Custom, "CUSTOM"},
        {type::StreamReset, {}, Custom, "CUSTOM"},
        {type::SubagentPrefix, {}, Custom, "CUSTOM (any subagent_* name)"},
    };
    return table;
}

const InternalEventSpec *findInternalEvent(QStringView typeName)
{
    const QList<InternalEventSpec> &table = internalEvents();
    for (const InternalEventSpec &spec : table) {
        if (spec.type == type::SubagentPrefix) {
            if (typeName.startsWith(type::SubagentPrefix) && typeName.size() > spec.type.size())
                return &spec;
        } else if (typeName == spec.type) {
            return &spec;
        }
    }
    return nullptr;
}

} // namespace agui::internal
