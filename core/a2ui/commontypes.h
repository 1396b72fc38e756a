#pragma once

// The common types (common_types.json of a specification version: ComponentId, DynamicValue,
// FunctionCall, Action, ChildList, …) validated on their own, outside any catalog.
//
// The published FunctionCall defers to the catalog ("catalog.json#/$defs/anyFunction": the
// functions the catalog offers). Without a catalog nothing is known of its functions, so a call
// is held to its own shape: the keys FunctionCall declares and no others, under a name outside
// the reserved "@" namespace (whose calls, such as v1.0's "@index", have definitions of their
// own).

#include "core/a2ui/jsonschema.h"

#include <QJsonObject>

namespace agui::a2ui {

// Validates value as commonTypes' "$defs/<definition>"; an unknown definition is one error.
SchemaErrors validateCommonType(const QJsonObject &commonTypes, const QString &definition,
                                const QJsonValue &value);

} // namespace agui::a2ui
