#pragma once

// The A2UI linter: structural problems of built surfaces. Stable rule ids (docs/a2ui.md):
//   a2ui.missing-root        no root component (v0.9+: id "root"; v0.8: beginRendering.root absent
//                            or not a component; or no beginRendering at all)
//   a2ui.dangling-child      a child reference to an id the surface does not have
//   a2ui.cycle               a component reachable from itself
//   a2ui.duplicate-id        the same id twice in one component list (found while applying)
//   a2ui.unknown-component   a type outside the basic catalog (basic-catalog surfaces only)
//   a2ui.version-mixed-prop  v0.8 prop names on a v0.9+ component (or v0.9 names on v0.8)
//   a2ui.unresolved-path     a {path} binding with nothing at that path in the data model
//   a2ui.unknown-catalog     a catalogId that is not a known alias of the basic catalog
//   a2ui.missing-required    a required prop of a basic component is absent
//   a2ui.unreachable         a component not reachable from the root (info)
//   a2ui.reserved-key        v1.0: a reserved "@" key other than @path / @call (reservedkeys.h)
//   a2ui.nesting-limit       values or function calls nested past the limits (nestinglimits.h)
//   a2ui.index-outside-template  @index called outside a list template (indexscope.h)
// plus what SurfaceSet records while applying (a2ui.unknown-message, a2ui.unknown-version,
// a2ui.bad-message, a2ui.missing-surface, a2ui.create-existing, a2ui.surface-replaced,
// a2ui.data-write-failed, a2ui.template-truncated).

#include "core/a2ui/issue.h"
#include "core/a2ui/surfaceset.h"

#include <QStringList>

namespace agui::a2ui {

struct LintRule
{
    QString id;
    Severity severity;
    QString summary;
};

// Every rule id the linter and SurfaceSet can report, with its default severity.
const QList<LintRule> &lintRules();

// Structural findings for one surface (not including surface.diagnostics).
Issues lintSurface(const Surface &surface);

// Everything for a set: the set's issues, each surface's diagnostics and lintSurface() findings.
Issues lintSurfaceSet(const SurfaceSet &set);

} // namespace agui::a2ui
