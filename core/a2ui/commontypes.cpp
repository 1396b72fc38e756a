#include "core/a2ui/commontypes.h"

namespace agui::a2ui {

namespace {

// A catalog that offers "any function": what "catalog.json#/$defs/anyFunction" stands for when
// there is no catalog.
QJsonObject anyFunctionCatalog(const QJsonObject &commonTypes)
{
    const QJsonObject call = commonTypes.value(QLatin1String("$defs"))
                                 .toObject()
                                 .value(QLatin1String("FunctionCall"))
                                 .toObject();
    QJsonObject properties;
    for (const QString &key : call.value(QLatin1String("properties")).toObject().keys())
        properties.insert(key, true);
    properties.insert(
        QStringLiteral("call"),
        QJsonObject {{QStringLiteral("type"), QStringLiteral("string")},
                     {QStringLiteral("not"),
                      QJsonObject {{QStringLiteral("pattern"), QStringLiteral("^@")}}}});
    const QJsonObject anyFunction {{QStringLiteral("type"), QStringLiteral("object")},
                                   {QStringLiteral("properties"), properties},
                                   {QStringLiteral("additionalProperties"), false}};
    return {{QStringLiteral("$defs"), QJsonObject {{QStringLiteral("anyFunction"), anyFunction}}}};
}

} // namespace

SchemaErrors validateCommonType(const QJsonObject &commonTypes, const QString &definition,
                                const QJsonValue &value)
{
    if (!commonTypes.value(QLatin1String("$defs")).toObject().contains(definition))
        return {{QString(), QStringLiteral("/$defs"),
                 QStringLiteral("the common types define no \"%1\"").arg(definition)}};
    SchemaSet set;
    const QString base
        = commonTypes.value(QLatin1String("$id")).toString(QStringLiteral("common_types.json"));
    set.addDocument(commonTypes, {base, QStringLiteral("common_types.json")});
    set.addDocument(anyFunctionCatalog(commonTypes), {QStringLiteral("catalog.json")});
    const QJsonObject ref {
        {QStringLiteral("$ref"), QString(QStringLiteral("#/$defs/") + definition)}};
    return set.validate(value, ref, base);
}

} // namespace agui::a2ui
