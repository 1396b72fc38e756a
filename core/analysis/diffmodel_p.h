#pragma once

// Internal to the session diff: what the events built (runs, messages, tool calls, state,
// surfaces) on one side, as comparable keyed JSON values, and the comparisons of those.

#include "core/analysis/idcanon.h"
#include "core/analysis/sessiondiff.h"
#include "core/session/snapshot.h"

namespace agui::analysis {

// A comparable item: its alignment key, the event that shows it, its value as compared.
struct KeyedValue
{
    QString key;
    qint64 seq = -1;
    QJsonValue value;
};

// Events whose deltas stream one message's text or one tool call's arguments: how a stream was
// split into events is not what a comparison that ignores text (or structure) looks at.
bool isContentStream(EventType type);

// The session as of a side's last event (its run's end, or the whole session).
SessionSnapshot snapshotOf(const DiffSide &side);

// Pairs a's and b's items by key: unpaired ones are missing / added, pairs out of their relative
// order are reordered, pairs with another value are changed (with the JSON Patch a -> b).
void alignByKey(const QString &section, const QList<KeyedValue> &a, const QList<KeyedValue> &b,
                QList<DiffItem> *items, qint64 *matched = nullptr);

// The model of one side: the snapshot after its last event, restricted to its run.
class ModelSide
{
public:
    ModelSide(const DiffSide &side, const DiffOptions &options, IdCanon &ids);

    QList<KeyedValue> runs;
    QList<KeyedValue> messages;
    QList<KeyedValue> toolCalls;
    QJsonValue state;
    qint64 stateSeq = -1;
    QList<KeyedValue> surfaces;

private:
    void collectRuns(const SessionSnapshot &snapshot, int runIndex, IdCanon &ids);
    void collectMessages(const SessionSnapshot &snapshot, int runIndex, const DiffOptions &options,
                         IdCanon &ids);
    void collectToolCalls(const SessionSnapshot &snapshot, int runIndex, IdCanon &ids);
    void collectSurfaces(const SessionSnapshot &snapshot, IdCanon &ids);
};

void diffModels(const ModelSide &a, const ModelSide &b, const DiffOptions &options,
                QList<DiffItem> *items);
void diffTiming(const TimingReport &a, const TimingReport &b, const DiffOptions &options,
                QList<DiffItem> *items);

} // namespace agui::analysis
