#pragma once

#include <QString>
#include <QtGlobal>

#include <cstddef>

// How this process uses its heap. The tuning is glibc's (Linux); elsewhere each call does
// nothing and says so, and the figures below do not apply (bench/ measures on Linux).
namespace agui::platform {

// What adviseHugePageHeap did.
enum class HugePageHeap {
    Advised, // the reserve is advised MADV_HUGEPAGE
    Unsupported, // not Linux with glibc, or a sanitizer's allocator (it is not glibc's heap)
    NotOnRequest, // THP is "never" (nothing to ask) or "always" (nothing needs asking)
    AlreadyDone, // a second call: once per process
    Failed, // glibc refused the pad, the heap did not grow, or madvise failed
    SmallInput, // adviseHugePageHeapFor: the input is not worth it (or is standard input)
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
// not memory: pages count only once touched. Heap growth past the reserve stays on ordinary
// pages, and so do threads' own arenas (keepThreadsOnOneHeap() below puts them on this heap).
// Call it from a thread that allocates from the main heap: elsewhere it gives up (Failed) after
// one block.
HugePageHeap adviseHugePageHeap();

inline constexpr std::size_t kHugePageHeapReserve = std::size_t(256) << 20;

// adviseHugePageHeap() when `path` names a file of kBulkInputBytes or more (not "-", standard
// input): the rule the CLI and the GUI's loader share. Measured, whole processes alternating (40
// each): `stats` of the bench's 10k-event flood (1 MB) 1.3 ms faster at the median; of a 200 KB
// prefix, no clear difference. Smaller files keep ordinary pages and the smaller footprint.
HugePageHeap adviseHugePageHeapFor(const QString &path);

inline constexpr qint64 kBulkInputBytes = qint64(512) << 10;

// Puts every thread's allocations on the main heap (glibc's M_ARENA_MAX = 1) instead of an arena
// per thread. Call it first thing in main(), before any thread allocates: a thread keeps the arena
// it first allocated from, and arenas of threads that ended are handed to new threads first.
//
// Why: a load builds the session on one thread while another reads and decodes, and the huge
// pages adviseHugePageHeap() asks for are on the main heap only. With an arena per thread neither
// the GUI's loader (both of its threads are workers) nor the CLI's reading thread gets them.
// Measured with glibc's tunables on the 1M-event file: the GUI's loader (bench_ingest) 1.20-1.34 s
// with an arena per thread, 1.01-1.12 s with huge pages on every arena, 0.81-1.06 s with one
// arena on huge pages; `agui-inspect lint`, 10 runs alternating, medians 660 -> 615 ms. glibc's
// per-thread cache (tcache) serves most small blocks without taking the heap's lock, so the
// threads rarely wait on each other.
//
// Returns false where it does nothing (not glibc, or a sanitizer's allocator).
bool keepThreadsOnOneHeap();

// Keeps 16 MiB of slack at the top of the heap (glibc's M_TOP_PAD; the default is 128 KiB).
// A proxy allocates and frees a buffer per read, several times per 64 KiB piece; with the default
// each cycle gives the pages back to the kernel and faults them in again, and on a virtual
// machine those faults cost more than the copies: bench_proxy measured 71 MB/s through the proxy
// with the default and about 670 MB/s with this (bench/README.md, "Proxy"). The cost is at most
// that much untouched address space kept. Returns false where it does nothing (not glibc).
bool keepHeapSlackForStreaming();

} // namespace agui::platform
