#pragma once

#include "core/session/change.h"

#include <QJsonValue>
#include <QList>

namespace agui {

// The state locations a successful patch changes, with the values before and after, computed by
// applying the ops one at a time (so each op sees the document the previous ones left; an array
// append "-" is reported at the index it got). Costs O(ops x document path), only asked for when
// a view wants the detail of one event.
QList<StatePathChange> statePathsOfPatch(const QJsonValue &before, const QJsonValue &patch);

// A STATE_SNAPSHOT: the locations where before and after differ (json::diff).
QList<StatePathChange> statePathsOfReplacement(const QJsonValue &before, const QJsonValue &after);

} // namespace agui
