#pragma once

// The structural comparison of two runs, for re-running a recorded request against the agent:
// does the agent still do the same thing, whatever it says and however fast? Compared: the
// event types in order (the events of one message's or one tool call's stream count as one, as
// with the session diff's ignoreText), the tool calls in order with their names and argument
// keys, and the state paths the run touches (STATE_SNAPSHOT members, STATE_DELTA op paths).
// Ids, text, values and timing are left aside. The differences are session-diff items
// (sessiondiff.h), so they print, serialise and show like any other diff.

#include "core/analysis/sessiondiff.h"

namespace agui::analysis {

// Sections of the items: "eventTypes" (added / missing events, by type, aligned as the longest
// common subsequence), "toolCalls" (the n-th tool call of each side: changed name or argument
// keys, or added / missing), "statePaths" (a path touched only on one side).
SessionDiff compareRunStructure(const DiffSide &a, const DiffSide &b);

} // namespace agui::analysis
