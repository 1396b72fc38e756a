#pragma once

// The replay server: a capture's recorded runs served back over the AG-UI HTTP binding (each
// POST gets the next recorded run, or one chosen run every time, byte for byte with its recorded
// pacing divided by the speed). One implementation for `agui-inspect serve --replay` and the
// window's File > Serve This Capture…; both show what arrives through requestReceived(),
// requests for other paths or methods too (a front end pointed at the wrong URL is the commonest
// mistake), with the 404 or 405 they were answered.

#include "core/capture/capture.h"
#include "core/net/aguiendpoint.h"
#include "core/net/httpserver.h"
#include "core/net/replaysource.h"

#include <QHostAddress>
#include <QObject>

#include <memory>

namespace agui::net {

// A request as the user may see it: credential headers (Authorization, cookies, API keys)
// already replaced by "<redacted>".
struct ReceivedRequest
{
    qint64 atUs = -1; // µs since the epoch
    QString method;
    QString target; // as sent, credential-looking query items redacted
    HttpHeaders headers;
    QByteArray body;
    // 0: routed to the endpoint (answered with a run, or refused there with its own status);
    // 404 / 405: it asked for another path or method, and was answered that.
    int status = 0;
};

class ReplayServer : public QObject
{
    Q_OBJECT
public:
    struct Options
    {
        double speed = 1.0; // > 0: times the recorded pacing
        int run = -1; // >= 0: that capture run for every request; -1: the next one each time
        QString path = QStringLiteral("/");
    };

    ReplayServer(Capture capture, const Options &options, QObject *parent = nullptr);

    // Port 0 picks a free one; false on failure (errorString()).
    bool listen(const QHostAddress &host = QHostAddress::LocalHost, quint16 port = 0);
    void close();
    QUrl url() const;
    QString errorString() const { return m_server.errorString(); }
    int runCount() const { return m_source->runCount(); }
    int served() const { return m_source->served(); }

    HttpServer *httpServer() { return &m_server; }
    AgUiEndpoint *endpoint() { return m_endpoint; }

    static ReceivedRequest describe(const HttpRequest &request, qint64 atUs);

Q_SIGNALS:
    void requestReceived(const agui::net::ReceivedRequest &request);

private:
    Options m_options;
    HttpServer m_server;
    std::shared_ptr<ReplaySource> m_source;
    AgUiEndpoint *m_endpoint = nullptr;
};

} // namespace agui::net
