#include "core/platform/sockets.h"

#include <sys/socket.h>

namespace agui::platform {

void shutdownSending(qintptr socketDescriptor)
{
    ::shutdown(int(socketDescriptor), SHUT_WR);
}

} // namespace agui::platform
