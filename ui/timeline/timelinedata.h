#pragma once

#include <QList>
#include <QString>

namespace agui {
class Session;
}

namespace agui::ui {

// What the timeline draws, computed from the session once per batch of new events (never per
// paint): the x axis domain, event density in fixed bins, runs / steps / subagents as spans and
// cumulative token usage. The x axis is receive time when every event has a known,
// non-decreasing time, else the event number.
struct TimelineData
{
    static constexpr int kBins = 600; // at most
    // Per kind. Beyond it runs are grouped and steps/subagents thinned evenly, so every span
    // kind still covers the whole axis the cursor and the density share.
    static constexpr int kMaxSpans = 5000;

    struct Span
    {
        double from = 0; // domain units (µs or seq)
        double to = 0;
        QString label;
        int lane = 0;
        int colorIndex = 0;
        bool open = false; // not ended as of the last event
        // Runs: the runs the span stands for (more runs than kMaxSpans are drawn in groups).
        qsizetype firstIndex = 0;
        qsizetype lastIndex = 0;
    };
    struct TokenPoint
    {
        double at = 0;
        qint64 cumulativeTokens = 0;
    };

    bool timeAxis = false;
    double domainStart = 0;
    double domainEnd = 1;
    qint64 eventCount = 0;
    QList<int> bins; // events per bin
    int maxBin = 0;
    double binSeconds = 0; // time axis only
    QList<Span> runs;
    QList<Span> steps;
    QList<Span> subagents;
    int stepLanes = 1;
    qsizetype stepsOmitted = 0;
    qsizetype subagentsOmitted = 0;
    QList<TokenPoint> tokens;
    qint64 maxTokens = 0;
};

// Incremental: the monotonic-time check walks only the events appended since the last build.
class TimelineBuilder
{
public:
    void reset();
    TimelineData build(const Session &session);
    // The event at domain position x (the first event at or after it; clamped).
    static qint64 seqAt(const Session &session, const TimelineData &data, double x);
    // The domain position of an event.
    static double positionOf(const Session &session, const TimelineData &data, qint64 seq);

private:
    qint64 m_checkedUpTo = 0; // events [0, m_checkedUpTo) checked
    qint64 m_lastTime = -1;
    bool m_monotonic = true;
};

} // namespace agui::ui
