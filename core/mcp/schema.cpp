#include "core/mcp/schema.h"

namespace agui::mcp::schema {

namespace {

QJsonObject typed(const char *type, const QString &description)
{
    return {{QLatin1String("type"), QLatin1String(type)},
            {QLatin1String("description"), description}};
}

} // namespace

QJsonObject object(std::initializer_list<Property> properties, const QStringList &required)
{
    QJsonObject props;
    for (const Property &p : properties)
        props.insert(QLatin1String(p.first), p.second);
    QJsonObject o {{QLatin1String("type"), QLatin1String("object")},
                   {QLatin1String("properties"), props}};
    if (!required.isEmpty())
        o.insert(QLatin1String("required"), QJsonArray::fromStringList(required));
    return o;
}

QJsonObject input(std::initializer_list<Property> properties, const QStringList &required)
{
    QJsonObject o = object(properties, required);
    o.insert(QLatin1String("additionalProperties"), false);
    return o;
}

QJsonObject string(const QString &description)
{
    return typed("string", description);
}

QJsonObject integer(const QString &description, qint64 minimum, std::optional<qint64> maximum)
{
    QJsonObject o = typed("integer", description);
    o.insert(QLatin1String("minimum"), double(minimum));
    if (maximum)
        o.insert(QLatin1String("maximum"), double(*maximum));
    return o;
}

QJsonObject boolean(const QString &description)
{
    return typed("boolean", description);
}

QJsonObject choice(const QString &description, const QStringList &values)
{
    QJsonObject o = typed("string", description);
    o.insert(QLatin1String("enum"), QJsonArray::fromStringList(values));
    return o;
}

QJsonObject array(const QString &description, const QJsonObject &items)
{
    QJsonObject o = typed("array", description);
    if (!items.isEmpty())
        o.insert(QLatin1String("items"), items);
    return o;
}

QJsonObject anyValue(const QString &description)
{
    return {{QLatin1String("description"), description}};
}

QJsonObject nullable(QJsonObject schema)
{
    const QJsonValue type = schema.value(QLatin1String("type"));
    if (type.isString())
        schema.insert(QLatin1String("type"), QJsonArray {type, QLatin1String("null")});
    return schema;
}

Property capture()
{
    return {"capture",
            string(QStringLiteral("Name of an open capture (see open_capture / list_captures); may "
                                  "be left out when exactly one capture is open."))};
}

Property eventIndex(const char *name, const QString &description, bool defaultsToLast)
{
    return {
        name,
        integer(description
                    + (defaultsToLast ? QStringLiteral(" Default: the last event.") : QString()),
                -1)};
}

Property cursor()
{
    return {"cursor",
            string(QStringLiteral("nextCursor of the previous page; leave out for the "
                                  "first page. Only valid with the same other arguments."))};
}

Property limit(qint64 defaultLimit, qint64 maxLimit)
{
    return {"limit",
            integer(QStringLiteral("Items per page (default %1).").arg(defaultLimit), 1, maxLimit)};
}

QStringList propertyNames(const QJsonObject &schema)
{
    return schema.value(QLatin1String("properties")).toObject().keys();
}

} // namespace agui::mcp::schema
