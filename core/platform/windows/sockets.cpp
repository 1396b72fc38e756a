#include "core/platform/sockets.h"

#include <winsock2.h>

namespace agui::platform {

void shutdownSending(qintptr socketDescriptor)
{
    ::shutdown(SOCKET(socketDescriptor), SD_SEND);
}

} // namespace agui::platform
