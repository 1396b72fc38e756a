#pragma once

// The structural comparison of two runs, for re-running a recorded request against the agent:
// does the agent still do the same thing, whatever it says and however fast? Compared: the
// event types in order (the events of one message's or one tool call's stream count as one, as
// with the session diff's ignoreText), the tool calls in order with their names and argument
// keys, and the state paths the run touches (STATE_SNAPSHOT members, STATE_DELTA op paths).
// Ids, text, values and timing are left aside. The differences are session-diff items
// (sessiondiff.h), so they print, serialise and show like any other diff.

#include "core/analysis/sessiondiff.h"
#include "core/capture/capture.h"

namespace agui::analysis {

// Sections of the items: "eventTypes" (added / missing events, by type, aligned as the longest
// common subsequence), "toolCalls" (the n-th tool call of each side: changed name or argument
// keys, or added / missing), "statePaths" (a path touched only on one side).
SessionDiff compareRunStructure(const DiffSide &a, const DiffSide &b);

// The window's Run Again: two recorded runs (HTTP exchanges, capture.runs indexes) of one capture
// compared in full (diffSessions with `options`), each rebuilt in a session of its own. In one
// session they would not compare cleanly: a re-run against the same agent reuses its ids (tool
// call ids, message ids), and the second run's events would land on the first run's entities.
// Side A's event indexes are the capture's (mapped through seqsOfRun: runs recorded at the same
// time interleave), so they select the event in the window; side B's count from 0 in the new run.
// The sides are labelled "run N" counted from 1, as the window's pickers name runs.
SessionDiff diffRecordedRuns(const Capture &capture, int runA, int runB,
                             const DiffOptions &options);
// The capture with only recorded run `index` (a request and what it got).
Capture captureOfRun(const Capture &capture, int index);
// The seqs, in the whole capture, of the events decoded from recorded run `index`, in order.
QList<qint64> seqsOfRun(const Capture &capture, int index);
// The first of them (-1 when the run has none).
qint64 firstSeqOfRun(const Capture &capture, int index);

} // namespace agui::analysis
