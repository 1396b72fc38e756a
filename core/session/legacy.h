#pragma once

#include "core/protocol/event.h"
#include "core/session/reducer.h"

namespace agui {

// The client's compat stage for 0.x THINKING_* events (agui-protocol.md §1.4): they become
// REASONING_* events. The client mints random UUIDs for the ids the old events lacked; we mint
// "thinking-<seq>" (seq of the opening event, or of the event itself when nothing opened one) so
// that replays, and therefore time travel, are deterministic. Returns the event unchanged when it
// is not a legacy one.
Event mapLegacyEvent(ReducerState &state, const Event &event);

} // namespace agui
