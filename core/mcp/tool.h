#pragma once

#include "core/mcp/arguments.h"
#include "core/mcp/captures.h"

#include <QJsonObject>

#include <functional>

namespace agui::mcp {

// What a tool handler returns: a structured result (sent as structuredContent and, compact, as a
// text block for clients that read text only), an execution failure the model should see
// (isError), or a protocol error (bad arguments: JSON-RPC invalid params).
struct ToolResult
{
    QJsonObject structured;
    QString failure; // non-empty: isError result with this text
    RpcError error;

    static ToolResult ok(QJsonObject structured) { return {std::move(structured), {}, {}}; }
    static ToolResult failed(QString message) { return {{}, std::move(message), {}}; }
    static ToolResult invalid(RpcError error) { return {{}, {}, std::move(error)}; }
};

// A tool as data: what tools/list shows and the one handler tools/call runs. The handler gets
// its arguments already checked against the input schema's property names.
struct Tool
{
    QString name;
    QString title;
    QString description;
    QJsonObject inputSchema;
    QJsonObject outputSchema;
    std::function<ToolResult(CaptureSet &captures, Arguments &args)> run;
};

// The tools, by subject (one file each).
QList<Tool> captureTools(); // open_capture, list_captures, list_runs, timing, diff
QList<Tool> eventTools(); // list_events, get_event
QList<Tool> lintTools(); // lint
QList<Tool> exchangeTools(); // list_exchanges
QList<Tool> modelTools(); // state_at, state_patch, messages_at, tool_calls, surfaces_at
QList<Tool> allTools();

} // namespace agui::mcp

namespace agui::mcp {

// Runs the tool `name` of `tools` with `arguments` (checked against its input schema's property
// names first). Unknown tool: invalid params, as MCP asks.
ToolResult callTool(const QList<Tool> &tools, CaptureSet &captures, const QString &name,
                    const QJsonObject &arguments);

} // namespace agui::mcp
