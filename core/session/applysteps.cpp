// STEP_STARTED / STEP_FINISHED and REASONING_START / REASONING_END: spans with no effect on the
// client's messages or state, kept for the timeline. Open ones are found through small hashes
// (only what is open), so the cost per event does not grow with the session.

#include "core/session/applycontext.h"

namespace agui {

namespace {

QString stepKey(const QString &owner, const QString &name)
{
    return owner + QLatin1Char('\n') + name;
}

void stepStarted(ApplyContext &ctx)
{
    Step step;
    step.name = ctx.str(QLatin1String("stepName"));
    step.subagentRunId = ctx.str(QLatin1String("subagentRunId"));
    step.runIndex = ctx.snap.currentRunIndex();
    step.startSeq = ctx.seq;
    step.startedAtUs = ctx.atUs;
    const QString key = stepKey(step.subagentRunId, step.name);
    const qsizetype index = ctx.snap.appendStep(step);
    // A second start of an open step is a verify error; the newer one is what a finish closes.
    ctx.state.openSteps.insert(key, index);
    ctx.change.stepsChanged.append(int(index));
}

void stepFinished(ApplyContext &ctx)
{
    const QString name = ctx.str(QLatin1String("stepName"));
    const QString owner = ctx.str(QLatin1String("subagentRunId"));
    const auto it = ctx.state.openSteps.constFind(stepKey(owner, name));
    if (it == ctx.state.openSteps.constEnd()) {
        ctx.diagnose("session.step-not-open", Severity::Warning, QStringLiteral("/stepName"),
                     QStringLiteral("STEP_FINISHED: no open step \"%1\" of %2; nothing was closed.")
                         .arg(name,
                              owner.isEmpty() ? QStringLiteral("the parent agent")
                                              : QStringLiteral("subagent '%1'").arg(owner)));
        return;
    }
    const qsizetype index = *it;
    ctx.state.openSteps.remove(stepKey(owner, name));
    Step &step = ctx.snap.stepRef(index);
    step.endSeq = ctx.seq;
    step.endedAtUs = ctx.atUs;
    ctx.change.stepsChanged.append(int(index));
}

void spanStarted(ApplyContext &ctx)
{
    ReasoningSpan span;
    span.id = ctx.str(QLatin1String("messageId"));
    span.subagentRunId = ctx.str(QLatin1String("subagentRunId"));
    span.runIndex = ctx.snap.currentRunIndex();
    span.startSeq = ctx.seq;
    span.legacy = ctx.legacy;
    const qsizetype index = ctx.snap.appendReasoningSpan(span);
    ctx.state.openSpans.insert(span.id, index);
    ctx.change.reasoningSpansChanged.append(int(index));
}

void spanEnded(ApplyContext &ctx)
{
    const QString id = ctx.str(QLatin1String("messageId"));
    const auto it = ctx.state.openSpans.constFind(id);
    if (it == ctx.state.openSpans.constEnd()) {
        ctx.diagnose("session.span-not-open", Severity::Warning, QStringLiteral("/messageId"),
                     QStringLiteral("REASONING_END: no open reasoning span '%1'; nothing was "
                                    "closed.")
                         .arg(id));
        return;
    }
    const qsizetype index = *it;
    ctx.state.openSpans.remove(id);
    ctx.snap.reasoningSpanRef(index).endSeq = ctx.seq;
    ctx.change.reasoningSpansChanged.append(int(index));
}

} // namespace

bool applyStepEvent(ApplyContext &ctx)
{
    switch (ctx.event.type) {
    case EventType::StepStarted:
        stepStarted(ctx);
        return true;
    case EventType::StepFinished:
        stepFinished(ctx);
        return true;
    case EventType::ReasoningStart:
        spanStarted(ctx);
        return true;
    case EventType::ReasoningEnd:
        spanEnded(ctx);
        return true;
    default:
        return false;
    }
}

} // namespace agui
