#include "ui/a2ui/sessionsurfaces.h"

namespace agui::ui {

QList<a2ui::A2uiSource> a2uiSourcesOf(const SessionSnapshot &snapshot)
{
    QStringList activityIds;
    for (qsizetype i = 0; i < snapshot.messageCount(); ++i) {
        const Message &m = snapshot.message(i);
        if (m.isActivity() && m.activityType == a2ui::surfaceActivityType())
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
            if (m.activityType == a2ui::surfaceActivityType())
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

ComposerContext composerContextOf(const SessionSnapshot &snapshot)
{
    ComposerContext context;
    if (snapshot.currentRunIndex() >= 0) {
        const Run &run = snapshot.run(snapshot.currentRunIndex());
        context.previousInput = run.input;
        if (context.previousInput.value(QStringLiteral("threadId")).toString().isEmpty()
            && !run.threadId.isEmpty())
            context.previousInput.insert(QStringLiteral("threadId"), run.threadId);
        if (run.outcomeType == QLatin1String("interrupt"))
            context.pendingInterrupts = run.interrupts;
    }
    context.messages = messagesAsAgUi(snapshot);
    context.state = snapshot.state();
    return context;
}

} // namespace agui::ui
