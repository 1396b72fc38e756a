#include "ui/timeline/timelinedata.h"

#include "core/session/session.h"

#include <QJsonArray>
#include <QJsonObject>

#include <cmath>

namespace agui::ui {

namespace {

// First seq with receivedAtUs >= t (times are non-decreasing on the time axis).
qint64 lowerBoundTime(const EventStore &store, double t)
{
    qint64 lo = 0;
    qint64 hi = store.size();
    while (lo < hi) {
        const qint64 mid = lo + (hi - lo) / 2;
        if (double(store.receivedAtUs(mid)) < t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

qint64 usageTokens(const QJsonArray &usage)
{
    qint64 total = 0;
    for (const QJsonValue &v : usage) {
        const QJsonObject u = v.toObject();
        if (u.contains(QLatin1String("totalTokens")))
            total += qint64(u.value(QLatin1String("totalTokens")).toDouble());
        else
            total += qint64(u.value(QLatin1String("inputTokens")).toDouble())
                + qint64(u.value(QLatin1String("outputTokens")).toDouble());
    }
    return total;
}

// Every how many items one is drawn (or, for runs, how many make one span): the fewest that
// keep a kind within kMaxSpans.
qsizetype strideFor(qsizetype count)
{
    return qMax<qsizetype>(1, (count + TimelineData::kMaxSpans - 1) / TimelineData::kMaxSpans);
}

} // namespace

double TimelineBuilder::positionOf(const Session &session, const TimelineData &data, qint64 seq)
{
    const qint64 n = session.events().size();
    if (n == 0 || seq < 0)
        return data.domainStart;
    seq = qMin(seq, n - 1);
    return data.timeAxis ? double(session.events().receivedAtUs(seq)) : double(seq);
}

void TimelineBuilder::reset()
{
    m_checkedUpTo = 0;
    m_lastTime = -1;
    m_monotonic = true;
}

TimelineData TimelineBuilder::build(const Session &session)
{
    const EventStore &store = session.events();
    const qint64 n = store.size();
    if (n < m_checkedUpTo)
        reset();
    for (qint64 seq = m_checkedUpTo; seq < n && m_monotonic; ++seq) {
        const qint64 t = store.receivedAtUs(seq);
        if (t < 0 || t < m_lastTime)
            m_monotonic = false;
        m_lastTime = t;
    }
    m_checkedUpTo = n;

    TimelineData d;
    d.eventCount = n;
    d.timeAxis = m_monotonic && n > 0 && store.receivedAtUs(n - 1) > store.receivedAtUs(0);
    auto pos = [&](qint64 seq) -> double {
        seq = qBound<qint64>(0, seq, qMax<qint64>(0, n - 1));
        return d.timeAxis ? double(store.receivedAtUs(seq)) : double(seq);
    };
    if (n == 0) {
        d.domainStart = 0;
        d.domainEnd = 1;
    } else if (d.timeAxis) {
        d.domainStart = double(store.receivedAtUs(0));
        d.domainEnd = double(store.receivedAtUs(n - 1));
    } else {
        d.domainStart = 0;
        d.domainEnd = double(qMax<qint64>(1, n - 1));
    }

    // Density: bin boundaries found by binary search, O(bins x log n), not O(n). A short
    // capture gets fewer, wider bins (about two events each) so its rate reads as a curve.
    const int binCount = int(qBound(qint64(60), n / 2, qint64(TimelineData::kBins)));
    d.bins.resize(binCount);
    const double width = (d.domainEnd - d.domainStart) / binCount;
    qint64 previous = 0;
    for (int b = 0; b < binCount && n > 0; ++b) {
        const double end = d.domainStart + width * (b + 1);
        qint64 next;
        if (b == binCount - 1)
            next = n;
        else if (d.timeAxis)
            next = lowerBoundTime(store, end);
        else
            next = qMin<qint64>(n, qint64(std::ceil(end)));
        d.bins[b] = int(qMax<qint64>(0, next - previous));
        d.maxBin = qMax(d.maxBin, d.bins[b]);
        previous = qMax(previous, next);
    }
    d.binSeconds = d.timeAxis ? width / 1e6 : 0;

    const SessionSnapshot &snap = session.current();
    auto spanEnd = [&](qint64 endSeq, qint64 lastSeq) {
        return endSeq >= 0 ? pos(endSeq) : pos(qMax(lastSeq, n - 1));
    };
    const qsizetype runGroup = strideFor(snap.runCount());
    for (qsizetype first = 0; first < snap.runCount(); first += runGroup) {
        const qsizetype last = qMin(snap.runCount(), first + runGroup) - 1;
        const Run &a = snap.run(first);
        const Run &b = snap.run(last);
        TimelineData::Span s;
        s.from = pos(a.firstSeq);
        s.to = b.endSeq >= 0 ? pos(b.endSeq) : pos(b.lastSeq);
        if (runGroup > 1)
            s.label = QObject::tr("runs %1–%2").arg(first + 1).arg(last + 1);
        else
            s.label = a.runId.isEmpty() ? QObject::tr("run %1").arg(first + 1) : a.runId;
        s.colorIndex = int(first / runGroup);
        s.open = b.status == RunStatus::Running;
        s.firstIndex = first;
        s.lastIndex = last;
        d.runs.append(s);
    }
    // Steps: greedy lanes so overlapping (nested) steps do not hide each other.
    QList<double> laneEnds;
    const qsizetype stepStride = strideFor(snap.stepCount());
    for (qsizetype i = 0; i < snap.stepCount(); i += stepStride) {
        const Step &st = snap.step(i);
        TimelineData::Span s;
        s.from = pos(st.startSeq);
        s.to = st.isOpen() ? pos(n - 1) : pos(st.endSeq);
        s.label = st.name;
        s.open = st.isOpen();
        int lane = 0;
        while (lane < laneEnds.size() && laneEnds.at(lane) > s.from)
            ++lane;
        if (lane == laneEnds.size())
            laneEnds.append(s.to);
        else
            laneEnds[lane] = s.to;
        s.lane = qMin(lane, 3);
        d.steps.append(s);
    }
    d.stepsOmitted = snap.stepCount() - d.steps.size();
    d.stepLanes = qMax(1, qMin<int>(4, int(laneEnds.size())));
    const qsizetype subagentStride = strideFor(snap.subagentCount());
    for (qsizetype i = 0; i < snap.subagentCount(); i += subagentStride) {
        const Subagent &sa = snap.subagent(i);
        TimelineData::Span s;
        s.from = pos(sa.startSeq);
        s.to = spanEnd(sa.endSeq, n - 1);
        s.label = sa.name.isEmpty() ? sa.subagentRunId : sa.name;
        s.open = sa.status == SubagentStatus::Running;
        s.colorIndex = int(i);
        d.subagents.append(s);
    }
    d.subagentsOmitted = snap.subagentCount() - d.subagents.size();
    qint64 cumulative = 0;
    for (qsizetype i = 0; i < snap.runCount(); ++i) {
        const Run &r = snap.run(i);
        const qint64 tokens = usageTokens(r.rare().usage);
        if (tokens <= 0 || r.endSeq < 0)
            continue;
        cumulative += tokens;
        d.tokens.append({pos(r.endSeq), cumulative});
    }
    d.maxTokens = cumulative;
    return d;
}

qint64 TimelineBuilder::seqAt(const Session &session, const TimelineData &data, double x)
{
    const EventStore &store = session.events();
    const qint64 n = store.size();
    if (n == 0)
        return -1;
    qint64 seq;
    if (data.timeAxis) {
        seq = lowerBoundTime(store, x);
        // The nearer of the two neighbours, so a click lands on the event under the cursor.
        if (seq > 0
            && (seq >= n
                || x - double(store.receivedAtUs(seq - 1)) < double(store.receivedAtUs(seq)) - x))
            --seq;
    } else {
        seq = qint64(std::llround(x));
    }
    return qBound<qint64>(0, seq, n - 1);
}

} // namespace agui::ui
