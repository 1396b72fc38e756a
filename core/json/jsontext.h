#pragma once

#include "core/json/jsonview.h"

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
// The same with its article, for sentences: "null", "a boolean", "a number", "a string",
// "an array", "an object", "undefined".
QString typePhrase(QJsonValue::Type type);

// JavaScript's String(value) of a JSON value, which the reference client uses when it puts a
// value into an error message or uses it as a key: "1.5", "null", "a,b" (an array joins its
// items, null items as ""), "[object Object]", "undefined".
QString jsString(JsonView value);
QString jsString(const QJsonValue &value);

} // namespace agui::json
