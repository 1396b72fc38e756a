#pragma once

// The hook through which a proxy changes a response body on its way to the front end, event by
// event (core/intercept implements it with rewrite rules). The proxy records the agent's bytes
// first, feeds them here, and passes on what comes out, in order, each piece after its delay.

#include "core/capture/capture.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

namespace agui::net {

class BodyRewriter
{
public:
    // Bytes for the front end; delayMs > 0 holds them (and everything after them) that long.
    struct Piece
    {
        QByteArray bytes;
        int delayMs = 0;
    };
    struct Output
    {
        QList<Piece> pieces;
        QList<BodyRewrite> rewrites; // what was changed, for the recording
    };

    virtual ~BodyRewriter() = default;
    // The next bytes of the body exactly as the agent sent them (any split).
    virtual void feed(QByteArrayView bytes, Output &out) = 0;
    // The body ended: whatever is still held goes on (an unfinished event unchanged).
    virtual void finish(Output &out) = 0;
};

} // namespace agui::net
