#include "core/capture/rewriteorder.h"

#include <algorithm>

namespace agui {

void insertInBodyOrder(QList<BodyRewrite> &rewrites, const BodyRewrite &rewrite)
{
    const auto at = std::upper_bound(
        rewrites.cbegin(), rewrites.cend(), rewrite.offset,
        [](qint64 offset, const BodyRewrite &existing) { return offset < existing.offset; });
    rewrites.insert(at - rewrites.cbegin(), rewrite);
}

} // namespace agui
