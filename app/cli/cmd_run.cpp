// agui-inspect run URL : a headless run for CI. POSTs a RunAgentInput, prints the events as they
// arrive, records every byte, lints at the end.

#include "app/cli/command.h"
#include "app/cli/input.h"
#include "app/cli/runprinter.h"

#include "core/capture/capturewriter.h"
#include "core/capture/redaction.h"
#include "core/net/chunksink.h"
#include "core/net/runclient.h"
#include "core/protocol/runagentinput.h"
#include "core/session/session.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QTimer>
#include <QUrl>

#include <cmath>

namespace agui::cli {

namespace {

const char kHelp[]
    = "usage: agui-inspect run URL [--body FILE|-] [--header 'Name: value']... [--proto]\n"
      "                      [--record FILE] [--timeout S] [--stall S] [--format json|text]\n\n"
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
      "At the end the events are linted; findings and a summary go to standard error.\n"
      "Exit status: 0 a 2xx response whose events have no error finding, 1 an error finding or\n"
      "a non-2xx response, 2 a transport failure (connection, timeout, stall) or bad usage.\n";

struct RunOptions
{
    QUrl url;
    QByteArray body;
    HttpHeaders headers;
    QString record;
    qint64 timeoutMs = 0;
    qint64 stallMs = 0;
    bool text = false;
};

// --header may repeat, which the shared parser does not allow: taken out first.
QStringList takeHeaders(const QStringList &argv, QStringList *headers, QString *error)
{
    QStringList rest;
    for (qsizetype i = 0; i < argv.size(); ++i) {
        const QString &a = argv[i];
        if (a == QLatin1String("--header")) {
            if (i + 1 >= argv.size()) {
                *error = QStringLiteral("--header needs a value");
                return {};
            }
            headers->append(argv[++i]);
        } else if (a.startsWith(QLatin1String("--header="))) {
            headers->append(a.mid(9));
        } else {
            rest.append(a);
        }
    }
    return rest;
}

bool parseHeader(const QString &text, QPair<QString, QString> *header)
{
    const qsizetype colon = text.indexOf(QLatin1Char(':'));
    if (colon <= 0)
        return false;
    *header = {text.left(colon).trimmed(), text.mid(colon + 1).trimmed()};
    return !header->first.contains(QLatin1Char(' '));
}

bool parseSeconds(const QString &text, qint64 *ms)
{
    bool ok = false;
    const double v = text.toDouble(&ok);
    if (!ok || !(v > 0))
        return false;
    *ms = qint64(std::llround(v * 1000));
    return true;
}

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
    const Args args = parseArgs(rest,
                                {QStringLiteral("--body"), QStringLiteral("--record"),
                                 QStringLiteral("--timeout"), QStringLiteral("--stall"),
                                 QStringLiteral("--format")},
                                {QStringLiteral("--help"), QStringLiteral("--proto")});
    *help = args.options.contains(QStringLiteral("--help"));
    if (!args.error.isEmpty() || *help)
        return args.error;
    if (args.positional.size() != 1)
        return QStringLiteral("expects exactly one URL");
    options->url = QUrl(args.positional.first(), QUrl::StrictMode);
    const QString scheme = options->url.scheme();
    if (!options->url.isValid()
        || (scheme != QLatin1String("http") && scheme != QLatin1String("https")))
        return QStringLiteral("URL must be an http:// or https:// URL");
    for (const QString &h : std::as_const(headers)) {
        QPair<QString, QString> header;
        if (!parseHeader(h, &header))
            return QStringLiteral("--header must be 'Name: value'");
        options->headers.append(header);
    }
    if (args.options.contains(QStringLiteral("--proto")))
        options->headers.append(
            {QStringLiteral("Accept"), QStringLiteral("application/vnd.ag-ui.event+proto")});
    const QString format = args.options.value(QStringLiteral("--format"), QStringLiteral("json"));
    if (format != QLatin1String("json") && format != QLatin1String("text"))
        return QStringLiteral("--format must be json or text, not %1").arg(format);
    options->text = format == QLatin1String("text");
    for (const auto &[name, target] : {std::pair {QStringLiteral("--timeout"), &options->timeoutMs},
                                       std::pair {QStringLiteral("--stall"), &options->stallMs}}) {
        if (args.options.contains(name) && !parseSeconds(args.options.value(name), target))
            return QStringLiteral("%1 must be a number of seconds > 0").arg(name);
    }
    options->record = args.options.value(QStringLiteral("--record"));
    if (args.options.contains(QStringLiteral("--body"))) {
        if (!readBody(args.options.value(QStringLiteral("--body")), &options->body))
            return QStringLiteral("cannot read the body");
    } else {
        options->body
            = QJsonDocument(RunAgentInput::create().toJson()).toJson(QJsonDocument::Compact);
    }
    return {};
}

// The values of credential headers: never printed (an agent or a proxy may echo them).
QStringList secretsOf(const HttpHeaders &headers)
{
    QStringList secrets;
    for (const auto &[name, value] : headers) {
        if (isCredentialHeader(name) && value.size() >= 4)
            secrets.append(value);
    }
    return secrets;
}

int execute(const RunOptions &options)
{
    CaptureWriter writer;
    if (!options.record.isEmpty() && !writer.open(options.record)) {
        err() << "agui-inspect run: " << options.record << ": " << writer.errorString() << '\n';
        return ExitUnreadable;
    }
    net::CaptureWriterSink sink(&writer);
    Session session(SessionOptions {0, false});
    const QJsonObject input = QJsonDocument::fromJson(options.body).object();
    if (!input.isEmpty())
        session.setRunInput(input);
    RunPrinter printer(options.text, secretsOf(options.headers));
    net::RunClient client;
    if (writer.isOpen())
        client.setSink(&sink);
    client.setStallTimeout(int(options.stallMs));
    client.setAbortOnStall(options.stallMs > 0);
    bool timedOut = false;
    QObject::connect(&client, &net::RunClient::eventsReceived, [&](const QList<Event> &events) {
        for (const Event &e : events) {
            printer.event(e);
            session.append(e);
        }
    });
    QObject::connect(&client, &net::RunClient::finished, QCoreApplication::instance(),
                     &QCoreApplication::quit, Qt::QueuedConnection);
    QTimer timeout;
    timeout.setSingleShot(true);
    QObject::connect(&timeout, &QTimer::timeout, [&] {
        timedOut = true;
        client.stop();
    });
    if (options.timeoutMs > 0)
        timeout.start(int(options.timeoutMs));
    printer.starting(options.url);
    client.startWithBody(options.url, options.body, options.headers);
    QCoreApplication::exec();
    session.finish();
    writer.close();
    return printer.finish(client, session, timedOut, options.timeoutMs);
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
    return execute(options);
}

const CommandRegistration reg {
    {QStringLiteral("run"),
     QStringLiteral("run an agent over HTTP, print and record its events, lint them (for CI)"),
     &runRun}};

} // namespace

} // namespace agui::cli
