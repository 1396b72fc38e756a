// agui-inspect mcp [--http PORT] [CAPTURE...] : the MCP server (core/mcp) over standard input and
// output, or over MCP's Streamable HTTP transport on this machine's loopback address.

#include "app/cli/command.h"
#include "app/cli/input.h"
#include "app/cli/netcommands.h"

#include "core/mcp/httpendpoint.h"
#include "core/mcp/server.h"
#include "core/net/httpserver.h"

#include <QCoreApplication>

#include <cstdio>
#include <iostream>
#include <string>

namespace agui::cli {

namespace {

const char kHelp[]
    = "usage: agui-inspect mcp [--http PORT] [CAPTURE...]\n\n"
      "Runs a Model Context Protocol server on standard input and output (JSON-RPC 2.0, one\n"
      "message per line) so a coding agent can read captures: runs, events (with the filter\n"
      "language), lint findings, state, messages, tool calls, A2UI surfaces, timing and diffs,\n"
      "paged. The CAPTUREs are opened at start (open_capture opens more). Read-only; nothing\n"
      "leaves the machine. Standard output carries only protocol messages. See docs/mcp.md for\n"
      "registering it with Claude Code, VS Code or Cursor.\n\n"
      "  --http PORT  serve MCP's Streamable HTTP transport at http://127.0.0.1:PORT/mcp instead\n"
      "               (0: any free port; the URL is printed on standard output). Loopback only.\n"
      "               When AGUI_INSPECT_MCP_TOKEN is set, every request must carry\n"
      "               \"Authorization: Bearer <that token>\".\n";

int serveStdio(mcp::Server &server)
{
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

int serveHttp(mcp::Server &server, quint16 port)
{
    net::HttpServer http;
    mcp::HttpEndpoint endpoint(&server, &http);
    endpoint.setBearerToken(qgetenv("AGUI_INSPECT_MCP_TOKEN"));
    if (!http.listen(QHostAddress::LocalHost, port)) {
        err() << "agui-inspect mcp: cannot listen on 127.0.0.1:" << port << ": "
              << http.errorString() << '\n';
        return ExitUnreadable;
    }
    out() << http.url(QStringLiteral("/mcp")).toString() << '\n';
    out().flush();
    return QCoreApplication::exec();
}

int runMcp(const QStringList &argv)
{
    const Args args = parseArgs(argv, {QStringLiteral("--http")}, {QStringLiteral("--help")});
    if (!args.error.isEmpty())
        return usageError(QStringLiteral("mcp"), args.error);
    if (args.options.contains(QStringLiteral("--help"))) {
        out() << kHelp;
        return ExitOk;
    }
    bool ok = true;
    const bool http = args.options.contains(QStringLiteral("--http"));
    const uint port = args.options.value(QStringLiteral("--http")).toUInt(&ok);
    if (http && (!ok || port > 65535))
        return usageError(QStringLiteral("mcp"), QStringLiteral("--http takes a port, 0..65535"));
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
    return http ? serveHttp(server, quint16(port)) : serveStdio(server);
}

const CommandRegistration reg {netCommand(QStringLiteral("mcp"), &runMcp)};

} // namespace

} // namespace agui::cli
