#include "core/copilotkit/httpfetch.h"

#include "core/net/httpexchange.h"

namespace agui::copilotkit {

QString FetchResult::describe() const
{
    if (!error.isEmpty())
        return error;
    return contentType.isEmpty() ? QStringLiteral("%1 without a Content-Type").arg(status)
                                 : QStringLiteral("%1 %2").arg(status).arg(contentType);
}

HttpFetch::HttpFetch(QObject *parent)
    : QObject(parent)
{ }

HttpFetch::~HttpFetch() = default;

void HttpFetch::start(const RuntimeRequest &request, const HttpHeaders &extraHeaders)
{
    abort();
    m_result = {};
    m_exchange = std::make_unique<net::HttpExchange>();
    net::HttpExchange *exchange = m_exchange.get();
    connect(exchange, &net::HttpExchange::headReceived, this, [this, exchange] {
        const auto &head = exchange->response().head();
        m_result.status = head.status;
        m_result.contentType = QString::fromUtf8(head.header("Content-Type"));
        for (const auto &[name, value] : head.headers)
            m_result.headers.append({QString::fromUtf8(name), QString::fromUtf8(value)});
    });
    connect(exchange, &net::HttpExchange::received, this, [this](const QByteArray &bytes) {
        const qint64 room = kMaxBody - m_result.body.size();
        if (bytes.size() > room)
            m_result.bodyCut = true;
        m_result.body.append(bytes.first(qMin<qint64>(room, bytes.size())));
    });
    connect(exchange, &net::HttpExchange::finished, this, [this](const QString &error) {
        // An answer whose body broke off still answered: its status is what callers act on.
        if (m_result.status == 0)
            m_result.error = error.isEmpty() ? QStringLiteral("no HTTP answer") : error;
        const FetchResult result = m_result;
        Q_EMIT finished(result);
    });
    HttpHeaders headers = request.headers;
    headers.append(extraHeaders);
    exchange->start(request.url, request.method, headers, request.body);
}

void HttpFetch::abort()
{
    if (m_exchange) {
        m_exchange->abort();
        m_exchange.release()->deleteLater();
    }
}

} // namespace agui::copilotkit
