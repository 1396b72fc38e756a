#pragma once

#include <QtGlobal>

namespace agui {

// Empties a per-run hash or set and keeps its buckets. The linter's verify and extra rules empty
// about sixteen of them at every RUN_STARTED; `clear()` gives the buckets back, and allocating
// them again in the next run cost about 5% of `agui-inspect lint`'s time on a session of many
// short runs (perf, bench/HISTORY.md, "Lint below a second"). A hash that grew past kKeptBuckets
// is freed instead, so one huge run does not make every later run sweep its buckets.
template<typename Hash> void emptyKeepingBuckets(Hash &hash)
{
    constexpr qsizetype kKeptBuckets = 1024;
    if (hash.capacity() > kKeptBuckets)
        hash.clear();
    else if (!hash.isEmpty())
        hash.removeIf([](const auto &) { return true; });
}

} // namespace agui
