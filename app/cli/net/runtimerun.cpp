#include "app/cli/net/runtimerun.h"

#include "app/cli/command.h"
#include "app/cli/net/runtimecli.h"

#include "core/copilotkit/httpfetch.h"
#include "core/copilotkit/runtimenotes.h"
#include "core/session/session.h"

#include <QEventLoop>
#include <QJsonDocument>
#include <QJsonObject>

namespace agui::cli {

namespace {

void note(const Diagnostic &d)
{
    err() << "note: " << severityName(d.severity) << ' ' << d.ruleId << ": " << d.message << '\n';
}

copilotkit::FetchResult fetch(const copilotkit::RuntimeRequest &request, const HttpHeaders &extra)
{
    copilotkit::HttpFetch f;
    copilotkit::FetchResult result;
    QEventLoop loop;
    QObject::connect(&f, &copilotkit::HttpFetch::finished, [&](const copilotkit::FetchResult &r) {
        result = r;
        loop.quit();
    });
    f.start(request, extra);
    loop.exec();
    return result;
}

// Stop answers JSON: {"stopped": true, "interrupt": {...}} or {"stopped": false, "message"}.
int stopRun(const copilotkit::RuntimeRequest &request, const HttpHeaders &extra)
{
    err() << request.describe() << '\n';
    const copilotkit::FetchResult r = fetch(request, extra);
    if (!r.error.isEmpty()) {
        err() << "agui-inspect run: " << request.describe() << ": " << r.error << '\n';
        return ExitUnreadable;
    }
    out() << QString::fromUtf8(r.body).trimmed() << '\n';
    if (copilotkit::isAgentNotFound(r.status, r.body)) {
        err() << "agui-inspect run: the runtime has no such agent (404 Agent not found)\n";
        return ExitFindings;
    }
    const QJsonObject answer = QJsonDocument::fromJson(r.body).object();
    if (!r.isSuccess() || !answer.value(QLatin1String("stopped")).toBool()) {
        err() << "agui-inspect run: nothing was stopped ("
              << (answer.contains(QLatin1String("message"))
                      ? answer.value(QLatin1String("message")).toString()
                      : r.describe())
              << ")\n";
        return ExitFindings;
    }
    err() << "stopped; the run's stream ends with a bare RUN_FINISHED (copilotkit.stopped-run)\n";
    return ExitOk;
}

} // namespace

int runOnRuntime(RunOptions options, const RuntimeRunOptions &runtime)
{
    const copilotkit::ProbeResult probe
        = probeRuntime(options.url, runtime.transport, options.headers);
    if (!probe.ok()) {
        err() << "agui-inspect run: " << probe.error << '\n';
        return ExitUnreadable;
    }
    err() << "found: " << probe.summary() << '\n';
    if (!probe.info->agent(runtime.agent)) {
        err() << "agui-inspect run: "
              << copilotkit::unknownAgentMessage(*probe.info, runtime.agent,
                                                 probe.base.toDisplayString())
              << '\n';
        return ExitUnreadable;
    }
    QJsonObject input = QJsonDocument::fromJson(options.body).object();
    if (!runtime.threadId.isEmpty())
        input.insert(QStringLiteral("threadId"), runtime.threadId);
    const QString threadId = input.value(QLatin1String("threadId")).toString();
    const copilotkit::RuntimeRequest request
        = copilotkit::agentRequest(probe.base, *probe.transport, runtime.action, runtime.agent,
                                   input, threadId, runtime.runId);
    // Content-Type and Accept are the run client's own; the others are the user's.
    if (runtime.action == copilotkit::AgentAction::Stop)
        return stopRun(request, options.headers);

    options.url = request.url;
    options.body = request.body;
    options.onEvent = [](const Event &e) {
        if (e.type == EventType::RunFinished && copilotkit::isBareRunFinished(e.json))
            note(copilotkit::stoppedRunNote(e.streamOffset));
    };
    Session session(SessionOptions {0, false});
    const RunOutcome outcome = executeRun(QStringLiteral("run"), options, &session);
    if (outcome.completed && outcome.bodyBytes == 0) {
        if (runtime.action == copilotkit::AgentAction::Connect) {
            // Nothing stored and nothing running: the in-memory runner completes at once.
            err() << "note: thread '" << threadId
                  << "' has no stored run and none in progress on this runtime\n";
            return outcome.exitCode;
        }
        note(copilotkit::busyThreadNote(threadId));
        return ExitFindings;
    }
    return outcome.exitCode;
}

} // namespace agui::cli
