// agui-inspect otel CAPTURE : a capture's runs as OpenTelemetry traces (docs/otel.md), written
// as an OTLP request body or sent to a collector.

#include "app/cli/command.h"
#include "app/cli/input.h"
#include "app/cli/netcommands.h"

#include "core/analysis/capturesession.h"
#include "core/otel/captureexport.h"

#include <QFile>
#include <QProcessEnvironment>
#include <QSaveFile>

namespace agui::cli {

namespace {

const char kHelp[]
    = "usage: agui-inspect otel CAPTURE [--out FILE] [--endpoint URL]\n"
      "                       [--protocol http/protobuf|http/json] [--service-name NAME]\n"
      "                       [--content]\n\n"
      "The runs of CAPTURE (any capture format; '-' = standard input) as OpenTelemetry spans,\n"
      "after the GenAI semantic conventions (docs/otel.md): a run is an invoke_agent span, a\n"
      "tool call an execute_tool span under it, subagents, steps, text messages and reasoning\n"
      "child spans; findings, stalls and the first token span events; a broken stream sets the\n"
      "span's status to error. A run whose request carried a W3C traceparent joins that trace.\n"
      "Exporting the same capture twice gives the same trace and span ids.\n"
      "  --out FILE       write the OTLP/HTTP request body to FILE ('-' = standard output)\n"
      "  --endpoint URL   send it to a collector: URL is its base, as OTEL_EXPORTER_OTLP_ENDPOINT\n"
      "                   (spans go to URL/v1/traces)\n"
      "  --protocol P     http/protobuf or http/json (default: OTEL_EXPORTER_OTLP_PROTOCOL, else\n"
      "                   http/protobuf; with --out FILE.json, http/json)\n"
      "  --service-name N the service.name resource attribute (default: OTEL_SERVICE_NAME, else\n"
      "                   agui-inspector)\n"
      "  --content        include content: message text, tool arguments and results, error and\n"
      "                   finding messages. Off by default: without it no text of the\n"
      "                   conversation leaves the machine\n"
      "Without --out and --endpoint, OTEL_EXPORTER_OTLP_ENDPOINT (or _TRACES_ENDPOINT) is the\n"
      "collector when set; otherwise the OTLP JSON goes to standard output. The standard\n"
      "OTEL_EXPORTER_OTLP_* variables are honoured, headers included (their values are never\n"
      "printed). A summary goes to standard error.\n"
      "Exit status: 0 exported, 1 some spans were not accepted by the collector, 2 an\n"
      "unreadable capture, an unreachable collector or bad usage.\n";

struct OtelRequest
{
    QString capture;
    QString out;
    otel::OtlpConfig config;
    bool send = false;
    bool content = false;
};

bool isJsonFile(const QString &path)
{
    return path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive);
}

// Reads the options over the environment's configuration; a non-empty return is the usage error.
QString parseOtelOptions(const Args &args, OtelRequest *request)
{
    if (args.positional.size() != 1)
        return QStringLiteral("expects exactly one CAPTURE");
    request->capture = args.positional.first();
    QStringList problems;
    const QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    request->config = otel::OtlpConfig::fromEnvironment(env, &problems);
    for (const QString &problem : problems)
        err() << "agui-inspect otel: warning: " << problem << '\n';
    request->out = args.options.value(QStringLiteral("--out"));
    const QString endpoint = args.options.value(QStringLiteral("--endpoint"));
    if (!endpoint.isEmpty()) {
        const QUrl url(endpoint, QUrl::StrictMode);
        if (!url.isValid()
            || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")))
            return QStringLiteral("--endpoint must be an http:// or https:// URL");
        request->config.setEndpoint(endpoint);
    }
    // Spans leave the machine only when asked: --endpoint, or an endpoint variable set.
    const bool envEndpoint = !env.value(QStringLiteral("OTEL_EXPORTER_OTLP_ENDPOINT")).isEmpty()
        || !env.value(QStringLiteral("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")).isEmpty();
    request->send = !endpoint.isEmpty() || (request->out.isEmpty() && envEndpoint);
    if (request->send && !request->config.hasUsableUrl())
        return QStringLiteral("the collector's URL is not an http:// or https:// URL");
    if (!request->out.isEmpty() && !endpoint.isEmpty())
        return QStringLiteral("--out and --endpoint exclude each other");
    if (args.options.contains(QStringLiteral("--protocol"))) {
        const auto protocol
            = otel::OtlpConfig::parseProtocol(args.options.value(QStringLiteral("--protocol")));
        if (!protocol)
            return QStringLiteral("--protocol must be http/protobuf or http/json (gRPC is not "
                                  "supported: point it at the collector's OTLP/HTTP port)");
        request->config.protocol = *protocol;
    } else if (!request->send
               && (request->out.isEmpty() || request->out == QLatin1String("-")
                   || isJsonFile(request->out))) {
        request->config.protocol = otel::OtlpConfig::Protocol::HttpJson;
    }
    if (args.options.contains(QStringLiteral("--service-name")))
        request->config.serviceName = args.options.value(QStringLiteral("--service-name"));
    request->content = args.options.contains(QStringLiteral("--content"));
    return {};
}

int writeBody(const OtelRequest &request, const QByteArray &body)
{
    if (request.out.isEmpty() || request.out == QLatin1String("-")) {
        QFile stdoutFile;
        if (!stdoutFile.open(stdout, QIODevice::WriteOnly) || stdoutFile.write(body) != body.size())
            return ExitUnreadable;
        if (request.config.protocol == otel::OtlpConfig::Protocol::HttpJson)
            stdoutFile.write("\n");
        return ExitOk;
    }
    QSaveFile file(request.out);
    if (!file.open(QIODevice::WriteOnly) || file.write(body) != body.size() || !file.commit()) {
        err() << "agui-inspect otel: " << request.out << ": " << file.errorString() << '\n';
        return ExitUnreadable;
    }
    return ExitOk;
}

int send(const OtelRequest &request, otel::Batch batch)
{
    const qsizetype spans = batch.spans.size();
    // One export: a collector that stays down is given up on after a minute, not the proxy's five.
    const otel::ExporterStats stats
        = otel::sendBatch(std::move(batch), request.config, 60'000, [](const QString &line) {
              err() << "agui-inspect otel: " << line << '\n';
          });
    err() << "sent " << stats.exported << " of " << spans << " spans to "
          << request.config.describe() << " in " << stats.requests << " requests";
    if (stats.retries > 0)
        err() << " (" << stats.retries << " retries)";
    err() << '\n';
    if (stats.exported == spans)
        return ExitOk;
    err() << "agui-inspect otel: " << (spans - stats.exported) << " spans not delivered"
          << (stats.lastError.isEmpty() ? QString() : QStringLiteral(": ") + stats.lastError)
          << '\n';
    return stats.exported == 0 ? ExitUnreadable : ExitFindings;
}

int runOtel(const QStringList &argv)
{
    const Args args = parseArgs(argv,
                                {QStringLiteral("--out"), QStringLiteral("--endpoint"),
                                 QStringLiteral("--protocol"), QStringLiteral("--service-name")},
                                {QStringLiteral("--help"), QStringLiteral("--content")});
    if (args.options.contains(QStringLiteral("--help"))) {
        out() << kHelp;
        return ExitOk;
    }
    if (!args.error.isEmpty())
        return usageError(QStringLiteral("otel"), args.error);
    OtelRequest request;
    const QString usage = parseOtelOptions(args, &request);
    if (!usage.isEmpty())
        return usageError(QStringLiteral("otel"), usage);
    analysis::CaptureSession loaded;
    QString error;
    SessionOptions sessionOptions;
    sessionOptions.checkpointInterval = 0; // one pass: no time travel
    sessionOptions.keepBytes = false;
    if (!analysis::loadCaptureSession(request.capture, &loaded, &error, sessionOptions)) {
        err() << "agui-inspect otel: " << error << '\n';
        return ExitUnreadable;
    }
    loaded.session->finish();
    otel::TraceOptions options;
    options.captureContent = request.content;
    otel::CaptureTraces traces
        = otel::tracesOfCapture(loaded, request.config, options, QStringLiteral(AGUI_VERSION));
    if (traces.timeSource == analysis::TimeSource::None)
        err() << "agui-inspect otel: warning: " << loaded.path
              << ": no receive times and no event timestamps: the spans are placed at the Unix "
                 "epoch, one microsecond per event\n";
    err() << traces.batch.spans.size() << " spans from " << traces.runs << " runs, times from "
          << analysis::timeSourceName(traces.timeSource)
          << (request.content ? ", with content" : ", without content") << '\n';
    if (request.send)
        return send(request, std::move(traces.batch));
    return writeBody(request, otel::encodeBatch(traces.batch, request.config.protocol));
}

const CommandRegistration reg {netCommand(QStringLiteral("otel"), &runOtel)};

} // namespace

} // namespace agui::cli
