#include "core/platform/heap.h"

#include <QFile>

#include <array>
#include <atomic>
#include <cstdint>
#include <cstdlib>

#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>
#define AGUI_HUGE_PAGE_HEAP 1
#endif

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define AGUI_SANITIZER_ALLOCATOR 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)                            \
    || __has_feature(memory_sanitizer)
#define AGUI_SANITIZER_ALLOCATOR 1
#endif
#endif

namespace agui::platform {

#if defined(AGUI_HUGE_PAGE_HEAP) && !defined(AGUI_SANITIZER_ALLOCATOR)

namespace {

constexpr std::uintptr_t kHugePage = std::uintptr_t(2) << 20;

// THP in "madvise" mode: huge pages only where asked ("always" needs no asking, "never" refuses).
bool hugePagesOnRequest()
{
    QFile mode(QStringLiteral("/sys/kernel/mm/transparent_hugepage/enabled"));
    return mode.open(QIODevice::ReadOnly) && mode.readAll().contains("[madvise]");
}

// Small blocks until the break moves, then back: glibc grows the heap by the request plus the
// top pad, and keeps the pad when the blocks come back (it trims only what is past the pad).
// Each block stays under glibc's mmap threshold (128 KB) so that it comes from the heap.
bool growHeapNow(char **from, char **to)
{
    constexpr std::size_t kBlock = 64 * 1024;
    // volatile: a compiler may drop a malloc whose block is freed unused, and these must happen.
    std::array<void *volatile, 1024> blocks {};
    std::size_t count = 0;
    char *const before = static_cast<char *>(sbrk(0));
    while (count < blocks.size() && static_cast<char *>(sbrk(0)) == before) {
        void *const block = std::malloc(kBlock);
        blocks[count++] = block;
        // Above the break without moving it: this thread's arena is not the main heap (see
        // keepThreadsOnOneHeap), and more blocks would not move the break either.
        if (!block
            || (static_cast<char *>(block) >= before && static_cast<char *>(sbrk(0)) == before))
            break;
    }
    while (count > 0)
        std::free(blocks[--count]);
    // Read after the frees: glibc trims what the blocks took beyond the pad.
    char *const after = static_cast<char *>(sbrk(0));
    *from = before;
    *to = after;
    return after > before;
}

} // namespace

HugePageHeap adviseHugePageHeap()
{
    static std::atomic_bool done {false};
    if (done.exchange(true))
        return HugePageHeap::AlreadyDone;
    if (!hugePagesOnRequest())
        return HugePageHeap::NotOnRequest;
    if (mallopt(M_TOP_PAD, int(kHugePageHeapReserve)) != 1)
        return HugePageHeap::Failed;
    char *from = nullptr;
    char *to = nullptr;
    if (!growHeapNow(&from, &to))
        return HugePageHeap::Failed;
    const std::uintptr_t start = (std::uintptr_t(from) + kHugePage - 1) & ~(kHugePage - 1);
    const std::uintptr_t end = std::uintptr_t(to);
    if (start >= end || madvise(reinterpret_cast<void *>(start), end - start, MADV_HUGEPAGE) != 0)
        return HugePageHeap::Failed;
    return HugePageHeap::Advised;
}

bool keepThreadsOnOneHeap()
{
    return mallopt(M_ARENA_MAX, 1) == 1;
}

bool keepHeapSlackForStreaming()
{
    return mallopt(M_TOP_PAD, 16 * 1024 * 1024) == 1;
}

#else

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
#if defined(__GLIBC__)
    return mallopt(M_TOP_PAD, 16 * 1024 * 1024) == 1;
#else
    return false;
#endif
}

#endif

} // namespace agui::platform
