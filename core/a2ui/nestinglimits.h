#pragma once

// How deep a component's values may nest before a renderer stops (the A2UI validators' "nesting
// limits", a2ui.nesting-limit): a value nested deeper than kMaxValueDepth levels, or a function
// call nested in another's arguments deeper than kMaxCallDepth, is refused rather than walked.
// Renderers recurse over both; agents generating by mistake can nest without end.

#include "core/a2ui/issue.h"
#include "core/a2ui/surface.h"

namespace agui::a2ui {

constexpr int kMaxValueDepth = 50;
constexpr int kMaxCallDepth = 5;

// a2ui.nesting-limit findings of a surface's components (v0.9+), at most one per component and
// limit, with the pointer where the limit is crossed.
Issues nestingLimitIssues(const Surface &surface);

} // namespace agui::a2ui
