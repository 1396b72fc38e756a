#pragma once

// What the component inspector shows: a component's JSON (as received and normalised), every bound
// path with its current value, and its checks, as one JSON object.

#include "core/a2ui/surface.h"

#include <QJsonObject>
#include <QString>

namespace agui::a2ui {

// {"id","type","version","scopePath","original","normalized",
//  "bindings":[{"prop","path","value"|absent when unresolved,"resolved":bool}],
//  "checks":{"ok":bool,"failures":[message...],"errors":[...]} (only when it has checks)}
// An unknown id gives {"id", "error"}.
QJsonObject inspectComponent(const Surface &surface, const QString &componentId,
                             const QString &scopePath = {});

} // namespace agui::a2ui
