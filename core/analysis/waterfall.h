#pragma once

// What the timing waterfall shows, as data: one row per run, step, subagent, message and tool
// call, each a span over real time (the session's EventClock), nested under its run (and its
// subagent); the silences, stalls and buffering marked; the inter-token gaps as a histogram.
// Built from a snapshot and a timing report, so the GUI draws it and the MCP server can list it.

#include "core/analysis/timing.h"

#include <QList>
#include <QString>

namespace agui {
class SessionSnapshot;
}

namespace agui::analysis {

// One row of the waterfall.
struct WaterfallRow
{
    enum class Kind : quint8 { Run, Step, Subagent, Message, Reasoning, ToolCall };
    Kind kind = Kind::Message;
    int depth = 0; // 0 runs, 1 what they hold, 2 what a subagent holds
    QString label; // "run r1", "step plan", "assistant m1", "tool get_weather c1"
    qint64 startUs = -1;
    qint64 endUs = -1; // for an item still open at the end: the session's last time
    bool open = false;
    qint64 startSeq = -1; // the events to select for it
    qint64 endSeq = -1;
    qint64 midUs = -1; // tool calls: when the arguments ended (END), before the result
};

// A stretch of time worth seeing: no byte while something was open (stall), many events at
// once after a silence (buffering), or a silence between events of at least a second (gap).
struct WaterfallMark
{
    enum class Kind : quint8 { Gap, Stall, Buffering };
    Kind kind = Kind::Gap;
    qint64 fromUs = -1;
    qint64 toUs = -1;
    qint64 seq = -1; // the event after it (buffering: the first event of the piece)
    QString label;
};

// Counts of inter-token gaps in fixed buckets (upper bounds in ms; the last is open).
struct GapHistogram
{
    QList<double> upperMs; // 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, +inf
    QList<qint64> counts;
    qint64 total() const;
};

struct Waterfall
{
    TimeSource source = TimeSource::None;
    qint64 startUs = -1;
    qint64 endUs = -1;
    QList<WaterfallRow> rows;
    QList<WaterfallMark> marks;
    GapHistogram interTokenGaps;

    bool isEmpty() const { return rows.isEmpty(); }
};

QString waterfallKindName(WaterfallRow::Kind kind); // "run", "step", ...

// gapUs: the silence between two events that is marked as a gap.
Waterfall buildWaterfall(const SessionSnapshot &snapshot, const EventClock &clock,
                         const TimingReport &timing, qint64 gapUs = 1'000'000);

} // namespace agui::analysis
