#include "core/platform/interrupts.h"

#include <atomic>
#include <csignal>

namespace agui::platform {

namespace {
std::atomic_bool g_interrupted {false};
} // namespace

void catchInterrupts()
{
    std::signal(SIGINT, [](int) { g_interrupted = true; });
    std::signal(SIGTERM, [](int) { g_interrupted = true; });
}

bool interrupted()
{
    return g_interrupted;
}

} // namespace agui::platform
