// agui-inspect proxy : a recording reverse proxy between a front end and its agent.

#include "app/cli/command.h"
#include "app/cli/input.h"
#include "app/cli/net/breakprompt.h"
#include "app/cli/netcommands.h"
#include "core/capture/capturereader.h"
#include "core/capture/capturewriter.h"
#include "core/capture/redaction.h"
#include "core/intercept/rewriterules.h"
#include "core/intercept/rulerewriter.h"
#include "core/net/agentproxy.h"
#include "core/net/chunksink.h"
#include "core/net/replayserver.h"
#include "core/otel/exchangetracer.h"
#include "core/otel/otlpconfig.h"
#include "core/otel/otlpexporter.h"
#include "core/platform/heap.h"
#include "core/platform/interrupts.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QHash>
#include <QProcessEnvironment>
#include <QTimer>

#include <atomic>
#include <optional>

namespace agui::cli {

namespace {

// How long, at most, the front ends' connections get to take their last bytes before exit.
constexpr qint64 kDrainMs = 5000;

const char kHelp[]
    = "usage: agui-inspect proxy --upstream URL [--listen HOST:PORT] [--record FILE]\n"
      "                          [--rules FILE] [--break FILTER]... [--map-local PATH=CAPTURE]\n"
      "                          [--exchanges N] [--otlp-endpoint URL [--otlp-protocol P]\n"
      "                          [--service-name NAME] [--otlp-content]]\n\n"
      "Sits between a front end and its agent: point the front end at the URL printed on the\n"
      "first line of standard output. Each request is forwarded to the upstream unchanged (minus\n"
      "hop-by-hop headers) and its answer streamed back as it arrives, byte for byte. One line\n"
      "per request, answer and end goes to standard error (credentials are never printed).\n\n"
      "  --upstream URL    the agent's endpoint (http:// or https://); a request for / goes to\n"
      "                    URL itself, any other path is appended to URL's path\n"
      "  --listen H:P      address and port to listen on (default 127.0.0.1:8766; port 0 picks\n"
      "                    a free one)\n"
      "  --record FILE     record every exchange as a run of a capture (.aguicap): request,\n"
      "                    response head, every chunk with its time; credentials redacted\n"
      "  --rules FILE      rewrite rules (JSON, docs/proxy.md): each a filter and an action\n"
      "                    (drop, delay, edit with a JSON Patch, inject events) applied to\n"
      "                    the events on their way to the front end; every change is logged\n"
      "                    and recorded beside the agent's original bytes\n"
      "  --break FILTER    hold each event the filter matches (\"request\": each request) until\n"
      "                    you decide on standard input: the held event and a prompt go to\n"
      "                    standard error; answer Enter/r resume, d drop, or the events to send\n"
      "                    instead as JSON on one line (a request: Enter/f forward, x refuse,\n"
      "                    or the body to send); \"off\" or the end of input lets everything go\n"
      "                    on. Repeat for several breakpoints; they also allow the rules file's\n"
      "                    \"break\" rules\n"
      "  --map-local PATH=CAPTURE\n"
      "                    answer requests for PATH (e.g. /agent) from CAPTURE instead of the\n"
      "                    upstream: each gets the capture's next recorded run, byte for byte\n"
      "                    with its recorded pacing (as serve --replay); recorded and rewritten\n"
      "                    like any other exchange\n"
      "  --exchanges N     exit after N exchanges ended: 0 when all ended as framed with a 2xx\n"
      "                    answer, 1 when one got another status, 2 when one failed in transport\n"
      "                    or its front end hung up. Without it, runs until interrupted.\n"
      "  --otlp-endpoint URL\n"
      "                    export each exchange as OpenTelemetry spans when it ends "
      "(docs/otel.md)\n"
      "                    to the collector at URL (its base: spans go to URL/v1/traces), in\n"
      "                    batches, from a thread of its own: the forwarded bytes never wait for\n"
      "                    it. A collector that is down or throttles is retried with backoff;\n"
      "                    spans it could not take are counted and logged. A front end's\n"
      "                    traceparent goes on to the agent untouched and the spans join its\n"
      "                    trace. The OTEL_EXPORTER_OTLP_* variables (headers, timeout) apply\n"
      "  --otlp-protocol P http/protobuf (default) or http/json\n"
      "  --service-name N  the spans' service.name (default: OTEL_SERVICE_NAME, else\n"
      "                    agui-inspector)\n"
      "  --otlp-content    include content in the spans (message text, tool arguments and\n"
      "                    results); off by default\n";

struct Options
{
    QUrl upstream;
    QHostAddress host = QHostAddress::LocalHost;
    int port = 8766;
    QString record;
    QString rulesPath;
    QString mapPath; // --map-local: the request path answered from mapCapture
    Capture mapCapture;
    QString mapFile;
    intercept::RewriteRules rules;
    int exchanges = 0; // 0: until interrupted
    std::optional<otel::OtlpConfig> otlp; // --otlp-endpoint
    bool otlpContent = false;
};

// --otlp-endpoint and its companions over the OTEL_* environment; a non-empty return is the
// usage error.
QString parseOtlpOptions(const Args &args, Options *options)
{
    const QString endpoint = args.options.value(QStringLiteral("--otlp-endpoint"));
    if (endpoint.isEmpty()) {
        for (const char *name : {"--otlp-protocol", "--service-name", "--otlp-content"}) {
            if (args.options.contains(QLatin1String(name)))
                return QStringLiteral("%1 needs --otlp-endpoint").arg(QLatin1String(name));
        }
        return {};
    }
    const QUrl url(endpoint, QUrl::StrictMode);
    if (!url.isValid()
        || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")))
        return QStringLiteral("--otlp-endpoint must be an http:// or https:// URL");
    QStringList problems;
    otel::OtlpConfig config
        = otel::OtlpConfig::fromEnvironment(QProcessEnvironment::systemEnvironment(), &problems);
    for (const QString &problem : problems)
        err() << "agui-inspect proxy: warning: " << problem << '\n';
    config.setEndpoint(endpoint);
    if (args.options.contains(QStringLiteral("--otlp-protocol"))) {
        const auto protocol = otel::OtlpConfig::parseProtocol(
            args.options.value(QStringLiteral("--otlp-protocol")));
        if (!protocol)
            return QStringLiteral("--otlp-protocol must be http/protobuf or http/json");
        config.protocol = *protocol;
    }
    if (args.options.contains(QStringLiteral("--service-name")))
        config.serviceName = args.options.value(QStringLiteral("--service-name"));
    options->otlp = config;
    options->otlpContent = args.options.contains(QStringLiteral("--otlp-content"));
    return {};
}

QString parseOptions(const QStringList &argv, Options *options, bool *help)
{
    const Args args = parseArgs(
        argv,
        {QStringLiteral("--upstream"), QStringLiteral("--listen"), QStringLiteral("--record"),
         QStringLiteral("--exchanges"), QStringLiteral("--rules"), QStringLiteral("--map-local"),
         QStringLiteral("--break"), QStringLiteral("--otlp-endpoint"),
         QStringLiteral("--otlp-protocol"), QStringLiteral("--service-name")},
        {QStringLiteral("--help"), QStringLiteral("--otlp-content")});
    *help = args.options.contains(QStringLiteral("--help"));
    if (*help)
        return {};
    if (!args.error.isEmpty())
        return args.error;
    if (!args.positional.isEmpty())
        return QStringLiteral("unexpected argument %1").arg(args.positional.first());
    options->upstream = QUrl(args.options.value(QStringLiteral("--upstream")));
    if (!options->upstream.isValid()
        || (options->upstream.scheme() != QStringLiteral("http")
            && options->upstream.scheme() != QStringLiteral("https")))
        return QStringLiteral("--upstream must be an http:// or https:// URL");
    const QString listen = args.options.value(QStringLiteral("--listen"));
    if (!listen.isEmpty()) {
        quint16 port = 0;
        if (!net::AgentProxy::parseListenAddress(listen, &options->host, &port))
            return QStringLiteral("--listen must be HOST:PORT, e.g. 127.0.0.1:8766");
        options->port = port;
    }
    options->record = args.options.value(QStringLiteral("--record"));
    options->rulesPath = args.options.value(QStringLiteral("--rules"));
    if (!options->rulesPath.isEmpty()) {
        QString error;
        options->rules = intercept::RewriteRules::fromFile(options->rulesPath, &error);
        if (!error.isEmpty())
            return QStringLiteral("--rules %1").arg(error);
    }
    const QStringList breaks = args.repeated.value(QStringLiteral("--break"));
    // A breakpoint waits for a person: without --break nobody is asked, so it would hold forever.
    if (breaks.isEmpty() && options->rules.hasBreakpoints())
        return QStringLiteral("--rules %1: \"break\" rules need a person: add --break FILTER (you "
                              "then decide on standard input), use the inspector's File > Start "
                              "Proxy…, or disable them here")
            .arg(options->rulesPath);
    if (!breaks.isEmpty()) {
        QString error;
        options->rules = options->rules.withBreakpoints(breaks, &error);
        if (!error.isEmpty())
            return QStringLiteral("--break: %1").arg(error);
    }
    if (const QString map = args.options.value(QStringLiteral("--map-local")); !map.isEmpty()) {
        if (!net::AgentProxy::parseMapLocal(map, &options->mapPath, &options->mapFile))
            return QStringLiteral("--map-local must be PATH=CAPTURE, e.g. /agent=session.aguicap");
        QString error;
        if (!readCaptureFile(options->mapFile, &options->mapCapture, &error))
            return QStringLiteral("--map-local %1: %2").arg(options->mapFile, error);
        if (options->mapCapture.runs.isEmpty())
            return QStringLiteral("--map-local %1: the capture has no recorded run")
                .arg(options->mapFile);
    }
    if (args.options.contains(QStringLiteral("--exchanges"))) {
        bool ok = false;
        options->exchanges = args.options.value(QStringLiteral("--exchanges")).toInt(&ok);
        if (!ok || options->exchanges <= 0)
            return QStringLiteral("--exchanges must be a number > 0");
    }
    return parseOtlpOptions(args, options);
}

// "dropped the event at byte 812 (61 bytes)", "could not edit ...: patch operation 0: ...".
QString describe(const BodyRewrite &rewrite)
{
    const QString where
        = QStringLiteral("the event at byte %1 (%2 bytes)").arg(rewrite.offset).arg(rewrite.length);
    if (rewrite.action == QLatin1String("break")) // a person's decision, or its loss
        return !rewrite.error.isEmpty() ? QStringLiteral("%1: %2").arg(where, rewrite.error)
            : rewrite.delivered.isEmpty()
            ? QStringLiteral("dropped %1 at the breakpoint").arg(where)
            : QStringLiteral("sent %1 bytes in place of %2 at the breakpoint (keep-alives "
                             "included)")
                  .arg(rewrite.delivered.size())
                  .arg(where);
    if (!rewrite.error.isEmpty())
        return QStringLiteral("could not %1 %2, which went on unchanged: %3")
            .arg(rewrite.action, where, rewrite.error);
    if (rewrite.action == QLatin1String("drop"))
        return QStringLiteral("dropped %1").arg(where);
    if (rewrite.action == QLatin1String("delay"))
        return QStringLiteral("delayed %1 by %2 ms").arg(where).arg(rewrite.delayMs);
    if (rewrite.action == QLatin1String("edit"))
        return QStringLiteral("edited %1 (now %2 bytes)").arg(where).arg(rewrite.delivered.size());
    return QStringLiteral("injected events around %1 (now %2 bytes)")
        .arg(where)
        .arg(rewrite.delivered.size());
}

// Reports each exchange on stderr and keeps the figures the exit status is made of.
class ProxyLog : public QObject
{
public:
    explicit ProxyLog(net::AgentProxy *proxy)
    {
        connect(proxy, &net::AgentProxy::exchangeStarted, this,
                [this](int id, const RecordedRequest &request) {
                    err() << proxyClock() << " #" << id << " -> " << request.method << ' '
                          << redactUrl(request.url) << " (" << request.body.size() << " bytes"
                          << (!m_localUrl.isEmpty() && request.url.startsWith(m_localUrl)
                                  ? QStringLiteral("; map local: ") + m_localName
                                  : QString())
                          << ")\n";
                    err().flush();
                });
        connect(proxy, &net::AgentProxy::responseStarted, this,
                [this](int id, const RecordedResponse &response) {
                    m_status[id] = response.status;
                    err() << proxyClock() << " #" << id << " <- " << response.status << ' '
                          << headerValue(response.headers, QLatin1StringView("Content-Type"))
                          << '\n';
                    err().flush();
                });
        connect(proxy, &net::AgentProxy::chunkForwarded, this, [this](int id, qint64 bytes) {
            m_chunks[id] += 1;
            m_bytes[id] += bytes;
        });
        connect(proxy, &net::AgentProxy::bodyRewritten, this,
                [](int id, const BodyRewrite &rewrite) {
                    err() << proxyClock() << " #" << id << " rule \"" << rewrite.rule << "\" "
                          << describe(rewrite) << '\n';
                    err().flush();
                });
        connect(proxy, &net::AgentProxy::exchangeEnded, this,
                [this](int id, RunEnd end, const QString &error) { ended(id, end, error); });
    }

    // Requests sent to this URL are answered from a capture (--map-local): said in the log.
    void setMapLocal(const QString &url, const QString &name)
    {
        m_localUrl = url;
        m_localName = name;
    }
    int endedCount() const { return m_ended; }
    int exitCode() const { return m_exit; }

private:
    void ended(int id, RunEnd end, const QString &error)
    {
        ++m_ended;
        const int status = m_status.value(id);
        err() << proxyClock() << " #" << id << ' ' << runEndName(end) << ": " << m_chunks.value(id)
              << " chunks, " << m_bytes.value(id) << " bytes forwarded"
              << (error.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(error)) << '\n';
        err().flush();
        int code = ExitOk;
        if (end != RunEnd::Finished)
            code = ExitUnreadable;
        else if (status < 200 || status > 299)
            code = ExitFindings;
        m_exit = std::max(m_exit, code);
    }

    QHash<int, int> m_status;
    QHash<int, qint64> m_chunks;
    QHash<int, qint64> m_bytes;
    int m_ended = 0;
    QString m_localUrl;
    QString m_localName;
    int m_exit = ExitOk;
};

otel::ExporterOptions exporterOptions(const otel::OtlpConfig &config)
{
    otel::ExporterOptions options;
    options.config = config;
    options.resource = otel::resourceAttributes(config.serviceName, config.resourceAttributes);
    options.scopeName = QString::fromLatin1(otel::kScopeName);
    options.scopeVersion = QStringLiteral(AGUI_VERSION);
    return options;
}

// At exit: the exchanges already ended are traced, and the collector gets a last chance (a few
// seconds) to take them; what it did not is said, with the counts.
void finishExport(otel::BatchExporter &exporter, otel::ExchangeTracer &tracer)
{
    constexpr int kLastChanceMs = 10'000;
    tracer.finish();
    const qint64 exchanges = tracer.exchangesTraced();
    exporter.flush(kLastChanceMs);
    const otel::ExporterStats stats = exporter.stats();
    err() << proxyClock() << " otel: " << exchanges << " exchanges, " << stats.exported
          << " spans exported, " << stats.droppedQueueFull << " dropped (queue full), "
          << stats.failed << " failed";
    if (stats.retries > 0)
        err() << ", " << stats.retries << " retries";
    err() << '\n';
}

int runProxy(const QStringList &argv)
{
    platform::keepHeapSlackForStreaming(); // bodies stream through in 64 KiB reads
    Options options;
    bool help = false;
    const QString error = parseOptions(argv, &options, &help);
    if (help) {
        out() << kHelp;
        return ExitOk;
    }
    if (!error.isEmpty())
        return usageError(QStringLiteral("proxy"), error);

    CaptureWriter writer;
    if (!options.record.isEmpty() && !writer.open(options.record)) {
        err() << "agui-inspect proxy: cannot write " << options.record << '\n';
        return ExitUnreadable;
    }
    // Declared before the proxy, so the exchanges' sinks are gone before the tracer.
    std::unique_ptr<otel::BatchExporter> exporter;
    std::unique_ptr<otel::ExchangeTracer> tracer;
    if (options.otlp) {
        exporter = std::make_unique<otel::BatchExporter>(exporterOptions(*options.otlp));
        exporter->setLogger([](const QString &line) {
            err() << proxyClock() << " otel: " << line << '\n';
            err().flush();
        });
        otel::TraceOptions trace;
        trace.captureContent = options.otlpContent;
        tracer = std::make_unique<otel::ExchangeTracer>(exporter.get(), trace);
    }
    net::AgentProxy proxy;
    proxy.setUpstream(options.upstream);
    if (writer.isOpen() || tracer)
        proxy.setSinkFactory([&writer, &tracer](int id) -> std::unique_ptr<net::ChunkSink> {
            auto sinks = std::make_unique<net::FanOutSink>();
            if (writer.isOpen())
                sinks->add(std::make_unique<net::CaptureWriterSink>(&writer));
            if (tracer)
                sinks->add(tracer->sinkFor(id));
            return sinks;
        });
    if (!options.rules.isEmpty()) {
        proxy.setRewriterFactory([&options](int id, const RecordedResponse &response) {
            QString whyNot;
            auto rewriter = intercept::makeRuleRewriter(options.rules, id, response, &whyNot);
            if (!whyNot.isEmpty()) {
                err() << proxyClock() << " #" << id << " rules not applied: " << whyNot << '\n';
                err().flush();
            }
            return rewriter;
        });
        // Kept with the recording, so a reader sees what changed the stream and how.
        if (writer.isOpen())
            writer.writeNote(
                -1,
                QStringLiteral("rewrite rules from %1: %2")
                    .arg(options.rulesPath, QString::fromUtf8(options.rules.toJson())));
    }
    // Map local: the capture served on a loopback port of its own, and the path mapped to it.
    std::unique_ptr<net::ReplayServer> replay;
    if (!options.mapPath.isEmpty()) {
        replay = std::make_unique<net::ReplayServer>(options.mapCapture,
                                                     net::ReplayServer::Options {});
        if (!replay->listen()) {
            err() << "agui-inspect proxy: cannot serve " << options.mapFile << ": "
                  << replay->errorString() << '\n';
            return ExitUnreadable;
        }
        proxy.mapLocal(options.mapPath, replay->url());
    }
    ProxyLog log(&proxy);
    if (options.rules.hasBreakpoints()) {
        proxy.setBreakOnRequest(options.rules.breaksOnRequest());
        new BreakPrompt(&proxy); // the proxy's child
        if (writer.isOpen() && options.rules.breaksOnRequest())
            writer.writeNote(-1,
                             QStringLiteral("breakpoint on the request: each request was held "
                                            "for a person to forward, edit or refuse"));
    }
    if (replay)
        log.setMapLocal(replay->url().toString(), options.mapFile);
    if (!proxy.listen(options.host, quint16(options.port))) {
        err() << "agui-inspect proxy: cannot listen on " << options.host.toString() << ':'
              << options.port << ": " << proxy.errorString() << '\n';
        return ExitUnreadable;
    }
    out() << proxy.url().toString() << '\n';
    out().flush();
    err() << "forwarding to " << redactUrl(options.upstream.toString());
    if (!options.rulesPath.isEmpty())
        err() << " with the rewrite rules of " << options.rulesPath;
    if (!options.rules.breakpoints().isEmpty())
        err() << ", stopping at " << options.rules.breakpoints().join(QStringLiteral(" | "))
              << " (answer on standard input)";
    if (replay)
        err() << "; " << options.mapPath << " answered from " << options.mapFile << " ("
              << replay->runCount() << (replay->runCount() == 1 ? " run)" : " runs)");
    if (options.otlp)
        err() << "; spans to " << options.otlp->describe()
              << (options.otlpContent ? " with content" : "");
    err() << '\n';
    err().flush();

    // Ends on --exchanges or on Ctrl+C / SIGTERM (the capture is closed cleanly either way; it is
    // written record by record, so even a SIGKILL leaves one that opens).
    platform::catchInterrupts();
    // An exchange has ended once its answer is written, not once it is sent: after the last
    // one the front ends' connections get a moment to take what is queued for them (quitting at
    // once dropped a refused request's 503 before it went out).
    QTimer poll;
    QElapsedTimer draining;
    QObject::connect(&poll, &QTimer::timeout, &proxy, [&] {
        const bool enough = options.exchanges > 0 && log.endedCount() >= options.exchanges;
        if (platform::interrupted())
            QCoreApplication::quit();
        if (!enough)
            return;
        if (!draining.isValid())
            draining.start();
        if (proxy.connectionsOpen() == 0 || draining.elapsed() >= kDrainMs)
            QCoreApplication::quit();
    });
    poll.start(50);
    QCoreApplication::exec();
    proxy.close();
    writer.close();
    if (tracer)
        finishExport(*exporter, *tracer);
    return options.exchanges > 0 ? log.exitCode() : ExitOk;
}

CommandRegistration reg {netCommand(QStringLiteral("proxy"), &runProxy)};

} // namespace

} // namespace agui::cli
