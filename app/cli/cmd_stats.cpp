// agui-inspect stats FILE : what a stream holds, in numbers.

#include "app/cli/command.h"
#include "app/cli/input.h"
#include "app/cli/timinginput.h"
#include "app/cli/timingtext.h"

#include "core/analysis/timing.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>

#include <array>
#include <cmath>

namespace agui::cli {

namespace {

const char kHelp[]
    = "usage: agui-inspect stats [--format text|json] [--stall S] [--burst-gap S]\n"
      "                          [--burst-events N] [--filter EXPR] FILE\n\n"
      "Counts in FILE ('-' = standard input): events in total and by type, runs (by status),\n"
      "messages and tool calls as the reference client would hold them, bytes (file and response\n"
      "body), duration (first to last event arrival), keep-alives, findings by severity.\n"
      "Timing, per HTTP exchange: time to first byte, first event and first text token (from the\n"
      "request, else from the first byte), inter-token gaps (p50/p95/max), the longest silence,\n"
      "stalls (no byte for more than --stall S seconds, default 5, while a message or tool call\n"
      "is open), keep-alive intervals, tool latency (START->END->RESULT), events/s and bytes/s,\n"
      "and buffering (at least --burst-events N events, default 8, arriving in one piece after\n"
      "a silence of --burst-gap S seconds, default 1). Captures keep receive times; for files\n"
      "without them the events' own timestamps are used (the sender's clock: no network figures)\n"
      "and the output says so.\n"
      "--filter EXPR counts only the events that match EXPR (the GUI's filter language,\n"
      "docs/filter.md, e.g. 'run:2' or 'family:tool'): events, by type, duration and the\n"
      "findings about them; runs, messages, tool calls, bytes and timing stay the whole file's.\n";

struct Stats
{
    qint64 events = 0;
    QStringList typeOrder; // first appearance
    QMap<QString, qint64> byType;
    QMap<QString, qint64> runsByStatus;
    qint64 firstUs = -1;
    qint64 lastUs = -1;
    // Without arrival times (raw bodies) the events' own "timestamp" fields (ms) give the span.
    double firstStampMs = -1;
    double lastStampMs = -1;
    QMap<QString, qint64> findings;
    qint64 eventsTotal = 0; // with a filter: all events, matching or not
    QList<double> stampsBySeq; // with a filter: each event's "timestamp" (NaN when absent)
};

// The events' own timestamps span (without arrival times): the matching events' only.
void spanOfStamps(Stats &s, double ms)
{
    if (std::isnan(ms))
        return;
    s.firstStampMs = s.firstStampMs < 0 ? ms : std::min(s.firstStampMs, ms);
    s.lastStampMs = std::max(s.lastStampMs, ms);
}

Stats compute(const Input &input, const Stats &stamps, const EventFilter &filter)
{
    Stats s = stamps;
    const Session &session = *input.session;
    const EventStore &store = session.events();
    const bool all = filter.isEmpty();
    s.eventsTotal = store.size();
    // A known type's counter, found by name once: naming every event was a tenth of `stats` on
    // a long flood. Pointers into the map stay valid: it is detached before the first is taken,
    // and a QMap's nodes do not move on insertion.
    std::array<qint64 *, kEventTypeCount> counterOf {};
    for (qint64 seq = 0; seq < store.size(); ++seq) {
        if (!all && !filter.matches(store, seq))
            continue;
        s.events += 1;
        if (!all)
            spanOfStamps(s, s.stampsBySeq.value(seq, std::nan("")));
        const EventType type = store.type(seq);
        qint64 *&counter = counterOf[int(type)];
        if (!counter || type == EventType::Unknown) {
            const QString name
                = type == EventType::Unknown ? store.summary(seq).typeName : eventTypeName(type);
            if (!s.byType.contains(name))
                s.typeOrder.append(name);
            counter = &s.byType[name];
        }
        *counter += 1;
        const qint64 at = store.receivedAtUs(seq);
        if (at >= 0) {
            s.firstUs = s.firstUs < 0 ? at : std::min(s.firstUs, at);
            s.lastUs = std::max(s.lastUs, at);
        }
    }
    const SessionSnapshot &snapshot = session.current();
    for (qsizetype i = 0; i < snapshot.runCount(); ++i)
        s.runsByStatus[runStatusName(snapshot.run(i).status)] += 1;
    for (const QString &severity :
         {QStringLiteral("error"), QStringLiteral("warning"), QStringLiteral("info")})
        s.findings[severity] = 0;
    for (const Finding &f : session.findings()) {
        if (all || (f.eventIndex >= 0 && filter.matches(store, f.eventIndex)))
            s.findings[severityName(f.diagnostic.severity)] += 1;
    }
    for (const CaptureProblem &p : all ? input.capture.problems : QList<CaptureProblem>())
        s.findings[severityName(p.severity)] += 1;
    return s;
}

QJsonObject toJson(const Input &input, const Stats &s, const EventFilter &filter)
{
    const SessionSnapshot &snapshot = input.session->current();
    QJsonObject o;
    o.insert(QLatin1String("file"), input.name);
    o.insert(QLatin1String("format"), captureFormatName(input.capture.format));
    o.insert(QLatin1String("events"), double(s.events));
    if (!filter.isEmpty()) {
        o.insert(QLatin1String("filter"), filter.text());
        o.insert(QLatin1String("eventsTotal"), double(s.eventsTotal));
    }
    QJsonObject byType;
    for (auto it = s.byType.cbegin(); it != s.byType.cend(); ++it)
        byType.insert(it.key(), double(it.value()));
    o.insert(QLatin1String("eventsByType"), byType);
    o.insert(QLatin1String("runs"), double(snapshot.runCount()));
    QJsonObject byStatus;
    for (auto it = s.runsByStatus.cbegin(); it != s.runsByStatus.cend(); ++it)
        byStatus.insert(it.key(), double(it.value()));
    o.insert(QLatin1String("runsByStatus"), byStatus);
    o.insert(QLatin1String("httpExchanges"), double(input.capture.runs.size()));
    o.insert(QLatin1String("messages"), double(snapshot.messageCount()));
    o.insert(QLatin1String("toolCalls"), double(snapshot.toolCallCount()));
    QJsonObject bytes;
    bytes.insert(QLatin1String("file"), double(input.capture.bytesRead));
    bytes.insert(QLatin1String("body"), double(input.capture.bodyBytesRead));
    o.insert(QLatin1String("bytes"), bytes);
    const bool timed = s.firstUs >= 0;
    const bool stamped = !timed && s.firstStampMs >= 0;
    QJsonValue duration;
    QJsonValue durationFrom;
    if (timed) {
        duration = (s.lastUs - s.firstUs) / 1000.0;
        durationFrom = QStringLiteral("arrival");
    } else if (stamped) {
        duration = s.lastStampMs - s.firstStampMs;
        durationFrom = QStringLiteral("timestamps");
    }
    o.insert(QLatin1String("durationMs"), duration);
    o.insert(QLatin1String("durationFrom"), durationFrom);
    o.insert(QLatin1String("firstEventAtUs"), timed ? QJsonValue(double(s.firstUs)) : QJsonValue());
    o.insert(QLatin1String("lastEventAtUs"), timed ? QJsonValue(double(s.lastUs)) : QJsonValue());
    o.insert(QLatin1String("heartbeats"), double(input.heartbeats));
    QJsonObject findings;
    for (auto it = s.findings.cbegin(); it != s.findings.cend(); ++it)
        findings.insert(it.key(), double(it.value()));
    o.insert(QLatin1String("findings"), findings);
    return o;
}

void printText(const Input &input, const Stats &s, const EventFilter &filter)
{
    const SessionSnapshot &snapshot = input.session->current();
    const auto label = [](const char *text) { return QString::fromLatin1(text).leftJustified(13); };
    out() << label("file:") << input.name << " (" << captureFormatName(input.capture.format) << ", "
          << input.capture.runs.size() << " HTTP exchange"
          << (input.capture.runs.size() == 1 ? "" : "s") << ")\n";
    out() << label("events:") << s.events;
    if (!filter.isEmpty())
        out() << " of " << s.eventsTotal << " match " << filter.text();
    out() << '\n';
    out() << label("runs:") << snapshot.runCount();
    if (!s.runsByStatus.isEmpty()) {
        QStringList parts;
        for (auto it = s.runsByStatus.cbegin(); it != s.runsByStatus.cend(); ++it)
            parts.append(QStringLiteral("%1 %2").arg(it.value()).arg(it.key()));
        out() << " (" << parts.join(QStringLiteral(", ")) << ')';
    }
    out() << '\n';
    out() << label("messages:") << snapshot.messageCount() << '\n';
    out() << label("tool calls:") << snapshot.toolCallCount() << '\n';
    out() << label("bytes:") << input.capture.bytesRead << " in file, "
          << input.capture.bodyBytesRead << " of response body\n";
    out() << label("duration:");
    if (s.firstUs >= 0)
        out() << QString::number((s.lastUs - s.firstUs) / 1e6, 'f', 3) << " s\n";
    else if (s.firstStampMs >= 0)
        out() << QString::number((s.lastStampMs - s.firstStampMs) / 1e3, 'f', 3)
              << " s (from the events' timestamps; no arrival times)\n";
    else
        out() << "unknown (no arrival times, no timestamps)\n";
    out() << label("keep-alives:") << input.heartbeats << '\n';
    out() << label("findings:") << s.findings.value(QStringLiteral("error")) << " errors, "
          << s.findings.value(QStringLiteral("warning")) << " warnings, "
          << s.findings.value(QStringLiteral("info")) << " infos\n";
    out() << "by type:\n";
    for (const QString &type : s.typeOrder)
        out() << "  " << type.leftJustified(28) << ' ' << s.byType.value(type) << '\n';
}

int runStats(const QStringList &argv)
{
    const Args args = parseArgs(argv,
                                {QStringLiteral("--format"), QStringLiteral("--stall"),
                                 QStringLiteral("--burst-gap"), QStringLiteral("--burst-events"),
                                 QStringLiteral("--filter")},
                                {QStringLiteral("--help")});
    if (!args.error.isEmpty())
        return usageError(QStringLiteral("stats"), args.error);
    if (args.options.contains(QStringLiteral("--help"))) {
        out() << kHelp;
        return ExitOk;
    }
    const QString format = args.options.value(QStringLiteral("--format"), QStringLiteral("text"));
    if (format != QLatin1String("text") && format != QLatin1String("json"))
        return usageError(QStringLiteral("stats"),
                          QStringLiteral("--format must be text or json, not %1").arg(format));
    if (args.positional.size() != 1)
        return usageError(QStringLiteral("stats"), QStringLiteral("expects exactly one FILE"));
    analysis::TimingOptions timing;
    QString error;
    if (!parseTimingOptions(args, &timing, &error))
        return usageError(QStringLiteral("stats"), error);
    EventFilter filter;
    if (!parseFilterOption(args, &filter, &error))
        return usageError(QStringLiteral("stats"), error);
    Input input;
    Stats stamps;
    InputOptions options;
    // One pass: counts and the final model (the bytes kept when a filter searches text).
    options.session = SessionOptions {0, filter.needsEventText()};
    options.onFrame = [&stamps, &filter](const DecodedFrame &frame, const EventOrigin &) {
        const json::JsonView t = frame.event.value(EventKey::Timestamp); // the indexed member
        const double ms = t.isDouble() ? t.toDouble() : std::nan("");
        if (filter.isEmpty())
            spanOfStamps(stamps, ms);
        else
            stamps.stampsBySeq.append(ms); // which events count is known once all are read
    };
    TimingCollector collector;
    collector.attach(options);
    if (!openInput(args.positional.first(), &input, options))
        return ExitUnreadable;
    reportCaptureProblems(input);
    const Stats s = compute(input, stamps, filter);
    const analysis::TimingReport report = collector.compute(input, timing);
    if (format == QLatin1String("json")) {
        QJsonObject o = toJson(input, s, filter);
        o.insert(QLatin1String("timing"), analysis::timingToJson(report));
        out() << QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Indented));
    } else {
        printText(input, s, filter);
        printTiming(out(), report);
    }
    leaveInputToExit(input);
    return ExitOk;
}

const CommandRegistration reg {
    {QStringLiteral("stats"),
     QStringLiteral("count events by type, runs, messages, tool calls, bytes, duration"),
     &runStats}};

} // namespace

} // namespace agui::cli
