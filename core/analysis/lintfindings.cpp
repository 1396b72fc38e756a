#include "core/analysis/lintfindings.h"

#include "core/finding/rulecategory.h"

namespace agui::analysis {

QList<FileFinding> placedFindings(const Capture &capture, const Session &session,
                                  const EventOrigins &origins, const EventFilter &filter)
{
    QList<FileFinding> out;
    const bool all = filter.isEmpty();
    if (all) {
        for (const CaptureProblem &p : capture.problems)
            out.append({p.ruleId, p.severity, QStringLiteral("capture"), -1, p.byteOffset, p.line,
                        p.line > 0 ? 1 : -1, QString(), p.message});
    }
    const EventStore &store = session.events();
    const bool exact = fileOffsetsAreExact(capture.format);
    for (const Finding &f : session.findings()) {
        const bool inStore = f.eventIndex >= 0 && f.eventIndex < store.size();
        if (!all && (!inStore || !filter.matches(store, f.eventIndex)))
            continue;
        const Diagnostic &d = f.diagnostic;
        const qint64 eventStream = inStore ? store.streamOffset(f.eventIndex) : -1;
        out.append({d.ruleId, d.severity, f.layer, f.eventIndex,
                    origins.fileOffset(f.eventIndex, eventStream, d.byteOffset, exact), -1, -1,
                    d.path, d.message});
    }
    return out;
}

QJsonObject findingToJson(const QString &file, const FileFinding &finding)
{
    const auto orNull = [](qint64 v) { return v >= 0 ? QJsonValue(double(v)) : QJsonValue(); };
    return {{QLatin1String("file"), file},
            {QLatin1String("ruleId"), finding.ruleId},
            {QLatin1String("severity"), severityName(finding.severity)},
            {QLatin1String("layer"), finding.layer},
            {QLatin1String("category"), QString(ruleCategory(finding.ruleId))},
            {QLatin1String("eventIndex"), orNull(finding.eventIndex)},
            {QLatin1String("byteOffset"), orNull(finding.byteOffset)},
            {QLatin1String("path"), finding.path},
            {QLatin1String("message"), finding.message},
            {QLatin1String("docs"), ruleDocReference(finding.ruleId)}};
}

} // namespace agui::analysis
