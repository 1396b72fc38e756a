#include "core/session/reducer.h"

#include "core/platform/threadlocal.h"
#include "core/session/applycontext.h"

#include <array>
#include <cmath>

namespace agui {

namespace {

using Applier = bool (*)(ApplyContext &);

// Each applier knows only its own event types; the first that handles an event wins.
constexpr std::array<Applier, 9> kAppliers {
    &applyRunEvent,      &applyTextEvent,  &applyReasoningEvent,
    &applyToolCallEvent, &applyStateEvent, &applyMessagesSnapshot,
    &applyActivityEvent, &applyStepEvent,  &applySubagentEvent,
};

// When the recording kept no arrival times (a JSON-lines file, a pasted stream), the event's own
// optional timestamp (ms since the epoch) is the best clock there is, so that tool call, step and
// run durations still show. A synthesised event borrows the timestamp of the one it came from.
qint64 eventTimeUs(const EventView &event, const EventView &received)
{
    if (event.receivedAtUs >= 0)
        return event.receivedAtUs;
    for (const EventView *e : {&event, &received}) {
        const json::JsonView t = e->value(EventKey::Timestamp);
        if (!t.isDouble())
            continue;
        const double ms = t.toDouble();
        if (std::isfinite(ms) && ms >= 0 && ms < 9.0e12) // beyond year 2255: not a timestamp
            return qint64(ms * 1000.0);
    }
    return -1;
}

void applyOne(ReducerState &state, const EventView &event, const EventView &received,
              EventChange &change, bool detailed)
{
    ApplyContext ctx {
        state, state.snapshot, event, change, received.seq, eventTimeUs(event, received), detailed};
    ctx.legacy = isLegacyType(received.type);
    ctx.received = &received;
    for (Applier apply : kAppliers) {
        if (apply(ctx)) {
            change.appliedTypes.append(event.type);
            return;
        }
    }
    // RAW, CUSTOM, Unknown, Invalid and chunks the expander rejected change nothing.
}

} // namespace

void applyDelivered(ReducerState &state, const EventView &received, const ClientStep &step,
                    EventChange &change, bool detailed)
{
    SessionSnapshot &snap = state.snapshot;
    change.seq = received.seq;
    snap.setLastSeq(received.seq);
    for (const EventView &e : step.events)
        applyOne(state, e, received, change, detailed);
    change.runIndex = snap.currentRunIndex();
    if (change.runIndex >= 0) {
        Run &run = snap.runRef(change.runIndex);
        run.lastSeq = received.seq;
        ++run.eventCount;
    }
}

void reduceEvent(ReducerState &state, const EventView &event, const Diagnostics &decodeDiagnostics,
                 EventChange &change, bool detailed)
{
    ClientStep &step = platform::threadLocal<ClientStep>();
    state.pipeline.process(event, decodeDiagnostics, step);
    applyDelivered(state, event, step, change, detailed);
}

void reduceEvent(ReducerState &state, const Event &event, EventChange &change, bool detailed)
{
    const json::JsonDoc doc = json::JsonDoc::fromQJson(event.json);
    EventView view;
    view.type = event.type;
    view.json = event.isValid() || !event.json.isEmpty() ? doc.root() : json::JsonView();
    view.seq = event.seq;
    view.receivedAtUs = event.receivedAtUs;
    reduceEvent(state, view, event.diagnostics, change, detailed);
}

void reduceFinish(ReducerState &state)
{
    SessionSnapshot &snap = state.snapshot;
    for (qsizetype i = 0; i < snap.runCount(); ++i)
        if (snap.run(i).status == RunStatus::Running)
            snap.runRef(i).status = RunStatus::Truncated;
}

} // namespace agui
