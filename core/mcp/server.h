#pragma once

#include "core/mcp/captures.h"
#include "core/mcp/tool.h"

#include <QByteArray>
#include <QJsonObject>

namespace agui::mcp {

// An MCP server (Model Context Protocol, JSON-RPC 2.0) over the inspector's core: one message in,
// its response out, no transport of its own (the CLI's stdio loop, later the GUI, carry the
// bytes). Answers initialize (negotiating the protocol revision), ping, tools/list and
// tools/call, resources/list, resources/templates/list and resources/read, prompts/list and
// prompts/get. Read-only. Never crashes on input: malformed JSON, a request that is not one and
// unknown methods get their JSON-RPC errors.
class Server
{
public:
    explicit Server(QString version);

    CaptureSet &captures() { return m_captures; }
    const QList<Tool> &tools() const { return m_tools; }

    // One JSON-RPC message (a line without its newline). Returns the response as one line of
    // JSON without a newline, or nothing for notifications and for responses the client sends.
    QByteArray handle(const QByteArray &message);
    QJsonObject handle(const QJsonObject &message, bool *respond); // the same, parsed

    // The revisions this server speaks, newest first; the negotiated one after initialize.
    static QStringList protocolVersions();
    QString protocolVersion() const { return m_protocolVersion; }

private:
    QJsonObject dispatch(const QString &method, const QJsonObject &params, RpcError *error);
    QJsonObject initialize(const QJsonObject &params);
    QJsonObject listTools(const QJsonObject &params, RpcError *error) const;
    QJsonObject callTool(const QJsonObject &params, RpcError *error);

    QString m_version;
    QString m_protocolVersion;
    QList<Tool> m_tools;
    CaptureSet m_captures;
};

} // namespace agui::mcp
