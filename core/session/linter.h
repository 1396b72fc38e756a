#pragma once

#include "core/finding/diagnostic.h"
#include "core/protocol/event.h"
#include "core/protocol/eventview.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <memory>

namespace agui {

// One finding of the stream linter. eventIndex is the seq of the event that exposed the problem
// (for events synthesised by chunk expansion: the seq of the chunk they came from), or -1 for
// findings about the stream as a whole that are only known at its end (see Linter::finish()).
// layer: "schema" (diagnostics the protocol layer already put on the event, passed through),
// "verify" (the @ag-ui/client verifyEvents rules, same messages) or "lint" (extra rules).
// The rule ids, severities and meanings are listed in core/session/lintrules.h and
// docs/lint-rules.md.
struct Finding
{
    qint64 eventIndex = -1;
    Diagnostic diagnostic;
    QString layer;

    friend bool operator==(const Finding &, const Finding &) = default;
};

using Findings = QList<Finding>;

class LinterState;
struct EventChange;
struct ClientStep;

// Streaming AG-UI linter: feed events in stream order, collect findings as they appear.
//
// - Work per event is O(1) amortised (hash look-ups on the ids the event names); what it keeps
// grows
//   with the number of distinct ids seen, never re-scans past events. Two exceptions are bounded by
//   the event itself, not by the session: a STATE_DELTA is applied to the linter's own copy of the
//   state, and RUN_FINISHED lists what is still open.
// - Unlike the reference client, which aborts at the first verify error, the linter reports every
//   problem and carries on; docs/lint-rules.md ("After an error") says how each offending event is
//   then treated (as applied, or ignored when there is nothing to apply it to).
// - The verify/lint rules see what the client's pipeline delivers (ClientPipeline: chunks
//   expanded, retired THINKING_* translated, unknown material stripped), as in the client;
//   findings about synthesised events carry the seq of the received event they came from.
// - An event whose seq is < 0 gets the linter's own running count as its index.
class Linter
{
public:
    Linter();
    ~Linter();
    Linter(Linter &&) noexcept;
    Linter &operator=(Linter &&) noexcept;
    Linter(const Linter &) = delete;
    Linter &operator=(const Linter &) = delete;

    // Optional: the RunAgentInput that was POSTed for the run whose events follow. Its "state" is
    // the base the run's STATE_DELTAs apply to and its "messages" are known ids (as the client has
    // them before the first event). RUN_STARTED.input, when present, takes precedence.
    void setRunInput(const QJsonObject &runAgentInput);

    // One received frame (its decode diagnostics passed through as the schema layer).
    // In a Session: `delivered` is what the client's pipeline made of the frame (the reducer's
    // ClientPipeline; a Linter on its own runs its own) and `reduced` what the reducer made of
    // it (rules that would redo its work, applying a STATE_DELTA, take its result instead).
    void feed(const EventView &event, const Diagnostics &diagnostics,
              const ClientStep *delivered = nullptr, const EventChange *reduced = nullptr);
    // A materialised event (tests, tools): its json is copied onto a tape first.
    void feed(const Event &event);
    // The response body of one request ended and another request may follow: a run it left open
    // is reported truncated at lastIndex (the request's last event), and what the client builds
    // afresh for every request (its pipeline and verifier) starts over.
    void endRequest(qint64 lastIndex);
    // End of stream: end-of-stream findings (truncated run, no timestamps). Feeding after finish()
    // starts nothing new; calling finish() twice reports nothing twice.
    // A request that follows the end of the stream (a run sent again from an opened file): its
    // events are verified afresh, as the client verifies each run it starts, and what finish()
    // said of the stream before is not said again.
    void startRequestAfterFinish();
    void finish();

    // Of the last frame fed: which of the events the client's pipeline made of it the client
    // rejects (its first schema, wire, chunk or verify error: 0 for the frame itself, the
    // delivered event's index for verify), or -1 when it rejects none.
    int rejectedPiece() const;

    // The findings produced since the last call, in stream order.
    Findings takeFindings();
    bool hasFindings() const;

    qint64 eventsSeen() const;

private:
    std::unique_ptr<LinterState> d;
};

} // namespace agui
