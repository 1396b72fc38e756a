#include "core/platform/threadlocal.h"

#include <vector>

#include <windows.h>

namespace agui::platform {

namespace {

using Cleanups = std::vector<std::pair<void (*)(void *), void *>>;

// Windows calls this with each thread's value when the thread ends (and for every thread still
// holding one when the index is freed, which never happens here).
void WINAPI runCleanups(void *value)
{
    auto *cleanups = static_cast<Cleanups *>(value);
    while (!cleanups->empty()) {
        const auto [cleanup, data] = cleanups->back();
        cleanups->pop_back();
        cleanup(data);
    }
    delete cleanups;
}

DWORD cleanupsIndex()
{
    static const DWORD index = FlsAlloc(runCleanups);
    return index;
}

} // namespace

void atThreadExit(void (*cleanup)(void *), void *data)
{
    const DWORD index = cleanupsIndex();
    auto *cleanups = static_cast<Cleanups *>(FlsGetValue(index));
    if (!cleanups) {
        cleanups = new Cleanups;
        FlsSetValue(index, cleanups);
    }
    cleanups->emplace_back(cleanup, data);
}

} // namespace agui::platform
