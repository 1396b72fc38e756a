#pragma once

// The requests a CopilotKit runtime (@copilotkit/runtime 1.75.0, v2) takes, on both of its
// transports, as its own front-end client (@copilotkit/core 1.75.0, ProxiedCopilotRuntimeAgent)
// sends them:
//   REST ("multi-route", createCopilotEndpoint's default; dist/v2/runtime/core/fetch-router.mjs):
//     GET  {base}/info
//     POST {base}/agent/{agentId}/run               body: RunAgentInput      -> SSE
//     POST {base}/agent/{agentId}/connect           body: RunAgentInput      -> SSE
//     POST {base}/agent/{agentId}/stop/{threadId}   body: {} or {"runId"}    -> JSON
//   single endpoint (mode "single-route"; dist/v2/runtime/core/fetch-handler.mjs,
//   resolveSingleRoute): every call is POST {base} with a JSON envelope
//     {"method": "info" | "agent/run" | "agent/connect" | "agent/stop",
//      "params": {"agentId", "threadId" (stop)}, "body": RunAgentInput | {"runId"}}

#include "core/capture/capture.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QUrl>

namespace agui::copilotkit {

enum class RuntimeTransport { Rest, SingleEndpoint };
QString transportName(RuntimeTransport transport); // "rest", "single"

enum class AgentAction { Run, Connect, Stop };
QString actionName(AgentAction action); // "run", "connect", "stop"

struct RuntimeRequest
{
    QByteArray method; // "GET" or "POST"
    QUrl url;
    QByteArray body; // empty for GET
    HttpHeaders headers; // Content-Type, Accept
    bool streams = false; // the answer is an SSE stream of AG-UI events (run, connect)

    QString describe() const; // "POST http://.../agent/x/run"
};

// The runtime's base URL as the routes are joined to it: without a trailing slash.
QUrl runtimeBase(const QUrl &url);

RuntimeRequest infoRequest(const QUrl &base, RuntimeTransport transport);
// runInput: the RunAgentInput of a run or connect (its threadId names the thread);
// for stop, threadId and (optional) runId say what to stop.
RuntimeRequest agentRequest(const QUrl &base, RuntimeTransport transport, AgentAction action,
                            const QString &agentId, const QJsonObject &runInput,
                            const QString &threadId = {}, const QString &runId = {});
// GET {base}/cpk-debug-events: the debug feed (REST transport only).
RuntimeRequest debugFeedRequest(const QUrl &base);

} // namespace agui::copilotkit
