#pragma once

#include <QJsonValue>
#include <QString>

namespace agui::json {

// Compact JSON text of any value, scalars included (QJsonDocument only takes arrays and objects).
QString toCompactJson(const QJsonValue &value);

// toCompactJson cut to at most maxChars characters (with a trailing "…") for use in messages.
QString toShortJson(const QJsonValue &value, qsizetype maxChars = 120);

} // namespace agui::json
