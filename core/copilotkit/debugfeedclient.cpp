#include "core/copilotkit/debugfeedclient.h"

#include "core/capture/capturewriter.h"
#include "core/copilotkit/runtimenotes.h"
#include "core/net/chunksink.h"
#include "core/net/httpexchange.h"

namespace agui::copilotkit {

DebugFeedClient::DebugFeedClient(net::ChunkSink *feedRun, DebugFeedDemux::OpenStream openStream,
                                 QObject *parent)
    : QObject(parent)
    , m_feedRun(feedRun)
    , m_demux(feedRun, std::move(openStream))
{
    m_demux.onFrame = [this](int stream) { Q_EMIT frameRouted(stream); };
}

DebugFeedClient::~DebugFeedClient()
{
    if (m_exchange)
        m_exchange->abort();
}

void DebugFeedClient::start(const QUrl &base, const HttpHeaders &extraHeaders)
{
    m_base = runtimeBase(base);
    m_request = debugFeedRequest(m_base);
    HttpHeaders headers = m_request.headers;
    headers.append(extraHeaders);
    m_request.headers = headers;
    m_exchange = std::make_unique<net::HttpExchange>();
    connect(m_exchange.get(), &net::HttpExchange::headReceived, this, &DebugFeedClient::onHead);
    connect(m_exchange.get(), &net::HttpExchange::received, this, &DebugFeedClient::onReceived);
    connect(m_exchange.get(), &net::HttpExchange::finished, this, &DebugFeedClient::onFinished);
    m_active = true;
    m_exchange->start(m_request.url, m_request.method, headers, {});
}

void DebugFeedClient::stop()
{
    if (!m_active)
        return;
    m_exchange->abort();
    end(RunEnd::Aborted, {});
}

void DebugFeedClient::onHead()
{
    m_headSeen = true;
    const auto &head = m_exchange->response().head();
    m_status = head.status;
    RecordedRequest request;
    request.present = true;
    request.sentAtUs = nowUs();
    request.method = QString::fromLatin1(m_request.method);
    request.url = m_request.url.toString();
    request.headers = m_request.headers;
    RecordedResponse response;
    response.present = true;
    response.receivedAtUs = nowUs();
    response.status = head.status;
    for (const auto &[name, value] : head.headers)
        response.headers.append({QString::fromUtf8(name), QString::fromUtf8(value)});
    m_demux.opened(request, response);
    if (m_status >= 200 && m_status <= 299) {
        Q_EMIT attached();
        return;
    }
    switch (m_status) {
    case 404:
        m_error = debugFeedOffMessage(m_request.url);
        break;
    case 405:
        m_error = singleEndpointHasNoFeedMessage(m_base);
        break;
    case 503:
        m_error = debugBusMissingMessage(m_request.url);
        break;
    default:
        m_error = QStringLiteral("GET %1 answered %2 %3")
                      .arg(m_request.url.toDisplayString())
                      .arg(m_status)
                      .arg(QString::fromUtf8(head.reason));
        break;
    }
}

void DebugFeedClient::onReceived(const QByteArray &bytes)
{
    const qint64 at = nowUs();
    if (m_headSeen && m_status >= 200 && m_status <= 299)
        m_demux.feed(bytes, at);
    else
        m_feedRun->chunkReceived(bytes, at); // an error body, or bytes that are not HTTP: kept
}

void DebugFeedClient::onFinished(const QString &transportError)
{
    if (!m_active)
        return;
    if (!m_error.isEmpty())
        end(RunEnd::Error, m_error);
    else if (!transportError.isEmpty())
        end(RunEnd::Error, transportError);
    else
        end(RunEnd::Finished, {});
}

void DebugFeedClient::end(RunEnd how, const QString &error)
{
    m_active = false;
    const qint64 at = nowUs();
    if (m_headSeen && m_status >= 200 && m_status <= 299) {
        m_demux.finish(how, error, at);
    } else {
        if (!m_headSeen) {
            // No answer at all: the request is still the feed run's record.
            RecordedRequest request;
            request.present = true;
            request.sentAtUs = at;
            request.method = QString::fromLatin1(m_request.method);
            request.url = m_request.url.toString();
            request.headers = m_request.headers;
            m_feedRun->requestSent(request);
        }
        m_feedRun->runEnded(how, error, at);
    }
    if (how == RunEnd::Error && m_error.isEmpty())
        m_error = error;
    if (m_demux.endedInsideFrame() && m_error.isEmpty())
        m_error = QStringLiteral("the feed ended inside a frame");
    if (!m_error.isEmpty())
        Q_EMIT failed(m_error);
    Q_EMIT finished();
}

} // namespace agui::copilotkit
