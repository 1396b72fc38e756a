#include "ui/views/idelision.h"

#include <algorithm>

namespace agui::ui {

namespace {

constexpr qsizetype kContextBefore = 4; // characters kept before the first difference

qsizetype firstDifference(const QString &a, const QString &b)
{
    if (b.isEmpty() || a == b)
        return 0;
    const auto [ai, bi] = std::mismatch(a.cbegin(), a.cend(), b.cbegin(), b.cend());
    return ai - a.cbegin();
}

} // namespace

QString elideIdAmong(const QString &id, const QString &previous, const QString &next,
                     const QFontMetrics &metrics, int width)
{
    if (metrics.horizontalAdvance(id) <= width)
        return id;
    const qsizetype differs = std::max(firstDifference(id, previous), firstDifference(id, next));
    const QString middle = metrics.elidedText(id, Qt::ElideMiddle, width);
    if (differs <= kContextBefore)
        return middle;
    const QString ellipsis(QChar(0x2026));
    const QString tail = ellipsis + id.mid(differs - kContextBefore);
    return metrics.elidedText(tail, Qt::ElideRight, width);
}

} // namespace agui::ui
