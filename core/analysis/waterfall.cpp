#include "core/analysis/waterfall.h"

#include "core/session/snapshot.h"

#include <algorithm>
#include <limits>

namespace agui::analysis {

namespace {

using Kind = WaterfallRow::Kind;

// Times of the items of a snapshot on one clock; items still open end at the session's end.
class Spans
{
public:
    Spans(const EventClock &clock, qint64 endUs)
        : m_clock(clock)
        , m_endUs(endUs)
    { }

    qint64 at(qint64 seq) const { return m_clock.at(seq); }

    WaterfallRow row(Kind kind, int depth, const QString &label, qint64 startSeq,
                     qint64 endSeq) const
    {
        WaterfallRow r;
        r.kind = kind;
        r.depth = depth;
        r.label = label;
        r.startSeq = startSeq;
        r.endSeq = endSeq;
        r.startUs = m_clock.at(startSeq);
        r.open = endSeq < 0;
        r.endUs = r.open ? m_endUs : m_clock.at(endSeq);
        if (r.endUs < r.startUs)
            r.endUs = r.startUs;
        return r;
    }

private:
    const EventClock &m_clock;
    qint64 m_endUs;
};

QString messageLabel(const Message &m)
{
    return (m.role.isEmpty() ? QStringLiteral("message") : m.role) + QLatin1Char(' ') + m.id;
}

// The rows of one run, nested: steps, subagents, then messages and tool calls by start time
// (a subagent's own items one level deeper, right after it).
QList<WaterfallRow> runRows(const SessionSnapshot &s, int run, const Spans &spans)
{
    QList<WaterfallRow> items;
    const auto depthFor = [](const QString &subagent) { return subagent.isEmpty() ? 1 : 2; };
    for (qsizetype i = 0; i < s.stepCount(); ++i) {
        const Step &step = s.step(i);
        if (step.runIndex == run)
            items.append(spans.row(Kind::Step, depthFor(step.subagentRunId),
                                   QStringLiteral("step ") + step.name, step.startSeq,
                                   step.endSeq));
    }
    for (qsizetype i = 0; i < s.subagentCount(); ++i) {
        const Subagent &a = s.subagent(i);
        if (a.runIndex == run)
            items.append(spans.row(Kind::Subagent, 1,
                                   QStringLiteral("subagent ")
                                       + (a.name.isEmpty() ? a.subagentRunId : a.name),
                                   a.startSeq, a.endSeq));
    }
    for (qsizetype i = 0; i < s.messageCount(); ++i) {
        const Message &m = s.message(i);
        if (m.runIndex != run || m.fromSnapshot || m.firstSeq < 0
            || m.role == QLatin1String("tool"))
            continue;
        // A message made only to hold tool calls (no content): their rows stand for it.
        if (m.contentKind == ContentKind::Absent && m.hasToolCalls)
            continue;
        const Kind kind = m.role == QLatin1String("reasoning") ? Kind::Reasoning : Kind::Message;
        items.append(spans.row(kind, depthFor(m.rare().subagentRunId), messageLabel(m), m.firstSeq,
                               m.lastSeq));
    }
    for (qsizetype i = 0; i < s.toolCallCount(); ++i) {
        const ToolCall &c = s.toolCall(i);
        if (c.runIndex != run || c.startSeq < 0)
            continue;
        WaterfallRow r = spans.row(Kind::ToolCall, depthFor(c.rare().subagentRunId),
                                   QStringLiteral("tool %1 %2").arg(c.name, c.id), c.startSeq,
                                   c.resultSeq >= 0 ? c.resultSeq : c.endSeq);
        r.midUs = c.resultSeq >= 0 && c.endSeq >= 0 ? spans.at(c.endSeq) : -1;
        items.append(r);
    }
    std::stable_sort(items.begin(), items.end(), [](const WaterfallRow &a, const WaterfallRow &b) {
        return a.startSeq < b.startSeq;
    });
    return items;
}

void addGaps(const EventClock &clock, qint64 gapUs, Waterfall &w)
{
    qint64 previous = -1;
    for (qint64 seq = 0; seq < clock.atUs.size(); ++seq) {
        const qint64 at = clock.atUs[seq];
        if (at < 0)
            continue;
        if (previous >= 0 && at - previous >= gapUs)
            w.marks.append(
                {WaterfallMark::Kind::Gap, previous, at, seq,
                 QStringLiteral("%1 s without an event").arg((at - previous) / 1e6, 0, 'f', 1)});
        previous = std::max(previous, at);
    }
}

void addHealthMarks(const TimingReport &timing, Waterfall &w)
{
    for (const ExchangeTiming &t : timing.exchanges) {
        for (const Stall &s : t.stalls)
            w.marks.append({WaterfallMark::Kind::Stall, s.fromUs, s.toUs, s.afterSeq + 1,
                            QStringLiteral("stall: %1 ms with %2 %3 open")
                                .arg(s.durationMs(), 0, 'f', 0)
                                .arg(s.openKind, s.openId)});
        for (const Burst &b : t.bursts)
            w.marks.append({WaterfallMark::Kind::Buffering,
                            b.atUs - qint64(b.silenceBeforeMs * 1000), b.atUs, b.firstSeq,
                            QStringLiteral("buffering: %1 events at once after %2 ms")
                                .arg(b.events)
                                .arg(b.silenceBeforeMs, 0, 'f', 0)});
    }
}

GapHistogram histogramOf(const TimingReport &timing)
{
    GapHistogram h;
    h.upperMs
        = {10, 25, 50, 100, 250, 500, 1000, 2500, 5000, std::numeric_limits<double>::infinity()};
    h.counts = QList<qint64>(h.upperMs.size(), 0);
    for (const ExchangeTiming &t : timing.exchanges) {
        for (const qint64 gap : t.interTokenGapsUs) {
            const auto it = std::lower_bound(h.upperMs.cbegin(), h.upperMs.cend(), gap / 1000.0);
            h.counts[it - h.upperMs.cbegin()] += 1;
        }
    }
    return h;
}

} // namespace

qint64 GapHistogram::total() const
{
    qint64 n = 0;
    for (const qint64 c : counts)
        n += c;
    return n;
}

QString waterfallKindName(WaterfallRow::Kind kind)
{
    switch (kind) {
    case Kind::Run:
        return QStringLiteral("run");
    case Kind::Step:
        return QStringLiteral("step");
    case Kind::Subagent:
        return QStringLiteral("subagent");
    case Kind::Message:
        return QStringLiteral("message");
    case Kind::Reasoning:
        return QStringLiteral("reasoning");
    case Kind::ToolCall:
        break;
    }
    return QStringLiteral("tool call");
}

Waterfall buildWaterfall(const SessionSnapshot &snapshot, const EventClock &clock,
                         const TimingReport &timing, qint64 gapUs)
{
    Waterfall w;
    w.source = clock.source;
    for (const qint64 at : clock.atUs) {
        if (at < 0)
            continue;
        w.startUs = w.startUs < 0 ? at : std::min(w.startUs, at);
        w.endUs = std::max(w.endUs, at);
    }
    if (w.startUs < 0)
        return w; // no clock: nothing to place in time
    const Spans spans(clock, w.endUs);
    for (int run = 0; run < snapshot.runCount(); ++run) {
        const Run &r = snapshot.run(run);
        w.rows.append(
            spans.row(Kind::Run, 0,
                      QStringLiteral("run ") + (r.runId.isEmpty() ? QString::number(run) : r.runId),
                      r.firstSeq, r.status == RunStatus::Running ? -1 : r.lastSeq));
        w.rows += runRows(snapshot, run, spans);
    }
    addGaps(clock, gapUs, w);
    addHealthMarks(timing, w);
    w.interTokenGaps = histogramOf(timing);
    return w;
}

} // namespace agui::analysis
