#include "core/json/jsonrebuild.h"

namespace agui::json {

QJsonValue standalone(const QJsonValue &value)
{
    return value.isString() ? QJsonValue(value.toString()) : value;
}

QJsonObject rebuiltShallow(const QJsonObject &object)
{
    QJsonObject fresh;
    for (auto it = object.constBegin(); it != object.constEnd(); ++it)
        fresh.insert(it.key(), it.value()); // copies the value's bytes in
    return fresh;
}

QJsonArray rebuiltShallow(const QJsonArray &array)
{
    QJsonArray fresh;
    for (const auto &value : array)
        fresh.append(value);
    return fresh;
}

QJsonValue rebuiltDeep(const QJsonValue &value, qsizetype *nodes)
{
    if (nodes)
        ++*nodes;
    if (value.isObject()) {
        const QJsonObject in = value.toObject();
        QJsonObject out;
        for (auto it = in.constBegin(); it != in.constEnd(); ++it)
            out.insert(it.key(), rebuiltDeep(it.value(), nodes));
        return out;
    }
    if (value.isArray()) {
        const QJsonArray in = value.toArray();
        QJsonArray out;
        for (const auto &item : in)
            out.append(rebuiltDeep(item, nodes));
        return out;
    }
    return standalone(value);
}

} // namespace agui::json
