// STATE_SNAPSHOT / STATE_DELTA (agui-protocol.md §3.6). A delta that fails to apply is skipped
// whole, like the client, and reported (session.delta-failed) on the event's change record.

#include "core/session/applycontext.h"
#include "core/session/statepaths.h"

#include "core/json/jsonpatch.h"
#include "core/json/jsontext.h"

namespace agui {

namespace {

void snapshot(ApplyContext &ctx)
{
    const json::JsonView snapshotValue = ctx.json().value("snapshot");
    if (snapshotValue.isUndefined()) {
        // The client would set state to undefined, which its apply step ignores.
        ctx.diagnose("session.not-applied", Severity::Warning, QStringLiteral("/snapshot"),
                     QStringLiteral("STATE_SNAPSHOT without a snapshot; the state is unchanged."));
        return;
    }
    const QJsonValue before = ctx.snap.state();
    const QJsonValue after = snapshotValue.toQJsonValue();
    ctx.snap.setState(after, ctx.seq);
    ctx.change.stateChanged = true;
    ctx.change.stateReplaced = true;
    if (ctx.detailed)
        ctx.change.statePaths = statePathsOfReplacement(before, after);
}

void delta(ApplyContext &ctx)
{
    const QJsonValue patch = ctx.qvalue(QLatin1String("delta"));
    const json::PatchResult result = json::applyPatch(ctx.snap.state(), patch);
    if (!result.ok) {
        const json::PatchError &e = result.error;
        QString path = QStringLiteral("/delta");
        if (e.opIndex >= 0) {
            path += QLatin1Char('/') + QString::number(e.opIndex);
            if (!e.field.isEmpty())
                path += QLatin1Char('/') + e.field;
        }
        ctx.diagnose("session.delta-failed", Severity::Warning, path,
                     QStringLiteral("STATE_DELTA not applied (the whole patch is skipped, like the "
                                    "client): op %1: %2")
                         .arg(e.opIndex)
                         .arg(e.message));
        return;
    }
    if (ctx.detailed)
        ctx.change.statePaths = statePathsOfPatch(ctx.snap.state(), patch);
    ctx.snap.setState(result.document, ctx.seq);
    ctx.change.stateChanged = true;
}

} // namespace

bool applyStateEvent(ApplyContext &ctx)
{
    switch (ctx.event.type) {
    case EventType::StateSnapshot:
        snapshot(ctx);
        return true;
    case EventType::StateDelta:
        delta(ctx);
        return true;
    default:
        return false;
    }
}

} // namespace agui
