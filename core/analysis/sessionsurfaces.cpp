#include "core/analysis/sessionsurfaces.h"

namespace agui::analysis {

QList<a2ui::A2uiSource> a2uiSourcesOf(const SessionSnapshot &snapshot)
{
    QStringList activityIds;
    for (qsizetype i = 0; i < snapshot.messageCount(); ++i) {
        const Message &m = snapshot.message(i);
        if (m.isActivity() && m.rare().activityType == a2ui::surfaceActivityType())
            activityIds.append(m.id);
    }
    auto shownByActivity = [&activityIds](const QString &toolCallId) {
        if (toolCallId.isEmpty())
            return false;
        for (const QString &id : activityIds) {
            if (id.endsWith(QLatin1Char('-') + toolCallId))
                return true;
        }
        return false;
    };
    QList<a2ui::A2uiSource> sources;
    for (qsizetype i = 0; i < snapshot.messageCount(); ++i) {
        const Message &m = snapshot.message(i);
        if (m.isActivity()) {
            if (m.rare().activityType == a2ui::surfaceActivityType())
                sources.append({a2ui::A2uiSource::Kind::Activity, m.id, m.content()});
        } else if (m.role == QLatin1String("tool") && !shownByActivity(m.toolCallId)) {
            if (a2ui::operationsFromToolResult(m.content()))
                sources.append({a2ui::A2uiSource::Kind::ToolResult,
                                m.toolCallId.isEmpty() ? m.id : m.toolCallId, m.content()});
        }
    }
    return sources;
}

a2ui::SurfaceSet surfacesOf(const SessionSnapshot &snapshot)
{
    return a2ui::buildSurfaceSet(a2uiSourcesOf(snapshot));
}

QJsonObject surfaceToJson(const a2ui::Surface &surface)
{
    QJsonObject components;
    for (const QString &id : surface.componentOrder) {
        if (const a2ui::Component *c = surface.component(id))
            components.insert(id, c->normalized);
    }
    return {{QLatin1String("catalogId"), surface.catalogId},
            {QLatin1String("rootId"), surface.rootId},
            {QLatin1String("components"), components},
            {QLatin1String("dataModel"), surface.agentDataModel}};
}

} // namespace agui::analysis
