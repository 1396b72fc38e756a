#include "ui/dialogs/copilotkitagentpicker.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace agui::ui {

CopilotKitAgentPicker::CopilotKitAgentPicker(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *row = new QHBoxLayout;
    m_find = new QPushButton(tr("Find Agents"), this);
    m_find->setObjectName(QStringLiteral("copilotkitFindAgents"));
    m_find->setToolTip(tr("Take the endpoint as a CopilotKit runtime's base URL (e.g. "
                          "http://localhost:3000/api/copilotkit) and list its agents"));
    m_agents = new QComboBox(this);
    m_agents->setObjectName(QStringLiteral("copilotkitAgent"));
    m_agents->setEnabled(false);
    row->addWidget(m_find);
    row->addWidget(m_agents, 1);
    layout->addLayout(row);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("copilotkitStatus"));
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    m_status->hide();
    layout->addWidget(m_status);
    connect(m_find, &QPushButton::clicked, this, &CopilotKitAgentPicker::findRequested);
    connect(&m_probe, &copilotkit::RuntimeProbe::finished, this, &CopilotKitAgentPicker::onProbed);
    reset();
}

void CopilotKitAgentPicker::find(const QUrl &base, const HttpHeaders &headers)
{
    reset();
    m_finding = true;
    m_find->setEnabled(false);
    m_status->setText(tr("Asking %1 for its agents…").arg(base.toDisplayString()));
    m_status->show();
    m_probe.start(base, copilotkit::TransportChoice::Auto, headers);
}

void CopilotKitAgentPicker::reset()
{
    m_result.reset();
    m_agents->clear();
    m_agents->addItem(tr("(none: run the endpoint as typed)"));
    m_agents->setEnabled(false);
    if (!m_finding)
        m_status->hide();
}

QStringList CopilotKitAgentPicker::agentIds() const
{
    return m_result && m_result->info ? m_result->info->agentIds() : QStringList();
}

void CopilotKitAgentPicker::selectAgent(const QString &id)
{
    const int index = m_agents->findData(id);
    m_agents->setCurrentIndex(index >= 0 ? index : 0);
}

bool CopilotKitAgentPicker::isSingleEndpoint() const
{
    return m_result && m_result->transport == copilotkit::RuntimeTransport::SingleEndpoint;
}

std::optional<copilotkit::RuntimeRequest>
CopilotKitAgentPicker::runRequest(const QJsonObject &input) const
{
    const QString id = m_agents->currentData().toString();
    if (id.isEmpty() || !m_result || !m_result->ok())
        return std::nullopt;
    return copilotkit::agentRequest(m_result->base, *m_result->transport,
                                    copilotkit::AgentAction::Run, id, input);
}

void CopilotKitAgentPicker::onProbed(const copilotkit::ProbeResult &result)
{
    m_finding = false;
    m_find->setEnabled(true);
    m_result = result;
    m_status->show();
    if (!result.ok()) {
        m_status->setText(result.error);
    } else {
        for (const copilotkit::RuntimeAgent &a : result.info->agents)
            m_agents->addItem(
                a.description.isEmpty() ? a.id : tr("%1 — %2").arg(a.id, a.description), a.id);
        m_agents->setEnabled(true);
        if (m_agents->count() > 1)
            m_agents->setCurrentIndex(1);
        m_status->setText(result.summary());
    }
    Q_EMIT found();
}

} // namespace agui::ui
