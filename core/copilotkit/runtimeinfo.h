#pragma once

// What a CopilotKit runtime says about itself at GET {base}/info (or POST {base}
// {"method":"info"} on the single-endpoint transport). @copilotkit/runtime 1.75.0 answers
// (dist/v2/runtime/handlers/get-runtime-info.mjs, handleGetRuntimeInfo):
//   {"version": "1.75.0", "agents": {"<id>": {"name", "description", "className",
//    "capabilities"?}}, "mode": "sse" | "intelligence", "audioFileTranscriptionEnabled",
//    "threadEndpoints", "suggestions", "a2uiEnabled", "openGenerativeUIEnabled",
//    "telemetryDisabled", ...}
// The agents' keys are the ids the run, connect and stop routes take.

#include <QByteArrayView>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace agui::copilotkit {

struct RuntimeAgent
{
    QString id; // the key in "agents": what the routes take
    QString name; // as the runtime names it (the same as id in 1.75.0)
    QString description;
    QString className; // the agent's class (e.g. "BuiltInAgent", "LangGraphAgent")
};

struct RuntimeInfo
{
    QString version; // of @copilotkit/runtime; "" when not said
    QString mode; // "sse" (self-hosted runner) or "intelligence" (CopilotKit Intelligence)
    QList<RuntimeAgent> agents; // in the order the runtime listed them
    QJsonObject raw; // the whole answer, unknown members included
    // Members the runtime 1.75.0 does not send (a newer runtime's), kept in raw.
    QStringList unknownMembers;

    const RuntimeAgent *agent(const QString &id) const;
    QStringList agentIds() const;
};

struct RuntimeInfoResult
{
    std::optional<RuntimeInfo> info;
    QString error; // why the answer is not a runtime's /info, naming `where`
    qint64 errorOffset = -1; // byte of the body the error is at, when there is one
};

// `where` names the request in messages ("GET http://.../api/copilotkit/info").
RuntimeInfoResult parseRuntimeInfo(QByteArrayView body, const QString &contentType,
                                   const QString &where);

// "no agent 'x' at URL; the runtime has: a, b" (or "has none"), for a name the runtime lacks.
QString unknownAgentMessage(const RuntimeInfo &info, const QString &id, const QString &where);

} // namespace agui::copilotkit
