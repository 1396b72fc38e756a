#pragma once

// The hook through which a proxy changes a response body on its way to the front end, event by
// event (core/intercept implements it with rewrite rules). The proxy records the agent's bytes
// first, feeds them here, and passes on what comes out, in order, each piece after its delay.
// Also what a person decides at a breakpoint: about a held event or a held request.

#include "core/capture/capture.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonObject>
#include <QList>

#include <optional>

namespace agui::net {

// An event a breakpoint holds until a person decides what goes on in its place
// (AgentProxy::resolveHold). Nothing after it reaches the front end meanwhile.
struct HeldEvent
{
    int id = -1; // unique within its exchange
    QString rule; // the breakpoint's name
    qint64 offset = 0; // into the body as the agent sent it
    QByteArray raw; // the event's bytes as the agent sent them (its SSE block or protobuf frame)
    QByteArray json; // the event as JSON text (a protobuf event decoded)
    QString type; // its "type" (read where it was matched, so a view need not parse `json`)
};

// What goes on in a held event's place.
struct HoldDecision
{
    bool resume = true; // the original bytes, unchanged
    QList<QJsonObject> events; // when !resume: these instead, in order (none: the event is dropped)
};

// What goes upstream in place of a request a breakpoint holds (AgentProxy::resolveRequest).
struct RequestDecision
{
    // Forward: on to the agent; Refuse: the front end gets a 503 and the agent nothing.
    enum class Action { Forward, Refuse };
    Action action = Action::Forward;
    std::optional<QByteArray> body; // Forward: this body instead of the front end's
};

class BodyRewriter
{
public:
    // Bytes for the front end; delayMs > 0 holds them (and everything after them) that long.
    // hold >= 0: the bytes are a held event's (HeldEvent::id) and wait, with everything after
    // them, until resolve() says what goes on instead.
    struct Piece
    {
        QByteArray bytes;
        int delayMs = 0;
        int hold = -1;
    };
    struct Output
    {
        QList<Piece> pieces;
        QList<BodyRewrite> rewrites; // what was changed, for the recording
        QList<HeldEvent> held; // one per hold piece in pieces
    };

    virtual ~BodyRewriter() = default;
    // The next bytes of the body exactly as the agent sent them (any split).
    virtual void feed(QByteArrayView bytes, Output &out) = 0;
    // The body ended: whatever is still held goes on (an unfinished event unchanged).
    virtual void finish(Output &out) = 0;
    // A person decided about a held event: the pieces that go on in its place, and the change
    // for the recording (keepAlive: bytes already sent to the front end while it was held, which
    // the recording must show before whatever goes on now).
    virtual void resolve(const HeldEvent &held, const HoldDecision &decision,
                         const QByteArray &keepAlive, Output &out)
        = 0;
};

} // namespace agui::net
