#include "core/json/jsontext.h"

#include "core/json/jsonnumber.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

#include <optional>

namespace agui::json {

namespace {

// The document of an object or array (QJsonDocument holds nothing else); nullopt for the rest.
std::optional<QJsonDocument> containerDocument(const QJsonValue &value)
{
    if (value.isObject())
        return QJsonDocument(value.toObject());
    if (value.isArray())
        return QJsonDocument(value.toArray());
    return std::nullopt;
}

} // namespace

QString toCompactJson(const QJsonValue &value)
{
    // A container is written as its own document (no copy into an array and out again: a tenth
    // of the ingest's tool-argument reading).
    if (const std::optional<QJsonDocument> doc = containerDocument(value))
        return QString::fromUtf8(doc->toJson(QJsonDocument::Compact));
    // Wrapping in a one-element array lets QJsonDocument serialise scalars too; the brackets are
    // then cut off again.
    const QByteArray text = QJsonDocument(QJsonArray {value}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(text.mid(1, text.size() - 2));
}

QString toIndentedJson(const QJsonValue &value)
{
    const std::optional<QJsonDocument> doc = containerDocument(value);
    if (!doc)
        return value.isUndefined() ? QString() : toCompactJson(value);
    QByteArray text = doc->toJson(QJsonDocument::Indented);
    text.chop(1); // the newline QJsonDocument ends with
    return QString::fromUtf8(text);
}

QString toShortJson(const QJsonValue &value, qsizetype maxChars)
{
    const QString text = toCompactJson(value);
    if (text.size() <= maxChars)
        return text;
    return text.left(maxChars) + QChar(0x2026);
}

QString typeName(QJsonValue::Type type)
{
    switch (type) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return QStringLiteral("boolean");
    case QJsonValue::Double:
        return QStringLiteral("number");
    case QJsonValue::String:
        return QStringLiteral("string");
    case QJsonValue::Array:
        return QStringLiteral("array");
    case QJsonValue::Object:
        return QStringLiteral("object");
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("undefined");
}

QString typePhrase(QJsonValue::Type type)
{
    switch (type) {
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        return typeName(type);
    case QJsonValue::Array:
    case QJsonValue::Object:
        return QStringLiteral("an ") + typeName(type);
    default:
        return QStringLiteral("a ") + typeName(type);
    }
}

QString jsString(JsonView value)
{
    switch (value.type()) {
    case QJsonValue::String:
        return value.toString();
    case QJsonValue::Bool:
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double:
        return jsNumberString(value.toDouble());
    case QJsonValue::Array: {
        // Array.prototype.join(","): null and undefined items print as nothing.
        QStringList items;
        for (const JsonView item : value)
            items.append(item.isNull() || item.isUndefined() ? QString() : jsString(item));
        return items.join(QLatin1Char(','));
    }
    case QJsonValue::Object:
        return QStringLiteral("[object Object]");
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        break;
    }
    return typeName(value.type());
}

QString jsString(const QJsonValue &value)
{
    if (value.isString())
        return value.toString(); // the common case (ids), without a copy into a document
    if (value.isUndefined())
        return typeName(QJsonValue::Undefined);
    return jsString(JsonDoc::fromQJson(value).root());
}

} // namespace agui::json
