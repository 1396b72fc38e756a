#pragma once

// v1.0's one system function, "@index" (the position of the list item a template renders), only
// means something inside a list template: called anywhere else it has no item to count
// (a2ui.index-outside-template).

#include "core/a2ui/issue.h"
#include "core/a2ui/surface.h"

namespace agui::a2ui {

// a2ui.index-outside-template findings: every component that calls "@index" but is rendered by
// no list template (neither a template's componentId nor inside one).
Issues indexScopeIssues(const Surface &surface);

} // namespace agui::a2ui
