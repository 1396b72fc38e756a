#include "core/json/jsontext.h"

#include "core/json/jsonnumber.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

namespace agui::json {

QString toCompactJson(const QJsonValue &value)
{
    // A container is a document of its own (no copy into an array and out again: a tenth of
    // the ingest's tool-argument reading).
    if (value.isObject())
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    if (value.isArray())
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    // Wrapping in a one-element array lets QJsonDocument serialise scalars too; the brackets are
    // then cut off again.
    const QByteArray text = QJsonDocument(QJsonArray {value}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(text.mid(1, text.size() - 2));
}

QString toIndentedJson(const QJsonValue &value)
{
    QByteArray text;
    if (value.isObject())
        text = QJsonDocument(value.toObject()).toJson(QJsonDocument::Indented);
    else if (value.isArray())
        text = QJsonDocument(value.toArray()).toJson(QJsonDocument::Indented);
    else
        return value.isUndefined() ? QString() : toCompactJson(value);
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
