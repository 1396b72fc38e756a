#pragma once

// The Connect dialog's CopilotKit row: "Find Agents" asks the endpoint, taken as a CopilotKit
// runtime's base URL, for its agents (core/copilotkit RuntimeProbe: /info on either transport,
// asynchronously, the GUI never waits), lists them, and says what it found. With an agent
// chosen, the run goes to that agent's run route with the body its transport takes
// (docs/copilotkit.md); with none, to the endpoint as typed.

#include "core/capture/capture.h"
#include "core/copilotkit/runtimeprobe.h"
#include "core/copilotkit/runtimeroutes.h"

#include <QJsonObject>
#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QPushButton;

namespace agui::ui {

class CopilotKitAgentPicker : public QWidget
{
    Q_OBJECT

public:
    explicit CopilotKitAgentPicker(QWidget *parent = nullptr);

    // Asks the runtime at base (with these headers, credentials included) for its agents.
    void find(const QUrl &base, const HttpHeaders &headers);
    // Forgets the runtime (the endpoint changed).
    void reset();
    bool isFinding() const { return m_finding; }
    QStringList agentIds() const;
    void selectAgent(const QString &id); // "" : none
    bool isSingleEndpoint() const; // the runtime found speaks the single-endpoint transport
    // The run of the chosen agent with this input; nullopt when no agent is chosen.
    std::optional<copilotkit::RuntimeRequest> runRequest(const QJsonObject &input) const;

Q_SIGNALS:
    void findRequested(); // the button: the owner calls find() with its endpoint and headers
    void found(); // the probe ended (agents listed, or the status says why not)

private:
    void onProbed(const copilotkit::ProbeResult &result);

    QPushButton *m_find = nullptr;
    QComboBox *m_agents = nullptr;
    QLabel *m_status = nullptr;
    copilotkit::RuntimeProbe m_probe;
    std::optional<copilotkit::ProbeResult> m_result;
    bool m_finding = false;
};

} // namespace agui::ui
