// agui-inspect mcp [CAPTURE...] : the MCP server (core/mcp) over standard input and output.

#include "app/cli/command.h"
#include "app/cli/input.h"

#include "core/mcp/server.h"

#include <cstdio>
#include <iostream>
#include <string>

namespace agui::cli {

namespace {

const char kHelp[]
    = "usage: agui-inspect mcp [CAPTURE...]\n\n"
      "Runs a Model Context Protocol server on standard input and output (JSON-RPC 2.0, one\n"
      "message per line) so a coding agent can read captures: runs, events (with the filter\n"
      "language), lint findings, state, messages, tool calls, A2UI surfaces, timing and diffs,\n"
      "paged. The CAPTUREs are opened at start (open_capture opens more). Read-only; nothing\n"
      "leaves the machine. Standard output carries only protocol messages. See docs/mcp.md for\n"
      "registering it with Claude Code, VS Code or Cursor.\n";

int runMcp(const QStringList &argv)
{
    const Args args = parseArgs(argv, {}, {QStringLiteral("--help")});
    if (!args.error.isEmpty())
        return usageError(QStringLiteral("mcp"), args.error);
    if (args.options.contains(QStringLiteral("--help"))) {
        out() << kHelp;
        return ExitOk;
    }
    mcp::Server server(QStringLiteral(AGUI_VERSION));
    for (const QString &path : args.positional) {
        QString name;
        QString error;
        if (!server.captures().open(path, {}, &name, &error)) {
            err() << "agui-inspect mcp: " << error << '\n';
            return ExitUnreadable;
        }
        err() << "agui-inspect mcp: opened " << path << " as " << name << '\n';
    }
    err().flush();
    // Blocking line reads: the server answers one message at a time, in order.
    std::string line;
    while (std::getline(std::cin, line)) {
        if (line.empty() || line == "\r")
            continue;
        const QByteArray response = server.handle(QByteArray::fromStdString(line));
        if (response.isEmpty())
            continue;
        std::fwrite(response.constData(), 1, size_t(response.size()), stdout);
        std::fputc('\n', stdout);
        std::fflush(stdout);
    }
    return ExitOk;
}

const CommandRegistration reg {
    {QStringLiteral("mcp"),
     QStringLiteral("serve captures to coding agents (Model Context Protocol over stdio)"),
     &runMcp}};

} // namespace

} // namespace agui::cli
