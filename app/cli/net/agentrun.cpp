#include "app/cli/net/agentrun.h"

#include "app/cli/command.h"
#include "app/cli/net/runprinter.h"

#include "core/capture/capturewriter.h"
#include "core/capture/redaction.h"
#include "core/net/chunksink.h"
#include "core/net/runclient.h"
#include "core/otel/tracemapping.h"
#include "core/session/session.h"

#include <QCoreApplication>
#include <QTimer>

#include <cmath>

namespace agui::cli {

namespace {

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

// W3C trace context (docs/otel.md): a new trace whose parent is the span an export gives this
// run, the one the user gave (sent as given), or none. A traceparent --header wins.
QString addTraceParent(const Args &args, RunOptions *options)
{
    const bool off = args.options.contains(QStringLiteral("--no-traceparent"));
    const bool given = args.options.contains(QStringLiteral("--traceparent"));
    if (off && given)
        return QStringLiteral("--traceparent and --no-traceparent exclude each other");
    if (off || !headerValue(options->headers, QLatin1StringView("traceparent")).isEmpty())
        return {};
    otel::TraceParent parent = otel::newClientTraceParent();
    if (given) {
        QString why;
        const auto parsed = otel::TraceParent::parse(
            args.options.value(QStringLiteral("--traceparent")).toLatin1(), &why);
        if (!parsed)
            return QStringLiteral("--traceparent: %1").arg(why);
        parent = *parsed;
    }
    options->headers.append(
        {QStringLiteral("traceparent"), QString::fromLatin1(parent.toHeader())});
    return {};
}

} // namespace

QStringList transportValueOptions()
{
    return {QStringLiteral("--record"), QStringLiteral("--timeout"), QStringLiteral("--stall"),
            QStringLiteral("--format"), QStringLiteral("--traceparent")};
}

QStringList transportFlags()
{
    return {QStringLiteral("--proto"), QStringLiteral("--no-traceparent")};
}

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

QString parseTransportOptions(const Args &args, const QStringList &headers, RunOptions *options)
{
    for (const QString &h : headers) {
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
    return addTraceParent(args, options);
}

QString parseAgentUrl(const QString &text, QUrl *url)
{
    *url = QUrl(text, QUrl::StrictMode);
    const QString scheme = url->scheme();
    if (!url->isValid() || (scheme != QLatin1String("http") && scheme != QLatin1String("https")))
        return QStringLiteral("URL must be an http:// or https:// URL");
    return {};
}

RunOutcome executeRun(const QString &command, const RunOptions &options, Session *session)
{
    CaptureWriter writer;
    if (!options.record.isEmpty() && !writer.open(options.record)) {
        err() << "agui-inspect " << command << ": " << options.record << ": "
              << writer.errorString() << '\n';
        return {};
    }
    net::CaptureWriterSink sink(&writer);
    session->seedFromRequestBody(options.body);
    RunPrinter printer(command, options.text, secretsOf(options.headers));
    net::RunClient client;
    if (writer.isOpen())
        client.setSink(&sink);
    client.setStallTimeout(int(options.stallMs));
    client.setAbortOnStall(options.stallMs > 0);
    bool timedOut = false;
    QObject::connect(&client, &net::RunClient::eventsReceived, [&](const QList<Event> &events) {
        for (const Event &e : events) {
            printer.event(e);
            session->append(e);
            if (options.onEvent)
                options.onEvent(e);
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
    const QString traceParent = headerValue(options.headers, QLatin1StringView("traceparent"));
    if (!traceParent.isEmpty())
        err() << "traceparent " << traceParent << '\n';
    client.startWithBody(options.url, options.body, options.headers);
    QCoreApplication::exec();
    session->finish();
    writer.close();
    RunOutcome outcome;
    outcome.exitCode = printer.finish(client, *session, timedOut, options.timeoutMs);
    outcome.completed = !timedOut && client.status() == net::RunClient::Status::Finished;
    outcome.httpStatus = client.httpStatus();
    outcome.bodyBytes = client.bytesReceived();
    return outcome;
}

} // namespace agui::cli
