#pragma once

// One small HTTP request whose whole answer is wanted (a runtime's /info, a stop's JSON), over
// core/net's HttpExchange like every other request of ours. The body is kept up to kMaxBody.

#include "core/capture/capture.h"
#include "core/copilotkit/runtimeroutes.h"

#include <QByteArray>
#include <QObject>
#include <QString>

#include <memory>

namespace agui::net {
class HttpExchange;
}

namespace agui::copilotkit {

struct FetchResult
{
    int status = 0; // 0: no HTTP answer (see error)
    QString contentType;
    HttpHeaders headers;
    QByteArray body;
    bool bodyCut = false; // longer than kMaxBody; the rest was not kept
    QString error; // transport failure ("" when an answer came)

    bool isSuccess() const { return error.isEmpty() && status >= 200 && status <= 299; }
    // "200 application/json", "404 text/html", or the transport error.
    QString describe() const;
};

class HttpFetch : public QObject
{
    Q_OBJECT

public:
    static constexpr qint64 kMaxBody = 4 * 1024 * 1024;

    explicit HttpFetch(QObject *parent = nullptr);
    ~HttpFetch() override;

    // extraHeaders are sent after the request's own (credentials among them are the caller's).
    void start(const RuntimeRequest &request, const HttpHeaders &extraHeaders = {});
    void abort();

Q_SIGNALS:
    void finished(const agui::copilotkit::FetchResult &result);

private:
    std::unique_ptr<net::HttpExchange> m_exchange;
    FetchResult m_result;
};

} // namespace agui::copilotkit
