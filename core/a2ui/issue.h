#pragma once

// One problem found while applying or linting A2UI: which rule (stable id "a2ui.*", listed in
// docs/a2ui.md), where (surface, component, JSON Pointer) and a sentence a user can act on.
// The severity is the core's one Severity (core/finding); the record keeps the A2UI places a
// Diagnostic has no room for (surface, component, source message).

#include "core/finding/diagnostic.h"

#include <QList>
#include <QString>

namespace agui::a2ui {

struct Issue
{
    QString ruleId; // e.g. "a2ui.dangling-child"
    Severity severity = Severity::Error;
    QString surfaceId; // "" when the message names no surface
    QString componentId; // "" when not about one component
    // JSON Pointer: into the component's JSON when componentId is set (e.g. "/children/2"),
    // otherwise into the message (e.g. "/updateComponents/components/3").
    QString path;
    QString message;
    QString sourceId; // the activity message id / tool call id the message came from
    qsizetype messageIndex = -1; // index of the A2UI message within its source's list
    QString dataPath; // the data-model pointer a binding names, when the issue is about one

    friend bool operator==(const Issue &, const Issue &) = default;
};

using Issues = QList<Issue>;

} // namespace agui::a2ui
