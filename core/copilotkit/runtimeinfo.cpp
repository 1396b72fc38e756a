#include "core/copilotkit/runtimeinfo.h"

#include <QJsonDocument>
#include <QJsonParseError>

namespace agui::copilotkit {

namespace {

// The members handleGetRuntimeInfo writes in @copilotkit/runtime 1.75.0.
const QStringList &knownMembers()
{
    static const QStringList known {
        QStringLiteral("version"),
        QStringLiteral("agents"),
        QStringLiteral("audioFileTranscriptionEnabled"),
        QStringLiteral("mode"),
        QStringLiteral("threadEndpoints"),
        QStringLiteral("singleRoute"),
        QStringLiteral("suggestions"),
        QStringLiteral("intelligence"),
        QStringLiteral("inspectorMetadata"),
        QStringLiteral("inspectorLearning"),
        QStringLiteral("a2uiEnabled"),
        QStringLiteral("a2ui"),
        QStringLiteral("openGenerativeUIEnabled"),
        QStringLiteral("licenseStatus"),
        QStringLiteral("runtimeEntitlements"),
        QStringLiteral("telemetryDisabled"),
    };
    return known;
}

bool looksLikeHtml(QByteArrayView body, const QString &contentType)
{
    if (contentType.contains(QLatin1String("html"), Qt::CaseInsensitive))
        return true;
    const QByteArrayView start = body.trimmed();
    return start.startsWith("<");
}

QString firstLine(QByteArrayView body)
{
    QByteArrayView start = body.trimmed();
    const qsizetype end = start.indexOf('\n');
    if (end >= 0)
        start = start.first(end);
    if (start.size() > 60)
        start = start.first(60);
    return QString::fromUtf8(start).trimmed();
}

RuntimeInfoResult failure(const QString &message, qint64 offset = -1)
{
    RuntimeInfoResult r;
    r.error = message;
    r.errorOffset = offset;
    return r;
}

} // namespace

const RuntimeAgent *RuntimeInfo::agent(const QString &id) const
{
    for (const RuntimeAgent &a : agents) {
        if (a.id == id)
            return &a;
    }
    return nullptr;
}

QStringList RuntimeInfo::agentIds() const
{
    QStringList ids;
    for (const RuntimeAgent &a : agents)
        ids.append(a.id);
    return ids;
}

RuntimeInfoResult parseRuntimeInfo(QByteArrayView body, const QString &contentType,
                                   const QString &where)
{
    if (looksLikeHtml(body, contentType))
        return failure(
            QStringLiteral("%1 answered an HTML page (Content-Type %2, starting \"%3\"), not a "
                           "CopilotKit runtime's JSON: a page of the app, not the runtime's base "
                           "path (the basePath of createCopilotEndpoint, e.g. "
                           "http://localhost:3000/api/copilotkit)")
                .arg(where, contentType.isEmpty() ? QStringLiteral("not given") : contentType,
                     firstLine(body)),
            0);
    if (body.trimmed().isEmpty())
        return failure(QStringLiteral("%1 answered an empty body, not a CopilotKit runtime's "
                                      "JSON")
                           .arg(where));
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(body.toByteArray(), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return failure(QStringLiteral("%1 answered something that is not JSON (%2 at byte %3), "
                                      "not a CopilotKit runtime's /info")
                           .arg(where, parseError.errorString())
                           .arg(parseError.offset),
                       parseError.offset);
    if (!doc.isObject())
        return failure(
            QStringLiteral("%1 answered JSON that is not an object, not a CopilotKit runtime's "
                           "/info")
                .arg(where),
            0);
    const QJsonObject o = doc.object();
    if (!o.value(QLatin1String("agents")).isObject()) {
        const QString error = o.value(QLatin1String("error")).toString();
        return failure(
            error.isEmpty()
                ? QStringLiteral("%1 answered a JSON object without an \"agents\" object (members: "
                                 "%2): not a CopilotKit runtime's /info, which lists its agents "
                                 "there")
                      .arg(where, o.keys().join(QLatin1String(", ")))
                : QStringLiteral("%1 answered an error: %2%3")
                      .arg(where, error,
                           o.value(QLatin1String("message")).isString()
                               ? QStringLiteral(" (%1)").arg(
                                   o.value(QLatin1String("message")).toString())
                               : QString()));
    }
    RuntimeInfo info;
    info.raw = o;
    info.version = o.value(QLatin1String("version")).toString();
    info.mode = o.value(QLatin1String("mode")).toString();
    const QJsonObject agents = o.value(QLatin1String("agents")).toObject();
    // JSON objects keep no order in Qt; the runtime writes Object.fromEntries in its own order,
    // which the ids' order follows well enough for a listing.
    for (auto it = agents.begin(); it != agents.end(); ++it) {
        if (!it.value().isObject())
            return failure(QStringLiteral("%1: agents/%2 is not an object (the runtime describes "
                                          "each agent as {name, description, className})")
                               .arg(where, it.key()));
        const QJsonObject a = it.value().toObject();
        RuntimeAgent agent;
        agent.id = it.key();
        agent.name = a.value(QLatin1String("name")).toString(it.key());
        agent.description = a.value(QLatin1String("description")).toString();
        agent.className = a.value(QLatin1String("className")).toString();
        info.agents.append(agent);
    }
    for (const QString &key : o.keys()) {
        if (!knownMembers().contains(key))
            info.unknownMembers.append(key);
    }
    RuntimeInfoResult r;
    r.info = info;
    return r;
}

QString unknownAgentMessage(const RuntimeInfo &info, const QString &id, const QString &where)
{
    const QStringList ids = info.agentIds();
    return QStringLiteral("no agent '%1' at %2; the runtime has %3")
        .arg(id, where,
             ids.isEmpty()
                 ? QStringLiteral("none (its agents option is empty)")
                 : QStringLiteral("%1: %2").arg(ids.size() == 1 ? QStringLiteral("one")
                                                                : QString::number(ids.size()),
                                                ids.join(QLatin1String(", "))));
}

} // namespace agui::copilotkit
