#pragma once

#include "core/protocol/event.h"
#include "core/protocol/eventview.h"
#include "core/session/change.h"
#include "core/session/clientpipeline.h"
#include "core/session/snapshot.h"

#include <QHash>
#include <QJsonObject>
#include <QSet>
#include <QString>

#include <string>

namespace agui {

// Everything the fold carries from one event to the next: the public model plus the bits of
// pipeline state the client also keeps (its pipeline: open chunk streams, the legacy THINKING ids;
// the per-run list of started / answered tool calls). Copyable: a checkpoint is one of these.
class ReducerState
{
public:
    SessionSnapshot snapshot;
    ClientPipeline pipeline;
    QStringList runStartedCalls; // tool calls started in the current run (client's order)
    QSet<QString> runStartedSet; // membership of runStartedCalls
    QSet<QString> runAnsweredCalls; // ... and those answered in it
    QHash<QString, qsizetype> openSteps; // owner + '\n' + name -> step index (open ones only)
    QHash<QString, qsizetype> openSpans; // reasoning span id -> span index (open ones only)
    QJsonObject pendingRunInput; // Session::setRunInput, for the next RUN_STARTED's Run::input

    // The message / tool call the last streaming event named, with the snapshot generation its
    // position was valid in: the deltas of one stream (most of a session) skip the id look-ups.
    struct StreamCache
    {
        std::string id; // UTF-8 as sent
        QString qid; // the same, shared with the model
        qsizetype position = -1; // message position / tool call index
        qsizetype holder = -1; // tool calls: the message holding it
        quint64 generation = 0;
    };
    StreamCache lastMessage, lastToolCall;
};

// The fold: applies what the client's pipeline delivered for one received event (`step`, from
// state.pipeline) to the state and records what it changed. detailed = also compute state paths
// with before/after values (costs a step-by-step patch replay; views ask for it one event at a
// time through Session::changeAt).
void applyDelivered(ReducerState &state, const EventView &received, const ClientStep &step,
                    EventChange &change, bool detailed);
// The pipeline and the fold in one: `decodeDiagnostics` are the protocol layer's findings on the
// event (the pipeline's enforcement stage strips what they name).
void reduceEvent(ReducerState &state, const EventView &event, const Diagnostics &decodeDiagnostics,
                 EventChange &change, bool detailed);
// The same for a materialised event (tests, tools): its json is copied onto a tape first.
void reduceEvent(ReducerState &state, const Event &event, EventChange &change, bool detailed);

// The RunAgentInput the client's agent holds before a run: absent messages appended, its state
// (when present) becomes the state.
void reduceRunInput(ReducerState &state, const QJsonObject &runAgentInput, qint64 beforeSeq);

// End of the stream or of one request's body: running runs become Truncated.
void reduceFinish(ReducerState &state);

} // namespace agui
