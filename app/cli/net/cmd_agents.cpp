// agui-inspect agents URL : the agents of a CopilotKit runtime (its /info), on whichever
// transport it speaks.

#include "app/cli/command.h"
#include "app/cli/input.h"
#include "app/cli/jsonprint.h"
#include "app/cli/net/agentrun.h"
#include "app/cli/net/runtimecli.h"
#include "app/cli/netcommands.h"

#include <QJsonArray>
#include <QJsonObject>

namespace agui::cli {

namespace {

const char kHelp[]
    = "usage: agui-inspect agents URL [--transport auto|rest|single] [--header 'Name: value']...\n"
      "                         [--format text|json]\n\n"
      "Lists the agents of the CopilotKit runtime at URL (its base path, e.g.\n"
      "http://localhost:3000/api/copilotkit): name, description, class, and the runtime's\n"
      "version and mode, from GET URL/info or, on the single-endpoint transport, POST URL\n"
      "{\"method\":\"info\"}. --transport auto (default) tries REST first, as CopilotKit's own\n"
      "client does, and says what it found on standard error.\n"
      "  --format F  text (default) or json (one object: url, transport, how, version, mode,\n"
      "              agents, info: the runtime's whole answer)\n"
      "Exit status: 0 listed, 2 no runtime answered (the reason is printed) or bad usage.\n";

QJsonObject asJson(const copilotkit::ProbeResult &r)
{
    QJsonArray agents;
    for (const copilotkit::RuntimeAgent &a : r.info->agents)
        agents.append(QJsonObject {{QStringLiteral("name"), a.id},
                                   {QStringLiteral("description"), a.description},
                                   {QStringLiteral("className"), a.className}});
    return {{QStringLiteral("url"), r.base.toString()},
            {QStringLiteral("transport"), copilotkit::transportName(*r.transport)},
            {QStringLiteral("how"), QJsonArray::fromStringList(r.attempts)},
            {QStringLiteral("version"), r.info->version},
            {QStringLiteral("mode"), r.info->mode},
            {QStringLiteral("agents"), agents},
            {QStringLiteral("info"), r.info->raw}};
}

void printText(const copilotkit::ProbeResult &r)
{
    out() << "CopilotKit runtime "
          << (r.info->version.isEmpty() ? QStringLiteral("?") : r.info->version) << ", mode "
          << (r.info->mode.isEmpty() ? QStringLiteral("?") : r.info->mode) << ", "
          << copilotkit::transportName(*r.transport) << " transport, at "
          << r.base.toDisplayString() << '\n';
    if (r.info->agents.isEmpty())
        out() << "no agents\n";
    for (const copilotkit::RuntimeAgent &a : r.info->agents) {
        out() << "  " << a.id;
        if (!a.className.isEmpty())
            out() << "  (" << a.className << ')';
        if (!a.description.isEmpty())
            out() << "  " << a.description;
        out() << '\n';
    }
}

int runAgents(const QStringList &argv)
{
    QStringList headerTexts;
    QString error;
    const QStringList rest = takeHeaders(argv, &headerTexts, &error);
    const Args args = parseArgs(rest, {QStringLiteral("--transport"), QStringLiteral("--format")},
                                {QStringLiteral("--help")});
    if (args.options.contains(QStringLiteral("--help"))) {
        out() << kHelp;
        return ExitOk;
    }
    if (error.isEmpty())
        error = args.error;
    if (error.isEmpty() && args.positional.size() != 1)
        error = QStringLiteral("expects exactly one URL (the runtime's base path)");
    QUrl url;
    if (error.isEmpty())
        error = parseAgentUrl(args.positional.first(), &url);
    copilotkit::TransportChoice choice = copilotkit::TransportChoice::Auto;
    if (error.isEmpty())
        parseTransportChoice(args.options.value(QStringLiteral("--transport")), &choice, &error);
    const QString format = args.options.value(QStringLiteral("--format"), QStringLiteral("text"));
    if (error.isEmpty() && format != QLatin1String("text") && format != QLatin1String("json"))
        error = QStringLiteral("--format must be text or json, not %1").arg(format);
    RunOptions transport;
    if (error.isEmpty()) {
        // Only --header of the transport options applies here (as for record).
        Args headerArgs;
        headerArgs.options.insert(QStringLiteral("--no-traceparent"), QString());
        error = parseTransportOptions(headerArgs, headerTexts, &transport);
    }
    if (!error.isEmpty())
        return usageError(QStringLiteral("agents"), error);

    const copilotkit::ProbeResult r = probeRuntime(url, choice, transport.headers);
    if (!r.ok()) {
        err() << "agui-inspect agents: " << r.error << '\n';
        return ExitUnreadable;
    }
    err() << "found: " << r.summary() << '\n';
    if (!r.info->unknownMembers.isEmpty())
        err() << "note: /info carries members @copilotkit/runtime 1.75.0 does not send (kept in "
                 "\"info\" with --format json): "
              << r.info->unknownMembers.join(QLatin1String(", ")) << '\n';
    if (format == QLatin1String("json"))
        out() << indentedJson(asJson(r));
    else
        printText(r);
    return ExitOk;
}

const CommandRegistration reg {netCommand(QStringLiteral("agents"), &runAgents)};

} // namespace

} // namespace agui::cli
