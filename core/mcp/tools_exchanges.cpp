// list_exchanges: the HTTP exchanges a capture recorded, with every credential redacted.

#include "core/mcp/paging.h"
#include "core/mcp/schema.h"
#include "core/mcp/tool.h"

#include "core/capture/redaction.h"

namespace agui::mcp {

namespace {

using namespace schema;

// Headers as [{"name", "value"}], credentials replaced (core/capture/redaction.h) whatever the
// capture file holds: a hand-made or third-party capture may carry them.
QJsonArray headersJson(const HttpHeaders &headers)
{
    QJsonArray out;
    for (const auto &[name, value] : redactHeaders(headers))
        out.append(QJsonObject {{QLatin1String("name"), name}, {QLatin1String("value"), value}});
    return out;
}

QJsonObject exchangeJson(const RunRecording &run, qsizetype index)
{
    return {{QLatin1String("exchange"), double(index)},
            {QLatin1String("label"), run.label},
            {QLatin1String("method"), run.request.method},
            {QLatin1String("url"), redactUrl(run.request.url)},
            {QLatin1String("requestHeaders"), headersJson(run.request.headers)},
            {QLatin1String("requestBodyBytes"), double(run.request.body.size())},
            {QLatin1String("status"), run.response.status},
            {QLatin1String("responseHeaders"), headersJson(run.response.headers)},
            {QLatin1String("bodyBytes"), double(run.bodyBytes())},
            {QLatin1String("end"), runEndName(run.end)},
            {QLatin1String("endError"), run.endError}};
}

} // namespace

QList<Tool> exchangeTools()
{
    Tool t;
    t.name = QStringLiteral("list_exchanges");
    t.title = QStringLiteral("List HTTP exchanges");
    t.description = QStringLiteral(
        "The HTTP exchanges the capture recorded (numbered as the timing tool's exchanges): "
        "method, URL, request and response headers, status, body size and how the response "
        "ended. Credentials (Authorization, cookies, *-Key / *-Token headers, api_key-like "
        "query items) are always shown as <redacted>. Paged.");
    t.inputSchema = input({capture(), cursor(), limit(kDefaultFindings, kMaxFindings)});
    t.outputSchema = object({{"exchanges", array(QStringLiteral("This page of exchanges."))},
                             {"total", integer(QStringLiteral("Exchanges in the capture."), 0)}},
                            {QStringLiteral("exchanges"), QStringLiteral("total")});
    t.run = [](CaptureSet &captures, Arguments &args) {
        const OpenCapture *c = captures.resolve(args);
        const Page page = readPage(args, args.query(), kDefaultFindings, kMaxFindings);
        if (!args.ok())
            return ToolResult::invalid(args.error());
        const QList<RunRecording> &runs = c->capture().runs;
        QJsonArray all;
        for (qsizetype i = 0; i < runs.size(); ++i)
            all.append(exchangeJson(runs.at(i), i));
        return ToolResult::ok(pagedList(c->name, "exchanges", all, page, args.query()));
    };
    return {t};
}

} // namespace agui::mcp
