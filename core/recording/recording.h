#pragma once

#include "core/capture/capture.h"
#include "core/session/session.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QPair>

#include <functional>
#include <map>
#include <memory>

namespace agui {

class CaptureWriter;
class RunRecorder;
class SessionFeeder;

// A session as it is recorded: the capture (each run's request, response head, every body chunk
// in the order received, its end and the proxy's rewrites), the Session those bodies decode
// into, and which run each event came from. Every live run feeds one through the sink
// recordRun() gives it, whoever drives the run (the window's own runs, the proxy's exchanges):
// the bytes are kept first (credentials redacted), then decoded on the path a file load takes,
// so a body that does not parse is still all there. The owner hears of new events and findings
// through its Listener, on the thread that feeds. Used from one thread at a time.
class Recording : public std::enable_shared_from_this<Recording>
{
public:
    struct Listener
    {
        std::function<void(qint64 first, qint64 last)> eventsAppended;
        // Findings from index `first` of session().findings() on were added without new events
        // (a run ended truncated, a streamed surface settled, a new request ended the last).
        std::function<void(qsizetype first)> findingsAdded;
        std::function<void()> rewritesChanged;
    };

    // Body bytes of live runs kept in memory when a capture file holds them too; past it they
    // are in the file only (bodySpilled), so a huge body does not fill memory twice.
    static constexpr qint64 kDefaultMemoryBudget = 64 * 1024 * 1024;

    Recording();
    // For a consumer that needs the events and findings, not the bytes (a proxy's tracer): the
    // session keeps `session`'s choice (records only, say) and, with keepBodies false, the
    // capture keeps the runs' requests, heads and ends but no body chunks, so the bytes are
    // freed as soon as they are decoded.
    Recording(const SessionOptions &session, bool keepBodies);
    ~Recording();
    Recording(const Recording &) = delete;
    Recording &operator=(const Recording &) = delete;

    void setListener(Listener listener) { m_listener = std::move(listener); }

    const Session &session() const { return m_session; }
    Session &session() { return m_session; } // file loaders append through it
    const Capture &capture() const { return m_capture; }
    Capture &mutableCapture() { return m_capture; } // notes, bookmarks
    void setCapture(Capture capture) { m_capture = std::move(capture); }

    // The sink of one run: request, response head, chunks, end, rewrites. `file`, when given
    // (open, not owned, outliving the sink), gets every byte first. The sink holds the recording
    // weakly: once the recording is dropped (the window opened a file), the run still goes on
    // into the file. Owned by a shared_ptr (weak_from_this).
    std::unique_ptr<RunRecorder> recordRun(CaptureWriter *file = nullptr);

    // The RunAgentInput of the run whose events come next (it seeds messages and state). A new
    // request ends the previous one if nobody did, which can report that run truncated.
    void setRunInput(const QJsonObject &input);

    void setMemoryBudget(qint64 bytes) { m_memoryBudget = bytes; }
    qint64 bodyBytesInMemory() const { return m_inMemory; }
    bool bodySpilled() const { return m_spilled; }

    // Which recorded run (an index into capture().runs) the events from firstSeq on came from,
    // until the next note: live runs note it themselves, loaders as they read.
    void noteCaptureRun(qint64 firstSeq, int run);
    int captureRunOf(qint64 seq) const; // -1 when not told

    // What a proxy's rewrite rule did to event seq on its way to the front end (docs/proxy.md);
    // nullptr when it went on as the agent sent it.
    const BodyRewrite *rewriteOf(qint64 seq) const;
    // The request of event seq's run when seq is a RUN_STARTED and a proxy's breakpoint changed
    // that request before it went to the agent; nullptr otherwise.
    const RecordedRequest *changedRequestOf(qint64 seq) const;
    // Where a proxy's breakpoints hold the runs' bodies: capture run -> the held event's body
    // offset. False when nothing changed.
    bool setHeldFrom(const QHash<int, qint64> &heldFrom);
    // Event seq is held at a breakpoint, or waits behind one.
    bool isHeldBack(qint64 seq) const;

private:
    friend class RunRecorder;
    int beginRun(const RecordedRequest &request, int id);
    void responseStarted(int run, const RecordedResponse &response);
    void describeRun(int run, Framing framing, const QString &label);
    void chunkReceived(int run, const QByteArray &bytes, qint64 receivedAtUs, bool inFile);
    void runEnded(int run, RunEnd end, const QString &error, qint64 atUs);
    void addRewrite(int run, const BodyRewrite &rewrite);
    SessionFeeder *bodyFeeder(int run);
    // Tells the listener what run `run` added since the session had `firstSeq` events and
    // `findingsBefore` findings.
    void announce(int run, qint64 firstSeq, qsizetype findingsBefore);

    Session m_session;
    Capture m_capture;
    std::map<int, std::unique_ptr<SessionFeeder>> m_bodyFeeders; // open bodies, by capture run
    QList<QPair<qint64, int>> m_runSpans; // (first seq, capture run), one per change of run
    QHash<int, qint64> m_heldFrom;
    qint64 m_memoryBudget = kDefaultMemoryBudget;
    qint64 m_inMemory = 0;
    bool m_spilled = false;
    bool m_keepBodies = true;
    Listener m_listener;
};

} // namespace agui
