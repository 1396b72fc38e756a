#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>

namespace agui::json {

// Qt's JSON containers keep the bytes of a removed or replaced string (or key) until the
// container is rebuilt: Qt 6.4's QCborContainerPrivate::compact() does nothing, and copying a
// shared container copies those dead bytes too. A state edited by many deltas therefore grows
// and gets slower to copy unless its containers are rebuilt now and then. These are the ways the
// project rebuilds them; which one to use, and when, is the caller's trade-off (see jsonpatch.cpp
// and lintextra.cpp).

// A value that keeps nothing of the container it was read from alive. A string read out of an
// object or array refers to that container's storage (Qt 6's QCborValue keeps the container and
// the element's index), so holding it would make the next edit of that container copy it whole.
QJsonValue standalone(const QJsonValue &value);

// The container rebuilt one level deep: its members are copied into a fresh container, so
// nothing dead is left in it (the containers inside it are shared, not rebuilt).
QJsonObject rebuiltShallow(const QJsonObject &object);
QJsonArray rebuiltShallow(const QJsonArray &array);

// The whole tree rebuilt from scratch; *nodes (when given) is increased by the number of values.
QJsonValue rebuiltDeep(const QJsonValue &value, qsizetype *nodes = nullptr);

} // namespace agui::json
