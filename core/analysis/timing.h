#pragma once

// Timing and stream health of a session, per HTTP exchange (one POSTed run): time to first byte,
// first event and first text token; inter-token gaps; stalls; keep-alives; tool latency; rates;
// buffering. Computed from the receive times a capture keeps (or, without them, from the events'
// own "timestamp" fields, which are the sender's clock: then nothing about the network is
// reported). Pure functions of their input: the CLI's `stats`, the GUI's waterfall and the MCP
// server compute the same figures.

#include "core/analysis/eventclock.h"
#include "core/capture/capture.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace agui {
class EventStore;
class SessionSnapshot;
} // namespace agui

namespace agui::analysis {

// Thresholds of the stream-health checks.
struct TimingOptions
{
    qint64 stallUs = 5'000'000; // a silence (no byte at all) longer than this while open = stall
    qint64 burstGapUs = 1'000'000; // buffering: a silence at least this long before ...
    int burstEvents = 8; // ... at least this many events arriving in one piece
};

// One HTTP exchange as the timing needs it: when the request left, when the response head and
// each piece of body arrived (arrival clock, µs since the epoch), and the keep-alives.
struct ExchangeTimes
{
    QString label; // "run 0", or the DevTools connection id
    int httpStatus = 0;
    qint64 requestSentUs = -1;
    qint64 responseHeadUs = -1;
    qint64 endedUs = -1;
    QList<qint64> chunkAtUs; // body pieces in arrival order (empty: unknown, events stand in)
    QList<qint64> chunkBytes;
    qint64 bodyBytes = 0;
    QList<qint64> keepAliveAtUs;
    // false: the body's pieces have no times of their own (a HAR keeps a body whole): the figures
    // that need them (gaps, stalls, buffering, rates) are left out.
    bool pieceTimes = true;
};

// The exchanges of a capture (needs the capture read with its chunks for the byte times).
QList<ExchangeTimes> exchangesOf(const Capture &capture);

struct TimingInput
{
    const EventStore *store = nullptr; // event types and primary ids
    const SessionSnapshot *model = nullptr; // tool calls (names, start/end/result events)
    EventClock clock;
    QList<int> exchangeOfSeq; // by seq; empty: the AG-UI run of each event
    QList<ExchangeTimes> exchanges; // by exchange index; missing ones are known from events only
};

// Nearest-rank percentiles of a set of durations, in ms.
struct Distribution
{
    qint64 count = 0;
    double p50Ms = 0;
    double p95Ms = 0;
    double maxMs = 0;
    static Distribution of(QList<qint64> durationsUs);
};

// No byte for longer than the threshold while a message or tool call was open.
struct Stall
{
    qint64 fromUs = -1; // the last byte before the silence
    qint64 toUs = -1; // the next byte (the end of the exchange when none came)
    qint64 afterSeq = -1; // the last event before it
    QString openKind; // "message", "reasoning", "tool call"
    QString openId;
    double durationMs() const { return (toUs - fromUs) / 1000.0; }
};

// Many events arriving in one piece after a silence: something buffered the stream.
struct Burst
{
    qint64 atUs = -1;
    qint64 firstSeq = -1;
    int events = 0;
    double silenceBeforeMs = 0;
};

// TOOL_CALL_START -> TOOL_CALL_END (arguments streamed) -> TOOL_CALL_RESULT.
struct ToolLatency
{
    QString toolCallId;
    QString name;
    qint64 startSeq = -1;
    std::optional<double> argsMs; // start -> end
    std::optional<double> resultMs; // end (or start) -> result
};

struct ExchangeTiming
{
    int exchange = -1;
    QString label;
    QStringList runIds; // the AG-UI runs it carried

    // "run 0 (run-1, run-2)": the exchange as the capture numbers it and the run ids it carried,
    // as `stats` and the Timing tab name it (the waterfall's run rows are named by run id). A
    // JSON-lines file is one exchange of maybe thousands of runs: past kTitleRunIds ids the
    // title says how many more ("run 0 (run-0, run-1, run-2 and 17678 more)").
    static constexpr qsizetype kTitleRunIds = 3;
    QString title() const;
    qint64 events = 0;
    qint64 bodyBytes = 0;
    qint64 keepAlives = 0;
    // The origin of the *Ms figures below: "request" (sent), "first byte" or "first event".
    QString measuredFrom;
    std::optional<double> ttfbMs; // request sent -> first body byte (arrival clock only)
    std::optional<double> responseHeadMs; // request sent -> response head
    std::optional<double> firstEventMs;
    std::optional<double> firstTextMs; // first TEXT_MESSAGE_CONTENT / TEXT_MESSAGE_CHUNK
    std::optional<double> durationMs; // first byte (event) -> last byte (event)
    Distribution interToken; // gaps between consecutive text deltas of one message
    QList<qint64> interTokenGapsUs; // the gaps themselves, in stream order
    Distribution keepAliveIntervals;
    std::optional<double> longestSilenceMs; // between two pieces of body, keep-alives included
    QList<Stall> stalls;
    QList<Burst> bursts; // arrival clock only
    QList<ToolLatency> tools;
    QString note; // why figures are missing, when they are
    std::optional<double> eventsPerSecond;
    std::optional<double> bytesPerSecond;
};

struct TimingReport
{
    TimeSource source = TimeSource::None;
    TimingOptions options;
    QList<ExchangeTiming> exchanges;
};

TimingReport computeTiming(const TimingInput &input, const TimingOptions &options = {});

// {"timeSource", "thresholds": {...}, "exchanges": [{...}]}: every figure above (ms, null where
// unknown), stalls/bursts/tools as arrays naming event indexes.
QJsonObject timingToJson(const TimingReport &report);

} // namespace agui::analysis
