#pragma once

// Helpers of the MCP server tests: a server with test captures open, requests in, results out.

#include "core/mcp/server.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

namespace agui::test {

inline QString demoCapture()
{
    return QStringLiteral(AGUI_SOURCE_DIR "/resources/samples/demo.aguicap");
}

inline QString errorsCapture()
{
    return QStringLiteral(AGUI_TEST_DATA_DIR "/capture/samples/errors.jsonl");
}

// A request's whole response object.
inline QJsonObject request(mcp::Server &server, const QString &method,
                           const QJsonObject &params = {})
{
    static int id = 0;
    bool respond = false;
    const QJsonObject response
        = server.handle(QJsonObject {{QLatin1String("jsonrpc"), QLatin1String("2.0")},
                                     {QLatin1String("id"), ++id},
                                     {QLatin1String("method"), method},
                                     {QLatin1String("params"), params}},
                        &respond);
    return respond ? response : QJsonObject();
}

inline QJsonObject call(mcp::Server &server, const QString &tool, const QJsonObject &arguments = {})
{
    return request(server, QStringLiteral("tools/call"),
                   {{QLatin1String("name"), tool}, {QLatin1String("arguments"), arguments}});
}

// The structured result of a successful tool call (empty, and a test failure, otherwise).
inline QJsonObject structured(const QJsonObject &response)
{
    const QJsonObject result = response.value(QLatin1String("result")).toObject();
    if (result.isEmpty() || result.value(QLatin1String("isError")).toBool()) {
        qWarning("not a successful tool result: %s",
                 QJsonDocument(response).toJson(QJsonDocument::Compact).constData());
        return {};
    }
    return result.value(QLatin1String("structuredContent")).toObject();
}

inline int errorCode(const QJsonObject &response)
{
    return response.value(QLatin1String("error")).toObject().value(QLatin1String("code")).toInt();
}

inline QString errorMessage(const QJsonObject &response)
{
    return response.value(QLatin1String("error"))
        .toObject()
        .value(QLatin1String("message"))
        .toString();
}

// Every item of a paged list: calls `tool` with `arguments` and each nextCursor in turn.
inline QJsonArray allPages(mcp::Server &server, const QString &tool, QJsonObject arguments,
                           const char *key, int *pages = nullptr)
{
    QJsonArray items;
    for (int page = 1; page < 10000; ++page) {
        const QJsonObject result = structured(call(server, tool, arguments));
        for (const QJsonValue &v : result.value(QLatin1String(key)).toArray())
            items.append(v);
        if (pages)
            *pages = page;
        if (!result.contains(QLatin1String("nextCursor")))
            break;
        arguments.insert(QLatin1String("cursor"), result.value(QLatin1String("nextCursor")));
    }
    return items;
}

} // namespace agui::test
