#pragma once

#include <QJsonArray>
#include <QJsonValue>

namespace agui::json {

// The seed's diff semantics (hex jsonpatch 2.3.1, see docs and the port contract): only add /
// remove / replace; objects key by key (recursing when both sides are objects or both arrays,
// else one replace of the whole value); arrays index by index with no move detection; extra new
// items added in ascending order, extra old items removed from the highest index down.
// Op order also follows 2.3.1 (see jsondiff.cpp): per object, removed keys (reverse key order),
// then added/changed keys (reverse key order); per array, the appends or trailing removals, then
// the per-index changes from the highest index down.
// Property: applyPatch(from, diff(from, to)).document == to.
QJsonArray diff(const QJsonValue &from, const QJsonValue &to);

// The same, with every op path prefixed by ancestorPath, an already-escaped JSON Pointer (the
// seed's opts.ancestor_path): diff({"a":1}, {"a":2}, "/x~1y") gives replace "/x~1y/a". A root
// type change becomes one replace at ancestorPath itself.
QJsonArray diff(const QJsonValue &from, const QJsonValue &to, const QString &ancestorPath);

} // namespace agui::json
