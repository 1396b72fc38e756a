#include "core/analysis/sessiondiff.h"

#include "core/analysis/diffmodel_p.h"
#include "core/analysis/idcanon.h"
#include "core/json/jsondiff.h"
#include "core/protocol/catalogue.h"
#include "core/session/session.h"

#include <QHash>

#include <algorithm>

namespace agui::analysis {

namespace {

const QJsonValue kAbsent(QJsonValue::Undefined);

// One event of a side, as compared.
struct AlignedEvent
{
    qint64 seq = -1;
    QString key; // type, canonical primary id, occurrence
    QJsonObject value;
};

QJsonObject eventValue(const Session &session, qint64 seq, const DiffOptions &options, IdCanon &ids)
{
    const Event event = session.events().event(seq);
    QJsonObject value = event.json;
    if (event.type == EventType::Invalid)
        value.insert(QLatin1String("invalid"), QString::fromUtf8(event.payload));
    if (options.ignoreTimestamps)
        value.remove(QLatin1String("timestamp"));
    if (options.ignoreText && isContentStream(event.type))
        value.remove(QLatin1String("delta"));
    return ids.normalize(value).toObject();
}

bool inSide(const Session &session, const DiffSide &side, qint64 seq)
{
    return side.runIndex < 0 || session.events().runIndex(seq) == side.runIndex;
}

QList<AlignedEvent> alignedEvents(const DiffSide &side, const DiffOptions &options, IdCanon &ids)
{
    const Session &session = *side.session;
    const EventStore &store = session.events();
    QList<AlignedEvent> list;
    QHash<QString, int> occurrences;
    for (qint64 seq = 0; seq < store.size(); ++seq) {
        if (!inSide(session, side, seq))
            continue;
        AlignedEvent e;
        e.seq = seq;
        e.value = eventValue(session, seq, options, ids);
        const EventType type = store.type(seq);
        const QString base = store.typeName(seq) + QLatin1Char(' ')
            + ids.canon(store.primaryId(seq), QStringLiteral("id"));
        const int n = ++occurrences[base];
        // Ignoring text, a message's content (a tool call's argument stream) is one event.
        if (options.ignoreText && isContentStream(type) && n > 1)
            continue;
        e.key = base.trimmed() + QStringLiteral(" #%1").arg(n);
        list.append(e);
    }
    return list;
}

// Positions (into `order`) of the longest increasing subsequence: what kept its relative order.
QList<bool> inLongestIncreasingRun(const QList<qsizetype> &order)
{
    QList<qsizetype> tails; // index into order of the smallest tail of each length
    QList<qsizetype> previous(order.size(), -1);
    for (qsizetype i = 0; i < order.size(); ++i) {
        const auto it = std::lower_bound(tails.begin(), tails.end(), order[i],
                                         [&](qsizetype t, qsizetype v) { return order[t] < v; });
        if (it != tails.begin())
            previous[i] = *(it - 1);
        if (it == tails.end())
            tails.append(i);
        else
            *it = i;
    }
    QList<bool> kept(order.size(), false);
    for (qsizetype i = tails.isEmpty() ? -1 : tails.last(); i >= 0; i = previous[i])
        kept[i] = true;
    return kept;
}

} // namespace

bool isContentStream(EventType type)
{
    return eventSpec(type).streamsDelta;
}

void alignByKey(const QString &section, const QList<KeyedValue> &a, const QList<KeyedValue> &b,
                QList<DiffItem> *items, qint64 *matched)
{
    QHash<QString, qsizetype> inB;
    for (qsizetype j = 0; j < b.size(); ++j)
        inB.insert(b[j].key, j);
    QList<bool> bMatched(b.size(), false);
    QList<qsizetype> order; // b positions of the matched items, in a's order
    QList<qsizetype> fromA;
    for (qsizetype i = 0; i < a.size(); ++i) {
        const auto it = inB.constFind(a[i].key);
        if (it == inB.cend()) {
            items->append(
                {section, DiffKind::Missing, a[i].key, a[i].seq, -1, a[i].value, kAbsent, {}});
            continue;
        }
        bMatched[*it] = true;
        order.append(*it);
        fromA.append(i);
    }
    const QList<bool> kept = inLongestIncreasingRun(order);
    for (qsizetype k = 0; k < order.size(); ++k) {
        const KeyedValue &x = a[fromA[k]];
        const KeyedValue &y = b[order[k]];
        if (!kept[k])
            items->append(
                {section, DiffKind::Reordered, x.key, x.seq, y.seq, kAbsent, kAbsent, {}});
        if (x.value != y.value)
            items->append({section, DiffKind::Changed, x.key, x.seq, y.seq, x.value, y.value,
                           json::diff(x.value, y.value)});
    }
    for (qsizetype j = 0; j < b.size(); ++j) {
        if (!bMatched[j])
            items->append(
                {section, DiffKind::Added, b[j].key, -1, b[j].seq, kAbsent, b[j].value, {}});
    }
    if (matched)
        *matched = order.size();
}

QString diffKindName(DiffKind kind)
{
    switch (kind) {
    case DiffKind::Added:
        return QStringLiteral("added");
    case DiffKind::Missing:
        return QStringLiteral("missing");
    case DiffKind::Reordered:
        return QStringLiteral("reordered");
    case DiffKind::Changed:
        break;
    }
    return QStringLiteral("changed");
}

qsizetype SessionDiff::count(DiffKind kind) const
{
    return std::count_if(items.cbegin(), items.cend(),
                         [kind](const DiffItem &i) { return i.kind == kind; });
}

SessionDiff diffSessions(const DiffSide &a, const DiffSide &b, const DiffOptions &options)
{
    SessionDiff diff;
    if (!a.session || !b.session)
        return diff;
    IdCanon idsA(options.ignoreIds);
    IdCanon idsB(options.ignoreIds);
    const auto keyed = [](const QList<AlignedEvent> &events) {
        QList<KeyedValue> list;
        for (const AlignedEvent &e : events)
            list.append({e.key, e.seq, e.value});
        return list;
    };
    const QList<KeyedValue> eventsA = keyed(alignedEvents(a, options, idsA));
    const QList<KeyedValue> eventsB = keyed(alignedEvents(b, options, idsB));
    diff.eventsA = eventsA.size();
    diff.eventsB = eventsB.size();
    alignByKey(QStringLiteral("events"), eventsA, eventsB, &diff.items, &diff.eventsMatched);
    ModelSide modelA(a, options, idsA);
    ModelSide modelB(b, options, idsB);
    diffModels(modelA, modelB, options, &diff.items);
    if (!options.ignoreTiming)
        diffTiming(a.timing, b.timing, options, &diff.items);
    return diff;
}

} // namespace agui::analysis
