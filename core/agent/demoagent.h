#pragma once

// A deterministic, scripted AG-UI agent (no model, no network): for the inspector's demo mode,
// `agui-inspect serve --demo` and the round-trip tests. Its state projection is produced by
// running internal events through the Renderer and its A2UI surface by a2uiagui::snapshots(), so
// the demo exercises the seed ports end to end. Script: docs/demo-agent.md.

#include "core/agent/a2uiagui.h"
#include "core/protocol/agentchunk.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace agui {

class DemoAgent
{
public:
    struct Options
    {
        qint64 paceMs = 0; // quiet time between two events when streamed (0: no pauses)
    };

    // The canonical v0.9 basic catalog id the demo surface is created with.
    static QString catalogId();
    static QString surfaceId(); // "order"

    DemoAgent();
    explicit DemoAgent(Options options);

    // All the events of one run for a RunAgentInput. A run whose input carries
    // forwardedProps.a2uiAction.userAction answers that action; any other run shows the form.
    // Deterministic: ids derive from the input's threadId/runId and the state projection
    // continues from the input's "state" (what the client holds); the only state kept between
    // runs is each thread's surface messages (what a later snapshot must resend).
    QList<QJsonObject> run(const QJsonObject &runAgentInput);

    // The same run paced for a server: the first event at once, then one every paceMs.
    QList<AgentChunk> stream(const QJsonObject &runAgentInput);

    // The A2UI v0.9 messages that first show the order form.
    static QJsonArray formMessages();

private:
    QList<QJsonObject> formRun(const QString &threadId, const QString &runId,
                               const QJsonValue &state);
    QList<QJsonObject> actionRun(const QString &threadId, const QString &runId,
                                 const QJsonValue &state, const QJsonObject &action);

    Options m_options;
    QHash<QString, a2uiagui::Surfaces> m_surfaces; // per thread
};

} // namespace agui
