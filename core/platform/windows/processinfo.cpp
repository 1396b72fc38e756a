#include "core/platform/processinfo.h"

#include <limits>

#include <windows.h>
// after windows.h, which it needs
#include <psapi.h>

namespace agui::platform {

qint64 peakResidentBytes()
{
    PROCESS_MEMORY_COUNTERS counters {};
    counters.cb = sizeof counters;
    if (!GetProcessMemoryInfo(GetCurrentProcess(), &counters, sizeof counters))
        return 0;
    return qint64(counters.PeakWorkingSetSize);
}

qint64 residentBytes()
{
    PROCESS_MEMORY_COUNTERS counters {};
    counters.cb = sizeof counters;
    if (!GetProcessMemoryInfo(GetCurrentProcess(), &counters, sizeof counters))
        return -1;
    return qint64(counters.WorkingSetSize);
}

void allowOpenFiles(int)
{
    // Sockets and files are handles there, limited only by memory.
}

qint64 openFilesAllowed()
{
    return std::numeric_limits<qint64>::max();
}

} // namespace agui::platform
