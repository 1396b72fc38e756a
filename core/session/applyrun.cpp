// RUN_STARTED / RUN_FINISHED / RUN_ERROR: threads and runs
// (docs.ag-ui.com/spec/1.1/events/lifecycle; @ag-ui/client 1.0.0), and the run's input messages
// merged into the thread.

#include "core/session/applycontext.h"

#include <QJsonArray>

namespace agui {

namespace {

// Messages of a RunAgentInput the thread does not hold yet are appended (client: RUN_STARTED).
void mergeInputMessages(ApplyContext &ctx, const QJsonValue &messages)
{
    for (const auto &v : messages.toArray()) {
        const QJsonObject obj = v.toObject();
        const QString id = obj.value(QLatin1String("id")).toString();
        if (ctx.snap.messagePosition(id) >= 0)
            continue;
        Message m = messageFromJson(ctx, obj);
        ctx.noteMessageAdded(id);
        if (m.isActivity())
            ctx.noteActivity(id);
        ctx.snap.appendMessage(std::move(m));
        registerSnapshotToolCalls(ctx.snap, obj, ctx.snap.currentRunIndex(), ctx.seq);
    }
}

void started(ApplyContext &ctx)
{
    ReducerState &st = ctx.state;
    st.runStartedCalls.clear();
    st.runStartedSet.clear();
    st.runAnsweredCalls.clear();

    Run run;
    run.threadId = ctx.str(QLatin1String("threadId"));
    run.runId = ctx.str(QLatin1String("runId"));
    run.rareMembers.set(&RunRare::parentRunId, ctx.str(QLatin1String("parentRunId")));
    run.rareMembers.set(&RunRare::protocolVersion, ctx.str(QLatin1String("protocolVersion")));
    const QJsonValue input = ctx.qvalue(QLatin1String("input"));
    run.rareMembers.set(&RunRare::input, input.isObject() ? input.toObject() : st.pendingRunInput);
    st.pendingRunInput = QJsonObject();
    run.firstSeq = ctx.seq;
    run.startedAtUs = ctx.atUs;
    ctx.snap.appendRun(run);
    ctx.change.runChanged = true;
    if (input.isObject())
        mergeInputMessages(ctx, input.toObject().value(QLatin1String("messages")));
}

// The run a terminal event closes: the current one, or an implicit one when no RUN_STARTED came
// (a stream that starts with RUN_ERROR, or a recording cut at the front).
Run &runToClose(ApplyContext &ctx)
{
    if (ctx.snap.currentRunIndex() < 0) {
        Run run;
        run.threadId = ctx.str(QLatin1String("threadId"));
        run.runId = ctx.str(QLatin1String("runId"));
        run.firstSeq = ctx.seq;
        run.startedAtUs = ctx.atUs;
        ctx.snap.appendRun(run);
    }
    return ctx.snap.runRef(ctx.snap.currentRunIndex());
}

void finished(ApplyContext &ctx)
{
    const ReducerState &st = ctx.state;
    Run &run = runToClose(ctx);
    run.status = RunStatus::Finished;
    run.endSeq = ctx.seq;
    run.endedAtUs = ctx.atUs;
    // null / absent -> {} (the compat stage drops null)
    const QJsonObject outcome = ctx.qvalue(QLatin1String("outcome")).toObject();
    run.rareMembers.set(&RunRare::outcome, outcome);
    run.outcomeType = outcome.value(QLatin1String("type")).toString(QStringLiteral("success"));
    const QJsonValue result = ctx.qvalue(QLatin1String("result"));
    run.rareMembers.set(&RunRare::result,
                        result.isUndefined() || result.isNull()
                            ? std::optional<QJsonValue>()
                            : std::optional<QJsonValue>(result));
    const QJsonValue usage = ctx.qvalue(QLatin1String("usage"));
    if (usage.isArray())
        run.rareMembers.set(&RunRare::usage, usage.toArray());
    QJsonArray interrupts;
    QStringList pending;
    if (run.outcomeType == QLatin1String("interrupt")) {
        interrupts = outcome.value(QLatin1String("interrupts")).toArray();
    } else if (run.outcomeType == QLatin1String("success")) {
        const QJsonArray explicitIds = outcome.value(QLatin1String("pendingToolCallIds")).toArray();
        if (!explicitIds.isEmpty()) {
            for (const auto &v : explicitIds)
                pending.append(v.toString());
        } else {
            for (const QString &id : st.runStartedCalls)
                if (!st.runAnsweredCalls.contains(id))
                    pending.append(id);
        }
    }
    run.rareMembers.set(&RunRare::interrupts, std::move(interrupts));
    run.rareMembers.set(&RunRare::pendingToolCallIds, std::move(pending));
    ctx.change.runChanged = true;
}

void errored(ApplyContext &ctx)
{
    Run &run = runToClose(ctx);
    run.status = RunStatus::Errored;
    run.endSeq = ctx.seq;
    run.endedAtUs = ctx.atUs;
    run.rareMembers.set(&RunRare::errorMessage, ctx.str(QLatin1String("message")));
    run.rareMembers.set(&RunRare::errorCode, ctx.str(QLatin1String("code")));
    const QJsonValue usage = ctx.qvalue(QLatin1String("usage"));
    if (usage.isArray())
        run.rareMembers.set(&RunRare::usage, usage.toArray());
    ctx.change.runChanged = true;
}

} // namespace

bool applyRunEvent(ApplyContext &ctx)
{
    switch (ctx.event.type) {
    case EventType::RunStarted:
        started(ctx);
        return true;
    case EventType::RunFinished:
        finished(ctx);
        return true;
    case EventType::RunError:
        errored(ctx);
        return true;
    default:
        return false;
    }
}

void reduceRunInput(ReducerState &state, const QJsonObject &input, qint64 beforeSeq)
{
    EventChange ignored;
    const EventView none;
    ApplyContext ctx {state, state.snapshot, none, ignored, beforeSeq, -1, false};
    mergeInputMessages(ctx, input.value(QLatin1String("messages")));
    const auto stateIt = input.constFind(QLatin1String("state"));
    if (stateIt != input.constEnd())
        state.snapshot.setState(*stateIt, beforeSeq);
    state.pendingRunInput = input;
    // A new request: the client builds its pipeline afresh for every run it starts.
    state.pipeline.reset();
}

} // namespace agui
