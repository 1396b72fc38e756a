#pragma once

#include <cstddef>

namespace agui {

// What adviseHugePageHeap did.
enum class HugePageHeap {
    Advised, // the reserve is advised MADV_HUGEPAGE
    Unsupported, // not Linux with glibc, or a sanitizer's allocator (it is not glibc's heap)
    NotOnRequest, // THP is "never" (nothing to ask) or "always" (nothing needs asking)
    AlreadyDone, // a second call: once per process
    Failed, // glibc refused the pad, the heap did not grow, or madvise failed
};

// Asks that the heap's next kHugePageHeapReserve bytes be backed by transparent huge pages (2 MB)
// where the kernel gives them only to memory that asks for them (THP mode "madvise"; in mode
// "always" it gives them unasked). Once per process.
//
// Why: a bulk load touches megabytes of fresh heap in small allocations. With 4 KB pages
// that is a page fault every 4 KB, and on a virtual machine each fault is dear: `agui-inspect
// lint` of the bench's 1M-event file took 19.8k faults, and its main thread spent about a tenth
// of its time in them (perf). With huge pages: about 2.5k faults, and the run a quarter shorter.
//
// How: glibc is told to grow the heap (brk) by at least the reserve at a time (M_TOP_PAD), made
// to grow it once now, and the new range is advised MADV_HUGEPAGE. The reserve is address space,
// not memory: pages count only once touched. Memory other threads' allocators take (their own
// arenas) and heap growth past the reserve stay on ordinary pages.
HugePageHeap adviseHugePageHeap();

inline constexpr std::size_t kHugePageHeapReserve = std::size_t(256) << 20;

} // namespace agui
