#include "core/mcp/tool.h"

#include "core/mcp/schema.h"

namespace agui::mcp {

QList<Tool> allTools()
{
    return captureTools() + exchangeTools() + eventTools() + lintTools() + modelTools();
}

ToolResult callTool(const QList<Tool> &tools, CaptureSet &captures, const QString &name,
                    const QJsonObject &arguments)
{
    for (const Tool &tool : tools) {
        if (tool.name != name)
            continue;
        Arguments args(arguments, QStringLiteral("tool %1").arg(name));
        args.rejectUnknown(schema::propertyNames(tool.inputSchema));
        if (!args.ok())
            return ToolResult::invalid(args.error());
        return tool.run(captures, args);
    }
    QStringList names;
    for (const Tool &tool : tools)
        names << tool.name;
    return ToolResult::invalid({InvalidParams,
                                QStringLiteral("unknown tool \"%1\" (tools: %2)")
                                    .arg(name, names.join(QStringLiteral(", "))),
                                QJsonValue(QJsonValue::Undefined)});
}

} // namespace agui::mcp
