#include "core/mcp/server.h"

#include "core/mcp/paging.h"
#include "core/mcp/prompts.h"
#include "core/mcp/resources.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace agui::mcp {

namespace {

QJsonObject errorResponse(const QJsonValue &id, const RpcError &error)
{
    QJsonObject e {{QLatin1String("code"), error.code}, {QLatin1String("message"), error.message}};
    if (!error.data.isUndefined())
        e.insert(QLatin1String("data"), error.data);
    return {{QLatin1String("jsonrpc"), QLatin1String("2.0")},
            {QLatin1String("id"), id.isUndefined() ? QJsonValue() : id},
            {QLatin1String("error"), e}};
}

const char kInstructions[]
    = "Reads AG-UI agent event captures (the AG-UI Inspector's core, read-only). Event indexes "
      "are 0-based and the same the inspector's event list and `agui-inspect` show; runs count "
      "from 1. Start with list_runs or lint; list_events takes the inspector's filter language "
      "(type:TOOL_* run:2 has:error). Lists are paged: pass nextCursor back as cursor.";

} // namespace

Server::Server(QString version)
    : m_version(std::move(version))
    , m_protocolVersion(protocolVersions().first())
    , m_tools(allTools())
{ }

QStringList Server::protocolVersions()
{
    return {QStringLiteral("2025-11-25"), QStringLiteral("2025-06-18"),
            QStringLiteral("2025-03-26"), QStringLiteral("2024-11-05")};
}

QByteArray Server::handle(const QByteArray &message)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(message, &parseError);
    QJsonObject response;
    bool respond = true;
    if (parseError.error != QJsonParseError::NoError) {
        response = errorResponse(QJsonValue(),
                                 {ParseError,
                                  QStringLiteral("not JSON: %1 at byte %2")
                                      .arg(parseError.errorString())
                                      .arg(parseError.offset),
                                  QJsonValue(QJsonValue::Undefined)});
    } else if (!doc.isObject()) {
        response = errorResponse(QJsonValue(),
                                 {InvalidRequest,
                                  QStringLiteral("a message must be one JSON object "
                                                 "(batches are not supported)"),
                                  QJsonValue(QJsonValue::Undefined)});
    } else {
        response = handle(doc.object(), &respond);
    }
    return respond ? QJsonDocument(response).toJson(QJsonDocument::Compact) : QByteArray();
}

QJsonObject Server::handle(const QJsonObject &message, bool *respond)
{
    const QJsonValue id = message.value(QLatin1String("id"));
    const QJsonValue method = message.value(QLatin1String("method"));
    *respond = true;
    if (method.isUndefined() && !id.isUndefined()
        && (message.contains(QLatin1String("result"))
            || message.contains(QLatin1String("error")))) {
        *respond = false; // a response to a request of ours: we send none
        return {};
    }
    const bool validId = id.isUndefined() || id.isString() || id.isDouble();
    if (message.value(QLatin1String("jsonrpc")).toString() != QLatin1String("2.0")
        || !method.isString() || !validId)
        return errorResponse(validId ? id : QJsonValue(),
                             {InvalidRequest,
                              QStringLiteral("not a JSON-RPC 2.0 request: it needs \"jsonrpc\": "
                                             "\"2.0\", a string \"method\" and a string or "
                                             "number \"id\""),
                              QJsonValue(QJsonValue::Undefined)});
    const QJsonValue params = message.value(QLatin1String("params"));
    if (!params.isUndefined() && !params.isObject()) {
        *respond = !id.isUndefined();
        return errorResponse(id,
                             {InvalidParams, QStringLiteral("\"params\" must be an object"),
                              QJsonValue(QJsonValue::Undefined)});
    }
    if (id.isUndefined()) {
        *respond = false; // notifications (initialized, cancelled, ...) need no answer
        return {};
    }
    RpcError error;
    const QJsonObject result = dispatch(method.toString(), params.toObject(), &error);
    if (error.isSet())
        return errorResponse(id, error);
    return {{QLatin1String("jsonrpc"), QLatin1String("2.0")},
            {QLatin1String("id"), id},
            {QLatin1String("result"), result}};
}

QJsonObject Server::dispatch(const QString &method, const QJsonObject &params, RpcError *error)
{
    if (method == QLatin1String("initialize"))
        return initialize(params);
    if (method == QLatin1String("ping"))
        return {};
    if (method == QLatin1String("tools/list"))
        return listTools(params, error);
    if (method == QLatin1String("tools/call"))
        return callTool(params, error);
    if (method == QLatin1String("resources/list"))
        return listResources(m_captures, params, error);
    if (method == QLatin1String("resources/templates/list"))
        return listResourceTemplates();
    if (method == QLatin1String("resources/read"))
        return readResource(m_tools, m_captures, params, error);
    if (method == QLatin1String("prompts/list"))
        return listPrompts();
    if (method == QLatin1String("prompts/get"))
        return getPrompt(m_tools, m_captures, params, error);
    *error = {MethodNotFound, QStringLiteral("method not found: %1").arg(method),
              QJsonValue(QJsonValue::Undefined)};
    return {};
}

QJsonObject Server::initialize(const QJsonObject &params)
{
    // The client's revision when we speak it, else our newest (the client decides whether it
    // can go on with that).
    const QString asked = params.value(QLatin1String("protocolVersion")).toString();
    m_protocolVersion = protocolVersions().contains(asked) ? asked : protocolVersions().first();
    const QJsonObject noChanges {{QLatin1String("listChanged"), false}};
    QJsonObject resources = noChanges;
    resources.insert(QLatin1String("subscribe"), false);
    return {{QLatin1String("protocolVersion"), m_protocolVersion},
            {QLatin1String("capabilities"),
             QJsonObject {{QLatin1String("tools"), noChanges},
                          {QLatin1String("resources"), resources},
                          {QLatin1String("prompts"), noChanges}}},
            {QLatin1String("serverInfo"),
             QJsonObject {{QLatin1String("name"), QLatin1String("agui-inspect")},
                          {QLatin1String("title"), QLatin1String("AG-UI Inspector")},
                          {QLatin1String("version"), m_version}}},
            {QLatin1String("instructions"), QLatin1String(kInstructions)}};
}

QJsonObject Server::listTools(const QJsonObject &params, RpcError *error) const
{
    Arguments args(params, QStringLiteral("tools/list"));
    const Page page = readPage(args, QStringLiteral("tools"), m_tools.size(), m_tools.size());
    if (!args.ok()) {
        *error = args.error();
        return {};
    }
    QJsonArray tools;
    for (qsizetype i = page.start; i < m_tools.size(); ++i) {
        const Tool &t = m_tools.at(i);
        tools.append(QJsonObject {{QLatin1String("name"), t.name},
                                  {QLatin1String("title"), t.title},
                                  {QLatin1String("description"), t.description},
                                  {QLatin1String("inputSchema"), t.inputSchema},
                                  {QLatin1String("outputSchema"), t.outputSchema},
                                  {QLatin1String("annotations"),
                                   QJsonObject {{QLatin1String("readOnlyHint"), true},
                                                {QLatin1String("openWorldHint"), false}}}});
    }
    return {{QLatin1String("tools"), tools}};
}

QJsonObject Server::callTool(const QJsonObject &params, RpcError *error)
{
    const QJsonValue name = params.value(QLatin1String("name"));
    const QJsonValue arguments = params.value(QLatin1String("arguments"));
    if (!name.isString() || !(arguments.isUndefined() || arguments.isObject())) {
        *error = {InvalidParams,
                  QStringLiteral("tools/call needs a string \"name\" and an object \"arguments\""),
                  QJsonValue(QJsonValue::Undefined)};
        return {};
    }
    const ToolResult r = mcp::callTool(m_tools, m_captures, name.toString(), arguments.toObject());
    if (r.error.isSet()) {
        *error = r.error;
        return {};
    }
    if (!r.failure.isEmpty())
        return {{QLatin1String("content"),
                 QJsonArray {QJsonObject {{QLatin1String("type"), QLatin1String("text")},
                                          {QLatin1String("text"), r.failure}}}},
                {QLatin1String("isError"), true}};
    // The same data as text for clients that read only content (the spec's advice).
    const QString text
        = QString::fromUtf8(QJsonDocument(r.structured).toJson(QJsonDocument::Compact));
    return {{QLatin1String("content"),
             QJsonArray {QJsonObject {{QLatin1String("type"), QLatin1String("text")},
                                      {QLatin1String("text"), text}}}},
            {QLatin1String("structuredContent"), r.structured},
            {QLatin1String("isError"), false}};
}

} // namespace agui::mcp
