#include "core/agent/a2uiagui.h"

#include "core/json/jsontext.h"
#include "core/wire/sseencoder.h"

#include <QJsonDocument>

namespace agui::a2uiagui {

namespace {

const QLatin1StringView kOperationsKey {"a2ui_operations"};

// Operation keys that carry a surfaceId, v0.9/v1.0 first, then v0.8 (a message holds one).
constexpr QLatin1StringView kSurfaceOperations[] = {
    QLatin1StringView {"createSurface"},   QLatin1StringView {"updateComponents"},
    QLatin1StringView {"updateDataModel"}, QLatin1StringView {"deleteSurface"},
    QLatin1StringView {"surfaceUpdate"},   QLatin1StringView {"dataModelUpdate"},
    QLatin1StringView {"beginRendering"},
};

bool isDeleteOf(const QJsonValue &message, const QString &surfaceId)
{
    const QJsonValue del = message.toObject().value(QLatin1StringView {"deleteSurface"});
    return del.isObject()
        && del.toObject().value(QLatin1StringView {"surfaceId"}).toString() == surfaceId;
}

} // namespace

QString activityType()
{
    return QStringLiteral("a2ui-surface");
}

QJsonObject activitySnapshot(const QString &messageId, const QJsonArray &messages)
{
    return QJsonObject {
        {QStringLiteral("type"), QStringLiteral("ACTIVITY_SNAPSHOT")},
        {QStringLiteral("messageId"), messageId},
        {QStringLiteral("activityType"), activityType()},
        {QStringLiteral("content"), QJsonObject {{kOperationsKey, messages}}},
        {QStringLiteral("replace"), true},
    };
}

QString surfaceMessageId(const QString &surfaceId)
{
    return QStringLiteral("a2ui-surface-") + surfaceId;
}

std::optional<QString> surfaceIdOf(const QJsonObject &message)
{
    for (const QLatin1StringView key : kSurfaceOperations) {
        const QJsonValue op = message.value(key);
        if (!op.isObject())
            continue;
        const QJsonValue id = op.toObject().value(QLatin1StringView {"surfaceId"});
        if (id.isString() && !id.toString().isEmpty())
            return id.toString();
    }
    return std::nullopt;
}

QStringList surfaceIds(const QJsonArray &messages)
{
    QStringList ids;
    for (const auto &message : messages) {
        const std::optional<QString> id = surfaceIdOf(message.toObject());
        if (id && !ids.contains(*id))
            ids.append(*id);
    }
    return ids;
}

SnapshotsResult snapshots(const Surfaces &surfaces, const QJsonArray &messages)
{
    SnapshotsResult result {{}, surfaces};
    QStringList touched; // first-touch order
    for (const auto &message : messages) {
        if (!message.isObject())
            continue;
        const std::optional<QString> id = surfaceIdOf(message.toObject());
        if (!id)
            continue;
        result.surfaces[*id].append(message);
        if (!touched.contains(*id))
            touched.append(*id);
    }
    for (const QString &id : touched) {
        const QJsonArray all = result.surfaces.value(id);
        result.events.append(activitySnapshot(surfaceMessageId(id), all));
        // A snapshot ending in the surface's deletion is its last; a later createSurface with
        // the same id starts a fresh list.
        if (!all.isEmpty() && isDeleteOf(all.last(), id))
            result.surfaces.remove(id);
    }
    return result;
}

std::optional<QJsonArray> a2uiMessages(const QJsonObject &event)
{
    if (event.value(QLatin1StringView {"type"}).toString()
            != QLatin1StringView {"ACTIVITY_SNAPSHOT"}
        || event.value(QLatin1StringView {"activityType"}).toString() != activityType())
        return std::nullopt;
    const QJsonValue ops
        = event.value(QLatin1StringView {"content"}).toObject().value(kOperationsKey);
    if (!ops.isArray())
        return std::nullopt;
    return ops.toArray();
}

std::optional<QJsonObject> userAction(const QJsonObject &runInput, const QString &version)
{
    const QJsonValue props = runInput.value(QLatin1StringView {"forwardedProps"});
    if (!props.isObject())
        return std::nullopt;
    const QJsonValue wrapper = props.toObject().value(QLatin1StringView {"a2uiAction"});
    if (!wrapper.isObject())
        return std::nullopt;
    const QJsonValue action = wrapper.toObject().value(QLatin1StringView {"userAction"});
    if (!action.isObject())
        return std::nullopt;
    return QJsonObject {{QStringLiteral("version"), version}, {QStringLiteral("action"), action}};
}

QByteArray encode(const QJsonObject &event)
{
    return encodeSse(event);
}

QList<QJsonObject> textMessage(const QString &messageId, const QString &text)
{
    if (text.isEmpty())
        return {};
    return {
        QJsonObject {{QStringLiteral("type"), QStringLiteral("TEXT_MESSAGE_START")},
                     {QStringLiteral("messageId"), messageId},
                     {QStringLiteral("role"), QStringLiteral("assistant")}},
        QJsonObject {{QStringLiteral("type"), QStringLiteral("TEXT_MESSAGE_CONTENT")},
                     {QStringLiteral("messageId"), messageId},
                     {QStringLiteral("delta"), text}},
        QJsonObject {{QStringLiteral("type"), QStringLiteral("TEXT_MESSAGE_END")},
                     {QStringLiteral("messageId"), messageId}},
    };
}

QJsonObject runStarted(const QString &threadId, const QString &runId)
{
    return QJsonObject {{QStringLiteral("type"), QStringLiteral("RUN_STARTED")},
                        {QStringLiteral("threadId"), threadId},
                        {QStringLiteral("runId"), runId}};
}

QJsonObject runFinished(const QString &threadId, const QString &runId)
{
    return QJsonObject {{QStringLiteral("type"), QStringLiteral("RUN_FINISHED")},
                        {QStringLiteral("threadId"), threadId},
                        {QStringLiteral("runId"), runId}};
}

QJsonObject runError(const QString &message, const std::optional<QString> &code)
{
    QJsonObject event {{QStringLiteral("type"), QStringLiteral("RUN_ERROR")},
                       {QStringLiteral("message"), message}};
    if (code)
        event.insert(QStringLiteral("code"), *code);
    return event;
}

QString describeUserAction(const QJsonObject &action)
{
    const QJsonValue name = action.value(QLatin1StringView {"name"});
    const QJsonValue surface = action.value(QLatin1StringView {"surfaceId"});
    const QString source = action.value(QLatin1StringView {"sourceComponentId"}).toString();
    const QJsonValue context = action.value(QLatin1StringView {"context"});
    QString text
        = QStringLiteral("User performed action \"%1\" on surface \"%2\"")
              .arg(name.isString() ? name.toString() : QStringLiteral("unknown_action"),
                   surface.isString() ? surface.toString() : QStringLiteral("unknown_surface"));
    if (!source.isEmpty())
        text += QStringLiteral(" (component: %1)").arg(source);
    const bool structured = context.isObject() || context.isArray();
    text += QStringLiteral(". Context: ")
        + (structured ? json::toCompactJson(context) : QStringLiteral("{}"));
    return text;
}

} // namespace agui::a2uiagui
