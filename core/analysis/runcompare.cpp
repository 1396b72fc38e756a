#include "core/analysis/runcompare.h"

#include "core/analysis/capturesession.h"
#include "core/analysis/diffmodel_p.h"
#include "core/json/jsonpointer.h"
#include "core/session/session.h"
#include "core/session/toolargs.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QMap>
#include <QSet>

#include <algorithm>

namespace agui::analysis {

namespace {

const QJsonValue kAbsent(QJsonValue::Undefined);

// Above this many cells the middle of two event sequences is not aligned (memory), and the first
// point where they part is reported instead.
constexpr qint64 kMaxAlignCells = 4'000'000;

struct TypedEvent
{
    QString type;
    qint64 seq = -1;
};

bool inSide(const DiffSide &side, qint64 seq)
{
    return side.runIndex < 0 || side.session->events().runIndex(seq) == side.runIndex;
}

// The side's events by type; a message's (tool call's) content stream counts as its first event.
QList<TypedEvent> typedEvents(const DiffSide &side)
{
    const EventStore &store = side.session->events();
    QList<TypedEvent> list;
    QSet<QString> streams;
    for (qint64 seq = 0; seq < store.size(); ++seq) {
        if (!inSide(side, seq))
            continue;
        const EventType type = store.type(seq);
        QString name = store.typeName(seq);
        if (name.isEmpty())
            name = eventTypeName(type);
        if (isContentStream(type)) {
            const QString stream = name + QLatin1Char(' ') + store.primaryId(seq);
            if (streams.contains(stream))
                continue;
            streams.insert(stream);
        }
        list.append({name, seq});
    }
    return list;
}

QString placeIn(const QList<TypedEvent> &events, qsizetype at, const char *side)
{
    return at < events.size()
        ? QStringLiteral(" at %1 event %2").arg(QLatin1String(side)).arg(events[at].seq)
        : QStringLiteral(" at the end of %1").arg(QLatin1String(side));
}

DiffItem eventItem(DiffKind kind, const TypedEvent &e, const QString &where)
{
    DiffItem item;
    item.section = QStringLiteral("eventTypes");
    item.kind = kind;
    item.key = e.type + where;
    if (kind == DiffKind::Missing) {
        item.seqA = e.seq;
        item.a = e.type;
    } else {
        item.seqB = e.seq;
        item.b = e.type;
    }
    return item;
}

// a[from, a.size() - tail) against b[from, b.size() - tail): the longest common subsequence of
// types, what is outside it missing (a) or added (b), each placed at the other side's event.
// Returns how many events of the middle matched.
qsizetype alignMiddle(const QList<TypedEvent> &a, const QList<TypedEvent> &b, qsizetype from,
                      qsizetype tail, QList<DiffItem> *items)
{
    const qsizetype n = a.size() - tail - from;
    const qsizetype m = b.size() - tail - from;
    if (qint64(n + 1) * (m + 1) > kMaxAlignCells) {
        DiffItem item;
        item.section = QStringLiteral("eventTypes");
        item.key = QStringLiteral("events part from here (%1 and %2 events too many to align)")
                       .arg(n)
                       .arg(m);
        item.seqA = a[from].seq;
        item.seqB = b[from].seq;
        item.a = a[from].type;
        item.b = b[from].type;
        items->append(item);
        return 0;
    }
    // lcs[i * (m + 1) + j]: the common subsequence length of a[from + i ..] and b[from + j ..].
    QList<qint32> lcs((n + 1) * (m + 1), 0);
    const auto at = [&](qsizetype i, qsizetype j) -> qint32 & { return lcs[i * (m + 1) + j]; };
    for (qsizetype i = n - 1; i >= 0; --i) {
        for (qsizetype j = m - 1; j >= 0; --j)
            at(i, j) = a[from + i].type == b[from + j].type ? at(i + 1, j + 1) + 1
                                                            : std::max(at(i + 1, j), at(i, j + 1));
    }
    qsizetype i = 0;
    qsizetype j = 0;
    qsizetype matched = 0;
    while (i < n || j < m) {
        if (i < n && j < m && a[from + i].type == b[from + j].type) {
            ++i;
            ++j;
            ++matched;
        } else if (j >= m || (i < n && at(i + 1, j) >= at(i, j + 1))) {
            items->append(eventItem(DiffKind::Missing, a[from + i], placeIn(b, from + j, "B")));
            ++i;
        } else {
            items->append(eventItem(DiffKind::Added, b[from + j], placeIn(a, from + i, "A")));
            ++j;
        }
    }
    return matched;
}

void compareEventTypes(const DiffSide &a, const DiffSide &b, SessionDiff *diff)
{
    const QList<TypedEvent> ea = typedEvents(a);
    const QList<TypedEvent> eb = typedEvents(b);
    diff->eventsA = ea.size();
    diff->eventsB = eb.size();
    const qsizetype shorter = std::min(ea.size(), eb.size());
    qsizetype head = 0;
    while (head < shorter && ea[head].type == eb[head].type)
        ++head;
    qsizetype tail = 0;
    while (tail < shorter - head && ea[ea.size() - 1 - tail].type == eb[eb.size() - 1 - tail].type)
        ++tail;
    diff->eventsMatched = head + tail + alignMiddle(ea, eb, head, tail, &diff->items);
}

// The JSON Pointers of the members of value, through nested objects (array elements are data,
// not keys).
void memberPaths(const QJsonValue &value, const QString &prefix, QStringList *paths)
{
    const QJsonObject o = value.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString path = prefix + QLatin1Char('/') + json::Pointer::escapeToken(it.key());
        paths->append(path);
        if (it.value().isObject())
            memberPaths(it.value(), path, paths);
    }
}

QList<KeyedValue> toolCallShapes(const DiffSide &side)
{
    const SessionSnapshot snapshot = snapshotOf(side);
    QList<KeyedValue> list;
    for (qsizetype i = 0; i < snapshot.toolCallCount(); ++i) {
        const ToolCall &c = snapshot.toolCall(i);
        if (side.runIndex >= 0 && c.runIndex != side.runIndex)
            continue;
        QJsonValue keys; // null: the arguments are not a JSON object
        if (const std::optional<QJsonValue> args = parsedToolArgs(c); args && args->isObject()) {
            QStringList paths;
            memberPaths(*args, QString(), &paths);
            paths.sort();
            keys = QJsonArray::fromStringList(paths);
        }
        const QJsonObject value {{QLatin1String("name"), c.name},
                                 {QLatin1String("argumentKeys"), keys}};
        list.append({QStringLiteral("tool call #%1").arg(list.size() + 1), c.startSeq, value});
    }
    return list;
}

// Each state path the side's events touch, with the first event touching it: the members of
// every STATE_SNAPSHOT (through nested objects and arrays), the path (and from) of every
// STATE_DELTA op.
void snapshotPaths(const QJsonValue &value, const QString &prefix, QStringList *paths)
{
    if (value.isObject()) {
        memberPaths(value, prefix, paths);
        const QJsonObject o = value.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (it.value().isArray())
                snapshotPaths(it.value(),
                              prefix + QLatin1Char('/') + json::Pointer::escapeToken(it.key()),
                              paths);
        }
    } else if (value.isArray()) {
        const QJsonArray array = value.toArray();
        for (qsizetype i = 0; i < array.size(); ++i) {
            const QString path = prefix + QLatin1Char('/') + QString::number(i);
            paths->append(path);
            snapshotPaths(array[i], path, paths);
        }
    }
}

QMap<QString, qint64> statePaths(const DiffSide &side)
{
    const EventStore &store = side.session->events();
    QMap<QString, qint64> touched;
    for (qint64 seq = 0; seq < store.size(); ++seq) {
        const EventType type = store.type(seq);
        if ((type != EventType::StateSnapshot && type != EventType::StateDelta)
            || !inSide(side, seq))
            continue;
        const QJsonObject event = store.event(seq).json;
        QStringList paths;
        if (type == EventType::StateSnapshot) {
            snapshotPaths(event.value(QLatin1String("snapshot")), QString(), &paths);
        } else {
            for (const auto &op : event.value(QLatin1String("delta")).toArray()) {
                for (const char *member : {"path", "from"}) {
                    const QJsonValue path = op.toObject().value(QLatin1String(member));
                    if (path.isString())
                        paths.append(path.toString());
                }
            }
        }
        for (const QString &path : std::as_const(paths))
            touched.insert(path, touched.value(path, seq));
    }
    return touched;
}

void compareStatePaths(const DiffSide &a, const DiffSide &b, QList<DiffItem> *items)
{
    const QMap<QString, qint64> pa = statePaths(a);
    const QMap<QString, qint64> pb = statePaths(b);
    for (auto it = pa.cbegin(); it != pa.cend(); ++it) {
        if (!pb.contains(it.key()))
            items->append({QStringLiteral("statePaths"),
                           DiffKind::Missing,
                           it.key(),
                           it.value(),
                           -1,
                           it.key(),
                           kAbsent,
                           {}});
    }
    for (auto it = pb.cbegin(); it != pb.cend(); ++it) {
        if (!pa.contains(it.key()))
            items->append({QStringLiteral("statePaths"),
                           DiffKind::Added,
                           it.key(),
                           -1,
                           it.value(),
                           kAbsent,
                           it.key(),
                           {}});
    }
}

} // namespace

SessionDiff compareRunStructure(const DiffSide &a, const DiffSide &b)
{
    SessionDiff diff;
    if (!a.session || !b.session)
        return diff;
    compareEventTypes(a, b, &diff);
    alignByKey(QStringLiteral("toolCalls"), toolCallShapes(a), toolCallShapes(b), &diff.items);
    compareStatePaths(a, b, &diff.items);
    return diff;
}

Capture captureOfRun(const Capture &capture, int index)
{
    Capture only = capture;
    only.runs = {capture.runs.value(index)};
    only.notes.clear();
    only.bookmarks.clear(); // their event numbers count the whole capture's events
    only.problems.clear();
    return only;
}

QList<qint64> seqsOfRun(const Capture &capture, int index)
{
    qint64 decoded = 0;
    QList<qint64> seqs;
    CaptureLoadOptions counter;
    counter.onFrame = [&](const DecodedFrame &, const EventOrigin &origin) {
        if (origin.runIndex == index)
            seqs.append(decoded);
        ++decoded;
    };
    forEachEvent(capture, counter);
    return seqs;
}

qint64 firstSeqOfRun(const Capture &capture, int index)
{
    return seqsOfRun(capture, index).value(0, -1);
}

SessionDiff diffRecordedRuns(const Capture &capture, int runA, int runB, const DiffOptions &options)
{
    CaptureSession a;
    CaptureSession b;
    sessionFromCapture(captureOfRun(capture, runA), &a);
    sessionFromCapture(captureOfRun(capture, runB), &b);
    SessionDiff diff
        = diffSessions({a.session.get(), -1, {}, QStringLiteral("run %1").arg(runA + 1)},
                       {b.session.get(), -1, {}, QStringLiteral("run %1").arg(runB + 1)}, options);
    // Side A's k-th event is the k-th event of run A in the capture, wherever the other runs'
    // events fell between its own.
    const QList<qint64> seqs = seqsOfRun(capture, runA);
    for (DiffItem &item : diff.items) {
        if (item.seqA >= 0)
            item.seqA = seqs.value(item.seqA, -1);
    }
    return diff;
}

} // namespace agui::analysis
