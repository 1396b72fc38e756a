#include "app/gui/launchoptions.h"

#include "core/net/agentproxy.h"
#include "ui/dialogs/connectdialog.h"
#include "ui/dialogs/proxydialog.h"

#include <QCommandLineParser>
#include <QFile>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QStringList>

namespace agui::gui {

void addLaunchOptions(QCommandLineParser &parser)
{
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("capture|url"),
        QStringLiteral("A capture to open (own format, .sse, .jsonl), or an endpoint URL to "
                       "open the Connect dialog with."));
    parser.addOption({QStringLiteral("connect"),
                      QStringLiteral("Start a run against this AG-UI endpoint at once."),
                      QStringLiteral("URL")});
    parser.addOption({QStringLiteral("body"),
                      QStringLiteral("With --connect: the RunAgentInput to POST (a JSON file)."),
                      QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("screenshot"),
                      QStringLiteral("Write the window as PNG to FILE and exit (headless)."),
                      QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("select"),
                      QStringLiteral("With --screenshot: select event N (default: the last)."),
                      QStringLiteral("N")});
    parser.addOption(
        {QStringLiteral("tab"),
         QStringLiteral("With --screenshot: show this tab "
                        "(event|state|transcript|tools|surfaces|timing|diff; a page of the "
                        "selected event: event-raw|event-diagnostics|"
                        "event-changed)."),
         QStringLiteral("NAME")});
    parser.addOption({QStringLiteral("size"),
                      QStringLiteral("With --screenshot: window size, e.g. 1400x860."),
                      QStringLiteral("WxH")});
    parser.addOption({QStringLiteral("theme"), QStringLiteral("With --screenshot: light or dark."),
                      QStringLiteral("NAME")});
    parser.addOption({QStringLiteral("demo"),
                      QStringLiteral("Serve the built-in demo agent in-process and run it.")});
    parser.addOption({QStringLiteral("proxy"),
                      QStringLiteral("Start the recording proxy at once, forwarding to this agent "
                                     "URL (File > Start Proxy…)."),
                      QStringLiteral("URL")});
    parser.addOption({QStringLiteral("listen"),
                      QStringLiteral("With --proxy: where front ends connect (default "
                                     "127.0.0.1:8766; port 0 picks a free one)."),
                      QStringLiteral("HOST:PORT")});
    parser.addOption({QStringLiteral("break"),
                      QStringLiteral("With --proxy: hold each event this filter matches in the "
                                     "Breakpoint tab (repeatable)."),
                      QStringLiteral("FILTER")});
    parser.addOption({QStringLiteral("rules"),
                      QStringLiteral("With --proxy: rewrite rules to apply (a JSON file)."),
                      QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("map-local"),
                      QStringLiteral("With --proxy: answer requests for PATH from a capture."),
                      QStringLiteral("PATH=CAPTURE")});
    parser.addOption({QStringLiteral("filter"),
                      QStringLiteral("Start with this event filter (see the filter bar's help)."),
                      QStringLiteral("EXPR")});
}

bool wantsTextOnly(QCommandLineParser &parser, const QStringList &arguments)
{
    if (!parser.parse(arguments))
        return true; // process() reports the mistake
    return parser.isSet(QStringLiteral("help")) || parser.isSet(QStringLiteral("help-all"))
        || parser.isSet(QStringLiteral("version"));
}

bool isEndpointUrl(const QString &argument)
{
    return argument.startsWith(QLatin1String("http://"), Qt::CaseInsensitive)
        || argument.startsWith(QLatin1String("https://"), Qt::CaseInsensitive);
}

bool runRequestFromOptions(const QCommandLineParser &parser, ui::RunRequest *out, QString *error)
{
    out->url = QUrl(parser.value(QStringLiteral("connect")));
    out->input = ui::ConnectDialog::defaultInput();
    if (!parser.isSet(QStringLiteral("body")))
        return true;
    const QString path = parser.value(QStringLiteral("body"));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return false;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = QStringLiteral("%1: not JSON at byte %2: %3")
                     .arg(path)
                     .arg(parseError.offset)
                     .arg(parseError.errorString());
        return false;
    }
    if (!doc.isObject()) {
        *error = QStringLiteral("%1: a RunAgentInput is a JSON object").arg(path);
        return false;
    }
    out->input = doc.object();
    return true;
}

bool proxyFromOptions(const QCommandLineParser &parser, ProxyLaunch *out, QString *error)
{
    out->upstream = QUrl(parser.value(QStringLiteral("proxy")), QUrl::StrictMode);
    if (const QString problem = ui::ProxyDialog::upstreamProblem(out->upstream);
        !problem.isEmpty()) {
        *error = QStringLiteral("--proxy: %1").arg(problem);
        return false;
    }
    if (parser.isSet(QStringLiteral("listen"))
        && !net::AgentProxy::parseListenAddress(parser.value(QStringLiteral("listen")), &out->host,
                                                &out->port)) {
        *error = QStringLiteral("--listen must be HOST:PORT, e.g. 127.0.0.1:8766");
        return false;
    }
    const QString rulesPath = parser.value(QStringLiteral("rules"));
    if (!rulesPath.isEmpty()) {
        out->rules = intercept::RewriteRules::fromFile(rulesPath, error);
        if (!error->isEmpty()) {
            *error = QStringLiteral("--rules %1").arg(*error);
            return false;
        }
    }
    out->rules = out->rules.withBreakpoints(parser.values(QStringLiteral("break")), error);
    if (!error->isEmpty()) {
        *error = QStringLiteral("--break: %1").arg(*error);
        return false;
    }
    out->source = rulesPath.isEmpty() ? QStringLiteral("the command line") : rulesPath;
    if (parser.isSet(QStringLiteral("map-local"))) {
        if (!net::AgentProxy::parseMapLocal(parser.value(QStringLiteral("map-local")),
                                            &out->mapPath, &out->mapCapture)) {
            *error = QStringLiteral("--map-local must be PATH=CAPTURE, e.g. "
                                    "/agent=session.aguicap");
            return false;
        }
    }
    return true;
}

} // namespace agui::gui
