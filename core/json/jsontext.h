#pragma once

#include <QJsonValue>
#include <QString>

namespace agui::json {

// Compact JSON text of any value, scalars included (QJsonDocument only takes arrays and objects).
QString toCompactJson(const QJsonValue &value);

// Indented JSON text (four spaces, as QJsonDocument writes it, without the final newline) of
// objects and arrays; scalars as toCompactJson; "" for undefined (an absent value).
QString toIndentedJson(const QJsonValue &value);

// toCompactJson cut to at most maxChars characters (with a trailing "…") for use in messages.
QString toShortJson(const QJsonValue &value, qsizetype maxChars = 120);

// A value's type as JavaScript validators name it ("null", "boolean", "number", "string",
// "array", "object", "undefined"): the words of zod's messages and of JSON Schema.
QString typeName(QJsonValue::Type type);

} // namespace agui::json
