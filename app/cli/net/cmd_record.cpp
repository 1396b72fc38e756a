// agui-inspect record --copilotkit-debug URL : a CopilotKit runtime's debug feed as a live
// source. Every agent/thread the feed carries becomes a run of the capture, linted on its own.

#include "app/cli/command.h"
#include "app/cli/input.h"
#include "app/cli/net/agentrun.h"
#include "app/cli/netcommands.h"

#include "core/capture/capturewriter.h"
#include "core/copilotkit/debugfeedclient.h"
#include "core/net/chunksink.h"
#include "core/platform/interrupts.h"
#include "core/session/ingest.h"
#include "core/session/session.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>

#include <memory>
#include <vector>

namespace agui::cli {

namespace {

const char kHelp[]
    = "usage: agui-inspect record --copilotkit-debug URL [--out FILE] [--header 'Name: value']...\n"
      "                           [--format text|json]\n\n"
      "Attaches to the debug feed of the CopilotKit runtime at URL (its base path, e.g.\n"
      "http://localhost:3000/api/copilotkit; the feed is GET URL/cpk-debug-events) and records\n"
      "it until interrupted (Ctrl+C) or the runtime closes it. Each agent and thread the feed\n"
      "carries becomes a run of its own, with the feed's timestamps and every byte received.\n"
      "  --out FILE  write the capture (.aguicap) as it arrives; open it in the inspector\n"
      "  --format F  text (default): one line per event as it arrives; json: each event as a\n"
      "              JSON line with its agent and thread\n"
      "At the end each run is linted on its own; findings and a summary go to standard error.\n"
      "The feed is off unless the runtime has debug on (docs/copilotkit.md): a 404 says so.\n"
      "Exit status: 0 recorded without an error finding, 1 an error finding, 2 the feed could\n"
      "not be read (off, not a runtime, broke off) or bad usage.\n";

// One agent/thread's events, decoded and linted apart from the others' (in one session their
// interleaving would read as one stream breaking the ordering rules).
class StreamSession : public net::ChunkSink
{
public:
    StreamSession(copilotkit::FeedStream stream, bool json)
        : m_stream(std::move(stream))
        , m_json(json)
        , m_session(SessionOptions {0, true})
        , m_feeder(m_session, Framing::CopilotKitDebug)
    { }

    void chunkReceived(const QByteArray &bytes, qint64 receivedAtUs) override
    {
        const qint64 before = m_session.size();
        m_feeder.feed(bytes, receivedAtUs);
        for (qint64 seq = before; seq < m_session.size(); ++seq)
            print(seq);
    }
    void runEnded(RunEnd, const QString &, qint64) override
    {
        if (!m_ended)
            m_feeder.finish(true);
        m_ended = true;
    }

    const copilotkit::FeedStream &stream() const { return m_stream; }
    const Session &session() const { return m_session; }

private:
    void print(qint64 seq)
    {
        const Event e = m_session.events().event(seq);
        if (m_json) {
            // The event exactly as received (its bytes inside the envelope), with where it
            // came from.
            QByteArray line
                = QJsonDocument(
                      QJsonObject {{QStringLiteral("agentId"), m_stream.agentId},
                                   {QStringLiteral("threadId"), m_stream.threadId},
                                   {QStringLiteral("receivedAtUs"), double(e.receivedAtUs)}})
                      .toJson(QJsonDocument::Compact);
            line.chop(1);
            line += ",\"event\":" + (e.payload.isEmpty() ? QByteArray("null") : e.payload) + "}\n";
            out() << QString::fromUtf8(line);
        } else {
            out() << m_stream.label() << "  "
                  << (e.typeName.isEmpty() ? eventTypeName(e.type) : e.typeName) << '\n';
        }
        out().flush();
    }

    copilotkit::FeedStream m_stream;
    bool m_json;
    Session m_session;
    SessionFeeder m_feeder;
    bool m_ended = false;
};

// The capture file's run of one stream, then the stream's own session.
struct StreamSinks
{
    std::unique_ptr<net::CaptureWriterSink> file;
    std::unique_ptr<StreamSession> session;
    net::FanOutSink fan;
};

int report(const copilotkit::DebugFeedClient &client,
           const std::vector<std::unique_ptr<StreamSinks>> &streams)
{
    int counts[3] = {0, 0, 0};
    for (const Diagnostic &d : client.demux().notes()) {
        counts[int(d.severity)] += 1;
        err() << "feed byte " << d.byteOffset << ": " << severityName(d.severity) << ' ' << d.ruleId
              << ": " << d.message << '\n';
    }
    for (std::size_t i = 0; i < streams.size(); ++i) {
        const auto &s = streams[i];
        const Session &session = s->session->session();
        for (const Finding &f : session.findings()) {
            const Diagnostic &d = f.diagnostic;
            counts[int(d.severity)] += 1;
            err() << s->session->stream().label() << ", "
                  << (f.eventIndex >= 0 ? QStringLiteral("event %1").arg(f.eventIndex)
                                        : QStringLiteral("end of stream"))
                  << ": " << severityName(d.severity) << ' ' << d.ruleId
                  << (d.path.isEmpty() ? QString() : QLatin1Char(' ') + d.path) << ": " << d.message
                  << '\n';
        }
        err() << s->session->stream().label() << ": "
              << client.demux().streams().at(qsizetype(i)).frames << " frames, " << session.size()
              << " events\n";
    }
    err() << client.demux().bytesSeen() << " bytes, " << client.demux().framesRouted()
          << " frames, " << streams.size() << (streams.size() == 1 ? " stream, " : " streams, ")
          << counts[int(Severity::Error)] << " errors, " << counts[int(Severity::Warning)]
          << " warnings, " << counts[int(Severity::Info)] << " infos\n";
    if (!client.errorString().isEmpty()) {
        err() << "agui-inspect record: " << client.errorString() << '\n';
        return ExitUnreadable;
    }
    return counts[int(Severity::Error)] > 0 ? ExitFindings : ExitOk;
}

int runRecord(const QStringList &argv)
{
    QStringList headerTexts;
    QString error;
    const QStringList rest = takeHeaders(argv, &headerTexts, &error);
    const Args args = parseArgs(
        rest,
        {QStringLiteral("--copilotkit-debug"), QStringLiteral("--out"), QStringLiteral("--format")},
        {QStringLiteral("--help")});
    if (args.options.contains(QStringLiteral("--help"))) {
        out() << kHelp;
        return ExitOk;
    }
    if (error.isEmpty())
        error = args.error;
    if (error.isEmpty() && !args.positional.isEmpty())
        error = QStringLiteral("unexpected argument %1").arg(args.positional.first());
    if (error.isEmpty() && !args.options.contains(QStringLiteral("--copilotkit-debug")))
        error = QStringLiteral("what to record: --copilotkit-debug URL (a CopilotKit runtime)");
    QUrl url;
    if (error.isEmpty())
        error = parseAgentUrl(args.options.value(QStringLiteral("--copilotkit-debug")), &url);
    const QString format = args.options.value(QStringLiteral("--format"), QStringLiteral("text"));
    if (error.isEmpty() && format != QLatin1String("text") && format != QLatin1String("json"))
        error = QStringLiteral("--format must be text or json, not %1").arg(format);
    RunOptions transport;
    if (error.isEmpty()) {
        Args headerArgs;
        headerArgs.options.insert(QStringLiteral("--no-traceparent"), QString());
        error = parseTransportOptions(headerArgs, headerTexts, &transport);
    }
    if (!error.isEmpty())
        return usageError(QStringLiteral("record"), error);

    CaptureWriter writer;
    const QString outPath = args.options.value(QStringLiteral("--out"));
    if (!outPath.isEmpty() && !writer.open(outPath)) {
        err() << "agui-inspect record: " << outPath << ": " << writer.errorString() << '\n';
        return ExitUnreadable;
    }
    const bool json = format == QLatin1String("json");
    net::FanOutSink feedRun;
    if (writer.isOpen())
        feedRun.add(std::make_unique<net::CaptureWriterSink>(&writer));
    std::vector<std::unique_ptr<StreamSinks>> streams;
    copilotkit::DebugFeedClient client(&feedRun, [&](const copilotkit::FeedStream &stream) {
        auto sinks = std::make_unique<StreamSinks>();
        if (writer.isOpen()) {
            sinks->file = std::make_unique<net::CaptureWriterSink>(&writer);
            sinks->fan.add(sinks->file.get());
        }
        sinks->session = std::make_unique<StreamSession>(stream, json);
        sinks->fan.add(sinks->session.get());
        streams.push_back(std::move(sinks));
        return &streams.back()->fan;
    });
    QObject::connect(&client, &copilotkit::DebugFeedClient::attached, [&] {
        err() << "attached to " << client.feedUrl().toDisplayString()
              << "; recording until Ctrl+C or the runtime closes the feed\n";
        err().flush();
    });
    QObject::connect(&client, &copilotkit::DebugFeedClient::finished, QCoreApplication::instance(),
                     &QCoreApplication::quit, Qt::QueuedConnection);
    platform::catchInterrupts();
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, [&] {
        if (platform::interrupted())
            client.stop();
    });
    poll.start(50);
    client.start(url, transport.headers);
    QCoreApplication::exec();
    writer.close();
    if (!outPath.isEmpty())
        err() << "capture: " << outPath << '\n';
    return report(client, streams);
}

const CommandRegistration reg {netCommand(QStringLiteral("record"), &runRecord)};

} // namespace

} // namespace agui::cli
