#include "app/gui/launchoptions.h"

#include "ui/dialogs/connectdialog.h"

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

} // namespace agui::gui
