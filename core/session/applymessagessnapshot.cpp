// MESSAGES_SNAPSHOT: the client's merge, not a blind replace (@ag-ui/client 1.0.0
// defaultApplyEvents):
// - a local message whose id is in the snapshot is replaced in place by the snapshot's version;
// - other local messages are dropped, except activity messages (kept unless the snapshot is
//   authoritative for their activityType) and reasoning messages (kept iff the snapshot has none);
// - snapshot messages not present locally are appended in snapshot order.
// O(local + snapshot) per snapshot.

#include "core/session/applycontext.h"

#include <QStringList>

namespace agui {

namespace {

// metadata["@ag-ui/client"].authoritativeActivityTypes, as the client reads it:
// nullopt = the key is absent (then: authoritative iff the snapshot has an activity message);
// a list (maybe empty) = authoritative for those types; isNull = authoritative for all.
struct Authority
{
    enum class Kind : quint8 { Absent, All, List } kind = Kind::Absent;
    QStringList types;
};

Authority authorityOf(const QJsonObject &event)
{
    Authority a;
    const QJsonObject metadata = event.value(QLatin1String("metadata")).toObject();
    const auto it = metadata.constFind(QLatin1String("@ag-ui/client"));
    if (it == metadata.constEnd())
        return a;
    if (!it->isObject()) {
        a.kind = Authority::Kind::List; // a non-object marker counts as "no types"
        return a;
    }
    const QJsonObject marker = it->toObject();
    const auto types = marker.constFind(QLatin1String("authoritativeActivityTypes"));
    if (types == marker.constEnd())
        return a;
    if (types->isNull()) {
        a.kind = Authority::Kind::All;
        return a;
    }
    a.kind = Authority::Kind::List;
    if (types->isArray()) {
        const QJsonArray list = types->toArray();
        for (const auto &v : list) {
            if (!v.isString()) {
                a.types.clear(); // the client accepts only an all-string list, else []
                return a;
            }
            a.types.append(v.toString());
        }
    }
    return a;
}

} // namespace

bool applyMessagesSnapshot(ApplyContext &ctx)
{
    if (ctx.event.type != EventType::MessagesSnapshot)
        return false;
    SessionSnapshot &snap = ctx.snap;
    const QJsonValue messagesValue = ctx.qvalue(QLatin1String("messages"));
    if (!messagesValue.isArray()) {
        ctx.diagnose("session.not-applied", Severity::Warning, QStringLiteral("/messages"),
                     QStringLiteral("MESSAGES_SNAPSHOT without a messages array; the messages "
                                    "are unchanged."));
        return true;
    }
    const QJsonArray incoming = messagesValue.toArray();

    QHash<QString, qsizetype> byId; // last occurrence wins, like the client's Map
    byId.reserve(incoming.size()); // Qt 6's QHash hashes every key again when it grows
    QStringList ids; // by snapshot index
    ids.reserve(incoming.size());
    bool hasActivity = false;
    bool hasReasoning = false;
    for (qsizetype i = 0; i < incoming.size(); ++i) {
        const QJsonObject m = incoming.at(i).toObject();
        ids.append(m.value(QLatin1String("id")).toString());
        byId.insert(ids.last(), i);
        const QString role = m.value(QLatin1String("role")).toString();
        hasActivity = hasActivity || role == QLatin1String("activity");
        hasReasoning = hasReasoning || role == QLatin1String("reasoning");
    }
    // Without a repeated id, a local message at the snapshot's position with the same id is that
    // id's one occurrence: found by one string compare instead of a hash look-up. A snapshot
    // usually repeats the thread in order, and its ids were a fifth of the realistic mix's load
    // (bench/README.md, "OpenTelemetry export").
    const bool distinctIds = byId.size() == ids.size();
    const auto snapshotIndexOf = [&](qsizetype position, const QString &id) -> qsizetype {
        if (distinctIds && position < ids.size() && ids.at(position) == id)
            return position;
        return byId.value(id, -1);
    };
    const Authority authority = authorityOf(ctx.json().toQJsonObject());
    auto keepAbsent = [&](const Message &m) {
        if (m.isActivity()) {
            switch (authority.kind) {
            case Authority::Kind::List:
                return !authority.types.contains(m.rare().activityType);
            case Authority::Kind::All:
                return false;
            case Authority::Kind::Absent:
                return !hasActivity;
            }
        }
        return m.role == QLatin1String("reasoning") && !hasReasoning;
    };

    // Pass 1: which local messages stay (replaced or kept). Only the replaced ones' ids are
    // collected (the snapshot messages already present): hashing every kept id made a long
    // session's snapshots cost a hash insert per local message (bench/README.md, realistic mix).
    QList<qsizetype> kept;
    QList<qsizetype> replacedBy; // per kept message: snapshot index, or -1 (kept as is)
    QList<bool> present(incoming.size(), false); // by snapshot index: replaces a local message
    for (qsizetype p = 0; p < snap.messageCount(); ++p) {
        const Message &m = snap.message(p);
        const qsizetype at = snapshotIndexOf(p, m.id);
        if (at >= 0) {
            kept.append(p);
            replacedBy.append(at);
            present[at] = true;
        } else if (keepAbsent(m)) {
            kept.append(p); // its id is not in the snapshot: nothing to skip below
            replacedBy.append(-1);
        } else {
            ctx.noteMessageRemoved(m.id);
        }
    }

    // Pass 2: replace in place (noting real changes), drop the rest, append the new ones.
    for (qsizetype k = 0; k < kept.size(); ++k) {
        if (replacedBy.at(k) < 0)
            continue;
        const QJsonObject obj = incoming.at(replacedBy.at(k)).toObject();
        const Message &old = snap.message(kept.at(k));
        const bool same = messageAsAgUi(snap, old) == obj;
        Message m = messageFromJson(ctx, obj);
        m.runIndex = old.runIndex;
        if (same) {
            m.firstSeq = old.firstSeq;
            m.eventCount = old.eventCount;
        } else {
            ctx.noteMessageChanged(m.id);
            if (m.isActivity())
                ctx.noteActivity(m.id);
        }
        snap.replaceMessage(kept.at(k), std::move(m));
    }
    if (kept.size() != snap.messageCount())
        snap.retainMessages(kept);
    for (qsizetype i = 0; i < incoming.size(); ++i) {
        // A repeated id is present once its last occurrence (the one byId holds) is.
        if (present.at(distinctIds ? i : byId.value(ids.at(i))))
            continue;
        const QJsonObject obj = incoming.at(i).toObject();
        Message m = messageFromJson(ctx, obj);
        ctx.noteMessageAdded(m.id);
        if (m.isActivity())
            ctx.noteActivity(m.id);
        snap.appendMessage(std::move(m));
    }
    // Calls listed in the snapshot (and answers to them) join the tool call table.
    for (const auto &v : incoming) {
        const QJsonObject obj = v.toObject();
        registerSnapshotToolCalls(snap, obj, snap.currentRunIndex(), ctx.seq);
    }
    return true;
}

} // namespace agui
