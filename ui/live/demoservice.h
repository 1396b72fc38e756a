#pragma once

#include <QObject>
#include <QUrl>

#include <memory>

namespace agui::net {
class AgUiEndpoint;
class HttpServer;
} // namespace agui::net

namespace agui {
class DemoAgent;
}

namespace agui::ui {

// The built-in demo agent served in-process on a loopback port, so a first launch (or Run >
// Demo Agent) shows a live run without any setup: reasoning, streamed text, a tool call, state
// and an A2UI surface, paced like a real model.
class DemoService : public QObject
{
    Q_OBJECT
public:
    explicit DemoService(QObject *parent = nullptr);
    ~DemoService() override;

    // Listens on 127.0.0.1 (an ephemeral port); false + errorString() when that fails.
    bool start(int paceMs = 90);
    QUrl url() const;
    QString errorString() const { return m_error; }

private:
    std::unique_ptr<net::HttpServer> m_server;
    std::unique_ptr<net::AgUiEndpoint> m_endpoint;
    std::shared_ptr<DemoAgent> m_agent;
    QString m_error;
};

} // namespace agui::ui
