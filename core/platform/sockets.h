#pragma once

#include <QtGlobal>

namespace agui::platform {

// Half-closes a connected socket (the descriptor Qt gives): no more bytes go out, and the peer
// reads the end of the stream, while what it still sends can be read and drained. Qt has no call
// for this; an HTTP server answering an error before the request's body arrived needs it, or the
// peer sees a reset instead of the answer.
void shutdownSending(qintptr socketDescriptor);

} // namespace agui::platform
