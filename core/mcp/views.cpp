#include "core/mcp/views.h"

#include "core/analysis/lintfindings.h"
#include "core/protocol/eventsummary.h"

namespace agui::mcp {

namespace {

QJsonValue orNull(qint64 v)
{
    return v >= 0 ? QJsonValue(double(v)) : QJsonValue();
}

} // namespace

qint64 readEventIndex(Arguments &args, const OpenCapture &c, const char *name, bool defaultsToLast)
{
    const qint64 last = c.events().size() - 1;
    return args.integer(name, defaultsToLast ? std::optional<qint64>(last) : std::nullopt, -1,
                        last);
}

int readRun(Arguments &args, const OpenCapture &c, const char *name)
{
    if (!args.has(name))
        return -1;
    const qint64 runs = c.session().current().runCount();
    if (runs == 0) {
        args.fail(name, QStringLiteral("cannot name a run: capture %1 has none").arg(c.name));
        return -1;
    }
    return int(args.integer(name, std::nullopt, 1, runs)) - 1;
}

SessionSnapshot snapshotAt(const OpenCapture &c, qint64 seq)
{
    const Session &s = c.session();
    return seq == s.size() - 1 ? s.current() : s.snapshotAt(seq);
}

QJsonValue runNumber(int runIndex)
{
    return runIndex >= 0 ? QJsonValue(runIndex + 1) : QJsonValue();
}

QJsonObject eventRow(const OpenCapture &c, qint64 seq)
{
    const EventStore &store = c.events();
    const EventSummary s = store.summary(seq);
    EventDecoder decoder;
    const EventView view = store.view(seq, decoder);
    const QString line
        = eventSummary(view.type, view.json, store.diagnostics(seq), store.payloadView(seq));
    const bool exact = fileOffsetsAreExact(c.capture().format);
    return {{QLatin1String("index"), double(seq)},
            {QLatin1String("type"), s.typeName},
            {QLatin1String("run"), runNumber(s.runIndex)},
            {QLatin1String("id"), s.primaryId},
            {QLatin1String("summary"), line},
            {QLatin1String("receivedAtUs"), orNull(s.receivedAtUs)},
            {QLatin1String("streamOffset"), orNull(s.streamOffset)},
            {QLatin1String("byteOffset"),
             orNull(c.data().origins.fileOffset(seq, s.streamOffset, -1, exact))},
            {QLatin1String("findings"), s.diagnosticCount},
            {QLatin1String("worstSeverity"),
             s.worstSeverity ? QJsonValue(severityName(*s.worstSeverity)) : QJsonValue()}};
}

QJsonObject severityCounts(const Findings &findings,
                           const std::function<bool(const Finding &)> &keep)
{
    qint64 counts[3] = {0, 0, 0};
    for (const Finding &f : findings) {
        if (!keep || keep(f))
            counts[int(f.diagnostic.severity)] += 1;
    }
    return {{QLatin1String("error"), double(counts[int(Severity::Error)])},
            {QLatin1String("warning"), double(counts[int(Severity::Warning)])},
            {QLatin1String("info"), double(counts[int(Severity::Info)])}};
}

QJsonObject runSummary(const OpenCapture &c, int runIndex)
{
    const SessionSnapshot &model = c.session().current();
    const Run &r = model.run(runIndex);
    qint64 messages = 0;
    for (qsizetype i = 0; i < model.messageCount(); ++i)
        messages += model.message(i).runIndex == runIndex ? 1 : 0;
    qint64 toolCalls = 0;
    for (qsizetype i = 0; i < model.toolCallCount(); ++i)
        toolCalls += model.toolCall(i).runIndex == runIndex ? 1 : 0;
    const EventStore &store = c.events();
    const QJsonObject findings = severityCounts(c.session().findings(), [&](const Finding &f) {
        return f.eventIndex >= 0 && f.eventIndex < store.size()
            && store.runIndex(f.eventIndex) == runIndex;
    });
    const bool timed = r.startedAtUs >= 0 && r.endedAtUs >= 0;
    QJsonObject error;
    if (r.status == RunStatus::Errored)
        error = {{QLatin1String("message"), r.rare().errorMessage},
                 {QLatin1String("code"), r.rare().errorCode}};
    return {{QLatin1String("run"), runIndex + 1},
            {QLatin1String("runId"), r.runId},
            {QLatin1String("threadId"), r.threadId},
            {QLatin1String("status"), runStatusName(r.status)},
            {QLatin1String("outcome"), r.outcomeType.isEmpty() ? QJsonValue() : r.outcomeType},
            {QLatin1String("error"), error.isEmpty() ? QJsonValue() : QJsonValue(error)},
            {QLatin1String("firstEvent"), orNull(r.firstSeq)},
            {QLatin1String("lastEvent"), orNull(r.lastSeq)},
            {QLatin1String("endEvent"), orNull(r.endSeq)},
            {QLatin1String("startedAtUs"), orNull(r.startedAtUs)},
            {QLatin1String("endedAtUs"), orNull(r.endedAtUs)},
            {QLatin1String("durationMs"),
             timed ? QJsonValue((r.endedAtUs - r.startedAtUs) / 1000.0) : QJsonValue()},
            {QLatin1String("events"), double(r.eventCount)},
            {QLatin1String("messages"), double(messages)},
            {QLatin1String("toolCalls"), double(toolCalls)},
            {QLatin1String("findings"), findings}};
}

QJsonArray eventFindings(const OpenCapture &c, qint64 seq)
{
    QJsonArray out;
    const EventFilter all;
    for (const analysis::FileFinding &f :
         analysis::placedFindings(c.capture(), c.session(), c.data().origins, all)) {
        if (f.eventIndex == seq)
            out.append(analysis::findingToJson(c.path, f));
    }
    return out;
}

QJsonObject captureSummary(const OpenCapture &c)
{
    return {{QLatin1String("name"), c.name},
            {QLatin1String("path"), c.path},
            {QLatin1String("format"), captureFormatName(c.capture().format)},
            {QLatin1String("events"), double(c.events().size())},
            {QLatin1String("runs"), double(c.session().current().runCount())},
            {QLatin1String("findings"), severityCounts(c.session().findings())}};
}

} // namespace agui::mcp
