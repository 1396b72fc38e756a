#pragma once

#include "core/protocol/event.h"
#include "core/protocol/streamdecoder.h"
#include "core/session/a2uifindings.h"
#include "core/session/change.h"
#include "core/session/clientpipeline.h"
#include "core/session/eventstore.h"
#include "core/session/linter.h"
#include "core/session/snapshot.h"

#include <QHash>
#include <QJsonObject>
#include <QList>

#include <memory>

namespace agui {

class ReducerState;

// What a Session keeps beyond its findings and current model. A one-pass consumer (lint, stats)
// needs neither the bytes nor time travel, and saves their memory and time.
struct SessionOptions
{
    // Events between checkpoints. 4096: on the bench's 1M-event files (bench/README.md) a seek
    // replays up to 4095 events in about 2 ms at p99 (goal 10 ms), and loading the mixed session
    // peaks at 318 MB instead of 484 MB with 1024 (the checkpoints' copies of the model).
    // 0: no checkpoints (snapshotAt/changeAt unavailable).
    static constexpr int kDefaultCheckpointInterval = 4096;
    int checkpointInterval = kDefaultCheckpointInterval;
    bool keepBytes = true; // false: records only (event()/raw()/view() unavailable)
    // false: not even the records, only each event's stream offset (EventStore::setKeepRecords):
    // findings and the model, as a lint without a filter needs. Implies keepBytes = false.
    bool keepRecords = true;
};

// One inspected session: every received event (compactly stored), the linter's findings, the
// model the events build (current()), and time travel (snapshotAt / changeAt).
//
// append() runs: store -> linter -> reducer -> checkpoint. The reducer is a pure fold
// (core/session/reducer.h): replaying the stored events from a checkpoint gives the same model,
// so a checkpoint is kept every K events and seeking to any event costs at most K reductions
// (plus an O(session) rebuild of the id indexes). Several threads and several runs per thread may
// follow each other in one session.
//
// Not thread-safe: snapshotAt/changeAt use a mutable seek cache.
class Session
{
public:
    static constexpr int kDefaultCheckpointInterval = SessionOptions::kDefaultCheckpointInterval;

    explicit Session(int checkpointInterval = kDefaultCheckpointInterval);
    explicit Session(const SessionOptions &options);
    ~Session();
    Session(const Session &) = delete;
    Session &operator=(const Session &) = delete;

    // The RunAgentInput POSTed for the run whose events follow (from a capture or the composer):
    // seeds the model like the client's agent before the run (messages not yet present are
    // appended, its state becomes the state) and is given to the linter.
    void setRunInput(const QJsonObject &runAgentInput);
    // The run whose events follow was POSTed with `requestBody`: its RunAgentInput seeds the
    // session as setRunInput does; a body that is not a JSON object seeds nothing.
    void seedFromRequestBody(const QByteArray &requestBody);

    // One frame a StreamDecoder decoded (the fast path: views only, the bytes are copied once
    // into the store): stored as event number size(), linted, reduced.
    void appendFrame(const DecodedFrame &frame);
    // A materialised event (tools, tests): event number size() (e.seq is overwritten).
    void append(Event e);
    void append(const QList<Event> &events);
    // The response body of the current request ended; another request may follow (a live
    // session, a capture of several runs). As the client ends its run there: a run still running
    // becomes Truncated and is reported (lint.truncated-run at the request's last event), and the
    // next request's events are verified afresh. setRunInput() and finish() end the request
    // themselves when nobody did; calling it twice, or with no event since, does nothing.
    void endRequest();
    // End of stream: end-of-stream findings; runs still running become Truncated. When requests
    // were started (setRunInput), the last one ends first, so a truncated run is reported at its
    // last event however the session was fed; without requests, at the end of the stream (-1).
    void finish();
    bool isFinished() const { return m_finished; }

    qint64 size() const { return m_store.size(); }
    const EventStore &events() const { return m_store; }
    // The store keeps `owner` alive (EventStore::keepBytesAlive): the owner of chunk bytes it
    // shares.
    void keepBytesAlive(std::shared_ptr<const void> owner)
    {
        m_store.keepBytesAlive(std::move(owner));
    }

    // The model after every event appended so far.
    const SessionSnapshot &current() const;
    // Time travel (needs checkpoints and bytes: see SessionOptions).
    bool canTimeTravel() const { return m_interval > 0 && m_store.keepsBytes(); }
    // The model after events 0..seq (seq = -1: before any event). After finish(), the last
    // index includes the truncation of open runs, like current().
    SessionSnapshot snapshotAt(qint64 seq) const;
    // What event seq changed, in detail (state paths with before/after values).
    EventChange changeAt(qint64 seq) const;
    // What the last append() changed (cheap form: no state paths).
    const EventChange &lastChange() const { return m_lastChange; }

    // Linter findings (all layers), the reducer's own "session.*" diagnostics and the A2UI
    // findings of a2ui-surface activities ("a2ui.*"), in stream order; eventIndex -1 = about the
    // whole stream (end of stream).
    const Findings &findings() const { return m_findings; }
    Findings findingsAt(qint64 seq) const;

    // The client's view (core/session/clientpipeline.h): the events @ag-ui/client delivers to
    // an application, each traceable to the received event it came from.
    //
    // How many events the client's pipeline makes of received event seq (0: dropped; a chunk may
    // give several; the ENDs an event makes the client insert count with it).
    int deliveredCount(qint64 seq) const { return m_deliveredCounts.value(seq) & kCountMask; }
    // Whether some of them differ from the received event (stripped, converted, made of a chunk,
    // inserted): when not, the one event delivered is the received one, unchanged.
    bool isReshaped(qint64 seq) const { return m_deliveredCounts.value(seq) & kReshapedBit; }
    // Those events, materialised (replays the pipeline from the nearest checkpoint: needs time
    // travel, see canTimeTravel(); otherwise empty).
    QList<DeliveredEvent> deliveredAt(qint64 seq) const;
    // Where the client stops delivering: it rejects the stream (a schema, wire, chunk or verify
    // error) and its run ends there; the next request (setRunInput) starts afresh. `delivered`
    // = how many events made of the rejecting one it delivered before the failing one.
    struct ClientRejection
    {
        qint64 seq = -1;
        int delivered = 0;
        QString ruleId;
        QString message;
    };
    const QList<ClientRejection> &clientRejections() const { return m_rejections; }
    // Whether the client delivers the index-th event made of received event seq (false from a
    // rejection until the next request).
    bool isDelivered(qint64 seq, int index) const;
    // The whole client view in order (what `agui-inspect cat --as-client` prints).
    QList<DeliveredEvent> clientView() const;

    int checkpointInterval() const { return m_interval; }
    qsizetype checkpointCount() const;

private:
    struct SeekCache;
    void process(const EventView &view, const Diagnostics &diagnostics);
    ReducerState stateAt(qint64 seq) const;
    void applyStoredInputsAt(ReducerState &state, qint64 seq) const;
    void reduceStored(ReducerState &state, qint64 seq, EventChange *change, bool detailed) const;
    void addFinding(Finding f);
    void noteRejection(qint64 seq);
    void holdUntilSettled(SurfaceFindings found);
    void settleSurfaces();

    int m_interval;
    EventStore m_store;
    Linter m_linter;
    std::unique_ptr<ReducerState> m_state;
    QList<ReducerState> m_checkpoints; // m_checkpoints[i] = state after event i*K - 1
    QHash<qint64, QList<QJsonObject>> m_runInputs; // applied before event seq
    Findings m_findings;
    QHash<qint64, QList<qsizetype>> m_findingsByEvent;
    // Per streamed A2UI surface message, what its last change found that holds only if it stays
    // as it is (a2uifindings.h); recorded when its run ends.
    QList<SurfaceFindings> m_unsettled;
    EventChange m_lastChange;
    ClientStep m_step; // what the client's pipeline made of the event being appended
    EventMembers m_members; // of the event being appended, when its producer did not index them
    static constexpr quint16 kReshapedBit = 0x8000;
    static constexpr quint16 kCountMask = 0x7FFF;
    QList<quint16> m_deliveredCounts; // per received event: count | kReshapedBit
    QList<ClientRejection> m_rejections; // at most one per request
    QList<qint64> m_requestStarts; // seqs before which setRunInput() started a request
    QList<qint64> m_requestEnds; // seqs after which endRequest() ended one, ascending
    bool m_requestEnded = false; // endRequest() since the last event
    bool m_finished = false;
    mutable std::unique_ptr<SeekCache> m_cache;
    mutable EventDecoder m_replayDecoder; // decodes stored events for seeks
};

} // namespace agui
