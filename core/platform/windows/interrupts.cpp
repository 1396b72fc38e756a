#include "core/platform/interrupts.h"

#include <atomic>

#include <windows.h>

namespace agui::platform {

namespace {

std::atomic_bool g_interrupted {false};

// Runs on a thread the system starts for it. Closing the console (or logging off) ends the
// process when this returns: the pause gives the event loop time to close the capture.
BOOL WINAPI onConsoleControl(DWORD kind)
{
    switch (kind) {
    case CTRL_C_EVENT:
    case CTRL_BREAK_EVENT:
        g_interrupted = true;
        return TRUE;
    case CTRL_CLOSE_EVENT:
    case CTRL_LOGOFF_EVENT:
    case CTRL_SHUTDOWN_EVENT:
        g_interrupted = true;
        Sleep(1000);
        return TRUE;
    default:
        return FALSE;
    }
}

} // namespace

void catchInterrupts()
{
    SetConsoleCtrlHandler(onConsoleControl, TRUE);
}

bool interrupted()
{
    return g_interrupted;
}

} // namespace agui::platform
