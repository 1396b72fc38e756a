// open_capture, list_captures, list_runs, timing, diff: the tools about whole captures.

#include "core/mcp/paging.h"
#include "core/mcp/schema.h"
#include "core/mcp/tool.h"
#include "core/mcp/views.h"

#include "core/analysis/sessiondiff.h"

namespace agui::mcp {

namespace {

using namespace schema;

QJsonObject captureOutput()
{
    return object({{"name", string(QStringLiteral("The name tools and resources use."))},
                   {"path", string(QStringLiteral("The file."))},
                   {"format", string(QStringLiteral("Capture format, detected from content."))},
                   {"events", integer(QStringLiteral("Events in the capture."), 0)},
                   {"runs", integer(QStringLiteral("Runs (RUN_STARTED ... end)."), 0)},
                   {"findings", object({})}},
                  {QStringLiteral("name"), QStringLiteral("events"), QStringLiteral("runs")});
}

Tool openCapture()
{
    Tool t;
    t.name = QStringLiteral("open_capture");
    t.title = QStringLiteral("Open a capture");
    t.description = QStringLiteral(
        "Opens a capture file on this machine (read-only; any format the inspector reads: "
        ".aguicap, DevTools .agui.jsonl, HAR, raw SSE, JSON lines, protobuf) and returns its "
        "name for the other tools. Opening the same file again returns the same name.");
    t.inputSchema = input({{"path", string(QStringLiteral("Path of the capture file."))},
                           {"name",
                            string(QStringLiteral("Name to give it (default: the file's "
                                                  "base name)."))}},
                          {QStringLiteral("path")});
    t.outputSchema = captureOutput();
    t.run = [](CaptureSet &captures, Arguments &args) {
        const QString path = args.string("path", true);
        const QString wanted = args.string("name");
        if (!args.ok())
            return ToolResult::invalid(args.error());
        QString name;
        QString error;
        if (!captures.open(path, wanted, &name, &error))
            return ToolResult::failed(QStringLiteral("cannot open the capture: %1").arg(error));
        return ToolResult::ok(captureSummary(*captures.find(name)));
    };
    return t;
}

Tool listCaptures()
{
    Tool t;
    t.name = QStringLiteral("list_captures");
    t.title = QStringLiteral("List open captures");
    t.description = QStringLiteral("The captures this server has open, with their event, run and "
                                   "finding counts.");
    t.inputSchema = input({});
    t.outputSchema
        = object({{"captures", array(QStringLiteral("Open captures."), captureOutput())}},
                 {QStringLiteral("captures")});
    t.run = [](CaptureSet &captures, Arguments &args) {
        if (!args.ok())
            return ToolResult::invalid(args.error());
        QJsonArray list;
        for (const auto &c : captures.all())
            list.append(captureSummary(*c));
        return ToolResult::ok({{QLatin1String("captures"), list}});
    };
    return t;
}

Tool listRuns()
{
    Tool t;
    t.name = QStringLiteral("list_runs");
    t.title = QStringLiteral("List runs");
    t.description = QStringLiteral(
        "The runs of a capture (numbered from 1, as the inspector's event list shows them): "
        "status (running, finished, errored, truncated), outcome, the RUN_ERROR message, the "
        "events each spans (event indexes), timing, and counts of events, messages, tool calls "
        "and findings by severity. Paged.");
    t.inputSchema = input({capture(), cursor(), limit(kDefaultFindings, kMaxFindings)});
    t.outputSchema
        = object({{"capture", string(QStringLiteral("Capture name."))},
                  {"runs", array(QStringLiteral("One object per run."), object({}))},
                  {"total", integer(QStringLiteral("Runs in the capture."), 0)},
                  {"nextCursor", string(QStringLiteral("Present when there is more."))}},
                 {QStringLiteral("capture"), QStringLiteral("runs"), QStringLiteral("total")});
    t.run = [](CaptureSet &captures, Arguments &args) {
        const OpenCapture *c = captures.resolve(args);
        const Page page = readPage(args, args.query(), kDefaultFindings, kMaxFindings);
        if (!args.ok())
            return ToolResult::invalid(args.error());
        const qint64 total = c->session().current().runCount();
        QJsonArray runs;
        const qint64 end = std::min(total, page.start + page.limit);
        for (qint64 i = page.start; i < end; ++i)
            runs.append(runSummary(*c, int(i)));
        QJsonObject out {{QLatin1String("capture"), c->name},
                         {QLatin1String("runs"), runs},
                         {QLatin1String("total"), double(total)}};
        addNextCursor(out, args.query(), end < total ? end : -1);
        return ToolResult::ok(out);
    };
    return t;
}

Tool timing()
{
    Tool t;
    t.name = QStringLiteral("timing");
    t.title = QStringLiteral("Timing and stream health");
    t.description = QStringLiteral(
        "The timing figures of `agui-inspect stats`, per HTTP exchange: time to first byte, "
        "first event and first text token, inter-token gaps (p50/p95/max), the longest silence, "
        "stalls, keep-alive intervals, tool latency, rates and buffering (ms; null where "
        "unknown; stalls, bursts and tools name event indexes).");
    t.inputSchema = input({capture(),
                           {"stallSeconds",
                            integer(QStringLiteral("A silence longer than this while a message or "
                                                   "tool call is open is a stall (default 5)."),
                                    1, 3600)},
                           {"burstEvents",
                            integer(QStringLiteral("Buffering: at least this many events arriving "
                                                   "in one piece (default 8)."),
                                    2, 1000000)}});
    t.outputSchema
        = object({{"capture", string(QStringLiteral("Capture name."))},
                  {"timing", object({{"exchanges", array(QStringLiteral("Per exchange."))}})}},
                 {QStringLiteral("capture"), QStringLiteral("timing")});
    t.run = [](CaptureSet &captures, Arguments &args) {
        const OpenCapture *c = captures.resolve(args);
        analysis::TimingOptions options;
        options.stallUs = args.integer("stallSeconds", 5, 1, 3600) * 1'000'000;
        options.burstEvents = int(args.integer("burstEvents", 8, 2, 1000000));
        if (!args.ok())
            return ToolResult::invalid(args.error());
        return ToolResult::ok(
            {{QLatin1String("capture"), c->name},
             {QLatin1String("timing"), analysis::timingToJson(c->data().timing(options))}});
    };
    return t;
}

Tool diff()
{
    Tool t;
    t.name = QStringLiteral("diff");
    t.title = QStringLiteral("Compare two runs or captures");
    t.description = QStringLiteral(
        "The session diff of `agui-inspect diff --format json`: events aligned by type and ids, "
        "then messages, tool calls, state, A2UI surfaces and timing compared; each difference "
        "names the event on each side (seqA, seqB). Compare two captures, or two runs (runA, "
        "runB, numbered from 1) of one or two captures. The differences are paged.");
    t.inputSchema = input(
        {{"a",
          string(QStringLiteral("Capture name of side A (may be left out when one capture "
                                "is open)."))},
         {"b", string(QStringLiteral("Capture name of side B (default: the same as a)."))},
         {"runA", integer(QStringLiteral("Only this run of A (from 1)."), 1)},
         {"runB", integer(QStringLiteral("Only this run of B (from 1)."), 1)},
         {"ignoreIds", boolean(QStringLiteral("Compare ids by order of appearance."))},
         {"ignoreTimestamps", boolean(QStringLiteral("Ignore the events' timestamp members."))},
         {"ignoreText", boolean(QStringLiteral("Ignore message text."))},
         {"ignoreTiming", boolean(QStringLiteral("Do not compare timing."))},
         cursor(),
         limit(kDefaultFindings, kMaxFindings)});
    t.outputSchema = object({{"same", boolean(QStringLiteral("No difference."))},
                             {"differences", array(QStringLiteral("This page of differences."))},
                             {"total", integer(QStringLiteral("Differences in all."), 0)}},
                            {QStringLiteral("same"), QStringLiteral("differences")});
    t.run = [](CaptureSet &captures, Arguments &args) {
        const OpenCapture *a = captures.resolve(args, "a");
        const OpenCapture *b = args.has("b") ? captures.resolve(args, "b") : a;
        if (!args.ok())
            return ToolResult::invalid(args.error());
        analysis::DiffSide sideA {&a->session(), readRun(args, *a, "runA"), {}, a->path};
        analysis::DiffSide sideB {&b->session(), readRun(args, *b, "runB"), {}, b->path};
        analysis::DiffOptions options;
        options.ignoreIds = args.boolean("ignoreIds", false);
        options.ignoreTimestamps = args.boolean("ignoreTimestamps", false);
        options.ignoreText = args.boolean("ignoreText", false);
        options.ignoreTiming = args.boolean("ignoreTiming", false);
        const Page page = readPage(args, args.query(), kDefaultFindings, kMaxFindings);
        if (!args.ok())
            return ToolResult::invalid(args.error());
        for (auto [side, run] :
             {std::pair {&sideA, sideA.runIndex}, std::pair {&sideB, sideB.runIndex}})
            side->name += run >= 0 ? QStringLiteral(" run %1").arg(run + 1) : QString();
        // As the CLI: timing is compared exchange by exchange, for whole captures only.
        if (!options.ignoreTiming && sideA.runIndex < 0 && sideB.runIndex < 0) {
            sideA.timing = a->data().timing();
            sideB.timing = b->data().timing();
        }
        const analysis::SessionDiff d = analysis::diffSessions(sideA, sideB, options);
        QJsonObject out = analysis::diffToJson(d, sideA, sideB, options);
        const QJsonArray all = out.value(QLatin1String("differences")).toArray();
        qint64 next = -1;
        out.insert(QLatin1String("differences"), pageOf(all, page, &next));
        out.insert(QLatin1String("total"), double(all.size()));
        addNextCursor(out, args.query(), next);
        return ToolResult::ok(out);
    };
    return t;
}

} // namespace

QList<Tool> captureTools()
{
    return {openCapture(), listCaptures(), listRuns(), timing(), diff()};
}

} // namespace agui::mcp
