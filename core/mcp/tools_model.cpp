// state_at, state_patch, messages_at, tool_calls, surfaces_at: the session model as of an event,
// the way @ag-ui/client would hold it after the same events (the values of `agui-inspect state
// --at N` and `messages --at N`).

#include "core/mcp/paging.h"
#include "core/mcp/schema.h"
#include "core/mcp/tool.h"
#include "core/mcp/views.h"
#include "core/session/toolargs.h"

#include "core/analysis/lintfindings.h"
#include "core/analysis/sessionsurfaces.h"
#include "core/json/jsondiff.h"

namespace agui::mcp {

namespace {

using namespace schema;

Property atEvent()
{
    return eventIndex("index",
                      QStringLiteral("As of this event (0-based, as the inspector shows; -1: "
                                     "before any event)."),
                      true);
}

QJsonObject atOutput(const char *key, const QJsonObject &valueSchema)
{
    return object({{"capture", string(QStringLiteral("Capture name."))},
                   {"index", integer(QStringLiteral("The event it is as of."), -1)},
                   {key, valueSchema}},
                  {QStringLiteral("capture"), QStringLiteral("index"), QLatin1String(key)});
}

Tool stateAt()
{
    Tool t;
    t.name = QStringLiteral("state_at");
    t.title = QStringLiteral("State as of an event");
    t.description = QStringLiteral(
        "The agent state as of an event: what @ag-ui/client's agent.state holds after the same "
        "events (the value of `agui-inspect state --at N`).");
    t.inputSchema = input({capture(), atEvent()});
    t.outputSchema = atOutput("state", anyValue(QStringLiteral("The state document.")));
    t.run = [](CaptureSet &captures, Arguments &args) {
        const OpenCapture *c = captures.resolve(args);
        const qint64 seq = c ? readEventIndex(args, *c, "index", true) : -1;
        if (!args.ok())
            return ToolResult::invalid(args.error());
        return ToolResult::ok({{QLatin1String("capture"), c->name},
                               {QLatin1String("index"), double(seq)},
                               {QLatin1String("state"), snapshotAt(*c, seq).state()}});
    };
    return t;
}

Tool messagesAt()
{
    Tool t;
    t.name = QStringLiteral("messages_at");
    t.title = QStringLiteral("Messages as of an event");
    t.description = QStringLiteral(
        "The messages as of an event in AG-UI's Message shape: what @ag-ui/client's "
        "agent.messages holds after the same events (the array `agui-inspect messages --at N` "
        "prints, paged: the pages in order make it whole).");
    t.inputSchema = input({capture(), atEvent(), cursor(), limit(kDefaultFindings, kMaxFindings)});
    t.outputSchema
        = atOutput("messages", array(QStringLiteral("This page of AG-UI Message objects.")));
    t.run = [](CaptureSet &captures, Arguments &args) {
        const OpenCapture *c = captures.resolve(args);
        const qint64 seq = c ? readEventIndex(args, *c, "index", true) : -1;
        const Page page = readPage(args, args.query(), kDefaultFindings, kMaxFindings);
        if (!args.ok())
            return ToolResult::invalid(args.error());
        const QJsonArray all = messagesAsAgUi(snapshotAt(*c, seq));
        QJsonObject out = pagedList(c->name, "messages", all, page, args.query());
        out.insert(QLatin1String("index"), double(seq));
        return ToolResult::ok(out);
    };
    return t;
}

Tool statePatch()
{
    Tool t;
    t.name = QStringLiteral("state_patch");
    t.title = QStringLiteral("State change between two events");
    t.description = QStringLiteral(
        "The JSON Patch (RFC 6902) that turns the state as of event `from` into the state as of "
        "event `to`: what changed in between, however many STATE_SNAPSHOT / STATE_DELTA events "
        "did it.");
    t.inputSchema
        = input({capture(),
                 eventIndex("from", QStringLiteral("The earlier event (-1: before any)."), false),
                 eventIndex("to", QStringLiteral("The later event."), true)},
                {QStringLiteral("from")});
    t.outputSchema
        = object({{"from", integer(QStringLiteral("Event index."), -1)},
                  {"to", integer(QStringLiteral("Event index."), -1)},
                  {"patch", array(QStringLiteral("RFC 6902 operations."))}},
                 {QStringLiteral("from"), QStringLiteral("to"), QStringLiteral("patch")});
    t.run = [](CaptureSet &captures, Arguments &args) {
        const OpenCapture *c = captures.resolve(args);
        const qint64 from = c ? readEventIndex(args, *c, "from", false) : -1;
        const qint64 to = c ? readEventIndex(args, *c, "to", true) : -1;
        if (!args.ok())
            return ToolResult::invalid(args.error());
        const QJsonValue a = snapshotAt(*c, from).state();
        const QJsonValue b = snapshotAt(*c, to).state();
        return ToolResult::ok({{QLatin1String("capture"), c->name},
                               {QLatin1String("from"), double(from)},
                               {QLatin1String("to"), double(to)},
                               {QLatin1String("patch"), json::diff(a, b)}});
    };
    return t;
}

QJsonValue msBetween(qint64 fromUs, qint64 toUs)
{
    return fromUs >= 0 && toUs >= 0 ? QJsonValue((toUs - fromUs) / 1000.0) : QJsonValue();
}

QJsonValue eventOrNull(qint64 seq)
{
    return seq >= 0 ? QJsonValue(double(seq)) : QJsonValue();
}

QJsonObject toolCallJson(const ToolCall &call)
{
    return {
        {QLatin1String("id"), call.id},
        {QLatin1String("name"), call.name},
        {QLatin1String("run"), runNumber(call.runIndex)},
        {QLatin1String("status"), toolCallStatusName(call.status)},
        {QLatin1String("args"), call.args},
        {QLatin1String("parsedArgs"), parsedToolArgs(call).value_or(QJsonValue())},
        {QLatin1String("argsError"),
         call.rare().argsError.isEmpty() ? QJsonValue() : call.rare().argsError},
        {QLatin1String("result"), call.result()},
        {QLatin1String("startEvent"), eventOrNull(call.startSeq)},
        {QLatin1String("endEvent"), eventOrNull(call.endSeq)},
        {QLatin1String("resultEvent"), eventOrNull(call.resultSeq)},
        {QLatin1String("latency"),
         QJsonObject {{QLatin1String("argsMs"), msBetween(call.startedAtUs, call.endedAtUs)},
                      {QLatin1String("resultMs"), msBetween(call.endedAtUs, call.answeredAtUs)},
                      {QLatin1String("totalMs"), msBetween(call.startedAtUs, call.answeredAtUs)}}}};
}

Tool toolCalls()
{
    Tool t;
    t.name = QStringLiteral("tool_calls");
    t.title = QStringLiteral("Tool calls");
    t.description = QStringLiteral(
        "The tool calls as of an event: name, arguments as streamed and parsed (or why they do "
        "not parse), result, status, the events that started, ended and answered each, and "
        "latency (start->end, end->result, total; ms). Paged.");
    t.inputSchema = input({capture(),
                           atEvent(),
                           {"run", integer(QStringLiteral("Only calls of this run (from 1)."), 1)},
                           cursor(),
                           limit(kDefaultFindings, kMaxFindings)});
    t.outputSchema = object({{"toolCalls",
                              array(QStringLiteral("This page of tool calls."),
                                    object({{"id", string(QStringLiteral("Id."))}}))},
                             {"total", integer(QStringLiteral("Calls that match."), 0)}},
                            {QStringLiteral("toolCalls"), QStringLiteral("total")});
    t.run = [](CaptureSet &captures, Arguments &args) {
        const OpenCapture *c = captures.resolve(args);
        const qint64 seq = c ? readEventIndex(args, *c, "index", true) : -1;
        const int run = c ? readRun(args, *c) : -1;
        const Page page = readPage(args, args.query(), kDefaultFindings, kMaxFindings);
        if (!args.ok())
            return ToolResult::invalid(args.error());
        const SessionSnapshot snapshot = snapshotAt(*c, seq);
        QJsonArray all;
        for (qsizetype i = 0; i < snapshot.toolCallCount(); ++i) {
            if (run < 0 || snapshot.toolCall(i).runIndex == run)
                all.append(toolCallJson(snapshot.toolCall(i)));
        }
        QJsonObject out = pagedList(c->name, "toolCalls", all, page, args.query());
        out.insert(QLatin1String("index"), double(seq));
        return ToolResult::ok(out);
    };
    return t;
}

Tool surfacesAt()
{
    Tool t;
    t.name = QStringLiteral("surfaces_at");
    t.title = QStringLiteral("A2UI surfaces");
    t.description = QStringLiteral(
        "The A2UI surfaces the agent has built as of an event (from a2ui-surface activities and "
        "tool results carrying a2ui_operations): each surface's catalog, root, components (v0.9 "
        "shape) and data model, and the A2UI findings (a2ui.* rules) up to that event.");
    t.inputSchema = input({capture(), atEvent()});
    t.outputSchema
        = object({{"surfaces", array(QStringLiteral("Live surfaces in creation order."))},
                  {"findings", array(QStringLiteral("a2ui.* findings up to the event."))}},
                 {QStringLiteral("surfaces"), QStringLiteral("findings")});
    t.run = [](CaptureSet &captures, Arguments &args) {
        const OpenCapture *c = captures.resolve(args);
        const qint64 seq = c ? readEventIndex(args, *c, "index", true) : -1;
        if (!args.ok())
            return ToolResult::invalid(args.error());
        const a2ui::SurfaceSet set = analysis::surfacesOf(snapshotAt(*c, seq));
        QJsonArray surfaces;
        for (const QString &id : set.surfaceIds()) {
            QJsonObject s = analysis::surfaceToJson(*set.surface(id));
            s.insert(QLatin1String("surfaceId"), id);
            surfaces.append(s);
        }
        QJsonArray findings;
        for (const analysis::FileFinding &f :
             analysis::placedFindings(c->capture(), c->session(), c->data().origins)) {
            if (f.layer == QLatin1String("a2ui") && f.eventIndex >= 0 && f.eventIndex <= seq)
                findings.append(analysis::findingToJson(c->path, f));
        }
        return ToolResult::ok({{QLatin1String("capture"), c->name},
                               {QLatin1String("index"), double(seq)},
                               {QLatin1String("surfaces"), surfaces},
                               {QLatin1String("findings"), findings}});
    };
    return t;
}

} // namespace

QList<Tool> modelTools()
{
    return {stateAt(), statePatch(), messagesAt(), toolCalls(), surfacesAt()};
}

} // namespace agui::mcp
