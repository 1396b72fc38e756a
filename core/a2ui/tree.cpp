#include "core/a2ui/tree.h"

#include "core/a2ui/binding.h"
#include "core/json/jsonpointer.h"

#include <QJsonArray>
#include <QJsonObject>

namespace agui::a2ui {

Children childrenOf(const Surface &surface, const QJsonObject &normalized, const QString &scopePath,
                    qsizetype cap)
{
    Children out;
    const QJsonValue children = normalized.value(QStringLiteral("children"));
    if (children.isArray()) {
        for (const auto &v : children.toArray()) {
            if (v.isString())
                out.refs.append(ChildRef {v.toString(), scopePath, -1, {}});
        }
        out.total = out.refs.size();
        return out;
    }
    if (!children.isObject())
        return out;
    const QJsonObject t = children.toObject();
    const QString componentId = t.value(QStringLiteral("componentId")).toString();
    const QString path = t.value(QStringLiteral("path")).toString();
    if (componentId.isEmpty() || !t.value(QStringLiteral("path")).isString())
        return out;
    out.isTemplate = true;
    out.templatePath = absolutePath(path, scopePath);
    const auto data = json::resolve(surface.dataModel, out.templatePath);
    if (!data)
        return out;
    if (data->isArray()) {
        const QJsonArray items = data->toArray();
        out.total = items.size();
        for (qsizetype i = 0; i < items.size() && i < cap; ++i)
            out.refs.append(ChildRef {
                componentId, out.templatePath + QLatin1Char('/') + QString::number(i), i, {}});
    } else if (data->isObject() && surface.version == Version::V0_8) {
        // The v0.8 reference processor also iterates maps (child scope: the key).
        const QJsonObject items = data->toObject();
        out.total = items.size();
        qsizetype i = 0;
        for (auto it = items.begin(); it != items.end() && i < cap; ++it, ++i)
            out.refs.append(ChildRef {componentId,
                                      out.templatePath + QLatin1Char('/')
                                          + json::Pointer::escapeToken(it.key()),
                                      i, it.key()});
    }
    out.truncated = out.refs.size() < out.total;
    return out;
}

QList<StaticRef> staticReferences(const QJsonObject &normalized)
{
    QList<StaticRef> refs;
    for (const char *key : {"child", "trigger", "content"}) {
        const QJsonValue v = normalized.value(QLatin1String(key));
        if (v.isString())
            refs.append(StaticRef {v.toString(), QLatin1Char('/') + QLatin1String(key)});
    }
    const QJsonValue children = normalized.value(QStringLiteral("children"));
    if (children.isArray()) {
        const QJsonArray list = children.toArray();
        for (qsizetype i = 0; i < list.size(); ++i) {
            if (list.at(i).isString())
                refs.append(
                    StaticRef {list.at(i).toString(), QStringLiteral("/children/%1").arg(i)});
        }
    } else if (children.isObject()) {
        const QJsonValue id = children.toObject().value(QStringLiteral("componentId"));
        if (id.isString())
            refs.append(StaticRef {id.toString(), QStringLiteral("/children/componentId")});
    }
    const QJsonArray tabs = normalized.value(QStringLiteral("tabs")).toArray();
    for (qsizetype i = 0; i < tabs.size(); ++i) {
        const QJsonValue child = tabs.at(i).toObject().value(QStringLiteral("child"));
        if (child.isString())
            refs.append(StaticRef {child.toString(), QStringLiteral("/tabs/%1/child").arg(i)});
    }
    return refs;
}

} // namespace agui::a2ui
