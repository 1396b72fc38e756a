#include "core/copilotkit/runtimeroutes.h"

#include <QJsonDocument>

namespace agui::copilotkit {

namespace {

QByteArray compact(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

// encodeURIComponent of one path segment, as the runtime's client builds its routes.
QString segment(const QString &text)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(text, "!'()*~-_."));
}

QUrl joined(const QUrl &base, const QString &path)
{
    QUrl url = runtimeBase(base);
    url.setPath(url.path(QUrl::FullyEncoded) + path, QUrl::StrictMode);
    return url;
}

RuntimeRequest post(const QUrl &url, const QByteArray &body, bool streams)
{
    RuntimeRequest r;
    r.method = "POST";
    r.url = url;
    r.body = body;
    r.streams = streams;
    r.headers = {{QStringLiteral("Content-Type"), QStringLiteral("application/json")}};
    if (streams)
        r.headers.append({QStringLiteral("Accept"), QStringLiteral("text/event-stream")});
    return r;
}

QString methodOf(AgentAction action)
{
    return QStringLiteral("agent/") + actionName(action);
}

} // namespace

QString transportName(RuntimeTransport transport)
{
    switch (transport) {
    case RuntimeTransport::Rest:
        return QStringLiteral("rest");
    case RuntimeTransport::SingleEndpoint:
        return QStringLiteral("single");
    }
    return {};
}

QString actionName(AgentAction action)
{
    switch (action) {
    case AgentAction::Run:
        return QStringLiteral("run");
    case AgentAction::Connect:
        return QStringLiteral("connect");
    case AgentAction::Stop:
        return QStringLiteral("stop");
    }
    return {};
}

QString RuntimeRequest::describe() const
{
    return QString::fromLatin1(method) + QLatin1Char(' ') + url.toDisplayString();
}

QUrl runtimeBase(const QUrl &url)
{
    QUrl base = url.adjusted(QUrl::RemoveQuery | QUrl::RemoveFragment);
    QString path = base.path(QUrl::FullyEncoded);
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    base.setPath(path, QUrl::StrictMode);
    return base;
}

RuntimeRequest infoRequest(const QUrl &base, RuntimeTransport transport)
{
    switch (transport) {
    case RuntimeTransport::Rest: {
        RuntimeRequest r;
        r.method = "GET";
        r.url = joined(base, QStringLiteral("/info"));
        return r;
    }
    case RuntimeTransport::SingleEndpoint:
        return post(runtimeBase(base),
                    compact({{QStringLiteral("method"), QStringLiteral("info")}}), false);
    }
    return {};
}

RuntimeRequest agentRequest(const QUrl &base, RuntimeTransport transport, AgentAction action,
                            const QString &agentId, const QJsonObject &runInput,
                            const QString &threadId, const QString &runId)
{
    const bool streams = action != AgentAction::Stop;
    // A stop names the run only when it is given: without it the runtime stops whatever runs
    // on the thread (handle-stop.mjs, parseStopScope).
    QJsonObject stopScope;
    if (!runId.isEmpty())
        stopScope.insert(QStringLiteral("runId"), runId);
    switch (transport) {
    case RuntimeTransport::Rest: {
        QString path = QStringLiteral("/agent/") + segment(agentId) + QLatin1Char('/');
        if (action == AgentAction::Stop)
            return post(joined(base, path + QStringLiteral("stop/") + segment(threadId)),
                        compact(stopScope), false);
        return post(joined(base, path + actionName(action)), compact(runInput), streams);
    }
    case RuntimeTransport::SingleEndpoint: {
        QJsonObject params {{QStringLiteral("agentId"), agentId}};
        QJsonObject envelope {{QStringLiteral("method"), methodOf(action)}};
        if (action == AgentAction::Stop) {
            params.insert(QStringLiteral("threadId"), threadId);
            if (!stopScope.isEmpty())
                envelope.insert(QStringLiteral("body"), stopScope);
        } else {
            envelope.insert(QStringLiteral("body"), runInput);
        }
        envelope.insert(QStringLiteral("params"), params);
        return post(runtimeBase(base), compact(envelope), streams);
    }
    }
    return {};
}

RuntimeRequest debugFeedRequest(const QUrl &base)
{
    RuntimeRequest r;
    r.method = "GET";
    r.url = joined(base, QStringLiteral("/cpk-debug-events"));
    r.headers = {{QStringLiteral("Accept"), QStringLiteral("text/event-stream")}};
    r.streams = true;
    return r;
}

} // namespace agui::copilotkit
