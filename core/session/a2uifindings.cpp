#include "core/session/a2uifindings.h"

#include "core/a2ui/a2uilint.h"
#include "core/a2ui/surfacemodel.h"

namespace agui {

namespace {

Finding findingOf(const a2ui::Issue &issue, qint64 seq)
{
    // Where in the ACTIVITY_* event: the A2UI message the issue is about, when it names one.
    QString path = QStringLiteral("/content");
    if (!issue.dataPath.isEmpty())
        path = issue.dataPath; // what is missing says more than where the binding sits
    else if (issue.messageIndex >= 0)
        path += QLatin1Char('/') + a2ui::operationsKey() + QLatin1Char('/')
            + QString::number(issue.messageIndex);
    else if (issue.path.startsWith(QLatin1Char('/')) && issue.componentId.isEmpty())
        path += issue.path;
    QStringList where;
    if (!issue.surfaceId.isEmpty())
        where.append(QStringLiteral("surface '%1'").arg(issue.surfaceId));
    if (!issue.componentId.isEmpty())
        where.append(QStringLiteral("component '%1'").arg(issue.componentId));
    if (!issue.componentId.isEmpty() && !issue.path.isEmpty())
        where.append(issue.path);
    const QString message = where.isEmpty()
        ? issue.message
        : where.join(QLatin1Char(' ')) + QStringLiteral(": ") + issue.message;
    return Finding {seq, Diagnostic {issue.ruleId, issue.severity, path, message, -1},
                    QStringLiteral("a2ui")};
}

// Rules about data a streamed surface may still receive: judged when it settles.
bool dependsOnDataToCome(const a2ui::Issue &issue)
{
    return issue.ruleId == QLatin1String("a2ui.unresolved-path");
}

} // namespace

QList<SurfaceFindings> a2uiFindings(const SessionSnapshot &snapshot, const EventChange &change,
                                    qint64 seq)
{
    QList<SurfaceFindings> out;
    for (const QString &id : change.activitiesChanged) {
        const qsizetype index = snapshot.messagePosition(id);
        if (index < 0)
            continue;
        const Message &m = snapshot.message(index);
        if (!m.isActivity() || m.rare().activityType != a2ui::surfaceActivityType())
            continue;
        const a2ui::SurfaceSet set = a2ui::surfacesFromActivity(m.content().toObject(), id);
        SurfaceFindings found {id, {}, {}};
        for (const a2ui::Issue &issue : a2ui::lintSurfaceSet(set))
            (dependsOnDataToCome(issue) ? found.ifSettled : found.now)
                .append(findingOf(issue, seq));
        out.append(std::move(found));
    }
    return out;
}

} // namespace agui
