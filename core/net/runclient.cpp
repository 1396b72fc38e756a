#include "core/net/runclient.h"

#include "core/capture/redaction.h"
#include "core/net/httpexchange.h"
#include "core/protocol/streamdecoder.h"

#include <QDateTime>
#include <QJsonDocument>

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
    abortExchange();
}

void RunClient::abortExchange()
{
    if (!m_exchange)
        return;
    m_exchange->disconnect(this);
    m_exchange->abort();
    m_exchange.release()->deleteLater(); // we may be inside one of its signals
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

QString RunClient::bindingNote() const
{
    if (!m_headSeen || !isSuccess(m_httpStatus))
        return {};
    const QString media = m_contentType.section(u';', 0, 0).trimmed().toLower();
    if (media == u"text/event-stream" || media == u"application/vnd.ag-ui.event+proto")
        return {};
    return media.isEmpty()
        ? QStringLiteral("no Content-Type: the body was read as SSE, as @ag-ui/client does")
        : QStringLiteral("Content-Type \"%1\" is not an AG-UI binding: the body was read as SSE, "
                         "as @ag-ui/client does")
              .arg(media.left(100));
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
    m_location.clear();
    m_error.clear();
    m_errorBody.clear();
    m_bytes = 0;
    m_events = 0;

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

    m_exchange = std::make_unique<HttpExchange>();
    connect(m_exchange.get(), &HttpExchange::headReceived, this, &RunClient::onHead);
    connect(m_exchange.get(), &HttpExchange::received, this, &RunClient::onReceived);
    connect(m_exchange.get(), &HttpExchange::finished, this, &RunClient::onFinished);
    setStatus(Status::Connecting);
    if (m_stallMs > 0)
        m_stallTimer.start(m_stallMs);
    m_exchange->start(url, QByteArrayLiteral("POST"), headers, body);
}

void RunClient::onHead()
{
    const HttpResponseParser::Head &head = m_exchange->response().head();
    m_headSeen = true;
    m_httpStatus = head.status;
    m_contentType = QString::fromUtf8(head.header("Content-Type"));
    if (m_httpStatus >= 300 && m_httpStatus < 400)
        m_location = redactUrl(QString::fromUtf8(head.header("Location")));
    if (m_sink) {
        RecordedResponse response;
        response.present = true;
        response.receivedAtUs = nowMicros();
        response.status = m_httpStatus;
        for (const auto &[name, value] : head.headers)
            response.headers.append({QString::fromUtf8(name), QString::fromUtf8(value)});
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

void RunClient::emitEvents(const QList<Event> &events)
{
    if (m_decoder)
        m_decoder->takeHeartbeats(); // counted, not kept: a long run of keep-alives costs nothing
    if (events.isEmpty())
        return;
    m_events += events.size();
    Q_EMIT eventsReceived(events);
}

void RunClient::onReceived(const QByteArray &bytes)
{
    const qint64 at = nowMicros();
    m_bytes += bytes.size();
    if (m_sink)
        m_sink->chunkReceived(bytes, at); // recorded before anything can go wrong decoding
    if (m_stallMs > 0)
        m_stallTimer.start(m_stallMs);
    if (m_status == Status::Stalled)
        setStatus(isSuccess(m_httpStatus) ? Status::Streaming : Status::Connecting);
    if (!isSuccess(m_httpStatus)) {
        // A non-2xx body (or an answer that is not HTTP): its start is kept for the report.
        if (m_errorBody.size() < kMaxErrorBodyBytes)
            m_errorBody += QByteArrayView(bytes).first(
                qMin<qsizetype>(bytes.size(), kMaxErrorBodyBytes - m_errorBody.size()));
    } else if (m_decoder) {
        emitEvents(m_decoder->feed(bytes, at));
    }
}

QString RunClient::failureMessage(const QString &transportError) const
{
    QString message = QStringLiteral("HTTP %1").arg(m_httpStatus);
    if (m_httpStatus >= 300 && m_httpStatus < 400) {
        message += m_location.isEmpty()
            ? QStringLiteral(" (redirects are not followed)")
            : QStringLiteral(" (redirects are not followed: Location %1)").arg(m_location);
    }
    if (!m_errorBody.isEmpty())
        message += QStringLiteral(": ") + QString::fromUtf8(m_errorBody.left(500));
    if (!transportError.isEmpty())
        message += QStringLiteral(" (then: %1)").arg(transportError);
    return message;
}

void RunClient::onFinished(const QString &transportError)
{
    abortExchange();
    m_stallTimer.stop();
    if (m_headSeen && !isSuccess(m_httpStatus)) {
        endRun(Status::Failed, RunEnd::Error, failureMessage(transportError));
        return;
    }
    if (m_decoder)
        emitEvents(m_decoder->finish());
    if (!transportError.isEmpty()) {
        endRun(Status::Failed, RunEnd::Error, transportError);
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
    if (!m_exchange)
        return;
    abortExchange();
    m_stallTimer.stop();
    endRun(Status::Stopped, RunEnd::Aborted, QStringLiteral("stopped by the user"));
}

void RunClient::onStallTimeout()
{
    if (!isActive() || m_status == Status::Stalled)
        return;
    setStatus(Status::Stalled);
    Q_EMIT stalled(m_stallMs);
    if (m_abortOnStall && m_exchange) {
        abortExchange();
        endRun(Status::Failed, RunEnd::Error,
               QStringLiteral("no data for %1 ms (aborted)").arg(m_stallMs));
    }
}

} // namespace agui::net
