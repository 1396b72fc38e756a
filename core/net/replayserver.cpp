#include "core/net/replayserver.h"

#include "core/capture/redaction.h"

#include <QDateTime>

namespace agui::net {

ReplayServer::ReplayServer(Capture capture, const Options &options, QObject *parent)
    : QObject(parent)
    , m_options(options)
    , m_source(std::make_shared<ReplaySource>(std::move(capture), options.speed))
{
    m_source->setFixedRun(options.run);
    QString path = options.path;
    if (!path.startsWith(u'/'))
        path.prepend(u'/');
    m_options.path = path;
    std::shared_ptr<ReplaySource> source = m_source;
    m_endpoint = new AgUiEndpoint(
        &m_server, path, [source](const QJsonObject &input) { return source->next(input); }, this);
    m_endpoint->setStampTimestamps(false); // a replay sends the recorded bytes untouched
    connect(m_endpoint, &AgUiEndpoint::requestReceived, this, [this](const HttpRequest &request) {
        Q_EMIT requestReceived(
            describe(request, QDateTime::currentDateTimeUtc().toMSecsSinceEpoch() * 1000));
    });
    m_server.setFallback([this](const HttpRequest &request, HttpResponder *responder) {
        ReceivedRequest seen
            = describe(request, QDateTime::currentDateTimeUtc().toMSecsSinceEpoch() * 1000);
        if (request.path == m_options.path) {
            seen.status = 405;
            responder->respondError(
                405, QStringLiteral("%1 serves a run to a POST only").arg(m_options.path),
                {{"Allow", "POST"}});
        } else {
            seen.status = 404;
            responder->respondError(404,
                                    QStringLiteral("nothing at %1: the replay is served at %2")
                                        .arg(request.path, m_options.path));
        }
        Q_EMIT requestReceived(seen);
    });
}

bool ReplayServer::listen(const QHostAddress &host, quint16 port)
{
    return m_server.listen(host, port);
}

void ReplayServer::close()
{
    m_server.close();
}

QUrl ReplayServer::url() const
{
    return m_server.url(m_options.path);
}

ReceivedRequest ReplayServer::describe(const HttpRequest &request, qint64 atUs)
{
    ReceivedRequest out;
    out.atUs = atUs;
    out.method = QString::fromLatin1(request.method);
    out.target = redactUrl(QString::fromUtf8(request.target));
    HttpHeaders headers;
    for (const auto &[name, value] : request.headers)
        headers.append({QString::fromLatin1(name), QString::fromLatin1(value)});
    out.headers = redactHeaders(headers);
    out.body = request.body;
    return out;
}

} // namespace agui::net
