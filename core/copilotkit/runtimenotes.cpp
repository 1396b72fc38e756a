#include "core/copilotkit/runtimenotes.h"

#include <QJsonDocument>

namespace agui::copilotkit {

Diagnostic busyThreadNote(const QString &threadId)
{
    return Diagnostic {
        QStringLiteral("copilotkit.busy-thread"), Severity::Error, QString(),
        QStringLiteral("the runtime answered 200 with an empty stream: thread '%1' already has a "
                       "run in progress, and CopilotKit's in-memory runner refuses a second one "
                       "(\"Thread already running\", printed only on the runtime's own "
                       "console). Wait for the run to end, stop it (agui-inspect run URL --agent "
                       "NAME --stop --thread %1), or start a new thread")
            .arg(threadId),
        -1};
}

bool isBareRunFinished(const QJsonObject &event)
{
    return event.value(QLatin1String("type")).toString() == QLatin1String("RUN_FINISHED")
        && !event.contains(QLatin1String("threadId")) && !event.contains(QLatin1String("runId"));
}

Diagnostic stoppedRunNote(qint64 byteOffset)
{
    return Diagnostic {
        QStringLiteral("copilotkit.stopped-run"), Severity::Info, QString(),
        QStringLiteral("this bare RUN_FINISHED (no threadId, no runId) is how a CopilotKit "
                       "runtime ends a run that was stopped (the chat's stop button, or POST "
                       ".../agent/NAME/stop/THREAD): the runtime writes it itself when the agent "
                       "stops, closing any message or tool call left open first. The AG-UI "
                       "schema asks for both ids, hence the schema finding on it"),
        byteOffset};
}

Diagnostic replayedRunNote(const QString &runId, qint64 byteOffset)
{
    return Diagnostic {
        QStringLiteral("copilotkit.replayed-run"), Severity::Info, QString(),
        QStringLiteral("run '%1' starts again on this thread: a front end connected to the thread "
                       "(it does on page load, POST .../agent/NAME/connect) and the runtime "
                       "replays the stored history to it, which the debug feed shows as well. "
                       "The events from here repeat earlier ones")
            .arg(runId),
        byteOffset};
}

bool isAgentNotFound(int status, const QByteArray &body)
{
    return status == 404
        && QJsonDocument::fromJson(body).object().value(QLatin1String("error")).toString()
        == QLatin1String("Agent not found");
}

QString debugFeedOffMessage(const QUrl &feedUrl)
{
    return QStringLiteral(
               "GET %1 answered 404: the runtime's debug feed is off. CopilotKit serves it only "
               "when the runtime is created with debug on (new CopilotRuntime({ agents, debug: "
               "true })) or when NODE_ENV is exactly \"development\" (next dev sets it; a plain "
               "node server does not). The feed carries every event of every thread, messages "
               "included: turn it on in development only")
        .arg(feedUrl.toDisplayString());
}

QString singleEndpointHasNoFeedMessage(const QUrl &base)
{
    return QStringLiteral(
               "%1 is a single-endpoint runtime (mode \"single-route\"), which takes POSTs only: "
               "it has no debug feed. Mount the runtime with the REST transport as well (the "
               "default mode of createCopilotEndpoint) to attach to its feed, or record its "
               "traffic through `agui-inspect proxy` instead")
        .arg(base.toDisplayString());
}

QString debugBusMissingMessage(const QUrl &feedUrl)
{
    return QStringLiteral("GET %1 answered 503 \"Debug event bus not available\": the feed is on, "
                          "but the runtime object passed to the endpoint has no debug event bus "
                          "(a runtime not built by CopilotRuntime?)")
        .arg(feedUrl.toDisplayString());
}

} // namespace agui::copilotkit
