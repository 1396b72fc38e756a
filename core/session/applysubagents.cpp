// SUBAGENT_STARTED / FINISHED / ERROR: the subagent invocations of a run
// (docs.ag-ui.com/spec/1.1/events/subagents).

#include "core/session/applycontext.h"

namespace agui {

namespace {

void started(ApplyContext &ctx)
{
    Subagent s;
    s.subagentRunId = ctx.str(QLatin1String("subagentRunId"));
    s.name = ctx.str(QLatin1String("name"));
    s.description = ctx.str(QLatin1String("description"));
    s.parentSubagentRunId = ctx.str(QLatin1String("parentSubagentRunId"));
    s.parentToolCallId = ctx.str(QLatin1String("parentToolCallId"));
    s.parentMessageId = ctx.str(QLatin1String("parentMessageId"));
    s.runIndex = ctx.snap.currentRunIndex();
    s.startSeq = ctx.seq;
    s.startedAtUs = ctx.atUs;
    ctx.change.subagentsChanged.append(int(ctx.snap.appendSubagent(s)));
}

// The running invocation an end event names, or -1 after saying why nothing was closed.
qsizetype runningSubagent(ApplyContext &ctx)
{
    const QString id = ctx.str(QLatin1String("subagentRunId"));
    const qsizetype index = ctx.snap.findSubagent(id);
    if (index < 0 || ctx.snap.subagent(index).status != SubagentStatus::Running) {
        ctx.diagnose("session.subagent-not-running", Severity::Warning,
                     QStringLiteral("/subagentRunId"),
                     QStringLiteral("%1: no running subagent '%2'; nothing was closed.")
                         .arg(eventTypeName(ctx.event.type), id));
        return -1;
    }
    return index;
}

void finished(ApplyContext &ctx)
{
    const qsizetype index = runningSubagent(ctx);
    if (index < 0)
        return;
    Subagent &s = ctx.snap.subagentRef(index);
    s.status = SubagentStatus::Finished;
    s.outcome = ctx.qvalue(QLatin1String("outcome")).toObject();
    const QJsonValue result = ctx.qvalue(QLatin1String("result"));
    if (!result.isUndefined() && !result.isNull())
        s.result = result;
    s.endSeq = ctx.seq;
    s.endedAtUs = ctx.atUs;
    ctx.change.subagentsChanged.append(int(index));
}

void errored(ApplyContext &ctx)
{
    const qsizetype index = runningSubagent(ctx);
    if (index < 0)
        return;
    Subagent &s = ctx.snap.subagentRef(index);
    s.status = SubagentStatus::Errored;
    s.errorMessage = ctx.str(QLatin1String("message"));
    s.errorCode = ctx.str(QLatin1String("code"));
    s.endSeq = ctx.seq;
    s.endedAtUs = ctx.atUs;
    ctx.change.subagentsChanged.append(int(index));
}

} // namespace

bool applySubagentEvent(ApplyContext &ctx)
{
    switch (ctx.event.type) {
    case EventType::SubagentStarted:
        started(ctx);
        return true;
    case EventType::SubagentFinished:
        finished(ctx);
        return true;
    case EventType::SubagentError:
        errored(ctx);
        return true;
    default:
        return false;
    }
}

} // namespace agui
