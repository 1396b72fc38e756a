#pragma once

#include "core/json/jsonview.h"
#include "core/protocol/eventview.h"
#include "core/session/reducer.h"

namespace agui {

// The client's compat stage for 0.x THINKING_* events (agui-protocol.md §1.4): they become
// REASONING_* events. The client mints random UUIDs for the ids the old events lacked; we mint
// "thinking-<seq>" (seq of the opening event, or of the event itself when nothing opened one) so
// that replays, and therefore time travel, are deterministic. Returns the event unchanged when it
// is not a legacy one; a mapped event's JSON is written into `scratch`.
EventView mapLegacyEvent(ReducerState &state, const EventView &event, json::JsonDoc &scratch);

} // namespace agui
