#include "core/a2ui/action.h"

#include "core/a2ui/binding.h"

#include <QJsonArray>

namespace agui::a2ui {

QString actionTimestamp(const QDateTime &when)
{
    const QDateTime utc = when.toUTC();
    return utc.time().msec() == 0 ? utc.toString(Qt::ISODate) : utc.toString(Qt::ISODateWithMs);
}

// Resolves each context value; unresolved paths become null (JSON has no undefined) and are
// reported in *error so the composer can show them.
static QJsonObject resolveContext(const QJsonValue &context, const QJsonValue &model,
                                  const QString &scope, QStringList &problems)
{
    QJsonObject out;
    auto put = [&](const QString &key, const QJsonValue &bound) {
        const QJsonValue v = resolve(bound, model, scope);
        if (v.isUndefined()) {
            const auto path = boundPath(bound, scope);
            problems.append(QStringLiteral("context.%1: nothing at %2 in the data model (sent as "
                                           "null)")
                                .arg(key, path.value_or(QStringLiteral("?"))));
            out.insert(key, QJsonValue(QJsonValue::Null));
        } else {
            out.insert(key, v);
        }
    };
    if (context.isObject()) {
        const QJsonObject map = context.toObject();
        for (auto it = map.begin(); it != map.end(); ++it)
            put(it.key(), it.value());
    } else if (context.isArray()) { // v0.8: [{key, value: BoundValue}]
        for (const auto &entry : context.toArray()) {
            const QJsonObject e = entry.toObject();
            put(e.value(QStringLiteral("key")).toString(), e.value(QStringLiteral("value")));
        }
    }
    return out;
}

ActionBuild buildUserAction(const Surface &surface, const QString &componentId,
                            const QJsonValue &dataModel, const QDateTime &timestamp,
                            const QString &scopePath)
{
    ActionBuild out;
    const Component *c = surface.component(componentId);
    if (!c) {
        out.error = QStringLiteral("surface \"%1\" has no component \"%2\"")
                        .arg(surface.surfaceId, componentId);
        return out;
    }
    // The original keeps the v0.8 context array form; the normalized one is in the v0.9 shape.
    // Both resolve the same way; use the normalized one.
    const QJsonObject normalized = c->version == Version::V0_8 && !scopePath.isEmpty()
        ? v08TemplateRelative(c->normalized)
        : c->normalized;
    const QJsonObject action = normalized.value(QStringLiteral("action")).toObject();
    if (action.isEmpty()) {
        out.error = QStringLiteral("component \"%1\" has no action").arg(componentId);
        return out;
    }
    if (action.value(QStringLiteral("functionCall")).isObject()) {
        out.kind = ActionBuild::Kind::LocalFunction;
        out.functionCall = action.value(QStringLiteral("functionCall")).toObject();
        return out;
    }
    // v0.9 {event:{name, context}}; tolerate the flat {name, context} some producers send.
    const QJsonObject event = action.value(QStringLiteral("event")).isObject()
        ? action.value(QStringLiteral("event")).toObject()
        : action;
    if (!event.value(QStringLiteral("name")).isString()) {
        out.error = QStringLiteral("the action of \"%1\" has no event name").arg(componentId);
        return out;
    }
    QStringList problems;
    QJsonObject userAction {
        {QStringLiteral("name"), event.value(QStringLiteral("name")).toString()},
        {QStringLiteral("surfaceId"), surface.surfaceId},
        {QStringLiteral("sourceComponentId"), componentId},
        {QStringLiteral("timestamp"), actionTimestamp(timestamp)},
        {QStringLiteral("context"),
         resolveContext(event.value(QStringLiteral("context")), dataModel, scopePath, problems)},
    };
    if (event.contains(QStringLiteral("userMessage"))) { // v1.0
        userAction.insert(QStringLiteral("userMessage"),
                          toDisplayString(resolve(event.value(QStringLiteral("userMessage")),
                                                  dataModel, scopePath)));
    }
    out.kind = ActionBuild::Kind::Event;
    out.userAction = userAction;
    out.error = problems.join(QStringLiteral("; "));
    return out;
}

QJsonObject actionMessage(const QJsonObject &userAction, Version version)
{
    if (version == Version::V0_8)
        return QJsonObject {{QStringLiteral("userAction"), userAction}};
    return QJsonObject {{QStringLiteral("version"), versionName(version)},
                        {QStringLiteral("action"), userAction}};
}

QJsonObject forwardedPropsForAction(const QJsonObject &userAction)
{
    return QJsonObject {
        {QStringLiteral("a2uiAction"), QJsonObject {{QStringLiteral("userAction"), userAction}}}};
}

} // namespace agui::a2ui
