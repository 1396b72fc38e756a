// agui-inspect serve : a local AG-UI agent endpoint, scripted (--demo) or replaying a capture.

#include "app/cli/command.h"
#include "app/cli/input.h"
#include "app/cli/netcommands.h"
#include "core/agent/demoagent.h"
#include "core/capture/capturereader.h"
#include "core/net/aguiendpoint.h"
#include "core/net/httpserver.h"
#include "core/net/replayserver.h"
#include "core/protocol/runagentinput.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonDocument>

#include <memory>

namespace agui::cli {

namespace {

const char kHelp[]
    = "usage: agui-inspect serve --demo [--pace MS] [--port P] [--host ADDR] [--path PATH]\n"
      "       agui-inspect serve --replay CAPTURE [--speed X] [--port P] [--host ADDR] [--path "
      "PATH]\n\n"
      "Serves an AG-UI agent over HTTP (POST a RunAgentInput as application/json, get the run as\n"
      "text/event-stream) until killed. Prints the endpoint URL on the first line of standard\n"
      "output; one line per request goes to standard error.\n\n"
      "  --demo           the scripted demo agent: reasoning, text, tool calls, state and an A2UI\n"
      "                   order form; a run carrying forwardedProps.a2uiAction.userAction answers\n"
      "                   the click (see docs/demo-agent.md)\n"
      "  --pace MS        milliseconds between two demo events (default 40; 0 = no pauses);\n"
      "                   each demo event gets a timestamp when it is sent\n"
      "  --replay FILE    answer each POST with the next recorded run of FILE (any capture\n"
      "                   format), byte for byte, with the recorded timing\n"
      "  --speed X        replay X times faster than recorded (default 1)\n"
      "  --port P         TCP port (default 8765; 0 picks a free one, printed in the URL)\n"
      "  --host ADDR      address to bind (default 127.0.0.1: only this machine can connect)\n"
      "  --path PATH      endpoint path (default /)\n";

int runServe(const QStringList &argv)
{
    const Args args = parseArgs(argv,
                                {QStringLiteral("--pace"), QStringLiteral("--port"),
                                 QStringLiteral("--host"), QStringLiteral("--path"),
                                 QStringLiteral("--replay"), QStringLiteral("--speed")},
                                {QStringLiteral("--demo"), QStringLiteral("--help")});
    if (args.options.contains(QStringLiteral("--help"))) {
        out() << kHelp;
        return ExitOk;
    }
    if (!args.error.isEmpty())
        return usageError(QStringLiteral("serve"), args.error);
    if (!args.positional.isEmpty())
        return usageError(QStringLiteral("serve"),
                          QStringLiteral("unexpected argument %1").arg(args.positional.first()));
    const bool demo = args.options.contains(QStringLiteral("--demo"));
    const bool replay = args.options.contains(QStringLiteral("--replay"));
    if (demo == replay)
        return usageError(QStringLiteral("serve"),
                          QStringLiteral("give either --demo or --replay FILE"));

    bool ok = true;
    const uint port
        = args.options.value(QStringLiteral("--port"), QStringLiteral("8765")).toUInt(&ok);
    if (!ok || port > 65535)
        return usageError(QStringLiteral("serve"), QStringLiteral("--port must be 0..65535"));
    const qint64 pace
        = args.options.value(QStringLiteral("--pace"), QStringLiteral("40")).toLongLong(&ok);
    if (!ok || pace < 0)
        return usageError(QStringLiteral("serve"),
                          QStringLiteral("--pace must be a number of milliseconds >= 0"));
    const double speed
        = args.options.value(QStringLiteral("--speed"), QStringLiteral("1")).toDouble(&ok);
    if (!ok || speed <= 0)
        return usageError(QStringLiteral("serve"), QStringLiteral("--speed must be a number > 0"));
    const QHostAddress host(
        args.options.value(QStringLiteral("--host"), QStringLiteral("127.0.0.1")));
    if (host.isNull())
        return usageError(QStringLiteral("serve"), QStringLiteral("--host must be an IP address"));
    QString path = args.options.value(QStringLiteral("--path"), QStringLiteral("/"));
    if (!path.startsWith(u'/'))
        path.prepend(u'/');

    // The replay server is the core's (the window serves a capture with the same one); the demo
    // agent is an endpoint on a server of our own.
    std::unique_ptr<net::ReplayServer> replayServer;
    std::unique_ptr<net::HttpServer> demoServer;
    net::HttpServer *server = nullptr;
    net::AgUiEndpoint *endpoint = nullptr;
    if (demo) {
        auto agent = std::make_shared<DemoAgent>(DemoAgent::Options {pace});
        demoServer = std::make_unique<net::HttpServer>();
        server = demoServer.get();
        endpoint = new net::AgUiEndpoint(server, path, [agent](const QJsonObject &input) {
            net::RunReply reply;
            reply.chunks = agent->stream(input);
            return reply;
        });
        endpoint->setStampTimestamps(true);
    } else {
        const QString file = args.options.value(QStringLiteral("--replay"));
        Capture capture;
        QString error;
        if (!readCaptureFile(file, &capture, &error)) {
            err() << "agui-inspect serve: " << file << ": " << error << '\n';
            return ExitUnreadable;
        }
        for (const CaptureProblem &p : std::as_const(capture.problems))
            err() << file << ": " << severityName(p.severity) << ": " << p.message << '\n';
        replayServer = std::make_unique<net::ReplayServer>(
            std::move(capture), net::ReplayServer::Options {speed, -1, path});
        server = replayServer->httpServer();
        endpoint = replayServer->endpoint();
    }

    QObject::connect(server, &net::HttpServer::requestHandled, server,
                     [](const QByteArray &method, const QString &p, int status) {
                         if (status == 0)
                             return; // runs are logged by the endpoint
                         err() << QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs) << ' '
                               << QString::fromLatin1(method) << ' ' << p << " -> " << status
                               << '\n';
                         err().flush();
                     });
    QObject::connect(
        endpoint, &net::AgUiEndpoint::runStarted, server, [](const QJsonObject &input) {
            err() << QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)
                  << " run threadId=" << input.value(QStringLiteral("threadId")).toString()
                  << " runId=" << input.value(QStringLiteral("runId")).toString()
                  << (input.value(QStringLiteral("forwardedProps"))
                              .toObject()
                              .contains(QStringLiteral("a2uiAction"))
                          ? " (user action)"
                          : "")
                  << '\n';
            // The demo answers any object; say what a strict AG-UI server would object to.
            for (const Diagnostic &d : validateRunAgentInput(input))
                err() << "  input " << severityName(d.severity) << ' ' << d.ruleId << ' '
                      << (d.path.isEmpty() ? QStringLiteral("/") : d.path) << ": " << d.message
                      << '\n';
            err().flush();
        });
    QObject::connect(endpoint, &net::AgUiEndpoint::runEnded, server, [](bool complete) {
        if (!complete) {
            err() << "run abandoned: the client closed the connection\n";
            err().flush();
        }
    });
    if (!server->listen(host, quint16(port))) {
        err() << "agui-inspect serve: cannot listen on " << host.toString() << ':' << port << ": "
              << server->errorString() << '\n';
        return ExitUnreadable;
    }
    out() << server->url(path).toString() << '\n';
    out().flush();
    if (replayServer)
        err() << "replaying " << replayServer->runCount() << " recorded run(s) at speed " << speed
              << '\n';
    err().flush();
    return QCoreApplication::exec();
}

CommandRegistration reg {netCommand(QStringLiteral("serve"), &runServe)};

} // namespace

} // namespace agui::cli
