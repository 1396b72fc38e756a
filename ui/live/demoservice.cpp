#include "ui/live/demoservice.h"

#include "core/agent/demoagent.h"
#include "core/net/aguiendpoint.h"
#include "core/net/httpserver.h"

namespace agui::ui {

namespace {
const QString kPath = QStringLiteral("/agent");
}

DemoService::DemoService(QObject *parent)
    : QObject(parent)
{ }

DemoService::~DemoService()
{
    m_endpoint.reset();
    m_server.reset();
}

bool DemoService::start(int paceMs)
{
    if (m_server)
        return true;
    m_agent = std::make_shared<DemoAgent>(DemoAgent::Options {paceMs});
    m_server = std::make_unique<net::HttpServer>();
    auto agent = m_agent;
    m_endpoint = std::make_unique<net::AgUiEndpoint>(m_server.get(), kPath,
                                                     [agent](const QJsonObject &input) {
                                                         net::RunReply reply;
                                                         reply.chunks = agent->stream(input);
                                                         return reply;
                                                     });
    if (!m_server->listen()) {
        m_error = m_server->errorString();
        m_endpoint.reset();
        m_server.reset();
        return false;
    }
    return true;
}

QUrl DemoService::url() const
{
    return m_server ? m_server->url(kPath) : QUrl();
}

} // namespace agui::ui
