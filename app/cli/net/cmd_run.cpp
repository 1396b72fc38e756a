// agui-inspect run URL : a headless run for CI. POSTs a RunAgentInput, prints the events as they
// arrive, records every byte, lints at the end.

#include "app/cli/command.h"
#include "app/cli/input.h"
#include "app/cli/net/agentrun.h"
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
      "                      [--traceparent VALUE | --no-traceparent]\n\n"
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
QString parseRunOptions(const QStringList &argv, RunOptions *options, bool *help)
{
    QStringList headers;
    QString error;
    const QStringList rest = takeHeaders(argv, &headers, &error);
    if (!error.isEmpty())
        return error;
    const Args args = parseArgs(rest, transportValueOptions() << QStringLiteral("--body"),
                                transportFlags() << QStringLiteral("--help"));
    *help = args.options.contains(QStringLiteral("--help"));
    if (!args.error.isEmpty() || *help)
        return args.error;
    if (args.positional.size() != 1)
        return QStringLiteral("expects exactly one URL");
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
    bool help = false;
    const QString error = parseRunOptions(argv, &options, &help);
    if (help) {
        out() << kHelp;
        return ExitOk;
    }
    if (!error.isEmpty())
        return usageError(QStringLiteral("run"), error);
    Session session(SessionOptions {0, false});
    return executeRun(QStringLiteral("run"), options, &session).exitCode;
}

const CommandRegistration reg {netCommand(QStringLiteral("run"), &runRun)};

} // namespace

} // namespace agui::cli
