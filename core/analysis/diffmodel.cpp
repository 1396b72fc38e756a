#include "core/analysis/diffmodel_p.h"

#include "core/analysis/sessionsurfaces.h"
#include "core/json/jsondiff.h"
#include "core/session/session.h"
#include "core/session/toolargs.h"

#include <QJsonArray>
#include <QJsonObject>

#include <cmath>

namespace agui::analysis {

namespace {

QJsonValue optionalValue(const std::optional<QJsonValue> &v)
{
    return v ? *v : QJsonValue();
}

// Each op of the state's JSON Patch a -> b is one difference at its path.
void diffState(const ModelSide &a, const ModelSide &b, QList<DiffItem> *items)
{
    const QJsonArray ops = json::diff(a.state, b.state);
    for (const auto &op : ops) {
        const QJsonObject o = op.toObject();
        const QString name = o.value(QLatin1String("op")).toString();
        DiffItem item;
        item.section = QStringLiteral("state");
        item.key = o.value(QLatin1String("path")).toString();
        item.kind = name == QLatin1String("add") ? DiffKind::Added
            : name == QLatin1String("remove")    ? DiffKind::Missing
                                                 : DiffKind::Changed;
        item.seqA = a.stateSeq;
        item.seqB = b.stateSeq;
        item.b = o.value(QLatin1String("value"));
        item.patch = QJsonArray {o};
        items->append(item);
    }
}

} // namespace

SessionSnapshot snapshotOf(const DiffSide &side)
{
    const Session &session = *side.session;
    const SessionSnapshot &current = session.current();
    if (side.runIndex < 0 || side.runIndex >= current.runCount())
        return current;
    const qint64 last = current.run(side.runIndex).lastSeq;
    if (last < 0 || last >= session.size() - 1 || !session.canTimeTravel())
        return current;
    return session.snapshotAt(last);
}

ModelSide::ModelSide(const DiffSide &side, const DiffOptions &options, IdCanon &ids)
{
    const SessionSnapshot snapshot = snapshotOf(side);
    collectRuns(snapshot, side.runIndex, ids);
    collectMessages(snapshot, side.runIndex, options, ids);
    collectToolCalls(snapshot, side.runIndex, ids);
    state = ids.normalize(snapshot.state());
    stateSeq = snapshot.stateSeq();
    collectSurfaces(snapshot, ids);
}

void ModelSide::collectRuns(const SessionSnapshot &snapshot, int runIndex, IdCanon &ids)
{
    for (qsizetype i = 0; i < snapshot.runCount(); ++i) {
        if (runIndex >= 0 && i != runIndex)
            continue;
        const Run &r = snapshot.run(i);
        QJsonArray pending;
        for (const QString &id : r.rare().pendingToolCallIds)
            pending.append(ids.canon(id, QStringLiteral("toolCallId")));
        const QJsonObject value {
            {QLatin1String("threadId"), ids.canon(r.threadId, QStringLiteral("threadId"))},
            {QLatin1String("runId"), ids.canon(r.runId, QStringLiteral("runId"))},
            {QLatin1String("status"), runStatusName(r.status)},
            {QLatin1String("outcome"), r.outcomeType},
            {QLatin1String("result"), ids.normalize(optionalValue(r.rare().result))},
            {QLatin1String("errorMessage"), r.rare().errorMessage},
            {QLatin1String("errorCode"), r.rare().errorCode},
            {QLatin1String("pendingToolCallIds"), pending}};
        // Runs follow each other: the n-th run of one side is compared with the n-th of the other.
        runs.append({QStringLiteral("run %1").arg(runs.size() + 1), r.firstSeq, value});
    }
}

void ModelSide::collectMessages(const SessionSnapshot &snapshot, int runIndex,
                                const DiffOptions &options, IdCanon &ids)
{
    for (qsizetype i = 0; i < snapshot.messageCount(); ++i) {
        const Message &m = snapshot.message(i);
        if (runIndex >= 0 && m.runIndex != runIndex)
            continue;
        QJsonObject value = messageAsAgUi(snapshot, m);
        if (options.ignoreText && m.role != QLatin1String("tool")
            && value.value(QLatin1String("content")).isString())
            value.remove(QLatin1String("content"));
        const QString id = ids.canon(m.id, QStringLiteral("messageId"));
        messages.append({QStringLiteral("message ") + id, m.firstSeq, ids.normalize(value)});
    }
}

void ModelSide::collectToolCalls(const SessionSnapshot &snapshot, int runIndex, IdCanon &ids)
{
    for (qsizetype i = 0; i < snapshot.toolCallCount(); ++i) {
        const ToolCall &c = snapshot.toolCall(i);
        if (runIndex >= 0 && c.runIndex != runIndex)
            continue;
        const QJsonValue arguments = parsedToolArgs(c).value_or(QJsonValue(c.args));
        const QJsonObject value {{QLatin1String("name"), c.name},
                                 {QLatin1String("arguments"), ids.normalize(arguments)},
                                 {QLatin1String("result"), ids.normalize(c.result())},
                                 {QLatin1String("status"), toolCallStatusName(c.status)}};
        const QString id = ids.canon(c.id, QStringLiteral("toolCallId"));
        toolCalls.append({QStringLiteral("tool call ") + id, c.startSeq, value});
    }
}

void ModelSide::collectSurfaces(const SessionSnapshot &snapshot, IdCanon &ids)
{
    const a2ui::SurfaceSet set = surfacesOf(snapshot);
    for (const QString &id : set.surfaceIds()) {
        if (const a2ui::Surface *s = set.surface(id))
            surfaces.append(
                {QStringLiteral("surface ") + id, -1, ids.normalize(surfaceToJson(*s))});
    }
}

void diffModels(const ModelSide &a, const ModelSide &b, const DiffOptions &options,
                QList<DiffItem> *items)
{
    Q_UNUSED(options);
    alignByKey(QStringLiteral("runs"), a.runs, b.runs, items);
    alignByKey(QStringLiteral("messages"), a.messages, b.messages, items);
    alignByKey(QStringLiteral("toolCalls"), a.toolCalls, b.toolCalls, items);
    diffState(a, b, items);
    alignByKey(QStringLiteral("surfaces"), a.surfaces, b.surfaces, items);
}

void diffTiming(const TimingReport &a, const TimingReport &b, const DiffOptions &options,
                QList<DiffItem> *items)
{
    const qsizetype n = std::min(a.exchanges.size(), b.exchanges.size());
    for (qsizetype e = 0; e < n; ++e) {
        const ExchangeTiming &x = a.exchanges[e];
        const ExchangeTiming &y = b.exchanges[e];
        const auto figure = [&](const char *name, const std::optional<double> &va,
                                const std::optional<double> &vb) {
            if (!va || !vb)
                return;
            const double limit = std::max(options.timingFloorMs, options.timingTolerance * *va);
            if (std::abs(*vb - *va) <= limit)
                return;
            const QString path = QStringLiteral("/%1").arg(QLatin1String(name));
            items->append(
                {QStringLiteral("timing"), DiffKind::Changed,
                 QStringLiteral("exchange %1 %2").arg(e).arg(QLatin1String(name)), -1, -1, *va, *vb,
                 QJsonArray {QJsonObject {{QLatin1String("op"), QStringLiteral("replace")},
                                          {QLatin1String("path"), path},
                                          {QLatin1String("value"), *vb}}}});
        };
        figure("ttfbMs", x.ttfbMs, y.ttfbMs);
        figure("firstTextMs", x.firstTextMs, y.firstTextMs);
        figure("durationMs", x.durationMs, y.durationMs);
        if (x.interToken.count && y.interToken.count)
            figure("interTokenP95Ms", x.interToken.p95Ms, y.interToken.p95Ms);
    }
}

} // namespace agui::analysis
