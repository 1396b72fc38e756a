#include "core/platform/heap.h"

// Windows' heap has none of glibc's knobs: its low-fragmentation front end already serves small
// blocks per thread without a lock, and large pages need a privilege a desktop user rarely has.
namespace agui::platform {

HugePageHeap adviseHugePageHeap()
{
    return HugePageHeap::Unsupported;
}

bool keepThreadsOnOneHeap()
{
    return false;
}

bool keepHeapSlackForStreaming()
{
    return false;
}

} // namespace agui::platform
