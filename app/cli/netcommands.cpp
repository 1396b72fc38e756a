#include "app/cli/netcommands.h"

namespace agui::cli {

const QList<NetCommandInfo> &netCommands()
{
    static const QList<NetCommandInfo> list {
        {QStringLiteral("agents"),
         QStringLiteral("list a CopilotKit runtime's agents (its /info), on either transport")},
        {QStringLiteral("mcp"),
         QStringLiteral("serve captures to coding agents (Model Context Protocol, stdio or HTTP)")},
        {QStringLiteral("otel"),
         QStringLiteral(
             "export a capture's runs as OpenTelemetry traces (OTLP file or collector)")},
        {QStringLiteral("proxy"),
         QStringLiteral("record (and forward) what a front end and its agent exchange")},
        {QStringLiteral("record"),
         QStringLiteral("record a CopilotKit runtime's debug feed, a run per agent and thread")},
        {QStringLiteral("rerun"),
         QStringLiteral(
             "re-send a recorded request, compare the new run's structure (exit 1: differs)")},
        {QStringLiteral("run"),
         QStringLiteral("run an agent over HTTP, print and record its events, lint them (for CI)")},
        {QStringLiteral("serve"),
         QStringLiteral("serve the demo agent or replay a capture over AG-UI HTTP")},
    };
    return list;
}

Command netCommand(const QString &name, std::function<int(const QStringList &args)> run)
{
    for (const NetCommandInfo &info : netCommands()) {
        if (info.name == name)
            return {info.name, info.summary, std::move(run)};
    }
    Q_ASSERT_X(false, "netCommand", "a network command missing from netCommands()");
    return {name, {}, std::move(run)};
}

} // namespace agui::cli
