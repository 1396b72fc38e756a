#include "core/net/runclient.h"

#include "core/protocol/streamdecoder.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QNetworkReply>
#include <QNetworkRequest>

namespace agui::net {

namespace {

qint64 nowMicros()
{
    return QDateTime::currentMSecsSinceEpoch() * 1000;
}

bool isSuccess(int status)
{
    return status >= 200 && status < 300;
}

} // namespace

RunClient::RunClient(QObject *parent)
    : QObject(parent)
{
    m_stallTimer.setSingleShot(true);
    connect(&m_stallTimer, &QTimer::timeout, this, &RunClient::onStallTimeout);
}

RunClient::~RunClient()
{
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
    }
}

QString RunClient::statusName(Status status)
{
    switch (status) {
    case Status::Idle:
        return QStringLiteral("idle");
    case Status::Connecting:
        return QStringLiteral("connecting");
    case Status::Streaming:
        return QStringLiteral("streaming");
    case Status::Stalled:
        return QStringLiteral("stalled");
    case Status::Finished:
        return QStringLiteral("finished");
    case Status::Failed:
        return QStringLiteral("failed");
    case Status::Stopped:
        return QStringLiteral("stopped");
    }
    return {};
}

bool RunClient::isActive() const
{
    return m_status == Status::Connecting || m_status == Status::Streaming
        || m_status == Status::Stalled;
}

void RunClient::setStatus(Status status)
{
    if (m_status == status)
        return;
    m_status = status;
    Q_EMIT statusChanged(status);
}

void RunClient::start(const QUrl &url, const QJsonObject &runAgentInput,
                      const HttpHeaders &extraHeaders)
{
    startWithBody(url, QJsonDocument(runAgentInput).toJson(QJsonDocument::Compact), extraHeaders);
}

void RunClient::startWithBody(const QUrl &url, const QByteArray &body,
                              const HttpHeaders &extraHeaders)
{
    if (isActive())
        stop();
    m_decoder.reset();
    m_headSeen = false;
    m_httpStatus = 0;
    m_contentType.clear();
    m_error.clear();
    m_errorBody.clear();
    m_bytes = 0;
    m_events = 0;

    QNetworkRequest request(url);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         QNetworkRequest::ManualRedirectPolicy);
    HttpHeaders headers {
        {QStringLiteral("Content-Type"), QStringLiteral("application/json")},
        {QStringLiteral("Accept"), QStringLiteral("text/event-stream")},
        {QStringLiteral("Cache-Control"), QStringLiteral("no-cache")},
        {QStringLiteral("Accept-Encoding"), QStringLiteral("identity")},
    };
    for (const auto &[name, value] : extraHeaders) {
        bool replaced = false;
        for (auto &h : headers) {
            if (h.first.compare(name, Qt::CaseInsensitive) == 0) {
                h.second = value;
                replaced = true;
            }
        }
        if (!replaced)
            headers.append({name, value});
    }
    for (const auto &[name, value] : std::as_const(headers))
        request.setRawHeader(name.toUtf8(), value.toUtf8());
    if (m_sink) {
        RecordedRequest recorded;
        recorded.present = true;
        recorded.sentAtUs = nowMicros();
        recorded.method = QStringLiteral("POST");
        recorded.url = url.toString();
        recorded.headers = headers;
        recorded.body = body;
        m_sink->requestSent(recorded);
    }

    QNetworkAccessManager *nam = m_nam ? m_nam : &m_ownNam;
    m_reply = nam->post(request, body);
    connect(m_reply, &QNetworkReply::metaDataChanged, this, &RunClient::onMetaData);
    connect(m_reply, &QNetworkReply::readyRead, this, &RunClient::onReadyRead);
    connect(m_reply, &QNetworkReply::finished, this, &RunClient::onFinished);
    setStatus(Status::Connecting);
    if (m_stallMs > 0)
        m_stallTimer.start(m_stallMs);
}

void RunClient::onMetaData()
{
    if (m_headSeen || !m_reply)
        return;
    const QVariant code = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    if (!code.isValid())
        return;
    m_headSeen = true;
    m_httpStatus = code.toInt();
    m_contentType = QString::fromUtf8(m_reply->rawHeader("Content-Type"));
    if (m_sink) {
        RecordedResponse response;
        response.present = true;
        response.receivedAtUs = nowMicros();
        response.status = m_httpStatus;
        for (const auto &pair : m_reply->rawHeaderPairs())
            response.headers.append(
                {QString::fromUtf8(pair.first), QString::fromUtf8(pair.second)});
        m_sink->responseStarted(response);
    }
    if (isSuccess(m_httpStatus)) {
        if (m_decodeEvents)
            m_decoder
                = std::make_unique<StreamDecoder>(framingForContentType(m_contentType), m_firstSeq);
        setStatus(Status::Streaming);
    }
    if (m_stallMs > 0)
        m_stallTimer.start(m_stallMs);
}

void RunClient::emitEvents(QList<Event> events)
{
    if (events.isEmpty())
        return;
    m_events += events.size();
    Q_EMIT eventsReceived(events);
}

void RunClient::onReadyRead()
{
    if (!m_reply)
        return;
    onMetaData(); // the head, if metaDataChanged has not been seen yet
    const QByteArray bytes = m_reply->readAll();
    if (bytes.isEmpty())
        return;
    const qint64 at = nowMicros();
    m_bytes += bytes.size();
    if (m_sink)
        m_sink->chunkReceived(bytes, at); // recorded before anything can go wrong decoding
    if (m_stallMs > 0)
        m_stallTimer.start(m_stallMs);
    if (m_status == Status::Stalled)
        setStatus(isSuccess(m_httpStatus) ? Status::Streaming : Status::Connecting);
    if (!isSuccess(m_httpStatus))
        m_errorBody += bytes; // a non-2xx body: kept whole for the failure report
    else if (m_decoder)
        emitEvents(m_decoder->feed(bytes, at));
}

void RunClient::onFinished()
{
    if (!m_reply)
        return;
    onReadyRead();
    const QNetworkReply::NetworkError error = m_reply->error();
    const QString errorText = m_reply->errorString();
    m_reply->deleteLater();
    m_reply = nullptr;
    m_stallTimer.stop();

    if (m_headSeen && !isSuccess(m_httpStatus)) {
        QString message = QStringLiteral("HTTP %1").arg(m_httpStatus);
        if (m_httpStatus >= 300 && m_httpStatus < 400)
            message += QStringLiteral(" (redirects are not followed)");
        if (!m_errorBody.isEmpty())
            message += QStringLiteral(": ") + QString::fromUtf8(m_errorBody.left(500));
        endRun(Status::Failed, RunEnd::Error, message);
        return;
    }
    if (m_decoder)
        emitEvents(m_decoder->finish());
    if (error != QNetworkReply::NoError) {
        endRun(Status::Failed, RunEnd::Error, errorText);
        return;
    }
    endRun(Status::Finished, RunEnd::Finished, {});
}

void RunClient::endRun(Status status, RunEnd end, const QString &error)
{
    m_error = error;
    if (m_sink)
        m_sink->runEnded(end, error, nowMicros());
    setStatus(status);
    if (status == Status::Failed)
        Q_EMIT failed(error, m_httpStatus, m_errorBody);
    Q_EMIT finished();
}

void RunClient::stop()
{
    if (!m_reply) {
        return;
    }
    QNetworkReply *reply = m_reply;
    m_reply = nullptr;
    reply->disconnect(this);
    reply->abort();
    reply->deleteLater();
    m_stallTimer.stop();
    endRun(Status::Stopped, RunEnd::Aborted, QStringLiteral("stopped by the user"));
}

void RunClient::onStallTimeout()
{
    if (!isActive() || m_status == Status::Stalled)
        return;
    setStatus(Status::Stalled);
    Q_EMIT stalled(m_stallMs);
    if (m_abortOnStall && m_reply) {
        QNetworkReply *reply = m_reply;
        m_reply = nullptr;
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
        endRun(Status::Failed, RunEnd::Error,
               QStringLiteral("no data for %1 ms (aborted)").arg(m_stallMs));
    }
}

} // namespace agui::net
