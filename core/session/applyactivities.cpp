// ACTIVITY_SNAPSHOT / ACTIVITY_DELTA (@ag-ui/client 1.0.0 defaultApplyEvents): activity messages
// live in the message list; a snapshot replaces (unless replace:false), a delta patches the content
// object.

#include "core/session/applycontext.h"

#include "core/protocol/clientpatch.h"

namespace agui {

namespace {

Message activityMessage(ApplyContext &ctx)
{
    Message m;
    m.id = ctx.str(QLatin1String("messageId"));
    m.role = QStringLiteral("activity");
    m.contentKind = ContentKind::Json;
    MessageRare &rare = m.editRare(); // every activity message has a type and content
    rare.activityType = ctx.str(QLatin1String("activityType"));
    rare.contentJson = ctx.qvalue(QLatin1String("content"));
    rare.subagentRunId = ctx.str(QLatin1String("subagentRunId"));
    m.runIndex = ctx.snap.currentRunIndex();
    m.firstSeq = ctx.seq;
    m.lastSeq = ctx.seq;
    m.eventCount = 1;
    return m;
}

void snapshot(ApplyContext &ctx)
{
    SessionSnapshot &snap = ctx.snap;
    const QString id = ctx.str(QLatin1String("messageId"));
    const bool replace = ctx.event.value(QLatin1String("replace")).toBool(true);
    const qsizetype pos = snap.messagePosition(id);
    if (pos < 0) {
        Message m = activityMessage(ctx);
        mergeEventMetadata(m.rareMembers, ctx.event);
        snap.appendMessage(std::move(m));
        ctx.noteMessageAdded(id);
        ctx.noteActivity(id);
        return;
    }
    if (snap.message(pos).isActivity()) {
        Message &m = snap.messageRef(pos);
        if (replace) {
            m.contentKind = ContentKind::Json;
            MessageRare &rare = m.editRare();
            rare.activityType = ctx.str(QLatin1String("activityType"));
            rare.contentJson = ctx.qvalue(QLatin1String("content"));
            rare.subagentRunId = ctx.str(QLatin1String("subagentRunId"));
        }
        m.lastSeq = ctx.seq;
        ++m.eventCount;
        // The client merges the event's metadata even when it keeps the content.
        const bool metadataChanged = mergeEventMetadata(m.rareMembers, ctx.event);
        if (replace || metadataChanged) {
            ctx.noteMessageChanged(id);
            ctx.noteActivity(id);
        }
        return;
    }
    if (!replace) {
        ctx.diagnose("session.activity-id-conflict", Severity::Warning,
                     QStringLiteral("/messageId"),
                     QStringLiteral("ACTIVITY_SNAPSHOT: message '%1' is a '%2' message and "
                                    "replace is false; the event was not applied.")
                         .arg(id, snap.message(pos).role));
        return;
    }
    Message m = activityMessage(ctx);
    mergeEventMetadata(m.rareMembers, ctx.event);
    snap.replaceMessage(pos, std::move(m));
    ctx.noteMessageChanged(id);
    ctx.noteActivity(id);
}

void delta(ApplyContext &ctx)
{
    SessionSnapshot &snap = ctx.snap;
    const QString id = ctx.str(QLatin1String("messageId"));
    const qsizetype pos = snap.messagePosition(id);
    if (pos < 0) {
        // The client drops it without a word; we say so.
        ctx.diagnose("session.unknown-activity", Severity::Warning, QStringLiteral("/messageId"),
                     QStringLiteral("ACTIVITY_DELTA: no activity message '%1'; the event was "
                                    "ignored (the client ignores it silently).")
                         .arg(id));
        return;
    }
    if (!snap.message(pos).isActivity()) {
        ctx.diagnose("session.activity-id-conflict", Severity::Warning,
                     QStringLiteral("/messageId"),
                     QStringLiteral("ACTIVITY_DELTA: Message '%1' is not an activity message; "
                                    "the event was not applied.")
                         .arg(id));
        return;
    }
    Message &m = snap.messageRef(pos);
    m.lastSeq = ctx.seq;
    ++m.eventCount;
    if (mergeEventMetadata(m.rareMembers, ctx.event))
        ctx.noteMessageChanged(id); // merged before the patch, kept even if the patch fails
    const QJsonValue &held = m.rare().contentJson;
    const QJsonValue content = m.contentKind == ContentKind::Json && !held.isUndefined()
        ? held
        : QJsonValue(QJsonObject());
    QJsonValue patch = ctx.sent("patch").toQJsonValue();
    if (patch.isUndefined())
        patch = QJsonArray();
    const ClientPatchResult r = applyPatchLikeClient(content, patch);
    if (!r.ok) {
        QString path = QStringLiteral("/patch");
        if (r.failedOp >= 0)
            path += QLatin1Char('/') + QString::number(r.failedOp);
        ctx.diagnose("session.activity-delta-failed", Severity::Warning, path,
                     QStringLiteral("ACTIVITY_DELTA for '%1' not applied (the whole patch is "
                                    "skipped): op %2: %3")
                         .arg(id)
                         .arg(r.failedOp)
                         .arg(r.message));
        return;
    }
    m.contentKind = ContentKind::Json;
    MessageRare &rare = m.editRare();
    rare.contentJson = r.document;
    rare.activityType = ctx.str(QLatin1String("activityType"));
    ctx.noteMessageChanged(id);
    ctx.noteActivity(id);
}

} // namespace

bool applyActivityEvent(ApplyContext &ctx)
{
    switch (ctx.event.type) {
    case EventType::ActivitySnapshot:
        snapshot(ctx);
        return true;
    case EventType::ActivityDelta:
        delta(ctx);
        return true;
    default:
        return false;
    }
}

} // namespace agui
