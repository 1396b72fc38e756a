#pragma once

#include <QLatin1StringView>
#include <QStringView>

namespace agui {

// The category of a rule id, for grouping and filtering findings in other tools (SARIF
// `properties.tags`, JUnit properties, the JSON lines format). The stream categories are those
// of ag-ui-validate's rule catalogue 0.4.0 (`lifecycle`, `text`, `toolcall`, `state`, `reasoning`,
// `transport`, `subagent`, `hygiene`), so findings of both linters group alike; the inspector's
// other layers add theirs (`schema`, `activity`, `compat`, `a2ui`, `session`, `capture`).
// Every id has one: an id no row names falls back to its family ("wire.x" -> transport), and an
// unknown family to "other". docs/lint-rules.md lists the table.
QLatin1StringView ruleCategory(QStringView ruleId);

} // namespace agui
