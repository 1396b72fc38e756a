#pragma once

// The benchmarks' realistic input: a session whose composition follows real AG-UI traffic instead
// of the few long runs of `bench_gen mixed` and `bench_session`, which flattered every figure
// measured on them (issue 57: 2.6x per event, 1.5x per byte).
//
// Per 100k events, as measured on a session built from a reference agent's runs (issue 57's
// table): about 1,260 runs; 55% TEXT_MESSAGE_CONTENT, 17% TOOL_CALL_ARGS, 7% STATE_DELTA, 5%
// REASONING_MESSAGE_CONTENT, 2.1% ACTIVITY_SNAPSHOT (A2UI surfaces of about 400 bytes, sent again
// as they grow), 0.2% each of MESSAGES_SNAPSHOT and STATE_SNAPSHOT, 0.8% subagent events, the
// rest run, step, message and tool-call boundaries; events of 100 to 1,100 bytes, about 131 on
// average. The shapes are those of the recorded streams in tests/data: UUID message ids,
// `call_`-prefixed tool call ids, token-sized deltas with some non-ASCII text, the
// `a2ui-surface` activity of @ag-ui/a2ui-middleware (`a2ui_operations`, v0.9).
//
// Deterministic: the same event count gives the same bytes. Every event passes @ag-ui/client's
// verify stage.

#include <QByteArray>

namespace agui::bench {

enum class MixFraming : quint8 { Sse, JsonLines };

struct MixOutput
{
    QByteArray bytes;
    qint64 events = 0;
    qint64 runs = 0;
};

// At least `events` events (the run that reaches the count is completed).
MixOutput realisticMix(qint64 events, MixFraming framing);

} // namespace agui::bench
