#pragma once

// MCP resources for the open captures: agui://capture/<name>/events (the event list, a page at
// a time: ?cursor=...) and agui://capture/<name>/runs/<n> (one run: its summary and findings).

#include "core/mcp/tool.h"

namespace agui::mcp {

QJsonObject listResources(const CaptureSet &captures, const QJsonObject &params, RpcError *error);
QJsonObject listResourceTemplates();
QJsonObject readResource(const QList<Tool> &tools, CaptureSet &captures, const QJsonObject &params,
                         RpcError *error);

QString eventsUri(const QString &capture);
QString runUri(const QString &capture, int runNumber);

} // namespace agui::mcp
