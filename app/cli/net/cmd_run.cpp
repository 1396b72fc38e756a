// agui-inspect run URL : a headless run for CI. POSTs a RunAgentInput, prints the events as they
// arrive, records every byte, lints at the end.

#include "app/cli/command.h"
#include "app/cli/input.h"
#include "app/cli/net/agentrun.h"
#include "app/cli/net/runtimecli.h"
#include "app/cli/net/runtimerun.h"
#include "app/cli/netcommands.h"

#include "core/protocol/runagentinput.h"
#include "core/session/session.h"

#include <QFile>
#include <QJsonDocument>

namespace agui::cli {

namespace {

const char kHelp[]
    = "usage: agui-inspect run URL [--body FILE|-] [--header 'Name: value']... [--proto]\n"
      "                      [--record FILE] [--timeout S] [--stall S] [--format json|text]\n"
      "                      [--traceparent VALUE | --no-traceparent]\n"
      "                      [--agent NAME [--transport auto|rest|single] [--thread ID]\n"
      "                       [--connect | --stop [--run-id ID]]]\n\n"
      "POSTs a RunAgentInput to URL (the AG-UI HTTP binding) and streams the response:\n"
      "  --body FILE|-   the request body (default: a minimal valid RunAgentInput with new ids)\n"
      "  --header H      an extra request header, 'Name: value' (repeatable). Values of\n"
      "                  credential headers (Authorization, Cookie, *-Key, *-Token, ...) are\n"
      "                  redacted in the capture and never printed\n"
      "  --proto         ask for the protobuf binding (Accept: application/vnd.ag-ui.event+proto)\n"
      "  --record FILE   record the exchange (every byte, with receive times) as an .aguicap\n"
      "  --timeout S     give up after S seconds in all (exit 2)\n"
      "  --stall S       give up after S seconds without a byte (exit 2)\n"
      "  --format F      json (default): each event as a JSON line as it arrives, like `cat`;\n"
      "                  text: one readable line per event\n"
      "  --traceparent V the W3C trace context to send (00-TRACE-PARENT-FLAGS), as given; by\n"
      "                  default a new trace, whose parent span is the run's span in\n"
      "                  `agui-inspect otel` (docs/otel.md), so the agent's spans join it.\n"
      "                  The value sent is printed to standard error\n"
      "  --no-traceparent  send no trace context\n"
      "A CopilotKit runtime (docs/copilotkit.md): URL is its base path, and\n"
      "  --agent NAME    runs that agent on the route and with the body the runtime's transport\n"
      "                  takes (REST: POST URL/agent/NAME/run; single endpoint: POST URL\n"
      "                  {method, params, body}); the runtime is asked first (/info) and what\n"
      "                  was found is printed\n"
      "  --transport T   auto (default: REST, then the single endpoint), rest or single\n"
      "  --thread ID     the thread (default: the body's threadId)\n"
      "  --connect       re-attach to the thread instead (its stored events, then the run in\n"
      "                  progress, if any)\n"
      "  --stop          stop the run in progress on --thread (prints the runtime's answer;\n"
      "                  exit 1 when nothing was running); --run-id ID stops only that run\n"
      "At the end the events are linted; findings and a summary go to standard error.\n"
      "Exit status: 0 a 2xx response whose events have no error finding, 1 an error finding or\n"
      "a non-2xx response, 2 a transport failure (connection, timeout, stall) or bad usage.\n";

bool readBody(const QString &path, QByteArray *body)
{
    QFile file;
    QString name;
    if (!openFileOrStdin(path, &file, &name))
        return false;
    *body = file.readAll();
    return true;
}

// Fills *options from the arguments; a non-empty return is the usage error.
QString parseRuntimeOptions(const Args &args, RuntimeRunOptions *runtime, bool *onRuntime)
{
    *onRuntime = args.options.contains(QStringLiteral("--agent"));
    if (!*onRuntime) {
        for (const char *only : {"--transport", "--thread", "--run-id", "--connect", "--stop"}) {
            if (args.options.contains(QLatin1String(only)))
                return QStringLiteral("%1 goes with --agent (a CopilotKit runtime)")
                    .arg(QLatin1String(only));
        }
        return {};
    }
    runtime->agent = args.options.value(QStringLiteral("--agent"));
    if (runtime->agent.isEmpty())
        return QStringLiteral("--agent needs a name");
    QString error;
    if (!parseTransportChoice(args.options.value(QStringLiteral("--transport")),
                              &runtime->transport, &error))
        return error;
    runtime->threadId = args.options.value(QStringLiteral("--thread"));
    runtime->runId = args.options.value(QStringLiteral("--run-id"));
    const bool connect = args.options.contains(QStringLiteral("--connect"));
    const bool stop = args.options.contains(QStringLiteral("--stop"));
    if (connect && stop)
        return QStringLiteral("--connect and --stop exclude each other");
    if (stop && runtime->threadId.isEmpty())
        return QStringLiteral("--stop needs --thread (the thread whose run to stop)");
    if (!runtime->runId.isEmpty() && !stop)
        return QStringLiteral("--run-id goes with --stop");
    runtime->action = stop ? copilotkit::AgentAction::Stop
        : connect          ? copilotkit::AgentAction::Connect
                           : copilotkit::AgentAction::Run;
    return {};
}

QString parseRunOptions(const QStringList &argv, RunOptions *options, bool *help,
                        RuntimeRunOptions *runtime, bool *onRuntime)
{
    QStringList headers;
    QString error;
    const QStringList rest = takeHeaders(argv, &headers, &error);
    if (!error.isEmpty())
        return error;
    const Args args = parseArgs(
        rest,
        transportValueOptions() << QStringLiteral("--body") << QStringLiteral("--agent")
                                << QStringLiteral("--transport") << QStringLiteral("--thread")
                                << QStringLiteral("--run-id"),
        transportFlags() << QStringLiteral("--help") << QStringLiteral("--connect")
                         << QStringLiteral("--stop"));
    *help = args.options.contains(QStringLiteral("--help"));
    if (!args.error.isEmpty() || *help)
        return args.error;
    if (args.positional.size() != 1)
        return QStringLiteral("expects exactly one URL");
    error = parseRuntimeOptions(args, runtime, onRuntime);
    if (!error.isEmpty())
        return error;
    error = parseAgentUrl(args.positional.first(), &options->url);
    if (error.isEmpty())
        error = parseTransportOptions(args, headers, options);
    if (!error.isEmpty())
        return error;
    if (args.options.contains(QStringLiteral("--body"))) {
        if (!readBody(args.options.value(QStringLiteral("--body")), &options->body))
            return QStringLiteral("cannot read the body");
    } else {
        options->body
            = QJsonDocument(RunAgentInput::create().toJson()).toJson(QJsonDocument::Compact);
    }
    return {};
}

int runRun(const QStringList &argv)
{
    RunOptions options;
    RuntimeRunOptions runtime;
    bool help = false;
    bool onRuntime = false;
    const QString error = parseRunOptions(argv, &options, &help, &runtime, &onRuntime);
    if (help) {
        out() << kHelp;
        return ExitOk;
    }
    if (!error.isEmpty())
        return usageError(QStringLiteral("run"), error);
    if (onRuntime)
        return runOnRuntime(options, runtime);
    Session session(SessionOptions {0, false});
    return executeRun(QStringLiteral("run"), options, &session).exitCode;
}

const CommandRegistration reg {netCommand(QStringLiteral("run"), &runRun)};

} // namespace

} // namespace agui::cli
