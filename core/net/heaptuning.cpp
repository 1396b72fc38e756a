#include "core/net/heaptuning.h"

#include <cstdlib> // defines __GLIBC__ on glibc

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace agui::net {

void keepHeapSlackForStreaming()
{
#if defined(__GLIBC__)
    mallopt(M_TOP_PAD, 16 * 1024 * 1024);
#endif
}

} // namespace agui::net
