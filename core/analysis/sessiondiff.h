#pragma once

// Compares two sessions (two captures), or two runs of one session: the events, aligned by type
// and ids rather than by position, and what they built: runs, messages, tool calls (names,
// arguments, results), the state and the A2UI surfaces. Each difference is added, missing,
// reordered or changed, and a changed value carries the JSON Patch from the first side to the
// second. Used by `agui-inspect diff` (and its golden-file workflow), the GUI's diff view and
// re-run comparison.

#include "core/analysis/timing.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

namespace agui {
class Session;
}

namespace agui::analysis {

// What a comparison leaves out. By default everything is compared.
struct DiffOptions
{
    // Ids (messageId, toolCallId, runId, threadId, ... any "id", "*Id" or "*Ids" member) are
    // replaced on each side by their order of first appearance ("#1", "#2", ...), so two runs
    // that mint fresh ids still line up.
    bool ignoreIds = false;
    bool ignoreTimestamps = false; // events' "timestamp" members
    // Message and reasoning text: the deltas' text and how it was split into events (the events
    // of one message's content, and of one tool call's argument stream, count as one), and the
    // content of non-tool messages. Tool arguments and results are still compared.
    bool ignoreText = false;
    // Per exchange: time to first byte, first text, duration, p95 inter-token gap; a figure has
    // changed when it differs by more than timingTolerance of the first side's value and more
    // than timingFloorMs.
    bool ignoreTiming = false;
    double timingTolerance = 0.5;
    double timingFloorMs = 100;
};

// One side of a comparison: a whole session, or one of its runs.
struct DiffSide
{
    const Session *session = nullptr;
    int runIndex = -1; // -1: the whole session; else only that run (SessionSnapshot::run index)
    TimingReport timing; // for timing comparisons (empty: not compared)
    QString name; // for reports ("golden.aguicap", "run 2")
};

enum class DiffKind : quint8 {
    Added, // only on the second side
    Missing, // only on the first side
    Reordered, // on both sides, in another order relative to the others
    Changed, // on both sides, with another value
};
QString diffKindName(DiffKind kind); // "added", "missing", "reordered", "changed"

// One difference.
struct DiffItem
{
    QString section; // "events", "runs", "messages", "toolCalls", "state", "surfaces", "timing"
    DiffKind kind = DiffKind::Changed;
    QString key; // what it is about: "TEXT_MESSAGE_START m1 #1", "message m1", "/count", ...
    qint64 seqA = -1; // the event on each side that shows it best (-1 none)
    qint64 seqB = -1;
    QJsonValue a = QJsonValue(QJsonValue::Undefined); // the value on each side, as compared
    QJsonValue b = QJsonValue(QJsonValue::Undefined); // (undefined: not on that side)
    QJsonArray patch; // Changed: RFC 6902 ops turning a into b
};

struct SessionDiff
{
    QList<DiffItem> items;
    qint64 eventsA = 0;
    qint64 eventsB = 0;
    qint64 eventsMatched = 0;
    bool same() const { return items.isEmpty(); }
    qsizetype count(DiffKind kind) const;
};

SessionDiff diffSessions(const DiffSide &a, const DiffSide &b, const DiffOptions &options = {});

// {"same", "sides":{a,b}, "options", "counts":{added,missing,reordered,changed}, "events":{...},
//  "differences":[{section, kind, key, seqA, seqB, a, b, patch}]}
QJsonObject diffToJson(const SessionDiff &diff, const DiffSide &a, const DiffSide &b,
                       const DiffOptions &options);

// One line for a difference: "changed message m1 (event 3 / 4): [{"op":"replace",...}]".
QString describeDiffItem(const DiffItem &item);

// JUnit XML: one testsuite, one testcase per section (events, runs, messages, ...), each failing
// with the list of its differences.
QByteArray diffToJUnit(const SessionDiff &diff, const DiffSide &a, const DiffSide &b);

} // namespace agui::analysis
