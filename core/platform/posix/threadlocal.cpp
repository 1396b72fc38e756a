#include "core/platform/threadlocal.h"

#include <vector>

namespace agui::platform {

namespace {

// glibc runs thread_local destructors correctly: one holder per thread runs the cleanups.
struct Cleanups
{
    std::vector<std::pair<void (*)(void *), void *>> entries;
    ~Cleanups()
    {
        while (!entries.empty()) {
            const auto [cleanup, data] = entries.back();
            entries.pop_back();
            cleanup(data);
        }
    }
};

} // namespace

void atThreadExit(void (*cleanup)(void *), void *data)
{
    thread_local Cleanups cleanups;
    cleanups.entries.emplace_back(cleanup, data);
}

} // namespace agui::platform
