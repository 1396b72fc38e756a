#pragma once

// JSON-RPC 2.0 error codes and the one error value every layer of the MCP server passes up.

#include <QJsonValue>
#include <QString>

namespace agui::mcp {

enum RpcCode : int {
    ParseError = -32700,
    InvalidRequest = -32600,
    MethodNotFound = -32601,
    InvalidParams = -32602,
    InternalError = -32603,
    ResourceNotFound = -32002, // MCP's code for resources/read of an unknown URI
};

struct RpcError
{
    int code = 0; // 0: no error
    QString message;
    QJsonValue data = QJsonValue(QJsonValue::Undefined);

    bool isSet() const { return code != 0; }
};

} // namespace agui::mcp
