#pragma once

// Attaches to a CopilotKit runtime's debug feed: GET {base}/cpk-debug-events over core/net's
// HttpExchange, the answer cut into one run per agent and thread by a DebugFeedDemux. The
// feed's own exchange is recorded through `feedRun` whatever it answers (an error body too),
// each stream through the sink `openStream` gives it. A 404, 405 or 503 fails with the message
// a CopilotKit user needs (runtimenotes.h).

#include "core/copilotkit/debugfeeddemux.h"
#include "core/copilotkit/runtimeroutes.h"

#include <QObject>
#include <QUrl>

#include <memory>

namespace agui::net {
class HttpExchange;
}

namespace agui::copilotkit {

class DebugFeedClient : public QObject
{
    Q_OBJECT

public:
    DebugFeedClient(net::ChunkSink *feedRun, DebugFeedDemux::OpenStream openStream,
                    QObject *parent = nullptr);
    ~DebugFeedClient() override;

    // base: the runtime's base URL (the feed route is joined to it).
    void start(const QUrl &base, const HttpHeaders &extraHeaders = {});
    // Ends the recording (RunEnd::Aborted); finished() follows.
    void stop();

    bool isActive() const { return m_active; }
    const DebugFeedDemux &demux() const { return m_demux; }
    QUrl feedUrl() const { return m_request.url; }
    int httpStatus() const { return m_status; }
    QString errorString() const { return m_error; } // "" while fine, and after a clean end

Q_SIGNALS:
    void attached(); // 200: frames follow
    void frameRouted(int stream); // an index into demux().streams()
    void failed(const QString &message);
    void finished();

private:
    void onHead();
    void onReceived(const QByteArray &bytes);
    void onFinished(const QString &transportError);
    void end(RunEnd end, const QString &error);

    net::ChunkSink *m_feedRun;
    DebugFeedDemux m_demux;
    std::unique_ptr<net::HttpExchange> m_exchange;
    RuntimeRequest m_request;
    QUrl m_base;
    int m_status = 0;
    QString m_error;
    bool m_active = false;
    bool m_headSeen = false;
};

} // namespace agui::copilotkit
