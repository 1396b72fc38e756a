// lint: every finding about a capture, as `agui-inspect lint --format json` gives them, filtered
// and paged.

#include "core/mcp/paging.h"
#include "core/mcp/schema.h"
#include "core/mcp/tool.h"
#include "core/mcp/views.h"

#include "core/analysis/lintfindings.h"

#include <QRegularExpression>

namespace agui::mcp {

namespace {

using namespace schema;

struct LintQuery
{
    Severity atLeast = Severity::Info;
    QRegularExpression rule; // empty pattern = any rule
    int runIndex = -1; // -1: any
    EventFilter events;
};

bool keep(const OpenCapture &c, const LintQuery &q, const analysis::FileFinding &f)
{
    if (f.severity < q.atLeast)
        return false;
    if (!q.rule.pattern().isEmpty() && !q.rule.match(f.ruleId).hasMatch())
        return false;
    if (q.runIndex < 0)
        return true;
    return f.eventIndex >= 0 && f.eventIndex < c.events().size()
        && c.events().runIndex(f.eventIndex) == q.runIndex;
}

QJsonObject findingOutput()
{
    return object(
        {{"ruleId", string(QStringLiteral("Rule id (docs/lint-rules.md)."))},
         {"severity", string(QStringLiteral("error, warning or info."))},
         {"eventIndex", nullable(integer(QStringLiteral("The event (null: none)."), 0))},
         {"message", string(QStringLiteral("What is wrong."))}},
        {QStringLiteral("ruleId"), QStringLiteral("severity"), QStringLiteral("message")});
}

} // namespace

QList<Tool> lintTools()
{
    Tool t;
    t.name = QStringLiteral("lint");
    t.title = QStringLiteral("Lint findings");
    t.description = QStringLiteral(
        "Every finding about a capture — the capture file's own problems, decode and schema "
        "errors, @ag-ui/client's verify rules with its exact messages, the extra lint rules, "
        "the session model's and the A2UI checks — exactly as `agui-inspect lint --format json` "
        "prints them (file, ruleId, severity, layer, eventIndex, byteOffset, path, message, "
        "docs). Filter by minimum severity, rule id (* wildcard), run (from 1) or an event "
        "filter; paged.");
    t.inputSchema = input(
        {capture(),
         {"severity",
          choice(QStringLiteral("Only findings at least this severe."),
                 {QStringLiteral("error"), QStringLiteral("warning"), QStringLiteral("info")})},
         {"rule",
          string(QStringLiteral("Rule id, * wildcard (verify.*, session.unknown-message)."))},
         {"run", integer(QStringLiteral("Only findings about events of this run (from 1)."), 1)},
         {"filter",
          string(QStringLiteral("Only findings about events matching this filter "
                                "(list_events' language)."))},
         cursor(),
         limit(kDefaultFindings, kMaxFindings)});
    t.outputSchema
        = object({{"capture", string(QStringLiteral("Capture name."))},
                  {"findings", array(QStringLiteral("This page of findings."), findingOutput())},
                  {"total", integer(QStringLiteral("Findings that pass the filters."), 0)},
                  {"counts", object({})},
                  {"nextCursor", string(QStringLiteral("Present when there is more."))}},
                 {QStringLiteral("capture"), QStringLiteral("findings"), QStringLiteral("total")});
    t.run = [](CaptureSet &captures, Arguments &args) {
        const OpenCapture *c = captures.resolve(args);
        if (!args.ok())
            return ToolResult::invalid(args.error());
        LintQuery q;
        const QString severity = args.choice(
            "severity",
            {QStringLiteral("error"), QStringLiteral("warning"), QStringLiteral("info")},
            QStringLiteral("info"));
        q.atLeast = severity == QLatin1String("error") ? Severity::Error
            : severity == QLatin1String("warning")     ? Severity::Warning
                                                       : Severity::Info;
        const QString rule = args.string("rule");
        if (!rule.isEmpty()) // anchored: "verify.*" is every verify rule, "T2" is none
            q.rule = QRegularExpression(QRegularExpression::wildcardToRegularExpression(rule));
        q.runIndex = readRun(args, *c);
        q.events = EventFilter::parse(args.string("filter"));
        if (args.ok() && !q.events.isValid())
            args.fail("filter",
                      QStringLiteral("is not a valid filter: %1").arg(q.events.errorMessage()));
        const Page page = readPage(args, args.query(), kDefaultFindings, kMaxFindings);
        if (!args.ok())
            return ToolResult::invalid(args.error());
        QJsonArray all;
        qint64 counts[3] = {0, 0, 0};
        for (const analysis::FileFinding &f :
             analysis::placedFindings(c->capture(), c->session(), c->data().origins, q.events)) {
            if (!keep(*c, q, f))
                continue;
            counts[int(f.severity)] += 1;
            all.append(analysis::findingToJson(c->path, f));
        }
        QJsonObject out = pagedList(c->name, "findings", all, page, args.query());
        out.insert(QLatin1String("counts"),
                   QJsonObject {{QLatin1String("error"), double(counts[2])},
                                {QLatin1String("warning"), double(counts[1])},
                                {QLatin1String("info"), double(counts[0])}});
        return ToolResult::ok(out);
    };
    return {t};
}

} // namespace agui::mcp
