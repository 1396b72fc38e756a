#include "core/platform/heap.h"

#include <QFileInfo>

namespace agui::platform {

HugePageHeap adviseHugePageHeapFor(const QString &path)
{
    if (path == QLatin1String("-") || QFileInfo(path).size() < kBulkInputBytes)
        return HugePageHeap::SmallInput;
    return adviseHugePageHeap();
}

} // namespace agui::platform
