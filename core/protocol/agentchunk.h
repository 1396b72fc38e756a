#pragma once

#include <QByteArray>
#include <QJsonObject>

namespace agui {

// One piece of an agent's response as a server should send it (the demo agent produces them,
// core/net's endpoint sends them, a replayed recording is a list of them): after delayMs of quiet,
// either an AG-UI event (the transport encodes it for the negotiated binding) or, when raw is not
// empty, bytes to send exactly as they are (a replayed recording keeps its own framing).
struct AgentChunk
{
    qint64 delayMs = 0;
    QJsonObject event;
    QByteArray raw;
};

} // namespace agui
