#pragma once

// The "diagnose_run" prompt: the findings of a run, the event where it goes wrong and the state
// around that event, assembled into one message for the assistant.

#include "core/mcp/tool.h"

namespace agui::mcp {

QJsonObject listPrompts();
QJsonObject getPrompt(const QList<Tool> &tools, CaptureSet &captures, const QJsonObject &params,
                      RpcError *error);

} // namespace agui::mcp
