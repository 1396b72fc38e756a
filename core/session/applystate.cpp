// STATE_SNAPSHOT / STATE_DELTA (@ag-ui/client 1.0.0 defaultApplyEvents). A delta that fails to
// apply is skipped whole, like the client, and reported (session.delta-failed) on the event's
// change record.

#include "core/session/applycontext.h"
#include "core/session/statepaths.h"

#include "core/json/jsontext.h"
#include "core/protocol/clientpatch.h"

namespace agui {

namespace {

void snapshot(ApplyContext &ctx)
{
    const json::JsonView snapshotValue = ctx.event.value("snapshot");
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
    // The patch as the producer sent it (op numbers as sent; the enforce stage's drops are redone).
    const json::JsonView patch = ctx.sent("delta");
    if (ctx.detailed)
        ctx.change.statePaths = statePathsOfPatch(ctx.snap.state(), patch.toQJsonValue());
    // The patch edits the state in place: the snapshot must not share it meanwhile, or every
    // container an op touches would be copied (an append to a long array would cost its length).
    const bool shared = ctx.snap.stateShared();
    QJsonValue state = ctx.snap.takeState();
    ClientPatchResult result = applyPatchLikeClientInPlace(state, patch, shared);
    ctx.snap.restoreState(std::move(state));
    if (!result.ok) {
        ctx.change.statePaths.clear();
        QString path = QStringLiteral("/delta");
        if (result.failedOp >= 0) {
            path += QLatin1Char('/') + QString::number(result.failedOp);
            if (!result.failedField.isEmpty())
                path += QLatin1Char('/') + result.failedField;
        }
        ctx.diagnose("session.delta-failed", Severity::Warning, path,
                     QStringLiteral("STATE_DELTA not applied (the whole patch is skipped, like the "
                                    "client): op %1: %2")
                         .arg(result.failedOp)
                         .arg(result.message));
        ctx.change.statePatch = std::move(result);
        return;
    }
    ctx.snap.markStateChanged(ctx.seq);
    ctx.change.stateChanged = true;
    ctx.change.statePatch = std::move(result);
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
