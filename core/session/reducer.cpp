#include "core/session/reducer.h"

#include "core/session/applycontext.h"
#include "core/session/legacy.h"

#include <array>

namespace agui {

namespace {

using Applier = bool (*)(ApplyContext &);

// Each applier knows only its own event types; the first that handles an event wins.
constexpr std::array<Applier, 9> kAppliers {
    &applyRunEvent,      &applyTextEvent,  &applyReasoningEvent,
    &applyToolCallEvent, &applyStateEvent, &applyMessagesSnapshot,
    &applyActivityEvent, &applyStepEvent,  &applySubagentEvent,
};

void applyOne(ReducerState &state, const EventView &event, qint64 seq, EventChange &change,
              bool detailed, bool legacy)
{
    ApplyContext ctx {state, state.snapshot, event, change, seq, event.receivedAtUs, detailed};
    ctx.legacy = legacy;
    for (Applier apply : kAppliers) {
        if (apply(ctx)) {
            change.appliedTypes.append(event.type);
            return;
        }
    }
    // RAW, CUSTOM, Unknown, Invalid and chunks the expander rejected change nothing.
}

} // namespace

void reduceEvent(ReducerState &state, const EventView &event, EventChange &change, bool detailed)
{
    SessionSnapshot &snap = state.snapshot;
    change.seq = event.seq;
    snap.setLastSeq(event.seq);

    // The client's order: compat (legacy THINKING_*) -> chunk expansion -> apply.
    thread_local json::JsonDoc legacyScratch;
    thread_local Expansion expanded;
    const EventView mapped
        = isLegacyType(event.type) ? mapLegacyEvent(state, event, legacyScratch) : event;
    if (mapped.type == EventType::Invalid || mapped.type == EventType::Unknown) {
        change.runIndex = snap.currentRunIndex();
    } else {
        state.expander.expand(mapped, expanded);
        for (const EventView &e : std::as_const(expanded.events))
            if (!isChunkType(e.type))
                applyOne(state, e, event.seq, change, detailed, isLegacyType(event.type));
        change.runIndex = snap.currentRunIndex();
    }

    if (change.runIndex >= 0) {
        Run &run = snap.runRef(change.runIndex);
        run.lastSeq = event.seq;
        ++run.eventCount;
    }
}

void reduceEvent(ReducerState &state, const Event &event, EventChange &change, bool detailed)
{
    const json::JsonDoc doc = json::JsonDoc::fromQJson(event.json);
    EventView view;
    view.type = event.type;
    view.json = event.isValid() || !event.json.isEmpty() ? doc.root() : json::JsonView();
    view.seq = event.seq;
    view.receivedAtUs = event.receivedAtUs;
    reduceEvent(state, view, change, detailed);
}

void reduceFinish(ReducerState &state)
{
    SessionSnapshot &snap = state.snapshot;
    for (qsizetype i = 0; i < snap.runCount(); ++i)
        if (snap.run(i).status == RunStatus::Running)
            snap.runRef(i).status = RunStatus::Truncated;
}

} // namespace agui
