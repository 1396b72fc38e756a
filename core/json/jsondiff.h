#pragma once

#include <QJsonArray>
#include <QJsonValue>

namespace agui::json {

// The seed's diff semantics (hex jsonpatch 2.3.1, see docs and the port contract): only add /
// remove / replace; objects key by key (recursing when both sides are objects or both arrays,
// else one replace of the whole value); arrays index by index with no move detection; extra new
// items added in ascending order, extra old items removed from the highest index down.
// Property: applyPatch(from, diff(from, to)).document == to.
QJsonArray diff(const QJsonValue &from, const QJsonValue &to);

} // namespace agui::json
